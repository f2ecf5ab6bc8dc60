//! Flattened arrays seen with their rows: a pointer parameter `double *m`
//! that a function only ever subscripts as `m[r * cols + c]` is analysed as
//! if it were declared `double (*m)[cols]` and subscripted `m[r][c]`
//! (Polly's delinearisation, on the syntax of the subscripts).
//!
//! A product of two variables is not affine, so without this the region of
//! `m` is unknown and the statement cannot be isolated; with it the region
//! is `{0 <= PHI1 < rows, 0 <= PHI2 < cols}`, exact.
//!
//! The view is sound only where every access keeps its column inside the
//! row: `0 <= c <= cols - 1`. That is proved from the affine preconditions
//! at every access (a loop `for (c = 0; c < cols; c++)` proves it), so the
//! view is chosen after the preconditions are known and before anything
//! reads array subscripts; the affine semantics never look at subscripts,
//! so they are the same on either form. A pointer with one access that
//! cannot be proved keeps its flat form (and its unknown region). The
//! printed program and the isolated code keep the user's flat subscripts:
//! only the analyses see the rows.
//!
//! What qualifies, per function:
//! - the pointer, of pointer-to-scalar (or struct) type and never
//!   address-taken, is a parameter never assigned (or a pointer member of
//!   a structure parameter, `im->data`, `scalar_fields`), or a local
//!   assigned once, outside any loop, a fresh block (`malloc`); every use of it is
//!   a subscript `p[E]`, its allocation or `free(p)` (no `*p`, `p + k`,
//!   nor passing `p` to another call);
//! - each stride is an integer whose address is never taken and that
//!   keeps its value in the function: a parameter (or a structure
//!   parameter's member, `im->w`) it never assigns, a
//!   local it assigns once outside any loop (reading it before would be
//!   undefined), or a global that neither it nor what it calls assigns;
//! - every subscript splits the same way: `E = A * s + B` at the top level
//!   of a sum (`s * A` too), recursively (`(i * ny + j) * nz + k` gives two
//!   strides); a subscript with fewer products is in row 0 (`m[0]`,
//!   `t[j * nz + k]`).

use crate::effects::EffectsAnalysis;
use crate::ir::*;
use crate::semantics::Semantics;
use crate::semantics::affine::Env;
use crate::semantics::is_trackable;
use crate::semantics::poly::{Lin, Name, Poly};
use ferry_parser::span::Span;
use std::cell::Cell;
use std::collections::BTreeMap;

/// A pointer seen with rows: its strides, outermost first (`m[i][j][k]`
/// for `m[(i * ny + j) * nz + k]` has strides `[ny, nz]`).
#[derive(Debug, Clone, PartialEq)]
pub struct View {
    pub strides: Vec<VarId>,
    /// The pointer's declared type: what the syntax tree still says.
    pub flat: Type,
    /// The accesses whose columns the preconditions do not prove inside
    /// their rows, where the view is only assumed ([`Rows::Assumed`]);
    /// empty for a proved view. Whatever relies on an assumed view must
    /// check at run time that these accesses keep their columns inside
    /// the rows, and must not let code elsewhere rely on it.
    pub assumed: Vec<Span>,
}

impl View {
    pub fn is_assumed(&self) -> bool {
        !self.assumed.is_empty()
    }
}

/// Which views the analyses take.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Rows {
    /// Only views whose every column the preconditions prove inside its
    /// row: the analyses hold for every run.
    #[default]
    Proved,
    /// Also views whose only flaw is columns not proved inside their
    /// rows (an image's `img[y * stride + x]` with `x < width` and nothing
    /// saying `width <= stride`): the analyses hold for the runs where
    /// the assumed accesses keep inside their rows, which isolation checks
    /// before the statement (and otherwise runs the original).
    Assumed,
}

/// The type `v` is declared with, whether or not the analyses see it with
/// rows.
pub fn declared_type<'p>(
    program: &'p Program,
    views: &'p BTreeMap<VarId, View>,
    v: VarId,
) -> &'p Type {
    views.get(&v).map_or(&program.var(v).ty, |view| &view.flat)
}

/// Why a pointer whose subscripts look flattened keeps its flat form: the
/// first access or use in the way, and what is wrong there.
#[derive(Debug, Clone, PartialEq)]
pub struct FlatReason {
    pub span: Span,
    pub why: String,
    /// The only flaw is columns not proved inside their rows: the view
    /// could be assumed ([`Rows::Assumed`]).
    pub assumable: bool,
}

/// The pointers seen with rows, and those whose subscripts look flattened
/// but that keep their flat form, with why.
#[derive(Debug, Default)]
pub struct Views {
    pub chosen: BTreeMap<VarId, View>,
    pub kept_flat: BTreeMap<VarId, FlatReason>,
}

/// Chooses the views of every function of `scope` and rewrites their
/// accesses.
pub fn apply(
    program: &mut Program,
    effects: &EffectsAnalysis,
    semantics: &Semantics,
    in_scope: &dyn Fn(FuncId) -> bool,
    rows: Rows,
) -> Views {
    let mut views = Views::default();
    for f in program.function_ids().collect::<Vec<_>>() {
        if !in_scope(f) || program.function(f).body.is_none() {
            continue;
        }
        for (p, found) in views_of(program, effects, semantics, f, rows) {
            match found {
                Ok(view) => {
                    rewrite(program, f, p, &view);
                    views.chosen.insert(p, view);
                }
                Err(Some(reason)) => {
                    views.kept_flat.insert(p, reason);
                }
                Err(None) => {}
            }
        }
    }
    views
}

/// The pointers of `f` whose every access splits along one view that the
/// preconditions prove.
fn views_of(
    program: &Program,
    effects: &EffectsAnalysis,
    semantics: &Semantics,
    f: FuncId,
    rows: Rows,
) -> Vec<(VarId, Result<View, Option<FlatReason>>)> {
    let function = program.function(f);
    let Some(body) = &function.body else {
        return Vec::new();
    };
    let stable = Stable::new(program, effects, f);
    let assigned = &stable.assigned;
    let written = |v: VarId| assigned.contains_key(&v);
    let set_once = |v: VarId| stable.set_once(v);
    let is_stride = |v: VarId| stable.holds(v);
    let candidates: Vec<VarId> = function
        .params
        .iter()
        .copied()
        .filter(|&p| !written(p))
        .chain(function.locals.iter().copied().filter(|&v| {
            (set_once(v) && assigned[&v].allocation)
                || (program.member_of_param(v).is_some() && !written(v))
        }))
        .filter(|&p| {
            let var = program.var(p);
            !var.address_taken
                && matches!(&var.ty, Type::Pointer(elem)
                    if matches!(**elem, Type::Int { .. } | Type::Float { .. } | Type::Struct(_)))
        })
        .collect();
    let mut out = Vec::new();
    for p in candidates {
        let mut found = proved_view(program, semantics, f, body, p, &is_stride, false);
        // `m[r * cols + c]` where both `r` and `cols` keep their value (a
        // function over one row of a flat matrix): either could be the
        // row length. The one that proves every column inside its row is.
        if found.is_err() {
            for index in ambiguous_factors(body, p, &is_stride) {
                let not_index = |v: VarId| v != index && is_stride(v);
                if let Ok(view) = proved_view(program, semantics, f, body, p, &not_index, false) {
                    found = Ok(view);
                    break;
                }
            }
        }
        // Only then, and only if asked, the first split assumed.
        if rows == Rows::Assumed && matches!(&found, Err(Some(reason)) if reason.assumable) {
            found = proved_view(program, semantics, f, body, p, &is_stride, true);
        }
        out.push((p, found));
    }
    out
}

/// The variables of products `x * y` in `p`'s subscripts where both could
/// be row lengths, in order.
fn ambiguous_factors(body: &Body, p: VarId, is_stride: &dyn Fn(VarId) -> bool) -> Vec<VarId> {
    let mut out: Vec<VarId> = Vec::new();
    for node in &body.nodes {
        for e in node.kind.own_expressions() {
            e.walk(&mut |sub| {
                let ExprKind::Index(base, index) = &sub.kind else {
                    return;
                };
                if base.kind != ExprKind::Var(p) {
                    return;
                }
                let mut terms = Vec::new();
                sum_terms(index, false, &mut terms);
                for (_, term) in terms {
                    let ExprKind::Binary(BinaryOp::Mul, a, b) = &strip_widening(&term).kind else {
                        continue;
                    };
                    if let (ExprKind::Var(x), ExprKind::Var(y)) =
                        (&strip_widening(a).kind, &strip_widening(b).kind)
                        && is_stride(*x)
                        && is_stride(*y)
                    {
                        for v in [*x, *y] {
                            if !out.contains(&v) {
                                out.push(v);
                            }
                        }
                    }
                }
            })
        }
    }
    out
}

/// The integer variables that keep their value in a function: a
/// parameter (or a structure parameter's member) it never assigns, a local
/// it assigns once outside any loop (reading it before would be
/// undefined), or a global that neither it nor what it calls assigns;
/// never one whose address is taken, nor a volatile one. Their values can
/// be multiplied (a view's strides, a product of two of them) and the
/// product stays true wherever both are defined.
pub struct Stable<'p> {
    program: &'p Program,
    effects: &'p EffectsAnalysis,
    f: FuncId,
    assigned: BTreeMap<VarId, Assigned>,
}

impl<'p> Stable<'p> {
    pub fn new(program: &'p Program, effects: &'p EffectsAnalysis, f: FuncId) -> Self {
        let assigned = match &program.function(f).body {
            Some(body) => assignments(program, body),
            None => BTreeMap::new(),
        };
        Stable {
            program,
            effects,
            f,
            assigned,
        }
    }

    /// A local of the function assigned once, outside any loop: from its
    /// assignment on it keeps that value.
    fn set_once(&self, v: VarId) -> bool {
        let var = self.program.var(v);
        var.storage == Storage::Local
            && var.function == Some(self.f)
            && self.assigned.get(&v).is_some_and(Assigned::once)
    }

    pub fn holds(&self, v: VarId) -> bool {
        let program = self.program;
        let var = program.var(v);
        let unchanged = if var.is_global() {
            !self.effects.summaries[self.f.index()].may_write(program, v)
        } else {
            let param = program.function(self.f).params.contains(&v)
                || program.member_of_param(v).is_some();
            (param && !self.assigned.contains_key(&v)) || self.set_once(v)
        };
        unchanged && var.ty.is_integer() && !var.address_taken && !var.is_volatile
    }
}

/// How a variable is assigned in a function body.
#[derive(Default)]
pub(crate) struct Assigned {
    pub(crate) count: usize,
    /// Some assignment is inside a loop.
    pub(crate) in_loop: bool,
    /// Every assignment stores a fresh block (`malloc`).
    pub(crate) allocation: bool,
}

impl Assigned {
    /// Assigned once, outside any loop: from there on the variable keeps
    /// that value (before it, reading it would be undefined).
    pub(crate) fn once(&self) -> bool {
        self.count == 1 && !self.in_loop
    }
}

/// The variables the body assigns (`=`, compound assignments, `++`,
/// `--`), with how.
pub(crate) fn assignments(program: &Program, body: &Body) -> BTreeMap<VarId, Assigned> {
    let mut out: BTreeMap<VarId, Assigned> = BTreeMap::new();
    let mut stack = vec![(body.root, false)];
    while let Some((id, in_loop)) = stack.pop() {
        let kind = &body.node(id).kind;
        for e in kind.own_expressions() {
            e.walk(&mut |sub| {
                let Some(v) = sub.assigned_var() else {
                    return;
                };
                let allocation = matches!(&sub.kind, ExprKind::Assign(AssignOp::Assign, _, value)
                    if crate::effects::is_allocation(program, value));
                let a = out.entry(v).or_insert(Assigned {
                    allocation: true,
                    ..Assigned::default()
                });
                a.count += 1;
                a.in_loop |= in_loop;
                a.allocation &= allocation;
            });
        }
        // A graph of jumps repeats its nodes only if it has a cycle.
        let repeats = match kind {
            NodeKind::Loop(_) => true,
            NodeKind::Unstructured(u) => petgraph::algo::is_cyclic_directed(&u.graph),
            _ => false,
        };
        let inner = in_loop || repeats;
        stack.extend(kind.children().into_iter().map(|c| (c, inner)));
    }
    out
}

/// The view of `p` if every use of it is a subscript splitting the same
/// way, each column proved inside its row; with `assume`, the columns not
/// proved are the view's assumptions ([`View::assumed`]).
fn proved_view(
    program: &Program,
    semantics: &Semantics,
    f: FuncId,
    body: &Body,
    p: VarId,
    is_stride: &dyn Fn(VarId) -> bool,
    assume: bool,
) -> Result<View, Option<FlatReason>> {
    let mut strides: Option<Vec<VarId>> = None;
    // The first thing that keeps the pointer flat; told only if some
    // subscript looks flattened.
    let mut problem: Option<FlatReason> = None;
    let mut note = |span: Span, why: &str| {
        problem.get_or_insert_with(|| FlatReason {
            span,
            why: why.to_string(),
            assumable: false,
        });
    };
    // Each access, with the precondition and the variables its expression
    // assigns: checked once the view is known.
    let mut checks = Vec::new();
    for id in body.preorder() {
        let node = body.node(id);
        let exprs = node.kind.own_expressions();
        // A condition evaluated at every iteration does not run in the
        // store its node's precondition describes.
        let checkable = matches!(
            node.kind,
            NodeKind::Expr(_) | NodeKind::Return(_) | NodeKind::If { .. }
        );
        for e in exprs {
            let mut uses = 0usize;
            let mut accesses = Vec::new();
            let mut other_allowed = 0usize;
            e.walk(&mut |sub| match &sub.kind {
                ExprKind::Var(v) if *v == p => uses += 1,
                ExprKind::Index(base, index) if base.kind == ExprKind::Var(p) => {
                    accesses.push((sub.span, index.as_ref()))
                }
                // Its allocation, and `free(p)`.
                ExprKind::Assign(AssignOp::Assign, target, _) if target.kind == ExprKind::Var(p) => {
                    other_allowed += 1
                }
                ExprKind::Call(callee, args)
                    if is_free(program, callee)
                        && matches!(args.as_slice(), [a] if a.strip_casts().kind == ExprKind::Var(p)) =>
                {
                    other_allowed += 1
                }
                _ => {}
            });
            if uses == 0 {
                continue;
            }
            for &(_, index) in &accesses {
                // Every access's strides are the view's innermost ones
                // (`t[k]` and `t[j * nz + k]` are in row 0 of
                // `t[(i * ny + j) * nz + k]`).
                if let Some(found) = strides_of(index, is_stride) {
                    match &strides {
                        Some(longest) if longest.ends_with(&found) => {}
                        Some(shorter) if found.ends_with(shorter) => strides = Some(found),
                        None => strides = Some(found),
                        Some(_) => note(
                            index.span,
                            "the pointer is subscripted here with other row lengths",
                        ),
                    }
                }
            }
            if !checkable {
                note(
                    e.span,
                    "the pointer is used here in a loop's test, which the preconditions do not \
                     describe at every iteration",
                );
                continue;
            }
            // Some use is not the base of a subscript.
            if accesses.len() + other_allowed != uses {
                note(
                    e.span,
                    "the pointer is used here otherwise than subscripted (`*p`, `p + k`, or \
                     passed to a call)",
                );
                continue;
            }
            let Some(pre) = semantics.preconditions[f.index()]
                .get(id.index())
                .and_then(Option::as_ref)
                .map(|p| p.whole().clone())
            else {
                note(e.span, "nothing is known of the values here");
                continue;
            };
            let dirty = assigned_in(e);
            for (span, index) in accesses {
                checks.push((pre.clone(), dirty.clone(), span, index));
            }
        }
    }
    let Some(strides) = strides else {
        return Err(None);
    };
    if let Some(reason) = problem {
        return Err(Some(reason));
    }
    let mut view = View {
        strides,
        flat: program.var(p).ty.clone(),
        assumed: Vec::new(),
    };
    for (pre, dirty, span, index) in checks {
        let parts = split(index, &view);
        if !columns_inside(program, semantics, f, &pre, &parts, &view, &dirty) {
            if assume {
                view.assumed.push(span);
                continue;
            }
            let rows: Vec<&str> = view
                .strides
                .iter()
                .map(|&s| program.var(s).name.as_str())
                .collect();
            return Err(Some(FlatReason {
                span,
                why: format!(
                    "this subscript is not proved to keep its column inside a row of `{}` \
                     elements (0 <= column < {}): it may reach into the next row",
                    rows.join("`, `"),
                    rows.join(", ")
                ),
                assumable: true,
            }));
        }
    }
    Ok(view)
}

/// A call of the C library's `free`.
fn is_free(program: &Program, callee: &Expr) -> bool {
    crate::callgraph::direct_callee(callee).is_some_and(|g| {
        program.function(g).name.as_str() == "free" && program.function(g).body.is_none()
    })
}

/// The variables an expression assigns (its subscripts may see either
/// value).
fn assigned_in(e: &Expr) -> Vec<VarId> {
    let mut out = Vec::new();
    e.walk(&mut |sub| out.extend(sub.assigned_var()));
    out
}

/// The strides a flat subscript splits along, outermost first; `None`
/// when it has none.
fn strides_of(index: &Expr, is_stride: &dyn Fn(VarId) -> bool) -> Option<Vec<VarId>> {
    let mut strides = Vec::new();
    let mut e = index.clone();
    while let Some((s, row, _)) = split_once(&e, is_stride) {
        strides.push(s);
        e = row;
    }
    strides.reverse();
    (!strides.is_empty()).then_some(strides)
}

/// `e` as `row * s + column` for one stride `s` that a term of its sum is
/// a product with.
fn split_once(e: &Expr, is_stride: &dyn Fn(VarId) -> bool) -> Option<(VarId, Expr, Expr)> {
    let mut terms = Vec::new();
    sum_terms(e, false, &mut terms);
    let mut stride = None;
    let mut row: Vec<(bool, Expr)> = Vec::new();
    let mut column: Vec<(bool, Expr)> = Vec::new();
    for (negative, term) in terms {
        match product_with_stride(&term, is_stride) {
            Some((s, factor)) if stride.is_none_or(|t| t == s) => {
                stride = Some(s);
                row.push((negative, factor));
            }
            Some(_) => return None,
            None => column.push((negative, term)),
        }
    }
    let s = stride?;
    Some((s, sum_of(row, &e.ty), sum_of(column, &e.ty)))
}

/// The terms of a sum, each with its sign; casts between integer types are
/// looked through only where they keep the value (widening).
fn sum_terms(e: &Expr, negative: bool, out: &mut Vec<(bool, Expr)>) {
    match &e.kind {
        ExprKind::Binary(BinaryOp::Add, a, b) if e.ty.is_integer() => {
            sum_terms(a, negative, out);
            sum_terms(b, negative, out);
        }
        ExprKind::Binary(BinaryOp::Sub, a, b) if e.ty.is_integer() => {
            sum_terms(a, negative, out);
            sum_terms(b, !negative, out);
        }
        ExprKind::Cast(inner) if widens(&inner.ty, &e.ty) => sum_terms(inner, negative, out),
        _ => out.push((negative, e.clone())),
    }
}

/// A cast from one integer type to another that holds all its values.
fn widens(from: &Type, to: &Type) -> bool {
    match (from, to) {
        (
            Type::Int {
                signed: sa,
                bits: ba,
            },
            Type::Int {
                signed: sb,
                bits: bb,
            },
        ) => (sa == sb && ba <= bb) || (!sa && *sb && ba < bb),
        _ => false,
    }
}

/// `factor * s` or `s * factor` with `s` a stride.
fn product_with_stride(e: &Expr, is_stride: &dyn Fn(VarId) -> bool) -> Option<(VarId, Expr)> {
    let stride = |x: &Expr| match &strip_widening(x).kind {
        ExprKind::Var(v) if is_stride(*v) => Some(*v),
        _ => None,
    };
    match &strip_widening(e).kind {
        ExprKind::Binary(BinaryOp::Mul, a, b) => match (stride(a), stride(b)) {
            // `n * m` with both strides: which is the row length is not
            // known.
            (Some(_), Some(_)) => None,
            (Some(s), None) => Some((s, (**b).clone())),
            (None, Some(s)) => Some((s, (**a).clone())),
            (None, None) => None,
        },
        _ => None,
    }
}

fn strip_widening(e: &Expr) -> &Expr {
    match &e.kind {
        ExprKind::Cast(inner) if widens(&inner.ty, &e.ty) => strip_widening(inner),
        _ => e,
    }
}

/// The signed terms summed back (`0` for none), in type `ty`.
fn sum_of(terms: Vec<(bool, Expr)>, ty: &Type) -> Expr {
    let mut out: Option<Expr> = None;
    for (negative, term) in terms {
        out = Some(match out {
            None if negative => Expr {
                span: term.span,
                ty: ty.clone(),
                kind: ExprKind::Unary(UnOp::Neg, Box::new(term)),
            },
            None => term,
            Some(acc) => Expr {
                span: acc.span,
                ty: ty.clone(),
                kind: ExprKind::Binary(
                    if negative {
                        BinaryOp::Sub
                    } else {
                        BinaryOp::Add
                    },
                    Box::new(acc),
                    Box::new(term),
                ),
            },
        });
    }
    out.unwrap_or_else(|| zero(ty, Span::default()))
}

/// The integer 0, of type `ty`.
fn zero(ty: &Type, span: Span) -> Expr {
    Expr {
        kind: ExprKind::Int(0),
        ty: ty.clone(),
        span,
    }
}

/// A flat subscript split along `view`: the row subscript first, then one
/// column per stride.
fn split(index: &Expr, view: &View) -> Vec<Expr> {
    let mut columns = Vec::new();
    let mut e = index.clone();
    for &s in view.strides.iter().rev() {
        // Without a product with `s`, the subscript is in row 0.
        let (row, column) = match split_once(&e, &|v| v == s) {
            Some((_, row, column)) => (row, column),
            None => (zero(&e.ty, e.span), e),
        };
        columns.push(column);
        e = row;
    }
    columns.push(e);
    columns.reverse();
    columns
}

/// Whether `0 <= column <= s - 1` for every column of a split subscript
/// (`parts`, the row first), under the precondition `pre` of the access's
/// statement.
fn columns_inside(
    program: &Program,
    semantics: &Semantics,
    f: FuncId,
    pre: &Poly,
    parts: &[Expr],
    view: &View,
    dirty: &[VarId],
) -> bool {
    let tracked = |v: VarId| {
        let var = program.var(v);
        is_trackable(var) && (var.is_global() || var.function == Some(f)) && !dirty.contains(&v)
    };
    let fresh = Cell::new(0);
    let env = Env {
        program,
        tracked: &tracked,
        fresh: &fresh,
        products: None,
    };
    for (column, &s) in parts[1..].iter().zip(&view.strides) {
        let Some(cases) = env.value(column) else {
            return false;
        };
        let last = Lin::name(Name::Pre(s).isl()).add(&Lin::constant(-1));
        for (lin, conj) in cases {
            let within = pre.intersect(&Poly::from_dnf(&semantics.ctx, &[conj]));
            let room = last.as_ref().and_then(|last| last.sub(&lin));
            if !(within.nonnegative(&lin) && room.is_some_and(|r| within.nonnegative(&r))) {
                return false;
            }
        }
    }
    true
}

/// `p` retyped to a pointer to rows, and each of its subscripts split.
fn rewrite(program: &mut Program, f: FuncId, p: VarId, view: &View) {
    let Type::Pointer(elem) = program.var(p).ty.clone() else {
        return;
    };
    let mut row_types = vec![(*elem).clone()];
    for &s in view.strides.iter().rev() {
        let len = Expr {
            kind: ExprKind::Var(s),
            ty: program.var(s).ty.clone(),
            span: program.var(s).span,
        };
        let inner = row_types.last().cloned().unwrap_or(Type::Opaque);
        row_types.push(Type::Array(Box::new(inner), ArrayLen::Vla(Box::new(len))));
    }
    // row_types: element, then rows of the innermost stride, ..., the
    // outermost row (what `p` points to).
    let pointee = row_types.last().cloned().unwrap_or(Type::Opaque);
    let pointer = Type::Pointer(Box::new(pointee));
    program.vars[p.index()].ty = pointer.clone();
    let Some(body) = &mut program.functions[f.index()].body else {
        return;
    };
    for node in &mut body.nodes {
        for e in node.kind.own_expressions_mut() {
            split_accesses(e, p, view, &pointer, &row_types);
        }
    }
}

fn split_accesses(e: &mut Expr, p: VarId, view: &View, pointer: &Type, row_types: &[Type]) {
    if let ExprKind::Index(base, index) = &e.kind
        && base.kind == ExprKind::Var(p)
    {
        let parts = split(index, view);
        let span = e.span;
        let mut acc = Expr {
            kind: ExprKind::Var(p),
            ty: pointer.clone(),
            span: base.span,
        };
        // Subscript k leaves the type of rows one level down.
        let levels = parts.len();
        for (k, part) in parts.into_iter().enumerate() {
            let ty = row_types[levels - 1 - k].clone();
            acc = Expr {
                kind: ExprKind::Index(Box::new(acc), Box::new(part)),
                ty,
                span,
            };
        }
        *e = acc;
        return;
    }
    e.for_each_child_mut(&mut |c| split_accesses(c, p, view, pointer, row_types));
}
