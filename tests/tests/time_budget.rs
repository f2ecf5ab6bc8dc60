//! The time budget of a function's analyses (`--time-budget`) is
//! behaviour: past it, the rest of the analysis answers with sound
//! over-approximations. With a budget too small for anything, isolated
//! programs still behave as the originals (`ferry validate` runs both), or
//! are refused with a located diagnostic — never a wrong program — and
//! ferry says which analyses ran out of time.

use ferry_tests::{c_dir, c_files_in, isolate_spec, run_ferry};

/// A microsecond: every function of every program runs out of it.
const NO_TIME: &str = "0.000001";

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
        let source = std::fs::read_to_string(file).expect("readable test program");
        let spec = isolate_spec::parse(&source).expect("a valid ferry-test spec");
        if spec.refuse.is_some() || spec.isolate.is_empty() {
            continue;
        }
        let mut args: Vec<String> = vec!["validate".into(), file.to_string_lossy().into_owned()];
        args.extend(spec.isolate.iter().cloned());
        args.extend(spec.validate.iter().cloned());
        args.extend(["--time-budget".into(), NO_TIME.into()]);
        // The runs of the default section, else of the first plan's (a
        // program whose runs all sit under plans needs their arguments).
        let runs = match spec.plans.first() {
            Some(plan) if spec.runs.is_empty() => &plan.runs,
            _ => &spec.runs,
        };
        for run in runs {
            args.push("--run".into());
            args.push(run.args.join(" "));
        }
        if !spec.compare.is_empty() {
            args.push("--compare-files".into());
            args.extend(spec.compare.iter().cloned());
        }
        args.extend(spec.cflags.iter().cloned());
        let output = run_ferry(&args);
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        if stderr.contains("ran past the time budget") {
            noted += 1;
        }
        let name = file.file_name().unwrap_or_default().to_string_lossy();
        match output.status.code() {
            Some(0) => validated += 1,
            Some(1) if stdout.trim().is_empty() && stderr.contains("error:") => {}
            _ => failures.push(format!(
                "{name}: status {:?}\nstdout:\n{stdout}\nstderr:\n{stderr}",
                output.status.code()
            )),
        }
    }
    eprintln!("without time: {validated} validated, {noted} said so");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(validated > 0, "no program was isolated without time");
    assert!(noted > 0, "no analysis said it ran out of time");
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
        let output = run_ferry(args);
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
