//! Operations on the sure part of a may region (what is surely touched):
//! exact isl operations on unions of convex pieces, where `Poly`'s would
//! over-approximate (a union of many pieces becomes its hull, a failure
//! the universe). Each returns `None`, nothing known to be touched, where
//! the exact result is not available or has more than [`MAX_PIECES`]
//! pieces: dropping elements from an under-approximation is always sound.

use crate::set::{MAX_COALESCED_PIECES, aligned, checked, coalesce, n_pieces};
use ferry_hcfg::ir::VarId;
use ferry_hcfg::semantics::budget;
use ferry_hcfg::semantics::poly::{Name, Poly};

/// The most convex pieces a sure part keeps: enough for a column written
/// as its two ends and its inside, or the rim of a 3-D grid as its six
/// faces (what a stencil reads around what an earlier sweep wrote); more
/// only makes every later operation slower.
pub const MAX_PIECES: i32 = 8;

/// The isl operations spent trying to coalesce a set of more than
/// [`MAX_PIECES`] pieces down to that many. Over Csmith programs, such
/// coalescings succeeded 6 times in 385, each in a tenth of a millisecond;
/// the others kept their pieces and took up to 50 ms each (a second of
/// one program's OUT regions), only for the sure part to be dropped.
const OVER_CAP_COALESCE_OPERATIONS: u64 = 2_000;

/// `p` coalesced, or `None` when it has too many pieces.
pub fn capped(p: &Poly) -> Option<Poly> {
    let pieces = n_pieces(p);
    if pieces <= MAX_PIECES {
        return coalesce(p);
    }
    if pieces > MAX_COALESCED_PIECES {
        return None;
    }
    let p = budget::within(&p.set.get_ctx(), OVER_CAP_COALESCE_OPERATIONS, || {
        coalesce(p).ok_or(())
    })
    .ok()?;
    (n_pieces(&p) <= MAX_PIECES).then_some(p)
}

/// `a ∪ b`.
pub fn union(a: &Poly, b: &Poly) -> Option<Poly> {
    let result = aligned(a, b).and_then(|(x, y)| x.union(y));
    capped(&checked(a, result)?)
}

/// `a ∩ b`.
pub fn intersect(a: &Poly, b: &Poly) -> Option<Poly> {
    let result = aligned(a, b).and_then(|(x, y)| x.intersect(y));
    capped(&checked(a, result)?)
}

/// `a` with the parameter `name` existentially quantified away.
pub fn project(a: &Poly, name: &str) -> Option<Poly> {
    let Some(pos) = a.has(name) else {
        return Some(a.clone());
    };
    let result = a
        .set
        .copy()
        .and_then(|s| s.project_out(isl_rs::DimType::Param, pos, 1));
    capped(&checked(a, result)?)
}

/// `a` with the parameter `from` named `to`.
pub fn rename(a: &Poly, from: &str, to: &str) -> Option<Poly> {
    let Some(pos) = a.has(from) else {
        return Some(a.clone());
    };
    let result = a
        .set
        .copy()
        .and_then(|s| s.set_dim_name(isl_rs::DimType::Param, pos, to));
    checked(a, result)
}

/// `a`, over the store after `t`, over the store before it: `rel` is
/// `t`'s relation with the variables of `mentioned` after it renamed to
/// their `Mid` names (the others projected away), and `t` determines
/// each of them (a relation that is a function maps each store to the
/// one `t` reaches, wherever `t` terminates).
pub fn translate(a: &Poly, rel: &Poly, mentioned: &[VarId]) -> Option<Poly> {
    let mut set = a.clone();
    for &v in mentioned {
        set = rename(&set, &Name::Pre(v).isl(), &Name::Mid(v).isl())?;
    }
    let mut joined = intersect(&set, rel)?;
    for &v in mentioned {
        joined = project(&joined, &Name::Mid(v).isl())?;
    }
    Some(joined)
}
