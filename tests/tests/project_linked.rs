//! `ferry isolate -p` across units (`tests/c/project_linked/`): a
//! selected loop whose calls go into other units is analysed with the
//! units that define the callees, and what those call in turn, so that
//! the calls have their exact regions. Alone, the unit's loop calls a
//! function without a body and is refused. The callees' units are left to
//! themselves (copies), and the transformed project runs as the original
//! does with poisoned buffers, moving the bytes counted by hand.

use ferry_tests::{c_dir, copy_tree, run_ferry, same_runs, scratch_dir};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::Command;

const UNITS: [&str; 8] = [
    "src/main.c",
    "src/blend.c",
    "src/blend_all.c",
    "src/smooth_all.c",
    "src/util/accumulate.c",
    "src/util/mix.c",
    "src/util/smooth.c",
    "src/util/weight.c",
];

/// `n` and the bytes blend and blend_all move for it: acc[0..n-1] in and
/// back, x[0..n-1] in, each 16n bytes to the device and 8n from it
/// (smooth_all, refused, runs on the host as it was).
const BLEND_COUNTS: [(u64, u64, u64); 3] = [(1, 32, 16), (7, 224, 112), (64, 2048, 1024)];

/// The project in a scratch folder, with a database in `build/`.
fn project() -> PathBuf {
    let root = scratch_dir("project-linked");
    copy_tree(&c_dir().join("project_linked"), &root);
    let build = root.join("build");
    std::fs::create_dir_all(&build).expect("build folder");
    let r = root.display().to_string();
    let database: Vec<Value> = UNITS
        .iter()
        .map(|file| json!({"directory": r, "command": format!("cc -Iinclude -c {file}"), "file": file}))
        .collect();
    std::fs::write(
        build.join("compile_commands.json"),
        serde_json::to_string_pretty(&database).expect("JSON"),
    )
    .expect("database");
    root
}

fn build(tree: &Path, extra: &[String], program: &Path) {
    let output = Command::new("cc")
        .current_dir(tree)
        .args(["-O2", "-Iinclude"])
        .args(UNITS)
        .args(extra)
        .arg("-o")
        .arg(program)
        .output()
        .expect("cc runs");
    assert!(
        output.status.success(),
        "cc failed in {}:\n{}",
        tree.display(),
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn a_loop_calling_into_other_units_is_isolated_with_them() {
    let root = project();
    // Alone, blend.c's loop calls a function without a body.
    let alone = root.join("alone");
    let blend = root.join("src/blend.c");
    let include = format!("-I{}", root.join("include").display());
    let output = run_ferry([
        "isolate",
        blend.to_str().expect("UTF-8"),
        "--pragma",
        &include,
        "-o",
        alone.to_str().expect("UTF-8"),
    ]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("in a function without a body"), "{stderr}");

    let database = root.join("build/compile_commands.json");
    let isolate_p = |out: &Path| {
        run_ferry([
            "isolate",
            "-p",
            database.to_str().expect("UTF-8"),
            "--pragma",
            "-o",
            out.to_str().expect("UTF-8"),
        ])
    };
    let out = root.with_extension("out");
    let output = isolate_p(&out);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    // smooth_all.c is refused, which makes the batch fail.
    assert_eq!(output.status.code(), Some(1), "{stdout}\n{stderr}");
    for line in [
        "untouched  src/main.c",
        "isolated   src/blend.c (with src/util/mix.c, src/util/weight.c)",
        "isolated   src/blend_all.c (with src/util/accumulate.c, src/util/mix.c, src/util/weight.c)",
        "failed     src/smooth_all.c",
        "untouched  src/util/accumulate.c",
        "untouched  src/util/mix.c",
        "untouched  src/util/smooth.c",
        "untouched  src/util/weight.c",
    ] {
        assert!(stdout.contains(line), "no `{line}` in:\n{stdout}");
    }
    assert!(
        stderr.contains(
            "src/smooth_all.c:9:9: error: in `smooth_into`, defined in another file: `halve` is \
             static in another file: this file cannot call it"
        ),
        "{stderr}"
    );
    // accumulate's clone is in blend_all.c, after what was there.
    let blend_all = std::fs::read_to_string(out.join("src/blend_all.c")).expect("blend_all.c");
    assert!(
        blend_all.contains("accumulate_accel(n_accel, acc_accel, x_accel"),
        "{blend_all}"
    );
    // The callees' units are not rewritten by the units that used them.
    for same in [
        "src/main.c",
        "src/smooth_all.c",
        "src/util/accumulate.c",
        "src/util/mix.c",
        "src/util/smooth.c",
        "src/util/weight.c",
    ] {
        let original = std::fs::read(root.join(same)).expect("original");
        let copy = std::fs::read(out.join(same)).unwrap_or_else(|e| panic!("{same}: {e}"));
        assert!(original == copy, "{same} is not a copy of the original");
    }

    let runtime = out.join("ferry_rte");
    let original = root.join("original");
    build(&root, &[], &original);
    let transformed = root.join("transformed");
    let extra = vec![
        format!("-I{}", runtime.display()),
        runtime.join("ferry_rte.c").display().to_string(),
        runtime.join("ferry_rte_host.c").display().to_string(),
    ];
    build(&out, &extra, &transformed);
    same_runs(&original, &transformed, &BLEND_COUNTS, &root);
    // An edit of a callee's unit recomputes the units linked with it:
    // mix.c itself, blend.c and blend_all.c (through accumulate); main.c,
    // which selects nothing, smooth_all.c and the other callees' units
    // come from the cache.
    let mix = root.join("src/util/mix.c");
    let text = std::fs::read_to_string(&mix).expect("mix.c");
    std::fs::write(&mix, text.replace("0.5 * old", "0.25 * old")).expect("edit");
    let again = root.with_extension("again");
    let output = isolate_p(&again);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("8 units (5 as the cache kept them)"),
        "{stdout}"
    );
    for dir in [&out, &again, &root] {
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// A folder without a compilation database is a project of its C files,
/// each with the flags given: `ferry isolate DIR CFLAGS` and `ferry
/// regions DIR CFLAGS` work as with `-p`, units named from the folder.
#[test]
fn a_folder_is_a_project_of_its_c_files() {
    let root = project();
    let src = root.join("src");
    let include = format!("-I{}", root.join("include").display());
    let out = root.with_extension("folder");
    let output = run_ferry([
        "isolate",
        src.to_str().expect("UTF-8"),
        "--pragma",
        &include,
        "-o",
        out.to_str().expect("UTF-8"),
    ]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    for line in [
        "isolated   blend.c (with util/mix.c, util/weight.c)",
        "failed     smooth_all.c",
        "8 units (0 as the cache kept them): 2 isolated, 5 untouched, 1 failed",
    ] {
        assert!(stdout.contains(line), "no `{line}` in:\n{stdout}");
    }
    assert!(out.join("util/weight.c").is_file());
    let output = run_ferry([
        "regions",
        src.to_str().expect("UTF-8"),
        &include,
        "--no-cache",
    ]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    let units: Vec<&str> = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("// ferry: unit "))
        .collect();
    assert_eq!(units.len(), 8, "{units:?}");
    assert!(units.contains(&"util/mix.c"), "{units:?}");
    // An empty folder says so.
    let empty = root.join("empty");
    std::fs::create_dir_all(&empty).expect("folder");
    let output = run_ferry(["regions", empty.to_str().expect("UTF-8")]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("no C file under"), "{stderr}");
    for dir in [&out, &root] {
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// The sources a project's `ferry_rte/BUILD` asks a build to add, of one
/// language ("C" or "CUDA"): the runtime's (in `ferry_rte/`) and those
/// written beside the units, as paths under `out`.
fn noted_sources(out: &Path, language: &str) -> Vec<PathBuf> {
    let note = std::fs::read_to_string(out.join("ferry_rte/BUILD")).expect("BUILD");
    let mut sources = Vec::new();
    for (whose, folder) in [
        ("the runtime's", out.join("ferry_rte")),
        ("the new", out.into()),
    ] {
        let prefix = format!("- {whose} {language} sources ");
        let Some(list) = note.lines().find_map(|l| l.strip_prefix(prefix.as_str())) else {
            continue;
        };
        let list = list.split(" (compiled").next().expect("a list");
        sources.extend(list.split(", ").map(|s| folder.join(s)));
    }
    sources
}

/// isolate -p with a GPU target: the project's whole transformed tree.
fn offload_project(root: &Path, target: &str) -> PathBuf {
    let out = root.with_extension(target);
    let database = root.join("build/compile_commands.json");
    let output = run_ferry([
        "isolate",
        "-p",
        database.to_str().expect("UTF-8"),
        "--pragma",
        "--target",
        target,
        "-o",
        out.to_str().expect("UTF-8"),
    ]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stdout}\n{stderr}");
    for line in [
        "isolated   src/blend.c (with src/util/mix.c, src/util/weight.c)",
        "isolated   src/blend_all.c (with src/util/accumulate.c, src/util/mix.c, src/util/weight.c)",
        "failed     src/smooth_all.c",
    ] {
        assert!(stdout.contains(line), "no `{line}` in:\n{stdout}");
    }
    out
}

/// blend.c's kernel calls mix, of another unit, which calls weight, of a
/// third: both become device functions of blend.c's kernels. The project
/// builds with what `ferry_rte/BUILD` names (the launchers beside the
/// units included) and runs on the OpenCL device (pocl) as the original
/// does, moving the bytes counted by hand.
#[test]
fn kernels_call_into_other_units_on_opencl() {
    let root = project();
    let out = offload_project(&root, "opencl");
    let kernels = std::fs::read_to_string(out.join("src/blend_kernels.cl")).expect("kernels");
    for function in [
        "double ferry_fn_weight(int i)\n{",
        "double ferry_fn_mix(double old, double x, int i)\n{",
    ] {
        assert!(kernels.contains(function), "no `{function}` in:\n{kernels}");
    }
    let sources = noted_sources(&out, "C");
    for launchers in ["src/blend_launch.c", "src/blend_all_launch.c"] {
        assert!(sources.contains(&out.join(launchers)), "{sources:?}");
    }
    let mut extra = vec![format!("-I{}", out.join("ferry_rte").display())];
    extra.extend(sources.iter().map(|s| s.display().to_string()));
    // x is `const double *`: its device copy is passed to the launchers
    // and freed without a qualifier dropped.
    extra.push("-Werror=discarded-qualifiers".to_string());
    extra.extend(["-lOpenCL".to_string(), "-lm".to_string()]);
    let transformed = root.join("transformed");
    build(&out, &extra, &transformed);
    let original = root.join("original");
    build(&root, &[], &original);
    same_runs(&original, &transformed, &BLEND_COUNTS, &root);
    for dir in [&out, &root] {
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// The same project offloaded to CUDA builds as `ferry_rte/BUILD` says:
/// its C sources by `cc`, its CUDA sources (the runtime's and the
/// kernels written beside the units) by nvcc for sm_75 and sm_90, linked
/// by nvcc. On a GPU it runs as the original does; without one, it stops
/// at its first CUDA call with the runtime's message.
#[test]
fn kernels_call_into_other_units_on_cuda() {
    let nvcc = ferry_tests::offload::required_nvcc();
    let root = project();
    let out = offload_project(&root, "cuda");
    let kernels = std::fs::read_to_string(out.join("src/blend_kernels.cu")).expect("kernels");
    assert!(kernels.contains("ferry_fn_mix("), "{kernels}");
    let runtime = format!("-I{}", out.join("ferry_rte").display());
    let compile = |program: &Path, source: &Path, object: &Path| {
        let mut command = Command::new(program);
        command
            .current_dir(&out)
            .args(["-O2", "-Iinclude", &runtime]);
        if program == nvcc.as_path() {
            command.args(["--fmad=false", "-gencode", "arch=compute_75,code=sm_75"]);
            command.args(["-gencode", "arch=compute_90,code=sm_90"]);
        }
        let output = command
            .arg("-c")
            .arg(source)
            .arg("-o")
            .arg(object)
            .output()
            .expect("the compiler runs");
        assert!(
            output.status.success(),
            "{} {}:\n{}",
            program.display(),
            source.display(),
            String::from_utf8_lossy(&output.stderr)
        );
    };
    let cuda = noted_sources(&out, "CUDA");
    for kernels in ["src/blend_kernels.cu", "src/blend_all_kernels.cu"] {
        assert!(cuda.contains(&out.join(kernels)), "{cuda:?}");
    }
    let c: Vec<PathBuf> = UNITS
        .iter()
        .map(|u| out.join(u))
        .chain(noted_sources(&out, "C"))
        .collect();
    let mut objects = Vec::new();
    for (k, source) in c.iter().chain(&cuda).enumerate() {
        let object = root.join(format!("object{k}.o"));
        let compiler = match source.extension().is_some_and(|e| e == "cu") {
            true => nvcc.clone(),
            false => PathBuf::from("cc"),
        };
        compile(&compiler, source, &object);
        objects.push(object);
    }
    let transformed = root.join("transformed");
    let linked = Command::new(&nvcc)
        .args(&objects)
        .arg("-o")
        .arg(&transformed)
        .arg("-lm")
        .output()
        .expect("nvcc runs");
    assert!(
        linked.status.success(),
        "{}",
        String::from_utf8_lossy(&linked.stderr)
    );
    if ferry_tests::offload::has_gpu() {
        let original = root.join("original");
        build(&root, &[], &original);
        same_runs(&original, &transformed, &BLEND_COUNTS, &root);
    } else {
        let run = Command::new(&transformed).arg("7").output().expect("runs");
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(
            !run.status.success() && stderr.contains("ferry runtime (CUDA)"),
            "{stderr}"
        );
    }
    for dir in [&out, &root] {
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// On the command line, the files given are analysed together: a kernel
/// may call a function of another one, and what blocks it there is named
/// at the call, with its place in the other file. A callee's global is
/// passed from the call, so the statement's file must declare it.
#[test]
fn callees_of_other_files_are_refused_with_their_cause() {
    let dir = scratch_dir("foreign-callees");
    std::fs::create_dir_all(&dir).expect("scratch");
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).expect("write");
        path.display().to_string()
    };
    let caller = |callee: &str| {
        format!(
            "double {callee}(double x);\n\nvoid apply(int n, double *v)\n{{\n#pragma ferry isolate\n    \
             for (int i = 0; i < n; i++)\n        v[i] = {callee}(v[i]);\n}}\n"
        )
    };
    let cases = [
        (
            "sized",
            "double sized(double x)\n{\n    return x * (double)sizeof x;\n}\n",
            "opencl",
            &[
                "a.c:7:16: error: cannot offload to opencl: in `sized`, defined in another file (at ",
                "b.c:3:24): `sizeof` of an expression ferry does not size for the device",
            ][..],
        ),
        (
            "scaled",
            "double factor = 2.0;\n\ndouble scaled(double x)\n{\n    return factor * x;\n}\n",
            "host",
            &["a.c:7:16: error: `scaled` uses the global `factor`, which this file does not see"],
        ),
    ];
    for (callee, definition, target, expected) in cases {
        let a = write("a.c", &caller(callee));
        let b = write("b.c", definition);
        let out = dir.join(format!("out-{callee}"));
        let output = run_ferry([
            "isolate",
            &a,
            &b,
            "--pragma",
            "--target",
            target,
            "-o",
            out.to_str().expect("UTF-8"),
        ]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{stderr}");
        for part in expected {
            assert!(stderr.contains(part), "no `{part}` in:\n{stderr}");
        }
        assert!(!out.exists(), "a refusal writes nothing");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `ferry validate DIR`: the folder is the project (as `-p DIR`), never
/// the value of an option that names a folder. The units are isolated
/// together, the project's build runs in a copy of the original and in
/// the transformed tree, and the runs agree.
#[test]
fn a_folder_is_validated_as_a_project() {
    let root = project();
    let src = root.join("src");
    let include = format!("-I{}", root.join("include").display());
    // `-o` names a folder too: it must not be taken for the project.
    let kept = root.join("kept");
    std::fs::create_dir_all(&kept).expect("folder");
    let build =
        format!("cc -O2 {include} $FERRY_RTE_CFLAGS *.c util/*.c -o program $FERRY_RTE_LIBS -lm");
    let output = run_ferry([
        "validate",
        "-o",
        kept.to_str().expect("UTF-8"),
        src.to_str().expect("UTF-8"),
        &include,
        "--pragma",
        "--quiet",
        "--build",
        &build,
        "--run",
        "./program 7",
        "--run",
        "./program 64",
    ]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    // smooth_all.c is refused (copied unchanged), which the status says.
    assert_eq!(output.status.code(), Some(1), "{stdout}\n{stderr}");
    assert!(stderr.contains("smooth_all.c:9:9: error"), "{stderr}");
    for line in [
        "isolated   blend.c (with util/mix.c, util/weight.c)",
        // blend and blend_all: 32n bytes to the device, 16n back.
        "run 1 [./program 7]: same (exit 0; 224 bytes in 4 transfers to the accelerator, 112 \
         bytes in 2 transfers back",
        "verdict: same (all 2 runs behave identically)",
    ] {
        assert!(stdout.contains(line), "no `{line}` in:\n{stdout}");
    }
    assert!(kept.join("blend.c").is_file(), "{stdout}");
    let _ = std::fs::remove_dir_all(&root);
}
