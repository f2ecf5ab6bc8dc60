//! `ferry isolate -p BUILD`: a whole project in one command. Each
//! translation unit of the compilation database is read with its own
//! flags and isolated on its own, units in parallel (each with its own isl
//! context); the output folder mirrors the project's folder, in which
//! every file ferry did not transform is a byte-for-byte copy.
//!
//! Decisions:
//! - One bad unit never stops the batch: its diagnostic is printed, its
//!   file copied unchanged, and the exit status is 1.
//! - A unit is analysed with the units defining the functions it calls
//!   (`linking.rs` says which): their bodies give the calls exact
//!   regions, nothing in them is selected, and their files are left to
//!   their own units. Where that isolation would change a companion's file
//!   (transfers moved to call sites there), or fails, the unit is isolated
//!   again alone, where a call into another unit is a call to an unknown
//!   function; where both fail, the linked attempt's refusal is reported.
//!   A callee given an isolated array is cloned into the statement's file
//!   where its names mean the same there (`ferry_isolate`'s `foreign.rs`).
//!   A non-static function isolated with `--function` serves callers of
//!   any unit.
//! - The output folder must not exist or be empty: a mirror over an
//!   earlier run's files could mix the two.
//! - The runtime goes once into `OUTDIR/ferry_rte/`, with a `BUILD` file
//!   saying what the project's build must add (`-I` and its sources).
//! - Each unit's outcome is cached beside the database
//!   (`.ferry-cache/`, see `unit_cache.rs`) unless `--no-cache`; the
//!   units run as `units.rs` runs any job.

use crate::units::{Done, Project, Run};
use ferry_isolate::{Options, Selection};
use ferry_parser::Diagnostic;
use serde_json::{Value, json};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// What became of one unit.
pub(crate) enum Outcome {
    /// Transformed: the files written in its place (the unit's own, and
    /// kernel files beside it), and what isolation had to say.
    Isolated {
        files: Vec<(String, String)>,
        warnings: Vec<String>,
        explanations: Vec<String>,
        /// The statements' reports (`report::statement_json`).
        statements: Vec<Value>,
        /// The units it was analysed with, relative to the project.
        linked: Vec<String>,
    },
    /// Nothing in it is selected (or, with `--auto`, no nest could be
    /// isolated: `left_out` says why of each): copied as it is.
    Untouched { left_out: Vec<String> },
    /// Refused or unreadable: copied as it is. The diagnostic, printed.
    Failed(String),
}

impl Outcome {
    pub(crate) fn to_json(&self) -> Value {
        match self {
            Outcome::Isolated {
                files,
                warnings,
                explanations,
                statements,
                linked,
            } => json!({
                "outcome": "isolated",
                "files": files,
                "warnings": warnings,
                "explanations": explanations,
                "statements": statements,
                "linked": linked,
            }),
            Outcome::Untouched { left_out } => json!({
                "outcome": "untouched",
                "left_out": left_out,
            }),
            Outcome::Failed(diagnostic) => json!({
                "outcome": "failed",
                "diagnostic": diagnostic,
            }),
        }
    }

    pub(crate) fn from_json(value: &Value) -> Option<Outcome> {
        let strings = |name: &str| -> Option<Vec<String>> {
            value
                .get(name)?
                .as_array()?
                .iter()
                .map(|s| s.as_str().map(str::to_string))
                .collect()
        };
        Some(match value.get("outcome")?.as_str()? {
            "isolated" => Outcome::Isolated {
                files: value
                    .get("files")?
                    .as_array()?
                    .iter()
                    .map(|f| Some((f.get(0)?.as_str()?.into(), f.get(1)?.as_str()?.into())))
                    .collect::<Option<_>>()?,
                warnings: strings("warnings")?,
                explanations: strings("explanations")?,
                statements: value.get("statements")?.as_array()?.clone(),
                linked: strings("linked")?,
            },
            "untouched" => Outcome::Untouched {
                left_out: strings("left_out")?,
            },
            "failed" => Outcome::Failed(value.get("diagnostic")?.as_str()?.into()),
            _ => return None,
        })
    }
}

/// `isolate -p`: a selection isolated in every unit of a project.
pub struct Batch {
    pub project: Project,
    pub run: Run,
    pub selection: Selection,
    pub options: Options,
    pub out: PathBuf,
    /// Where to write the report (`--report DIR`).
    pub report: Option<PathBuf>,
    /// `out` is a temporary folder, removed once `validate -p` is done:
    /// the summary does not name it.
    pub temporary_out: bool,
}

/// What a batch did: what `Batch::run` returns.
pub struct Finished {
    /// The table for stdout.
    pub summary: String,
    pub status: i32,
    /// The report's model.
    pub model: Value,
    /// The files written beside the units (kernels, launchers, headers),
    /// in the output folder: a build of the transformed project compiles
    /// the sources among them (the `BUILD` note lists them).
    pub added: Vec<PathBuf>,
}

impl Batch {
    /// Runs the batch and writes the output folder (and the report, when
    /// asked).
    pub fn run(self) -> Result<Finished, Diagnostic> {
        if self.selection == Selection::Nothing {
            return Err(Diagnostic::error(
                "`--transfers-only` works on files given on the command line, not on a \
                 project (`-p`)",
            ));
        }
        let root = &self.project.root;
        check_output_folder(&self.out, root)?;
        let job = format!("isolate {:?} {:?}", self.selection, self.options);
        let selects = |parsed: &ferry_parser::ParsedFile| {
            ferry_isolate::select::selects_in(parsed, &self.selection)
        };
        // With `--program`, the program's units in one run of the
        // analyses where that works (`program.rs`); the others one by one.
        let program = crate::program::isolate(
            &self.project,
            &self.run,
            &job,
            &self.selection,
            &self.options,
        )?;
        let answered: Vec<usize> = program
            .iter()
            .flat_map(|p| p.outcomes.iter().map(|(u, _)| *u))
            .collect();
        let mut done = self.project.each_unit_but(
            &self.run,
            &job,
            Some(&selects),
            &|parsed, companions| {
                self.isolate_unit(parsed, companions)
                    .map(|outcome| outcome.to_json())
            },
            &answered,
        )?;
        let together = program.as_ref().map(|p| p.outcomes.len());
        if self.project.program.is_some() && together.is_none() {
            eprintln!(
                "ferry: note: --program: the program's units could not be isolated together \
                 (a refusal, or two units of one file name); each is isolated with all the \
                 others instead"
            );
        }
        if let Some(program) = program {
            let main = self.project.program.expect("a program has its main");
            for (u, outcome) in program.outcomes {
                done[u] = Done {
                    answer: Ok(outcome.to_json()),
                    notes: match u == main {
                        true => program.notes.clone(),
                        false => Vec::new(),
                    },
                    cached: program.cached,
                };
            }
        }
        let outcomes: Vec<Outcome> = done
            .iter()
            .map(|d| match &d.answer {
                Ok(value) => Outcome::from_json(value).unwrap_or_else(|| {
                    Outcome::Failed("internal error: a cached outcome cannot be read".into())
                }),
                Err(diagnostic) => Outcome::Failed(diagnostic.clone()),
            })
            .collect();
        if let Selection::Function(name) = &self.selection
            && outcomes
                .iter()
                .all(|o| matches!(o, Outcome::Untouched { .. }))
        {
            return Err(Diagnostic::error(format!(
                "no unit of the project defines a function `{name}`"
            )));
        }
        let added = self.write(&outcomes)?;
        let model = self.report_json(&outcomes);
        if let Some(dir) = &self.report {
            crate::report::write(dir, &model)?;
        }
        let (summary, status) = self.summary(&done, &outcomes, together);
        Ok(Finished {
            summary,
            status,
            model,
            added: added.iter().map(|name| self.out.join(name)).collect(),
        })
    }

    fn isolate_unit(
        &self,
        parsed: ferry_parser::ParsedFile,
        companions: Vec<ferry_parser::ParsedFile>,
    ) -> Result<Outcome, Diagnostic> {
        if !ferry_isolate::select::selects_in(&parsed, &self.selection) {
            return Ok(Outcome::Untouched {
                left_out: Vec::new(),
            });
        }
        let linked = companions.len();
        let files: Vec<_> = std::iter::once(parsed).chain(companions).collect();
        if linked == 0 {
            return self.isolate_files(&files, 0);
        }
        // Where both fail, the linked refusal says more: it knew the
        // callees' bodies.
        self.isolate_files(&files, linked)
            .or_else(|refusal| self.isolate_files(&files[..1], 0).map_err(|_| refusal))
    }

    /// `files[0]` isolated, the last `companions` of `files` given for
    /// their bodies; an error where isolation would change a companion.
    fn isolate_files(
        &self,
        files: &[ferry_parser::ParsedFile],
        companions: usize,
    ) -> Result<Outcome, Diagnostic> {
        // With the program's units all here (`--program`), a function's
        // callers are all here too: `--function` specialises its body to
        // them, as `--closed-program` does for files.
        let main = self.project.program.map(|m| &self.project.units[m].file);
        let whole_program = companions > 0 && files.iter().any(|f| Some(&f.path) == main);
        // Units of one name in two folders: kernel names from the path.
        let unit = &files[0].path;
        let shared_stem = self
            .project
            .units
            .iter()
            .filter(|u| u.file.file_stem() == unit.file_stem())
            .count()
            > 1;
        let relative = self.project.relative(&unit.with_extension(""));
        let options = Options {
            companions,
            kernel_prefix: shared_stem.then(|| ferry_targets::kernel::Unit::prefix(&relative)),
            closed_program: self.options.closed_program || whole_program,
            // Otherwise the units not here may call this one's functions,
            // `main` here or not.
            linkage: match whole_program {
                true => ferry_hcfg::Linkage::Closed,
                false => ferry_hcfg::Linkage::Open,
            },
            ..self.options.clone()
        };
        let isolated = if self.selection == Selection::Auto {
            let auto = ferry_isolate::isolate_auto(files, &options)?;
            match auto.isolated {
                Some(_) => auto.into_result()?,
                None => {
                    return Ok(Outcome::Untouched {
                        left_out: auto.left_out,
                    });
                }
            }
        } else {
            ferry_isolate::isolate(files, &self.selection, &options)?
        };
        // Every input file comes back under its own name, in order: the
        // companions' must be their sources as they are.
        let mut out = isolated.files;
        let companion_files: Vec<_> = out.drain(1..=companions).collect();
        for (file, printed) in files[1..].iter().zip(&companion_files) {
            if std::fs::read(&file.path).ok().as_deref() != Some(printed.text.as_bytes()) {
                return Err(Diagnostic::error(format!(
                    "isolating here would change `{}`, which its own unit writes",
                    self.project.relative(&file.path)
                )));
            }
        }
        Ok(Outcome::Isolated {
            files: out.into_iter().map(|f| (f.name, f.text)).collect(),
            warnings: isolated.warnings,
            explanations: isolated.explanations,
            statements: isolated
                .statements
                .iter()
                .map(crate::report::statement_json)
                .collect(),
            linked: files[1..]
                .iter()
                .map(|f| self.project.relative(&f.path))
                .collect(),
        })
    }

    /// The mirror of the project's folder, then the transformed units
    /// over their copies and the runtime, all in a folder beside OUTDIR
    /// renamed to it at the end: an error leaves no partial output.
    /// Returns the files added beside the units, named from the root.
    fn write(&self, outcomes: &[Outcome]) -> Result<Vec<String>, Diagnostic> {
        let root = &self.project.root;
        let fail = |what: &str, path: &Path, e: std::io::Error| {
            Diagnostic::error(format!("cannot {what} {}: {e}", path.display()))
        };
        let partial = partial_folder(&self.out);
        if partial.exists() {
            std::fs::remove_dir_all(&partial).map_err(|e| fail("remove", &partial, e))?;
        }
        let mut added = Vec::new();
        let written = (|| {
            mirror(root, &partial, &[self.out.as_path(), partial.as_path()])
                .map_err(|(path, e)| fail("copy", &path, e))?;
            for (unit, outcome) in self.project.units.iter().zip(outcomes) {
                let Outcome::Isolated { files, .. } = outcome else {
                    continue;
                };
                let folder = partial.join(
                    unit.file
                        .parent()
                        .and_then(|f| f.strip_prefix(root).ok())
                        .unwrap_or(Path::new("")),
                );
                for (k, (name, text)) in files.iter().enumerate() {
                    let path = folder.join(name);
                    std::fs::write(&path, text).map_err(|e| fail("write", &path, e))?;
                    // The first file is the unit itself; the others are
                    // new (kernels, launchers, headers).
                    if k > 0 {
                        added.push(self.project.relative(&unit.file.with_file_name(name)));
                    }
                }
            }
            let runtime = partial.join(RUNTIME_FOLDER);
            std::fs::create_dir_all(&runtime).map_err(|e| fail("create", &runtime, e))?;
            for (name, text) in self.options.target.runtime_files() {
                let path = runtime.join(name);
                std::fs::write(&path, text).map_err(|e| fail("write", &path, e))?;
            }
            let build = runtime.join("BUILD");
            std::fs::write(&build, self.build_note(&added))
                .map_err(|e| fail("write", &build, e))?;
            Ok(())
        })();
        if let Err(e) = written {
            let _ = std::fs::remove_dir_all(&partial);
            return Err(e);
        }
        if self.out.exists() {
            // Empty (checked before the run): renaming onto it needs it gone.
            std::fs::remove_dir(&self.out).map_err(|e| fail("replace", &self.out, e))?;
        }
        std::fs::rename(&partial, &self.out).map_err(|e| fail("write", &self.out, e))?;
        Ok(added)
    }

    /// The report's model (`report.rs`): every unit with its outcome.
    fn report_json(&self, outcomes: &[Outcome]) -> Value {
        let units: Vec<Value> = self
            .project
            .units
            .iter()
            .zip(outcomes)
            .map(|(unit, outcome)| {
                let file = self.project.relative(&unit.file);
                match outcome {
                    Outcome::Isolated {
                        statements,
                        warnings,
                        ..
                    } => json!({
                        "file": file,
                        "outcome": "isolated",
                        "statements": statements,
                        "left_out": crate::report::left_out_of(warnings),
                    }),
                    Outcome::Untouched { left_out } => json!({
                        "file": file,
                        "outcome": "untouched",
                        "left_out": crate::report::left_out_of(left_out),
                    }),
                    Outcome::Failed(diagnostic) => json!({
                        "file": file,
                        "outcome": "failed",
                        "diagnostic": diagnostic,
                    }),
                }
            })
            .collect();
        json!({"target": self.options.target.name(), "units": units})
    }

    /// What a build of the transformed project adds to its own: the
    /// runtime, and the files written beside the units (`added`, named
    /// from the project's root), each source with the compiler it needs.
    fn build_note(&self, added: &[String]) -> String {
        let target = self.options.target;
        let runtime: Vec<String> = target
            .runtime_files()
            .into_iter()
            .map(|(name, _)| name.to_string())
            .collect();
        let mut text = format!(
            "The transformed units of this project ({} target) include \"ferry_rte.h\" and call \
             the runtime in this folder. Add to the project's build:\n\
             - the preprocessor flag -I for this folder;\n",
            target.name()
        );
        let languages = [
            ("C", ".c", "the project's C compiler"),
            ("CUDA", ".cu", "nvcc"),
        ];
        for (whose, names) in [("the runtime's", runtime.as_slice()), ("the new", added)] {
            for (language, extension, compiler) in languages {
                let sources: Vec<&str> = names
                    .iter()
                    .map(String::as_str)
                    .filter(|n| n.ends_with(extension))
                    .collect();
                if !sources.is_empty() {
                    let _ = writeln!(
                        text,
                        "- {whose} {language} sources {} (compiled with {compiler});",
                        sources.join(", ")
                    );
                }
            }
        }
        let libraries = target.link_flags();
        if !libraries.is_empty() {
            let _ = writeln!(text, "- the libraries {}.", libraries.join(" "));
        }
        if target == ferry_targets::Target::Cuda {
            text.push_str("- the link by nvcc (or by the C compiler with -lcudart).\n");
        }
        text
    }

    /// The table printed at the end, and the exit status.
    /// `together`: how many units were isolated as one program.
    fn summary(
        &self,
        done: &[Done],
        outcomes: &[Outcome],
        together: Option<usize>,
    ) -> (String, i32) {
        let count = |f: fn(&Outcome) -> bool| outcomes.iter().filter(|o| f(o)).count();
        let isolated = count(|o| matches!(o, Outcome::Isolated { .. }));
        let untouched = count(|o| matches!(o, Outcome::Untouched { .. }));
        let failed = count(|o| matches!(o, Outcome::Failed(_)));
        let cached = done.iter().filter(|d| d.cached).count();
        let mut text = String::new();
        let units = &self.project.units;
        for ((unit, d), outcome) in units.iter().zip(done).zip(outcomes) {
            let name = self.project.relative(&unit.file);
            for note in &d.notes {
                eprintln!("ferry: note: {name}: {note}");
            }
            match outcome {
                Outcome::Isolated {
                    warnings,
                    explanations,
                    ..
                } => {
                    for warning in warnings {
                        eprintln!("{warning}");
                    }
                    for line in explanations {
                        let _ = writeln!(text, "{line}");
                    }
                }
                Outcome::Failed(diagnostic) => eprintln!("{diagnostic}"),
                Outcome::Untouched { left_out } => {
                    for line in left_out {
                        eprintln!("{line}");
                    }
                }
            }
        }
        let _ = writeln!(text, "{:<10} unit", "outcome");
        for (unit, outcome) in units.iter().zip(outcomes) {
            let (outcome, with) = match outcome {
                Outcome::Isolated { linked, .. } if !linked.is_empty() => {
                    ("isolated", format!(" (with {})", listed(linked)))
                }
                Outcome::Isolated { .. } => ("isolated", String::new()),
                Outcome::Untouched { .. } => ("untouched", String::new()),
                Outcome::Failed(_) => ("failed", String::new()),
            };
            let _ = writeln!(
                text,
                "{outcome:<10} {}{with}",
                self.project.relative(&unit.file)
            );
        }
        let written = match self.temporary_out {
            true => "written to a temporary folder (`-o OUTDIR` keeps it)".to_string(),
            false => format!(
                "written to {}, runtime and build note in {}",
                self.out.display(),
                self.out.join(RUNTIME_FOLDER).display()
            ),
        };
        let _ = writeln!(
            text,
            "{} units ({cached} as the cache kept them): {isolated} isolated, {untouched} \
             untouched, {failed} failed{}; {written}",
            done.len(),
            if failed > 0 {
                " (copied unchanged)"
            } else {
                ""
            },
        );
        if let (Some(n), Some(main)) = (together, self.project.program) {
            let _ = writeln!(
                text,
                "{n} units analysed together as the program of {}",
                self.project.relative(&self.project.units[main].file)
            );
        }
        text.push_str(&statements_table(outcomes));
        (text, i32::from(failed > 0))
    }
}

/// Units named in the closing table: the first few, then how many more
/// (with `--program`, every unit of the program is linked with each).
fn listed(units: &[String]) -> String {
    const SHOWN: usize = 4;
    match units.len() {
        n if n <= SHOWN => units.join(", "),
        n => format!(
            "{} and {} more",
            units[..SHOWN - 1].join(", "),
            n - (SHOWN - 1)
        ),
    }
}

/// The statements isolated (and in how many functions), and the loop
/// nests `--auto` left out counted by reason (the names in a reason
/// masked, so that the same reason about different variables counts
/// once), most frequent first.
fn statements_table(outcomes: &[Outcome]) -> String {
    let mut statements = 0;
    let mut functions = 0;
    let mut reasons: std::collections::BTreeMap<String, usize> = Default::default();
    for outcome in outcomes {
        let notes = match outcome {
            Outcome::Isolated {
                statements: s,
                warnings,
                ..
            } => {
                statements += s.len();
                functions += crate::report::functions_of(s);
                warnings
            }
            Outcome::Untouched { left_out } => left_out,
            Outcome::Failed(_) => continue,
        };
        for nest in crate::report::left_out_of(notes) {
            let reason = nest["reason"].as_str().unwrap_or_default();
            *reasons.entry(masked(reason)).or_default() += 1;
        }
    }
    let isolated = outcomes.iter().flat_map(|o| match o {
        Outcome::Isolated { statements, .. } => statements.as_slice(),
        _ => &[],
    });
    let mut text = format!(
        "{statements} statements isolated in {functions} functions, {} loop nests left out\n\
         {}\n",
        reasons.values().sum::<usize>(),
        crate::report::bytes_summary(isolated)
    );
    let mut by_count: Vec<(String, usize)> = reasons.into_iter().collect();
    by_count.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    for (reason, n) in by_count {
        let _ = writeln!(text, "{n:>6}  {reason}");
    }
    text
}

/// `reason` with every quoted name of the program made `…` (quoted
/// keywords and options stay: they are part of the reason).
fn masked(reason: &str) -> String {
    const KEPT: [&str; 5] = ["return", "break", "continue", "goto", "switch"];
    let mut out = String::new();
    for (k, part) in reason.split('`').enumerate() {
        let name = part.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if k % 2 == 1 {
            out.push('`');
            out.push_str(if name && !KEPT.contains(&part) {
                "…"
            } else {
                part
            });
            out.push('`');
        } else {
            out.push_str(part);
        }
    }
    out
}

/// The folder of the output that holds the runtime.
pub const RUNTIME_FOLDER: &str = "ferry_rte";

/// OUTDIR must be new or empty, and must not be the project's folder or
/// hold it (the mirror would copy itself).
fn check_output_folder(out: &Path, root: &Path) -> Result<(), Diagnostic> {
    let absolute = std::path::absolute(out).unwrap_or_else(|_| out.to_path_buf());
    if root.starts_with(&absolute) {
        return Err(Diagnostic::error(format!(
            "the output folder {} holds the project ({}): choose one outside it",
            out.display(),
            root.display()
        )));
    }
    let has_entries = std::fs::read_dir(out).is_ok_and(|mut entries| entries.next().is_some());
    match has_entries {
        true => Err(Diagnostic::error(format!(
            "the output folder {} is not empty: remove it or choose another (a project's \
             output is written whole)",
            out.display()
        ))),
        false => Ok(()),
    }
}

/// Where the output is written before it is renamed to `out`.
fn partial_folder(out: &Path) -> PathBuf {
    let name = out
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".into());
    out.with_file_name(format!(".{name}.ferry-partial"))
}

/// Copies the tree under `from` into `to`: every file byte for byte,
/// hidden entries (`.git`) and the folders of `skip` left out, links to
/// files copied as files, links to folders left out (they may loop).
pub(crate) fn mirror(
    from: &Path,
    to: &Path,
    skip: &[&Path],
) -> Result<(), (PathBuf, std::io::Error)> {
    let skip: Vec<PathBuf> = skip
        .iter()
        .map(|p| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf()))
        .collect();
    let mut pending = vec![(from.to_path_buf(), to.to_path_buf())];
    while let Some((source, target)) = pending.pop() {
        std::fs::create_dir_all(&target).map_err(|e| (target.clone(), e))?;
        let entries = std::fs::read_dir(&source).map_err(|e| (source.clone(), e))?;
        for entry in entries {
            let entry = entry.map_err(|e| (source.clone(), e))?;
            let path = entry.path();
            let hidden = entry.file_name().to_string_lossy().starts_with('.');
            if hidden || skip.contains(&path) {
                continue;
            }
            let metadata = std::fs::metadata(&path).map_err(|e| (path.clone(), e))?;
            let is_link = entry.file_type().is_ok_and(|t| t.is_symlink());
            if metadata.is_dir() && !is_link {
                pending.push((path, target.join(entry.file_name())));
            } else if metadata.is_file() {
                let copy = target.join(entry.file_name());
                std::fs::copy(&path, &copy).map_err(|e| (path.clone(), e))?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lists_of_units_are_cut() {
        let units = |n: usize| (1..=n).map(|k| format!("u{k}.c")).collect::<Vec<_>>();
        assert_eq!(listed(&units(4)), "u1.c, u2.c, u3.c, u4.c");
        assert_eq!(listed(&units(33)), "u1.c, u2.c, u3.c and 30 more");
    }
}
