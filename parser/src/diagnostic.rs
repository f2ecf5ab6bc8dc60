//! User-facing errors: where (file:line:col), the line with a caret, and what.

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub message: String,
    /// `None` for errors not tied to a position (a missing file, a failed `cc -E`).
    pub location: Option<DiagnosticLocation>,
    /// Further lines of explanation (the preprocessor's own messages, for example).
    pub notes: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiagnosticLocation {
    pub file: String,
    pub line: u32,
    pub column: u32,
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
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.location {
            Some(loc) => {
                writeln!(
                    f,
                    "{}:{}:{}: error: {}",
                    loc.file, loc.line, loc.column, self.message
                )?;
                let gutter = loc.line.to_string().len();
                let (excerpt, caret) = excerpt(&loc.source_line, loc.column);
                writeln!(f, "{:gutter$} |", "")?;
                writeln!(f, "{} | {}", loc.line, excerpt)?;
                // Keep tabs so that the caret lines up under a tab-indented line.
                let pad: String = excerpt
                    .chars()
                    .take(caret)
                    .map(|c| if c == '\t' { '\t' } else { ' ' })
                    .collect();
                write!(f, "{:gutter$} | {pad}^", "")?;
            }
            None => write!(f, "error: {}", self.message)?,
        }
        for note in &self.notes {
            write!(f, "\nnote: {}", note.trim_end())?;
        }
        Ok(())
    }
}

/// The longest source line a diagnostic shows whole. A longer one
/// (machine-written code can put a whole program on one line) is cut to
/// [`EXCERPT_RADIUS`] characters on each side of the column, with `...`
/// where it was.
const MAX_SHOWN_LINE: usize = 200;
const EXCERPT_RADIUS: usize = 60;

/// The part of `line` around `column` (1-based) that a diagnostic shows,
/// and how many characters of it come before the column.
fn excerpt(line: &str, column: u32) -> (String, usize) {
    let chars: Vec<char> = line.chars().collect();
    let at = (column.saturating_sub(1) as usize).min(chars.len());
    if chars.len() <= MAX_SHOWN_LINE {
        return (line.to_string(), at);
    }
    let start = at.saturating_sub(EXCERPT_RADIUS);
    let end = (at + EXCERPT_RADIUS).min(chars.len());
    let mut out = String::new();
    if start > 0 {
        out.push_str("...");
    }
    let caret = out.chars().count() + (at - start);
    out.extend(&chars[start..end]);
    if end < chars.len() {
        out.push_str("...");
    }
    (out, caret)
}

#[cfg(test)]
mod tests {
    use super::excerpt;

    #[test]
    fn a_short_line_is_shown_whole() {
        assert_eq!(excerpt("int x = y;", 9), ("int x = y;".to_string(), 8));
    }

    #[test]
    fn a_long_line_is_cut_around_the_column() {
        let line = format!("{}X{}", "a".repeat(500), "b".repeat(500));
        let (shown, caret) = excerpt(&line, 501);
        assert!(shown.starts_with("...") && shown.ends_with("..."));
        assert_eq!(shown.chars().nth(caret), Some('X'));
        assert!(shown.len() < 130, "{}", shown.len());
    }
}
