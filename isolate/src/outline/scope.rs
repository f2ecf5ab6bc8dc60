//! The names the host sees around the statement (its scopes, a function's
//! frame), and which code touches device memory.

use super::declarations::{declared_name, scalar_of};
use super::walk::{walk_expr, walk_stmt_exprs};
use super::{DeviceArray, Outliner};
use ferry_parser::ast::{Declaration, Declarator, Expr, ExprKind, Initializer, Stmt};
use ferry_parser::intern::Symbol;
use ferry_targets::kernel::Scalar;
use std::collections::HashMap;

impl Outliner<'_> {
    /// Runs `work` with `arrays` and `values` as the only names the host
    /// has (a function's parameters): the statement's buffers, scalars,
    /// user names and host scopes are set aside meanwhile.
    pub(super) fn in_frame<R>(
        &mut self,
        arrays: HashMap<Symbol, DeviceArray>,
        values: HashMap<Symbol, Scalar>,
        work: impl FnOnce(&mut Self) -> R,
    ) -> R {
        let arrays = std::mem::replace(&mut self.arrays, arrays);
        let values = std::mem::replace(&mut self.values, values);
        let extents = std::mem::take(&mut self.extents);
        let user_names = std::mem::take(&mut self.user_names);
        let scopes = std::mem::take(&mut self.scopes);
        let dead_after = std::mem::take(&mut self.dead_after);
        let result = work(self);
        self.dead_after = dead_after;
        self.arrays = arrays;
        self.values = values;
        self.extents = extents;
        self.user_names = user_names;
        self.scopes = scopes;
        result
    }

    /// Records the host declarations of `d` in the innermost scope.
    pub(super) fn declare(&mut self, d: &Declaration) {
        let Declaration::Normal {
            specifiers,
            declarators,
            ..
        } = d
        else {
            return;
        };
        let ty = scalar_of(specifiers, &self.definitions.typedefs);
        let scope = self.scopes.last_mut().expect("a scope");
        for decl in declarators {
            match &decl.declarator {
                Declarator::Ident(name, _) => {
                    scope.insert(*name, ty);
                }
                other => {
                    if let Some(name) = declared_name(other) {
                        scope.insert(name, None);
                    }
                }
            }
        }
    }

    /// The type of a host name the statement can see, `None` when it is not
    /// visible or not a scalar a kernel can receive.
    pub(super) fn host_scalar(&self, name: Symbol) -> Option<Scalar> {
        for scope in self.scopes.iter().rev() {
            if let Some(ty) = scope.get(&name) {
                return *ty;
            }
        }
        self.values.get(&name).copied()
    }

    pub(super) fn host_visible(&self, name: Symbol) -> bool {
        self.scopes.iter().any(|s| s.contains_key(&name))
            || self.values.contains_key(&name)
            || self.arrays.contains_key(&name)
    }

    pub(super) fn on_device(&self, e: &Expr) -> bool {
        let mut found = false;
        walk_expr(e, &mut |x| match &x.kind {
            ExprKind::Ident(n) => found |= self.arrays.contains_key(n),
            // Not looked into: taken as touching the device, so that the
            // host never runs one that does (kernels refuse them).
            ExprKind::StmtExpr(_) | ExprKind::CompoundLiteral(..) => found = true,
            _ => {}
        });
        found
    }

    pub(super) fn declaration_on_device(&self, d: &Declaration) -> bool {
        let Declaration::Normal { declarators, .. } = d else {
            return false;
        };
        declarators.iter().any(|decl| match &decl.initializer {
            Some(Initializer::Expr(e)) => self.on_device(e),
            Some(Initializer::List(..)) => true,
            None => false,
        })
    }

    pub(super) fn stmt_on_device(&self, s: &Stmt) -> bool {
        let mut found = false;
        walk_stmt_exprs(s, &mut |e| found |= self.on_device(e));
        found
    }
}
