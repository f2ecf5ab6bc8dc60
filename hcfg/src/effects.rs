//! Proper effects: which variables each statement may read and write.
//!
//! Arrays are whole arrays for now. Memory reached through a pointer is
//! found with a flow-insensitive points-to set per pointer variable: what it
//! was assigned (`&x`, an array, another pointer plus an offset), the
//! caller's memory for a pointer parameter, or anything at all when the
//! pointer comes from memory or a call. A write through a pointer is a write
//! to everything it may point to; the output says when that is "anything".
//!
//! Calls take the callee's summary (its effects on globals and on the
//! memory its pointer parameters point to, translated to the arguments).
//! A function without a body is assumed to read and write what its pointer
//! arguments point to; unless it is a C library function, it may also read
//! and write every global.

use crate::callgraph::{CallGraph, call_targets};
use crate::ir::*;
use std::collections::{BTreeSet, HashMap};

/// An abstract memory location.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Location {
    /// A variable as a whole: a scalar, an array, a struct.
    Var(VarId),
    /// Whatever a pointer parameter points to (the caller's memory).
    Pointee(VarId),
    /// Memory returned by an allocation function.
    Heap,
    /// The heap blocks allocated into a pointer variable (`p = malloc(..)`),
    /// which no other pointer receives from an allocation: the variable's
    /// own points-to set and the sets it is copied into name them.
    Block(VarId),
    /// Every global variable (a call to an unknown function).
    AllGlobals,
    /// Any memory at all (a write through a pointer of unknown origin).
    Anywhere,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Effects {
    pub reads: BTreeSet<Location>,
    pub writes: BTreeSet<Location>,
}

impl Effects {
    pub fn merge(&mut self, other: &Effects) {
        self.reads.extend(other.reads.iter().copied());
        self.writes.extend(other.writes.iter().copied());
    }

    /// Whether `v` may be written (directly, or as part of a coarser location).
    pub fn may_write(&self, program: &Program, v: VarId) -> bool {
        may_touch(&self.writes, program, v)
    }

    /// Whether `v` may be read (directly, or as part of a coarser location).
    pub fn may_read(&self, program: &Program, v: VarId) -> bool {
        may_touch(&self.reads, program, v)
    }
}

fn may_touch(set: &BTreeSet<Location>, program: &Program, v: VarId) -> bool {
    let var = program.var(v);
    set.iter().any(|l| match l {
        Location::Var(w) => *w == v,
        Location::Anywhere => var.address_taken || var.is_global(),
        Location::AllGlobals => var.is_global(),
        Location::Pointee(_) | Location::Heap | Location::Block(_) => var.address_taken,
    })
}

/// Effects of every node and summaries of every function.
pub struct EffectsAnalysis {
    /// Per function, per node: the node's proper effects (for compound
    /// nodes, the union over the subtree: the cumulated effects).
    pub nodes: Vec<Vec<Effects>>,
    /// Per function: effects visible to callers, on globals (and static
    /// locals) and on what pointer parameters point to.
    pub summaries: Vec<Effects>,
    points_to: Vec<HashMap<VarId, BTreeSet<Location>>>,
}

/// Library functions that touch only what their pointer arguments point to.
const LIBRARY: &[&str] = &[
    "printf",
    "fprintf",
    "sprintf",
    "snprintf",
    "puts",
    "putchar",
    "fputs",
    "fputc",
    "putc",
    "fflush",
    "fopen",
    "fclose",
    "fwrite",
    "fread",
    "fgets",
    "getchar",
    "scanf",
    "sscanf",
    "fscanf",
    "memcpy",
    "memmove",
    // The DMA primitives of the paper's examples (section 4): a copy
    // between host and accelerator memory, `memload(dst, src, bytes)` and
    // `memstore(dst, src, bytes)`; transfer optimisation moves them.
    "memload",
    "memstore",
    "memset",
    "memcmp",
    "strlen",
    "strcmp",
    "strncmp",
    "strcpy",
    "strncpy",
    "strcat",
    "strchr",
    "strrchr",
    "strstr",
    "strdup",
    "malloc",
    "calloc",
    "realloc",
    "free",
    "exit",
    "abort",
    "abs",
    "labs",
    "llabs",
    "atoi",
    "atol",
    "atof",
    "strtol",
    "strtod",
    "rand",
    "srand",
    "qsort",
    "bsearch",
    "sqrt",
    "sqrtf",
    "exp",
    "expf",
    "log",
    "logf",
    "pow",
    "powf",
    "sin",
    "sinf",
    "cos",
    "cosf",
    "tan",
    "fabs",
    "fabsf",
    "floor",
    "ceil",
    "fmod",
    "fmin",
    "fmax",
    "__assert_fail",
    "assert",
    "time",
    "clock",
];

const ALLOCATORS: &[&str] = &["malloc", "calloc", "realloc", "strdup"];

impl EffectsAnalysis {
    pub fn run(program: &Program, calls: &CallGraph) -> EffectsAnalysis {
        let points_to: Vec<_> = program
            .function_ids()
            .map(|f| points_to(program, f))
            .collect();
        let mut analysis = EffectsAnalysis {
            nodes: program.functions.iter().map(|_| Vec::new()).collect(),
            summaries: vec![Effects::default(); program.functions.len()],
            points_to,
        };
        for component in &calls.components {
            // Recursive components iterate to a fixpoint; summaries only grow.
            loop {
                let before: Vec<Effects> = component
                    .iter()
                    .map(|f| analysis.summaries[f.index()].clone())
                    .collect();
                for &f in component {
                    analysis.function(program, f);
                }
                let after: Vec<Effects> = component
                    .iter()
                    .map(|f| analysis.summaries[f.index()].clone())
                    .collect();
                if before == after {
                    break;
                }
            }
        }
        analysis
    }

    fn function(&mut self, program: &Program, f: FuncId) {
        let func = program.function(f);
        let Some(body) = &func.body else {
            self.summaries[f.index()] = external_summary(program, f);
            return;
        };
        let mut node_effects = vec![Effects::default(); body.nodes.len()];
        // Children have higher... no ordering guarantee: compute proper
        // effects per node first, then cumulate bottom-up over pre-order.
        for (i, node) in body.nodes.iter().enumerate() {
            let mut e = Effects::default();
            self.node_proper(program, f, &node.kind, &mut e);
            node_effects[i] = e;
        }
        let order = body.preorder();
        for &id in order.iter().rev() {
            let children = body.node(id).kind.children();
            for c in children {
                let child = node_effects[c.index()].clone();
                node_effects[id.index()].merge(&child);
            }
        }
        let all = &node_effects[body.root.index()];
        self.summaries[f.index()] = seen_by_callers(program, all);
        self.nodes[f.index()] = node_effects;
    }

    /// The effects of a node itself (its expressions), not of its children.
    pub fn node_proper(&self, program: &Program, f: FuncId, kind: &NodeKind, out: &mut Effects) {
        let mut expr = |e: &Expr| self.expr(program, f, e, out);
        match kind {
            NodeKind::Expr(e) => expr(e),
            NodeKind::Return(Some(e)) => expr(e),
            NodeKind::If { condition, .. } => expr(condition),
            NodeKind::Loop(l) => match &l.kind {
                LoopKind::Counted(c) => {
                    expr(&c.lower);
                    expr(&c.upper);
                    out.writes.insert(Location::Var(c.index));
                    out.reads.insert(Location::Var(c.index));
                }
                LoopKind::While { condition } | LoopKind::DoWhile { condition } => expr(condition),
                LoopKind::For { condition, .. } => {
                    if let Some(c) = condition {
                        expr(c)
                    }
                }
            },
            NodeKind::Unstructured(u) => {
                for v in u.graph.node_weights() {
                    if let Vertex::Test(e) | Vertex::Switch(e) = v {
                        expr(e);
                    }
                }
            }
            // A declaration without initialiser gives no value: no effect.
            NodeKind::Declare(_)
            | NodeKind::Seq { .. }
            | NodeKind::Return(None)
            | NodeKind::Nop => {}
        }
    }

    /// The effects of evaluating `e` as an rvalue.
    pub fn expr(&self, program: &Program, f: FuncId, e: &Expr, out: &mut Effects) {
        match &e.kind {
            ExprKind::Var(v) => {
                // An array name decays to its address: nothing is read.
                if !matches!(program.var(*v).ty, Type::Array(..) | Type::Function(_)) {
                    out.reads.insert(Location::Var(*v));
                }
            }
            ExprKind::Assign(op, target, value) => {
                self.expr(program, f, value, out);
                self.lvalue(program, f, target, out);
                let locs = self.locations(program, f, target);
                if *op != AssignOp::Assign {
                    out.reads.extend(locs.iter().copied());
                }
                out.writes.extend(locs);
            }
            ExprKind::Unary(UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec, t) => {
                self.lvalue(program, f, t, out);
                let locs = self.locations(program, f, t);
                out.reads.extend(locs.iter().copied());
                out.writes.extend(locs);
            }
            ExprKind::Unary(UnOp::AddrOf, t) => self.lvalue(program, f, t, out),
            ExprKind::Unary(UnOp::Deref, _) | ExprKind::Index(..) | ExprKind::Member { .. } => {
                self.lvalue(program, f, e, out);
                if !matches!(e.ty, Type::Array(..) | Type::Function(_)) {
                    out.reads.extend(self.locations(program, f, e));
                }
            }
            ExprKind::Call(callee, args) => {
                self.expr(program, f, callee, out);
                for a in args {
                    self.expr(program, f, a, out);
                }
                for target in call_targets(program, callee, args.len()) {
                    let summary = &self.summaries[target.index()];
                    self.call_summary(program, f, target, args, summary, out);
                }
            }
            ExprKind::Opaque {
                operands,
                unknown_effects,
            } => {
                for o in operands {
                    self.expr(program, f, o, out);
                }
                if *unknown_effects {
                    out.reads.insert(Location::Anywhere);
                    out.writes.insert(Location::Anywhere);
                }
            }
            _ => {
                let mut sub = Vec::new();
                direct_children(e, &mut sub);
                for s in sub {
                    self.expr(program, f, s, out);
                }
            }
        }
    }

    /// The effects of `summary`, the effects of `target` as its callers see
    /// them (the analysis's own, or another a transformation computed),
    /// at a call of it from `f` with arguments `args`: what its pointer
    /// parameters point to becomes what the arguments point to.
    pub fn call_summary(
        &self,
        program: &Program,
        f: FuncId,
        target: FuncId,
        args: &[Expr],
        summary: &Effects,
        out: &mut Effects,
    ) {
        let params = &program.function(target).params;
        let translate = |l: &Location| -> Vec<Location> {
            match l {
                Location::Pointee(p) => match params.iter().position(|q| q == p) {
                    Some(k) if k < args.len() => self.pointer_targets(program, f, &args[k]),
                    _ => vec![Location::Anywhere],
                },
                other => vec![*other],
            }
        };
        let external = program.function(target).body.is_none();
        for l in &summary.reads {
            out.reads.extend(translate(l));
        }
        for l in &summary.writes {
            out.writes.extend(translate(l));
        }
        if external {
            // The summary of a function without body speaks of its
            // arguments by position (see `external_summary`).
            for a in args.iter().filter(|a| a.ty.is_pointer_like()) {
                let targets = self.pointer_targets(program, f, a);
                out.reads.extend(targets.iter().copied());
                if !is_library(program, target) || !is_read_only_library(program, target) {
                    out.writes.extend(targets);
                }
            }
        }
    }

    /// Reads needed to compute the address an lvalue designates.
    fn lvalue(&self, program: &Program, f: FuncId, e: &Expr, out: &mut Effects) {
        match &e.kind {
            ExprKind::Var(_) => {}
            ExprKind::Index(base, index) => {
                self.expr(program, f, index, out);
                if base.ty.is_pointer_like() && matches!(base.ty, Type::Array(..)) {
                    self.lvalue(program, f, base, out);
                } else {
                    self.expr(program, f, base, out);
                }
            }
            ExprKind::Member { base, arrow, .. } => {
                if *arrow {
                    self.expr(program, f, base, out)
                } else {
                    self.lvalue(program, f, base, out)
                }
            }
            ExprKind::Unary(UnOp::Deref, p) => self.expr(program, f, p, out),
            _ => self.expr(program, f, e, out),
        }
    }

    /// The locations an lvalue may designate.
    pub fn locations(&self, program: &Program, f: FuncId, e: &Expr) -> Vec<Location> {
        match &e.kind {
            ExprKind::Var(v) => vec![Location::Var(*v)],
            ExprKind::Index(base, _) => {
                let parameter = matches!(&base.kind, ExprKind::Var(v)
                    if program.var(*v).storage == Storage::Param);
                if matches!(base.ty, Type::Array(..)) && !parameter {
                    self.locations(program, f, base)
                } else {
                    self.pointer_targets(program, f, base)
                }
            }
            ExprKind::Member { base, arrow, .. } => {
                if *arrow {
                    self.pointer_targets(program, f, base)
                } else {
                    self.locations(program, f, base)
                }
            }
            ExprKind::Unary(UnOp::Deref, p) => self.pointer_targets(program, f, p),
            ExprKind::Cast(inner) => self.locations(program, f, inner),
            _ => vec![Location::Anywhere],
        }
    }

    /// What variable `v` of function `f` may point into, or (an array)
    /// the memory of its elements.
    pub fn variable_targets(&self, program: &Program, f: FuncId, v: VarId) -> Vec<Location> {
        let var = program.var(v);
        let e = Expr {
            kind: ExprKind::Var(v),
            ty: var.ty.clone(),
            span: var.span,
        };
        self.pointer_targets(program, f, &e)
    }

    /// What a pointer-valued expression may point into.
    pub fn pointer_targets(&self, program: &Program, f: FuncId, e: &Expr) -> Vec<Location> {
        match &e.kind {
            ExprKind::Var(v) => {
                let var = program.var(*v);
                match &var.ty {
                    // A parameter declared as an array is a pointer: its
                    // elements are the caller's memory.
                    Type::Array(..) if var.storage != Storage::Param => vec![Location::Var(*v)],
                    _ if var.storage == Storage::Param => {
                        let mut out = vec![Location::Pointee(*v)];
                        if let Some(extra) = self.points_to[f.index()].get(v) {
                            out.extend(extra.iter().copied());
                        }
                        out
                    }
                    _ => match self.points_to[f.index()].get(v) {
                        Some(set) if !var.is_global() => set.iter().copied().collect(),
                        _ => vec![Location::Anywhere],
                    },
                }
            }
            ExprKind::Unary(UnOp::AddrOf, inner) => self.locations(program, f, inner),
            ExprKind::Binary(BinaryOp::Add | BinaryOp::Sub, a, b) => {
                if a.ty.is_pointer_like() {
                    self.pointer_targets(program, f, a)
                } else {
                    self.pointer_targets(program, f, b)
                }
            }
            ExprKind::Cast(inner) | ExprKind::Unary(UnOp::Plus, inner) => {
                self.pointer_targets(program, f, inner)
            }
            ExprKind::Index(..) | ExprKind::Member { .. } if matches!(e.ty, Type::Array(..)) => {
                self.locations(program, f, e)
            }
            ExprKind::Cond(_, a, b) => {
                let mut out = self.pointer_targets(program, f, b);
                if let Some(a) = a {
                    out.extend(self.pointer_targets(program, f, a));
                }
                out
            }
            ExprKind::Assign(_, _, value) => self.pointer_targets(program, f, value),
            ExprKind::Comma(items) => match items.last() {
                Some(last) => self.pointer_targets(program, f, last),
                None => vec![Location::Anywhere],
            },
            ExprKind::Str | ExprKind::Int(0) => Vec::new(),
            ExprKind::Call(callee, _) => returned_pointer_targets(program, callee),
            _ => vec![Location::Anywhere],
        }
    }
}

/// What a pointer returned by a call may point to: fresh heap memory for an
/// allocation function, anything otherwise.
fn returned_pointer_targets(program: &Program, callee: &Expr) -> Vec<Location> {
    if is_allocator(program, callee) {
        vec![Location::Heap]
    } else {
        vec![Location::Anywhere]
    }
}

/// Whether `callee` is the C library's allocation function (`malloc`,
/// `calloc`, `realloc`, `strdup`): declared, never defined by the program.
/// The effects of a function's body as its callers see them: globals,
/// pointees and heap memory; a block named by one of its pointers is heap
/// memory to them, and its locals are nothing to them (but the variable of
/// a member `p->n` is what `p` points to).
pub fn seen_by_callers(program: &Program, body: &Effects) -> Effects {
    let seen = |l: &Location| match l {
        // `p->n` (`scalar_fields`) is memory behind the parameter `p`.
        Location::Var(v) if program.member_through_pointer(*v).is_some() => program
            .member_through_pointer(*v)
            .map(|m| Location::Pointee(m.structure)),
        Location::Var(v) if !program.var(*v).is_global() => None,
        Location::Block(_) => Some(Location::Heap),
        other => Some(*other),
    };
    Effects {
        reads: body.reads.iter().filter_map(seen).collect(),
        writes: body.writes.iter().filter_map(seen).collect(),
    }
}

pub fn is_allocator(program: &Program, callee: &Expr) -> bool {
    crate::callgraph::direct_callee(callee).is_some_and(|t| {
        let function = program.function(t);
        function.body.is_none() && ALLOCATORS.contains(&function.name.as_str())
    })
}

/// Whether `e` is a call to an allocation function, through casts: the
/// pointer it yields designates a block nothing else points to.
pub fn is_allocation(program: &Program, e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Cast(inner) => is_allocation(program, inner),
        ExprKind::Call(callee, _) => is_allocator(program, callee),
        _ => false,
    }
}

pub fn is_library(program: &Program, f: FuncId) -> bool {
    LIBRARY.contains(&program.function(f).name.as_str())
}

/// Library functions that only read what their pointer arguments point to.
pub fn is_read_only_library(program: &Program, f: FuncId) -> bool {
    matches!(
        program.function(f).name.as_str(),
        "printf"
            | "fprintf"
            | "puts"
            | "fputs"
            | "strlen"
            | "strcmp"
            | "strncmp"
            | "memcmp"
            | "strchr"
            | "strrchr"
            | "strstr"
            | "atoi"
            | "atol"
            | "atof"
            | "__assert_fail"
            | "fwrite"
            | "free"
    )
}

/// The summary of a function ferry has no body for. Effects through its
/// pointer arguments are added at each call (see `EffectsAnalysis::expr`).
fn external_summary(program: &Program, f: FuncId) -> Effects {
    let mut e = Effects::default();
    if !is_library(program, f) {
        e.reads.insert(Location::AllGlobals);
        e.writes.insert(Location::AllGlobals);
    }
    e
}

/// The operands of an expression (one level down).
pub fn direct_children<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
    match &e.kind {
        ExprKind::Unary(_, a) | ExprKind::Cast(a) | ExprKind::Member { base: a, .. } => out.push(a),
        ExprKind::Binary(_, a, b) | ExprKind::Assign(_, a, b) | ExprKind::Index(a, b) => {
            out.push(a);
            out.push(b);
        }
        ExprKind::Cond(c, a, b) => {
            out.push(c);
            if let Some(a) = a {
                out.push(a);
            }
            out.push(b);
        }
        ExprKind::Call(c, args) => {
            out.push(c);
            out.extend(args.iter());
        }
        ExprKind::Comma(items)
        | ExprKind::Opaque {
            operands: items, ..
        } => out.extend(items.iter()),
        _ => {}
    }
}

/// Flow-insensitive points-to sets of a function's pointer variables.
fn points_to(program: &Program, f: FuncId) -> HashMap<VarId, BTreeSet<Location>> {
    let mut sets: HashMap<VarId, BTreeSet<Location>> = HashMap::new();
    let Some(body) = &program.function(f).body else {
        return sets;
    };
    let mut assignments: Vec<(VarId, &Expr)> = Vec::new();
    crate::loops::subtree_exprs(body, body.root, &mut |e| {
        e.walk(&mut |sub| {
            if let ExprKind::Assign(_, target, value) = &sub.kind
                && let (Some(v), true) = (target.is_lvalue_var(), target.ty.is_pointer_like())
            {
                assignments.push((v, value));
            }
        })
    });
    // Pointers copied from pointers: iterate until the sets are stable.
    let mut changed = true;
    let mut rounds = 0;
    while changed && rounds < 16 {
        changed = false;
        rounds += 1;
        for (v, value) in &assignments {
            let targets = if is_allocation(program, value) {
                vec![Location::Block(*v)]
            } else {
                shallow_targets(program, &sets, value)
            };
            let set = sets.entry(*v).or_default();
            for t in targets {
                changed |= set.insert(t);
            }
        }
    }
    if rounds >= 16 {
        for set in sets.values_mut() {
            set.insert(Location::Anywhere);
        }
    }
    // A pointer whose address is taken may be changed behind our back.
    for (v, set) in sets.iter_mut() {
        if program.var(*v).address_taken {
            set.insert(Location::Anywhere);
        }
    }
    sets
}

fn shallow_targets(
    program: &Program,
    sets: &HashMap<VarId, BTreeSet<Location>>,
    e: &Expr,
) -> Vec<Location> {
    match &e.kind {
        ExprKind::Var(v) => {
            let var = program.var(*v);
            match &var.ty {
                Type::Array(..) => vec![Location::Var(*v)],
                _ if var.storage == Storage::Param => {
                    let mut out = vec![Location::Pointee(*v)];
                    out.extend(sets.get(v).into_iter().flatten().copied());
                    out
                }
                _ if var.is_global() => vec![Location::Anywhere],
                _ => sets.get(v).into_iter().flatten().copied().collect(),
            }
        }
        ExprKind::Unary(UnOp::AddrOf, inner) => base_location(inner),
        ExprKind::Binary(BinaryOp::Add | BinaryOp::Sub, a, b) => {
            if a.ty.is_pointer_like() {
                shallow_targets(program, sets, a)
            } else {
                shallow_targets(program, sets, b)
            }
        }
        ExprKind::Cast(inner) => shallow_targets(program, sets, inner),
        ExprKind::Cond(_, a, b) => {
            let mut out = shallow_targets(program, sets, b);
            if let Some(a) = a {
                out.extend(shallow_targets(program, sets, a));
            }
            out
        }
        ExprKind::Str | ExprKind::Int(0) => Vec::new(),
        ExprKind::Call(callee, _) => returned_pointer_targets(program, callee),
        _ => vec![Location::Anywhere],
    }
}

/// The variable an lvalue like `a[i]`, `s.f`, `x` lies in, when it is one.
fn base_location(e: &Expr) -> Vec<Location> {
    match &e.kind {
        ExprKind::Var(v) => vec![Location::Var(*v)],
        ExprKind::Index(base, _) if matches!(base.ty, Type::Array(..)) => base_location(base),
        ExprKind::Member {
            base, arrow: false, ..
        } => base_location(base),
        _ => vec![Location::Anywhere],
    }
}
