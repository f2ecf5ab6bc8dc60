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
                writeln!(f, "{:gutter$} |", "")?;
                writeln!(f, "{} | {}", loc.line, loc.source_line)?;
                // Keep tabs so that the caret lines up under a tab-indented line.
                let pad: String = loc
                    .source_line
                    .chars()
                    .take(loc.column.saturating_sub(1) as usize)
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
