//! Pointers that walk one array, seen as indices into it: a local `p`
//! assigned only `a`, `a + e`, `&a[e]`, another such pointer plus an
//! offset, or moved by `p++`, `p += e`..., and used only to reach elements
//! (`*p`, `p[e]`, `*(p + e)`), compared with or subtracted from pointers
//! into the same array, is analysed as the integer `p - a`: `*p` is
//! `a[p]`, `p < a + n` is `p < n`, `p++` adds one (PIPS's pointer-to-array
//! conversion, on the IR only).
//!
//! Without this, what `*p` reaches has no name once the statement assigns
//! `p`, and `for (p = a; p < a + n; p++) *p = 0;` cannot be isolated; with
//! it, the region is `a[PHI1]`, `0 <= PHI1 < n`, exact.
//!
//! The array `a` (the *base*) is a one-dimensional array, or a pointer
//! parameter or local the function never assigns (or a local it assigns
//! one fresh block, once, outside any loop) and whose address is never
//! taken, with the walking pointer's element type. The rewrite runs
//! right after lowering, so every analysis sees the indices; the syntax
//! tree keeps the pointers, and isolation maps them back
//! ([`Program::walks`] says which variables are walks over what).

use crate::ir::*;
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};

/// The integer type walks are retyped to (`ptrdiff_t` on LP64).
fn index_type() -> Type {
    Type::Int {
        signed: true,
        bits: 64,
    }
}

/// Finds the walking pointers of every function, retypes them to indices
/// and rewrites their uses; records them in [`Program::walks`], those with
/// a constant definition in [`Program::defined_once`], and those that
/// always hold their base's address in [`Program::aliases`].
pub fn apply(program: &mut Program) {
    for f in program.function_ids().collect::<Vec<_>>() {
        let walks = find(program, f);
        if walks.is_empty() {
            continue;
        }
        let definitions = rewrite(program, f, &walks);
        for (p, index) in definitions {
            if matches!(index.kind, ExprKind::Int(0)) {
                program.aliases.insert(p, walks[&p]);
            }
            program.defined_once.insert(p);
        }
        program.walks.extend(walks);
    }
}

/// The walks of `f`, pointer to base.
fn find(program: &Program, f: FuncId) -> BTreeMap<VarId, VarId> {
    let function = program.function(f);
    let Some(body) = &function.body else {
        return BTreeMap::new();
    };
    let assigned: BTreeSet<VarId> = body
        .nodes
        .iter()
        .flat_map(|n| n.kind.own_expressions())
        .flat_map(|e| {
            let mut out = Vec::new();
            e.walk(&mut |sub| out.extend(sub.assigned_var()));
            out
        })
        .collect();
    let element = |v: VarId| -> Option<&Type> {
        let ty = &program.var(v).ty;
        let elem = ty.pointee()?;
        (!matches!(elem, Type::Array(..) | Type::Function(_) | Type::Void)).then_some(elem)
    };
    // Candidates: local pointers, with the base their assignments agree on.
    let mut candidates: BTreeMap<VarId, Option<VarId>> = function
        .locals
        .iter()
        .copied()
        .filter(|&v| {
            let var = program.var(v);
            matches!(var.ty, Type::Pointer(_))
                && !var.is_global()
                && !var.address_taken
                && !var.is_volatile
                && element(v).is_some()
        })
        .map(|v| (v, None))
        .collect();
    // A local pointer assigned one fresh block, once and outside any loop,
    // points to it from there on (before, reading it would be undefined).
    let how_assigned = crate::delinearise::assignments(program, body);
    let allocated_once = |v: VarId| {
        program.var(v).storage == Storage::Local
            && how_assigned
                .get(&v)
                .is_some_and(|a| a.once() && a.allocation)
    };
    let is_base = |v: VarId| -> bool {
        let var = program.var(v);
        match &var.ty {
            Type::Array(..) => !var.is_volatile,
            Type::Pointer(_) => {
                !var.is_global()
                    && var.function == Some(f)
                    && !var.address_taken
                    && !var.is_volatile
                    && (!assigned.contains(&v) || allocated_once(v))
            }
            _ => false,
        }
    };
    let exprs: Vec<&Expr> = body
        .nodes
        .iter()
        .flat_map(|n| n.kind.own_expressions())
        .collect();
    let mut assignments: Vec<(VarId, &Expr)> = Vec::new();
    for e in &exprs {
        e.walk(&mut |sub| {
            if let ExprKind::Assign(AssignOp::Assign, target, value) = &sub.kind
                && let ExprKind::Var(p) = target.kind
                && candidates.contains_key(&p)
            {
                assignments.push((p, value));
            }
        });
    }
    // Shrink to a fixpoint: a pointer assigned from a pointer that is no
    // walk is no walk either, nor one used in a way the rewrite does not
    // know.
    loop {
        let before = candidates.len();
        let mut rejected = resolve_bases(&mut candidates, &assignments, &is_base, &element);
        let walker = Walker {
            candidates: &candidates,
            is_base: &is_base,
        };
        for e in &exprs {
            walker.check(e, &mut rejected);
        }
        // Rejections first: a pointer assigned from a rejected candidate
        // (`s = src` where `src` holds a fresh block, so is a base only once
        // it is no candidate) gets its base in the next round.
        candidates.retain(|v, _| !rejected.contains(v));
        if candidates.len() != before {
            continue;
        }
        candidates.retain(|_, base| base.is_some());
        if candidates.len() == before {
            break;
        }
    }
    candidates
        .into_iter()
        .filter_map(|(v, b)| Some((v, b?)))
        .collect()
}

/// Gives each candidate the base its assignments agree on (through other
/// candidates), from scratch; the candidates whose assignments disagree,
/// or assign what points into no base of the same element type.
fn resolve_bases<'p>(
    candidates: &mut BTreeMap<VarId, Option<VarId>>,
    assignments: &[(VarId, &Expr)],
    is_base: &dyn Fn(VarId) -> bool,
    element: &dyn Fn(VarId) -> Option<&'p Type>,
) -> BTreeSet<VarId> {
    for base in candidates.values_mut() {
        *base = None;
    }
    let mut rejected = BTreeSet::new();
    loop {
        let mut changed = false;
        for &(p, value) in assignments {
            if rejected.contains(&p) || !candidates.contains_key(&p) {
                continue;
            }
            let walker = Walker {
                candidates,
                is_base,
            };
            let Some(base) = walker.based(value) else {
                rejected.insert(p);
                continue;
            };
            let Some(b) = base.resolve(candidates) else {
                // Through a candidate whose base is not known yet.
                continue;
            };
            if element(b) != element(p) {
                rejected.insert(p);
                continue;
            }
            match candidates[&p] {
                None => {
                    candidates.insert(p, Some(b));
                    changed = true;
                }
                Some(known) if known != b => {
                    rejected.insert(p);
                }
                Some(_) => {}
            }
        }
        if !changed {
            break;
        }
    }
    rejected
}

struct Walker<'a> {
    /// The candidates, with their bases.
    candidates: &'a BTreeMap<VarId, Option<VarId>>,
    is_base: &'a dyn Fn(VarId) -> bool,
}

impl Walker<'_> {
    /// What `e` points into, when it is a base, a candidate, or one of
    /// these plus or minus an integer (or the address of an element).
    fn based(&self, e: &Expr) -> Option<Base> {
        match &e.kind {
            ExprKind::Var(v) if self.candidates.contains_key(v) => Some(Base::Walk(*v)),
            ExprKind::Var(v) if (self.is_base)(*v) => Some(Base::Array(*v)),
            // `*p++`: the element at p, then p moves.
            ExprKind::Unary(
                UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec,
                target,
            ) if matches!(target.kind, ExprKind::Var(p) if self.candidates.contains_key(&p)) => {
                self.based(target)
            }
            ExprKind::Binary(BinaryOp::Add | BinaryOp::Sub, a, b)
                if a.ty.is_pointer_like() && b.ty.is_integer() =>
            {
                self.based(a)
            }
            ExprKind::Binary(BinaryOp::Add, a, b)
                if a.ty.is_integer() && b.ty.is_pointer_like() =>
            {
                self.based(b)
            }
            ExprKind::Unary(UnOp::AddrOf, inner) => match &inner.kind {
                ExprKind::Index(a, _) => self.based(a),
                _ => None,
            },
            _ => None,
        }
    }

    /// Checks every use of a candidate in `e`: each must be one the rewrite
    /// turns into index arithmetic; the others are rejected.
    fn check(&self, e: &Expr, rejected: &mut BTreeSet<VarId>) {
        let is_candidate =
            |t: &Expr| matches!(t.kind, ExprKind::Var(p) if self.candidates.contains_key(&p));
        match &e.kind {
            ExprKind::Var(v) if self.candidates.contains_key(v) => {
                // A use the rewrite does not know.
                rejected.insert(*v);
                return;
            }
            // Assignments were checked with the bases.
            ExprKind::Assign(AssignOp::Assign, target, value) if is_candidate(target) => {
                return self.integers_inside(value, rejected);
            }
            ExprKind::Assign(AssignOp::Add | AssignOp::Sub, target, value)
                if is_candidate(target) =>
            {
                return self.check(value, rejected);
            }
            ExprKind::Unary(
                UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec,
                target,
            ) if is_candidate(target) => {
                return;
            }
            // (A use through a candidate whose base is not known yet is of
            // a shape the rewrite knows: whether the base comes is for the
            // rounds of `find` to say. A copy of a fresh block, `q = src`,
            // gets its base only once `src` is no longer a candidate.)
            ExprKind::Unary(UnOp::Deref, inner) if self.based(inner).is_some() => {
                return self.integers_inside(inner, rejected);
            }
            ExprKind::Index(inner, index) if self.based(inner).is_some() => {
                self.check(index, rejected);
                return self.integers_inside(inner, rejected);
            }
            ExprKind::Binary(
                BinaryOp::Sub
                | BinaryOp::Lt
                | BinaryOp::Le
                | BinaryOp::Gt
                | BinaryOp::Ge
                | BinaryOp::Eq
                | BinaryOp::Ne,
                a,
                b,
            ) if a.ty.is_pointer_like() && b.ty.is_pointer_like() => {
                if let (Some(x), Some(y)) = (self.based(a), self.based(b))
                    && match (x.resolve(self.candidates), y.resolve(self.candidates)) {
                        (Some(x), Some(y)) => x == y,
                        // Checked again in the round that knows both.
                        _ => true,
                    }
                {
                    self.integers_inside(a, rejected);
                    return self.integers_inside(b, rejected);
                }
            }
            _ => {}
        }
        e.for_each_child(&mut |child| self.check(child, rejected));
    }

    /// Checks the integer operands of a based expression (the offsets,
    /// subscripts), skipping the pointer operands it accounts for.
    fn integers_inside(&self, e: &Expr, rejected: &mut BTreeSet<VarId>) {
        match &e.kind {
            ExprKind::Binary(BinaryOp::Add | BinaryOp::Sub, a, b) => {
                for side in [a, b] {
                    if side.ty.is_pointer_like() {
                        self.integers_inside(side, rejected);
                    } else {
                        self.check(side, rejected);
                    }
                }
            }
            ExprKind::Unary(UnOp::AddrOf, inner) => {
                if let ExprKind::Index(a, index) = &inner.kind {
                    self.integers_inside(a, rejected);
                    self.check(index, rejected);
                }
            }
            _ => {}
        }
    }
}

/// What a based expression points into, before the candidates' bases are
/// known.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Base {
    Array(VarId),
    Walk(VarId),
}

impl Base {
    fn resolve(self, candidates: &BTreeMap<VarId, Option<VarId>>) -> Option<VarId> {
        match self {
            Base::Array(b) => Some(b),
            Base::Walk(p) => candidates.get(&p).copied().flatten(),
        }
    }
}

/// Retypes the walks of `f` to indices and rewrites their uses; the walks
/// with a constant definition, and the index it is.
fn rewrite(
    program: &mut Program,
    f: FuncId,
    walks: &BTreeMap<VarId, VarId>,
) -> BTreeMap<VarId, Expr> {
    let types: BTreeMap<VarId, Type> = walks
        .values()
        .map(|&b| (b, program.var(b).ty.clone()))
        .collect();
    let mut rewriter = Rewriter {
        walks,
        base_types: &types,
        definitions: BTreeMap::new(),
        substituted: RefCell::new(Vec::new()),
    };
    // Definitions first, from the pointers' own types.
    let definitions: BTreeMap<VarId, Expr> = constant_definitions(program, f, walks)
        .into_iter()
        .filter_map(|(p, value)| Some((p, rewriter.index_of(&value)?.1)))
        .collect();
    rewriter.definitions = definitions;
    for &p in walks.keys() {
        program.vars[p.index()].ty = index_type();
    }
    if let Some(body) = &mut program.functions[f.index()].body {
        for node in &mut body.nodes {
            for e in node.kind.own_expressions_mut() {
                rewriter.expr(e);
            }
        }
    }
    let substituted = rewriter.substituted.take();
    if !substituted.is_empty() {
        program.substituted_reads.insert(f, substituted);
    }
    rewriter.definitions
}

/// The walks of `f` assigned once, `p = X`, where nothing in `p`'s scope
/// assigns a variable of `X` (locals and parameters whose address is never
/// taken; no call, no assignment inside `X`): wherever `p` is read, it
/// equals `X` evaluated there. A row pointer `int *p = m + r * cols` then
/// gives subscripts `m[r * cols + c]`, which `delinearise` sees with rows.
fn constant_definitions(
    program: &Program,
    f: FuncId,
    walks: &BTreeMap<VarId, VarId>,
) -> BTreeMap<VarId, Expr> {
    let Some(body) = &program.function(f).body else {
        return BTreeMap::new();
    };
    let mut assignments: BTreeMap<VarId, Vec<&Expr>> = BTreeMap::new();
    // Every variable assigned, and where.
    let mut modified: Vec<(VarId, u32)> = Vec::new();
    for node in &body.nodes {
        for e in node.kind.own_expressions() {
            e.walk(&mut |sub| {
                if let Some(v) = sub.assigned_var() {
                    modified.push((v, sub.span.lo));
                    if walks.contains_key(&v) {
                        assignments.entry(v).or_default().push(sub);
                    }
                }
            });
        }
    }
    let mut out = BTreeMap::new();
    for (p, defs) in assignments {
        let [def] = defs.as_slice() else {
            continue;
        };
        let ExprKind::Assign(AssignOp::Assign, _, value) = &def.kind else {
            continue;
        };
        let var = program.var(p);
        let scope = var.span.lo..var.scope_end;
        let mut pure = true;
        value.walk(&mut |sub| match &sub.kind {
            ExprKind::Var(v) => {
                let x = program.var(*v);
                let steady = walks.contains_key(v)
                    || x.ty.is_pointer_like()
                    || (!x.is_global()
                        && !x.address_taken
                        && !modified.iter().any(|(m, at)| m == v && scope.contains(at)));
                pure &= steady;
            }
            ExprKind::Call(..)
            | ExprKind::Assign(..)
            | ExprKind::Opaque { .. }
            | ExprKind::Unary(UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec, _) => {
                pure = false
            }
            _ => {}
        });
        // A walk inside the definition is substituted in turn only if it
        // is itself constant; keep to definitions over other variables.
        let mut over_walks = false;
        value.walk(&mut |sub| {
            over_walks |= matches!(sub.kind, ExprKind::Var(v) if walks.contains_key(&v));
        });
        if pure && !over_walks {
            out.insert(p, (**value).clone());
        }
    }
    out
}

struct Rewriter<'a> {
    walks: &'a BTreeMap<VarId, VarId>,
    base_types: &'a BTreeMap<VarId, Type>,
    /// Walks that always equal one index expression (`constant_definitions`),
    /// substituted into the subscripts they make.
    definitions: BTreeMap<VarId, Expr>,
    /// Where a use of one was replaced ([`Program::substituted_reads`]).
    substituted: RefCell<Vec<(ferry_parser::span::Span, VarId)>>,
}

impl Rewriter<'_> {
    /// Whether `e` involves a walk as a pointer.
    fn involves_walk(&self, e: &Expr) -> bool {
        let mut found = false;
        e.walk(&mut |sub| {
            if let ExprKind::Var(v) = sub.kind
                && self.walks.contains_key(&v)
            {
                found = true;
            }
        });
        found
    }

    /// The base and the index of a based expression.
    fn index_of(&self, e: &Expr) -> Option<(VarId, Expr)> {
        let long = |kind: ExprKind| Expr {
            kind,
            ty: index_type(),
            span: e.span,
        };
        match &e.kind {
            ExprKind::Unary(
                op @ (UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec),
                target,
            ) => match target.kind {
                ExprKind::Var(p) if self.walks.contains_key(&p) => {
                    let index = long(ExprKind::Var(p));
                    Some((self.walks[&p], long(ExprKind::Unary(*op, Box::new(index)))))
                }
                _ => None,
            },
            ExprKind::Var(v) => match self.walks.get(v) {
                Some(&b) => Some((b, long(ExprKind::Var(*v)))),
                None => self
                    .base_types
                    .contains_key(v)
                    .then(|| (*v, long(ExprKind::Int(0)))),
            },
            ExprKind::Binary(op @ (BinaryOp::Add | BinaryOp::Sub), a, b)
                if a.ty.is_pointer_like() =>
            {
                self.moved(e, a, *op, b, false)
            }
            ExprKind::Binary(BinaryOp::Add, a, b) => self.moved(e, b, BinaryOp::Add, a, true),
            ExprKind::Unary(UnOp::AddrOf, inner) => match &inner.kind {
                ExprKind::Index(a, i) => self.moved(e, a, BinaryOp::Add, i, false),
                _ => None,
            },
            _ => None,
        }
    }

    /// The base and index of `e`, which is `pointer op offset` (`offset op
    /// pointer` when `offset_first`), the offset rewritten in turn.
    fn moved(
        &self,
        e: &Expr,
        pointer: &Expr,
        op: BinaryOp,
        offset: &Expr,
        offset_first: bool,
    ) -> Option<(VarId, Expr)> {
        let (base, index) = self.index_of(pointer)?;
        let mut offset = offset.clone();
        self.expr(&mut offset);
        let (a, b) = if offset_first {
            (offset, index)
        } else {
            (index, offset)
        };
        Some((
            base,
            Expr {
                kind: ExprKind::Binary(op, Box::new(a), Box::new(b)),
                ty: index_type(),
                span: e.span,
            },
        ))
    }

    /// `base[index]`, of the base's element type.
    fn element(&self, base: VarId, mut index: Expr, span: ferry_parser::span::Span) -> Expr {
        self.substitute(&mut index);
        let ty = self.base_types[&base].clone();
        let elem = ty.pointee().cloned().unwrap_or(Type::Opaque);
        Expr {
            kind: ExprKind::Index(
                Box::new(Expr {
                    kind: ExprKind::Var(base),
                    ty,
                    span,
                }),
                Box::new(index),
            ),
            ty: elem,
            span,
        }
    }

    /// `e` with the walks that have a constant definition replaced by it.
    fn substitute(&self, e: &mut Expr) {
        if let ExprKind::Var(v) = e.kind
            && let Some(definition) = self.definitions.get(&v)
        {
            self.substituted.borrow_mut().push((e.span, v));
            *e = definition.clone();
            return;
        }
        e.for_each_child_mut(&mut |c| self.substitute(c));
    }

    fn expr(&self, e: &mut Expr) {
        if !self.involves_walk(e) {
            return;
        }
        let span = e.span;
        let replacement = match &e.kind {
            ExprKind::Var(v) if self.walks.contains_key(v) => {
                e.ty = index_type();
                return;
            }
            ExprKind::Unary(UnOp::Deref, inner) => self
                .index_of(inner)
                .map(|(base, index)| self.element(base, index, span)),
            ExprKind::Index(inner, i) if self.involves_walk(inner) => {
                self.index_of(inner).map(|(base, index)| {
                    let mut i = (**i).clone();
                    self.expr(&mut i);
                    let sum = Expr {
                        kind: ExprKind::Binary(BinaryOp::Add, Box::new(index), Box::new(i)),
                        ty: index_type(),
                        span,
                    };
                    self.element(base, sum, span)
                })
            }
            ExprKind::Assign(AssignOp::Assign, target, value) if matches!(target.kind, ExprKind::Var(p) if self.walks.contains_key(&p)) => {
                self.index_of(value).map(|(_, index)| {
                    let mut target = (**target).clone();
                    target.ty = index_type();
                    Expr {
                        kind: ExprKind::Assign(AssignOp::Assign, Box::new(target), Box::new(index)),
                        ty: index_type(),
                        span,
                    }
                })
            }
            ExprKind::Binary(
                op @ (BinaryOp::Sub
                | BinaryOp::Lt
                | BinaryOp::Le
                | BinaryOp::Gt
                | BinaryOp::Ge
                | BinaryOp::Eq
                | BinaryOp::Ne),
                a,
                b,
            ) if a.ty.is_pointer_like() && b.ty.is_pointer_like() => {
                match (self.index_of(a), self.index_of(b)) {
                    (Some((_, x)), Some((_, y))) => Some(Expr {
                        kind: ExprKind::Binary(*op, Box::new(x), Box::new(y)),
                        ty: e.ty.clone(),
                        span,
                    }),
                    _ => None,
                }
            }
            _ => None,
        };
        match replacement {
            Some(r) => *e = r,
            None => {
                // `p++`, `p += e` and the like: the walk's own type.
                if let ExprKind::Assign(_, target, _)
                | ExprKind::Unary(
                    UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec,
                    target,
                ) = &e.kind
                    && matches!(target.kind, ExprKind::Var(p) if self.walks.contains_key(&p))
                {
                    e.ty = index_type();
                }
                e.for_each_child_mut(&mut |c| self.expr(c));
            }
        }
    }
}
