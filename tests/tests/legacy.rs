//! Legacy code round trip: ferry must read real C (zlib, Lua 5.4, bzip2,
//! LZ4, the SQLite amalgamation) and print it back as C that the system
//! compiler accepts.
//!
//! For each file: `ferry parse FILE CFLAGS` must exit 0 with an empty stderr,
//! and `cc -fsyntax-only CFLAGS -I<dir of FILE>` must accept the output (the
//! output keeps the file's `#include "..."` lines, so it is compiled from a
//! temporary folder with the original folder on the include path); and the
//! same for the file preprocessed (`cc -E`), whose output must compile
//! with no flag at all. The
//! sources come from crates.io packages, located by `ferry_tests::corpus`.
//!
//! One test per library, so that they run in parallel; sqlite3.c
//! (270k lines) is the longest.

use ferry_tests::corpus::{CorpusFile, library_files};
use ferry_tests::{assert_known_failures, run_ferry, scratch_dir};
use std::path::Path;
use std::process::Command;

/// Files that fail because of a known ferry bug, as (name, bug). They are
/// still run: each must still fail, so that a fixed bug cannot leave its
/// entry here unnoticed.
const KNOWN_FAILURES: &[(&str, &str)] = &[];

/// Lines of a failing command's stderr shown in the report.
const SHOWN_LINES: usize = 15;

#[test]
fn zlib_round_trips() {
    check_library("zlib");
}

#[test]
fn lua_round_trips() {
    check_library("lua");
}

#[test]
fn bzip2_round_trips() {
    check_library("bzip2");
}

#[test]
fn lz4_round_trips() {
    check_library("lz4");
}

#[test]
fn sqlite_round_trips() {
    check_library("sqlite");
}

fn check_library(library: &str) {
    let files = library_files(library)
        .unwrap_or_else(|e| panic!("cannot locate the {library} sources: {e}"));
    assert!(!files.is_empty(), "no {library} file found");
    let scratch = scratch_dir(&format!("legacy-{library}"));
    let outcomes = files
        .iter()
        .map(|file| (file.name.as_str(), round_trip(file, &scratch)));
    assert_known_failures(
        library,
        outcomes,
        KNOWN_FAILURES,
        &format!("\n(outputs kept in {})", scratch.display()),
    );
    // Only a clean run removes its outputs; a failing one keeps them.
    let _ = std::fs::remove_dir_all(&scratch);
}

/// Parses and prints `file` with ferry, then compiles the output; the same
/// for its preprocessed form (`cc -E`), which must print back as code
/// that compiles on its own.
fn round_trip(file: &CorpusFile, scratch: &Path) -> Result<(), String> {
    parse_and_compile(file, &file.path, &file.cflags, scratch)?;
    let original_dir = file.path.parent().expect("a folder");
    let stem = file
        .path
        .file_stem()
        .expect("a file name")
        .to_string_lossy();
    let preprocessed = scratch.join(format!("{stem}.i"));
    let cc = ferry_parser::preprocess::c_compiler();
    let output = Command::new(&cc)
        .arg("-E")
        .args(&file.cflags)
        .arg(format!("-I{}", original_dir.display()))
        .arg(&file.path)
        .arg("-o")
        .arg(&preprocessed)
        .output()
        .map_err(|e| format!("cannot run `{cc}`: {e}"))?;
    if !output.status.success() {
        return Err(format!("`{cc} -E` fails on {}", file.path.display()));
    }
    parse_and_compile(file, &preprocessed, &[], scratch)
}

/// `ferry parse PATH CFLAGS`, its output compiled with `cc -fsyntax-only`.
fn parse_and_compile(
    file: &CorpusFile,
    path: &Path,
    cflags: &[String],
    scratch: &Path,
) -> Result<(), String> {
    let mut args = vec!["parse".into(), path.to_path_buf().into_os_string()];
    args.extend(cflags.iter().map(Into::into));
    let ferry = run_ferry(&args);
    let stderr = String::from_utf8_lossy(&ferry.stderr);
    if !ferry.status.success() || !stderr.is_empty() {
        return Err(format!(
            "`ferry parse {} {}` exited with {}:\n{}",
            path.display(),
            cflags.join(" "),
            ferry.status,
            first_lines(&stderr)
        ));
    }

    // A `.i` prints back as `.c` source.
    let name = path.file_name().expect("a file name").to_string_lossy();
    let printed = scratch.join(match name.strip_suffix(".i") {
        Some(stem) => format!("{stem}.printed.c"),
        None => name.into_owned(),
    });
    std::fs::write(&printed, &ferry.stdout)
        .map_err(|e| format!("cannot write {}: {e}", printed.display()))?;
    let original_dir = file.path.parent().expect("a folder");
    let cc = ferry_parser::preprocess::c_compiler();
    let compiled = Command::new(&cc)
        .arg("-fsyntax-only")
        .args(cflags)
        .arg(format!("-I{}", original_dir.display()))
        .arg(&printed)
        .output()
        .map_err(|e| format!("cannot run `{cc}`: {e}"))?;
    if !compiled.status.success() {
        return Err(format!(
            "`{cc} -fsyntax-only {} -I{} {}` rejects ferry's output:\n{}",
            cflags.join(" "),
            original_dir.display(),
            printed.display(),
            first_lines(&String::from_utf8_lossy(&compiled.stderr))
        ));
    }
    Ok(())
}

fn first_lines(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let mut shown = lines[..lines.len().min(SHOWN_LINES)].join("\n");
    if lines.len() > SHOWN_LINES {
        shown.push_str(&format!("\n... ({} more lines)", lines.len() - SHOWN_LINES));
    }
    shown
}
