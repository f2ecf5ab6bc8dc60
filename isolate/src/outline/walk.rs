//! Walks over the syntax: the statements and expressions inside a
//! statement, and what is found with them (jumps, `return`s, loops,
//! assignments).

use ferry_parser::ast::{
    BlockItem, Declaration, Expr, ExprKind, ForInit, Initializer, Stmt, StmtKind, UnaryOp,
};
use ferry_parser::intern::Symbol;
use ferry_parser::span::Span;

/// The first loop of `s` (itself, or the first in source order inside it).
pub(super) fn first_loop(s: &Stmt) -> Option<Span> {
    match s.kind {
        StmtKind::For { .. } | StmtKind::While { .. } | StmtKind::DoWhile { .. } => Some(s.span),
        _ => s.sub_statements().into_iter().find_map(first_loop),
    }
}

/// Whether `s` has a `break` (and, unless `only_break`, a `continue`)
/// that leaves it for a loop or `switch` around it.
pub(super) fn jumps_out(s: &Stmt, only_break: bool) -> bool {
    match &s.kind {
        StmtKind::Break => true,
        StmtKind::Continue => !only_break,
        StmtKind::For { .. } | StmtKind::While { .. } | StmtKind::DoWhile { .. } => false,
        // A `continue` inside a `switch` still continues the loop around.
        StmtKind::Switch { body, .. } => !only_break && jumps_out_continue(body),
        _ => s
            .sub_statements()
            .into_iter()
            .any(|x| jumps_out(x, only_break)),
    }
}

fn jumps_out_continue(s: &Stmt) -> bool {
    match &s.kind {
        StmtKind::Continue => true,
        StmtKind::For { .. } | StmtKind::While { .. } | StmtKind::DoWhile { .. } => false,
        _ => s.sub_statements().into_iter().any(jumps_out_continue),
    }
}

/// The first `return` in `s`, if any.
pub(super) fn return_in(s: &Stmt) -> Option<Span> {
    match &s.kind {
        StmtKind::Return(_) => Some(s.span),
        _ => s.sub_statements().into_iter().find_map(return_in),
    }
}

/// Whether `s` assigns `name` anywhere.
pub(super) fn assigns(s: &Stmt, name: Symbol) -> bool {
    let mut found = false;
    walk_stmt_exprs(s, &mut |e| {
        walk_expr(e, &mut |x| match &x.kind {
            ExprKind::Assign(_, t, _)
            | ExprKind::Unary(
                UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec,
                t,
            ) if matches!(strip(t).kind, ExprKind::Ident(n) if n == name) => found = true,
            _ => {}
        })
    });
    found
}

pub(super) fn strip(e: &Expr) -> &Expr {
    match &e.kind {
        ExprKind::Paren(inner) => strip(inner),
        _ => e,
    }
}

/// Calls `f` on `e` and every expression inside it.
pub(super) fn walk_expr<'e>(e: &'e Expr, f: &mut dyn FnMut(&'e Expr)) {
    f(e);
    for x in sub_expressions(e) {
        walk_expr(x, f);
    }
}

/// Calls `f` on every variable `e` names (identifiers other than called
/// functions).
pub(crate) fn variable_names(e: &Expr, f: &mut dyn FnMut(Symbol)) {
    match &e.kind {
        ExprKind::Ident(n) => f(*n),
        ExprKind::Call(_, args) => {
            for a in args {
                variable_names(a, f);
            }
        }
        _ => {
            for x in sub_expressions(e) {
                variable_names(x, f);
            }
        }
    }
}

/// The expressions directly inside `e` (statement expressions and
/// compound literals are not looked into: callers treat them as opaque).
fn sub_expressions(e: &Expr) -> Vec<&Expr> {
    match &e.kind {
        ExprKind::Paren(x)
        | ExprKind::Unary(_, x)
        | ExprKind::Cast(_, x)
        | ExprKind::SizeofExpr(x)
        | ExprKind::AlignofExpr(_, x)
        | ExprKind::Member(x, _)
        | ExprKind::PtrMember(x, _)
        | ExprKind::VaArg(x, _) => vec![x],
        ExprKind::Binary(_, a, b) | ExprKind::Assign(_, a, b) | ExprKind::Index(a, b) => {
            vec![a, b]
        }
        ExprKind::Conditional(c, a, b) => std::iter::once(&**c)
            .chain(a.as_deref())
            .chain(std::iter::once(&**b))
            .collect(),
        ExprKind::Call(callee, args) => std::iter::once(&**callee).chain(args).collect(),
        ExprKind::Comma(items) => items.iter().collect(),
        ExprKind::Generic(x, assocs) => std::iter::once(&**x)
            .chain(assocs.iter().map(|a| &a.expr))
            .collect(),
        _ => Vec::new(),
    }
}

/// Calls `f` on every top-level expression of `s` and of the statements
/// (and declarations) inside it.
pub(super) fn walk_stmt_exprs<'s>(s: &'s Stmt, f: &mut dyn FnMut(&'s Expr)) {
    match &s.kind {
        StmtKind::Compound(b) => {
            for item in &b.items {
                match item {
                    BlockItem::Statement(s) => walk_stmt_exprs(s, f),
                    BlockItem::Declaration(d) => walk_declaration_exprs(d, f),
                    BlockItem::Pragma(_) => {}
                }
            }
        }
        StmtKind::For {
            init,
            condition,
            step,
            body,
        } => {
            match init {
                ForInit::Expr(e) => f(e),
                ForInit::Declaration(d) => walk_declaration_exprs(d, f),
                ForInit::Empty => {}
            }
            if let Some(c) = condition {
                f(c);
            }
            if let Some(st) = step {
                f(st);
            }
            walk_stmt_exprs(body, f);
        }
        StmtKind::Expr(e) | StmtKind::Return(Some(e)) | StmtKind::GotoComputed(e) => f(e),
        StmtKind::If {
            condition,
            then_branch,
            else_branch,
        } => {
            f(condition);
            walk_stmt_exprs(then_branch, f);
            if let Some(e) = else_branch {
                walk_stmt_exprs(e, f);
            }
        }
        StmtKind::Switch { condition, body }
        | StmtKind::While { condition, body }
        | StmtKind::DoWhile { body, condition } => {
            f(condition);
            walk_stmt_exprs(body, f);
        }
        StmtKind::Labeled { body, .. } | StmtKind::Default(body) => walk_stmt_exprs(body, f),
        StmtKind::Case { value, body, .. } => {
            f(value);
            walk_stmt_exprs(body, f);
        }
        _ => {}
    }
}

pub(super) fn walk_declaration_exprs<'s>(d: &'s Declaration, f: &mut dyn FnMut(&'s Expr)) {
    if let Declaration::Normal { declarators, .. } = d {
        for decl in declarators {
            if let Some(Initializer::Expr(e)) = &decl.initializer {
                f(e);
            }
        }
    }
}
