//! The C printer: regenerates compilable C from the AST.
//!
//! The goal is correctness, not beauty: the output must compile with GCC and
//! parse back to the same tree. Three things make that work:
//!
//! * Parentheses. A parsed tree keeps the parentheses the user wrote
//!   ([`ExprKind::Paren`], [`Declarator::Paren`]), so printing it never needs
//!   more. Trees built by later passes may lack them, so every operand is
//!   printed against the binding level the grammar expects at that position
//!   and wrapped in parentheses when it binds more loosely.
//! * Token separation. Every piece of text goes through [`Printer::put`],
//!   which inserts a space when the last character written and the next one
//!   would lex as a different token (`- -b`, `sizeof x`, `& &&l`, `0xe ++`).
//! * Spellings. Literals, attributes and keywords with GNU alternative
//!   spellings are printed exactly as the tree stores them.
//!
//! Layout is K&R-ish with 4-space indentation. Braces are printed exactly as
//! the tree has them: adding any would change the tree. The one exception is
//! a hand-built `if`/`else` whose then-branch ends in an `if` without `else`,
//! which could not be printed faithfully without braces (the `else` would bind
//! to the inner `if`); parsed trees never have that shape.

use crate::ast::*;
use crate::intern::Symbol;
use crate::span::Span;

/// Appends one top-level item to `out`, ending with a newline.
pub fn print_external_decl(out: &mut String, item: &ExternalDecl) {
    print_external_decl_annotated(out, item, &|_| Vec::new());
}

/// Comment lines to print before a statement, a declaration or a function
/// definition, given its span (analyses print their results this way).
pub type Annotator<'a> = &'a dyn Fn(Span) -> Vec<String>;

/// Like [`print_external_decl`], with `annotate`'s lines printed as `//`
/// comments, indented, before each statement and declaration it returns
/// lines for.
pub fn print_external_decl_annotated(out: &mut String, item: &ExternalDecl, annotate: Annotator) {
    let mut printer = Printer {
        out: std::mem::take(out),
        indent: 0,
        annotate,
    };
    printer.external_decl(item);
    *out = printer.out;
}

/// Prints a whole translation unit, item by item.
pub fn print_translation_unit(tu: &TranslationUnit) -> String {
    let mut out = String::new();
    for item in &tu.items {
        print_external_decl(&mut out, item);
    }
    out
}

/// Prints an expression (no trailing newline).
pub fn print_expr(e: &Expr) -> String {
    let mut printer = Printer::new();
    printer.expr(e);
    printer.out
}

/// Prints a statement at indentation level zero, ending with a newline.
pub fn print_stmt(s: &Stmt) -> String {
    let mut printer = Printer::new();
    printer.stmt(s);
    printer.out
}

/// Prints a block item (a declaration, a statement with its pragmas, or a
/// pragma) at indentation level zero, ending with a newline.
pub fn print_block_item(item: &BlockItem) -> String {
    let mut printer = Printer::new();
    printer.block_item(item);
    printer.out
}

/// Prints a type name as in a cast: `char *`, `int (*)[3]`.
pub fn print_type_name(t: &TypeName) -> String {
    let mut printer = Printer::new();
    printer.type_name(t);
    printer.out
}

/// Binding levels of expressions, loosest first. Each mirrors a nonterminal
/// of the grammar: where the grammar expects, say, an `AssignExpr`, an
/// operand whose level is below [`ASSIGN`] must be parenthesised.
mod level {
    /// `Expr`: comma expressions.
    pub const COMMA: u8 = 0;
    /// `AssignExpr`: call arguments, initialisers, array sizes.
    pub const ASSIGN: u8 = 1;
    /// `ConditionalExpr`, which is also `ConstantExpr`: case values,
    /// bit widths, enumerator values, designators.
    pub const CONDITIONAL: u8 = 2;
    // Binary operators sit between, at `2 + BinaryOp::precedence()` (3 to 12).
    /// `CastExpr`: operands of prefix operators other than `++`/`--`.
    pub const CAST: u8 = 13;
    /// `UnaryExpr`: operands of `++`/`--`, `sizeof`, left sides of assignments.
    pub const UNARY: u8 = 14;
    /// `PostfixExpr`: callees, indexed and member-accessed operands.
    pub const POSTFIX: u8 = 15;
    /// `PrimaryExpr`: identifiers, literals, parenthesised expressions.
    pub const PRIMARY: u8 = 16;
}

fn binary_level(op: BinaryOp) -> u8 {
    level::CONDITIONAL + op.precedence()
}

/// The binding level of an expression's outermost operator.
fn expr_level(e: &Expr) -> u8 {
    match &e.kind {
        ExprKind::Comma(_) => level::COMMA,
        ExprKind::Assign(..) => level::ASSIGN,
        ExprKind::Conditional(..) => level::CONDITIONAL,
        ExprKind::Binary(op, ..) => binary_level(*op),
        ExprKind::Cast(..) => level::CAST,
        ExprKind::Unary(UnaryOp::PostInc | UnaryOp::PostDec, _) => level::POSTFIX,
        ExprKind::Unary(..)
        | ExprKind::SizeofExpr(_)
        | ExprKind::SizeofType(_)
        | ExprKind::AlignofType(..)
        | ExprKind::AlignofExpr(..)
        | ExprKind::LabelAddr(_) => level::UNARY,
        ExprKind::Call(..)
        | ExprKind::Index(..)
        | ExprKind::Member(..)
        | ExprKind::PtrMember(..)
        | ExprKind::CompoundLiteral(..) => level::POSTFIX,
        ExprKind::Ident(_)
        | ExprKind::IntLit(_)
        | ExprKind::FloatLit(_)
        | ExprKind::CharLit(_)
        | ExprKind::StringLit(_)
        | ExprKind::Paren(_)
        | ExprKind::StmtExpr(_)
        | ExprKind::Generic(..)
        | ExprKind::Offsetof(..)
        | ExprKind::VaArg(..)
        | ExprKind::TypesCompatible(..) => level::PRIMARY,
    }
}

/// Whether the statement ends in an `if` without `else`: an `else` printed
/// right after it would bind to that inner `if`.
fn ends_with_open_if(s: &Stmt) -> bool {
    match &s.kind {
        StmtKind::If {
            else_branch: None, ..
        } => true,
        StmtKind::If {
            else_branch: Some(e),
            ..
        } => ends_with_open_if(e),
        StmtKind::While { body, .. }
        | StmtKind::Switch { body, .. }
        | StmtKind::For { body, .. }
        | StmtKind::Labeled { body, .. }
        | StmtKind::Case { body, .. }
        | StmtKind::Default(body) => ends_with_open_if(body),
        _ => false,
    }
}

/// Whether the declarator prints starting with `[` (`int[3]`, `int[2][2]`),
/// which reads best without a space after the specifiers.
fn starts_with_array_suffix(d: &Declarator) -> bool {
    match d {
        Declarator::Array { inner, .. } => match inner.as_ref() {
            Declarator::Abstract => true,
            Declarator::Pointer { .. } => false,
            other => starts_with_array_suffix(other),
        },
        Declarator::Function { inner, .. } => {
            !matches!(**inner, Declarator::Pointer { .. }) && starts_with_array_suffix(inner)
        }
        _ => false,
    }
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '$' || !c.is_ascii()
}

/// Whether `text` ends with a preprocessing number (`12`, `0x1e`, `.5f`),
/// which would swallow a following `.`, or `+`/`-` after an exponent letter.
fn ends_with_pp_number(text: &str) -> bool {
    let word_len: usize = text
        .chars()
        .rev()
        .take_while(|&c| is_ident_char(c) || c == '.')
        .map(char::len_utf8)
        .sum();
    let word = &text[text.len() - word_len..];
    let mut chars = word.chars();
    match chars.next() {
        Some(c) if c.is_ascii_digit() => true,
        Some('.') => chars.next().is_some_and(|c| c.is_ascii_digit()),
        _ => false,
    }
}

/// Whether writing `next` right after `prev` would lex differently from the
/// two separately: `a` `b` -> `ab`, `-` `-b` -> `--b`, `&` `&&l` -> `&&&l`,
/// `1` `.x` -> `1.x`, a prefix letter and a string (`L` `"x"`), and the
/// comment openers and digraphs for good measure.
fn needs_space(prev: &str, next: &str) -> bool {
    let (Some(a), Some(b)) = (prev.chars().next_back(), next.chars().next()) else {
        return false;
    };
    if is_ident_char(a) && (is_ident_char(b) || b == '"' || b == '\'') {
        return true;
    }
    if (b == '.' || (matches!(a, 'e' | 'E' | 'p' | 'P') && matches!(b, '+' | '-')))
        && ends_with_pp_number(prev)
    {
        return true;
    }
    matches!(
        (a, b),
        ('+', '+' | '=')
            | ('-', '-' | '=' | '>')
            | ('&', '&' | '=')
            | ('|', '|' | '=')
            | ('<', '<' | '=' | ':' | '%')
            | ('>', '>' | '=')
            | ('*' | '=' | '!' | '^', '=')
            | ('/', '/' | '*' | '=')
            | ('%', '=' | '>' | ':')
            | (':', '>')
            | ('#', '#')
            | ('.', '.' | '0'..='9')
    )
}

/// The deepest indentation printed, in levels of four spaces.
const MAX_INDENT: usize = 32;

struct Printer<'a> {
    out: String,
    /// Current indentation, in levels of four spaces.
    indent: usize,
    annotate: Annotator<'a>,
}

impl Printer<'_> {
    fn new() -> Printer<'static> {
        Printer {
            out: String::new(),
            indent: 0,
            annotate: &|_| Vec::new(),
        }
    }

    /// The annotator's comment lines for `span`, at the current indentation.
    fn annotations(&mut self, span: Span) {
        for line in (self.annotate)(span) {
            self.write_indent();
            self.out.push_str("// ");
            self.out.push_str(&line);
            self.newline();
        }
    }

    // ------------------------------------------------------------ output

    /// Appends `text`, separated from what precedes it only where the two
    /// would otherwise lex as different tokens.
    fn put(&mut self, text: &str) {
        if needs_space(&self.out, text) {
            self.out.push(' ');
        }
        self.out.push_str(text);
    }

    fn sym(&mut self, s: Symbol) {
        self.put(s.as_str());
    }

    fn newline(&mut self) {
        self.out.push('\n');
    }

    fn write_indent(&mut self) {
        self.write_indent_at(self.indent);
    }

    /// Indents by `levels`, up to [`MAX_INDENT`] of them: deeper code keeps
    /// its column, so that the output stays linear in the size of the
    /// tree (a thousand nested statements indented each one deeper would
    /// print half a million lines' worth of spaces).
    fn write_indent_at(&mut self, levels: usize) {
        for _ in 0..levels.min(MAX_INDENT) {
            self.out.push_str("    ");
        }
    }

    /// Prints `items` separated by `, `.
    fn comma_list<T>(&mut self, items: &[T], mut print: impl FnMut(&mut Self, &T)) {
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                self.put(", ");
            }
            print(self, item);
        }
    }

    // ------------------------------------------------------------ top level

    fn external_decl(&mut self, item: &ExternalDecl) {
        match item {
            ExternalDecl::Declaration(d) => {
                self.declaration(d);
                self.newline();
            }
            ExternalDecl::FunctionDef(f) => self.function_def(f),
            ExternalDecl::Pragma(p) => self.pragma_line(p),
            ExternalDecl::Asm(a) => {
                self.asm(a);
                self.put(";");
                self.newline();
            }
            ExternalDecl::Empty(_) => {
                self.put(";");
                self.newline();
            }
        }
    }

    fn function_def(&mut self, f: &FunctionDef) {
        self.annotations(f.span);
        self.specifiers_and_declarator(&f.specifiers, &f.declarator);
        self.newline();
        // An old-style definition's parameter declarations, one per line
        // before the body, as K&R wrote them.
        for d in &f.old_style_params {
            self.write_indent();
            self.put("    ");
            self.declaration(d);
            self.newline();
        }
        self.write_indent();
        self.block(&f.body);
        self.newline();
    }

    /// `#pragma TEXT` on a line of its own: the lexer reads a directive up to
    /// the end of its line, so it must start one and end one.
    fn pragma_line(&mut self, p: &Pragma) {
        if !self.out.is_empty() && !self.out.ends_with('\n') {
            self.newline();
        }
        self.write_indent();
        self.out.push_str("#pragma");
        let text = p.text.as_str();
        if !text.is_empty() {
            self.out.push(' ');
            self.out.push_str(text);
        }
        self.newline();
    }

    // ------------------------------------------------------------ declarations

    /// Specifiers, then the declarators separated by commas, then `;`: the
    /// shape shared by declarations and struct members.
    fn specified_list<T>(
        &mut self,
        specifiers: &[DeclSpecifier],
        declarators: &[T],
        each: fn(&mut Self, &T),
    ) {
        self.specifiers(specifiers);
        if !declarators.is_empty() {
            if !specifiers.is_empty() {
                self.put(" ");
            }
            self.comma_list(declarators, each);
        }
        self.put(";");
    }

    /// A declaration with its `;`, without indentation or newline.
    fn declaration(&mut self, d: &Declaration) {
        match d {
            Declaration::Normal {
                specifiers,
                declarators,
                ..
            } => {
                self.specified_list(specifiers, declarators, Self::init_declarator);
            }
            Declaration::StaticAssert(s) => self.static_assert(s),
        }
    }

    fn init_declarator(&mut self, d: &InitDeclarator) {
        self.declarator(&d.declarator);
        if let Some(label) = &d.asm_label {
            self.put(" ");
            self.sym(label.keyword);
            self.put(" (");
            self.string_lit(&label.name);
            self.put(")");
        }
        self.attributes(&d.attributes);
        if let Some(init) = &d.initializer {
            self.put(" = ");
            self.initializer(init);
        }
    }

    /// `_Static_assert(cond, "msg");` (the tree keeps no keyword spelling:
    /// the lexer only knows `_Static_assert`).
    fn static_assert(&mut self, s: &StaticAssert) {
        self.put("_Static_assert(");
        self.expr_at(&s.condition, level::CONDITIONAL);
        if let Some(message) = &s.message {
            self.put(", ");
            self.string_lit(message);
        }
        self.put(");");
    }

    /// Each attribute preceded by a space.
    fn attributes(&mut self, attributes: &[Attribute]) {
        for a in attributes {
            self.put(" ");
            self.sym(a.text);
        }
    }

    /// Specifiers in stored order, separated by spaces.
    fn specifiers(&mut self, specifiers: &[DeclSpecifier]) {
        for (i, s) in specifiers.iter().enumerate() {
            if i > 0 {
                self.put(" ");
            }
            self.specifier(s);
        }
    }

    /// `int *p`, `int[3]`, or only `int` when the declarator is abstract and empty.
    fn specifiers_and_declarator(&mut self, specifiers: &[DeclSpecifier], d: &Declarator) {
        self.specifiers(specifiers);
        if !matches!(d, Declarator::Abstract) {
            if !specifiers.is_empty() && !starts_with_array_suffix(d) {
                self.put(" ");
            }
            self.declarator(d);
        }
    }

    fn specifier(&mut self, s: &DeclSpecifier) {
        match s {
            DeclSpecifier::Storage(sc) => self.storage_class(*sc),
            DeclSpecifier::Qualifier(q) => self.type_qualifier(q),
            DeclSpecifier::Function(FunctionSpecifier::Inline(spelling)) => self.sym(*spelling),
            DeclSpecifier::Function(FunctionSpecifier::Noreturn) => self.put("_Noreturn"),
            DeclSpecifier::Type(t) => self.type_specifier(t),
            DeclSpecifier::Alignas(a) => {
                self.put("_Alignas(");
                match a {
                    Alignas::Type(t) => self.type_name(t),
                    Alignas::Expr(e) => self.expr_at(e, level::CONDITIONAL),
                }
                self.put(")");
            }
            DeclSpecifier::Attribute(a) => self.sym(a.text),
        }
    }

    fn storage_class(&mut self, sc: StorageClass) {
        match sc {
            StorageClass::Typedef => self.put("typedef"),
            StorageClass::Extern => self.put("extern"),
            StorageClass::Static => self.put("static"),
            StorageClass::Auto => self.put("auto"),
            StorageClass::Register => self.put("register"),
            StorageClass::ThreadLocal(spelling) => self.sym(spelling),
        }
    }

    fn type_qualifier(&mut self, q: &TypeQualifier) {
        match q {
            TypeQualifier::Const(spelling)
            | TypeQualifier::Volatile(spelling)
            | TypeQualifier::Restrict(spelling) => self.sym(*spelling),
            TypeQualifier::Atomic => self.put("_Atomic"),
            TypeQualifier::Attribute(a) => self.sym(a.text),
        }
    }

    fn type_specifier(&mut self, t: &TypeSpecifier) {
        match t {
            TypeSpecifier::Builtin(b) => self.put(b.keyword()),
            TypeSpecifier::Signed(spelling) | TypeSpecifier::Complex(spelling) => {
                self.sym(*spelling)
            }
            TypeSpecifier::Struct(s) => self.struct_type(s),
            TypeSpecifier::Enum(e) => self.enum_type(e),
            TypeSpecifier::TypedefName(name, _) => self.sym(*name),
            TypeSpecifier::TypeofExpr(keyword, e) => {
                self.sym(*keyword);
                self.put("(");
                self.expr(e);
                self.put(")");
            }
            TypeSpecifier::TypeofType(keyword, t) => {
                self.sym(*keyword);
                self.put("(");
                self.type_name(t);
                self.put(")");
            }
            TypeSpecifier::Atomic(t) => {
                self.put("_Atomic(");
                self.type_name(t);
                self.put(")");
            }
        }
    }

    fn struct_type(&mut self, s: &StructType) {
        self.put(match s.kind {
            StructKind::Struct => "struct",
            StructKind::Union => "union",
        });
        self.attributes(&s.attributes);
        if let Some(tag) = s.tag {
            self.put(" ");
            self.sym(tag);
        }
        if let Some(members) = &s.members {
            self.put(" {");
            if !members.is_empty() {
                self.newline();
                self.indent += 1;
                for m in members {
                    self.write_indent();
                    self.struct_member(m);
                    self.newline();
                }
                self.indent -= 1;
                self.write_indent();
            }
            self.put("}");
        }
    }

    fn struct_member(&mut self, m: &StructMember) {
        match m {
            StructMember::Field {
                specifiers,
                declarators,
                ..
            } => {
                // No declarators: an anonymous struct or union member.
                self.specified_list(specifiers, declarators, Self::struct_declarator);
            }
            StructMember::StaticAssert(s) => self.static_assert(s),
            StructMember::Empty => self.put(";"),
        }
    }

    /// `x`, `x : 3`, or an unnamed bit-field's `: 3`.
    fn struct_declarator(&mut self, d: &StructDeclarator) {
        let mut named = false;
        if let Some(declarator) = &d.declarator {
            self.declarator(declarator);
            named = !matches!(declarator, Declarator::Abstract);
        }
        if let Some(width) = &d.bit_width {
            if named {
                self.put(" ");
            }
            self.put(": ");
            self.expr_at(width, level::CONDITIONAL);
        }
        self.attributes(&d.attributes);
    }

    fn enum_type(&mut self, e: &EnumType) {
        self.put("enum");
        self.attributes(&e.attributes);
        if let Some(tag) = e.tag {
            self.put(" ");
            self.sym(tag);
        }
        if let Some(enumerators) = &e.enumerators {
            self.put(" {");
            if !enumerators.is_empty() {
                self.newline();
                self.indent += 1;
                for en in enumerators {
                    self.write_indent();
                    self.enumerator(en);
                    self.put(",");
                    self.newline();
                }
                self.indent -= 1;
                self.write_indent();
            }
            self.put("}");
        }
    }

    fn enumerator(&mut self, e: &Enumerator) {
        self.sym(e.name);
        self.attributes(&e.attributes);
        if let Some(value) = &e.value {
            self.put(" = ");
            self.expr_at(value, level::CONDITIONAL);
        }
    }

    // ------------------------------------------------------------ declarators

    /// A declarator as nested in the tree: pointers are prefixes, arrays and
    /// functions suffixes, and suffixes bind tighter, so a pointer under a
    /// suffix needs parentheses (`(*p)[3]`) unless the tree already has them.
    fn declarator(&mut self, d: &Declarator) {
        match d {
            Declarator::Ident(name, _) => self.sym(*name),
            Declarator::Abstract => {}
            Declarator::Pointer { qualifiers, inner } => {
                self.put("*");
                for q in qualifiers {
                    self.put(" ");
                    self.type_qualifier(q);
                }
                if !qualifiers.is_empty() && !matches!(**inner, Declarator::Abstract) {
                    self.put(" ");
                }
                self.declarator(inner);
            }
            Declarator::Array {
                inner,
                qualifiers,
                is_static,
                size,
            } => {
                self.suffix_operand(inner);
                self.array_suffix(qualifiers, *is_static, size);
            }
            Declarator::Function { inner, params } => {
                self.suffix_operand(inner);
                self.function_params(params);
            }
            Declarator::Paren(inner) => {
                // `()` would read as a parameter list: only a hand-built tree
                // can have parentheses around nothing, so drop them.
                if matches!(**inner, Declarator::Abstract) {
                    return;
                }
                self.put("(");
                self.declarator(inner);
                self.put(")");
            }
        }
    }

    /// The declarator an array or function suffix applies to.
    fn suffix_operand(&mut self, inner: &Declarator) {
        if matches!(inner, Declarator::Pointer { .. }) {
            self.put("(");
            self.declarator(inner);
            self.put(")");
        } else {
            self.declarator(inner);
        }
    }

    /// `[static const n]`, `[*]`, `[]`.
    fn array_suffix(&mut self, qualifiers: &[TypeQualifier], is_static: bool, size: &ArraySize) {
        self.put("[");
        if is_static {
            self.put("static");
        }
        for q in qualifiers {
            self.space_unless_after_bracket();
            self.type_qualifier(q);
        }
        match size {
            ArraySize::Unspecified => {}
            ArraySize::Star => {
                self.space_unless_after_bracket();
                self.put("*");
            }
            ArraySize::Expr(e) => {
                self.space_unless_after_bracket();
                self.expr_at(e, level::ASSIGN);
            }
        }
        self.put("]");
    }

    /// Separates the parts inside `[...]` from each other, not from the `[`.
    fn space_unless_after_bracket(&mut self) {
        if !self.out.ends_with('[') {
            self.put(" ");
        }
    }

    fn function_params(&mut self, params: &FunctionParams) {
        self.put("(");
        match params {
            FunctionParams::Prototype { params, variadic } => {
                self.comma_list(params, Self::param_decl);
                if *variadic {
                    if !params.is_empty() {
                        self.put(", ");
                    }
                    self.put("...");
                }
            }
            FunctionParams::Identifiers(names) => {
                self.comma_list(names, |p, (name, _)| p.sym(*name));
            }
        }
        self.put(")");
    }

    fn param_decl(&mut self, p: &ParamDecl) {
        self.specifiers_and_declarator(&p.specifiers, &p.declarator);
        self.attributes(&p.attributes);
    }

    fn type_name(&mut self, t: &TypeName) {
        self.specifiers_and_declarator(&t.specifiers, &t.declarator);
    }

    // ------------------------------------------------------------ initialisers

    fn initializer(&mut self, init: &Initializer) {
        match init {
            Initializer::Expr(e) => self.expr_at(e, level::ASSIGN),
            Initializer::List(items, _) => self.init_list(items),
        }
    }

    /// `{a, .x = 1, [2] = 3}` on one line.
    fn init_list(&mut self, items: &[InitItem]) {
        self.put("{");
        self.comma_list(items, Self::init_item);
        self.put("}");
    }

    fn init_item(&mut self, item: &InitItem) {
        if let Some(field) = item.old_style_field {
            self.sym(field);
            self.put(": ");
        }
        for d in &item.designators {
            self.designator(d);
        }
        if !item.designators.is_empty() {
            self.put(" = ");
        }
        self.initializer(&item.initializer);
    }

    fn designator(&mut self, d: &Designator) {
        match d {
            Designator::Index(e) => {
                self.put("[");
                self.expr_at(e, level::CONDITIONAL);
                self.put("]");
            }
            Designator::Range(lo, hi) => {
                // Spaces keep `1 ... 3` from lexing as the number `1...3`.
                self.put("[");
                self.expr_at(lo, level::CONDITIONAL);
                self.put(" ... ");
                self.expr_at(hi, level::CONDITIONAL);
                self.put("]");
            }
            Designator::Field(name) => {
                self.put(".");
                self.sym(*name);
            }
        }
    }

    // ------------------------------------------------------------ statements

    /// `{`, the block's items one level deeper, `}`; no newline after.
    fn block(&mut self, b: &Block) {
        self.put("{");
        self.newline();
        self.indent += 1;
        if !b.local_labels.is_empty() {
            self.write_indent();
            self.put("__label__ ");
            self.comma_list(&b.local_labels, |p, l| p.sym(*l));
            self.put(";");
            self.newline();
        }
        for item in &b.items {
            self.block_item(item);
        }
        self.indent -= 1;
        self.write_indent();
        self.put("}");
    }

    fn block_item(&mut self, item: &BlockItem) {
        match item {
            BlockItem::Declaration(d) => {
                self.annotations(d.span());
                self.write_indent();
                self.declaration(d);
                self.newline();
            }
            BlockItem::Statement(s) => self.stmt(s),
            BlockItem::Pragma(p) => self.pragma_line(p),
        }
    }

    /// A statement on lines of its own, after its pragmas. Labels stand one
    /// level to the left of the statements they label, on their own line.
    fn stmt(&mut self, s: &Stmt) {
        self.annotations(s.span);
        for p in &s.pragmas {
            self.pragma_line(p);
        }
        match s.kind {
            StmtKind::Labeled { .. } | StmtKind::Case { .. } | StmtKind::Default(_) => {
                self.write_indent_at(self.indent.saturating_sub(1));
            }
            _ => self.write_indent(),
        }
        self.stmt_rest(s);
    }

    /// A statement from the current position on, ending with a newline.
    fn stmt_rest(&mut self, s: &Stmt) {
        match &s.kind {
            StmtKind::Labeled { label, body } => {
                self.sym(*label);
                self.put(":");
                self.newline();
                self.stmt(body);
            }
            StmtKind::Case { value, upper, body } => {
                self.put("case ");
                self.expr_at(value, level::CONDITIONAL);
                if let Some(upper) = upper {
                    self.put(" ... ");
                    self.expr_at(upper, level::CONDITIONAL);
                }
                self.put(":");
                self.newline();
                self.stmt(body);
            }
            StmtKind::Default(body) => {
                self.put("default:");
                self.newline();
                self.stmt(body);
            }
            StmtKind::Compound(b) => {
                self.block(b);
                self.newline();
            }
            StmtKind::Expr(e) => {
                self.expr(e);
                self.put(";");
                self.newline();
            }
            StmtKind::Empty => {
                self.put(";");
                self.newline();
            }
            StmtKind::If {
                condition,
                then_branch,
                else_branch,
            } => self.if_stmt(condition, then_branch, else_branch.as_deref()),
            StmtKind::Switch { condition, body } => {
                self.put("switch (");
                self.expr(condition);
                self.put(")");
                self.body_then_newline(body);
            }
            StmtKind::While { condition, body } => {
                self.put("while (");
                self.expr(condition);
                self.put(")");
                self.body_then_newline(body);
            }
            StmtKind::DoWhile { body, condition } => {
                self.put("do");
                if self.body(body) {
                    self.put(" ");
                } else {
                    self.write_indent();
                }
                self.put("while (");
                self.expr(condition);
                self.put(");");
                self.newline();
            }
            StmtKind::For {
                init,
                condition,
                step,
                body,
            } => self.for_stmt(init, condition.as_deref(), step.as_deref(), body),
            StmtKind::Goto(label) => {
                self.put("goto ");
                self.sym(*label);
                self.put(";");
                self.newline();
            }
            StmtKind::GotoComputed(e) => {
                // `goto *` takes a whole expression: `goto *p + 1` jumps to `p + 1`.
                self.put("goto *");
                self.expr(e);
                self.put(";");
                self.newline();
            }
            StmtKind::Continue => {
                self.put("continue;");
                self.newline();
            }
            StmtKind::Break => {
                self.put("break;");
                self.newline();
            }
            StmtKind::Return(value) => {
                self.put("return");
                if let Some(v) = value {
                    self.put(" ");
                    self.expr(v);
                }
                self.put(";");
                self.newline();
            }
            StmtKind::Asm(a) => {
                self.asm(a);
                self.put(";");
                self.newline();
            }
            StmtKind::Attribute(attributes) => {
                for (i, a) in attributes.iter().enumerate() {
                    if i > 0 {
                        self.put(" ");
                    }
                    self.sym(a.text);
                }
                self.put(";");
                self.newline();
            }
        }
    }

    /// `for (init; cond; step)`; a declaration as init brings its own `;`.
    fn for_stmt(
        &mut self,
        init: &ForInit,
        condition: Option<&Expr>,
        step: Option<&Expr>,
        body: &Stmt,
    ) {
        self.put("for (");
        match init {
            ForInit::Empty => self.put(";"),
            ForInit::Expr(e) => {
                self.expr(e);
                self.put(";");
            }
            ForInit::Declaration(d) => self.declaration(d),
        }
        if let Some(c) = condition {
            self.put(" ");
            self.expr(c);
        }
        self.put(";");
        if let Some(s) = step {
            self.put(" ");
            self.expr(s);
        }
        self.put(")");
        self.body_then_newline(body);
    }

    /// The body of a control statement: a block stays on the statement's line
    /// (returns true, nothing after the `}`); anything else goes on the next
    /// line one level deeper (returns false, the newline written).
    fn body(&mut self, s: &Stmt) -> bool {
        match &s.kind {
            StmtKind::Compound(b) if s.pragmas.is_empty() => {
                self.put(" ");
                self.block(b);
                true
            }
            _ => {
                self.newline();
                self.indent += 1;
                self.stmt(s);
                self.indent -= 1;
                false
            }
        }
    }

    fn body_then_newline(&mut self, s: &Stmt) {
        if self.body(s) {
            self.newline();
        }
    }

    fn if_stmt(&mut self, condition: &Expr, then_branch: &Stmt, else_branch: Option<&Stmt>) {
        self.put("if (");
        self.expr(condition);
        self.put(")");
        let Some(else_branch) = else_branch else {
            self.body_then_newline(then_branch);
            return;
        };
        let braced = if ends_with_open_if(then_branch) {
            // Only hand-built trees get here (see the module comment).
            self.put(" {");
            self.newline();
            self.indent += 1;
            self.stmt(then_branch);
            self.indent -= 1;
            self.write_indent();
            self.put("}");
            true
        } else {
            self.body(then_branch)
        };
        if braced {
            self.put(" else");
        } else {
            self.write_indent();
            self.put("else");
        }
        match &else_branch.kind {
            // `else if` chains stay flat.
            StmtKind::If { .. } if else_branch.pragmas.is_empty() => {
                self.put(" ");
                self.stmt_rest(else_branch);
            }
            _ => self.body_then_newline(else_branch),
        }
    }

    /// `__asm__ volatile ("..." : outputs : inputs : clobbers : labels)`,
    /// with as many `:` sections as were written.
    fn asm(&mut self, a: &AsmStmt) {
        self.sym(a.keyword);
        for q in &a.qualifiers {
            self.put(" ");
            self.sym(*q);
        }
        self.put(" (");
        self.string_lit(&a.template);
        if let Some(ops) = &a.operands {
            // Never drop a non-empty section, whatever `sections` says.
            let needed = if !ops.labels.is_empty() {
                4
            } else if !ops.clobbers.is_empty() {
                3
            } else if !ops.inputs.is_empty() {
                2
            } else {
                1
            };
            let sections = ops.sections.clamp(1, 4).max(needed);
            for section in 0..sections {
                self.put(" :");
                match section {
                    0 => self.asm_section(&ops.outputs, Self::asm_operand),
                    1 => self.asm_section(&ops.inputs, Self::asm_operand),
                    2 => self.asm_section(&ops.clobbers, Self::string_lit),
                    _ => self.asm_section(&ops.labels, |p, l| p.sym(*l)),
                }
            }
        }
        self.put(")");
    }

    fn asm_section<T>(&mut self, items: &[T], print: impl FnMut(&mut Self, &T)) {
        if !items.is_empty() {
            self.put(" ");
            self.comma_list(items, print);
        }
    }

    /// `[name] "constraint" (expr)`.
    fn asm_operand(&mut self, op: &AsmOperand) {
        if let Some(name) = op.name {
            self.put("[");
            self.sym(name);
            self.put("] ");
        }
        self.string_lit(&op.constraint);
        self.put(" (");
        self.expr(&op.expr);
        self.put(")");
    }

    /// Adjacent pieces separated by a space, each as written.
    fn string_lit(&mut self, s: &StringLit) {
        if s.pieces.is_empty() {
            // Only a hand-built tree has no piece; keep the output valid.
            self.put("\"\"");
        }
        for (i, piece) in s.pieces.iter().enumerate() {
            if i > 0 {
                self.put(" ");
            }
            self.sym(*piece);
        }
    }

    // ------------------------------------------------------------ expressions

    fn expr(&mut self, e: &Expr) {
        self.expr_at(e, level::COMMA);
    }

    /// Prints `e` where the grammar expects an expression of binding level at
    /// least `min`, adding parentheses if `e` binds more loosely. A `Paren`
    /// node is primary, so it is never wrapped again.
    fn expr_at(&mut self, e: &Expr, min: u8) {
        if expr_level(e) < min {
            self.put("(");
            self.expr_kind(e);
            self.put(")");
        } else {
            self.expr_kind(e);
        }
    }

    fn expr_kind(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Ident(s)
            | ExprKind::IntLit(s)
            | ExprKind::FloatLit(s)
            | ExprKind::CharLit(s) => self.sym(*s),
            ExprKind::StringLit(s) => self.string_lit(s),
            ExprKind::Paren(inner) => {
                self.put("(");
                self.expr(inner);
                self.put(")");
            }
            ExprKind::Unary(op, operand) => self.unary(*op, operand),
            ExprKind::Binary(op, l, r) => {
                // Left-associative: an equal-precedence right operand needs parentheses.
                let lvl = binary_level(*op);
                self.expr_at(l, lvl);
                self.put(" ");
                self.put(op.token());
                self.put(" ");
                self.expr_at(r, lvl + 1);
            }
            ExprKind::Assign(op, l, r) => {
                self.expr_at(l, level::UNARY);
                self.put(" ");
                self.put(op.token());
                self.put(" ");
                self.expr_at(r, level::ASSIGN);
            }
            ExprKind::Conditional(c, then, otherwise) => {
                self.expr_at(c, binary_level(BinaryOp::LogOr));
                match then {
                    Some(then) => {
                        self.put(" ? ");
                        self.expr(then);
                        self.put(" : ");
                    }
                    None => self.put(" ?: "),
                }
                self.expr_at(otherwise, level::CONDITIONAL);
            }
            ExprKind::Cast(t, operand) => {
                self.put("(");
                self.type_name(t);
                self.put(")");
                self.expr_at(operand, level::CAST);
            }
            ExprKind::SizeofExpr(operand) => {
                self.put("sizeof ");
                self.expr_at(operand, level::UNARY);
            }
            ExprKind::SizeofType(t) => {
                self.put("sizeof(");
                self.type_name(t);
                self.put(")");
            }
            ExprKind::AlignofType(keyword, t) => {
                self.sym(*keyword);
                self.put("(");
                self.type_name(t);
                self.put(")");
            }
            ExprKind::AlignofExpr(keyword, operand) => {
                self.sym(*keyword);
                self.put(" ");
                self.expr_at(operand, level::UNARY);
            }
            ExprKind::Call(callee, args) => {
                self.expr_at(callee, level::POSTFIX);
                self.put("(");
                self.comma_list(args, |p, a| p.expr_at(a, level::ASSIGN));
                self.put(")");
            }
            ExprKind::Index(base, index) => {
                self.expr_at(base, level::POSTFIX);
                self.put("[");
                self.expr(index);
                self.put("]");
            }
            ExprKind::Member(base, member) => {
                self.expr_at(base, level::POSTFIX);
                self.put(".");
                self.sym(*member);
            }
            ExprKind::PtrMember(base, member) => {
                self.expr_at(base, level::POSTFIX);
                self.put("->");
                self.sym(*member);
            }
            ExprKind::CompoundLiteral(t, items) => {
                self.put("(");
                self.type_name(t);
                self.put(")");
                self.init_list(items);
            }
            ExprKind::Comma(items) => {
                self.comma_list(items, |p, item| p.expr_at(item, level::ASSIGN))
            }
            ExprKind::StmtExpr(b) => {
                self.put("(");
                self.block(b);
                self.put(")");
            }
            ExprKind::Generic(controlling, assocs) => self.generic(controlling, assocs),
            ExprKind::Offsetof(t, path) => {
                self.put("__builtin_offsetof(");
                self.type_name(t);
                self.put(", ");
                self.offsetof_path(path);
                self.put(")");
            }
            ExprKind::VaArg(ap, t) => {
                self.put("__builtin_va_arg(");
                self.expr_at(ap, level::ASSIGN);
                self.put(", ");
                self.type_name(t);
                self.put(")");
            }
            ExprKind::TypesCompatible(a, b) => {
                self.put("__builtin_types_compatible_p(");
                self.type_name(a);
                self.put(", ");
                self.type_name(b);
                self.put(")");
            }
            ExprKind::LabelAddr(label) => {
                self.put("&&");
                self.sym(*label);
            }
        }
    }

    /// Prefix operators go right before their operand; `put` separates the
    /// two where they would merge (`- -x`, `& &&l`, `++ +x`).
    fn unary(&mut self, op: UnaryOp, operand: &Expr) {
        let prefix = match op {
            UnaryOp::PostInc | UnaryOp::PostDec => {
                self.expr_at(operand, level::POSTFIX);
                self.put(if op == UnaryOp::PostInc { "++" } else { "--" });
                return;
            }
            UnaryOp::PreInc | UnaryOp::PreDec => {
                self.put(if op == UnaryOp::PreInc { "++" } else { "--" });
                self.expr_at(operand, level::UNARY);
                return;
            }
            UnaryOp::Plus => "+",
            UnaryOp::Minus => "-",
            UnaryOp::Not => "!",
            UnaryOp::BitNot => "~",
            UnaryOp::Deref => "*",
            UnaryOp::AddrOf => "&",
            UnaryOp::Real => "__real__ ",
            UnaryOp::Imag => "__imag__ ",
        };
        self.put(prefix);
        self.expr_at(operand, level::CAST);
    }

    /// `_Generic(e, int: a, default: b)`.
    fn generic(&mut self, controlling: &Expr, assocs: &[GenericAssoc]) {
        self.put("_Generic(");
        self.expr_at(controlling, level::ASSIGN);
        for assoc in assocs {
            self.put(", ");
            match &assoc.type_name {
                Some(t) => self.type_name(t),
                None => self.put("default"),
            }
            self.put(": ");
            self.expr_at(&assoc.expr, level::ASSIGN);
        }
        self.put(")");
    }

    /// `a.b[2]`: the first member bare, then `.field` and `[index]`.
    fn offsetof_path(&mut self, path: &[OffsetofMember]) {
        for (i, member) in path.iter().enumerate() {
            match member {
                OffsetofMember::Field(name) => {
                    if i > 0 {
                        self.put(".");
                    }
                    self.sym(*name);
                }
                OffsetofMember::Index(e) => {
                    self.put("[");
                    self.expr(e);
                    self.put("]");
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lexer::Lexer;
    use crate::scope::Scopes;
    use crate::span::Span;
    use std::cell::RefCell;

    fn parse(src: &str) -> TranslationUnit {
        let scopes = RefCell::new(Scopes::new());
        crate::grammar::TranslationUnitParser::new()
            .parse(&scopes, Lexer::new(src, &scopes))
            .unwrap_or_else(|e| panic!("parse error {e:?} in:\n{src}"))
    }

    /// Checks that the printed text parses back to the same tree and that
    /// printing is idempotent; returns the printed text.
    fn round_trip(src: &str) -> String {
        let tree = parse(src);
        let printed = print_translation_unit(&tree);
        let reparsed = parse(&printed);
        assert_eq!(tree, reparsed, "tree changed through printing:\n{printed}");
        let reprinted = print_translation_unit(&reparsed);
        assert_eq!(printed, reprinted, "printing is not idempotent");
        printed
    }

    /// Programs covering every construct; each is a whole translation unit
    /// that GCC compiles, so that `printed_snippets_compile_with_gcc` can
    /// check the output too.
    const SNIPPETS: &[&str] = &[
        // Declarators.
        "int (*fp[3])(int, char *);",
        "void (*signal(int, void (*)(int)))(int);",
        "int (*(*x)(void))[3]; char *(*(*y)[5])(int); int (*f(void))[3];
         typedef int (*fn_t)(int, ...); void g(int (*)[3], int *[3], int (*)(void), fn_t);
         int old(); int * const * volatile cp; char * __restrict rp;",
        "void arrays(int n, int a[static 10], int b[const], int c[n][n], int d[*],
                     int e[const volatile static 4], int f[__restrict]);",
        // Typedefs, including a typedef name redeclared as a variable.
        "typedef unsigned long size_type; typedef struct node { struct node *next; int v; } node_t;
         node_t *head; size_type n = sizeof(node_t);
         typedef int T; int shadow(void) { T T = 1; return T; }
         int cast(long v) { return (T)v + (int)(T)(v); }",
        // Specifiers with their spellings.
        "static const volatile unsigned long long int a = 1; extern __inline__ int g(void);
         static inline int h(void) { return 0; } _Noreturn void die(void);
         __thread int tls; _Thread_local int tls2; __const int c1 = 2;
         const char *const names[2] = { \"a\", \"b\" \"c\" }; _Alignas(16) char buf[16];
         _Alignas(long) char buf2[8]; _Atomic int ai; _Atomic(int *) ap; __typeof__(ai) t1;
         typeof(int *) t2; __signed__ char sc; _Complex double cd; __complex__ float cf;
         __int128 big; unsigned __int128 ubig; _Bool flag; long double ld;
         __builtin_va_list vl; int register_user(register int r) { auto int q = r; return q; }",
        // Attributes and asm labels.
        "struct __attribute__((packed)) pk { char c; int i __attribute__((aligned(4))); };
         int x __attribute__((unused)) = 1; __attribute__((noreturn)) void die2(void);
         void ft(int n) { switch (n) { case 1: n++; __attribute__((fallthrough)); default: break; } }
         int y __asm__(\"real_y\"); int * __attribute__((unused)) ptr;
         int lab_attr(int __attribute__((unused)) p) { used: __attribute__((unused)); return 0; }
         enum __attribute__((packed)) e2 { E2A __attribute__((deprecated)) = 1, E2B };
         void vla(int n, int m[const *]);",
        // Structs, bit-fields, anonymous members, enums, static assertions.
        "struct flags { unsigned a : 1, b : 3; int : 0; signed int c : 4; };
         struct v { int kind; union { int i; float f; }; struct { int x, y; }; };
         enum color { RED, GREEN = 2, BLUE = GREEN + 1, }; enum color col = BLUE;
         enum { ANON_A = 1 << 2 } anon;
         _Static_assert(sizeof(int) == 4, \"int is 4 bytes\");
         struct sa { int x; _Static_assert(sizeof(int) >= 2, \"x\"); };
         struct fwd; struct fwd *fp2; union u { int i; } uu;
         void local_structs(void) { struct local { int a; } l = { 1 }; union { int i; char c; } u;
             u.i = l.a; (void)u; }",
        // Initialisers.
        "struct point { int x, y; }; struct point p = { .y = 2, .x = 1 };
         int arr[10] = { [0] = 1, [2 ... 5] = 7, 9 }; struct point q = { x: 1, y: 2 };
         struct { struct point a[2]; } nested = { .a[1].x = 3, .a[0] = { 1, 2 } };
         int empty[2] = { }; int scalar = { 3 }; int matrix[2][2] = { { 1, 2 }, { 3, 4, }, };",
        // Compound literals.
        "struct point { int x, y; }; int use(struct point *p);
         int lit(void) { return use(&(struct point){ .x = 1, 2 }) + ((int[]){1, 2, 3})[1]
             + (struct point){ 3, 4 }.y + sizeof (int){1}; }",
        // Statement expressions.
        "int g(int x) { int y = ({ int t = x * 2; t + 1; }); return y + ({ __label__ l; l: x; }); }",
        // Dangling else and nested ifs.
        "int f(int a, int b) { if (a) if (b) return 1; else return 2; return 0; }",
        "int f(int a, int b) { if (a) { if (b) return 1; } else return 2;
             if (a) return 3; else if (b) { return 4; } else { return 5; } }",
        "int f(int a, int b) { if (a) while (b) if (b--) a++; else a--; else { a = 0; }
             if (a) ; else ; return a; }",
        // Switch with case ranges.
        "int f(int x) { switch (x) { case 1 ... 5: return 1; case 6: case 'a': { x++; break; }
             case -1: default: break; } switch (x) case 0: x = 1; return x; }",
        // Loops.
        "int loops(int n) { int s = 0; for (int i = 0; i < n; i++) s += i; for (;;) break;
             for (s = 0; ; ) break; for (; s < 3;) s++; while (n--) s++; do s--; while (s > 100);
             do { s++; } while (0); while (1) { if (s) continue; break; }
             for (_Static_assert(1, \"\"); s; ) s = 0; return s; }",
        // Labels, local labels, computed goto.
        "int jumps(int n) { __label__ out, again; void *tbl[2] = { &&out, &&again };
             again: if (n-- > 0) goto *tbl[1]; goto out; out: return n; }",
        "void f(void) { void *p; p = &&lab; goto *p; lab: ; }",
        // Inline assembly.
        "int f(int x) { int y; __asm__ volatile (\"mov %1, %0\" : \"=r\" (y) : \"r\" (x) : \"memory\");
             asm (\"nop\"); __asm__ (\"\" : : \"r\" (x)); __asm__ __volatile__ (\"\" ::: \"memory\");
             asm (\"mov %[in], %[out]\" : [out] \"=r\" (y) : [in] \"r\" (x), \"r\" (x + 1));
             asm (\"\" : \"+r\" (y)); return y; }
         int g(int x) { asm goto (\"jmp %l0\" : : : : out); return 0; out: return 1; }
         __asm__(\".globl foo_sym\");",
        // Builtins.
        "int gen(double d) { return _Generic(d, int: 1, double: 2, default: 0); }",
        "struct s { int a; struct { int c[4]; } b; };
         unsigned long o = __builtin_offsetof(struct s, b.c[2]) + __builtin_offsetof(struct s, a);",
        "int sum(int n, ...) { __builtin_va_list ap; __builtin_va_start(ap, n); int s = 0;
             while (n--) s += __builtin_va_arg(ap, int); __builtin_va_end(ap);
             return s + __builtin_types_compatible_p(int, long)
                 + __builtin_types_compatible_p(char *, typeof(\"x\")); }",
        // Pragmas at file scope, before statements, before declarations, before `}`.
        "#pragma GCC diagnostic push\nvoid g(void);\nvoid f(int n) { int i;\n#pragma omp parallel for\n\
         for (i = 0; i < n; i++) g();\n#pragma GCC ivdep\n#pragma GCC unroll 4\n\
         for (i = 0; i < n; i++) { g(); }\n#pragma weak g\nint j = 0;\n#pragma GCC diagnostic ignored \"-Wunused\"\n}\n\
         #pragma GCC diagnostic pop\n",
        // Operators and parentheses as written.
        "int ops(int a, int b, int c) { return (a + b) * c - (a - (b - c)) + (a ? b : c) + !a + ~b
             + (a, b) + (a << 2 >> 1) + (a & b | c ^ a) + (a && b || !c) + (a == b) + (a != b)
             + (a < b) + (a <= b) + (a > b) + (a >= b) + a % b / (c + 1) + a - b - c
             + (a ? b ? 1 : 2 : a ?: b); }",
        "void assigns(int *p, int n) { int x = 0; x += n; x -= 1; x *= 2; x /= 3; x %= 4;
             x <<= 1; x >>= 1; x &= 7; x ^= 3; x |= 8; *p++ = x; ++*p; --p[0]; p[1]--;
             x = n = 2; x = x ?: n; }",
        "struct s { int a; }; unsigned long sizes(struct s *p, int x) { return sizeof x
             + sizeof(int) + sizeof *p + sizeof (x) + _Alignof(double) + __alignof__ x
             + __alignof__(struct s) + (unsigned long)(char)x + sizeof p->a + sizeof(int[3])
             + sizeof(int (*)[3]) + sizeof(char *) + sizeof sizeof x; }",
        "double cplx(_Complex double z) { return __real__ z + __imag__ z + -__real__ z; }",
        // Token separation.
        "int f(int a, int b) { return a - -b; }",
        "int f(int y) { int x; x = - -y; return x; }",
        "int sep(int a, int b, int *p) { int c = a + +b; int d = a - - b; int e = - -1;
             int g = a-- - b; int k = a & *p; int m = - --a; int n = + ++a; int o = **&p;
             int q = a+++b; int r = a---b; int s = -(-a); int t = !!a; int u = ~-a;
             return c + d + e + g + k + m + n + o + q + r + s + t + u; }",
        // Literals.
        "int chars = 'a' + L'b' + '\\n' + u'x' + U'y' + 0x1F + 017 + 10u + 20UL + 30ll;
         double d = 1.0e-5 + .5 + 0x1p-3 + 1.f + 2e+3 + 1e10L;
         const char *s = \"a\" \"b\"  \"c\"; const int *w = (const int *)L\"wide\";
         const char *u8s = u8\"x\";",
        // Calls, members, commas.
        "struct ops { int (*fn)(int); struct ops *next; };
         int call(struct ops *o) { return o->fn(1) + (*o->fn)(2) + o->next->fn(3) + (*o).fn(4); }
         void g(int, int); void commas(int a, int b) { for (a = 0, b = 1; a < b; a++, b--)
             g((a, b), b); a = 1, b = 2; }",
        // Empty declarations and members.
        "; struct e { int x;; }; int after;",
        // Function definitions with various declarators.
        "static int (*getter(void))(int) { return 0; } int (*arr_ret(void))[3] { return 0; }
         int variadic(const char *fmt, ...) { return fmt != 0; } void noargs() { }
         int main(void) { return 0; }",
    ];

    #[test]
    fn printer_round_trips_every_snippet() {
        for src in SNIPPETS {
            round_trip(src);
        }
    }

    /// The printed snippets compile with GCC (skipped where GCC is missing).
    #[test]
    fn printed_snippets_compile_with_gcc() {
        let dir = std::env::temp_dir().join(format!("ferry-printer-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut files = Vec::new();
        for (i, src) in SNIPPETS.iter().enumerate() {
            let path = dir.join(format!("snippet{i}.c"));
            std::fs::write(&path, print_translation_unit(&parse(src))).unwrap();
            files.push(path);
        }
        let output = std::process::Command::new("gcc")
            .args(["-std=gnu17", "-fsyntax-only", "-w"])
            .args(&files)
            .output();
        let Ok(output) = output else {
            eprintln!("gcc not found: skipping");
            return;
        };
        assert!(
            output.status.success(),
            "gcc rejects the printed snippets:\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
        std::fs::remove_dir_all(&dir).ok();
    }

    fn assert_prints(src: &str, expected: &str) {
        assert_eq!(round_trip(src), expected);
    }

    #[test]
    fn printer_declarators_exact() {
        assert_prints("int (*fp[3])(int, char *);", "int (*fp[3])(int, char *);\n");
        assert_prints(
            "void (*signal(int, void (*)(int)))(int);",
            "void (*signal(int, void (*)(int)))(int);\n",
        );
        assert_prints(
            "int * const * volatile p, a[static 3], (*q)[], f(), g(void), h(int, ...);",
            "int * const * volatile p, a[static 3], (*q)[], f(), g(void), h(int, ...);\n",
        );
        assert_prints(
            "int x __asm__(\"y\") __attribute__((unused)) = 1;",
            "int x __asm__ (\"y\") __attribute__((unused)) = 1;\n",
        );
    }

    #[test]
    fn printer_token_separation_exact() {
        assert_prints(
            "int f(int a, int b) { return a - -b; }",
            "int f(int a, int b)\n{\n    return a - -b;\n}\n",
        );
        assert_prints(
            "void f(int x, int y) { x = - -y; x = a+++b; x = - --y; x = -1; }",
            "void f(int x, int y)\n{\n    x = - -y;\n    x = a++ + b;\n    x = - --y;\n    x = -1;\n}\n",
        );
        assert_prints(
            "void f(void) { void *p; p = &&lab; lab: ; }",
            "void f(void)\n{\n    void *p;\n    p = &&lab;\nlab:\n    ;\n}\n",
        );
        assert_prints(
            "void f(int *p) { x = * *p + sizeof x + sizeof(int) + sizeof -x; }",
            "void f(int *p)\n{\n    x = **p + sizeof x + sizeof(int) + sizeof -x;\n}\n",
        );
    }

    #[test]
    fn printer_statements_exact() {
        assert_prints(
            "int f(int a, int b) { if (a) if (b) return 1; else return 2; return 0; }",
            "int f(int a, int b)
{
    if (a)
        if (b)
            return 1;
        else
            return 2;
    return 0;
}
",
        );
        assert_prints(
            "void f(int a) { if (a) { a++; } else if (a > 1) a--; else { a = 0; } }",
            "void f(int a)
{
    if (a) {
        a++;
    } else if (a > 1)
        a--;
    else {
        a = 0;
    }
}
",
        );
        assert_prints(
            "void f(int x) { switch (x) { case 1 ... 5: x++; case 6: default: break; } }",
            "void f(int x)
{
    switch (x) {
    case 1 ... 5:
        x++;
    case 6:
    default:
        break;
    }
}
",
        );
        assert_prints(
            "void f(int n) { int i; for (i = 0; i < n; i++) ; for (;;) { break; } do i++; while (i); }",
            "void f(int n)
{
    int i;
    for (i = 0; i < n; i++)
        ;
    for (;;) {
        break;
    }
    do
        i++;
    while (i);
}
",
        );
        assert_prints(
            "void f(void) { __label__ a, b; a: b: goto a; }",
            "void f(void)
{
    __label__ a, b;
a:
b:
    goto a;
}
",
        );
    }

    #[test]
    fn printer_pragmas_exact() {
        assert_prints(
            "#pragma once\nvoid f(int n) {\n#pragma omp parallel\n#pragma omp for\nfor (;;) ;\n#pragma end\n}",
            "#pragma once
void f(int n)
{
    #pragma omp parallel
    #pragma omp for
    for (;;)
        ;
    #pragma end
}
",
        );
    }

    /// Pragmas written before a loop's body that is no block (PENCIL's
    /// Listing 10) are the body's, printed on their own lines before it,
    /// in an open statement (an `if` without `else` inside) as in a
    /// closed one.
    #[test]
    fn printer_pragmas_before_a_loop_body() {
        assert_prints(
            "void f(int n) { for (int i = 0; i < n; ++i)\n#pragma pencil independent\n#pragma unroll\n\
             for (int j = 0; j < n; ++j) if (j) g(); else h();\n\
             while (n)\n#pragma x\nif (n) n--; }",
            "void f(int n)
{
    for (int i = 0; i < n; ++i)
        #pragma pencil independent
        #pragma unroll
        for (int j = 0; j < n; ++j)
            if (j)
                g();
            else
                h();
    while (n)
        #pragma x
        if (n)
            n--;
}
",
        );
    }

    #[test]
    fn printer_asm_exact() {
        assert_prints(
            "void f(int x, int y) { __asm__ volatile (\"mov %1, %0\" : \"=r\" (y) : [in] \"r\" (x) : \"memory\", \"cc\"); \
             asm(\"\" :: \"r\"(x)); __asm__ goto (\"\" :::: l1, l2); l1: l2: ; }",
            "void f(int x, int y)
{
    __asm__ volatile (\"mov %1, %0\" : \"=r\" (y) : [in] \"r\" (x) : \"memory\", \"cc\");
    asm (\"\" : : \"r\" (x));
    __asm__ goto (\"\" : : : : l1, l2);
l1:
l2:
    ;
}
",
        );
    }

    #[test]
    fn printer_types_exact() {
        assert_prints(
            "struct flags { unsigned a : 1, : 2; int b; union { int i; float f; }; enum { A = 1, B } e; };",
            "struct flags {
    unsigned a : 1, : 2;
    int b;
    union {
        int i;
        float f;
    };
    enum {
        A = 1,
        B,
    } e;
};
",
        );
        assert_prints(
            "_Static_assert(1, \"m\" \"n\"); _Static_assert(2 > 1);",
            "_Static_assert(1, \"m\" \"n\");\n_Static_assert(2 > 1);\n",
        );
    }

    #[test]
    fn printer_expressions_exact() {
        assert_prints(
            "struct p { int x, y; }; int a[4]; void f(int c) { \
             c = (struct p){1, .y = 2}.x + _Generic(c, int: 1, default: 2) \
             + __builtin_offsetof(struct p, y) + ({ c; }) + (c ?: 1); \
             int b[5] = {[1 ... 3] = 0, 4, [4] = 1}; struct p q = {x: 1}; }",
            "struct p {
    int x, y;
};
int a[4];
void f(int c)
{
    c = (struct p){1, .y = 2}.x + _Generic(c, int: 1, default: 2) + __builtin_offsetof(struct p, y) + ({
        c;
    }) + (c ?: 1);
    int b[5] = {[1 ... 3] = 0, 4, [4] = 1};
    struct p q = {x: 1};
}
",
        );
    }

    // ------------------------------------------------------------ hand-built trees

    fn ex(kind: ExprKind) -> Expr {
        Expr {
            kind,
            span: Span::default(),
        }
    }

    fn id(name: &str) -> Expr {
        ex(ExprKind::Ident(Symbol::intern(name)))
    }

    fn int(text: &str) -> Expr {
        ex(ExprKind::IntLit(Symbol::intern(text)))
    }

    fn bin(op: BinaryOp, l: Expr, r: Expr) -> Expr {
        ex(ExprKind::Binary(op, Box::new(l), Box::new(r)))
    }

    fn un(op: UnaryOp, operand: Expr) -> Expr {
        ex(ExprKind::Unary(op, Box::new(operand)))
    }

    fn assign(l: Expr, r: Expr) -> Expr {
        ex(ExprKind::Assign(AssignOp::Assign, Box::new(l), Box::new(r)))
    }

    fn cond(c: Expr, t: Expr, f: Expr) -> Expr {
        ex(ExprKind::Conditional(
            Box::new(c),
            Some(Box::new(t)),
            Box::new(f),
        ))
    }

    fn comma(items: Vec<Expr>) -> Expr {
        ex(ExprKind::Comma(items))
    }

    fn int_type(declarator: Declarator) -> TypeName {
        TypeName {
            specifiers: vec![DeclSpecifier::Type(TypeSpecifier::Builtin(
                BuiltinType::Int,
            ))],
            declarator,
            span: Span::default(),
        }
    }

    fn stmt(kind: StmtKind) -> Stmt {
        Stmt {
            kind,
            span: Span::default(),
            pragmas: vec![],
            id: StmtId::fresh(),
        }
    }

    fn expr_stmt(e: Expr) -> Stmt {
        stmt(StmtKind::Expr(Box::new(e)))
    }

    fn declaration(declarator: Declarator, initializer: Option<Expr>) -> ExternalDecl {
        ExternalDecl::Declaration(Declaration::Normal {
            specifiers: vec![DeclSpecifier::Type(TypeSpecifier::Builtin(
                BuiltinType::Int,
            ))],
            declarators: vec![InitDeclarator {
                declarator,
                asm_label: None,
                attributes: vec![],
                initializer: initializer.map(|e| Initializer::Expr(Box::new(e))),
            }],
            span: Span::default(),
        })
    }

    /// Checks the printed text of a hand-built expression, and that it parses
    /// (inside a function where every name is an `int`) and prints the same.
    fn assert_expr(e: &Expr, expected: &str) {
        let printed = print_expr(e);
        assert_eq!(printed, expected);
        let src = format!("void f(void) {{ {printed}; }}");
        let reparsed = print_translation_unit(&parse(&src));
        assert!(
            reparsed.contains(&format!("    {expected};\n")),
            "{reparsed}"
        );
    }

    #[test]
    fn printer_adds_parentheses_to_hand_built_expressions() {
        let (a, b, c) = (id("a"), id("b"), id("c"));
        let add = || bin(BinaryOp::Add, id("a"), id("b"));
        assert_expr(&bin(BinaryOp::Mul, add(), c.clone()), "(a + b) * c");
        assert_expr(&bin(BinaryOp::Mul, c.clone(), add()), "c * (a + b)");
        let sub = |l, r| bin(BinaryOp::Sub, l, r);
        assert_expr(&sub(a.clone(), sub(b.clone(), c.clone())), "a - (b - c)");
        assert_expr(&sub(sub(a.clone(), b.clone()), c.clone()), "a - b - c");
        assert_expr(
            &bin(
                BinaryOp::Add,
                bin(BinaryOp::Mul, a.clone(), b.clone()),
                c.clone(),
            ),
            "a * b + c",
        );
        assert_expr(
            &bin(
                BinaryOp::LogOr,
                bin(BinaryOp::LogAnd, a.clone(), b.clone()),
                c.clone(),
            ),
            "a && b || c",
        );
        assert_expr(
            &bin(
                BinaryOp::LogAnd,
                a.clone(),
                bin(BinaryOp::LogOr, b.clone(), c.clone()),
            ),
            "a && (b || c)",
        );
        // A Paren node is never wrapped again.
        assert_expr(
            &bin(
                BinaryOp::Mul,
                ex(ExprKind::Paren(Box::new(add()))),
                c.clone(),
            ),
            "(a + b) * c",
        );
        assert_expr(
            &bin(
                BinaryOp::Add,
                cond(c.clone(), a.clone(), b.clone()),
                int("1"),
            ),
            "(c ? a : b) + 1",
        );
        assert_expr(
            &bin(
                BinaryOp::Add,
                assign(a.clone(), int("1")),
                comma(vec![b.clone(), c.clone()]),
            ),
            "(a = 1) + (b, c)",
        );
        assert_expr(&un(UnaryOp::Minus, add()), "-(a + b)");
        assert_expr(
            &un(UnaryOp::Not, cond(a.clone(), b.clone(), c.clone())),
            "!(a ? b : c)",
        );
        assert_expr(
            &ex(ExprKind::Cast(
                Box::new(int_type(Declarator::Abstract)),
                Box::new(add()),
            )),
            "(int)(a + b)",
        );
        assert_expr(
            &ex(ExprKind::Call(
                Box::new(id("f")),
                vec![comma(vec![a.clone(), b.clone()]), c.clone()],
            )),
            "f((a, b), c)",
        );
        assert_expr(
            &ex(ExprKind::Call(
                Box::new(un(UnaryOp::Deref, id("fp"))),
                vec![],
            )),
            "(*fp)()",
        );
        assert_expr(
            &ex(ExprKind::Member(
                Box::new(un(UnaryOp::Deref, id("p"))),
                Symbol::intern("x"),
            )),
            "(*p).x",
        );
        assert_expr(
            &ex(ExprKind::Index(
                Box::new(bin(BinaryOp::Add, id("p"), int("1"))),
                Box::new(int("0")),
            )),
            "(p + 1)[0]",
        );
        assert_expr(&un(UnaryOp::PostInc, un(UnaryOp::Deref, id("p"))), "(*p)++");
        assert_expr(&un(UnaryOp::Deref, un(UnaryOp::PostInc, id("p"))), "*p++");
        assert_expr(
            &ex(ExprKind::SizeofExpr(Box::new(ex(ExprKind::Cast(
                Box::new(int_type(Declarator::Abstract)),
                Box::new(id("x")),
            ))))),
            "sizeof ((int)x)",
        );
        assert_expr(
            &cond(
                assign(a.clone(), int("1")),
                b.clone(),
                assign(c.clone(), int("2")),
            ),
            "(a = 1) ? b : (c = 2)",
        );
        assert_expr(
            &cond(a.clone(), comma(vec![b.clone(), c.clone()]), int("0")),
            "a ? b, c : 0",
        );
        assert_expr(
            &cond(
                cond(a.clone(), b.clone(), c.clone()),
                int("1"),
                cond(a.clone(), b.clone(), c.clone()),
            ),
            "(a ? b : c) ? 1 : a ? b : c",
        );
        assert_expr(
            &assign(a.clone(), assign(b.clone(), c.clone())),
            "a = b = c",
        );
        assert_expr(
            &assign(a.clone(), comma(vec![b.clone(), c.clone()])),
            "a = (b, c)",
        );
        assert_expr(
            &comma(vec![a.clone(), comma(vec![b.clone(), c.clone()])]),
            "a, (b, c)",
        );
        assert_expr(
            &un(
                UnaryOp::Minus,
                ex(ExprKind::Cast(
                    Box::new(int_type(Declarator::Abstract)),
                    Box::new(id("x")),
                )),
            ),
            "-(int)x",
        );
        assert_expr(&un(UnaryOp::PreInc, un(UnaryOp::Minus, id("x"))), "++-x");
        assert_expr(
            &un(
                UnaryOp::PreInc,
                ex(ExprKind::Cast(
                    Box::new(int_type(Declarator::Abstract)),
                    Box::new(id("x")),
                )),
            ),
            "++((int)x)",
        );
    }

    #[test]
    fn printer_separates_hand_built_tokens() {
        assert_expr(
            &bin(BinaryOp::Sub, id("a"), un(UnaryOp::Minus, id("b"))),
            "a - -b",
        );
        assert_expr(
            &bin(BinaryOp::Add, id("a"), un(UnaryOp::Plus, id("b"))),
            "a + +b",
        );
        assert_expr(
            &assign(id("x"), un(UnaryOp::Minus, un(UnaryOp::Minus, id("y")))),
            "x = - -y",
        );
        assert_expr(&un(UnaryOp::Minus, un(UnaryOp::PreDec, id("y"))), "- --y");
        assert_expr(&un(UnaryOp::Plus, un(UnaryOp::PreInc, id("y"))), "+ ++y");
        assert_expr(&un(UnaryOp::PreInc, un(UnaryOp::Plus, id("y"))), "++ +y");
        assert_expr(
            &bin(BinaryOp::Sub, un(UnaryOp::PostDec, id("a")), id("b")),
            "a-- - b",
        );
        assert_expr(&un(UnaryOp::Deref, un(UnaryOp::Deref, id("p"))), "**p");
        assert_expr(&un(UnaryOp::Not, un(UnaryOp::Not, id("p"))), "!!p");
        assert_expr(&un(UnaryOp::AddrOf, un(UnaryOp::AddrOf, id("p"))), "& &p");
        assert_expr(&ex(ExprKind::SizeofExpr(Box::new(id("x")))), "sizeof x");
        // Negative literals a pass may build.
        assert_expr(&un(UnaryOp::Minus, int("-1")), "- -1");
        assert_expr(&bin(BinaryOp::Sub, id("a"), int("-1")), "a - -1");
        // A preprocessing number would swallow `++` after an exponent letter, and `.`.
        assert_eq!(print_expr(&un(UnaryOp::PostInc, int("0xe"))), "0xe ++");
        assert_eq!(
            print_expr(&ex(ExprKind::Member(
                Box::new(int("1")),
                Symbol::intern("x")
            ))),
            "1 .x"
        );
        let label = ex(ExprKind::LabelAddr(Symbol::intern("l")));
        assert_eq!(print_expr(&un(UnaryOp::AddrOf, label.clone())), "& &&l");
        assert_eq!(
            print_expr(&bin(BinaryOp::BitAnd, id("x"), label)),
            "x & &&l"
        );
    }

    #[test]
    fn printer_adds_parentheses_to_hand_built_declarators() {
        let p = || Declarator::Ident(Symbol::intern("p"), Span::default());
        let pointer = |inner| Declarator::Pointer {
            qualifiers: vec![],
            inner: Box::new(inner),
        };
        let array = |inner, n: &str| Declarator::Array {
            inner: Box::new(inner),
            qualifiers: vec![],
            is_static: false,
            size: ArraySize::Expr(Box::new(int(n))),
        };
        let function = |inner| Declarator::Function {
            inner: Box::new(inner),
            params: FunctionParams::Prototype {
                params: vec![ParamDecl {
                    specifiers: vec![DeclSpecifier::Type(TypeSpecifier::Builtin(
                        BuiltinType::Void,
                    ))],
                    declarator: Declarator::Abstract,
                    attributes: vec![],
                    span: Span::default(),
                }],
                variadic: false,
            },
        };
        let cases = [
            (array(pointer(p()), "3"), "int (*p)[3];\n"),
            (pointer(array(p(), "3")), "int *p[3];\n"),
            (function(pointer(p())), "int (*p)(void);\n"),
            (pointer(function(p())), "int *p(void);\n"),
            (
                array(array(pointer(pointer(p())), "2"), "3"),
                "int (**p)[2][3];\n",
            ),
            (function(pointer(array(p(), "4"))), "int (*p[4])(void);\n"),
            (
                array(Declarator::Paren(Box::new(pointer(p()))), "3"),
                "int (*p)[3];\n",
            ),
        ];
        for (declarator, expected) in cases {
            let mut out = String::new();
            print_external_decl(&mut out, &declaration(declarator, None));
            assert_eq!(out, expected);
            round_trip(&out);
        }
        assert_eq!(
            print_type_name(&int_type(array(pointer(Declarator::Abstract), "3"))),
            "int (*)[3]"
        );
        assert_eq!(
            print_type_name(&int_type(array(Declarator::Abstract, "3"))),
            "int[3]"
        );
        assert_eq!(
            print_type_name(&int_type(function(pointer(Declarator::Abstract)))),
            "int (*)(void)"
        );
        assert_eq!(
            print_type_name(&int_type(pointer(Declarator::Abstract))),
            "int *"
        );
    }

    #[test]
    fn printer_adds_parentheses_in_hand_built_declarations_and_statements() {
        let x = Declarator::Ident(Symbol::intern("x"), Span::default());
        let mut out = String::new();
        print_external_decl(
            &mut out,
            &declaration(x, Some(comma(vec![id("a"), id("b")]))),
        );
        assert_eq!(out, "int x = (a, b);\n");

        let case = stmt(StmtKind::Case {
            value: Box::new(assign(id("a"), int("1"))),
            upper: None,
            body: Box::new(stmt(StmtKind::Break)),
        });
        assert_eq!(print_stmt(&case), "case (a = 1):\nbreak;\n");
    }

    /// An `if` without `else` as the then-branch of an `if` with `else`: the
    /// printer must brace it, or the `else` would move to the inner `if`.
    #[test]
    fn printer_braces_hand_built_dangling_else() {
        let inner = stmt(StmtKind::If {
            condition: Box::new(id("b")),
            then_branch: Box::new(expr_stmt(id("x"))),
            else_branch: None,
        });
        let outer = stmt(StmtKind::If {
            condition: Box::new(id("a")),
            then_branch: Box::new(inner),
            else_branch: Some(Box::new(expr_stmt(id("y")))),
        });
        let printed = print_stmt(&outer);
        assert_eq!(
            printed,
            "if (a) {\n    if (b)\n        x;\n} else\n    y;\n"
        );
        let tu = parse(&format!("void f(void) {{\n{printed}}}"));
        let ExternalDecl::FunctionDef(f) = &tu.items[0] else {
            panic!()
        };
        let BlockItem::Statement(s) = &f.body.items[0] else {
            panic!()
        };
        let StmtKind::If { else_branch, .. } = &s.kind else {
            panic!()
        };
        assert!(else_branch.is_some(), "the else must stay on the outer if");

        // The same through a loop body: `while (c) if (b) x;` is open too.
        let looped = stmt(StmtKind::If {
            condition: Box::new(id("a")),
            then_branch: Box::new(stmt(StmtKind::While {
                condition: Box::new(id("c")),
                body: Box::new(stmt(StmtKind::If {
                    condition: Box::new(id("b")),
                    then_branch: Box::new(expr_stmt(id("x"))),
                    else_branch: None,
                })),
            })),
            else_branch: Some(Box::new(expr_stmt(id("y")))),
        });
        assert!(print_stmt(&looped).starts_with("if (a) {\n    while (c)\n"));
    }

    #[test]
    fn printer_appends_to_existing_output() {
        let tu = parse("int a; int b;");
        let mut out = String::from("/* head */\n");
        for item in &tu.items {
            print_external_decl(&mut out, item);
        }
        assert_eq!(out, "/* head */\nint a;\nint b;\n");
    }

    /// Malformed trees that no parse produces must not panic.
    #[test]
    fn printer_does_not_panic_on_odd_trees() {
        let empty_string = StringLit {
            pieces: vec![],
            span: Span::default(),
        };
        assert_eq!(
            print_expr(&ex(ExprKind::StringLit(empty_string.clone()))),
            "\"\""
        );
        print_expr(&comma(vec![]));
        print_expr(&comma(vec![id("a")]));
        print_expr(&ex(ExprKind::Offsetof(
            Box::new(int_type(Declarator::Abstract)),
            vec![],
        )));
        print_expr(&ex(ExprKind::Offsetof(
            Box::new(int_type(Declarator::Abstract)),
            vec![OffsetofMember::Index(int("1"))],
        )));
        print_expr(&ex(ExprKind::Generic(Box::new(id("a")), vec![])));
        print_expr(&ex(ExprKind::CompoundLiteral(
            Box::new(int_type(Declarator::Paren(Box::new(Declarator::Abstract)))),
            vec![InitItem {
                designators: vec![Designator::Field(Symbol::intern("x"))],
                old_style_field: Some(Symbol::intern("y")),
                initializer: Initializer::List(vec![], Span::default()),
            }],
        )));
        print_expr(&ex(ExprKind::StmtExpr(Box::new(Block {
            items: vec![],
            local_labels: vec![],
            span: Span::default(),
        }))));
        print_type_name(&TypeName {
            specifiers: vec![],
            declarator: Declarator::Function {
                inner: Box::new(Declarator::Abstract),
                params: FunctionParams::Prototype {
                    params: vec![],
                    variadic: true,
                },
            },
            span: Span::default(),
        });
        // Labels at indentation zero, and asm whose `sections` undercounts.
        let asm = AsmStmt {
            keyword: Symbol::intern("asm"),
            qualifiers: vec![],
            template: empty_string,
            operands: Some(AsmOperands {
                outputs: vec![],
                inputs: vec![],
                clobbers: vec![],
                labels: vec![Symbol::intern("l")],
                sections: 0,
            }),
            span: Span::default(),
        };
        let labeled = stmt(StmtKind::Labeled {
            label: Symbol::intern("l"),
            body: Box::new(stmt(StmtKind::Asm(asm))),
        });
        assert_eq!(print_stmt(&labeled), "l:\nasm (\"\" : : : : l);\n");
        let mut out = String::new();
        print_external_decl(
            &mut out,
            &ExternalDecl::Declaration(Declaration::Normal {
                specifiers: vec![
                    DeclSpecifier::Type(TypeSpecifier::Struct(Box::new(StructType {
                        kind: StructKind::Union,
                        attributes: vec![],
                        tag: None,
                        members: Some(vec![]),
                        span: Span::default(),
                    }))),
                    DeclSpecifier::Type(TypeSpecifier::Enum(Box::new(EnumType {
                        attributes: vec![],
                        tag: None,
                        enumerators: Some(vec![]),
                        span: Span::default(),
                    }))),
                ],
                declarators: vec![],
                span: Span::default(),
            }),
        );
        assert_eq!(out, "union {} enum {};\n");
    }

    /// The C library's headers, preprocessed by GCC with `-O2` so that their
    /// inline function bodies come along, round-trip and compile (skipped
    /// where GCC is missing).
    #[test]
    fn printer_round_trips_system_headers() {
        let dir =
            std::env::temp_dir().join(format!("ferry-printer-headers-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let source = dir.join("headers.c");
        let mut text = String::from("#define _GNU_SOURCE\n");
        for header in [
            "stdio.h",
            "stdlib.h",
            "string.h",
            "math.h",
            "complex.h",
            "stdatomic.h",
            "pthread.h",
            "signal.h",
            "wchar.h",
            "sys/stat.h",
            "immintrin.h",
        ] {
            text.push_str(&format!("#include <{header}>\n"));
        }
        std::fs::write(&source, text).unwrap();
        let Ok(output) = std::process::Command::new("gcc")
            .args(["-E", "-P", "-O2", "-std=gnu17"])
            .arg(&source)
            .output()
        else {
            eprintln!("gcc not found: skipping");
            return;
        };
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let printed = round_trip(&String::from_utf8(output.stdout).unwrap());
        let printed_path = dir.join("printed.c");
        std::fs::write(&printed_path, printed).unwrap();
        let output = std::process::Command::new("gcc")
            .args(["-std=gnu17", "-O2", "-fsyntax-only", "-w"])
            .arg(&printed_path)
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        std::fs::remove_dir_all(&dir).ok();
    }
}
