//! C built as a tree: constructors for the expressions, declarations and
//! statements the transformations generate. What they build has no
//! source position (`Span::default()`) and no parentheses but those a
//! caller asks for: the printer adds the ones C's precedence needs.
//!
//! Generated code is built with these and printed, never written as text
//! and parsed back, so that what a pass means to generate is what the
//! tree holds (and a name is a [`Symbol`], not a piece of a string).

use crate::ast::*;
use crate::intern::Symbol;
use crate::span::Span;

pub fn expr(kind: ExprKind) -> Expr {
    Expr {
        kind,
        span: Span::default(),
    }
}

pub fn ident(name: Symbol) -> Expr {
    expr(ExprKind::Ident(name))
}

/// The identifier spelled `name`.
pub fn name(name: &str) -> Expr {
    ident(Symbol::intern(name))
}

/// An `int` constant (a negative one as `-` applied to its magnitude).
pub fn int(v: i64) -> Expr {
    literal(v, "")
}

/// A `long` constant, `vL`.
pub fn long(v: i64) -> Expr {
    literal(v, "L")
}

fn literal(v: i64, suffix: &str) -> Expr {
    let text = format!("{}{suffix}", v.unsigned_abs());
    let magnitude = expr(ExprKind::IntLit(Symbol::intern(&text)));
    if v < 0 {
        unary(UnaryOp::Minus, magnitude)
    } else {
        magnitude
    }
}

/// A floating constant as Rust writes `v` (always with a point or an
/// exponent, so that C reads a `double`).
pub fn double(v: f64) -> Expr {
    let text = format!("{v:?}");
    if v < 0.0 {
        return unary(UnaryOp::Minus, double(-v));
    }
    expr(ExprKind::FloatLit(Symbol::intern(&text)))
}

pub fn paren(e: Expr) -> Expr {
    expr(ExprKind::Paren(Box::new(e)))
}

pub fn unary(op: UnaryOp, e: Expr) -> Expr {
    expr(ExprKind::Unary(op, Box::new(e)))
}

pub fn binary(op: BinaryOp, a: Expr, b: Expr) -> Expr {
    expr(ExprKind::Binary(op, Box::new(a), Box::new(b)))
}

pub fn add(a: Expr, b: Expr) -> Expr {
    binary(BinaryOp::Add, a, b)
}

pub fn sub(a: Expr, b: Expr) -> Expr {
    binary(BinaryOp::Sub, a, b)
}

pub fn mul(a: Expr, b: Expr) -> Expr {
    binary(BinaryOp::Mul, a, b)
}

pub fn eq(a: Expr, b: Expr) -> Expr {
    binary(BinaryOp::Eq, a, b)
}

pub fn not(e: Expr) -> Expr {
    unary(UnaryOp::Not, e)
}

pub fn addr_of(e: Expr) -> Expr {
    unary(UnaryOp::AddrOf, e)
}

pub fn assign(target: Expr, value: Expr) -> Expr {
    assign_op(AssignOp::Assign, target, value)
}

pub fn assign_op(op: AssignOp, target: Expr, value: Expr) -> Expr {
    expr(ExprKind::Assign(op, Box::new(target), Box::new(value)))
}

pub fn conditional(condition: Expr, then: Expr, otherwise: Expr) -> Expr {
    expr(ExprKind::Conditional(
        Box::new(condition),
        Some(Box::new(then)),
        Box::new(otherwise),
    ))
}

/// A call of the function named `function`.
pub fn call(function: &str, args: Vec<Expr>) -> Expr {
    expr(ExprKind::Call(Box::new(name(function)), args))
}

pub fn index(base: Expr, subscript: Expr) -> Expr {
    expr(ExprKind::Index(Box::new(base), Box::new(subscript)))
}

pub fn cast(ty: TypeName, e: Expr) -> Expr {
    expr(ExprKind::Cast(Box::new(ty), Box::new(e)))
}

/// `sizeof (e)`, parenthesised as people write it.
pub fn sizeof(e: Expr) -> Expr {
    expr(ExprKind::SizeofExpr(Box::new(paren(e))))
}

/// `(ty){items...}`.
pub fn compound_literal(ty: TypeName, items: Vec<Expr>) -> Expr {
    expr(ExprKind::CompoundLiteral(
        Box::new(ty),
        initializer_items(items),
    ))
}

fn initializer_items(items: Vec<Expr>) -> Vec<InitItem> {
    items
        .into_iter()
        .map(|e| InitItem {
            designators: Vec::new(),
            old_style_field: None,
            initializer: Initializer::Expr(Box::new(e)),
        })
        .collect()
}

// ------------------------------------------------------------------ types

pub fn builtin(t: BuiltinType) -> DeclSpecifier {
    DeclSpecifier::Type(TypeSpecifier::Builtin(t))
}

pub fn const_() -> DeclSpecifier {
    DeclSpecifier::Qualifier(TypeQualifier::Const(Symbol::intern("const")))
}

/// `__typeof__(e)`.
pub fn typeof_(e: Expr) -> DeclSpecifier {
    DeclSpecifier::Type(TypeSpecifier::TypeofExpr(
        Symbol::intern("__typeof__"),
        Box::new(e),
    ))
}

/// `__typeof__((void)0, e)`: the type of `e`'s value, without its
/// qualifiers (the comma's operand goes through lvalue conversion, which
/// drops them), where `__typeof__(e)` would declare a `const` copy of a
/// `const` structure. Not for arrays, which the comma turns into pointers.
pub fn unqualified_typeof(e: Expr) -> DeclSpecifier {
    let void = type_name(vec![builtin(BuiltinType::Void)], Declarator::Abstract);
    typeof_(expr(ExprKind::Comma(vec![cast(void, int(0)), e])))
}

/// `struct tag`, without members.
pub fn struct_named(tag: &str) -> DeclSpecifier {
    tagged(StructKind::Struct, tag)
}

/// `struct tag` or `union tag`, without members.
pub fn tagged(kind: StructKind, tag: &str) -> DeclSpecifier {
    DeclSpecifier::Type(TypeSpecifier::Struct(Box::new(StructType {
        kind,
        attributes: Vec::new(),
        tag: Some(Symbol::intern(tag)),
        members: None,
        span: Span::default(),
    })))
}

pub fn type_name(specifiers: Vec<DeclSpecifier>, declarator: Declarator) -> TypeName {
    TypeName {
        specifiers,
        declarator,
        span: Span::default(),
    }
}

/// The type `long`.
pub fn long_type() -> TypeName {
    type_name(vec![builtin(BuiltinType::Long)], Declarator::Abstract)
}

/// The type `void *`.
pub fn void_pointer() -> TypeName {
    type_name(
        vec![builtin(BuiltinType::Void)],
        pointer(Declarator::Abstract),
    )
}

/// `(long)e`.
pub fn cast_long(e: Expr) -> Expr {
    cast(long_type(), e)
}

/// `(void *)e`.
pub fn cast_void_pointer(e: Expr) -> Expr {
    cast(void_pointer(), e)
}

/// `(const long[]){items...}`: a list of `long`s passed to a function.
pub fn long_list(items: Vec<Expr>) -> Expr {
    let ty = type_name(
        vec![const_(), builtin(BuiltinType::Long)],
        array(Declarator::Abstract, None),
    );
    compound_literal(ty, items)
}

pub fn declarator(name: Symbol) -> Declarator {
    Declarator::Ident(name, Span::default())
}

pub fn pointer(inner: Declarator) -> Declarator {
    Declarator::Pointer {
        qualifiers: Vec::new(),
        inner: Box::new(inner),
    }
}

/// `inner[size]`, or `inner[]` without a size.
pub fn array(inner: Declarator, size: Option<Expr>) -> Declarator {
    Declarator::Array {
        inner: Box::new(inner),
        qualifiers: Vec::new(),
        is_static: false,
        size: size.map_or(ArraySize::Unspecified, |e| ArraySize::Expr(Box::new(e))),
    }
}

pub fn paren_declarator(inner: Declarator) -> Declarator {
    Declarator::Paren(Box::new(inner))
}

// ----------------------------------------------------------- declarations

/// A parameter of a prototype.
pub fn parameter(specifiers: Vec<DeclSpecifier>, declarator: Declarator) -> ParamDecl {
    ParamDecl {
        specifiers,
        declarator,
        attributes: Vec::new(),
        span: Span::default(),
    }
}

/// One declaration of several declarators, each with its initializer.
pub fn declaration(
    specifiers: Vec<DeclSpecifier>,
    declarators: Vec<(Declarator, Option<Expr>)>,
) -> Declaration {
    Declaration::Normal {
        specifiers,
        declarators: declarators
            .into_iter()
            .map(|(declarator, value)| InitDeclarator {
                declarator,
                asm_label: None,
                attributes: Vec::new(),
                initializer: value.map(|e| Initializer::Expr(Box::new(e))),
            })
            .collect(),
        span: Span::default(),
    }
}

/// `ty name = value;` for a type made of specifiers alone.
pub fn variable(specifiers: Vec<DeclSpecifier>, name: Symbol, value: Option<Expr>) -> BlockItem {
    BlockItem::Declaration(declaration(specifiers, vec![(declarator(name), value)]))
}

/// `long name = value;`.
pub fn long_variable(name: Symbol, value: Expr) -> BlockItem {
    variable(vec![builtin(BuiltinType::Long)], name, Some(value))
}

/// `const long a = x, b = y;`.
pub fn const_longs(values: Vec<(Symbol, Expr)>) -> BlockItem {
    BlockItem::Declaration(declaration(
        vec![const_(), builtin(BuiltinType::Long)],
        values
            .into_iter()
            .map(|(name, value)| (declarator(name), Some(value)))
            .collect(),
    ))
}

/// `ty name = {items...};`.
pub fn with_initializer_list(
    specifiers: Vec<DeclSpecifier>,
    name: Symbol,
    items: Vec<Expr>,
) -> BlockItem {
    BlockItem::Declaration(Declaration::Normal {
        specifiers,
        declarators: vec![InitDeclarator {
            declarator: declarator(name),
            asm_label: None,
            attributes: Vec::new(),
            initializer: Some(Initializer::List(initializer_items(items), Span::default())),
        }],
        span: Span::default(),
    })
}

// ------------------------------------------------------------- statements

pub fn stmt(kind: StmtKind) -> Stmt {
    Stmt {
        kind,
        span: Span::default(),
        pragmas: Vec::new(),
        id: StmtId::fresh(),
    }
}

/// `e;` as a block item.
pub fn expr_item(e: Expr) -> BlockItem {
    BlockItem::Statement(stmt(StmtKind::Expr(Box::new(e))))
}

pub fn block(items: Vec<BlockItem>) -> Block {
    Block {
        items,
        local_labels: Vec::new(),
        span: Span::default(),
    }
}

/// `{ items... }`.
pub fn compound(items: Vec<BlockItem>) -> Stmt {
    stmt(StmtKind::Compound(block(items)))
}

/// `if (condition) { then... } else { otherwise... }`.
pub fn if_else(condition: Expr, then: Vec<BlockItem>, otherwise: Option<Vec<BlockItem>>) -> Stmt {
    stmt(StmtKind::If {
        condition: Box::new(condition),
        then_branch: Box::new(compound(then)),
        else_branch: otherwise.map(|items| Box::new(compound(items))),
    })
}

/// `if (condition) { then... } else if ...`: the else branch another
/// `if` without braces around it.
pub fn if_else_if(condition: Expr, then: Vec<BlockItem>, otherwise: Stmt) -> Stmt {
    stmt(StmtKind::If {
        condition: Box::new(condition),
        then_branch: Box::new(compound(then)),
        else_branch: Some(Box::new(otherwise)),
    })
}

/// `for (long iterator = first; condition; step) { body... }`.
pub fn for_long(
    iterator: Symbol,
    first: Expr,
    condition: Expr,
    step: Expr,
    body: Vec<BlockItem>,
) -> Stmt {
    let init = declaration(
        vec![builtin(BuiltinType::Long)],
        vec![(declarator(iterator), Some(first))],
    );
    stmt(StmtKind::For {
        init: ForInit::Declaration(Box::new(init)),
        condition: Some(Box::new(condition)),
        step: Some(Box::new(step)),
        body: Box::new(compound(body)),
    })
}

pub fn return_(value: Option<Expr>) -> Stmt {
    stmt(StmtKind::Return(value.map(Box::new)))
}

/// `label: ;`.
pub fn label(name: Symbol) -> Stmt {
    stmt(StmtKind::Labeled {
        label: name,
        body: Box::new(stmt(StmtKind::Empty)),
    })
}

impl From<Stmt> for BlockItem {
    fn from(s: Stmt) -> BlockItem {
        BlockItem::Statement(s)
    }
}

/// Removes `register` from `specifiers`; whether there was one.
pub fn drop_register(specifiers: &mut Vec<DeclSpecifier>) -> bool {
    let before = specifiers.len();
    specifiers.retain(|s| !matches!(s, DeclSpecifier::Storage(StorageClass::Register)));
    specifiers.len() < before
}

/// Adds the `int` an implicit `int` leaves out (`register i` without its
/// storage class, `const x` as a prototype's parameter).
pub fn with_type(specifiers: &mut Vec<DeclSpecifier>) {
    if !specifiers
        .iter()
        .any(|s| matches!(s, DeclSpecifier::Type(_)))
    {
        specifiers.push(builtin(BuiltinType::Int));
    }
}

/// An old-style definition as a prototype one: `f(a, n) int *a; { ... }`
/// becomes `f(int *a, int n) { ... }`, each parameter with its declared
/// type (`int` where none is declared) and without `register`. For the
/// functions ferry writes (clones, device functions), every call of which
/// it writes itself with arguments of the parameters' types, both mean the
/// same; OpenCL C and CUDA have no old-style definitions. Other definitions
/// are returned as they are.
pub fn prototyped(def: &FunctionDef) -> FunctionDef {
    let mut out = def.clone();
    let Some(FunctionParams::Identifiers(names)) = out.declarator.function_params() else {
        return out;
    };
    let params = names
        .iter()
        .map(
            |&(name, _)| match old_style_declaration(&def.old_style_params, name) {
                Some((specifiers, declarator)) => {
                    let mut specifiers = specifiers.to_vec();
                    drop_register(&mut specifiers);
                    with_type(&mut specifiers);
                    parameter(specifiers, declarator.clone())
                }
                None => parameter(vec![builtin(BuiltinType::Int)], self::declarator(name)),
            },
        )
        .collect();
    if let Some(slot) = out.declarator.function_params_mut() {
        *slot = FunctionParams::Prototype {
            params,
            variadic: false,
        };
    }
    out.old_style_params.clear();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::printer::{print_expr, print_external_decl, print_stmt};

    #[test]
    fn old_style_definitions_become_prototypes() {
        let text = "# 1 \"k.c\"\nf(a, n, x) int *a; register float x; { return a[n] + x; }\n";
        let parsed =
            crate::driver::parse_preprocessed(text.to_string(), std::path::Path::new("k.c"))
                .expect("old-style C parses");
        let ExternalDecl::FunctionDef(def) = &parsed.unit.items[0] else {
            panic!("a definition");
        };
        let mut out = String::new();
        print_external_decl(&mut out, &ExternalDecl::FunctionDef(prototyped(def)));
        assert!(
            out.starts_with("f(int *a, int n, float x)\n{"),
            "undeclared n is an int, register is gone:\n{out}"
        );
    }

    #[test]
    fn the_printer_adds_the_parentheses_precedence_needs() {
        let e = mul(sub(name("a"), long(1)), add(name("b"), int(-2)));
        assert_eq!(print_expr(&e), "(a - 1L) * (b + -2)");
        let e = sub(name("a"), sub(name("b"), name("c")));
        assert_eq!(print_expr(&e), "a - (b - c)");
        assert_eq!(
            print_expr(&cast_long(add(name("x"), int(1)))),
            "(long)(x + 1)"
        );
    }

    #[test]
    fn runtime_calls_print_as_c() {
        let e = call(
            "f",
            vec![
                cast_void_pointer(name("d")),
                sizeof(index(name("a"), long(0))),
                long_list(vec![long(0), name("n")]),
            ],
        );
        assert_eq!(
            print_expr(&e),
            "f((void *)d, sizeof (a[0L]), (const long[]){0L, n})"
        );
        let s = for_long(
            Symbol::intern("c"),
            long(0),
            binary(BinaryOp::Le, name("c"), name("n")),
            assign_op(AssignOp::Add, name("c"), long(1)),
            vec![expr_item(call("g", vec![]))],
        );
        assert_eq!(
            print_stmt(&s),
            "for (long c = 0L; c <= n; c += 1L) {\n    g();\n}\n"
        );
    }
}
