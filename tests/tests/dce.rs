//! Dead code elimination (`ferry dce`, the PENCIL report's section 4.1)
//! checked by running it: every program of `tests/c/scop/` is transformed,
//! both versions are built, and each run of the transformed program must
//! print what the original prints and exit the same way. The dead listing
//! (`dead.c`) and the kills (`kills.c`, `pencil_kill.c`) are snapshots, so
//! that what is taken out is reviewed as code.

use ferry_tests::{
    RunError, assert_all_pass, c_dir, c_files_in, ferry_bin, for_each_parallel, run_with_timeout,
    scratch_dir,
};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// The argument lists every program runs with (their sizes, where they
/// read any: one row, a square, a rectangle).
const RUNS: &[&[&str]] = &[&[], &["1"], &["1", "1"], &["6", "4"], &["3", "7"]];

const RUN_TIMEOUT: Duration = Duration::from_secs(20);

fn dce(source: &Path) -> Result<String, String> {
    let output = Command::new(ferry_bin())
        .arg("dce")
        .arg(source)
        .output()
        .map_err(|e| format!("cannot run ferry: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "ferry dce exited with {:?}:\n{}",
            output.status.code(),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    String::from_utf8(output.stdout).map_err(|e| format!("ferry dce printed no text: {e}"))
}

fn build(source: &Path, exe: &Path) -> Result<(), String> {
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let output = Command::new(cc)
        .args(["-O0", "-w", "-o"])
        .arg(exe)
        .arg(source)
        .arg("-lm")
        .output()
        .map_err(|e| format!("cannot run cc: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "cc failed on {}:\n{}",
            source.display(),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(())
}

fn run(exe: &Path, args: &[&str]) -> Result<(Option<i32>, String), String> {
    match run_with_timeout(Command::new(exe).args(args), RUN_TIMEOUT) {
        Ok(output) => Ok((
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
        )),
        Err(RunError::TimedOut) => Err(format!("{} {args:?} timed out", exe.display())),
        Err(RunError::Io(e)) => Err(format!("{} {args:?}: {e}", exe.display())),
    }
}

/// Transforms `program`, builds both versions in `dir` and compares
/// their runs.
fn behaves_the_same(program: &Path, dir: &Path) -> Result<(), String> {
    let stem = program
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let transformed = dir.join(format!("{stem}.dce.c"));
    std::fs::write(&transformed, dce(program)?).map_err(|e| e.to_string())?;
    let original_exe = dir.join(format!("{stem}.original"));
    let transformed_exe = dir.join(format!("{stem}.dce"));
    build(program, &original_exe)?;
    build(&transformed, &transformed_exe)?;
    for args in RUNS {
        let want = run(&original_exe, args)?;
        let got = run(&transformed_exe, args)?;
        if want != got {
            return Err(format!(
                "with {args:?} the original gives {want:?} and the transformed program {got:?} \
                 (kept in {})",
                transformed.display()
            ));
        }
    }
    Ok(())
}

#[test]
fn programs_without_their_dead_code_behave_as_the_originals() {
    let programs = c_files_in(&c_dir().join("scop"));
    assert!(!programs.is_empty(), "no program in tests/c/scop");
    let dir = scratch_dir("dce");
    let results = for_each_parallel(&programs, |p| behaves_the_same(p, &dir));
    let failed = results.iter().any(Result::is_err);
    assert_all_pass(&programs, results);
    if !failed {
        let _ = std::fs::remove_dir_all(&dir);
    }
}

fn dce_of(name: &str) -> String {
    let source: PathBuf = c_dir().join("scop").join(format!("{name}.c"));
    dce(&source).unwrap_or_else(|e| panic!("{e}"))
}

/// S0 of the listing is dead whole and becomes empty; S2 is dead off
/// j = m - 1 and is guarded by that condition.
#[test]
fn dead_listing() {
    insta::assert_snapshot!(dce_of("dead"));
}

/// The writes into `t` and `row` after their last read are dead: both
/// die at the end of the iteration.
#[test]
fn dead_writes_before_kills() {
    insta::assert_snapshot!(dce_of("kills"));
}

/// The last sweep into `tmp` is dead: `__pencil_kill(tmp)` says no one
/// reads it afterwards.
#[test]
fn dead_writes_before_pencil_kill() {
    insta::assert_snapshot!(dce_of("pencil_kill"));
}
