//! Source fidelity of `ferry isolate`: the transformed file is the user's
//! text with only the isolated statements (and the code ferry adds) printed
//! from the tree (`parser/src/splice.rs`). Each program is also validated
//! by execution with poisoned buffers (`ferry validate`).
//!
//! - `legacy_style.c` (tabs, comments, macros in bounds, a `#define` inside
//!   the isolated loop that `main` uses later) with `helper.c`, a unit
//!   with nothing isolated: the diff of the transformed file is the
//!   isolated loop's lines only (an insta snapshot of the unified diff),
//!   and `helper.c` comes out byte for byte;
//! - `cut_conditional.c`: the loop's lines hold an `#ifdef` that closes
//!   after it, so its function is printed from the tree, and nothing else;
//! - `line_directive.c`: `#line` renumbers the file, which is printed from
//!   the tree as a whole, and still behaves the same.

use ferry_tests::{c_dir, run_ferry, scratch_dir};
use similar::{ChangeTag, TextDiff};
use std::path::{Path, PathBuf};

fn program(name: &str) -> PathBuf {
    c_dir().join("fidelity").join(name)
}

/// `ferry isolate --pragma FILES -o OUT`; the output folder.
fn isolate(files: &[&str]) -> PathBuf {
    let out = scratch_dir("fidelity").join("out");
    let mut args: Vec<String> = vec!["isolate".into()];
    args.extend(files.iter().map(|f| program(f).display().to_string()));
    args.extend(["--pragma".into(), "-o".into(), out.display().to_string()]);
    let output = run_ferry(&args);
    assert!(
        output.status.success(),
        "ferry {} failed:\n{}",
        args.join(" "),
        String::from_utf8_lossy(&output.stderr)
    );
    out
}

/// `ferry validate --pragma FILES --json`: the first run's statistics,
/// after checking that every run behaves as the original.
fn validate(files: &[&str]) -> serde_json::Value {
    let mut args: Vec<String> = vec!["validate".into()];
    args.extend(files.iter().map(|f| program(f).display().to_string()));
    args.extend(["--pragma".into(), "--json".into()]);
    let output = run_ferry(&args);
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "ferry validate {files:?} printed no JSON ({e}):\n{}",
            String::from_utf8_lossy(&output.stderr)
        )
    });
    assert_eq!(report["verdict"], "same", "{files:?}: {report:#}");
    report["runs"][0]["stats"].clone()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The 1-based numbers of the original's lines that the transformed text
/// removes or changes.
fn changed_lines(original: &str, transformed: &str) -> Vec<usize> {
    TextDiff::from_lines(original, transformed)
        .iter_all_changes()
        .filter(|c| c.tag() == ChangeTag::Delete)
        .filter_map(|c| c.old_index().map(|i| i + 1))
        .collect()
}

/// The 1-based number of the first line of `text` equal to `line`, from
/// line `from` on.
fn line_of(text: &str, line: &str, from: usize) -> usize {
    text.lines()
        .enumerate()
        .skip(from.saturating_sub(1))
        .find(|(_, l)| *l == line)
        .map(|(i, _)| i + 1)
        .unwrap_or_else(|| panic!("no line `{line}`"))
}

#[test]
fn only_the_isolated_loop_changes() {
    let out = isolate(&["legacy_style.c", "helper.c"]);
    assert_eq!(
        read(&out.join("helper.c")),
        read(&program("helper.c")),
        "a unit with nothing isolated comes out byte for byte"
    );
    let original = read(&program("legacy_style.c"));
    let transformed = read(&out.join("legacy_style.c"));
    // The loop: from its pragma to its closing brace.
    let first = line_of(&original, "#pragma ferry isolate", 1);
    let last = line_of(&original, "\t}", first);
    let changed = changed_lines(&original, &transformed);
    assert!(!changed.is_empty(), "the loop was isolated");
    assert!(
        changed.iter().all(|l| (first..=last).contains(l)),
        "lines {changed:?} changed, outside the loop's lines {first}..={last}"
    );
    // The macro the loop defines is still defined for `main`.
    assert!(transformed.contains("#define AVG(a,b)"));
    insta::assert_snapshot!(
        TextDiff::from_lines(&original, &transformed)
            .unified_diff()
            .context_radius(1)
            .header("legacy_style.c", "isolated/legacy_style.c")
            .to_string()
    );
    // grid rows 0..63 of columns 1..62 in, out[1..62][1..62] back, and the
    // loop counters i and j both ways (doubles: 8 bytes, ints: 4).
    let stats = validate(&["legacy_style.c", "helper.c"]);
    assert_eq!(stats["bytes_to_accel"], 64 * 62 * 8 + 2 * 4);
    assert_eq!(stats["bytes_from_accel"], 62 * 62 * 8 + 2 * 4);
}

#[test]
fn a_cut_conditional_reprints_its_function_only() {
    let out = isolate(&["cut_conditional.c"]);
    let original = read(&program("cut_conditional.c"));
    let transformed = read(&out.join("cut_conditional.c"));
    let function = line_of(
        &original,
        "static void copy(double *a, const double *b, int n)",
        1,
    );
    let end = line_of(&original, "}", function);
    let changed = changed_lines(&original, &transformed);
    assert!(
        changed.iter().all(|l| (function..=end).contains(l)),
        "lines {changed:?} changed, outside copy's lines {function}..={end}"
    );
    // The active branch only: the conditional is gone with the function.
    assert!(!transformed.contains("#ifdef DOUBLE_IT"));
    let main = &original[original.find("/* untouched */").expect("main")..];
    assert!(transformed.contains(main), "main comes out as written");
    // a[0..99] out, b[0..99] in, and i both ways.
    let stats = validate(&["cut_conditional.c"]);
    assert_eq!(stats["bytes_to_accel"], 100 * 8 + 4);
    assert_eq!(stats["bytes_from_accel"], 100 * 8 + 4);
}

#[test]
fn renumbered_lines_print_the_file_from_the_tree() {
    let out = isolate(&["line_directive.c"]);
    let transformed = read(&out.join("line_directive.c"));
    assert!(!transformed.contains("#line"));
    assert!(
        !transformed.contains("Bison"),
        "comments are gone with the text"
    );
    // table[0..63] out; nothing in (i is the loop's own).
    let stats = validate(&["line_directive.c"]);
    assert_eq!(stats["bytes_to_accel"], 0);
    assert_eq!(stats["bytes_from_accel"], 64 * 4);
}
