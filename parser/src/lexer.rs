//! The lexer: logos for the raw tokens, then a thin layer that does what a
//! C lexer after preprocessing must do besides: classify identifiers as
//! keywords, typedef names or ordinary identifiers (the "lexer hack", fed back
//! by the parser through [`Scopes`]), turn `#pragma` lines into tokens, skip
//! line markers, and capture each GNU `__attribute__((...))` whole.
//!
//! `__extension__` is dropped here: it only silences pedantic warnings, and
//! keeping it would make the grammar ambiguous at the start of a block item
//! (declaration or expression). The output may therefore warn under
//! `-pedantic` where the input did not.

use crate::ast::BuiltinType;
use crate::intern::Symbol;
use crate::scope::Scopes;
use logos::Logos;
use std::cell::RefCell;
use std::fmt;

#[derive(Logos, Debug, Clone, Copy, PartialEq)]
#[logos(skip r"[ \t\r\n\f\v]+")]
enum RawTok {
    /// Identifiers, including universal character names (`cc -E` writes
    /// `café` as `caf\U000000e9`) and raw UTF-8.
    #[regex(r"([A-Za-z_$]|\\u[0-9A-Fa-f]{4}|\\U[0-9A-Fa-f]{8}|[^\x00-\x7F])([A-Za-z0-9_$]|\\u[0-9A-Fa-f]{4}|\\U[0-9A-Fa-f]{8}|[^\x00-\x7F])*")]
    Word,
    /// A preprocessing number: every integer and floating constant, with any suffix.
    #[regex(r"\.?[0-9]([0-9A-Za-z_.]|[eEpP][+-])*")]
    Number,
    #[regex(r#"(L|u8|u|U)?'([^'\\\n]|\\.)*'"#)]
    Char,
    #[regex(r#"(L|u8|u|U)?"([^"\\\n]|\\.)*""#)]
    Str,
    /// After preprocessing, `#` only starts a directive line: a line marker,
    /// `#pragma`, `#ident`, or with `-dD` a `#define` or `#undef`.
    #[regex(r"#[^\n]*", allow_greedy = true)]
    Directive,
    #[token("[")]
    #[token("<:")]
    LBracket,
    #[token("]")]
    #[token(":>")]
    RBracket,
    #[token("(")]
    LParen,
    #[token(")")]
    RParen,
    #[token("{")]
    #[token("<%")]
    LBrace,
    #[token("}")]
    #[token("%>")]
    RBrace,
    #[token(".")]
    Dot,
    #[token("->")]
    Arrow,
    #[token("++")]
    PlusPlus,
    #[token("--")]
    MinusMinus,
    #[token("&")]
    Amp,
    #[token("*")]
    Star,
    #[token("+")]
    Plus,
    #[token("-")]
    Minus,
    #[token("~")]
    Tilde,
    #[token("!")]
    Bang,
    #[token("/")]
    Slash,
    #[token("%")]
    Percent,
    #[token("<<")]
    Shl,
    #[token(">>")]
    Shr,
    #[token("<")]
    Lt,
    #[token(">")]
    Gt,
    #[token("<=")]
    Le,
    #[token(">=")]
    Ge,
    #[token("==")]
    EqEq,
    #[token("!=")]
    Ne,
    #[token("^")]
    Caret,
    #[token("|")]
    Pipe,
    #[token("&&")]
    AmpAmp,
    #[token("||")]
    PipePipe,
    #[token("?")]
    Question,
    #[token(":")]
    Colon,
    #[token(";")]
    Semi,
    #[token("...")]
    Ellipsis,
    #[token("=")]
    Assign,
    #[token("*=")]
    StarAssign,
    #[token("/=")]
    SlashAssign,
    #[token("%=")]
    PercentAssign,
    #[token("+=")]
    PlusAssign,
    #[token("-=")]
    MinusAssign,
    #[token("<<=")]
    ShlAssign,
    #[token(">>=")]
    ShrAssign,
    #[token("&=")]
    AmpAssign,
    #[token("^=")]
    CaretAssign,
    #[token("|=")]
    PipeAssign,
    #[token(",")]
    Comma,
}

/// The tokens the grammar sees.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Tok {
    Ident(Symbol),
    TypeName(Symbol),
    IntLit(Symbol),
    FloatLit(Symbol),
    CharLit(Symbol),
    StrLit(Symbol),
    Pragma(Symbol),
    Attribute(Symbol),

    // Keywords. Those with GNU alternative spellings carry the spelling.
    Auto,
    Break,
    Case,
    Const(Symbol),
    Continue,
    Default,
    Do,
    Else,
    Enum,
    Extern,
    For,
    Goto,
    If,
    Inline(Symbol),
    Register,
    Restrict(Symbol),
    Return,
    Signed(Symbol),
    Sizeof,
    Static,
    Struct,
    Switch,
    Typedef,
    Union,
    Volatile(Symbol),
    While,
    Alignas,
    Alignof(Symbol),
    Atomic,
    /// `_Atomic` immediately followed by `(`: the type specifier, not the qualifier.
    AtomicParen,
    Complex(Symbol),
    Generic,
    Noreturn,
    StaticAssert(Symbol),
    ThreadLocal(Symbol),
    Asm(Symbol),
    Typeof(Symbol),
    Label,
    Real,
    Imag,
    VaArg,
    Offsetof,
    TypesCompatible,
    Builtin(BuiltinType),

    LBracket,
    RBracket,
    LParen,
    RParen,
    LBrace,
    RBrace,
    Dot,
    Arrow,
    PlusPlus,
    MinusMinus,
    Amp,
    Star,
    Plus,
    Minus,
    Tilde,
    Bang,
    Slash,
    Percent,
    Shl,
    Shr,
    Lt,
    Gt,
    Le,
    Ge,
    EqEq,
    Ne,
    Caret,
    Pipe,
    AmpAmp,
    PipePipe,
    Question,
    Colon,
    Semi,
    Ellipsis,
    Assign,
    StarAssign,
    SlashAssign,
    PercentAssign,
    PlusAssign,
    MinusAssign,
    ShlAssign,
    ShrAssign,
    AmpAssign,
    CaretAssign,
    PipeAssign,
    Comma,
}

/// A lexical error at a byte offset of the preprocessed text.
#[derive(Debug, Clone, PartialEq)]
pub struct LexError {
    pub offset: usize,
    pub message: String,
}

impl fmt::Display for LexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

fn keyword(text: &str) -> Option<Tok> {
    use BuiltinType as B;
    let spelled = || Symbol::intern(text);
    Some(match text {
        "auto" => Tok::Auto,
        "break" => Tok::Break,
        "case" => Tok::Case,
        "char" => Tok::Builtin(B::Char),
        "const" | "__const" | "__const__" => Tok::Const(spelled()),
        "continue" => Tok::Continue,
        "default" => Tok::Default,
        "do" => Tok::Do,
        "double" => Tok::Builtin(B::Double),
        "else" => Tok::Else,
        "enum" => Tok::Enum,
        "extern" => Tok::Extern,
        "float" => Tok::Builtin(B::Float),
        "for" => Tok::For,
        "goto" => Tok::Goto,
        "if" => Tok::If,
        "inline" | "__inline" | "__inline__" => Tok::Inline(spelled()),
        "int" => Tok::Builtin(B::Int),
        "long" => Tok::Builtin(B::Long),
        "register" => Tok::Register,
        "restrict" | "__restrict" | "__restrict__" => Tok::Restrict(spelled()),
        "return" => Tok::Return,
        "short" => Tok::Builtin(B::Short),
        "signed" | "__signed" | "__signed__" => Tok::Signed(spelled()),
        "sizeof" => Tok::Sizeof,
        "static" => Tok::Static,
        "struct" => Tok::Struct,
        "switch" => Tok::Switch,
        "typedef" => Tok::Typedef,
        "union" => Tok::Union,
        "unsigned" => Tok::Builtin(B::Unsigned),
        "void" => Tok::Builtin(B::Void),
        "volatile" | "__volatile" | "__volatile__" => Tok::Volatile(spelled()),
        "while" => Tok::While,
        "_Alignas" => Tok::Alignas,
        "_Alignof" | "__alignof" | "__alignof__" => Tok::Alignof(spelled()),
        "_Atomic" => Tok::Atomic,
        "_Bool" => Tok::Builtin(B::Bool),
        "_Complex" | "__complex" | "__complex__" => Tok::Complex(spelled()),
        "_Generic" => Tok::Generic,
        "_Noreturn" => Tok::Noreturn,
        "_Static_assert" => Tok::StaticAssert(spelled()),
        "_Thread_local" | "__thread" => Tok::ThreadLocal(spelled()),
        "asm" | "__asm" | "__asm__" => Tok::Asm(spelled()),
        "typeof" | "__typeof" | "__typeof__" => Tok::Typeof(spelled()),
        "__label__" => Tok::Label,
        "__real" | "__real__" => Tok::Real,
        "__imag" | "__imag__" => Tok::Imag,
        "__builtin_va_arg" => Tok::VaArg,
        "__builtin_offsetof" => Tok::Offsetof,
        "__builtin_types_compatible_p" => Tok::TypesCompatible,
        "__int128" => Tok::Builtin(B::Int128),
        "_Float16" => Tok::Builtin(B::Float16),
        "_Float32" => Tok::Builtin(B::Float32),
        "_Float64" => Tok::Builtin(B::Float64),
        "_Float128" => Tok::Builtin(B::Float128),
        "_Float32x" => Tok::Builtin(B::Float32x),
        "_Float64x" => Tok::Builtin(B::Float64x),
        "_Float128x" => Tok::Builtin(B::Float128x),
        "__float128" => Tok::Builtin(B::GnuFloat128),
        "__float80" => Tok::Builtin(B::GnuFloat80),
        "__builtin_va_list" => Tok::Builtin(B::VaList),
        "__auto_type" => Tok::Builtin(B::AutoType),
        _ => return None,
    })
}

/// The token stream the parser pulls from. It is lazy, and that matters: the
/// parser declares a typedef name when it reduces the declarator, which
/// happens before the lexer has classified any identifier after it.
pub struct Lexer<'src, 's> {
    src: &'src str,
    raw: logos::Lexer<'src, RawTok>,
    scopes: &'s RefCell<Scopes>,
}

pub type Spanned = Result<(usize, Tok, usize), LexError>;

impl<'src, 's> Lexer<'src, 's> {
    pub fn new(src: &'src str, scopes: &'s RefCell<Scopes>) -> Self {
        Lexer {
            src,
            raw: RawTok::lexer(src),
            scopes,
        }
    }

    fn error(&self, offset: usize, message: impl Into<String>) -> Option<Spanned> {
        Some(Err(LexError {
            offset,
            message: message.into(),
        }))
    }

    /// Extends the current `__attribute__` token over its `((...))`.
    fn attribute(&mut self, start: usize) -> Option<Spanned> {
        let after = self.raw.span().end;
        match balanced_parens(self.src, after) {
            Some(end) => {
                self.raw.bump(end - after);
                let text = Symbol::intern(&self.src[start..end]);
                Some(Ok((start, Tok::Attribute(text), end)))
            }
            None => self.error(
                start,
                "`__attribute__` is not followed by balanced parentheses",
            ),
        }
    }

    fn next_is_paren(&self) -> bool {
        self.src[self.raw.span().end..]
            .trim_start()
            .starts_with('(')
    }
}

/// The end of the parenthesised group starting at the first `(` at or after
/// `from`, skipping string and character literals.
fn balanced_parens(src: &str, from: usize) -> Option<usize> {
    let bytes = src.as_bytes();
    let mut i = from;
    while i < bytes.len() && bytes[i].is_ascii_whitespace() {
        i += 1;
    }
    if bytes.get(i) != Some(&b'(') {
        return None;
    }
    let mut depth = 0usize;
    while i < bytes.len() {
        match bytes[i] {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            quote @ (b'"' | b'\'') => {
                i += 1;
                while i < bytes.len() && bytes[i] != quote {
                    if bytes[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

impl Iterator for Lexer<'_, '_> {
    type Item = Spanned;

    fn next(&mut self) -> Option<Spanned> {
        loop {
            let raw = self.raw.next()?;
            let span = self.raw.span();
            let (lo, hi) = (span.start, span.end);
            let text = self.raw.slice();
            let Ok(raw) = raw else {
                let c = text.chars().next().unwrap_or(' ');
                return self.error(lo, format!("unexpected character {c:?}"));
            };
            let tok = match raw {
                RawTok::Word => {
                    if let Some(tok) = keyword(text) {
                        if tok == Tok::Atomic && self.next_is_paren() {
                            Tok::AtomicParen
                        } else {
                            tok
                        }
                    } else if text == "__attribute__" || text == "__attribute" {
                        return self.attribute(lo);
                    } else if text == "__extension__" {
                        continue;
                    } else {
                        let sym = Symbol::intern(text);
                        if self.scopes.borrow().is_typedef(sym) {
                            Tok::TypeName(sym)
                        } else {
                            Tok::Ident(sym)
                        }
                    }
                }
                RawTok::Number => match crate::numbers::classify(text) {
                    Ok(crate::numbers::NumberKind::Integer) => Tok::IntLit(Symbol::intern(text)),
                    Ok(crate::numbers::NumberKind::Floating) => Tok::FloatLit(Symbol::intern(text)),
                    Err(why) => return self.error(lo, format!("invalid constant `{text}`: {why}")),
                },
                RawTok::Char => Tok::CharLit(Symbol::intern(text)),
                RawTok::Str => Tok::StrLit(Symbol::intern(text)),
                RawTok::Directive => {
                    let body = text[1..].trim_start();
                    if let Some(rest) = body.strip_prefix("pragma") {
                        Tok::Pragma(Symbol::intern(rest.trim()))
                    } else if body.starts_with(|c: char| c.is_ascii_digit())
                        || body.starts_with("line")
                        || body.starts_with("ident")
                        || body.starts_with("define")
                        || body.starts_with("undef")
                        || body.is_empty()
                    {
                        // Line markers and macro definitions (`cc -E -dD`) are
                        // read by the source map; `#ident` has no effect on code.
                        continue;
                    } else {
                        return self.error(
                            lo,
                            format!("unexpected directive `{text}` in preprocessed input"),
                        );
                    }
                }
                RawTok::LBrace => {
                    self.scopes.borrow_mut().push();
                    Tok::LBrace
                }
                RawTok::RBrace => {
                    self.scopes.borrow_mut().pop();
                    Tok::RBrace
                }
                RawTok::LBracket => Tok::LBracket,
                RawTok::RBracket => Tok::RBracket,
                RawTok::LParen => Tok::LParen,
                RawTok::RParen => Tok::RParen,
                RawTok::Dot => Tok::Dot,
                RawTok::Arrow => Tok::Arrow,
                RawTok::PlusPlus => Tok::PlusPlus,
                RawTok::MinusMinus => Tok::MinusMinus,
                RawTok::Amp => Tok::Amp,
                RawTok::Star => Tok::Star,
                RawTok::Plus => Tok::Plus,
                RawTok::Minus => Tok::Minus,
                RawTok::Tilde => Tok::Tilde,
                RawTok::Bang => Tok::Bang,
                RawTok::Slash => Tok::Slash,
                RawTok::Percent => Tok::Percent,
                RawTok::Shl => Tok::Shl,
                RawTok::Shr => Tok::Shr,
                RawTok::Lt => Tok::Lt,
                RawTok::Gt => Tok::Gt,
                RawTok::Le => Tok::Le,
                RawTok::Ge => Tok::Ge,
                RawTok::EqEq => Tok::EqEq,
                RawTok::Ne => Tok::Ne,
                RawTok::Caret => Tok::Caret,
                RawTok::Pipe => Tok::Pipe,
                RawTok::AmpAmp => Tok::AmpAmp,
                RawTok::PipePipe => Tok::PipePipe,
                RawTok::Question => Tok::Question,
                RawTok::Colon => Tok::Colon,
                RawTok::Semi => Tok::Semi,
                RawTok::Ellipsis => Tok::Ellipsis,
                RawTok::Assign => Tok::Assign,
                RawTok::StarAssign => Tok::StarAssign,
                RawTok::SlashAssign => Tok::SlashAssign,
                RawTok::PercentAssign => Tok::PercentAssign,
                RawTok::PlusAssign => Tok::PlusAssign,
                RawTok::MinusAssign => Tok::MinusAssign,
                RawTok::ShlAssign => Tok::ShlAssign,
                RawTok::ShrAssign => Tok::ShrAssign,
                RawTok::AmpAssign => Tok::AmpAssign,
                RawTok::CaretAssign => Tok::CaretAssign,
                RawTok::PipeAssign => Tok::PipeAssign,
                RawTok::Comma => Tok::Comma,
            };
            return Some(Ok((lo, tok, hi)));
        }
    }
}
