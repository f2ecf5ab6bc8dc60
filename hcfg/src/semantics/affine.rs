//! C integer expressions as affine forms over the values of program
//! variables before the expression.
//!
//! The choices, which every transformer inherits:
//! - signed arithmetic does not overflow (overflow is undefined behaviour);
//! - unsigned arithmetic wraps: a result of `bits` bits is the
//!   mathematical value minus a multiple of 2^bits, kept in range;
//! - division and remainder truncate toward zero: `x / 4` is `q` with
//!   `4q <= x <= 4q + 3` when `x >= 0` and `4q - 3 <= x <= 4q` when
//!   `x < 0` (two disjuncts, one of which usually dies against the
//!   precondition); `>>` on a signed value is floor division (gcc's
//!   arithmetic shift);
//! - converting to a narrower signed type keeps the value when it fits and
//!   gives some value of the type otherwise (implementation-defined).
//!
//! A result is a list of cases (a disjunction); `None` means "not affine".

use super::poly::{Conj, Cons, Lin, Name};
use crate::ir::*;
use std::cell::Cell;

/// At most this many disjuncts per expression; beyond, the value is unknown.
const MAX_CASES: usize = 8;

/// One case of a value: the value, under constraints.
pub type Case = (Lin, Conj);

/// The one affine form of `cases`, when it holds unconditionally (one
/// case, no condition): a value that is that form wherever it is read.
pub fn unconditional(cases: &[Case]) -> Option<&Lin> {
    match cases {
        [(lin, c)] if c.cons.is_empty() && c.exists.is_empty() => Some(lin),
        _ => None,
    }
}

pub struct Env<'p> {
    pub program: &'p Program,
    /// The variables the analysis tracks in the current function.
    pub tracked: &'p dyn Fn(VarId) -> bool,
    pub fresh: &'p Cell<u32>,
    /// The variables that keep their value in the function from their one
    /// assignment on, whose signed product `a * b` is the parameter
    /// [`Name::Product`] (a flat subscript `m[r * cols + c]` that is not
    /// seen with rows: its run starts at the product); `None`: a product
    /// of two variables is not affine.
    pub products: Option<&'p dyn Fn(VarId) -> bool>,
}

impl Env<'_> {
    /// `a * b` as the parameter naming the product, where each is one
    /// variable that keeps its value ([`Env::products`]) and the product is
    /// signed (it does not wrap).
    fn named_product(&self, a: &Lin, b: &Lin, ty: &Type) -> Option<Lin> {
        let keeps = self.products?;
        if !matches!(ty, Type::Int { signed: true, .. }) {
            return None;
        }
        let factor = |l: &Lin| match Name::parse(l.as_single_name()?)? {
            Name::Pre(v) if keeps(v) => Some(v),
            _ => None,
        };
        Some(Lin::name(Name::product(factor(a)?, factor(b)?).isl()))
    }

    fn fresh(&self) -> String {
        let n = self.fresh.get();
        self.fresh.set(n + 1);
        format!("e{n}")
    }

    /// The cases of an integer expression without side effects.
    pub fn value(&self, e: &Expr) -> Option<Vec<Case>> {
        if !e.ty.is_integer() && !matches!(e.kind, ExprKind::Int(_)) {
            return None;
        }
        let cases = match &e.kind {
            ExprKind::Int(c) => vec![(Lin::constant(*c), Conj::default())],
            ExprKind::Var(v) => {
                if !(self.tracked)(*v) {
                    return None;
                }
                let name = Name::Pre(*v).isl();
                let mut conj = Conj::default();
                // Values always lie in their type's range.
                conj.cons
                    .extend(range_constraints(&Lin::name(name.clone()), &e.ty));
                vec![(Lin::name(name), conj)]
            }
            ExprKind::Cast(inner) => {
                let cases = self.value(inner)?;
                return self.convert(cases, &inner.ty, &e.ty);
            }
            ExprKind::Unary(UnOp::Plus, inner) => self.value(inner)?,
            ExprKind::Unary(UnOp::Neg, inner) => {
                let cases = self.convert(self.value(inner)?, &inner.ty, &e.ty)?;
                let negated = map(cases, |l| l.scale(-1))?;
                // `-u` wraps for an unsigned u.
                return self.wrap_if_unsigned(negated, &e.ty);
            }
            ExprKind::Binary(op, a, b) => return self.binary(*op, a, b, &e.ty),
            ExprKind::Cond(c, Some(a), b) => {
                let yes = self.condition(c, true)?;
                let no = self.condition(c, false)?;
                let mut out = Vec::new();
                for (cases, guard) in [(self.value(a)?, yes), (self.value(b)?, no)] {
                    for (lin, conj) in &cases {
                        for g in &guard {
                            out.push((lin.clone(), conj.and(g)));
                        }
                    }
                }
                out
            }
            ExprKind::Unary(UnOp::Not, _) => self.truth_value(e)?,
            _ => return None,
        };
        (cases.len() <= MAX_CASES).then_some(cases)
    }

    /// 0 or 1, by the condition.
    fn truth_value(&self, e: &Expr) -> Option<Vec<Case>> {
        let mut out = Vec::new();
        for (v, positive) in [(1, true), (0, false)] {
            for g in self.condition(e, positive)? {
                out.push((Lin::constant(v), g));
            }
        }
        Some(out)
    }

    fn binary(&self, op: BinaryOp, a: &Expr, b: &Expr, ty: &Type) -> Option<Vec<Case>> {
        use BinaryOp::*;
        if matches!(op, Lt | Gt | Le | Ge | Eq | Ne | LogAnd | LogOr) {
            let e = Expr {
                kind: ExprKind::Binary(op, Box::new(a.clone()), Box::new(b.clone())),
                ty: Type::int(),
                span: a.span,
            };
            return self.truth_value(&e);
        }
        // Operands are converted to the type the operation is done in
        // (`-1 / 2u` divides 2^32-1); shift counts keep their own type.
        let x = self.convert(self.value(a)?, &a.ty, ty)?;
        let y = if matches!(op, Shl | Shr) {
            self.value(b)?
        } else {
            self.convert(self.value(b)?, &b.ty, ty)?
        };
        let mut out = Vec::new();
        for (la, ca) in &x {
            for (lb, cb) in &y {
                let conj = ca.and(cb);
                match op {
                    Add => out.push((la.add(lb)?, conj)),
                    Sub => out.push((la.sub(lb)?, conj)),
                    Mul => {
                        let product = match (la.as_constant(), lb.as_constant()) {
                            (Some(k), _) => lb.scale(k)?,
                            (_, Some(k)) => la.scale(k)?,
                            _ => self.named_product(la, lb, ty)?,
                        };
                        out.push((product, conj));
                    }
                    Div | Rem => {
                        let k = lb.as_constant()?;
                        if k == 0 {
                            return None;
                        }
                        for (q_case, q) in self.truncating_division(la, k.abs()) {
                            let q_lin = Lin::name(q.clone());
                            let quotient = if k < 0 {
                                q_lin.scale(-1)?
                            } else {
                                q_lin.clone()
                            };
                            let value = if op == Div {
                                quotient
                            } else {
                                // x % k = x - k * (x / k), and x % -k = x % k.
                                la.sub(&q_lin.scale(k.abs())?)?
                            };
                            out.push((value, conj.and(&q_case)));
                        }
                    }
                    Shl => {
                        let k = lb.as_constant()?;
                        if !(0..63).contains(&k) {
                            return None;
                        }
                        out.push((la.scale(1 << k)?, conj));
                    }
                    Shr => {
                        let k = lb.as_constant()?;
                        if !(0..63).contains(&k) {
                            return None;
                        }
                        let d = 1i128 << k;
                        let q = self.fresh();
                        let q_lin = Lin::name(q.clone());
                        let mut c = conj.clone();
                        c.exists.push(q);
                        // d*q <= x <= d*q + d - 1: floor division.
                        c.cons.push(Cons::ge0(la.sub(&q_lin.scale(d)?)?));
                        c.cons.push(Cons::ge0(
                            q_lin.scale(d)?.add(&Lin::constant(d - 1))?.sub(la)?,
                        ));
                        out.push((q_lin, c));
                    }
                    _ => return None,
                }
            }
        }
        if out.len() > MAX_CASES {
            return None;
        }
        self.wrap_if_unsigned(out, ty)
    }

    /// `x / k` for k > 0, truncated toward zero: one case per sign of x.
    fn truncating_division(&self, x: &Lin, k: i128) -> Vec<(Conj, String)> {
        let q = self.fresh();
        let q_lin = Lin::name(q.clone());
        let kq = q_lin.scale(k).expect("small divisor");
        let nonneg = Conj {
            cons: vec![
                Cons::ge0(x.clone()),
                Cons::ge0(x.sub(&kq).expect("affine")),
                Cons::ge0(
                    kq.add(&Lin::constant(k - 1))
                        .and_then(|l| l.sub(x))
                        .expect("affine"),
                ),
            ],
            exists: vec![q.clone()],
        };
        let negative = Conj {
            cons: vec![
                Cons::ge0(
                    x.scale(-1)
                        .and_then(|l| l.add(&Lin::constant(-1)))
                        .expect("affine"),
                ),
                Cons::ge0(kq.sub(x).expect("affine")),
                Cons::ge0(
                    x.sub(&kq)
                        .and_then(|l| l.add(&Lin::constant(k - 1)))
                        .expect("affine"),
                ),
            ],
            exists: vec![q.clone()],
        };
        vec![(nonneg, q.clone()), (negative, q)]
    }

    /// Unsigned results wrap modulo 2^bits. Without existential
    /// multiples (which make isl's work grow with every statement), by
    /// cases: the value is in range; or one period below or above it and
    /// shifted back; or farther, and then only known to be in range.
    fn wrap_if_unsigned(&self, cases: Vec<Case>, ty: &Type) -> Option<Vec<Case>> {
        let Type::Int {
            signed: false,
            bits,
        } = ty
        else {
            return Some(cases);
        };
        if *bits >= 126 {
            return None;
        }
        let m = 1i128 << bits;
        let mut out = Vec::new();
        for (lin, conj) in cases {
            if let Some(c) = lin.as_constant() {
                // A constant wraps to a constant.
                out.push((Lin::constant(c.rem_euclid(m)), conj));
                continue;
            }
            let within = |lo: i128, hi: i128| {
                vec![
                    Cons::ge0(lin.add(&Lin::constant(-lo))?),
                    Cons::ge0(Lin::constant(hi).sub(&lin)?),
                ]
                .into_iter()
                .map(Some)
                .collect::<Option<Vec<Cons>>>()
            };
            for (lo, hi, shift) in [(0, m - 1, 0), (-m, -1, m), (m, 2 * m - 1, -m)] {
                let mut c = conj.clone();
                c.cons.extend(within(lo, hi)?);
                out.push((lin.add(&Lin::constant(shift))?, c));
            }
            for far in [
                Cons::ge0(Lin::constant(-m - 1).sub(&lin)?),
                Cons::ge0(lin.add(&Lin::constant(-2 * m))?),
            ] {
                let r = self.fresh();
                let r_lin = Lin::name(r.clone());
                let mut c = conj.clone();
                c.exists.push(r);
                c.cons.push(far);
                c.cons.extend(range_constraints(&r_lin, ty));
                out.push((r_lin, c));
            }
        }
        (out.len() <= MAX_CASES).then_some(out)
    }

    /// Conversion of integer cases from type `from` to type `to`.
    pub fn convert(&self, cases: Vec<Case>, from: &Type, to: &Type) -> Option<Vec<Case>> {
        let (
            Type::Int { .. },
            Type::Int {
                signed: ts,
                bits: tb,
            },
        ) = (from, to)
        else {
            return None;
        };
        if convert_is_identity(from, to) {
            return Some(cases);
        }
        if *tb == 1 {
            // To `_Bool`: any non-zero value becomes 1 (C11 6.3.1.2).
            return cases
                .into_iter()
                .map(|(lin, conj)| match lin.as_constant() {
                    Some(c) => Some((Lin::constant((c != 0) as i128), conj)),
                    None => {
                        let r = self.fresh();
                        let r_lin = Lin::name(r.clone());
                        let mut c = conj;
                        c.exists.push(r);
                        c.cons.push(Cons::ge0(r_lin.clone()));
                        c.cons.push(Cons::ge0(Lin::constant(1).sub(&r_lin)?));
                        Some((r_lin, c))
                    }
                })
                .collect();
        }
        if !ts {
            return self.wrap_if_unsigned(cases, to);
        }
        // To a narrower signed type: the value if it fits, else any value of the type.
        let (min, max) = range(to)?;
        let mut out = Vec::new();
        for (lin, conj) in cases {
            let mut fitting = conj.clone();
            fitting.cons.push(Cons::ge0(lin.add(&Lin::constant(-min))?));
            fitting.cons.push(Cons::ge0(Lin::constant(max).sub(&lin)?));
            out.push((lin.clone(), fitting));
            let r = self.fresh();
            let r_lin = Lin::name(r.clone());
            let mut other = conj;
            other.exists.push(r.clone());
            other.cons.extend(range_constraints(&r_lin, to));
            out.push((r_lin, other));
        }
        (out.len() <= MAX_CASES).then_some(out)
    }

    /// The condition `e != 0` (or `e == 0` when not `positive`) as a
    /// disjunction; `None` when it is not affine.
    pub fn condition(&self, e: &Expr, positive: bool) -> Option<Vec<Conj>> {
        use BinaryOp::*;
        let out = match &e.kind {
            ExprKind::Unary(UnOp::Not, inner) => self.condition(inner, !positive)?,
            ExprKind::Binary(op @ (LogAnd | LogOr), a, b) => {
                let conjunction = (*op == LogAnd) == positive;
                let x = self.condition(a, positive);
                let y = self.condition(b, positive);
                if conjunction {
                    // An unknown side of a conjunction constrains nothing.
                    let x = x.unwrap_or_else(|| vec![Conj::default()]);
                    let y = y.unwrap_or_else(|| vec![Conj::default()]);
                    let mut out = Vec::new();
                    for p in &x {
                        for q in &y {
                            out.push(p.and(q));
                        }
                    }
                    out
                } else {
                    let mut out = x?;
                    out.extend(y?);
                    out
                }
            }
            ExprKind::Binary(op @ (Lt | Gt | Le | Ge | Eq | Ne), a, b) => {
                // Both sides in their common type: `-1 < 5u` is false.
                let common = Type::arithmetic_conversion(&a.ty, &b.ty);
                if !common.is_integer() {
                    return None;
                }
                let x = self.convert(self.value(a)?, &a.ty, &common)?;
                let y = self.convert(self.value(b)?, &b.ty, &common)?;
                let op = if positive { *op } else { negate(*op) };
                let mut out = Vec::new();
                for (la, ca) in &x {
                    for (lb, cb) in &y {
                        let conj = ca.and(cb);
                        let d = la.sub(lb)?; // a - b
                        let minus_one = Lin::constant(-1);
                        let pieces: Vec<Cons> = match op {
                            Lt => vec![Cons::ge0(d.scale(-1)?.add(&minus_one)?)],
                            Le => vec![Cons::ge0(d.scale(-1)?)],
                            Gt => vec![Cons::ge0(d.add(&minus_one)?)],
                            Ge => vec![Cons::ge0(d)],
                            Eq => vec![Cons::eq0(d)],
                            _ => {
                                // a != b: a < b or a > b.
                                let mut lt = conj.clone();
                                lt.cons.push(Cons::ge0(d.scale(-1)?.add(&minus_one)?));
                                let mut gt = conj.clone();
                                gt.cons.push(Cons::ge0(d.add(&minus_one)?));
                                out.push(lt);
                                out.push(gt);
                                continue;
                            }
                        };
                        let mut c = conj;
                        c.cons.extend(pieces);
                        out.push(c);
                    }
                }
                out
            }
            _ => {
                let zero = Expr {
                    kind: ExprKind::Int(0),
                    ty: Type::int(),
                    span: e.span,
                };
                let cmp = Expr {
                    kind: ExprKind::Binary(BinaryOp::Ne, Box::new(e.clone()), Box::new(zero)),
                    ty: Type::int(),
                    span: e.span,
                };
                if !e.ty.is_integer() {
                    return None;
                }
                return self.condition(&cmp, positive);
            }
        };
        (out.len() <= MAX_CASES).then_some(out)
    }
}

fn negate(op: BinaryOp) -> BinaryOp {
    use BinaryOp::*;
    match op {
        Lt => Ge,
        Ge => Lt,
        Gt => Le,
        Le => Gt,
        Eq => Ne,
        Ne => Eq,
        other => other,
    }
}

fn map(cases: Vec<Case>, f: impl Fn(&Lin) -> Option<Lin>) -> Option<Vec<Case>> {
    cases.into_iter().map(|(l, c)| Some((f(&l)?, c))).collect()
}

/// The range of an integer type, if it fits in i128.
pub fn range(ty: &Type) -> Option<(i128, i128)> {
    match ty {
        Type::Int { signed: true, bits } if *bits < 128 => {
            Some((-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1))
        }
        Type::Int {
            signed: false,
            bits,
        } if *bits < 128 => Some((0, (1i128 << bits) - 1)),
        _ => None,
    }
}

/// `min <= lin <= max` for the range of `ty` (nothing for `int` and wider
/// signed types, whose overflow the analysis assumes away).
pub fn range_constraints(lin: &Lin, ty: &Type) -> Vec<Cons> {
    match (ty, range(ty)) {
        (Type::Int { signed: true, bits }, _) if *bits >= 32 => Vec::new(),
        (_, Some((min, max))) => vec![
            Cons::ge0(lin.add(&Lin::constant(-min)).expect("small")),
            Cons::ge0(Lin::constant(max).sub(lin).expect("small")),
        ],
        _ => Vec::new(),
    }
}

/// Whether converting from `from` to `to` keeps every value.
pub fn convert_is_identity(from: &Type, to: &Type) -> bool {
    match (from, to) {
        (
            Type::Int {
                signed: fs,
                bits: fb,
            },
            Type::Int {
                signed: ts,
                bits: tb,
            },
        ) => (fs == ts && tb >= fb) || (!fs && *ts && tb > fb),
        _ => false,
    }
}
