//! `ferry regions --jobs N`: the functions of one program shared among
//! worker threads, each with its own isl context
//! (`ferry_regions::parallel`), must print exactly what one thread prints:
//! the annotated source and the JSON, the notes on stderr, the exit
//! status. The programs are the regions tests' own, random programs from
//! Csmith, and generated ones with enough functions for `ferry regions`
//! to go parallel unasked. (A long recursive cycle, taken in both orders,
//! is a unit test of `ferry_regions::parallel`.)

use ferry_tests::csmith::{INCLUDE, generate};
use ferry_tests::{
    assert_all_pass, c_dir, c_files_in, cflags_of, for_each_parallel_on, run_ferry, scratch_dir,
};
use std::path::{Path, PathBuf};
use std::process::Output;

/// What a run prints and how it ends.
fn answer(output: &Output) -> (Option<i32>, String, String) {
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// `ferry regions FILE [--json] EXTRA` on one thread and on `workers`:
/// an error naming what differs, if anything does.
fn same_on_workers(file: &Path, extra: &[&str], workers: usize) -> Result<(), String> {
    for json in [false, true] {
        let run = |jobs: usize| {
            let mut args = vec!["regions".to_string(), file.display().to_string()];
            if json {
                args.push("--json".into());
            }
            args.extend(["--jobs".to_string(), jobs.to_string()]);
            // No function's deadline may pass in one run and not the
            // other (a debug build on a loaded machine is slow).
            args.extend(["--time-budget".to_string(), "3600".to_string()]);
            args.extend(extra.iter().map(|s| s.to_string()));
            answer(&run_ferry(&args))
        };
        let (one, many) = (run(1), run(workers));
        if one.0 != Some(0) {
            return Err(format!("`ferry regions` failed:\n{}", one.2));
        }
        let what = if json { "JSON" } else { "text" };
        if one.0 != many.0 {
            return Err(format!(
                "{what}: exit status {:?}, then {:?}",
                one.0, many.0
            ));
        }
        if one.2 != many.2 {
            return Err(format!("{what}: stderr\n{}\nthen\n{}", one.2, many.2));
        }
        if one.1 != many.1 {
            let line = one
                .1
                .lines()
                .zip(many.1.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(0);
            return Err(format!(
                "{what}: the outputs differ from line {}:\n{}\nthen\n{}",
                line + 1,
                one.1.lines().nth(line).unwrap_or_default(),
                many.1.lines().nth(line).unwrap_or_default(),
            ));
        }
    }
    Ok(())
}

#[test]
fn the_regions_tests_read_the_same_on_three_workers() {
    let mut programs: Vec<PathBuf> = Vec::new();
    for dir in ["regions", "regions_snapshots", "semantics"] {
        programs.extend(c_files_in(&c_dir().join(dir)));
    }
    programs.push(c_dir().join("function_pointers.c"));
    assert!(programs.len() > 50, "the regions tests are where they were");
    let results = for_each_parallel_on(2, &programs, |file| {
        let source = std::fs::read_to_string(file).map_err(|e| e.to_string())?;
        let flags = cflags_of(&source);
        let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
        same_on_workers(file, &flags, 3)
    });
    assert_all_pass(&programs, results);
}

#[test]
fn random_programs_read_the_same_on_two_workers() {
    let dir = scratch_dir("regions_parallel_csmith");
    let programs: Vec<PathBuf> = [3, 11, 17, 25]
        .into_iter()
        .map(|seed| generate(&dir, seed).expect("csmith generates"))
        .collect();
    let results = for_each_parallel_on(2, &programs, |file| same_on_workers(file, &[INCLUDE], 2));
    assert_all_pass(&programs, results);
}

/// A program of `n` function definitions: `main`, calling in turn the
/// others, each a loop over its own row.
fn many_functions(n: usize) -> String {
    let n = n - 1;
    let mut c = String::from("double grid[256][64];\n");
    for i in 0..n {
        c.push_str(&format!(
            "static void row{i}(double s) {{\n  for (int j = 1; j < 64; j++)\n    grid[{r}][j] = grid[{r}][j - 1] * s + {i};\n}}\n",
            r = i % 256
        ));
    }
    c.push_str("int main(void) {\n");
    for i in 0..n {
        c.push_str(&format!("  row{i}(0.5);\n"));
    }
    c.push_str("  return (int)grid[3][7];\n}\n");
    c
}

/// With 200 function definitions or more, `ferry regions` shares the
/// functions among one worker per core (up to four) unasked; below, it
/// stays on one thread. (`FERRY_PROFILE` tells which: each worker times
/// its analyses, which take more than the millisecond it shows.)
#[test]
fn large_programs_are_shared_among_the_cores_unasked() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let dir = scratch_dir("regions_parallel_many");
    for (n, parallel) in [(199, false), (200, cores > 1)] {
        let file = dir.join(format!("many_{n}.c"));
        std::fs::write(&file, many_functions(n)).expect("scratch is writable");
        let output = std::process::Command::new(ferry_tests::ferry_bin())
            .args(["regions", file.to_str().expect("a UTF-8 path")])
            .env("FERRY_PROFILE", "1")
            .output()
            .expect("ferry runs");
        assert!(output.status.success());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(
            stderr.contains("the analyses before the regions, worker 1"),
            parallel,
            "{n} functions:\n{stderr}"
        );
        let alone = run_ferry(["regions", file.to_str().unwrap(), "--jobs", "1"]);
        assert_eq!(
            String::from_utf8_lossy(&alone.stdout),
            String::from_utf8_lossy(&output.stdout),
            "{n} functions"
        );
    }
}

#[test]
fn jobs_must_be_a_number_of_threads() {
    let file = c_dir().join("regions").join("do_while.c");
    for bad in ["0", "two"] {
        let output = run_ferry(["regions", file.to_str().unwrap(), "--jobs", bad]);
        assert_eq!(output.status.code(), Some(1));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains(&format!(
                "`--jobs {bad}`: expected a number of threads, 1 or more"
            )),
            "{stderr}"
        );
        assert!(output.stdout.is_empty());
    }
}
