//! `ferry parse` on valid input: exit status 0, nothing on stderr, C or a
//! syntax tree on stdout.

use ferry_tests::run_ferry;
use std::process::Output;

fn success(args: &[&str]) -> String {
    let output: Output = run_ferry(args);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        output.status.code(),
        Some(0),
        "`ferry {}` should succeed; stderr:\n{stderr}",
        args.join(" ")
    );
    assert!(
        stderr.is_empty(),
        "`ferry {}` wrote on stderr:\n{stderr}",
        args.join(" ")
    );
    String::from_utf8(output.stdout).expect("stdout is UTF-8")
}

#[test]
fn dump_ast_names_the_declared_functions() {
    let dump = success(&["parse", "tests/c/cli/two_functions.c", "--dump-ast"]);
    for name in ["helper_square", "main"] {
        assert!(
            dump.contains(&format!("\"{name}\"")),
            "the tree should name `{name}`:\n{dump}"
        );
    }
    assert!(
        dump.contains("FunctionDef"),
        "the tree should hold function definitions:\n{dump}"
    );
    assert!(
        !dump.contains("int main"),
        "--dump-ast should print the tree, not C:\n{dump}"
    );
}

#[test]
fn dump_ast_before_the_file() {
    let dump = success(&["parse", "--dump-ast", "tests/c/cli/two_functions.c"]);
    assert!(dump.contains("\"helper_square\""), "{dump}");
}

#[test]
fn parse_prints_the_program_back() {
    let printed = success(&["parse", "tests/c/cli/two_functions.c"]);
    assert!(printed.contains("helper_square"), "{printed}");
    assert!(printed.contains("return"), "{printed}");
}

#[test]
fn parse_keeps_includes_instead_of_header_contents() {
    let printed = success(&["parse", "tests/c/local_include.c", "-I", "tests/c/include"]);
    assert!(printed.contains("#include \"ferry_helper.h\""), "{printed}");
    assert!(printed.contains("#include <stdio.h>"), "{printed}");
    assert!(printed.contains("#define HELPER_WANT_EXTRA"), "{printed}");
    assert!(
        !printed.contains("vec3_dot(vec3 a"),
        "the header's code should not be printed:\n{printed}"
    );
    assert!(
        !printed.contains("printf(const char"),
        "stdio.h's declarations should not be printed:\n{printed}"
    );
}

#[test]
fn help_and_version_succeed() {
    let help = success(&["--help"]);
    assert!(help.contains("parse"), "{help}");
    let version = success(&["--version"]);
    assert!(version.starts_with("ferry "), "{version}");
}

/// `-h` of the commands that read files lists ferry's own options, which
/// sit among the files and flags where clap does not see them.
#[test]
fn short_help_lists_each_commands_options() {
    let help = success(&["isolate", "-h"]);
    for option in ["--function F", "--target host|opencl|cuda", "-o OUTDIR"] {
        assert!(help.contains(option), "{option}:\n{help}");
    }
    assert!(!help.contains("--compare-files"), "{help}");
    let help = success(&["validate", "-h"]);
    assert!(help.contains("--compare-files F..."), "{help}");
    assert!(help.contains("--stdin FILE"), "{help}");
}

/// The constructs of `tests/c/unsupported/` are refused with a diagnostic
/// that points into the file, never with a panic or a partial output.
#[test]
fn unsupported_constructs_are_rejected_cleanly() {
    let dir = ferry_tests::c_dir().join("unsupported");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/c/unsupported exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    for file in files {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let relative = format!("tests/c/unsupported/{name}");
        let output = run_ferry(["parse", relative.as_str()]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{name}: {stderr}");
        assert!(output.stdout.is_empty(), "{name}: partial output");
        assert!(
            stderr.starts_with(&format!("{relative}:")),
            "{name}: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{name}: {stderr}");
    }
}
