//! ferry's array regions hold in traced executions.
//!
//! For every program of `tests/c/regions`, `tests/c/semantics` and
//! `tests/c/kernels`: `ferry regions --json FILE` gives the regions of each
//! statement; the program is instrumented to log, for each execution
//! instance of each statement, the values of its integer variables at entry,
//! the layout of the arrays its regions name, and every array element read
//! and written while it runs, callees included (`ferry_tests::region_trace`).
//! It is built with `cc -O0`, run once per argument list its `// args:` line
//! gives (`// args: 5 | 10 7` runs it with `5`, then with `10 7`; the kernels
//! run with sizes 3 and 5), and every instance is checked with isl: EXACT
//! regions equal the traced elements, MAY regions contain them, and no
//! traced access lacks a region, for READ, WRITE, IN and OUT.
//!
//! The instrumented program must print what the original prints, reach at
//! least half of its statements, and trace a minimum of accesses, so that a
//! broken instrumentation cannot make the test pass vacuously. The files of
//! failing programs stay in a folder under the system's temporary
//! directory, named in the report. Run with `--nocapture` to see, per
//! program, how much was checked and what was not (notes).

use ferry_parser::parse_file;
use ferry_tests::region_trace::{self, Breach, RegionStatement, RegionViolation};
use ferry_tests::{
    TestProgram, c_dir, c_files_in, cflags_of, ferry_json, for_each_parallel, indent, scratch_dir,
};
use std::collections::BTreeSet;
use std::path::Path;
use std::time::Duration;

/// How long a test program may run before it is considered hung.
const RUN_TIMEOUT: Duration = Duration::from_secs(20);

/// The smallest share of a program's traced statements its runs must reach.
const MIN_REACHED: f64 = 0.5;

/// The fewest element accesses the instances of a program of
/// `tests/c/regions` must count (the semantics programs have few arrays:
/// their folder as a whole must count `MIN_FOLDER_ACCESSES`).
const MIN_ACCESSES: usize = 20;
const MIN_FOLDER_ACCESSES: usize = 500;

/// Violations caused by a known, reported ferry bug: (folder, program,
/// line, array path, region kind, the bug). Violations of that kind for that
/// array at that line are printed but tolerated; others in the same
/// program, crashes, build failures and vacuous traces are not. A note says
/// when a listed one no longer fails.
const KNOWN_VIOLATIONS: &[(&str, &str, u32, &str, &str, &str)] = &[];

/// Classes of violations that one known, systematic ferry bug explains
/// wherever they occur: (region kind, violation class, the bug). Each
/// program's note counts them; a class that no program shows any more is
/// noted too.
const KNOWN_VIOLATION_CLASSES: &[(&str, &str, &str)] = &[(
    "out",
    "extra",
    "OUT regions are EXACT and hold every element the statement writes, where the rest of \
     the run reads only some of them: the body of main (nothing runs after it), loops of main \
     followed by partial or conditional reads, and statements of functions called from \
     several sites (each call's writes are not all read afterwards)",
)];

/// Departures from the naming rules of `regions/CONTRACT.md` that are
/// known and reported: (breach code, the bug). A breach of a listed kind is
/// counted in a note; one of another kind fails its program.
const KNOWN_BREACHES: &[(&str, &str)] = &[(
    "not-visible",
    "a callee's static local (`id` of `next_id`) is memory its callers' statements touch, so \
     it appears in their regions, though no C name denotes it there (PIPS would write \
     `next_id:id`); the contract has no spelling for it yet",
)];

#[test]
fn regions_hold_in_traced_executions() {
    check_folder("regions", 25, MIN_ACCESSES);
}

#[test]
fn regions_hold_on_the_semantics_programs() {
    check_folder("semantics", 20, 0);
}

/// The PolyBench-style kernels, each run with sizes 3 and 5 (their first
/// argument; their default sizes make long traces).
#[test]
fn regions_hold_on_the_kernels() {
    check_folder("kernels", 25, MIN_ACCESSES);
}

/// The checker itself on the FIR kernel of Listing 1.1, with regions
/// written by hand (no `ferry regions` involved): true ones pass, wrong
/// ones are caught with the instance that breaks them.
#[test]
fn checker_accepts_true_and_rejects_false_regions() {
    let program = c_dir().join("regions").join("listing_1_1_fir.c");
    let source = std::fs::read_to_string(&program).unwrap();
    let at = |text: &str| -> (usize, usize) {
        source
            .lines()
            .enumerate()
            .find_map(|(i, line)| {
                let column = line.len() - line.trim_start().len();
                line.trim_start()
                    .starts_with(text)
                    .then_some((i + 1, column + 1))
            })
            .unwrap_or_else(|| panic!("no line starts with `{text}`"))
    };
    let vars = |names: &[&str]| {
        names
            .iter()
            .map(|n| format!(r#"{{"isl":"{n}","c":"{n}","visible":true}}"#))
            .collect::<Vec<_>>()
            .join(",")
    };
    let region = |array: &str, kind: &str, approx: &str, isl: &str| {
        format!(
            r#"{{"array":"{array}","kind":"{kind}","approx":"{approx}","isl":"{isl}","dims":1}}"#
        )
    };
    let with_src = |src_region: String| {
        let (kl, kc) = at("kernel(i, n, k, src, dst, m);");
        format!(
            r#"{{"functions":[{{"name":"fir","line":1,"regions":[],"statements":[
                {{"line":{kl},"column":{kc},"kind":"expr","variables":[{}],"regions":[{},{},{}]}}]}}]}}"#,
            vars(&["i", "n", "k"]),
            src_region,
            region("m", "read", "exact", "[k] -> { m[phi1] : 0 <= phi1 < k }"),
            region("dst", "write", "exact", "[i] -> { dst[phi1] : phi1 = i }"),
        )
    };
    let json = |call_src: &str| {
        with_src(region(
            "src",
            "read",
            "exact",
            &format!("[i, k] -> {{ src[phi1] : {call_src} }}"),
        ))
    };
    // A may region, every element it could read, and its sure part.
    let may_with_sure = |sure: &str, all: bool| {
        let may = region("src", "read", "may", "[i] -> { src[phi1] : phi1 >= i }");
        let all = if all { r#","sure_is_all":true"# } else { "" };
        let sure = format!(r#","sure":"[i, k] -> {{ src[phi1] : {sure} }}"{all}}}"#);
        with_src(may.replace("\"dims\":1}", &format!("\"dims\":1{sure}")))
    };
    let scratch = scratch_dir("regions-checker");
    let good = json("i <= phi1 < i + k");
    let outcome = check_program_with("regions", &program, &good, &scratch.join("good"), "good")
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        outcome.violations.is_empty(),
        "true regions reported violated:\n{}",
        region_trace::describe_violations(&outcome.violations, &outcome.statements, 4)
    );
    assert!(outcome.checked > 10, "{} instances", outcome.checked);

    // One element short: every call reads src[i + k - 1].
    let bad = json("i <= phi1 < i + k - 1");
    let outcome = check_program_with("regions", &program, &bad, &scratch.join("bad"), "bad")
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(!outcome.violations.is_empty());
    assert!(
        outcome
            .violations
            .iter()
            .all(|v| v.array == "src" && v.kind == region_trace::RegionKind::Read),
        "{}",
        region_trace::describe_violations(&outcome.violations, &outcome.statements, 4)
    );

    // A sure part within what each call reads holds; one element more
    // (src[i + k], never read) is a breach; so is one element less when
    // the sure part claims to be all.
    use region_trace::ViolationClass::{Extra, Missing};
    for (name, sure, all, breach) in [
        ("sure-good", "i <= phi1 < i + k", true, None),
        ("sure-part", "i <= phi1 < i + k - 1", false, None),
        ("sure-bad", "i <= phi1 <= i + k", false, Some(Extra)),
        (
            "sure-all-short",
            "i <= phi1 < i + k - 1",
            true,
            Some(Missing),
        ),
    ] {
        let outcome = check_program_with(
            "regions",
            &program,
            &may_with_sure(sure, all),
            &scratch.join(name),
            name,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let report = region_trace::describe_violations(&outcome.violations, &outcome.statements, 4);
        match breach {
            None => assert!(outcome.violations.is_empty(), "{name}:\n{report}"),
            Some(class) => {
                assert!(!outcome.violations.is_empty(), "{name}: no violation");
                assert!(
                    outcome
                        .violations
                        .iter()
                        .all(|v| v.array == "src" && v.class == class),
                    "{name}:\n{report}"
                );
            }
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
}

/// Checks every program of `tests/c/FOLDER` (at least `at_least` of
/// them), each of which must count `min_accesses` accesses.
fn check_folder(folder: &str, at_least: usize, min_accesses: usize) {
    let dir = c_dir().join(folder);
    let programs = c_files_in(&dir);
    assert!(
        programs.len() >= at_least,
        "expected at least {at_least} programs in {}, found {}",
        dir.display(),
        programs.len()
    );
    let scratch = scratch_dir(&format!("regions-trace-{folder}"));
    let results = for_each_parallel(&programs, |program| {
        check_program(folder, program, &scratch, min_accesses)
    });
    let mut failures = Vec::new();
    let mut accesses = 0;
    let mut breaches_seen = BTreeSet::new();
    for (program, result) in programs.iter().zip(results) {
        let name = program.file_name().unwrap().to_string_lossy().into_owned();
        match result {
            Ok((notes, counted, codes)) => {
                accesses += counted;
                breaches_seen.extend(codes);
                for note in notes {
                    eprintln!("{folder}/{name}: {note}");
                }
            }
            Err(message) => failures.push(format!("{name}: {message}")),
        }
    }
    for (code, _) in KNOWN_BREACHES {
        if !breaches_seen.contains(&format!("breach {code}")) {
            eprintln!("{folder}: note: no program shows the known breach `{code}`");
        }
    }
    for (kind, class, _) in KNOWN_VIOLATION_CLASSES {
        if !breaches_seen.contains(&format!("class {kind} {class}")) {
            eprintln!("{folder}: note: no program shows the known {kind} {class} class");
        }
    }
    if failures.is_empty() && accesses < MIN_FOLDER_ACCESSES {
        failures.push(format!(
            "the programs counted only {accesses} accesses in all (at least {MIN_FOLDER_ACCESSES} expected)"
        ));
    }
    if failures.is_empty() {
        let _ = std::fs::remove_dir_all(&scratch);
        return;
    }
    panic!(
        "{} of {} programs failed (files kept in {}):\n\n{}",
        failures.len(),
        programs.len(),
        scratch.display(),
        failures.join("\n\n")
    );
}

/// The argument lists of a program's runs: its `// args:` line, lists
/// separated by `|`; without one, small sizes for the kernels, and else
/// one run without arguments.
fn argument_lists(folder: &str, source: &str) -> Vec<Vec<String>> {
    let Some(line) = source
        .lines()
        .take(5)
        .find_map(|l| l.trim().strip_prefix("// args:"))
    else {
        if folder == "kernels" {
            return vec![vec!["3".to_owned()], vec!["5".to_owned()]];
        }
        return vec![Vec::new()];
    };
    line.split('|')
        .map(|list| list.split_whitespace().map(str::to_owned).collect())
        .collect()
}

/// Checks one program; returns notes (unchecked entities, tolerated known
/// violations), how many accesses its instances counted, and the known
/// breaches (`breach CODE`) and violation classes (`class KIND CLASS`) it
/// shows.
fn check_program(
    folder: &str,
    program: &Path,
    scratch: &Path,
    min_accesses: usize,
) -> Result<(Vec<String>, usize, BTreeSet<String>), String> {
    let start = std::time::Instant::now();
    let stem = program.file_stem().unwrap().to_string_lossy().into_owned();
    let dir = scratch.join(&stem);
    let source = std::fs::read_to_string(program).map_err(|e| format!("cannot read: {e}"))?;
    let cflags = cflags_of(&source);
    let (json, command) = ferry_json("regions", program, &cflags)?;
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    std::fs::write(dir.join(format!("{stem}.json")), &json)
        .map_err(|e| format!("cannot write the JSON: {e}"))?;
    let outcome = check_program_with(folder, program, &json, &dir, &command)?;
    if outcome.accesses < min_accesses {
        return Err(format!(
            "the instances counted only {} accesses to memory (at least {min_accesses} expected)",
            outcome.accesses
        ));
    }

    let name = program.file_name().unwrap().to_string_lossy().into_owned();
    let known: Vec<(u32, &str, &str, &str)> = KNOWN_VIOLATIONS
        .iter()
        .filter(|(f, p, ..)| *f == folder && *p == name)
        .map(|&(_, _, line, array, kind, why)| (line, array, kind, why))
        .collect();
    let statements = &outcome.statements;
    let is_listed = |v: &RegionViolation, (line, array, kind): (u32, &str, &str)| {
        statements[v.site].line == line && v.array == array && v.kind.name() == kind
    };
    let in_known_class = |v: &RegionViolation| {
        KNOWN_VIOLATION_CLASSES
            .iter()
            .any(|(kind, class, _)| v.kind.name() == *kind && v.class.name() == *class)
    };
    let is_known = |v: &RegionViolation| {
        in_known_class(v)
            || known
                .iter()
                .any(|&(line, array, kind, _)| is_listed(v, (line, array, kind)))
    };
    let (tolerated, unknown): (Vec<RegionViolation>, Vec<RegionViolation>) =
        outcome.violations.iter().cloned().partition(is_known);
    let (known_breaches, new_breaches): (Vec<&Breach>, Vec<&Breach>) = outcome
        .breaches
        .iter()
        .partition(|b| KNOWN_BREACHES.iter().any(|(code, _)| *code == b.code));
    let mut problems = Vec::new();
    if !unknown.is_empty() {
        problems.push(format!(
            "{} instance(s) contradict the regions of `{command}`:\n{}",
            unknown.len(),
            region_trace::describe_violations(&unknown, statements, 3)
        ));
    }
    if !new_breaches.is_empty() {
        problems.push(format!(
            "`{command}` names entities against the contract:\n{}",
            new_breaches
                .iter()
                .map(|b| format!(
                    "  {}: `{}` ({}): {}\n",
                    statements[b.site].position(),
                    b.array,
                    b.code,
                    b.message
                ))
                .collect::<String>()
        ));
    }
    if !problems.is_empty() {
        return Err(problems.join("\n"));
    }
    let mut notes = outcome.notes;
    notes.insert(
        0,
        format!(
            "{} distinct instances, {} accesses checked in {:.1?}",
            outcome.checked,
            outcome.accesses,
            start.elapsed()
        ),
    );
    if !known_breaches.is_empty() {
        let codes: BTreeSet<&str> = known_breaches.iter().map(|b| b.code).collect();
        notes.push(format!(
            "{} known contract breach(es) tolerated: {}",
            known_breaches.len(),
            codes.into_iter().collect::<Vec<_>>().join(", ")
        ));
    }
    let mut classes_seen = BTreeSet::new();
    for (kind, class, why) in KNOWN_VIOLATION_CLASSES {
        let here = tolerated
            .iter()
            .filter(|v| v.kind.name() == *kind && v.class.name() == *class)
            .count();
        if here > 0 {
            classes_seen.insert((*kind, *class));
            notes.push(format!(
                "{here} instance(s) of the known {kind} {class} class tolerated ({why})"
            ));
        }
    }
    for &(line, array, kind, why) in &known {
        let here: Vec<RegionViolation> = tolerated
            .iter()
            .filter(|v| !in_known_class(v) && is_listed(v, (line, array, kind)))
            .cloned()
            .collect();
        if here.is_empty() {
            notes.push(format!(
                "note: line {line} `{array}` {kind} no longer violates its regions ({why}): remove it from KNOWN_VIOLATIONS"
            ));
        } else {
            notes.push(format!(
                "tolerated, known ferry bug ({why}):\n{}",
                region_trace::describe_violations(&here, statements, 2)
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    let mut seen: BTreeSet<String> = known_breaches
        .iter()
        .map(|b| format!("breach {}", b.code))
        .collect();
    seen.extend(
        classes_seen
            .into_iter()
            .map(|(kind, class)| format!("class {kind} {class}")),
    );
    Ok((notes, outcome.accesses, seen))
}

/// What tracing a program found.
struct Outcome {
    statements: Vec<RegionStatement>,
    violations: Vec<RegionViolation>,
    /// Distinct instances checked.
    checked: usize,
    /// Accesses their instances counted.
    accesses: usize,
    breaches: Vec<Breach>,
    notes: Vec<String>,
}

/// Instruments `program` after the regions of `json` (the output of
/// `command`), builds it and the original in `dir`, runs both with each
/// argument list of the program, and checks every instance.
fn check_program_with(
    folder: &str,
    program: &Path,
    json: &str,
    dir: &Path,
    command: &str,
) -> Result<Outcome, String> {
    let stem = program.file_stem().unwrap().to_string_lossy().into_owned();
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let source = std::fs::read_to_string(program).map_err(|e| format!("cannot read: {e}"))?;
    let cflags = cflags_of(&source);
    let statements = region_trace::parse_regions(json).map_err(|e| format!("`{command}`: {e}"))?;
    if statements.is_empty() {
        return Err(format!("`{command}` lists no statement"));
    }
    let parsed = parse_file(program, &cflags).map_err(|d| format!("parse failed:\n{d}"))?;
    let instrumented = region_trace::instrument(parsed, &statements);
    if !instrumented.unplaced.is_empty() {
        return Err(format!(
            "no statement of the file starts where `{command}` places these statements:\n{}",
            instrumented
                .unplaced
                .iter()
                .map(|&i| format!("  {}\n", statements[i].position()))
                .collect::<String>()
        ));
    }
    let traced_path = dir.join(format!("{stem}.traced.c"));
    std::fs::write(&traced_path, &instrumented.text)
        .map_err(|e| format!("cannot write {}: {e}", traced_path.display()))?;

    let include = program.parent().unwrap_or(Path::new("."));
    let original_exe = dir.join(format!("{stem}.original"));
    let original = TestProgram {
        source: program,
        cflags: &cflags,
        include,
        exe: &original_exe,
        runtime: None,
    };
    original.build()?;
    let trace_path = dir.join(format!("{stem}.trace"));
    let traced_exe = dir.join(format!("{stem}.traced"));
    let traced = TestProgram {
        source: &traced_path,
        cflags: &cflags,
        include,
        exe: &traced_exe,
        runtime: Some((region_trace::RUNTIME_C, &trace_path)),
    };
    traced
        .build()
        .map_err(|e| format!("the instrumented program: {e}"))?;

    let mut instances = Vec::new();
    let mut unfinished = 0;
    for args in argument_lists(folder, &source) {
        let shown = if args.is_empty() {
            String::new()
        } else {
            format!(" with arguments `{}`", args.join(" "))
        };
        let expected = original.run(&args, RUN_TIMEOUT)?;
        if !expected.status.success() {
            return Err(format!(
                "exits with {}{shown}; test programs must exit 0",
                expected.status
            ));
        }
        if expected.stdout.is_empty() {
            return Err("prints nothing; test programs must print their results".to_owned());
        }
        let actual = traced
            .run(&args, RUN_TIMEOUT)
            .map_err(|e| format!("the instrumented program{shown}: {e}"))?;
        if actual.status.code() != expected.status.code() || actual.stdout != expected.stdout {
            return Err(format!(
                "the instrumented program {}{shown} behaves differently (status {}):\n{}{}",
                traced_path.display(),
                actual.status,
                indent(&String::from_utf8_lossy(&actual.stdout)),
                indent(&String::from_utf8_lossy(&actual.stderr)),
            ));
        }
        let text = std::fs::read_to_string(&trace_path)
            .map_err(|e| format!("no trace at {}: {e}", trace_path.display()))?;
        let replay = region_trace::replay(&text, &statements)?;
        unfinished += replay.unfinished;
        instances.extend(replay.instances);
    }

    let report = region_trace::check_instances(&statements, &instrumented.unchecked, &instances);
    if !report.errors.is_empty() {
        return Err(format!(
            "regions that cannot be checked:\n{}",
            indent(&report.errors.iter().cloned().collect::<Vec<_>>().join("\n"))
        ));
    }
    // Not vacuous: enough statements reached, enough accesses counted.
    let traced_sites: BTreeSet<usize> = (0..statements.len())
        .filter(|i| !instrumented.skipped.contains(i))
        .collect();
    let reached: BTreeSet<usize> = instances.iter().map(|i| i.site).collect();
    if (reached.len() as f64) < MIN_REACHED * traced_sites.len() as f64 {
        let missed: Vec<String> = traced_sites
            .difference(&reached)
            .map(|&i| format!("{}:{}", statements[i].line, statements[i].column))
            .collect();
        return Err(format!(
            "the runs reached only {} of {} statements; not reached: {}",
            reached.len(),
            traced_sites.len(),
            missed.join(" ")
        ));
    }
    let mut notes: Vec<String> = report.notes.iter().cloned().collect();
    if unfinished > 0 {
        notes.push(format!(
            "{unfinished} instance(s) still open at exit, not checked"
        ));
    }
    Ok(Outcome {
        statements,
        violations: report.violations,
        checked: report.checked,
        accesses: report.accesses,
        breaches: instrumented.breaches,
        notes,
    })
}
