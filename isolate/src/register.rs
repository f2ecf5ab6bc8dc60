//! `register` storage, dropped from the functions ferry rewrites: the code
//! it inserts takes the address of host variables (a scalar copied back, a
//! reduction's result), which C forbids for a `register` variable. The
//! keyword is a hint that compilers ignore; without it, every program that
//! was valid keeps its meaning.

use ferry_parser::ast::{
    Block, BlockItem, BuiltinType, DeclSpecifier, Declaration, ForInit, FunctionDef, Stmt,
    StmtKind, StorageClass, TypeSpecifier,
};

pub fn drop_register(def: &mut FunctionDef) {
    for d in &mut def.old_style_params {
        in_declaration(d);
    }
    in_block(&mut def.body);
}

fn in_declaration(d: &mut Declaration) {
    let Declaration::Normal { specifiers, .. } = d else {
        return;
    };
    let before = specifiers.len();
    specifiers.retain(|s| !matches!(s, DeclSpecifier::Storage(StorageClass::Register)));
    let implicit_int = !specifiers
        .iter()
        .any(|s| matches!(s, DeclSpecifier::Type(_)));
    if specifiers.len() < before && implicit_int {
        // `register i;` is an implicit `int`, which needs a specifier left.
        specifiers.push(DeclSpecifier::Type(TypeSpecifier::Builtin(
            BuiltinType::Int,
        )));
    }
}

fn in_block(b: &mut Block) {
    for item in &mut b.items {
        match item {
            BlockItem::Declaration(d) => in_declaration(d),
            BlockItem::Statement(s) => in_stmt(s),
            BlockItem::Pragma(_) => {}
        }
    }
}

fn in_stmt(s: &mut Stmt) {
    match &mut s.kind {
        // Its declarations too, which its sub-statements leave out.
        StmtKind::Compound(b) => return in_block(b),
        StmtKind::For {
            init: ForInit::Declaration(d),
            ..
        } => in_declaration(d),
        _ => {}
    }
    for inner in s.sub_statements_mut() {
        in_stmt(inner);
    }
}
