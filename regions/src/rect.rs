//! The rectangular hull ⌈r⌉ of a region: per dimension, the bounds the
//! region puts on it alone, as a box; exact when the box is the region.
//! Transfers move boxes (DMA engines and `memcpy` move rectangles).

use crate::entity::phi;
use crate::region::{Approx, Region};
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
        // One convex set per dimension: its min and max bounds.
        let alone = alone.hull();
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
