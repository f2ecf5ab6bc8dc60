//! What `ferry parse` tells a user whose input is wrong: syntax errors with
//! their position, a source line and a caret; a missing file; a failing
//! preprocessor; a bad command line. Each exits with status 1, prints nothing
//! on stdout (no partial output) and never a panic trace. The messages are
//! insta snapshots (`tests/tests/snapshots/diagnostics__*.snap`).
//!
//! The inputs live in `tests/c/cli/` and ferry runs from the workspace root
//! with relative paths, so that the snapshots hold no machine-specific path.
//! The C locale keeps the preprocessor's messages (quoted in some of the
//! snapshots) the same whatever the user's language settings.

use ferry_tests::{ferry_bin, workspace_root};
use std::process::Command;

/// Runs `ferry ARGS`, checks that it failed as a user error should, and
/// returns its stderr.
fn user_error(args: &[&str]) -> String {
    // As `ferry_tests::run_ferry`, in the C locale.
    let output = Command::new(ferry_bin())
        .args(args)
        .current_dir(workspace_root())
        .env("LC_ALL", "C")
        .output()
        .expect("ferry runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8(output.stderr).expect("stderr is UTF-8");
    assert_eq!(
        output.status.code(),
        Some(1),
        "`ferry {}` should exit with status 1; stderr:\n{stderr}",
        args.join(" ")
    );
    assert!(
        stdout.is_empty(),
        "`ferry {}` printed on stdout although it failed:\n{stdout}",
        args.join(" ")
    );
    assert!(
        !stderr.contains("panicked") && !stderr.contains("RUST_BACKTRACE"),
        "`ferry {}` panicked:\n{stderr}",
        args.join(" ")
    );
    assert!(
        !stderr.trim().is_empty(),
        "`ferry {}` failed without a message",
        args.join(" ")
    );
    stderr
}

/// Checks that the first line of a syntax error is
/// `FILE:LINE:COL: error: ...`, followed by the source line and a caret
/// under column COL.
fn assert_points_at(stderr: &str, file: &str, line: u32, column: u32) {
    let first = stderr.lines().next().unwrap_or("");
    let expected = format!("{file}:{line}:{column}: error: ");
    assert!(
        first.starts_with(&expected),
        "expected a message starting with `{expected}`, got:\n{stderr}"
    );
    let caret_line = stderr
        .lines()
        .find(|l| l.trim_start().starts_with('|') && l.contains('^'))
        .unwrap_or_else(|| panic!("no caret line in:\n{stderr}"));
    let source_line = stderr
        .lines()
        .find(|l| l.starts_with(&format!("{line} | ")))
        .unwrap_or_else(|| panic!("no source line {line} in:\n{stderr}"));
    let gutter = line.to_string().len() + 3;
    assert_eq!(
        caret_line.find('^'),
        Some(gutter + column as usize - 1),
        "the underline should start under column {column} of `{source_line}`:\n{stderr}"
    );
}

#[test]
fn missing_semicolon() {
    let stderr = user_error(&["parse", "tests/c/cli/missing_semicolon.c"]);
    assert_points_at(&stderr, "tests/c/cli/missing_semicolon.c", 4, 5);
    assert!(
        stderr.contains("`;`"),
        "the message should suggest `;`:\n{stderr}"
    );
    insta::assert_snapshot!("missing_semicolon", stderr);
}

#[test]
fn unbalanced_braces() {
    let stderr = user_error(&["parse", "tests/c/cli/unbalanced_braces.c"]);
    assert_points_at(&stderr, "tests/c/cli/unbalanced_braces.c", 7, 5);
    insta::assert_snapshot!("unbalanced_braces", stderr);
}

#[test]
fn stray_character() {
    let stderr = user_error(&["parse", "tests/c/cli/stray_at.c"]);
    assert_points_at(&stderr, "tests/c/cli/stray_at.c", 3, 15);
    assert!(
        stderr.contains('@'),
        "the message should show the stray `@`:\n{stderr}"
    );
    insta::assert_snapshot!("stray_at", stderr);
}

#[test]
fn unexpected_end_of_file() {
    let stderr = user_error(&["parse", "tests/c/cli/unexpected_eof.c"]);
    assert!(
        stderr.starts_with("tests/c/cli/unexpected_eof.c:"),
        "{stderr}"
    );
    assert!(
        stderr.contains("end of file"),
        "the message should say the file ended:\n{stderr}"
    );
    assert!(
        stderr.contains("`}`"),
        "the message should suggest `}}`:\n{stderr}"
    );
    insta::assert_snapshot!("unexpected_eof", stderr);
}

#[test]
fn error_inside_an_included_header() {
    let stderr = user_error(&["parse", "tests/c/cli/error_in_header.c"]);
    // The position is the header's, not the main file's.
    assert_points_at(&stderr, "tests/c/cli/bad_header.h", 5, 1);
    insta::assert_snapshot!("error_in_header", stderr);
}

#[test]
fn type_name_used_as_an_expression() {
    let stderr = user_error(&["parse", "tests/c/cli/type_as_expression.c"]);
    assert_points_at(&stderr, "tests/c/cli/type_as_expression.c", 5, 13);
    assert!(
        stderr.contains("count_t"),
        "the message should name the type:\n{stderr}"
    );
    insta::assert_snapshot!("type_as_expression", stderr);
}

#[test]
fn missing_input_file() {
    let stderr = user_error(&["parse", "tests/c/cli/does_not_exist.c"]);
    // There is no position to give; the message names the file.
    assert!(
        stderr.contains("tests/c/cli/does_not_exist.c"),
        "the message should name the file:\n{stderr}"
    );
    insta::assert_snapshot!("missing_input_file", stderr);
}

#[test]
fn preprocessing_error() {
    let stderr = user_error(&["parse", "tests/c/cli/missing_include.c"]);
    // The preprocessor's own message, with its position, comes as a note.
    assert!(
        stderr.contains("tests/c/cli/missing_include.c:2:10:"),
        "the note should give the position of the bad #include:\n{stderr}"
    );
    assert!(
        stderr.contains("nope.h"),
        "the message should name the missing header:\n{stderr}"
    );
    insta::assert_snapshot!("missing_include", stderr);
}

#[test]
fn unknown_flag_of_ferry() {
    let stderr = user_error(&["parse", "--no-such-flag", "tests/c/cli/two_functions.c"]);
    assert!(
        stderr.contains("--no-such-flag"),
        "the message should name the flag:\n{stderr}"
    );
    insta::assert_snapshot!("unknown_flag", stderr);
}

/// A misspelt option of ferry's own is refused with the one meant, before
/// anything is parsed or written (it used to reach `cc -E` as a flag).
#[test]
fn misspelt_option_of_a_command() {
    let out = std::env::temp_dir().join("ferry-misspelt-option");
    let _ = std::fs::remove_dir_all(&out);
    let stderr = user_error(&[
        "isolate",
        "tests/c/cli/two_functions.c",
        "--fucntion",
        "main",
        "-o",
        out.to_str().expect("a UTF-8 path"),
    ]);
    assert!(!out.exists(), "nothing should be written");
    insta::assert_snapshot!("misspelt_option", stderr);
    let stderr = user_error(&["regions", "tests/c/cli/two_functions.c", "--explain"]);
    assert!(
        stderr.contains("`--explain` is not an option of `ferry regions`"),
        "{stderr}"
    );
}

#[test]
fn unknown_subcommand() {
    let stderr = user_error(&["frobnicate", "tests/c/cli/two_functions.c"]);
    assert!(
        stderr.contains("frobnicate"),
        "the message should name the subcommand:\n{stderr}"
    );
    insta::assert_snapshot!("unknown_subcommand", stderr);
}

#[test]
fn unknown_flag_for_the_preprocessor() {
    // Flags after the file go to `cc -E`, which rejects this one.
    let stderr = user_error(&["parse", "tests/c/cli/two_functions.c", "-fno-such-cc-flag"]);
    assert!(
        stderr.contains("-fno-such-cc-flag"),
        "the message should name the flag:\n{stderr}"
    );
    insta::assert_snapshot!("unknown_cc_flag", stderr);
}

#[test]
fn missing_file_argument() {
    let stderr = user_error(&["parse"]);
    assert!(
        stderr.contains("<FILE>"),
        "the message should ask for the file:\n{stderr}"
    );
    insta::assert_snapshot!("missing_file_argument", stderr);
}

#[test]
fn invalid_numeric_constant() {
    // `123abc` is one preprocessing number that is no valid constant; the
    // C compiler rejects it ("invalid suffix"), and so should ferry rather
    // than print it back.
    let stderr = user_error(&["parse", "tests/c/cli/invalid_number.c"]);
    assert_points_at(&stderr, "tests/c/cli/invalid_number.c", 3, 13);
    assert!(
        stderr.contains("123abc"),
        "the message should show the constant:\n{stderr}"
    );
    insta::assert_snapshot!("invalid_number", stderr);
}

#[test]
fn column_counts_the_users_text() {
    // The preprocessor replaces the comment with one space; the column must
    // still be the one in the user's file, as the C compiler reports it.
    let stderr = user_error(&["parse", "tests/c/cli/comment_before_error.c"]);
    assert_points_at(&stderr, "tests/c/cli/comment_before_error.c", 3, 64);
    insta::assert_snapshot!("comment_before_error", stderr);
}

#[test]
fn error_inside_a_macro_expansion() {
    // The line is the line of the macro's use; the text shown is the
    // expanded line, where the column points.
    let stderr = user_error(&["parse", "tests/c/cli/error_in_macro.c"]);
    let first = stderr.lines().next().unwrap_or("");
    assert!(
        first.starts_with("tests/c/cli/error_in_macro.c:5:"),
        "{stderr}"
    );
    assert!(stderr.contains("`return`"), "{stderr}");
    insta::assert_snapshot!("error_in_macro", stderr);
}

#[test]
fn summary_function_that_does_not_exist() {
    // `pencil_access(g)` names the function whose body stands for the
    // attributed one in the polyhedral model: a name no function has is
    // the user's mistake, pointed at, not a summary silently dropped.
    let stderr = user_error(&["scop", "tests/c/cli/pencil_access_unknown.c"]);
    assert_points_at(&stderr, "tests/c/cli/pencil_access_unknown.c", 2, 1);
    insta::assert_snapshot!("pencil_access_unknown", stderr);
}

#[test]
fn summary_function_with_other_parameters() {
    let stderr = user_error(&["scop", "tests/c/cli/pencil_access_mismatch.c"]);
    assert_points_at(&stderr, "tests/c/cli/pencil_access_mismatch.c", 8, 1);
    insta::assert_snapshot!("pencil_access_mismatch", stderr);
}
