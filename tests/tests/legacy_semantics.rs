//! The analyses on legacy code: every `.c` file of zlib and of Lua 5.4
//! must be analysed (call graph, effects, transformers, preconditions, and
//! the array regions computed from them) without an error, a panic or a
//! hang, and so must three zlib files given together as one program.
//!
//! For each file: `ferry regions FILE CFLAGS` (which runs every analysis
//! `ferry semantics` runs, then the regions) must exit 0 with a non-empty
//! output within [`TIMEOUT`]. Files run on [`WORKERS`] threads per library.
//! The sources come from crates.io packages, located by
//! `ferry_tests::corpus`.
//!
//! sqlite3.c is left out: in the debug profile of this test suite its
//! analysis takes about a minute (56 s measured; about as long as in
//! release, the time goes to isl). `cargo bench -p ferry-hcfg --bench
//! semantics` runs it.

use ferry_tests::corpus::{CorpusFile, library_files};
use ferry_tests::{RunError, assert_known_failures, ferry_bin, run_with_timeout};
use std::ffi::OsString;
use std::process::{Command, Output};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// Files that fail because of a known ferry bug, as (name, bug). They are
/// still run: each must still fail, so that a fixed bug cannot leave its
/// entry here unnoticed.
const KNOWN_FAILURES: &[(&str, &str)] = &[];

/// The longest one file may take in the debug profile. The slowest file
/// takes about 1.5 s (zlib/inftrees.c).
const TIMEOUT: Duration = Duration::from_secs(45);

/// Files analysed at the same time, per library.
const WORKERS: usize = 2;

/// Lines of a failing command's stderr shown in the report.
const SHOWN_LINES: usize = 15;

#[test]
fn zlib_semantics() {
    check_library("zlib");
}

#[test]
fn lua_semantics() {
    check_library("lua");
}

/// adler32.c, crc32.c and deflate.c as one program: three translation
/// units, with calls from deflate.c into the other two.
#[test]
fn zlib_units_together() {
    let files = library_files("zlib").unwrap_or_else(|e| panic!("cannot locate zlib: {e}"));
    let chosen: Vec<&CorpusFile> = ["adler32.c", "crc32.c", "deflate.c"]
        .iter()
        .map(|name| {
            files
                .iter()
                .find(|f| f.name == format!("zlib/{name}"))
                .unwrap_or_else(|| panic!("zlib has no {name}"))
        })
        .collect();
    let mut args: Vec<OsString> = vec!["regions".into()];
    args.extend(chosen.iter().map(|f| f.path.clone().into_os_string()));
    args.extend(chosen[0].cflags.iter().map(Into::into));
    let command = describe(&args);
    let run = run_semantics(&args).unwrap_or_else(|e| panic!("`{command}` {e}"));
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success() && !stdout.trim().is_empty(),
        "`{command}` exited with {} and {} bytes of output:\n{}",
        run.status,
        run.stdout.len(),
        first_lines(&run.stderr)
    );
    for file in &chosen {
        let path = file.path.display().to_string();
        assert!(
            stdout.contains(&path),
            "the output of `{command}` does not mention {path}"
        );
    }
}

fn check_library(library: &str) {
    let files = library_files(library)
        .unwrap_or_else(|e| panic!("cannot locate the {library} sources: {e}"));
    assert!(!files.is_empty(), "no {library} file found");
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, Result<(), String>)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..WORKERS {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(file) = files.get(i) else { break };
                    let result = analyse(file);
                    results.lock().unwrap().push((i, result));
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|(i, _)| *i);

    let outcomes = results
        .into_iter()
        .map(|(i, result)| (files[i].name.as_str(), result));
    assert_known_failures(library, outcomes, KNOWN_FAILURES, "");
}

/// Runs `ferry semantics FILE CFLAGS` and checks its exit status and output.
fn analyse(file: &CorpusFile) -> Result<(), String> {
    let mut args: Vec<OsString> = vec!["regions".into(), file.path.clone().into_os_string()];
    args.extend(file.cflags.iter().map(Into::into));
    let command = describe(&args);
    let run = run_semantics(&args).map_err(|e| format!("`{command}` {e}"))?;
    if !run.status.success() {
        return Err(format!(
            "`{command}` exited with {}:\n{}",
            run.status,
            first_lines(&run.stderr)
        ));
    }
    if String::from_utf8_lossy(&run.stdout).trim().is_empty() {
        return Err(format!(
            "`{command}` succeeded with an empty output; stderr:\n{}",
            first_lines(&run.stderr)
        ));
    }
    Ok(())
}

/// Runs `ferry ARGS`, stopping it after [`TIMEOUT`].
fn run_semantics(args: &[OsString]) -> Result<Output, String> {
    let mut command = Command::new(ferry_bin());
    command
        .args(args)
        .current_dir(ferry_tests::workspace_root());
    run_with_timeout(&mut command, TIMEOUT).map_err(|e| match e {
        RunError::TimedOut => format!("did not finish within {} s (stopped)", TIMEOUT.as_secs()),
        RunError::Io(e) => format!("cannot run ferry: {e}"),
    })
}

fn describe(args: &[OsString]) -> String {
    let mut text = "ferry".to_owned();
    for arg in args {
        text.push(' ');
        text.push_str(&arg.to_string_lossy());
    }
    text
}

fn first_lines(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let lines: Vec<&str> = text.lines().collect();
    let mut shown = lines[..lines.len().min(SHOWN_LINES)].join("\n");
    if lines.len() > SHOWN_LINES {
        shown.push_str(&format!("\n... ({} more lines)", lines.len() - SHOWN_LINES));
    }
    shown
}
