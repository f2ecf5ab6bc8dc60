//! Redundant transfer elimination (section 4 of the paper): loads move up
//! and stores move down through the HCFG, and out of functions to their
//! call sites, as far as the code they cross lets them; a transfer that
//! meets its reciprocal (the same bytes the other way) or its double with
//! nothing in between disappears.
//!
//! The pass reads the transfers a program makes (`dma`: the paper's
//! `memload` / `memstore`) and computes, bottom-up over each function's
//! HCFG, what every node lets out at its entry (loads) and exit (stores),
//! and what stays (its *residual*, as effects on whole objects):
//!
//! - **Sequences**: each child's entry loads, residual and exit stores in
//!   a row; loads bubble towards the start and stores towards the end
//!   across anything they commute with (`footprint::commute`). A load
//!   right after its reciprocal store, or after the same load, is
//!   dropped; so is a store right after its reciprocal load, or after the
//!   same store. The leading loads and trailing stores are the sequence's.
//! - **Loops**: a load at the body's entry leaves the loop when the rest of
//!   the loop (body, condition, the other transfers) writes neither its
//!   arguments' variables, nor the host memory it reads, nor the device
//!   memory it fills, and a test evaluated before the body does not read
//!   that device memory. A load whose reciprocal store is at the body's exit
//!   leaves with it even though the body writes the device memory, as long
//!   as the rest does not touch the host memory: every iteration then
//!   reloads what the previous one stored, and a loop that runs no
//!   iteration stores back what it loaded. A store without such a load
//!   leaves only a loop that surely runs once (a do-while, or a counted
//!   loop whose precondition implies a non-empty range), when the rest of
//!   the loop touches neither side's host memory nor its arguments and
//!   the test after the body leaves the device side alone: leaving a
//!   loop that may not run would store device memory nothing wrote.
//! - **Conditionals**: loads that start both branches, and stores that end
//!   both, the same, leave the `if` (the condition must commute with the
//!   loads).
//! - **Functions**: the loads at a function's entry move to every call
//!   site, and the stores at its exit after them, when every call is a
//!   statement of its own whose arguments evaluate without side effects,
//!   the function is neither `main`, recursive nor address-taken, the
//!   transfer names only formal parameters, and (for a store) the function
//!   writes none of them. Callers come after their callees, so moved
//!   transfers keep moving in the caller.
//!
//! - **Side by side**: two loads (or two stores) of overlapping or
//!   touching runs become one, and a transfer right after one the other
//!   way keeps only what that one did not make equal (`extent`), decided
//!   under the precondition between the code around them.
//!
//! A store leaves a function only where, at every call, the callee writes
//! nothing the actuals of the formals it names read (it runs after the
//! call, with the actuals evaluated there). A call whose callee let
//! transfers out is seen, in the caller, through what stays in the
//! callee, translated to the call. Unstructured parts are left as they
//! are.

pub(crate) mod dma;
mod edit;
mod extent;
pub(crate) mod footprint;

use crate::call_sites::{self, CallSite};
use crate::select::statements_in_block;
use crate::transfer::precondition_at;
use dma::{Direction, Transfer};
pub use edit::Edits;
use extent::{Merged, Trimmed};
use ferry_hcfg::Analyses;
use ferry_hcfg::callgraph::direct_callee;
use ferry_hcfg::effects::{Effects, Location, seen_by_callers};
use ferry_hcfg::ir::{
    CountedLoop, Edge, Expr, ExprKind, FuncId, LoopKind, NodeId, NodeKind, Unstructured, VarId,
    Vertex,
};
use ferry_hcfg::semantics::poly::{Lin, Poly};
use ferry_parser::ParsedFile;
use ferry_parser::ast::{ExternalDecl, Stmt, StmtId};
use ferry_parser::span::Span;
use ferry_regions::RegionsAnalysis;
use ferry_regions::function::FunctionContext;
use footprint::{Footprint, any_overlap, commute};
use petgraph::graph::NodeIndex;
use petgraph::visit::EdgeRef;
use std::collections::{BTreeSet, HashMap};

/// The edits, per translation unit, that optimise the transfers written in
/// the program.
pub fn optimise(parsed: &[ParsedFile], a: &Analyses, regions: &RegionsAnalysis) -> Vec<Edits> {
    let mut pass = Pass::new(parsed, a, regions);
    for component in &a.calls.components {
        for &f in component {
            if pass.statements.contains_key(&f) {
                pass.function(f);
            }
        }
    }
    pass.edits
}

/// What a node lets out, and what stays in it.
struct Moved {
    entry: Vec<Transfer>,
    exit: Vec<Transfer>,
    residual: Footprint,
}

impl Moved {
    fn code(residual: Footprint) -> Moved {
        Moved {
            entry: Vec::new(),
            exit: Vec::new(),
            residual,
        }
    }
}

/// Where the transfers of a sequence without code go.
enum Anchor {
    /// At the start of the block (a `{ ... }` sequence).
    BlockStart(Span),
    /// Before this statement (a straight run in a control-flow graph).
    Before(Span),
}

/// One element of a sequence being optimised.
enum Element {
    Transfer(Box<Transfer>),
    /// Code that stays: one child, or several sharing a span (the
    /// declarators of one declaration).
    Code {
        first: Span,
        last: Span,
        /// Its first and last nodes: the state before and after it.
        nodes: (NodeId, NodeId),
        footprint: Footprint,
    },
}

/// What a function let out to its callers.
struct MovedOut {
    /// The loads its callers make before calling it, and the stores
    /// after, over its formal parameters.
    loads: Vec<Transfer>,
    stores: Vec<Transfer>,
    /// What it still reads and writes, as its callers see it: a caller's
    /// view of the call leaves the moved transfers out.
    stays: Effects,
}

struct Pass<'a> {
    a: &'a Analyses,
    regions: &'a RegionsAnalysis,
    edits: Vec<Edits>,
    /// The statements of each function the pass may edit (defined in a
    /// main file), by span.
    statements: HashMap<FuncId, HashMap<StmtId, Stmt>>,
    /// The functions whose transfers may move to their call sites, with
    /// those sites: every call of them is a plain call statement
    /// (`call_sites`).
    call_sites: HashMap<FuncId, Vec<CallSite>>,
    /// Per function: the loads its callers now make before calling it,
    /// and the stores after, over its formal parameters.
    moved_out: HashMap<FuncId, MovedOut>,
}

impl<'a> Pass<'a> {
    fn new(parsed: &'a [ParsedFile], a: &'a Analyses, regions: &'a RegionsAnalysis) -> Pass<'a> {
        let program = &a.program;
        let mut statements = HashMap::new();
        for f in program.function_ids() {
            let function = program.function(f);
            if function.body.is_none() {
                continue;
            }
            let file = &parsed[function.unit];
            for item in &file.unit.items {
                let ExternalDecl::FunctionDef(def) = item else {
                    continue;
                };
                if (def.span.lo, def.span.hi) != (function.span.lo, function.span.hi)
                    || !file.in_main_file(def.span)
                {
                    continue;
                }
                let mut map = HashMap::new();
                statements_in_block(&def.body, &mut |s| {
                    map.insert(s.id, s.clone());
                });
                statements.insert(f, map);
            }
        }
        Pass {
            a,
            regions,
            edits: parsed.iter().map(|_| Edits::default()).collect(),
            statements,
            call_sites: call_sites::plain_call_sites(parsed, a),
            moved_out: HashMap::new(),
        }
    }

    fn function(&mut self, f: FuncId) {
        let program = &self.a.program;
        let function = program.function(f);
        let body = function.body.as_ref().expect("a function with a body");
        let root = body.root;
        let moved = self.node(f, root);
        // Having call sites implies that f's address is never taken.
        let movable = function.name.as_str() != "main"
            && !self.a.calls.recursive[f.index()]
            && self.call_sites.contains_key(&f);
        let assigned = assigned_variables(body);
        let formal = |t: &Transfer, unwritten: bool| {
            t.names
                .iter()
                .all(|v| function.params.contains(v) && !(unwritten && assigned.contains(v)))
        };
        let residual = moved.residual;
        let (out_loads, kept_loads): (Vec<_>, Vec<_>) = moved
            .entry
            .into_iter()
            .partition(|t| movable && formal(t, false));
        let (out_stores, kept_stores): (Vec<_>, Vec<_>) = moved
            .exit
            .into_iter()
            .partition(|t| movable && formal(t, true) && self.actuals_outlive_calls(f, t));
        if !out_loads.is_empty() || !out_stores.is_empty() {
            let mut stays = residual.effects;
            for t in kept_loads.iter().chain(&kept_stores) {
                stays.merge(&t.footprint().effects);
            }
            let moved_out = MovedOut {
                loads: out_loads,
                stores: out_stores,
                stays: seen_by_callers(program, &stays),
            };
            self.moved_out.insert(f, moved_out);
        }
        self.materialise(f, root, kept_loads, kept_stores);
    }

    /// Whether, at every call of `g`, the actuals of the formals a store
    /// of `g` names still have their values after the call, where the
    /// store moves: `g` writes nothing they read (a global, memory a
    /// pointer argument reaches).
    fn actuals_outlive_calls(&self, g: FuncId, t: &Transfer) -> bool {
        let program = &self.a.program;
        let params = &program.function(g).params;
        let summary = &self.a.effects.summaries[g.index()];
        self.call_sites[&g].iter().all(|site| {
            let NodeKind::Expr(e) = &self.body(site.caller).node(site.node).kind else {
                return false;
            };
            let ExprKind::Call(_, args) = &e.kind else {
                return false;
            };
            let mut actuals = Effects::default();
            for v in &t.names {
                if let Some(k) = params.iter().position(|p| p == v) {
                    self.a
                        .effects
                        .expr(program, site.caller, &args[k], &mut actuals);
                }
            }
            let mut call = Effects::default();
            self.a
                .effects
                .call_summary(program, site.caller, g, args, summary, &mut call);
            !any_overlap(program, &call.writes, &actuals.reads)
        })
    }

    fn unit(&self, f: FuncId) -> usize {
        self.a.program.function(f).unit
    }

    fn span(&self, f: FuncId, id: NodeId) -> Span {
        self.body(f).node(id).span
    }

    fn body(&self, f: FuncId) -> &'a ferry_hcfg::ir::Body {
        self.a
            .program
            .function(f)
            .body
            .as_ref()
            .expect("a function with a body")
    }

    /// Puts transfers that go no further at the entry and exit of a node.
    fn materialise(&mut self, f: FuncId, id: NodeId, entry: Vec<Transfer>, exit: Vec<Transfer>) {
        let span = self.span(f, id);
        let unit = self.unit(f);
        let is_sequence = matches!(self.body(f).node(id).kind, NodeKind::Seq { .. });
        let edits = &mut self.edits[unit];
        if is_sequence {
            edits.at_start(span, statements(entry));
            edits.at_end(span, statements(exit));
        } else {
            edits.before(span, statements(entry));
            edits.after(span, statements(exit));
        }
    }

    fn proper(&self, f: FuncId, id: NodeId) -> Footprint {
        let mut e = Effects::default();
        self.a
            .effects
            .node_proper(&self.a.program, f, &self.body(f).node(id).kind, &mut e);
        Footprint::of(e)
    }

    fn cumulated(&self, f: FuncId, id: NodeId) -> Footprint {
        Footprint::of(self.a.effects.nodes[f.index()][id.index()].clone())
    }

    fn node(&mut self, f: FuncId, id: NodeId) -> Moved {
        let body = self.body(f);
        let node = body.node(id);
        match &node.kind {
            NodeKind::Expr(e) => self.expression(f, id, e),
            NodeKind::Seq { items, .. } => self.sequence(f, id, items),
            NodeKind::Loop(l) => self.the_loop(f, id, &l.kind, l.body),
            NodeKind::If {
                then_branch,
                else_branch,
                ..
            } => self.conditional(f, id, *then_branch, *else_branch),
            NodeKind::Declare(v) => {
                // Its scope starts here: nothing naming it moves above.
                let mut e = Effects::default();
                e.writes.insert(Location::Var(*v));
                Moved::code(Footprint::of(e))
            }
            NodeKind::Return(_) => Moved::code(Footprint::barrier(self.cumulated(f, id).effects)),
            NodeKind::Unstructured(u) => self.unstructured(f, id, u),
            NodeKind::Nop => Moved::code(self.cumulated(f, id)),
        }
    }

    /// A transfer statement, a call of a function whose transfers moved to
    /// its callers, or other code.
    fn expression(&mut self, f: FuncId, id: NodeId, e: &Expr) -> Moved {
        let span = self.span(f, id);
        let stmt = (self.body(f).node(id).stmt)
            .and_then(|s| self.statements[&f].get(&s))
            .cloned();
        if let Some(stmt) = &stmt
            && let Some(t) = self.transfer(f, e, stmt)
        {
            let unit = self.unit(f);
            self.edits[unit].delete(span);
            let mut moved = Moved::code(Footprint::default());
            match t.direction {
                Direction::Load => moved.entry.push(t),
                Direction::Store => moved.exit.push(t),
            }
            return moved;
        }
        if let ExprKind::Call(callee, _) = &e.kind
            && let Some(g) = direct_callee(callee)
            && let Some(out) = self.moved_out.get(&g)
            && let Some(stmt) = &stmt
            && let Some(ast_args) = dma::ast_call_arguments(stmt)
            && let Some(args) = dma::plain_call(self.a, f, e, g)
        {
            let program = &self.a.program;
            let mut call = Effects::default();
            for arg in args {
                self.a.effects.expr(program, f, arg, &mut call);
            }
            self.a
                .effects
                .call_summary(program, f, g, args, &out.stays, &mut call);
            let (entry, exit) = self.with_context(f, |cx| {
                let at_call = |t: &Transfer| t.at_call(cx, g, args, ast_args);
                (
                    out.loads.iter().map(at_call).collect(),
                    out.stores.iter().map(at_call).collect(),
                )
            });
            return Moved {
                entry,
                exit,
                residual: Footprint::of(call),
            };
        }
        Moved::code(self.cumulated(f, id))
    }

    /// The transfer an expression statement makes, if it makes one.
    fn transfer(&self, f: FuncId, e: &Expr, stmt: &Stmt) -> Option<Transfer> {
        if !dma::calls_a_transfer(&self.a.program, e) {
            return None;
        }
        self.with_context(f, |cx| Transfer::recognise(cx, e, stmt))
    }

    /// `work` done with the region analysis's view of `f` (its affine
    /// values, its stable pointers).
    fn with_context<R>(&self, f: FuncId, work: impl FnOnce(&FunctionContext) -> R) -> R {
        let fresh = std::cell::Cell::new(0);
        work(&FunctionContext::new(
            self.a,
            f,
            &self.regions.summaries,
            &fresh,
        ))
    }

    fn sequence(&mut self, f: FuncId, id: NodeId, items: &[NodeId]) -> Moved {
        let (moved, middle) = self.run_of(f, items);
        let mut moved = moved;
        moved.residual = self.place_middle(f, middle, Anchor::BlockStart(self.span(f, id)));
        moved
    }

    /// A run of nodes executed one after the other: what leaves it at its
    /// start and end, and what stays in the middle (to be placed).
    fn run_of(&mut self, f: FuncId, items: &[NodeId]) -> (Moved, Vec<Element>) {
        let mut elements = Vec::new();
        for &child in items {
            let span = self.span(f, child);
            let moved = self.node(f, child);
            elements.extend(
                moved
                    .entry
                    .into_iter()
                    .map(|t| Element::Transfer(Box::new(t))),
            );
            match elements.last_mut() {
                Some(Element::Code {
                    last,
                    nodes,
                    footprint,
                    ..
                }) if (last.lo, last.hi) == (span.lo, span.hi) => {
                    footprint.merge(&moved.residual);
                    nodes.1 = child;
                }
                _ => elements.push(Element::Code {
                    first: span,
                    last: span,
                    nodes: (child, child),
                    footprint: moved.residual,
                }),
            }
            elements.extend(
                moved
                    .exit
                    .into_iter()
                    .map(|t| Element::Transfer(Box::new(t))),
            );
        }
        bubble(&Gaps { a: self.a, f }, &mut elements);
        let leading = elements
            .iter()
            .take_while(|e| matches!(e, Element::Transfer(t) if t.direction == Direction::Load))
            .count();
        let trailing = elements[leading..]
            .iter()
            .rev()
            .take_while(|e| matches!(e, Element::Transfer(t) if t.direction == Direction::Store))
            .count();
        let exit: Vec<Transfer> = elements
            .drain(elements.len() - trailing..)
            .filter_map(|e| match e {
                Element::Transfer(t) => Some(*t),
                Element::Code { .. } => None,
            })
            .collect();
        let entry: Vec<Transfer> = elements
            .drain(..leading)
            .filter_map(|e| match e {
                Element::Transfer(t) => Some(*t),
                Element::Code { .. } => None,
            })
            .collect();
        let moved = Moved {
            entry,
            exit,
            residual: Footprint::default(),
        };
        (moved, elements)
    }

    /// Places the transfers that stay inside a sequence next to the code
    /// around them; returns what the whole stays-part touches.
    fn place_middle(&mut self, f: FuncId, elements: Vec<Element>, anchor: Anchor) -> Footprint {
        let unit = self.unit(f);
        let mut residual = Footprint::default();
        let mut pending: Vec<Stmt> = Vec::new();
        let mut last_code: Option<Span> = None;
        for element in elements {
            match element {
                Element::Transfer(t) => {
                    residual.merge(&t.footprint());
                    pending.push(t.stmt);
                }
                Element::Code {
                    first,
                    last,
                    footprint,
                    ..
                } => {
                    residual.merge(&footprint);
                    self.edits[unit].before(first, std::mem::take(&mut pending));
                    last_code = Some(last);
                }
            }
        }
        match last_code {
            Some(last) => self.edits[unit].after(last, pending),
            None => match anchor {
                Anchor::BlockStart(span) => self.edits[unit].at_start(span, pending),
                Anchor::Before(span) => self.edits[unit].before(span, pending),
            },
        }
        residual
    }

    /// A control-flow graph: its straight runs of nodes (one successor,
    /// which has one predecessor) are sequences; nothing crosses a branch
    /// or a join. What the graph touches is taken whole.
    fn unstructured(&mut self, f: FuncId, id: NodeId, u: &Unstructured) -> Moved {
        use petgraph::Direction::{Incoming, Outgoing};
        let graph = &u.graph;
        let node_of = |v: NodeIndex| match graph[v] {
            Vertex::Node(n) => Some(n),
            _ => None,
        };
        // The next vertex of a straight run.
        let next = |v: NodeIndex| {
            let mut out = graph.edges_directed(v, Outgoing);
            let edge = out.next()?;
            if out.next().is_some() || *edge.weight() != Edge::Always {
                return None;
            }
            let w = edge.target();
            (node_of(w).is_some() && graph.edges_directed(w, Incoming).count() == 1).then_some(w)
        };
        let continues: BTreeSet<NodeIndex> = graph.node_indices().filter_map(next).collect();
        for start in graph.node_indices() {
            if node_of(start).is_none() || continues.contains(&start) {
                continue;
            }
            let mut items = Vec::new();
            let mut v = Some(start);
            while let Some(w) = v {
                items.extend(node_of(w));
                v = next(w);
            }
            let first = self.span(f, items[0]);
            let last = self.span(f, items[items.len() - 1]);
            let (moved, middle) = self.run_of(f, &items);
            let unit = self.unit(f);
            self.edits[unit].before(first, statements(moved.entry));
            self.place_middle(f, middle, Anchor::Before(first));
            self.edits[unit].after(last, statements(moved.exit));
        }
        Moved::code(self.cumulated(f, id))
    }

    fn the_loop(&mut self, f: FuncId, id: NodeId, kind: &LoopKind, body_id: NodeId) -> Moved {
        let body = self.node(f, body_id);
        let mut rest = self.proper(f, id);
        // What runs before the body's first load: the test of a loop that
        // tests first. A hoisted load would fill what it reads sooner.
        let test_first = match kind {
            LoopKind::DoWhile { .. } => Footprint::default(),
            _ => rest.clone(),
        };
        // The parts of a `for` header run in every iteration too; they are
        // left as they are (a transfer there does not move).
        match kind {
            LoopKind::Counted(c) => rest.merge(&self.cumulated(f, c.init)),
            LoopKind::For { init, step, .. } => {
                rest.merge(&self.cumulated(f, *init));
                rest.merge(&self.cumulated(f, *step));
            }
            LoopKind::While { .. } | LoopKind::DoWhile { .. } => {}
        }
        rest.merge(&body.residual);
        let program = &self.a.program;
        let all: Vec<&Transfer> = body.entry.iter().chain(&body.exit).collect();
        // What the loop touches besides `t` (and its reciprocal).
        let others = |t: &Transfer, pair: Option<&Transfer>| {
            let mut fp = rest.clone();
            for o in &all {
                if !std::ptr::eq(*o, t) && pair.is_none_or(|p| !std::ptr::eq(*o, p)) {
                    fp.merge(&o.footprint());
                }
            }
            fp
        };
        let mut hoisted = Vec::new();
        let mut stays_entry = Vec::new();
        let mut sunk_pairs = Vec::new();
        for load in &body.entry {
            let pair = body.exit.iter().find(|s| s.reciprocal(load));
            let x = others(load, pair);
            let arguments_kept = !any_overlap(program, x.writes(), &load.arguments);
            let ok = !x.barrier
                && arguments_kept
                && !any_overlap(program, test_first.reads(), &load.device)
                && match pair {
                    Some(_) => !any_overlap(program, &x.touched(), &load.host),
                    None => {
                        !any_overlap(program, x.writes(), &load.host)
                            && !any_overlap(program, x.writes(), &load.device)
                    }
                };
            if ok {
                hoisted.push(load.clone());
                if let Some(p) = pair {
                    sunk_pairs.push(p);
                }
            } else {
                stays_entry.push(load.clone());
            }
        }
        // A store alone leaves a loop that surely runs once: the last
        // iteration's store copies what the device holds at the end, as
        // long as the test (and a `for` step) after it leaves that alone.
        let is_paired = |store: &Transfer| sunk_pairs.iter().any(|p| std::ptr::eq(*p, store));
        // The precondition is asked only when some store is alone.
        let runs_once = body.exit.iter().any(|s| !is_paired(s))
            && match kind {
                LoopKind::DoWhile { .. } => true,
                LoopKind::Counted(c) => self.surely_iterates(f, id, c),
                LoopKind::While { .. } | LoopKind::For { .. } => false,
            };
        let mut after_body = self.proper(f, id);
        if let LoopKind::For { step, .. } = kind {
            after_body.merge(&self.cumulated(f, *step));
        }
        let mut sunk = Vec::new();
        let mut stays_exit = Vec::new();
        for store in &body.exit {
            let paired = is_paired(store);
            let alone = || {
                let x = others(store, None);
                runs_once
                    && !x.barrier
                    && !any_overlap(program, x.writes(), &store.arguments)
                    && !any_overlap(program, &x.touched(), &store.host)
                    && !any_overlap(program, after_body.writes(), &store.device)
            };
            if paired || alone() {
                sunk.push(store.clone());
            } else {
                stays_exit.push(store.clone());
            }
        }
        let mut residual = rest;
        for t in stays_entry.iter().chain(&stays_exit) {
            residual.merge(&t.footprint());
        }
        self.materialise(f, body_id, stays_entry, stays_exit);
        Moved {
            entry: hoisted,
            exit: sunk,
            residual,
        }
    }

    /// Whether a counted loop runs at least once whenever control reaches
    /// it: its precondition implies a non-empty index range.
    fn surely_iterates(&self, f: FuncId, id: NodeId, c: &CountedLoop) -> bool {
        let index = "motion_index";
        let Some(range) = self.with_context(f, |cx| cx.index_range(c, index)) else {
            return false;
        };
        let runs = range.project(index);
        precondition_at(self.a, f, id).is_subset(&runs)
    }

    fn conditional(&mut self, f: FuncId, id: NodeId, then_id: NodeId, else_id: NodeId) -> Moved {
        let mut then_branch = self.node(f, then_id);
        let mut else_branch = self.node(f, else_id);
        let condition = self.proper(f, id);
        let program = &self.a.program;
        let mut entry = Vec::new();
        while let (Some(a), Some(b)) = (then_branch.entry.first(), else_branch.entry.first()) {
            if !a.same(b) || !commute(program, &a.footprint(), &condition) {
                break;
            }
            entry.push(then_branch.entry.remove(0));
            else_branch.entry.remove(0);
        }
        let mut exit = Vec::new();
        while let (Some(a), Some(b)) = (then_branch.exit.last(), else_branch.exit.last()) {
            if !a.same(b) {
                break;
            }
            exit.insert(0, then_branch.exit.pop().expect("a last store"));
            else_branch.exit.pop();
        }
        let mut residual = condition;
        for branch in [&then_branch, &else_branch] {
            residual.merge(&branch.residual);
            for t in branch.entry.iter().chain(&branch.exit) {
                residual.merge(&t.footprint());
            }
        }
        self.materialise(f, then_id, then_branch.entry, then_branch.exit);
        self.materialise(f, else_id, else_branch.entry, else_branch.exit);
        Moved {
            entry,
            exit,
            residual,
        }
    }
}

/// The statements of transfers placed where they are.
fn statements(transfers: Vec<Transfer>) -> Vec<Stmt> {
    transfers.into_iter().map(|t| t.stmt).collect()
}

/// The stores a place between two elements of a sequence may hold: those
/// of the original program between the code around it, since transfers
/// change no variable the affine analysis tracks (what they write is
/// memory a pointer reaches, and a tracked variable's address is never
/// taken).
struct Gaps<'a> {
    a: &'a Analyses,
    f: FuncId,
}

impl Gaps<'_> {
    /// The stores before `elements[gap]` (after the last one when `gap`
    /// is the length).
    fn state(&self, elements: &[Element], gap: usize) -> Poly {
        let code = |e: &Element| match e {
            Element::Code { nodes, .. } => Some(*nodes),
            Element::Transfer(_) => None,
        };
        if let Some((next, _)) = elements[gap..].iter().find_map(code) {
            return precondition_at(self.a, self.f, next);
        }
        let Some((_, last)) = elements[..gap].iter().rev().find_map(code) else {
            return Poly::universe(&self.a.semantics.ctx);
        };
        let before = precondition_at(self.a, self.f, last);
        match &self.a.semantics.transformers[self.f.index()][last.index()] {
            Some(t) => t.apply(&before),
            None => Poly::universe(&self.a.semantics.ctx),
        }
    }

    /// What replaces `first` and `second`, side by side before
    /// `elements[gap]`, when it is fewer calls or fewer elements: one copy
    /// of both runs when they go the same way (`extent::merge`), or the
    /// first and what is left of the second when they go opposite ways
    /// (`extent::trim`); `None` when they stay as they are.
    fn combined(
        &self,
        elements: &[Element],
        gap: usize,
        first: &Transfer,
        second: &Transfer,
    ) -> Option<Vec<Transfer>> {
        let (x, y) = (first.extent.as_ref()?, second.extent.as_ref()?);
        let program = &self.a.program;
        let ctx = &self.a.semantics.ctx;
        if first.direction != second.direction {
            let state = self.state(elements, gap);
            return Some(match extent::trim(ctx, x, y, &state)? {
                Trimmed::Nothing => vec![first.clone()],
                Trimmed::Rest { shift, count } => {
                    vec![first.clone(), second.part(first, &shift, &count, program)?]
                }
            });
        }
        // The first must not change the memory the second reads.
        if !x.same_objects(y)
            || any_overlap(
                program,
                first.footprint().writes(),
                second.footprint().reads(),
            )
        {
            return None;
        }
        let state = self.state(elements, gap);
        let one = match extent::merge(ctx, x, y, &state)? {
            Merged::First => first.clone(),
            Merged::Second => second.clone(),
            Merged::Hull { from_first, count } => {
                let (from, other) = if from_first {
                    (first, second)
                } else {
                    (second, first)
                };
                from.part(other, &Lin::constant(0), &count, program)?
            }
        };
        Some(vec![one])
    }
}

/// Moves loads towards the start and stores towards the end of a
/// sequence, dropping those that meet their reciprocal or their double,
/// making one copy of two side by side that copy overlapping or touching
/// runs, and trimming from a transfer what the one the other way right
/// before it made equal on both sides (`Gaps::combined`). Loads never pass loads nor stores stores, so
/// the order among each is kept and the moves end.
fn bubble(gaps: &Gaps, elements: &mut Vec<Element>) {
    let program = &gaps.a.program;
    let mut changed = true;
    while changed {
        changed = false;
        let mut p = 0;
        while p < elements.len() {
            let Element::Transfer(t) = &elements[p] else {
                p += 1;
                continue;
            };
            // Two transfers side by side may be fewer (`Gaps::combined`).
            if let Some(Element::Transfer(next)) = elements.get(p + 1)
                && let Some(fewer) = gaps.combined(elements, p + 1, t, next)
            {
                let fewer = fewer.into_iter().map(|t| Element::Transfer(Box::new(t)));
                elements.splice(p..p + 2, fewer);
                changed = true;
                continue;
            }
            match t.direction {
                Direction::Load if p > 0 => match &elements[p - 1] {
                    Element::Transfer(s) if s.reciprocal(t) || s.same(t) => {
                        elements.remove(p);
                        changed = true;
                        continue;
                    }
                    Element::Transfer(s)
                        if s.direction == Direction::Store
                            && commute(program, &s.footprint(), &t.footprint()) =>
                    {
                        elements.swap(p - 1, p);
                        changed = true;
                    }
                    Element::Code { footprint, .. }
                        if commute(program, footprint, &t.footprint()) =>
                    {
                        elements.swap(p - 1, p);
                        changed = true;
                    }
                    _ => {}
                },
                Direction::Store if p + 1 < elements.len() => match &elements[p + 1] {
                    Element::Transfer(s) if s.reciprocal(t) && s.direction == Direction::Load => {
                        // The store leaves both sides equal: the load that
                        // follows copies nothing new.
                        elements.remove(p + 1);
                        changed = true;
                        continue;
                    }
                    Element::Transfer(s) if s.same(t) => {
                        elements.remove(p + 1);
                        changed = true;
                        continue;
                    }
                    Element::Transfer(s)
                        if s.direction == Direction::Load
                            && commute(program, &s.footprint(), &t.footprint()) =>
                    {
                        elements.swap(p, p + 1);
                        changed = true;
                        p += 1;
                    }
                    Element::Code { footprint, .. }
                        if commute(program, footprint, &t.footprint()) =>
                    {
                        elements.swap(p, p + 1);
                        changed = true;
                        p += 1;
                    }
                    _ => {}
                },
                _ => {}
            }
            if p > 0
                && let Element::Transfer(t) = &elements[p]
                && t.direction == Direction::Store
                && let Element::Transfer(l) = &elements[p - 1]
                && l.direction == Direction::Load
                && l.reciprocal(t)
            {
                // Right after a load, copying the same bytes back changes
                // nothing on the host.
                elements.remove(p);
                changed = true;
                continue;
            }
            p += 1;
        }
    }
}

/// The variables a body assigns, increments or takes the address of (the
/// effects analysis cannot tell a formal array parameter's elements from
/// the parameter itself).
fn assigned_variables(body: &ferry_hcfg::ir::Body) -> BTreeSet<VarId> {
    use ferry_hcfg::ir::UnOp;
    let mut out = BTreeSet::new();
    let target = |e: &Expr| match &e.kind {
        ExprKind::Var(v) => Some(*v),
        _ => None,
    };
    for node in &body.nodes {
        if let NodeKind::Declare(v) = node.kind {
            out.insert(v);
        }
        for e in node.kind.own_expressions() {
            e.walk(&mut |sub| match &sub.kind {
                ExprKind::Assign(_, lhs, _) => out.extend(target(lhs)),
                ExprKind::Unary(
                    UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec | UnOp::AddrOf,
                    inner,
                ) => out.extend(target(inner)),
                _ => {}
            });
        }
    }
    out
}
