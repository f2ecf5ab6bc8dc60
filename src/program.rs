//! `isolate -p --program MAIN.c`: the units of the program isolated in one
//! run of the analyses over the whole program.
//!
//! Decisions:
//! - One isolation over the program's units (`linking::program`: main's
//!   unit first, then the database's order), so the analyses run once;
//!   linking each unit with all the others instead runs them once per
//!   unit. Every unit's output comes from that one run, so transfers may
//!   move to call sites in another unit.
//! - Where that run fails (a refusal, with `--pragma` or `--function`), or
//!   two of the program's units share a file stem (their kernel files
//!   would share a name), the caller isolates the units one by one, each
//!   linked with the whole program, so that a refusal stays with its unit.
//! - The outcomes are cached together, keyed by the job and every unit's
//!   text.

use crate::project::Outcome;
use crate::units::{Project, Run};
use ferry_hcfg::linkage::Interface;
use ferry_isolate::{LEFT_OUT, Options, Selection};
use ferry_parser::{Diagnostic, ParsedFile};
use serde_json::{Value, json};
use std::collections::BTreeSet;

/// What became of the program's units.
pub struct ProgramRun {
    /// Per unit of the program (its index in the project), its outcome.
    pub outcomes: Vec<(usize, Outcome)>,
    /// What the analyses noted.
    pub notes: Vec<String>,
    pub cached: bool,
}

/// The program's units isolated together; `None` where the caller must
/// isolate them one by one (see the decisions above).
pub fn isolate(
    project: &Project,
    run: &Run,
    job: &str,
    selection: &Selection,
    options: &Options,
) -> Result<Option<ProgramRun>, Diagnostic> {
    let Some(main) = project.program else {
        return Ok(None);
    };
    let read = project.read_all(run)?;
    let interfaces: Vec<Option<Interface>> = read
        .iter()
        .map(|r| r.as_ref().ok().map(|(_, parsed)| Interface::of(parsed)))
        .collect();
    let units =
        crate::linking::program(main, &interfaces).map_err(|e| project.program_error(main, e))?;
    let stems: BTreeSet<String> = units.iter().map(|&u| stem(project, u)).collect();
    if stems.len() < units.len() {
        return Ok(None);
    }
    let mut read: Vec<Option<(String, ParsedFile)>> = read.into_iter().map(Result::ok).collect();
    let mut texts = Vec::with_capacity(units.len());
    let mut files = Vec::with_capacity(units.len());
    for &u in &units {
        let (text, parsed) = read[u].take().expect("every unit of a program was read");
        texts.push(text);
        files.push(parsed);
    }
    let key = run.cache.as_ref().map(|_| {
        let names: Vec<String> = units
            .iter()
            .map(|&u| project.units[u].file.to_string_lossy().into_owned())
            .collect();
        let mut parts: Vec<&str> = vec![job, "the program's units together"];
        for (name, text) in names.iter().zip(&texts) {
            parts.extend([name.as_str(), text.as_str()]);
        }
        crate::unit_cache::Cache::key(&parts)
    });
    if let (Some(cache), Some(key)) = (&run.cache, &key)
        && let Some(stored) = cache.load(key).as_ref().and_then(from_json)
    {
        return Ok(Some(stored));
    }
    let options = Options {
        companions: 0,
        closed_program: true,
        linkage: ferry_hcfg::Linkage::Closed,
        ..options.clone()
    };
    let spinner = spinner(
        run.quiet,
        format!(
            "analysing the program of {} ({} units)",
            project.relative(&project.units[main].file),
            units.len()
        ),
    );
    let together = match selection {
        Selection::Auto => match ferry_isolate::isolate_auto(&files, &options) {
            Ok(auto) if auto.isolated.is_none() => Together::NothingIsolated(auto.left_out),
            Ok(auto) => auto
                .into_result()
                .map_or(Together::Refused, Together::Isolated),
            Err(_) => Together::Refused,
        },
        _ => ferry_isolate::isolate(&files, selection, &options)
            .map_or(Together::Refused, Together::Isolated),
    };
    spinner.finish_and_clear();
    let notes = ferry_hcfg::semantics::budget::take_notes();
    let outcomes = match together {
        Together::Isolated(isolated) => distribute(project, &units, &files, isolated),
        Together::Refused => return Ok(None),
        Together::NothingIsolated(left_out) => units
            .iter()
            .zip(&files)
            .map(|(&u, file)| {
                let left_out = of_file(&left_out, file);
                (u, Outcome::Untouched { left_out })
            })
            .collect(),
    };
    let program = ProgramRun {
        outcomes,
        notes,
        cached: false,
    };
    if let (Some(cache), Some(key)) = (&run.cache, &key) {
        cache.store(key, &to_json(&program));
    }
    Ok(Some(program))
}

/// What the one isolation of the program's units gave.
enum Together {
    Isolated(ferry_isolate::Isolated),
    /// `--auto` isolated no nest anywhere: why of each.
    NothingIsolated(Vec<String>),
    /// A refusal (the caller isolates the units one by one).
    Refused,
}

/// A spinner with `message` on a terminal while the program is analysed
/// (nothing with `--quiet`).
fn spinner(quiet: bool, message: String) -> indicatif::ProgressBar {
    if quiet {
        return indicatif::ProgressBar::hidden();
    }
    let spinner = indicatif::ProgressBar::new_spinner();
    spinner.set_message(message);
    spinner.enable_steady_tick(std::time::Duration::from_millis(120));
    spinner
}

/// Each unit's share of the one isolation: its file, the kernel files
/// named after it, and the messages and statements at its lines.
fn distribute(
    project: &Project,
    units: &[usize],
    files: &[ParsedFile],
    isolated: ferry_isolate::Isolated,
) -> Vec<(usize, Outcome)> {
    let mut outputs = isolated.files.into_iter();
    let own: Vec<_> = outputs.by_ref().take(files.len()).collect();
    let kernels: Vec<_> = outputs.collect();
    let statements: Vec<Value> = isolated
        .statements
        .iter()
        .map(crate::report::statement_json)
        .collect();
    let names: Vec<String> = units
        .iter()
        .map(|&u| project.relative(&project.units[u].file))
        .collect();
    let prefixes: Vec<String> = files
        .iter()
        .map(|f| format!("{}:", f.path.display()))
        .collect();
    units
        .iter()
        .zip(files)
        .zip(own)
        .enumerate()
        .map(|(k, ((&u, file), output))| {
            let prefix = &prefixes[k];
            let stem = stem(project, u);
            let mut written = vec![(output.name, output.text)];
            written.extend(
                kernels
                    .iter()
                    .filter(|f| written_for(&f.name, &stem))
                    .map(|f| (f.name.clone(), f.text.clone())),
            );
            let statements: Vec<Value> = statements
                .iter()
                .filter(|s| s["at"].as_str().is_some_and(|at| at.starts_with(prefix)))
                .cloned()
                .collect();
            let warnings = of_file(&isolated.warnings, file);
            let changed =
                std::fs::read(&file.path).ok().as_deref() != Some(written[0].1.as_bytes());
            let outcome = if changed || written.len() > 1 || !statements.is_empty() {
                Outcome::Isolated {
                    files: written,
                    warnings,
                    // Explanations at no unit's place go with main's.
                    explanations: isolated
                        .explanations
                        .iter()
                        .filter(
                            |line| match prefixes.iter().position(|p| line.starts_with(p)) {
                                Some(j) => j == k,
                                None => k == 0,
                            },
                        )
                        .cloned()
                        .collect(),
                    statements,
                    linked: names
                        .iter()
                        .enumerate()
                        .filter(|&(j, _)| j != k)
                        .map(|(_, name)| name.clone())
                        .collect(),
                }
            } else {
                Outcome::Untouched {
                    left_out: warnings
                        .into_iter()
                        .filter(|w| w.contains(LEFT_OUT))
                        .collect(),
                }
            };
            (u, outcome)
        })
        .collect()
}

/// The messages of `lines` at a place in `file`.
fn of_file(lines: &[String], file: &ParsedFile) -> Vec<String> {
    let prefix = format!("{}:", file.path.display());
    lines
        .iter()
        .filter(|line| line.starts_with(&prefix))
        .cloned()
        .collect()
}

/// Whether `name` is one of the files a target writes for the unit of
/// file stem `stem` (`ferry_targets`: `STEM_kernels.cl`, `.cu`, `.h`,
/// `STEM_launch.c`).
fn written_for(name: &str, stem: &str) -> bool {
    let Some((base, _extension)) = name.rsplit_once('.') else {
        return false;
    };
    base.strip_prefix(stem)
        .is_some_and(|rest| rest == "_kernels" || rest == "_launch")
}

/// The unit's file name without its extension, which its kernel files
/// start with.
fn stem(project: &Project, unit: usize) -> String {
    project.units[unit]
        .file
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn to_json(program: &ProgramRun) -> Value {
    json!({
        "outcomes": program.outcomes.iter().map(|(u, o)| json!([u, o.to_json()])).collect::<Vec<_>>(),
        "notes": program.notes,
    })
}

fn from_json(stored: &Value) -> Option<ProgramRun> {
    let outcomes = stored["outcomes"]
        .as_array()?
        .iter()
        .map(|pair| {
            let unit = usize::try_from(pair.get(0)?.as_u64()?).ok()?;
            Some((unit, Outcome::from_json(pair.get(1)?)?))
        })
        .collect::<Option<_>>()?;
    let notes = stored["notes"]
        .as_array()?
        .iter()
        .map(|n| n.as_str().map(str::to_string))
        .collect::<Option<_>>()?;
    Some(ProgramRun {
        outcomes,
        notes,
        cached: true,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_unit_s_kernel_files_are_named_after_it() {
        for name in [
            "smooth_kernels.cl",
            "smooth_kernels.h",
            "smooth_launch.c",
            "smooth_kernels.cu",
        ] {
            assert!(written_for(name, "smooth"), "{name}");
        }
        for name in [
            "smooth.c",
            "smoother_kernels.cl",
            "smooth_launch",
            "main_kernels.cl",
        ] {
            assert!(!written_for(name, "smooth"), "{name}");
        }
    }
}
