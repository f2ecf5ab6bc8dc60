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
//! ferry cannot name). There the user may declare the iterations
//! independent (`#pragma ferry independent`, or PENCIL's `#pragma pencil
//! independent`, before the loop): its memory accesses are then not
//! compared, its scalars still are (each private or a reduction), and a
//! write to memory ferry cannot name is still refused (isolation must
//! copy what the loop writes).

use crate::reduction::{self, NotReduction};
use ferry_hcfg::Analyses;
use ferry_hcfg::ir::{Body, FuncId, LoopKind, NodeId, NodeKind, VarId};
use ferry_hcfg::semantics::poly::{Conj, Cons, Lin, Name, Poly};
use ferry_parser::ast::StmtId;
use ferry_parser::intern::Symbol;
use ferry_parser::span::Span;
use ferry_regions::RegionsAnalysis;
use ferry_regions::entity::{Entity, Root, Step, phi};
use ferry_regions::region::RegionMap;
use ferry_targets::kernel::Operator;
use std::collections::HashSet;

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
    /// The user declared its iterations independent (`#pragma ferry
    /// independent`): conflicts between their memory accesses were not
    /// looked for.
    pub asserted: bool,
}

/// Loop transformations found legal, which the outliner makes where they
/// give a kernel more parallel dimensions (gemm's `i` loop over two nests,
/// its `k` loop around a parallel `j`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reshaping {
    /// The loop may be distributed over the statements of its body (the
    /// HCFG's items of the block, in order): each statement's own loop
    /// with its verdict. A parallel loop may where no private scalar is
    /// read by a statement before it writes it (its value would come from
    /// another statement of the same iteration): the statements of one
    /// iteration only depend on each other, in order. Any other where no
    /// dependence goes back from a statement to one before it
    /// ([`no_backward_dependence`]).
    pub distribution: Option<Vec<Verdict>>,
    /// The loop is a statement of the body of a counted loop around it and
    /// stays parallel when its iterations range over every iteration of
    /// that loop too: every dependence then keeps its index, so once it is
    /// that body's only statement (as it is, or after a distribution) it
    /// may be interchanged with that loop and run outside it. Both indices
    /// are dead after the nest, and the body's statements after it do not
    /// read its index (the interchange changes their last values). No
    /// reductions, no private arrays.
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

/// The largest loop body whose accesses are tested one by one (HCFG
/// nodes): kernels have a few dozen; a loop of a large legacy function
/// may have thousands.
const MAX_NODES_ACCESS_BY_ACCESS: usize = 256;

/// A node's place in the body of a counted loop: the loop, and the items
/// of its body after the node (those after it in each sequence it is in,
/// innermost first).
type Within<'b> = (NodeId, Vec<&'b [NodeId]>);

/// Every loop of the statement at `root` of function `f`, outermost
/// first.
/// `reassociate`: floating-point sums and products may be reductions.
pub fn loops_in(
    a: &Analyses,
    r: &RegionsAnalysis,
    f: FuncId,
    root: NodeId,
    reassociate: bool,
    independent: &HashSet<StmtId>,
) -> Vec<Decision> {
    let Some(body) = &a.program.function(f).body else {
        return Vec::new();
    };
    let decider = Decider {
        a,
        r,
        f,
        body,
        reassociate,
    };
    let mut out = Vec::new();
    let mut stack: Vec<(NodeId, Option<Within>)> = vec![(root, None)];
    while let Some((id, within)) = stack.pop() {
        let node = body.node(id);
        if let NodeKind::Loop(l) = &node.kind {
            let mut reshaping = Reshaping::default();
            let asserted = node.stmt.is_some_and(|s| independent.contains(&s));
            let (index, verdict) = match &l.kind {
                LoopKind::Counted(c) => {
                    let verdict = decider.decide(id, c.index, l.body, &[], &[], asserted);
                    reshaping.distribution =
                        decider.distribution(id, c.index, l.body, &verdict, asserted);
                    reshaping.hoistable = within.as_ref().is_some_and(|(parent, later)| {
                        decider.hoistable(*parent, later, id, c.index, l.body)
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
                asserted,
            });
        }
        let children: Vec<(NodeId, Option<Within>)> = match &node.kind {
            NodeKind::Loop(l) if matches!(l.kind, LoopKind::Counted(_)) => node
                .kind
                .children()
                .into_iter()
                .map(|c| (c, (c == l.body).then(|| (id, Vec::new()))))
                .collect(),
            NodeKind::Seq { items, .. } => match within {
                Some((parent, later)) => items
                    .iter()
                    .enumerate()
                    .map(|(k, &item)| {
                        let mut after = vec![&items[k + 1..]];
                        after.extend_from_slice(&later);
                        (item, Some((parent, after)))
                    })
                    .collect(),
                None => items.iter().map(|&item| (item, None)).collect(),
            },
            _ => node
                .kind
                .children()
                .into_iter()
                .map(|c| (c, None))
                .collect(),
        };
        stack.extend(children.into_iter().rev());
    }
    out
}

/// The loops of one function body, decided against its analyses.
struct Decider<'a> {
    a: &'a Analyses,
    r: &'a RegionsAnalysis,
    f: FuncId,
    body: &'a Body,
    /// Floating-point sums and products may be reductions.
    reassociate: bool,
}

impl Decider<'_> {
    /// The loop's distribution over the statements of its body, if it may
    /// be distributed (see [`Reshaping::distribution`]).
    fn distribution(
        &self,
        the_loop: NodeId,
        index: VarId,
        loop_body: NodeId,
        verdict: &Verdict,
        asserted: bool,
    ) -> Option<Vec<Verdict>> {
        let (r, f, body) = (self.r, self.f, self.body);
        let NodeKind::Seq { items, .. } = &body.node(loop_body).kind else {
            return None;
        };
        if items.len() < 2 {
            return None;
        }
        if let Verdict::Parallel {
            private,
            reductions,
            private_arrays,
        } = verdict
        {
            let imports_private = |item: NodeId| {
                r.node(f, item)
                    .is_none_or(|rw| private.iter().any(|&v| touches(&rw.input, &Entity::var(v))))
            };
            return (reductions.is_empty()
                && private_arrays.is_empty()
                && !items.iter().any(|&item| imports_private(item)))
            .then(|| vec![verdict.clone(); items.len()]);
        }
        if !self.no_backward_dependence(index, loop_body, items) {
            return None;
        }
        let mut verdicts = Vec::new();
        for (k, &item) in items.iter().enumerate() {
            let read_later: Vec<&RegionMap> = items[k + 1..]
                .iter()
                .filter_map(|&later| r.node(f, later).map(|rw| &rw.read))
                .collect();
            verdicts.push(self.decide(the_loop, index, item, &[], &read_later, asserted));
        }
        Some(verdicts)
    }

    /// Whether the loop `the_loop`, in the body of the counted loop `parent`
    /// (before the items `later`), may be interchanged with it once it is
    /// that body's only statement (see [`Reshaping::hoistable`]).
    fn hoistable(
        &self,
        parent: NodeId,
        later: &[&[NodeId]],
        the_loop: NodeId,
        index: VarId,
        loop_body: NodeId,
    ) -> bool {
        let (r, f, body) = (self.r, self.f, self.body);
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
        // The statements after it in the body, once distributed, run after
        // the interchanged nest: they must not read the index it leaves.
        if later.iter().flat_map(|items| items.iter()).any(|&item| {
            r.node(f, item)
                .is_none_or(|rw| touches(&rw.input, &Entity::var(index)))
        }) {
            return false;
        }
        matches!(
            self.decide(the_loop, index, loop_body, &[outer.index], &[], false),
            Verdict::Parallel { reductions, private_arrays, .. }
                if reductions.is_empty() && private_arrays.is_empty()
        )
    }

    /// Whether the statements `items` of a loop's body may run as loops of
    /// their own, one after the other: no statement reads or writes, at one
    /// iteration, what a statement before it writes or reads at a later
    /// iteration (such a dependence would be reversed). One that does not
    /// write where the other reads or writes does not matter.
    fn no_backward_dependence(&self, index: VarId, loop_body: NodeId, items: &[NodeId]) -> bool {
        let (a, r, f, body) = (self.a, self.r, self.f, self.body);
        let Some(two) = TwoIterations::new(a, f, body, index, loop_body, &[]) else {
            return false;
        };
        let meet = |mine: &RegionMap, theirs: &RegionMap| {
            mine.iter().any(|(e1, r1)| {
                theirs.iter().any(|(e2, r2)| {
                    meets((e1, &r1.set), (e2, &r2.set), |s1, s2| {
                        !s1.intersect(&two.before)
                            .intersect(&two.other(s2))
                            .is_empty()
                    })
                })
            })
        };
        let regions: Option<Vec<&ferry_regions::access::Rw>> =
            items.iter().map(|&item| r.node(f, item)).collect();
        let Some(regions) = regions else {
            return false;
        };
        regions.iter().enumerate().all(|(k, earlier)| {
            regions[k + 1..].iter().all(|later| {
                !meet(&later.write, &earlier.read)
                    && !meet(&later.write, &earlier.write)
                    && !meet(&later.read, &earlier.write)
            })
        })
    }

    fn decide(
        &self,
        the_loop: NodeId,
        index: VarId,
        loop_body: NodeId,
        varying: &[VarId],
        read_later: &[&RegionMap],
        asserted: bool,
    ) -> Verdict {
        let (a, r, f, body) = (self.a, self.r, self.f, self.body);
        let program = &a.program;
        let name = |v: VarId| program.var(v).name.as_str().to_string();
        let Some(rw) = r.node(f, loop_body) else {
            return Verdict::Sequential("ferry has no regions for its body".into());
        };
        let Some(two) = TwoIterations::new(a, f, body, index, loop_body, varying) else {
            return Verdict::Sequential("ferry could not compare two of its iterations".into());
        };
        let other = |p: &Poly| two.other(p);
        let apart = two.before.union(&two.after);

        // Scalars: private or the loop is sequential.
        // What is read after the loop: its OUT, and what the statements of
        // its body that run after it as loops of their own read.
        let out = r.out[f.index()]
            .get(the_loop.index())
            .and_then(Option::as_ref);
        let live_after = |e: &Entity| {
            out.is_some_and(|o| touches(o, e)) || read_later.iter().any(|m| touches(m, e))
        };
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
            let live_after = live_after(entity);
            if !carried && !live_after {
                private.push(v);
                continue;
            }
            match reduction::of(a, body, loop_body, v, self.reassociate) {
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
        // The body's accesses one by one, made when a union conflicts.
        let mut references: Option<Option<Vec<IterationAccess>>> = None;
        'entities: for (entity, w) in &rw.write {
            let Root::Var(v) = entity.root else {
                return Verdict::Sequential(
                    "it writes memory ferry cannot name (through a pointer of unknown origin)"
                        .into(),
                );
            };
            if entity.dims() == 0 && entity.path.is_empty() || asserted {
                continue;
            }
            let mine = w.set.intersect(&apart);
            let privatisable = entity.path.iter().all(|step| *step == Step::Index)
                && !touches(&rw.input, entity)
                && !live_after(entity);
            let mut conflicts_with_itself = false;
            for (kind, map) in [("read", &rw.read), ("written", &rw.write)] {
                for (e2, region) in map {
                    let conflict = meets((entity, &mine), (e2, &region.set), |s1, s2| {
                        !s1.intersect(&other(s2)).is_empty()
                    });
                    let itself = e2 == entity && conflict;
                    if itself && privatisable {
                        conflicts_with_itself = true;
                    } else if conflict {
                        // The union of the entity's accesses is a hull; its
                        // accesses one by one may still be apart.
                        let accesses = references.get_or_insert_with(|| {
                            self.iteration_accesses(loop_body, index, varying, &two)
                        });
                        if accesses
                            .as_deref()
                            .is_some_and(|all| !accesses_conflict(all, entity, &apart, &two))
                        {
                            continue 'entities;
                        }
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
        if !asserted && rw.read.keys().any(|e| e.root == Root::Anywhere) {
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

    /// Every access of the body at `loop_body`, one by one: each within its
    /// statement's precondition, the scalars the body writes (inner loops'
    /// indices...) projected out. `None` where the body calls a function
    /// (which may change a scalar the body does not assign), and where the
    /// body has more than [`MAX_NODES_ACCESS_BY_ACCESS`] nodes (the union's
    /// verdict stands there: each loop of a nest would take its body's
    /// accesses again).
    fn iteration_accesses(
        &self,
        loop_body: NodeId,
        index: VarId,
        varying: &[VarId],
        two: &TwoIterations,
    ) -> Option<Vec<IterationAccess>> {
        let (a, r, f, body) = (self.a, self.r, self.f, self.body);
        // What the body writes: the renamed scalars but the iterations' own.
        let changing: Vec<String> = two
            .written
            .iter()
            .filter(|v| **v != index && !varying.contains(v))
            .map(|&v| Name::Pre(v).isl())
            .collect();
        let mut nodes = Vec::new();
        let mut stack = vec![loop_body];
        while let Some(id) = stack.pop() {
            if nodes.len() == MAX_NODES_ACCESS_BY_ACCESS {
                return None;
            }
            let node = body.node(id);
            let mut calls = false;
            for e in node.kind.own_expressions() {
                e.walk(&mut |x| calls |= matches!(x.kind, ferry_hcfg::ir::ExprKind::Call(..)));
            }
            if calls {
                return None;
            }
            nodes.push(id);
            stack.extend(node.kind.children());
        }
        let references = r.references(a, f, &nodes);
        let mut out = Vec::new();
        for (&id, references) in nodes.iter().zip(references) {
            let pre = precondition(a, f, id);
            out.extend(references.into_iter().map(|reference| IterationAccess {
                set: reference.region.set.intersect(&pre).project_all(&changing),
                entity: reference.entity,
                write: reference.write,
            }));
        }
        Some(out)
    }
}

/// The precondition of `node` of function `f`, the universe where there is
/// none.
fn precondition(a: &Analyses, f: FuncId, node: NodeId) -> Poly {
    a.semantics.preconditions[f.index()]
        .get(node.index())
        .and_then(Option::as_ref)
        .map(|p| p.whole().clone())
        .unwrap_or_else(|| Poly::universe(&a.semantics.ctx))
}

/// Two iterations of a loop: this one, over the analyses' names, and the
/// other, with the loop's index and every scalar the code run by each
/// iteration writes renamed (their values at the two iterations' starts
/// differ); scalars the loop leaves alone keep their name, as they have
/// one value throughout. Both are taken within the precondition of that
/// code, so the loop's bounds apply to each.
struct TwoIterations {
    written: Vec<VarId>,
    /// Both iterations' preconditions, and this one before the other.
    before: Poly,
    /// Both iterations' preconditions, and this one after the other.
    after: Poly,
}

impl TwoIterations {
    /// For the code at `node`, run by each iteration of the loop counting
    /// `index`; the indices `varying` of loops around count as the loop's
    /// own (the other iteration may be at any of their values).
    fn new(
        a: &Analyses,
        f: FuncId,
        body: &Body,
        index: VarId,
        node: NodeId,
        varying: &[VarId],
    ) -> Option<TwoIterations> {
        let mut written: Vec<VarId> = ferry_hcfg::loops::written_scalars(body, node);
        written.push(index);
        written.extend_from_slice(varying);
        written.sort();
        written.dedup();
        let ctx = &a.semantics.ctx;
        let pre = precondition(a, f, node);
        let mut two = TwoIterations {
            written,
            before: Poly::universe(ctx),
            after: Poly::universe(ctx),
        };
        let both = pre.intersect(&two.other(&pre));
        let i = Lin::name(Name::Pre(index).isl());
        let j = Lin::name(other_name(index));
        let earlier = |x: &Lin, y: &Lin| {
            let lin = y.sub(x)?.add(&Lin::constant(-1))?;
            Some(Poly::from_dnf(
                ctx,
                &[Conj {
                    cons: vec![Cons::ge0(lin)],
                    exists: Vec::new(),
                }],
            ))
        };
        two.before = earlier(&i, &j)?.intersect(&both);
        two.after = earlier(&j, &i)?.intersect(&both);
        Some(two)
    }

    /// `p` over the other iteration's names.
    fn other(&self, p: &Poly) -> Poly {
        let mut p = p.clone();
        for &v in &self.written {
            p = p.rename(&Name::Pre(v).isl(), &other_name(v));
        }
        p
    }
}

/// One access of the code an iteration runs, over the iteration's start:
/// the loop's index and what the body leaves alone.
struct IterationAccess {
    entity: Entity,
    set: Poly,
    write: bool,
}

/// Whether a write of `entity` by one iteration meets an access of the
/// same variable by another, access by access.
fn accesses_conflict(
    all: &[IterationAccess],
    entity: &Entity,
    apart: &Poly,
    two: &TwoIterations,
) -> bool {
    all.iter()
        .filter(|w| w.write && w.entity == *entity)
        .any(|w| {
            let mine = w.set.intersect(apart);
            all.iter().any(|x| {
                meets((entity, &mine), (&x.entity, &x.set), |s1, s2| {
                    !s1.intersect(&two.other(s2)).is_empty()
                })
            })
        })
}

/// Whether an access to the elements `s1` of `e1` by one iteration may
/// meet one to the elements `s2` of `e2` by another: memory ferry cannot
/// name meets everything, and `elements_meet` says whether two sets of
/// the same subscripts do, for the same entity, or for two paths of one
/// variable tracked apart that may overlap (a whole element and its
/// field, `out[PHI1]` and `out[PHI1].re`), over the subscripts they share.
pub(crate) fn meets(
    (e1, s1): (&Entity, &Poly),
    (e2, s2): (&Entity, &Poly),
    elements_meet: impl FnOnce(&Poly, &Poly) -> bool,
) -> bool {
    match (e1.root, e2.root) {
        (Root::Anywhere, _) | (_, Root::Anywhere) => true,
        (r1, r2) if r1 != r2 => false,
        _ if e1 == e2 => elements_meet(s1, s2),
        _ if !e1.overlaps_apart(e2) => false,
        _ => match e1.shared_subscripts(e2) {
            0 => true,
            shared => elements_meet(
                &subscripts_up_to(s1, e1, shared),
                &subscripts_up_to(s2, e2, shared),
            ),
        },
    }
}

/// The elements `set` of `e`, over its first `shared` subscripts only.
fn subscripts_up_to(set: &Poly, e: &Entity, shared: usize) -> Poly {
    let deeper: Vec<String> = (shared + 1..=e.dims()).map(phi).collect();
    set.project_all(&deeper)
}

/// The isl name of a scalar's value at the start of the other iteration.
fn other_name(v: VarId) -> String {
    format!("o{}", v.0)
}

fn touches(map: &RegionMap, entity: &Entity) -> bool {
    map.get(entity).is_some_and(|r| !r.is_empty())
}
