//! Statement isolation checked by running it. Every program of
//! `tests/c/isolate/` is isolated and validated (`ferry validate --json`)
//! as its `// ferry-test:` lines say (see `ferry_tests::isolate_spec`):
//! every run must behave as the original and move the bytes expected.
//! Every program of `tests/c/isolate_refused/` must be refused by `ferry
//! isolate` with exit status 1, a `file:line:col: error:` diagnostic that
//! contains the expected text, and nothing written to the output folder.
//!
//! Every program is checked, two at a time (each starts compilers and
//! programs of its own), and the failures are reported together, each
//! with the command that reproduces it.

use ferry_tests::isolate_spec::{self, Spec};
use ferry_tests::offload;
use ferry_tests::{
    RunError, assert_all_pass, c_dir, c_files_in, ferry_bin, for_each_parallel_on, indent,
    run_with_timeout, scratch_dir, workspace_root,
};
use serde_json::Value;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// Programs where ferry moves more bytes than the hand count, for a known
/// reason in the regions (never in isolation's equations): their output
/// must still be the original's, and each run must move at least the hand
/// count; a run moving exactly it means the imprecision is gone and the
/// entry must go.
/// (None today: the loops with `break`, `continue` or a stepped `while`
/// that were here take their bounds from the polyhedral model, whose
/// summaries place their statements by the semantics' stores.)
const KNOWN_IMPRECISE: &[(&str, &str)] = &[];

/// Programs ferry should isolate but refuses today, with the reason: the
/// refusal must still be a clear diagnostic (exit 1, `file:line:col`), and
/// once ferry isolates the program the entry must go (the program is then
/// checked as any other).
const KNOWN_REFUSED: &[(&str, &str)] = &[];

/// The flags that offload to OpenCL (pocl in the tests), under the host
/// simulation's cost model, for which the hand counts are made (an
/// accelerator target otherwise plans under the GPU's).
const OPENCL: [&str; 4] = ["--target", "opencl", "--transfer-cost", "host"];

/// Processes of one check at a time per worker: the test machines have 2 cores.
const WORKERS: usize = 2;
/// The limit of one execution of one program, inside `ferry validate`.
const RUN_TIMEOUT_S: &str = "30";
/// The limit of one whole `ferry` command.
const FERRY_TIMEOUT: Duration = Duration::from_secs(300);

#[test]
fn isolated_programs_behave_as_the_originals() {
    let programs = c_files_in(&c_dir().join("isolate"));
    assert!(!programs.is_empty(), "no program in tests/c/isolate");
    let results = for_each_parallel_on(WORKERS, &programs, validate_program);
    assert_all_pass(&programs, results);
}

/// Every isolation test program with its kernels on the OpenCL device:
/// the same behaviour and the same transfers as the host simulation (the
/// default section's runs), or a refusal listed in `offload::REFUSED`.
#[test]
fn offloaded_programs_behave_as_the_originals_on_opencl() {
    let programs = c_files_in(&c_dir().join("isolate"));
    let scratch = scratch_dir("offload-refused");
    let results = for_each_parallel_on(WORKERS, &programs, |p| offload_program(p, &scratch));
    let _ = std::fs::remove_dir_all(&scratch);
    assert_all_pass(&programs, results);
}

/// Every kernel of the suite (`tests/c/kernels`), its function offloaded
/// to OpenCL (`--function NAME`, the file's stem) at a size that leaves
/// partial work-groups: the same output as the original, and kernels
/// launched. The suite covers what offloading must do on real code:
/// parallel nests of one to three loops, sequential loops around them,
/// reductions, device functions, time loops calling a sweep (the sweep's
/// kernels launched from the host), triangular bounds.
#[test]
fn offloaded_kernels_behave_as_the_originals_on_opencl() {
    let kernels = c_files_in(&c_dir().join("kernels"));
    assert!(!kernels.is_empty(), "no program in tests/c/kernels");
    let results = for_each_parallel_on(WORKERS, &kernels, |k| {
        let name = k
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let args: Vec<String> = [
            "validate",
            &relative(k),
            "--function",
            &name,
            "--target",
            "opencl",
            "--run",
            "37",
            "--timeout",
            RUN_TIMEOUT_S,
            "--json",
        ]
        .iter()
        .map(|a| a.to_string())
        .collect();
        let reproduce = format!("reproduce: {}", shell_line(&args));
        let (code, stdout, stderr) = ferry(&args).map_err(|e| format!("{e}\n{reproduce}"))?;
        let json: Value = serde_json::from_str(&stdout).map_err(|e| {
            format!(
                "exit {code:?}, no JSON ({e})\n{}\n{reproduce}",
                indent(&stderr)
            )
        })?;
        let launches = json["runs"][0]["stats"]["kernel_launches"]
            .as_u64()
            .unwrap_or(0);
        if code == Some(0) && json["verdict"] == "same" && launches > 0 {
            Ok(())
        } else {
            // How the transformed run ended (timed out, crashed, exited)
            // tells a slow OpenCL compilation from a wrong kernel.
            let run = &json["runs"][0];
            Err(format!(
                "exit {code:?}, verdict {}, {launches} launches; original {}, transformed {}\n{}\n{reproduce}",
                json["verdict"],
                run["original_status"],
                run["transformed_status"],
                indent(&stderr)
            ))
        }
    });
    assert_all_pass(&kernels, results);
}

/// Kernels are launched per parallel nest, never per iteration of the host
/// loops around device code. atax (m = n - 2 rows) launches its first,
/// parallel, loop once. Its row loop is sequential (every row adds into
/// all of y), but its statements depend on each other only forward, so it
/// is distributed: `tmp[i] = 0` and the sum into `tmp[i]` are loops over
/// the rows, each one launch; the update of y is a column loop that moves
/// outside the rows, one launch: 4 launches at n = 20. Left a host loop
/// over the rows it would launch 2m + 1 = 37 kernels; a launch per
/// statement and inner iteration would be 1 + m (n + 2) = 397.
#[test]
fn offloaded_kernels_launch_per_nest_not_per_iteration() {
    let stats = opencl_stats("atax", "20", &[]);
    assert_eq!(stats["kernel_launches"], 4, "{stats}");
}

/// OpenCL launches do not wait for their kernels: the runtime waits
/// before its next copy (a read of a reduction's cell included), in one
/// in-order queue. LU at n = 30 launches its two kernels per step, 60 in
/// all, reading nothing between them; with `FERRY_CL_BLOCKING=1` each
/// launch waits. Both runs must print what the original does and count the
/// same launches and bytes, and both count kernel time; as must a
/// reduction (cg), whose partial results are read between launches.
#[test]
fn opencl_launches_run_ahead_of_the_host_as_blocking_ones_do() {
    for (kernel, size, launches) in [("lu", "30", 60), ("cg", "30", 19)] {
        let mut runs = Vec::new();
        for blocking in ["0", "1"] {
            let stats = opencl_stats(kernel, size, &[("FERRY_CL_BLOCKING", blocking)]);
            let context = format!("{kernel}, FERRY_CL_BLOCKING={blocking}: {stats}");
            assert_eq!(stats["kernel_launches"], launches, "{context}");
            assert!(stats["kernel_ns"].as_u64() > Some(0), "{context}");
            runs.push(stats);
        }
        for field in [
            "kernel_launches",
            "work_items",
            "bytes_to_accel",
            "bytes_from_accel",
        ] {
            assert_eq!(runs[0][field], runs[1][field], "{kernel}: {field}");
        }
    }
}

/// OpenCL kernels over loops run in work-groups of a fixed shape, the
/// range rounded up to whole groups: left to the implementation, pocl
/// compiled LU's kernels again for every launch (each step's range is one
/// shorter) and ran a prime count in groups of one work-item. Every
/// launcher of a nest passes its `local` shape (one-work-item kernels
/// alone pass none), and LU at a prime size, its ranges rounded up, still
/// prints what the original prints.
#[test]
fn opencl_work_groups_have_a_fixed_shape() {
    let out = scratch_dir("work-groups");
    let args: Vec<String> = [
        "isolate",
        "tests/c/kernels/lu.c",
        "--function",
        "lu",
        "--target",
        "opencl",
        "-o",
        &out.to_string_lossy(),
    ]
    .map(String::from)
    .to_vec();
    let (code, _, stderr) = ferry(&args).expect("ferry runs");
    assert_eq!(code, Some(0), "{}\n{stderr}", shell_line(&args));
    let launch = std::fs::read_to_string(out.join("lu_launch.c")).expect("launchers");
    let launches: Vec<&str> = launch
        .lines()
        .filter(|l| l.contains("ferry_cl_launch("))
        .collect();
    assert!(launches.len() >= 2, "{launch}");
    for line in &launches {
        let single = line.contains(", 1, global, NULL, 1ULL)");
        assert!(
            single || line.contains("global, local,"),
            "{line}\n{launch}"
        );
    }
    assert!(launch.contains("size_t local[1] = {32};"), "{launch}");
    let _ = std::fs::remove_dir_all(&out);
    let stats = opencl_stats("lu", "37", &[]);
    assert_eq!(stats["kernel_launches"], 2 * 37, "{stats}");
}

/// A nest whose inner bounds depend on the outer indices is one launch
/// over the box around its iterations (the work-items outside it skip the
/// body), not a launch of the outer loop alone with the inner loops run
/// sequentially by each work-item. `work_items` counts the box: at n = 6,
/// the strict lower triangle (i in 1..5, j in 0..i-1) has a 5 x 5 box, the
/// upper one (i in 0..5, j in i..5) 6 x 6; tri_3d at n = 5 (j counting
/// down from 4 to i, k from i to j) 5 x 5 x 5. A one-dimensional grid
/// would count 5, 6 and 5.
#[test]
fn triangular_nests_launch_one_grid_over_their_box() {
    let cases: [(&str, [&str; 2], &str, u64); 3] = [
        (
            "tests/c/isolate/triangle_lower.c",
            ["--label", "kernel"],
            "6",
            25,
        ),
        (
            "tests/c/isolate/triangle_upper.c",
            ["--label", "kernel"],
            "6",
            36,
        ),
        (
            "tests/c/kernels/tri_3d.c",
            ["--function", "tri_3d"],
            "5",
            125,
        ),
    ];
    for (program, selection, n, box_items) in cases {
        let mut args: Vec<String> = vec!["validate".into(), program.into()];
        args.extend(selection.iter().map(|a| a.to_string()));
        args.extend(["--target", "opencl", "--run", n, "--json"].map(String::from));
        let (code, stdout, stderr) = ferry(&args).expect("ferry runs");
        assert_eq!(code, Some(0), "{}\n{stderr}", shell_line(&args));
        let json: Value = serde_json::from_str(&stdout).expect("JSON");
        assert_eq!(json["verdict"], "same", "{}", shell_line(&args));
        let stats = &json["runs"][0]["stats"];
        assert_eq!(stats["kernel_launches"], 1, "{}", shell_line(&args));
        assert_eq!(stats["work_items"], box_items, "{}", shell_line(&args));
    }
}

/// An accelerator target plans its copies under the GPU's cost model
/// (microseconds per copy call): tri_3d's tetrahedra at n = 60 go as one
/// box each way, where the host simulation's model (a `memcpy` per run)
/// moves exactly the elements in 1,830 runs each way. Both behave as the
/// original.
#[test]
fn accelerator_targets_plan_copies_for_a_gpu() {
    let transfers = |cost: &[&str]| -> (u64, u64) {
        let mut args: Vec<String> = [
            "validate",
            "tests/c/kernels/tri_3d.c",
            "--function",
            "tri_3d",
            "--target",
            "opencl",
            "--run",
            "60",
            "--json",
        ]
        .map(String::from)
        .to_vec();
        args.extend(cost.iter().map(|c| c.to_string()));
        let (code, stdout, stderr) = ferry(&args).expect("ferry runs");
        assert_eq!(code, Some(0), "{}\n{stderr}", shell_line(&args));
        let json: Value = serde_json::from_str(&stdout).expect("JSON");
        assert_eq!(json["verdict"], "same", "{}", shell_line(&args));
        let stats = &json["runs"][0]["stats"];
        (
            stats["transfers_to_accel"].as_u64().unwrap_or(0),
            stats["bytes_to_accel"].as_u64().unwrap_or(0),
        )
    };
    let (gpu_copies, gpu_bytes) = transfers(&[]);
    let (host_copies, host_bytes) = transfers(&["--transfer-cost", "host"]);
    assert!(gpu_copies <= 4, "{gpu_copies} copies to the device");
    assert!(host_copies > 1000, "{host_copies} copies to the device");
    assert!(gpu_bytes > host_bytes, "{gpu_bytes} <= {host_bytes} bytes");
}

/// A parallel loop over two nests is distributed, and a parallel loop
/// under a sequential one moves outside it, so that each kernel gets the
/// grid's dimensions the nest has. gemm at n = 37 (ni = 37, nj = 40):
/// `C *= beta` and the product (its `k` loop moved inside `j`) are two
/// kernels of 37 x 40 work-items, where they were one kernel of 37
/// work-items (one per row). trmm at n = 37 (m = 36): `j` moves outside
/// the sequential `i`, one launch of 37 work-items instead of 36 launches.
/// atax at n = 37 (m = 35): its sequential row loop is distributed (see
/// `offloaded_kernels_launch_per_nest_not_per_iteration`), 4 launches of
/// n, m, m and n work-items. All behave as the original, on pocl with
/// poisoned buffers.
#[test]
fn nests_are_reshaped_into_deeper_kernels() {
    let stats_of = |kernel: &str| -> (u64, u64) {
        let stats = opencl_stats(kernel, "37", &[]);
        (
            stats["kernel_launches"].as_u64().unwrap_or(0),
            stats["work_items"].as_u64().unwrap_or(0),
        )
    };
    assert_eq!(stats_of("gemm"), (2, 2 * 37 * 40));
    assert_eq!(stats_of("trmm"), (1, 37));
    assert_eq!(stats_of("atax"), (4, 37 + 35 + 35 + 37));
}

/// A kernel's buffers are `restrict` where each is an allocation of its
/// own (gemm's, on both targets), and plain pointers in a function that
/// launches kernels on the buffers it is given, which a caller may pass
/// twice (`accumulate(n, b, b)` in calls_same_buffer_twice.c, whose run
/// the isolation programs' test checks).
#[test]
fn kernel_buffers_are_restrict_only_when_distinct() {
    let scratch = scratch_dir("restrict");
    let kernels_of = |program: &str, function: &str, target: &str| -> String {
        let out = scratch.join(format!("{function}-{target}"));
        let args: Vec<String> = [
            "isolate",
            program,
            "--function",
            function,
            "--target",
            target,
            "-o",
            &out.to_string_lossy(),
        ]
        .map(String::from)
        .to_vec();
        let (code, _, stderr) = ferry(&args).expect("ferry runs");
        assert_eq!(code, Some(0), "{}\n{stderr}", shell_line(&args));
        let extension = if target == "cuda" { "cu" } else { "cl" };
        let stem = Path::new(program).file_stem().unwrap().to_string_lossy();
        std::fs::read_to_string(out.join(format!("{stem}_kernels.{extension}")))
            .expect("a kernels file")
    };
    let gemm = "tests/c/kernels/gemm.c";
    let cuda = kernels_of(gemm, "gemm", "cuda");
    for buffer in ["C_accel", "A_accel", "B_accel"] {
        assert!(
            cuda.contains(&format!("double *__restrict__ {buffer}")),
            "{buffer} in\n{cuda}"
        );
    }
    let opencl = kernels_of(gemm, "gemm", "opencl");
    assert!(
        opencl.contains("__global double *restrict B_accel"),
        "{opencl}"
    );
    let twice = "tests/c/isolate/calls_same_buffer_twice.c";
    for target in ["cuda", "opencl"] {
        let text = kernels_of(twice, "work", target);
        assert!(text.contains("double *x"), "{text}");
        assert!(text.contains("double *y"), "{text}");
        assert!(!text.contains("restrict"), "{text}");
    }
    let _ = std::fs::remove_dir_all(&scratch);
}

fn offload_program(program: &Path, scratch: &Path) -> Result<(), String> {
    let spec = spec_of(program)?;
    let name = program
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let flags: Vec<String> = OPENCL.iter().map(|f| f.to_string()).collect();
    let Some((_, reason)) = offload::REFUSED.iter().find(|(known, _)| *known == name) else {
        // The runs of the default section, else of the first plan's.
        let (plan_flags, runs) = match spec.plans.first() {
            Some(p) if spec.runs.is_empty() => (p.flags.clone(), &p.runs),
            _ => (Vec::new(), &spec.runs),
        };
        // A plan's own cost model stands.
        let flags: Vec<String> = if plan_flags.iter().any(|f| f == "--transfer-cost") {
            plan_flags
                .into_iter()
                .chain(flags.into_iter().take(2))
                .collect()
        } else {
            plan_flags.into_iter().chain(flags).collect()
        };
        if offload::NOT_LIFTED.contains(&name.as_str()) {
            let behaviour: Vec<isolate_spec::RunSpec> = runs
                .iter()
                .map(|r| isolate_spec::RunSpec {
                    args: r.args.clone(),
                    ..Default::default()
                })
                .collect();
            return validate_section(program, &spec, &flags, &behaviour);
        }
        return validate_section(program, &spec, &flags, runs);
    };
    let out = scratch.join(program.file_stem().unwrap_or_default());
    let mut args = vec!["isolate".to_owned(), relative(program)];
    args.extend(spec.isolate.iter().cloned());
    args.extend(flags);
    args.extend(["-o".to_owned(), out.to_string_lossy().into_owned()]);
    args.extend(spec.cflags.iter().cloned());
    let reproduce = format!("reproduce: {}", shell_line(&args));
    let (code, _stdout, stderr) = ferry(&args).map_err(|e| format!("{e}\n{reproduce}"))?;
    let first = stderr.lines().next().unwrap_or("");
    if code == Some(1)
        && is_located_error(first, &name)
        && first.contains("cannot offload")
        && first.contains(reason)
    {
        return Ok(());
    }
    Err(format!(
        "listed in offload::REFUSED (`{reason}`) but exit {code:?}: remove it from the list if \
         ferry offloads it now\n{}\n{reproduce}",
        indent(&stderr)
    ))
}

#[test]
fn refused_isolations_say_why_and_write_nothing() {
    let programs = c_files_in(&c_dir().join("isolate_refused"));
    assert!(
        !programs.is_empty(),
        "no program in tests/c/isolate_refused"
    );
    let scratch = scratch_dir("isolate-refused");
    let results = for_each_parallel_on(WORKERS, &programs, |p| check_refusal(p, &scratch));
    let _ = std::fs::remove_dir_all(&scratch);
    assert_all_pass(&programs, results);
}

/// Fails with every program's failure, not only the first.
fn relative(path: &Path) -> String {
    path.strip_prefix(workspace_root())
        .unwrap_or(path)
        .display()
        .to_string()
}

fn spec_of(program: &Path) -> Result<Spec, String> {
    let source = std::fs::read_to_string(program).map_err(|e| format!("unreadable: {e}"))?;
    isolate_spec::parse(&source)
}

/// A shell line for a failure message (arguments with spaces quoted).
fn shell_line(args: &[String]) -> String {
    let quote = |a: &String| {
        if a.is_empty() || a.contains(char::is_whitespace) {
            format!("'{a}'")
        } else {
            a.clone()
        }
    };
    std::iter::once("ferry".to_owned())
        .chain(args.iter().map(quote))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Runs `ferry ARGS` from the workspace root: exit code, stdout, stderr.
fn ferry(args: &[String]) -> Result<(Option<i32>, String, String), String> {
    ferry_with_env(args, &[])
}

/// `ferry`, with `env` set for ferry and the programs it runs.
fn ferry_with_env(
    args: &[String],
    env: &[(&str, &str)],
) -> Result<(Option<i32>, String, String), String> {
    let mut command = Command::new(ferry_bin());
    command
        .args(args)
        .current_dir(workspace_root())
        .envs(env.iter().copied());
    match run_with_timeout(&mut command, FERRY_TIMEOUT) {
        Ok(output) => Ok((
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )),
        Err(RunError::TimedOut) => Err(format!("ran for more than {FERRY_TIMEOUT:?}")),
        Err(RunError::Io(e)) => Err(format!("cannot run ferry: {e}")),
    }
}

/// `tests/c/kernels/KERNEL.c` validated with its function `KERNEL`
/// offloaded to OpenCL (pocl), run with `run`, `env` set: it must exit 0
/// and behave as the original; its run's `FERRY_STATS`.
fn opencl_stats(kernel: &str, run: &str, env: &[(&str, &str)]) -> Value {
    let args: Vec<String> = [
        "validate",
        &format!("tests/c/kernels/{kernel}.c"),
        "--function",
        kernel,
        "--target",
        "opencl",
        "--run",
        run,
        "--json",
    ]
    .map(String::from)
    .to_vec();
    let context = |stderr: &str| format!("{env:?} {}\n{stderr}", shell_line(&args));
    let (code, stdout, stderr) = ferry_with_env(&args, env).expect("ferry runs");
    assert_eq!(code, Some(0), "{}", context(&stderr));
    let json: Value = serde_json::from_str(&stdout).expect("JSON");
    assert_eq!(json["verdict"], "same", "{}\n{stdout}", context(&stderr));
    json["runs"][0]["stats"].clone()
}

fn validate_program(program: &Path) -> Result<(), String> {
    let spec = spec_of(program)?;
    if spec.refuse.is_some() {
        return Err("a `refuse` program belongs in tests/c/isolate_refused".to_owned());
    }
    // The default plan first, then each `plan` section with its flags.
    let mut problems = Vec::new();
    let sections = std::iter::once((Vec::new(), &spec.runs))
        .chain(spec.plans.iter().map(|p| (p.flags.clone(), &p.runs)));
    for (index, (flags, runs)) in sections.enumerate() {
        let wanted = index > 0 || !runs.is_empty() || spec.plans.is_empty();
        if wanted && let Err(e) = validate_section(program, &spec, &flags, runs) {
            problems.push(e);
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}

/// Validates the program isolated with the spec's flags and `flags`, with
/// the `runs` of that section.
fn validate_section(
    program: &Path,
    spec: &Spec,
    flags: &[String],
    runs: &[isolate_spec::RunSpec],
) -> Result<(), String> {
    let mut extra = vec!["--json".to_owned()];
    extra.extend(flags.iter().cloned());
    extra.extend(["--timeout".to_owned(), RUN_TIMEOUT_S.to_owned()]);
    let args = spec.validate_args(relative(program), runs, &extra);
    let reproduce = format!("reproduce: {}", shell_line(&args));
    let fail = |why: String| Err(format!("{why}\n{reproduce}"));
    let (code, stdout, stderr) = match ferry(&args) {
        Ok(outcome) => outcome,
        Err(e) => return fail(e),
    };
    let name = program
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    if KNOWN_REFUSED.iter().any(|(known, _)| *known == name) {
        let first = stderr.lines().next().unwrap_or_default();
        return if code == Some(1) && is_located_error(first, &name) {
            Ok(())
        } else {
            fail(format!(
                "listed in KNOWN_REFUSED but not refused with a diagnostic (exit {code:?}): \
                 remove it from the list if ferry isolates it now\n{}",
                indent(&stderr)
            ))
        };
    }
    // 0 and 1 both print a verdict; 1 without one is an error.
    let json: Value = match (code, serde_json::from_str(&stdout)) {
        (Some(0 | 1), Ok(json)) => json,
        _ => {
            return fail(format!(
                "ferry validate exited with {code:?} and no verdict; stderr:\n{}",
                indent(&stderr)
            ));
        }
    };
    let reported = json["runs"].as_array().cloned().unwrap_or_default();
    let expected_runs = runs.len().max(1);
    if reported.len() != expected_runs {
        return fail(format!(
            "{} runs reported, {expected_runs} expected",
            reported.len()
        ));
    }
    // Plans other than the default are exact by construction: the known
    // imprecision of the regions shows in the hand counts of the default.
    let host_plan = flags.is_empty() || flags == OPENCL;
    let imprecise = host_plan && KNOWN_IMPRECISE.iter().any(|(known, _)| *known == name);
    let mut more_than_by_hand = false;
    let mut problems = Vec::new();
    for (index, run) in reported.iter().enumerate() {
        let label = format!("run {} [{}]", index + 1, args_of(run));
        if run["verdict"] != "same" {
            problems.push(format!("{label}: different\n{}", indent(&explain(run))));
        }
        let Some(expected) = runs.get(index) else {
            continue;
        };
        for (key, want) in [
            ("bytes_to_accel", expected.to),
            ("bytes_from_accel", expected.from),
        ] {
            let Some(want) = want else { continue };
            let got = &run["stats"][key];
            match got.as_u64() {
                Some(g) if g == want => {}
                Some(g) if imprecise && g > want => more_than_by_hand = true,
                _ => problems.push(format!("{label}: {key} is {got}, expected {want}")),
            }
        }
        for (key, want) in [
            ("transfers_to_accel", expected.loads),
            ("transfers_from_accel", expected.stores),
        ] {
            let Some(want) = want else { continue };
            let got = &run["stats"][key];
            if got.as_u64() != Some(want) {
                problems.push(format!("{label}: {key} is {got}, expected {want}"));
            }
        }
        for (kind, want) in &expected.calls {
            let got = &run["stats"][format!("calls_{kind}")];
            if got.as_u64() != Some(*want) {
                problems.push(format!(
                    "{label}: {kind} plan copies: {got}, expected {want}"
                ));
            }
        }
    }
    if imprecise && !more_than_by_hand {
        problems.push(
            "every run moves the hand count now: remove this program from KNOWN_IMPRECISE"
                .to_owned(),
        );
    }
    // The exit status must agree with the overall verdict.
    let same = json["verdict"] == "same";
    if same != (code == Some(0)) {
        problems.push(format!(
            "exit status {code:?} with the verdict {}",
            json["verdict"]
        ));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        fail(problems.join("\n"))
    }
}

fn args_of(run: &Value) -> String {
    run["args"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|v| v.as_str().unwrap_or("?"))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_default()
}

/// The JSON of a different run, without what is equal.
fn explain(run: &Value) -> String {
    let mut lines = vec![format!(
        "exit: original {}, transformed {}",
        run["original_status"], run["transformed_status"]
    )];
    if !run["stdout_first_difference"].is_null() {
        lines.push(format!(
            "stdout first differs: {}",
            run["stdout_first_difference"]
        ));
    }
    for file in run["files"].as_array().into_iter().flatten() {
        if file["equal"] != true {
            lines.push(format!(
                "{}: {} {}",
                file["name"], file["state"], file["first_difference"]
            ));
        }
    }
    lines.join("\n")
}

fn check_refusal(program: &Path, scratch: &Path) -> Result<(), String> {
    let spec = spec_of(program)?;
    let Some(expected) = &spec.refuse else {
        return Err("no `// ferry-test: refuse TEXT` line".to_owned());
    };
    let stem = program.file_stem().unwrap_or_default().to_string_lossy();
    // An existing, empty folder: it must stay empty.
    let out = scratch.join(stem.as_ref());
    std::fs::create_dir_all(&out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let mut args = vec!["isolate".to_owned(), relative(program)];
    args.extend(spec.isolate.iter().cloned());
    args.extend(["-o".to_owned(), out.to_string_lossy().into_owned()]);
    args.extend(spec.cflags.iter().cloned());
    let reproduce = format!("reproduce: {}", shell_line(&args));
    let (code, _stdout, stderr) = ferry(&args).map_err(|e| format!("{e}\n{reproduce}"))?;
    let mut problems = Vec::new();
    if code != Some(1) {
        problems.push(format!("exit status {code:?}, expected 1"));
    }
    let first = stderr.lines().next().unwrap_or("");
    let file_name = program.file_name().unwrap_or_default().to_string_lossy();
    if !is_located_error(first, &file_name) {
        problems.push(format!(
            "the diagnostic does not start with `{file_name}:LINE:COL: error:`"
        ));
    }
    if !stderr.contains(expected.as_str()) {
        problems.push(format!("the diagnostic does not say `{expected}`"));
    }
    let written: Vec<String> = std::fs::read_dir(&out)
        .map_err(|e| format!("cannot read {}: {e}", out.display()))?
        .map(|entry| {
            entry.map_or_else(
                |e| e.to_string(),
                |e| e.file_name().to_string_lossy().into_owned(),
            )
        })
        .collect();
    if !written.is_empty() {
        problems.push(format!(
            "wrote into the output folder: {}",
            written.join(", ")
        ));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{}\nstderr:\n{}{reproduce}",
            problems.join("\n"),
            indent(&stderr)
        ))
    }
}

/// `PATH/FILE:LINE:COL: error: ...` where PATH ends with `file_name`.
fn is_located_error(line: &str, file_name: &str) -> bool {
    let Some((location, _)) = line.split_once(": error: ") else {
        return false;
    };
    let mut parts = location.rsplitn(3, ':');
    let (Some(col), Some(row), Some(file)) = (parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    let number = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    number(col) && number(row) && Path::new(file).file_name().is_some_and(|f| f == file_name)
}

#[test]
fn located_errors_are_recognised() {
    assert!(is_located_error("tests/c/x/a.c:12:5: error: no", "a.c"));
    assert!(!is_located_error(
        "error: no statement is labelled `k`",
        "a.c"
    ));
    assert!(!is_located_error("tests/c/x/b.c:12:5: error: no", "a.c"));
    assert!(!is_located_error("tests/c/x/a.c:12: error: no", "a.c"));
}
