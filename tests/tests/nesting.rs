//! Trees deeper than any pass can walk: 100,000 nested blocks, parentheses
//! and `if`s, and a sum of a million terms. Each once made ferry hang (the
//! printer's indentation grew with the depth, quadratically in all) or
//! abort on a stack overflow. ferry now refuses them with a located
//! diagnostic and exit status 1, and processes trees just under its limit.
//!
//! The programs are generated into a scratch folder: they are megabytes.

use ferry_tests::{run_with_timeout, scratch_dir};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// `ferry_parser::nesting::MAX_NESTING`, as the diagnostic states it.
const LIMIT: usize = 4096;

/// A generous bound for a refusal that must come before any analysis: the
/// test fails only on a hang, never on a slow machine.
const NO_HANG: Duration = Duration::from_secs(120);

fn blocks(depth: usize) -> String {
    format!(
        "int main(void) {{\n{}{}\nreturn 0; }}\n",
        "{".repeat(depth),
        "}".repeat(depth)
    )
}

fn parentheses(depth: usize) -> String {
    format!(
        "int main(void) {{ int x = {}1{}; return x; }}\n",
        "(".repeat(depth),
        ")".repeat(depth)
    )
}

fn ifs(depth: usize) -> String {
    format!(
        "int main(int argc, char **argv) {{ int x = 0;\n{}x = 1;\nreturn x; }}\n",
        "if (argc) ".repeat(depth)
    )
}

fn else_ifs(depth: usize) -> String {
    let chain: String = (0..depth)
        .map(|k| format!("if (argc == {k}) x = {k}; else "))
        .collect();
    format!("int main(int argc, char **argv) {{ int x = 0;\n{chain}x = -1;\nreturn x; }}\n")
}

fn sum(terms: usize) -> String {
    format!(
        "int main(int argc, char **argv) {{ int x = argc{}; return x; }}\n",
        " + argc".repeat(terms - 1)
    )
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("the scratch folder is writable");
    path
}

fn ferry(command: &str, file: &Path) -> std::process::Output {
    let mut ferry = Command::new(ferry_tests::ferry_bin());
    ferry.arg(command).arg(file).env("LC_ALL", "C");
    run_with_timeout(&mut ferry, NO_HANG)
        .unwrap_or_else(|e| panic!("`ferry {command} {}`: {e:?}", file.display()))
}

#[test]
fn trees_past_the_limit_are_refused_where_they_get_too_deep() {
    let dir = scratch_dir("nesting-deep");
    let cases = [
        ("blocks.c", blocks(100_000)),
        ("parentheses.c", parentheses(100_000)),
        ("ifs.c", ifs(100_000)),
        ("sum.c", sum(1_000_000)),
    ];
    for (name, text) in &cases {
        let file = write(&dir, name, text);
        for command in ["parse", "regions"] {
            let output = ferry(command, &file);
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(
                output.status.code(),
                Some(1),
                "`ferry {command} {name}` should refuse it; stderr:\n{stderr}"
            );
            assert!(output.stdout.is_empty(), "{name}: partial output");
            let first = stderr.lines().next().unwrap_or("");
            let located = format!("{}:", file.display());
            assert!(
                first.starts_with(&located)
                    && first.contains(&format!("nest more than {LIMIT} levels")),
                "{name}: expected a located refusal, got:\n{first}"
            );
            // The source line is shown around the culprit, not whole.
            assert!(
                stderr.len() < 1000,
                "{name}: a {}-byte diagnostic",
                stderr.len()
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn trees_just_under_the_limit_are_analysed() {
    let dir = scratch_dir("nesting-under");
    // The limit counts statements and expressions: keep clear of it.
    let depth = LIMIT - 16;
    let cases = [
        ("blocks.c", blocks(depth)),
        ("parentheses.c", parentheses(depth)),
        ("ifs.c", ifs(depth / 2)),
        ("else_ifs.c", else_ifs(depth / 2)),
        ("sum.c", sum(depth)),
    ];
    for (name, text) in &cases {
        let file = write(&dir, name, text);
        for command in ["parse", "regions"] {
            let output = ferry(command, &file);
            assert!(
                output.status.success(),
                "`ferry {command} {name}` failed:\n{}",
                String::from_utf8_lossy(&output.stderr)
            );
        }
        // What `parse` prints is the program again: it compiles.
        let printed = ferry("parse", &file);
        let again = write(
            &dir,
            &format!("printed_{name}"),
            &String::from_utf8_lossy(&printed.stdout),
        );
        let cc = Command::new(std::env::var("CC").unwrap_or_else(|_| "cc".into()))
            .args(["-fsyntax-only", "-w"])
            .arg(&again)
            .output()
            .expect("cc runs");
        assert!(
            cc.status.success(),
            "{name}: the printed program does not compile:\n{}",
            String::from_utf8_lossy(&cc.stderr)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
