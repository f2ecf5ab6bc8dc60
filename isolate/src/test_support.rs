//! What the unit tests of several modules build their sets with.

use ferry_hcfg::semantics::poly::Poly;
use isl_rs::{Context, Set};

/// The set isl's notation `text` writes (`[n, phi1] -> { : 0 <= phi1 < n }`).
pub fn poly(ctx: &Context, text: &str) -> Poly {
    Poly {
        set: Set::read_from_str(ctx, text).unwrap(),
    }
}
