//! The rectangular hull ⌈r⌉ of a region: per dimension, the bounds the
//! region puts on it alone, as a box; exact when the box is the region.
//! Transfers move boxes (DMA engines and `memcpy` move rectangles).

use crate::entity::phi;
use crate::region::{Approx, Region};
use crate::set::interval_along;
use ferry_hcfg::semantics::poly::Poly;

pub struct RectHull {
    /// The box, over the parameters and `phi1..phiN`.
    pub region: Region,
    /// Per dimension: the projection of the region on it (its bounds as
    /// constraints between `phiK` and the parameters).
    pub dims: Vec<Poly>,
}

pub fn rect_hull(region: &Region, dims: usize) -> RectHull {
    let ctx = region.set.set.get_ctx();
    let mut boxed = Poly::universe(&ctx);
    let mut per_dim = Vec::with_capacity(dims);
    for k in 1..=dims {
        let mut alone = region.set.clone();
        for j in 1..=dims {
            if j != k {
                alone = alone.project(&phi(j));
            }
        }
        // One convex set per dimension: its min and max bounds; where
        // the hull loses them, the interval between them, piecewise. A
        // strided projection (existentials: `18i + 17`) has a rational
        // hull wider than its least and greatest elements, which the
        // copies move: its interval is the box then.
        let hull = alone.hull();
        let strided = || alone.pieces().iter().any(Option::is_none);
        let alone = if bounds_both_ways(&hull, &phi(k)) && !strided() {
            hull
        } else {
            interval_along(&alone, &phi(k)).unwrap_or(hull)
        };
        boxed = boxed.intersect(&alone);
        per_dim.push(alone);
    }
    if dims == 0 {
        boxed = region.set.clone();
    }
    let exact = region.is_exact() && boxed.is_subset(&region.set);
    RectHull {
        region: Region::new(boxed, Approx::from_exact(exact)),
        dims: per_dim,
    }
}

/// Whether the convex set `p` bounds its variable `name` from below and
/// from above (for fixed values of the others).
fn bounds_both_ways(p: &Poly, name: &str) -> bool {
    let pieces = p.pieces();
    let [Some(constraints)] = pieces.as_slice() else {
        return false;
    };
    let coefficient = |c: &(Vec<(String, i128)>, i128, bool)| {
        c.0.iter().find(|(n, _)| n == name).map_or(0, |(_, k)| *k)
    };
    let from = |sign: i128| {
        constraints
            .iter()
            .any(|c| c.2 && coefficient(c) != 0 || coefficient(c) * sign > 0)
    };
    from(1) && from(-1)
}
