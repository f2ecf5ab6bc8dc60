//! Buffers shared across the iterations of a loop whose body holds every
//! user of an array (section 4 of the paper: loop-invariant loads leave the
//! loop, stores after the loop replace stores in every iteration).
//!
//! When nothing on the host touches an array inside a loop (no item of the
//! body but the isolated statements using it, not the loop's test or step)
//! the device is the only place its elements change while the loop runs.
//! (Where no user writes it, host reads are harmless too: both copies stay
//! equal.)
//! Then every element the users need from the host can be loaded once,
//! before any of them runs, and every element they may write that is read
//! later can be stored once, after the loop:
//!
//! - Load = ∪ₘ (Needₘ − ∪_{m'<m} W̲ₘ'), over the users m of one iteration
//!   in order: what a user needs and no earlier user of the iteration
//!   surely wrote. A later iteration needs the same sets (see below), and
//!   finds them on the device, current: loaded, or written there since.
//!   Made as one box at the top of the first iteration, before any device
//!   write, so no newer device value can be overwritten by the load.
//! - Store = ∪ₘ (W̄ₘ ∩ OUT̄ₘ), each cut to what is live after its user
//!   (which includes what is live after the loop); made after the loop,
//!   as the merged boxes of the users' store boxes. Each box lies within
//!   Needₘ ∪ W̲ₘ, elements current on the device.
//!
//! The sets are in terms of the variables' values before each user. They
//! are the same in every iteration, and equal to the values before the
//! loop and after it, only when the loop writes none of the variables they
//! mention (its header included) and declares none of them, nor anything
//! that would hide their names: checked. They are evaluated where the
//! copies are made, within what the users' preconditions say of those
//! variables alone.
//!
//! The array goes on leaving the loops around that one, through the
//! sequences between them (blocks, the one a loop's declaration opens),
//! as long as each loop passes the same checks with the items of those
//! sequences as its host code: every user still runs in every iteration
//! of every loop crossed (no conditional is crossed).
//!
//! Users inside `if`s of the loop's body (through their branches and
//! nested `if`s: guarded users, the parity test of a ping-pong time loop)
//! share the buffer too, when the `if`s' tests and the rest of their
//! branches pass the checks as host code. A guarded user may not run in
//! a given iteration, or ever: what it surely writes does not count as on
//! the device for the users after it, and its store box is part of the
//! load, because that box is stored after the loop whether it ran or not
//! (the box then holds the host's own values). Its context is the one
//! where the outermost of its `if`s runs, not its own, which the tests
//! narrow. A guarded user that surely runs in the first iteration of the
//! users' counted loop (at each of its `if`s, the other branch is never
//! taken with the index at its lower bound: `t % 2 == 0` at t = 0) is the
//! exception: the first iteration runs it, so its sure writes count for
//! the users after it there and for every later iteration, and its store
//! box is current after the first iteration.
//!
//! Where the users write the array and host code in the loop reads it (the
//! convergence test of an iterative solver, a loop test), the stores
//! cannot wait for the end of the loop, but the loads still can be made
//! once: the host never writes the array there, so every element the
//! device loaded or wrote stays current on the device from one iteration
//! to the next. The load is the same; the users' stores are made inside
//! every iteration as along a sequence ([`Sequence::share`], started with
//! every needed element valid): before host code that reads the array,
//! and after the last user, cut to what is live there (the next
//! iterations' reads included). Nothing is left to store after the loop.
//! This is tried only where the array cannot leave the users' loop with
//! its stores after it.
//!
//! The loads are made the first time the users' loop runs an iteration (a
//! flag set there), not before the outermost loop: loops that do not run
//! the users must not read memory the original program never touches (a
//! null pointer where the count is 0). The stores are made after the
//! outermost loop when the flag is set.

use super::{Sequence, SharedArray, box_within, merge_boxes, place_within};
use crate::planning::{Kind, PlacedCopy, Spelling};
use crate::transfer::{box_hull, keep_nameable, nameable_at, precondition_at};
use ferry_hcfg::effects::Effects;
use ferry_hcfg::ir::{LoopKind, NodeId, NodeKind, VarId};
use ferry_hcfg::semantics::poly::{Name, Poly};
use ferry_parser::ast::StmtId;
use ferry_parser::span::Span;
use ferry_regions::entity::phi;
use ferry_regions::function::FunctionContext;
use ferry_regions::set::subtract;
use std::collections::BTreeSet;

/// What host code inside the loops an array leaves may do with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum HostInLoop {
    /// Nothing, or only read it where no user writes it: the users' stores
    /// wait until after the loops.
    Untouched,
    /// Read it: the users' stores are made inside every iteration of the
    /// users' loop, as along a sequence ([`Sequence::share`]): before host
    /// code that reads what they store, and after the last user.
    Reads,
}

/// The copies of a shared array made around the loop whose body holds all
/// its users; the users themselves copy nothing.
#[derive(Debug, Clone)]
pub struct AroundLoop {
    /// The outermost loop: the buffer is allocated before it and freed
    /// after it.
    pub stmt: StmtId,
    /// Where it is written (an inner loop's span is inside).
    pub span: Span,
    /// The innermost loop (the users' loop; the same loop when there is
    /// one): the loads are made at the top of its body, the first time it
    /// runs.
    pub first: StmtId,
    /// Made before any user runs, at the top of the users' loop's body.
    pub loads: Vec<PlacedCopy>,
    /// Made after the loop, when it ran.
    pub stores: Vec<PlacedCopy>,
}

impl Sequence<'_> {
    /// The loop whose body is the sequence `seq`, if any.
    fn loop_with_body(&self, seq: NodeId) -> Option<NodeId> {
        let body = self.a.program.function(self.f).body.as_ref()?;
        let parent = body.parent(seq)?;
        matches!(&body.node(parent).kind, NodeKind::Loop(l) if l.body == seq).then_some(parent)
    }

    /// The sequence whose item `node` is, if any.
    fn sequence_holding(&self, node: NodeId) -> Option<NodeId> {
        let body = self.a.program.function(self.f).body.as_ref()?;
        let parent = body.parent(node)?;
        matches!(&body.node(parent).kind, NodeKind::Seq { .. }).then_some(parent)
    }

    /// Whether `v` may leave `the_loop`: none of the `host` items (those
    /// of the sequences between the loop's body and the users), nor the
    /// loop's test or step, writes its memory on the host, or reads it
    /// when a user writes it; and its users' sets do not vary in the loop.
    fn may_leave(
        &self,
        v: VarId,
        placed: &[(usize, usize)],
        the_loop: NodeId,
        (host, guards): (&[NodeId], &Effects),
        host_in_loop: HostInLoop,
    ) -> bool {
        let a = self.a;
        let program = &a.program;
        let Some(body) = program.function(self.f).body.as_ref() else {
            return false;
        };
        let effects = |n: NodeId| &a.effects.nodes[self.f.index()][n.index()];
        let memory = self.locations(v);
        // Where no user writes the array, the host's copy and the device's
        // stay equal while the loop runs: the host may read it there.
        let users_write = placed
            .iter()
            .any(|&(_, m)| !self.sets(v, m).1.write.is_empty());
        let reads_conflict = users_write && host_in_loop == HostInLoop::Untouched;
        let conflicts = |(reads, writes): (bool, bool)| writes || (reads && reads_conflict);
        let host_touches = host
            .iter()
            .any(|&item| conflicts(self.touches(effects(item), &memory)));
        let loop_node = body.node(the_loop);
        let mut header = guards.clone();
        a.effects
            .node_proper(program, self.f, &loop_node.kind, &mut header);
        if let NodeKind::Loop(l) = &loop_node.kind
            && let LoopKind::For { step, .. } = &l.kind
        {
            header.merge(effects(*step));
        }
        if host_touches || conflicts(self.touches(&header, &memory)) {
            return false;
        }
        // The sets mean the same in every iteration, before and after: they
        // depend on no variable the loop writes or declares (a set may
        // mention one in constraints its user's precondition implies: the
        // loop's index bounded by the loop's bounds), nor on one whose
        // name a declaration in the loop hides.
        let varies = self.varies_in(the_loop);
        placed.iter().all(|&(_, m)| {
            let context = self.context(m);
            self.sets_of(v, m).into_iter().all(|set| {
                set.params().iter().all(|p| {
                    let vars = Name::parse(p).map_or_else(Vec::new, Name::variables_before);
                    !vars.into_iter().any(&varies) || !depends_on(set, context, p)
                })
            })
        })
    }

    /// Whether a variable may have another value, or another meaning for
    /// its name, somewhere in `the_loop` than before it: the loop may write
    /// it, or declares a variable of that name.
    fn varies_in(&self, the_loop: NodeId) -> impl Fn(VarId) -> bool + '_ {
        let program = &self.a.program;
        let whole = &self.a.effects.nodes[self.f.index()][the_loop.index()];
        let span = program
            .function(self.f)
            .body
            .as_ref()
            .map(|body| body.node(the_loop).span)
            .unwrap_or_default();
        let declared: Vec<_> = program
            .vars
            .iter()
            .filter(|var| var.function == Some(self.f))
            .filter(|var| span.lo <= var.span.lo && var.span.lo < span.hi)
            .map(|var| var.name)
            .collect();
        move |x| whole.may_write(program, x) || declared.contains(&program.var(x).name)
    }

    /// The states of the first iteration of `the_loop`, a counted loop:
    /// its index at its lower bound (the bounds do not change in the
    /// loop); `None` for another loop, or a bound that is not affine.
    fn first_iteration(&self, the_loop: NodeId) -> Option<Poly> {
        let a = self.a;
        let body = a.program.function(self.f).body.as_ref()?;
        let NodeKind::Loop(l) = &body.node(the_loop).kind else {
            return None;
        };
        let LoopKind::Counted(c) = &l.kind else {
            return None;
        };
        let fresh = std::cell::Cell::new(0);
        let function = FunctionContext::new(a, self.f, &self.regions.summaries, &fresh);
        let varies = self.varies_in(the_loop);
        let fixed = |isl: &str| matches!(Name::parse(isl), Some(Name::Pre(x)) if !varies(x));
        function.first_index(c, &Name::Pre(c.index).isl(), &fixed)
    }

    /// Whether guarded member `m` surely runs in the states `first` of
    /// an iteration that reaches its `if`s (the items of the sequences
    /// between the loop and them are structured, so it reaches them):
    /// at each `if` from the member up to the sequence, the other branch
    /// is not taken there (its precondition meets none of `first`).
    fn surely_taken(&self, m: usize, first: &Poly) -> bool {
        let Some(body) = self.a.program.function(self.f).body.as_ref() else {
            return false;
        };
        // Up to the sequence, its own `if` included when it is one (a
        // loop's body that is an `if`).
        let mut node = self.members[m].target.node;
        loop {
            let Some(parent) = body.parent(node) else {
                return false;
            };
            if let NodeKind::If {
                then_branch,
                else_branch,
                ..
            } = &body.node(parent).kind
            {
                let other = if *then_branch == node {
                    *else_branch
                } else {
                    *then_branch
                };
                let reached = precondition_at(self.a, self.f, other);
                if !reached.intersect(first).is_empty() {
                    return false;
                }
            }
            if parent == self.seq {
                return true;
            }
            node = parent;
        }
    }

    /// `v` shared by its users `placed` (every user in the sequence, a
    /// loop's body) across the loop's iterations, and across the loops
    /// around it as far as it may leave them; `None` when it may not leave
    /// the first, or a box has no bounds.
    pub(super) fn across_loop(
        &self,
        v: VarId,
        placed: &[(usize, usize)],
        guarded: &[(usize, usize)],
    ) -> Option<SharedArray> {
        self.crossing(v, placed, guarded, HostInLoop::Untouched)
            .or_else(|| self.crossing(v, placed, guarded, HostInLoop::Reads))
    }

    /// The host code of `node`, an `if` of the sequence holding guarded
    /// users (or a part of one): its test's effects go to `guards`, the
    /// items of its branches that are not `users`, nor `if`s, to `host`.
    fn guard_parts(
        &self,
        node: NodeId,
        users: &BTreeSet<NodeId>,
        host: &mut Vec<NodeId>,
        guards: &mut Effects,
    ) {
        let a = self.a;
        let Some(body) = a.program.function(self.f).body.as_ref() else {
            return;
        };
        let kind = &body.node(node).kind;
        match kind {
            _ if users.contains(&node) => {}
            NodeKind::If {
                then_branch,
                else_branch,
                ..
            } => {
                a.effects.node_proper(&a.program, self.f, kind, guards);
                for &branch in [then_branch, else_branch] {
                    self.guard_parts(branch, users, host, guards);
                }
            }
            NodeKind::Seq { items, .. } => {
                for &item in items {
                    self.guard_parts(item, users, host, guards);
                }
            }
            _ => host.push(node),
        }
    }

    /// Whether the `if` at `position` of the sequence leaves `v` alone
    /// but for its `users`: its tests and the rest of its branches neither
    /// read nor write `v`'s memory on the host.
    pub(super) fn guard_leaves_alone(
        &self,
        v: VarId,
        position: usize,
        users: &BTreeSet<NodeId>,
    ) -> bool {
        let (items, _) = self.items();
        let mut host = Vec::new();
        let mut guards = Effects::default();
        self.guard_parts(items[position], users, &mut host, &mut guards);
        let memory = self.locations(v);
        let effects = |n: NodeId| &self.a.effects.nodes[self.f.index()][n.index()];
        let touches = |e: &Effects| {
            let (reads, writes) = self.touches(e, &memory);
            reads || writes
        };
        !touches(&guards) && !host.iter().any(|&n| touches(effects(n)))
    }

    /// `v` shared across the loops around its users as far as it may leave
    /// them with the host doing `host_in_loop` inside them.
    fn crossing(
        &self,
        v: VarId,
        placed: &[(usize, usize)],
        guarded: &[(usize, usize)],
        host_in_loop: HostInLoop,
    ) -> Option<SharedArray> {
        // Guarded users may not run in every iteration: their stores are
        // made along a sequence only by users that do.
        if host_in_loop == HostInLoop::Reads && !guarded.is_empty() {
            return None;
        }
        // Up from the users' sequence, through the sequences and loops
        // around it (blocks, and the sequence a loop's declaration opens):
        // every user still runs in every iteration of each loop crossed.
        let a = self.a;
        let program = &a.program;
        let body = program.function(self.f).body.as_ref()?;
        let (items, _) = self.items();
        // Every user in program order, each with whether it is guarded.
        let mut all: Vec<(usize, usize, bool)> = placed
            .iter()
            .map(|&(position, m)| (position, m, false))
            .chain(guarded.iter().map(|&(position, m)| (position, m, true)))
            .collect();
        all.sort();
        let users: Vec<(usize, usize)> = all.iter().map(|&(p, m, _)| (p, m)).collect();
        let own: BTreeSet<NodeId> = placed
            .iter()
            .map(|&(position, _)| items[position])
            .collect();
        let guarding: BTreeSet<NodeId> = guarded
            .iter()
            .map(|&(position, _)| items[position])
            .collect();
        let mut host: Vec<NodeId> = items
            .iter()
            .copied()
            .filter(|i| !own.contains(i) && !guarding.contains(i))
            .collect();
        // The `if`s around guarded users: their tests and the rest of
        // their branches are host code of the users' sequence.
        let guarded_nodes: BTreeSet<NodeId> = guarded
            .iter()
            .map(|&(_, m)| self.members[m].target.node)
            .collect();
        let mut guards = Effects::default();
        for &node in &guarding {
            self.guard_parts(node, &guarded_nodes, &mut host, &mut guards);
        }
        let (mut node, mut seq) = (self.seq, self.seq);
        let mut loops = Vec::new();
        loop {
            if let Some(the_loop) = self.loop_with_body(seq) {
                if !self.may_leave(v, &users, the_loop, (&host, &guards), host_in_loop) {
                    break;
                }
                loops.push(the_loop);
                host.clear();
                guards = Effects::default();
                node = the_loop;
            }
            let Some(outer) = self.sequence_holding(node) else {
                break;
            };
            if let NodeKind::Seq { items, .. } = &body.node(outer).kind {
                host.extend(items.iter().copied().filter(|&i| i != node));
            }
            (node, seq) = (outer, outer);
        }
        let (&inner, &the_loop) = (loops.first()?, loops.last()?);
        let span = body.node(the_loop).span;
        let (stmt, first_loop) = (body.node(the_loop).stmt?, body.node(inner).stmt?);
        // The copies are spelled where no variable varies (the loads at
        // the top of the users' loop's body, the stores after the
        // outermost loop): they name only variables that do not.
        let varies = self.varies_in(the_loop);
        let name = |isl: &str| {
            let spelled = nameable_at(program, self.f, span, isl)?;
            match Name::parse(isl) {
                Some(Name::Pre(x)) if !varies(x) => Some(spelled),
                _ => None,
            }
        };
        // Every user runs in every iteration (the body is structured): what
        // each one's precondition says of the invariant variables holds at
        // the top of the first iteration, and after the loop.
        let ctx = &a.semantics.ctx;
        let context = users
            .iter()
            .map(|&(_, m)| keep_nameable(self.context(m), &name, &[]))
            .fold(Poly::universe(ctx), |acc, c| acc.intersect(&c));
        let (first, first_sets) = self.sets(v, users[0].1);
        let dims = first.dims;
        let phis: Vec<String> = (1..=dims).map(phi).collect();
        // A user's stores are cut to what is live after it, which is more
        // than what is live after the loop: the next iterations' reads.
        let live = crate::transfer::live_after(self.regions, self.f, the_loop, v, dims, ctx)
            .map_or_else(|| Poly::universe(ctx), |l| keep_nameable(&l, &name, &phis));
        // The guarded users that surely run in the first iteration of the
        // users' loop: they write there what they surely write, before the
        // users after them, and their store boxes are current after it.
        let first_runs: BTreeSet<usize> = match self.first_iteration(inner) {
            Some(first) => guarded
                .iter()
                .map(|&(_, m)| m)
                .filter(|&m| self.surely_taken(m, &first))
                .collect(),
            None => BTreeSet::new(),
        };
        let surely_runs = |m: usize, guarded: bool| !guarded || first_runs.contains(&m);
        let mut buffer = Poly::empty(ctx);
        let mut stored = Poly::empty(ctx);
        let mut store_boxes = Vec::new();
        // What user m needs the device to hold when it runs, but for what
        // the users before it write: a guarded user that may never run
        // needs its store box too, which is stored after the loop whether
        // it ran or not.
        let needed = |m: usize, guarded: bool| {
            let (_, sets) = self.sets(v, m);
            if surely_runs(m, guarded) {
                sets.need.clone()
            } else {
                sets.need.union(&sets.store_box)
            }
        };
        // The first iteration: what a user needs and no user before it
        // that surely runs there surely wrote.
        let mut loaded = Poly::empty(ctx);
        let mut surely = Poly::empty(ctx);
        for &(_, m, guarded) in &all {
            let need = needed(m, guarded);
            let fresh = subtract(&need, &surely).unwrap_or(need);
            loaded = loaded.union(&fresh.intersect(&context));
            let under = self.sets(v, m).1.under.as_ref();
            if let Some(under) = under.filter(|_| surely_runs(m, guarded)) {
                surely = super::grown(&surely, under);
            }
        }
        // Later iterations find on the device, current, what the first
        // one surely wrote, and what unguarded users before them surely
        // write in their own iteration; the rest of what they need must
        // have been loaded. Where no guarded user surely runs first, this
        // adds nothing to the first iteration's load.
        for &(_, m, guarded) in &all {
            let (_, sets) = self.sets(v, m);
            buffer = buffer.union(&sets.need.union(&sets.write_box).intersect(&context));
            let need = needed(m, guarded);
            let fresh = subtract(&need, &surely).unwrap_or(need);
            loaded = loaded.union(&fresh.intersect(&context));
            if let Some(under) = sets.under.as_ref().filter(|_| !guarded) {
                surely = super::grown(&surely, under);
            }
            let mine = sets.stored.intersect(&context).intersect(&live);
            let hull = box_hull(&mine, dims);
            if !hull.is_empty() {
                stored = stored.union(&mine);
                store_boxes.push(hull);
            }
        }
        let at = Spelling {
            context: &context,
            name: &name,
        };
        let buffer = box_within(&buffer, dims, &at)??;
        let row_extents = first_sets.row_extents.as_ref();
        let copy = |set: &Poly, area: &Poly| {
            place_within(set, area, Kind::Hull, dims, row_extents, &at, self.choice)
                .map(|placed| placed.map(|(copy, _)| copy))
        };
        let loads = copy(&loaded, &box_hull(&loaded, dims))?
            .into_iter()
            .collect();
        let (members, stores) = match host_in_loop {
            HostInLoop::Untouched => {
                let mut stores = Vec::new();
                for b in merge_boxes(store_boxes, dims) {
                    stores.extend(copy(&stored, &b)?);
                }
                let members = users.iter().map(|&(_, m)| (m, Default::default()));
                (members.collect(), stores)
            }
            HostInLoop::Reads => {
                // The sharing along one iteration's users, the device
                // holding every element they need current: their stores.
                let [run] = &self.runs(v, placed)[..] else {
                    return None;
                };
                let universe = Poly::universe(ctx);
                let none = BTreeSet::new();
                (self.share(v, run, universe, &none)?.members, Vec::new())
            }
        };
        Some(SharedArray {
            var: v,
            name: first.name.clone(),
            dims,
            poison: first.poison,
            view: first.view.clone(),
            buffer,
            members,
            around: Some(AroundLoop {
                stmt,
                span,
                first: first_loop,
                loads,
                stores,
            }),
        })
    }
}

/// Whether `set`, within `context`, changes with the parameter `x`: the
/// set without it (every value of x at once) holds more.
fn depends_on(set: &Poly, context: &Poly, x: &str) -> bool {
    let within = set.intersect(context);
    let free = within.project(x).intersect(context);
    !free.is_subset(&within)
}
