//! Comparison of outputs, byte for byte or with floating-point numbers
//! within a relative tolerance, and the first line that differs.

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

/// `None` when `original` and `transformed` agree: the same bytes, or,
/// with a `tolerance` above 0, lines that differ only in floating-point
/// numbers each within that relative distance of the original's (see
/// [`lines_agree`]).
pub fn bytes(original: &[u8], transformed: &[u8], tolerance: f64) -> Option<Difference> {
    if original == transformed {
        return None;
    }
    let mut a = original.split_inclusive(|&b| b == b'\n');
    let mut b = transformed.split_inclusive(|&b| b == b'\n');
    let mut line = 1;
    loop {
        let (x, y) = (a.next(), b.next());
        let agree = match (x, y) {
            (None, None) => return None,
            (Some(x), Some(y)) => x == y || tolerance > 0.0 && lines_agree(x, y, tolerance),
            _ => false,
        };
        if !agree {
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

/// A piece of a line: text, or a number as printed.
#[derive(Debug, PartialEq)]
enum Token<'l> {
    Text(&'l [u8]),
    /// A decimal integer: compared exactly.
    Integer(&'l [u8]),
    /// A number with a fraction or an exponent, `nan` or `inf`.
    Float(f64),
}

/// Whether two lines are the same but for floating-point numbers, each
/// within `tolerance` of the other relative to the larger magnitude (NaN
/// agrees with NaN, an infinity with itself). Integers, and all other
/// text, must be the same.
pub fn lines_agree(original: &[u8], transformed: &[u8], tolerance: f64) -> bool {
    let (a, b) = (tokens(original), tokens(transformed));
    a.len() == b.len()
        && a.iter().zip(&b).all(|pair| match pair {
            (Token::Float(x), Token::Float(y)) => {
                x == y
                    || x.is_nan() && y.is_nan()
                    || x.is_finite()
                        && y.is_finite()
                        && (x - y).abs() <= tolerance * x.abs().max(y.abs())
            }
            (x, y) => x == y,
        })
}

/// The line as text and numbers: a number starts at a digit, or at a sign
/// or a point followed by one, where the previous character is not part
/// of a word (`x2` is text), and runs as far as C's `strtod` would read a
/// decimal number; `nan` and `inf` (with a sign) are words of their own.
fn tokens(line: &[u8]) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut text_start = 0;
    let mut k = 0;
    while k < line.len() {
        let starts_word = k == 0 || !is_word(line[k - 1]);
        let number = if starts_word {
            number_at(line, k)
        } else {
            None
        };
        match number {
            Some((end, token)) => {
                if text_start < k {
                    out.push(Token::Text(&line[text_start..k]));
                }
                out.push(token);
                k = end;
                text_start = k;
            }
            None => k += 1,
        }
    }
    if text_start < line.len() {
        out.push(Token::Text(&line[text_start..]));
    }
    out
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'.'
}

/// The number starting at `k`, and where it ends.
fn number_at(line: &[u8], k: usize) -> Option<(usize, Token<'_>)> {
    let mut i = k;
    if matches!(line.get(i), Some(b'+' | b'-')) {
        i += 1;
    }
    let rest = &line[i..];
    for word in ["nan", "inf"] {
        if rest.len() >= 3
            && rest[..3].eq_ignore_ascii_case(word.as_bytes())
            && !rest.get(3).is_some_and(|&c| is_word(c))
        {
            let text = std::str::from_utf8(&line[k..i + 3]).ok()?;
            return Some((i + 3, Token::Float(text.parse().ok()?)));
        }
    }
    let digits = |mut j: usize| {
        while line.get(j).is_some_and(u8::is_ascii_digit) {
            j += 1;
        }
        j
    };
    let whole_end = digits(i);
    let mut end = whole_end;
    let mut float = false;
    if line.get(end) == Some(&b'.') {
        let fraction_end = digits(end + 1);
        if whole_end > i || fraction_end > end + 1 {
            end = fraction_end;
            float = true;
        }
    }
    if end == i {
        return None;
    }
    if matches!(line.get(end), Some(b'e' | b'E')) {
        let mut j = end + 1;
        if matches!(line.get(j), Some(b'+' | b'-')) {
            j += 1;
        }
        let exponent_end = digits(j);
        if exponent_end > j {
            end = exponent_end;
            float = true;
        }
    }
    // A number glued to a word (`12ab`) is text.
    if line
        .get(end)
        .is_some_and(|&c| c.is_ascii_alphabetic() || c == b'_')
    {
        return None;
    }
    let text = &line[k..end];
    if !float {
        return Some((end, Token::Integer(text)));
    }
    let value = std::str::from_utf8(text).ok()?.parse().ok()?;
    Some((end, Token::Float(value)))
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
    tolerance: f64,
) -> Result<FileComparison, Error> {
    let original = read_optional(&original_dir.join(name))?;
    let transformed = read_optional(&transformed_dir.join(name))?;
    let state = match (original, transformed) {
        (None, None) => FileState::MissingInBoth,
        (None, Some(_)) => FileState::MissingInOriginal,
        (Some(_), None) => FileState::MissingInTransformed,
        (Some(a), Some(b)) => match bytes(&a, &b, tolerance) {
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
        assert_eq!(bytes(b"a\nb\n", b"a\nb\n", 0.0), None);
        assert_eq!(bytes(b"", b"", 0.0), None);
    }

    #[test]
    fn the_first_differing_line_is_reported() {
        let d = bytes(b"1\n2\n3\n", b"1\n2\nnan\n", 0.0).unwrap();
        assert_eq!(d.line, 3);
        assert_eq!(d.original.as_deref(), Some("3\n"));
        assert_eq!(d.transformed.as_deref(), Some("nan\n"));
    }

    #[test]
    fn a_shorter_output_ends_early() {
        let d = bytes(b"1\n2\n", b"1\n", 0.0).unwrap();
        assert_eq!(d.line, 2);
        assert_eq!(d.transformed, None);
        assert!(d.describe().contains("(end of output)"), "{}", d.describe());
    }

    #[test]
    fn a_missing_final_newline_is_a_difference() {
        let d = bytes(b"1\n", b"1", 0.0).unwrap();
        assert_eq!(d.line, 1);
        assert!(d.describe().contains("\"1\\n\""), "{}", d.describe());
    }

    #[test]
    fn floats_within_the_tolerance_agree() {
        let original = b"gemm 20: 1234.567891\nsum=1.0e-3 n=20\n";
        let transformed = b"gemm 20: 1234.567892\nsum=1.0000000001e-3 n=20\n";
        assert_eq!(bytes(original, transformed, 1e-9), None);
        // Exact comparison still tells them apart, and a tighter
        // tolerance too.
        assert_eq!(bytes(original, transformed, 0.0).map(|d| d.line), Some(1));
        assert_eq!(bytes(original, transformed, 1e-12).map(|d| d.line), Some(1));
    }

    #[test]
    fn integers_and_text_stay_exact_under_a_tolerance() {
        // The size (an integer), a word with digits, and the text around.
        for (a, b) in [
            (&b"n=1000 x=1.5\n"[..], &b"n=1001 x=1.5\n"[..]),
            (b"func_18 1.5\n", b"func_19 1.5\n"),
            (b"sum: 1.5\n", b"sum; 1.5\n"),
            (b"1.5 2.5\n", b"1.5\n"),
        ] {
            assert!(bytes(a, b, 0.5).is_some(), "{a:?} {b:?}");
        }
    }

    #[test]
    fn special_values_agree_only_with_themselves() {
        assert_eq!(bytes(b"nan -inf\n", b"nan -inf\n", 1e-6), None);
        assert_eq!(bytes(b"-nan 1\n", b"nan 1\n", 1e-6), None);
        assert!(bytes(b"inf\n", b"-inf\n", 1e-6).is_some());
        assert!(bytes(b"1.0\n", b"nan\n", 1e-6).is_some());
        assert!(bytes(b"0.0\n", b"1e-300\n", 1e-6).is_some());
        assert_eq!(bytes(b"-0.000000\n", b"0.000000\n", 1e-6), None);
    }
}
