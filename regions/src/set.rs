//! The isl operations regions need beyond `Poly`'s, each reporting failure
//! (a spent operation quota) instead of hiding it: a region whose set could
//! not be computed becomes the universe, and is no longer exact.

use ferry_hcfg::semantics::Factored;
use ferry_hcfg::semantics::poly::{Conj, Constraint, Poly, linked_constraints};
use isl_rs::{DimType, LibISLError, Set};
use std::cell::OnceCell;
use std::collections::HashSet;

/// The result of an isl operation, or `None` with isl's error cleared.
pub fn checked(p: &Poly, result: Result<Set, LibISLError>) -> Option<Poly> {
    match result {
        Ok(set) if set.ptr != 0 => Some(Poly { set }),
        _ => {
            p.set.get_ctx().reset_error();
            None
        }
    }
}

pub fn universe_like(p: &Poly) -> Poly {
    Poly::universe(&p.set.get_ctx())
}

pub fn empty_like(p: &Poly) -> Poly {
    Poly::empty(&p.set.get_ctx())
}

/// Whether a constraint of `p` mentions the parameter `name`.
pub fn involves(p: &Poly, name: &str) -> bool {
    match p.has(name) {
        Some(pos) => p
            .set
            .involves_dims(DimType::Param, pos, 1)
            .unwrap_or_else(|_| {
                p.set.get_ctx().reset_error();
                true
            }),
        None => false,
    }
}

/// Copies of `a` and `b` over the same parameters, for isl's binary
/// operations.
pub fn aligned(a: &Poly, b: &Poly) -> Result<(Set, Set), LibISLError> {
    let x = a.set.copy()?.align_params(b.set.get_space()?)?;
    let y = b.set.copy()?.align_params(x.get_space()?)?;
    Ok((x, y))
}

/// `a - b`, exactly (isl keeps the result as a union of pieces).
pub fn subtract(a: &Poly, b: &Poly) -> Option<Poly> {
    let result = aligned(a, b).and_then(|(x, y)| x.subtract(y));
    checked(a, result)
}

/// The most pieces handed to isl's coalescing. It compares the pieces
/// pair by pair and wraps facets around each pair, at a cost that grows
/// with the square of the pieces times that of their constraints: a
/// difference of two regions over a few dozen scalars can have hundreds of
/// pieces, and coalescing them took minutes (the main function of a
/// Csmith program). Past this, callers fall back on a hull (an
/// over-approximation) or drop a sure part (an under-approximation).
pub const MAX_COALESCED_PIECES: i32 = 24;

/// The same set with fewer pieces where isl can merge them exactly.
pub fn coalesce(p: &Poly) -> Option<Poly> {
    checked(p, p.set.copy().and_then(Set::coalesce))
}

pub fn n_pieces(p: &Poly) -> i32 {
    p.set.n_basic_set().unwrap_or_else(|_| {
        p.set.get_ctx().reset_error();
        i32::MAX
    })
}

/// How the convex piece [`hull_of`] gives stands to the set it holds.
enum Fit {
    /// It is the set (one piece once coalesced).
    Exact,
    /// It may hold more (too many pieces to coalesce, or isl failed).
    Over,
    /// It is the hull of these coalesced pieces: exact if it lies in them.
    HullOf(Poly),
}

/// One convex piece holding `p`, and how it fits `p`.
fn hull_of(p: &Poly) -> (Poly, Fit) {
    if n_pieces(p) > MAX_COALESCED_PIECES {
        return (p.hull(), Fit::Over);
    }
    let Some(c) = coalesce(p) else {
        return (universe_like(p), Fit::Over);
    };
    if n_pieces(&c) <= 1 {
        return (c, Fit::Exact);
    }
    (c.hull(), Fit::HullOf(c))
}

/// One convex piece holding `p` (a Z-polyhedron: it may keep existentially
/// quantified variables, as strides need), and whether it is exactly `p`.
pub fn convex(p: &Poly) -> (Poly, bool) {
    let (hull, fit) = hull_of(p);
    let exact = match fit {
        Fit::Exact => true,
        Fit::Over => false,
        Fit::HullOf(pieces) => hull.is_subset(&pieces),
    };
    (hull, exact)
}

/// One convex piece holding `p`, as [`convex`] gives it, without asking
/// whether it is exactly `p`: for a result that is may anyway (a union
/// with a may region), where that test was a tenth of the time of the
/// regions of SQLite.
pub fn convex_hull_of(p: &Poly) -> Poly {
    hull_of(p).0
}

/// `p` simplified under the assumption that `context` holds.
pub fn gist(p: &Poly, context: &Poly) -> Poly {
    let result = aligned(p, context).and_then(|(x, c)| x.gist(c));
    checked(p, result).unwrap_or_else(|| p.clone())
}

/// `left` equal to one of the affine cases (each under its own
/// conditions); `None` when a difference overflows, and the value must be
/// taken as unknown.
pub fn equal_to_cases(
    ctx: &isl_rs::Context,
    left: &ferry_hcfg::semantics::poly::Lin,
    cases: &[(
        ferry_hcfg::semantics::poly::Lin,
        ferry_hcfg::semantics::poly::Conj,
    )],
) -> Option<Poly> {
    use ferry_hcfg::semantics::poly::{Conj, Cons};
    let conjs = cases
        .iter()
        .map(|(lin, conj)| {
            let eq = left.sub(lin)?;
            Some(conj.and(&Conj {
                cons: vec![Cons::eq0(eq)],
                exists: Vec::new(),
            }))
        })
        .collect::<Option<Vec<Conj>>>()?;
    Some(Poly::from_dnf(ctx, &conjs))
}

/// `name == value`.
pub fn equal_to(
    ctx: &isl_rs::Context,
    name: &str,
    value: &ferry_hcfg::semantics::poly::Lin,
) -> Option<Poly> {
    use ferry_hcfg::semantics::poly::{Conj, Lin};
    equal_to_cases(
        ctx,
        &Lin::name(name.to_string()),
        &[(value.clone(), Conj::default())],
    )
}

/// The region's set with `phi1..phiN` as its dimensions (`Poly` keeps them
/// among the parameters) and the program's variables as parameters: the
/// form isl's per-dimension operations (`dim_min`, printing as a tuple)
/// need. `None` when isl fails.
pub fn with_phi_as_dims(p: &Poly, dims: usize) -> Option<isl_rs::Set> {
    use isl_rs::{DimType, Set};
    let ctx = p.set.get_ctx();
    let all: Vec<String> = (1..=dims).map(crate::entity::phi).collect();
    let frame = Set::read_from_str(&ctx, &format!("[{}] -> {{ : }}", all.join(", "))).ok()?;
    let aligned = p
        .set
        .copy()
        .ok()?
        .align_params(frame.get_space().ok()?)
        .ok()?;
    let mut set = aligned
        .intersect(frame.align_params(p.set.get_space().ok()?).ok()?)
        .ok()?;
    for (k, name) in all.iter().enumerate() {
        let pos = u32::try_from(set.find_dim_by_name(DimType::Param, name).ok()?).ok()?;
        set = set
            .move_dims(DimType::Set, k as u32, DimType::Param, pos, 1)
            .ok()?;
    }
    Some(set)
}

/// The interval `min ≤ name ≤ max` of `p` along its variable `name`, the
/// bounds piecewise in the other variables (isl's `dim_min`/`dim_max`),
/// where `p` has values: the tightest box of a union along one variable.
/// A convex hull cannot be that box when the pieces' bounds depend on
/// other variables differently (`0 ≤ φ < n` ∪ `m ≤ φ < m + n` has the
/// hull `n > 0`: over (φ, m) the pieces are unbounded together). `None`
/// when `p` is unbounded along `name` or isl fails.
pub fn interval_along(p: &Poly, name: &str) -> Option<Poly> {
    use isl_rs::{LocalSpace, PwAff};
    let ctx = p.set.get_ctx();
    let attempt = || -> Option<Poly> {
        let pos = u32::try_from(p.set.find_dim_by_name(DimType::Param, name).ok()?).ok()?;
        let line = p
            .set
            .copy()
            .ok()?
            .move_dims(DimType::Set, 0, DimType::Param, pos, 1)
            .ok()?;
        let min = line.copy().ok()?.dim_min(0).ok()?;
        let max = line.copy().ok()?.dim_max(0).ok()?;
        if min.involves_nan().ok()? || max.involves_nan().ok()? {
            return None;
        }
        let space = line.get_space().ok()?;
        let var = || {
            PwAff::var_on_domain(
                LocalSpace::from_space(space.copy().ok()?).ok()?,
                DimType::Set,
                0,
            )
            .ok()
        };
        let above = var()?.ge_set(min.add_dims(DimType::In, 1).ok()?).ok()?;
        let below = var()?.le_set(max.add_dims(DimType::In, 1).ok()?).ok()?;
        let interval = above.intersect(below).ok()?;
        let back = interval
            .move_dims(DimType::Param, pos, DimType::Set, 0, 1)
            .ok()?;
        let back = back.set_dim_name(DimType::Param, pos, name).ok()?;
        Some(Poly {
            set: back.params().ok()?.coalesce().ok()?,
        })
    };
    let out = attempt();
    if out.is_none() {
        ctx.reset_error();
    }
    out
}

/// A precondition cut along the variables its constraints share, so that
/// a region is intersected only with the part that bears on it
/// ([`Split::relevant_to`]).
///
/// The precondition of a statement of a large function constrains most of
/// its variables (a hundred in some functions of SQLite); intersected
/// whole with every region, it gave every region all of them as
/// parameters, and every later operation on the region paid for them.
/// The constraints not linked to the region's variables, through any chain
/// of shared variables, say nothing about which elements are touched: they
/// hold wherever the region is used (the region is over the stores the
/// precondition describes), so leaving them out changes no answer.
pub struct Split {
    store: Factored,
    /// The constraints of each piece, or `None` where a piece has
    /// existentials (the precondition is then used whole); read the first
    /// time a region asks, so that a loop none of whose regions needs the
    /// precondition costs nothing.
    pieces: OnceCell<Option<Vec<Vec<Constraint>>>>,
}

/// Preconditions over fewer variables than this are used whole: cutting
/// them saves nothing.
const SPLIT_FROM_PARAMS: usize = 16;

impl Split {
    pub fn new(p: &Factored) -> Split {
        Split {
            store: p.clone(),
            pieces: OnceCell::new(),
        }
    }

    /// The constraints linked to the variables `set` mentions.
    pub fn relevant_to(&self, set: &Poly) -> Poly {
        let pieces = self.pieces.get_or_init(|| {
            if self.store.names().len() < SPLIT_FROM_PARAMS {
                None
            } else {
                // Factored, the store gives the intervals of its unlinked
                // variables as they are, and isl the constraints of the
                // rest only.
                self.store.pieces().into_iter().collect()
            }
        });
        let Some(pieces) = pieces else {
            return self.store.whole().clone();
        };
        let mut reach: HashSet<String> = set.params().into_iter().collect();
        let conjs: Vec<Conj> = pieces
            .iter()
            .map(|piece| linked_constraints(piece, &mut reach))
            .collect();
        Poly::from_dnf(&set.set.get_ctx(), &conjs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use isl_rs::Context;

    fn poly(ctx: &Context, text: &str) -> Poly {
        Poly {
            set: Set::read_from_str(ctx, text).unwrap(),
        }
    }

    #[test]
    fn the_interval_of_two_shifted_pieces_is_bounded_where_their_hull_is_not() {
        let ctx = Context::alloc();
        let union = poly(
            &ctx,
            "[n, m, phi1] -> { : (0 <= phi1 < n) or (m <= phi1 < m + n and m >= 0) }",
        );
        // The hull keeps `phi1 >= 0` and loses every upper bound.
        let hull = union.hull();
        assert!(!hull.is_subset(&poly(
            &ctx,
            "[n, m, phi1] -> { : phi1 < n + m or phi1 < n }"
        )));
        let interval = interval_along(&union, "phi1").unwrap();
        let expected = poly(
            &ctx,
            "[n, m, phi1] -> { : (m < 0 and 0 <= phi1 < n) or (m >= 0 and n > 0 and 0 <= phi1 < m + n) }",
        );
        assert!(
            interval.is_subset(&expected) && expected.is_subset(&interval),
            "{}",
            interval.set.to_str().unwrap()
        );
        let unbounded = poly(&ctx, "[n, phi1] -> { : phi1 >= n }");
        assert!(interval_along(&unbounded, "phi1").is_none());
    }
}
