//! Scalar reductions: a scalar a loop's iterations all update with one
//! associative and commutative operator, and read nowhere else, can be
//! accumulated by each iteration on its own and the results combined in
//! any order — the loop stays parallel.
//!
//! Recognised, on the IR of the loop's body, for a scalar `v` and an
//! expression `x` that does not mention `v`:
//! - sums: `v += x`, `v -= x`, `v = v + x`, `v = x + v`, `v = v - x`,
//!   `v++`, `v--` (and the prefix forms);
//! - products: `v *= x`, `v = v * x`, `v = x * v`;
//! - bitwise and, or, exclusive or: `v &= x`, `v = v & x`, ...;
//! - minimum and maximum: `if (x < v) v = x;`, `v = x < v ? x : v`, and
//!   the forms with `>`, with the operands swapped, or with `<=`/`>=`.
//!
//! Every occurrence of `v` in the body must be inside one of these
//! updates, all with the same operator. Integers only for sums, products
//! and bitwise operators: integer arithmetic is modular, so any order
//! gives the sequential result, while a floating-point sum in another
//! order rounds differently, and ferry keeps results bit-identical unless
//! the user allows reassociation (`--reassociate`).
//! Floating-point minimum and maximum only in the forms that take `x`
//! when the comparison holds strictly (`if (x < v) v = x;`): those keep
//! `v` on ties and on NaN, as the combination does (`Operator::combine`).

use ferry_hcfg::Analyses;
use ferry_hcfg::ir::{
    AssignOp, BinaryOp, Body, Expr, ExprKind, NodeId, NodeKind, Type, UnOp, VarId,
};
use ferry_targets::kernel::Operator;

/// Why `v` is not a reduction the loop may run in parallel.
pub enum NotReduction {
    /// It is not updated as a reduction.
    Pattern,
    /// It is a reduction ferry does not parallelise, for this reason.
    Refused(String),
}

/// The operator `v` is reduced with in the subtree at `root`, if it is.
pub fn of(
    a: &Analyses,
    body: &Body,
    root: NodeId,
    v: VarId,
    reassociate: bool,
) -> Result<Operator, NotReduction> {
    let var = a.program.var(v);
    if var.address_taken || var.is_volatile {
        return Err(NotReduction::Pattern);
    }
    let float = match var.ty {
        Type::Int { .. } => false,
        Type::Float { .. } => true,
        _ => return Err(NotReduction::Pattern),
    };
    // A global may be touched by a function the body calls.
    if var.is_global() && has_call(body, root) {
        return Err(NotReduction::Pattern);
    }
    let mut finder = Finder {
        v,
        float,
        body,
        operator: None,
        matched: 0,
        near_miss: std::cell::Cell::new(false),
    };
    finder.node(root)?;
    let complete = finder.matched == occurrences(body, root, v);
    let Some(operator) = finder.operator.filter(|_| complete) else {
        if finder.near_miss.get() {
            return Err(NotReduction::Refused(format!(
                "`{}` is a floating-point minimum or maximum that takes the new value on \
                 ties or when the comparison fails: which of -0 and +0 (or a NaN) it keeps \
                 depends on the order (`if (x < m) m = x;` does not)",
                var.name.as_str()
            )));
        }
        return Err(NotReduction::Pattern);
    };
    if float && matches!(operator, Operator::Sum | Operator::Product) && !reassociate {
        let name = var.name.as_str();
        return Err(NotReduction::Refused(format!(
            "`{name}` is a floating-point {}: computed in another order it would round \
             differently, and ferry keeps results identical (`--reassociate` allows it)",
            operator.name()
        )));
    }
    Ok(operator)
}

struct Finder<'b> {
    v: VarId,
    float: bool,
    body: &'b Body,
    operator: Option<Operator>,
    /// Occurrences of `v` inside the updates found.
    matched: usize,
    /// A floating-point minimum or maximum was written in a form whose
    /// result depends on the order (it takes the new value on ties).
    near_miss: std::cell::Cell<bool>,
}

impl Finder<'_> {
    fn node(&mut self, id: NodeId) -> Result<(), NotReduction> {
        match &self.body.node(id).kind {
            NodeKind::Expr(e) => {
                if let Some((op, n)) = self.update(e) {
                    self.found(op, n)?;
                }
                Ok(())
            }
            NodeKind::If {
                condition,
                then_branch,
                else_branch,
            } => {
                if self.is_nop(*else_branch)
                    && let Some(NodeKind::Expr(assign)) = self.sole(*then_branch)
                    && let Some(op) = self.guarded(condition, assign)
                {
                    return self.found(op, 2);
                }
                for child in self.body.node(id).kind.children() {
                    self.node(child)?;
                }
                Ok(())
            }
            kind => {
                for child in kind.children() {
                    self.node(child)?;
                }
                Ok(())
            }
        }
    }

    fn found(&mut self, op: Operator, occurrences: usize) -> Result<(), NotReduction> {
        match self.operator {
            Some(known) if known != op => Err(NotReduction::Pattern),
            _ => {
                self.operator = Some(op);
                self.matched += occurrences;
                Ok(())
            }
        }
    }

    fn is_nop(&self, id: NodeId) -> bool {
        match &self.body.node(id).kind {
            NodeKind::Nop => true,
            NodeKind::Seq { items, .. } => items.iter().all(|&i| self.is_nop(i)),
            _ => false,
        }
    }

    /// The one node that does something in the subtree at `id`, if there
    /// is one and it is a leaf.
    fn sole(&self, id: NodeId) -> Option<&NodeKind> {
        match &self.body.node(id).kind {
            NodeKind::Seq { items, .. } => {
                let mut busy = items.iter().filter(|&&i| !self.is_nop(i));
                let first = busy.next()?;
                if busy.next().is_some() {
                    return None;
                }
                self.sole(*first)
            }
            kind @ NodeKind::Expr(_) => Some(kind),
            _ => None,
        }
    }

    fn is_v(&self, e: &Expr) -> bool {
        matches!(strip(e).kind, ExprKind::Var(x) if x == self.v)
    }

    /// An integer operand, or any operand of a floating-point `v`; free of
    /// `v`.
    fn operand(&self, x: &Expr) -> bool {
        !mentions(x, self.v) && (self.float || matches!(x.ty, Type::Int { .. }))
    }

    /// An update statement of `v`: its operator and how many times it
    /// names `v`.
    fn update(&self, e: &Expr) -> Option<(Operator, usize)> {
        match &e.kind {
            ExprKind::Unary(UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec, t)
                if self.is_v(t) =>
            {
                Some((Operator::Sum, 1))
            }
            ExprKind::Assign(op, target, x) if self.is_v(target) => {
                let compound = match op {
                    AssignOp::Add | AssignOp::Sub => Some(Operator::Sum),
                    AssignOp::Mul => Some(Operator::Product),
                    AssignOp::And => Some(Operator::BitAnd),
                    AssignOp::Or => Some(Operator::BitOr),
                    AssignOp::Xor => Some(Operator::BitXor),
                    AssignOp::Assign => None,
                    _ => return None,
                };
                if let Some(operator) = compound {
                    return self.operand(x).then_some((operator, 1));
                }
                self.assigned(x).map(|(op, n)| (op, n + 1))
            }
            _ => None,
        }
    }

    /// `v = value`: the operator `value` applies to `v`, and the times it
    /// names `v`.
    fn assigned(&self, value: &Expr) -> Option<(Operator, usize)> {
        // Integer conversions around `v` or the result keep modular sums
        // and products (and bitwise operators) what they are.
        let value = if self.float { value } else { strip(value) };
        match &value.kind {
            ExprKind::Binary(op, a, b) => {
                let operator = match op {
                    BinaryOp::Add => Operator::Sum,
                    BinaryOp::Sub => Operator::Sum,
                    BinaryOp::Mul => Operator::Product,
                    BinaryOp::BitAnd => Operator::BitAnd,
                    BinaryOp::BitOr => Operator::BitOr,
                    BinaryOp::BitXor => Operator::BitXor,
                    _ => return None,
                };
                let left = self.is_v(a) && self.operand(b);
                // `x - v` is not a reduction: its sign alternates.
                let right = *op != BinaryOp::Sub && self.is_v(b) && self.operand(a);
                (left || right).then_some((operator, 1))
            }
            ExprKind::Cond(c, Some(yes), no) => {
                let ExprKind::Binary(cmp, l, r) = &c.kind else {
                    return None;
                };
                // Which of the branches is `v`, and the other's value.
                let (x, takes_x_when_true) = if self.is_v(no) {
                    (&**yes, true)
                } else if self.is_v(yes) {
                    (&**no, false)
                } else {
                    return None;
                };
                self.comparison(*cmp, l, r, x, takes_x_when_true)
                    .map(|op| (op, 2))
            }
            _ => None,
        }
    }

    /// `if (condition) v = x;`: minimum or maximum.
    fn guarded(&self, condition: &Expr, assign: &Expr) -> Option<Operator> {
        let ExprKind::Assign(AssignOp::Assign, target, x) = &assign.kind else {
            return None;
        };
        let ExprKind::Binary(cmp, l, r) = &condition.kind else {
            return None;
        };
        if !self.is_v(target) {
            return None;
        }
        self.comparison(*cmp, l, r, x, true)
    }

    /// The comparison `l cmp r` of `v` with `x`, choosing `x` when it holds
    /// (`takes_x_when_true`) or when it fails: which extreme it keeps.
    fn comparison(
        &self,
        cmp: BinaryOp,
        l: &Expr,
        r: &Expr,
        x: &Expr,
        takes_x_when_true: bool,
    ) -> Option<Operator> {
        if !self.operand(x) || x.ty != self.body_type(l, r)? || !pure(x) {
            return None;
        }
        // Normalised to `x cmp v`.
        let cmp = if self.is_v(r) && same(l, x) {
            cmp
        } else if self.is_v(l) && same(r, x) {
            match cmp {
                BinaryOp::Lt => BinaryOp::Gt,
                BinaryOp::Gt => BinaryOp::Lt,
                BinaryOp::Le => BinaryOp::Ge,
                BinaryOp::Ge => BinaryOp::Le,
                _ => return None,
            }
        } else {
            return None;
        };
        // Floating point: only `x` taken when `x < v` (or `x > v`) holds,
        // which keeps `v` on ties, on -0 against +0, and on NaN.
        if self.float && (!takes_x_when_true || !matches!(cmp, BinaryOp::Lt | BinaryOp::Gt)) {
            self.near_miss.set(true);
            return None;
        }
        let x_smaller = matches!(cmp, BinaryOp::Lt | BinaryOp::Le);
        match (cmp, x_smaller == takes_x_when_true) {
            (BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge, true) => {
                Some(Operator::Min)
            }
            (BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge, false) => {
                Some(Operator::Max)
            }
            _ => None,
        }
    }

    /// The type both sides of a comparison of `v` have, when they have the
    /// same (a conversion before comparing would compare other values than
    /// the ones assigned).
    fn body_type(&self, l: &Expr, r: &Expr) -> Option<Type> {
        let var_side = if self.is_v(l) { l } else { r };
        if !matches!(var_side.kind, ExprKind::Var(_)) || l.ty != r.ty {
            return None;
        }
        Some(l.ty.clone())
    }
}

fn strip(e: &Expr) -> &Expr {
    match &e.kind {
        ExprKind::Cast(inner) if matches!(e.ty, Type::Int { .. }) => strip(inner),
        _ => e,
    }
}

fn mentions(e: &Expr, v: VarId) -> bool {
    let mut found = false;
    e.walk(&mut |x| found |= matches!(x.kind, ExprKind::Var(y) if y == v));
    found
}

/// Whether evaluating `e` twice gives the same value (no call, no
/// assignment).
fn pure(e: &Expr) -> bool {
    let mut ok = true;
    e.walk(&mut |x| {
        ok &= !matches!(
            x.kind,
            ExprKind::Call(..)
                | ExprKind::Assign(..)
                | ExprKind::Opaque { .. }
                | ExprKind::Unary(
                    UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec,
                    _
                )
        )
    });
    ok
}

/// The same expression, spans aside.
fn same(a: &Expr, b: &Expr) -> bool {
    if a.ty != b.ty {
        return false;
    }
    match (&a.kind, &b.kind) {
        (ExprKind::Var(x), ExprKind::Var(y)) => x == y,
        (ExprKind::Int(x), ExprKind::Int(y)) => x == y,
        (ExprKind::Unary(o1, x), ExprKind::Unary(o2, y)) => o1 == o2 && same(x, y),
        (ExprKind::Cast(x), ExprKind::Cast(y)) => same(x, y),
        (ExprKind::Binary(o1, a1, b1), ExprKind::Binary(o2, a2, b2)) => {
            o1 == o2 && same(a1, a2) && same(b1, b2)
        }
        (ExprKind::Index(a1, b1), ExprKind::Index(a2, b2)) => same(a1, a2) && same(b1, b2),
        (
            ExprKind::Member {
                base: x,
                field: f1,
                arrow: r1,
            },
            ExprKind::Member {
                base: y,
                field: f2,
                arrow: r2,
            },
        ) => f1 == f2 && r1 == r2 && same(x, y),
        _ => false,
    }
}

fn occurrences(body: &Body, root: NodeId, v: VarId) -> usize {
    let mut n = 0;
    ferry_hcfg::loops::subtree_exprs(body, root, &mut |e| {
        e.walk(&mut |x| n += matches!(x.kind, ExprKind::Var(y) if y == v) as usize)
    });
    n
}

fn has_call(body: &Body, root: NodeId) -> bool {
    let mut found = false;
    ferry_hcfg::loops::subtree_exprs(body, root, &mut |e| {
        e.walk(&mut |x| found |= matches!(x.kind, ExprKind::Call(..) | ExprKind::Opaque { .. }))
    });
    found
}
