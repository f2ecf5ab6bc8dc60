//! User-facing errors: where (file:line:col), what, the line with the
//! culprit underlined, and notes.
//!
//! The first line is gcc's `file:line:col: error: message`, which editors
//! and build logs already parse; the excerpt and the notes below it are
//! rendered by annotate-snippets (underline, gutter, `= note:` lines, and
//! colour when [`Diagnostic::render`] is asked for it, on a terminal).

use annotate_snippets::{Level, Renderer, Snippet};
use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub message: String,
    /// `None` for errors not tied to a position (a missing file, a failed `cc -E`).
    pub location: Option<DiagnosticLocation>,
    /// Further lines of explanation (the preprocessor's own messages, for
    /// example, or how to make the code acceptable).
    pub notes: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiagnosticLocation {
    pub file: String,
    pub line: u32,
    pub column: u32,
    /// The characters underlined from `column` on (at least one): the
    /// culprit's extent on its first line.
    pub length: u32,
    /// The source line, as the preprocessor left it.
    pub source_line: String,
}

impl Diagnostic {
    pub fn error(message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            message: message.into(),
            location: None,
            notes: Vec::new(),
        }
    }

    pub fn with_note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }

    /// Prints the diagnostic on standard error, in colour when that is a
    /// terminal and `NO_COLOR` is not set.
    pub fn eprint(&self) {
        use std::io::IsTerminal;
        let styled = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
        eprintln!("{}", self.render(styled));
    }

    /// The diagnostic as text, in colour when `styled` (for a terminal).
    pub fn render(&self, styled: bool) -> String {
        let renderer = if styled {
            Renderer::styled()
        } else {
            Renderer::plain()
        };
        let notes = self.notes.iter().map(|n| Level::Note.title(n.trim_end()));
        match &self.location {
            Some(loc) => {
                let (excerpt, start, end) = excerpt(&loc.source_line, loc.column, loc.length);
                let snippet = Snippet::source(&excerpt)
                    .line_start(loc.line as usize)
                    .annotation(Level::Error.span(start..end));
                // The title line is gcc's, written here: the renderer's
                // own (an empty title) is left out.
                let message = Level::Error.title("").snippet(snippet).footers(notes);
                let rendered = renderer.render(message).to_string();
                let mut body = rendered.split_once('\n').map_or("", |(_, rest)| rest);
                // Without notes, the renderer's closing empty gutter line
                // says nothing.
                if let Some((kept, last)) = body.rsplit_once('\n')
                    && is_empty_gutter(last)
                {
                    body = kept;
                }
                // gcc's colours: the place bold, `error:` bold red.
                let (place, error, reset) = match styled {
                    true => ("\u{1b}[1m", "\u{1b}[1m\u{1b}[91m", "\u{1b}[0m"),
                    false => ("", "", ""),
                };
                format!(
                    "{place}{}:{}:{}:{reset} {error}error:{reset} {}\n{body}",
                    loc.file, loc.line, loc.column, self.message
                )
            }
            None => renderer
                .render(Level::Error.title(&self.message).footers(notes))
                .to_string(),
        }
    }
}

/// Whether a rendered line is only a gutter (`  |`), colour codes aside.
fn is_empty_gutter(line: &str) -> bool {
    let mut visible = String::new();
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            // An ANSI sequence: up to its final letter.
            for d in chars.by_ref() {
                if d.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            visible.push(c);
        }
    }
    visible.trim() == "|"
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(false))
    }
}

/// The longest source line a diagnostic shows whole. A longer one
/// (machine-written code can put a whole program on one line) is cut to
/// [`EXCERPT_RADIUS`] characters on each side of the column, with `...`
/// where it was.
const MAX_SHOWN_LINE: usize = 200;
const EXCERPT_RADIUS: usize = 60;

/// The part of `line` around `column` (1-based) that a diagnostic shows,
/// and the byte range in it of the `length` characters from the column
/// (at least one; a column past the end is a point there).
fn excerpt(line: &str, column: u32, length: u32) -> (String, usize, usize) {
    let chars: Vec<char> = line.chars().collect();
    let at = (column.saturating_sub(1) as usize).min(chars.len());
    let (start, end) = if chars.len() <= MAX_SHOWN_LINE {
        (0, chars.len())
    } else {
        (
            at.saturating_sub(EXCERPT_RADIUS),
            (at + EXCERPT_RADIUS).min(chars.len()),
        )
    };
    let mut out = String::new();
    if start > 0 {
        out.push_str("...");
    }
    let before: String = chars[start..at].iter().collect();
    let first = out.len() + before.len();
    out.push_str(&before);
    let underlined = (length.max(1) as usize).min(end.saturating_sub(at)).max(1);
    let culprit: String = chars[at..(at + underlined).min(end)].iter().collect();
    out.push_str(&culprit);
    // An empty culprit (a column past the line's end) is a point, which
    // the renderer marks with one caret after the line.
    let last = first + culprit.len();
    out.extend(&chars[(at + underlined).min(end)..end]);
    if end < chars.len() {
        out.push_str("...");
    }
    (out, first, last)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_line_is_shown_whole() {
        assert_eq!(
            excerpt("int x = y;", 9, 1),
            ("int x = y;".to_string(), 8, 9)
        );
    }

    #[test]
    fn the_culprit_is_underlined_within_its_line() {
        let (shown, start, end) = excerpt("a = b + c;", 5, 5);
        assert_eq!(&shown[start..end], "b + c");
        let (shown, start, end) = excerpt("a = b;", 5, 100);
        assert_eq!(&shown[start..end], "b;");
        let (shown, start, end) = excerpt("a = b", 6, 1);
        assert_eq!((shown.as_str(), start, end), ("a = b", 5, 5));
    }

    #[test]
    fn a_long_line_is_cut_around_the_column() {
        let line = format!("{}X{}", "a".repeat(500), "b".repeat(500));
        let (shown, start, end) = excerpt(&line, 501, 1);
        assert!(shown.starts_with("...") && shown.ends_with("..."));
        assert_eq!(&shown[start..end], "X");
        assert!(shown.len() < 130, "{}", shown.len());
    }

    #[test]
    fn the_first_line_is_gccs_and_the_culprit_is_underlined() {
        let d = Diagnostic {
            message: "no".into(),
            location: Some(DiagnosticLocation {
                file: "a.c".into(),
                line: 12,
                column: 5,
                length: 4,
                source_line: "    x[i] = 0;".into(),
            }),
            notes: vec!["because".into()],
        };
        let text = d.to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "a.c:12:5: error: no");
        assert!(lines.contains(&"12 |     x[i] = 0;"), "{text}");
        assert!(lines.contains(&"   |     ^^^^"), "{text}");
        assert!(lines.contains(&"   = note: because"), "{text}");
        assert!(!text.contains('\u{1b}'), "plain: no colour");
        let styled = d.render(true);
        assert!(styled.contains("\u{1b}[1m\u{1b}[91merror:"), "{styled:?}");
        assert!(
            styled.lines().count() == text.lines().count(),
            "the same lines, coloured"
        );
    }
}
