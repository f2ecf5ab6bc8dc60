//! Integer constants: literal values and constant expressions (array
//! extents, enumerators, `case` labels).

use super::{Binding, Lowerer};
use crate::ir::Type;
use ferry_parser::ast::{self, BinaryOp, ExprKind, UnaryOp};

/// The value and type of an integer literal as spelled (`0x1fu`, `10L`).
pub fn int_literal(spelling: &str) -> Option<(i128, Type)> {
    let lower = spelling.to_ascii_lowercase();
    let digits_end = lower
        .trim_end_matches(['u', 'l'])
        .trim_end_matches("wb")
        .len();
    let (digits, suffix) = lower.split_at(digits_end);
    let unsigned_suffix = suffix.contains('u');
    let long_suffix = suffix.contains('l');
    let (radix, body) = if let Some(hex) = digits.strip_prefix("0x") {
        (16, hex)
    } else if let Some(bin) = digits.strip_prefix("0b") {
        (2, bin)
    } else if digits.len() > 1 && digits.starts_with('0') {
        (8, &digits[1..])
    } else {
        (10, digits)
    };
    let body: String = body.chars().filter(|&c| c != '\'').collect();
    let value = u128::from_str_radix(&body, radix).ok()?;
    let value = i128::try_from(value).ok()?;
    // The first type of the C11 list (6.4.4.1) that holds the value, on LP64.
    let fits_int = value <= i32::MAX as i128;
    let fits_uint = value <= u32::MAX as i128;
    let fits_long = value <= i64::MAX as i128;
    let decimal = radix == 10;
    let ty = if !long_suffix && !unsigned_suffix && fits_int {
        Type::int()
    } else if !long_suffix && (unsigned_suffix || !decimal) && fits_uint {
        Type::Int {
            signed: false,
            bits: 32,
        }
    } else if !unsigned_suffix && fits_long {
        Type::Int {
            signed: true,
            bits: 64,
        }
    } else {
        Type::Int {
            signed: false,
            bits: 64,
        }
    };
    Some((value, ty))
}

/// The value of a character constant such as `'a'`, `'\n'`, `L'\x41'`
/// (the first character of a multi-character constant).
pub fn char_literal(spelling: &str) -> Option<i128> {
    let start = spelling.find('\'')?;
    let inner = &spelling[start + 1..spelling.len().checked_sub(1)?];
    let plain = start == 0;
    let mut chars = inner.chars();
    let value = match chars.next()? {
        '\\' => match chars.next()? {
            'n' => 10,
            't' => 9,
            'r' => 13,
            '0'..='7' => {
                let octal: String = inner[1..]
                    .chars()
                    .take_while(|c| c.is_digit(8))
                    .take(3)
                    .collect();
                i128::from_str_radix(&octal, 8).ok()?
            }
            'x' => {
                let hex: String = inner[2..]
                    .chars()
                    .take_while(|c| c.is_ascii_hexdigit())
                    .collect();
                i128::from_str_radix(&hex, 16).ok()?
            }
            'a' => 7,
            'b' => 8,
            'f' => 12,
            'v' => 11,
            'e' | 'E' => 27,
            other => other as i128,
        },
        c => c as i128,
    };
    // A plain character constant has type int with the value of a `char`,
    // which is signed on the targets ferry models.
    Some(if plain && (128..256).contains(&value) {
        value - 256
    } else {
        value
    })
}

impl Lowerer {
    /// Evaluates an integer constant expression, if it is one ferry can
    /// evaluate (no `sizeof`, which depends on layouts ferry does not model).
    pub(super) fn constant(&self, e: &ast::Expr) -> Option<i128> {
        match &e.kind {
            ExprKind::IntLit(s) => int_literal(s.as_str()).map(|(v, _)| v),
            ExprKind::CharLit(s) => char_literal(s.as_str()),
            ExprKind::Ident(name) => match self.lookup(*name) {
                Some(Binding::Enumerator(v)) => Some(*v),
                _ => None,
            },
            ExprKind::Paren(inner) | ExprKind::Cast(_, inner) => self.constant(inner),
            ExprKind::Unary(op, inner) => {
                let v = self.constant(inner)?;
                match op {
                    UnaryOp::Minus => v.checked_neg(),
                    UnaryOp::Plus => Some(v),
                    UnaryOp::Not => Some((v == 0) as i128),
                    UnaryOp::BitNot => Some(!v),
                    _ => None,
                }
            }
            ExprKind::Binary(op, a, b) => {
                let a = self.constant(a)?;
                let b = self.constant(b)?;
                fold_binary(*op, a, b)
            }
            ExprKind::Conditional(c, a, b) => {
                let c = self.constant(c)?;
                if c != 0 {
                    match a {
                        Some(a) => self.constant(a),
                        None => Some(c),
                    }
                } else {
                    self.constant(b)
                }
            }
            _ => None,
        }
    }
}

/// `a op b` on mathematical integers, with C's truncating division.
pub fn fold_binary(op: BinaryOp, a: i128, b: i128) -> Option<i128> {
    Some(match op {
        BinaryOp::Add => a.checked_add(b)?,
        BinaryOp::Sub => a.checked_sub(b)?,
        BinaryOp::Mul => a.checked_mul(b)?,
        // i128 division truncates toward zero, as C does.
        BinaryOp::Div => a.checked_div(b)?,
        BinaryOp::Rem => a.checked_rem(b)?,
        BinaryOp::Shl => a.checked_shl(u32::try_from(b).ok()?)?,
        BinaryOp::Shr => a.checked_shr(u32::try_from(b).ok()?)?,
        BinaryOp::Lt => (a < b) as i128,
        BinaryOp::Gt => (a > b) as i128,
        BinaryOp::Le => (a <= b) as i128,
        BinaryOp::Ge => (a >= b) as i128,
        BinaryOp::Eq => (a == b) as i128,
        BinaryOp::Ne => (a != b) as i128,
        BinaryOp::BitAnd => a & b,
        BinaryOp::BitXor => a ^ b,
        BinaryOp::BitOr => a | b,
        BinaryOp::LogAnd => (a != 0 && b != 0) as i128,
        BinaryOp::LogOr => (a != 0 || b != 0) as i128,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_take_the_first_type_that_holds_them() {
        assert_eq!(int_literal("10").unwrap(), (10, Type::int()));
        assert_eq!(int_literal("0x10").unwrap().0, 16);
        assert_eq!(int_literal("010").unwrap().0, 8);
        assert_eq!(int_literal("0").unwrap().0, 0);
        let (v, ty) = int_literal("4294967295").unwrap();
        assert_eq!(v, 4294967295);
        assert_eq!(
            ty,
            Type::Int {
                signed: true,
                bits: 64
            }
        );
        assert_eq!(
            int_literal("0xffffffff").unwrap().1,
            Type::Int {
                signed: false,
                bits: 32
            }
        );
        assert_eq!(
            int_literal("3UL").unwrap().1,
            Type::Int {
                signed: false,
                bits: 64
            }
        );
    }

    #[test]
    fn character_constants() {
        assert_eq!(char_literal("'a'"), Some(97));
        assert_eq!(char_literal("'\\n'"), Some(10));
        assert_eq!(char_literal("'\\0'"), Some(0));
        assert_eq!(char_literal("'\\x41'"), Some(65));
        assert_eq!(char_literal("'\\377'"), Some(-1));
        assert_eq!(char_literal("L'\\377'"), Some(255));
    }

    #[test]
    fn division_truncates_toward_zero() {
        assert_eq!(fold_binary(BinaryOp::Div, -7, 2), Some(-3));
        assert_eq!(fold_binary(BinaryOp::Rem, -7, 2), Some(-1));
        assert_eq!(fold_binary(BinaryOp::Div, 7, 0), None);
    }
}
