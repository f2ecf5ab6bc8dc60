//! `register` storage, dropped from the functions ferry rewrites: the code
//! it inserts takes the address of host variables (a scalar copied back, a
//! reduction's result), which C forbids for a `register` variable. The
//! keyword is a hint that compilers ignore; without it, every program that
//! was valid keeps its meaning.

use ferry_parser::ast::{Block, BlockItem, Declaration, ForInit, FunctionDef, Stmt, StmtKind};
use ferry_parser::build;

pub fn drop_in_function(def: &mut FunctionDef) {
    for d in &mut def.old_style_params {
        in_declaration(d);
    }
    in_block(&mut def.body);
}

fn in_declaration(d: &mut Declaration) {
    if let Declaration::Normal { specifiers, .. } = d
        && build::drop_register(specifiers)
    {
        // `register i;` is an implicit `int`, which needs a specifier left.
        build::with_type(specifiers);
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
