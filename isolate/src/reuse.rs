//! Transfers reused between the iterations of a loop (section 4.3 of the
//! paper, Theorem 1 after Alias et al.), for a statement isolated as the
//! whole body of a counted loop: the device buffers live around the loop,
//! and iteration i moves only what earlier iterations did not bring and
//! later ones will not overwrite.
//!
//! With the exact regions of the paper, Load(i) = R(i) − ∪_{i'<i}(R(i') ∪
//! W(i')) and Store(i) = W(i) − ∪_{i'>i} W(i'). With over- and
//! under-approximated regions (IN̄ the over-approximated IN region, W̄,
//! W̲), what is safe is:
//!
//! - Need(i) = IN̄(i) ∪ (⌈W̄(i) ∩ OUT̄(i)⌉ − W̲(i)): what the isolated
//!   statement must find on the device (the set isolation loads, before its
//!   hull; what it reads after writing it is there by then);
//! - Avail(i) = ∪_{i'<i} (Need(i') ∪ W̲(i')): after iteration i', everything
//!   in Need(i') is on the device (by induction, loaded then or before) and
//!   W̲(i') was written there;
//! - Load(i) = ⌈Need(i) − Avail(i)⌉;
//! - Store(i) = ⌈(W̄(i) ∩ OUT̄(i) ∩ L) − ∪_{i'>i} W̲(i')⌉: what the rest
//!   of the run may read (OUT of the body counts later iterations as the
//!   rest), unless a later iteration surely writes it again; a may write
//!   could leave the value as it is. L is what may be read after the
//!   loop: only loop control runs on the host between two iterations, so
//!   the host reads what an iteration stores only after the loop, unless
//!   a load brings it back to the device first (the fallback below,
//!   which keeps the whole W̄ ∩ OUT̄ but in the last iteration). Convex
//!   OUT regions need it: a step's OUT is one set over every iteration,
//!   and keeps a temporary the next step reads (jacobi's second grid)
//!   in the last step too.
//!
//! Earlier and later iterations are those of the loop's exact iteration
//! domain (its bounds are invariant, the index is written only by the
//! loop), never of the precondition, which over-approximates. The host
//! runs nothing but the loop control between two iterations, so host and
//! device agree on every element except those the device wrote and has
//! not stored yet; a load whose box reaches one of them would overwrite
//! the newer value. Such an array (some earlier W̄ meets the load box)
//! goes back to per-iteration isolation in the shared buffer: Need's box
//! loaded, ⌈W̄⌉ stored, every iteration. So does every array when a set
//! depends on a variable the statement writes (its value in another
//! iteration is unknown).
//!
//! The first iteration loads all its Need and the last stores all its W̄;
//! they are generated apart (`if (i == first)`, `if (i == last)`, Listing
//! 1.8) when their boxes differ from the others'.

use crate::bounds::{DimBound, affine_expr, box_bounds};
use crate::planning::{Boxed, Choice, Kind, PlacedCopy, Spelling, placed_copy};
use crate::select::Target;
use crate::transfer::{Plan, box_hull, keep_nameable, precondition_at};
use ferry_hcfg::Analyses;
use ferry_hcfg::ir::{CountedLoop, LoopKind, NodeId, NodeKind};
use ferry_hcfg::semantics::poly::{Conj, Cons, Lin, Name, Poly};
use ferry_parser::ast::Expr;
use ferry_parser::build;
use ferry_regions::RegionsAnalysis;
use ferry_regions::entity::phi;
use ferry_regions::function::FunctionContext;
use ferry_regions::set::subtract;

/// The isl name of the index of another iteration.
const OTHER: &str = "ferry_other_iteration";

/// The transfers of one array when the loop around the statement shares
/// its buffer: boxes per iteration, split between the first (or last)
/// iteration and the others.
#[derive(Debug, Clone)]
pub struct LoopArray {
    /// The buffer, over every iteration; bounds evaluated before the loop.
    pub buffer: Vec<DimBound>,
    pub load_first: Option<PlacedCopy>,
    pub load_rest: Option<PlacedCopy>,
    pub store_rest: Option<PlacedCopy>,
    pub store_last: Option<PlacedCopy>,
}

/// The loop around an isolated statement whose transfers it shares.
#[derive(Debug, Clone)]
pub struct LoopReuse {
    /// The HCFG node of the loop.
    pub node: NodeId,
    /// The index, and its first and last values, as C.
    pub index: String,
    pub first: Expr,
    pub last: Expr,
    /// Per array of the plan, in its order.
    pub arrays: Vec<LoopArray>,
}

/// What [`loop_reuse`] needs to know of the statement.
pub struct Statement<'a> {
    pub analyses: &'a Analyses,
    pub regions: &'a RegionsAnalysis,
    pub function: &'a FunctionContext<'a>,
    pub target: &'a Target,
    pub plan: &'a Plan,
    /// The plans a copy may be made by besides its box.
    pub choice: Choice,
    /// C spellings of the isl names visible at the loop, and at the body.
    pub at_loop: &'a dyn Fn(&str) -> Option<String>,
    pub at_body: &'a dyn Fn(&str) -> Option<String>,
}

/// The counted loop whose whole body `target` is, if any.
pub fn enclosing_loop<'a>(a: &'a Analyses, target: &Target) -> Option<(NodeId, &'a CountedLoop)> {
    let body = a.program.function(target.function).body.as_ref()?;
    body.preorder().into_iter().find_map(|id| {
        let NodeKind::Loop(l) = &body.node(id).kind else {
            return None;
        };
        let LoopKind::Counted(c) = &l.kind else {
            return None;
        };
        let is_body = l.body == target.node
            || matches!(&body.node(l.body).kind,
                NodeKind::Seq { items, .. } if items.as_slice() == [target.node]);
        is_body.then_some((id, c))
    })
}

/// The loop-shared transfers of the statement, or `None` when the loop
/// does not lend itself (see the module's comment).
pub fn loop_reuse(s: &Statement, node: NodeId, c: &CountedLoop) -> Option<LoopReuse> {
    let a = s.analyses;
    let ctx = &a.semantics.ctx;
    let f = s.target.function;
    let index = Name::Pre(c.index).isl();
    let domain = s.function.index_range(c, &index)?;
    let lower = single(s.function.value(&c.lower)?)?;
    let upper = single(s.function.value(&c.upper)?)?;
    // The lower bound is evaluated once, before the loop: in the body it
    // names the first iteration (and, through it, earlier and later ones)
    // only while the loop leaves its variables alone (the upper bound's
    // are checked by the HCFG).
    let loop_effects = &a.effects.nodes[f.index()][node.index()];
    let written_in_loop = |x| loop_effects.may_write(&a.program, x);
    let fixed = |n: &str| matches!(Name::parse(n), Some(Name::Pre(x)) if !written_in_loop(x));
    let first_cond = s.function.first_index(c, &index, &fixed)?;
    let i = Lin::name(index.clone());
    let at = |lin: Lin| Poly::from_dnf(ctx, &[conj(vec![Cons::eq0(lin)])]);
    let after = |lin: Lin| Poly::from_dnf(ctx, &[conj(vec![Cons::ge0(lin)])]);
    let step = c.step;
    let rest_cond = if step > 0 {
        after(i.sub(&lower)?.add(&Lin::constant(-1))?)
    } else {
        after(lower.sub(&i)?.add(&Lin::constant(-1))?)
    };
    // The last value is the bound itself only for unit steps.
    let last_cond = if step.abs() == 1 {
        Some(at(i.sub(&upper)?))
    } else {
        None
    };
    let not_last = if step > 0 {
        after(upper.sub(&i)?.add(&Lin::constant(-1))?)
    } else {
        after(i.sub(&upper)?.add(&Lin::constant(-1))?)
    };
    // Earlier (later) iterations than the current one, over the exact
    // domain: `{ other : other in domain, other before (after) i }`.
    let other = Lin::name(OTHER.to_string());
    let ordered = |before: bool| -> Option<Poly> {
        let gap = if (step > 0) == before {
            i.sub(&other)?
        } else {
            other.sub(&i)?
        };
        Some(
            domain
                .rename(&index, OTHER)
                .intersect(&after(gap.add(&Lin::constant(-1))?)),
        )
    };
    let (earlier, later) = (ordered(true)?, ordered(false)?);
    let over = |set: &Poly, iterations: &Poly| {
        set.rename(&index, OTHER)
            .intersect(iterations)
            .project(OTHER)
    };
    // Sets that depend on what the statement writes cannot be moved to
    // other iterations.
    let written: Vec<String> = s
        .plan
        .scalars
        .iter()
        .filter(|t| t.store)
        .map(|t| Name::Pre(t.var).isl())
        .collect();
    let body_context = keep_nameable(&precondition_at(a, f, s.target.node), s.at_body, &[]);
    let loop_context = keep_nameable(&precondition_at(a, f, node), s.at_loop, &[]);
    // Where the statement runs: the differences below are taken there, so
    // that the pieces where the loop does not run do not widen the hulls.
    let scope = domain.intersect(&body_context);
    // What may be read of an array after the loop, in terms of the
    // variables the loop leaves alone (their values are the same in the
    // body); `None` from the OUT pass means anything may be.
    let live_after_loop = |v, dims| {
        let Some(live) = crate::transfer::live_after(s.regions, f, node, v, dims, ctx) else {
            return Poly::universe(ctx);
        };
        live.params().iter().fold(live.clone(), |live, p| {
            let vars = Name::parse(p).map_or_else(Vec::new, Name::variables_before);
            match vars.into_iter().any(written_in_loop) {
                true => live.project(p),
                false => live,
            }
        })
    };
    let mut arrays = Vec::new();
    for t in &s.plan.arrays {
        let sets = t.sets.as_ref()?;
        let mentioned = [
            &sets.need,
            &sets.need_convex,
            &sets.write,
            &sets.stored,
            &sets.store_box,
        ]
        .into_iter()
        .chain(sets.under.as_ref())
        .flat_map(|p| p.params());
        if mentioned.into_iter().any(|p| written.contains(&p)) {
            return None;
        }
        let phis: Vec<String> = (1..=t.dims).map(phi).collect();
        let hull = |p: &Poly| box_hull(p, t.dims);
        // The copy of a set in the iterations `when` selects, made as the
        // box of `area` there or by a plan inside that box: the hull is
        // taken there, not over every iteration (the first iteration's
        // loads would widen the others').
        let copy = |set: &Poly, area: &Poly, when: &Poly| -> Option<Option<PlacedCopy>> {
            let context = body_context.intersect(when);
            let area = hull(&area.intersect(&context).intersect(&domain));
            if area.is_empty() {
                return Some(None);
            }
            let bounds = box_bounds(&area, t.dims, &context, s.at_body).ok()?;
            let set = set.intersect(&context).intersect(&domain);
            let boxed = Boxed {
                set: &set,
                area: &area,
                bounds,
                kind: Kind::Hull,
                row_extents: sets.row_extents.as_ref(),
            };
            let at = Spelling {
                context: &context,
                name: s.at_body,
            };
            Some(Some(placed_copy(boxed, &at, s.choice).0))
        };
        // A set copied within its own box.
        let copy_set = |p: &Poly, when: &Poly| copy(p, p, when);
        let dirty = over(&sets.write, &earlier);
        // What iteration i loads with a given Need: Need(i) − Avail(i),
        // and whether its box reaches an element an earlier iteration may
        // have written on the device (a hazard).
        let loads_with = |need: &Poly| -> Option<(Poly, bool)> {
            let surely_written = match &sets.under {
                Some(u) => need.union(u),
                None => need.clone(),
            };
            let available = over(&surely_written, &earlier);
            let load = subtract(&need.intersect(&scope), &available)?;
            let hazard = !hull(&load.intersect(&rest_cond))
                .intersect(&dirty)
                .intersect(&domain)
                .intersect(&body_context)
                .is_empty();
            Some((load, hazard))
        };
        // Avail counts what earlier iterations needed, which they loaded
        // or found. With Need as the exact union of pieces (a[i] and
        // a[3i]), what is available is sparse and the next load's box
        // spans the gaps, which may hold newer device values; Need with
        // convex IN regions (a[i..3i], loaded whole) leaves no gaps. Both
        // are sound, each used throughout (first load, Avail, later
        // loads): the exact one is taken when it has no hazard and its
        // later loads' boxes lie within the convex one's.
        let exact = loads_with(&sets.need)?;
        let convex = if sets.need_convex.is_subset(&sets.need) {
            None
        } else {
            Some(loads_with(&sets.need_convex)?)
        };
        let rest_box = |load: &Poly| hull(&load.intersect(&rest_cond).intersect(&domain));
        let (need, (load, hazard)) = match convex {
            Some(convex)
                if !convex.1
                    && (exact.1 || !rest_box(&exact.0).is_subset(&rest_box(&convex.0))) =>
            {
                (&sets.need_convex, convex)
            }
            _ => (&sets.need, exact),
        };
        let whole_buffer = need.union(&sets.write_box).intersect(&domain);
        let buffer_set = keep_nameable(&whole_buffer.project(&index), s.at_loop, &phis);
        let buffer = box_bounds(&buffer_set, t.dims, &loop_context, s.at_loop).ok()?;
        // Only loop control runs on the host between two iterations: what
        // an iteration stores is read on the host only after the loop.
        // Where no load reads the host's copy of an element the device
        // wrote (no hazard), and after the last iteration, the stores are
        // cut to what is live after the loop.
        let live = live_after_loop(t.var, t.dims);
        let stored_live = sets.stored.intersect(&live);
        let stored_live_box = hull(&stored_live);
        // With a hazard, Need and the stored set every iteration, the
        // stores as the box of the stored set or within it.
        let (load_rest, store_rest, store_area) = if hazard {
            (need.clone(), sets.stored.clone(), sets.store_box.clone())
        } else {
            let overwritten = match &sets.under {
                Some(u) => over(u, &later),
                None => Poly::empty(ctx),
            };
            let store = subtract(&stored_live.intersect(&scope), &overwritten)?;
            (load, store.clone(), store)
        };
        let (store_rest, store_last) = match &last_cond {
            Some(last) => (
                copy(&store_rest, &store_area, &not_last)?,
                copy(&stored_live, &stored_live_box, last)?,
            ),
            // No last iteration to tell apart: every store is complete.
            None => {
                let (every, area) = if hazard {
                    (&sets.stored, &sets.store_box)
                } else {
                    (&stored_live, &stored_live_box)
                };
                let every = copy(every, area, &Poly::universe(ctx))?;
                (every.clone(), every)
            }
        };
        arrays.push(LoopArray {
            buffer,
            load_first: copy_set(need, &first_cond)?,
            load_rest: copy_set(&load_rest, &rest_cond)?,
            store_rest,
            store_last,
        });
    }
    Some(LoopReuse {
        node,
        index: (s.at_body)(&index)?,
        first: lin_to_c(&lower, s.at_body)?,
        last: lin_to_c(&upper, s.at_body)?,
        arrays,
    })
}

fn conj(cons: Vec<Cons>) -> Conj {
    Conj {
        cons,
        exists: Vec::new(),
    }
}

/// The affine form of a value with a single case.
fn single(cases: Vec<(Lin, Conj)>) -> Option<Lin> {
    match cases.as_slice() {
        [(lin, c)] if c.exists.is_empty() && c.cons.is_empty() => Some(lin.clone()),
        _ => None,
    }
}

/// An affine form as C, its names spelled by `name`.
fn lin_to_c(lin: &Lin, name: &dyn Fn(&str) -> Option<String>) -> Option<Expr> {
    affine_expr(lin, &|n| Some(build::name(&name(n)?)))
}
