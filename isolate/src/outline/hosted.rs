//! Calls that stay on the host: the unit's functions rewritten to launch
//! their own kernels.

use super::device_functions::{device_signature, parameter_frame};
use super::walk::strip;
use super::{Outliner, Refusal, refusal};
use crate::parallel::Verdict;
use ferry_parser::ast::{ExprKind, FunctionDef, Stmt, StmtKind};
use ferry_parser::intern::Symbol;
use ferry_parser::span::Span;

impl Outliner<'_> {
    pub(super) fn has_parallel_loop(&self, s: &Stmt) -> bool {
        matches!(self.verdict(s.id), Some(Verdict::Parallel { .. }))
            && matches!(s.kind, StmtKind::For { .. })
            || self.hosted_call(s).is_some()
            || s.sub_statements()
                .into_iter()
                .any(|x| self.has_parallel_loop(x))
    }

    /// The function `s` calls, when `s` is a call that stays on the host
    /// and launches the function's own kernels: a function of the unit
    /// (isolation's clone) with a parallel loop, whose device arguments
    /// are whole buffers (handles the host may pass on, not pointers into
    /// them) and whose parameters a kernel can take. Elsewhere a call runs
    /// on the device, in the work-item that makes it.
    pub(super) fn hosted_call(&self, s: &Stmt) -> Option<Symbol> {
        let StmtKind::Expr(e) = &s.kind else {
            return None;
        };
        let ExprKind::Call(callee, args) = &strip(e).kind else {
            return None;
        };
        let ExprKind::Ident(name) = callee.kind else {
            return None;
        };
        if self.state.hosted.contains(&name) {
            return Some(name);
        }
        // Another file's function is not the unit's to rewrite (isolation
        // clones a callee that is passed device buffers into the unit).
        if self.definitions.foreign.contains_key(&name) {
            return None;
        }
        let def = self.definitions.functions.get(&name)?;
        let whole_buffers = args.iter().all(|a| {
            matches!(&strip(a).kind, ExprKind::Ident(n) if self.arrays.contains_key(n))
                || !self.on_device(a)
        });
        (whole_buffers
            && device_signature(def, &self.definitions.typedefs).is_ok()
            && !self.in_progress.contains(&name)
            && self.has_parallel_loop(&crate::body_statement(def)))
        .then_some(name)
    }

    /// Rewrites the unit's function `name` (once) into host code that
    /// launches kernels: its array parameters are device buffers, its
    /// scalars host values (`host_functions` has the result).
    pub(super) fn host_function(&mut self, name: Symbol, at: Span) -> Result<(), Refusal> {
        if self.state.hosted.contains(&name) {
            return Ok(());
        }
        let def = self.definitions.functions[&name].clone();
        let (_, params) =
            device_signature(&def, &self.definitions.typedefs).map_err(|why| refusal(at, why))?;
        let (arrays, values) = parameter_frame(&params);
        let mut body = crate::body_statement(&def);
        self.in_progress.insert(name);
        let distinct = std::mem::replace(&mut self.distinct_buffers, false);
        let hosted = self.in_frame(arrays, values, |this| this.statement(&mut body));
        self.distinct_buffers = distinct;
        self.in_progress.remove(&name);
        hosted?;
        let StmtKind::Compound(block) = body.kind else {
            unreachable!("a function body stays a compound statement")
        };
        self.state.hosted.insert(name);
        self.host_functions
            .push((name, FunctionDef { body: block, ..def }));
        Ok(())
    }
}
