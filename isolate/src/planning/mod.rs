//! Transfer plans: how the Load and Store sets of an isolated array are
//! moved. Isolation's equations give sets; DMA engines and `memcpy` move
//! rectangles and runs, so each set is moved by one of these plans:
//!
//! - **hull**: its rectangular hull, one n-dimensional copy (the paper);
//! - **rows**: its span in row-major order, from its first element to its
//!   last, one contiguous copy (the hull shrunk to the rows it reaches
//!   when the region spans whole rows);
//! - **exact**: its runs along the innermost subscript, scanned by an
//!   isl-generated loop nest, one 1-D copy per run (a triangle: one per
//!   row);
//! - **rects**: a few disjoint rectangles whose union is the set, one copy
//!   each (an L-shape, a frame), when it is exactly such a union.
//!
//! Every plan moves a superset of the set ([`sets`]), so a plan never
//! moves less than the region. The equations are written over what the
//! plan moves: with S the elements the Store plan moves of W̄ ∩ OUT̄, the
//! Load is IN̄ ∪ (S − W̲), moved by the same plan. So an over-approximated
//! region is never scanned as if it were exact: every element a store may
//! write back without the statement having surely written it is loaded
//! first, whatever the plan. One plan moves both sets of an array; the
//! device buffer is the rectangle over everything any considered plan
//! moves, indexed as the rewritten statement expects (a plan writes its
//! runs into their places in it).
//!
//! `--transfer-plan auto` (the default) keeps, per array, the hull and the
//! plans that could beat it (a plan that moves the same elements in more
//! calls, or more elements in as many, is dropped when the statement is
//! planned), and the generated code picks the cheapest under the cost
//! model ([`cost`]) before the statement runs, when the sizes are known:
//! the exact plan's cost is summed over its runs by the same loop nest.
//! Forcing a plan that does not apply (isl fails, the extents of a row are
//! unknown) falls back to the hull.

pub mod cost;
pub mod scan;
pub mod sets;

use crate::bounds::{DimBound, box_bounds, to_c};
use crate::transfer::box_hull;
use ferry_hcfg::semantics::poly::Poly;
use ferry_parser::ast::Expr;
use ferry_regions::set::{subtract, with_phi_as_dims};
use isl_rs::{PwAff, Set, Val};
use scan::Scan;

/// A transfer plan (the runtime's `enum ferry_plan`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Kind {
    #[default]
    Hull,
    Rows,
    Exact,
    Rects,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Hull => "hull",
            Kind::Rows => "rows",
            Kind::Exact => "exact",
            Kind::Rects => "rects",
        }
    }

    pub fn c_name(self) -> &'static str {
        match self {
            Kind::Hull => "FERRY_PLAN_HULL",
            Kind::Rows => "FERRY_PLAN_ROWS",
            Kind::Exact => "FERRY_PLAN_EXACT",
            Kind::Rects => "FERRY_PLAN_RECTS",
        }
    }
}

/// How one set is copied, as C.
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    /// One rectangle (the hull plan; a forced plan that fell back).
    Box(Vec<DimBound>),
    /// Disjoint rectangles.
    Boxes(Vec<Vec<DimBound>>),
    /// From `first` to `last` (subscripts, as C) in row-major order; when
    /// the set is empty, `last` comes before `first`.
    Span { first: Vec<Expr>, last: Vec<Expr> },
    /// One copy per run.
    Runs(Scan),
}

/// One plan of an array: the plan its copies are counted under, and how
/// its Load and Store are copied.
#[derive(Debug, Clone)]
pub struct Copies {
    pub kind: Kind,
    pub load: Option<Shape>,
    pub store: Option<Shape>,
}

/// Which plans an array may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    /// This one (or the hull where it does not apply).
    Forced(Kind),
    /// The cheapest under the cost model, chosen when the program runs.
    Auto,
}

/// The sets of one array that isolation's equations start from, over the
/// program's variables and `phi1..phi{dims}`.
pub struct ArrayRegions<'a> {
    /// IN̄.
    pub read: &'a Poly,
    /// W̄ ∩ OUT̄.
    pub stored: &'a Poly,
    /// W̲, when known.
    pub under: Option<&'a Poly>,
    /// ⌈W̄⌉: the buffer holds it.
    pub write_box: &'a Poly,
    pub dims: usize,
    /// The declared extents of the subscripts after the first (a span
    /// stays within a row), when they are all known.
    pub row_extents: Option<&'a Poly>,
    /// The hull plan's copies, already spelled by the caller (which must
    /// bound them anyway, to say why a region cannot be copied): the box
    /// of the Load set IN̄ ∪ (⌈W̄ ∩ OUT̄⌉ − W̲) and the box of W̄ ∩ OUT̄.
    pub hull: &'a Copies,
}

/// Where and how the sets are spelled as C: the statement's precondition
/// and the C names of the variables.
pub struct Spelling<'a> {
    pub context: &'a Poly,
    pub name: &'a dyn Fn(&str) -> Option<String>,
}

/// The plans of one array and its buffer (as a set).
pub struct ArrayPlans {
    /// At least one (the hull, when no other applies); several are
    /// compared at run time.
    pub copies: Vec<Copies>,
    pub buffer: Poly,
}

/// What one plan moves of the Store set and then of the Load set.
struct Moved {
    kind: Kind,
    load_set: Poly,
    store: Poly,
    load: Poly,
}

/// isl operations one plan other than the hull may take (the hull is
/// what isolation always did, and needs no quota): beyond, the plan does
/// not apply. Strided and wrapped regions can make isl's hulls and
/// orderings blow up, and ferry must not hang on them.
const ISL_OPERATIONS_PER_PLAN: u64 = 2_000_000;

/// The plans of one array under `choice`.
pub fn plan_array(r: &ArrayRegions, at: &Spelling, choice: Choice) -> ArrayPlans {
    let hull = moved(r, Kind::Hull).expect("the hull always applies");
    let ctx = r.write_box.set.get_ctx();
    // A plan, its copies spelled, when isl manages both within the quota.
    let planned = |kind: Kind, auto: bool| {
        within_quota(&ctx, || {
            let m = moved(r, kind)?;
            if auto && !may_beat_hull(&m, &hull) {
                return None;
            }
            let c = spell(r, at, &m)?;
            let reach = reach(&m, r.dims);
            Some((reach, c))
        })
    };
    let mut considered = Vec::new();
    match choice {
        Choice::Forced(Kind::Hull) => {}
        Choice::Forced(kind) => considered.extend(planned(kind, false)),
        Choice::Auto => {
            for kind in AUTO_CANDIDATES {
                considered.extend(planned(kind, true));
            }
        }
    }
    // A forced plan replaces the hull (unless it does not apply); auto
    // keeps the hull first, so that ties go to it.
    if choice == Choice::Auto || considered.is_empty() {
        considered.insert(0, (reach(&hull, r.dims), r.hull.clone()));
    }
    let mut buffer = r.write_box.clone();
    let mut copies = Vec::new();
    for (reach, c) in considered {
        buffer = buffer.union(&reach);
        copies.push(c);
    }
    ArrayPlans {
        copies,
        buffer: box_hull(&buffer, r.dims),
    }
}

/// The boxes of what a plan moves, which the buffer must hold (boxes:
/// the union of the sets themselves may be costly for isl).
fn reach(m: &Moved, dims: usize) -> Poly {
    box_hull(&m.load, dims).union(&box_hull(&m.store, dims))
}

/// `work` under an isl operation quota; `None` when isl gave up, in it or
/// in a `Poly` operation (which answers the universe then, sound for the
/// analyses but useless as a plan).
fn within_quota<T>(ctx: &isl_rs::Context, work: impl FnOnce() -> Option<T>) -> Option<T> {
    let saved = ctx.get_max_operations();
    ctx.reset_error();
    ctx.reset_operations();
    ctx.set_max_operations(ISL_OPERATIONS_PER_PLAN);
    let failures = ferry_hcfg::semantics::poly::failures();
    let result = work();
    let failed = ferry_hcfg::semantics::poly::failures() != failures;
    ctx.reset_error();
    ctx.reset_operations();
    ctx.set_max_operations(saved);
    result.filter(|_| !failed)
}

/// Whether a plan may cost less than the hull for some sizes.
fn may_beat_hull(m: &Moved, hull: &Moved) -> bool {
    // Every plan makes at least the hull's one call per side, so it must
    // move fewer elements on one side at least.
    !hull.load.is_subset(&m.load) || !hull.store.is_subset(&m.store)
}

/// What `kind` moves of the Store set, and of the Load set that follows
/// from it. `None` when the plan does not apply.
fn moved(r: &ArrayRegions, kind: Kind) -> Option<Moved> {
    let store = moved_of(r, kind, r.stored)?;
    let not_surely_written = match r.under {
        Some(u) => subtract(&store, u).unwrap_or_else(|| store.clone()),
        None => store.clone(),
    };
    let load_set = r.read.union(&not_surely_written);
    let load = moved_of(r, kind, &load_set)?;
    Some(Moved {
        kind,
        load_set,
        store,
        load,
    })
}

fn moved_of(r: &ArrayRegions, kind: Kind, set: &Poly) -> Option<Poly> {
    if set.is_empty() {
        return Some(set.clone());
    }
    match kind {
        Kind::Hull | Kind::Exact | Kind::Rects => moved_of_kind(set, r.dims, kind),
        Kind::Rows => span_of(set, r.dims, r.row_extents),
    }
}

/// The C of a plan's copies; `None` when isl cannot spell them.
fn spell(r: &ArrayRegions, at: &Spelling, m: &Moved) -> Option<Copies> {
    let shape = |set: &Poly| -> Option<Option<Shape>> {
        if set.is_empty() {
            return Some(None);
        }
        shape_of(r.dims, at, m.kind, set).map(Some)
    };
    // The Store plan is spelled from W̄ ∩ OUT̄, the Load plan from the
    // Load set: each shape moves what `moved` said.
    Some(Copies {
        kind: m.kind,
        load: shape(&m.load_set)?,
        store: shape(r.stored)?,
    })
}

/// The plans `auto` weighs against the hull, in this order: on a tie the
/// first wins, and a few rectangles are straight-line copies where the
/// exact plan's runs need a loop nest.
const AUTO_CANDIDATES: [Kind; 3] = [Kind::Rows, Kind::Rects, Kind::Exact];

fn shape_of(dims: usize, at: &Spelling, kind: Kind, set: &Poly) -> Option<Shape> {
    match kind {
        // The caller spells the hull's own copies (`ArrayRegions::hull`).
        Kind::Hull => box_bounds(set, dims, at.context, at.name)
            .ok()
            .map(Shape::Box),
        Kind::Rects => {
            let pieces = sets::rectangles(set, dims)?;
            pieces
                .iter()
                .map(|p| box_bounds(p, dims, at.context, at.name).ok())
                .collect::<Option<Vec<_>>>()
                .map(Shape::Boxes)
        }
        Kind::Exact => scan::scan(set, dims, at.context, at.name).map(Shape::Runs),
        Kind::Rows => {
            let (first, last) = span_ends(set, dims, at)?;
            Some(Shape::Span { first, last })
        }
    }
}

/// One copy whose place the caller decides (the copies shared between
/// the iterations of a loop, `reuse`, and between the statements of a
/// sequence, `share`), with the plans it may be made by: the caller's box
/// first, unless a forced plan replaced it, then the plans that move fewer
/// of its elements. The generated code picks the cheapest where the copy
/// is made.
#[derive(Debug, Clone, PartialEq)]
pub struct PlacedCopy {
    pub options: Vec<(Kind, Shape)>,
}

/// A set the caller copies as a box, and the box: `set` ⊆ `area`, the box
/// spelled as `bounds` and counted under `kind`.
pub struct Boxed<'a> {
    pub set: &'a Poly,
    pub area: &'a Poly,
    pub bounds: Vec<DimBound>,
    pub kind: Kind,
    /// The array's row extents, for the rows plan (`ArrayRegions`).
    pub row_extents: Option<&'a Poly>,
}

/// The plans a placed copy of `b.set` may be made by under `choice`, and
/// the elements every one of them moves (the least the device holds after
/// the copy, whichever the generated code picks).
///
/// Every plan offered moves a subset of the caller's box and a superset of
/// the set: the callers reason about boxes (a load whose box meets newer
/// device values waits for their stores; the buffer holds every box), so
/// a plan inside the box keeps their reasoning true. A plan that would
/// leave the box (a span running across the ends of rows the box does not
/// cover) is not offered: the copy keeps its box then, even when that plan
/// was forced.
pub fn placed_copy(b: Boxed, at: &Spelling, choice: Choice) -> (PlacedCopy, Poly) {
    let dims = b.bounds.len();
    let wanted = match choice {
        Choice::Auto => AUTO_CANDIDATES.to_vec(),
        Choice::Forced(Kind::Hull) => Vec::new(),
        Choice::Forced(kind) => vec![kind],
    };
    let ctx = b.area.set.get_ctx();
    let mut least = b.area.clone();
    let mut options = Vec::new();
    for kind in wanted {
        let found = within_quota(&ctx, || {
            let moved = match kind {
                Kind::Rows => span_of(b.set, dims, b.row_extents)?,
                _ => moved_of_kind(b.set, dims, kind)?,
            };
            if !moved.is_subset(b.area) || b.area.is_subset(&moved) {
                return None;
            }
            Some((shape_of(dims, at, kind, b.set)?, moved))
        });
        if let Some((shape, moved)) = found {
            least = least.intersect(&moved);
            options.push((kind, shape));
        }
    }
    if options.is_empty() || choice == Choice::Auto {
        // Ties go to the box, which comes first.
        options.insert(0, (b.kind, Shape::Box(b.bounds)));
    }
    (PlacedCopy { options }, least)
}

/// What the rows plan moves of a set: its span, within rows of the
/// declared extents (`None` when a row's extents are unknown).
fn span_of(set: &Poly, dims: usize, row_extents: Option<&Poly>) -> Option<Poly> {
    let universe = Poly::universe(&set.set.get_ctx());
    let extents = if dims == 1 { &universe } else { row_extents? };
    sets::span(set, dims, extents)
}

/// What the hull, exact or rects plan moves of a set (none needs the
/// extents of a row; the rows plan's is [`span_of`]).
fn moved_of_kind(set: &Poly, dims: usize, kind: Kind) -> Option<Poly> {
    match kind {
        Kind::Exact => sets::runs(set, dims),
        Kind::Rects => {
            let pieces = sets::rectangles(set, dims)?;
            let empty = Poly::empty(&set.set.get_ctx());
            Some(pieces.iter().fold(empty, |acc, p| acc.union(p)))
        }
        Kind::Hull => Some(box_hull(set, dims)),
        Kind::Rows => None,
    }
}

/// The least and the greatest element of `set` in lexicographic order,
/// per subscript, as C; where the set is empty, `first` is all zeros and
/// `last` is one row before it.
fn span_ends(set: &Poly, dims: usize, at: &Spelling) -> Option<(Vec<Expr>, Vec<Expr>)> {
    let s = with_phi_as_dims(set, dims)?;
    let ctx = s.get_ctx();
    let untouched = s.copy().ok()?.params().ok()?.complement().ok()?;
    let ends = |pma: isl_rs::PwMultiAff, empty_first: i64| -> Option<Vec<Expr>> {
        (0..dims)
            .map(|k| {
                let value = if k == 0 { empty_first } else { 0 };
                let off = PwAff::val_on_domain(
                    untouched.copy().ok()?,
                    Val::int_from_si(&ctx, value).ok()?,
                )
                .ok()?;
                let pa = pma.get_pw_aff(k as i32).ok()?.union_add(off).ok()?;
                to_c(pa, at.context, at.name)
            })
            .collect()
    };
    let first = ends(s.copy().ok()?.lexmin_pw_multi_aff().ok()?, 0)?;
    let last = ends(Set::lexmax_pw_multi_aff(s).ok()?, -1)?;
    Some((first, last))
}
