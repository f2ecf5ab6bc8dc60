//! Expressions: names resolved, types computed with C's conversions (as far
//! as integer semantics and pointer arithmetic need them).

use super::constant::{char_literal, int_literal};
use super::{Binding, Lowerer};
use crate::ir::*;
use ferry_parser::ast::{self, ExprKind as A, UnaryOp as AU};

impl Lowerer {
    pub(super) fn expr(&mut self, e: &ast::Expr) -> Expr {
        let span = e.span;
        let (kind, ty) = match &e.kind {
            A::Ident(name) => match self.lookup(*name).cloned() {
                Some(Binding::Var(v)) => (ExprKind::Var(v), self.program.var(v).ty.clone()),
                Some(Binding::Func(f)) => (
                    ExprKind::Func(f),
                    Type::Function(Box::new(self.program.function(f).ty.clone())),
                ),
                Some(Binding::Enumerator(value)) => (ExprKind::Int(value), Type::int()),
                // An undeclared identifier (an implicit function declaration,
                // or a builtin like `__func__`).
                Some(Binding::Typedef(_)) | None => (ExprKind::UnknownConst, Type::Opaque),
            },
            A::IntLit(s) => match int_literal(s.as_str()) {
                Some((v, ty)) => (ExprKind::Int(v), ty),
                None => (ExprKind::UnknownConst, Type::int()),
            },
            A::CharLit(s) => match char_literal(s.as_str()) {
                Some(v) => (ExprKind::Int(v), Type::int()),
                None => (ExprKind::UnknownConst, Type::int()),
            },
            A::FloatLit(_) => (ExprKind::Float, Type::Float { bits: 64 }),
            A::StringLit(_) => (
                ExprKind::Str,
                Type::Array(
                    Box::new(Type::Int {
                        signed: true,
                        bits: 8,
                    }),
                    ArrayLen::Unknown,
                ),
            ),
            A::Paren(inner) => return self.expr(inner),
            A::Unary(op, inner) => return self.unary(*op, inner, span),
            A::Binary(op, a, b) => {
                let a = self.expr(a);
                let b = self.expr(b);
                let ty = binary_type(*op, &a.ty, &b.ty);
                (ExprKind::Binary(*op, Box::new(a), Box::new(b)), ty)
            }
            A::Assign(op, target, value) => {
                let target = self.expr(target);
                let value = self.expr(value);
                let ty = target.ty.clone();
                (ExprKind::Assign(*op, Box::new(target), Box::new(value)), ty)
            }
            A::Conditional(c, a, b) => {
                let c = self.expr(c);
                let a = a.as_ref().map(|a| Box::new(self.expr(a)));
                let b = self.expr(b);
                let ty = match &a {
                    Some(a) if a.ty.is_arithmetic() && b.ty.is_arithmetic() => {
                        Type::arithmetic_conversion(&a.ty, &b.ty)
                    }
                    Some(a) if a.ty != Type::Opaque => a.ty.decay(),
                    _ => b.ty.decay(),
                };
                (ExprKind::Cond(Box::new(c), a, Box::new(b)), ty)
            }
            A::Cast(t, inner) => {
                let ty = self.type_name(t);
                let inner = self.expr(inner);
                (ExprKind::Cast(Box::new(inner)), ty)
            }
            A::SizeofExpr(_)
            | A::SizeofType(_)
            | A::AlignofType(..)
            | A::AlignofExpr(..)
            | A::Offsetof(..) => {
                // The operand of sizeof is not evaluated (VLAs aside, whose
                // size expressions have no effects in practice).
                let measured = match &e.kind {
                    A::SizeofType(t) => Some(self.type_name(t)),
                    A::SizeofExpr(x) if is_plain_designator(x) => Some(self.expr(x).ty),
                    _ => None,
                };
                let kind = match measured {
                    Some(ty) if ty != Type::Opaque => ExprKind::SizeOf(ty),
                    _ => ExprKind::UnknownConst,
                };
                (
                    kind,
                    Type::Int {
                        signed: false,
                        bits: 64,
                    },
                )
            }
            A::TypesCompatible(..) => (ExprKind::UnknownConst, Type::int()),
            A::Call(callee, args) => {
                let callee = self.expr(callee);
                let args: Vec<Expr> = args.iter().map(|a| self.expr(a)).collect();
                for a in &args {
                    if matches!(a.ty, Type::Array(..)) {
                        self.mark_address_taken(a);
                    }
                }
                if let ExprKind::Func(_) = callee.kind {
                } else {
                    self.mark_address_taken(&callee);
                }
                let ty = callee
                    .ty
                    .function_type()
                    .map(|f| f.ret.clone())
                    .unwrap_or(Type::int());
                (ExprKind::Call(Box::new(callee), args), ty)
            }
            A::Index(a, i) => {
                let a = self.expr(a);
                let i = self.expr(i);
                // `i[a]` is `a[i]`.
                let (a, i) = if !a.ty.is_pointer_like() && i.ty.is_pointer_like() {
                    (i, a)
                } else {
                    (a, i)
                };
                let ty = a.ty.pointee().cloned().unwrap_or(Type::Opaque);
                (ExprKind::Index(Box::new(a), Box::new(i)), ty)
            }
            A::Member(base, field) | A::PtrMember(base, field) => {
                let arrow = matches!(e.kind, A::PtrMember(..));
                let base = self.expr(base);
                let struct_ty = if arrow {
                    base.ty.pointee().cloned()
                } else {
                    Some(base.ty.clone())
                };
                let ty = match struct_ty {
                    Some(Type::Struct(id)) => self
                        .program
                        .struct_def(id)
                        .field_type(&self.program, *field)
                        .unwrap_or(Type::Opaque),
                    _ => Type::Opaque,
                };
                (
                    ExprKind::Member {
                        base: Box::new(base),
                        field: *field,
                        arrow,
                    },
                    ty,
                )
            }
            A::Comma(items) => {
                let items: Vec<Expr> = items.iter().map(|i| self.expr(i)).collect();
                let ty = items.last().map(|e| e.ty.clone()).unwrap_or(Type::Void);
                (ExprKind::Comma(items), ty)
            }
            A::CompoundLiteral(t, items) => {
                let ty = self.type_name(t);
                let mut operands = Vec::new();
                for item in items {
                    self.initializer_operands(&item.initializer, &mut operands);
                }
                (
                    ExprKind::Opaque {
                        operands,
                        unknown_effects: false,
                    },
                    ty,
                )
            }
            A::StmtExpr(_) => (
                // Statement expressions are rare in code worth offloading:
                // their effects are unknown rather than analysed.
                ExprKind::Opaque {
                    operands: Vec::new(),
                    unknown_effects: true,
                },
                Type::Opaque,
            ),
            A::Generic(control, assocs) => {
                // The selected association is not computed: all are operands.
                let mut operands = vec![self.expr(control)];
                operands.extend(assocs.iter().map(|a| self.expr(&a.expr)));
                (
                    ExprKind::Opaque {
                        operands,
                        unknown_effects: false,
                    },
                    Type::Opaque,
                )
            }
            A::VaArg(ap, t) => {
                let ap = self.expr(ap);
                let ty = self.type_name(t);
                (
                    ExprKind::Opaque {
                        operands: vec![ap],
                        unknown_effects: false,
                    },
                    ty,
                )
            }
            A::LabelAddr(_) => (ExprKind::UnknownConst, Type::Pointer(Box::new(Type::Void))),
        };
        Expr { kind, ty, span }
    }

    fn unary(&mut self, op: AU, inner: &ast::Expr, span: ferry_parser::span::Span) -> Expr {
        let inner = self.expr(inner);
        let (op, ty) = match op {
            AU::Plus => (UnOp::Plus, inner.ty.promoted()),
            AU::Minus => (UnOp::Neg, inner.ty.promoted()),
            AU::Not => (UnOp::Not, Type::int()),
            AU::BitNot => (UnOp::BitNot, inner.ty.promoted()),
            AU::Deref => {
                let ty = match &inner.ty {
                    Type::Function(_) => inner.ty.clone(),
                    other => other.pointee().cloned().unwrap_or(Type::Opaque),
                };
                (UnOp::Deref, ty)
            }
            AU::AddrOf => {
                self.mark_address_taken(&inner);
                (UnOp::AddrOf, Type::Pointer(Box::new(inner.ty.clone())))
            }
            AU::PreInc => (UnOp::PreInc, inner.ty.clone()),
            AU::PreDec => (UnOp::PreDec, inner.ty.clone()),
            AU::PostInc => (UnOp::PostInc, inner.ty.clone()),
            AU::PostDec => (UnOp::PostDec, inner.ty.clone()),
            AU::Real | AU::Imag => {
                return Expr {
                    kind: ExprKind::Opaque {
                        operands: vec![inner],
                        unknown_effects: false,
                    },
                    ty: Type::Float { bits: 64 },
                    span,
                };
            }
        };
        Expr {
            kind: ExprKind::Unary(op, Box::new(inner)),
            ty,
            span,
        }
    }

    /// The type of an expression, for `typeof`.
    pub(super) fn expr_type_only(&mut self, e: &ast::Expr) -> Type {
        self.expr(e).ty
    }

    /// The expressions of an initialiser, flattened.
    pub(super) fn initializer_operands(&mut self, init: &ast::Initializer, out: &mut Vec<Expr>) {
        match init {
            ast::Initializer::Expr(e) => out.push(self.expr(e)),
            ast::Initializer::List(items, _) => {
                for item in items {
                    self.initializer_operands(&item.initializer, out);
                }
            }
        }
    }

    /// `var = initializer` as an expression: a scalar initialiser is an
    /// assignment; a braced list writes the variable as a whole.
    pub(super) fn initializer_expr(&mut self, init: &ast::Initializer, var: VarId) -> Expr {
        let ty = self.program.var(var).ty.clone();
        let span = self.program.var(var).span;
        let target = Expr {
            kind: ExprKind::Var(var),
            ty: ty.clone(),
            span,
        };
        if let ast::Initializer::List(items, _) = init
            && let Some(members) = self.member_initializers(&target, items)
        {
            return Expr {
                kind: ExprKind::Comma(members),
                ty,
                span,
            };
        }
        let value = match init {
            ast::Initializer::Expr(e) if !matches!(ty, Type::Array(..)) => self.expr(e),
            _ => {
                let mut operands = Vec::new();
                self.initializer_operands(init, &mut operands);
                for o in &operands {
                    if matches!(o.ty, Type::Array(..)) {
                        self.mark_address_taken(o);
                    }
                }
                Expr {
                    kind: ExprKind::Opaque {
                        operands,
                        unknown_effects: false,
                    },
                    ty: ty.clone(),
                    span,
                }
            }
        };
        if let Type::Pointer(_) = ty
            && matches!(value.ty, Type::Array(..))
        {
            self.mark_address_taken(&value);
        }
        Expr {
            kind: ExprKind::Assign(AssignOp::Assign, Box::new(target), Box::new(value)),
            ty,
            span,
        }
    }
}

impl Lowerer {
    /// A braced initialiser of a structure (not a union) whose members are all
    /// integers, floats or pointers, as one assignment per member in
    /// declaration order (`w.n = n, w.src = src`), a member the list does
    /// not give set to zero as C sets it: what the program does, member by
    /// member, so that a structure initialised with braces can still be
    /// seen as a variable per member (`scalar_fields`). Positional items
    /// and `.field` designators only, each member given once; `None`
    /// otherwise (nested braces, a member array or structure), and the
    /// structure is written as a whole.
    fn member_initializers(&mut self, target: &Expr, items: &[ast::InitItem]) -> Option<Vec<Expr>> {
        let Type::Struct(s) = target.ty else {
            return None;
        };
        // A union's members share their storage: `{v}` sets the first,
        // and zeroing the others would overwrite it.
        let def = self.program.struct_def(s);
        if def.is_union {
            return None;
        }
        let fields = def.fields.clone()?;
        let scalar = |f: &Field| {
            f.name.is_some()
                && !f.bit_field
                && matches!(
                    f.ty,
                    Type::Int { .. } | Type::Float { .. } | Type::Pointer(_)
                )
        };
        if fields.is_empty() || !fields.iter().all(scalar) {
            return None;
        }
        let mut given: Vec<Option<&ast::Expr>> = vec![None; fields.len()];
        let mut next = 0;
        for item in items {
            let designated = match (item.designators.as_slice(), item.old_style_field) {
                ([], None) => None,
                ([ast::Designator::Field(name)], None) => Some(*name),
                ([], Some(name)) => Some(name),
                _ => return None,
            };
            if let Some(name) = designated {
                next = fields.iter().position(|f| f.name == Some(name))?;
            }
            let ast::Initializer::Expr(e) = &item.initializer else {
                return None;
            };
            let slot = given.get_mut(next)?;
            if slot.is_some() {
                return None;
            }
            *slot = Some(e);
            next += 1;
        }
        let span = target.span;
        let members = fields
            .iter()
            .zip(given)
            .map(|(field, value)| {
                let value = match value {
                    Some(e) => self.expr(e),
                    None => Expr {
                        kind: ExprKind::Int(0),
                        ty: Type::int(),
                        span,
                    },
                };
                let member = Expr {
                    kind: ExprKind::Member {
                        base: Box::new(target.clone()),
                        field: field.name.expect("every member is named"),
                        arrow: false,
                    },
                    ty: field.ty.clone(),
                    span,
                };
                Expr {
                    kind: ExprKind::Assign(AssignOp::Assign, Box::new(member), Box::new(value)),
                    ty: field.ty.clone(),
                    span,
                }
            })
            .collect();
        Some(members)
    }
}

fn binary_type(op: ast::BinaryOp, a: &Type, b: &Type) -> Type {
    use ast::BinaryOp::*;
    match op {
        Lt | Gt | Le | Ge | Eq | Ne | LogAnd | LogOr => Type::int(),
        Shl | Shr => a.promoted(),
        Add | Sub if a.is_pointer_like() && b.is_pointer_like() => Type::Int {
            signed: true,
            bits: 64,
        },
        Add | Sub if a.is_pointer_like() => a.decay(),
        Add if b.is_pointer_like() => b.decay(),
        _ => Type::arithmetic_conversion(a, b),
    }
}

/// An object designated by names, members, dereferences and constant or
/// named subscripts: lowering it only to learn its type (the operand of
/// `sizeof`) creates nothing and evaluates nothing.
fn is_plain_designator(e: &ast::Expr) -> bool {
    match &e.kind {
        A::Ident(_) => true,
        A::Paren(x) | A::Member(x, _) | A::PtrMember(x, _) | A::Unary(AU::Deref, x) => {
            is_plain_designator(x)
        }
        A::Index(x, i) => is_plain_designator(x) && matches!(i.kind, A::IntLit(_) | A::Ident(_)),
        _ => false,
    }
}
