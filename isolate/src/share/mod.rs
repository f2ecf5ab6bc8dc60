//! Buffers and transfers shared by the isolated statements of one sequence
//! (section 4.2 of the paper, on the transfers ferry generates): when two
//! isolated statements of the same block use the same array, they use one
//! device buffer, allocated before the first and freed after the last; a
//! statement loads only what the device does not hold already, and the
//! stores wait until host code needs the array, or the last statement is
//! done, to be made once. When the sequence is a loop's body and the host
//! leaves an array alone inside the loop, the array leaves the loop whole
//! instead ([`across_loop`]), with the statements inside the body's `if`s
//! (guarded members) as users too. Guarded members are tried first; an
//! array they share that way is not shared again along their branches.
//!
//! Along a sequence, a guarded member joins a run between two members
//! that are items (the buffer is allocated before the first and freed
//! after the last, which surely run), when its `if`'s test and the rest
//! of its branches leave the array alone. It may not run, so it copies
//! inside its branch: it loads ⌈Need − valid⌉ itself (the waiting stores
//! made before the `if` when that box meets `dirty`), stores W̄ ∩ OUT̄
//! right after itself, cut to what is live there, unless that box lies in
//! `valid` (current on the device whether it runs or not: the store then
//! waits with the others), and leaves `valid` as it was; its W̄ joins
//! `dirty`. Sequences are shared outer ones first, so that a member an
//! outer run shares is not shared again along its branch.
//!
//! Per array, along the sequence, with Need, W̄, W̲ and W̄ ∩ OUT̄ the sets
//! isolation computes for each statement (`transfer::ArraySets`):
//!
//! - `valid`, under-approximated: the elements whose device copy is
//!   current. A statement's load is ⌈Need − valid⌉; afterwards valid
//!   grows by that load and by W̲. Device copies only ever become more
//!   current while nothing on the host touches the array.
//! - `dirty`, over-approximated: the elements the device may have changed
//!   since the host last had them (every W̄). A load whose box meets them
//!   would overwrite newer values with stale ones: the stores waiting are
//!   made first.
//! - the stores waiting: per statement, W̄ ∩ OUT̄ minus what a later
//!   statement of the sequence surely writes before they are made (that
//!   statement's own store covers it). Each is made as its box; a box
//!   inside another box of the same flush is dropped, and two boxes whose
//!   hull is their union are merged. Every stored box lies in the device's
//!   valid elements: ⌈W̄ ∩ OUT̄⌉ ⊆ Need ∪ W̲, as isolation built it.
//! - host code between the statements (any statement of the sequence not
//!   isolated with the array) that reads or writes the array's memory, as
//!   the effects analysis sees it (whole objects, aliasing included), has
//!   the waiting stores made before it; one that writes it empties
//!   `valid`.
//!
//! The sets are in terms of the variables' values before each statement.
//! They can be compared only where those values are the same: a run of
//! statements shares an array only when nothing in the run (the isolated
//! statements included) writes a variable its sets mention, none of them
//! is declared in the run, and nothing declared in the run shadows one
//! (the bounds are evaluated where the transfers are made). A statement
//! that breaks this starts a new run. Statements must be items of one
//! HCFG sequence (structured code, entered at its top): a jump into the
//! middle would skip the buffer's allocation.

mod across_loop;

pub use across_loop::AroundLoop;

use crate::bounds::{DimBound, box_bounds};
use crate::planning::{Boxed, Choice, Kind, PlacedCopy, Spelling, placed_copy};
use crate::select::Target;
use crate::transfer::{ArraySets, ArrayTransfer, Plan, Poison, box_hull, keep_nameable};
use crate::transfer::{nameable_at, precondition_at};
use ferry_hcfg::Analyses;
use ferry_hcfg::effects::{Effects, Location};
use ferry_hcfg::ir::{FuncId, NodeId, NodeKind, VarId};
use ferry_hcfg::semantics::poly::{Conj, Cons, Lin, Name, Poly};
use ferry_regions::RegionsAnalysis;
use ferry_regions::entity::phi;
use ferry_regions::set::{coalesce, subtract};
use std::collections::{BTreeMap, BTreeSet};

/// One isolated statement that may share buffers: its target and plan.
pub struct Member<'a> {
    pub target: &'a Target,
    pub plan: &'a Plan,
}

/// The copies of one shared array a member makes, besides running.
#[derive(Debug, Clone, Default)]
pub struct MemberCopies {
    /// Stores made before its load (the device held newer values where the
    /// load's box reaches).
    pub stores_before: Vec<PlacedCopy>,
    /// Its loads: one box (the hull plan), or the boxes of the missing
    /// set's pieces (counted under `rects`); each may be made by a plan
    /// that moves less within its box.
    pub loads: Vec<PlacedCopy>,
    /// Stores made after it runs (host code follows that needs them, or
    /// the run ends).
    pub stores_after: Vec<PlacedCopy>,
}

/// One array shared by a run of members.
#[derive(Debug, Clone)]
pub struct SharedArray {
    pub var: VarId,
    pub name: String,
    pub dims: usize,
    pub poison: Poison,
    /// [`ArrayTransfer::view`].
    pub view: Option<Vec<String>>,
    /// The buffer, holding what every member touches; bounds evaluated
    /// before the first member.
    pub buffer: Vec<DimBound>,
    /// The members (indices into the slice given to [`shared_arrays`]), in
    /// program order, and their copies.
    pub members: Vec<(usize, MemberCopies)>,
    /// Shared across the iterations of the loop around the members: the
    /// buffer and every copy are around the loop, the members copy
    /// nothing.
    pub around: Option<AroundLoop>,
}

impl SharedArray {
    /// The member before which the buffer is allocated (unless it is
    /// allocated around a loop).
    pub fn first(&self) -> usize {
        self.members[0].0
    }

    /// An array transfer that describes the shared buffer to the emitter
    /// (its copies are the members').
    pub fn as_transfer(&self) -> ArrayTransfer {
        ArrayTransfer {
            var: self.var,
            field: None,
            name: self.name.clone(),
            dims: self.dims,
            buffer: self.buffer.clone(),
            copies: Vec::new(),
            poison: self.poison,
            sets: None,
            view: self.view.clone(),
            picture: None,
            volume: None,
        }
    }
}

/// The arrays the members share, each with the run of members sharing it.
pub fn shared_arrays(
    a: &Analyses,
    regions: &RegionsAnalysis,
    members: &[Member],
    choice: Choice,
) -> Vec<SharedArray> {
    // Per sequence, the members that are its items, and those inside its
    // `if`s (through branches and nested `if`s), at the `if`'s position.
    type Placed = Vec<(usize, usize)>;
    let mut by_sequence: BTreeMap<(FuncId, NodeId), (Placed, Placed)> = BTreeMap::new();
    for (m, member) in members.iter().enumerate() {
        if member.target.whole_body {
            continue;
        }
        let f = member.target.function;
        if let Some((seq, position)) = parent_sequence(a, f, member.target.node) {
            let entry = by_sequence.entry((f, seq)).or_default();
            entry.0.push((position, m));
        }
        if let Some((seq, position)) = guarding_sequence(a, member.target) {
            let entry = by_sequence.entry((f, seq)).or_default();
            entry.1.push((position, m));
        }
    }
    let mut sequences: Vec<Sequence> = by_sequence
        .into_iter()
        .map(|((f, seq), (mut found, mut guarded))| {
            found.sort();
            guarded.sort();
            let mut sequence = Sequence {
                a,
                regions,
                f,
                seq,
                members,
                placed: found,
                guarded,
                contexts: BTreeMap::new(),
                choice,
            };
            let (items, _) = sequence.items();
            let own = sequence
                .placed
                .iter()
                .map(|&(_, m)| (m, members[m].target.node));
            // A guarded member's own precondition holds only where its
            // `if` goes its way: what holds at the `if` instead.
            let guarded = sequence.guarded.iter().map(|&(p, m)| (m, items[p]));
            let contexts = own
                .chain(guarded)
                .map(|(m, node)| (m, member_context(a, f, node)))
                .collect();
            sequence.contexts = contexts;
            sequence
        })
        .collect();
    // Guarded members first: an array they share around a loop is not
    // shared again by the sequences of their branches.
    let mut out = Vec::new();
    let mut covered: BTreeSet<(usize, VarId)> = BTreeSet::new();
    for sequence in &sequences {
        for shared in sequence.guarded_shared() {
            covered.extend(shared.members.iter().map(|&(m, _)| (m, shared.var)));
            out.push(shared);
        }
    }
    // Outer sequences before those of their `if`s' branches: a member
    // shared along an outer sequence is not shared again in its branch.
    let depth = |s: &Sequence| {
        let body = a.program.function(s.f).body.as_ref().expect("a body");
        std::iter::successors(Some(s.seq), |&n| body.parent(n)).count()
    };
    sequences.sort_by_key(|s| depth(s));
    for sequence in &sequences {
        for shared in sequence.shared(&covered) {
            covered.extend(shared.members.iter().map(|&(m, _)| (m, shared.var)));
            out.push(shared);
        }
    }
    out
}

/// The sequence whose item `node` is, and its position there.
fn parent_sequence(a: &Analyses, f: FuncId, node: NodeId) -> Option<(NodeId, usize)> {
    let body = a.program.function(f).body.as_ref()?;
    let seq = body.parent(node)?;
    match &body.node(seq).kind {
        NodeKind::Seq { items, .. } => items.iter().position(|&i| i == node).map(|p| (seq, p)),
        _ => None,
    }
}

/// The sequence whose item is the outermost of the `if`s `target` is in,
/// up from `target` through `if`s and their branches' sequences only, and
/// that `if`'s position there; `None` when `target` is in no `if`. An
/// `if` that is a loop's whole body (no braces) stands for the sequence
/// of that one item.
fn guarding_sequence(a: &Analyses, target: &Target) -> Option<(NodeId, usize)> {
    let body = a.program.function(target.function).body.as_ref()?;
    let is_if = |n: NodeId| matches!(body.node(n).kind, NodeKind::If { .. });
    let mut node = target.node;
    let mut guarded = false;
    loop {
        let parent = body.parent(node)?;
        match &body.node(parent).kind {
            NodeKind::If { .. } => guarded = true,
            NodeKind::Seq { .. } => {
                let branch = body.parent(parent).is_some_and(is_if);
                if !branch {
                    return guarded.then(|| parent_sequence(a, target.function, node))?;
                }
            }
            NodeKind::Loop(l) if l.body == node && guarded => return Some((node, 0)),
            _ => return None,
        }
        node = parent;
    }
}

/// What is known where `node` runs, of the variables C can name there.
fn member_context(a: &Analyses, f: FuncId, node: NodeId) -> Poly {
    let span = match a.program.function(f).body.as_ref() {
        Some(body) => body.node(node).span,
        None => return Poly::universe(&a.semantics.ctx),
    };
    let name = |isl: &str| nameable_at(&a.program, f, span, isl);
    keep_nameable(&precondition_at(a, f, node), &name, &[])
}

/// What one run of an array knows about the device as it goes down the
/// sequence (see the module's comment), and the copies made so far.
struct RunState<'g> {
    /// The elements whose device copy is current (under-approximated).
    valid: Poly,
    /// The elements the device may have changed since the host last had
    /// them (over-approximated).
    dirty: Poly,
    /// The stores waiting to be made, one set per member.
    waiting: Vec<Poly>,
    /// Per member so far, in program order, its copies.
    copies: Vec<(usize, MemberCopies)>,
    /// The run's guarded members: they may not run, so the waiting stores
    /// are never made after them.
    guarded: &'g BTreeSet<usize>,
}

/// The members that are items of one sequence.
struct Sequence<'a> {
    a: &'a Analyses,
    regions: &'a RegionsAnalysis,
    f: FuncId,
    /// The sequence node, or a loop's body that is not one (an `if`
    /// holding guarded members: a sequence of that one item).
    seq: NodeId,
    members: &'a [Member<'a>],
    /// (position in the sequence, member), in program order.
    placed: Vec<(usize, usize)>,
    /// Members inside the sequence's `if`s: (position of the `if`,
    /// member), in program order ([`guarding_sequence`]).
    guarded: Vec<(usize, usize)>,
    /// What is known where each member runs ([`member_context`]).
    contexts: BTreeMap<usize, Poly>,
    /// The plans a copy may be made by besides its box.
    choice: Choice,
}

impl Sequence<'_> {
    /// The sequence's items, and the locals declared directly in it (a
    /// loop's body that is no sequence is its one item).
    fn items(&self) -> (&[NodeId], &[VarId]) {
        let body = self.a.program.function(self.f).body.as_ref();
        match body.map(|b| &b.node(self.seq).kind) {
            Some(NodeKind::Seq { items, scoped }) => (items, scoped),
            Some(_) => (std::slice::from_ref(&self.seq), &[]),
            None => (&[], &[]),
        }
    }

    /// Every array the `placed` members move, with the members moving it.
    fn users(&self, placed: &[(usize, usize)]) -> BTreeMap<VarId, Vec<(usize, usize)>> {
        let mut users: BTreeMap<VarId, Vec<(usize, usize)>> = BTreeMap::new();
        for &(position, m) in placed {
            for t in &self.members[m].plan.arrays {
                if t.sets.is_some() {
                    users.entry(t.var).or_default().push((position, m));
                }
            }
        }
        users
    }

    /// The arrays some guarded member moves that leave the loop around
    /// the sequence with every user, the guarded ones included.
    fn guarded_shared(&self) -> Vec<SharedArray> {
        let placed = self.users(&self.placed);
        self.users(&self.guarded)
            .into_iter()
            .filter_map(|(v, guarded)| {
                let placed = placed.get(&v).map_or(&[][..], Vec::as_slice);
                self.across_loop(v, placed, &guarded)
            })
            .collect()
    }

    /// The arrays the members that are items of the sequence share, but
    /// for the `covered` (member, array) pairs, shared already; guarded
    /// members join a run between two that are items.
    fn shared(&self, covered: &BTreeSet<(usize, VarId)>) -> Vec<SharedArray> {
        let mut out = Vec::new();
        let mut guarded_users = self.users(&self.guarded);
        for (v, mut placed) in self.users(&self.placed) {
            placed.retain(|&(_, m)| !covered.contains(&(m, v)));
            if placed.is_empty() {
                continue;
            }
            // A loop-invariant array leaves the loop whole; the run of a
            // single member shares nothing.
            if let Some(shared) = self.across_loop(v, &placed, &[]) {
                out.push(shared);
                continue;
            }
            let mut guarded = guarded_users.remove(&v).unwrap_or_default();
            guarded.retain(|&(_, m)| !covered.contains(&(m, v)));
            // Each `if`'s test and the rest of its branches leave the
            // array alone: they are host code inside the run.
            let mut by_if: BTreeMap<usize, BTreeSet<NodeId>> = BTreeMap::new();
            for &(position, m) in &guarded {
                let node = self.members[m].target.node;
                by_if.entry(position).or_default().insert(node);
            }
            guarded.retain(|(position, _)| self.guard_leaves_alone(v, *position, &by_if[position]));
            let guarded_set: BTreeSet<usize> = guarded.iter().map(|&(_, m)| m).collect();
            let mut all = placed;
            all.extend(guarded);
            all.sort();
            for mut run in self.runs(v, &all) {
                // A run starts and ends with a member that surely runs:
                // the buffer is allocated before the first, freed after
                // the last. (Runs are contiguous in program order, so an
                // `if`'s guarded members are then all in the run or none:
                // none of them is left to touch the array as host code.)
                while run.first().is_some_and(|(_, m)| guarded_set.contains(m)) {
                    run.remove(0);
                }
                while run.last().is_some_and(|(_, m)| guarded_set.contains(m)) {
                    run.pop();
                }
                let empty = Poly::empty(&self.a.semantics.ctx);
                if run.len() >= 2
                    && let Some(shared) = self.share(v, &run, empty, &guarded_set)
                {
                    out.push(shared);
                }
            }
        }
        out
    }

    /// The sets of `v` in member `m`.
    fn sets(&self, v: VarId, m: usize) -> (&ArrayTransfer, &ArraySets) {
        let t = self.members[m]
            .plan
            .arrays
            .iter()
            .find(|t| t.var == v)
            .expect("a user of the array");
        (t, t.sets.as_ref().expect("users have sets"))
    }

    /// The sets of `v` in member `m` the sharing compares.
    fn sets_of(&self, v: VarId, m: usize) -> Vec<&Poly> {
        let (_, s) = self.sets(v, m);
        [&s.need, &s.write, &s.stored, &s.write_box, &s.store_box]
            .into_iter()
            .chain(s.under.as_ref())
            .collect()
    }

    /// The variables the sets of `v` in member `m` are written in.
    fn frame(&self, v: VarId, m: usize) -> BTreeSet<VarId> {
        self.sets_of(v, m)
            .into_iter()
            .flat_map(Poly::params)
            .flat_map(|p| Name::parse(&p).map_or_else(Vec::new, Name::variables_before))
            .collect()
    }

    /// The users of `v` split into runs over which its sets compare (see
    /// the module's comment).
    fn runs(&self, v: VarId, placed: &[(usize, usize)]) -> Vec<Vec<(usize, usize)>> {
        let mut runs: Vec<Vec<(usize, usize)>> = Vec::new();
        let mut frame = BTreeSet::new();
        for &(position, m) in placed {
            let mine = self.frame(v, m);
            let extends = runs.last().is_some_and(|run| {
                let start = run[0].0;
                let mut widened = frame.clone();
                widened.extend(mine.iter().copied());
                self.stable(&widened, start, position)
            });
            if extends {
                runs.last_mut().expect("a run").push((position, m));
                frame.extend(mine);
            } else {
                runs.push(vec![(position, m)]);
                frame = mine;
            }
        }
        runs
    }

    /// Whether the variables of `frame` keep their values and their names
    /// from item `start` to item `end` of the sequence, both included.
    fn stable(&self, frame: &BTreeSet<VarId>, start: usize, end: usize) -> bool {
        let program = &self.a.program;
        let body = program.function(self.f).body.as_ref().expect("a body");
        let (items, scoped) = self.items();
        let items = &items[start..=end];
        let (lo, hi) = (
            body.node(items[0]).span.lo,
            body.node(items[end - start]).span.hi,
        );
        // Declarations nested deeper end before the next item: only the
        // sequence's own can hide a name where a transfer is made.
        let names: BTreeSet<_> = frame.iter().map(|&v| program.var(v).name).collect();
        let declared_here = scoped.iter().any(|&local| {
            let var = program.var(local);
            let inside = lo <= var.span.lo && var.span.lo < hi;
            inside && (frame.contains(&local) || names.contains(&var.name))
        });
        !declared_here
            && items.iter().all(|&item| {
                let effects = &self.a.effects.nodes[self.f.index()][item.index()];
                frame.iter().all(|&v| !effects.may_write(program, v))
            })
    }

    /// The memory `v`'s elements may live in.
    fn locations(&self, v: VarId) -> BTreeSet<Location> {
        self.a
            .effects
            .variable_targets(&self.a.program, self.f, v)
            .into_iter()
            .collect()
    }

    /// Whether `effects` read (and whether they write) the memory of `v`.
    fn touches(&self, effects: &Effects, memory: &BTreeSet<Location>) -> (bool, bool) {
        let program = &self.a.program;
        let meets =
            |set: &BTreeSet<Location>| crate::motion::footprint::any_overlap(program, set, memory);
        (meets(&effects.reads), meets(&effects.writes))
    }

    /// What is known where member `m` runs.
    fn context(&self, m: usize) -> &Poly {
        &self.contexts[&m]
    }

    /// What is known where member `m` runs of the variables its sets of
    /// `v` are written in (`frame`), which keep their values along a run:
    /// the others may change between two members (DC4 in libwebp sets `i`
    /// in its first loop, and the second loop's context says `i == 4`), so
    /// a set made at `m` and compared or spelled at another member is cut
    /// by this, not by all of `m`'s context.
    fn frame_context(&self, v: VarId, m: usize) -> Poly {
        let frame = self.frame(v, m);
        let context = self.context(m);
        let changing: Vec<String> = context
            .params()
            .into_iter()
            .filter(|p| {
                Name::parse(p)
                    .is_some_and(|n| n.variables_before().iter().any(|x| !frame.contains(x)))
            })
            .collect();
        context.project_all(&changing)
    }

    /// The box of `p` within member `m`'s context, as C bounds evaluated
    /// there; `None` inside when the box is empty, `None` outside when it
    /// has no bounds.
    fn bounds(&self, p: &Poly, m: usize, dims: usize) -> Option<Option<Vec<DimBound>>> {
        let target = self.members[m].target;
        let name = |isl: &str| nameable_at(&self.a.program, self.f, target.span, isl);
        let at = Spelling {
            context: self.context(m),
            name: &name,
        };
        box_within(p, dims, &at)
    }

    /// The transfers of `v` along one run, the device holding `valid`
    /// current before it, or `None` when a box cannot be bounded (the
    /// members then keep their own buffers).
    fn share(
        &self,
        v: VarId,
        run: &[(usize, usize)],
        valid: Poly,
        guarded: &BTreeSet<usize>,
    ) -> Option<SharedArray> {
        let ctx = &self.a.semantics.ctx;
        let (first, _) = self.sets(v, run[0].1);
        let memory = self.locations(v);
        let mut buffer = Poly::empty(ctx);
        let mut state = RunState {
            valid,
            dirty: Poly::empty(ctx),
            waiting: Vec::new(),
            copies: Vec::new(),
            guarded,
        };
        let (start, end) = (run[0].0, run[run.len() - 1].0);
        let mut users: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        for &(position, m) in run {
            users.entry(position).or_default().push(m);
        }
        let (items, _) = self.items();
        for (position, &item) in items.iter().enumerate().take(end + 1).skip(start) {
            let Some(here) = users.get(&position) else {
                let effects = &self.a.effects.nodes[self.f.index()][item.index()];
                let (reads, writes) = self.touches(effects, &memory);
                if reads || writes {
                    self.store_after_last(v, &mut state)?;
                    state.dirty = Poly::empty(ctx);
                }
                if writes {
                    state.valid = Poly::empty(ctx);
                }
                continue;
            };
            for &m in here {
                let (_, sets) = self.sets(v, m);
                // Spelled before the first member: cut by what stays true.
                let touched = sets.need.union(&sets.write_box);
                buffer = buffer.union(&touched.intersect(&self.frame_context(v, m)));
            }
            if guarded.contains(&here[0]) {
                for &m in here {
                    let mine = self.guarded_copies(v, m, &mut state)?;
                    state.copies.push((m, mine));
                }
            } else {
                let m = here[0];
                let later = self.later_need(v, run, position);
                let mine = self.direct_copies(v, m, &later, &mut state)?;
                state.copies.push((m, mine));
            }
        }
        self.store_after_last(v, &mut state)?;
        let first_member = run[0].1;
        let buffer = self.bounds(&buffer, first_member, first.dims)??;
        Some(SharedArray {
            var: v,
            name: first.name.clone(),
            dims: first.dims,
            view: first.view.clone(),
            poison: first.poison,
            buffer,
            members: state.copies,
            around: None,
        })
    }

    /// The copies of `v` member `m`, an item of the run, makes: it loads
    /// ⌈Need − valid⌉ (as the pieces' boxes, or after the stores waiting,
    /// where that box reaches newer device values), `later` being what
    /// the members after it need; its stores wait.
    fn direct_copies(
        &self,
        v: VarId,
        m: usize,
        later: &Poly,
        state: &mut RunState,
    ) -> Option<MemberCopies> {
        let (t, sets) = self.sets(v, m);
        let dims = t.dims;
        let context = self.context(m);
        let mut mine = MemberCopies::default();
        let missing = self.missing(v, m, &state.valid);
        let dirty = &state.dirty;
        let meets_dirty = |b: &Poly| !b.intersect(dirty).intersect(context).is_empty();
        let hull = box_hull(&missing, dims);
        // One box, unless it reaches newer device values and the missing
        // pieces' own boxes do not (the rim of a stencil the previous
        // statement wrote the inside of).
        let (loads, kind) = if !meets_dirty(&hull) {
            (vec![hull], Kind::Hull)
        } else {
            match pieces(&missing, dims) {
                Some(boxes) if !boxes.iter().any(meets_dirty) => {
                    let kind = if boxes.len() > 1 {
                        Kind::Rects
                    } else {
                        Kind::Hull
                    };
                    (boxes, kind)
                }
                _ => {
                    mine.stores_before = self.flush(&mut state.waiting, v, m, context)?;
                    state.dirty = Poly::empty(&self.a.semantics.ctx);
                    (vec![hull], Kind::Hull)
                }
            }
        };
        for load in loads {
            // A plan within the box moves less; the device holds at least
            // what every plan offered moves. Where a later member needs
            // what such a plan leaves out of the box, it would load it
            // again: the box alone then, whatever the plan asked for.
            let Some((mut copy, mut moved)) =
                self.placed(&missing, &load, kind, v, m, self.choice)?
            else {
                continue;
            };
            let left_out = subtract(&load, &moved).unwrap_or_else(|| load.clone());
            if !left_out.intersect(later).is_empty() {
                let hull = Choice::Forced(Kind::Hull);
                (copy, moved) = self.placed(&missing, &load, kind, v, m, hull)??;
            }
            mine.loads.push(copy);
            state.valid = grown(&state.valid, &moved);
        }
        if let Some(under) = &sets.under {
            state.valid = grown(&state.valid, under);
            // A later sure write stores its elements itself.
            for w in &mut state.waiting {
                *w = subtract(w, under)?;
            }
        }
        state.dirty = state.dirty.union(&sets.write);
        state.waiting.push(sets.stored.clone());
        Some(mine)
    }

    /// What member `m` needs of `v` and the device does not hold current
    /// (`valid`), where it runs.
    fn missing(&self, v: VarId, m: usize, valid: &Poly) -> Poly {
        let need = &self.sets(v, m).1.need;
        let missing = subtract(need, valid).unwrap_or_else(|| need.clone());
        missing.intersect(self.context(m))
    }

    /// The copies of `v` guarded member `m` makes, in its branch of an
    /// `if` of the run, the device holding `state.valid` before the `if`.
    /// It may not run: it loads what it misses itself (the stores waiting
    /// made before the `if` when its box reaches newer device values),
    /// stores what it writes right after itself, cut to what is live
    /// there, unless its store box is in `valid` (then the store waits
    /// with the others), and leaves `valid` as it was.
    fn guarded_copies(&self, v: VarId, m: usize, state: &mut RunState) -> Option<MemberCopies> {
        let (t, sets) = self.sets(v, m);
        let context = self.context(m);
        let missing = self.missing(v, m, &state.valid);
        let hull = box_hull(&missing, t.dims);
        if !hull.intersect(&state.dirty).intersect(context).is_empty() {
            self.store_after_last(v, state)?;
            state.dirty = Poly::empty(&self.a.semantics.ctx);
        }
        let mut mine = MemberCopies::default();
        if let Some((copy, _)) = self.placed(&missing, &hull, Kind::Hull, v, m, self.choice)? {
            mine.loads.push(copy);
        }
        // Where its store box is current on the device whether it runs or
        // not, its store waits with the others.
        let store_box = box_hull(&sets.stored.intersect(context), t.dims);
        if store_box.is_subset(&state.valid.intersect(context)) {
            state.waiting.push(sets.stored.clone());
        } else {
            let live = context.intersect(&self.live_after(v, m));
            mine.stores_after = self.flush(&mut vec![sets.stored.clone()], v, m, &live)?;
        }
        state.dirty = state.dirty.union(&sets.write);
        Some(mine)
    }

    /// The waiting stores of `v`, made after the latest user so far that
    /// is no guarded member, cut to what is live there.
    fn store_after_last(&self, v: VarId, state: &mut RunState) -> Option<()> {
        let guarded = state.guarded;
        let (at, latest) = state
            .copies
            .iter_mut()
            .rev()
            .find(|(m, _)| !guarded.contains(m))?;
        let needed = self.context(*at).intersect(&self.live_after(v, *at));
        let stores = self.flush(&mut state.waiting, v, *at, &needed)?;
        latest.stores_after.extend(stores);
        Some(())
    }

    /// What may be read of `v` after member `m` before being written: a
    /// store made there needs no more. (The elements left out are dead: a
    /// later load may bring back the host's older value over them, which
    /// nothing reads.)
    fn live_after(&self, v: VarId, m: usize) -> Poly {
        let (_, sets) = self.sets(v, m);
        sets.live
            .clone()
            .unwrap_or_else(|| Poly::universe(&self.a.semantics.ctx))
    }

    /// The waiting stores of `v` as boxes, made at member `m` within
    /// `context` (what holds there, and what is needed), each by a plan
    /// within its box.
    fn flush(
        &self,
        waiting: &mut Vec<Poly>,
        v: VarId,
        m: usize,
        context: &Poly,
    ) -> Option<Vec<PlacedCopy>> {
        let ctx = &self.a.semantics.ctx;
        let dims = self.sets(v, m).0.dims;
        let mut stored = Poly::empty(ctx);
        let mut hulls = Vec::new();
        for w in waiting.drain(..) {
            let w = w.intersect(context);
            let hull = box_hull(&w, dims);
            if !hull.is_empty() {
                stored = stored.union(&w);
                hulls.push(hull);
            }
        }
        let mut out = Vec::new();
        for b in merge_boxes(hulls, dims) {
            // Every element of a merged box is current on the device, so
            // any plan within it may store it.
            if let Some((copy, _)) = self.placed(&stored, &b, Kind::Hull, v, m, self.choice)? {
                out.push(copy);
            }
        }
        Some(out)
    }

    /// What the members of `run` after the one at `position` need of `v`,
    /// each within its context (an over-approximation: `Poly::union` may
    /// take a hull).
    fn later_need(&self, v: VarId, run: &[(usize, usize)], position: usize) -> Poly {
        run.iter()
            .filter(|&&(p, _)| p > position)
            .map(|&(_, m)| self.sets(v, m).1.need.intersect(&self.frame_context(v, m)))
            .fold(Poly::empty(&self.a.semantics.ctx), |acc, p| acc.union(&p))
    }

    /// The copy of `set` ∩ `area`, a box, made at member `m` (see
    /// [`place_within`]).
    fn placed(
        &self,
        set: &Poly,
        area: &Poly,
        kind: Kind,
        v: VarId,
        m: usize,
        choice: Choice,
    ) -> Option<Option<(PlacedCopy, Poly)>> {
        let (t, sets) = self.sets(v, m);
        let target = self.members[m].target;
        let name = |isl: &str| nameable_at(&self.a.program, self.f, target.span, isl);
        let at = Spelling {
            context: self.context(m),
            name: &name,
        };
        let row_extents = sets.row_extents.as_ref();
        place_within(set, area, kind, t.dims, row_extents, &at, choice)
    }
}

/// The box of `p` within `at`'s context, as C bounds spelled there; `None`
/// inside when the box is empty, `None` outside when it has no bounds.
fn box_within(p: &Poly, dims: usize, at: &Spelling) -> Option<Option<Vec<DimBound>>> {
    let hull = box_hull(&p.intersect(at.context), dims);
    if hull.is_empty() {
        return Some(None);
    }
    let phis: Vec<String> = (1..=dims).map(phi).collect();
    let hull = keep_nameable(&hull, at.name, &phis);
    box_bounds(&hull, dims, at.context, at.name).ok().map(Some)
}

/// The copy of `set` ∩ `area`, a box, spelled `at`: the box within `at`'s
/// context (counted under `kind`) or a plan within it that `choice`
/// allows, and what every plan offered moves. `None` inside when the box
/// is empty, `None` outside when it has no bounds.
fn place_within(
    set: &Poly,
    area: &Poly,
    kind: Kind,
    dims: usize,
    row_extents: Option<&Poly>,
    at: &Spelling,
    choice: Choice,
) -> Option<Option<(PlacedCopy, Poly)>> {
    let Some(bounds) = box_within(area, dims, at)? else {
        return Some(None);
    };
    let boxed = Boxed {
        set: &set.intersect(area).intersect(at.context),
        area,
        bounds,
        kind,
        row_extents,
    };
    Some(Some(placed_copy(boxed, at, choice)))
}

/// The boxes of the convex pieces of `p` (coalesced first), merged where
/// their hull is their union; `None` when a piece has existentials.
fn pieces(p: &Poly, dims: usize) -> Option<Vec<Poly>> {
    let ctx = p.set.get_ctx();
    let p = coalesce(p)?;
    let mut boxes = Vec::new();
    for piece in p.pieces() {
        let cons = piece?
            .into_iter()
            .map(|(terms, constant, equality)| {
                let lin = Lin { terms, constant };
                if equality {
                    Cons::eq0(lin)
                } else {
                    Cons::ge0(lin)
                }
            })
            .collect();
        let conj = Conj {
            cons,
            exists: Vec::new(),
        };
        boxes.push(box_hull(&Poly::from_dnf(&ctx, &[conj]), dims));
    }
    Some(merge_boxes(boxes, dims))
}

/// `valid ∪ more`, kept an under-approximation: `Poly::union` replaces a
/// union of many pieces by its hull, which would claim elements nobody
/// loaded. Then only `more` is kept.
fn grown(valid: &Poly, more: &Poly) -> Poly {
    let union = valid.union(more);
    let exact = subtract(&union, valid)
        .and_then(|extra| subtract(&extra, more))
        .is_some_and(|left| left.is_empty());
    if exact { union } else { more.clone() }
}

/// Boxes stored at the same place, as few as cover them without moving an
/// element twice where that can be avoided: a box inside another goes
/// with it, and two boxes whose hull is exactly their union become that
/// hull.
fn merge_boxes(mut boxes: Vec<Poly>, dims: usize) -> Vec<Poly> {
    loop {
        let mut merged = None;
        'pairs: for i in 0..boxes.len() {
            for j in 0..boxes.len() {
                if i == j {
                    continue;
                }
                if boxes[i].is_subset(&boxes[j]) {
                    merged = Some((i, j, boxes[j].clone()));
                    break 'pairs;
                }
                let union = boxes[i].union(&boxes[j]);
                let hull = box_hull(&union, dims);
                if hull.is_subset(&union) {
                    merged = Some((i, j, hull));
                    break 'pairs;
                }
            }
        }
        let Some((i, j, hull)) = merged else {
            return boxes;
        };
        let (keep, drop) = (i.min(j), i.max(j));
        boxes[keep] = hull;
        boxes.remove(drop);
    }
}
