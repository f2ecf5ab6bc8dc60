//! `ferry validate` on its command line: the human and JSON verdicts, the
//! exit status (0 same, 1 different or user error), and option errors.

use ferry_tests::run_ferry;
use serde_json::Value;

fn ferry(args: &[&str]) -> (Option<i32>, String, String) {
    let output = run_ferry(args);
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

const SCALE: &str = "tests/c/isolate/v_scale.c";

#[test]
fn the_same_behaviour_prints_the_statistics_and_exits_0() {
    let (code, stdout, stderr) = ferry(&["validate", SCALE, "--label", "kernel", "--run", "5"]);
    assert_eq!(code, Some(0), "stdout:\n{stdout}\nstderr:\n{stderr}");
    // a[0..4] (40 bytes); b[0..4] back; n and c, only read, are passed by
    // value.
    assert!(
        stdout.contains(
            "run 1 [5]: same (exit 0; 40 bytes in 1 transfer to the accelerator, 40 bytes"
        ),
        "{stdout}"
    );
    assert!(
        stdout.ends_with("verdict: same (the run behaves identically)\n"),
        "{stdout}"
    );
}

/// `--transfer-plan whole` moves a and b entire (100 doubles each) both
/// ways, whatever n is, and the program still behaves the same.
#[test]
fn the_whole_plan_copies_every_array_in_and_out() {
    let (code, stdout, stderr) = ferry(&[
        "validate",
        SCALE,
        "--label",
        "kernel",
        "--transfer-plan",
        "whole",
        "--run",
        "5",
        "--json",
    ]);
    assert_eq!(code, Some(0), "stderr:\n{stderr}");
    let json: Value = serde_json::from_str(&stdout).expect("one JSON object");
    let stats = &json["runs"][0]["stats"];
    // n and c are passed by value, nothing scalar back.
    assert_eq!(stats["bytes_to_accel"], 2 * 800, "{stats}");
    assert_eq!(stats["bytes_from_accel"], 2 * 800, "{stats}");
}

#[test]
fn json_lists_every_run_in_order() {
    let (code, stdout, stderr) = ferry(&[
        "validate", SCALE, "--json", "--label", "kernel", "--run", "2", "--run", "3",
    ]);
    assert_eq!(code, Some(0), "stderr:\n{stderr}");
    let json: Value = serde_json::from_str(&stdout).expect("one JSON object");
    assert_eq!(json["verdict"], "same");
    let runs = json["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 2);
    assert_eq!(runs[1]["args"], serde_json::json!(["3"]));
    for key in ["stdout_equal", "exit_equal", "files_equal"] {
        assert_eq!(runs[1][key], true, "{key}");
    }
    assert_eq!(runs[1]["stats"]["bytes_from_accel"], 24);
}

#[test]
fn no_run_means_one_run_without_arguments() {
    let (code, stdout, _) = ferry(&["validate", SCALE, "--label", "kernel", "--json"]);
    assert_eq!(code, Some(0));
    let json: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(json["runs"].as_array().unwrap().len(), 1);
    assert_eq!(json["runs"][0]["args"], serde_json::json!([]));
}

#[test]
fn a_difference_prints_the_verdict_and_exits_1() {
    let program = "tests/c/validate/pid.c";
    let (code, stdout, _) = ferry(&["validate", program, "--label", "kernel", "--json"]);
    assert_eq!(code, Some(1), "{stdout}");
    let json: Value = serde_json::from_str(&stdout).expect("the verdict is printed");
    assert_eq!(json["verdict"], "different");
    assert_eq!(json["runs"][0]["stdout_equal"], false);
    assert_eq!(json["runs"][0]["exit_equal"], true);
    assert_eq!(json["runs"][0]["stdout_first_difference"]["line"], 1);

    let (code, stdout, _) = ferry(&["validate", program, "--label", "kernel"]);
    assert_eq!(code, Some(1));
    assert!(stdout.contains("stdout differs at line 1:"), "{stdout}");
    assert!(
        stdout.contains("verdict: different (1 of 1 runs)"),
        "{stdout}"
    );
}

#[test]
fn a_refused_isolation_is_a_located_user_error() {
    let (code, stdout, stderr) = ferry(&[
        "validate",
        "tests/c/isolate_refused/v_unknown_pointer.c",
        "--label",
        "kernel",
    ]);
    assert_eq!(code, Some(1));
    assert!(stdout.is_empty(), "{stdout}");
    assert!(
        stderr.starts_with("tests/c/isolate_refused/v_unknown_pointer.c:"),
        "{stderr}"
    );
    assert!(stderr.contains("memory ferry cannot name"), "{stderr}");
}

#[test]
fn option_errors_exit_1_with_a_message() {
    for (args, message) in [
        (vec!["validate", SCALE], "say what to isolate"),
        (
            vec!["validate", SCALE, "--label", "kernel", "--compare-files"],
            "needs at least one file name",
        ),
        (
            vec![
                "validate",
                SCALE,
                "--label",
                "kernel",
                "--compare-files",
                "../x",
            ],
            "relative name",
        ),
        (
            vec!["validate", SCALE, "--label", "kernel", "--timeout", "soon"],
            "positive number of seconds",
        ),
        (vec!["validate", SCALE, "--label", "nowhere"], "nowhere"),
        (
            vec![
                "validate",
                SCALE,
                "--label",
                "kernel",
                "--transfer-plan",
                "exactish",
            ],
            "unknown transfer plan `exactish`",
        ),
        (
            vec![
                "validate",
                SCALE,
                "--label",
                "kernel",
                "--transfer-cost",
                "gpu,latency=fast",
            ],
            "bad --transfer-cost `gpu,latency=fast`",
        ),
        (
            vec![
                "validate",
                SCALE,
                "--label",
                "kernel",
                "--transfer-cost",
                "bandwidth=0",
            ],
            "bandwidth above 0",
        ),
        (
            vec!["validate", SCALE, "--label", "kernel", "--transfers-only"],
            "exclude each other",
        ),
        (
            vec!["validate", "-p", "build", "--auto", "--run", "make test"],
            "needs `--build CMD`",
        ),
        (
            vec!["validate", "-p", "build", "--auto", "--build", "make"],
            "needs at least one `--run CMD`",
        ),
        (
            vec!["validate", SCALE, "--label", "kernel", "--tolerance", "1"],
            "`--tolerance` takes a relative distance at least 0 and below 1",
        ),
        (
            vec![
                "validate",
                SCALE,
                "--label",
                "kernel",
                "--tolerance",
                "close",
            ],
            "not `close`",
        ),
    ] {
        let (code, _, stderr) = ferry(&args);
        assert_eq!(code, Some(1), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

#[test]
fn compare_files_stops_at_the_next_option() {
    let (code, stdout, stderr) = ferry(&[
        "validate",
        "tests/c/isolate/v_stencil.c",
        "--compare-files",
        "out.txt",
        "missing.txt",
        "--function",
        "smooth",
        "--run",
        "4 4",
        "--json",
        "-DN=16",
        "-DM=12",
    ]);
    assert_eq!(code, Some(0), "{stderr}");
    let json: Value = serde_json::from_str(&stdout).unwrap();
    let files = json["runs"][0]["files"].as_array().unwrap();
    assert_eq!(files.len(), 2);
    assert_eq!(files[0]["name"], "out.txt");
    assert_eq!(files[0]["state"], "equal");
    assert_eq!(files[1]["state"], "missing_in_both");
}

/// `--transfers-only` with `--no-optimize-transfers` is the program
/// itself: the comparison point of the optimised transfers, which move
/// fewer bytes (Listing 1.6 with a caller: 3 loads and 3 stores of 8
/// bytes, against 1 load and 2 stores).
#[test]
fn transfers_only_optimises_the_programs_own_transfers() {
    let program = "tests/c/isolate/dma_listing_1_6.c";
    let dma = "tests/c/dma/dma.c";
    let plain = ferry(&[
        "validate",
        program,
        dma,
        "--transfers-only",
        "--no-optimize-transfers",
    ]);
    assert_eq!(plain.0, Some(0), "{}{}", plain.1, plain.2);
    assert!(
        plain
            .1
            .contains("same (exit 0; 24 bytes in 3 transfers to the accelerator, 24 bytes in 3"),
        "{}",
        plain.1
    );
    let optimised = ferry(&["validate", program, dma, "--transfers-only"]);
    assert_eq!(optimised.0, Some(0), "{}{}", optimised.1, optimised.2);
    assert!(
        optimised
            .1
            .contains("same (exit 0; 8 bytes in 1 transfer to the accelerator, 16 bytes in 2"),
        "{}",
        optimised.1
    );
}

/// A call site with fewer arguments than the callee's parameters keeps the
/// callee's transfers where they are (it once made ferry panic).
#[test]
fn transfers_do_not_move_to_a_call_missing_arguments() {
    let out = std::env::temp_dir().join(format!("ferry-call-arity-{}", std::process::id()));
    let out_text = out.to_string_lossy().into_owned();
    let (code, _, stderr) = ferry(&[
        "isolate",
        "tests/c/cli/transfers_call_arity.c",
        "--transfers-only",
        "-o",
        &out_text,
    ]);
    assert_eq!(code, Some(0), "{stderr}");
    let text = std::fs::read_to_string(out.join("transfers_call_arity.c")).expect("output");
    let _ = std::fs::remove_dir_all(&out);
    let bar = &text[text.find("void bar(int").expect("bar")..text.find("void foo(").expect("foo")];
    assert!(
        bar.contains("memload(k, j, 8);") && bar.contains("memstore(j, k, 8);"),
        "{text}"
    );
}

/// The runs read what the program would read run by hand: `--stdin FILE`
/// on standard input, and files by paths relative to the current folder.
/// Without its input the original fails, and that is no validation: the
/// verdict says so, with the original's status and stderr, and the exit
/// status is 1 (two failing runs used to print `same`).
#[test]
fn runs_get_the_input_and_the_files_and_a_failing_original_validates_nothing() {
    let program = "tests/c/validate/reads_input.c";
    let (code, stdout, stderr) = ferry(&["validate", program, "--pragma"]);
    assert_eq!(code, Some(1), "stdout:\n{stdout}\nstderr:\n{stderr}");
    assert!(stdout.contains("run 1 []: original failed"), "{stdout}");
    assert!(stdout.contains("failed (exit 3)"), "{stdout}");
    assert!(stdout.contains("no numbers on stdin"), "{stdout}");
    assert!(
        stdout.ends_with("verdict: not validated (the original program failed in 1 of 1 runs)\n"),
        "{stdout}"
    );
    let input = ["--stdin", "tests/c/validate/numbers.txt"];
    let (code, stdout, stderr) = ferry(&["validate", program, "--pragma", input[0], input[1]]);
    assert_eq!(code, Some(0), "stdout:\n{stdout}\nstderr:\n{stderr}");
    // x[0..3], 4 doubles, in and out.
    assert!(
        stdout.contains("same (exit 0; 32 bytes in 1 transfer to the accelerator, 32 bytes"),
        "{stdout}"
    );
    let (code, stdout, _) = ferry(&["validate", program, "--pragma", "--original-may-fail"]);
    assert_eq!(code, Some(0), "{stdout}");
}

/// An output folder holding a C or CUDA source this run does not write
/// (here the CUDA kernels of an earlier run for another target) is
/// refused: a build of the folder would take it in. Nothing is written
/// then, and the same run into an emptied folder succeeds.
#[test]
fn an_output_folder_with_sources_of_another_run_is_refused() {
    let out = std::env::temp_dir().join(format!("ferry-stale-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).expect("scratch folder");
    let dir = out.to_string_lossy().into_owned();
    let stale = out.join("v_scale_kernels.cu");
    std::fs::write(&stale, "/* an earlier run's */\n").expect("stale file");
    let args = [
        "validate", SCALE, "--label", "kernel", "--run", "5", "-o", &dir,
    ];
    let (code, stdout, stderr) = ferry(&args);
    assert_eq!(code, Some(1), "stdout:\n{stdout}\nstderr:\n{stderr}");
    assert!(
        stderr.contains(&format!(
            "{dir} holds `v_scale_kernels.cu`, which this run does not write"
        )),
        "{stderr}"
    );
    let left: Vec<_> = std::fs::read_dir(&out)
        .expect("folder")
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(left, vec![std::ffi::OsString::from("v_scale_kernels.cu")]);
    std::fs::remove_file(&stale).expect("remove");
    let (code, stdout, stderr) = ferry(&args);
    let _ = std::fs::remove_dir_all(&out);
    assert_eq!(code, Some(0), "stdout:\n{stdout}\nstderr:\n{stderr}");
}

/// `--tolerance`: a floating-point sum run as a reduction on pocl
/// (`--reassociate`) prints other last digits than the original
/// (`tests/c/parallel/float_sum.c`, 100,000 terms: 12.100146029863486
/// against ...424, a relative 5e-15). Compared byte for byte it is
/// different (exit 1); within a relative 1e-12 the same (exit 0, the
/// verdict and the JSON say under which tolerance); within 1e-16 it is
/// different again.
#[test]
fn floating_results_agree_within_a_tolerance() {
    // ferry validate of the sum, with these options last.
    let validate = |last: &[&str]| {
        let mut args = vec![
            "validate",
            "tests/c/parallel/float_sum.c",
            "--function",
            "cases",
            "--target",
            "opencl",
            "--reassociate",
            "--run",
            "100000",
        ];
        args.extend_from_slice(last);
        ferry(&args)
    };
    let verdict_under = |tolerance: &[&str]| -> (Option<i32>, Value) {
        let mut last = vec!["--json"];
        last.extend_from_slice(tolerance);
        let (code, stdout, stderr) = validate(&last);
        let json: Value = serde_json::from_str(&stdout)
            .unwrap_or_else(|e| panic!("{last:?}: {e}\n{stdout}\n{stderr}"));
        (code, json)
    };
    let (code, exact) = verdict_under(&[]);
    assert_eq!(
        (code, &exact["verdict"]),
        (Some(1), &Value::from("different"))
    );
    assert_eq!(exact["tolerance"], 0.0);
    let (code, close) = verdict_under(&["--tolerance", "1e-12"]);
    assert_eq!((code, &close["verdict"]), (Some(0), &Value::from("same")));
    assert_eq!(close["tolerance"], 1e-12);
    let (code, tight) = verdict_under(&["--tolerance", "1e-16"]);
    assert_eq!(
        (code, &tight["verdict"]),
        (Some(1), &Value::from("different"))
    );
    let (code, stdout, stderr) = validate(&["--tolerance", "1e-12"]);
    assert_eq!(code, Some(0), "{stdout}\n{stderr}");
    assert!(
        stdout.ends_with(
            "verdict: same (the run behaves identically, floating-point results within a \
             relative 1e-12)\n"
        ),
        "{stdout}"
    );
}

/// Builds `sources` (paths relative to the workspace root, or absolute)
/// with the host runtime's flags and runs the program: whether it exited
/// with 0, and its stdout.
fn build_and_run(sources: &[String], include: &[String], exe: &std::path::Path) -> (bool, String) {
    let mut cc = std::process::Command::new(ferry_validation::c_compiler());
    cc.current_dir(ferry_tests::workspace_root())
        .args(["-O1", "-w"])
        .args(include.iter().map(|dir| format!("-I{dir}")))
        .args(sources)
        .arg("-o")
        .arg(exe)
        .arg("-lm");
    let built = cc.output().expect("cc runs");
    assert!(
        built.status.success(),
        "{cc:?}:\n{}",
        String::from_utf8_lossy(&built.stderr)
    );
    let ran = std::process::Command::new(exe).output().expect("it runs");
    (
        ran.status.success(),
        String::from_utf8_lossy(&ran.stdout).into_owned(),
    )
}

/// `--function F` on an externally visible F isolates its body for any
/// caller: a caller outside the files given (other_caller.c, n = 100, 0
/// and 7) gets the original's results from the transformed scale.c, though
/// the only caller ferry saw passes n = 40. With `--closed-program` the
/// body is specialised to that caller (40 elements copied whatever n is),
/// which the same outside caller shows (wrong results, or a crash).
#[test]
fn an_external_function_is_isolated_for_callers_outside_the_files() {
    let dir = "tests/c/open_entry";
    let scratch = ferry_tests::scratch_dir("open-entry");
    let (original_ok, expected) = build_and_run(
        &[format!("{dir}/scale.c"), format!("{dir}/other_caller.c")],
        &[dir.to_owned()],
        &scratch.join("original"),
    );
    let transformed_with = |extra: &[&str], name: &str| {
        let out = scratch.join(name);
        let out_text = out.to_string_lossy().into_owned();
        let mut args = vec![
            "isolate".to_owned(),
            format!("{dir}/scale.c"),
            format!("{dir}/main.c"),
            "--function".to_owned(),
            "scale".to_owned(),
            "-o".to_owned(),
            out_text.clone(),
        ];
        args.extend(extra.iter().map(|s| s.to_string()));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, stdout, stderr) = ferry(&args);
        assert_eq!(code, Some(0), "stdout:\n{stdout}\nstderr:\n{stderr}");
        let mut sources = vec![
            format!("{out_text}/scale.c"),
            format!("{dir}/other_caller.c"),
        ];
        sources.extend(
            std::fs::read_dir(&out)
                .expect("the output folder")
                .flatten()
                .map(|e| e.path().to_string_lossy().into_owned())
                .filter(|p| p.contains("ferry_rte") && p.ends_with(".c")),
        );
        build_and_run(&sources, &[out_text, dir.to_owned()], &out.join("program"))
    };
    assert!(original_ok);
    assert_eq!(transformed_with(&[], "open"), (true, expected.clone()));
    assert_ne!(
        transformed_with(&["--closed-program"], "closed"),
        (true, expected),
        "--closed-program should specialise scale to n = 40"
    );
    let _ = std::fs::remove_dir_all(&scratch);
    // The closed program itself behaves the same either way.
    for extra in [&[][..], &["--closed-program"][..]] {
        let mut args = vec![
            "validate",
            "tests/c/open_entry/scale.c",
            "tests/c/open_entry/main.c",
            "--function",
            "scale",
        ];
        args.extend(extra);
        let (code, stdout, stderr) = ferry(&args);
        assert_eq!(
            code,
            Some(0),
            "{args:?}\nstdout:\n{stdout}\nstderr:\n{stderr}"
        );
    }
}

/// The Makefile ferry writes builds the transformed program where it
/// stands: the headers the inputs include with quotes from their own
/// folder (scale.h) are found, and the user's `-D` flags are kept.
#[test]
fn the_output_folders_makefile_builds_with_the_inputs_headers_and_flags() {
    let scratch = ferry_tests::scratch_dir("makefile");
    let out = scratch.join("out");
    let out_text = out.to_string_lossy().into_owned();
    let (code, stdout, stderr) = ferry(&[
        "isolate",
        "tests/c/open_entry/scale.c",
        "tests/c/open_entry/main.c",
        "--function",
        "scale",
        "-o",
        &out_text,
        "-DUNUSED_BY_THE_PROGRAM=\"a b\"",
    ]);
    assert_eq!(code, Some(0), "stdout:\n{stdout}\nstderr:\n{stderr}");
    let make = std::process::Command::new("make")
        .arg("-C")
        .arg(&out)
        .output()
        .expect("make runs");
    assert!(
        make.status.success(),
        "{}\n{}",
        std::fs::read_to_string(out.join("Makefile")).unwrap_or_default(),
        String::from_utf8_lossy(&make.stderr)
    );
    let (original_ok, expected) = build_and_run(
        &[
            "tests/c/open_entry/scale.c".to_owned(),
            "tests/c/open_entry/main.c".to_owned(),
        ],
        &[],
        &scratch.join("original"),
    );
    let ran = std::process::Command::new(out.join("program"))
        .output()
        .expect("the program runs");
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(original_ok && ran.status.success());
    assert_eq!(String::from_utf8_lossy(&ran.stdout), expected);
}

/// `--report DIR`: the isolation's report with each run's measured
/// transfers, which agree with the counts by hand of `auto_nests.c`.
#[test]
fn the_report_holds_the_measured_transfers() {
    let dir = ferry_tests::scratch_dir("validate-report");
    let report = dir.join("report");
    let (code, stdout, stderr) = ferry(&[
        "validate",
        "tests/c/isolate/auto_nests.c",
        "--auto",
        "--run",
        "10",
        "--report",
        report.to_str().expect("UTF-8"),
    ]);
    assert_eq!(code, Some(0), "stdout:\n{stdout}\nstderr:\n{stderr}");
    let model = read_report(&report);
    let unit = &model["units"][0];
    assert_eq!(
        unit["statements"].as_array().map(Vec::len),
        Some(3),
        "{unit}"
    );
    assert_eq!(unit["left_out"].as_array().map(Vec::len), Some(2), "{unit}");
    let stats = &model["validation"]["runs"][0]["stats"];
    assert_eq!(stats["bytes_to_accel"], 240, "{stats}");
    assert_eq!(stats["bytes_from_accel"], 560, "{stats}");
    let page = std::fs::read_to_string(report.join("index.html")).expect("index.html");
    assert!(
        page.contains("<tr><td>10</td><td>same</td><td>240</td><td>3</td><td>560</td>"),
        "{page}"
    );
}

/// The report's pictures (`--report`) against a run: the lower triangle of
/// `plan_triangle.c` drawn for n = 16 is the triangle the loop writes,
/// and the boxes the hull plan copies, counted on the picture, are the
/// bytes the run at n = 16 measures (doubles: 8 bytes an element).
#[test]
fn the_pictures_count_what_a_run_moves() {
    let dir = ferry_tests::scratch_dir("validate-pictures");
    let report = dir.join("report");
    let (code, stdout, stderr) = ferry(&[
        "validate",
        "tests/c/isolate/plan_triangle.c",
        "--label",
        "kernel",
        "--transfer-plan",
        "hull",
        "--run",
        "16",
        "--report",
        report.to_str().expect("UTF-8"),
    ]);
    assert_eq!(code, Some(0), "stdout:\n{stdout}\nstderr:\n{stderr}");
    let model = read_report(&report);
    let arrays = model["units"][0]["statements"][0]["arrays"]
        .as_array()
        .expect("arrays");
    let layer = |array: &Value, kind: &str| -> Value {
        array["picture"]["layers"]
            .as_array()
            .and_then(|ls| ls.iter().find(|l| l["kind"] == kind).cloned())
            .unwrap_or_else(|| panic!("no layer {kind} in {array}"))
    };
    let b = arrays.iter().find(|a| a["name"] == "b").expect("b");
    assert_eq!(b["picture"]["values"][0]["name"], "n");
    assert_eq!(b["picture"]["values"][0]["value"], 16);
    let written = layer(b, "written")["cells"]
        .as_str()
        .expect("cells")
        .to_string();
    let triangle: String = (0..16)
        .flat_map(|i| (0..16).map(move |j| if j <= i { '1' } else { '0' }))
        .collect();
    assert_eq!(written, triangle);
    let moved = |kind: &str| -> i64 {
        arrays
            .iter()
            .map(|a| layer(a, kind)["elements"].as_i64().unwrap_or(0))
            .sum()
    };
    let stats = &model["validation"]["runs"][0]["stats"];
    assert_eq!(stats["bytes_to_accel"], 8 * moved("copied in"), "{stats}");
    assert_eq!(
        stats["bytes_from_accel"],
        8 * moved("copied back"),
        "{stats}"
    );
    // The static figure: the same boxes as functions of n (a's square in,
    // b's square back and the box of its strict upper triangle in), which
    // at n = 16 count the bytes the run moved.
    let formula = |name: &str, side: &str| {
        let array = arrays.iter().find(|a| a["name"] == name).expect("array");
        array["volume"][side]["formula"].clone()
    };
    assert_eq!(formula("a", "in"), "n^2");
    assert_eq!(formula("b", "in"), "(1 - 2 * n + n^2) where n >= 2");
    assert_eq!(formula("b", "out"), "n^2");
    let n = 16;
    assert_eq!(stats["bytes_to_accel"], 8 * (n * n + (1 - 2 * n + n * n)));
    assert_eq!(stats["bytes_from_accel"], 8 * n * n);
    let page = std::fs::read_to_string(report.join("index.html")).expect("index.html");
    assert_eq!(page.matches("<svg class=\"region-picture\"").count(), 2);
    assert!(page.contains("drawn for n = 16"), "{page}");
    assert!(page.contains("<svg class=\"timeline\""), "{page}");
}

/// The `report.json` a `--report DIR` wrote.
fn read_report(dir: &std::path::Path) -> Value {
    let text = std::fs::read_to_string(dir.join("report.json")).expect("report.json");
    serde_json::from_str(&text).expect("JSON")
}
