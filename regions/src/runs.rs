//! Runs of consecutive elements, as the memory functions of the C library
//! and the paper's DMA primitives designate them: `memcpy(&d[i], s,
//! n * sizeof(int))` touches the `n` elements of `d` from element `i` on.
//!
//! A place is the element an address designates in a named object, with
//! affine subscripts; a count is a byte count read as a number of elements
//! of the place's scalar type: `n * sizeof(int)`, `sizeof a` for an array
//! of ints ([`elements`]), or, where the byte count is a constant and
//! the type an arithmetic one of known width, that constant over the
//! width ([`elements_or_bytes`]).

use crate::access::Collector;
use crate::entity::{Entity, Root};
use crate::function::FunctionContext;
use ferry_hcfg::ir::{BinaryOp, Expr, ExprKind, Type, UnOp};
use ferry_hcfg::semantics::affine::Case;
use ferry_hcfg::semantics::poly::{Conj, Lin};

/// An element of a named object, where a run starts.
#[derive(Debug, Clone)]
pub struct Place {
    pub entity: Entity,
    /// The subscripts of the element, the last one the offset the run
    /// starts at (the others must agree between two transfers).
    pub subscripts: Vec<Vec<Case>>,
}

/// The element an address designates, and the scalar type of the
/// elements there.
pub fn place(cx: &FunctionContext, address: &Expr) -> Option<(Place, Type)> {
    // The argument is converted to `void *`: look through that.
    let mut address = address;
    while let ExprKind::Cast(inner) = &address.kind
        && inner.ty.is_pointer_like()
    {
        address = inner;
    }
    let element = address.ty.decay().pointee()?.clone();
    if !element.is_arithmetic() {
        return None;
    }
    let path = Collector::new(cx, address).address(address)?;
    if path.entity.root == Root::Anywhere
        || path.scrambled
        || path.virtual_last
        || path.within_union
    {
        return None;
    }
    let subscripts: Vec<Vec<Case>> = path.subscripts.into_iter().collect::<Option<_>>()?;
    if subscripts.is_empty() {
        return None;
    }
    Some((
        Place {
            entity: path.entity,
            subscripts,
        },
        element,
    ))
}

/// A byte count as a number of elements of type `element`.
pub fn elements(cx: &FunctionContext, bytes: &Expr, element: &Type) -> Option<Vec<Case>> {
    match &bytes.kind {
        ExprKind::SizeOf(t) => Some(vec![(Lin::constant(units(t, element)?), Conj::default())]),
        ExprKind::Binary(BinaryOp::Mul, a, b) => {
            let (k, n) = match (sizeof_units(a, element), sizeof_units(b, element)) {
                (Some(k), _) => (k, b),
                (_, Some(k)) => (k, a),
                _ => return None,
            };
            cx.value(n)?
                .into_iter()
                .map(|(l, c)| Some((l.scale(k)?, c)))
                .collect()
        }
        ExprKind::Cast(inner) | ExprKind::Unary(UnOp::Plus, inner) if inner.ty.is_integer() => {
            elements(cx, inner, element)
        }
        _ => None,
    }
}

/// [`elements`], or a constant byte count over the width of `element`
/// when it divides it (`memcpy(x, in, 64)` for sixteen 32-bit integers:
/// the widths are those of the type the front end gave the elements).
pub fn elements_or_bytes(cx: &FunctionContext, bytes: &Expr, element: &Type) -> Option<Vec<Case>> {
    if let Some(count) = elements(cx, bytes, element) {
        return Some(count);
    }
    let width = match element {
        Type::Int { bits, .. } | Type::Float { bits } if bits % 8 == 0 => i128::from(*bits / 8),
        _ => return None,
    };
    let [(lin, conj)] = cx.value(bytes)?.try_into().ok()?;
    let n = lin.as_constant()?;
    (lin.terms.is_empty() && n % width == 0).then(|| vec![(Lin::constant(n / width), conj)])
}

/// How many elements of type `element` a `sizeof` expression measures.
fn sizeof_units(e: &Expr, element: &Type) -> Option<i128> {
    match &e.kind {
        ExprKind::SizeOf(t) => units(t, element),
        ExprKind::Cast(inner) if inner.ty.is_integer() => sizeof_units(inner, element),
        _ => None,
    }
}

/// How many elements of type `element` an object of type `t` holds, when
/// it is made of them.
fn units(t: &Type, element: &Type) -> Option<i128> {
    if t == element {
        return Some(1);
    }
    match t {
        Type::Array(inner, ferry_hcfg::ir::ArrayLen::Const(n)) => {
            units(inner, element)?.checked_mul(i128::from(*n))
        }
        _ => None,
    }
}
