//! `ferry isolate --explain`: the parallelisation decision on every loop
//! of the selection, as an insta snapshot
//! (`snapshots/parallel_explain__*.snap`).
//!
//! - `reductions` (`tests/c/parallel/reductions.c`): scalar reductions
//!   (integer sums written four ways, minimum and maximum as `?:` and
//!   `if`, a floating-point minimum on a strict comparison, a global) run
//!   in parallel; the near misses stay sequential, each with its reason:
//!   `x - v`, a floating-point maximum taken on `>=` (it would keep the
//!   later of -0 and +0), a floating-point sum, two operators on one
//!   scalar, a reduction read inside the loop, a last value. Then a
//!   scratch array is private to each iteration, and one read after its
//!   loop is not. The program
//!   then runs with its loops as OpenCL kernels (pocl), and must print what
//!   the original prints: the six reductions combined by work-group trees
//!   and their launchers, over several groups, one, and none.
//! - `independent` (`tests/c/parallel/independent.c`): loops the user
//!   declares independent (`#pragma ferry independent`, `#pragma pencil
//!   independent`).
//! - `fusion` (`tests/c/parallel/fusion.c`): independent sibling nests run
//!   in one launch.

use ferry_tests::{run_ferry, workspace_root};

#[test]
fn reductions() {
    let explained = explained("tests/c/parallel/reductions.c");
    assert_eq!(
        explained.lines().count(),
        14,
        "one line per loop:\n{explained}"
    );
    insta::assert_snapshot!(explained);

    for n in ["700", "1", "0"] {
        behaves_as_the_original("tests/c/parallel/reductions.c", n);
    }
}

/// Loops writing through a permutation (`tests/c/parallel/independent.c`):
/// parallel where `#pragma ferry independent` or `#pragma pencil
/// independent` declares them so, sequential without it, and sequential
/// with it when a scalar is carried. Run as OpenCL kernels (pocl) they
/// print what the original prints, the two declared loops each one launch
/// of one work-item per iteration and the two others one work-item each.
#[test]
fn declared_independent_loops() {
    let explained = explained("tests/c/parallel/independent.c");
    assert_eq!(
        explained.lines().count(),
        4,
        "one line per loop:\n{explained}"
    );
    insta::assert_snapshot!(explained);
    // The program makes n one less when 7 divides it (its permutation).
    for (n, iterations) in [(100, 100), (14, 13), (1, 1)] {
        let stats = behaves_as_the_original("tests/c/parallel/independent.c", &n.to_string());
        assert_eq!(stats["kernel_launches"], 4, "n = {n}: {stats}");
        assert_eq!(stats["work_items"], 2 * iterations + 2, "n = {n}: {stats}");
    }
}

/// Independent sibling nests run in one launch
/// (`tests/c/parallel/fusion.c`, whose header lists its launches): on pocl
/// the program prints what the original prints, with the launches and
/// work-items the fusion gives, parts with no iterations included; and
/// fdtd-2d launches twice per time step (its source row, ey and ex
/// updates together, then hz), jacobi-2d's two dependent sweeps twice.
#[test]
fn independent_nests_share_a_launch() {
    let launched: String = explained_for("tests/c/parallel/fusion.c", Some("opencl"))
        .lines()
        .filter(|l| l.contains("launched with"))
        .map(|l| format!("{l}\n"))
        .collect();
    insta::assert_snapshot!(launched);
    for (n, m) in [(10u64, 13u64), (1, 4), (5, 1), (40, 33)] {
        let per_launch = [
            m + (n - 1) * m,
            n * (m - 1),
            n * (m - 1) + n,
            n * m + m,
            2 * n,
            n,
            n * m,
            1,
        ];
        let stats =
            behaves_as_the_original_in("tests/c/parallel/fusion.c", "cases", &format!("{n} {m}"));
        let launches = per_launch.iter().filter(|&&w| w > 0).count();
        assert_eq!(stats["kernel_launches"], launches, "{n} {m}: {stats}");
        assert_eq!(
            stats["work_items"],
            per_launch.iter().sum::<u64>(),
            "{n} {m}: {stats}"
        );
    }
    for (kernel, per_step) in [("fdtd_2d", 2), ("jacobi_2d", 2)] {
        let program = format!("tests/c/kernels/{kernel}.c");
        let stats = behaves_as_the_original_in(&program, kernel, "23");
        // Ten time steps.
        assert_eq!(stats["kernel_launches"], 10 * per_step, "{kernel}: {stats}");
    }
}

/// A loop none of whose loops is parallel runs in a kernel of one
/// work-item: ferry warns at the loop, naming the kernel (Cholesky: every
/// loop carries a dependence); a kernel suite function whose nests are
/// parallel gets no warning (gemm's `i` loop).
#[test]
fn sequential_kernels_are_warned_about() {
    let out = std::env::temp_dir().join(format!("ferry-sequential-{}", std::process::id()));
    let warnings_of = |kernel: &str| -> Vec<String> {
        let _ = std::fs::remove_dir_all(&out);
        let output = run_ferry([
            "isolate".to_string(),
            format!("tests/c/kernels/{kernel}.c"),
            "--function".into(),
            kernel.into(),
            "--target".into(),
            "cuda".into(),
            "-o".into(),
            out.display().to_string(),
        ]);
        let _ = std::fs::remove_dir_all(&out);
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        assert!(output.status.success(), "{stderr}");
        stderr
            .lines()
            .filter(|l| l.contains("warning:"))
            .map(str::to_owned)
            .collect()
    };
    let cholesky = warnings_of("cholesky");
    assert_eq!(cholesky.len(), 1, "{cholesky:?}");
    assert!(
        cholesky[0].starts_with(
            "tests/c/kernels/cholesky.c:19:5: warning: this loop runs in one work-item of kernel \
             `cholesky_k0`"
        ),
        "{cholesky:?}"
    );
    assert_eq!(warnings_of("gemm"), Vec::<String>::new());
}

/// Loop distribution and interchange (`tests/c/parallel/distribution.c`)
/// where the regions allow them, and not where a dependence forbids them:
/// the program run with its loops as OpenCL kernels (pocl) prints what the
/// original prints, and at n = 10 launches what the derivation says.
/// - The recurrence stays a host loop of 9 rows, each launching
///   `a[i] = ...` (1 work-item), the row of c (10) and `b[i] = ...` (1):
///   27 launches, 108 work-items. Distributed, its first statement would
///   read b before the last one wrote it.
/// - The loop with the private `t`: one launch of 10 work-items.
/// - The sequential loop into v: distributed, `u[i] = ...` one launch of
///   10, and the column loop outside the rows one launch of 10 (it was 10
///   launches of one work-item each and 10 of 10).
/// - The triangle (the column bound is the row): 10 launches of 1 to 10
///   work-items, 55.
#[test]
fn distribution_and_interchange_keep_every_dependence() {
    for n in ["10", "37", "1"] {
        let stats = behaves_as_the_original("tests/c/parallel/distribution.c", n);
        if n == "10" {
            assert_eq!(stats["kernel_launches"], 27 + 1 + 2 + 10, "{stats}");
            assert_eq!(stats["work_items"], 108 + 10 + 20 + 55, "{stats}");
        }
    }
}

/// Host scalars a one-work-item kernel writes
/// (`tests/c/parallel/dead_scalars.c`): one the host reads no more after
/// the kernel is a by-value parameter, which the kernel keeps (no cell to
/// read back, so no wait for the kernel); one a later statement reads, or
/// that a later iteration of a host loop around the kernel reads, comes
/// back in a cell. The launchers' parameters say which; the program then
/// runs on pocl and prints what the original prints.
#[test]
fn scalars_dead_after_a_kernel_stay_in_it() {
    let program = "tests/c/parallel/dead_scalars.c";
    let out = std::env::temp_dir().join(format!("ferry-dead-scalars-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let output = run_ferry([
        "isolate",
        program,
        "--function",
        "cases",
        "--target",
        "opencl",
        "-o",
        &out.display().to_string(),
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let launch = std::fs::read_to_string(out.join("dead_scalars_launch.c")).expect("launchers");
    let _ = std::fs::remove_dir_all(&out);
    let launchers: Vec<&str> = launch
        .lines()
        .filter(|l| l.starts_with("void ferry_launch"))
        .collect();
    let taking = |parameter: &str| launchers.iter().any(|l| l.contains(parameter));
    assert!(taking("double norm,"), "{launchers:#?}");
    assert!(!taking("double *norm"), "{launchers:#?}");
    assert!(taking("double *carried"), "{launchers:#?}");
    assert!(taking("double *total"), "{launchers:#?}");
    for n in ["10", "37", "2"] {
        behaves_as_the_original(program, n);
    }
}

/// Accesses told apart one by one where their union per array (a convex
/// hull) conflicts (`tests/c/parallel/references.c`): LU's row update and
/// a matrix written by row and by column from the diagonal are parallel,
/// a neighbour's read and a read of the rows the iterations before wrote
/// are not. The decisions as an insta snapshot; the program then runs
/// with its loops as OpenCL kernels (pocl) and prints what the original
/// prints.
#[test]
fn accesses_one_by_one() {
    let explained = explained("tests/c/parallel/references.c");
    insta::assert_snapshot!(explained);
    for n in ["10", "37", "1"] {
        behaves_as_the_original("tests/c/parallel/references.c", n);
    }
}

/// A whole element of an array of structures and its fields in one loop
/// (`tests/c/parallel/fields.c`): they meet only at the same subscript,
/// so copying each element and then changing its field is parallel, and
/// reading the previous element's field is not. The decisions as an
/// insta snapshot; the program then runs with its loops as OpenCL kernels
/// (pocl), its element copies written number by number, and prints what
/// the original prints.
#[test]
fn whole_elements_and_their_fields() {
    let explained = explained("tests/c/parallel/fields.c");
    insta::assert_snapshot!(explained);
    for n in [10, 37, 1] {
        let stats = behaves_as_the_original("tests/c/parallel/fields.c", &n.to_string());
        // The 2-D nest alone is n × 8 work-items when both its loops are
        // parallel (a sequential loop is one).
        let work_items = stats["work_items"].as_u64().expect("work_items");
        assert!(work_items >= 8 * n, "n = {n}: {stats}");
    }
}

/// `--auto --explain` (`tests/c/isolate/auto_nests.c`): the decisions on
/// the loops of the nests it isolates, then on those of the nests it
/// leaves out for having no parallel loop, which its note for them points
/// at (the prefix sum, whose `x[i - 1]` another iteration writes), and
/// the notes (the printing loop is left out before any decision).
#[test]
fn auto_explains_the_nests_it_leaves_out() {
    let out = std::env::temp_dir().join(format!("ferry-auto-explain-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let output = run_ferry([
        "isolate",
        "tests/c/isolate/auto_nests.c",
        "--auto",
        "--explain",
        "-o",
        &out.display().to_string(),
    ]);
    let _ = std::fs::remove_dir_all(&out);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let explained: String = stdout
        .lines()
        .chain(stderr.lines())
        .filter(|l| l.contains(": loop"))
        .map(|l| format!("{l}\n"))
        .collect();
    insta::assert_snapshot!(explained);
}

/// The decision on every loop of `program`'s function `cases`, a line
/// each (`isolate --explain`).
fn explained(program: &str) -> String {
    explained_for(program, None)
}

/// `explained`, offloading to `target` when one is given (the host
/// simulation otherwise).
fn explained_for(program: &str, target: Option<&str>) -> String {
    assert!(workspace_root().join(program).is_file(), "{program}");
    let out = std::env::temp_dir().join(format!(
        "ferry-explain-{}-{}",
        std::process::id(),
        program.replace('/', "-")
    ));
    let _ = std::fs::remove_dir_all(&out);
    let output = run_ferry(
        [
            "isolate".to_string(),
            program.into(),
            "--function".into(),
            "cases".into(),
            "--explain".into(),
            "-o".into(),
            out.display().to_string(),
        ]
        .into_iter()
        .chain(
            target
                .into_iter()
                .flat_map(|t| ["--target".to_string(), t.to_string()]),
        ),
    );
    let _ = std::fs::remove_dir_all(&out);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    stdout
        .lines()
        .chain(stderr.lines())
        .filter(|l| l.contains(": loop"))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// Runs `program`'s function `cases` with its loops as OpenCL kernels
/// (pocl) on the argument `n`, checks that it prints what the original
/// prints, and gives the run's `FERRY_STATS`.
fn behaves_as_the_original(program: &str, n: &str) -> serde_json::Value {
    behaves_as_the_original_in(program, "cases", n)
}

/// `program` validated with `function` offloaded to OpenCL, run with the
/// arguments `args`: its statistics.
fn behaves_as_the_original_in(program: &str, function: &str, n: &str) -> serde_json::Value {
    let validate = run_ferry([
        "validate",
        program,
        "--function",
        function,
        "--target",
        "opencl",
        "--run",
        n,
        "--json",
    ]);
    let stdout = String::from_utf8_lossy(&validate.stdout);
    assert!(
        validate.status.success(),
        "{program}, n = {n}:\n{stdout}\n{}",
        String::from_utf8_lossy(&validate.stderr)
    );
    let json: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
    assert_eq!(json["verdict"], "same", "{program}, n = {n}:\n{stdout}");
    json["runs"][0]["stats"].clone()
}
