//! Preprocessing is the system compiler's: `cc -E` with the user's flags,
//! line markers and macro definitions kept.

use crate::diagnostic::Diagnostic;
use std::path::Path;
use std::process::Command;

/// The C compiler to preprocess with: `$CC`, else `cc`.
pub fn c_compiler() -> String {
    std::env::var("CC")
        .ok()
        .filter(|cc| !cc.trim().is_empty())
        .unwrap_or_else(|| "cc".to_owned())
}

/// The preprocessor's flags whose value is the next argument (`-include
/// x.h`, `-D N=1`).
pub fn flag_takes_value(flag: &str) -> bool {
    flag == "-D" || flag == "-U" || flag_takes_path(flag)
}

/// The preprocessor's flags whose value, the next argument, is a path.
fn flag_takes_path(flag: &str) -> bool {
    matches!(
        flag,
        "-I" | "-include" | "-isystem" | "-imacros" | "-iquote" | "-idirafter"
    )
}

/// `cflags` with the paths they name (`-I dir`, `-Idir`, `-include x.h`...)
/// made absolute against `base`, for a build that runs elsewhere.
pub fn absolute_paths(cflags: &[String], base: &Path) -> Vec<String> {
    let absolute = |path: &str| base.join(path).to_string_lossy().into_owned();
    let mut out = Vec::new();
    let mut flags = cflags.iter();
    while let Some(flag) = flags.next() {
        if flag_takes_path(flag)
            && let Some(path) = flags.next()
        {
            out.push(flag.clone());
            out.push(absolute(path));
        } else if let Some(path) = flag.strip_prefix("-I") {
            out.push(format!("-I{}", absolute(path)));
        } else {
            out.push(flag.clone());
        }
    }
    out
}

/// Runs `cc -E -dD CFLAGS FILE` and returns the preprocessed text. `-dD`
/// keeps the executed `#define`s in the output, so that the printer can
/// restore those of the main file that configure its headers. A file that
/// is already preprocessed is read as it is ([`already_preprocessed`]).
pub fn preprocess(file: &Path, cflags: &[String]) -> Result<String, Diagnostic> {
    if !file.is_file() {
        return Err(Diagnostic::error(format!(
            "cannot read `{}`: no such file",
            file.display()
        )));
    }
    if let Some(text) = already_preprocessed(file)? {
        return Ok(text);
    }
    let cc = c_compiler();
    let output = Command::new(&cc)
        .arg("-E")
        .arg("-dD")
        .args(cflags)
        .arg(file)
        .output()
        .map_err(|e| Diagnostic::error(format!("cannot run the C preprocessor `{cc} -E`: {e}")))?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        return Err(
            Diagnostic::error(format!("`{cc} -E` failed on `{}`", file.display()))
                .with_note(stderr.trim_end().to_owned()),
        );
    }
    String::from_utf8(output.stdout).map_err(|e| {
        Diagnostic::error(format!(
            "`{}` is not valid UTF-8 after preprocessing (byte {})",
            file.display(),
            e.utf8_error().valid_up_to()
        ))
    })
}

/// The text of a file that went through the preprocessor already (a `.i`
/// file, or `cc -E` output under another name: its first line is a line
/// marker, where a source file would hold at most a `#line`-like marker
/// further down, for code a generator wrote), as
/// the main file's own: its line markers blanked, so that every declaration
/// (the headers' included) is the file's and prints back, and diagnostics
/// point at the file's own lines. `cc -E` would print nothing for a `.i`
/// file, and for another name it would keep the markers, which make the
/// headers' declarations look like `#include`d ones that the output, with
/// no header to include, would lose. `None` for a file to preprocess.
fn already_preprocessed(file: &Path) -> Result<Option<String>, Diagnostic> {
    let is_i = file.extension().is_some_and(|e| e == "i");
    let bytes = std::fs::read(file)
        .map_err(|e| Diagnostic::error(format!("cannot read `{}`: {e}", file.display())))?;
    // Only the first line decides: a source may hold bytes that are not
    // UTF-8 in comments, which preprocessing removes.
    let first_line = bytes.split(|&b| b == b'\n').next().unwrap_or_default();
    let marked = std::str::from_utf8(first_line).is_ok_and(is_line_marker);
    if !is_i && !marked {
        return Ok(None);
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        Diagnostic::error(format!(
            "`{}` is not valid UTF-8 (byte {})",
            file.display(),
            e.utf8_error().valid_up_to()
        ))
    })?;
    let mut out = format!("# 1 \"{}\"\n", file.display());
    for line in text.lines() {
        if !is_line_marker(line) {
            out.push_str(line);
        }
        out.push('\n');
    }
    Ok(Some(out))
}

/// `# 12 "file.h" 1 3 4`, as `cc -E` writes them.
fn is_line_marker(line: &str) -> bool {
    let Some(rest) = line.strip_prefix("# ") else {
        return false;
    };
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && rest[digits..].starts_with(" \"")
}

#[cfg(test)]
mod tests {
    use super::is_line_marker;

    #[test]
    fn line_markers_are_told_from_directives() {
        assert!(is_line_marker("# 1 \"pre.c\""));
        assert!(is_line_marker("# 12 \"/usr/include/stdio.h\" 1 3 4"));
        assert!(!is_line_marker("#define N 8"));
        assert!(!is_line_marker("#pragma once"));
        assert!(!is_line_marker("# define N 8"));
        assert!(!is_line_marker("int x; # 1 \"a\""));
    }
}
