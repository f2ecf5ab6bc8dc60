//! Input that went through the preprocessor already (a `.i` file, or `cc
//! -E` output kept as `.c`): ferry reads it as it is, every declaration
//! the file's own, so that what it prints is self-contained and builds
//! without the headers it came from, and runs as the original does.

use ferry_parser::preprocess::c_compiler;
use ferry_tests::{run_ferry, run_with_timeout, scratch_dir, workspace_root};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// `ferry ARGS`: its stdout, after checking that it succeeded in silence.
fn ferry_ok(args: &[&str]) -> String {
    let output = run_ferry(args);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        output.status.code(),
        Some(0),
        "`ferry {}` failed:\n{stderr}",
        args.join(" ")
    );
    assert!(stderr.is_empty(), "`ferry {}`:\n{stderr}", args.join(" "));
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// Builds `source` (any extension cc knows) and runs it: its stdout.
fn build_and_run(source: &Path, scratch: &Path) -> String {
    let exe = scratch.join(format!(
        "{}.exe",
        source.file_name().unwrap().to_string_lossy()
    ));
    let build = Command::new(c_compiler())
        .arg("-w")
        .arg(source)
        .arg("-o")
        .arg(&exe)
        .arg("-lm")
        .output()
        .expect("cc runs");
    assert!(
        build.status.success(),
        "{} does not build:\n{}",
        source.display(),
        String::from_utf8_lossy(&build.stderr)
    );
    let run = run_with_timeout(&mut Command::new(&exe), Duration::from_secs(20))
        .unwrap_or_else(|e| panic!("{} did not run: {e:?}", exe.display()));
    assert!(run.status.success(), "{} failed", exe.display());
    String::from_utf8(run.stdout).expect("UTF-8")
}

/// A `.i` file whose line markers name a header: its typedef, structure
/// and function print back (no `#include` could bring them back), the
/// markers do not.
#[test]
fn a_preprocessed_file_prints_back_self_contained() {
    let scratch = scratch_dir("preprocessed");
    let printed = ferry_ok(&["parse", "tests/c/cli/preprocessed.i"]);
    for declaration in ["typedef double real;", "struct point", "real dot("] {
        assert!(
            printed.contains(declaration),
            "`{declaration}` is missing:\n{printed}"
        );
    }
    assert!(
        !printed.lines().any(|l| l.starts_with('#')),
        "a line marker or an #include was printed:\n{printed}"
    );
    let out = scratch.join("printed.c");
    std::fs::write(&out, &printed).unwrap();
    assert_eq!(build_and_run(&out, &scratch), "5\n");
    let _ = std::fs::remove_dir_all(&scratch);
}

/// A program using the C library, preprocessed by this machine's `cc -E`
/// (its headers in full: glibc's attributes, asm labels, inline functions),
/// as `.i` and as `.c`: ferry prints it back, analyses it, and the printed
/// program builds and prints what the original prints; its loop isolated,
/// the transformed program (under the input's name) behaves the same under
/// `ferry validate` and builds with the Makefile written beside it.
#[test]
fn system_headers_preprocessed_print_back_and_run() {
    let scratch = scratch_dir("preprocessed-libc");
    let source = scratch.join("program.c");
    std::fs::write(
        &source,
        "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <math.h>\n\
         int main(int argc, char **argv)\n{\n    double a[16];\n    char name[8];\n    \
         strcpy(name, \"ferry\");\n    int len = strlen(name);\nkernel:\n    for (int i = 0; i < 16; i++)\n        \
         a[i] = sqrt(i) + len + abs(argc - 3);\n    \
         printf(\"%s %.6f\\n\", name, a[15]);\n    return 0;\n}\n",
    )
    .unwrap();
    let expected = build_and_run(&source, &scratch);
    for name in ["program.i", "preprocessed.c"] {
        let preprocessed = scratch.join(name);
        let cpp = Command::new(c_compiler())
            .arg("-E")
            .arg(&source)
            .arg("-o")
            .arg(&preprocessed)
            .output()
            .expect("cc -E runs");
        assert!(cpp.status.success());
        let path = preprocessed.to_string_lossy().into_owned();
        let printed = ferry_ok(&["parse", &path]);
        let out = scratch.join(format!("printed_{name}.c"));
        std::fs::write(&out, &printed).unwrap();
        assert_eq!(build_and_run(&out, &scratch), expected, "{name}");
        // The analyses read it too (the regions of the loop over `a`).
        let regions = ferry_ok(&["regions", &path]);
        assert!(
            regions.contains("<a[PHI1]-W-EXACT-"),
            "{name}: no region of a:\n{regions}"
        );
        let outdir = scratch.join(format!("isolated_{name}"));
        let outdir = outdir.to_string_lossy().into_owned();
        let verdict = ferry_ok(&[
            "validate", &path, "--label", "kernel", "--run", "1", "-o", &outdir,
        ]);
        assert!(
            verdict.ends_with("verdict: same (the run behaves identically)\n"),
            "{name}:\n{verdict}"
        );
        let make = Command::new("make")
            .args(["-s", "-C", &outdir])
            .output()
            .expect("make runs");
        assert!(
            make.status.success(),
            "{name}: the Makefile does not build:\n{}",
            String::from_utf8_lossy(&make.stderr)
        );
        let run = run_with_timeout(
            &mut Command::new(Path::new(&outdir).join("program")),
            Duration::from_secs(20),
        )
        .expect("the program runs");
        assert_eq!(String::from_utf8_lossy(&run.stdout), expected, "{name}");
    }
    let _ = std::fs::remove_dir_all(&scratch);
}

/// `prog.i` comes out as `prog.c`: with a `prog.c` of another folder among
/// the inputs, one would overwrite the other. Refused, nothing written.
#[test]
fn inputs_written_under_the_same_name_are_refused() {
    let scratch = scratch_dir("preprocessed-names");
    std::fs::create_dir_all(scratch.join("lib")).unwrap();
    let first = scratch.join("prog.i");
    std::fs::copy(workspace_root().join("tests/c/cli/preprocessed.i"), &first).unwrap();
    let second = scratch.join("lib").join("prog.c");
    std::fs::write(
        &second,
        "void twice(double *a, int n)\n{\nkernel:\n    for (int i = 0; i < n; i++)\n        \
         a[i] *= 2;\n}\n",
    )
    .unwrap();
    let out = scratch.join("out");
    let output = run_ferry([
        "isolate".as_ref(),
        first.as_os_str(),
        second.as_os_str(),
        "--label".as_ref(),
        "kernel".as_ref(),
        "-o".as_ref(),
        out.as_os_str(),
    ]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("would both be written as `prog.c`"),
        "{stderr}"
    );
    assert!(!out.exists(), "something was written");
    let _ = std::fs::remove_dir_all(&scratch);
}

/// Telling a preprocessed file from a source reads the source's first line
/// only: a Latin-1 comment elsewhere, which preprocessing removes, is no
/// reason to refuse the file.
#[test]
fn sources_with_bytes_that_are_not_utf8_in_comments_still_parse() {
    let scratch = scratch_dir("preprocessed-latin1");
    std::fs::create_dir_all(&scratch).unwrap();
    let source = scratch.join("latin1.c");
    std::fs::write(
        &source,
        b"int x;\n/* caf\xe9 */\nint main(void) { return x; }\n",
    )
    .unwrap();
    let printed = ferry_ok(&["parse", &source.to_string_lossy()]);
    assert!(printed.contains("int main(void)"), "{printed}");
    let _ = std::fs::remove_dir_all(&scratch);
}
