//! OUT regions, top-down: the elements a statement writes that the rest
//! of the program may read before overwriting them.
//!
//! A function's OUT is what it writes to memory its callers can see
//! (behind pointer parameters, globals): the callers are not consulted,
//! so an externally visible function and a static one are treated alike.
//! Inside, each statement gets the set of elements *live* after it (over
//! the store before it), and OUT(s) = W(s) ∩ live(s):
//! - in a sequence, live after item k is what the later items import,
//!   plus what is live after the sequence and not surely overwritten by
//!   the later items;
//! - branches inherit the `if`'s liveness;
//! - a loop body's liveness is the loop's plus what any iteration imports,
//!   with the variables the loop modifies forgotten; it stays exact only
//!   where iterations write disjoint elements (a counted loop whose body's
//!   write depends on the index alone).

use crate::access::{Collector, Rw};
use crate::analysis::minus_map;
use crate::entity::{Entity, Root};
use crate::function::FunctionContext;
use crate::region::{self, Region, RegionMap, add, merge};
use crate::set::involves;
use crate::summary::Summary;
use crate::summary::{as_callers_see, visible_to_callers};
use ferry_hcfg::Analyses;
use ferry_hcfg::ir::*;
use ferry_hcfg::semantics::Transformer;
use ferry_hcfg::semantics::budget::{self, Deadline, Window};
use ferry_hcfg::semantics::poly::{Conj, Cons, Lin, Name, Poly};
use petgraph::algo::tarjan_scc;
use petgraph::graph::DiGraph;
use std::cell::Cell;
use std::collections::BTreeSet;

type PerNode<T> = Vec<Vec<Option<T>>>;

/// The OUT regions of every node, what is live after every node, and
/// every function's OUT summary.
pub struct Computed {
    pub out: PerNode<RegionMap>,
    pub live: PerNode<RegionMap>,
    pub summaries: Vec<Option<RegionMap>>,
}

pub fn compute(
    a: &Analyses,
    nodes: &PerNode<Rw>,
    summaries: &[Option<Summary>],
    fresh: &Cell<u32>,
    interner: &region::Interner,
    keep_live: bool,
) -> Computed {
    let program = &a.program;
    let mut out: PerNode<RegionMap> = vec![Vec::new(); program.functions.len()];
    let mut live_after: PerNode<RegionMap> = vec![Vec::new(); program.functions.len()];
    let mut out_summaries = vec![None; program.functions.len()];
    // Callers first, so that a function's calls have their OUT regions
    // when its own liveness at return is decided.
    let order: Vec<FuncId> = a.calls.components.iter().rev().flatten().copied().collect();
    for f in order {
        let Some(body) = &program.function(f).body else {
            continue;
        };
        if !a.scope.contains(f) {
            continue;
        }
        let callers_read = CallersRead::of(a, f, &|caller, index| {
            out[caller.index()].get(index)?.as_ref().map(roots)
        });
        let Some(function) = function_out(
            a,
            f,
            body,
            &nodes[f.index()],
            summaries,
            fresh,
            interner,
            &callers_read,
        ) else {
            continue;
        };
        out[f.index()] = function.out;
        out_summaries[f.index()] = function.summary;
        if keep_live {
            live_after[f.index()] = function.live;
        }
    }
    Computed {
        out,
        live: live_after,
        summaries: out_summaries,
    }
}

/// The roots of the entities of a node's OUT regions: what its callees'
/// OUT asks of it ([`CallersRead`]).
pub(crate) fn roots(out: &RegionMap) -> Vec<Root> {
    out.keys().map(|e| e.root).collect()
}

/// The OUT regions of one function's nodes, what is live after each, and
/// its OUT summary.
pub(crate) struct FunctionOut {
    pub out: Vec<Option<RegionMap>>,
    pub live: Vec<Option<RegionMap>>,
    pub summary: Option<RegionMap>,
}

/// The OUT regions of `f`, whose nodes' regions are `rw`, once its
/// callers' are known (`callers_read`); `None` when its body has no
/// regions. Its sets are shared through `interner`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn function_out(
    a: &Analyses,
    f: FuncId,
    body: &Body,
    rw: &[Option<Rw>],
    summaries: &[Option<Summary>],
    fresh: &Cell<u32>,
    interner: &region::Interner,
    callers_read: &CallersRead,
) -> Option<FunctionOut> {
    let program = &a.program;
    let Some(Some(root)) = rw.get(body.root.index()) else {
        return None;
    };
    // What callers can see is live when the function returns, unless no
    // caller reads it afterwards.
    let mut live = RegionMap::new();
    // (Memory that cannot be named is not made live: what a statement
    // writes of it is `*ANYWHERE*`, which the callers see anyway.)
    for e in root.write.keys() {
        if visible_to_callers(program, e)
            && *e != Entity::anywhere()
            && callers_read.may_read(program, e)
        {
            live.insert(e.clone(), region::everything_exact(&a.semantics.ctx));
        }
    }
    let _deadline = Deadline::start(format!("the OUT regions of `{}`", program.function(f).name));
    let _window = Window::open(&a.semantics.ctx, crate::ISL_OPERATIONS_PER_STATEMENT);
    let cx = FunctionContext::new(a, f, summaries, fresh);
    let mut walker = Walker {
        analyses: a,
        cx: &cx,
        f,
        body,
        rw,
        out: vec![None; body.nodes.len()],
        live: vec![None; body.nodes.len()],
    };
    walker.descend(body.root, &live);
    let summary = walker.out[body.root.index()].as_ref().map(|o| {
        let mut seen = RegionMap::new();
        for (e, r) in o.iter().filter(|(e, _)| visible_to_callers(program, e)) {
            let (e, r) = as_callers_see(program, &a.semantics.ctx, e, r.clone());
            region::add(&mut seen, e, r);
        }
        seen
    });
    let mut walked = walker.out;
    interner.share_all(walked.iter_mut().flatten());
    Some(FunctionOut {
        out: walked,
        live: walker.live,
        summary,
    })
}

/// What the vertices reachable from each vertex's successors read: the
/// distinct maps, and per vertex the index of its own (`reads`: what each
/// vertex reads). Computed over the strongly connected components,
/// successors first (`tarjan_scc` lists them so), each union made once per
/// component and edge between components: a walk from every vertex would
/// redo them, quadratic in a large `switch`. Every vertex of a cycle
/// reaches its whole component, so the vertices of one component share
/// one map (in a `switch` inside a loop, all of them): the caller works
/// once per map, not once per vertex. Still, with hundreds of components
/// over hundreds of entities (SQLite's bytecode interpreter), it is the
/// longest part of a function's OUT regions: the function's deadline is
/// checked at every component, past which there is no answer (`None`).
fn reachable_reads<E>(
    graph: &DiGraph<Vertex, E>,
    reads: &[RegionMap],
) -> Option<(Vec<RegionMap>, Vec<usize>)> {
    let components = tarjan_scc(graph);
    let mut component = vec![0; graph.node_count()];
    for (c, members) in components.iter().enumerate() {
        for v in members {
            component[v.index()] = c;
        }
    }
    // maps[2c]: what the components after c read; maps[2c + 1]: what c
    // and the components after it read.
    let mut maps: Vec<RegionMap> = Vec::with_capacity(2 * components.len());
    for (c, members) in components.iter().enumerate() {
        if budget::out_of_time() {
            return None;
        }
        let next: BTreeSet<usize> = members
            .iter()
            .flat_map(|&v| graph.neighbors(v))
            .map(|w| component[w.index()])
            .filter(|&d| d != c)
            .collect();
        let mut after = RegionMap::new();
        for d in next {
            merge(&mut after, maps[2 * d + 1].clone());
        }
        let mut all = after.clone();
        for v in members {
            merge(&mut all, reads[v.index()].clone());
        }
        maps.push(after);
        maps.push(all);
    }
    let of_vertex = graph
        .node_indices()
        .map(|v| {
            let c = component[v.index()];
            // In a cycle, a vertex reaches every vertex of its component.
            let cyclic = components[c].len() > 1 || graph.neighbors(v).any(|w| w == v);
            2 * c + usize::from(cyclic)
        })
        .collect();
    Some((maps, of_vertex))
}

/// Which memory behind a function's pointer parameters its callers may
/// read after the call: for each call site, whether the OUT region of the
/// calling statement names the object the actual argument points into.
/// Every call must be known (a direct call from a function with a body),
/// else everything counts as read.
pub(crate) struct CallersRead {
    /// Per formal parameter: some caller reads its actual's object later.
    read: Option<Vec<bool>>,
}

impl CallersRead {
    /// Whether what `f`'s callers read is looked at: not for `main`, a
    /// function called through a pointer, a recursive one, or one that
    /// code outside the files may call (external linkage in a program that
    /// is not closed), whose callers are taken to read everything.
    pub(crate) fn consults_callers(a: &Analyses, f: FuncId) -> bool {
        let function = a.program.function(f);
        !(function.name.as_str() == "main"
            || function.address_taken
            || a.calls.recursive[f.index()]
            || !a.program.callers_all_here(f))
    }

    /// `out_roots(caller, node)`: the roots of the entities of the OUT
    /// regions of a caller's node, `None` when they are not known.
    pub(crate) fn of(
        a: &Analyses,
        f: FuncId,
        out_roots: &dyn Fn(FuncId, usize) -> Option<Vec<Root>>,
    ) -> CallersRead {
        let everything = CallersRead { read: None };
        if !Self::consults_callers(a, f) {
            return everything;
        }
        let program = &a.program;
        let function = program.function(f);
        let mut read = vec![false; function.params.len()];
        let mut sites = 0;
        for caller in a.calls.callers(f) {
            let Some(body) = &program.function(caller).body else {
                return everything;
            };
            for (index, node) in body.nodes.iter().enumerate() {
                let mut calls = Vec::new();
                for e in node.kind.own_expressions() {
                    e.walk(&mut |sub| {
                        if let ExprKind::Call(callee, args) = &sub.kind
                            && ferry_hcfg::callgraph::direct_callee(callee) == Some(f)
                        {
                            calls.push(args);
                        }
                    });
                }
                if calls.is_empty() {
                    continue;
                }
                let Some(live) = out_roots(caller, index) else {
                    return everything;
                };
                for args in calls {
                    sites += 1;
                    for (k, arg) in args.iter().enumerate().take(read.len()) {
                        read[k] |= match root_variable(arg) {
                            Some(v) => live.iter().any(|root| match root {
                                Root::Var(w) => *w == v,
                                Root::Anywhere => true,
                            }),
                            None => true,
                        };
                    }
                }
            }
        }
        if sites == 0 {
            return everything;
        }
        CallersRead { read: Some(read) }
    }

    fn may_read(&self, program: &Program, e: &Entity) -> bool {
        let (Some(read), Root::Var(v)) = (&self.read, e.root) else {
            return true;
        };
        let var = program.var(v);
        if var.is_global() {
            return true;
        }
        let Some(function) = var.function else {
            return true;
        };
        match program
            .function(function)
            .params
            .iter()
            .position(|&p| p == v)
        {
            Some(k) => read[k],
            None => true,
        }
    }
}

/// The variable an argument's memory belongs to (`a`, `a + i`, `&a[i][0]`,
/// `(void *)a`), if that is plain.
fn root_variable(e: &Expr) -> Option<VarId> {
    match &e.kind {
        ExprKind::Var(v) => Some(*v),
        ExprKind::Cast(inner) | ExprKind::Unary(UnOp::AddrOf, inner) => root_variable(inner),
        ExprKind::Index(base, _) | ExprKind::Member { base, .. } => root_variable(base),
        ExprKind::Binary(BinaryOp::Add | BinaryOp::Sub, x, y) => {
            if x.ty.is_pointer_like() {
                root_variable(x)
            } else {
                root_variable(y)
            }
        }
        _ => None,
    }
}

struct Walker<'c, 'a> {
    analyses: &'a Analyses,
    /// For the regions of an unstructured graph's tests.
    cx: &'c FunctionContext<'a>,
    f: FuncId,
    body: &'a Body,
    rw: &'c [Option<Rw>],
    out: Vec<Option<RegionMap>>,
    /// What is live after each node, over the store before it.
    live: Vec<Option<RegionMap>>,
}

impl Walker<'_, '_> {
    fn rw(&self, id: NodeId) -> Rw {
        self.rw
            .get(id.index())
            .and_then(Option::clone)
            .unwrap_or_default()
    }

    fn transformer(&self, id: NodeId) -> Option<Transformer> {
        self.analyses.semantics.transformers[self.f.index()]
            .get(id.index())
            .and_then(Option::clone)
    }

    /// Regions over the store after `id`, over the store before it.
    fn back_through(&self, map: &RegionMap, id: NodeId) -> RegionMap {
        match self.transformer(id) {
            Some(t) => region::translate_map(map, &t),
            None => forget_all(map, &ferry_hcfg::loops::written_scalars(self.body, id)),
        }
    }

    /// Regions over the store before `id`, over the store after it: the
    /// variables `id` modifies are forgotten.
    fn forward_through(&self, map: &RegionMap, id: NodeId) -> RegionMap {
        let modified: Vec<VarId> = match self.transformer(id) {
            Some(t) => t.modified.into_iter().collect(),
            None => ferry_hcfg::loops::written_scalars(self.body, id),
        };
        forget_all(map, &modified)
    }

    /// OUT and liveness of `id` and the nodes inside it, within an isl
    /// quota per node (see [`ferry_hcfg::semantics::budget`]).
    fn descend(&mut self, id: NodeId, live: &RegionMap) {
        if budget::out_of_time() {
            // Past the deadline every isl operation answers at once, but
            // the walk itself (a region map per vertex of a large graph)
            // would still cost seconds: the subtree takes its fallback.
            self.give_up(id, live);
            return;
        }
        let window = Window::open(self.cx.ctx, crate::ISL_OPERATIONS_PER_STATEMENT);
        self.descend_within(id, live);
        if window.degraded() {
            // Some isl result was replaced by "unknown": still a superset.
            for map in [&mut self.out[id.index()], &mut self.live[id.index()]]
                .into_iter()
                .flatten()
            {
                region::make_all_may(map);
            }
        }
    }

    /// Sound OUT and liveness for `id` and every node inside it, without
    /// walking it: OUT is all a node writes (may); what is live after a
    /// node inside is at most every element of what is live after `id` or
    /// read by a node inside (each node's reads: the reads of `id` itself
    /// no longer name the locals declared inside it), may.
    fn give_up(&mut self, id: NodeId, live: &RegionMap) {
        let mut nodes = Vec::new();
        let mut stack = vec![id];
        while let Some(n) = stack.pop() {
            nodes.push(n);
            stack.extend(self.body.node(n).kind.children());
        }
        let mut read: BTreeSet<Entity> = live.keys().cloned().collect();
        for &n in &nodes {
            if let Some(Some(rw)) = self.rw.get(n.index()) {
                read.extend(rw.read.keys().cloned());
            }
        }
        let ctx = self.cx.ctx;
        let inner: RegionMap = read
            .into_iter()
            .map(|e| (e, region::everything(ctx)))
            .collect();
        for n in nodes {
            self.out[n.index()] = Some(region::all_may(&self.rw(n).write));
            self.live[n.index()] = Some(if n == id { live.clone() } else { inner.clone() });
        }
    }

    fn descend_within(&mut self, id: NodeId, live: &RegionMap) {
        let rw = self.rw(id);
        let mut out = intersect_maps(&rw.write, live);
        region::compact_all(&mut out);
        self.out[id.index()] = Some(out);
        self.live[id.index()] = Some(live.clone());
        match &self.body.node(id).kind {
            NodeKind::Seq { items, .. } => self.sequence(id, items, live),
            NodeKind::If {
                then_branch,
                else_branch,
                ..
            } => {
                self.descend(*then_branch, live);
                self.descend(*else_branch, live);
            }
            NodeKind::Loop(l) => {
                let (init, index, others) = match &l.kind {
                    LoopKind::Counted(c) => (Some(c.init), Some(c.index), vec![]),
                    LoopKind::For { init, step, .. } => (Some(*init), None, vec![*step]),
                    _ => (None, None, vec![]),
                };
                let loop_part = self.loop_body_liveness(id, l.body, index, live);
                if let Some(init) = init {
                    // The init runs first: what the loop imports is live after it.
                    let mut after_init = self.forward_through(live, init);
                    merge(&mut after_init, region::all_may(&self.rw(l.body).input));
                    let back = self.back_through(&after_init, init);
                    self.descend(init, &back);
                }
                self.descend(l.body, &loop_part);
                for s in others {
                    self.descend(s, &loop_part);
                }
            }
            NodeKind::Unstructured(u) => {
                let modified: Vec<VarId> = self
                    .transformer(id)
                    .map(|t| t.modified.into_iter().collect())
                    .unwrap_or_default();
                // What each vertex reads; after a vertex, what the vertices
                // it can reach read is live (its values over stores the
                // graph has changed: the modified variables forgotten).
                let reads: Vec<RegionMap> = u
                    .graph
                    .node_indices()
                    .map(|v| match &u.graph[v] {
                        Vertex::Node(n) => self.rw(*n).read,
                        Vertex::Test(e) | Vertex::Switch(e) => {
                            Collector::expression(self.cx, e).read
                        }
                        Vertex::Join | Vertex::Exit => RegionMap::new(),
                    })
                    .collect();
                let Some((after, of_vertex)) = reachable_reads(&u.graph, &reads) else {
                    return self.give_up(id, live);
                };
                // What is live inside, once per distinct map.
                let mut inner: Vec<Option<RegionMap>> = vec![None; after.len()];
                for v in u.graph.node_indices() {
                    let Vertex::Node(n) = u.graph[v] else {
                        continue;
                    };
                    if budget::out_of_time() {
                        return self.give_up(id, live);
                    }
                    let k = of_vertex[v.index()];
                    let inside = inner[k].get_or_insert_with(|| {
                        let mut all = live.clone();
                        merge(&mut all, after[k].clone());
                        region::all_may(&forget_all(&all, &modified))
                    });
                    let inside = inside.clone();
                    self.descend(n, &inside);
                }
            }
            NodeKind::Expr(_) | NodeKind::Declare(_) | NodeKind::Return(_) | NodeKind::Nop => {}
        }
    }

    /// OUT and liveness of the items of sequence `id`. Past the deadline
    /// (checked per item: a function's body can be a long sequence) the
    /// whole sequence takes its fallback.
    fn sequence(&mut self, id: NodeId, items: &[NodeId], live: &RegionMap) {
        // Liveness after the sequence, over the store before each item.
        let mut forwarded = Vec::with_capacity(items.len());
        let mut current = live.clone();
        for &item in items {
            if budget::out_of_time() {
                return self.give_up(id, live);
            }
            forwarded.push(current.clone());
            current = self.forward_through(&current, item);
        }
        // Walking backwards: what the items after k import and write, over
        // the store before item k + 1.
        let mut later = Rw::default();
        let mut after_last = current;
        for (k, &item) in items.iter().enumerate().rev() {
            if budget::out_of_time() {
                return self.give_up(id, live);
            }
            let mut live_after = later.input.clone();
            merge(&mut live_after, minus_map(&after_last, &later.write));
            let live_k = self.back_through(&live_after, item);
            self.descend(item, &live_k);
            // Now extend `later` with item k, over the store before it.
            let rw = self.rw(item);
            let input = self.back_through(&later.input, item);
            let write = self.back_through(&later.write, item);
            let mut next = Rw {
                read: RegionMap::new(),
                write: rw.write.clone(),
                input: rw.input.clone(),
            };
            merge(&mut next.input, minus_map(&input, &rw.write));
            merge(&mut next.write, write);
            later = next;
            after_last = forwarded[k].clone();
        }
    }

    /// What is live after one iteration of a loop body, over the store
    /// before that iteration.
    fn loop_body_liveness(
        &self,
        loop_id: NodeId,
        body: NodeId,
        index: Option<VarId>,
        live: &RegionMap,
    ) -> RegionMap {
        let mut modified: BTreeSet<VarId> = self
            .transformer(loop_id)
            .map(|t| t.modified)
            .unwrap_or_default();
        modified.extend(ferry_hcfg::loops::written_scalars(self.body, body));
        let modified: Vec<VarId> = modified.into_iter().collect();
        let body_rw = self.rw(body);
        let mut inner = forget_all(live, &modified);
        merge(
            &mut inner,
            region::all_may(&forget_all(&body_rw.input, &modified)),
        );
        // An element a later iteration may overwrite is not surely live.
        for (e, w) in &body_rw.write {
            let disjoint = index.is_some_and(|i| self.iterations_disjoint(w, i, &modified));
            if !disjoint && let Some(r) = inner.get_mut(e) {
                r.make_may();
            }
        }
        inner
    }

    /// Whether two different iterations of a counted loop never write the
    /// same element of the region `w` (which depends on the index only).
    fn iterations_disjoint(&self, w: &Region, index: VarId, modified: &[VarId]) -> bool {
        if modified
            .iter()
            .any(|&v| v != index && involves(&w.set, &Name::Pre(v).isl()))
        {
            return false;
        }
        let i = Name::Pre(index).isl();
        let other = w.set.rename(&i, "other_index");
        let ctx = &self.analyses.semantics.ctx;
        let differ = Poly::from_dnf(
            ctx,
            &[Conj {
                cons: vec![Cons::ge0(
                    Lin::name("other_index".to_string())
                        .sub(&Lin::name(i.clone()))
                        .and_then(|l| l.add(&Lin::constant(-1)))
                        .expect("small coefficients"),
                )],
                exists: Vec::new(),
            }],
        );
        w.set.intersect(&other).intersect(&differ).is_empty()
    }
}

/// Every region of `map` for any values of `vars`. A loop or a call may
/// modify hundreds of variables, and most live regions mention none of
/// them: those are kept as they are ([`region::map_changed`]).
fn forget_all(map: &RegionMap, vars: &[VarId]) -> RegionMap {
    let names: Vec<String> = vars.iter().map(|&v| Name::Pre(v).isl()).collect();
    region::map_changed(map, |r| {
        let params = r.param_names();
        let mentioned: Vec<String> = names
            .iter()
            .filter(|n| params.contains(*n))
            .cloned()
            .collect();
        // (A product of two variables names them without their names.)
        let products = params.iter().any(|p| region::is_product(p));
        (!mentioned.is_empty() || products).then(|| r.forget_any(&names))
    })
}

fn intersect_maps(a: &RegionMap, b: &RegionMap) -> RegionMap {
    let mut out = RegionMap::new();
    // Memory written that cannot be named may be any live element.
    if a.contains_key(&Entity::anywhere()) && !b.is_empty() {
        let ctx = a[&Entity::anywhere()].set.set.get_ctx();
        out.insert(Entity::anywhere(), region::everything(&ctx));
    }
    for (e, r) in a {
        // The same variable reached along another path (`out[i]` written
        // whole, `out[i].re` read later) shares elements with it, which
        // sets over different dimensions cannot tell: all of it may be
        // live.
        let related = b.keys().any(|l| l.overlaps_apart(e));
        let hit = b
            .get(e)
            .or_else(|| b.get(&Entity::anywhere()))
            .map(|l| Region::new(r.set.intersect(&l.set), r.approx().and(l.approx())));
        let hit = if related { Some(r.clone().may()) } else { hit };
        if let Some(hit) = hit
            && !(hit.is_empty() && hit.is_exact())
        {
            add(&mut out, e.clone(), hit);
        }
    }
    out
}
