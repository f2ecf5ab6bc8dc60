//! Loop normalisation: `for` loops that are DO loops become counted loops.
//!
//! A `for` is counted when its index is an integer scalar whose address is
//! never taken, initialised by the loop, compared against a bound with
//! `<`, `<=`, `>`, `>=`, stepped by a non-zero constant in the direction of
//! the bound, never written in the body, and the bound only reads integer
//! scalars (not address-taken) that the body does not write either, nor
//! the functions it calls ([`CallWrites`]). An unsigned index is counted
//! only upwards by 1, where it cannot wrap.

use crate::ir::*;
use crate::semantics::affine::convert_is_identity;
use std::collections::BTreeSet;

/// Rewrites every qualifying `For` loop of the program as `Counted`.
pub fn normalize_loops(program: &mut Program) {
    let call_writes = CallWrites::of(program);
    for f in 0..program.functions.len() {
        let Some(mut body) = program.functions[f].body.take() else {
            continue;
        };
        for id in 0..body.nodes.len() {
            let counted = match &body.nodes[id].kind {
                NodeKind::Loop(Loop {
                    kind:
                        LoopKind::For {
                            init,
                            condition,
                            step,
                        },
                    body: loop_body,
                }) => counted_loop(
                    program,
                    &call_writes,
                    &body,
                    *init,
                    condition.as_ref(),
                    *step,
                    *loop_body,
                ),
                _ => None,
            };
            if let Some(counted) = counted
                && let NodeKind::Loop(l) = &mut body.nodes[id].kind
            {
                l.kind = LoopKind::Counted(counted);
            }
        }
        program.functions[f].body = Some(body);
    }
}

fn counted_loop(
    program: &Program,
    call_writes: &CallWrites,
    body: &Body,
    init: NodeId,
    condition: Option<&Expr>,
    step: NodeId,
    loop_body: NodeId,
) -> Option<CountedLoop> {
    let (index, value) = match &body.node(init).kind {
        NodeKind::Expr(Expr {
            kind: ExprKind::Assign(AssignOp::Assign, target, value),
            ..
        }) => (target.is_lvalue_var()?, (**value).clone()),
        _ => return None,
    };
    let var = program.var(index);
    let Type::Int { signed, .. } = var.ty else {
        return None;
    };
    // The index starts at the value converted to its type, as the
    // assignment stores it: `for (u = -12; u <= 49; u++)` with `u`
    // unsigned starts at 2^32 - 12 and never runs.
    let lower = if value.ty == var.ty {
        value
    } else {
        Expr {
            span: value.span,
            kind: ExprKind::Cast(Box::new(value)),
            ty: var.ty.clone(),
        }
    };
    if var.address_taken || var.is_volatile {
        return None;
    }
    let NodeKind::Expr(step) = &body.node(step).kind else {
        return None;
    };
    let step = step_of(step, index)?;
    let (op, bound) = compare_with(condition?, index)?;
    use BinaryOp::*;
    let upward = match op {
        Lt | Le if step > 0 => true,
        Gt | Ge if step < 0 => false,
        _ => return None,
    };
    let counts_up_by_one = upward && step == 1;
    let can_wrap = !signed && !counts_up_by_one;
    if can_wrap {
        return None;
    }
    let written = written_scalars(body, loop_body);
    if written.contains(&index) {
        return None;
    }
    let calls = call_writes.of_calls_in(body, loop_body);
    let callee_may_write = |v| call_writes.may_write(program, &calls, v);
    if !is_invariant_bound(program, bound, &written, &callee_may_write) {
        return None;
    }
    let bound = comparable_bound(&var.ty, bound, op)?;
    let one = |sign: i128| Expr {
        kind: ExprKind::Int(sign),
        ty: Type::int(),
        span: bound.span,
    };
    let upper = match op {
        Le | Ge => bound.clone(),
        Lt => binary(BinaryOp::Sub, bound.clone(), one(1)),
        _ => binary(BinaryOp::Add, bound.clone(), one(1)),
    };
    Some(CountedLoop {
        index,
        init,
        lower,
        upper,
        step: step as i64,
    })
}

/// The bound as a value the index's own value may be compared with as
/// integers, which is what the counted loop's semantics does; `None` where
/// C's comparison differs from it. C compares after the usual arithmetic
/// conversions: an unsigned index against a negative bound compares with
/// the bound wrapped, a signed index against an unsigned bound compares
/// the index wrapped. A bound of an unsigned type is given a signed type
/// wider than its own, so that `n - 1` is -1 when `n` is 0 rather than the
/// type's largest value; a 64-bit unsigned one has none and is refused. A
/// constant bound must leave an unsigned index room to pass it (`u <= 255`
/// with `u` of 8 bits never ends).
fn comparable_bound(index: &Type, bound: &Expr, op: BinaryOp) -> Option<Expr> {
    let Type::Int { signed, bits } = *index else {
        return None;
    };
    if let Some(c) = int_constant(bound) {
        if signed {
            return Some(bound.clone());
        }
        let max = if bits >= 127 {
            i128::MAX
        } else {
            (1i128 << bits) - 1
        };
        let room = match op {
            BinaryOp::Le => c < max,
            _ => c <= max,
        };
        return (c >= 0 && room).then(|| bound.clone());
    }
    let compared = Type::arithmetic_conversion(index, &bound.ty);
    // Both operands keep their values in the type C compares them in.
    let kept = |t: &Type| convert_is_identity(&t.promoted(), &compared);
    if !kept(index) || !kept(&bound.ty) {
        return None;
    }
    match bound.ty.promoted() {
        Type::Int {
            signed: false,
            bits,
        } if bits < 64 => Some(Expr {
            span: bound.span,
            kind: ExprKind::Cast(Box::new(bound.clone())),
            ty: Type::Int {
                signed: true,
                bits: 64,
            },
        }),
        Type::Int { signed: false, .. } => None,
        // A `short` or `char` bound is compared as an `int`, and so must
        // `n - 1` be computed, which the counted loop's upper bound is:
        // in the bound's own type it would wrap at the type's minimum.
        promoted if promoted != bound.ty => Some(Expr {
            span: bound.span,
            kind: ExprKind::Cast(Box::new(bound.clone())),
            ty: promoted,
        }),
        _ => Some(bound.clone()),
    }
}

fn binary(op: BinaryOp, a: Expr, b: Expr) -> Expr {
    let ty = a.ty.clone();
    let span = a.span;
    Expr {
        kind: ExprKind::Binary(op, Box::new(a), Box::new(b)),
        ty,
        span,
    }
}

/// The constant an expression statement adds to `index` (`i++`, `i -= 2`,
/// `i = i + 3`).
fn step_of(e: &Expr, index: VarId) -> Option<i128> {
    match &e.kind {
        ExprKind::Unary(op, target) if target.is_lvalue_var() == Some(index) => match op {
            UnOp::PreInc | UnOp::PostInc => Some(1),
            UnOp::PreDec | UnOp::PostDec => Some(-1),
            _ => None,
        },
        ExprKind::Assign(op, target, value) if target.is_lvalue_var() == Some(index) => {
            let step = match op {
                AssignOp::Add => int_constant(value)?,
                AssignOp::Sub => -int_constant(value)?,
                AssignOp::Assign => match &value.kind {
                    ExprKind::Binary(BinaryOp::Add, a, b) if a.is_lvalue_var() == Some(index) => {
                        int_constant(b)?
                    }
                    ExprKind::Binary(BinaryOp::Add, a, b) if b.is_lvalue_var() == Some(index) => {
                        int_constant(a)?
                    }
                    ExprKind::Binary(BinaryOp::Sub, a, b) if a.is_lvalue_var() == Some(index) => {
                        -int_constant(b)?
                    }
                    _ => return None,
                },
                _ => return None,
            };
            (step != 0 && step.abs() < i64::MAX as i128).then_some(step)
        }
        _ => None,
    }
}

/// An integer constant, possibly negated or cast.
pub fn int_constant(e: &Expr) -> Option<i128> {
    match &e.kind {
        ExprKind::Int(v) => Some(*v),
        ExprKind::Unary(UnOp::Neg, inner) => int_constant(inner).map(|v| -v),
        ExprKind::Unary(UnOp::Plus, inner) => int_constant(inner),
        ExprKind::Cast(inner) if e.ty.is_integer() => int_constant(inner),
        _ => None,
    }
}

/// `index op bound`, with the comparison turned around if written `bound op index`.
fn compare_with(condition: &Expr, index: VarId) -> Option<(BinaryOp, &Expr)> {
    let ExprKind::Binary(op, a, b) = &condition.kind else {
        return None;
    };
    use BinaryOp::*;
    if a.is_lvalue_var() == Some(index) {
        return matches!(op, Lt | Le | Gt | Ge).then_some((*op, b));
    }
    if b.is_lvalue_var() == Some(index) {
        let flipped = match op {
            Lt => Gt,
            Le => Ge,
            Gt => Lt,
            Ge => Le,
            _ => return None,
        };
        return Some((flipped, a));
    }
    None
}

fn is_invariant_bound(
    program: &Program,
    bound: &Expr,
    written: &[VarId],
    callee_may_write: &dyn Fn(VarId) -> bool,
) -> bool {
    let mut ok = true;
    bound.walk(&mut |e| match &e.kind {
        ExprKind::Var(v) => {
            let var = program.var(*v);
            let changes_behind_our_back = var.address_taken || var.is_volatile;
            let callee_may_write = var.is_global() && callee_may_write(*v);
            ok &= var.ty.is_integer()
                && !changes_behind_our_back
                && !written.contains(v)
                && !callee_may_write;
        }
        ExprKind::Int(_) | ExprKind::Cast(_) | ExprKind::UnknownConst | ExprKind::SizeOf(_) => {}
        ExprKind::Binary(op, ..) => {
            ok &= matches!(
                op,
                BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div | BinaryOp::Rem
            )
        }
        ExprKind::Unary(op, _) => ok &= matches!(op, UnOp::Neg | UnOp::Plus),
        _ => ok = false,
    });
    ok
}

/// Every expression in the subtree of `root`, including conditions.
pub fn subtree_exprs<'b>(body: &'b Body, root: NodeId, f: &mut dyn FnMut(&'b Expr)) {
    let mut stack = vec![root];
    while let Some(id) = stack.pop() {
        let kind = &body.node(id).kind;
        for e in kind.own_expressions() {
            f(e);
        }
        stack.extend(kind.children());
    }
}

/// Scalars assigned directly (`v = ...`, `v++`) anywhere in the subtree.
pub fn written_scalars(body: &Body, root: NodeId) -> Vec<VarId> {
    let mut out = Vec::new();
    subtree_exprs(body, root, &mut |e| {
        e.walk(&mut |sub| out.extend(sub.assigned_var()))
    });
    out.sort();
    out.dedup();
    out
}

/// The global scalars a call may assign: those of a set, or any that
/// code ferry does not see could reach.
#[derive(Debug, Clone, PartialEq, Default)]
enum GlobalWrites {
    Some(BTreeSet<VarId>),
    /// A function without a body here, a call through a pointer, or an
    /// effect ferry does not see: any global another unit can name (one
    /// not `static`), and any that some function of the program assigns
    /// (code elsewhere may call it back through its address).
    #[default]
    Any,
}

impl GlobalWrites {
    fn none() -> GlobalWrites {
        GlobalWrites::Some(BTreeSet::new())
    }

    fn add(&mut self, other: &GlobalWrites) {
        match (&mut *self, other) {
            (GlobalWrites::Some(mine), GlobalWrites::Some(theirs)) => {
                mine.extend(theirs.iter().copied())
            }
            (_, GlobalWrites::Any) => *self = GlobalWrites::Any,
            (GlobalWrites::Any, _) => {}
        }
    }
}

/// Per function, the global scalars it and the functions it calls may
/// assign directly (a global whose address is taken is never a bound in
/// the first place): a call to `step()` in a loop bounded by a global
/// `n` that `step` does not assign leaves the loop counted.
struct CallWrites {
    per_function: Vec<GlobalWrites>,
    /// The globals some function of the program assigns.
    assigned_anywhere: BTreeSet<VarId>,
}

impl CallWrites {
    fn of(program: &Program) -> CallWrites {
        // Each function's own assignments to globals, and whom it calls.
        let own: Vec<(GlobalWrites, Vec<FuncId>)> = program
            .functions
            .iter()
            .map(|func| {
                let Some(body) = &func.body else {
                    return (GlobalWrites::Any, Vec::new());
                };
                let mut writes = GlobalWrites::Some(
                    written_scalars(body, body.root)
                        .into_iter()
                        .filter(|&v| program.var(v).is_global())
                        .collect(),
                );
                let mut callees = Vec::new();
                calls_in(body, body.root, &mut |callee| match callee {
                    Some(g) => callees.push(g),
                    None => writes = GlobalWrites::Any,
                });
                callees.sort();
                callees.dedup();
                (writes, callees)
            })
            .collect();
        // What callees write, until nothing grows (sets only grow, and
        // are bounded by the program's globals).
        let mut per_function: Vec<GlobalWrites> = own.iter().map(|(w, _)| w.clone()).collect();
        loop {
            let mut grew = false;
            for (f, (_, callees)) in own.iter().enumerate() {
                if per_function[f] == GlobalWrites::Any {
                    continue;
                }
                let mut writes = per_function[f].clone();
                for g in callees {
                    writes.add(&per_function[g.index()]);
                }
                if writes != per_function[f] {
                    per_function[f] = writes;
                    grew = true;
                }
            }
            if !grew {
                break;
            }
        }
        let assigned_anywhere = own
            .iter()
            .filter_map(|(w, _)| match w {
                GlobalWrites::Some(set) => Some(set.iter().copied()),
                GlobalWrites::Any => None,
            })
            .flatten()
            .collect();
        CallWrites {
            per_function,
            assigned_anywhere,
        }
    }

    /// Whether calls that may assign `writes` may assign `v`.
    fn may_write(&self, program: &Program, writes: &GlobalWrites, v: VarId) -> bool {
        match writes {
            GlobalWrites::Some(set) => set.contains(&v),
            GlobalWrites::Any => {
                self.assigned_anywhere.contains(&v)
                    || !matches!(
                        program.var(v).storage,
                        Storage::Global { is_static: true } | Storage::StaticLocal
                    )
            }
        }
    }

    /// What the calls in the subtree of `root` may assign.
    fn of_calls_in(&self, body: &Body, root: NodeId) -> GlobalWrites {
        let mut writes = GlobalWrites::none();
        calls_in(body, root, &mut |callee| match callee {
            Some(f) => writes.add(&self.per_function[f.index()]),
            None => writes = GlobalWrites::Any,
        });
        writes
    }
}

/// Every call in the subtree of `root`, by its callee: `Some(f)` for a
/// direct call of `f`, `None` for one through a pointer or an expression
/// with effects ferry does not see (either may do anything).
fn calls_in(body: &Body, root: NodeId, found: &mut dyn FnMut(Option<FuncId>)) {
    subtree_exprs(body, root, &mut |e| {
        e.walk(&mut |sub| match &sub.kind {
            ExprKind::Call(callee, _) => found(crate::callgraph::direct_callee(callee)),
            ExprKind::Opaque {
                unknown_effects: true,
                ..
            } => found(None),
            _ => {}
        })
    });
}
