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

/// Runs `cc -E -dD CFLAGS FILE` and returns the preprocessed text. `-dD`
/// keeps the executed `#define`s in the output, so that the printer can
/// restore those of the main file that configure its headers.
pub fn preprocess(file: &Path, cflags: &[String]) -> Result<String, Diagnostic> {
    if !file.is_file() {
        return Err(Diagnostic::error(format!(
            "cannot read `{}`: no such file",
            file.display()
        )));
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
