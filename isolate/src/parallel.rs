//! Parallel loops from regions, as PIPS's coarse-grain parallelisation: a
//! counted loop is parallel when, the index renamed, the WRITE region of
//! one iteration meets neither the READ nor the WRITE region of another,
//! and every scalar its body writes is private (written before it is read
//! in every iteration, and dead after the loop) or a reduction
//! (`reduction`).
//!
//! Two iterations are told apart by renaming, in the second one's
//! regions, the index and every scalar the body writes (their values at
//! the two iterations' starts differ); scalars the loop leaves alone keep
//! their name, as they have one value throughout. Both iterations are
//! taken within the body's precondition, so the loop's bounds apply to
//! each. Regions are over-approximations, so a loop found parallel is
//! parallel; one found sequential may not be (a may region, an access
//! ferry cannot name).

use crate::reduction::{self, NotReduction};
use ferry_hcfg::Analyses;
use ferry_hcfg::ir::{Body, FuncId, LoopKind, NodeId, NodeKind, VarId};
use ferry_hcfg::semantics::poly::{Conj, Cons, Lin, Name, Poly};
use ferry_parser::ast::StmtId;
use ferry_parser::intern::Symbol;
use ferry_parser::span::Span;
use ferry_regions::RegionsAnalysis;
use ferry_regions::entity::{Entity, Root, Step};
use ferry_regions::region::RegionMap;
use ferry_targets::kernel::Operator;

/// What was decided for one loop.
#[derive(Debug, Clone)]
pub struct Decision {
    /// The loop statement, and where it is written.
    pub stmt: Option<StmtId>,
    pub span: Span,
    /// Its index, for a counted loop.
    pub index: Option<VarId>,
    pub verdict: Verdict,
    /// What the outliner may do to the loop to get deeper kernels.
    pub reshaping: Reshaping,
}

/// Loop transformations found legal, which the outliner makes where they
/// give a kernel more parallel dimensions (gemm's `i` loop over two nests,
/// its `k` loop around a parallel `j`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reshaping {
    /// The loop is parallel and may be distributed over the statements of
    /// its body: with iterations independent, the statements of one
    /// iteration only depend on each other, in order; and no private scalar
    /// of the loop is read by one of them before it writes it (its value
    /// would come from another statement of the same iteration).
    pub distributable: bool,
    /// The loop is the sole statement of a sequential counted loop around
    /// it and stays parallel when its iterations range over every
    /// iteration of that loop too: every dependence then keeps its index,
    /// so it may be interchanged with that loop and run outside it. Both
    /// indices are dead after the nest (the interchange changes their last
    /// values). No reductions, no private arrays.
    pub hoistable: bool,
}

/// A scalar the iterations of a parallel loop accumulate into.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reduction {
    pub var: VarId,
    /// Its name in the source, as the outliner finds it in the syntax.
    pub name: Symbol,
    pub operator: Operator,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Iterations are independent; the `private` scalars are private to
    /// each, the `reductions` accumulated by each and combined.
    Parallel {
        private: Vec<VarId>,
        reductions: Vec<Reduction>,
        /// Arrays each iteration writes before reading and nothing reads
        /// after the loop: each iteration needs its own copy.
        private_arrays: Vec<Symbol>,
    },
    /// Why not, in the user's terms.
    Sequential(String),
}

/// Every loop of the statement at `root` of function `f`, outermost
/// first.
/// `reassociate`: floating-point sums and products may be reductions.
pub fn loops_in(
    a: &Analyses,
    r: &RegionsAnalysis,
    f: FuncId,
    root: NodeId,
    reassociate: bool,
) -> Vec<Decision> {
    let Some(body) = &a.program.function(f).body else {
        return Vec::new();
    };
    let mut out = Vec::new();
    // Each node with the counted loop it is the sole statement of, if any.
    let mut stack: Vec<(NodeId, Option<NodeId>)> = vec![(root, None)];
    while let Some((id, sole_in)) = stack.pop() {
        let node = body.node(id);
        if let NodeKind::Loop(l) = &node.kind {
            let mut reshaping = Reshaping::default();
            let (index, verdict) = match &l.kind {
                LoopKind::Counted(c) => {
                    let verdict = decide(a, r, f, body, id, c.index, l.body, &[], reassociate);
                    reshaping.distributable = matches!(&verdict, Verdict::Parallel { .. })
                        && distributable(r, f, body, l.body, &verdict);
                    reshaping.hoistable = sole_in.is_some_and(|parent| {
                        hoistable(a, r, f, body, parent, id, c.index, l.body, reassociate)
                    });
                    (Some(c.index), verdict)
                }
                _ => (
                    None,
                    Verdict::Sequential(
                        "its iteration count is not known when it starts (not a `for` loop \
                         counting an integer index by a constant step to an invariant bound)"
                            .into(),
                    ),
                ),
            };
            out.push(Decision {
                stmt: node.stmt,
                span: node.span,
                index,
                verdict,
                reshaping,
            });
        }
        // A counted loop's body, and a block of one item, pass on the
        // loop that the loop they lead to would be the sole statement of.
        let sole_in = match &node.kind {
            NodeKind::Loop(l) if matches!(l.kind, LoopKind::Counted(_)) => {
                sole_loop(body, l.body).map(|_| (l.body, id))
            }
            NodeKind::Seq { items, .. } if items.len() == 1 => sole_in.map(|p| (items[0], p)),
            _ => None,
        };
        let mut children = node.kind.children();
        children.reverse();
        stack.extend(children.into_iter().map(|c| {
            let parent = sole_in.and_then(|(inner, parent)| (inner == c).then_some(parent));
            (c, parent)
        }));
    }
    out
}

/// The loop `node` is, or holds as its only statement (through blocks of
/// one item: `{ for (int j = ...) ... }`).
fn sole_loop(body: &Body, node: NodeId) -> Option<NodeId> {
    match &body.node(node).kind {
        NodeKind::Loop(_) => Some(node),
        NodeKind::Seq { items, .. } => match items.as_slice() {
            [only] => sole_loop(body, *only),
            _ => None,
        },
        _ => None,
    }
}

/// Whether a parallel loop may be distributed over the statements of its
/// body (see [`Reshaping::distributable`]).
fn distributable(
    r: &RegionsAnalysis,
    f: FuncId,
    body: &Body,
    loop_body: NodeId,
    verdict: &Verdict,
) -> bool {
    let Verdict::Parallel {
        private,
        reductions,
        private_arrays,
    } = verdict
    else {
        return false;
    };
    if !reductions.is_empty() || !private_arrays.is_empty() {
        return false;
    }
    let NodeKind::Seq { items, .. } = &body.node(loop_body).kind else {
        return true;
    };
    items.iter().all(|&item| {
        r.node(f, item).is_some_and(|rw| {
            private
                .iter()
                .all(|&v| !touches(&rw.input, &Entity::var(v)))
        })
    })
}

/// Whether the loop `the_loop`, sole statement of the counted loop
/// `parent`, may be interchanged with it (see [`Reshaping::hoistable`]).
#[allow(clippy::too_many_arguments)]
fn hoistable(
    a: &Analyses,
    r: &RegionsAnalysis,
    f: FuncId,
    body: &Body,
    parent: NodeId,
    the_loop: NodeId,
    index: VarId,
    loop_body: NodeId,
    reassociate: bool,
) -> bool {
    let NodeKind::Loop(p) = &body.node(parent).kind else {
        return false;
    };
    let LoopKind::Counted(outer) = &p.kind else {
        return false;
    };
    let live_after = r.live[f.index()]
        .get(parent.index())
        .and_then(Option::as_ref);
    if live_after.is_none_or(|live| {
        [outer.index, index]
            .iter()
            .any(|&v| touches(live, &Entity::var(v)))
    }) {
        return false;
    }
    matches!(
        decide(a, r, f, body, the_loop, index, loop_body, &[outer.index], reassociate),
        Verdict::Parallel { reductions, private_arrays, .. }
            if reductions.is_empty() && private_arrays.is_empty()
    )
}

#[allow(clippy::too_many_arguments)]
fn decide(
    a: &Analyses,
    r: &RegionsAnalysis,
    f: FuncId,
    body: &Body,
    the_loop: NodeId,
    index: VarId,
    loop_body: NodeId,
    varying: &[VarId],
    reassociate: bool,
) -> Verdict {
    let program = &a.program;
    let name = |v: VarId| program.var(v).name.as_str().to_string();
    let Some(rw) = r.node(f, loop_body) else {
        return Verdict::Sequential("ferry has no regions for its body".into());
    };
    let mut written: Vec<VarId> = ferry_hcfg::loops::written_scalars(body, loop_body);
    written.push(index);
    // Indices of loops around whose iterations count as this loop's too:
    // the other iteration may be at any of their values.
    written.extend_from_slice(varying);
    written.sort();
    written.dedup();
    let ctx = &a.semantics.ctx;
    let pre = a.semantics.preconditions[f.index()]
        .get(loop_body.index())
        .and_then(Option::clone)
        .unwrap_or_else(|| Poly::universe(ctx));
    // The other iteration: every scalar the body writes renamed.
    let other = |p: &Poly| {
        let mut p = p.clone();
        for &v in &written {
            p = p.rename(&Name::Pre(v).isl(), &other_name(v));
        }
        p
    };
    let pre_other = other(&pre);
    let i = Lin::name(Name::Pre(index).isl());
    let j = Lin::name(other_name(index));
    let before = |x: &Lin, y: &Lin| {
        let lin = y.sub(x).and_then(|d| d.add(&Lin::constant(-1)));
        lin.map(|lin| {
            Poly::from_dnf(
                ctx,
                &[Conj {
                    cons: vec![Cons::ge0(lin)],
                    exists: Vec::new(),
                }],
            )
        })
    };
    let (Some(lt), Some(gt)) = (before(&i, &j), before(&j, &i)) else {
        return Verdict::Sequential("ferry could not compare two of its iterations".into());
    };
    let apart = lt.union(&gt).intersect(&pre).intersect(&pre_other);

    // Scalars: private or the loop is sequential.
    let out = r.out[f.index()]
        .get(the_loop.index())
        .and_then(Option::as_ref);
    let mut private = Vec::new();
    let mut reductions = Vec::new();
    for entity in rw.write.keys() {
        let Root::Var(v) = entity.root else {
            continue;
        };
        if entity.dims() > 0 || !entity.path.is_empty() || v == index {
            continue;
        }
        let carried = touches(&rw.input, entity);
        let live_after = out.is_some_and(|o| touches(o, entity));
        if !carried && !live_after {
            private.push(v);
            continue;
        }
        match reduction::of(a, body, loop_body, v, reassociate) {
            Ok(operator) => reductions.push(Reduction {
                var: v,
                name: program.var(v).name,
                operator,
            }),
            Err(NotReduction::Refused(why)) => return Verdict::Sequential(why),
            Err(NotReduction::Pattern) if carried => {
                return Verdict::Sequential(format!(
                    "`{}` is carried from one iteration to the next (read before it is \
                     written, and not a reduction)",
                    name(v)
                ));
            }
            Err(NotReduction::Pattern) => {
                return Verdict::Sequential(format!(
                    "`{}` is written by every iteration and read after the loop (its last \
                     value would be needed)",
                    name(v)
                ));
            }
        }
    }

    // Arrays: one iteration's writes against another's reads and writes.
    // An array whose only conflicts are with itself, that every iteration
    // writes before reading (not in the body's IN) and that nothing reads
    // after the loop (not in its OUT) is a scratch of each iteration:
    // private, as a scalar would be.
    let mut private_arrays = Vec::new();
    for (entity, w) in &rw.write {
        let Root::Var(v) = entity.root else {
            return Verdict::Sequential(
                "it writes memory ferry cannot name (through a pointer of unknown origin)".into(),
            );
        };
        if entity.dims() == 0 && entity.path.is_empty() {
            continue;
        }
        let mine = w.set.intersect(&apart);
        let privatisable = entity.path.iter().all(|step| *step == Step::Index)
            && !touches(&rw.input, entity)
            && !out.is_some_and(|o| touches(o, entity));
        let mut conflicts_with_itself = false;
        for (kind, map) in [("read", &rw.read), ("written", &rw.write)] {
            for (e2, region) in map {
                let itself = e2 == entity && !mine.intersect(&other(&region.set)).is_empty();
                let conflict = match e2.root {
                    Root::Anywhere => true,
                    Root::Var(v2) if v2 == v => itself || e2 != entity && entity.overlaps_apart(e2),
                    Root::Var(_) => false,
                };
                if itself && privatisable {
                    conflicts_with_itself = true;
                } else if conflict {
                    return Verdict::Sequential(format!(
                        "`{}` is written by one iteration and {kind} by another",
                        entity.reference_text(&|x| name(x))
                    ));
                }
            }
        }
        if conflicts_with_itself {
            private_arrays.push(program.var(v).name);
        }
    }
    if rw.read.keys().any(|e| e.root == Root::Anywhere) {
        return Verdict::Sequential(
            "it reads memory ferry cannot name, which another iteration may write".into(),
        );
    }
    Verdict::Parallel {
        private,
        reductions,
        private_arrays,
    }
}

/// The isl name of a scalar's value at the start of the other iteration.
fn other_name(v: VarId) -> String {
    format!("o{}", v.0)
}

fn touches(map: &RegionMap, entity: &Entity) -> bool {
    map.get(entity).is_some_and(|r| !r.is_empty())
}
