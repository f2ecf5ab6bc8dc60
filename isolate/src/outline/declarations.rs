//! What C declarations declare: an array parameter's shape, the scalar
//! type of specifiers, a declarator's name.

use ferry_parser::ast::{ArraySize, BuiltinType, DeclSpecifier, Declarator, Expr, TypeSpecifier};
use ferry_parser::intern::Symbol;
use ferry_targets::kernel::Scalar;

use super::typedefs::Typedefs;

/// The name and row lengths of an array (or pointer) parameter: the
/// first dimension a pointer or an array of any size, the others arrays
/// of given sizes (`double a[n][m]`, `double (*a)[m]`).
pub(super) fn array_shape(d: &Declarator) -> Option<(Symbol, Vec<Expr>)> {
    // The layers from the outermost declarator in: the name's last
    // dimension first.
    let mut sizes = Vec::new();
    let mut current = strip_declarator(d);
    loop {
        match current {
            Declarator::Array { inner, size, .. } => {
                sizes.push(match size {
                    ArraySize::Expr(e) => Some((**e).clone()),
                    _ => None,
                });
                current = strip_declarator(inner);
            }
            Declarator::Pointer { inner, .. } => {
                sizes.push(None);
                current = strip_declarator(inner);
            }
            Declarator::Ident(name, _) => {
                // The first dimension's size (or pointer) is not needed.
                sizes.pop()?;
                let row_lengths: Option<Vec<Expr>> = sizes.into_iter().rev().collect();
                return Some((*name, row_lengths?));
            }
            _ => return None,
        }
    }
}

pub(super) fn strip_declarator(d: &Declarator) -> &Declarator {
    match d {
        Declarator::Paren(inner) => strip_declarator(inner),
        other => other,
    }
}

/// The scalar type declared by `specifiers`, for the basic types only
/// (and the typedef names of one).
pub(super) fn scalar_of(specifiers: &[DeclSpecifier], typedefs: &Typedefs) -> Option<Scalar> {
    let mut signed = true;
    let mut longs = 0;
    let mut base = None;
    let mut named = None;
    for s in specifiers {
        match s {
            DeclSpecifier::Type(TypeSpecifier::TypedefName(name, _)) => {
                named = Some(typedefs.scalar(*name)?);
            }
            DeclSpecifier::Type(TypeSpecifier::Builtin(b)) => match b {
                BuiltinType::Unsigned => signed = false,
                BuiltinType::Long => longs += 1,
                BuiltinType::Char | BuiltinType::Short | BuiltinType::Int => {
                    base = Some(*b);
                }
                BuiltinType::Float | BuiltinType::Double => base = Some(*b),
                _ => return None,
            },
            DeclSpecifier::Type(TypeSpecifier::Signed(_)) => signed = true,
            DeclSpecifier::Qualifier(_) | DeclSpecifier::Storage(_) => {}
            _ => return None,
        }
    }
    if named.is_some() {
        // A typedef name is the only type specifier there is.
        return named.filter(|_| base.is_none() && longs == 0 && signed);
    }
    Some(match (base, longs) {
        (Some(BuiltinType::Float), 0) => Scalar::Float { bits: 32 },
        (Some(BuiltinType::Double), 0) => Scalar::Float { bits: 64 },
        (Some(BuiltinType::Char), 0) => Scalar::Int { signed, bits: 8 },
        (Some(BuiltinType::Short), 0) => Scalar::Int { signed, bits: 16 },
        (Some(BuiltinType::Int) | None, 0) => Scalar::Int { signed, bits: 32 },
        (Some(BuiltinType::Int) | None, 1 | 2) => Scalar::Int { signed, bits: 64 },
        _ => return None,
    })
}

/// The name a declarator declares.
pub(super) fn declared_name(d: &Declarator) -> Option<Symbol> {
    match d {
        Declarator::Ident(n, _) => Some(*n),
        Declarator::Abstract => None,
        Declarator::Pointer { inner, .. }
        | Declarator::Array { inner, .. }
        | Declarator::Function { inner, .. } => declared_name(inner),
        Declarator::Paren(inner) => declared_name(inner),
    }
}
