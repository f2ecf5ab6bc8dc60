//! A function of another unit cloned into the unit of an isolated
//! statement (a project's units linked, or several files on the command
//! line): its clone is printed in this unit, so every name it uses must
//! mean the same thing here. What the clone declares itself (parameters,
//! locals, the offsets and globals it receives) is its own; anything
//! else must be declared at file scope in this unit (the prototypes,
//! typedefs and variables of the headers both units include). A tag
//! (`struct s`), an enumeration constant or a label is not looked up and
//! refuses the clone: ferry cannot tell that this unit's is the same.

use ferry_parser::ast::{ExternalDecl, TranslationUnit};
use std::collections::HashSet;

/// The names declared at file scope in `unit`: functions, variables and
/// typedef names, defined or only declared.
pub fn file_scope_names(unit: &TranslationUnit) -> HashSet<String> {
    let mut names = HashSet::new();
    for item in &unit.items {
        match item {
            ExternalDecl::FunctionDef(def) => {
                names.extend(def.declarator.name().map(|(n, _)| n.as_str().to_string()));
            }
            ExternalDecl::Declaration(ferry_parser::ast::Declaration::Normal {
                declarators,
                ..
            }) => {
                for d in declarators {
                    names.extend(d.declarator.name().map(|(n, _)| n.as_str().to_string()));
                }
            }
            _ => {}
        }
    }
    names
}

/// The first name of the C text `text` (a printed function definition)
/// that is neither a keyword, nor a member after `.` or `->`, nor in
/// `own` or `file_scope`: what keeps the clone from meaning here what it
/// meant in its own unit.
pub fn unresolved_name(
    text: &str,
    own: &HashSet<String>,
    file_scope: &HashSet<String>,
) -> Option<String> {
    let bytes = text.as_bytes();
    let mut k = 0;
    let mut after_member = false;
    while k < bytes.len() {
        let c = bytes[k];
        match c {
            b'"' | b'\'' => {
                k += 1;
                while k < bytes.len() && bytes[k] != c {
                    k += if bytes[k] == b'\\' { 2 } else { 1 };
                }
                k += 1;
                after_member = false;
            }
            b'0'..=b'9' => {
                // A number, its suffixes and exponent included.
                while k < bytes.len()
                    && (bytes[k].is_ascii_alphanumeric() || bytes[k] == b'.' || bytes[k] == b'_')
                {
                    let exponent = matches!(bytes[k], b'e' | b'E' | b'p' | b'P');
                    k += 1;
                    if exponent && k < bytes.len() && matches!(bytes[k], b'+' | b'-') {
                        k += 1;
                    }
                }
                after_member = false;
            }
            c if c.is_ascii_alphabetic() || c == b'_' => {
                let start = k;
                while k < bytes.len() && (bytes[k].is_ascii_alphanumeric() || bytes[k] == b'_') {
                    k += 1;
                }
                let name = &text[start..k];
                let known = after_member
                    || KEYWORDS.contains(&name)
                    || name.starts_with("__builtin")
                    || own.contains(name)
                    || file_scope.contains(name);
                if !known {
                    return Some(name.to_string());
                }
                after_member = false;
            }
            b'.' => {
                after_member = true;
                k += 1;
            }
            b'-' if bytes.get(k + 1) == Some(&b'>') => {
                after_member = true;
                k += 2;
            }
            c if c.is_ascii_whitespace() => k += 1,
            _ => {
                after_member = false;
                k += 1;
            }
        }
    }
    None
}

/// C's keywords and GNU's, which name nothing; `struct`, `union`, `enum`
/// and `goto` are not among them, so that the tag or label after them is
/// looked up (and refused).
const KEYWORDS: &[&str] = &[
    "auto",
    "break",
    "case",
    "char",
    "const",
    "continue",
    "default",
    "do",
    "double",
    "else",
    "extern",
    "float",
    "for",
    "if",
    "inline",
    "int",
    "long",
    "register",
    "restrict",
    "return",
    "short",
    "signed",
    "sizeof",
    "static",
    "switch",
    "typedef",
    "unsigned",
    "void",
    "volatile",
    "while",
    "_Alignas",
    "_Alignof",
    "_Atomic",
    "_Bool",
    "_Complex",
    "_Generic",
    "_Imaginary",
    "_Noreturn",
    "_Static_assert",
    "_Thread_local",
    "__restrict",
    "__restrict__",
    "__inline",
    "__inline__",
    "__const",
    "__const__",
    "__volatile",
    "__volatile__",
    "__signed",
    "__signed__",
    "__extension__",
    "__attribute__",
    "__attribute",
    "__typeof__",
    "__typeof",
    "typeof",
    "__alignof__",
    "__alignof",
    "__asm__",
    "__asm",
    "asm",
    "__int128",
    "__func__",
    "__FUNCTION__",
    "__PRETTY_FUNCTION__",
    "_Float16",
    "_Float32",
    "_Float64",
    "_Float128",
    "__float128",
];

#[cfg(test)]
mod tests {
    use super::*;

    fn set(names: &[&str]) -> HashSet<String> {
        names.iter().map(|n| n.to_string()).collect()
    }

    #[test]
    fn every_name_of_a_clone_must_be_its_own_or_declared_here() {
        let own = set(&["n", "acc", "x", "i", "acc_off1", "accumulate_accel"]);
        let here = set(&["mix", "size_t"]);
        let text = "void accumulate_accel(int n, double *acc, const double *x, long acc_off1)\n\
                    {\n    for (int i = 0; i < n; i++)\n        \
                    acc[i - acc_off1] = mix(acc[i - acc_off1], x[i], i) * 1.5e-3 + 0x1FUL;\n}\n";
        assert_eq!(unresolved_name(text, &own, &here), None);
        // A member is no name to look up; a string's words are not either.
        let members = "void f(int n) { p->next.value = s.len + n; puts(\"not a name\"); }";
        let own = set(&["f", "n", "p", "s"]);
        assert_eq!(
            unresolved_name(members, &own, &here),
            Some("puts".to_string())
        );
        // A tag, a function of the other unit only, a label.
        let tag = "void f(struct point *p) { }";
        assert_eq!(
            unresolved_name(tag, &set(&["f", "p"]), &here),
            Some("struct".to_string())
        );
        let static_helper = "double f(double v) { return helper(v); }";
        assert_eq!(
            unresolved_name(static_helper, &set(&["f", "v"]), &here),
            Some("helper".to_string())
        );
        let label = "void f(void) { goto out; out: ; }";
        assert_eq!(
            unresolved_name(label, &set(&["f"]), &here),
            Some("goto".to_string())
        );
    }
}
