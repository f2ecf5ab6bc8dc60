//! Affine semantics, after PIPS: a transformer for every node (bottom-up,
//! callees before callers), then a precondition for every node (top-down,
//! callers before callees).
//!
//! Tracked variables are integer scalars whose address is never taken and
//! that are not `volatile`: nothing but a direct assignment (or, for a
//! global, a callee) can change them, so effects through pointers never
//! touch them. Everything else is simply not described.
//!
//! Loops take isl's transitive closure of their iteration's transformer
//! (an over-approximation whenever isl cannot make it exact); unstructured
//! parts take an iterative fixpoint with the standard widening for their
//! preconditions, and forget the variables they modify for their
//! transformer. A function's entry precondition is the convex hull of its
//! call sites' preconditions when the program is closed (it defines
//! `main`) and the function is neither recursive nor called through a
//! pointer; otherwise nothing is known at entry but that a VLA
//! parameter's size is positive (C11 6.7.6.2p5). Type ranges are not
//! stored at entry: every read of a variable brings its type's range.

pub mod affine;
pub mod budget;
mod closure;
pub mod factored;
pub mod poly;
mod product;
pub mod transformer;

use crate::callgraph::{CallGraph, Scope, call_targets, direct_callee};
use crate::effects::EffectsAnalysis;
use crate::ir::*;
use affine::{Env, range_constraints};
pub use factored::Factored;
use isl_rs::Context;
use petgraph::visit::EdgeRef;
use poly::{Conj, Cons, Lin, Name, Poly};
use std::cell::{Cell, RefCell};
use std::collections::{BTreeSet, HashMap, HashSet};
use std::rc::Rc;
pub use transformer::Transformer;

/// The pseudo-variable holding a function's return value.
pub const RETURN: VarId = VarId(u32::MAX);

/// Unstructured fixpoints widen after this many visits of a vertex.
const WIDEN_AFTER: u32 = 3;

/// isl's operation quota for the transformers (and again for the
/// preconditions) of one function. A function that spends it is still
/// analysed, but every further isl operation answers "nothing known"
/// (see `Poly::sound`): precision degrades, soundness does not, and the
/// cost of the whole program stays bounded by its number of functions.
const ISL_OPERATIONS_PER_FUNCTION: u64 = 2_000_000;

pub struct Semantics {
    /// Per function, per node.
    pub transformers: Vec<Vec<Option<Transformer>>>,
    /// Per function, per node: the store before it, factored as the
    /// propagation left it ([`Factored::whole`] gives it as one set).
    pub preconditions: Vec<Vec<Option<Factored>>>,
    pub summaries: Vec<Option<Transformer>>,
    pub entry: Vec<Option<Poly>>,
    /// Declared last: dropped after every set that refers to it.
    pub ctx: Context,
}

struct Analyzer<'p> {
    program: &'p Program,
    calls: &'p CallGraph,
    effects: &'p EffectsAnalysis,
    ctx: &'p Context,
    fresh: Cell<u32>,
    transformers: Vec<Vec<Option<Transformer>>>,
    /// Per loop node, one or more applications of its iteration (the
    /// same transitive closure serves the loop's transformer and the
    /// preconditions at its head).
    closures: Vec<Vec<Option<Transformer>>>,
    preconditions: Vec<Vec<Option<Factored>>>,
    summaries: Vec<Option<Transformer>>,
    /// Entry conditions contributed by call sites analysed so far.
    call_sites: Vec<Vec<Poly>>,
    tracked_globals: BTreeSet<VarId>,
    /// Per function, once asked: the tracked globals it sees, and the
    /// names of those it does not (see [`Analyzer::globals_seen`]).
    seen: RefCell<HashMap<FuncId, Rc<SeenGlobals>>>,
    scope: &'p Scope,
}

struct SeenGlobals {
    unseen_names: Vec<String>,
}

impl Semantics {
    pub fn run(program: &Program, calls: &CallGraph, effects: &EffectsAnalysis) -> Semantics {
        Semantics::run_in(program, calls, effects, &Scope::whole(program))
    }

    /// The transformers and preconditions of the functions of `scope`
    /// only. A function of the scope whose callers are not all in it has
    /// nothing known at entry but what its types say.
    pub fn run_in(
        program: &Program,
        calls: &CallGraph,
        effects: &EffectsAnalysis,
        scope: &Scope,
    ) -> Semantics {
        let ctx = Context::alloc();
        let tracked_globals = program
            .vars
            .iter()
            .enumerate()
            .filter(|(_, v)| v.is_global() && is_trackable(v))
            .map(|(i, _)| VarId(i as u32))
            .collect();
        let n = program.functions.len();
        let mut a = Analyzer {
            program,
            calls,
            effects,
            ctx: &ctx,
            fresh: Cell::new(0),
            transformers: program
                .functions
                .iter()
                .map(|f| vec![None; f.body.as_ref().map_or(0, |b| b.nodes.len())])
                .collect(),
            closures: program
                .functions
                .iter()
                .map(|f| vec![None; f.body.as_ref().map_or(0, |b| b.nodes.len())])
                .collect(),
            preconditions: program
                .functions
                .iter()
                .map(|f| vec![None; f.body.as_ref().map_or(0, |b| b.nodes.len())])
                .collect(),
            summaries: vec![None; n],
            call_sites: vec![Vec::new(); n],
            tracked_globals,
            seen: RefCell::default(),
            scope,
        };
        // isl reports a spent quota (and any failure) through results, which
        // `Poly` turns into "nothing known"; it must not also print them.
        const ISL_ON_ERROR_CONTINUE: i32 = 1;
        let _ = isl_rs::Options::set_on_error(&ctx, ISL_ON_ERROR_CONTINUE);
        for component in &calls.components {
            for &f in component {
                if !scope.contains(f) {
                    continue;
                }
                let _deadline = budget::Deadline::start(format!(
                    "the transformers of `{}`",
                    program.function(f).name
                ));
                let _quota = budget::Window::open(&ctx, ISL_OPERATIONS_PER_FUNCTION);
                a.summarize(f);
            }
        }
        let closed_world = program.is_closed();
        let mut entry = vec![None; n];
        for component in calls.components.iter().rev() {
            for &f in component {
                if program.function(f).body.is_none() || !scope.contains(f) {
                    continue;
                }
                let _deadline = budget::Deadline::start(format!(
                    "the preconditions of `{}`",
                    program.function(f).name
                ));
                let _quota = budget::Window::open(&ctx, ISL_OPERATIONS_PER_FUNCTION);
                let p = a.entry_precondition(f, closed_world);
                a.preconditions_of(f, &p);
                entry[f.index()] = Some(p);
            }
        }
        // What is left of the last function's quota must not bound the
        // reports' reading of the results.
        ctx.set_max_operations(0);
        ctx.reset_error();
        let (transformers, preconditions, summaries) =
            (a.transformers, a.preconditions, a.summaries);
        Semantics {
            ctx,
            transformers,
            preconditions,
            summaries,
            entry,
        }
    }
}

pub fn is_trackable(v: &Var) -> bool {
    v.ty.is_integer() && !v.address_taken && !v.is_volatile
}

impl<'p> Analyzer<'p> {
    fn tracked(&self, f: FuncId) -> impl Fn(VarId) -> bool + 'p {
        let program = self.program;
        move |v: VarId| {
            if v == RETURN {
                return false;
            }
            let var = program.var(v);
            is_trackable(var) && (var.is_global() || var.function == Some(f))
        }
    }

    fn conj_poly(&self, conjs: &[Conj]) -> Poly {
        Poly::from_dnf(self.ctx, conjs)
    }

    // ------------------------------------------------------ transformers

    fn summarize(&mut self, f: FuncId) {
        let func = self.program.function(f);
        let Some(body) = &func.body else {
            // Without a body: the tracked globals it may write are unknown.
            let written = self.globals_written(f);
            let mut t = Transformer::havoc(self.ctx, written);
            t.modified.insert(RETURN);
            self.summaries[f.index()] = Some(t);
            return;
        };
        if self.calls.recursive[f.index()] {
            // Callees in the same cycle have no summary yet: forget what the
            // cycle writes. Summaries of the cycle stay conservative.
            let mut t = Transformer::havoc(self.ctx, self.globals_written(f));
            t.modified.insert(RETURN);
            self.summaries[f.index()] = Some(t.clone());
            self.node_transformer(f, body, body.root);
            return;
        }
        let t = self.node_transformer(f, body, body.root);
        // Keep what callers can see: globals, the return value, and the
        // parameters' values at entry.
        let mut summary = t;
        for &v in func.params.iter().chain(&func.locals) {
            if self.program.var(v).storage == Storage::StaticLocal {
                continue;
            }
            summary.rel = summary.rel.project(&Name::Post(v).isl());
            summary.modified.remove(&v);
            if !func.params.contains(&v) {
                summary.rel = summary.rel.project(&Name::Pre(v).isl());
            }
        }
        self.summaries[f.index()] = Some(summary.hull());
    }

    /// The tracked globals `f` and its callees may read or write: its
    /// preconditions speak of no other. Another global keeps its value
    /// through `f`, and what is known of it, in `f`'s callers; what links
    /// it to the globals `f` sees is kept as what it implies on them.
    fn globals_seen(&self, f: FuncId) -> Rc<SeenGlobals> {
        if let Some(known) = self.seen.borrow().get(&f) {
            return known.clone();
        }
        let effects = &self.effects.summaries[f.index()];
        let unseen_names = self
            .tracked_globals
            .iter()
            .filter(|&&g| {
                !(effects.may_read(self.program, g) || effects.may_write(self.program, g))
            })
            .map(|&g| Name::Pre(g).isl())
            .collect();
        let globals = Rc::new(SeenGlobals { unseen_names });
        self.seen.borrow_mut().insert(f, globals.clone());
        globals
    }

    /// `p` without the tracked globals `f` does not see.
    fn seen_by(&self, f: FuncId, p: &Poly) -> Poly {
        p.project_all(&self.globals_seen(f).unseen_names)
    }

    fn globals_written(&self, f: FuncId) -> Vec<VarId> {
        let effects = &self.effects.summaries[f.index()];
        self.tracked_globals
            .iter()
            .copied()
            .filter(|&g| effects.may_write(self.program, g))
            .collect()
    }

    fn env<'a>(&'a self, tracked: &'a dyn Fn(VarId) -> bool) -> Env<'a> {
        Env {
            program: self.program,
            tracked,
            fresh: &self.fresh,
            products: None,
        }
    }

    fn node_transformer(&mut self, f: FuncId, body: &'p Body, id: NodeId) -> Transformer {
        budget::enforce_deadline(self.ctx);
        let t = self.compute_node_transformer(f, body, id);
        self.transformers[f.index()][id.index()] = Some(t.clone());
        t
    }

    fn compute_node_transformer(&mut self, f: FuncId, body: &'p Body, id: NodeId) -> Transformer {
        let ctx = self.ctx;
        match &body.node(id).kind {
            NodeKind::Seq { items, scoped } => {
                let mut t = Transformer::identity(ctx);
                for &item in items {
                    let ti = self.node_transformer(f, body, item);
                    t = t.then(ctx, &ti);
                }
                for &v in scoped {
                    if self.tracked(f)(v) {
                        t = t.forget(v);
                    }
                }
                // Projecting a variable away may leave a stride: keep it convex.
                if scoped.is_empty() { t } else { t.hull() }
            }
            NodeKind::Expr(e) => self.expr_transformer(f, e),
            NodeKind::Declare(v) => {
                // A structure seen member by member declares its members.
                let members = self.program.fields.get(v).into_iter().flatten();
                let tracked = self.tracked(f);
                let declared: Vec<VarId> = std::iter::once(v)
                    .chain(members)
                    .copied()
                    .filter(|&d| tracked(d))
                    .collect();
                if declared.is_empty() {
                    Transformer::identity(ctx)
                } else {
                    Transformer::havoc(ctx, declared)
                }
            }
            NodeKind::Return(value) => match value {
                Some(e) => {
                    let se = self.expr_transformer(f, e);
                    let ret_ty = self.program.function(f).ty.ret.clone();
                    let assign = self.assign_value(f, RETURN, &ret_ty, e);
                    se.then(ctx, &assign)
                }
                None => Transformer::identity(ctx),
            },
            NodeKind::Nop => Transformer::identity(ctx),
            NodeKind::If {
                condition,
                then_branch,
                else_branch,
            } => {
                let (yes, no) = self.branch_transformers(f, condition);
                let tt = self.node_transformer(f, body, *then_branch);
                let te = self.node_transformer(f, body, *else_branch);
                yes.then(ctx, &tt).join(ctx, &no.then(ctx, &te))
            }
            // Convex, as PIPS's: strides the closure found are dropped.
            NodeKind::Loop(l) => self.loop_transformer(f, body, id, l).hull(),
            NodeKind::Unstructured(u) => {
                let mut written = BTreeSet::new();
                let mut returns = false;
                for v in u.graph.node_weights() {
                    match v {
                        Vertex::Node(n) => {
                            let t = self.node_transformer(f, body, *n);
                            written.extend(t.modified.iter().copied());
                        }
                        Vertex::Test(e) | Vertex::Switch(e) => {
                            written.extend(self.expr_transformer(f, e).modified);
                        }
                        _ => {}
                    }
                    if let Vertex::Node(n) = v {
                        returns |= subtree_has_return(body, *n);
                    }
                }
                if returns {
                    written.insert(RETURN);
                }
                Transformer::havoc(ctx, written)
            }
        }
    }

    /// The transformers of a condition taken true and taken false (the
    /// guard on the store before it, then its side effects).
    fn branch_transformers(&mut self, f: FuncId, c: &Expr) -> (Transformer, Transformer) {
        let se = self.expr_transformer(f, c);
        if !se.is_identity() {
            // `i-- > 0`, `--m > 0`, `n--`: the test of a value the
            // condition steps once, before or after the step.
            if let Some((test, step_first)) = stepped_condition(c) {
                let (yes, no) = self.guards(f, &test);
                let ctx = self.ctx;
                return if step_first {
                    (se.then(ctx, &yes), se.then(ctx, &no))
                } else {
                    (yes.then(ctx, &se), no.then(ctx, &se))
                };
            }
            // The condition's value depends on its own side effects: no guard.
            return (se.clone(), se);
        }
        self.guards(f, c)
    }

    /// The guards of a condition without side effects, true and false.
    fn guards(&mut self, f: FuncId, c: &Expr) -> (Transformer, Transformer) {
        let tracked = self.tracked(f);
        let env = self.env(&tracked);
        let yes = env.condition(c, true);
        let no = env.condition(c, false);
        let guard = |conjs: Option<Vec<Conj>>| match conjs {
            Some(c) => Transformer::guard(self.conj_poly(&c)),
            None => Transformer::identity(self.ctx),
        };
        (guard(yes), guard(no))
    }

    fn loop_transformer(
        &mut self,
        f: FuncId,
        body: &'p Body,
        id: NodeId,
        l: &'p Loop,
    ) -> Transformer {
        let ctx = self.ctx;
        let tb = self.node_transformer(f, body, l.body);
        match &l.kind {
            LoopKind::While { condition } => {
                let (yes, no) = self.branch_transformers(f, condition);
                let iteration = yes.then(ctx, &tb);
                self.star(f, id, &iteration).then(ctx, &no)
            }
            LoopKind::DoWhile { condition } => {
                let (yes, no) = self.branch_transformers(f, condition);
                let iteration = yes.then(ctx, &tb);
                tb.then(ctx, &iteration.star(ctx)).then(ctx, &no)
            }
            LoopKind::For {
                init,
                condition,
                step,
            } => {
                let ti = self.node_transformer(f, body, *init);
                let ts = self.node_transformer(f, body, *step);
                let (yes, no) = match condition {
                    Some(c) => self.branch_transformers(f, c),
                    // `for (;;)` leaves only by a jump, which would make it
                    // unstructured: it never ends.
                    None => (
                        Transformer::identity(ctx),
                        Transformer::guard(Poly::empty(ctx)),
                    ),
                };
                let iteration = yes.then(ctx, &tb).then(ctx, &ts);
                ti.then(ctx, &self.star(f, id, &iteration)).then(ctx, &no)
            }
            LoopKind::Counted(c) => {
                let ti = self.node_transformer(f, body, c.init);
                let (yes, no) = self.counted_guards(f, c);
                let step = self.counted_step(f, c);
                let iteration = yes.then(ctx, &tb).then(ctx, &step);
                ti.then(ctx, &self.star(f, id, &iteration)).then(ctx, &no)
            }
        }
    }

    /// Zero or more applications of the iteration of loop `id`, keeping
    /// the closure for the preconditions at the loop's head.
    fn star(&mut self, f: FuncId, id: NodeId, iteration: &Transformer) -> Transformer {
        let plus = iteration.plus(self.ctx);
        self.closures[f.index()][id.index()] = Some(plus.clone());
        Transformer::identity(self.ctx).join(self.ctx, &plus)
    }

    /// The closure kept by [`Self::star`], or computed afresh.
    fn plus(&self, f: FuncId, id: NodeId, iteration: impl FnOnce() -> Transformer) -> Transformer {
        match &self.closures[f.index()][id.index()] {
            Some(plus) => plus.clone(),
            None => iteration().plus(self.ctx),
        }
    }

    /// `index <= upper` (or `>=` downwards) and its negation.
    fn counted_guards(&mut self, f: FuncId, c: &CountedLoop) -> (Transformer, Transformer) {
        let index = Expr {
            kind: ExprKind::Var(c.index),
            ty: self.program.var(c.index).ty.clone(),
            span: c.upper.span,
        };
        let op = if c.step > 0 {
            BinaryOp::Le
        } else {
            BinaryOp::Ge
        };
        let test = Expr {
            kind: ExprKind::Binary(op, Box::new(index), Box::new(c.upper.clone())),
            ty: Type::int(),
            span: c.upper.span,
        };
        self.branch_transformers(f, &test)
    }

    fn counted_step(&mut self, f: FuncId, c: &CountedLoop) -> Transformer {
        let ty = self.program.var(c.index).ty.clone();
        let index = Expr {
            kind: ExprKind::Var(c.index),
            ty: ty.clone(),
            span: c.upper.span,
        };
        let next = Expr {
            kind: ExprKind::Binary(
                BinaryOp::Add,
                Box::new(index),
                Box::new(Expr {
                    kind: ExprKind::Int(c.step as i128),
                    ty: Type::int(),
                    span: c.upper.span,
                }),
            ),
            ty: ty.clone(),
            span: c.upper.span,
        };
        self.assign_value(f, c.index, &ty, &next)
    }

    /// `target = e` for a side-effect-free `e`, with the conversion to
    /// the target's type; unknown when `e` is not affine.
    fn assign_value(
        &mut self,
        f: FuncId,
        target: VarId,
        target_ty: &Type,
        e: &Expr,
    ) -> Transformer {
        let ctx = self.ctx;
        if target != RETURN && !self.tracked(f)(target) {
            return Transformer::identity(ctx);
        }
        let tracked = self.tracked(f);
        let env = self.env(&tracked);
        let post = Lin::name(Name::Post(target).isl());
        let range = range_constraints(&post, target_ty);
        let cases = if target_ty.is_integer() {
            match env.value(e) {
                Some(cases) => {
                    if e.ty.is_integer() {
                        env.convert(cases, &e.ty, target_ty)
                    } else {
                        Some(cases)
                    }
                }
                None => None,
            }
        } else {
            None
        };
        let Some(cases) = cases else {
            let conj = Conj {
                cons: range,
                exists: Vec::new(),
            };
            let mut t = Transformer::havoc(ctx, [target]);
            t.rel = self.conj_poly(&[conj]);
            return t;
        };
        let conjs: Vec<Conj> = cases
            .into_iter()
            .filter_map(|(lin, mut conj)| {
                conj.cons.push(Cons::eq0(post.sub(&lin)?));
                conj.cons.extend(range.iter().cloned());
                Some(conj)
            })
            .collect();
        Transformer {
            modified: [target].into_iter().collect(),
            rel: self.conj_poly(&conjs),
        }
    }

    /// The transformer of evaluating an expression for its side effects.
    fn expr_transformer(&mut self, f: FuncId, e: &Expr) -> Transformer {
        let ctx = self.ctx;
        if !has_side_effects(e) {
            return Transformer::identity(ctx);
        }
        match &e.kind {
            ExprKind::Assign(op, target, value) => {
                // Side effects of the target's address computation, then of the value.
                let mut t = Transformer::identity(ctx);
                let mut sub = Vec::new();
                crate::effects::direct_children(target, &mut sub);
                if target.is_lvalue_var().is_none() {
                    for s in sub {
                        t = t.then(ctx, &self.expr_transformer(f, s));
                    }
                }
                let Some(v) = target.is_lvalue_var() else {
                    return t.then(ctx, &self.expr_transformer(f, value));
                };
                if let (AssignOp::Assign, ExprKind::Call(callee, args)) = (op, &value.kind) {
                    return t.then(ctx, &self.call_transformer(f, callee, args, Some(v)));
                }
                let value_t = self.expr_transformer(f, value);
                if !value_t.is_identity() {
                    let mut out = t.then(ctx, &value_t);
                    if self.tracked(f)(v) {
                        out = out.then(ctx, &Transformer::havoc(ctx, [v]));
                    }
                    return out;
                }
                let rhs = match compound_op(*op) {
                    None => (**value).clone(),
                    Some(bop) => Expr {
                        kind: ExprKind::Binary(bop, target.clone(), value.clone()),
                        ty: Type::arithmetic_conversion(&target.ty, &value.ty),
                        span: e.span,
                    },
                };
                t.then(ctx, &self.assign_value(f, v, &target.ty, &rhs))
            }
            ExprKind::Unary(
                op @ (UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec),
                target,
            ) => {
                let Some(v) = target.is_lvalue_var() else {
                    let mut t = Transformer::identity(ctx);
                    let mut sub = Vec::new();
                    crate::effects::direct_children(target, &mut sub);
                    for s in sub {
                        t = t.then(ctx, &self.expr_transformer(f, s));
                    }
                    return t;
                };
                let delta = if matches!(op, UnOp::PreInc | UnOp::PostInc) {
                    1
                } else {
                    -1
                };
                let rhs = Expr {
                    kind: ExprKind::Binary(
                        BinaryOp::Add,
                        target.clone(),
                        Box::new(Expr {
                            kind: ExprKind::Int(delta),
                            ty: Type::int(),
                            span: e.span,
                        }),
                    ),
                    ty: Type::arithmetic_conversion(&target.ty, &Type::int()),
                    span: e.span,
                };
                self.assign_value(f, v, &target.ty, &rhs)
            }
            ExprKind::Call(callee, args) => match assumed_condition(self.program, callee, args) {
                // PENCIL's `__pencil_assume(c)`: the user guarantees c
                // where the call runs, a guard the run never fails.
                Some(condition) => self.branch_transformers(f, condition).0,
                None => self.call_transformer(f, callee, args, None),
            },
            ExprKind::Opaque {
                operands,
                unknown_effects,
            } => {
                if *unknown_effects {
                    let tracked = self.tracked(f);
                    let all: Vec<VarId> = self
                        .function_tracked_vars(f)
                        .into_iter()
                        .filter(|v| tracked(*v))
                        .collect();
                    return Transformer::havoc(ctx, all);
                }
                let mut t = Transformer::identity(ctx);
                for o in operands {
                    t = t.then(ctx, &self.expr_transformer(f, o));
                }
                t
            }
            ExprKind::Cond(c, a, b) => {
                let (yes, no) = self.branch_transformers(f, c);
                let ta = match a {
                    Some(a) => self.expr_transformer(f, a),
                    None => Transformer::identity(ctx),
                };
                let tb = self.expr_transformer(f, b);
                yes.then(ctx, &ta).join(ctx, &no.then(ctx, &tb))
            }
            ExprKind::Binary(op @ (BinaryOp::LogAnd | BinaryOp::LogOr), a, b) => {
                let (yes, no) = self.branch_transformers(f, a);
                let tb = self.expr_transformer(f, b);
                let (evaluates, skips) = if *op == BinaryOp::LogAnd {
                    (yes, no)
                } else {
                    (no, yes)
                };
                evaluates.then(ctx, &tb).join(ctx, &skips)
            }
            _ => {
                let mut t = Transformer::identity(ctx);
                let mut sub = Vec::new();
                crate::effects::direct_children(e, &mut sub);
                for s in sub {
                    t = t.then(ctx, &self.expr_transformer(f, s));
                }
                t
            }
        }
    }

    fn function_tracked_vars(&self, f: FuncId) -> Vec<VarId> {
        let func = self.program.function(f);
        let mut vars: Vec<VarId> = func.params.iter().chain(&func.locals).copied().collect();
        vars.extend(self.tracked_globals.iter().copied());
        vars
    }

    /// A call: arguments' side effects, then the callee's summary with its
    /// formal parameters bound to the actual arguments; the result goes to
    /// `result` when the call is `result = f(...)`.
    fn call_transformer(
        &mut self,
        f: FuncId,
        callee: &Expr,
        args: &[Expr],
        result: Option<VarId>,
    ) -> Transformer {
        let ctx = self.ctx;
        let mut t = self.expr_transformer(f, callee);
        let mut args_have_effects = false;
        for a in args {
            let ta = self.expr_transformer(f, a);
            args_have_effects |= !ta.is_identity();
            t = t.then(ctx, &ta);
        }
        let targets = call_targets(self.program, callee, args.len());
        let mut call: Option<Transformer> = None;
        for target in &targets {
            let summary = match &self.summaries[target.index()] {
                Some(s) => s.clone(),
                None => {
                    let mut s = Transformer::havoc(ctx, self.globals_written(*target));
                    s.modified.insert(RETURN);
                    s
                }
            };
            let bound = self.bind_formals(f, *target, summary, args, args_have_effects);
            call = Some(match call {
                Some(c) => c.join(ctx, &bound),
                None => bound,
            });
        }
        let mut call = call.unwrap_or_else(|| {
            // No known target: any tracked global may change.
            let mut s = Transformer::havoc(ctx, self.tracked_globals.iter().copied());
            s.modified.insert(RETURN);
            s
        });
        // The result.
        let ret = Name::Post(RETURN).isl();
        match result {
            Some(v) if self.tracked(f)(v) => {
                let ret_ty = callee
                    .ty
                    .function_type()
                    .map(|t| t.ret.clone())
                    .unwrap_or(Type::int());
                let target_ty = self.program.var(v).ty.clone();
                let same_range =
                    ret_ty == target_ty || affine::convert_is_identity(&ret_ty, &target_ty);
                call.rel = call.rel.project(&Name::Post(v).isl());
                call.rel = if same_range {
                    call.rel.rename(&ret, &Name::Post(v).isl())
                } else {
                    call.rel.project(&ret)
                };
                call.modified.insert(v);
            }
            _ => {}
        }
        call.rel = call.rel.project(&ret);
        call.modified.remove(&RETURN);
        t.then(ctx, &call)
    }

    /// Replaces the callee's formal parameters by the actual arguments.
    fn bind_formals(
        &self,
        f: FuncId,
        callee: FuncId,
        mut summary: Transformer,
        args: &[Expr],
        args_have_effects: bool,
    ) -> Transformer {
        let params = &self.program.function(callee).params;
        let tracked = self.tracked(f);
        let env = self.env(&tracked);
        for (k, &p) in params.iter().enumerate() {
            let name = Name::Pre(p).isl();
            if summary.rel.has(&name).is_none() {
                continue;
            }
            let actual = args.get(k).filter(|_| !args_have_effects).and_then(|a| {
                let cases = env.value(a)?;
                env.convert(cases, &a.ty, &self.program.var(p).ty)
            });
            if let Some(cases) = actual {
                let conjs: Vec<Conj> = cases
                    .into_iter()
                    .filter_map(|(lin, mut conj)| {
                        conj.cons
                            .push(Cons::eq0(Lin::name(name.clone()).sub(&lin)?));
                        Some(conj)
                    })
                    .collect();
                summary.rel = summary.rel.intersect(&self.conj_poly(&conjs));
            }
            summary.rel = summary.rel.project(&name);
        }
        summary
    }

    // ----------------------------------------------------- preconditions

    fn entry_precondition(&mut self, f: FuncId, closed_world: bool) -> Poly {
        let func = self.program.function(f);
        let callers = self.calls.callers(f);
        let from_callers = closed_world
            && func.name.as_str() != "main"
            && !func.address_taken
            && !self.calls.recursive[f.index()]
            && !callers.is_empty()
            && callers.iter().all(|&c| self.scope.contains(c));
        let mut p = if from_callers {
            let sites = std::mem::take(&mut self.call_sites[f.index()]);
            let mut acc = Poly::empty(self.ctx);
            for s in &sites {
                acc = acc.union(s);
            }
            self.seen_by(f, &acc.hull())
        } else {
            Poly::universe(self.ctx)
        };
        // Facts true at every entry: positive VLA extents. Not the ranges
        // of the parameters' and globals' types: every read of a variable
        // brings its type's range with it (`Env::value`), so the
        // precondition need not carry them, and carried they cost more
        // than anything else in programs of many small unsigned scalars:
        // each is a dimension bounded by constants past isl's small
        // integers (2^32 - 1, 2^64 - 1), in every precondition and region
        // (SQLite's regions took half as long again, and printed 264 MB
        // instead of 169 MB, most of the difference `0<=x, x<=4294967295`).
        let tracked = self.tracked(f);
        let mut conj = if self.starts_the_program(f, closed_world) {
            self.initial_store(&tracked)
        } else {
            Conj::default()
        };
        let env = self.env(&tracked);
        for &v in &func.params {
            let mut ty = &self.program.var(v).ty;
            while let Type::Array(elem, len) = ty {
                if let ArrayLen::Vla(size) = len
                    && let Some(cases) = env.value(size)
                    && cases.len() == 1
                {
                    let (lin, c) = &cases[0];
                    conj = conj.and(c);
                    if let Some(l) = lin.add(&Lin::constant(-1)) {
                        conj.cons.push(Cons::ge0(l));
                    }
                }
                ty = elem;
            }
        }
        p = p.intersect(&self.conj_poly(&[conj]));
        p.simplify()
    }

    /// Whether `f` is where the program starts: `main`, defined here, that
    /// nothing else calls or takes the address of, with no function run
    /// before it (`__attribute__((constructor))`).
    fn starts_the_program(&self, f: FuncId, closed_world: bool) -> bool {
        let func = self.program.function(f);
        closed_world
            && func.name.as_str() == "main"
            && !func.address_taken
            && !self.calls.recursive[f.index()]
            && self.calls.callers(f).is_empty()
            && !self.program.runs_before_main
    }

    /// The store the program starts with, as far as constants say (PIPS's
    /// initial precondition): a global scalar with an initialiser holds
    /// its value, and a `static` one without holds 0 (static storage starts
    /// zeroed). A global that is not `static` and has no initialiser here
    /// stays unknown: another unit may define it (`-fcommon`). So do the
    /// members of an initialised structure used member by member (its
    /// initialiser names the structure's members, not their variables).
    fn initial_store(&self, tracked: &dyn Fn(VarId) -> bool) -> Conj {
        let program = self.program;
        let env = self.env(tracked);
        let mut conj = Conj::default();
        let mut initialised = BTreeSet::new();
        for init in program.initial_values.values() {
            init.walk(&mut |sub| {
                let ExprKind::Assign(AssignOp::Assign, target, value) = &sub.kind else {
                    return;
                };
                let Some(v) = target.is_lvalue_var() else {
                    return;
                };
                initialised.insert(v);
                if !tracked(v) || !program.var(v).is_global() {
                    return;
                }
                if let Some(cases) = env.value(value)
                    && let Some(k) = affine::unconditional(&cases).and_then(Lin::as_constant)
                    && let Some(eq) = Lin::name(Name::Pre(v).isl()).sub(&Lin::constant(k))
                {
                    conj.cons.push(Cons::eq0(eq));
                }
            });
        }
        for (i, var) in program.vars.iter().enumerate() {
            let v = VarId(i as u32);
            let structure = program.members.get(&v).map(|m| m.structure);
            let has_initialiser = initialised.contains(&v)
                || program.initial_values.contains_key(&v)
                || structure.is_some_and(|s| program.initial_values.contains_key(&s));
            if var.storage == (Storage::Global { is_static: true })
                && tracked(v)
                && !has_initialiser
            {
                conj.cons.push(Cons::eq0(Lin::name(Name::Pre(v).isl())));
            }
        }
        conj
    }

    fn preconditions_of(&mut self, f: FuncId, entry: &Poly) {
        let Some(body) = &self.program.function(f).body else {
            return;
        };
        let _ = self.node_precondition(f, body, body.root, Factored::of(entry.clone()));
    }

    fn transformer_of(&self, f: FuncId, id: NodeId) -> Transformer {
        self.transformers[f.index()][id.index()]
            .clone()
            .unwrap_or_else(|| Transformer::identity(self.ctx))
    }

    /// Records the precondition of `id` and its subtree; returns the
    /// store after `id` (its postcondition), computed in context: more
    /// precise than applying the node's transformer, which was computed
    /// without knowing the store before it. Stores are factored (see
    /// `factored.rs`): each step costs what the variables it touches
    /// cost, not what the function's whole store does.
    fn node_precondition(
        &mut self,
        f: FuncId,
        body: &'p Body,
        id: NodeId,
        p: Factored,
    ) -> Factored {
        let p = self.record_precondition(f, id, p);
        let ctx = self.ctx;
        match &body.node(id).kind {
            NodeKind::Seq { items, scoped } => {
                let mut cur = p;
                for &item in items {
                    cur = self.node_precondition(f, body, item, cur);
                }
                let scoped: Vec<String> = scoped.iter().map(|&v| Name::Pre(v).isl()).collect();
                cur.project_all(&scoped)
            }
            NodeKind::Expr(e) | NodeKind::Return(Some(e)) => {
                self.record_calls(f, e, &p);
                p.apply(&self.transformer_of(f, id), ctx)
            }
            NodeKind::If {
                condition,
                then_branch,
                else_branch,
            } => {
                self.record_calls(f, condition, &p);
                let (yes, no) = self.branch_transformers(f, condition);
                let a = self.node_precondition(f, body, *then_branch, p.apply(&yes, ctx));
                let b = self.node_precondition(f, body, *else_branch, p.apply(&no, ctx));
                a.join(&b, ctx)
            }
            NodeKind::Loop(l) => {
                let tb = self.transformer_of(f, l.body);
                match &l.kind {
                    LoopKind::While { condition } => {
                        let (yes, no) = self.branch_transformers(f, condition);
                        let head = self.loop_head(&p, &self.plus(f, id, || yes.then(ctx, &tb)));
                        self.record_calls(f, condition, &head);
                        self.node_precondition(f, body, l.body, head.apply(&yes, ctx));
                        head.apply(&no, ctx)
                    }
                    LoopKind::DoWhile { condition } => {
                        let (yes, no) = self.branch_transformers(f, condition);
                        let top = self.loop_head(&p, &tb.then(ctx, &yes).plus(ctx));
                        let after_body = self.node_precondition(f, body, l.body, top);
                        after_body.apply(&no, ctx)
                    }
                    LoopKind::For {
                        init,
                        condition,
                        step,
                    } => {
                        let after_init = self.node_precondition(f, body, *init, p);
                        let (yes, no) = match condition {
                            Some(c) => self.branch_transformers(f, c),
                            None => (
                                Transformer::identity(ctx),
                                Transformer::guard(Poly::empty(ctx)),
                            ),
                        };
                        let ts = self.transformer_of(f, *step);
                        let iteration = || yes.then(ctx, &tb).then(ctx, &ts);
                        let head = self.loop_head(&after_init, &self.plus(f, id, iteration));
                        let after_body =
                            self.node_precondition(f, body, l.body, head.apply(&yes, ctx));
                        self.node_precondition(f, body, *step, after_body);
                        head.apply(&no, ctx)
                    }
                    LoopKind::Counted(c) => {
                        let after_init = self.node_precondition(f, body, c.init, p);
                        let (yes, no) = self.counted_guards(f, c);
                        let step = self.counted_step(f, c);
                        let iteration = || yes.then(ctx, &tb).then(ctx, &step);
                        let head = self.loop_head(&after_init, &self.plus(f, id, iteration));
                        self.node_precondition(f, body, l.body, head.apply(&yes, ctx));
                        head.apply(&no, ctx)
                    }
                }
            }
            NodeKind::Unstructured(u) => self.unstructured_preconditions(f, body, id, u, p),
            NodeKind::Declare(_) | NodeKind::Return(None) | NodeKind::Nop => {
                p.apply(&self.transformer_of(f, id), ctx)
            }
        }
    }

    /// Records `p`, simplified, as the precondition of `id`; returns it
    /// simplified.
    fn record_precondition(&mut self, f: FuncId, id: NodeId, p: Factored) -> Factored {
        budget::enforce_deadline(self.ctx);
        let p = p.simplify();
        self.preconditions[f.index()][id.index()] = Some(p.clone());
        p
    }

    /// Records the precondition of `id` and its subtree, where the store
    /// after it is not wanted: a statement's (with its calls) is all
    /// there is to record, with no transformer to apply.
    fn precondition_only(&mut self, f: FuncId, body: &'p Body, id: NodeId, p: Factored) {
        match &body.node(id).kind {
            NodeKind::Expr(e) | NodeKind::Return(Some(e)) => {
                let p = self.record_precondition(f, id, p);
                self.record_calls(f, e, &p);
            }
            NodeKind::Declare(_) | NodeKind::Return(None) | NodeKind::Nop => {
                self.record_precondition(f, id, p);
            }
            _ => {
                let _ = self.node_precondition(f, body, id, p);
            }
        }
    }

    /// The store at a loop's head: the entry store, or the store after
    /// one or more iterations (`plus`), as one convex polyhedron.
    fn loop_head(&self, entry: &Factored, plus: &Transformer) -> Factored {
        entry.join(&entry.apply(plus, self.ctx), self.ctx)
    }

    /// A fixpoint over the graph of node `id`: each vertex's store is the
    /// hull of what its predecessors send; after a few visits, widened.
    fn unstructured_preconditions(
        &mut self,
        f: FuncId,
        body: &'p Body,
        id: NodeId,
        u: &'p Unstructured,
        p: Factored,
    ) -> Factored {
        let ctx = self.ctx;
        let graph = &u.graph;
        // The stores are factored (see `factored.rs`): the fixpoint's cost
        // is in the variables its statements touch, not in every variable
        // the function knows equal to a constant.
        let mut state: HashMap<petgraph::graph::NodeIndex, Factored> = HashMap::new();
        let mut visits: HashMap<petgraph::graph::NodeIndex, u32> = HashMap::new();
        state.insert(u.entry, p.clone());
        // Vertices are taken in reverse postorder from the entry: within a
        // pass, a vertex waits for all its forward predecessors, each join
        // seeing all it joins.
        let rank = reverse_postorder(graph, u.entry);
        let rank_of = |v: petgraph::graph::NodeIndex| rank.get(&v).copied().unwrap_or(usize::MAX);
        let mut work = BTreeSet::from([(rank_of(u.entry), u.entry)]);
        let budget = 64 * graph.node_count().max(1) + 256;
        let mut steps = 0;
        let mut gave_up = false;
        while let Some((_, v)) = work.pop_first() {
            budget::enforce_deadline(ctx);
            steps += 1;
            if steps > budget {
                gave_up = true;
                break;
            }
            let s = state[&v].clone();
            let mut outs: Vec<(petgraph::graph::NodeIndex, Factored)> = Vec::new();
            match &graph[v] {
                Vertex::Node(n) => {
                    let after = s.apply_simplified(&self.transformer_of(f, *n), ctx);
                    for e in graph.edges(v) {
                        outs.push((e.target(), after.clone()));
                    }
                }
                Vertex::Test(c) => {
                    let (yes, no) = self.branch_transformers(f, c);
                    for e in graph.edges(v) {
                        let t = if *e.weight() == Edge::False {
                            &no
                        } else {
                            &yes
                        };
                        outs.push((e.target(), s.apply_simplified(t, ctx)));
                    }
                }
                Vertex::Switch(c) => {
                    for e in graph.edges(v) {
                        let out = match e.weight() {
                            Edge::Case(lo, hi) if (*lo, *hi) != (i128::MIN, i128::MAX) => {
                                s.apply_simplified(&self.case_guard(f, c, *lo, *hi), ctx)
                            }
                            _ => s.clone(),
                        };
                        outs.push((e.target(), out));
                    }
                }
                Vertex::Join => {
                    for e in graph.edges(v) {
                        outs.push((e.target(), s.clone()));
                    }
                }
                Vertex::Exit => {}
            }
            for (target, out) in outs {
                // Each store sent was simplified where it was made (a store
                // passed on as it is, simplified before): isl's affine hull
                // finds an empty one as it finds the implicit equalities.
                if out.plain_is_empty() {
                    continue;
                }
                // A vertex with one way in takes what comes, as it comes:
                // its predecessor's store only grows, and so does what it
                // sends. Only where ways meet (every cycle has such a
                // vertex) is the store joined, compared and widened.
                let joins = target == u.entry
                    || graph
                        .neighbors_directed(target, petgraph::Direction::Incoming)
                        .nth(1)
                        .is_some();
                let updated = match state.get(&target) {
                    None => Some(out.convex()),
                    Some(_) if !joins => Some(out.convex()),
                    Some(old) if out.is_subset(old, ctx) => None,
                    Some(old) => {
                        let count = visits.entry(target).or_insert(0);
                        *count += 1;
                        let joined = old.join(&out, ctx);
                        let new = if *count > WIDEN_AFTER {
                            old.widen(&joined, ctx)
                        } else {
                            joined
                        };
                        Some(new.simplify())
                    }
                };
                if let Some(new) = updated {
                    state.insert(target, new);
                    work.insert((rank_of(target), target));
                }
            }
        }
        if gave_up {
            // Sound fallback: anything the part modifies (its transformer
            // forgets all of it) is unknown.
            let any = p.apply(&self.transformer_of(f, id), ctx).convex();
            for v in graph.node_indices() {
                state.insert(v, any.clone());
            }
        }
        for v in graph.node_indices() {
            if let Vertex::Node(n) = &graph[v] {
                let s = state
                    .remove(&v)
                    .unwrap_or_else(|| Factored::of(Poly::empty(ctx)));
                self.precondition_only(f, body, *n, s);
            } else if let Vertex::Test(e) | Vertex::Switch(e) = &graph[v]
                && let Some(s) = state.get(&v)
            {
                self.record_calls(f, e, s);
            }
        }
        state
            .remove(&u.exit)
            .unwrap_or_else(|| Factored::of(Poly::empty(ctx)))
    }

    fn case_guard(&mut self, f: FuncId, c: &Expr, lo: i128, hi: i128) -> Transformer {
        if !self.expr_transformer(f, c).is_identity() {
            return Transformer::identity(self.ctx);
        }
        let tracked = self.tracked(f);
        let env = self.env(&tracked);
        match env.value(c) {
            Some(cases) => {
                let conjs: Vec<Conj> = cases
                    .into_iter()
                    .filter_map(|(lin, mut conj)| {
                        conj.cons.push(Cons::ge0(lin.add(&Lin::constant(-lo))?));
                        conj.cons.push(Cons::ge0(Lin::constant(hi).sub(&lin)?));
                        Some(conj)
                    })
                    .collect();
                Transformer::guard(self.conj_poly(&conjs))
            }
            None => Transformer::identity(self.ctx),
        }
    }

    /// Records the store at each call of `e` as an entry condition of the
    /// callee, in the callee's terms (formals, globals).
    fn record_calls(&mut self, f: FuncId, e: &Expr, p: &Factored) {
        let mut calls = Vec::new();
        e.walk(&mut |sub| {
            if let ExprKind::Call(callee, args) = &sub.kind {
                calls.push((callee.as_ref(), args.as_slice()));
            }
        });
        if calls.is_empty() {
            return;
        }
        // Other side effects of the expression may come first: forget what
        // it writes unless the call is all it does.
        let simple = calls.len() == 1
            && match &e.kind {
                ExprKind::Call(_, args) => args.iter().all(|a| !has_side_effects(a)),
                ExprKind::Assign(AssignOp::Assign, t, v) => {
                    t.is_lvalue_var().is_some()
                        && matches!(&v.kind, ExprKind::Call(_, args) if args.iter().all(|a| !has_side_effects(a)))
                }
                _ => false,
            };
        let p = if simple {
            p.clone()
        } else {
            let effects = self.expr_transformer(f, e).star(self.ctx);
            p.apply(&effects, self.ctx).hull()
        };
        let func = self.program.function(f);
        let locals: Vec<VarId> = func
            .params
            .iter()
            .chain(&func.locals)
            .copied()
            .filter(|v| self.program.var(*v).storage != Storage::StaticLocal)
            .collect();
        for (callee, args) in calls {
            let Some(target) = direct_callee(callee) else {
                continue;
            };
            if self.program.function(target).body.is_none() {
                continue;
            }
            let tracked = self.tracked(f);
            let env = self.env(&tracked);
            let gone: Option<Vec<String>> = (target != f).then(|| {
                // The caller's locals and the globals the callee does not
                // see, projected out in one step below.
                let mut gone: Vec<String> = locals.iter().map(|&v| Name::Pre(v).isl()).collect();
                gone.extend(self.globals_seen(target).unseen_names.iter().cloned());
                gone
            });
            // Of the caller's store, only what is linked to the arguments
            // and to what the callee sees can constrain its entry: a
            // random program's function passes two locals to a helper
            // under a store of fifty globals, each a constant or a range,
            // and projecting them out at every call was a tenth of its
            // preconditions.
            let linked = gone.as_ref().and_then(|gone| {
                if p.plain_is_empty() {
                    return None;
                }
                let gone: HashSet<&str> = gone.iter().map(String::as_str).collect();
                let mut kept: HashSet<String> = p
                    .names()
                    .into_iter()
                    .filter(|n| !gone.contains(n.as_str()))
                    .collect();
                for arg in args {
                    arg.walk(&mut |e| {
                        if let ExprKind::Var(v) = e.kind {
                            kept.insert(Name::Pre(v).isl());
                        }
                    });
                }
                p.linked_to(&kept)
            });
            let mut site = linked.unwrap_or_else(|| p.whole().clone());
            for (k, &formal) in self.program.function(target).params.iter().enumerate() {
                let Some(actual) = args.get(k) else { continue };
                let formal_ty = &self.program.var(formal).ty;
                if !formal_ty.is_integer() {
                    continue;
                }
                let Some(cases) = env
                    .value(actual)
                    .and_then(|c| env.convert(c, &actual.ty, formal_ty))
                else {
                    continue;
                };
                let name = Lin::name(Name::Pre(formal).isl());
                let conjs: Vec<Conj> = cases
                    .into_iter()
                    .filter_map(|(lin, mut conj)| {
                        conj.cons.push(Cons::eq0(name.sub(&lin)?));
                        Some(conj)
                    })
                    .collect();
                site = site.intersect(&self.conj_poly(&conjs));
            }
            if let Some(gone) = &gone {
                site = site.project_all(gone);
            }
            self.call_sites[target.index()].push(site.hull());
        }
    }
}

/// The rank of each vertex reachable from `entry` in a reverse postorder
/// of the depth-first search from it.
fn reverse_postorder(
    graph: &petgraph::graph::DiGraph<Vertex, Edge>,
    entry: petgraph::graph::NodeIndex,
) -> HashMap<petgraph::graph::NodeIndex, usize> {
    let mut post = petgraph::visit::DfsPostOrder::new(graph, entry);
    let mut order = Vec::new();
    while let Some(v) = post.next(graph) {
        order.push(v);
    }
    order
        .iter()
        .rev()
        .enumerate()
        .map(|(i, &v)| (v, i))
        .collect()
}

fn subtree_has_return(body: &Body, root: NodeId) -> bool {
    let mut stack = vec![root];
    while let Some(id) = stack.pop() {
        let kind = &body.node(id).kind;
        if matches!(kind, NodeKind::Return(_)) {
            return true;
        }
        stack.extend(kind.children());
    }
    false
}

/// A condition whose only side effect is one step of a variable it names
/// nowhere else, evaluated unconditionally (not under `&&`, `||`, `?:`):
/// the condition with the step replaced by the variable, and whether the
/// step comes first (`--m > 0` tests the new value, `i-- > 0` the old).
fn stepped_condition(c: &Expr) -> Option<(Expr, bool)> {
    fn replace(e: &mut Expr, found: &mut Option<(VarId, bool)>) -> bool {
        match &mut e.kind {
            ExprKind::Unary(
                op @ (UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec),
                t,
            ) => {
                let (Some(v), None) = (t.is_lvalue_var(), *found) else {
                    return false;
                };
                *found = Some((v, matches!(op, UnOp::PreInc | UnOp::PreDec)));
                let target = std::mem::replace(
                    &mut **t,
                    Expr {
                        kind: ExprKind::Int(0),
                        ty: Type::int(),
                        span: e.span,
                    },
                );
                *e = target;
                true
            }
            ExprKind::Cast(a) | ExprKind::Unary(UnOp::Not | UnOp::Neg | UnOp::Plus, a) => {
                replace(a, found)
            }
            ExprKind::Binary(op, a, b) if !matches!(op, BinaryOp::LogAnd | BinaryOp::LogOr) => {
                replace(a, found) && replace(b, found)
            }
            _ => !has_side_effects(e),
        }
    }
    let mut test = c.clone();
    let mut found = None;
    if !replace(&mut test, &mut found) {
        return None;
    }
    let (v, step_first) = found?;
    let mut uses = 0;
    test.walk(&mut |sub| uses += matches!(sub.kind, ExprKind::Var(w) if w == v) as usize);
    (uses == 1 && !has_side_effects(&test)).then_some((test, step_first))
}

pub fn has_side_effects(e: &Expr) -> bool {
    let mut found = false;
    e.walk(&mut |sub| {
        found |= matches!(
            sub.kind,
            ExprKind::Assign(..)
                | ExprKind::Call(..)
                | ExprKind::Unary(
                    UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec,
                    _
                )
                | ExprKind::Opaque {
                    unknown_effects: true,
                    ..
                }
        )
    });
    found
}

fn compound_op(op: AssignOp) -> Option<BinaryOp> {
    Some(match op {
        AssignOp::Assign => return None,
        AssignOp::Mul => BinaryOp::Mul,
        AssignOp::Div => BinaryOp::Div,
        AssignOp::Rem => BinaryOp::Rem,
        AssignOp::Add => BinaryOp::Add,
        AssignOp::Sub => BinaryOp::Sub,
        AssignOp::Shl => BinaryOp::Shl,
        AssignOp::Shr => BinaryOp::Shr,
        AssignOp::And => BinaryOp::BitAnd,
        AssignOp::Xor => BinaryOp::BitXor,
        AssignOp::Or => BinaryOp::BitOr,
    })
}

/// The condition of a call `__pencil_assume(c)` (PENCIL's assumption: the
/// program never runs it with c false) whose condition has no side effect.
fn assumed_condition<'e>(program: &Program, callee: &Expr, args: &'e [Expr]) -> Option<&'e Expr> {
    let ExprKind::Func(g) = callee.kind else {
        return None;
    };
    match args {
        [condition]
            if program.function(g).name.as_str() == "__pencil_assume"
                && !has_side_effects(condition) =>
        {
            Some(condition)
        }
        _ => None,
    }
}
