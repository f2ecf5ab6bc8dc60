//! The nesting limit: how deep statements and expressions may nest.
//!
//! Every pass after the parser (printing, lowering, the analyses) walks the
//! tree recursively, so a tree deep enough overflows any stack: a sum of a
//! million terms is a million nested binary nodes. Rather than an abort in
//! whichever pass comes first, the parser measures the depth once and
//! refuses a file that exceeds [`MAX_NESTING`], pointing at the construct
//! where it does. The walk itself never recurses deeper than the limit.
//!
//! The limit counts statements and expressions along one path of the tree
//! (an `if` inside an `if` is two levels, `a + b + c` is two). 4,096 leaves
//! room for machine-written code (long `else if` chains, sums of hundreds
//! of terms) far beyond what people write, while the deepest tree it
//! admits costs the later passes little stack and time.

use crate::ast::*;
use crate::span::Span;

pub const MAX_NESTING: usize = 4096;

/// The first statement or expression (in source order) that lies deeper
/// than [`MAX_NESTING`], if any.
pub fn too_deep(unit: &TranslationUnit) -> Option<Span> {
    let mut walk = Walk { found: None };
    for decl in &unit.items {
        match decl {
            ExternalDecl::FunctionDef(f) => walk.block(&f.body, 0),
            ExternalDecl::Declaration(d) => walk.declaration(d, 0),
            _ => {}
        }
        if walk.found.is_some() {
            break;
        }
    }
    walk.found
}

struct Walk {
    found: Option<Span>,
}

impl Walk {
    /// Whether a node at `depth` with span `span` is past the limit; the
    /// first such node is recorded.
    fn past(&mut self, depth: usize, span: Span) -> bool {
        if self.found.is_some() {
            return true;
        }
        if depth > MAX_NESTING {
            self.found = Some(span);
            return true;
        }
        false
    }

    fn block(&mut self, b: &Block, depth: usize) {
        for item in &b.items {
            match item {
                BlockItem::Declaration(d) => self.declaration(d, depth),
                BlockItem::Statement(s) => self.stmt(s, depth + 1),
                BlockItem::Pragma(_) => {}
            }
        }
    }

    fn declaration(&mut self, d: &Declaration, depth: usize) {
        if let Declaration::Normal { declarators, .. } = d {
            for init in declarators.iter().filter_map(|d| d.initializer.as_ref()) {
                self.initializer(init, depth + 1);
            }
        }
    }

    fn initializer(&mut self, init: &Initializer, depth: usize) {
        match init {
            Initializer::Expr(e) => self.expr(e, depth),
            Initializer::List(items, span) => {
                if self.past(depth, *span) {
                    return;
                }
                for item in items {
                    self.initializer(&item.initializer, depth + 1);
                }
            }
        }
    }

    fn stmt(&mut self, s: &Stmt, depth: usize) {
        if self.past(depth, s.span) {
            return;
        }
        let next = depth + 1;
        match &s.kind {
            StmtKind::Labeled { body, .. } | StmtKind::Default(body) => self.stmt(body, next),
            StmtKind::Case { value, body, .. } => {
                self.expr(value, next);
                self.stmt(body, next);
            }
            StmtKind::Compound(b) => self.block(b, depth),
            StmtKind::Expr(e) | StmtKind::GotoComputed(e) | StmtKind::Return(Some(e)) => {
                self.expr(e, next)
            }
            StmtKind::If {
                condition,
                then_branch,
                else_branch,
            } => {
                self.expr(condition, next);
                self.stmt(then_branch, next);
                if let Some(e) = else_branch {
                    self.stmt(e, next);
                }
            }
            StmtKind::Switch { condition, body } | StmtKind::While { condition, body } => {
                self.expr(condition, next);
                self.stmt(body, next);
            }
            StmtKind::DoWhile { body, condition } => {
                self.stmt(body, next);
                self.expr(condition, next);
            }
            StmtKind::For {
                init,
                condition,
                step,
                body,
            } => {
                match init {
                    ForInit::Expr(e) => self.expr(e, next),
                    ForInit::Declaration(d) => self.declaration(d, next),
                    ForInit::Empty => {}
                }
                for e in [condition, step].into_iter().flatten() {
                    self.expr(e, next);
                }
                self.stmt(body, next);
            }
            StmtKind::Empty
            | StmtKind::Goto(_)
            | StmtKind::Continue
            | StmtKind::Break
            | StmtKind::Return(None)
            | StmtKind::Asm(_)
            | StmtKind::Attribute(_) => {}
        }
    }

    fn expr(&mut self, e: &Expr, depth: usize) {
        if self.past(depth, e.span) {
            return;
        }
        let next = depth + 1;
        match &e.kind {
            ExprKind::Paren(x)
            | ExprKind::Unary(_, x)
            | ExprKind::Cast(_, x)
            | ExprKind::SizeofExpr(x)
            | ExprKind::AlignofExpr(_, x)
            | ExprKind::Member(x, _)
            | ExprKind::PtrMember(x, _)
            | ExprKind::VaArg(x, _) => self.expr(x, next),
            ExprKind::Binary(_, x, y) | ExprKind::Assign(_, x, y) | ExprKind::Index(x, y) => {
                self.expr(x, next);
                self.expr(y, next);
            }
            ExprKind::Conditional(c, then, otherwise) => {
                self.expr(c, next);
                if let Some(t) = then {
                    self.expr(t, next);
                }
                self.expr(otherwise, next);
            }
            ExprKind::Call(callee, args) => {
                self.expr(callee, next);
                for a in args {
                    self.expr(a, next);
                }
            }
            ExprKind::Comma(items) => {
                for x in items {
                    self.expr(x, next);
                }
            }
            ExprKind::CompoundLiteral(_, items) => {
                for item in items {
                    self.initializer(&item.initializer, next);
                }
            }
            ExprKind::StmtExpr(b) => self.block(b, next),
            ExprKind::Generic(x, assocs) => {
                self.expr(x, next);
                for a in assocs {
                    self.expr(&a.expr, next);
                }
            }
            _ => {}
        }
    }
}
