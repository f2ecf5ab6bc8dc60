//! C types from declaration specifiers and declarators.
//!
//! The model follows an LP64 target (gcc on x86-64 and AArch64 Linux):
//! `char` 8 bits and signed, `short` 16, `int` 32, `long` and pointers 64.

use super::{Binding, Lowerer, TagBinding};
use crate::ir::*;
use ferry_parser::ast;

impl Lowerer {
    /// The type named by a list of declaration specifiers.
    pub(super) fn base_type(&mut self, specifiers: &[ast::DeclSpecifier]) -> Type {
        let mut longs = 0;
        let mut short = false;
        let mut unsigned = false;
        let mut keyword = None;
        let mut named = None;
        for s in specifiers {
            let ast::DeclSpecifier::Type(t) = s else {
                continue;
            };
            match t {
                ast::TypeSpecifier::Builtin(b) => match b {
                    ast::BuiltinType::Long => longs += 1,
                    ast::BuiltinType::Short => short = true,
                    ast::BuiltinType::Unsigned => unsigned = true,
                    ast::BuiltinType::Int => {}
                    other => keyword = Some(*other),
                },
                ast::TypeSpecifier::Signed(_) => {}
                ast::TypeSpecifier::Complex(_) => named = Some(Type::Opaque),
                ast::TypeSpecifier::Struct(s) => named = Some(self.struct_type(s)),
                ast::TypeSpecifier::Enum(e) => {
                    self.enum_type(e);
                    named = Some(Type::int());
                }
                ast::TypeSpecifier::TypedefName(name, _) => {
                    named = Some(match self.lookup(*name) {
                        Some(Binding::Typedef(t)) => t.clone(),
                        _ => Type::Opaque,
                    })
                }
                ast::TypeSpecifier::TypeofExpr(_, e) => {
                    named = Some(self.expr_type_only(e));
                }
                ast::TypeSpecifier::TypeofType(_, t) | ast::TypeSpecifier::Atomic(t) => {
                    named = Some(self.type_name(t))
                }
            }
        }
        if let Some(t) = named {
            // `struct s { ... } __attribute__((packed))`: the attribute
            // follows the definition among the specifiers.
            if let Type::Struct(id) = t
                && has_layout_specifier(specifiers)
                && specifiers.iter().any(|s| {
                    matches!(s, ast::DeclSpecifier::Type(ast::TypeSpecifier::Struct(st)) if st.members.is_some())
                })
            {
                self.program.structs[id.index()].layout_attributes = true;
            }
            return t;
        }
        let signed = !unsigned;
        match keyword {
            Some(ast::BuiltinType::Void) => Type::Void,
            Some(ast::BuiltinType::Char) => Type::Int { signed, bits: 8 },
            Some(ast::BuiltinType::Bool) => Type::Int {
                signed: false,
                bits: 1,
            },
            Some(ast::BuiltinType::Int128) => Type::Int { signed, bits: 128 },
            Some(ast::BuiltinType::Float) | Some(ast::BuiltinType::Float32) => {
                Type::Float { bits: 32 }
            }
            Some(ast::BuiltinType::Double)
            | Some(ast::BuiltinType::Float64)
            | Some(ast::BuiltinType::Float32x) => {
                if longs > 0 {
                    Type::Float { bits: 128 }
                } else {
                    Type::Float { bits: 64 }
                }
            }
            Some(ast::BuiltinType::Float16) => Type::Float { bits: 16 },
            Some(
                ast::BuiltinType::Float128
                | ast::BuiltinType::Float64x
                | ast::BuiltinType::Float128x
                | ast::BuiltinType::GnuFloat128
                | ast::BuiltinType::GnuFloat80,
            ) => Type::Float { bits: 128 },
            Some(ast::BuiltinType::VaList) | Some(ast::BuiltinType::AutoType) => Type::Opaque,
            _ if short => Type::Int { signed, bits: 16 },
            _ if longs > 0 => Type::Int { signed, bits: 64 },
            _ => Type::Int { signed, bits: 32 },
        }
    }

    /// Applies a declarator to its base type: `*p[3]` on `int` is an array
    /// of three pointers to int.
    pub(super) fn declarator_type(&mut self, d: &ast::Declarator, base: Type) -> Type {
        match d {
            ast::Declarator::Ident(..) | ast::Declarator::Abstract => base,
            ast::Declarator::Paren(inner) => self.declarator_type(inner, base),
            ast::Declarator::Pointer { inner, .. } => {
                self.declarator_type(inner, Type::Pointer(Box::new(base)))
            }
            ast::Declarator::Array { inner, size, .. } => {
                let len = match size {
                    ast::ArraySize::Expr(e) => match self.constant(e) {
                        Some(n) if n >= 0 => ArrayLen::Const(n as u64),
                        _ => ArrayLen::Vla(Box::new(self.expr(e))),
                    },
                    _ => ArrayLen::Unknown,
                };
                self.declarator_type(inner, Type::Array(Box::new(base), len))
            }
            ast::Declarator::Function { inner, params } => {
                let fn_ty = self.function_type(params, base);
                self.declarator_type(inner, Type::Function(Box::new(fn_ty)))
            }
        }
    }

    fn function_type(&mut self, params: &ast::FunctionParams, ret: Type) -> FunctionType {
        match params {
            ast::FunctionParams::Prototype { params, variadic } => {
                // Parameter types may refer to earlier parameters (`int n, int a[n]`).
                self.push_scope();
                let mut types = Vec::new();
                for p in params {
                    let base = self.base_type(&p.specifiers);
                    let ty = self.declarator_type(&p.declarator, base);
                    if ty == Type::Void && params.len() == 1 {
                        break;
                    }
                    if let Some((name, span)) = p.declarator.name() {
                        // A scratch variable so that `a[n]` resolves `n`;
                        // definitions re-declare their parameters for real.
                        let saved = self.current_function.take();
                        let id = self.new_var(Var {
                            name,
                            ty: ty.clone(),
                            storage: Storage::Param,
                            function: None,
                            unit: self.unit,
                            span,
                            address_taken: false,
                            is_volatile: false,
                            scope_end: 0,
                        });
                        self.current_function = saved;
                        self.bind(name, Binding::Var(id));
                    }
                    types.push(ty);
                }
                self.pop_scope();
                FunctionType {
                    ret,
                    params: types,
                    variadic: *variadic,
                    unprototyped: false,
                }
            }
            ast::FunctionParams::Identifiers(names) => FunctionType {
                ret,
                params: vec![Type::int(); names.len()],
                variadic: false,
                unprototyped: names.is_empty(),
            },
        }
    }

    pub(super) fn type_name(&mut self, t: &ast::TypeName) -> Type {
        let base = self.base_type(&t.specifiers);
        self.declarator_type(&t.declarator, base)
    }

    fn struct_type(&mut self, s: &ast::StructType) -> Type {
        let existing = s.tag.and_then(|tag| {
            // A definition always introduces a new type in the current scope.
            let scopes: &[_] = if s.members.is_some() {
                std::slice::from_ref(self.scopes.last().expect("scope"))
            } else {
                &self.scopes
            };
            scopes.iter().rev().find_map(|sc| match sc.tags.get(&tag) {
                Some(TagBinding::Struct(id)) => Some(*id),
                _ => None,
            })
        });
        let id = match existing {
            Some(id) => id,
            None => {
                let id = StructId(self.program.structs.len() as u32);
                self.program.structs.push(StructDef {
                    tag: s.tag,
                    is_union: s.kind == ast::StructKind::Union,
                    fields: None,
                    layout_attributes: false,
                });
                if let Some(tag) = s.tag {
                    self.scopes
                        .last_mut()
                        .expect("scope")
                        .tags
                        .insert(tag, TagBinding::Struct(id));
                }
                id
            }
        };
        if let Some(members) = &s.members {
            let mut fields = Vec::new();
            let mut layout_attributes = !s.attributes.is_empty() || self.packing;
            for m in members {
                let ast::StructMember::Field {
                    specifiers,
                    declarators,
                    ..
                } = m
                else {
                    continue;
                };
                layout_attributes |= has_layout_specifier(specifiers)
                    || declarators
                        .iter()
                        .any(|d| !d.attributes.is_empty() || d.declarator.is_none());
                let base = self.base_type(specifiers);
                if declarators.is_empty() {
                    fields.push(Field {
                        name: None,
                        ty: base.clone(),
                        bit_field: false,
                    });
                }
                for d in declarators {
                    if let Some(decl) = &d.declarator {
                        let ty = self.declarator_type(decl, base.clone());
                        fields.push(Field {
                            name: decl.name().map(|(n, _)| n),
                            ty,
                            bit_field: d.bit_width.is_some(),
                        });
                    }
                }
            }
            let def = &mut self.program.structs[id.index()];
            def.fields = Some(fields);
            def.layout_attributes = layout_attributes;
        }
        Type::Struct(id)
    }

    fn enum_type(&mut self, e: &ast::EnumType) {
        if let Some(tag) = e.tag {
            self.scopes
                .last_mut()
                .expect("scope")
                .tags
                .insert(tag, TagBinding::Enum);
        }
        let mut next = 0i128;
        for enumerator in e.enumerators.as_deref().unwrap_or(&[]) {
            if let Some(v) = &enumerator.value {
                next = self.constant(v).unwrap_or(next);
            }
            self.bind(enumerator.name, Binding::Enumerator(next));
            let at_file_scope = self.scopes.len() == 1;
            self.program
                .enumerators
                .entry(enumerator.name)
                .and_modify(|known| {
                    if !at_file_scope || *known != Some(next) {
                        *known = None;
                    }
                })
                .or_insert(at_file_scope.then_some(next));
            next = next.wrapping_add(1);
        }
    }
}

/// Whether `specifiers` hold an attribute or `_Alignas`, which may place a
/// structure's members other than C's rules do.
fn has_layout_specifier(specifiers: &[ast::DeclSpecifier]) -> bool {
    specifiers.iter().any(|s| {
        matches!(
            s,
            ast::DeclSpecifier::Attribute(_) | ast::DeclSpecifier::Alignas(_)
        )
    })
}
