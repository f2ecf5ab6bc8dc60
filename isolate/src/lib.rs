//! Statement isolation (section 3 of the paper): a statement `s` becomes
//! `Isol(s)`, which references no host memory, surrounded by the transfers
//! its regions call for:
//!
//! - Store(s) = ⌈W̄(s)⌉
//! - Load(s)  = ⌈R̄(s) ∪ (Store(s) − W̲(s))⌉
//!
//! so that an over-approximated write never stores back a value that was
//! not loaded first.

use ferry_parser::{Diagnostic, ParsedFile};
use std::path::Path;

/// Which statements to isolate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Selection {
    /// The statement carrying this label (as PIPS's `isolate_statement`).
    Label(String),
    /// The whole body of this function, with transfers at entry and exit.
    Function(String),
    /// Every statement written right after `#pragma ferry isolate`.
    Pragma,
}

/// A file of the transformed program.
#[derive(Debug, Clone)]
pub struct OutputFile {
    /// The file name, without a directory.
    pub name: String,
    pub text: String,
}

/// The transformed program: every input file under its own name, then the
/// runtime's files.
#[derive(Debug, Clone)]
pub struct Isolated {
    pub files: Vec<OutputFile>,
}

/// Isolates the selected statements of the program made of `parsed`.
/// Refusals are diagnostics at the statement or variable concerned.
pub fn isolate(parsed: &[ParsedFile], selection: &Selection) -> Result<Isolated, Diagnostic> {
    let _ = (parsed, selection);
    Err(Diagnostic::error("ferry isolate is not implemented yet"))
}

/// Writes `isolated` into `dir` (created if needed). Every file is written
/// to a temporary name first and renamed, so a failure leaves no partial
/// file behind.
pub fn write_output(dir: &Path, isolated: &Isolated) -> Result<(), Diagnostic> {
    let fail = |what: &str, path: &Path, e: std::io::Error| {
        Diagnostic::error(format!("cannot {what} {}: {e}", path.display()))
    };
    std::fs::create_dir_all(dir).map_err(|e| fail("create the folder", dir, e))?;
    let runtime = ferry_rte::FILES
        .iter()
        .map(|(name, text)| (name.to_string(), text.to_string()));
    let files = isolated
        .files
        .iter()
        .map(|f| (f.name.clone(), f.text.clone()))
        .chain(runtime);
    for (name, text) in files {
        let path = dir.join(&name);
        let partial = dir.join(format!(".{name}.ferry-partial"));
        std::fs::write(&partial, text).map_err(|e| fail("write", &partial, e))?;
        std::fs::rename(&partial, &path).map_err(|e| fail("write", &path, e))?;
    }
    Ok(())
}
