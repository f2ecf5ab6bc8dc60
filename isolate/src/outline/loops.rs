//! Loop shapes: the parallel nest a loop starts, and the counted headers of
//! its loops.

use super::Outliner;
use super::declarations::scalar_of;
use super::walk::{assigns, jumps_out, strip, variable_names};
use crate::parallel::Verdict;
use ferry_parser::ast::{
    AssignOp, BinaryOp, BlockItem, DeclSpecifier, Declaration, Declarator, Expr, ExprKind, ForInit,
    Initializer, Stmt, StmtKind, UnaryOp,
};
use ferry_parser::build::{binary, cast_long, expr, ident, long as int};
use ferry_parser::intern::Symbol;
use ferry_targets::kernel::Scalar;
use std::collections::HashSet;

impl Outliner<'_> {
    /// The parallel nest `s` starts, if it is one the host can launch.
    pub(super) fn nest<'s>(&self, s: &'s Stmt) -> Option<Vec<(&'s Stmt, Header)>> {
        let mut nest: Vec<(&Stmt, Header)> = Vec::new();
        let mut current = s;
        while let Some(Verdict::Parallel { private_arrays, .. }) = self.verdict(current.id) {
            // Each work-item needs its own copy of these arrays: the host
            // must know their sizes.
            if private_arrays
                .iter()
                .any(|a| self.private_buffer(*a).is_none())
            {
                break;
            }
            let Some(mut header) = self.header(current) else {
                break;
            };
            let StmtKind::For { body, .. } = &current.kind else {
                break;
            };
            // A `break` ends the whole loop: no iteration is independent of it.
            if jumps_out(body, true) {
                break;
            }
            // The bounds are evaluated by the host before the launch: only
            // host names no loop of the nest writes, no device memory.
            // An inner loop's may depend on the outer loops' indices (with
            // a step of one, so that the box around its values holds no
            // value out of step): the host finds the box by running the
            // outer loops' headers.
            let indices: HashSet<Symbol> = nest.iter().map(|(_, h)| h.index).collect();
            let mut evaluable = true;
            for e in [&header.first, &header.bound] {
                variable_names(e, &mut |n| {
                    if indices.contains(&n) {
                        header.bounded_by_outer = true;
                    } else if !self.host_visible(n)
                        || self.arrays.contains_key(&n)
                        || nest.iter().any(|(l, _)| assigns(l, n))
                    {
                        evaluable = false;
                    }
                });
            }
            if !evaluable || (header.bounded_by_outer && header.step.abs() != 1) {
                break;
            }
            nest.push((current, header));
            if nest.len() == 3 {
                break;
            }
            let StmtKind::For { body, .. } = &current.kind else {
                break;
            };
            match sole_statement(body) {
                Some(inner) if matches!(inner.kind, StmtKind::For { .. }) => current = inner,
                _ => break,
            }
        }
        (!nest.is_empty()).then_some(nest)
    }

    /// The device buffer of the user's array `name` and its number of
    /// elements, when the host knows it.
    pub(super) fn private_buffer(&self, name: Symbol) -> Option<(Symbol, Expr)> {
        self.arrays.iter().find_map(|(device, info)| {
            (self.shown(*device) == name)
                .then(|| info.elements.clone().map(|e| (*device, e)))
                .flatten()
        })
    }

    /// The index, first value, bound and step of a counted `for`, read from
    /// its syntax (the HCFG already found it counted).
    fn header(&self, s: &Stmt) -> Option<Header> {
        let StmtKind::For {
            init,
            condition,
            step,
            ..
        } = &s.kind
        else {
            return None;
        };
        let (index, first, specifiers) = index_init(init)?;
        let ty = match specifiers {
            Some(specifiers) => scalar_of(specifiers, &self.definitions.typedefs)?,
            None => self.host_scalar(index)?,
        };
        let (first, declared) = (first.clone(), specifiers.is_some());
        if !matches!(ty, Scalar::Int { .. }) {
            return None;
        }
        let ExprKind::Binary(op, left, bound) = &strip(condition.as_deref()?).kind else {
            return None;
        };
        // The launcher counts the iterations in `long` from the first value
        // and the bound as written. For an unsigned index C converts both
        // (`for (u = -12; u <= 49; u++)` never runs), so only literals that
        // need no conversion are taken; other such loops stay sequential.
        if matches!(ty, Scalar::Int { signed: false, .. })
            && !(is_small_literal(&first) && is_small_literal(bound))
        {
            return None;
        }
        if !matches!(strip(left).kind, ExprKind::Ident(n) if n == index) {
            return None;
        }
        let step = step_of(strip(step.as_deref()?), index)?;
        let upward = match op {
            BinaryOp::Lt | BinaryOp::Le if step > 0 => true,
            BinaryOp::Gt | BinaryOp::Ge if step < 0 => false,
            _ => return None,
        };
        let inclusive = matches!(op, BinaryOp::Le | BinaryOp::Ge);
        Some(Header {
            index,
            ty,
            first,
            bound: (**bound).clone(),
            upward,
            inclusive,
            step,
            declared,
            bounded_by_outer: false,
        })
    }
}

/// A counted `for`'s header, read from its syntax.
pub(super) struct Header {
    pub(super) index: Symbol,
    pub(super) ty: Scalar,
    pub(super) first: Expr,
    pub(super) bound: Expr,
    pub(super) upward: bool,
    inclusive: bool,
    pub(super) step: i64,
    /// The index is declared by the loop (dead after it).
    pub(super) declared: bool,
    /// Its first value or bound depends on the indices of the loops of
    /// the nest around it (a triangular nest): the grid covers the box
    /// around its values, and each work-item tests its own.
    pub(super) bounded_by_outer: bool,
}

impl Header {
    /// The comparison the loop's condition makes (`index OP bound`).
    pub(super) fn test(&self) -> BinaryOp {
        match (self.upward, self.inclusive) {
            (true, false) => BinaryOp::Lt,
            (true, true) => BinaryOp::Le,
            (false, false) => BinaryOp::Gt,
            (false, true) => BinaryOp::Ge,
        }
    }

    /// Whether `index` is one of the loop's values (for a step of one):
    /// between its first value and its bound.
    pub(super) fn holds(&self, index: Expr) -> Expr {
        let from = if self.upward {
            BinaryOp::Ge
        } else {
            BinaryOp::Le
        };
        binary(
            BinaryOp::LogAnd,
            binary(from, index.clone(), self.first.clone()),
            binary(self.test(), index, self.bound.clone()),
        )
    }

    /// Its first and last values, as `long`s, for the outer indices in
    /// scope (empty when the first exceeds the last; step of one).
    pub(super) fn extremes(&self) -> (Expr, Expr) {
        let first = cast_long(self.first.clone());
        let bound = cast_long(self.bound.clone());
        match (self.upward, self.inclusive) {
            (true, true) => (first, bound),
            (true, false) => (first, binary(BinaryOp::Sub, bound, int(1))),
            (false, true) => (bound, first),
            (false, false) => (binary(BinaryOp::Add, bound, int(1)), first),
        }
    }

    /// The number of iterations, for the first index held in `first`.
    pub(super) fn count(&self, first: Symbol) -> Expr {
        let lo = ident(first);
        let bound = cast_long(self.bound.clone());
        let a = self.step.abs();
        // Distance from the first index to the bound, in the loop's
        // direction.
        let span_of = if self.upward {
            binary(BinaryOp::Sub, bound.clone(), lo.clone())
        } else {
            binary(BinaryOp::Sub, lo.clone(), bound.clone())
        };
        let (test, count) = if self.inclusive {
            (
                BinaryOp::Ge,
                binary(
                    BinaryOp::Add,
                    binary(BinaryOp::Div, span_of.clone(), int(a)),
                    int(1),
                ),
            )
        } else {
            (
                BinaryOp::Gt,
                binary(
                    BinaryOp::Div,
                    binary(BinaryOp::Add, span_of.clone(), int(a - 1)),
                    int(a),
                ),
            )
        };
        let nonempty = if self.upward {
            binary(test, bound, lo)
        } else {
            binary(test, lo, bound)
        };
        expr(ExprKind::Conditional(
            Box::new(nonempty),
            Some(Box::new(count)),
            Box::new(int(0)),
        ))
    }
}

/// A `for`'s first clause as `index = first`: the index, its first value,
/// and the specifiers of its declaration where the clause declares it
/// (`int i = 0`).
pub(crate) fn index_init(init: &ForInit) -> Option<(Symbol, &Expr, Option<&[DeclSpecifier]>)> {
    match init {
        ForInit::Declaration(d) => {
            let Declaration::Normal {
                specifiers,
                declarators,
                ..
            } = &**d
            else {
                return None;
            };
            let [decl] = declarators.as_slice() else {
                return None;
            };
            let Declarator::Ident(name, _) = decl.declarator else {
                return None;
            };
            let Some(Initializer::Expr(e)) = &decl.initializer else {
                return None;
            };
            Some((name, e, Some(specifiers)))
        }
        ForInit::Expr(e) => {
            let ExprKind::Assign(AssignOp::Assign, target, value) = &strip(e).kind else {
                return None;
            };
            let ExprKind::Ident(name) = strip(target).kind else {
                return None;
            };
            Some((name, value, None))
        }
        ForInit::Empty => None,
    }
}

/// A non-negative decimal integer literal below 2^31, which every integer
/// type holds and no conversion changes.
fn is_small_literal(e: &Expr) -> bool {
    decimal_literal(e).is_some_and(|v| (0..1 << 31).contains(&v))
}

/// The value of a decimal integer literal (its suffix aside).
fn decimal_literal(e: &Expr) -> Option<i64> {
    let ExprKind::IntLit(text) = &strip(e).kind else {
        return None;
    };
    text.as_str()
        .trim_end_matches(['u', 'U', 'l', 'L'])
        .parse()
        .ok()
}

/// The step of `index` in a `for`'s third expression.
fn step_of(e: &Expr, index: Symbol) -> Option<i64> {
    let is_index = |x: &Expr| matches!(strip(x).kind, ExprKind::Ident(n) if n == index);
    match &e.kind {
        ExprKind::Unary(UnaryOp::PostInc | UnaryOp::PreInc, x) if is_index(x) => Some(1),
        ExprKind::Unary(UnaryOp::PostDec | UnaryOp::PreDec, x) if is_index(x) => Some(-1),
        ExprKind::Assign(op @ (AssignOp::Add | AssignOp::Sub), x, value) if is_index(x) => {
            let v = decimal_literal(value)?;
            let v = if *op == AssignOp::Sub { -v } else { v };
            (v != 0).then_some(v)
        }
        _ => None,
    }
}

/// A `for`'s body when it is one statement (possibly braced alone).
pub(crate) fn sole_statement(s: &Stmt) -> Option<&Stmt> {
    match &s.kind {
        StmtKind::Compound(b) => match b.items.as_slice() {
            [BlockItem::Statement(inner)] => sole_statement(inner),
            _ => None,
        },
        _ => Some(s),
    }
}
