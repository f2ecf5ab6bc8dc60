//! Round trip of every C program in `tests/c`: parse it, print it back with
//! `ferry parse`, parse the printed text again and compare the trees, then
//! build and run the original and the printed program and compare what they
//! print and their exit status.
//!
//! A program may ask for preprocessor flags on its first line:
//! `// cflags: -I tests/c/include -DFOO=3` (paths relative to the workspace
//! root). The subfolders of `tests/c` hold headers (`include/`) and the
//! inputs of the command-line tests (`cli/`), not programs. All programs are
//! checked even when some fail, and the failures are reported together; the
//! files of the failing ones stay in a folder under the system's temporary
//! directory, named in the report.

use ferry_parser::ast::TranslationUnit;
use ferry_parser::parse_file;
use ferry_tests::{
    RunError, c_dir, c_files_in, cflags_of, ferry_bin, for_each_parallel, indent, run_with_timeout,
    scratch_dir, workspace_root,
};
use std::path::Path;
use std::process::{Command, Output};
use std::time::Duration;

/// How long a test program may run before it is considered hung.
const RUN_TIMEOUT: Duration = Duration::from_secs(20);

#[test]
fn every_program_round_trips() {
    let programs = c_files_in(&c_dir());
    assert!(
        programs.len() >= 40,
        "expected at least 40 programs in {}, found {}",
        c_dir().display(),
        programs.len()
    );
    let scratch = scratch_dir("roundtrip");
    let outcomes = for_each_parallel(&programs, |program| check_program(program, &scratch));
    let mut failures = Vec::new();
    for (program, outcome) in programs.iter().zip(outcomes) {
        match outcome {
            // Keep only what helps to understand a failure.
            Ok(()) => {
                let _ = std::fs::remove_dir_all(scratch.join(program.file_stem().unwrap()));
            }
            Err(message) => failures.push(format!(
                "{}: {}",
                program.file_name().unwrap().to_string_lossy(),
                message
            )),
        }
    }
    if failures.is_empty() {
        let _ = std::fs::remove_dir_all(&scratch);
        return;
    }
    failures.sort();
    panic!(
        "{} of {} programs failed the round trip (outputs kept in {}):\n\n{}",
        failures.len(),
        programs.len(),
        scratch.display(),
        failures.join("\n\n")
    );
}

fn check_program(program: &Path, scratch: &Path) -> Result<(), String> {
    let name = program.file_name().unwrap();
    let stem = program.file_stem().unwrap().to_string_lossy().into_owned();
    let source = std::fs::read_to_string(program).map_err(|e| format!("cannot read: {e}"))?;
    let cflags = cflags_of(&source);

    // (a) The tree of the original.
    let original =
        parse_file(program, &cflags).map_err(|d| format!("parse of the original failed:\n{d}"))?;

    // (b) The printed program, from the real binary.
    let output = Command::new(ferry_bin())
        .arg("parse")
        .arg(program)
        .args(&cflags)
        .current_dir(workspace_root())
        .output()
        .map_err(|e| format!("cannot run ferry: {e}"))?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() || !stderr.is_empty() {
        return Err(format!(
            "`ferry parse` exited with {} and stderr:\n{}",
            output.status,
            indent(&stderr)
        ));
    }
    let printed = String::from_utf8(output.stdout)
        .map_err(|e| format!("`ferry parse` printed invalid UTF-8: {e}"))?;

    // (c) The printed program parses back to the same tree.
    let dir = scratch.join(&stem);
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let printed_path = dir.join(name);
    std::fs::write(&printed_path, &printed)
        .map_err(|e| format!("cannot write {}: {e}", printed_path.display()))?;
    let mut printed_cflags = cflags.clone();
    printed_cflags.push("-I".to_owned());
    printed_cflags.push(c_dir().to_string_lossy().into_owned());
    let reparsed = parse_file(&printed_path, &printed_cflags).map_err(|d| {
        format!(
            "parse of the printed program {} failed:\n{d}",
            printed_path.display()
        )
    })?;
    if original.unit != reparsed.unit {
        return Err(format!(
            "the printed program {} parses to a different tree:\n{}",
            printed_path.display(),
            tree_difference(&original.unit, &reparsed.unit)
        ));
    }

    // (d) Both programs build and behave the same.
    let original_exe = dir.join(format!("{stem}.original"));
    let printed_exe = dir.join(format!("{stem}.printed"));
    compile(program, &cflags, &original_exe)
        .map_err(|e| format!("the original does not build:\n{e}"))?;
    compile(&printed_path, &printed_cflags, &printed_exe).map_err(|e| {
        format!(
            "the printed program {} does not build:\n{e}",
            printed_path.display()
        )
    })?;
    let expected = run(&original_exe)?;
    let actual = run(&printed_exe)?;
    if !expected.status.success() {
        return Err(format!(
            "the original exits with {}; test programs must exit 0",
            expected.status
        ));
    }
    if expected.status.code() != actual.status.code() || expected.stdout != actual.stdout {
        return Err(format!(
            "the printed program behaves differently:\noriginal (status {}):\n{}\nprinted (status {}):\n{}",
            expected.status,
            indent(&String::from_utf8_lossy(&expected.stdout)),
            actual.status,
            indent(&String::from_utf8_lossy(&actual.stdout))
        ));
    }
    Ok(())
}

/// Builds `source` with the system compiler.
fn compile(source: &Path, cflags: &[String], exe: &Path) -> Result<(), String> {
    let output = Command::new(ferry_parser::preprocess::c_compiler())
        .args(["-std=gnu17", "-O0"])
        .args(cflags)
        .arg(source)
        .arg("-o")
        .arg(exe)
        .arg("-lm")
        .current_dir(workspace_root())
        .output()
        .map_err(|e| format!("cannot run cc: {e}"))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(indent(&String::from_utf8_lossy(&output.stderr)))
    }
}

/// Runs a test program with a time limit.
fn run(exe: &Path) -> Result<Output, String> {
    run_with_timeout(&mut Command::new(exe), RUN_TIMEOUT).map_err(|e| match e {
        RunError::TimedOut => format!("{} ran for more than {RUN_TIMEOUT:?}", exe.display()),
        RunError::Io(e) => format!("cannot run {}: {e}", exe.display()),
    })
}

/// Where two trees differ: the first top-level item that differs, shown as
/// the lines around the first difference of their debug dumps (spans, which
/// differ between any two files, blanked out).
fn tree_difference(left: &TranslationUnit, right: &TranslationUnit) -> String {
    let mut note = String::new();
    if left.items.len() != right.items.len() {
        note = format!(
            "the original has {} top-level items, the printed program {}\n",
            left.items.len(),
            right.items.len()
        );
    }
    if let Some(i) = left
        .items
        .iter()
        .zip(&right.items)
        .position(|(l, r)| l != r)
    {
        note.push_str(&item_difference(i, &left.items[i], &right.items[i]));
        return note;
    }
    let common = left.items.len().min(right.items.len());
    let (which, extra) = if left.items.len() > common {
        ("original", &left.items[common])
    } else {
        ("printed program", &right.items[common])
    };
    let dump = without_spans(&format!("{extra:#?}"));
    note.push_str(&format!(
        "only the {which} has item {common} and those after it; item {common} begins:\n"
    ));
    for line in dump.lines().take(20) {
        note.push_str(&format!("    {line}\n"));
    }
    note
}

fn item_difference(
    index: usize,
    left: &impl std::fmt::Debug,
    right: &impl std::fmt::Debug,
) -> String {
    const CONTEXT: usize = 8;
    let left = without_spans(&format!("{left:#?}"));
    let right = without_spans(&format!("{right:#?}"));
    let left: Vec<&str> = left.lines().collect();
    let right: Vec<&str> = right.lines().collect();
    let first = left
        .iter()
        .zip(&right)
        .position(|(l, r)| l != r)
        .unwrap_or(left.len().min(right.len()));
    let from = first.saturating_sub(CONTEXT);
    let show = |lines: &[&str]| -> String {
        lines
            .iter()
            .enumerate()
            .skip(from)
            .take(2 * CONTEXT)
            .map(|(i, line)| format!("    {}{line}\n", if i == first { ">> " } else { "   " }))
            .collect()
    };
    format!(
        "top-level item {index}, first difference at line {} of its dump:\noriginal:\n{}printed:\n{}",
        first + 1,
        show(&left),
        show(&right)
    )
}

/// Replaces every `LO..HI` span in a debug dump with `_`.
fn without_spans(dump: &str) -> String {
    let bytes = dump.as_bytes();
    let mut out = String::with_capacity(dump.len());
    let mut i = 0;
    while i < bytes.len() {
        let digits = |from: usize| {
            bytes[from..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count()
        };
        let starts_number =
            bytes[i].is_ascii_digit() && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric());
        if starts_number {
            let lo = digits(i);
            let dots = i + lo;
            if bytes[dots..].starts_with(b"..") {
                let hi = digits(dots + 2);
                if hi > 0 {
                    out.push('_');
                    i = dots + 2 + hi;
                    continue;
                }
            }
        }
        let c = dump[i..].chars().next().unwrap();
        out.push(c);
        i += c.len_utf8();
    }
    out
}
