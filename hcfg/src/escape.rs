//! Pointer values that leave their variable.
//!
//! The value of a pointer variable (a local or a parameter) *escapes* when
//! memory that outlives the function, or that another function reads, may
//! come to hold it: it is assigned to a global, a struct field, an array
//! element or through a pointer; returned; passed to a function that lets
//! that parameter escape, or to one ferry cannot see into; or copied into
//! a local whose own value escapes. A copy into a local that stays in the
//! function is not an escape by itself: the analyses that use this treat
//! such a copy as a pointer of unknown target.
//!
//! The region analysis names a block allocated into a pointer variable by
//! that variable only when the value does not escape: no other name can
//! then reach the block, in this function or in another.

use crate::callgraph::{CallGraph, call_targets, direct_callee};
use crate::effects::is_library;
use crate::ir::*;
use std::collections::BTreeSet;

/// Per function, the pointer variables whose value escapes; and the global
/// pointers whose value escapes from some function.
pub struct Escapes {
    per_function: Vec<BTreeSet<VarId>>,
    globals: BTreeSet<VarId>,
}

impl Escapes {
    pub fn run(program: &Program, calls: &CallGraph) -> Escapes {
        let mut escapes = Escapes {
            per_function: vec![BTreeSet::new(); program.functions.len()],
            globals: BTreeSet::new(),
        };
        // Callees first; a recursive cycle until its sets stop growing.
        for component in &calls.components {
            loop {
                let mut grew = false;
                for &f in component {
                    let found = escapes.of_function(program, f);
                    let known = &mut escapes.per_function[f.index()];
                    for v in found {
                        grew |= known.insert(v);
                    }
                }
                if !grew {
                    break;
                }
            }
        }
        // A global's value escapes where a local's would, in any function.
        let global_pointers: Vec<VarId> = (0..program.vars.len() as u32)
            .map(VarId)
            .filter(|&v| program.var(v).is_global() && program.var(v).ty.is_pointer_like())
            .collect();
        if !global_pointers.is_empty() {
            for f in program.function_ids() {
                let found = escapes.escaping(program, f, &global_pointers).0;
                escapes.globals.extend(found);
                escapes
                    .globals
                    .extend(rebased(program, f, &global_pointers));
            }
        }
        escapes
    }

    /// Whether the value of `v`, a global pointer, may be copied by some
    /// function of the program into memory, another global, a caller or a
    /// callee that keeps it, or whether some function assigns `v` anything
    /// but a fresh block or an offset of itself: otherwise only `v` names
    /// what it points to (copies into locals give pointers of unknown
    /// target).
    pub fn global_escapes(&self, v: VarId) -> bool {
        self.globals.contains(&v)
    }

    /// Whether the value of `v`, a pointer variable of `f`, escapes.
    pub fn escapes(&self, f: FuncId, v: VarId) -> bool {
        self.per_function[f.index()].contains(&v)
    }

    /// Whether the `k`-th parameter of `f` lets its value escape.
    fn parameter_escapes(&self, program: &Program, f: FuncId, k: usize) -> bool {
        let function = program.function(f);
        if function.body.is_none() {
            // The C library keeps no pointer it is given (`realloc` hands
            // the block back, which `may_hold` sees).
            return !is_library(program, f);
        }
        match function.params.get(k) {
            Some(&p) => self.escapes(f, p),
            // Variadic arguments: nothing names them.
            None => false,
        }
    }

    fn of_function(&self, program: &Program, f: FuncId) -> BTreeSet<VarId> {
        let pointers = local_pointers(program, f);
        let (mut out, local_copies) = self.escaping(program, f, &pointers);
        // Through locals whose own value escapes.
        loop {
            let mut grew = false;
            for (target, value) in &local_copies {
                if !out.contains(target) {
                    continue;
                }
                for &v in &pointers {
                    if v != *target && may_hold(program, value, v) {
                        grew |= out.insert(v);
                    }
                }
            }
            if !grew {
                break;
            }
        }
        out
    }

    /// Which of `pointers` `f` lets escape directly (assigned to anything
    /// but a local pointer, returned, passed to a parameter that escapes),
    /// and the copies between `f`'s local pointers: (target, value).
    fn escaping<'p>(
        &self,
        program: &'p Program,
        f: FuncId,
        pointers: &[VarId],
    ) -> (BTreeSet<VarId>, Vec<(VarId, &'p Expr)>) {
        let mut out = BTreeSet::new();
        let Some(body) = &program.function(f).body else {
            return (out, Vec::new());
        };
        let locals = local_pointers(program, f);
        let mut local_copies: Vec<(VarId, &Expr)> = Vec::new();
        let mut escaping_values: Vec<&Expr> = Vec::new();
        crate::loops::subtree_exprs(body, body.root, &mut |e| {
            e.walk(&mut |sub| match &sub.kind {
                ExprKind::Assign(_, target, value) => match target.is_lvalue_var() {
                    Some(t) if locals.contains(&t) => local_copies.push((t, value)),
                    _ => escaping_values.push(value),
                },
                ExprKind::Call(callee, args) => {
                    // A call through a pointer no known function matches
                    // may reach anything.
                    let targets = call_targets(program, callee, args.len());
                    for (k, arg) in args.iter().enumerate() {
                        if targets.is_empty()
                            || targets
                                .iter()
                                .any(|&g| self.parameter_escapes(program, g, k))
                        {
                            escaping_values.push(arg);
                        }
                    }
                }
                _ => {}
            });
        });
        let mut returned = Vec::new();
        for node in &body.nodes {
            if let NodeKind::Return(Some(e)) = &node.kind {
                returned.push(e);
            }
        }
        for &v in pointers {
            if escaping_values
                .iter()
                .chain(&returned)
                .any(|e| may_hold(program, e, v))
            {
                out.insert(v);
            }
        }
        (out, local_copies)
    }
}

/// The pointer parameters and locals of `f`.
fn local_pointers(program: &Program, f: FuncId) -> Vec<VarId> {
    let function = program.function(f);
    function
        .params
        .iter()
        .chain(&function.locals)
        .copied()
        .filter(|&v| program.var(v).ty.is_pointer_like() && !program.var(v).is_global())
        .collect()
}

/// Which of `pointers` `f` assigns something other than a fresh block or
/// an offset of themselves.
fn rebased(program: &Program, f: FuncId, pointers: &[VarId]) -> BTreeSet<VarId> {
    let mut out = BTreeSet::new();
    let Some(body) = &program.function(f).body else {
        return out;
    };
    crate::loops::subtree_exprs(body, body.root, &mut |e| {
        e.walk(&mut |sub| {
            if let ExprKind::Assign(AssignOp::Assign, target, value) = &sub.kind
                && let Some(v) = target.is_lvalue_var()
                && pointers.contains(&v)
                && !offset_of_itself(value, v)
                && !crate::effects::is_allocation(program, value)
            {
                out.insert(v);
            }
        })
    });
    out
}

/// Whether the value of `e` may be `v`'s value, or derived from it (an
/// offset, a conversion, either arm of a conditional, what a library call
/// hands back of its pointer arguments).
pub fn may_hold(program: &Program, e: &Expr, v: VarId) -> bool {
    match &e.kind {
        ExprKind::Var(w) => *w == v,
        ExprKind::Cast(inner) | ExprKind::Unary(UnOp::Plus, inner) => may_hold(program, inner, v),
        ExprKind::Binary(BinaryOp::Add | BinaryOp::Sub, a, b) => {
            e.ty.is_pointer_like() && (may_hold(program, a, v) || may_hold(program, b, v))
        }
        ExprKind::Cond(c, a, b) => {
            a.as_deref()
                .map_or_else(|| may_hold(program, c, v), |a| may_hold(program, a, v))
                || may_hold(program, b, v)
        }
        ExprKind::Comma(items) => items.last().is_some_and(|l| may_hold(program, l, v)),
        // `q = (p = r)` holds r; `q = (p += 1)` holds p.
        ExprKind::Assign(_, target, value) => {
            may_hold(program, value, v) || may_hold(program, target, v)
        }
        ExprKind::Call(callee, args) => {
            e.ty.is_pointer_like()
                && direct_callee(callee).is_some_and(|g| is_library(program, g))
                && args.iter().any(|a| may_hold(program, a, v))
        }
        _ => false,
    }
}

/// `p`, `p + e`, `p - e`, `e + p` (and casts of these) for the pointer `p`.
pub fn offset_of_itself(e: &Expr, p: VarId) -> bool {
    match &e.kind {
        ExprKind::Var(v) => *v == p,
        ExprKind::Cast(inner) => offset_of_itself(inner, p),
        ExprKind::Binary(BinaryOp::Add | BinaryOp::Sub, a, b) => {
            if a.ty.is_pointer_like() {
                offset_of_itself(a, p)
            } else {
                offset_of_itself(b, p)
            }
        }
        _ => false,
    }
}
