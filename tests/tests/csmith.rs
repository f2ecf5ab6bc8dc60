//! Random programs (Csmith, with the flags of issue 27: no pointers, unions,
//! volatiles, packed structures or bit-fields, four functions): ferry
//! computes their regions, and isolating any of their functions either
//! gives a program that prints the same checksum (`ferry validate` runs
//! both) or is refused with a diagnostic. Never a hang, never a wrong
//! checksum, never a panic.
//!
//! Such programs are everything kernels are not: dozens of global scalars
//! of every integer type, wrapping unsigned arithmetic, `goto`s, deep
//! expressions. Before the analyses were bounded, one of them took minutes.
//!
//! The seeds are fixed, so that a failure can be reproduced with
//! `csmith -s SEED` and `ferry_tests::csmith::FLAGS`; `scripts/setup.sh`
//! installs Csmith and its header from Debian.

use ferry_tests::csmith::{INCLUDE, Verdict, functions, generate, verdict};
use ferry_tests::{run_with_timeout, scratch_dir};
use std::process::Command;
use std::time::Duration;

const SEEDS: [u32; 3] = [1, 2, 7];

/// Far beyond what any of these takes: the bound only turns a hang into a
/// failure, it measures nothing.
const NO_HANG: Duration = Duration::from_secs(900);

/// Each analysis of each function gets this much time in these tests, so
/// that the debug build stays quick; what it cuts is over-approximated,
/// which the checksums check too.
const TIME_BUDGET: &str = "2";

fn ferry(args: &[&str]) -> std::process::Output {
    let mut ferry = Command::new(ferry_tests::ferry_bin());
    ferry.args(args).env("LC_ALL", "C");
    run_with_timeout(&mut ferry, NO_HANG)
        .unwrap_or_else(|e| panic!("`ferry {}`: {e:?}", args.join(" ")))
}

#[test]
fn random_programs_get_regions_and_isolate_or_refuse() {
    let dir = scratch_dir("csmith");
    let mut failures = Vec::new();
    let mut validated = 0;
    let mut refused = 0;
    for seed in SEEDS {
        let file = generate(&dir, seed).unwrap_or_else(|e| panic!("{e}"));
        let path = file.to_string_lossy().into_owned();
        let regions = ferry(&["regions", &path, "--time-budget", TIME_BUDGET, INCLUDE]);
        let stderr = String::from_utf8_lossy(&regions.stderr);
        if !regions.status.success() || stderr.contains("panicked") {
            failures.push(format!("seed {seed}: `ferry regions` failed:\n{stderr}"));
            continue;
        }
        let source = std::fs::read_to_string(&file).expect("csmith wrote it");
        let names = functions(&source);
        assert!(!names.is_empty(), "seed {seed}: no func_ in the program");
        for name in names {
            let output = ferry(&[
                "validate",
                &path,
                "--function",
                &name,
                "--time-budget",
                TIME_BUDGET,
                INCLUDE,
            ]);
            match verdict(&output) {
                Verdict::Validated => validated += 1,
                Verdict::Refused => refused += 1,
                // The seeds are chosen among programs that finish at once.
                Verdict::OriginalTooLong => failures.push(format!(
                    "seed {seed}, --function {name}: the original ran past the limit"
                )),
                Verdict::Failed(why) => {
                    failures.push(format!("seed {seed}, --function {name}: {why}"))
                }
            }
        }
    }
    eprintln!("csmith: {validated} functions isolated and validated, {refused} refused");
    assert!(
        failures.is_empty(),
        "{} failure(s) (programs in {}):\n{}",
        failures.len(),
        dir.display(),
        failures.join("\n\n")
    );
    assert!(
        validated > 0,
        "no function of the random programs was isolated"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
