//! The statement walked as the host runs it: what stays on the host, what
//! is launched, and which launches share a kernel.

use super::declarations::scalar_of;
use super::liveness::{BlockLiveness, initialised};
use super::walk::jumps_out;
use super::{Outliner, Refusal, refusal};
use crate::fusion::OpenLaunch;
use crate::reshape;
use ferry_parser::ast::{
    AssignOp, Block, BlockItem, DeclSpecifier, Declaration, Declarator, ExprKind, ForInit,
    Initializer, Stmt, StmtId, StmtKind, TypeQualifier,
};
use ferry_parser::build::{expr, ident, stmt};
use ferry_parser::intern::Symbol;
use ferry_parser::span::Span;
use ferry_targets::kernel::Part;
use std::collections::{HashMap, HashSet};

impl Outliner<'_> {
    pub(super) fn host(&mut self, s: &mut Stmt) -> Result<(), Refusal> {
        let span = s.span;
        match &mut s.kind {
            StmtKind::Compound(b) => self.host_block(b),
            StmtKind::Labeled { body, .. } => self.host(body),
            StmtKind::For { .. } => {
                if reshape::reshape(s, self.verdicts, &mut self.reshaped) {
                    return self.host(s);
                }
                if let Some(nest) = self.nest(s) {
                    *s = self.launch(s, nest)?;
                    return Ok(());
                }
                let StmtKind::For {
                    init,
                    condition,
                    step,
                    body,
                } = &mut s.kind
                else {
                    unreachable!()
                };
                let header_on_device = match init {
                    ForInit::Expr(e) => self.on_device(e),
                    ForInit::Declaration(d) => self.declaration_on_device(d),
                    ForInit::Empty => false,
                } || condition.as_deref().is_some_and(|e| self.on_device(e))
                    || step.as_deref().is_some_and(|e| self.on_device(e));
                // A loop left by a jump from device code runs with it.
                if header_on_device || jumps_out(body, false) && self.stmt_on_device(body) {
                    return self.single(s);
                }
                if self.try_alone(s) {
                    return Ok(());
                }
                let StmtKind::For { init, body, .. } = &mut s.kind else {
                    unreachable!()
                };
                self.scopes.push(HashMap::new());
                if let ForInit::Declaration(d) = init {
                    self.declare(d);
                }
                let result = self.host_loop_body(body);
                self.scopes.pop();
                result
            }
            StmtKind::While { condition, body } | StmtKind::DoWhile { body, condition } => {
                if self.on_device(condition) || jumps_out(body, false) && self.stmt_on_device(body)
                {
                    return self.single(s);
                }
                if self.try_alone(s) {
                    return Ok(());
                }
                let (StmtKind::While { body, .. } | StmtKind::DoWhile { body, .. }) = &mut s.kind
                else {
                    unreachable!()
                };
                self.host_loop_body(body)
            }
            StmtKind::If {
                condition,
                then_branch,
                else_branch,
            } => {
                if self.on_device(condition) {
                    return self.single(s);
                }
                self.host(then_branch)?;
                match else_branch {
                    Some(e) => self.host(e),
                    None => Ok(()),
                }
            }
            StmtKind::Expr(e) => {
                if !self.on_device(e) {
                    Ok(())
                } else if let Some(callee) = self.hosted_call(s) {
                    self.host_function(callee, span)
                } else {
                    self.single(s)
                }
            }
            StmtKind::Empty
            | StmtKind::Break
            | StmtKind::Continue
            | StmtKind::Goto(_)
            | StmtKind::Return(None) => Ok(()),
            StmtKind::Return(Some(e)) => {
                if self.on_device(e) {
                    Err(refusal(
                        span,
                        "this `return` reads device memory on its way out of the function",
                    ))
                } else {
                    Ok(())
                }
            }
            _ => {
                if self.stmt_on_device(s) {
                    Err(refusal(
                        span,
                        "ferry cannot offload this kind of statement (a `switch`, inline \
                         assembly, a computed `goto`...) that touches device memory",
                    ))
                } else {
                    Ok(())
                }
            }
        }
    }

    fn host_block(&mut self, b: &mut Block) -> Result<(), Refusal> {
        self.scopes.push(HashMap::new());
        let result = self.host_items(b);
        self.scopes.pop();
        result
    }

    /// The items of `b` as the host runs them. On a refusal the block is
    /// left half done: the statement is not offloaded at all then.
    fn host_items(&mut self, b: &mut Block) -> Result<(), Refusal> {
        let items: Vec<BlockItem> = std::mem::take(&mut b.items)
            .into_iter()
            .flat_map(|item| self.split_declaration(item))
            .collect();
        let liveness = BlockLiveness::of(&items);
        // Scalars dead after the current item: the enclosing block's, and
        // those this block declared before it.
        let mut candidates = self.dead_after.last().cloned().unwrap_or_default();
        let mut position = 0;
        let mut rest = items.into_iter().peekable();
        // The launch at the end of `b.items`, while the launches after it
        // may join it.
        let mut open: Option<OpenLaunch> = None;
        while let Some(item) = rest.next() {
            // Consecutive statements that are device code with no parallel
            // loop run as one kernel of one work-item, not one each (where
            // that kernel can be; otherwise each goes its own way).
            let mut run = vec![item];
            if self.joins_run(&run[0]) {
                while let Some(next) = rest.next_if(|next| self.joins_run(next)) {
                    run.push(next);
                }
            }
            position += run.len();
            let declared: Vec<Symbol> = run.iter().flat_map(initialised).collect();
            self.dead_after.push(liveness.dead(&candidates, position));
            let result = self.host_run(run, b, &mut open);
            self.dead_after.pop();
            result?;
            candidates.extend(declared);
        }
        Ok(())
    }

    /// The items of `run` as the host runs them, appended to `b`: one
    /// kernel for them all where there are several and it can be.
    fn host_run(
        &mut self,
        run: Vec<BlockItem>,
        b: &mut Block,
        open: &mut Option<OpenLaunch>,
    ) -> Result<(), Refusal> {
        if run.len() > 1
            && let Some(kernel) = self.fused(&run)
        {
            b.items.push(BlockItem::Statement(kernel));
            *open = None;
            return Ok(());
        }
        for mut item in run {
            let before = self.state.unit.kernels.len();
            self.host_item(&mut item)?;
            let BlockItem::Statement(s) = &item else {
                *open = None;
                b.items.push(item);
                continue;
            };
            let launched = self.launched.get(&s.id) == Some(&before)
                && self.state.unit.kernels.len() == before + 1;
            if !launched {
                *open = None;
                b.items.push(item);
                continue;
            }
            // A launch independent of the open one joins it.
            if let Some(o) = open.as_mut()
                && self.join(o, s)
            {
                let fused = o.statement(&self.state.unit.kernels[o.kernel]);
                *b.items.last_mut().expect("the open launch's statement") =
                    BlockItem::Statement(fused);
                continue;
            }
            *open = OpenLaunch::of(s, before);
            b.items.push(item);
        }
        Ok(())
    }

    /// Walks a loop's body as the host runs it: nothing is dead at its
    /// start, since its next iteration may read what this one writes.
    fn host_loop_body(&mut self, body: &mut Stmt) -> Result<(), Refusal> {
        self.dead_after.push(HashSet::new());
        let result = self.host(body);
        self.dead_after.pop();
        result
    }

    /// Fuses the kernel of launch statement `s`, the unit's last, into the
    /// open launch's (`fusion`), where both may be and the loops are
    /// independent; whether it did.
    fn join(&mut self, open: &mut OpenLaunch, s: &Stmt) -> bool {
        let kernels = &self.state.unit.kernels;
        let (Some(joining), Some(host)) = (kernels.last(), kernels.get(open.kernel)) else {
            return false;
        };
        let same_kinds = joining.params.iter().all(|p| {
            host.params
                .iter()
                .all(|q| q.name != p.name || q.kind == p.kind)
        });
        if kernels.len() - 1 == open.kernel
            || !open.independent_of(s.id, &self.independent)
            || !joining.fusable()
            || !host.fusable()
            || !same_kinds
            || !open.add(s)
        {
            return false;
        }
        let joining = self.state.unit.kernels.pop().expect("checked above");
        self.launched.insert(s.id, open.kernel);
        let host = &mut self.state.unit.kernels[open.kernel];
        match self.state.fused.iter_mut().find(|(k, _)| *k == host.name) {
            Some((_, spans)) => spans.push(s.span),
            None => self
                .state
                .fused
                .push((host.name.clone(), vec![open.span(), s.span])),
        }
        for p in joining.params {
            if !host.params.iter().any(|q| q.name == p.name) {
                host.params.push(p);
            }
        }
        host.fused.push(Part {
            dims: joining.dims,
            locals: joining.locals,
            body: joining.body,
        });
        true
    }

    /// A declaration of scalars whose initialisers read device memory,
    /// as the declaration without them (and without `const`: the values
    /// come later) followed by one assignment per initialiser, which are
    /// statements device code can run. Any other item as it is.
    fn split_declaration(&self, item: BlockItem) -> Vec<BlockItem> {
        let BlockItem::Declaration(d) = &item else {
            return vec![item];
        };
        let Declaration::Normal {
            specifiers,
            declarators,
            span,
        } = d
        else {
            return vec![item];
        };
        let splittable = self.declaration_on_device(d)
            && scalar_of(specifiers, &self.definitions.typedefs).is_some()
            && declarators.iter().all(|decl| {
                matches!(decl.declarator, Declarator::Ident(..))
                    && !matches!(decl.initializer, Some(Initializer::List(..)))
            });
        if !splittable {
            return vec![item];
        }
        let specifiers: Vec<DeclSpecifier> = specifiers
            .iter()
            .filter(|s| !matches!(s, DeclSpecifier::Qualifier(TypeQualifier::Const(_))))
            .cloned()
            .collect();
        let mut assignments = Vec::new();
        let declarators = declarators
            .iter()
            .map(|decl| {
                let mut decl = decl.clone();
                if let (Declarator::Ident(name, _), Some(Initializer::Expr(value))) =
                    (&decl.declarator, decl.initializer.take())
                {
                    let mut assign = stmt(StmtKind::Expr(Box::new(expr(ExprKind::Assign(
                        AssignOp::Assign,
                        Box::new(ident(*name)),
                        value,
                    )))));
                    assign.span = *span;
                    assignments.push(BlockItem::Statement(assign));
                }
                decl
            })
            .collect();
        std::iter::once(BlockItem::Declaration(Declaration::Normal {
            specifiers,
            declarators,
            span: *span,
        }))
        .chain(assignments)
        .collect()
    }

    fn host_item(&mut self, item: &mut BlockItem) -> Result<(), Refusal> {
        match item {
            BlockItem::Declaration(d) => {
                if self.declaration_on_device(d) {
                    Err(refusal(
                        d.span(),
                        "this declaration reads device memory on the host: ferry offloads \
                         only statements",
                    ))
                } else {
                    self.declare(d);
                    Ok(())
                }
            }
            BlockItem::Statement(s) => self.host(s),
            BlockItem::Pragma(_) => Ok(()),
        }
    }

    fn joins_run(&self, item: &BlockItem) -> bool {
        matches!(item, BlockItem::Statement(s)
            if !matches!(s.kind, StmtKind::Labeled { .. }) && self.alone_on_device(s))
    }

    /// The statements of `run` as one kernel of one work-item, if it can be.
    fn fused(&mut self, run: &[BlockItem]) -> Option<Stmt> {
        let span = match (run.first(), run.last()) {
            (Some(BlockItem::Statement(a)), Some(BlockItem::Statement(z))) => Span {
                lo: a.span.lo,
                hi: z.span.hi,
            },
            _ => return None,
        };
        let mut fused = Stmt {
            kind: StmtKind::Compound(Block {
                items: run.to_vec(),
                local_labels: Vec::new(),
                span,
            }),
            span,
            pragmas: Vec::new(),
            id: StmtId::fresh(),
        };
        self.single(&mut fused).ok()?;
        Some(fused)
    }

    /// Whether `s` is device code with no parallel loop in it: launched
    /// from the host it would be one-work-item kernels, as many times as
    /// the host loops around them iterate.
    fn alone_on_device(&self, s: &Stmt) -> bool {
        self.stmt_on_device(s) && !self.has_parallel_loop(s) && !jumps_out(s, false)
    }

    /// A host loop with no parallel loop inside runs as one kernel of one
    /// work-item, not as kernels launched at each iteration; where that
    /// kernel cannot be (a `return` in it), the loop stays on the
    /// host. Whether it was made.
    fn try_alone(&mut self, s: &mut Stmt) -> bool {
        if !self.alone_on_device(s) {
            return false;
        }
        let mut whole = s.clone();
        if self.single(&mut whole).is_err() {
            return false;
        }
        *s = whole;
        true
    }
}
