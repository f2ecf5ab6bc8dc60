//! Whole projects printed back, and isolated with `--auto` through a
//! compilation database (`ferry isolate -p`): every C file of zlib, Lua
//! 5.4, bzip2 and LZ4 through `ferry parse`, with the flags their own
//! builds use, then the printed files compiled and linked together into a
//! program that uses the library (a driver this test writes), run beside
//! the same program built from the original files. Both must print the
//! same thing.
//!
//! `legacy.rs` checks that each printed file compiles on its own; this
//! checks that the printed project still agrees with itself across units
//! (types, declarations and macros every file sees the same way) and keeps
//! the library's behaviour, which `-fsyntax-only` cannot see.

use ferry_tests::corpus::CorpusFile;
use ferry_tests::drivers::{BZIP2_DRIVER, LUA_DRIVER, LZ4_DRIVER, WEBP_DRIVER, ZLIB_DRIVER};
use ferry_tests::projects::{library_units, write_project, write_webp_project};
use ferry_tests::{ferry_bin, offload, run_ferry, run_with_timeout, scratch_dir};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

#[test]
fn zlib_printed_by_ferry_builds_and_behaves_the_same() {
    check_project("zlib", ZLIB_DRIVER);
}

#[test]
fn lua_printed_by_ferry_builds_and_behaves_the_same() {
    check_project("lua", LUA_DRIVER);
}

#[test]
fn bzip2_printed_by_ferry_builds_and_behaves_the_same() {
    check_project("bzip2", BZIP2_DRIVER);
}

#[test]
fn lz4_printed_by_ferry_builds_and_behaves_the_same() {
    check_project("lz4", LZ4_DRIVER);
}

/// zlib, Lua, bzip2 and LZ4 through their compilation databases with
/// `--auto --min-iterations 0` (`ferry isolate -p`): every parallel loop
/// nest ferry can isolate, small ones included, runs on poisoned buffers,
/// and the library behaves as the original does.
#[test]
fn zlib_isolated_with_auto_builds_and_behaves_the_same() {
    check_auto_project("zlib", ZLIB_DRIVER, 2);
}

#[test]
fn lua_isolated_with_auto_builds_and_behaves_the_same() {
    check_auto_project("lua", LUA_DRIVER, 1);
}

/// zlib isolated with `--auto --target opencl`: its parallel nest of
/// `inftrees.c` becomes an OpenCL kernel, built with the launchers written
/// beside the units, and the library run on pocl behaves as the original.
/// (Lua's nests that the host isolates are all refused on the device.)
#[test]
fn zlib_offloaded_to_opencl_builds_and_behaves_the_same() {
    check_auto_project_on("zlib", ZLIB_DRIVER, 1, Target::OpenCl);
}

#[test]
fn bzip2_isolated_with_auto_builds_and_behaves_the_same() {
    check_auto_project("bzip2", BZIP2_DRIVER, 3);
}

/// bzip2 isolated with `--auto`, then built by its own `Makefile` (with
/// the runtime added as `ferry_rte/BUILD` says: its folder on the include
/// path, its objects on the link line) and checked by its own `make
/// test`: bzip2 compresses its three samples at two block sizes and
/// decompresses them, and `cmp` compares each with the reference file
/// the release ships. The isolated loops run on poisoned buffers; the
/// last run's `FERRY_STATS` shows that they moved data.
#[test]
fn bzip2_isolated_with_auto_passes_its_own_make_test() {
    let scratch = scratch_dir("auto-bzip2-make");
    let project = scratch.join("project");
    write_project("bzip2", &project).unwrap_or_else(|e| panic!("bzip2's project: {e}"));
    assert!(
        project.join("Makefile").is_file() && project.join("sample1.ref").is_file(),
        "the corpus's bzip2 comes with its Makefile and samples"
    );
    let out = scratch.join("auto");
    let output = isolate_auto(&project, &out, Target::Host);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    assert!(
        stdout
            .lines()
            .filter(|l| l.starts_with("isolated "))
            .count()
            >= 3,
        "{stdout}"
    );
    let runtime = out.join("ferry_rte");
    let mut objects = Vec::new();
    for source in ["ferry_rte.c", "ferry_rte_host.c"] {
        let object = runtime.join(source).with_extension("o");
        let status = Command::new("cc")
            .args(["-O2", "-c"])
            .arg(runtime.join(source))
            .arg("-o")
            .arg(&object)
            .status()
            .expect("cc runs");
        assert!(status.success(), "the runtime compiles");
        objects.push(object.display().to_string());
    }
    let stats = scratch.join("stats.json");
    let make = Command::new("make")
        .current_dir(&out)
        .arg("test")
        .arg(format!(
            "CFLAGS=-Wall -Winline -O2 -g -D_FILE_OFFSET_BITS=64 -I{}",
            runtime.display()
        ))
        .arg(format!("LDFLAGS={}", objects.join(" ")))
        .env("FERRY_STATS", &stats)
        .output()
        .expect("make runs");
    let log = format!(
        "{}\n{}",
        String::from_utf8_lossy(&make.stdout),
        String::from_utf8_lossy(&make.stderr)
    );
    assert!(make.status.success(), "make test failed:\n{log}");
    assert!(!log.contains("differ"), "{log}");
    let stats: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&stats).expect("FERRY_STATS written"))
            .expect("JSON");
    assert!(stats["bytes_to_accel"].as_u64() > Some(0), "{stats}");
    let _ = std::fs::remove_dir_all(&scratch);
}

/// The same through `ferry validate -p`: the project isolated, built by its
/// own command in a copy of the original tree and in the transformed one
/// (the runtime reaching the build through `FERRY_RTE_CFLAGS` and
/// `FERRY_RTE_LIBS`), and each test command run in both and compared; the
/// report holds the runs.
#[test]
fn bzip2_validated_as_a_project_by_its_own_build_and_tests() {
    let runs = validate_bzip2(&[]);
    for run in &runs {
        assert_eq!(run["stats"]["kernel_launches"].as_u64(), Some(0), "{run}");
    }
}

/// `ferry validate -p --target opencl`: bzip2's loops become OpenCL
/// kernels, and the build of the transformed tree gets their launchers,
/// written beside the units, through `FERRY_RTE_LIBS` (before, it failed
/// at the link, and a kernel casting to bzip2's `Bool` typedef did not
/// build on pocl). Its three runs on pocl behave as the original's, and
/// the compressing one launches kernels.
#[test]
fn bzip2_validated_on_opencl_by_its_own_build_and_tests() {
    let runs = validate_bzip2(&["--target", "opencl"]);
    assert!(
        runs[2]["stats"]["kernel_launches"].as_u64() > Some(0),
        "{}",
        runs[2]
    );
}

/// `ferry validate -p --target cuda`: bzip2's kernels and the CUDA
/// runtime compiled by nvcc, and linked by bzip2's own Makefile with the C
/// compiler, the CUDA runtime library reaching it through
/// `FERRY_RTE_LIBS` (before, `validate -p` refused CUDA). On a GPU the
/// runs behave as the original's and the compressing one launches
/// kernels. Without one the transformed tree still builds (no build
/// failure is reported), and its runs stop at the runtime's report that
/// no CUDA device answers.
#[test]
fn bzip2_validated_on_cuda_by_its_own_build_and_tests() {
    let nvcc = offload::required_nvcc();
    let extra = ["--target", "cuda"];
    if offload::has_gpu() {
        let runs = validate_bzip2_with(&extra, &nvcc);
        assert!(
            runs[2]["stats"]["kernel_launches"].as_u64() > Some(0),
            "{}",
            runs[2]
        );
        return;
    }
    let (code, stdout, stderr, runs) = run_validate_bzip2(&extra, &nvcc);
    assert_eq!(code, Some(1), "{stdout}\n{stderr}");
    assert!(!stderr.contains("does not build"), "{stderr}");
    let runs = runs.expect("a report: both trees built");
    assert_eq!(runs.len(), 3);
    for run in &runs {
        assert_eq!(run["verdict"], "different", "{run}");
    }
    assert!(
        stdout.contains("the transformed program's stderr:")
            && stdout.contains("ferry runtime (CUDA)"),
        "{stdout}"
    );
}

/// bzip2 through `ferry validate -p --auto` with `extra` options, checked
/// by its own build and three runs (a round trip, a decompression, a
/// compression); every run must behave as the original's and move data.
/// Returns the report's runs.
fn validate_bzip2(extra: &[&str]) -> Vec<serde_json::Value> {
    validate_bzip2_with(extra, Path::new("nvcc"))
}

fn validate_bzip2_with(extra: &[&str], nvcc: &Path) -> Vec<serde_json::Value> {
    let (code, stdout, stderr, runs) = run_validate_bzip2(extra, nvcc);
    assert_eq!(code, Some(0), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("verdict: same (all 3 runs behave identically)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("written to a temporary folder"),
        "no path that is gone by now: {stdout}"
    );
    let runs = runs.expect("a report");
    assert_eq!(runs.len(), 3);
    for run in &runs {
        assert_eq!(run["verdict"], "same", "{run}");
        // The isolated loops ran: the last bzip2 of each run moved data.
        assert!(run["stats"]["bytes_to_accel"].as_u64() > Some(0), "{run}");
    }
    runs
}

/// `ferry validate -p` on bzip2 as `validate_bzip2` runs it, with `$NVCC`
/// set to `nvcc`: its exit status, stdout, stderr, and the report's runs
/// (where it wrote a report).
fn run_validate_bzip2(
    extra: &[&str],
    nvcc: &Path,
) -> (Option<i32>, String, String, Option<Vec<serde_json::Value>>) {
    let scratch = scratch_dir("validate-p-bzip2");
    let project = scratch.join("project");
    write_project("bzip2", &project).unwrap_or_else(|e| panic!("bzip2's project: {e}"));
    let report = scratch.join("report");
    let mut args = vec![
        "validate",
        "-p",
        project.to_str().expect("UTF-8"),
        "--auto",
        "--quiet",
        "--build",
        "make -s CFLAGS=\"-O2 -D_FILE_OFFSET_BITS=64 $FERRY_RTE_CFLAGS\" LDFLAGS=\"$FERRY_RTE_LIBS\" bzip2",
        "--run",
        "./bzip2 -1 < sample1.ref | ./bzip2 -d | cmp - sample1.ref && echo round trip",
        "--run",
        "./bzip2 -d < sample2.bz2 | cksum",
        "--run",
        "./bzip2 -9 < sample3.ref | cksum",
        "--report",
        report.to_str().expect("UTF-8"),
    ];
    args.extend_from_slice(extra);
    let output = Command::new(ferry_bin())
        .args(args)
        .env("NVCC", nvcc)
        .output()
        .expect("ferry runs");
    let runs = std::fs::read_to_string(report.join("report.json"))
        .ok()
        .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
        .and_then(|model| model["validation"]["runs"].as_array().cloned());
    let _ = std::fs::remove_dir_all(&scratch);
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        runs,
    )
}

/// libwebp (1.3.1, plain C, 117 units and a driver) through `ferry
/// validate -p --auto --target opencl`: its parallel loops over pixels
/// become OpenCL kernels in a score of units, the project is built by a
/// command that lists its units (as a Makefile does) with the launchers
/// in `FERRY_RTE_LIBS`, and encoding and decoding a picture, lossy and
/// lossless, at two sizes on pocl prints what the original prints,
/// kernels launched.
#[test]
fn libwebp_offloaded_to_opencl_encodes_and_decodes_the_same() {
    let scratch = scratch_dir("webp-opencl");
    let project = scratch.join("project");
    let units = write_webp_project(&project, WEBP_DRIVER)
        .unwrap_or_else(|e| panic!("libwebp's project: {e}"));
    let build = format!(
        "cc -O1 -DHAVE_CONFIG_H -I. $FERRY_RTE_CFLAGS {} -o webp $FERRY_RTE_LIBS -lm -lpthread",
        units.join(" ")
    );
    let report = scratch.join("report");
    let output = run_ferry([
        "validate",
        "-p",
        project.to_str().expect("UTF-8"),
        "--auto",
        "--quiet",
        "--target",
        "opencl",
        "--build",
        &build,
        "--run",
        "./webp 64",
        "--run",
        "./webp 33",
        "--report",
        report.to_str().expect("UTF-8"),
    ]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("verdict: same (all 2 runs behave identically)"),
        "{stdout}"
    );
    let isolated = stdout
        .lines()
        .filter(|l| l.starts_with("isolated "))
        .count();
    assert!(isolated >= 10, "{isolated} units isolated:\n{stdout}");
    let model: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(report.join("report.json")).expect("report.json"),
    )
    .expect("JSON");
    for run in model["validation"]["runs"].as_array().expect("runs") {
        assert!(
            run["stats"]["kernel_launches"].as_u64() > Some(100),
            "{run}"
        );
    }
    let _ = std::fs::remove_dir_all(&scratch);
}

/// No nest of LZ4 is isolated (none is parallel, or control leaves it):
/// every unit must come out untouched and still build.
#[test]
fn lz4_isolated_with_auto_builds_and_behaves_the_same() {
    check_auto_project("lz4", LZ4_DRIVER, 0);
}

/// The library's folder copied with a `compile_commands.json` of its
/// files (each with its build's flags), isolated with `--auto`; at least
/// `least` units must be transformed, none may fail, and the transformed
/// library must build (with `ferry_rte/`, as its `BUILD` says) and run
/// the driver as the original does.
fn check_auto_project(library: &str, driver: &str, least: usize) {
    check_auto_project_on(library, driver, least, Target::Host);
}

/// Where `check_auto_project_on` runs the isolated loops.
#[derive(Clone, Copy, PartialEq)]
enum Target {
    /// The host simulation, on poisoned buffers.
    Host,
    /// OpenCL kernels (pocl), their launchers written beside the units.
    OpenCl,
}

fn check_auto_project_on(library: &str, driver: &str, least: usize, target: Target) {
    let scratch = scratch_dir(&format!("auto-{library}"));
    let project = scratch.join("project");
    let files = write_project(library, &project)
        .unwrap_or_else(|e| panic!("cannot write {library}'s project: {e}"));
    let out = scratch.join("auto");
    let output = isolate_auto(&project, &out, target);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "ferry isolate -p {library} --auto failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let isolated = stdout
        .lines()
        .filter(|l| l.starts_with("isolated "))
        .count();
    assert!(isolated >= least, "{isolated} units isolated:\n{stdout}");
    let driver_file = scratch.join("driver.c");
    std::fs::write(&driver_file, driver).unwrap();
    let named = |dir: &Path| -> Vec<PathBuf> {
        files
            .iter()
            .map(|f| dir.join(f.path.file_name().expect("a name")))
            .collect()
    };
    let original = build(
        &named(&project),
        &driver_file,
        &project,
        (&files[0].cflags, &[]),
        &scratch.join("original"),
    );
    let runtime = out.join("ferry_rte");
    let mut sources = named(&out);
    sources.push(runtime.join("ferry_rte.c"));
    let mut cflags = files[0].cflags.clone();
    cflags.push(format!("-I{}", runtime.display()));
    let mut libs = Vec::new();
    match target {
        Target::Host => sources.push(runtime.join("ferry_rte_host.c")),
        Target::OpenCl => {
            sources.push(runtime.join("ferry_rte_opencl.c"));
            sources.extend(files_ending(&out, "_launch.c"));
            libs.push("-lOpenCL");
        }
    }
    let transformed = build(
        &sources,
        &driver_file,
        &out,
        (&cflags, &libs),
        &scratch.join("transformed"),
    );
    let expected = run(&original, &scratch.join("original.gz"));
    let stats = scratch.join("stats.json");
    let got = run_with_stats(&transformed, &scratch.join("transformed.gz"), &stats);
    assert_eq!(
        got,
        expected,
        "{library} isolated with --auto behaves differently (files kept in {})",
        scratch.display()
    );
    if target == Target::OpenCl {
        // The kernels ran (the statistics of the driver's process).
        let stats: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&stats).expect("FERRY_STATS written"))
                .expect("JSON");
        assert!(stats["kernel_launches"].as_u64() > Some(0), "{stats}");
    }
    let _ = std::fs::remove_dir_all(&scratch);
}

fn check_project(library: &str, driver: &str) {
    let files =
        library_units(library).unwrap_or_else(|e| panic!("cannot locate {library}'s sources: {e}"));
    assert!(!files.is_empty(), "no {library} file found");
    let scratch = scratch_dir(&format!("project-{library}"));
    let printed_dir = scratch.join("printed");
    std::fs::create_dir_all(&printed_dir).unwrap();
    let driver_file = scratch.join("driver.c");
    std::fs::write(&driver_file, driver).unwrap();
    let mut printed = Vec::new();
    // Each printed file in a folder of its own: a file another includes
    // (LZ4's lz4hc.c includes lz4.c under other macros) must be found as
    // it was written, on the include path, not as printed for its own
    // configuration beside the includer.
    for file in &files {
        let own = printed_dir.join(file.path.file_stem().expect("a file name"));
        std::fs::create_dir_all(&own).unwrap();
        printed.push(print(file, &own));
    }
    let originals: Vec<PathBuf> = files.iter().map(|f| f.path.clone()).collect();
    let include = files[0].path.parent().expect("a folder").to_path_buf();
    let cflags = &files[0].cflags;
    let original = build(
        &originals,
        &driver_file,
        &include,
        (cflags, &[]),
        &scratch.join("original"),
    );
    let transformed = build(
        &printed,
        &driver_file,
        &include,
        (cflags, &[]),
        &scratch.join("printed.exe"),
    );
    let expected = run(&original, &scratch.join("original.gz"));
    let got = run(&transformed, &scratch.join("printed.gz"));
    assert!(
        expected.lines().count() >= 4,
        "the driver printed too little:\n{expected}"
    );
    assert_eq!(
        got,
        expected,
        "{library} printed by ferry behaves differently (files kept in {})",
        scratch.display()
    );
    let _ = std::fs::remove_dir_all(&scratch);
}

/// `ferry isolate -p project --auto -o out`.
fn isolate_auto(project: &Path, out: &Path, target: Target) -> std::process::Output {
    let target = match target {
        Target::Host => "host",
        Target::OpenCl => "opencl",
    };
    run_ferry([
        "isolate".as_ref(),
        "-p".as_ref(),
        project.as_os_str(),
        "--auto".as_ref(),
        // Every parallel nest, small ones too: zlib's are 256-entry table
        // loops, which the default leaves on the host as not worth a
        // launch; this test is about isolating them right.
        "--min-iterations".as_ref(),
        "0".as_ref(),
        "--quiet".as_ref(),
        "--target".as_ref(),
        target.as_ref(),
        "-o".as_ref(),
        out.as_os_str(),
    ])
}

/// The files of `dir` (not below) whose names end with `suffix`.
fn files_ending(dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .flatten()
        .map(|entry| entry.path())
        .filter(|p| p.to_string_lossy().ends_with(suffix))
        .collect();
    files.sort();
    files
}

/// `ferry parse FILE CFLAGS` into `dir`, under the file's name.
fn print(file: &CorpusFile, dir: &Path) -> PathBuf {
    let mut args = vec!["parse".into(), file.path.clone().into_os_string()];
    args.extend(file.cflags.iter().map(Into::into));
    let output = run_ferry(&args);
    assert!(
        output.status.success(),
        "`ferry parse {}` failed:\n{}",
        file.name,
        String::from_utf8_lossy(&output.stderr)
    );
    let out = dir.join(file.path.file_name().expect("a file name"));
    std::fs::write(&out, &output.stdout).unwrap();
    out
}

/// Compiles and links `sources` and the driver, the original folder on the
/// include path (the printed files keep their `#include "..."` lines), with
/// the libraries `libs`.
fn build(
    sources: &[PathBuf],
    driver: &Path,
    include: &Path,
    (cflags, libs): (&[String], &[&str]),
    exe: &Path,
) -> PathBuf {
    let cc = ferry_parser::preprocess::c_compiler();
    let output = Command::new(&cc)
        .args(["-O0", "-w"])
        .args(cflags)
        .arg(format!("-I{}", include.display()))
        .args(sources)
        .arg(driver)
        .arg("-o")
        .arg(exe)
        .args(libs)
        .args(["-lm", "-ldl"])
        .output()
        .unwrap_or_else(|e| panic!("cannot run {cc}: {e}"));
    assert!(
        output.status.success(),
        "{} does not build:\n{}",
        exe.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    exe.to_path_buf()
}

fn run(exe: &Path, gz: &Path) -> String {
    run_command(Command::new(exe).arg(gz), exe)
}

/// `run`, the runtime's statistics written to `stats`.
fn run_with_stats(exe: &Path, gz: &Path, stats: &Path) -> String {
    run_command(Command::new(exe).arg(gz).env("FERRY_STATS", stats), exe)
}

fn run_command(command: &mut Command, exe: &Path) -> String {
    let output = run_with_timeout(command, Duration::from_secs(60))
        .unwrap_or_else(|e| panic!("{} did not run: {e:?}", exe.display()));
    assert!(
        output.status.success(),
        "{} failed:\n{}",
        exe.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8")
}
