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
    // blend and blend_all: acc[0..n-1] in and back, x[0..n-1] in, each
    // 16n bytes to and 8n from (smooth_all runs on the host as it was).
    let counts: Vec<(u64, u64, u64)> = [1, 7, 64].iter().map(|&n| (n, 32 * n, 16 * n)).collect();
    same_runs(&original, &transformed, &counts, &root);
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
