//! Byte-for-byte comparison of outputs, and the first line that differs.

use crate::error::Error;
use std::path::Path;

/// Where two outputs first differ: the line number (from 1) and that line
/// on each side, newline included (`None`: the output ended before).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    pub line: usize,
    pub original: Option<String>,
    pub transformed: Option<String>,
}

/// Longest line shown in a difference, in characters.
const SHOWN: usize = 200;

impl Difference {
    /// Two lines, `original:` and `transformed:`, each quoted (so that
    /// spaces, a missing newline and control bytes show).
    pub fn describe(&self) -> String {
        format!(
            "line {}:\n  original:    {}\n  transformed: {}",
            self.line,
            show(self.original.as_deref()),
            show(self.transformed.as_deref())
        )
    }
}

fn show(line: Option<&str>) -> String {
    match line {
        None => "(end of output)".to_owned(),
        Some(text) if text.chars().count() > SHOWN => {
            let cut: String = text.chars().take(SHOWN).collect();
            format!("{cut:?}...")
        }
        Some(text) => format!("{text:?}"),
    }
}

/// `None` when `original` and `transformed` are the same bytes.
pub fn bytes(original: &[u8], transformed: &[u8]) -> Option<Difference> {
    if original == transformed {
        return None;
    }
    let mut a = original.split_inclusive(|&b| b == b'\n');
    let mut b = transformed.split_inclusive(|&b| b == b'\n');
    let mut line = 1;
    loop {
        let (x, y) = (a.next(), b.next());
        if x != y {
            let text = |l: Option<&[u8]>| l.map(|l| String::from_utf8_lossy(l).into_owned());
            return Some(Difference {
                line,
                original: text(x),
                transformed: text(y),
            });
        }
        line += 1;
    }
}

/// How a named output file compares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileComparison {
    pub name: String,
    pub state: FileState,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileState {
    Equal,
    /// Neither program wrote it: they agree, but the name may be a mistake.
    MissingInBoth,
    MissingInOriginal,
    MissingInTransformed,
    Different(Difference),
}

impl FileComparison {
    pub fn equal(&self) -> bool {
        matches!(self.state, FileState::Equal | FileState::MissingInBoth)
    }
}

/// Compares the file `name` written by each run in its own directory.
pub fn file(
    name: &str,
    original_dir: &Path,
    transformed_dir: &Path,
) -> Result<FileComparison, Error> {
    let original = read_optional(&original_dir.join(name))?;
    let transformed = read_optional(&transformed_dir.join(name))?;
    let state = match (original, transformed) {
        (None, None) => FileState::MissingInBoth,
        (None, Some(_)) => FileState::MissingInOriginal,
        (Some(_), None) => FileState::MissingInTransformed,
        (Some(a), Some(b)) => match bytes(&a, &b) {
            None => FileState::Equal,
            Some(difference) => FileState::Different(difference),
        },
    };
    Ok(FileComparison {
        name: name.to_owned(),
        state,
    })
}

fn read_optional(path: &Path) -> Result<Option<Vec<u8>>, Error> {
    match std::fs::read(path) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(Error::Io(format!("cannot read {}: {e}", path.display()))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_outputs_have_no_difference() {
        assert_eq!(bytes(b"a\nb\n", b"a\nb\n"), None);
        assert_eq!(bytes(b"", b""), None);
    }

    #[test]
    fn the_first_differing_line_is_reported() {
        let d = bytes(b"1\n2\n3\n", b"1\n2\nnan\n").unwrap();
        assert_eq!(d.line, 3);
        assert_eq!(d.original.as_deref(), Some("3\n"));
        assert_eq!(d.transformed.as_deref(), Some("nan\n"));
    }

    #[test]
    fn a_shorter_output_ends_early() {
        let d = bytes(b"1\n2\n", b"1\n").unwrap();
        assert_eq!(d.line, 2);
        assert_eq!(d.transformed, None);
        assert!(d.describe().contains("(end of output)"), "{}", d.describe());
    }

    #[test]
    fn a_missing_final_newline_is_a_difference() {
        let d = bytes(b"1\n", b"1").unwrap();
        assert_eq!(d.line, 1);
        assert!(d.describe().contains("\"1\\n\""), "{}", d.describe());
    }
}
