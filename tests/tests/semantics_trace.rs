//! ferry's affine preconditions hold in every traced state.
//!
//! For every program of `tests/c/semantics`: `ferry semantics --json FILE`
//! gives a precondition for each statement; the program is instrumented to
//! print, before each statement that is not a declaration, the values of the
//! integer variables its precondition talks about (`ferry_tests::trace`); it
//! is built with `cc -O0`, run, and every traced state is checked against the
//! statement's precondition with isl. The instrumented program must print
//! what the original prints, and reach at least half of its statements, so
//! that a broken instrumentation cannot make the test pass vacuously.
//!
//! A program may ask for preprocessor flags on its first line, as in
//! `roundtrip.rs`: `// cflags: -DN=3`. The files of failing programs stay in
//! a folder under the system's temporary directory, named in the report.

use ferry_parser::parse_file;
use ferry_tests::trace::{self, Site};
use ferry_tests::{
    TestProgram, c_dir, c_files_in, cflags_of, ferry_json, for_each_parallel, indent, scratch_dir,
};
use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::Duration;

/// How long a test program may run before it is considered hung.
const RUN_TIMEOUT: Duration = Duration::from_secs(10);

/// The smallest share of a program's statements its run must reach.
const MIN_REACHED: f64 = 0.5;

/// Sites whose traced states violate their precondition because of a known,
/// reported ferry bug: (program, line, column, the bug). Violations there are
/// printed but tolerated; violations elsewhere in the same program, crashes,
/// build failures and vacuous traces are not. A note says when a listed site
/// no longer fails.
const KNOWN_VIOLATIONS: &[(&str, u32, u32, &str)] = &[];

#[test]
fn preconditions_hold_in_traced_states() {
    let programs = c_files_in(&semantics_dir());
    assert!(
        programs.len() >= 20,
        "expected at least 20 programs in {}, found {}",
        semantics_dir().display(),
        programs.len()
    );
    let scratch = scratch_dir("semantics-trace");
    let results = for_each_parallel(&programs, |program| check_program(program, &scratch));
    let mut failures = Vec::new();
    for (program, result) in programs.iter().zip(results) {
        let name = program.file_name().unwrap().to_string_lossy().into_owned();
        match result {
            Ok(notes) => {
                for note in notes {
                    eprintln!("{name}: {note}");
                }
            }
            Err(message) => failures.push(format!("{name}: {message}")),
        }
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

/// The instrumentation alone, without `ferry semantics`: every statement of
/// every program becomes a site with no variables and no constraint; the
/// instrumented program must build, print what the original prints, and
/// trace only sites that exist.
#[test]
fn instrumentation_keeps_behaviour() {
    let programs = c_files_in(&semantics_dir());
    let scratch = scratch_dir("semantics-instrument");
    let results = for_each_parallel(&programs, |program| -> Result<(), String> {
        let stem = program.file_stem().unwrap().to_string_lossy().into_owned();
        let dir = scratch.join(&stem);
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        let source = std::fs::read_to_string(program).map_err(|e| e.to_string())?;
        let cflags = cflags_of(&source);
        let parsed = parse_file(program, &cflags).map_err(|d| d.to_string())?;
        let sites = all_statements(&parsed);
        if sites.is_empty() {
            return Err("no statements".into());
        }
        let expected = build_and_run(program, &cflags, &dir.join("original"), None)?;
        let instrumented = trace::instrument(parsed, &sites);
        if !instrumented.unplaced.is_empty() {
            return Err(format!("{} sites not placed", instrumented.unplaced.len()));
        }
        let traced_path = dir.join(format!("{stem}.traced.c"));
        std::fs::write(&traced_path, &instrumented.text).map_err(|e| e.to_string())?;
        let trace_path = dir.join("trace.txt");
        let actual = build_and_run(
            &traced_path,
            &cflags,
            &dir.join("traced"),
            Some(&trace_path),
        )?;
        if actual.stdout != expected.stdout {
            return Err("the instrumented program prints something else".into());
        }
        let text = std::fs::read_to_string(&trace_path).map_err(|e| e.to_string())?;
        let states = trace::parse_trace(&text, &sites)?;
        let reached = states
            .keys()
            .map(|(s, _)| *s)
            .collect::<std::collections::BTreeSet<_>>();
        if (reached.len() as f64) < MIN_REACHED * sites.len() as f64 {
            return Err(format!(
                "reached {} of {} statements",
                reached.len(),
                sites.len()
            ));
        }
        let _ = std::fs::remove_dir_all(&dir);
        Ok(())
    });
    let failures: Vec<String> = programs
        .iter()
        .zip(results)
        .filter_map(|(p, r)| r.err().map(|e| format!("{}: {e}", p.display())))
        .collect();
    if failures.is_empty() {
        let _ = std::fs::remove_dir_all(&scratch);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The checker itself, on hand-written preconditions of Listing 1.2 (no
/// `ferry semantics` involved): true ones pass, a false one is caught with
/// the state that breaks it.
#[test]
fn checker_accepts_true_and_rejects_false_preconditions() {
    let program = semantics_dir().join("listing_1_2.c");
    let source = std::fs::read_to_string(&program).unwrap();
    // The position of the first statement whose line starts with `text`.
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
    let vars = r#"[{"isl":"N","c":"N","visible":true},{"isl":"x","c":"x","visible":true},
                   {"isl":"y","c":"y","visible":true},{"isl":"x_1","c":"x","visible":false}]"#;
    let json = |body_precondition: &str| {
        let statement = |(line, column): (usize, usize), kind: &str, isl: &str| {
            format!(
                r#"{{"line":{line},"column":{column},"kind":"{kind}",
                    "precondition":{{"variables":{vars},"isl":"{isl}"}}}}"#
            )
        };
        format!(
            r#"{{"functions":[{{"name":"kernel","line":8,"statements":[{},{},{},{},{}]}}]}}"#,
            statement(at("int x = N / 4"), "decl", "[N] -> { : }"),
            statement(
                at("while (x <= N / 3)"),
                "loop",
                "[N, x, y] -> { : y = 0 and 4x <= N <= 4x + 3 }"
            ),
            statement(at("a[x + y] = x + y;"), "expr", body_precondition),
            statement(
                at("x = x + 2;"),
                "expr",
                "[N, x, y] -> { : 0 <= y <= x and 3x <= N }"
            ),
            statement(at("return x + y;"), "return", "[N, x] -> { : 3x > N }"),
        )
    };
    let scratch = scratch_dir("semantics-checker");
    let cflags = cflags_of(&source);

    let good = json("[N, x, y] -> { : 0 <= y <= x and 3x <= N and 4x >= N - 3 }");
    let (sites, report) = trace_and_check(&program, &cflags, &good, &scratch.join("good"), "good")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(sites.len(), 4);
    assert_eq!(report.reached.len(), 4, "every site is reached");
    assert!(
        report.violations.is_empty(),
        "true preconditions reported violated:\n{}",
        report.describe_violations(&sites, 4)
    );

    // x = y = 0 on the first iteration when N < 4.
    let bad = json("[x, y] -> { : x > y }");
    let (sites, report) = trace_and_check(&program, &cflags, &bad, &scratch.join("bad"), "bad")
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(!report.violations.is_empty());
    assert!(report.violations.iter().all(|v| v.site == 1));
    assert!(
        report.violations.iter().any(|v| v.values == [0, 0, 0]),
        "{}",
        report.describe_violations(&sites, 10)
    );
    let _ = std::fs::remove_dir_all(&scratch);
}

/// Every statement of the functions of the main file, as sites without
/// variables.
fn all_statements(parsed: &ferry_parser::ParsedFile) -> Vec<Site> {
    use ferry_parser::ast::{BlockItem, ExternalDecl, Stmt, StmtKind};
    fn walk(parsed: &ferry_parser::ParsedFile, function: &str, s: &Stmt, out: &mut Vec<Site>) {
        let at = parsed.source_map.locate(s.span.lo);
        out.push(Site {
            function: function.to_owned(),
            line: at.line,
            column: at.column,
            kind: "other".into(),
            variables: Vec::new(),
            precondition: "{ : }".into(),
        });
        match &s.kind {
            StmtKind::Labeled { body, .. }
            | StmtKind::Case { body, .. }
            | StmtKind::Default(body)
            | StmtKind::Switch { body, .. }
            | StmtKind::While { body, .. }
            | StmtKind::DoWhile { body, .. }
            | StmtKind::For { body, .. } => walk(parsed, function, body, out),
            StmtKind::If {
                then_branch,
                else_branch,
                ..
            } => {
                walk(parsed, function, then_branch, out);
                if let Some(e) = else_branch {
                    walk(parsed, function, e, out);
                }
            }
            StmtKind::Compound(b) => {
                for item in &b.items {
                    if let BlockItem::Statement(s) = item {
                        walk(parsed, function, s, out);
                    }
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    for item in &parsed.unit.items {
        if let ExternalDecl::FunctionDef(f) = item {
            if !parsed.in_main_file(f.span) {
                continue;
            }
            let name = f.declarator.name().map_or("?", |(n, _)| n.as_str());
            for item in &f.body.items {
                if let BlockItem::Statement(s) = item {
                    walk(parsed, name, s, &mut out);
                }
            }
        }
    }
    out
}

/// Checks one program; returns notes on tolerated known violations.
fn check_program(program: &Path, scratch: &Path) -> Result<Vec<String>, String> {
    let stem = program.file_stem().unwrap().to_string_lossy().into_owned();
    let dir = scratch.join(&stem);
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let source = std::fs::read_to_string(program).map_err(|e| format!("cannot read: {e}"))?;
    let cflags = cflags_of(&source);

    // (a) What ferry says.
    let (json, command) = ferry_json("semantics", program, &cflags)?;
    std::fs::write(dir.join(format!("{stem}.json")), &json)
        .map_err(|e| format!("cannot write the JSON: {e}"))?;
    let (sites, report) = trace_and_check(program, &cflags, &json, &dir, &command)?;
    if (report.reached.len() as f64) < MIN_REACHED * sites.len() as f64 {
        let missed: Vec<String> = (0..sites.len())
            .filter(|i| !report.reached.contains(i))
            .map(|i| format!("{}:{}", sites[i].line, sites[i].column))
            .collect();
        return Err(format!(
            "the run reached only {} of {} statements; not reached: {}",
            report.reached.len(),
            sites.len(),
            missed.join(" ")
        ));
    }
    let name = program.file_name().unwrap().to_string_lossy().into_owned();
    let known: Vec<(u32, u32, &str)> = KNOWN_VIOLATIONS
        .iter()
        .filter(|(program, ..)| *program == name)
        .map(|&(_, line, column, why)| (line, column, why))
        .collect();
    let is_known = |site: usize| {
        known
            .iter()
            .find(|(line, column, _)| (sites[site].line, sites[site].column) == (*line, *column))
    };
    let (tolerated, unknown): (Vec<_>, Vec<_>) = report
        .violations
        .iter()
        .cloned()
        .partition(|v| is_known(v.site).is_some());
    if !unknown.is_empty() {
        let unknown = trace::CheckReport {
            violations: unknown,
            ..Default::default()
        };
        return Err(format!(
            "{} traced state(s) violate the preconditions of `{command}`:\n{}",
            unknown.violations.len(),
            unknown.describe_violations(&sites, 4)
        ));
    }
    let mut notes = Vec::new();
    for (line, column, why) in &known {
        let here: Vec<_> = tolerated
            .iter()
            .filter(|v| (sites[v.site].line, sites[v.site].column) == (*line, *column))
            .cloned()
            .collect();
        if here.is_empty() {
            notes.push(format!(
                "note: {line}:{column} no longer violates its precondition ({why}): remove it from KNOWN_VIOLATIONS"
            ));
        } else {
            let shown = trace::CheckReport {
                violations: here,
                ..Default::default()
            };
            notes.push(format!(
                "tolerated, known ferry bug ({why}):\n{}",
                shown.describe_violations(&sites, 2)
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(notes)
}

/// Instruments `program` after the sites of `json` (the output of
/// `command`), builds and runs it and the original in `dir`, and checks the
/// trace.
fn trace_and_check(
    program: &Path,
    cflags: &[String],
    json: &str,
    dir: &Path,
    command: &str,
) -> Result<(Vec<Site>, trace::CheckReport), String> {
    let stem = program.file_stem().unwrap().to_string_lossy().into_owned();
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let (sites, _declarations) =
        trace::parse_semantics(json).map_err(|e| format!("`{command}`: {e}"))?;
    if sites.is_empty() {
        return Err(format!("`{command}` lists no statement"));
    }

    // (b) The instrumented program.
    let parsed = parse_file(program, cflags).map_err(|d| format!("parse failed:\n{d}"))?;
    let instrumented = trace::instrument(parsed, &sites);
    if !instrumented.unplaced.is_empty() {
        return Err(format!(
            "no statement of the file starts where `{command}` places these statements:\n{}",
            instrumented
                .unplaced
                .iter()
                .map(|&i| format!(
                    "  {}:{} ({} in `{}`)\n",
                    sites[i].line, sites[i].column, sites[i].kind, sites[i].function
                ))
                .collect::<String>()
        ));
    }
    let traced_path = dir.join(format!("{stem}.traced.c"));
    std::fs::write(&traced_path, &instrumented.text)
        .map_err(|e| format!("cannot write {}: {e}", traced_path.display()))?;

    // (c) Both programs run and print the same.
    let expected = build_and_run(program, cflags, &dir.join(format!("{stem}.original")), None)?;
    let trace_path = dir.join(format!("{stem}.trace"));
    let actual = build_and_run(
        &traced_path,
        cflags,
        &dir.join(format!("{stem}.traced")),
        Some(&trace_path),
    )
    .map_err(|e| format!("the instrumented program {}: {e}", traced_path.display()))?;
    if !expected.status.success() {
        return Err(format!(
            "exits with {}; test programs must exit 0",
            expected.status
        ));
    }
    if expected.stdout.is_empty() {
        return Err("prints nothing; test programs must print their results".to_owned());
    }
    if actual.status.code() != expected.status.code() || actual.stdout != expected.stdout {
        return Err(format!(
            "the instrumented program {} behaves differently (status {}):\n{}",
            traced_path.display(),
            actual.status,
            indent(&String::from_utf8_lossy(&actual.stdout))
        ));
    }

    // (d) Every traced state lies in its precondition.
    let text = std::fs::read_to_string(&trace_path)
        .map_err(|e| format!("no trace at {}: {e}", trace_path.display()))?;
    let states = trace::parse_trace(&text, &sites)?;
    if states.is_empty() {
        return Err("the instrumented program traced nothing".to_owned());
    }
    let report = trace::check_trace(&sites, &states);
    if !report.errors.is_empty() {
        return Err(format!(
            "preconditions that cannot be checked:\n{}",
            indent(&report.errors.join("\n"))
        ));
    }
    Ok((sites, report))
}

fn semantics_dir() -> PathBuf {
    c_dir().join("semantics")
}

/// Builds `source` (with the trace runtime when `trace` is given) and runs
/// it, writing the trace to `trace`.
fn build_and_run(
    source: &Path,
    cflags: &[String],
    exe: &Path,
    trace: Option<&Path>,
) -> Result<Output, String> {
    let include = semantics_dir();
    let program = TestProgram {
        source,
        cflags,
        include: &include,
        exe,
        runtime: trace.map(|trace| (trace::RUNTIME_C, trace)),
    };
    program.build()?;
    program.run(&[], RUN_TIMEOUT)
}
