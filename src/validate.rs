//! `ferry validate`: isolate (through the library, into a temporary folder
//! unless `-o` names one), then build and run the original and the
//! transformed program and compare them (`ferry_validation`).
//!
//! Exit status: 0 when every run behaves the same, 1 when some run differs
//! or some run's original program fails (after the verdict is printed) or
//! for a user error, 2 for an internal
//! error (a transformed program that does not build is one).

use crate::cli::{
    Failure, Finished, files_and_flags, parse_each, take_flag, take_isolate_options,
    take_selection, take_value,
};
use ferry_parser::Diagnostic;
use ferry_validation::{Request, Verdict};
use std::path::PathBuf;
use std::time::Duration;

pub fn run(mut args: Vec<String>) -> Result<Finished, Failure> {
    // The runs first: they may look like ferry's own options.
    let mut raw_runs = Vec::new();
    while let Some(run) = take_value(&mut args, "--run")? {
        raw_runs.push(run);
    }
    if let Some(database) =
        take_value(&mut args, "-p")?.or_else(|| crate::cli::take_folder(&mut args))
    {
        let timeout = take_timeout(&mut args)?.unwrap_or(ferry_validation::DEFAULT_TIMEOUT);
        let tolerance = take_tolerance(&mut args)?;
        return crate::validate_project::run(&database, args, raw_runs, timeout, tolerance);
    }
    crate::cli::BatchFlags::take(&mut args)?.refuse_with_files(false)?;
    // `--run ARGS`: one execution each, ARGS split on whitespace (`--run ""`
    // is a run without arguments).
    let runs: Vec<Vec<String>> = raw_runs
        .iter()
        .map(|run| run.split_whitespace().map(str::to_owned).collect())
        .collect();
    let compare_files = take_list(&mut args, "--compare-files")?;
    let timeout = take_timeout(&mut args)?;
    let tolerance = take_tolerance(&mut args)?;
    let json = take_flag(&mut args, "--json");
    let stdin = take_stdin(&mut args)?;
    let original_may_fail = take_flag(&mut args, "--original-may-fail");
    let selection = take_selection(&mut args)?;
    let mut options = take_isolate_options(&mut args, &selection)?;
    let out = take_value(&mut args, "-o")?.map(PathBuf::from);
    let report_dir = take_value(&mut args, "--report")?.map(PathBuf::from);
    options.pictures = report_dir.is_some();
    let (files, cflags) = files_and_flags(args)?;
    let parsed = parse_each(&files, &cflags)?;
    let isolated = ferry_isolate::isolate(&parsed, &selection, &options)?;
    // Kept alive until the runs are over; removed when dropped.
    let scratch;
    let transformed = match out {
        Some(dir) => dir,
        None => {
            scratch = ferry_validation::temporary_folder("ferry-isolated-").map_err(internal)?;
            scratch.path().to_owned()
        }
    };
    let inputs = ferry_isolate::BuildInputs {
        sources: files.clone(),
        cflags: cflags.clone(),
    };
    ferry_isolate::write_output(&transformed, &isolated, &inputs)?;
    for warning in &isolated.warnings {
        eprintln!("{warning}");
    }
    let mut request = Request::new(files, cflags, transformed);
    request.link_flags = isolated
        .target
        .link_flags()
        .iter()
        .map(|f| f.to_string())
        .collect();
    if !runs.is_empty() {
        request.runs = runs;
    }
    request.compare_files = compare_files;
    if let Some(limit) = timeout {
        request.timeout = limit;
    }
    request.tolerance = tolerance;
    request.stdin = stdin;
    request.original_may_fail = original_may_fail;
    // Relative paths in the runs' arguments and in the programs name the
    // user's files, as when they run the program themselves.
    request.mirrored = Some(std::env::current_dir().map_err(|e| {
        Failure::User(Diagnostic::error(format!(
            "cannot read the current folder: {e}"
        )))
    })?);
    let report = ferry_validation::validate(&request).map_err(failure)?;
    if let Some(dir) = &report_dir {
        let mut model = crate::cli::program_report(&request.sources, &isolated);
        model["validation"] = report.to_json();
        crate::report::write(dir, &model)?;
    }
    let output = if json {
        json_text(&report)
    } else {
        let mut text: String = isolated
            .explanations
            .iter()
            .map(|line| format!("{line}\n"))
            .collect();
        text.push_str(&report.describe());
        text
    };
    Ok(Finished {
        output,
        status: status_of(report.verdict()),
    })
}

/// The report as `--json` prints it.
pub(crate) fn json_text(report: &ferry_validation::Report) -> String {
    let mut text = serde_json::to_string_pretty(&report.to_json()).expect("JSON of plain values");
    text.push('\n');
    text
}

/// The exit status of a verdict.
pub(crate) fn status_of(verdict: Verdict) -> i32 {
    match verdict {
        Verdict::Same => 0,
        Verdict::Different | Verdict::OriginalFailed => 1,
    }
}

/// A validation error as a failure: ferry's own or the user's.
pub(crate) fn failure(e: ferry_validation::Error) -> Failure {
    if e.is_internal() {
        Failure::Internal(e.to_string())
    } else {
        Failure::User(Diagnostic::error(e.to_string()))
    }
}

fn internal(e: ferry_validation::Error) -> Failure {
    Failure::Internal(e.to_string())
}

/// Every `NAME V1 V2...` (the values up to the next option or C file) and
/// `NAME=V`, in order.
fn take_list(args: &mut Vec<String>, name: &str) -> Result<Vec<String>, Diagnostic> {
    let mut values = Vec::new();
    while let Some(i) = args.iter().position(|a| a == name) {
        let end = args[i + 1..]
            .iter()
            .position(|a| a.starts_with('-') || crate::cli::is_c_source(a))
            .map_or(args.len(), |n| i + 1 + n);
        if end == i + 1 {
            return Err(Diagnostic::error(format!(
                "`{name}` needs at least one file name"
            )));
        }
        values.extend(args.drain(i..end).skip(1));
    }
    while let Some(value) = take_value(args, name)? {
        values.push(value);
    }
    Ok(values)
}

/// `--stdin FILE`: the bytes every execution reads on its standard input
/// (`-`: ferry's own standard input, read to its end once).
fn take_stdin(args: &mut Vec<String>) -> Result<Option<Vec<u8>>, Diagnostic> {
    let Some(name) = take_value(args, "--stdin")? else {
        return Ok(None);
    };
    let bytes = if name == "-" {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut bytes)
            .map(|_| bytes)
            .map_err(|e| Diagnostic::error(format!("cannot read the standard input: {e}")))?
    } else {
        std::fs::read(&name)
            .map_err(|e| Diagnostic::error(format!("`--stdin {name}`: cannot read it: {e}")))?
    };
    Ok(Some(bytes))
}

/// `--tolerance REL`: how far, relative to the larger magnitude, a
/// floating-point number the transformed program prints may be from the
/// original's (a GPU's fused multiply-adds, a reassociated sum); 0 by
/// default, outputs then compared byte for byte.
fn take_tolerance(args: &mut Vec<String>) -> Result<f64, Diagnostic> {
    let Some(text) = take_value(args, "--tolerance")? else {
        return Ok(0.0);
    };
    match text.parse::<f64>() {
        Ok(tolerance) if (0.0..1.0).contains(&tolerance) => Ok(tolerance),
        _ => Err(Diagnostic::error(format!(
            "`--tolerance` takes a relative distance at least 0 and below 1 (1e-9, say), not \
             `{text}`"
        ))),
    }
}

/// `--timeout SECONDS`: the limit of one execution of one program.
fn take_timeout(args: &mut Vec<String>) -> Result<Option<Duration>, Diagnostic> {
    let Some(text) = take_value(args, "--timeout")? else {
        return Ok(None);
    };
    match text.parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds.is_finite() => {
            Ok(Some(Duration::from_secs_f64(seconds)))
        }
        _ => Err(Diagnostic::error(format!(
            "`--timeout` takes a positive number of seconds, not `{text}`"
        ))),
    }
}
