//! Statements to hierarchical control-flow graph.
//!
//! A statement that control enters only at its start and leaves only at its
//! end (it is *closed*: no jump leaves it, no label in it is the target of a
//! jump from outside, no `case` in it belongs to a switch outside) becomes
//! one node. If its own children are closed too it becomes a structured node
//! (sequence, if, loop); otherwise its control flow is laid out as a graph
//! whose vertices are its closed children, each built the same way. So
//! structure is recovered around and inside every unstructured part, and a
//! `break` only makes its own loop unstructured, not the function.

use super::Lowerer;
use crate::ir::*;
use ferry_parser::ast::{self, StmtId, StmtKind};
use ferry_parser::intern::Symbol;
use ferry_parser::span::Span;
use petgraph::graph::{DiGraph, NodeIndex};
use std::collections::HashMap;

pub(super) fn build_body(lowerer: &mut Lowerer, body: &ast::Block, body_id: StmtId) -> Body {
    let mut goto_counts = HashMap::new();
    count_gotos_block(body, &mut goto_counts);
    let mut builder = Builder {
        lw: lowerer,
        nodes: Vec::new(),
        goto_counts,
        graph: None,
        statements: statement_ids(body, body_id),
    };
    // Structured when every statement is closed, a final `return` aside
    // (it leaves the function by its end).
    let last = body.items.len().saturating_sub(1);
    let structured = body.items.iter().enumerate().all(|(k, item)| match item {
        ast::BlockItem::Statement(s) => {
            builder.is_closed(s) || (k == last && matches!(s.kind, StmtKind::Return(_)))
        }
        _ => true,
    });
    let root = if structured {
        builder.block(body, true)
    } else {
        builder.flatten_closed(body.span, |b, from| b.flatten_block(body, from))
    };
    Body {
        nodes: builder.nodes,
        root,
    }
}

/// The statement each span of a body is written at (the body's own span
/// is the body as a statement): the nodes lowered from a statement carry
/// its id. Spans are unique among the statements of a parsed body; a
/// wrapper node that shares its statement's span (the sequence scoping a
/// `for`'s index, the empty `else` of an `if`) carries the id as well.
fn statement_ids(body: &ast::Block, body_id: StmtId) -> HashMap<(u32, u32), StmtId> {
    let mut ids = HashMap::from([((body.span.lo, body.span.hi), body_id)]);
    let mut stack: Vec<&ast::Stmt> = body
        .items
        .iter()
        .filter_map(|i| match i {
            ast::BlockItem::Statement(s) => Some(s),
            _ => None,
        })
        .collect();
    while let Some(s) = stack.pop() {
        ids.entry((s.span.lo, s.span.hi)).or_insert(s.id);
        stack.extend(s.sub_statements());
    }
    ids
}

/// How control may leave a statement other than by falling through.
#[derive(Default)]
struct Jumps {
    gotos: Vec<Symbol>,
    labels: Vec<Symbol>,
    free_breaks: bool,
    free_continues: bool,
    free_cases: bool,
    returns: usize,
    computed_goto: bool,
}

impl Jumps {
    fn add(&mut self, other: Jumps) {
        self.gotos.extend(other.gotos);
        self.labels.extend(other.labels);
        self.free_breaks |= other.free_breaks;
        self.free_continues |= other.free_continues;
        self.free_cases |= other.free_cases;
        self.returns += other.returns;
        self.computed_goto |= other.computed_goto;
    }

    fn closed_except_returns(&self) -> bool {
        !self.free_breaks
            && !self.free_continues
            && !self.free_cases
            && !self.computed_goto
            && self.gotos.iter().all(|g| self.labels.contains(g))
    }
}

fn count_gotos_block(b: &ast::Block, counts: &mut HashMap<Symbol, usize>) {
    for item in &b.items {
        if let ast::BlockItem::Statement(s) = item {
            count_gotos(s, counts);
        }
    }
}

fn count_gotos(s: &ast::Stmt, counts: &mut HashMap<Symbol, usize>) {
    match &s.kind {
        StmtKind::Goto(l) => *counts.entry(*l).or_default() += 1,
        StmtKind::Compound(b) => count_gotos_block(b, counts),
        StmtKind::Asm(a) => {
            for l in a.operands.iter().flat_map(|o| &o.labels) {
                *counts.entry(*l).or_default() += 1;
            }
        }
        _ => {
            for child in children(s) {
                count_gotos(child, counts);
            }
        }
    }
}

/// The sub-statements of a statement other than a compound one.
fn children(s: &ast::Stmt) -> Vec<&ast::Stmt> {
    match &s.kind {
        StmtKind::Labeled { body, .. }
        | StmtKind::Case { body, .. }
        | StmtKind::Default(body)
        | StmtKind::Switch { body, .. }
        | StmtKind::While { body, .. }
        | StmtKind::DoWhile { body, .. }
        | StmtKind::For { body, .. } => vec![body],
        StmtKind::If {
            then_branch,
            else_branch,
            ..
        } => {
            let mut v = vec![then_branch.as_ref()];
            if let Some(e) = else_branch {
                v.push(e);
            }
            v
        }
        StmtKind::Compound(b) => b
            .items
            .iter()
            .filter_map(|i| match i {
                ast::BlockItem::Statement(s) => Some(s),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// The graph being laid out for an unstructured part.
struct GraphContext {
    graph: DiGraph<Vertex, Edge>,
    exit: NodeIndex,
    labels: HashMap<Symbol, NodeIndex>,
    breaks: Vec<NodeIndex>,
    continues: Vec<NodeIndex>,
    switches: Vec<SwitchContext>,
}

struct SwitchContext {
    vertex: NodeIndex,
    has_default: bool,
}

/// Where control comes from: a vertex and the label of the edge out of it;
/// `None` when the point is unreachable by falling through.
type From = Option<(NodeIndex, Edge)>;

struct Builder<'l> {
    lw: &'l mut Lowerer,
    nodes: Vec<Node>,
    goto_counts: HashMap<Symbol, usize>,
    graph: Option<GraphContext>,
    statements: HashMap<(u32, u32), StmtId>,
}

impl Builder<'_> {
    fn add(&mut self, kind: NodeKind, span: Span) -> NodeId {
        let id = NodeId(self.nodes.len() as u32);
        let stmt = self.statements.get(&(span.lo, span.hi)).copied();
        self.nodes.push(Node { kind, span, stmt });
        id
    }

    // ------------------------------------------------------ closedness

    fn jumps(&self, s: &ast::Stmt) -> Jumps {
        let mut j = Jumps::default();
        match &s.kind {
            StmtKind::Goto(l) => j.gotos.push(*l),
            StmtKind::GotoComputed(_) => j.computed_goto = true,
            StmtKind::Break => j.free_breaks = true,
            StmtKind::Continue => j.free_continues = true,
            StmtKind::Return(_) => j.returns = 1,
            StmtKind::Case { body, .. } | StmtKind::Default(body) => {
                j.free_cases = true;
                j.add(self.jumps(body));
            }
            StmtKind::Labeled { label, body } => {
                j.labels.push(*label);
                j.add(self.jumps(body));
            }
            StmtKind::Compound(b) => j = self.block_jumps(b),
            StmtKind::While { body, .. }
            | StmtKind::DoWhile { body, .. }
            | StmtKind::For { body, .. } => {
                let inner = self.jumps(body);
                j.add(Jumps {
                    free_breaks: false,
                    free_continues: false,
                    ..inner
                });
            }
            StmtKind::Switch { body, .. } => {
                let inner = self.jumps(body);
                j.add(Jumps {
                    free_breaks: false,
                    free_cases: false,
                    ..inner
                });
            }
            StmtKind::If { .. } => {
                for c in children(s) {
                    j.add(self.jumps(c));
                }
            }
            StmtKind::Asm(a) => {
                if let Some(ops) = &a.operands {
                    j.gotos.extend(ops.labels.iter().copied());
                }
            }
            StmtKind::Expr(_) | StmtKind::Empty | StmtKind::Attribute(_) => {}
        }
        j
    }

    fn block_jumps(&self, b: &ast::Block) -> Jumps {
        let mut j = Jumps::default();
        for item in &b.items {
            if let ast::BlockItem::Statement(s) = item {
                j.add(self.jumps(s));
            }
        }
        j
    }

    /// Control enters `s` only at its start and leaves only at its end.
    fn is_closed(&self, s: &ast::Stmt) -> bool {
        let j = self.jumps(s);
        j.closed_except_returns()
            && j.returns == 0
            && j.labels.iter().all(|l| {
                let inside = j.gotos.iter().filter(|g| *g == l).count();
                inside == self.goto_counts.get(l).copied().unwrap_or(0)
            })
    }

    // ------------------------------------------------------ structured

    /// A closed statement as one node.
    fn stmt(&mut self, s: &ast::Stmt) -> NodeId {
        let structured = match &s.kind {
            StmtKind::Compound(b) => b.items.iter().all(|i| match i {
                ast::BlockItem::Statement(s) => self.is_closed(s),
                _ => true,
            }),
            StmtKind::If { .. } => children(s).iter().all(|c| self.is_closed(c)),
            StmtKind::While { body, .. }
            | StmtKind::DoWhile { body, .. }
            | StmtKind::For { body, .. } => self.is_closed(body),
            StmtKind::Labeled { label, .. } => !self.goto_counts.contains_key(label),
            StmtKind::Switch { .. } => false,
            _ => true,
        };
        if !structured {
            return self.flatten_closed(s.span, |b, from| b.flatten_here(s, from));
        }
        let span = s.span;
        match &s.kind {
            StmtKind::Compound(b) => self.block(b, false),
            StmtKind::Labeled { body, .. } => self.stmt(body),
            StmtKind::Expr(e) => {
                let e = self.lw.expr(e);
                self.add(NodeKind::Expr(e), span)
            }
            StmtKind::Return(e) => {
                let e = e.as_ref().map(|e| self.lw.expr(e));
                self.add(NodeKind::Return(e), span)
            }
            StmtKind::If {
                condition,
                then_branch,
                else_branch,
            } => {
                let condition = self.lw.expr(condition);
                let then_branch = self.stmt(then_branch);
                let else_branch = match else_branch {
                    Some(e) => self.stmt(e),
                    None => self.add(NodeKind::Nop, span),
                };
                self.add(
                    NodeKind::If {
                        condition,
                        then_branch,
                        else_branch,
                    },
                    span,
                )
            }
            StmtKind::While { condition, body } => {
                let condition = self.lw.expr(condition);
                let body = self.stmt(body);
                self.add(
                    NodeKind::Loop(Loop {
                        kind: LoopKind::While { condition },
                        body,
                    }),
                    span,
                )
            }
            StmtKind::DoWhile { body, condition } => {
                let body = self.stmt(body);
                let condition = self.lw.expr(condition);
                self.add(
                    NodeKind::Loop(Loop {
                        kind: LoopKind::DoWhile { condition },
                        body,
                    }),
                    span,
                )
            }
            StmtKind::For {
                init,
                condition,
                step,
                body,
            } => self.for_loop(s, init, condition.as_deref(), step.as_deref(), body),
            StmtKind::Asm(a) => {
                let e = self.asm(a);
                self.add(NodeKind::Expr(e), span)
            }
            StmtKind::Empty | StmtKind::Attribute(_) => self.add(NodeKind::Nop, span),
            StmtKind::Case { .. }
            | StmtKind::Default(_)
            | StmtKind::Switch { .. }
            | StmtKind::Goto(_)
            | StmtKind::GotoComputed(_)
            | StmtKind::Break
            | StmtKind::Continue => unreachable!("jumps are never closed"),
        }
    }

    /// A block whose statements are all closed, as a sequence.
    fn block(&mut self, b: &ast::Block, function_body: bool) -> NodeId {
        if !function_body {
            self.lw.push_scope();
        }
        let mut items = Vec::new();
        for item in &b.items {
            match item {
                ast::BlockItem::Declaration(d) => self.declaration(d, &mut items),
                ast::BlockItem::Statement(s) => items.push(self.stmt(s)),
                ast::BlockItem::Pragma(_) => {}
            }
        }
        let scoped = if function_body {
            Vec::new()
        } else {
            self.lw.pop_scope_at(b.span.hi)
        };
        self.add(NodeKind::Seq { items, scoped }, b.span)
    }

    /// Lowers a block-scope declaration, appending its initialisations.
    fn declaration(&mut self, d: &ast::Declaration, out: &mut Vec<NodeId>) {
        let ast::Declaration::Normal {
            specifiers,
            declarators,
            span,
        } = d
        else {
            return;
        };
        let base = self.lw.base_type(specifiers);
        let storage = super::storage_class(specifiers);
        for init in declarators {
            let Some((name, name_span)) = init.declarator.name() else {
                continue;
            };
            let ty = self.lw.declarator_type(&init.declarator, base.clone());
            match storage {
                Some(ast::StorageClass::Typedef) => {
                    self.lw.bind(name, super::Binding::Typedef(ty));
                    continue;
                }
                Some(ast::StorageClass::Extern) => {
                    if let Type::Function(f) = ty {
                        self.lw.declare_function(name, *f, false, name_span);
                    } else {
                        self.lw
                            .declare_global(name, ty, false, specifiers, name_span);
                    }
                    continue;
                }
                _ => {}
            }
            if let Type::Function(f) = ty {
                self.lw.declare_function(name, *f, false, name_span);
                continue;
            }
            if storage == Some(ast::StorageClass::Static) {
                // Initialised once before the program starts: like a global.
                let v = self
                    .lw
                    .local_var(name, ty, Storage::StaticLocal, specifiers, name_span);
                if let Some(i) = &init.initializer {
                    let _ = self.lw.initializer_expr(i, v);
                }
                continue;
            }
            let v = self
                .lw
                .local_var(name, ty, Storage::Local, specifiers, name_span);
            let node = match &init.initializer {
                Some(i) => NodeKind::Expr(self.lw.initializer_expr(i, v)),
                None => NodeKind::Declare(v),
            };
            out.push(self.add(node, *span));
        }
    }

    fn asm(&mut self, a: &ast::AsmStmt) -> Expr {
        let mut operands = Vec::new();
        if let Some(ops) = &a.operands {
            for o in ops.outputs.iter().chain(&ops.inputs) {
                operands.push(self.lw.expr(&o.expr));
            }
        }
        // Assembly may do anything to memory (a "memory" clobber is common).
        Expr {
            kind: ExprKind::Opaque {
                operands,
                unknown_effects: true,
            },
            ty: Type::Void,
            span: a.span,
        }
    }

    /// The nodes of a `for`'s init part, in the loop's scope (pushed by the
    /// caller). An init expression carries its own span, so that it is
    /// never mistaken for the loop when results are printed.
    fn for_init(&mut self, init: &ast::ForInit) -> Vec<NodeId> {
        let mut nodes = Vec::new();
        match init {
            ast::ForInit::Empty => {}
            ast::ForInit::Expr(e) => {
                let e = self.lw.expr(e);
                let at = e.span;
                nodes.push(self.add(NodeKind::Expr(e), at));
            }
            ast::ForInit::Declaration(d) => self.declaration(d, &mut nodes),
        }
        nodes
    }

    fn for_loop(
        &mut self,
        s: &ast::Stmt,
        init: &ast::ForInit,
        condition: Option<&ast::Expr>,
        step: Option<&ast::Expr>,
        body: &ast::Stmt,
    ) -> NodeId {
        let span = s.span;
        if s.pragmas.iter().any(ast::Pragma::declares_independence) {
            self.lw.program.independent_loops.insert(s.id);
        }
        self.lw.push_scope();
        let init_nodes = self.for_init(init);
        let init_node = match init_nodes.len() {
            1 => init_nodes[0],
            _ => self.add(
                NodeKind::Seq {
                    items: init_nodes,
                    scoped: Vec::new(),
                },
                span,
            ),
        };
        let condition = condition.map(|c| self.lw.expr(c));
        let step_expr = step.map(|e| self.lw.expr(e));
        let body = self.stmt(body);
        // Counted loops are recognised once the whole program is lowered,
        // when every `&i` is known.
        // The step and init expressions carry their own spans, so that they
        // are never mistaken for the loop when results are printed.
        let step = match step_expr {
            Some(e) => {
                let at = e.span;
                self.add(NodeKind::Expr(e), at)
            }
            None => self.add(NodeKind::Nop, span),
        };
        let kind = LoopKind::For {
            init: init_node,
            condition,
            step,
        };
        let scoped = self.lw.pop_scope_at(span.hi);
        let l = self.add(NodeKind::Loop(Loop { kind, body }), span);
        if scoped.is_empty() {
            l
        } else {
            self.add(
                NodeKind::Seq {
                    items: vec![l],
                    scoped,
                },
                span,
            )
        }
    }

    // ---------------------------------------------------- unstructured

    /// Lays out a closed statement as a graph and returns the node holding
    /// it (a sequence when the graph turns out to be a straight line).
    fn flatten_closed(
        &mut self,
        span: Span,
        lay_out: impl FnOnce(&mut Self, From) -> Option<NodeIndex>,
    ) -> NodeId {
        let mut graph = DiGraph::new();
        let entry = graph.add_node(Vertex::Join);
        let exit = graph.add_node(Vertex::Exit);
        let saved = self.graph.replace(GraphContext {
            graph,
            exit,
            labels: HashMap::new(),
            breaks: Vec::new(),
            continues: Vec::new(),
            switches: Vec::new(),
        });
        let end = lay_out(self, Some((entry, Edge::Always)));
        let mut ctx = std::mem::replace(&mut self.graph, saved).expect("graph context");
        if let Some(end) = end {
            ctx.graph.add_edge(end, exit, Edge::Always);
        }
        let mut graph = ctx.graph;
        simplify(&mut graph, entry, exit);
        if let Some(items) = straight_line(&graph, entry, exit) {
            return self.add(
                NodeKind::Seq {
                    items,
                    scoped: Vec::new(),
                },
                span,
            );
        }
        self.add(
            NodeKind::Unstructured(Unstructured { graph, entry, exit }),
            span,
        )
    }

    fn ctx(&mut self) -> &mut GraphContext {
        self.graph.as_mut().expect("inside a graph")
    }

    fn vertex(&mut self, v: Vertex, from: From) -> NodeIndex {
        let ctx = self.ctx();
        let id = ctx.graph.add_node(v);
        if let Some((f, edge)) = from {
            ctx.graph.add_edge(f, id, edge);
        }
        id
    }

    fn label_vertex(&mut self, label: Symbol) -> NodeIndex {
        let ctx = self.ctx();
        if let Some(&v) = ctx.labels.get(&label) {
            return v;
        }
        let v = ctx.graph.add_node(Vertex::Join);
        ctx.labels.insert(label, v);
        v
    }

    fn jump(&mut self, from: From, to: NodeIndex) -> Option<NodeIndex> {
        if let Some((f, edge)) = from {
            self.ctx().graph.add_edge(f, to, edge);
        }
        None
    }

    fn node_vertex(&mut self, node: NodeId, from: From) -> Option<NodeIndex> {
        Some(self.vertex(Vertex::Node(node), from))
    }

    fn flatten_block(&mut self, b: &ast::Block, mut from: From) -> Option<NodeIndex> {
        self.lw.push_scope();
        for item in &b.items {
            match item {
                ast::BlockItem::Declaration(d) => {
                    let mut nodes = Vec::new();
                    self.declaration(d, &mut nodes);
                    for n in nodes {
                        let v = self.vertex(Vertex::Node(n), from.take());
                        from = Some((v, Edge::Always));
                    }
                }
                ast::BlockItem::Statement(s) => {
                    from = self.flatten(s, from).map(|v| (v, Edge::Always));
                }
                ast::BlockItem::Pragma(_) => {}
            }
        }
        self.lw.pop_scope_at(b.span.hi);
        from.map(|(v, edge)| {
            if edge == Edge::Always {
                v
            } else {
                self.vertex(Vertex::Join, Some((v, edge)))
            }
        })
    }

    /// Lays out `s` in the current graph; returns the vertex control falls
    /// through from, if any. A closed `s` becomes one vertex.
    fn flatten(&mut self, s: &ast::Stmt, from: From) -> Option<NodeIndex> {
        if self.is_closed(s) {
            let node = self.stmt(s);
            return self.node_vertex(node, from);
        }
        self.flatten_here(s, from)
    }

    /// Lays out the control flow of `s` itself in the current graph.
    fn flatten_here(&mut self, s: &ast::Stmt, from: From) -> Option<NodeIndex> {
        match &s.kind {
            StmtKind::Compound(b) => self.flatten_block(b, from),
            StmtKind::Labeled { label, body } => {
                let v = self.label_vertex(*label);
                self.jump(from, v);
                self.flatten(body, Some((v, Edge::Always)))
            }
            StmtKind::Goto(l) => {
                let v = self.label_vertex(*l);
                self.jump(from, v)
            }
            StmtKind::GotoComputed(e) => {
                let e = self.lw.expr(e);
                let node = self.add(NodeKind::Expr(e), s.span);
                let v = self.vertex(Vertex::Node(node), from);
                // Any label may be the target.
                let targets: Vec<NodeIndex> = self.ctx().labels.values().copied().collect();
                for t in targets {
                    self.ctx().graph.add_edge(v, t, Edge::Always);
                }
                None
            }
            StmtKind::Break => {
                let target = self.ctx().breaks.last().copied();
                match target {
                    Some(t) => self.jump(from, t),
                    None => None,
                }
            }
            StmtKind::Continue => {
                let target = self.ctx().continues.last().copied();
                match target {
                    Some(t) => self.jump(from, t),
                    None => None,
                }
            }
            StmtKind::Return(e) => {
                let e = e.as_ref().map(|e| self.lw.expr(e));
                let node = self.add(NodeKind::Return(e), s.span);
                let v = self.vertex(Vertex::Node(node), from);
                let exit = self.ctx().exit;
                self.jump(Some((v, Edge::Always)), exit)
            }
            StmtKind::If {
                condition,
                then_branch,
                else_branch,
            } => {
                let c = self.lw.expr(condition);
                let test = self.vertex(Vertex::Test(c), from);
                let then_end = self.flatten(then_branch, Some((test, Edge::True)));
                let else_end = match else_branch {
                    Some(e) => self
                        .flatten(e, Some((test, Edge::False)))
                        .map(|v| (v, Edge::Always)),
                    None => Some((test, Edge::False)),
                };
                let join = self.vertex(Vertex::Join, then_end.map(|v| (v, Edge::Always)));
                self.jump(else_end, join);
                Some(join)
            }
            StmtKind::While { condition, body } => {
                let head = self.vertex(Vertex::Join, from);
                let c = self.lw.expr(condition);
                let test = self.vertex(Vertex::Test(c), Some((head, Edge::Always)));
                let exit = self.vertex(Vertex::Join, Some((test, Edge::False)));
                self.loop_body(body, Some((test, Edge::True)), exit, head, head);
                Some(exit)
            }
            StmtKind::DoWhile { body, condition } => {
                let top = self.vertex(Vertex::Join, from);
                let cont = self.ctx().graph.add_node(Vertex::Join);
                let exit = self.ctx().graph.add_node(Vertex::Join);
                self.loop_body(body, Some((top, Edge::Always)), exit, cont, cont);
                let c = self.lw.expr(condition);
                let test = self.vertex(Vertex::Test(c), Some((cont, Edge::Always)));
                self.ctx().graph.add_edge(test, top, Edge::True);
                self.ctx().graph.add_edge(test, exit, Edge::False);
                Some(exit)
            }
            StmtKind::For {
                init,
                condition,
                step,
                body,
            } => {
                self.lw.push_scope();
                let mut from = from;
                for n in self.for_init(init) {
                    let v = self.vertex(Vertex::Node(n), from.take());
                    from = Some((v, Edge::Always));
                }
                let head = self.vertex(Vertex::Join, from);
                let (entry, exit) = match condition {
                    Some(c) => {
                        let c = self.lw.expr(c);
                        let test = self.vertex(Vertex::Test(c), Some((head, Edge::Always)));
                        let exit = self.vertex(Vertex::Join, Some((test, Edge::False)));
                        (Some((test, Edge::True)), exit)
                    }
                    None => {
                        let exit = self.ctx().graph.add_node(Vertex::Join);
                        (Some((head, Edge::Always)), exit)
                    }
                };
                let cont = self.ctx().graph.add_node(Vertex::Join);
                let step = step.as_ref().map(|e| self.lw.expr(e));
                self.loop_body(body, entry, exit, cont, cont);
                let after_step = match step {
                    Some(e) => {
                        let at = e.span;
                        let node = self.add(NodeKind::Expr(e), at);
                        self.vertex(Vertex::Node(node), Some((cont, Edge::Always)))
                    }
                    None => cont,
                };
                self.ctx().graph.add_edge(after_step, head, Edge::Always);
                self.lw.pop_scope_at(s.span.hi);
                Some(exit)
            }
            StmtKind::Switch { condition, body } => {
                let c = self.lw.expr(condition);
                let switch = self.vertex(Vertex::Switch(c), from);
                let exit = self.ctx().graph.add_node(Vertex::Join);
                self.ctx().breaks.push(exit);
                self.ctx().switches.push(SwitchContext {
                    vertex: switch,
                    has_default: false,
                });
                let end = self.flatten(body, None);
                let ctx = self.ctx();
                ctx.breaks.pop();
                let sw = ctx.switches.pop().expect("switch context");
                if !sw.has_default {
                    ctx.graph.add_edge(switch, exit, Edge::Default);
                }
                if let Some(end) = end {
                    ctx.graph.add_edge(end, exit, Edge::Always);
                }
                Some(exit)
            }
            StmtKind::Case { value, upper, body } => {
                let lo = self.lw.constant(value);
                let hi = match upper {
                    Some(u) => self.lw.constant(u),
                    None => lo,
                };
                // A label ferry cannot evaluate may match any value.
                let edge = match (lo, hi) {
                    (Some(lo), Some(hi)) => Edge::Case(lo, hi),
                    _ => Edge::Case(i128::MIN, i128::MAX),
                };
                self.case_entry(edge, body, from)
            }
            StmtKind::Default(body) => {
                if let Some(sw) = self.ctx().switches.last_mut() {
                    sw.has_default = true;
                }
                self.case_entry(Edge::Default, body, from)
            }
            _ => {
                let node = self.stmt(s);
                self.node_vertex(node, from)
            }
        }
    }

    fn case_entry(&mut self, edge: Edge, body: &ast::Stmt, from: From) -> Option<NodeIndex> {
        let v = self.vertex(Vertex::Join, from);
        if let Some(sw) = self.ctx().switches.last().map(|s| s.vertex) {
            self.ctx().graph.add_edge(sw, v, edge);
        }
        self.flatten(body, Some((v, Edge::Always)))
    }

    fn loop_body(
        &mut self,
        body: &ast::Stmt,
        entry: From,
        exit: NodeIndex,
        continue_to: NodeIndex,
        back_to: NodeIndex,
    ) {
        self.ctx().breaks.push(exit);
        self.ctx().continues.push(continue_to);
        let end = self.flatten(body, entry);
        let ctx = self.ctx();
        ctx.breaks.pop();
        ctx.continues.pop();
        if let Some(end) = end {
            ctx.graph.add_edge(end, back_to, Edge::Always);
        }
    }
}

/// Removes join vertices that only pass control on (one edge in, one
/// `Always` edge out), keeping entry and exit.
fn simplify(graph: &mut DiGraph<Vertex, Edge>, entry: NodeIndex, exit: NodeIndex) {
    use petgraph::Direction::{Incoming, Outgoing};
    use petgraph::visit::EdgeRef;
    let mut changed = true;
    while changed {
        changed = false;
        for v in graph.node_indices().collect::<Vec<_>>() {
            if v == entry || v == exit || !matches!(graph[v], Vertex::Join) {
                continue;
            }
            let ins: Vec<_> = graph
                .edges_directed(v, Incoming)
                .map(|e| (e.source(), e.weight().clone(), e.id()))
                .collect();
            let outs: Vec<_> = graph
                .edges_directed(v, Outgoing)
                .map(|e| (e.target(), e.weight().clone(), e.id()))
                .collect();
            if ins.len() == 1 && outs.len() == 1 && outs[0].1 == Edge::Always && outs[0].0 != v {
                let (source, label, in_id) = ins[0].clone();
                let (target, _, out_id) = outs[0].clone();
                // Remove the higher edge index first: removal swaps indices.
                let (a, b) = if in_id.index() > out_id.index() {
                    (in_id, out_id)
                } else {
                    (out_id, in_id)
                };
                graph.remove_edge(a);
                graph.remove_edge(b);
                graph.add_edge(source, target, label);
                changed = true;
            }
        }
    }
}

/// The nodes of a graph that is one straight line from entry to exit.
fn straight_line(
    graph: &DiGraph<Vertex, Edge>,
    entry: NodeIndex,
    exit: NodeIndex,
) -> Option<Vec<NodeId>> {
    use petgraph::Direction::{Incoming, Outgoing};
    let mut items = Vec::new();
    let mut v = entry;
    let mut seen = 0;
    while v != exit {
        seen += 1;
        if seen > graph.node_count() {
            return None;
        }
        let mut outs = graph.edges_directed(v, Outgoing);
        let edge = outs.next()?;
        if outs.next().is_some() || *edge.weight() != Edge::Always {
            return None;
        }
        use petgraph::visit::EdgeRef;
        let next = edge.target();
        if graph.edges_directed(next, Incoming).count() != 1 {
            return None;
        }
        match &graph[v] {
            Vertex::Node(n) => items.push(*n),
            Vertex::Join => {}
            _ => return None,
        }
        v = next;
    }
    // Every vertex with code must be on the line (none unreachable).
    let with_code = graph
        .node_weights()
        .filter(|w| matches!(w, Vertex::Node(_) | Vertex::Test(_) | Vertex::Switch(_)))
        .count();
    (with_code == items.len()).then_some(items)
}
