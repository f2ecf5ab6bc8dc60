//! What each transfer plan moves of a set, as a set: the elements a copy
//! made by that plan reaches. Every one contains the set (a plan may move
//! more than the region, never less), so the Load/Store equations of
//! isolation keep holding when they are written over these sets.
//!
//! Sets are regions over the program's variables and `phi1..phiN` (the
//! array's subscripts), as `transfer` builds them. The operations here
//! work on isl's form with the subscripts as dimensions
//! (`ferry_regions::set::with_phi_as_dims`) and come back to that one.

use crate::transfer::box_hull;
use ferry_hcfg::semantics::poly::Poly;
use ferry_regions::entity::phi;
use ferry_regions::set::{checked, with_phi_as_dims};
use isl_rs::{DimType, Map, Set};

/// At most this many rectangles make a `rects` plan: beyond, the region
/// is not "a few rectangles" and a scan of its rows is the better plan.
pub const MAX_RECTS: usize = 8;

/// `set` (subscripts as dimensions) back in the form with `phi1..phiN`
/// among the parameters.
fn from_phi_dims(like: &Poly, set: Set, dims: usize) -> Option<Poly> {
    let mut set = set;
    for k in 0..dims {
        set = set.set_dim_name(DimType::Set, k as u32, &phi(k + 1)).ok()?;
    }
    let params = set.dim(DimType::Param).ok()? as u32;
    // A set of no dimension is not yet a parameter set.
    let moved = set
        .move_dims(DimType::Param, params, DimType::Set, 0, dims as u32)
        .and_then(Set::params);
    checked(like, moved)
}

/// The runs of the set along its innermost subscript: for every value of
/// the outer subscripts, the interval from the least to the greatest
/// innermost subscript the set has there. What the `exact` plan moves (one
/// copy per run); the set itself when each such slice is an interval
/// (every convex set without strides on the innermost subscript).
pub fn runs(set: &Poly, dims: usize) -> Option<Poly> {
    if dims == 0 {
        return Some(set.clone());
    }
    let s = with_phi_as_dims(set, dims)?;
    let space = s.get_space().ok()?;
    let ctx = s.get_ctx();
    // { [o, x1] -> [o, x] : x >= x1 } and its mirror, over the same space.
    let outer: Vec<String> = (1..dims).map(|k| format!("o{k}")).collect();
    let tuple = |last: &str| {
        let mut all = outer.clone();
        all.push(last.to_string());
        format!("[{}]", all.join(", "))
    };
    let relation = |op: &str| -> Option<Map> {
        let text = format!("{{ {} -> {} : x {op} x1 }}", tuple("x1"), tuple("x"));
        let map = Map::read_from_str(&ctx, &text).ok()?;
        map.align_params(space.copy().ok()?).ok()
    };
    let above = s.copy().ok()?.apply(relation(">=")?).ok()?;
    let below = s.apply(relation("<=")?).ok()?;
    let closed = above.intersect(below).ok()?.coalesce().ok()?;
    from_phi_dims(set, closed, dims)
}

/// The span of the set in row-major order: every element from its least
/// to its greatest in lexicographic order, within `extents` (the declared
/// extents of the subscripts after the first, which must bound them).
/// What the `rows` plan moves in one contiguous copy.
pub fn span(set: &Poly, dims: usize, extents: &Poly) -> Option<Poly> {
    if dims == 0 {
        return Some(set.clone());
    }
    let s = with_phi_as_dims(set, dims)?;
    let space = s.get_space().ok()?;
    // From the two ends, not from the whole set: strided sets would give
    // isl many pieces with existentials to order.
    let ends = s.copy().ok()?.lexmin().ok()?.union(s.lexmax().ok()?).ok()?;
    let after = ends
        .copy()
        .ok()?
        .apply(Map::lex_le(space.copy().ok()?).ok()?)
        .ok()?;
    let before = ends.apply(Map::lex_ge(space).ok()?).ok()?;
    let rows = with_phi_as_dims(extents, dims)?;
    let rows = rows.align_params(after.get_space().ok()?).ok()?;
    let between = after.intersect(before).ok()?;
    let between = between.align_params(rows.get_space().ok()?).ok()?;
    from_phi_dims(set, between.intersect(rows).ok()?.coalesce().ok()?, dims)
}

/// The set as a few disjoint rectangles, when it is exactly their union:
/// what the `rects` plan moves, one copy per rectangle. `None` when a
/// piece is not a rectangle, or there are more than [`MAX_RECTS`].
pub fn rectangles(set: &Poly, dims: usize) -> Option<Vec<Poly>> {
    let s = with_phi_as_dims(set, dims)?
        .coalesce()
        .ok()?
        .make_disjoint()
        .ok()?;
    let list = s.get_basic_set_list().ok()?;
    let n = list.size().ok()? as usize;
    if n > MAX_RECTS {
        return None;
    }
    let mut out = Vec::with_capacity(n);
    for k in 0..n {
        let piece = from_phi_dims(
            set,
            Set::from_basic_set(list.get_at(k as i32).ok()?).ok()?,
            dims,
        )?;
        if piece.is_empty() {
            continue;
        }
        let rectangle = box_hull(&piece, dims);
        if !rectangle.is_subset(&piece) {
            return None;
        }
        out.push(rectangle);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use isl_rs::Context;

    /// Whether two sets hold the same elements.
    fn same(a: &Poly, b: &Poly) -> bool {
        a.is_subset(b) && b.is_subset(a)
    }

    fn poly(ctx: &Context, text: &str) -> Poly {
        Poly {
            set: Set::read_from_str(ctx, text).unwrap(),
        }
    }

    #[test]
    fn runs_fill_the_holes_of_each_row() {
        let ctx = Context::alloc();
        // A lower triangle is its own runs; a row with a hole is not.
        let triangle = poly(&ctx, "[n, phi1, phi2] -> { : 0 <= phi2 <= phi1 < n }");
        assert!(same(&runs(&triangle, 2).unwrap(), &triangle));
        let holed = poly(
            &ctx,
            "[phi1, phi2] -> { : 0 <= phi1 < 3 and (phi2 = 0 or phi2 = 5) }",
        );
        let filled = poly(
            &ctx,
            "[phi1, phi2] -> { : 0 <= phi1 < 3 and 0 <= phi2 <= 5 }",
        );
        assert!(same(&runs(&holed, 2).unwrap(), &filled));
    }

    #[test]
    fn a_span_goes_from_the_first_element_to_the_last_in_row_major_order() {
        let ctx = Context::alloc();
        // Rows 2..3 of a 10-wide array, from (2,5) to (3,3).
        let set = poly(
            &ctx,
            "[phi1, phi2] -> { : (phi1 = 2 and 5 <= phi2 <= 7) or (phi1 = 3 and 0 <= phi2 <= 3) }",
        );
        let extents = poly(&ctx, "[phi2] -> { : 0 <= phi2 < 10 }");
        let expected = poly(
            &ctx,
            "[phi1, phi2] -> { : (phi1 = 2 and 5 <= phi2 <= 9) or (phi1 = 3 and 0 <= phi2 <= 3) }",
        );
        assert!(same(&span(&set, 2, &extents).unwrap(), &expected));
    }

    #[test]
    fn an_l_shape_is_two_rectangles_and_a_triangle_none() {
        let ctx = Context::alloc();
        let l_shape = poly(
            &ctx,
            "[n, phi1, phi2] -> { : 0 <= phi1 < n and 0 <= phi2 < n and (phi1 < 2 or phi2 < 2) }",
        );
        let pieces = rectangles(&l_shape, 2).unwrap();
        assert_eq!(pieces.len(), 2);
        let union = pieces[0].union(&pieces[1]);
        assert!(same(&union, &l_shape));
        assert!(pieces[0].intersect(&pieces[1]).is_empty());
        let triangle = poly(&ctx, "[n, phi1, phi2] -> { : 0 <= phi2 <= phi1 < n }");
        assert!(rectangles(&triangle, 2).is_none());
    }
}
