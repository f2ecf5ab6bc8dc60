//! `ferry isolate -p`: a project of several units (`tests/c/project/`)
//! through its compilation database. The output tree mirrors the
//! project byte for byte but for the transformed units; a unit ferry
//! refuses is reported and copied; and the transformed project, built with
//! the database's own commands plus what `ferry_rte/BUILD` asks for, runs
//! with poisoned buffers as the original does, moving the bytes counted by
//! hand.

use ferry_tests::{c_dir, copy_tree, run_ferry, same_runs, scratch_dir};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The project copied into a scratch folder, with a database in `build/`
/// that writes its commands in both of the format's forms and compiles
/// `scale.c` alone with `-DFACTOR=3`.
fn project() -> PathBuf {
    let root = scratch_dir("project");
    copy_tree(&c_dir().join("project"), &root);
    let build = root.join("build");
    std::fs::create_dir_all(&build).expect("build folder");
    let b = build.display().to_string();
    let r = root.display().to_string();
    let database = json!([
        {"directory": b, "command": "cc -O2 -I../include -c ../src/main.c -o main.o",
         "file": "../src/main.c"},
        {"directory": b, "arguments": ["cc", "-O2", "-I", "../include", "-c",
         "../src/kernels/smooth.c"], "file": "../src/kernels/smooth.c"},
        {"directory": b, "command": "cc -O2 -I../include -DFACTOR=3 -c ../src/kernels/scale.c",
         "file": "../src/kernels/scale.c"},
        {"directory": r, "command": "cc -Iinclude -c src/util/search.c",
         "file": "src/util/search.c"},
    ]);
    std::fs::write(
        build.join("compile_commands.json"),
        serde_json::to_string_pretty(&database).expect("JSON"),
    )
    .expect("database");
    root
}

fn ferry(args: &[&str]) -> (Option<i32>, String, String) {
    let output = run_ferry(args);
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Builds the project under `tree` as its database says (sources taken
/// from `tree`, flags as given), plus `extra` sources and flags.
fn build(tree: &Path, extra: &[String], program: &Path) {
    let units = [
        ("src/main.c", vec!["-Iinclude"]),
        ("src/kernels/smooth.c", vec!["-Iinclude"]),
        ("src/kernels/scale.c", vec!["-Iinclude", "-DFACTOR=3"]),
        ("src/util/search.c", vec!["-Iinclude"]),
    ];
    build_units(tree, &units, extra, program);
}

/// Builds `units` (files under `tree`, each after its flags) with `extra`
/// sources and flags into `program`.
fn build_units(tree: &Path, units: &[(&str, Vec<&str>)], extra: &[String], program: &Path) {
    let mut cc = Command::new("cc");
    cc.current_dir(tree).arg("-O2");
    for (file, flags) in units {
        cc.args(flags).arg(file);
    }
    cc.args(extra).arg("-o").arg(program).arg("-lm");
    let output = cc.output().expect("cc runs");
    assert!(
        output.status.success(),
        "cc failed in {}:\n{}",
        tree.display(),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The `report.json` a `--report DIR` wrote.
fn read_model(dir: &Path) -> Value {
    let text = std::fs::read_to_string(dir.join("report.json")).expect("report.json");
    serde_json::from_str(&text).expect("JSON")
}

/// `ferry isolate -p DATABASE SELECTION -o OUT EXTRA...`.
fn isolate_p(
    database: &Path,
    selection: &[&str],
    out: &Path,
    extra: &[&str],
) -> (Option<i32>, String, String) {
    let database = database.to_str().expect("UTF-8");
    let out = out.to_str().expect("UTF-8");
    let mut args = vec!["isolate", "-p", database];
    args.extend(selection);
    args.extend(["-o", out]);
    args.extend(extra);
    ferry(&args)
}

#[test]
fn a_project_is_isolated_unit_by_unit_into_a_mirror_that_runs_the_same() {
    let root = project();
    let out = root.with_extension("out");
    let (code, stdout, stderr) = isolate_p(&root.join("build"), &["--pragma"], &out, &[]);
    // The refused unit makes the batch fail, after the others are done.
    assert_eq!(code, Some(1), "stdout:\n{stdout}\nstderr:\n{stderr}");
    assert!(
        stderr.contains("src/util/search.c:8:5: error: ferry cannot isolate this statement"),
        "{stderr}"
    );
    for line in [
        "untouched  src/main.c",
        "isolated   src/kernels/smooth.c",
        "isolated   src/kernels/scale.c",
        "failed     src/util/search.c",
        "4 units (0 as the cache kept them): 2 isolated, 1 untouched, 1 failed",
    ] {
        assert!(stdout.contains(line), "no `{line}` in:\n{stdout}");
    }
    // Untouched files, sources or not, are copies; the isolated units are not.
    for same in [
        "src/main.c",
        "src/util/search.c",
        "include/kernels.h",
        "README",
        "build/compile_commands.json",
    ] {
        let original = std::fs::read(root.join(same)).expect("original");
        let copy = std::fs::read(out.join(same)).unwrap_or_else(|e| panic!("{same}: {e}"));
        assert!(original == copy, "{same} is not a copy of the original");
    }
    for changed in ["src/kernels/smooth.c", "src/kernels/scale.c"] {
        let text = std::fs::read_to_string(out.join(changed)).expect("transformed");
        assert!(text.contains("ferry_copy_to_accel"), "{changed}:\n{text}");
    }
    // smooth: in[0..n-1] in, out[1..n-2] back; scale: a[0..n-1] both
    // ways; n by value. To 16n bytes, from 16n - 16.
    runs_the_same(
        &root,
        &out,
        &[(10, 160, 144), (3, 48, 32), (64, 1024, 1008)],
    );
}

/// Builds the original project and the transformed one in `out` (with
/// what its `ferry_rte/BUILD` asks for), runs both with each `n` of
/// `counts`, and checks the same output and the bytes moved each way.
fn runs_the_same(root: &Path, out: &Path, counts: &[(u64, u64, u64)]) {
    // The build note names what the build adds; the tree builds with it.
    let runtime = out.join("ferry_rte");
    let note = std::fs::read_to_string(runtime.join("BUILD")).expect("BUILD");
    let sources: Vec<String> = ["ferry_rte.c", "ferry_rte_host.c"]
        .iter()
        .inspect(|s| assert!(note.contains(*s), "{note}"))
        .map(|s| runtime.join(s).display().to_string())
        .collect();
    let original = root.join("original");
    build(root, &[], &original);
    let transformed = root.join("transformed");
    let mut extra = vec![format!("-I{}", runtime.display())];
    extra.extend(sources);
    build(out, &extra, &transformed);
    same_runs(&original, &transformed, counts, root);
}

#[test]
fn auto_isolates_the_parallel_nests_of_every_unit() {
    let root = project();
    let out = root.with_extension("out");
    let (code, stdout, stderr) = isolate_p(&root.join("build"), &["--auto"], &out, &[]);
    // A unit with no nest to isolate is left alone, not failed.
    assert_eq!(code, Some(0), "stdout:\n{stdout}\nstderr:\n{stderr}");
    for line in [
        "isolated   src/main.c",
        "isolated   src/kernels/smooth.c",
        "isolated   src/kernels/scale.c",
        "untouched  src/util/search.c",
    ] {
        assert!(stdout.contains(line), "no `{line}` in:\n{stdout}");
    }
    for note in [
        "src/main.c:18:9: note: loop nest not isolated: the statement calls `printf`",
        "src/util/search.c:8:5: note: loop nest not isolated: ferry cannot isolate",
    ] {
        assert!(stderr.contains(note), "no `{note}` in:\n{stderr}");
    }
    // The nests left out, counted by reason.
    assert!(
        stdout.contains("3 statements isolated in 3 functions, 2 loop nests left out\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "     1  the statement calls `…`, which has no body here (input/output or another \
             library function): it cannot run on the accelerator"
        ),
        "{stdout}"
    );
    // main's initialisation of a and b adds 16n bytes back.
    runs_the_same(
        &root,
        &out,
        &[(10, 160, 304), (3, 48, 80), (64, 1024, 2032)],
    );
}

#[test]
fn a_function_is_isolated_in_the_unit_that_defines_it() {
    let root = project();
    let out = root.with_extension("out");
    let database = root.join("build").join("compile_commands.json");
    let (code, stdout, stderr) = isolate_p(&database, &["--function", "scale"], &out, &["--quiet"]);
    assert_eq!(code, Some(0), "stdout:\n{stdout}\nstderr:\n{stderr}");
    assert!(
        stdout.contains("isolated   src/kernels/scale.c"),
        "{stdout}"
    );
    assert!(
        stdout.contains("untouched  src/kernels/smooth.c"),
        "{stdout}"
    );
    // The output folder now holds a run: a second one is refused.
    let (code, _, stderr) = isolate_p(&database, &["--function", "scale"], &out, &[]);
    assert_eq!(code, Some(1));
    assert!(stderr.contains("is not empty"), "{stderr}");
    // A function no unit defines is the user's error.
    let elsewhere = root.with_extension("none");
    let (code, _, stderr) = isolate_p(&database, &["--function", "nowhere"], &elsewhere, &[]);
    assert_eq!(code, Some(1));
    assert!(
        stderr.contains("no unit of the project defines a function `nowhere`"),
        "{stderr}"
    );
    assert!(!elsewhere.exists(), "an output was written");
}

/// `--program src/main.c`: the units make one program, so smooth and
/// scale, called by main with 3 <= n <= N = 64, get that from main's
/// unit: every copy has a size ferry knows (without it, theirs grow with
/// n), the whole figure is what the run at n = N measures, and the
/// transformed program still runs the same.
#[test]
fn a_program_s_functions_get_their_callers_context_from_other_units() {
    let root = project();
    let out = root.with_extension("out");
    let report = root.with_extension("report");
    let main = root.join("src/main.c");
    let (code, stdout, stderr) = isolate_p(
        &root.join("build"),
        &["--auto"],
        &out,
        &[
            "--program",
            main.to_str().expect("UTF-8"),
            "--report",
            report.to_str().expect("UTF-8"),
        ],
    );
    assert_eq!(code, Some(0), "stdout:\n{stdout}\nstderr:\n{stderr}");
    assert!(
        stdout.contains(
            "isolated   src/kernels/smooth.c (with src/main.c, src/kernels/scale.c, \
             src/util/search.c)"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("4 units analysed together as the program of src/main.c\n"),
        "{stdout}"
    );
    // 1024 B back from main's loop, 512 B in and 496 B back for smooth,
    // 512 B each way for scale: at n = 64, to 1024 and from 2032.
    assert!(
        stdout.contains(
            "array copies per execution of each statement (its own plan, before sharing): at \
             most 3.0 KiB (3056 B) for 3\n"
        ),
        "{stdout}"
    );
    let model = read_model(&report);
    let smooth = &model["units"][1]["statements"][0]["arrays"];
    assert_eq!(smooth[0]["volume"]["in"]["at_most"], 64, "{smooth}");
    assert_eq!(smooth[1]["volume"]["out"]["at_most"], 62, "{smooth}");
    runs_the_same(
        &root,
        &out,
        &[(10, 160, 304), (3, 48, 80), (64, 1024, 2032)],
    );
    // `--function scale`: main in another unit is its only caller, so
    // its body is specialised to n <= 64 (alone, it is isolated for any
    // caller, and its copies grow with n).
    let function_out = root.with_extension("function");
    let function_report = root.with_extension("function-report");
    let (code, stdout, stderr) = isolate_p(
        &root.join("build"),
        &["--function", "scale"],
        &function_out,
        &[
            "--program",
            main.to_str().expect("UTF-8"),
            "--report",
            function_report.to_str().expect("UTF-8"),
        ],
    );
    assert_eq!(code, Some(0), "stdout:\n{stdout}\nstderr:\n{stderr}");
    let model = read_model(&function_report);
    let scale = &model["units"][2]["statements"][0]["arrays"][0]["volume"];
    assert_eq!(scale["in"]["at_most"], 64, "{scale}");
    assert_eq!(scale["out"]["at_most"], 64, "{scale}");
    runs_the_same(
        &root,
        &function_out,
        &[(10, 80, 80), (3, 24, 24), (64, 512, 512)],
    );
}

/// A unit analysed without the rest of its program takes none of its
/// functions of external linkage for called only as it sees: fill (main's
/// unit) is also called by another unit's constructor with a larger n,
/// and ramp's only caller in its unit reads nothing it writes, while main
/// prints it. The transformed program prints what the original does.
#[test]
fn functions_other_units_may_call_keep_every_caller_s_due() {
    let root = scratch_dir("project-callers");
    copy_tree(&c_dir().join("project_callers"), &root);
    let out = root.with_extension("out");
    let (code, stdout, stderr) = ferry(&[
        "isolate",
        root.to_str().expect("UTF-8"),
        "--auto",
        "-o",
        out.to_str().expect("UTF-8"),
        "--quiet",
    ]);
    assert_eq!(code, Some(0), "stdout:\n{stdout}\nstderr:\n{stderr}");
    assert!(stdout.contains("isolated   main.c"), "{stdout}");
    assert!(stdout.contains("isolated   util.c"), "{stdout}");
    let build_and_run = |tree: &Path, extra: &[String]| {
        let program = tree.join("program");
        let units = ["main.c", "other.c", "util.c"].map(|file| (file, Vec::new()));
        build_units(tree, &units, extra, &program);
        let ran = Command::new(&program).output().expect("the program runs");
        assert!(
            ran.status.success(),
            "{} failed: {ran:?}",
            program.display()
        );
        String::from_utf8_lossy(&ran.stdout).into_owned()
    };
    let runtime = out.join("ferry_rte");
    let extra = [
        format!("-I{}", runtime.display()),
        runtime.join("ferry_rte.c").display().to_string(),
        runtime.join("ferry_rte_host.c").display().to_string(),
    ];
    let original = build_and_run(&root, &[]);
    assert_eq!(original, "3.5 49.5 25 13\n");
    assert_eq!(build_and_run(&out, &extra), original);
}

/// `validate -p --program`: the program isolated together, built by the
/// project's own command in both trees, and run. At n = N the run moves
/// what the static figure says: 1024 bytes in and 2032 back, 3056 B.
#[test]
fn a_program_is_validated_and_moves_its_static_figure() {
    let root = project();
    let main = root.join("src/main.c");
    let database = root.join("build");
    let build = "cc -O2 -Iinclude $FERRY_RTE_CFLAGS src/main.c src/kernels/smooth.c \
                 src/util/search.c -DFACTOR=3 src/kernels/scale.c -o program $FERRY_RTE_LIBS -lm";
    let (code, stdout, stderr) = ferry(&[
        "validate",
        "-p",
        database.to_str().expect("UTF-8"),
        "--auto",
        "--program",
        main.to_str().expect("UTF-8"),
        "--quiet",
        "--build",
        build,
        "--run",
        "./program 10",
        "--run",
        "./program 64",
    ]);
    assert_eq!(code, Some(0), "stdout:\n{stdout}\nstderr:\n{stderr}");
    for line in [
        "4 units analysed together as the program of src/main.c",
        "at most 3.0 KiB (3056 B) for 3",
        "run 2 [./program 64]: same (exit 0; 1024 bytes in 2 transfers to the accelerator, 2032 \
         bytes in 4 transfers back",
        "verdict: same (all 2 runs behave identically)",
    ] {
        assert!(stdout.contains(line), "no `{line}` in:\n{stdout}");
    }
}

/// `--target opencl --program`: the program's kernels and launchers go
/// beside their units, as `ferry_rte/BUILD` names them, and the project
/// built with them runs on the OpenCL device (pocl) as the original does.
#[test]
fn a_program_s_kernels_go_beside_their_units() {
    let root = project();
    let out = root.with_extension("out");
    let main = root.join("src/main.c");
    let (code, stdout, stderr) = isolate_p(
        &root.join("build"),
        &["--auto", "--target", "opencl"],
        &out,
        &["--program", main.to_str().expect("UTF-8")],
    );
    assert_eq!(code, Some(0), "stdout:\n{stdout}\nstderr:\n{stderr}");
    assert!(stdout.contains("4 units analysed together"), "{stdout}");
    let note = std::fs::read_to_string(out.join("ferry_rte/BUILD")).expect("BUILD");
    let new_sources = note
        .lines()
        .find_map(|l| l.strip_prefix("- the new C sources "))
        .and_then(|l| l.split_once(" (compiled"))
        .map(|(names, _)| names.split(", ").map(|n| out.join(n)).collect::<Vec<_>>())
        .unwrap_or_else(|| panic!("no new C sources in:\n{note}"));
    for launchers in [
        "src/main_launch.c",
        "src/kernels/smooth_launch.c",
        "src/kernels/scale_launch.c",
    ] {
        assert!(new_sources.contains(&out.join(launchers)), "{note}");
        assert!(out.join(launchers).exists(), "{launchers}");
    }
    let runtime = out.join("ferry_rte");
    let mut extra = vec![format!("-I{}", runtime.display())];
    for source in [
        runtime.join("ferry_rte.c"),
        runtime.join("ferry_rte_opencl.c"),
    ]
    .iter()
    .chain(&new_sources)
    {
        extra.push(source.display().to_string());
    }
    extra.push("-lOpenCL".to_string());
    let transformed = root.join("transformed");
    build(&out, &extra, &transformed);
    let original = root.join("original");
    build(&root, &[], &original);
    same_runs(
        &original,
        &transformed,
        &[(10, 160, 304), (3, 48, 80), (64, 1024, 2032)],
        &root,
    );
}

/// Units of one name in two folders (`a/util.c`, `b/util.c`), each with a
/// parallel loop: their kernels and launchers are named from their paths
/// (`ferry_launch_a_util_k0`, `ferry_launch_b_util_k0`), where both were
/// named from the file's stem and the program that links both did not
/// link. `ferry validate -p DIR --target opencl` builds it with its own
/// command and runs it on pocl as the original.
#[test]
fn units_of_one_name_in_two_folders_get_kernels_of_their_own() {
    let root = scratch_dir("one-name");
    for (folder, operation) in [("a", "x[i] * 2.0"), ("b", "x[i] + 1.0")] {
        std::fs::create_dir_all(root.join(folder)).expect("folder");
        std::fs::write(
            root.join(folder).join("util.c"),
            format!(
                "void {folder}_op(int n, double *x)\n{{\n    for (int i = 0; i < n; i++)\n        \
                 x[i] = {operation};\n}}\n"
            ),
        )
        .expect("unit");
    }
    std::fs::write(
        root.join("main.c"),
        "#include <stdio.h>\n#include <stdlib.h>\nvoid a_op(int n, double *x);\n\
         void b_op(int n, double *x);\nint main(int argc, char **argv)\n{\n    \
         int n = argc > 1 ? atoi(argv[1]) : 10;\n    double *x = malloc(sizeof(double) * n);\n    \
         for (int i = 0; i < n; i++)\n        x[i] = i;\n    a_op(n, x);\n    b_op(n, x);\n    \
         double s = 0;\n    for (int i = 0; i < n; i++)\n        s += x[i] * (i % 7);\n    \
         printf(\"%f\\n\", s);\n    free(x);\n    return 0;\n}\n",
    )
    .expect("main");
    let (code, stdout, stderr) = ferry(&[
        "validate",
        "-p",
        root.to_str().expect("UTF-8"),
        "--auto",
        "--quiet",
        "--target",
        "opencl",
        "--build",
        "cc $FERRY_RTE_CFLAGS main.c a/util.c b/util.c -o prog $FERRY_RTE_LIBS",
        "--run",
        "./prog 37",
        "--run",
        "./prog 3",
    ]);
    assert_eq!(code, Some(0), "stdout:\n{stdout}\nstderr:\n{stderr}");
    assert!(
        stdout.contains("verdict: same (all 2 runs behave identically)"),
        "{stdout}"
    );
    let out = root.with_extension("out");
    let (code, stdout, stderr) = ferry(&[
        "isolate",
        root.to_str().expect("UTF-8"),
        "--auto",
        "--quiet",
        "--target",
        "opencl",
        "-o",
        out.to_str().expect("UTF-8"),
    ]);
    assert_eq!(code, Some(0), "stdout:\n{stdout}\nstderr:\n{stderr}");
    for folder in ["a", "b"] {
        let header =
            std::fs::read_to_string(out.join(folder).join("util_kernels.h")).expect("header");
        assert!(
            header.contains(&format!("void ferry_launch_{folder}_util_k0(")),
            "{header}"
        );
    }
    let _ = std::fs::remove_dir_all(&root);
    let _ = std::fs::remove_dir_all(&out);
}

/// `--pragma --program`: search.c's marked statement is refused, so the
/// program's units cannot be isolated together; each is then isolated
/// with all the others, and the refusal stays with its unit.
#[test]
fn a_refusal_in_a_program_stays_with_its_unit() {
    let root = project();
    let out = root.with_extension("out");
    let main = root.join("src/main.c");
    let (code, stdout, stderr) = isolate_p(
        &root.join("build"),
        &["--pragma"],
        &out,
        &["--program", main.to_str().expect("UTF-8")],
    );
    assert_eq!(code, Some(1), "stdout:\n{stdout}\nstderr:\n{stderr}");
    assert!(
        stderr.contains("--program: the program's units could not be isolated together"),
        "{stderr}"
    );
    for line in [
        "isolated   src/kernels/smooth.c (with src/main.c, src/kernels/scale.c, \
         src/util/search.c)",
        "failed     src/util/search.c",
        "4 units (0 as the cache kept them): 2 isolated, 1 untouched, 1 failed",
    ] {
        assert!(stdout.contains(line), "no `{line}` in:\n{stdout}");
    }
    assert!(!stdout.contains("analysed together"), "{stdout}");
    runs_the_same(
        &root,
        &out,
        &[(10, 160, 144), (3, 48, 32), (64, 1024, 1008)],
    );
}

/// `--program` must name a unit with `main`, of a project that is one
/// program; `regions -p` takes no program.
#[test]
fn a_program_that_the_units_do_not_make_is_refused() {
    let root = project();
    let out = root.with_extension("out");
    let scale = root.join("src/kernels/scale.c");
    let (code, _, stderr) = isolate_p(
        &root.join("build"),
        &["--auto"],
        &out,
        &["--program", scale.to_str().expect("UTF-8")],
    );
    assert_eq!(code, Some(1));
    assert!(
        stderr.contains(
            "`--program src/kernels/scale.c`: the project's units do not make one program: \
             `src/kernels/scale.c` defines no `main`"
        ),
        "{stderr}"
    );
    assert!(!out.exists());
    // A second definition of `scale`: two programs' units, or two
    // versions of one function.
    std::fs::write(
        root.join("src/util/search.c"),
        "void scale(int n, double *a) { (void)n; (void)a; }\n",
    )
    .expect("write");
    let main = root.join("src/main.c");
    let (code, _, stderr) = isolate_p(
        &root.join("build"),
        &["--auto"],
        &out,
        &["--program", main.to_str().expect("UTF-8")],
    );
    assert_eq!(code, Some(1));
    assert!(
        stderr.contains(
            "`scale` is defined by both `src/kernels/scale.c` and `src/util/search.c`, so the \
             units are not one program"
        ),
        "{stderr}"
    );
    let database = root.join("build");
    let (code, _, stderr) = ferry(&[
        "regions",
        "-p",
        database.to_str().expect("UTF-8"),
        "--program",
        main.to_str().expect("UTF-8"),
    ]);
    assert_eq!(code, Some(1));
    assert!(
        stderr.contains("`--program` is not an option of `ferry regions`"),
        "{stderr}"
    );
    // With files, not a project: they are the program already.
    for command in ["isolate", "validate"] {
        let main_file = main.to_str().expect("UTF-8");
        let out = root.join(format!("files-{command}"));
        let mut args = vec![command, main_file, "--auto", "--program", main_file];
        if command == "isolate" {
            args.extend(["-o", out.to_str().expect("UTF-8")]);
        }
        let (code, _, stderr) = ferry(&args);
        assert_eq!(code, Some(1), "{command}: {stderr}");
        assert!(
            stderr.contains("`--program` names the unit with `main` of a project"),
            "{command}: {stderr}"
        );
        assert!(!out.exists(), "{command} wrote an output");
    }
}

/// The flags that steer a project's batch are refused with files, never
/// passed to `cc -E` (which failed on them) nor taken silently.
#[test]
fn a_project_s_batch_flags_are_refused_with_files() {
    let root = scratch_dir("batch-flags-files");
    let fir = c_dir().join("kernels").join("fir.c");
    let fir = fir.to_str().expect("UTF-8");
    let cases: [(&str, &[&str], &str); 5] = [
        (
            "isolate",
            &["--quiet"],
            "`--quiet` hides a project's progress bar",
        ),
        (
            "isolate",
            &["--jobs", "2"],
            "`--jobs` sets how many of a project's units",
        ),
        (
            "validate",
            &["--no-cache"],
            "`--no-cache` recomputes a project's cached units",
        ),
        (
            "validate",
            &["--quiet"],
            "`--quiet` hides a project's progress bar",
        ),
        (
            "regions",
            &["--no-cache"],
            "`--no-cache` recomputes a project's cached units",
        ),
    ];
    for (i, (command, flags, message)) in cases.into_iter().enumerate() {
        let out = root.join(format!("out-{i}"));
        let mut args = vec![command, fir];
        if command != "regions" {
            args.extend(["--function", "fir"]);
        }
        if command == "isolate" {
            args.extend(["-o", out.to_str().expect("UTF-8")]);
        }
        args.extend(flags);
        let (code, stdout, stderr) = ferry(&args);
        assert_eq!(code, Some(1), "{command} {flags:?}: {stderr}");
        assert!(stderr.contains(message), "{command} {flags:?}: {stderr}");
        assert!(!stderr.contains("cc -E"), "{command} {flags:?}: {stderr}");
        assert!(
            stdout.is_empty() && !out.exists(),
            "{command} {flags:?} wrote an output"
        );
    }
    // `ferry regions --jobs N` shares one program's functions among threads.
    let (code, stdout, stderr) = ferry(&["regions", fir, "--jobs", "2"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("-W-"), "{stdout}");
}

#[test]
fn a_database_that_is_not_one_is_refused() {
    let root = scratch_dir("project-bad");
    let database = root.join("compile_commands.json");
    std::fs::write(&database, "{\"directory\": \"/\"}").expect("write");
    let out = root.join("out");
    let (code, _, stderr) = isolate_p(&root, &["--pragma"], &out, &[]);
    assert_eq!(code, Some(1));
    assert!(
        stderr.contains("is not a compilation database: its top level is not an array"),
        "{stderr}"
    );
    assert!(!out.exists());
    // A database whose units share no folder with it but `/`: the mirror
    // would copy the whole file system.
    let unit = root.join("a.c");
    std::fs::write(&unit, "int main(void) { return 0; }\n").expect("write");
    let elsewhere =
        std::path::Path::new("/var/tmp").join(format!("ferry-db-{}", std::process::id()));
    std::fs::create_dir_all(&elsewhere).expect("a folder outside /tmp");
    let entry = json!([{"directory": root.display().to_string(), "arguments": ["cc", "-c", "a.c"],
                        "file": "a.c"}]);
    std::fs::write(elsewhere.join("compile_commands.json"), entry.to_string()).expect("write");
    let (code, _, stderr) = isolate_p(&elsewhere, &["--pragma"], &out, &[]);
    let _ = std::fs::remove_dir_all(&elsewhere);
    assert_eq!(code, Some(1));
    assert!(stderr.contains("share no folder but `/`"), "{stderr}");
    assert!(!out.exists());
}

#[test]
fn a_rerun_recomputes_only_the_units_that_changed() {
    let root = project();
    let database = root.join("build");
    let run = |out: &str, extra: &[&str]| {
        let out = root.with_extension(out);
        let (code, stdout, stderr) = isolate_p(&database, &["--pragma"], &out, extra);
        assert_eq!(code, Some(1), "stdout:\n{stdout}\nstderr:\n{stderr}");
        (out, stdout, stderr)
    };
    let (_, first, _) = run("first", &["--jobs", "1"]);
    assert!(
        first.contains("4 units (0 as the cache kept them)"),
        "{first}"
    );
    // The refused unit's diagnostic comes from the cache as it was.
    let (_, second, stderr) = run("second", &[]);
    assert!(
        second.contains("4 units (4 as the cache kept them)"),
        "{second}"
    );
    assert!(
        stderr.contains("src/util/search.c:8:5: error: ferry cannot isolate"),
        "{stderr}"
    );
    // An edit of one unit: only it is recomputed.
    let scale = root.join("src/kernels/scale.c");
    let text = std::fs::read_to_string(&scale).expect("scale.c");
    std::fs::write(&scale, text.replace("a[i] * FACTOR", "a[i] * FACTOR * 2")).expect("edit");
    let (out, third, _) = run("third", &[]);
    assert!(
        third.contains("4 units (3 as the cache kept them)"),
        "{third}"
    );
    let scaled = std::fs::read_to_string(out.join("src/kernels/scale.c")).expect("scale.c");
    assert!(scaled.contains("* 3 * 2"), "{scaled}");
    let (_, fourth, _) = run("fourth", &["--no-cache"]);
    assert!(
        fourth.contains("4 units (0 as the cache kept them)"),
        "{fourth}"
    );
}

/// `ferry regions -p`: every unit's regions, analysed alone; a unit that
/// does not parse is reported and the others still printed.
#[test]
fn regions_of_a_project_come_unit_by_unit() {
    let root = project();
    let broken = root.join("src/util/broken.c");
    std::fs::write(&broken, "int f(void) { return 1 +; }\n").expect("write");
    let database = root.join("build/compile_commands.json");
    let mut entries: Value =
        serde_json::from_str(&std::fs::read_to_string(&database).expect("read")).expect("JSON");
    entries.as_array_mut().expect("an array").push(json!({
        "directory": root.display().to_string(),
        "command": "cc -c src/util/broken.c",
        "file": "src/util/broken.c",
    }));
    std::fs::write(&database, entries.to_string()).expect("write");
    let database = database.to_str().expect("UTF-8");
    let (code, stdout, stderr) = ferry(&["regions", "-p", database, "--json", "--quiet"]);
    assert_eq!(code, Some(1), "stderr:\n{stderr}");
    assert!(
        stderr.contains("src/util/broken.c:1:25: error:"),
        "{stderr}"
    );
    let report: Value = serde_json::from_str(&stdout).expect("JSON");
    let units = report["units"].as_array().expect("units");
    let files: Vec<&str> = units
        .iter()
        .map(|u| u["file"].as_str().expect("file"))
        .collect();
    assert_eq!(
        files,
        [
            "src/main.c",
            "src/kernels/smooth.c",
            "src/kernels/scale.c",
            "src/util/search.c",
            "src/util/broken.c"
        ]
    );
    assert!(
        units[4]["error"]
            .as_str()
            .is_some_and(|e| e.contains("error"))
    );
    // smooth, called from no unit it is analysed with, reads in[0..n-1]
    // for every n >= 3.
    let smooth = &units[1]["regions"]["functions"][0];
    assert_eq!(smooth["name"], "smooth");
    let read_in = smooth["regions"]
        .as_array()
        .expect("regions")
        .iter()
        .find(|r| r["kind"] == "read" && r["array"] == "in")
        .expect("a read region of in");
    assert_eq!(
        read_in["isl"],
        "[n] -> { in[phi1] : n >= 3 and 0 <= phi1 < n }"
    );
    // The text form: each unit after its header line.
    let (_, text, _) = ferry(&["regions", "-p", database, "--quiet"]);
    assert!(text.starts_with("// ferry: unit src/main.c\n"), "{text}");
    assert!(
        text.contains("// ferry: unit src/util/broken.c: not analysed"),
        "{text}"
    );
}

/// `--report DIR`: the model as JSON, and a page that a real browser
/// (headless Chromium) loads with every statement and nest in it, and
/// draws (a screenshot larger than that of an empty page).
#[test]
fn the_report_says_what_moves_and_renders_in_a_browser() {
    let root = project();
    let out = root.with_extension("out");
    let report = root.with_extension("report");
    let (code, stdout, stderr) = isolate_p(
        &root.join("build"),
        &["--auto"],
        &out,
        &["--report", report.to_str().expect("UTF-8")],
    );
    assert_eq!(code, Some(0), "stdout:\n{stdout}\nstderr:\n{stderr}");
    let model = read_model(&report);
    assert_eq!(model["target"], "host");
    let units = model["units"].as_array().expect("units");
    let smooth = &units[1];
    assert_eq!(smooth["file"], "src/kernels/smooth.c");
    let statement = &smooth["statements"][0];
    assert_eq!(statement["function"], "smooth");
    assert_eq!(statement["first_line"], "for (int i = 1; i < n - 1; i++)");
    let arrays = statement["arrays"].as_array().expect("arrays");
    let names: Vec<&str> = arrays
        .iter()
        .map(|a| a["name"].as_str().expect("a name"))
        .collect();
    assert_eq!(names, ["in", "out"]);
    // in is only read, out only written: one way each.
    assert!(arrays[0]["plans"][0]["store"].is_null());
    assert!(arrays[1]["plans"][0]["load"].is_null());
    assert_eq!(statement["scalars"][0]["by_value"], true);
    // The static byte figure. smooth's unit says nothing of n, so what it
    // writes back grows with it: out[1..n-2].
    let volume = &arrays[1]["volume"];
    assert_eq!(volume["element_bytes"], 8);
    assert_eq!(volume["in"]["at_most"], 0);
    assert_eq!(volume["out"]["formula"], "(-2 + n) where n >= 3");
    // main's loop runs for n <= N = 64: at most 64 doubles of a and of b
    // back, the 1024 bytes its run with n = 64 moves (runs_the_same
    // measures them in `auto_isolates_the_parallel_nests_of_every_unit`).
    let main = &units[0]["statements"][0]["arrays"];
    for array in main.as_array().expect("arrays") {
        assert_eq!(array["volume"]["out"]["at_most"], 64, "{array}");
        assert_eq!(array["volume"]["in"]["at_most"], 0, "{array}");
    }
    let figure = "array copies per execution of each statement (its own plan, before sharing): \
                  at most 1.0 KiB (1024 B) for 1; an amount that grows with the program's \
                  variables for 2";
    assert!(stdout.contains(figure), "{stdout}");
    let search = &units[3];
    assert_eq!(search["outcome"], "untouched");
    assert_eq!(
        search["left_out"][0]["at"]
            .as_str()
            .map(|a| a.ends_with("search.c:8:5")),
        Some(true)
    );

    let chromium = ["chromium", "chromium-browser"]
        .into_iter()
        .find(|c| Command::new(c).arg("--version").output().is_ok())
        .expect("no chromium: scripts/setup.sh installs it");
    let page = format!("file://{}", report.join("index.html").display());
    let headless = |extra: &[String], url: &str| {
        Command::new(chromium)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
            ])
            .args(extra)
            .arg(url)
            .output()
            .expect("chromium runs")
    };
    let dom = String::from_utf8_lossy(&headless(&["--dump-dom".into()], &page).stdout).into_owned();
    assert_eq!(
        dom.matches("<article class=\"statement\"").count(),
        3,
        "{dom}"
    );
    assert!(
        dom.contains("3 statements isolated in 3 functions, 2 loop nests left out"),
        "{dom}"
    );
    assert!(
        dom.contains("<p id=\"bytes\">array copies per execution"),
        "{dom}"
    );
    assert!(
        dom.contains("<td>0 B / 8 B × (-2 + n) where n &gt;= 3</td>"),
        "{dom}"
    );
    // smooth's `in` and `out` are drawn, each in six layers, and its
    // copies laid out in order.
    assert!(
        dom.matches("<svg class=\"region-picture\"").count() >= 2,
        "{dom}"
    );
    assert!(
        dom.contains("<g class=\"layer\" data-kind=\"copied in\">"),
        "{dom}"
    );
    assert!(dom.contains("<svg class=\"timeline\""), "{dom}");
    let shot = |name: &str, url: &str| {
        let path = root.join(name);
        headless(
            &[
                format!("--screenshot={}", path.display()),
                "--window-size=1000,800".into(),
            ],
            url,
        );
        std::fs::read(&path).unwrap_or_else(|e| panic!("no screenshot {name}: {e}"))
    };
    let drawn = shot("report.png", &page);
    let blank = root.join("blank.html");
    std::fs::write(&blank, "<!DOCTYPE html><html><body></body></html>").expect("write");
    let empty = shot("blank.png", &format!("file://{}", blank.display()));
    // A PNG: its width and height in the header, as asked.
    assert_eq!(&drawn[1..4], b"PNG");
    let size = |png: &[u8], at: usize| u32::from_be_bytes(png[at..at + 4].try_into().expect("4"));
    assert_eq!((size(&drawn, 16), size(&drawn, 20)), (1000, 800));
    assert!(
        drawn.len() > 2 * empty.len(),
        "the report's screenshot ({} bytes) is no more than an empty page's ({} bytes)",
        drawn.len(),
        empty.len()
    );
}
