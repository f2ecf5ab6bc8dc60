//! SCoPs from the HCFG.
//!
//! A part is static-affine when every node of it is a sequence, a counted
//! loop whose bounds are affine in the enclosing indices and the
//! parameters, an `if` (whose condition, when not affine, makes the
//! statements under it ones that may run: `Statement::dynamic`), an
//! assignment (or `++`, `--`, `op=`) to an array element or a scalar, a
//! declaration or nothing. Expressions read array elements with affine
//! subscripts, scalars and constants, and call only pure functions (the
//! math library's, and the program's that touch no memory their caller
//! sees: `Finder::is_pure`). A parameter is an
//! integer scalar the part reads and never writes (nor takes the address
//! of); a scalar the part writes is an array of no dimension, and may
//! then appear in no bound, condition or subscript. An array's base
//! pointer must not be assigned in the part.
//!
//! The affine forms come from the semantics' [`Env`], so integer
//! conversions, unsigned wrapping and division are read as everywhere else
//! in ferry; an expression with more than one affine case (a `?:`, a
//! division by a sign-unknown value) is not static-affine here.
//!
//! A call of a function of the program whose whole body is static-affine
//! is a statement too (PENCIL's function summaries, §3.6): its accesses
//! are the callee's (`summary`), its integer arguments affine, its array
//! arguments an array, a row of one (`a[i]`) or an element's address
//! (`&a[i][j]`), no two of them the same array.
//!
//! A loop of dynamic control (a `while`, a do-while, a `for` that is not
//! counted) and an unstructured part (a loop left by `break` or
//! `continue`, `goto`s: the PENCIL report's Listing 2) are one statement
//! each, a generic statement that may write what its summary writes
//! (§3.2).
//!
//! A function's SCoPs are its maximal static-affine runs of sibling
//! statements that hold at least one loop: a sequence whose items do not
//! all qualify is cut into runs of items that do; an item that does not
//! is searched inside.

use crate::summary::{Part, Summary, SummaryAccess, summarise};
use crate::{Access, AccessKind, Independence, Scop, Statement};
use ferry_hcfg::Analyses;
use ferry_hcfg::delinearise::View;
use ferry_hcfg::effects::EffectsAnalysis;
use ferry_hcfg::ir::*;
use ferry_hcfg::semantics::affine::{Env, range_constraints};
use ferry_hcfg::semantics::poly::{Conj, Cons, Lin, Name, Poly};
use ferry_hcfg::semantics::{Factored, Transformer};
use ferry_parser::intern::Symbol;
use ferry_parser::span::Span;
use isl_rs::Map;
use petgraph::Direction;
use petgraph::graph::NodeIndex;
use petgraph::visit::EdgeRef;
use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::rc::Rc;

/// More disjuncts than this in an iteration domain: not static-affine.
const MAX_DISJUNCTS: usize = 8;

/// isl operations placing one call's summary at its call site may take.
const MAX_CALL_OPERATIONS: u64 = 2_000_000;

/// The summaries of the functions called by the part being modelled,
/// built once: `None` for a function whose body is no SCoP (or is being
/// summarised: a recursive call).
type SummaryCache = RefCell<HashMap<FuncId, Option<Rc<Summary>>>>;

/// Functions without effects on memory a statement may call.
const PURE_FUNCTIONS: &[&str] = &[
    "sqrt", "sqrtf", "exp", "expf", "log", "logf", "pow", "powf", "sin", "sinf", "cos", "cosf",
    "tan", "tanf", "fabs", "fabsf", "floor", "floorf", "ceil", "ceilf", "fmod", "fmodf", "fmin",
    "fmax", "fminf", "fmaxf",
];

/// Names isl's parser reads as keywords: a variable named so is renamed.
const ISL_KEYWORDS: &[&str] = &[
    "and", "or", "not", "exists", "min", "max", "mod", "floor", "ceil", "true", "false", "infty",
    "NaN", "implies", "xor", "rat", "cst", "div", "domain", "range",
];

/// The SCoPs of function `f`, in textual order.
pub fn scops_of(analyses: &Analyses, f: FuncId) -> Vec<Scop> {
    let program = &analyses.program;
    let func = program.function(f);
    let Some(body) = &func.body else {
        return Vec::new();
    };
    let summaries = SummaryCache::default();
    let finder = Finder {
        program,
        effects: &analyses.effects,
        views: &analyses.views,
        stores: &analyses.semantics.preconditions,
        steps: &analyses.semantics.transformers,
        body,
        func: f,
        function: func.name.as_str().to_string(),
        raw_names: false,
        summaries: &summaries,
    };
    let mut out = Vec::new();
    finder.search(body.root, &mut out);
    out
}

/// The SCoP that statement `node` of `f` is as a whole, if it is one,
/// every variable (and array) named as the semantics name it (`v12`).
pub fn scop_of_statement(analyses: &Analyses, f: FuncId, node: NodeId) -> Option<Scop> {
    let program = &analyses.program;
    let func = program.function(f);
    let summaries = SummaryCache::default();
    let finder = Finder {
        program,
        effects: &analyses.effects,
        views: &analyses.views,
        stores: &analyses.semantics.preconditions,
        steps: &analyses.semantics.transformers,
        body: func.body.as_ref()?,
        func: f,
        function: func.name.as_str().to_string(),
        raw_names: true,
        summaries: &summaries,
    };
    finder
        .shape_ok(node)
        .then(|| finder.build(&[node]))
        .flatten()
}

struct Finder<'a> {
    program: &'a Program,
    effects: &'a EffectsAnalysis,
    /// Flat pointers seen with rows; a function with an assumed one
    /// (`delinearise::Rows::Assumed`) has no summary, since its callers
    /// would rely on the assumption unchecked.
    views: &'a BTreeMap<VarId, View>,
    /// Per function, per node: the stores the semantics found before it
    /// (what an unstructured part's statements are known to run under).
    stores: &'a [Vec<Option<Factored>>],
    /// Per function, per node: its transformer (what the store after it is).
    steps: &'a [Vec<Option<Transformer>>],
    body: &'a Body,
    /// The function `body` is of.
    func: FuncId,
    function: String,
    raw_names: bool,
    summaries: &'a SummaryCache,
}

impl Finder<'_> {
    /// Appends the SCoPs inside `node` (itself included) to `out`.
    fn search(&self, node: NodeId, out: &mut Vec<Scop>) {
        if let NodeKind::Seq { items, .. } = &self.body.node(node).kind {
            let mut run: Vec<NodeId> = Vec::new();
            for &item in items {
                if self.shape_ok(item) {
                    run.push(item);
                } else {
                    self.run(&run, out);
                    run.clear();
                    self.search_inside(item, out);
                }
            }
            self.run(&run, out);
            return;
        }
        if self.shape_ok(node)
            && let Some(scop) = self.build(&[node])
            && self.has_loop(&scop)
        {
            self.keep(Some(scop), out);
            return;
        }
        self.search_inside(node, out);
    }

    /// A SCoP worth modelling: one with a loop. A macro's `do { ... }
    /// while (0)` runs once and is none (macro-heavy code is full of them).
    fn has_loop(&self, scop: &Scop) -> bool {
        let runs_once = |node: NodeId| {
            matches!(&self.body.node(node).kind, NodeKind::Loop(Loop {
                kind: LoopKind::DoWhile { condition },
                ..
            }) if matches!(condition.kind, ExprKind::Int(0)))
        };
        scop.encapsulated.iter().any(|&node| !runs_once(node))
            || scop.statements.iter().any(|s| !s.indices.is_empty())
    }

    /// Appends `scop` if it has a loop, and the SCoPs inside the loops it
    /// takes as one statement each.
    fn keep(&self, scop: Option<Scop>, out: &mut Vec<Scop>) {
        let Some(scop) = scop.filter(|scop| self.has_loop(scop)) else {
            return;
        };
        let inside = scop.encapsulated.clone();
        out.push(scop);
        for node in inside {
            self.search_inside(node, out);
        }
    }

    /// A run of siblings that each look static-affine, cut into maximal
    /// SCoPs: each item joins the part before it when they are one
    /// together, else starts the next part (or, not static-affine on its
    /// own, is searched inside).
    fn run(&self, run: &[NodeId], out: &mut Vec<Scop>) {
        let mut current: Vec<NodeId> = Vec::new();
        let mut last: Option<Scop> = None;
        for &item in run {
            current.push(item);
            if let Some(scop) = self.build(&current) {
                last = Some(scop);
                continue;
            }
            current.clear();
            self.keep(last.take(), out);
            match self.build(&[item]) {
                Some(scop) => {
                    current.push(item);
                    last = Some(scop);
                }
                None => self.search_inside(item, out),
            }
        }
        self.keep(last, out);
    }

    fn search_inside(&self, node: NodeId, out: &mut Vec<Scop>) {
        let kind = &self.body.node(node).kind;
        let children = match kind {
            NodeKind::Loop(Loop {
                kind: LoopKind::Counted(_),
                body,
            }) => vec![*body],
            _ => kind.children(),
        };
        for child in children {
            self.search(child, out);
        }
    }

    /// The syntactic part of the test: node kinds and expression forms,
    /// before any affine form is computed.
    fn shape_ok(&self, node: NodeId) -> bool {
        match &self.body.node(node).kind {
            NodeKind::Seq { items, .. } => items.iter().all(|&i| self.shape_ok(i)),
            NodeKind::Expr(e) => self.statement_shape(e),
            NodeKind::Declare(_) | NodeKind::Nop => true,
            NodeKind::If {
                condition,
                then_branch,
                else_branch,
            } => {
                self.reads_only(condition)
                    && self.shape_ok(*then_branch)
                    && self.shape_ok(*else_branch)
            }
            NodeKind::Loop(Loop { kind, body }) => {
                self.shape_ok(*body)
                    && match kind {
                        LoopKind::Counted(_) => true,
                        LoopKind::While { condition } | LoopKind::DoWhile { condition } => {
                            self.reads_only(condition)
                        }
                        LoopKind::For {
                            init,
                            condition,
                            step,
                        } => {
                            self.shape_ok(*init)
                                && self.shape_ok(*step)
                                && condition.as_ref().is_none_or(|c| self.reads_only(c))
                        }
                    }
            }
            // Taken as one statement (`Builder::encapsulate`): its
            // statements and tests each of a SCoP statement's form. A
            // `return` inside would leave the part and the function.
            NodeKind::Unstructured(u) => u.graph.node_weights().all(|v| match v {
                Vertex::Node(n) => self.shape_ok(*n),
                Vertex::Test(c) | Vertex::Switch(c) => self.reads_only(c),
                Vertex::Join | Vertex::Exit => true,
            }),
            NodeKind::Return(_) => false,
        }
    }

    /// The SCoP of `items` (siblings, in order), if they are static-affine
    /// and hold a statement.
    fn build(&self, items: &[NodeId]) -> Option<Scop> {
        let mut written = HashSet::new();
        let mut indices = HashSet::new();
        for &item in items {
            self.collect_writes(item, &mut written, &mut indices);
        }
        let fresh = Cell::new(0);
        let program = self.program;
        let summary_of = |g: FuncId| self.summary(g);
        let loop_summary_of = |node: NodeId| self.loop_summary(node);
        let tracked = |v: VarId| {
            let var = program.var(v);
            var.ty.is_integer()
                && !var.is_volatile
                && !var.address_taken
                && (indices.contains(&v) || !written.contains(&v))
        };
        let varying = HashSet::new();
        let env = Env {
            program,
            tracked: &tracked,
            fresh: &fresh,
            products: None,
        };
        let mut builder = Builder::new(
            env,
            &written,
            &varying,
            self.raw_names,
            &summary_of,
            &loop_summary_of,
        );
        let universe = vec![Conj::default()];
        for &item in items {
            builder.node(self.body, item, &universe)?;
        }
        // An assumption alone is no part, but may open one.
        if builder.statements.is_empty() && builder.violations.is_empty() {
            return None;
        }
        let span = Span {
            lo: self.body.node(items[0]).span.lo,
            hi: self.body.node(*items.last()?).span.hi,
        };
        Some(builder.finish(self.function.clone(), span))
    }

    /// The variables the statements of `node` assign, and the indices of
    /// its counted loops.
    fn collect_writes(
        &self,
        node: NodeId,
        written: &mut HashSet<VarId>,
        indices: &mut HashSet<VarId>,
    ) {
        match &self.body.node(node).kind {
            NodeKind::Expr(e) => {
                if let Some(v) = e.assigned_var() {
                    written.insert(v);
                }
            }
            NodeKind::Declare(v) => {
                written.insert(*v);
            }
            NodeKind::Loop(Loop {
                kind: LoopKind::Counted(c),
                body,
            }) => {
                indices.insert(c.index);
                self.collect_writes(*body, written, indices);
            }
            kind => {
                for child in kind.children() {
                    self.collect_writes(child, written, indices);
                }
            }
        }
    }
}

impl Finder<'_> {
    /// Whether `e` has the form of a SCoP statement: one assignment or
    /// increment of an array element or a variable, whose operands only read.
    fn statement_shape(&self, e: &Expr) -> bool {
        let program = self.program;
        match pencil_call(program, e) {
            Some((PencilCall::Assume, [condition])) => return self.reads_only(condition),
            Some((PencilCall::Kill, arrays)) => {
                return arrays.iter().all(
                    |a| matches!(a.kind, ExprKind::Var(v) if program.var(v).ty.is_pointer_like()),
                );
            }
            _ => {}
        }
        if let ExprKind::Call(callee, args) = &e.kind {
            return matches!(&callee.kind, ExprKind::Func(g)
                if program.function(*g).body.is_some() || program.access_summaries.contains_key(g))
                && args
                    .iter()
                    .all(|a| self.reads_only(a) || array_argument(a).is_some());
        }
        let (target, value) = match &e.kind {
            ExprKind::Assign(_, target, value) => (target, Some(value)),
            ExprKind::Unary(
                UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec,
                target,
            ) => (target, None),
            _ => return false,
        };
        let target_ok = match &target.kind {
            // A whole structure (Listing 5's U) or a scalar.
            ExprKind::Var(v) => {
                let ty = &program.var(*v).ty;
                ty.is_arithmetic() || matches!(ty, Type::Struct(_))
            }
            ExprKind::Index(..) | ExprKind::Member { arrow: false, .. } => self.reads_only(target),
            _ => false,
        };
        target_ok && value.is_none_or(|v| self.reads_only(v))
    }

    /// Whether evaluating `e` only reads memory (and calls pure functions).
    fn reads_only(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Var(_)
            | ExprKind::Int(_)
            | ExprKind::Float
            | ExprKind::SizeOf(_)
            | ExprKind::UnknownConst => true,
            ExprKind::Unary(
                UnOp::PreInc
                | UnOp::PreDec
                | UnOp::PostInc
                | UnOp::PostDec
                | UnOp::Deref
                | UnOp::AddrOf,
                _,
            ) => false,
            ExprKind::Unary(_, a)
            | ExprKind::Cast(a)
            | ExprKind::Member {
                base: a,
                arrow: false,
                ..
            } => self.reads_only(a),
            ExprKind::Binary(_, a, b) | ExprKind::Index(a, b) => {
                self.reads_only(a) && self.reads_only(b)
            }
            ExprKind::Cond(c, a, b) => {
                self.reads_only(c)
                    && a.as_ref().is_some_and(|a| self.reads_only(a))
                    && self.reads_only(b)
            }
            ExprKind::Call(callee, args) => {
                matches!(&callee.kind, ExprKind::Func(f) if self.is_pure(*f))
                    && args.iter().all(|a| self.reads_only(a))
            }
            ExprKind::Func(_)
            | ExprKind::Str
            | ExprKind::Assign(..)
            | ExprKind::Member { arrow: true, .. }
            | ExprKind::Comma(_)
            | ExprKind::Opaque { .. } => false,
        }
    }

    /// Whether a call of `f` computes a value and nothing else: a math
    /// function of the library, or a function of the program whose
    /// parameters are all scalars and which touches no memory its caller
    /// sees (no global, nothing through a pointer: its effects summary is
    /// empty), such as nussinov's `best(a, b)`.
    fn is_pure(&self, f: FuncId) -> bool {
        let func = self.program.function(f);
        if PURE_FUNCTIONS.contains(&func.name.as_str()) {
            return true;
        }
        let summary = &self.effects.summaries[f.index()];
        func.body.is_some()
            && summary.reads.is_empty()
            && summary.writes.is_empty()
            && func
                .params
                .iter()
                .all(|&p| self.program.var(p).ty.is_arithmetic())
            && func.ty.ret.is_arithmetic()
    }
}

impl<'a> Finder<'a> {
    /// A finder of the part of a summary in `body` (of `function`), with
    /// the semantics' names, which the summary reads back as variables.
    fn for_summary(&self, body: &'a Body, func: FuncId, function: String) -> Finder<'a> {
        Finder {
            program: self.program,
            effects: self.effects,
            views: self.views,
            stores: self.stores,
            steps: self.steps,
            body,
            func,
            function,
            raw_names: true,
            summaries: self.summaries,
        }
    }

    /// The summary of a call of `g`: its body modelled as one SCoP,
    /// with the semantics' names, and its accesses collected.
    fn summary(&self, g: FuncId) -> Option<Rc<Summary>> {
        if let Some(known) = self.summaries.borrow().get(&g) {
            return known.clone();
        }
        // Until it is built, a call of `g` (from `g` itself) has none.
        self.summaries.borrow_mut().insert(g, None);
        // A summary function the user named (`pencil_access`, §3.7)
        // stands for `g`'s body: its accesses are taken as `g`'s, its
        // parameters as `g`'s in order. One that names no function of the
        // same parameters gives none (the commands refuse it first).
        let source = match self.program.access_summaries.get(&g) {
            None => g,
            Some(named) => named
                .function
                .filter(|&s| same_parameters(self.program, g, s))?,
        };
        let func = self.program.function(source);
        let body = func.body.as_ref()?;
        let assumes_rows = self
            .views
            .iter()
            .any(|(&v, view)| view.is_assumed() && self.program.var(v).function == Some(source));
        if assumes_rows {
            return None;
        }
        let finder = self.for_summary(body, source, func.name.as_str().to_string());
        let summary = finder
            .shape_ok(body.root)
            .then(|| finder.build(&[body.root]))
            .flatten()
            .and_then(|scop| summarise(self.program, &Part::Function(source), &scop))
            .map(|summary| as_summary_of(self.program, summary, source, g))
            .map(Rc::new);
        self.summaries.borrow_mut().insert(g, summary.clone());
        summary
    }

    /// The summary of a loop of dynamic control (`node`): what its body,
    /// and a `for`'s first and last clauses, read and write, its own
    /// declarations left out.
    fn loop_summary(&self, node: NodeId) -> Option<Rc<Summary>> {
        let l = match &self.body.node(node).kind {
            NodeKind::Loop(l) => l,
            NodeKind::Unstructured(_) => return self.stores_summary(node),
            _ => return None,
        };
        let items = match &l.kind {
            LoopKind::For { init, step, .. } => vec![*init, l.body, *step],
            _ => vec![l.body],
        };
        let mut declared = HashSet::new();
        for &item in &items {
            self.declared_in(item, &mut declared);
        }
        let part = Part::Loop {
            declared: &declared,
            varying: &HashSet::new(),
        };
        let modelled = self
            .for_summary(self.body, self.func, self.function.clone())
            .build(&items)
            .and_then(|scop| summarise(self.program, &part, &scop));
        match modelled {
            Some(summary) => Some(Rc::new(summary)),
            // A body that is no SCoP (it steps what it subscripts with).
            None => self.stores_summary(node),
        }
    }

    /// The summary of `node` from the stores the semantics found before
    /// its statements: an unstructured part (a loop left by `break` or
    /// `continue`, `goto`s), or a loop whose body is no SCoP (a `while`
    /// stepping the index it subscripts with). Its control is no nest, so
    /// each statement is placed by the store before it rather than by
    /// loops: a statement that may run (its writes may-writes) whose
    /// instances are the store's values; each test and loop condition is
    /// a read under every store it is evaluated with. The integer
    /// variables `node` modifies (an index stepped towards a `continue`,
    /// the indices of its counted loops) are unknowns of those stores, not
    /// parameters: the summary takes its accesses over all their values
    /// (`Part::Loop::varying`). Its accesses include those of a loop's own
    /// condition (`Summary::own_control`).
    fn stores_summary(&self, node: NodeId) -> Option<Rc<Summary>> {
        let mut declared = HashSet::new();
        self.declared_in(node, &mut declared);
        let mut written = HashSet::new();
        let mut indices = HashSet::new();
        self.collect_writes(node, &mut written, &mut indices);
        // The integer variables the part writes are the stores' unknowns
        // (they may appear in subscripts here); a pointer it assigns still
        // moves its elements (`Builder::is_modelled`).
        let is_integer = |v: &VarId| self.program.var(*v).ty.is_integer();
        let varying: HashSet<VarId> = written
            .iter()
            .chain(&indices)
            .copied()
            .filter(is_integer)
            .collect();
        written.retain(|v| !is_integer(v));
        let mut mentioned = HashSet::new();
        ferry_hcfg::loops::subtree_exprs(self.body, node, &mut |e| {
            e.walk(&mut |sub| {
                if let ExprKind::Var(v) = sub.kind {
                    mentioned.insert(v);
                }
            })
        });
        mentioned.extend(indices.iter().copied());
        // A `for` flattened into the part declares its index in its first
        // clause, with no node of its own: a local whose scope lies within
        // the part is the part's.
        let span = self.body.node(node).span;
        declared.extend(mentioned.iter().copied().filter(|&v| {
            let var = self.program.var(v);
            var.storage == Storage::Local
                && var.function == Some(self.func)
                && var.span.lo >= span.lo
                && var.scope_end <= span.hi
        }));
        let scop = self
            .for_summary(self.body, self.func, self.function.clone())
            .build_under_stores(node, &mentioned, &varying, &written)?;
        let part = Part::Loop {
            declared: &declared,
            varying: &varying,
        };
        let mut summary = summarise(self.program, &part, &scop)?;
        summary.own_control = true;
        Some(Rc::new(summary))
    }

    /// The store before `n` as a disjunction ([`Finder::disjunction`]);
    /// every store where the semantics have none.
    fn store_before(&self, n: NodeId, mentioned: &HashSet<VarId>) -> Vec<Conj> {
        match self
            .stores
            .get(self.func.index())
            .and_then(|s| s.get(n.index()))
        {
            Some(Some(store)) => disjunction(store.whole(), mentioned),
            _ => vec![Conj::default()],
        }
    }

    /// The store after `n`: its transformer applied to the store before it.
    fn store_after(&self, n: NodeId, mentioned: &HashSet<VarId>) -> Vec<Conj> {
        let before = self
            .stores
            .get(self.func.index())
            .and_then(|s| s.get(n.index()));
        let step = self
            .steps
            .get(self.func.index())
            .and_then(|t| t.get(n.index()));
        match (before, step) {
            (Some(Some(store)), Some(Some(step))) => {
                disjunction(&step.apply(store.whole()), mentioned)
            }
            _ => vec![Conj::default()],
        }
    }

    /// The SCoP of the statements, tests and conditions of `node` for its
    /// summary under the stores (`Finder::stores_summary`): each under
    /// the stores it runs with, each one that may run, in the graph's and
    /// the text's order (which only matters for what the reads may take
    /// from before the part: every write being a may-write, none hides an
    /// older value).
    fn build_under_stores(
        &self,
        node: NodeId,
        mentioned: &HashSet<VarId>,
        varying: &HashSet<VarId>,
        moved: &HashSet<VarId>,
    ) -> Option<Scop> {
        let fresh = Cell::new(0);
        let program = self.program;
        let summary_of = |g: FuncId| self.summary(g);
        let loop_summary_of = |node: NodeId| self.loop_summary(node);
        let tracked = |v: VarId| {
            let var = program.var(v);
            var.ty.is_integer() && !var.is_volatile && !var.address_taken
        };
        let env = Env {
            program,
            tracked: &tracked,
            fresh: &fresh,
            products: None,
        };
        let mut builder = Builder::new(
            env,
            moved,
            varying,
            self.raw_names,
            &summary_of,
            &loop_summary_of,
        );
        // Under a condition on data: every write a may-write.
        builder.guards.push(Guard {
            region: None,
            depth: 0,
            reads: Vec::new(),
        });
        self.place_under_stores(&mut builder, node, mentioned)?;
        if builder.statements.is_empty() {
            return None;
        }
        Some(builder.finish(self.function.clone(), self.body.node(node).span))
    }

    /// Places the statements of `n` in `builder`, each under the store
    /// before it, and the reads of its tests, conditions and bounds under
    /// the stores they are evaluated with.
    fn place_under_stores(
        &self,
        builder: &mut Builder,
        n: NodeId,
        mentioned: &HashSet<VarId>,
    ) -> Option<()> {
        let span = self.body.node(n).span;
        match &self.body.node(n).kind {
            NodeKind::Seq { items, .. } => {
                for &item in items {
                    self.place_under_stores(builder, item, mentioned)?;
                }
            }
            NodeKind::Expr(_) => builder.node(self.body, n, &self.store_before(n, mentioned))?,
            NodeKind::Declare(_) | NodeKind::Nop => {}
            NodeKind::If {
                condition,
                then_branch,
                else_branch,
            } => {
                builder.reads_under(condition, span, &self.store_before(n, mentioned))?;
                self.place_under_stores(builder, *then_branch, mentioned)?;
                self.place_under_stores(builder, *else_branch, mentioned)?;
            }
            NodeKind::Loop(l) => {
                let before = self.store_before(n, mentioned);
                match &l.kind {
                    // The bounds are evaluated once, at entry.
                    LoopKind::Counted(c) => {
                        builder.reads_under(&c.lower, span, &before)?;
                        builder.reads_under(&c.upper, span, &before)?;
                        self.place_under_stores(builder, l.body, mentioned)?;
                    }
                    // The condition at entry and after every iteration.
                    LoopKind::While { condition } | LoopKind::DoWhile { condition } => {
                        let stores = [before, self.store_after(l.body, mentioned)].concat();
                        builder.reads_under(condition, span, &within_bound(stores))?;
                        self.place_under_stores(builder, l.body, mentioned)?;
                    }
                    LoopKind::For {
                        init,
                        condition,
                        step,
                    } => {
                        self.place_under_stores(builder, *init, mentioned)?;
                        if let Some(condition) = condition {
                            let stores = [
                                self.store_after(*init, mentioned),
                                self.store_after(*step, mentioned),
                            ]
                            .concat();
                            builder.reads_under(condition, span, &within_bound(stores))?;
                        }
                        self.place_under_stores(builder, l.body, mentioned)?;
                        self.place_under_stores(builder, *step, mentioned)?;
                    }
                }
            }
            NodeKind::Unstructured(u) => {
                for v in u.graph.node_indices() {
                    match &u.graph[v] {
                        Vertex::Node(m) => self.place_under_stores(builder, *m, mentioned)?,
                        Vertex::Test(c) | Vertex::Switch(c) => {
                            let mut into = StoresInto {
                                finder: self,
                                part: n,
                                u,
                                mentioned,
                                env: &builder.env,
                                known: HashMap::new(),
                                active: HashSet::new(),
                            };
                            let store = within_bound(into.of(v).unwrap_or_default());
                            builder.reads_under(c, span, &store)?;
                        }
                        Vertex::Join | Vertex::Exit => {}
                    }
                }
            }
            NodeKind::Return(_) => return None,
        }
        Some(())
    }

    /// The variables `node` declares, at any depth.
    fn declared_in(&self, node: NodeId, out: &mut HashSet<VarId>) {
        let kind = &self.body.node(node).kind;
        match kind {
            NodeKind::Declare(v) => {
                out.insert(*v);
            }
            NodeKind::Seq { scoped, .. } => out.extend(scoped.iter().copied()),
            _ => {}
        }
        for child in kind.children() {
            self.declared_in(child, out);
        }
    }
}

/// Display names for the variables of one SCoP: the program's, made
/// unique and kept clear of isl's keywords; or, `raw`, the names the
/// semantics and the regions give them (`v12`), for analyses that mix
/// the model with theirs.
#[derive(Default)]
struct Names {
    of: HashMap<VarId, String>,
    taken: HashSet<String>,
    raw: bool,
}

impl Names {
    fn get(&mut self, program: &Program, v: VarId) -> String {
        if let Some(n) = self.of.get(&v) {
            return n.clone();
        }
        if self.raw {
            let name = Name::Pre(v).isl();
            self.of.insert(v, name.clone());
            return name;
        }
        let base = match program.members.get(&v) {
            // A structure's member: its structure and fields (`a_b` for
            // `a.b`), as pet names the wrapped space of its access.
            Some(m) => std::iter::once(program.var(m.structure).name.as_str())
                .chain(m.path.iter().map(|f| f.as_str()))
                .collect::<Vec<_>>()
                .join("_"),
            None => program.var(v).name.as_str().to_string(),
        };
        let mut name = base.clone();
        let mut k = 1;
        while self.taken.contains(&name) || ISL_KEYWORDS.contains(&name.as_str()) || reserved(&name)
        {
            name = format!("{base}_{k}");
            k += 1;
        }
        self.taken.insert(name.clone());
        self.of.insert(v, name.clone());
        name
    }
}

/// Names the model gives itself: statements `S0`, existentials `e0`,
/// access outputs `o0`.
fn reserved(name: &str) -> bool {
    ["S", "K", "X", "e", "o"].iter().any(|p| {
        name.strip_prefix(p)
            .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
    })
}

struct Builder<'a> {
    program: &'a Program,
    env: Env<'a>,
    written: &'a HashSet<VarId>,
    /// The integer variables a summary under the stores takes as the
    /// stores' unknowns (`Finder::stores_summary`): read as scalars, yet
    /// allowed in subscripts. Empty elsewhere.
    varying: &'a HashSet<VarId>,
    names: Names,
    params: BTreeSet<VarId>,
    statements: Vec<Statement>,
    /// Each statement's schedule dimensions, padded by `finish`.
    schedules: Vec<Vec<String>>,
    /// The enclosing loops of the SCoP: index and step sign.
    loops: Vec<(VarId, bool)>,
    /// The position of the next statement at each depth.
    positions: Vec<i64>,
    /// The conditions on data the walk is under, outermost first.
    guards: Vec<Guard>,
    /// The branches of conditions on data met so far.
    regions: usize,
    /// Accesses numbered so far (their ids, `R0`, `W1`...).
    accesses: usize,
    /// Kill statements made so far (`K0`, `K1`...).
    kills: usize,
    /// The variables accessed so far, with their number of subscripts.
    accessed: HashMap<VarId, usize>,
    /// Per `__pencil_assume`, the instances of the loops around it where
    /// its condition is false (isl text without the parameters' list).
    violations: Vec<String>,
    /// The summary of a call of a function of the program, if it has one.
    summary_of: &'a dyn Fn(FuncId) -> Option<Rc<Summary>>,
    /// The summary of a loop of dynamic control, if it has one.
    loop_summary_of: &'a dyn Fn(NodeId) -> Option<Rc<Summary>>,
    /// The loops taken as one statement each so far.
    encapsulated: Vec<NodeId>,
    /// The loops declared independent so far: the span, the depth of the
    /// loop (1 for the outermost of the part) and the range of the
    /// statements in its body.
    independent: Vec<(Span, usize, std::ops::Range<usize>)>,
}

/// Where the accesses of a summary are placed: the values of the callee's
/// integer parameters and where its pointer parameters point (a call), or
/// nothing to place (`local`: a loop of the function, whose summary is in
/// its own variables).
struct SummaryAt<'x> {
    values: &'x HashMap<VarId, (Lin, Conj)>,
    places: &'x HashMap<VarId, ArrayPlace>,
    local: bool,
}

/// Where an array argument of a call points: into `base`, at the
/// subscripts `prefix` (a row `a[i]`), its first subscript moved by
/// `offset` (an element's address `&a[i][j]`).
struct ArrayPlace {
    base: VarId,
    prefix: Vec<(Lin, Conj)>,
    offset: Option<(Lin, Conj)>,
}

/// A condition on data the walk is under: one branch of an `if`.
struct Guard {
    /// The branch's number in the part; `None` for the unknown control
    /// of a part placed under its stores.
    region: Option<usize>,
    /// How many loops of the part enclose the `if`.
    depth: usize,
    /// What the condition reads.
    reads: Vec<Pending>,
}

/// A statement's access before it is written as isl text.
#[derive(Clone)]
struct Pending {
    kind: AccessKind,
    array: VarId,
    subscripts: Vec<Subscript>,
    /// The fields the access goes through (`b[i].a`, `s.f[i].a[j]`),
    /// outermost first; empty for an element of an array of scalars.
    fields: Vec<FieldStep>,
    /// Whether every instance of the statement makes the access (not one
    /// in a branch of `?:`, or right of an `&&` on data): only those tell
    /// which parameters C's rules exclude ([`Builder::undefined`]).
    sure: bool,
}

/// A field a [`Pending`] access goes through: its name, and where its
/// own subscripts start among the access's (`s.f[i].a[j]`: `f` at 0, `a`
/// at 1).
#[derive(Clone)]
struct FieldStep {
    name: Symbol,
    from: usize,
}

/// One subscript of a [`Pending`] access.
#[derive(Clone)]
struct Subscript {
    /// Its affine value; `None` for one on data (see [`Builder::element`]).
    value: Option<Lin>,
    /// The condition it is read under.
    condition: Conj,
}

impl<'a> Builder<'a> {
    /// A builder with nothing built yet.
    fn new(
        env: Env<'a>,
        written: &'a HashSet<VarId>,
        varying: &'a HashSet<VarId>,
        raw_names: bool,
        summary_of: &'a dyn Fn(FuncId) -> Option<Rc<Summary>>,
        loop_summary_of: &'a dyn Fn(NodeId) -> Option<Rc<Summary>>,
    ) -> Self {
        Builder {
            program: env.program,
            env,
            written,
            varying,
            names: Names {
                raw: raw_names,
                ..Names::default()
            },
            params: BTreeSet::new(),
            statements: Vec::new(),
            schedules: Vec::new(),
            loops: Vec::new(),
            positions: vec![0],
            guards: Vec::new(),
            regions: 0,
            accesses: 0,
            kills: 0,
            accessed: HashMap::new(),
            violations: Vec::new(),
            summary_of,
            loop_summary_of,
            encapsulated: Vec::new(),
            independent: Vec::new(),
        }
    }
    /// Walks `node` under `domain` (a disjunction); `None` when something
    /// in it is not static-affine.
    fn node(&mut self, body: &Body, node: NodeId, domain: &[Conj]) -> Option<()> {
        match &body.node(node).kind {
            NodeKind::Seq { items, scoped } => {
                for &item in items {
                    self.node(body, item, domain)?;
                }
                // The block ends inside the part: the variables it
                // declares, initialised or not, die here (static ones
                // live on).
                for &v in scoped {
                    if self.program.var(v).storage == Storage::Local
                        && let Some(&dims) = self.accessed.get(&v)
                    {
                        self.kill(v, dims, body.node(node).span, domain)?;
                    }
                }
            }
            NodeKind::Declare(_) | NodeKind::Nop => {}
            NodeKind::Expr(e) => self.statement(e, body.node(node).span, domain)?,
            NodeKind::If {
                condition,
                then_branch,
                else_branch,
            } => {
                let affine = self
                    .env
                    .condition(condition, true)
                    .zip(self.env.condition(condition, false));
                match affine {
                    Some((yes, no)) => {
                        for (branch, guard) in [(*then_branch, yes), (*else_branch, no)] {
                            let inner = and_dnf(domain, &guard)?;
                            self.node(body, branch, &inner)?;
                        }
                    }
                    // A condition on data: both branches keep the domain,
                    // as statements that may run (PENCIL's §3.2).
                    None => {
                        let mut reads = Vec::new();
                        self.reads(condition, &mut reads)?;
                        // Numbered before the walk, the `else` after its
                        // `then` (`Statement::guards`).
                        let then_region = self.regions + 1;
                        self.regions += 2;
                        for (region, branch) in
                            [(then_region, *then_branch), (then_region + 1, *else_branch)]
                        {
                            self.guards.push(Guard {
                                region: Some(region),
                                depth: self.loops.len(),
                                reads: reads.clone(),
                            });
                            let walked = self.node(body, branch, domain);
                            self.guards.pop();
                            walked?;
                        }
                    }
                }
            }
            NodeKind::Loop(Loop {
                kind: LoopKind::Counted(c),
                body: loop_body,
            }) => {
                let (lower, lower_conj) = single(self.env.value(&c.lower)?)?;
                let (upper, upper_conj) = single(self.env.value(&c.upper)?)?;
                let index = Lin::name(Name::Pre(c.index).isl());
                let mut bounds = lower_conj.and(&upper_conj);
                let (low, high) = if c.step > 0 {
                    (&lower, &upper)
                } else {
                    (&upper, &lower)
                };
                bounds.cons.push(Cons::ge0(index.sub(low)?));
                bounds.cons.push(Cons::ge0(high.sub(&index)?));
                if c.step.abs() != 1 {
                    let k = format!("e{}", self.env.fresh.get());
                    self.env.fresh.set(self.env.fresh.get() + 1);
                    let stepped = lower.add(&Lin::name(k.clone()).scale(c.step as i128)?)?;
                    bounds.cons.push(Cons::eq0(index.sub(&stepped)?));
                    bounds.exists.push(k);
                }
                let inner = and_dnf(domain, &[bounds])?;
                self.loops.push((c.index, c.step > 0));
                self.positions.push(0);
                let first = self.statements.len();
                let walked = self.node(body, *loop_body, &inner);
                let declared = body.node(node).stmt;
                if declared.is_some_and(|s| self.program.independent_loops.contains(&s)) {
                    let statements = first..self.statements.len();
                    let span = body.node(node).span;
                    self.independent.push((span, self.loops.len(), statements));
                }
                self.positions.pop();
                self.loops.pop();
                walked?;
                *self.positions.last_mut()? += 1;
            }
            NodeKind::Loop(l) => {
                let condition = match &l.kind {
                    LoopKind::While { condition } | LoopKind::DoWhile { condition } => {
                        Some(condition)
                    }
                    LoopKind::For { condition, .. } => condition.as_ref(),
                    LoopKind::Counted(_) => return None,
                };
                self.encapsulate(node, condition, body.node(node).span, domain)?
            }
            NodeKind::Unstructured(_) => {
                self.encapsulate(node, None, body.node(node).span, domain)?
            }
            _ => return None,
        }
        Some(())
    }

    /// A loop of dynamic control or an unstructured part as one statement
    /// (§3.2, Listings 1 and 2): the accesses of its summary, every write
    /// a may-write (it may stop at once), and the reads of a loop's
    /// `condition`.
    fn encapsulate(
        &mut self,
        node: NodeId,
        condition: Option<&Expr>,
        span: Span,
        domain: &[Conj],
    ) -> Option<()> {
        let summary = (self.loop_summary_of)(node)?;
        let mut pending = Vec::new();
        if let Some(condition) = condition.filter(|_| !summary.own_control) {
            self.reads(condition, &mut pending)?;
        }
        let at = SummaryAt {
            values: &HashMap::new(),
            places: &HashMap::new(),
            local: true,
        };
        self.push_statement(pending, Some((&summary, &at)), span, domain)?;
        self.encapsulated.push(node);
        Some(())
    }

    /// The reads of evaluating `e` (a test, a loop's condition or
    /// bounds) as one statement under `domain`.
    fn reads_under(&mut self, e: &Expr, span: Span, domain: &[Conj]) -> Option<()> {
        let mut reads = Vec::new();
        self.reads(e, &mut reads)?;
        self.push_statement(reads, None, span, domain)
    }

    fn statement(&mut self, e: &Expr, span: Span, domain: &[Conj]) -> Option<()> {
        match pencil_call(self.program, e) {
            Some((PencilCall::Assume, [condition])) => {
                self.assume(condition, domain);
                return Some(());
            }
            Some((PencilCall::Kill, arrays)) => {
                for array in arrays {
                    let ExprKind::Var(v) = array.kind else {
                        return None;
                    };
                    let dims = match self.accessed.get(&v) {
                        Some(&dims) => dims,
                        None => array_dims(&self.program.var(v).ty),
                    };
                    self.explicit_kill(v, dims, span, domain)?;
                }
                return Some(());
            }
            _ => {}
        }
        let mut pending = Vec::new();
        match &e.kind {
            ExprKind::Call(callee, args) => {
                let ExprKind::Func(g) = callee.kind else {
                    return None;
                };
                return self.call(g, args, span, domain);
            }
            ExprKind::Assign(op, target, value) => {
                self.reads(value, &mut pending)?;
                if *op != AssignOp::Assign {
                    self.reads(target, &mut pending)?;
                } else {
                    self.subscript_reads(target, &mut pending)?;
                }
                pending.extend(self.elements(target, AccessKind::MustWrite)?);
            }
            ExprKind::Unary(_, target) => {
                self.reads(target, &mut pending)?;
                pending.extend(self.elements(target, AccessKind::MustWrite)?);
            }
            _ => return None,
        }
        self.push_statement(pending, None, span, domain)
    }

    /// `p` as an access of the statement instances `tuple` under `domain`.
    fn access(&mut self, p: Pending, tuple: &str, domain: &[Conj]) -> Option<Access> {
        // (A structure's members are not killed: their spaces are the
        // fields', not the variable's.)
        if p.fields.is_empty() {
            self.accessed.insert(p.array, p.subscripts.len());
        }
        let mut outs = Vec::new();
        let mut cons = Vec::new();
        let mut extra = Conj::default();
        for (k, subscript) in p.subscripts.iter().enumerate() {
            let out = format!("o{k}");
            match &subscript.value {
                Some(lin) => cons.push(format!("{out} = {}", self.lin_text(lin)?)),
                // Any element of the dimension: from 0 (C's negative
                // subscripts would alias, as pet assumes too) to its
                // length where that is affine, unbounded above otherwise.
                None => {
                    cons.push(format!("{out} >= 0"));
                    if let Some(length) = self.extent(p.array, k, p.subscripts.len()) {
                        cons.push(format!("{out} < {length}"));
                    }
                }
            }
            extra = extra.and(&subscript.condition);
            outs.push(out);
        }
        let within = self.dnf_text(&and_dnf(domain, &[extra])?)?;
        cons.push(format!("({within})"));
        let id = self.access_id(p.kind);
        // Through fields, the array is the innermost field's space.
        let (array, element) = match self.field_element_text(&p, &outs) {
            Some(through_fields) => through_fields,
            None => (
                self.names.get(self.program, p.array),
                self.element_text(p.array, &outs),
            ),
        };
        let element = format!("{element} : {}", cons.join(" and "));
        Some(Access {
            kind: p.kind,
            array,
            relation: format!("{{ {tuple} -> {element} }}"),
            tagged: format!("{{ [{tuple} -> {id}[]] -> {element} }}"),
            id,
            guarded_must: false,
        })
    }

    /// The next access id: `R3` for a read, `W3` for a write.
    fn access_id(&mut self, kind: AccessKind) -> String {
        let id = format!(
            "{}{}",
            if kind == AccessKind::Read { "R" } else { "W" },
            self.accesses
        );
        self.accesses += 1;
        id
    }

    /// A call of `g` as one statement (§3.6): the accesses of `g`'s
    /// summary placed at the call, `g`'s integer parameters bound to the
    /// values of the arguments, its pointer parameters to the arrays the
    /// arguments point into; and the reads of the arguments themselves.
    fn call(&mut self, g: FuncId, args: &[Expr], span: Span, domain: &[Conj]) -> Option<()> {
        let summary = (self.summary_of)(g)?;
        let params = &self.program.function(g).params;
        if params.len() != args.len() {
            return None;
        }
        let mut pending = Vec::new();
        let mut values: HashMap<VarId, (Lin, Conj)> = HashMap::new();
        let mut places: HashMap<VarId, ArrayPlace> = HashMap::new();
        for (&p, arg) in params.iter().zip(args) {
            let ty = &self.program.var(p).ty;
            if ty.is_pointer_like() {
                let place = self.array_place(arg, &mut pending)?;
                places.insert(p, place);
            } else if ty.is_arithmetic() {
                self.reads(arg, &mut pending)?;
                if ty.is_integer()
                    && let Some(value) = self.env.value(arg).and_then(single)
                {
                    values.insert(p, value);
                }
            } else {
                return None;
            }
        }
        // The summary's arrays are distinct: so must be the arrays of the
        // arguments, and the globals the callee names.
        let mut bases = HashSet::new();
        if !places.values().all(|place| bases.insert(place.base))
            || summary
                .accesses
                .iter()
                .any(|a| !params.contains(&a.var) && bases.contains(&a.var))
        {
            return None;
        }
        let at = SummaryAt {
            values: &values,
            places: &places,
            local: false,
        };
        self.push_statement(pending, Some((&summary, &at)), span, domain)
    }

    /// A statement at the walk's position under `domain`: the accesses
    /// `pending`, then those of `summary` placed `at` it (a call, a loop of
    /// dynamic control). Under a condition on data it may not run: its
    /// writes are may-writes, and it first reads what the conditions read.
    /// A loop may stop at once: its writes are may-writes too.
    fn push_statement(
        &mut self,
        mut pending: Vec<Pending>,
        summary: Option<(&Summary, &SummaryAt)>,
        span: Span,
        domain: &[Conj],
    ) -> Option<()> {
        let guarded = !self.guards.is_empty();
        // The branches of conditions on data it is under, where each is
        // one (not the unknown control of a part under its stores).
        let guards: Vec<usize> = self
            .guards
            .iter()
            .map(|g| g.region)
            .collect::<Option<_>>()
            .unwrap_or_default();
        let mut guarded_must = vec![false; pending.len()];
        if guarded {
            for (p, must) in pending.iter_mut().zip(&mut guarded_must) {
                if p.kind == AccessKind::MustWrite {
                    p.kind = AccessKind::MayWrite;
                    *must = !guards.is_empty();
                }
            }
            let conditions: Vec<Pending> = self
                .guards
                .iter()
                .flat_map(|g| g.reads.iter().cloned())
                .collect();
            guarded_must.splice(0..0, vec![false; conditions.len()]);
            pending.splice(0..0, conditions);
        }
        let data_subscripts = pending
            .iter()
            .any(|p| p.subscripts.iter().any(|s| s.value.is_none()));
        let name = format!("S{}", self.statements.len() - self.kills);
        let (indices, tuple, domain_text) = self.place(&name, domain)?;
        let mut accesses = Vec::new();
        for (p, must) in pending.into_iter().zip(guarded_must) {
            if !guarded && p.sure && p.fields.is_empty() {
                self.undefined(&p, domain);
            }
            let mut access = self.access(p, &tuple, domain)?;
            access.guarded_must = must;
            accesses.push(access);
        }
        let mut dynamic = guarded;
        if let Some((summary, at)) = summary {
            dynamic |= at.local || summary.dynamic;
            for a in &summary.accesses {
                // A call under conditions on data writes what its summary
                // surely writes whenever it runs, as a statement's own
                // must-write there does; a loop's summary is may for
                // reasons of its own.
                let (kind, must) = match a.kind {
                    AccessKind::MustWrite if at.local => (AccessKind::MayWrite, false),
                    AccessKind::MustWrite if guarded => (AccessKind::MayWrite, !guards.is_empty()),
                    kind => (kind, false),
                };
                if let Some(mut access) = self.placed(a, kind, at, &tuple, domain)? {
                    access.guarded_must = must;
                    accesses.push(access);
                }
            }
        }
        self.statements.push(Statement {
            dynamic,
            data_subscripts,
            guard_depths: if guards.is_empty() {
                Vec::new()
            } else {
                self.guards.iter().map(|g| g.depth).collect()
            },
            guards,
            name,
            span,
            explicit_kill: false,
            indices,
            domain: domain_text,
            // The tuple for now: `finish` knows the depth to pad the
            // schedule to, and writes it around the tuple.
            schedule: tuple,
            accesses,
        });
        Some(())
    }

    /// The access `a` of a callee's summary at the call `tuple` under
    /// `domain`: its parameters are the `values` of the arguments (a
    /// global, itself), its elements are in the array `place` says (a
    /// global's, its own). `Some(None)` when the call accesses nothing
    /// there; `None` when the summary cannot be placed: a parameter
    /// without an affine value, an array argument whose rows are not as
    /// long as the callee's, or a row the callee would run past.
    fn placed(
        &mut self,
        a: &SummaryAccess,
        kind: AccessKind,
        at: &SummaryAt,
        tuple: &str,
        domain: &[Conj],
    ) -> Option<Option<Access>> {
        let program = self.program;
        let values = at.values;
        let place = at.places.get(&a.var);
        let mut outs = Vec::new();
        let mut bound = Vec::new();
        let mut conditions = Conj::default();
        for p in &a.params {
            let (value, condition) = match values.get(p) {
                Some(v) => v.clone(),
                None if at.local || program.var(*p).is_global() => {
                    (Lin::name(Name::Pre(*p).isl()), Conj::default())
                }
                None => return None,
            };
            let out = self.fresh_name();
            bound.push(format!("{out} = {}", self.lin_text(&value)?));
            outs.push(out);
            conditions = conditions.and(&condition);
        }
        let (array, prefix, offset) = match place {
            Some(place) => (place.base, place.prefix.as_slice(), place.offset.as_ref()),
            None => (a.var, &[][..], None),
        };
        let total = prefix.len() + a.dims;
        if !self.is_modelled(array, total) {
            return None;
        }
        let ty = &program.var(array).ty;
        // Rows as long in the caller as in the callee; the text of the
        // length of the row the callee's first subscript must stay in.
        let mut row = None;
        if place.is_some() {
            let callee = inner_lengths(&program.var(a.var).ty, a.dims)?;
            let caller = inner_lengths(ty, total)?;
            for (theirs, ours) in callee.iter().zip(&caller[prefix.len()..]) {
                let theirs = substituted(&self.length(theirs)?, values)?;
                if theirs.sub(&self.length(ours)?)?.as_constant() != Some(0) {
                    return None;
                }
            }
            if !prefix.is_empty() {
                let length = self.length(caller[prefix.len() - 1])?;
                row = Some(self.lin_text(&length)?);
            }
        }
        // The text of `tuple -> [bound]` and of `[tuple -> [elements]] ->
        // array[subscripts]`.
        let ins: Vec<String> = (0..a.dims).map(|_| self.fresh_name()).collect();
        let mut subscripts = Vec::new();
        for (lin, condition) in prefix {
            subscripts.push(self.lin_text(lin)?);
            conditions = conditions.and(condition);
        }
        for (k, name) in ins.iter().enumerate() {
            subscripts.push(match (k, offset) {
                (0, Some((lin, condition))) => {
                    conditions = conditions.and(condition);
                    format!("{name} + {}", self.lin_text(lin)?)
                }
                _ => name.clone(),
            });
        }
        let within = self.dnf_text(&and_dnf(domain, &[conditions])?)?;
        bound.push(format!("({within})"));
        let array_name = self.names.get(program, array);
        let list = self.param_list();
        let binding = format!(
            "{list}{{ {tuple} -> [{}] : {} }}",
            outs.join(", "),
            bound.join(" and ")
        );
        let placement = format!(
            "{list}{{ [{tuple} -> [{}]] -> {} }}",
            ins.join(", "),
            self.element_text(array, &subscripts)
        );
        let ctx = crate::bounded_context(MAX_CALL_OPERATIONS);
        let relation = Map::read_from_str(&ctx, &binding)
            .and_then(|b| b.apply_range(Map::read_from_str(&ctx, &a.relation)?))
            .and_then(|r| {
                Map::read_from_str(&ctx, &placement)?
                    .intersect_domain(r.wrap()?)?
                    .domain_factor_domain()?
                    .coalesce()
            })
            .ok()?;
        if relation.is_empty().ok()? {
            return Some(None);
        }
        if let Some(length) = row {
            let dims: Vec<String> = (0..total).map(|_| self.fresh_name()).collect();
            let rows = format!(
                "{list}{{ {array_name}[{}] : 0 <= {} <= {length} - 1 }}",
                dims.join(", "),
                dims[prefix.len()]
            );
            let within_rows = isl_rs::Set::read_from_str(&ctx, &rows).ok()?;
            if !relation
                .copy()
                .ok()?
                .range()
                .ok()?
                .is_subset(&within_rows)
                .ok()?
            {
                return None;
            }
        }
        self.accessed.insert(array, total);
        let id = self.access_id(kind);
        let tagged = Map::read_from_str(&ctx, &format!("{list}{{ {tuple} -> {id}[] }}"))
            .and_then(|t| t.range_product(relation.copy()?))
            .and_then(Map::uncurry)
            .ok()?;
        Some(Some(Access {
            kind,
            array: array_name,
            relation: without_params(relation.to_str().ok()?).to_string(),
            tagged: without_params(tagged.to_str().ok()?).to_string(),
            id,
            guarded_must: false,
        }))
    }

    /// Where the array argument `arg` of a call points, with the reads of
    /// its subscripts into `out`.
    fn array_place(&mut self, arg: &Expr, out: &mut Vec<Pending>) -> Option<ArrayPlace> {
        let (reference, element) = match &arg.kind {
            ExprKind::Unary(UnOp::AddrOf, inner) => (&**inner, true),
            _ => (arg, false),
        };
        if !element && !reference.ty.is_pointer_like() {
            return None;
        }
        let mut subscripts = Vec::new();
        let mut at = reference;
        while let ExprKind::Index(base, subscript) = &at.kind {
            self.reads(subscript, out)?;
            subscripts.push(single(self.env.value(subscript)?)?);
            at = base;
        }
        subscripts.reverse();
        let ExprKind::Var(base) = at.kind else {
            return None;
        };
        let ty = &self.program.var(base).ty;
        if !ty.is_pointer_like() || self.written.contains(&base) && !matches!(ty, Type::Array(..)) {
            return None;
        }
        let offset = if element {
            Some(subscripts.pop()?)
        } else {
            None
        };
        Some(ArrayPlace {
            base,
            prefix: subscripts,
            offset,
        })
    }

    /// The length of an array dimension as an affine form, if it is one.
    fn length(&self, length: &ArrayLen) -> Option<Lin> {
        match length {
            ArrayLen::Const(c) => Some(Lin::constant(*c as i128)),
            ArrayLen::Vla(e) => single(self.env.value(e)?).map(|(lin, _)| lin),
            ArrayLen::Unknown => None,
        }
    }

    /// A name for a dimension of isl text the model builds, clear of the
    /// program's (`e4`: `Names` renames variables so named).
    fn fresh_name(&self) -> String {
        let k = self.env.fresh.get();
        self.env.fresh.set(k + 1);
        format!("e{k}")
    }

    /// `[n, m] -> `: the parameters met so far.
    fn param_list(&mut self) -> String {
        let params: Vec<VarId> = self.params.iter().copied().collect();
        let names: Vec<String> = params
            .into_iter()
            .map(|v| self.names.get(self.program, v))
            .collect();
        format!("[{}] -> ", names.join(", "))
    }

    /// A statement named `name` at the walk's position under `domain`:
    /// its enclosing loops' indices, its tuple and its domain; its
    /// schedule goes to `schedules`, and the position moves on.
    fn place(&mut self, name: &str, domain: &[Conj]) -> Option<(Vec<String>, String, String)> {
        let indices = self.loop_indices();
        let tuple = format!("{name}[{}]", indices.join(", "));
        let condition = self.dnf_text(domain)?;
        let domain_text = format!("{{ {tuple} : {condition} }}");
        let mut schedule = Vec::new();
        for (depth, &(v, ascending)) in self.loops.iter().enumerate() {
            schedule.push(self.positions[depth].to_string());
            let index = self.names.get(self.program, v);
            schedule.push(if ascending {
                index
            } else {
                format!("-{index}")
            });
        }
        schedule.push(self.positions.last()?.to_string());
        *self.positions.last_mut()? += 1;
        self.schedules.push(schedule);
        Some((indices, tuple, domain_text))
    }

    /// The enclosing loops' indices, outermost first, by their isl names.
    fn loop_indices(&mut self) -> Vec<String> {
        self.loops
            .iter()
            .map(|&(v, _)| self.names.get(self.program, v))
            .collect()
    }

    /// `__pencil_assume(condition)` under `domain` (PENCIL's §3.5): the
    /// parameters for which some instance of the call sees the condition
    /// false cannot occur, and `finish` takes them out of the context. A
    /// condition that is not affine in the parameters and the enclosing
    /// loops' indices says nothing ferry can use, and is left out.
    fn assume(&mut self, condition: &Expr, domain: &[Conj]) {
        let Some(violated) = self.env.condition(condition, false) else {
            return;
        };
        if let Some(instances) = and_dnf(domain, &violated) {
            self.violation(&instances);
        }
    }

    /// `instances` (of the loops around the walk) as a violation: the
    /// parameters for which one of them exists leave the context.
    fn violation(&mut self, instances: &[Conj]) {
        if instances.is_empty() {
            return;
        }
        let indices = self.loop_indices();
        if let Some(text) = self.dnf_text(instances) {
            self.violations
                .push(format!("{{ [{}] : {text} }}", indices.join(", ")));
        }
    }

    /// A kill of every element of `v` (accessed with `dims` subscripts)
    /// where the block at `span` ends, under `domain`.
    fn kill(&mut self, v: VarId, dims: usize, span: Span, domain: &[Conj]) -> Option<()> {
        let end = Span {
            lo: span.hi,
            hi: span.hi,
        };
        self.kill_at(v, dims, end, domain, false)
    }

    /// A kill of every element of `v` by the `__pencil_kill` call at `span`.
    fn explicit_kill(&mut self, v: VarId, dims: usize, span: Span, domain: &[Conj]) -> Option<()> {
        self.kill_at(v, dims, span, domain, true)
    }

    fn kill_at(
        &mut self,
        v: VarId,
        dims: usize,
        span: Span,
        domain: &[Conj],
        explicit: bool,
    ) -> Option<()> {
        let name = format!("K{}", self.kills);
        self.kills += 1;
        let (indices, tuple, domain_text) = self.place(&name, domain)?;
        let array = self.names.get(self.program, v);
        let outs: Vec<String> = (0..dims).map(|k| format!("o{k}")).collect();
        let id = format!("X{}", self.accesses);
        self.accesses += 1;
        let element = self.element_text(v, &outs);
        let condition = self.dnf_text(domain)?;
        self.statements.push(Statement {
            name,
            span,
            explicit_kill: explicit,
            indices,
            domain: domain_text,
            schedule: tuple.clone(),
            accesses: vec![Access {
                kind: AccessKind::Kill,
                array,
                relation: format!("{{ {tuple} -> {element} : {condition} }}"),
                tagged: format!("{{ [{tuple} -> {id}[]] -> {element} : {condition} }}"),
                id,
                guarded_must: false,
            }],
            dynamic: false,
            data_subscripts: false,
            guards: Vec::new(),
            guard_depths: Vec::new(),
        });
        Some(())
    }

    /// The reads of evaluating `e` (an rvalue) into `out`.
    fn reads(&mut self, e: &Expr, out: &mut Vec<Pending>) -> Option<()> {
        match &e.kind {
            ExprKind::Var(v) if matches!(self.program.var(*v).ty, Type::Struct(_)) => {
                out.extend(self.elements(e, AccessKind::Read)?);
            }
            ExprKind::Var(v) => {
                let var = self.program.var(*v);
                if var.ty.is_pointer_like() {
                    // The array's address as a value: not a model of memory.
                    return None;
                }
                let assigned = self.written.contains(v) || self.varying.contains(v);
                if assigned && !self.is_loop_index(*v) {
                    out.push(Pending {
                        kind: AccessKind::Read,
                        array: *v,
                        subscripts: Vec::new(),
                        fields: Vec::new(),
                        sure: true,
                    });
                }
            }
            ExprKind::Index(..) | ExprKind::Member { arrow: false, .. } => {
                self.subscript_reads(e, out)?;
                out.extend(self.elements(e, AccessKind::Read)?);
            }
            ExprKind::Int(_) | ExprKind::Float | ExprKind::SizeOf(_) | ExprKind::UnknownConst => {}
            ExprKind::Unary(_, a) | ExprKind::Cast(a) => self.reads(a, out)?,
            // The right operand of `&&` (`||`) is read only where the left
            // one holds (fails): an affine left operand bounds its reads
            // (`i < n && a[i] != 0` reads no a[n]).
            ExprKind::Binary(op @ (BinaryOp::LogAnd | BinaryOp::LogOr), a, b) => {
                self.reads(a, out)?;
                let mut right = Vec::new();
                self.reads(b, &mut right)?;
                match self.env.condition(a, *op == BinaryOp::LogAnd).as_deref() {
                    Some([taken]) => {
                        for read in &mut right {
                            if let Some(first) = read.subscripts.first_mut() {
                                first.condition = first.condition.and(taken);
                            }
                        }
                    }
                    _ => right.iter_mut().for_each(|read| read.sure = false),
                }
                out.extend(right);
            }
            ExprKind::Binary(_, a, b) => {
                self.reads(a, out)?;
                self.reads(b, out)?;
            }
            ExprKind::Cond(c, a, b) => {
                self.reads(c, out)?;
                // Each branch's reads happen in some instances only.
                let taken = out.len();
                self.reads(a.as_ref()?, out)?;
                self.reads(b, out)?;
                out[taken..].iter_mut().for_each(|read| read.sure = false);
            }
            ExprKind::Call(_, args) => {
                for a in args {
                    self.reads(a, out)?;
                }
            }
            _ => return None,
        }
        Some(())
    }

    /// The reads of the subscripts of an element access `a[i][j]`.
    fn subscript_reads(&mut self, e: &Expr, out: &mut Vec<Pending>) -> Option<()> {
        let mut at = e;
        loop {
            match &at.kind {
                ExprKind::Index(base, subscript) => {
                    self.reads(subscript, out)?;
                    at = base;
                }
                ExprKind::Member {
                    base, arrow: false, ..
                } => at = base,
                _ => return Some(()),
            }
        }
    }

    /// The access `kind` of an element (`a[i][j]`) or scalar (`s`).
    ///
    /// A subscript without an affine value (read from data, `B[A[i]]`, or
    /// not affine in the indices) stands for any element along its
    /// dimension: the access is a may-access (PENCIL's §3.9, pet's
    /// data-dependent accesses), a write a may-write. Its own reads are
    /// the caller's (`subscript_reads`).
    fn element(&mut self, e: &Expr, kind: AccessKind) -> Option<Pending> {
        self.reference(e, kind, false)
    }

    /// [`Builder::element`], of a whole structure where `whole`.
    fn reference(&mut self, e: &Expr, mut kind: AccessKind, whole: bool) -> Option<Pending> {
        let mut subscripts = Vec::new();
        // The fields, innermost first, with how many subscripts follow
        // each (counted from the end until the walk is done).
        let mut fields = Vec::new();
        let mut at = e;
        loop {
            let (base, subscript) = match &at.kind {
                ExprKind::Index(base, subscript) => (base, subscript),
                ExprKind::Member {
                    base,
                    field,
                    arrow: false,
                } => {
                    fields.push((*field, subscripts.len()));
                    at = base;
                    continue;
                }
                _ => break,
            };
            let (value, condition) = match self.env.value(subscript).and_then(single) {
                Some((value, condition)) => (Some(value), condition),
                // A scalar the part assigns: a walk the semantics'
                // stores follow better than "any element" (the part is
                // summarised under its stores instead).
                None if self.mentions_assigned(subscript) => return None,
                None => {
                    if kind == AccessKind::MustWrite {
                        kind = AccessKind::MayWrite;
                    }
                    (None, Conj::default())
                }
            };
            subscripts.push(Subscript { value, condition });
            at = base;
        }
        subscripts.reverse();
        let total = subscripts.len();
        let fields: Vec<FieldStep> = fields
            .into_iter()
            .rev()
            .map(|(name, after)| FieldStep {
                name,
                from: total - after,
            })
            .collect();
        let ExprKind::Var(array) = at.kind else {
            return None;
        };
        let modelled = if fields.is_empty() && !whole {
            self.is_modelled(array, total)
        } else {
            // Any element along a field's dimension would need its
            // length (not the variable's); left to the stores.
            subscripts.iter().all(|s| s.value.is_some())
                && self.is_modelled_through(array, total, &fields, whole)
        };
        if !modelled {
            return None;
        }
        Some(Pending {
            kind,
            array,
            subscripts,
            fields,
            sure: true,
        })
    }

    /// The accesses of `e`: its element's, or where `e` is a whole
    /// structure (`b[i] = a`, Listing 5's U), one per scalar member,
    /// each through its fields (`b_a[b[i] -> a[]]`, `b_b[b[i] -> b[]]`).
    fn elements(&mut self, e: &Expr, kind: AccessKind) -> Option<Vec<Pending>> {
        match &e.ty {
            Type::Struct(id) => {
                let mut element = self.reference(e, kind, true)?;
                let mut out = Vec::new();
                self.members(*id, &mut element, &mut out)?;
                Some(out)
            }
            _ => Some(vec![self.element(e, kind)?]),
        }
    }

    /// Into `out`, one access per scalar member of the structure `id` at
    /// `at`, nested structures' members through their fields. An array,
    /// a bit-field or a union among them is not modelled.
    fn members(&mut self, id: StructId, at: &mut Pending, out: &mut Vec<Pending>) -> Option<()> {
        let program = self.program;
        let def = program.struct_def(id);
        if def.is_union {
            return None;
        }
        for field in def.fields.as_ref()? {
            if field.bit_field {
                return None;
            }
            at.fields.push(FieldStep {
                name: field.name?,
                from: at.subscripts.len(),
            });
            match &field.ty {
                Type::Struct(inner) => self.members(*inner, at, out)?,
                ty if ty.is_arithmetic() => out.push(at.clone()),
                _ => return None,
            }
            at.fields.pop();
        }
        Some(())
    }

    /// What C leaves undefined in the access `p`, made by every instance
    /// of `domain` (PENCIL's §3.4): for each affine subscript, the
    /// instances where it is negative or runs past its dimension go to
    /// the violations, which `finish` takes out of the context as it does
    /// false assumptions. (Signed overflow, the report's other source of
    /// constraints, needs none here: the affine semantics compute in
    /// integers that do not overflow, which is what C guarantees of a
    /// program without undefined behaviour.) A dimension is
    /// bounded where C bounds it: an array object's first one (a local's,
    /// a global's) from 0 to its length; a parameter's first one from 0
    /// only where its brackets say `static` (it points at an array's
    /// first element) and not at all otherwise (a pointer may point into
    /// the middle of its array); the rows of any array (`a[i][j]`) from 0
    /// to their lengths, which the model assumes anyway: it names the
    /// elements of different rows apart.
    fn undefined(&mut self, p: &Pending, domain: &[Conj]) {
        let program = self.program;
        let var = program.var(p.array);
        let dims = p.subscripts.len();
        let object = var.storage != Storage::Param;
        let mut excluded = Vec::new();
        for (k, subscript) in p.subscripts.iter().enumerate() {
            let Some(value) = &subscript.value else {
                continue;
            };
            let mut outside = Vec::new();
            if k > 0 || object || program.static_extent_params.contains(&p.array) {
                outside.push(Lin::constant(-1).sub(value));
            }
            if k > 0 || object {
                let length = self.extent_lin(p.array, k, dims);
                outside.push(length.and_then(|length| value.sub(&length)));
            }
            for lin in outside.into_iter().flatten() {
                excluded.push(subscript.condition.and(&Conj {
                    cons: vec![Cons::ge0(lin)],
                    exists: Vec::new(),
                }));
            }
        }
        if let Some(instances) = and_dnf(domain, &excluded) {
            self.violation(&instances);
        }
    }

    /// The text of the element of `v` at `subscripts` (`a[i, j]`); for a
    /// member of a structure (a scalar, `scalar_fields`), the wrapped
    /// space of its field access (PENCIL's §3.3): `a_b[a[] -> b[]]` for
    /// `a.b`, a nested field's inside the outer one's
    /// (`v_p_x[v_p[v[] -> p[]] -> x[]]` for `v.p.x`).
    fn element_text(&mut self, v: VarId, subscripts: &[String]) -> String {
        let name = self.names.get(self.program, v);
        let member = self.program.members.get(&v);
        let Some(member) = member.filter(|_| subscripts.is_empty() && !self.names.raw) else {
            return format!("{name}[{}]", subscripts.join(", "));
        };
        let structure = self.names.get(self.program, member.structure);
        let mut element = format!("{structure}[]");
        let mut prefix = structure;
        for (k, field) in member.path.iter().enumerate() {
            prefix = if k + 1 == member.path.len() {
                name.clone()
            } else {
                format!("{prefix}_{field}")
            };
            element = format!("{prefix}[{element} -> {field}[]]");
        }
        element
    }

    /// [`Builder::element_text`] of an access through fields (PENCIL's
    /// §3.3, Listing 4): the access to each field is a wrapped space,
    /// the access to its structure in front and the field's subscripts
    /// behind, named by the structure and the fields so far (`b[i].a` is
    /// `b_a[b[i] -> a[]]`, `s.f[i].a[j]` is `s_f_a[s_f[s[] -> f[i]] ->
    /// a[j]]`): the innermost field's space name (`b_a`) and the text;
    /// `None` without fields.
    fn field_element_text(&mut self, p: &Pending, outs: &[String]) -> Option<(String, String)> {
        let first = p.fields.first()?;
        let base = self.names.get(self.program, p.array);
        let mut element = format!("{base}[{}]", outs[..first.from].join(", "));
        let mut prefix = base;
        for (k, step) in p.fields.iter().enumerate() {
            let end = p.fields.get(k + 1).map_or(outs.len(), |next| next.from);
            prefix = format!("{prefix}_{}", step.name.as_str());
            element = format!(
                "{prefix}[{element} -> {}[{}]]",
                step.name.as_str(),
                outs[step.from..end].join(", ")
            );
        }
        Some((prefix, element))
    }

    /// Whether `v` is the index of one of the loops around the walk.
    fn is_loop_index(&self, v: VarId) -> bool {
        self.loops.iter().any(|&(l, _)| l == v)
    }

    /// Whether `e` reads a variable the part assigns, other than the
    /// indices of the loops around.
    fn mentions_assigned(&self, e: &Expr) -> bool {
        let mut found = false;
        e.walk(&mut |sub| {
            if let ExprKind::Var(v) = sub.kind {
                found |= self.written.contains(&v) && !self.is_loop_index(v);
            }
        });
        found
    }

    /// The length of dimension `k` of `array` accessed with `dims`
    /// subscripts, as isl text, where it is affine in the parameters (a
    /// pointer's first dimension has none).
    fn extent(&mut self, array: VarId, k: usize, dims: usize) -> Option<String> {
        let length = self.extent_lin(array, k, dims)?;
        self.lin_text(&length)
    }

    /// [`Builder::extent`] as an affine form.
    fn extent_lin(&self, array: VarId, k: usize, dims: usize) -> Option<Lin> {
        let ty = &self.program.var(array).ty;
        let length = match (k, ty) {
            (0, Type::Array(_, length)) => length,
            (0, _) => return None,
            _ => *inner_lengths(ty, dims)?.get(k - 1)?,
        };
        let length = self.length(length)?;
        // A length over variables the part writes is no parameter.
        let fixed = length
            .terms
            .iter()
            .all(|(name, _)| match Name::parse(name) {
                Some(Name::Pre(v)) => !self.written.contains(&v) && !self.varying.contains(&v),
                _ => false,
            });
        fixed.then_some(length)
    }

    /// Whether the elements `dims` subscripts of `array` reach are memory
    /// the model names by `array`: a scalar whose address is not taken,
    /// or elements of one block whose base the part does not move.
    fn is_modelled(&self, array: VarId, dims: usize) -> bool {
        let var = self.program.var(array);
        if dims == 0 {
            return !var.ty.is_pointer_like() && !var.address_taken;
        }
        // A pointer the part assigns moves its elements; an array's name
        // is "written" only by its declaration, which keeps it.
        (!self.written.contains(&array) || matches!(var.ty, Type::Array(..)))
            && is_array_of(&var.ty, dims)
    }

    /// Whether `array` reached through `subscripts` subscripts and
    /// `fields` is memory the model names apart: a structure whose address
    /// is not taken, or an element of an array of them its base the part
    /// does not move; through fields of structures (no unions, no
    /// bit-fields), to a scalar, or to a structure where `whole`.
    fn is_modelled_through(
        &self,
        array: VarId,
        subscripts: usize,
        fields: &[FieldStep],
        whole: bool,
    ) -> bool {
        let program = self.program;
        let var = program.var(array);
        let first = fields.first().map_or(subscripts, |f| f.from);
        let mut ty = &var.ty;
        let rows = |mut ty: &'a Type, n: usize| {
            for _ in 0..n {
                match ty {
                    Type::Array(inner, _) => ty = inner,
                    _ => return None,
                }
            }
            Some(ty)
        };
        if first == 0 {
            if var.address_taken || ty.is_pointer_like() {
                return false;
            }
        } else {
            if self.written.contains(&array) && !matches!(ty, Type::Array(..)) {
                return false;
            }
            let Some(element) = ty.pointee().and_then(|t| rows(t, first - 1)) else {
                return false;
            };
            ty = element;
        }
        for (k, step) in fields.iter().enumerate() {
            let Type::Struct(id) = ty else {
                return false;
            };
            let def = program.struct_def(*id);
            let field = def
                .fields
                .iter()
                .flatten()
                .find(|f| f.name == Some(step.name));
            let Some(field) = field.filter(|f| !def.is_union && !f.bit_field) else {
                return false;
            };
            let end = fields.get(k + 1).map_or(subscripts, |next| next.from);
            let Some(element) = rows(&field.ty, end - step.from) else {
                return false;
            };
            ty = element;
        }
        if whole {
            matches!(ty, Type::Struct(_))
        } else {
            ty.is_arithmetic()
        }
    }

    /// `lin` with the program's names; a variable that is not an index of
    /// the enclosing loops is a parameter.
    fn lin_text(&mut self, lin: &Lin) -> Option<String> {
        let mut text = String::new();
        for (name, coefficient) in &lin.terms {
            let shown = match Name::parse(name) {
                Some(Name::Pre(v)) => {
                    if !self.is_loop_index(v) {
                        if self.written.contains(&v) {
                            // An index of a loop that does not enclose it.
                            return None;
                        }
                        self.params.insert(v);
                    }
                    self.names.get(self.program, v)
                }
                Some(_) => return None,
                None => name.clone(),
            };
            let sign = if *coefficient < 0 { "-" } else { "+" };
            if text.is_empty() && *coefficient >= 0 {
                text.push_str(&format!("{} * {shown}", coefficient));
            } else {
                text.push_str(&format!(" {sign} {} * {shown}", coefficient.unsigned_abs()));
            }
        }
        if text.is_empty() {
            return Some(lin.constant.to_string());
        }
        if lin.constant != 0 {
            let sign = if lin.constant < 0 { "-" } else { "+" };
            text.push_str(&format!(" {sign} {}", lin.constant.unsigned_abs()));
        }
        Some(text)
    }

    fn conj_text(&mut self, conj: &Conj) -> Option<String> {
        let mut parts = Vec::new();
        for c in &conj.cons {
            let op = if c.equality { "=" } else { ">=" };
            parts.push(format!("{} {op} 0", self.lin_text(&c.lin)?));
        }
        let body = if parts.is_empty() {
            "0 = 0".to_string()
        } else {
            parts.join(" and ")
        };
        Some(if conj.exists.is_empty() {
            body
        } else {
            format!("exists ({} : {body})", conj.exists.join(", "))
        })
    }

    fn dnf_text(&mut self, dnf: &[Conj]) -> Option<String> {
        let mut parts = Vec::new();
        for conj in dnf {
            parts.push(format!("({})", self.conj_text(conj)?));
        }
        Some(if parts.is_empty() {
            "1 = 0".to_string()
        } else {
            parts.join(" or ")
        })
    }

    /// The SCoP, every text under the parameters' list, the context from
    /// the parameters' types.
    fn finish(mut self, function: String, span: Span) -> Scop {
        let params: Vec<(VarId, String)> = self
            .params
            .clone()
            .into_iter()
            .map(|v| (v, self.names.get(self.program, v)))
            .collect();
        let list = format!(
            "[{}] -> ",
            params
                .iter()
                .map(|(_, n)| n.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        );
        // What the parameters' types say (nothing for `int` and wider
        // signed types, whose overflow the semantics assume away).
        let ranges = Conj {
            cons: params
                .iter()
                .flat_map(|(v, _)| {
                    range_constraints(&Lin::name(Name::Pre(*v).isl()), &self.program.var(*v).ty)
                })
                .collect(),
            exists: Vec::new(),
        };
        let context = format!(
            "{list}{{ : {} }}",
            self.conj_text(&ranges).unwrap_or_else(|| "0 = 0".into())
        );
        let violations: Vec<String> = self
            .violations
            .iter()
            .map(|v| format!("{list}{v}"))
            .collect();
        let assumed_context = assumed(&context, &violations);
        let narrowed = assumed_context.is_some();
        let context = assumed_context.unwrap_or(context);
        let depth = self
            .statements
            .iter()
            .map(|s| s.indices.len())
            .max()
            .unwrap_or(0);
        for (s, mut dims) in self.statements.iter_mut().zip(self.schedules) {
            dims.resize(2 * depth + 1, "0".into());
            s.schedule = format!("{list}{{ {} -> [{}] }}", s.schedule, dims.join(", "));
            s.domain = format!("{list}{}", s.domain);
            for a in &mut s.accesses {
                a.relation = format!("{list}{}", a.relation);
                a.tagged = format!("{list}{}", a.tagged);
            }
        }
        let mut names: Vec<(String, String)> = self
            .names
            .of
            .iter()
            .map(|(v, shown)| {
                (
                    shown.clone(),
                    self.program.var(*v).name.as_str().to_string(),
                )
            })
            .collect();
        names.sort();
        let independences = self
            .independent
            .iter()
            .map(|(span, depth, statements)| Independence {
                span: *span,
                relation: format!(
                    "{list}{}",
                    independence(&self.statements[statements.clone()], *depth)
                ),
            })
            .collect();
        Scop {
            names,
            function,
            span,
            params: params.into_iter().map(|(_, n)| n).collect(),
            context,
            narrowed,
            statements: self.statements,
            encapsulated: self.encapsulated,
            independences,
        }
    }
}

/// The pairs of instances of `statements` (a loop's body, the loop at
/// `depth`) in the same iterations of the loops around the loop and in
/// different iterations of it, as isl text without the parameters.
fn independence(statements: &[Statement], depth: usize) -> String {
    let mut pairs = Vec::new();
    for source in statements {
        for sink in statements {
            let same =
                |k: usize, op: &str| format!("{}' {op} {}", sink.indices[k], source.indices[k]);
            let mut cons: Vec<String> = (0..depth - 1).map(|k| same(k, "=")).collect();
            cons.push(same(depth - 1, "!="));
            pairs.push(format!(
                "{} -> {} : {}",
                source.instance(""),
                sink.instance("'"),
                cons.join(" and ")
            ));
        }
    }
    format!("{{ {} }}", pairs.join("; "))
}

/// Whether `n` subscripts of a variable of type `ty` reach an element
/// of one block of memory: a pointer or array, then arrays (`double
/// (*a)[n]`, `double a[m][n]`), not pointers to pointers.
fn is_array_of(ty: &Type, n: usize) -> bool {
    let Some(mut element) = ty.pointee() else {
        return false;
    };
    for _ in 1..n {
        match element {
            Type::Array(inner, _) => element = inner,
            _ => return false,
        }
    }
    element.is_arithmetic()
}

/// The array of a call's argument that is an array, a row of one or an
/// element's address.
fn array_argument(e: &Expr) -> Option<VarId> {
    let mut at = match &e.kind {
        ExprKind::Unary(UnOp::AddrOf, inner) => &**inner,
        _ => e,
    };
    while let ExprKind::Index(base, _) = &at.kind {
        at = base;
    }
    match at.kind {
        ExprKind::Var(v) => Some(v),
        _ => None,
    }
}

/// The lengths of the dimensions after the first of the elements `n`
/// subscripts of a variable of type `ty` reach (`double (*a)[m]`, 2: `m`).
fn inner_lengths(ty: &Type, n: usize) -> Option<Vec<&ArrayLen>> {
    let mut at = ty.pointee()?;
    let mut out = Vec::new();
    for _ in 1..n {
        match at {
            Type::Array(inner, length) => {
                out.push(length);
                at = inner;
            }
            _ => return None,
        }
    }
    Some(out)
}

/// `lin` with each variable `values` has a value for replaced by it.
fn substituted(lin: &Lin, values: &HashMap<VarId, (Lin, Conj)>) -> Option<Lin> {
    let mut out = Lin::constant(lin.constant);
    for (name, coefficient) in &lin.terms {
        let term = match Name::parse(name) {
            Some(Name::Pre(v)) if values.contains_key(&v) => values[&v].0.scale(*coefficient)?,
            _ => Lin::name(name.clone()).scale(*coefficient)?,
        };
        out = out.add(&term)?;
    }
    Some(out)
}

/// isl text without its parameters' list (`[n] -> { ... }`: `{ ... }`),
/// which `Builder::finish` writes for every text of the part.
fn without_params(text: &str) -> &str {
    text.find('{').map_or(text, |at| &text[at..])
}

/// The only case of a value; `None` for several.
fn single(mut cases: Vec<(Lin, Conj)>) -> Option<(Lin, Conj)> {
    (cases.len() == 1).then(|| cases.remove(0))
}

/// `a and b`, both disjunctions, as a disjunction of at most
/// `MAX_DISJUNCTS`.
/// Whether `f` and `g` take as many parameters, each an integer, a
/// pointer (or array) or neither in both: a summary function's shape.
pub fn same_parameters(program: &Program, f: FuncId, g: FuncId) -> bool {
    let (f, g) = (&program.function(f).params, &program.function(g).params);
    f.len() == g.len()
        && f.iter().zip(g).all(|(&a, &b)| {
            let (a, b) = (&program.var(a).ty, &program.var(b).ty);
            a.is_integer() == b.is_integer() && a.is_pointer_like() == b.is_pointer_like()
        })
}

/// `summary` of `source`'s body as `g`'s: each parameter of `source`
/// named by the parameter of `g` in its place.
fn as_summary_of(program: &Program, mut summary: Summary, source: FuncId, g: FuncId) -> Summary {
    let (theirs, ours) = (
        &program.function(source).params,
        &program.function(g).params,
    );
    let rename = |v: VarId| match theirs.iter().position(|&p| p == v) {
        Some(k) => ours[k],
        None => v,
    };
    for access in &mut summary.accesses {
        access.var = rename(access.var);
        for p in &mut access.params {
            *p = rename(*p);
        }
    }
    summary
}

/// `stores`, or every store when they are more disjuncts than a domain
/// may have (or none were found: an empty list here means unknown).
fn within_bound(stores: Vec<Conj>) -> Vec<Conj> {
    match stores.len() {
        1..=MAX_DISJUNCTS => stores,
        _ => vec![Conj::default()],
    }
}

/// `store` as a disjunction of conjunctions, keeping only the constraints
/// among the variables `mentioned` (dropping one makes the store larger,
/// which is sound for statements that may run) and taking a piece with
/// existentials as every store.
fn disjunction(store: &Poly, mentioned: &HashSet<VarId>) -> Vec<Conj> {
    let known =
        |name: &str| matches!(Name::parse(name), Some(Name::Pre(v)) if mentioned.contains(&v));
    let mut dnf = Vec::new();
    for piece in store.pieces() {
        let Some(constraints) = piece else {
            return vec![Conj::default()];
        };
        let mut conj = Conj::default();
        for (terms, constant, equality) in constraints {
            if !terms.iter().all(|(name, _)| known(name)) {
                continue;
            }
            let lin = Lin { terms, constant };
            conj.cons.push(match equality {
                true => Cons::eq0(lin),
                false => Cons::ge0(lin),
            });
        }
        dnf.push(conj);
    }
    dnf
}

/// The stores control reaches a vertex of an unstructured part with
/// (its tests have none of their own in the semantics): the stores after
/// the statements before it, through joins and tests (each edge of a
/// test under its condition where that is affine), and the store before
/// the part at its entry. A cycle through tests and joins alone gives up
/// (`None`: every store).
struct StoresInto<'f, 'a> {
    finder: &'f Finder<'a>,
    part: NodeId,
    u: &'f Unstructured,
    mentioned: &'f HashSet<VarId>,
    env: &'f Env<'f>,
    known: HashMap<NodeIndex, Vec<Conj>>,
    active: HashSet<NodeIndex>,
}

impl StoresInto<'_, '_> {
    fn of(&mut self, v: NodeIndex) -> Option<Vec<Conj>> {
        if let Some(known) = self.known.get(&v) {
            return Some(known.clone());
        }
        if !self.active.insert(v) {
            return None;
        }
        let mut dnf = Vec::new();
        if v == self.u.entry {
            dnf.extend(self.finder.store_before(self.part, self.mentioned));
        }
        let incoming: Vec<(NodeIndex, Edge)> = self
            .u
            .graph
            .edges_directed(v, Direction::Incoming)
            .map(|e| (e.source(), e.weight().clone()))
            .collect();
        for (from, edge) in incoming {
            match &self.u.graph[from] {
                Vertex::Node(n) => dnf.extend(self.finder.store_after(*n, self.mentioned)),
                Vertex::Exit => {}
                Vertex::Join | Vertex::Switch(_) => dnf.extend(self.of(from)?),
                Vertex::Test(c) => {
                    let before = self.of(from)?;
                    let guard = match edge {
                        Edge::True => self.env.condition(c, true),
                        Edge::False => self.env.condition(c, false),
                        _ => None,
                    };
                    match guard.and_then(|g| and_dnf(&before, &g)) {
                        Some(taken) => dnf.extend(taken),
                        None => dnf.extend(before),
                    }
                }
            }
            if dnf.len() > MAX_DISJUNCTS {
                return None;
            }
        }
        self.active.remove(&v);
        self.known.insert(v, dnf.clone());
        Some(dnf)
    }
}

fn and_dnf(a: &[Conj], b: &[Conj]) -> Option<Vec<Conj>> {
    let mut out = Vec::new();
    for x in a {
        for y in b {
            out.push(x.and(y));
        }
    }
    (out.len() <= MAX_DISJUNCTS).then_some(out)
}

/// The calls of PENCIL's built-in functions the model reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PencilCall {
    /// `__pencil_assume(condition)`: the user guarantees the condition
    /// where the call runs (§3.5).
    Assume,
    /// `__pencil_kill(a, ...)`: the arrays' contents are dead from here on
    /// (§3.8).
    Kill,
}

/// `e` as a call of a PENCIL built-in, with its arguments.
fn pencil_call<'e>(program: &Program, e: &'e Expr) -> Option<(PencilCall, &'e [Expr])> {
    let ExprKind::Call(callee, args) = &e.kind else {
        return None;
    };
    let ExprKind::Func(f) = callee.kind else {
        return None;
    };
    let which = match program.function(f).name.as_str() {
        "__pencil_assume" => PencilCall::Assume,
        "__pencil_kill" => PencilCall::Kill,
        _ => return None,
    };
    Some((which, args.as_slice()))
}

/// How many subscripts reach an element of a variable of type `ty`
/// (`double (*a)[n]`: 2).
fn array_dims(ty: &Type) -> usize {
    let mut dims = 0;
    let mut at = ty;
    while let Some(element) = at.pointee() {
        dims += 1;
        at = element;
    }
    dims
}

/// `context` without the parameters for which some instance in one of
/// `violations` exists (an assumption would be false there, or C's rules
/// broken): for each, the complement of its projection on the
/// parameters. `None` when that leaves the context as it is, or empties
/// it (every run would break a rule: the model then keeps to the types,
/// not to a contradiction that would make every statement dead), or
/// when isl fails (sound: an assumption only adds knowledge).
fn assumed(context: &str, violations: &[String]) -> Option<String> {
    if violations.is_empty() {
        return None;
    }
    let ctx = crate::bounded_context(1_000_000);
    let types = isl_rs::Set::read_from_str(&ctx, context).ok()?;
    let mut set = types.copy().ok()?;
    for violation in violations {
        let excluded = isl_rs::Set::read_from_str(&ctx, violation)
            .and_then(|v| v.params())
            .and_then(|p| p.complement())
            .ok()?;
        set = set.intersect(excluded).ok()?;
    }
    let set = set.coalesce().ok()?;
    if set.is_empty().ok()? || set.is_equal(&types).ok()? {
        return None;
    }
    set.to_str().ok().map(|t| t.to_string())
}
