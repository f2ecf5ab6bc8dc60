//! The C abstract syntax tree.
//!
//! The tree follows the C11 grammar closely (declaration specifiers stay a
//! list in source order, declarators stay nested as written) so that the
//! printer can regenerate the user's code faithfully and later passes can
//! still see what the programmer wrote. Identifiers and literal spellings are
//! interned [`Symbol`]s; every node that a diagnostic may point at carries a
//! [`Span`] (byte offsets into the preprocessed text, resolved to the user's
//! file, line and column by [`crate::SourceMap`]).

use crate::intern::Symbol;
use crate::span::Span;

/// A whole preprocessed translation unit.
#[derive(Debug, Clone, PartialEq)]
pub struct TranslationUnit {
    pub items: Vec<ExternalDecl>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ExternalDecl {
    Declaration(Declaration),
    FunctionDef(FunctionDef),
    /// A `#pragma` at file scope.
    Pragma(Pragma),
    /// A file-scope `asm("...");`.
    Asm(AsmStmt),
    /// A stray `;` at file scope (accepted by GCC, kept for faithful output).
    Empty(Span),
}

impl ExternalDecl {
    pub fn span(&self) -> Span {
        match self {
            ExternalDecl::Declaration(d) => d.span(),
            ExternalDecl::FunctionDef(f) => f.span,
            ExternalDecl::Pragma(p) => p.span,
            ExternalDecl::Asm(a) => a.span,
            ExternalDecl::Empty(s) => *s,
        }
    }
}

/// `#pragma TEXT`, kept verbatim (TEXT is everything after `pragma`).
#[derive(Debug, Clone, PartialEq)]
pub struct Pragma {
    pub text: Symbol,
    pub span: Span,
}

impl Pragma {
    /// Whether it declares the loop after it free of dependences between
    /// iterations: `ferry independent`, or PENCIL's `pencil independent`
    /// (the report's §3.9).
    pub fn declares_independence(&self) -> bool {
        matches!(
            self.text.as_str().split_whitespace().collect::<Vec<_>>()[..],
            ["ferry" | "pencil", "independent"]
        )
    }
}

#[derive(Debug, Clone)]
pub struct FunctionDef {
    /// Empty for an implicit `int` (C89: `main() { ... }`).
    pub specifiers: Vec<DeclSpecifier>,
    pub declarator: Declarator,
    /// The declarations of an old-style (K&R) definition's parameters,
    /// between its declarator and its body: `f(a, n) int *a; { ... }`.
    pub old_style_params: Vec<Declaration>,
    pub body: Block,
    /// The body as a statement (what `--function` isolates).
    pub body_id: StmtId,
    pub span: Span,
}

/// The specifiers and declarator with which an old-style definition's
/// parameter declarations (`old_style`) declare parameter `name`; `None`
/// for one they leave undeclared (an `int`).
pub fn old_style_declaration(
    old_style: &[Declaration],
    name: Symbol,
) -> Option<(&[DeclSpecifier], &Declarator)> {
    old_style.iter().find_map(|d| match d {
        Declaration::Normal {
            specifiers,
            declarators,
            ..
        } => declarators
            .iter()
            .find(|i| i.declarator.name().is_some_and(|(n, _)| n == name))
            .map(|i| (&specifiers[..], &i.declarator)),
        Declaration::StaticAssert(_) => None,
    })
}

/// As for [`Stmt`], the body's identity is not compared.
impl PartialEq for FunctionDef {
    fn eq(&self, other: &FunctionDef) -> bool {
        self.specifiers == other.specifiers
            && self.declarator == other.declarator
            && self.old_style_params == other.old_style_params
            && self.body == other.body
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum Declaration {
    Normal {
        specifiers: Vec<DeclSpecifier>,
        declarators: Vec<InitDeclarator>,
        span: Span,
    },
    StaticAssert(StaticAssert),
}

impl Declaration {
    pub fn span(&self) -> Span {
        match self {
            Declaration::Normal { span, .. } => *span,
            Declaration::StaticAssert(s) => s.span,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct StaticAssert {
    pub condition: Expr,
    /// Optional since C23; GCC accepts it without the message in every mode.
    pub message: Option<StringLit>,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub struct InitDeclarator {
    pub declarator: Declarator,
    /// GNU `__asm__("symbol")` label.
    pub asm_label: Option<AsmLabel>,
    /// GNU attributes after the declarator.
    pub attributes: Vec<Attribute>,
    pub initializer: Option<Initializer>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct AsmLabel {
    /// The spelling of the keyword (`asm`, `__asm`, `__asm__`).
    pub keyword: Symbol,
    pub name: StringLit,
}

/// A GNU `__attribute__((...))`, kept as written: analyses that need one
/// (alignment, vector sizes) read it from the text.
#[derive(Debug, Clone, PartialEq)]
pub struct Attribute {
    pub text: Symbol,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub enum DeclSpecifier {
    Storage(StorageClass),
    Qualifier(TypeQualifier),
    Function(FunctionSpecifier),
    Type(TypeSpecifier),
    Alignas(Alignas),
    Attribute(Attribute),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StorageClass {
    Typedef,
    Extern,
    Static,
    Auto,
    Register,
    /// `_Thread_local`, `thread_local` or `__thread`, with its spelling.
    ThreadLocal(Symbol),
}

/// Qualifiers keep the keyword's spelling: `__restrict` must stay
/// `__restrict` for the output to build in every `-std=` mode.
#[derive(Debug, Clone, PartialEq)]
pub enum TypeQualifier {
    Const(Symbol),
    Volatile(Symbol),
    Restrict(Symbol),
    Atomic,
    /// GNU attributes are accepted among pointer qualifiers.
    Attribute(Attribute),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FunctionSpecifier {
    Inline(Symbol),
    Noreturn,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Alignas {
    Type(Box<TypeName>),
    Expr(Box<Expr>),
}

#[derive(Debug, Clone, PartialEq)]
pub enum TypeSpecifier {
    Builtin(BuiltinType),
    /// `signed`, `__signed`, `__signed__`.
    Signed(Symbol),
    /// `_Complex`, `__complex__`.
    Complex(Symbol),
    Struct(Box<StructType>),
    Enum(Box<EnumType>),
    TypedefName(Symbol, Span),
    /// `typeof(expr)` with its keyword spelling.
    TypeofExpr(Symbol, Box<Expr>),
    TypeofType(Symbol, Box<TypeName>),
    /// `_Atomic(type-name)`.
    Atomic(Box<TypeName>),
}

/// Type keywords that carry no operand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BuiltinType {
    Void,
    Char,
    Short,
    Int,
    Long,
    Float,
    Double,
    Unsigned,
    Bool,
    Int128,
    Float16,
    Float32,
    Float64,
    Float128,
    Float32x,
    Float64x,
    Float128x,
    GnuFloat128,
    GnuFloat80,
    VaList,
    AutoType,
}

impl BuiltinType {
    pub fn keyword(self) -> &'static str {
        match self {
            BuiltinType::Void => "void",
            BuiltinType::Char => "char",
            BuiltinType::Short => "short",
            BuiltinType::Int => "int",
            BuiltinType::Long => "long",
            BuiltinType::Float => "float",
            BuiltinType::Double => "double",
            BuiltinType::Unsigned => "unsigned",
            BuiltinType::Bool => "_Bool",
            BuiltinType::Int128 => "__int128",
            BuiltinType::Float16 => "_Float16",
            BuiltinType::Float32 => "_Float32",
            BuiltinType::Float64 => "_Float64",
            BuiltinType::Float128 => "_Float128",
            BuiltinType::Float32x => "_Float32x",
            BuiltinType::Float64x => "_Float64x",
            BuiltinType::Float128x => "_Float128x",
            BuiltinType::GnuFloat128 => "__float128",
            BuiltinType::GnuFloat80 => "__float80",
            BuiltinType::VaList => "__builtin_va_list",
            BuiltinType::AutoType => "__auto_type",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StructKind {
    Struct,
    Union,
}

#[derive(Debug, Clone, PartialEq)]
pub struct StructType {
    pub kind: StructKind,
    /// Attributes between the keyword and the tag.
    pub attributes: Vec<Attribute>,
    pub tag: Option<Symbol>,
    /// `None` for a reference to a tag declared elsewhere (`struct s *p`).
    pub members: Option<Vec<StructMember>>,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub enum StructMember {
    Field {
        specifiers: Vec<DeclSpecifier>,
        /// Empty for an anonymous struct or union member.
        declarators: Vec<StructDeclarator>,
        span: Span,
    },
    StaticAssert(StaticAssert),
    /// A stray `;` inside a struct body (a GNU extension).
    Empty,
}

#[derive(Debug, Clone, PartialEq)]
pub struct StructDeclarator {
    pub declarator: Option<Declarator>,
    pub bit_width: Option<Expr>,
    pub attributes: Vec<Attribute>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct EnumType {
    pub attributes: Vec<Attribute>,
    pub tag: Option<Symbol>,
    pub enumerators: Option<Vec<Enumerator>>,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Enumerator {
    pub name: Symbol,
    pub attributes: Vec<Attribute>,
    pub value: Option<Expr>,
    pub span: Span,
}

/// A declarator, nested as written: `int (*a[3])(void)` is
/// `Function(Paren(Pointer(Array(Ident a))))`... read from the inside out.
#[derive(Debug, Clone, PartialEq)]
pub enum Declarator {
    Ident(Symbol, Span),
    /// The empty innermost declarator of an abstract declarator (casts,
    /// `sizeof`, unnamed parameters).
    Abstract,
    Pointer {
        qualifiers: Vec<TypeQualifier>,
        inner: Box<Declarator>,
    },
    Array {
        inner: Box<Declarator>,
        qualifiers: Vec<TypeQualifier>,
        /// `static` inside the brackets (`int a[static n]`).
        is_static: bool,
        size: ArraySize,
    },
    Function {
        inner: Box<Declarator>,
        params: FunctionParams,
    },
    /// Parentheses written around a declarator.
    Paren(Box<Declarator>),
}

impl Declarator {
    /// The identifier being declared, if this is not an abstract declarator.
    pub fn name(&self) -> Option<(Symbol, Span)> {
        match self {
            Declarator::Ident(name, span) => Some((*name, *span)),
            Declarator::Abstract => None,
            Declarator::Pointer { inner, .. }
            | Declarator::Array { inner, .. }
            | Declarator::Function { inner, .. }
            | Declarator::Paren(inner) => inner.name(),
        }
    }

    /// The parameter list of the function this declarator declares, if it
    /// declares a function (the outermost derivation applied to the name).
    pub fn function_params(&self) -> Option<&FunctionParams> {
        match self {
            Declarator::Function { inner, params } => match inner.as_ref() {
                Declarator::Ident(..) => Some(params),
                other => other.function_params(),
            },
            Declarator::Paren(inner) => inner.function_params(),
            Declarator::Pointer { inner, .. } | Declarator::Array { inner, .. } => {
                // `int (*f(void))[3]`: f is a function returning a pointer.
                inner.function_params()
            }
            Declarator::Ident(..) | Declarator::Abstract => None,
        }
    }

    /// Whether the brackets that derive the declared name's type first
    /// (its outermost array dimension: `n` in `int a[static n][m]`) hold
    /// `static`.
    pub fn first_dimension_is_static(&self) -> bool {
        match self {
            Declarator::Array {
                inner, is_static, ..
            } => match inner.as_ref() {
                Declarator::Ident(..) => *is_static,
                other => other.first_dimension_is_static(),
            },
            Declarator::Paren(inner) => inner.first_dimension_is_static(),
            Declarator::Pointer { .. }
            | Declarator::Function { .. }
            | Declarator::Ident(..)
            | Declarator::Abstract => false,
        }
    }

    /// [`Declarator::function_params`], to change them.
    pub fn function_params_mut(&mut self) -> Option<&mut FunctionParams> {
        match self {
            Declarator::Function { inner, params } => match inner.as_ref() {
                Declarator::Ident(..) => Some(params),
                _ => inner.function_params_mut(),
            },
            Declarator::Paren(inner)
            | Declarator::Pointer { inner, .. }
            | Declarator::Array { inner, .. } => inner.function_params_mut(),
            Declarator::Ident(..) | Declarator::Abstract => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum ArraySize {
    Unspecified,
    /// `[*]`: a VLA of unspecified size in a prototype.
    Star,
    Expr(Box<Expr>),
}

#[derive(Debug, Clone, PartialEq)]
pub enum FunctionParams {
    /// A prototype: `(void)` is one unnamed `void` parameter.
    Prototype {
        params: Vec<ParamDecl>,
        variadic: bool,
    },
    /// An old-style identifier list, possibly empty: `f()` or `f(a, b)`.
    Identifiers(Vec<(Symbol, Span)>),
}

#[derive(Debug, Clone, PartialEq)]
pub struct ParamDecl {
    pub specifiers: Vec<DeclSpecifier>,
    pub declarator: Declarator,
    pub attributes: Vec<Attribute>,
    pub span: Span,
}

/// A type name as in casts and `sizeof`: specifiers and an abstract declarator.
#[derive(Debug, Clone, PartialEq)]
pub struct TypeName {
    pub specifiers: Vec<DeclSpecifier>,
    pub declarator: Declarator,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Initializer {
    Expr(Box<Expr>),
    List(Vec<InitItem>, Span),
}

#[derive(Debug, Clone, PartialEq)]
pub struct InitItem {
    pub designators: Vec<Designator>,
    /// GNU `field: value` designation.
    pub old_style_field: Option<Symbol>,
    pub initializer: Initializer,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Designator {
    Index(Box<Expr>),
    /// GNU `[lo ... hi]`.
    Range(Box<Expr>, Box<Expr>),
    Field(Symbol),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Block {
    pub items: Vec<BlockItem>,
    /// GNU `__label__` declarations at the start of the block.
    pub local_labels: Vec<Symbol>,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub enum BlockItem {
    Declaration(Declaration),
    Statement(Stmt),
    /// A pragma with no statement after it in its block (before `}` or a
    /// declaration); pragmas followed by a statement are attached to it.
    Pragma(Pragma),
}

/// Which statement a [`Stmt`] is: unique in the process, fresh for every
/// statement parsed or built, and kept by clones (a rewritten copy of a
/// statement is still that statement). The passes and the reports key
/// statements by it; a span says where a statement is written, not which
/// one it is (generated statements share the empty span, and spans are
/// equal to every other span by design).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StmtId(u32);

impl StmtId {
    pub fn fresh() -> StmtId {
        static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        StmtId(NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
    }
}

#[derive(Debug, Clone)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
    /// The `#pragma` lines written right before this statement.
    pub pragmas: Vec<Pragma>,
    pub id: StmtId,
}

/// Trees compare as programs: two statements are equal when they are
/// written alike, whichever statements they are (as with spans).
impl PartialEq for Stmt {
    fn eq(&self, other: &Stmt) -> bool {
        self.kind == other.kind && self.pragmas == other.pragmas
    }
}

impl Stmt {
    /// The statements directly inside this one, in source order: the body
    /// of a labelled statement, a `case`, a `switch` or a loop, the
    /// branches of an `if`, the statements of a block.
    pub fn sub_statements(&self) -> Vec<&Stmt> {
        match &self.kind {
            StmtKind::Labeled { body, .. }
            | StmtKind::Case { body, .. }
            | StmtKind::Default(body)
            | StmtKind::Switch { body, .. }
            | StmtKind::While { body, .. }
            | StmtKind::DoWhile { body, .. }
            | StmtKind::For { body, .. } => vec![body],
            StmtKind::If {
                then_branch,
                else_branch,
                ..
            } => std::iter::once(&**then_branch)
                .chain(else_branch.as_deref())
                .collect(),
            StmtKind::Compound(b) => b
                .items
                .iter()
                .filter_map(|item| match item {
                    BlockItem::Statement(s) => Some(s),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        }
    }

    /// [`Stmt::sub_statements`], to change them.
    pub fn sub_statements_mut(&mut self) -> Vec<&mut Stmt> {
        match &mut self.kind {
            StmtKind::Labeled { body, .. }
            | StmtKind::Case { body, .. }
            | StmtKind::Default(body)
            | StmtKind::Switch { body, .. }
            | StmtKind::While { body, .. }
            | StmtKind::DoWhile { body, .. }
            | StmtKind::For { body, .. } => vec![body],
            StmtKind::If {
                then_branch,
                else_branch,
                ..
            } => std::iter::once(&mut **then_branch)
                .chain(else_branch.as_deref_mut())
                .collect(),
            StmtKind::Compound(b) => b
                .items
                .iter_mut()
                .filter_map(|item| match item {
                    BlockItem::Statement(s) => Some(s),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum StmtKind {
    Labeled {
        label: Symbol,
        body: Box<Stmt>,
    },
    Case {
        value: Box<Expr>,
        /// GNU case ranges `case 1 ... 5:`.
        upper: Option<Box<Expr>>,
        body: Box<Stmt>,
    },
    Default(Box<Stmt>),
    Compound(Block),
    Expr(Box<Expr>),
    Empty,
    If {
        condition: Box<Expr>,
        then_branch: Box<Stmt>,
        else_branch: Option<Box<Stmt>>,
    },
    Switch {
        condition: Box<Expr>,
        body: Box<Stmt>,
    },
    While {
        condition: Box<Expr>,
        body: Box<Stmt>,
    },
    DoWhile {
        body: Box<Stmt>,
        condition: Box<Expr>,
    },
    For {
        init: ForInit,
        condition: Option<Box<Expr>>,
        step: Option<Box<Expr>>,
        body: Box<Stmt>,
    },
    Goto(Symbol),
    /// GNU computed goto `goto *e;`.
    GotoComputed(Box<Expr>),
    Continue,
    Break,
    Return(Option<Box<Expr>>),
    Asm(AsmStmt),
    /// A statement made only of attributes, e.g. `__attribute__((fallthrough));`.
    Attribute(Vec<Attribute>),
}

#[derive(Debug, Clone, PartialEq)]
pub enum ForInit {
    Empty,
    Expr(Box<Expr>),
    Declaration(Box<Declaration>),
}

/// GNU inline assembly, with its operands kept as expressions so that
/// effect analyses see what it reads and writes.
#[derive(Debug, Clone, PartialEq)]
pub struct AsmStmt {
    pub keyword: Symbol,
    /// `volatile`, `inline`, `goto` in their spellings.
    pub qualifiers: Vec<Symbol>,
    pub template: StringLit,
    /// `None` when the statement has no `:` at all (basic asm).
    pub operands: Option<AsmOperands>,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub struct AsmOperands {
    pub outputs: Vec<AsmOperand>,
    pub inputs: Vec<AsmOperand>,
    pub clobbers: Vec<StringLit>,
    pub labels: Vec<Symbol>,
    /// How many `:` sections were written (1 to 4), so that the output keeps them.
    pub sections: u8,
}

#[derive(Debug, Clone, PartialEq)]
pub struct AsmOperand {
    pub name: Option<Symbol>,
    pub constraint: StringLit,
    pub expr: Expr,
}

/// Adjacent string literals, concatenated by the grammar but kept as written.
#[derive(Debug, Clone, PartialEq)]
pub struct StringLit {
    pub pieces: Vec<Symbol>,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ExprKind {
    Ident(Symbol),
    /// Integer constant, spelled as written (suffixes included).
    IntLit(Symbol),
    FloatLit(Symbol),
    /// Character constant with its prefix and quotes: `'a'`, `L'\0'`, `u8'x'`.
    CharLit(Symbol),
    StringLit(StringLit),
    Paren(Box<Expr>),
    Unary(UnaryOp, Box<Expr>),
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
    Assign(AssignOp, Box<Expr>, Box<Expr>),
    /// `c ? a : b`; `a` is `None` for the GNU `c ?: b`.
    Conditional(Box<Expr>, Option<Box<Expr>>, Box<Expr>),
    Cast(Box<TypeName>, Box<Expr>),
    SizeofExpr(Box<Expr>),
    SizeofType(Box<TypeName>),
    /// `_Alignof(type)` with its keyword spelling.
    AlignofType(Symbol, Box<TypeName>),
    /// GNU `__alignof__ expr`.
    AlignofExpr(Symbol, Box<Expr>),
    Call(Box<Expr>, Vec<Expr>),
    Index(Box<Expr>, Box<Expr>),
    Member(Box<Expr>, Symbol),
    PtrMember(Box<Expr>, Symbol),
    CompoundLiteral(Box<TypeName>, Vec<InitItem>),
    Comma(Vec<Expr>),
    /// GNU statement expression `({ ... })`.
    StmtExpr(Box<Block>),
    Generic(Box<Expr>, Vec<GenericAssoc>),
    /// `__builtin_offsetof(type, member-designator)`.
    Offsetof(Box<TypeName>, Vec<OffsetofMember>),
    /// `__builtin_va_arg(ap, type)`.
    VaArg(Box<Expr>, Box<TypeName>),
    /// `__builtin_types_compatible_p(t1, t2)`.
    TypesCompatible(Box<TypeName>, Box<TypeName>),
    /// GNU `&&label`.
    LabelAddr(Symbol),
}

#[derive(Debug, Clone, PartialEq)]
pub struct GenericAssoc {
    /// `None` for `default`.
    pub type_name: Option<TypeName>,
    pub expr: Expr,
}

#[derive(Debug, Clone, PartialEq)]
pub enum OffsetofMember {
    Field(Symbol),
    Index(Expr),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnaryOp {
    Plus,
    Minus,
    Not,
    BitNot,
    Deref,
    AddrOf,
    PreInc,
    PreDec,
    PostInc,
    PostDec,
    /// GNU `__real__` / `__imag__`.
    Real,
    Imag,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinaryOp {
    Mul,
    Div,
    Rem,
    Add,
    Sub,
    Shl,
    Shr,
    Lt,
    Gt,
    Le,
    Ge,
    Eq,
    Ne,
    BitAnd,
    BitXor,
    BitOr,
    LogAnd,
    LogOr,
}

impl BinaryOp {
    pub fn token(self) -> &'static str {
        match self {
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::Rem => "%",
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Shl => "<<",
            BinaryOp::Shr => ">>",
            BinaryOp::Lt => "<",
            BinaryOp::Gt => ">",
            BinaryOp::Le => "<=",
            BinaryOp::Ge => ">=",
            BinaryOp::Eq => "==",
            BinaryOp::Ne => "!=",
            BinaryOp::BitAnd => "&",
            BinaryOp::BitXor => "^",
            BinaryOp::BitOr => "|",
            BinaryOp::LogAnd => "&&",
            BinaryOp::LogOr => "||",
        }
    }

    /// Binding strength, higher binds tighter (multiplicative = 10 down to `||` = 1).
    pub fn precedence(self) -> u8 {
        match self {
            BinaryOp::Mul | BinaryOp::Div | BinaryOp::Rem => 10,
            BinaryOp::Add | BinaryOp::Sub => 9,
            BinaryOp::Shl | BinaryOp::Shr => 8,
            BinaryOp::Lt | BinaryOp::Gt | BinaryOp::Le | BinaryOp::Ge => 7,
            BinaryOp::Eq | BinaryOp::Ne => 6,
            BinaryOp::BitAnd => 5,
            BinaryOp::BitXor => 4,
            BinaryOp::BitOr => 3,
            BinaryOp::LogAnd => 2,
            BinaryOp::LogOr => 1,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AssignOp {
    Assign,
    Mul,
    Div,
    Rem,
    Add,
    Sub,
    Shl,
    Shr,
    And,
    Xor,
    Or,
}

impl AssignOp {
    pub fn token(self) -> &'static str {
        match self {
            AssignOp::Assign => "=",
            AssignOp::Mul => "*=",
            AssignOp::Div => "/=",
            AssignOp::Rem => "%=",
            AssignOp::Add => "+=",
            AssignOp::Sub => "-=",
            AssignOp::Shl => "<<=",
            AssignOp::Shr => ">>=",
            AssignOp::And => "&=",
            AssignOp::Xor => "^=",
            AssignOp::Or => "|=",
        }
    }
}
