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

/// What the `exact` plan moves of a set: each convex piece with the holes
/// of its rows filled (from the least to the greatest innermost subscript
/// the piece has in a row: strides are not worth a copy per element), the
/// pieces kept apart (a rim is its two sides, not the rows between them).
/// The set itself when its pieces have no strides on the innermost
/// subscript. The plan copies its maximal runs ([`run_ends`]).
pub fn runs(set: &Poly, dims: usize) -> Option<Poly> {
    if dims == 0 {
        return Some(set.clone());
    }
    let s = with_phi_as_dims(set, dims)?.coalesce().ok()?;
    let rows = RowRelations::new(&s, dims)?;
    let pieces = s.copy().ok()?.get_basic_set_list().ok()?;
    let mut filled = Set::empty(s.get_space().ok()?).ok()?;
    for k in 0..pieces.size().ok()? {
        let piece = Set::from_basic_set(pieces.get_at(k).ok()?).ok()?;
        let above = piece.copy().ok()?.apply(rows.map("x >= x1")?).ok()?;
        let below = piece.apply(rows.map("x <= x1")?).ok()?;
        filled = filled.union(above.intersect(below).ok()?).ok()?;
    }
    from_phi_dims(set, filled.coalesce().ok()?, dims)
}

/// The maximal runs of a set along its innermost subscript, as the set of
/// `[o1, .., start, end]`: the outer subscripts, then a run's first and
/// last innermost subscripts. An element whose predecessor in its row is
/// not in the set starts a run, which ends at the first element after it
/// whose successor is not.
pub fn run_ends(set: &Poly, dims: usize) -> Option<Set> {
    let s = with_phi_as_dims(set, dims)?;
    let rows = RowRelations::new(&s, dims)?;
    let starts = s
        .copy()
        .ok()?
        .subtract(s.copy().ok()?.apply(rows.map("x = x1 + 1")?).ok()?)
        .ok()?;
    let ends = s
        .copy()
        .ok()?
        .subtract(s.apply(rows.map("x = x1 - 1")?).ok()?)
        .ok()?;
    let first_end = rows
        .map("x >= x1")?
        .intersect_domain(starts)
        .ok()?
        .intersect_range(ends)
        .ok()?
        .lexmin()
        .ok()?;
    // [[o, start] -> [o, end]] as [o, start, end].
    let flat = first_end.wrap().ok()?.flatten().ok()?;
    flat.project_out(DimType::Set, dims as u32, (dims - 1) as u32)
        .ok()?
        .coalesce()
        .ok()
}

/// Relations between two elements of one row of a set's space.
struct RowRelations {
    ctx: isl_rs::Context,
    space: isl_rs::Space,
    outer: Vec<String>,
}

impl RowRelations {
    fn new(s: &Set, dims: usize) -> Option<RowRelations> {
        Some(RowRelations {
            ctx: s.get_ctx(),
            space: s.get_space().ok()?,
            outer: (1..dims).map(|k| format!("o{k}")).collect(),
        })
    }

    /// `{ [o, x1] -> [o, x] : condition }` over the set's parameters.
    fn map(&self, condition: &str) -> Option<Map> {
        let tuple = |last: &str| {
            let mut all = self.outer.clone();
            all.push(last.to_string());
            format!("[{}]", all.join(", "))
        };
        let text = format!("{{ {} -> {} : {condition} }}", tuple("x1"), tuple("x"));
        Map::read_from_str(&self.ctx, &text)
            .ok()?
            .align_params(self.space.copy().ok()?)
            .ok()
    }
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
        let piece = Set::from_basic_set(list.get_at(k as i32).ok()?).ok()?;
        for band in bands(piece, dims)? {
            let band = from_phi_dims(set, band, dims)?;
            if band.is_empty() {
                continue;
            }
            let rectangle = box_hull(&band, dims);
            if !rectangle.is_subset(&band) || out.len() == MAX_RECTS {
                return None;
            }
            out.push(rectangle);
        }
    }
    Some(out)
}

/// A convex piece (subscripts as dimensions) cut along its first
/// subscript where the least or greatest value of another subscript
/// changes its formula: a piece whose rows do not all have the same
/// extents (a grid without its corners) is a band of rows per extent,
/// each a rectangle when the piece's sides are straight.
fn bands(piece: Set, dims: usize) -> Option<Vec<Set>> {
    if dims < 2 {
        return Some(vec![piece]);
    }
    let rows = |set: Set| -> Option<Map> {
        Map::from_range(set)
            .ok()?
            .move_dims(DimType::In, 0, DimType::Out, 0, 1)
            .ok()
    };
    let by_row = rows(piece)?;
    let mut cells = vec![by_row.copy().ok()?.domain().ok()?];
    for k in 0..dims - 1 {
        // [x1] -> [xk]: its least and greatest value, formula by formula.
        let one = by_row
            .copy()
            .ok()?
            .project_out(DimType::Out, k as u32 + 1, (dims - 2 - k) as u32)
            .ok()?
            .project_out(DimType::Out, 0, k as u32)
            .ok()?;
        for extreme in [one.copy().ok()?.lexmin().ok()?, one.lexmax().ok()?] {
            let formulas = extreme.get_basic_map_list().ok()?;
            let mut refined = Vec::new();
            for cell in &cells {
                for f in 0..formulas.size().ok()? {
                    let domain =
                        Set::from_basic_set(formulas.get_at(f).ok()?.domain().ok()?).ok()?;
                    let part = cell.copy().ok()?.intersect(domain).ok()?;
                    if !part.is_empty().ok()? {
                        refined.push(part);
                    }
                }
            }
            cells = refined;
            if cells.len() > MAX_RECTS {
                return None;
            }
        }
    }
    cells
        .into_iter()
        .map(|cell| {
            let band = by_row.copy().ok()?.intersect_domain(cell).ok()?;
            band.wrap().ok()?.flatten().ok()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::poly;
    use isl_rs::Context;

    /// Whether two sets hold the same elements.
    fn same(a: &Poly, b: &Poly) -> bool {
        a.is_subset(b) && b.is_subset(a)
    }

    #[test]
    fn runs_fill_the_holes_of_a_piece_not_those_between_pieces() {
        let ctx = Context::alloc();
        // A lower triangle is its own runs; so is a rim of two columns.
        let triangle = poly(&ctx, "[n, phi1, phi2] -> { : 0 <= phi2 <= phi1 < n }");
        assert!(same(&runs(&triangle, 2).unwrap(), &triangle));
        let rim = poly(
            &ctx,
            "[phi1, phi2] -> { : 0 <= phi1 < 3 and (phi2 = 0 or phi2 = 5) }",
        );
        assert!(same(&runs(&rim, 2).unwrap(), &rim));
        // The even columns of one piece: the whole rows between.
        let strided = poly(
            &ctx,
            "[phi1, phi2] -> { : 0 <= phi1 < 3 and 0 <= phi2 <= 6 and exists k : phi2 = 2k }",
        );
        let filled = poly(
            &ctx,
            "[phi1, phi2] -> { : 0 <= phi1 < 3 and 0 <= phi2 <= 6 }",
        );
        assert!(same(&runs(&strided, 2).unwrap(), &filled));
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

    #[test]
    fn a_grid_without_its_corners_is_three_bands() {
        let ctx = Context::alloc();
        // One convex piece (an octagon's integer points): rows 0 and n-1
        // are one shorter at both ends.
        let octagon = poly(
            &ctx,
            "[n, phi1, phi2] -> { : n >= 3 and 0 <= phi1 < n and 0 <= phi2 < n \
             and phi1 + phi2 >= 1 and phi2 - phi1 <= n - 2 and phi1 - phi2 <= n - 2 \
             and phi1 + phi2 <= 2n - 3 }",
        );
        let pieces = rectangles(&octagon, 2).unwrap();
        assert_eq!(pieces.len(), 3);
        let union = pieces
            .iter()
            .skip(1)
            .fold(pieces[0].clone(), |u, p| u.union(p));
        assert!(same(&union, &octagon));
    }
}
