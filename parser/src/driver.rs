//! Reading a C file: preprocess, lex, parse, and report errors in the user's
//! terms.

use crate::ast::TranslationUnit;
use crate::diagnostic::{Diagnostic, DiagnosticLocation};
use crate::grammar::TranslationUnitParser;
use crate::lexer::{LexError, Lexer, Tok};
use crate::preprocess::preprocess;
use crate::scope::Scopes;
use crate::source_map::SourceMap;
use lalrpop_util::ParseError;
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// A parsed translation unit with what is needed to relate it to its source.
pub struct ParsedFile {
    pub unit: TranslationUnit,
    pub source_map: SourceMap,
    /// The preprocessed text that spans point into.
    pub text: String,
    /// The main file as given by the user.
    pub path: PathBuf,
}

impl ParsedFile {
    /// Whether `span` starts in the main file (not in a header it includes).
    pub fn in_main_file(&self, span: crate::span::Span) -> bool {
        self.source_map.in_main_file(span.lo)
    }

    /// `file:line:col` of the start of `span` in the user's file.
    pub fn position(&self, span: crate::span::Span) -> String {
        let loc = self.source_map.locate(self.offset_of(span));
        format!(
            "{}:{}:{}",
            self.source_map.file_name(loc.file),
            loc.line,
            loc.column
        )
    }

    /// The line where `span` starts, as the preprocessor left it.
    pub fn line_text(&self, span: crate::span::Span) -> &str {
        self.source_map.line_text(&self.text, self.offset_of(span))
    }

    fn offset_of(&self, span: crate::span::Span) -> u32 {
        (span.lo as usize).min(self.text.len()) as u32
    }

    /// An error at the start of `span`, located in the user's file, with
    /// the span underlined to the end of its first line.
    pub fn error_at(&self, span: crate::span::Span, message: impl Into<String>) -> Diagnostic {
        let offset = self.offset_of(span);
        let loc = self.source_map.locate(offset);
        let end = (span.hi as usize).clamp(offset as usize, self.text.len());
        let length = self
            .text
            .get(offset as usize..end)
            .and_then(|text| text.lines().next())
            .map_or(1, |first| first.chars().count().max(1));
        Diagnostic {
            message: message.into(),
            location: Some(DiagnosticLocation {
                file: self.source_map.file_name(loc.file).to_owned(),
                line: loc.line,
                column: loc.column,
                length: length as u32,
                source_line: self.source_map.line_text(&self.text, offset).to_owned(),
            }),
            notes: Vec::new(),
        }
    }
}

/// Preprocesses `path` with `cflags` and parses it.
pub fn parse_file(path: &Path, cflags: &[String]) -> Result<ParsedFile, Diagnostic> {
    let text = preprocess(path, cflags)?;
    parse_preprocessed(text, path)
}

/// Parses text that already went through `cc -E`; `path` is the main file's
/// name as it appears in the line markers.
pub fn parse_preprocessed(text: String, path: &Path) -> Result<ParsedFile, Diagnostic> {
    let source_map = SourceMap::new(&text, &path.to_string_lossy());
    let scopes = RefCell::new(Scopes::new());
    let result = parser().parse(&scopes, Lexer::new(&text, &scopes));
    match result {
        Ok(unit) => {
            let parsed = ParsedFile {
                unit,
                source_map,
                text,
                path: path.to_owned(),
            };
            match crate::nesting::too_deep(&parsed.unit) {
                Some(span) => Err(parsed.error_at(
                    span,
                    format!(
                        "statements and expressions nest more than {} levels deep here; \
                         ferry refuses such a file rather than exhaust its stack \
                         (split the expression or the statement)",
                        crate::nesting::MAX_NESTING
                    ),
                )),
                None => Ok(parsed),
            }
        }
        Err(error) => Err(syntax_error(error, &text, &source_map)),
    }
}

/// The parse tables are built once per process.
fn parser() -> &'static TranslationUnitParser {
    static PARSER: OnceLock<TranslationUnitParser> = OnceLock::new();
    PARSER.get_or_init(TranslationUnitParser::new)
}

fn syntax_error(
    error: ParseError<usize, Tok, LexError>,
    text: &str,
    map: &SourceMap,
) -> Diagnostic {
    let token = |lo: usize, hi: usize| text.get(lo..hi).unwrap_or("?").to_owned();
    let (offset, found, message) = match error {
        ParseError::InvalidToken { location } => (location, None, "invalid token".to_owned()),
        ParseError::UnrecognizedEof { location, expected } => (
            location,
            None,
            format!(
                "unexpected end of file, expected {}",
                describe_expected(&expected)
            ),
        ),
        ParseError::UnrecognizedToken {
            token: (lo, _, hi),
            expected,
        } => (
            lo,
            Some(token(lo, hi)),
            format!(
                "unexpected `{}`, expected {}",
                token(lo, hi),
                describe_expected(&expected)
            ),
        ),
        ParseError::ExtraToken { token: (lo, _, hi) } => (
            lo,
            Some(token(lo, hi)),
            format!(
                "unexpected `{}` after the end of the program",
                token(lo, hi)
            ),
        ),
        ParseError::User { error } => (error.offset, None, error.message),
    };
    let offset = offset.min(text.len()) as u32;
    let loc = map.locate(offset);
    let file = map.file_name(loc.file).to_owned();
    let preprocessed_line = map.line_text(text, offset);
    let length = found.as_ref().map_or(1, |t| t.chars().count().max(1)) as u32;
    let (column, source_line) = found
        .and_then(|found| column_in_source(&file, loc.line, preprocessed_line, loc.column, &found))
        .unwrap_or_else(|| (loc.column, preprocessed_line.to_owned()));
    Diagnostic {
        message,
        location: Some(DiagnosticLocation {
            file,
            line: loc.line,
            column,
            length,
            source_line,
        }),
        notes: Vec::new(),
    }
}

/// The column of `token` in the line as the user wrote it, and that line.
/// The preprocessor removes comments and expands macros, so the preprocessed
/// column can be off; the token is found again in the source line as the
/// same occurrence (first, second...) it is in the preprocessed line. `None`
/// when the file cannot be read or the token came from a macro expansion.
fn column_in_source(
    file: &str,
    line: u32,
    preprocessed_line: &str,
    preprocessed_column: u32,
    token: &str,
) -> Option<(u32, String)> {
    let source = std::fs::read_to_string(file).ok()?;
    let source_line = source.lines().nth(line.checked_sub(1)? as usize)?;
    let before = preprocessed_line.get(..preprocessed_column.saturating_sub(1) as usize)?;
    let occurrence = before.matches(token).count();
    let (byte, _) = source_line.match_indices(token).nth(occurrence)?;
    let column = source_line[..byte].chars().count() as u32 + 1;
    Some((column, source_line.to_owned()))
}

/// A short, useful list of what the parser would have accepted: punctuation
/// first (the usual fix is a missing `;` or `)`), then the rest.
fn describe_expected(expected: &[String]) -> String {
    const MAX: usize = 6;
    // Tokens that end or separate a construct are the likeliest fixes.
    const CLOSERS: [&str; 7] = [";", ")", "]", "}", ",", ":", "="];
    let mut names: Vec<&str> = expected.iter().map(|s| s.trim_matches('"')).collect();
    names.sort_by_key(|name| {
        let closer = CLOSERS
            .iter()
            .position(|c| c == name)
            .unwrap_or(CLOSERS.len());
        let punctuation = !name
            .chars()
            .next()
            .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '#');
        (closer, !punctuation, name.len())
    });
    let shown: Vec<String> = names.iter().take(MAX).map(|n| format!("`{n}`")).collect();
    match names.len() {
        0 => "nothing more".to_owned(),
        1 => shown[0].clone(),
        n if n <= MAX => format!("one of {}", shown.join(", ")),
        n if n == MAX + 1 => format!("one of {} (or 1 other token)", shown.join(", ")),
        n => format!("one of {} (or {} other tokens)", shown.join(", "), n - MAX),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(src: &str) -> Result<ParsedFile, Diagnostic> {
        parse_preprocessed(format!("# 1 \"t.c\"\n{src}"), Path::new("t.c"))
    }

    #[test]
    fn reports_position_and_expectation() {
        let err = parse("int main(void) {\n  int x = 1\n  return x;\n}\n")
            .err()
            .unwrap();
        let loc = err.location.clone().unwrap();
        assert_eq!((loc.file.as_str(), loc.line, loc.column), ("t.c", 3, 3));
        assert!(
            err.message.contains("unexpected `return`"),
            "{}",
            err.message
        );
        assert!(err.message.contains("`;`"), "{}", err.message);
        let shown = err.to_string();
        assert!(shown.starts_with("t.c:3:3: error:"), "{shown}");
        assert!(
            shown.ends_with("|   ^^^^^^"),
            "the token underlined: {shown}"
        );
    }

    #[test]
    fn typedef_names_follow_scopes() {
        let unit = parse(
            "typedef int T;\nint f(void) { T x; { int T; T = 3; } T y = x; return y; }\nint g(T t) { return t; }\n",
        );
        assert!(unit.is_ok(), "{}", unit.err().unwrap());
    }

    #[test]
    fn end_of_file_is_reported() {
        let err = parse("int f(void) {").err().unwrap();
        assert!(err.message.contains("end of file"), "{}", err.message);
    }
}
