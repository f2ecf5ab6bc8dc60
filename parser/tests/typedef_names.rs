//! The lexer hack: whether a name is a type depends on the declarations in
//! scope at that point. Each test checks the tree, not only that parsing
//! succeeds, because a wrong classification usually still parses.

use ferry_parser::ast::*;
use ferry_parser::parse_preprocessed;
use std::path::Path;

fn unit(src: &str) -> TranslationUnit {
    match parse_preprocessed(format!("# 1 \"t.c\"\n{src}"), Path::new("t.c")) {
        Ok(parsed) => parsed.unit,
        Err(e) => panic!("{e}"),
    }
}

fn body(unit: &TranslationUnit, function: &str) -> Vec<BlockItem> {
    for item in &unit.items {
        if let ExternalDecl::FunctionDef(f) = item
            && f.declarator.name().map(|(n, _)| n.as_str()) == Some(function)
        {
            return f.body.items.clone();
        }
    }
    panic!("no function {function}");
}

fn stmt_kind(item: &BlockItem) -> &StmtKind {
    match item {
        BlockItem::Statement(s) => &s.kind,
        other => panic!("expected a statement, got {other:?}"),
    }
}

#[test]
fn star_after_a_type_name_declares_a_pointer() {
    let u = unit("typedef int T; int a, x; void f(void) { T * p; a * x; }");
    let items = body(&u, "f");
    assert!(
        matches!(items[0], BlockItem::Declaration(_)),
        "{:?}",
        items[0]
    );
    assert!(
        matches!(stmt_kind(&items[1]), StmtKind::Expr(e) if matches!(e.kind, ExprKind::Binary(BinaryOp::Mul, ..)))
    );
}

#[test]
fn parenthesised_type_name_is_a_cast() {
    let u = unit("typedef int T; int a, x; void f(void) { (T) - x; (a) - x; }");
    let items = body(&u, "f");
    assert!(
        matches!(stmt_kind(&items[0]), StmtKind::Expr(e) if matches!(e.kind, ExprKind::Cast(..)))
    );
    assert!(
        matches!(stmt_kind(&items[1]), StmtKind::Expr(e) if matches!(e.kind, ExprKind::Binary(BinaryOp::Sub, ..)))
    );
}

#[test]
fn a_variable_shadows_a_typedef_in_its_block_only() {
    let u = unit("typedef int T; int x; void f(void) { { int T; T * x; } T * y; }");
    let items = body(&u, "f");
    let StmtKind::Compound(inner) = stmt_kind(&items[0]) else {
        panic!()
    };
    // Inside: `T` is an int variable, so `T * x` multiplies.
    assert!(
        matches!(&inner.items[1], BlockItem::Statement(s) if matches!(&s.kind, StmtKind::Expr(_)))
    );
    // Outside: the typedef is visible again.
    assert!(matches!(items[1], BlockItem::Declaration(_)));
}

#[test]
fn parameters_shadow_typedefs_in_the_body() {
    let u = unit("typedef int T; int f(int T) { return T * 2; }");
    let items = body(&u, "f");
    assert!(
        matches!(stmt_kind(&items[0]), StmtKind::Return(Some(e)) if matches!(e.kind, ExprKind::Binary(BinaryOp::Mul, ..)))
    );
}

#[test]
fn a_typedef_declared_in_a_block_ends_with_it() {
    let u = unit("int U = 2, z; void f(void) { { typedef int U; U * z; } U * z; }");
    let items = body(&u, "f");
    let StmtKind::Compound(inner) = stmt_kind(&items[0]) else {
        panic!()
    };
    assert!(matches!(inner.items[1], BlockItem::Declaration(_)));
    assert!(matches!(stmt_kind(&items[1]), StmtKind::Expr(_)));
}

#[test]
fn a_typedef_name_can_be_redeclared_after_a_type_specifier() {
    // `int T` at file scope after `typedef ... T` in an inner scope, and a
    // struct member and a tag named like a typedef.
    let u = unit("typedef struct T { int T; } T; void f(void) { unsigned long T = 1; T++; }");
    let items = body(&u, "f");
    let BlockItem::Declaration(Declaration::Normal { declarators, .. }) = &items[0] else {
        panic!()
    };
    assert_eq!(declarators[0].declarator.name().unwrap().0.as_str(), "T");
    assert!(matches!(stmt_kind(&items[1]), StmtKind::Expr(_)));
}

#[test]
fn enumerators_are_ordinary_identifiers() {
    let u = unit("typedef int E; void f(void) { enum { E = 3 }; int x = E * 2; }");
    let items = body(&u, "f");
    let BlockItem::Declaration(Declaration::Normal { declarators, .. }) = &items[1] else {
        panic!()
    };
    let Some(Initializer::Expr(e)) = &declarators[0].initializer else {
        panic!()
    };
    assert!(matches!(e.kind, ExprKind::Binary(BinaryOp::Mul, ..)));
}

#[test]
fn the_typedef_is_visible_right_after_its_declarator() {
    let u = unit("typedef int A, *PA; PA p; A a; typedef A B[sizeof(A)]; B b;");
    assert_eq!(u.items.len(), 5);
}

#[test]
fn pragmas_attach_to_the_next_statement() {
    let u = unit(
        "void f(int *a) {\n#pragma ferry isolate\n  for (int i = 0; i < 4; i++) a[i] = 0;\n#pragma end\n}\n",
    );
    let items = body(&u, "f");
    let BlockItem::Statement(s) = &items[0] else {
        panic!()
    };
    assert_eq!(s.pragmas.len(), 1);
    assert_eq!(s.pragmas[0].text.as_str(), "ferry isolate");
    assert!(matches!(items[1], BlockItem::Pragma(_)));
}
