//! Host scalars dead after a statement. A one-work-item kernel that writes
//! such a scalar keeps its writes to itself (the scalar is a by-value
//! parameter) instead of sending them back through a cell: a cell is read
//! back after the launch, so the host waits for the kernel there, where it
//! could have queued its next launch behind it (`gramschmidt`'s norm, one
//! wait per column).
//!
//! The analysis is syntactic and conservative. A scalar is dead after an
//! item of a block when the block declared it, with an initialiser (so
//! passing its value reads no indeterminate value), before that item, and
//! nothing after the item in the block names it; or when the enclosing
//! item's block says so and nothing after the item names it either. A loop
//! body starts with nothing dead: its next iteration may read what the
//! last one wrote. A block that takes a scalar's address, holds a label or
//! a `goto`, or holds anything the walk cannot list the names of, says
//! nothing is dead.

use super::walk::{strip, walk_declaration_exprs, walk_expr, walk_stmt_exprs};
use ferry_parser::ast::{
    ArraySize, BlockItem, DeclSpecifier, Declaration, Declarator, Expr, ExprKind, Initializer,
    Stmt, StmtKind, TypeName, TypeSpecifier, UnaryOp,
};
use ferry_parser::intern::Symbol;
use std::collections::HashSet;

/// What the items of one block say about the scalars dead after each.
pub(super) struct BlockLiveness {
    /// For each item, the names the items from it to the end of the block
    /// may touch; `None` where they hold something the walk cannot list.
    named_from: Vec<Option<HashSet<Symbol>>>,
    /// Whether the block may say a scalar is dead at all.
    usable: bool,
}

impl BlockLiveness {
    pub(super) fn of(items: &[BlockItem]) -> BlockLiveness {
        let mut named_from = vec![Some(HashSet::new()); items.len() + 1];
        let mut usable = true;
        for (i, item) in items.iter().enumerate().rev() {
            let names = item_names(item);
            usable &= names
                .as_ref()
                .is_some_and(|n| !n.jumps && n.address_taken.is_empty());
            named_from[i] = match (names, &named_from[i + 1]) {
                (Some(n), Some(later)) => Some(n.names.union(later).copied().collect()),
                _ => None,
            };
        }
        BlockLiveness { named_from, usable }
    }

    /// The scalars dead after the items before `after`: those of
    /// `candidates` that no item from `after` on names.
    pub(super) fn dead(&self, candidates: &HashSet<Symbol>, after: usize) -> HashSet<Symbol> {
        match (&self.named_from[after], self.usable) {
            (Some(later), true) => candidates.difference(later).copied().collect(),
            _ => HashSet::new(),
        }
    }
}

/// The scalar names `item` declares with an initialiser (`double s = 0;`).
pub(super) fn initialised(item: &BlockItem) -> Vec<Symbol> {
    let BlockItem::Declaration(Declaration::Normal { declarators, .. }) = item else {
        return Vec::new();
    };
    declarators
        .iter()
        .filter(|d| matches!(d.initializer, Some(Initializer::Expr(_))))
        .filter_map(|d| match d.declarator {
            Declarator::Ident(name, _) => Some(name),
            _ => None,
        })
        .collect()
}

/// The names an item uses, whether it takes their address, and whether it
/// jumps (a label or a `goto` makes "after" meaningless).
#[derive(Default)]
struct Names {
    names: HashSet<Symbol>,
    address_taken: HashSet<Symbol>,
    jumps: bool,
}

fn item_names(item: &BlockItem) -> Option<Names> {
    let mut names = Names::default();
    let listed = match item {
        BlockItem::Statement(s) => stmt_names(s, &mut names),
        BlockItem::Declaration(d) => declaration_names(d, &mut names),
        BlockItem::Pragma(_) => true,
    };
    listed.then_some(names)
}

/// Adds the names `s` uses to `names`; false where it holds what the walk
/// cannot see into.
fn stmt_names(s: &Stmt, names: &mut Names) -> bool {
    let mut listed = statements_listed(s, names);
    walk_stmt_exprs(s, &mut |top| {
        walk_expr(top, &mut |e| listed &= expr_names(e, names));
    });
    listed
}

/// Whether every statement in `s` is one `walk_stmt_exprs` sees all the
/// expressions of, its declarations included; notes labels and jumps.
fn statements_listed(s: &Stmt, names: &mut Names) -> bool {
    match &s.kind {
        StmtKind::Compound(b) => b.items.iter().all(|item| match item {
            BlockItem::Statement(s) => statements_listed(s, names),
            BlockItem::Declaration(d) => declaration_plain(d),
            BlockItem::Pragma(_) => true,
        }),
        StmtKind::For { init, body, .. } => {
            let init_listed = match init {
                ferry_parser::ast::ForInit::Declaration(d) => declaration_plain(d),
                _ => true,
            };
            init_listed && statements_listed(body, names)
        }
        StmtKind::If {
            then_branch,
            else_branch,
            ..
        } => {
            statements_listed(then_branch, names)
                && else_branch
                    .as_deref()
                    .is_none_or(|e| statements_listed(e, names))
        }
        StmtKind::Switch { body, .. }
        | StmtKind::While { body, .. }
        | StmtKind::DoWhile { body, .. }
        | StmtKind::Default(body)
        | StmtKind::Case { body, .. } => statements_listed(body, names),
        StmtKind::Labeled { body, .. } => {
            names.jumps = true;
            statements_listed(body, names)
        }
        StmtKind::Goto(_) | StmtKind::GotoComputed(_) => {
            names.jumps = true;
            true
        }
        StmtKind::Expr(_)
        | StmtKind::Empty
        | StmtKind::Continue
        | StmtKind::Break
        | StmtKind::Return(_)
        | StmtKind::Attribute(_) => true,
        StmtKind::Asm(_) => false,
    }
}

/// Adds the names a declaration's initialisers use; false where it is not
/// `declaration_plain`.
fn declaration_names(d: &Declaration, names: &mut Names) -> bool {
    let mut listed = declaration_plain(d);
    walk_declaration_exprs(d, &mut |top| {
        walk_expr(top, &mut |e| listed &= expr_names(e, names));
    });
    listed
}

/// Whether the only expressions of a declaration are its initialisers'
/// (`walk_declaration_exprs` visits them): no array size, `typeof` or
/// initialiser list.
fn declaration_plain(d: &Declaration) -> bool {
    let Declaration::Normal {
        specifiers,
        declarators,
        ..
    } = d
    else {
        return true;
    };
    specifiers_plain(specifiers)
        && declarators.iter().all(|decl| {
            declarator_plain(&decl.declarator)
                && matches!(decl.initializer, None | Some(Initializer::Expr(_)))
        })
}

/// Adds the name `e` is, or whose address it takes; false for an
/// expression whose parts `walk_expr` does not visit.
fn expr_names(e: &Expr, names: &mut Names) -> bool {
    match &e.kind {
        ExprKind::Ident(n) => {
            names.names.insert(*n);
            true
        }
        ExprKind::Unary(UnaryOp::AddrOf, x) => {
            if let ExprKind::Ident(n) = strip(x).kind {
                names.address_taken.insert(n);
            }
            true
        }
        ExprKind::Cast(t, _) | ExprKind::VaArg(_, t) => type_plain(t),
        ExprKind::StmtExpr(_)
        | ExprKind::CompoundLiteral(..)
        | ExprKind::SizeofType(_)
        | ExprKind::AlignofType(..)
        | ExprKind::Offsetof(..)
        | ExprKind::TypesCompatible(..)
        | ExprKind::Generic(..)
        | ExprKind::LabelAddr(_) => false,
        _ => true,
    }
}

fn type_plain(t: &TypeName) -> bool {
    specifiers_plain(&t.specifiers) && declarator_plain(&t.declarator)
}

/// Specifiers that hold no expression.
fn specifiers_plain(specifiers: &[DeclSpecifier]) -> bool {
    !specifiers.iter().any(|s| {
        matches!(
            s,
            DeclSpecifier::Type(
                TypeSpecifier::TypeofExpr(..)
                    | TypeSpecifier::TypeofType(..)
                    | TypeSpecifier::Atomic(_)
            ) | DeclSpecifier::Alignas(_)
        )
    })
}

/// A declarator whose array sizes are literals, with no parameters to read.
fn declarator_plain(d: &Declarator) -> bool {
    match d {
        Declarator::Ident(..) | Declarator::Abstract => true,
        Declarator::Pointer { inner, .. } | Declarator::Paren(inner) => declarator_plain(inner),
        Declarator::Array { size, inner, .. } => {
            let literal = match size {
                ArraySize::Expr(e) => matches!(strip(e).kind, ExprKind::IntLit(_)),
                ArraySize::Unspecified | ArraySize::Star => true,
            };
            literal && declarator_plain(inner)
        }
        Declarator::Function { .. } => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ferry_parser::ast::{ExternalDecl, StmtKind};

    /// The body of the only function of `text`, as block items.
    fn body(text: &str) -> Vec<BlockItem> {
        let file = ferry_parser::parse_preprocessed(text.to_string(), std::path::Path::new("t.c"))
            .expect("parses");
        let Some(ExternalDecl::FunctionDef(def)) = file.unit.items.first() else {
            panic!("a function");
        };
        match crate::body_statement(def).kind {
            StmtKind::Compound(b) => b.items,
            _ => panic!("a block"),
        }
    }

    /// The names dead after item `after - 1` of `text`'s body, of those
    /// its earlier items declare with a value.
    fn dead_after(text: &str, after: usize) -> Vec<String> {
        let items = body(text);
        let declared: HashSet<Symbol> = items[..after].iter().flat_map(initialised).collect();
        let mut dead: Vec<String> = BlockLiveness::of(&items)
            .dead(&declared, after)
            .iter()
            .map(|n| n.as_str().to_string())
            .collect();
        dead.sort();
        dead
    }

    #[test]
    fn a_scalar_no_later_item_names_is_dead() {
        let text = "void f(double *y) { double s = 0, t = 1, u; s += y[0]; y[1] = t; }";
        // After `s += y[0]`: `t` is read later, `u` has no value.
        assert_eq!(dead_after(text, 2), ["s"]);
        // Before it, both are still read.
        assert!(dead_after(text, 1).is_empty());
    }

    #[test]
    fn an_address_taken_label_or_opaque_item_makes_nothing_dead() {
        for text in [
            "void f(double *y) { double s = 0; s += y[0]; double *p = &s; }",
            "void f(double *y) { double s = 0; s += y[0]; again: y[1] = 0; }",
            "void f(double *y) { double s = 0; s += y[0]; goto out; out: ; }",
            "void f(double *y) { double s = 0; s += y[0]; y[1] = ({ 2.0; }); }",
            "void f(double *y) { double s = 0; s += y[0]; y[1] = sizeof(double[s > 0]); }",
            "void f(double *y) { double s = 0; s += y[0]; __asm__(\"\"); }",
        ] {
            assert!(dead_after(text, 2).is_empty(), "{text}");
        }
    }

    #[test]
    fn names_inside_nested_statements_count() {
        let text = "void f(double *y, int n) { double s = 0; s += y[0]; \
                    for (int i = 0; i < n; i++) { if (i) { y[i] = s; } } }";
        assert!(dead_after(text, 2).is_empty());
        let text = "void f(double *y, int n) { double s = 0; s += y[0]; \
                    for (int i = 0; i < n; i++) { double v = i; y[i] = v; } }";
        assert_eq!(dead_after(text, 2), ["s"]);
    }
}
