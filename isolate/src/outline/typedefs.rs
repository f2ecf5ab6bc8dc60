//! Typedef names of basic arithmetic types, in device code. Kernels and
//! device functions are written without the unit's declarations, so a
//! `Bool` or `Int32` of the unit's headers is spelt there as the builtin
//! type it names (bzip2's `((Bool)0)` in a kernel did not build on pocl).
//!
//! Only file-scope typedefs are known. A name also declared as a typedef
//! inside a function body, or twice at file scope for different types,
//! names nothing here: device code that uses it is refused rather than
//! given the wrong type.

use super::declarations::scalar_of;
use ferry_parser::ast::{
    BlockItem, BuiltinType, DeclSpecifier, Declaration, Declarator, ExternalDecl, ForInit, Stmt,
    StmtKind, StorageClass, TranslationUnit, TypeName, TypeSpecifier,
};
use ferry_parser::intern::Symbol;
use ferry_targets::kernel::Scalar;
use std::collections::HashMap;

/// The typedef names device code may use, with the scalar type each names
/// (`None`: a name that is a typedef of something else, or ambiguous).
#[derive(Debug, Default, Clone)]
pub struct Typedefs(HashMap<Symbol, Option<Scalar>>);

impl Typedefs {
    /// The typedefs of `units` (the unit and the files analysed with it).
    pub fn of<'u>(units: impl IntoIterator<Item = &'u TranslationUnit>) -> Self {
        let mut typedefs = Typedefs::default();
        let mut in_blocks = Vec::new();
        for unit in units {
            for item in &unit.items {
                match item {
                    ExternalDecl::Declaration(d) => typedefs.declare(d),
                    ExternalDecl::FunctionDef(def) => {
                        block_typedefs(&def.body.items, &mut in_blocks)
                    }
                    _ => {}
                }
            }
        }
        for name in in_blocks {
            typedefs.0.insert(name, None);
        }
        typedefs
    }

    /// The scalar type the typedef name `name` names.
    pub(super) fn scalar(&self, name: Symbol) -> Option<Scalar> {
        self.0.get(&name).copied().flatten()
    }

    fn declare(&mut self, d: &Declaration) {
        let Some(specifiers) = typedef_specifiers(d) else {
            return;
        };
        let ty = scalar_of(specifiers, self);
        for name in typedef_names(d) {
            let known = self.0.entry(name).or_insert(ty);
            if *known != ty {
                *known = None;
            }
        }
    }

    /// `specifiers` with a typedef name replaced by the builtin type it
    /// names (qualifiers and storage kept); `false` where one names no
    /// basic arithmetic type.
    pub(super) fn spell_out(&self, specifiers: &mut Vec<DeclSpecifier>) -> bool {
        let named = specifiers
            .iter()
            .any(|s| matches!(s, DeclSpecifier::Type(TypeSpecifier::TypedefName(..))));
        if !named {
            return true;
        }
        let Some(ty) = scalar_of(specifiers, self) else {
            return false;
        };
        specifiers.retain(|s| !matches!(s, DeclSpecifier::Type(_)));
        specifiers.extend(builtin_specifiers(ty));
        true
    }

    /// [`Typedefs::spell_out`] on a type name (a cast's, `sizeof`'s).
    pub(super) fn spell_out_type(&self, t: &mut TypeName) -> bool {
        self.spell_out(&mut t.specifiers)
    }
}

/// The type specifiers spelling `ty`, as C's builtin types (LP64).
fn builtin_specifiers(ty: Scalar) -> Vec<DeclSpecifier> {
    let builtin = |b| DeclSpecifier::Type(TypeSpecifier::Builtin(b));
    match ty {
        Scalar::Int { signed, bits } => {
            let sign = match (signed, bits) {
                (false, _) => Some(builtin(BuiltinType::Unsigned)),
                // Plain `char` may be unsigned on the device's compiler.
                (true, 8) => Some(DeclSpecifier::Type(TypeSpecifier::Signed(Symbol::intern(
                    "signed",
                )))),
                (true, _) => None,
            };
            let base = match bits {
                8 => BuiltinType::Char,
                16 => BuiltinType::Short,
                32 => BuiltinType::Int,
                _ => BuiltinType::Long,
            };
            sign.into_iter().chain([builtin(base)]).collect()
        }
        Scalar::Float { bits: 32 } => vec![builtin(BuiltinType::Float)],
        Scalar::Float { .. } => vec![builtin(BuiltinType::Double)],
    }
}

fn typedef_specifiers(d: &Declaration) -> Option<&[DeclSpecifier]> {
    let Declaration::Normal { specifiers, .. } = d else {
        return None;
    };
    specifiers
        .iter()
        .any(|s| matches!(s, DeclSpecifier::Storage(StorageClass::Typedef)))
        .then_some(specifiers.as_slice())
}

/// The names a typedef declaration declares as plain types (`typedef int
/// T;`); a typedef of a pointer, an array or a function names no scalar,
/// and is recorded as such.
fn typedef_names(d: &Declaration) -> Vec<Symbol> {
    let Declaration::Normal { declarators, .. } = d else {
        return Vec::new();
    };
    declarators
        .iter()
        .filter_map(|decl| match &decl.declarator {
            Declarator::Ident(name, _) => Some(*name),
            _ => None,
        })
        .collect()
}

/// The names declared as typedefs in the block `items` (any declarator).
fn block_typedefs(items: &[BlockItem], names: &mut Vec<Symbol>) {
    for item in items {
        match item {
            BlockItem::Declaration(d) => typedefs_declared(d, names),
            BlockItem::Statement(s) => stmt_typedefs(s, names),
            BlockItem::Pragma(_) => {}
        }
    }
}

fn stmt_typedefs(s: &Stmt, names: &mut Vec<Symbol>) {
    match &s.kind {
        StmtKind::Compound(b) => block_typedefs(&b.items, names),
        StmtKind::For { init, body, .. } => {
            if let ForInit::Declaration(d) = init {
                typedefs_declared(d, names);
            }
            stmt_typedefs(body, names);
        }
        _ => {
            for sub in s.sub_statements() {
                stmt_typedefs(sub, names);
            }
        }
    }
}

fn typedefs_declared(d: &Declaration, names: &mut Vec<Symbol>) {
    if typedef_specifiers(d).is_some()
        && let Declaration::Normal { declarators, .. } = d
    {
        names.extend(
            declarators
                .iter()
                .filter_map(|decl| super::declarations::declared_name(&decl.declarator)),
        );
    }
}
