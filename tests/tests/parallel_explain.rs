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

use ferry_tests::{c_dir, run_ferry};

#[test]
fn reductions() {
    let source = c_dir().join("parallel").join("reductions.c");
    let out = std::env::temp_dir().join(format!("ferry-explain-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let args: Vec<String> = [
        "isolate",
        "tests/c/parallel/reductions.c",
        "--function",
        "cases",
        "--explain",
        "-o",
    ]
    .iter()
    .map(|a| a.to_string())
    .chain([out.display().to_string()])
    .collect();
    assert!(source.is_file());
    let output = run_ferry(&args);
    let _ = std::fs::remove_dir_all(&out);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let explained: String = stdout
        .lines()
        .chain(stderr.lines())
        .filter(|l| l.contains(": loop"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(
        explained.lines().count(),
        14,
        "one line per loop:\n{explained}"
    );
    insta::assert_snapshot!(explained);

    for n in ["700", "1", "0"] {
        let validate = run_ferry([
            "validate",
            "tests/c/parallel/reductions.c",
            "--function",
            "cases",
            "--target",
            "opencl",
            "--run",
            n,
        ]);
        let stdout = String::from_utf8_lossy(&validate.stdout);
        assert!(
            validate.status.success() && stdout.contains("verdict: same"),
            "n = {n}:\n{stdout}\n{}",
            String::from_utf8_lossy(&validate.stderr)
        );
    }
}
