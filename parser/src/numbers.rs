//! Checking numeric constants. The lexer reads any C "preprocessing number"
//! (`123abc` included, as the standard says); this module decides whether it
//! is an integer constant, a floating constant, or an error, so that ferry
//! rejects what the C compiler would reject instead of printing it back.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NumberKind {
    Integer,
    Floating,
}

pub fn classify(text: &str) -> Result<NumberKind, String> {
    let lower = text.to_ascii_lowercase();
    let (is_hex, body) = match lower.strip_prefix("0x") {
        Some(rest) => (true, rest),
        None => (false, lower.as_str()),
    };
    let is_float = body.contains('.')
        || if is_hex {
            body.contains('p')
        } else {
            body.contains('e')
        };
    if is_float {
        floating(body, is_hex).map(|()| NumberKind::Floating)
    } else {
        integer(&lower, is_hex).map(|()| NumberKind::Integer)
    }
}

fn integer(lower: &str, is_hex: bool) -> Result<(), String> {
    let (radix, digits_start) = if is_hex {
        (16, 2)
    } else if lower.starts_with("0b") {
        (2, 2)
    } else if lower.starts_with('0') && lower.len() > 1 {
        (8, 1)
    } else {
        (10, 0)
    };
    let rest = &lower[digits_start..];
    let digits_end = rest
        .find(|c: char| c != '\'' && !c.is_digit(radix))
        .unwrap_or(rest.len());
    let (digits, suffix) = rest.split_at(digits_end);
    if digits.is_empty() && radix != 8 {
        return Err("no digits".to_owned());
    }
    if radix == 8 && suffix.starts_with(|c: char| c.is_ascii_digit()) {
        return Err("invalid digit in octal constant".to_owned());
    }
    if is_integer_suffix(suffix) {
        Ok(())
    } else {
        Err(format!("invalid suffix `{suffix}` on integer constant"))
    }
}

/// `u`, `l`, `ll` in either order and case (already lowered), C23 `wb`, and
/// GNU's imaginary `i`/`j`.
fn is_integer_suffix(suffix: &str) -> bool {
    let without_imaginary = suffix.trim_start_matches(['i', 'j']);
    let core = if without_imaginary.len() < suffix.len() {
        without_imaginary
    } else {
        suffix.trim_end_matches(['i', 'j'])
    };
    matches!(
        core,
        "" | "u" | "l" | "ul" | "lu" | "ll" | "ull" | "llu" | "wb" | "uwb" | "wbu"
    )
}

fn floating(body: &str, is_hex: bool) -> Result<(), String> {
    let exponent_mark = if is_hex { 'p' } else { 'e' };
    let (mantissa, after) = match body.find(exponent_mark) {
        Some(i) => (&body[..i], Some(&body[i + 1..])),
        None => {
            let end = body
                .find(|c: char| {
                    !(c.is_ascii_digit()
                        || c == '.'
                        || c == '\''
                        || (is_hex && c.is_ascii_hexdigit()))
                })
                .unwrap_or(body.len());
            (&body[..end], None)
        }
    };
    if mantissa.matches('.').count() > 1 {
        return Err("too many decimal points".to_owned());
    }
    let digit_ok = |c: char| {
        c == '.'
            || c == '\''
            || if is_hex {
                c.is_ascii_hexdigit()
            } else {
                c.is_ascii_digit()
            }
    };
    if !mantissa.chars().all(digit_ok) || !mantissa.chars().any(|c| c.is_ascii_hexdigit()) {
        return Err("malformed mantissa".to_owned());
    }
    let suffix = match after {
        Some(exp) => {
            let exp = exp.strip_prefix(['+', '-']).unwrap_or(exp);
            let end = exp.find(|c: char| !c.is_ascii_digit()).unwrap_or(exp.len());
            if end == 0 {
                return Err("exponent has no digits".to_owned());
            }
            &exp[end..]
        }
        None if is_hex => {
            return Err("hexadecimal floating constant requires an exponent".to_owned());
        }
        None => &body[mantissa.len()..],
    };
    let core = suffix.trim_start_matches(['i', 'j']);
    let core = if core.len() < suffix.len() {
        core
    } else {
        suffix.trim_end_matches(['i', 'j'])
    };
    let valid = matches!(
        core,
        "" | "f"
            | "l"
            | "f16"
            | "f32"
            | "f64"
            | "f128"
            | "f32x"
            | "f64x"
            | "f128x"
            | "bf16"
            | "df"
            | "dd"
            | "dl"
            | "w"
            | "q"
    );
    if valid {
        Ok(())
    } else {
        Err(format!("invalid suffix `{suffix}` on floating constant"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_every_valid_form() {
        for ok in [
            "0", "10", "10u", "10UL", "10ll", "10LLU", "0x1fULL", "017", "0b101", "1'000", "3i",
            "1000wb",
        ] {
            assert_eq!(classify(ok), Ok(NumberKind::Integer), "{ok}");
        }
        for ok in [
            "1.5f", "1e3L", "0x1.8p3", ".5", "5.", "1e-3", "1.0f128", "2.0F32x", "3.0i", "1E+10",
            "0x.8p-1", "1.0q",
        ] {
            assert_eq!(classify(ok), Ok(NumberKind::Floating), "{ok}");
        }
    }

    #[test]
    fn rejects_what_the_compiler_rejects() {
        for bad in [
            "123abc", "08", "1.2.3", "0x1.0", "1e", "0x", "12lul", "1.0fx", "0b",
        ] {
            assert!(classify(bad).is_err(), "{bad}");
        }
    }
}
