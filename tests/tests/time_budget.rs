//! The time budget of a function's analyses (`--time-budget`) is
//! behaviour: past it, the rest of the analysis answers with sound
//! over-approximations. With a budget too small for anything, isolated
//! programs still behave as the originals (`ferry validate` runs both), or
//! are refused with a located diagnostic — never a wrong program — and
//! ferry says which analyses ran out of time.

use ferry_tests::{c_dir, c_files_in, ferry_bin, isolate_spec, workspace_root};
use std::path::Path;
use std::process::{Command, Output};

/// A microsecond: every function of every program runs out of it.
const NO_TIME: &str = "0.000001";

/// `ferry validate` of an isolation test program with its own selection,
/// runs and flags, and `extra` options; `None` for a program the suite
/// expects refused or isolating nothing.
fn validate_args(file: &Path, extra: &[&str]) -> Option<Vec<String>> {
    let source = std::fs::read_to_string(file).expect("readable test program");
    let spec = isolate_spec::parse(&source).expect("a valid ferry-test spec");
    if spec.refuse.is_some() || spec.isolate.is_empty() {
        return None;
    }
    // The runs of the default section, else of the first plan's (a
    // program whose runs all sit under plans needs their arguments).
    let runs = match spec.plans.first() {
        Some(plan) if spec.runs.is_empty() => &plan.runs,
        _ => &spec.runs,
    };
    let extra: Vec<String> = extra.iter().map(|e| e.to_string()).collect();
    Some(spec.validate_args(file.to_string_lossy().into_owned(), runs, &extra))
}

/// What one degraded validation did.
enum Outcome {
    Validated,
    Refused,
}

/// Validated, or refused with a diagnostic and nothing on stdout; an
/// error (the whole output) otherwise.
fn judge(name: &str, output: &Output) -> Result<Outcome, String> {
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    match output.status.code() {
        Some(0) => Ok(Outcome::Validated),
        Some(1) if stdout.trim().is_empty() && stderr.contains("error:") => Ok(Outcome::Refused),
        _ => Err(format!(
            "{name}: status {:?}\nstdout:\n{stdout}\nstderr:\n{stderr}",
            output.status.code()
        )),
    }
}

fn ferry(args: &[String], env: Option<(&str, &str)>) -> Output {
    let mut command = Command::new(ferry_bin());
    command.args(args).current_dir(workspace_root());
    if let Some((key, value)) = env {
        command.env(key, value);
    }
    command.output().expect("ferry runs")
}

#[test]
fn isolation_without_time_stays_correct() {
    let mut failures = Vec::new();
    let mut validated = 0;
    let mut noted = 0;
    let files = c_files_in(&c_dir().join("isolate"));
    // Every program of the isolation suite: past the deadline each
    // analysis has a fallback of its own (the OUT regions give up at the
    // function's root), and a fallback that forgets one construct (the
    // locals of a block, calls lifted to their sites) shows in one
    // program only.
    for file in &files {
        let Some(args) = validate_args(file, &["--time-budget", NO_TIME]) else {
            continue;
        };
        let output = ferry(&args, None);
        if String::from_utf8_lossy(&output.stderr).contains("ran past the time budget") {
            noted += 1;
        }
        let name = file.file_name().unwrap_or_default().to_string_lossy();
        match judge(&name, &output) {
            Ok(Outcome::Validated) => validated += 1,
            Ok(Outcome::Refused) => {}
            Err(failure) => failures.push(failure),
        }
    }
    eprintln!("without time: {validated} validated, {noted} said so");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(validated > 0, "no program was isolated without time");
    assert!(noted > 0, "no analysis said it ran out of time");
}

/// Where a wall-clock deadline cuts an analysis depends on the machine: a
/// cut this machine never reaches is reached on a faster or a slower one
/// (an unsigned count-down loop whose bounds were lost was sized from its
/// index's type, 4 Gi doubles, on CI only). `FERRY_DEADLINE_AFTER=N` cuts
/// every analysis of every function at its N-th look at the clock, the
/// same on every machine: the legacy programs, each cut at points from
/// the first looks to past the end, still validate or are refused.
#[test]
fn isolation_cut_at_any_point_stays_correct() {
    const CUTS: [&str; 5] = ["1", "6", "24", "96", "384"];
    let mut failures = Vec::new();
    let (mut validated, mut refused) = (0, 0);
    let files = c_files_in(&c_dir().join("isolate"));
    let legacy = files.iter().filter(|f| {
        f.file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with("legacy_"))
    });
    for file in legacy {
        let Some(args) = validate_args(file, &[]) else {
            continue;
        };
        let name = file.file_name().unwrap_or_default().to_string_lossy();
        for cut in CUTS {
            let output = ferry(&args, Some(("FERRY_DEADLINE_AFTER", cut)));
            match judge(&format!("{name} cut at {cut}"), &output) {
                Ok(Outcome::Validated) => validated += 1,
                Ok(Outcome::Refused) => refused += 1,
                Err(failure) => failures.push(failure),
            }
        }
    }
    eprintln!("cut: {validated} validated, {refused} refused");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(validated > 0 && refused > 0, "no cut made a difference");
}

/// `--json` carries the notes too, so that a tool reading it knows which
/// functions' results were over-approximated to bound the cost.
#[test]
fn json_says_where_precision_was_dropped() {
    let file = c_dir().join("jacobi.c");
    let file = file.to_string_lossy().into_owned();
    let notes = |command: &str, budget: Option<&str>| -> Vec<String> {
        let mut args = vec![command, &file, "--json"];
        if let Some(budget) = budget {
            args.extend(["--time-budget", budget]);
        }
        let output = ferry(
            &args.iter().map(|a| a.to_string()).collect::<Vec<_>>(),
            None,
        );
        assert_eq!(output.status.code(), Some(0), "{command}");
        let json: serde_json::Value =
            serde_json::from_slice(&output.stdout).expect("ferry prints JSON");
        json["notes"]
            .as_array()
            .expect("a notes array")
            .iter()
            .map(|n| n.as_str().expect("a note is text").to_string())
            .collect()
    };
    // The regions open a window per statement, each checking the clock:
    // past a microsecond, some surely does. (The semantics check it at
    // fewer places, which a fast run may all pass before the microsecond
    // is over: only the form of their notes is checked.)
    let regions = notes("regions", Some(NO_TIME));
    assert!(
        regions
            .iter()
            .any(|n| n.contains("ran past the time budget")),
        "{regions:?}"
    );
    for note in notes("semantics", Some(NO_TIME)) {
        assert!(note.contains("ran past the time budget"), "{note}");
    }
    // With time, nothing is dropped on this kernel.
    for command in ["regions", "semantics"] {
        assert_eq!(notes(command, None), Vec::<String>::new(), "{command}");
    }
}
