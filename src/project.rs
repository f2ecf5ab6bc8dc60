//! `ferry isolate -p BUILD`: a whole project in one command. Each
//! translation unit of the compilation database is read with its own
//! flags and isolated on its own, units in parallel (each with its own isl
//! context); the output folder mirrors the project's folder, in which
//! every file ferry did not transform is a byte-for-byte copy.
//!
//! Decisions:
//! - The project's folder is the deepest holding every unit and the
//!   database: a build folder inside the sources (CMake's `build/`, an
//!   in-source Bear run) makes it the project's top, headers included.
//! - One bad unit never stops the batch: its diagnostic is printed, its
//!   file copied unchanged, and the exit status is 1.
//! - A unit is analysed alone: a call into another unit is a call to an
//!   unknown function (ferry assumes the worst of it), and a non-static
//!   function isolated with `--function` serves callers of any unit.
//! - The output folder must not exist or be empty: a mirror over an
//!   earlier run's files could mix the two.
//! - The runtime goes once into `OUTDIR/ferry_rte/`, with a `BUILD` file
//!   saying what the project's build must add (`-I` and its sources).
//! - Each unit's outcome is cached beside the database
//!   (`.ferry-cache/`, see `unit_cache.rs`) unless `--no-cache`.

use crate::compile_db::Unit;
use crate::unit_cache::Cache;
use ferry_isolate::{Options, Selection};
use ferry_parser::Diagnostic;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde_json::{Value, json};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// What became of one unit.
enum Outcome {
    /// Transformed: the files written in its place (the unit's own, and
    /// kernel files beside it), and what isolation had to say.
    Isolated {
        files: Vec<(String, String)>,
        warnings: Vec<String>,
        explanations: Vec<String>,
    },
    /// Nothing in it is selected (or, with `--auto`, no nest could be
    /// isolated: `left_out` says why of each): copied as it is.
    Untouched { left_out: Vec<String> },
    /// Refused or unreadable: copied as it is. The diagnostic, printed.
    Failed(String),
}

impl Outcome {
    fn to_json(&self) -> Value {
        match self {
            Outcome::Isolated {
                files,
                warnings,
                explanations,
            } => json!({
                "outcome": "isolated",
                "files": files,
                "warnings": warnings,
                "explanations": explanations,
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

    fn from_json(value: &Value) -> Option<Outcome> {
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
            },
            "untouched" => Outcome::Untouched {
                left_out: strings("left_out")?,
            },
            "failed" => Outcome::Failed(value.get("diagnostic")?.as_str()?.into()),
            _ => return None,
        })
    }
}

/// One unit's outcome, with the notes its analyses made.
struct Done {
    outcome: Outcome,
    notes: Vec<String>,
    /// Taken from the cache, not computed.
    cached: bool,
}

/// A batch over the units of a project.
pub struct Batch {
    /// The compilation database, absolute.
    pub database: PathBuf,
    pub units: Vec<Unit>,
    /// Flags the user gave after `-p`, added to every unit's.
    pub extra_cflags: Vec<String>,
    pub selection: Selection,
    pub options: Options,
    pub out: PathBuf,
    /// No progress bar.
    pub quiet: bool,
    /// Units analysed at once (`--jobs`; by default one per core).
    pub jobs: Option<usize>,
    /// Where outcomes of earlier runs are kept (`None`: `--no-cache`).
    pub cache: Option<Cache>,
}

/// Threads a batch runs on: one per core. Each has a large stack (as
/// the single-program worker does) for deeply nested input.
fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

impl Batch {
    /// Runs the batch, writes the output folder, and returns the summary
    /// (stdout) and the exit status.
    pub fn run(self) -> Result<(String, i32), Diagnostic> {
        if self.selection == Selection::Nothing {
            return Err(Diagnostic::error(
                "`--transfers-only` works on files given on the command line, not on a \
                 project (`-p`)",
            ));
        }
        let root = common_folder(
            self.units
                .iter()
                .map(|u| u.file.as_path())
                .chain([self.database.as_path()]),
        );
        check_output_folder(&self.out, &root)?;
        let progress = self.progress_bar();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.jobs.unwrap_or_else(threads))
            .stack_size(1 << 30)
            .build()
            .map_err(|e| Diagnostic::error(format!("cannot start the worker threads: {e}")))?;
        let done: Vec<Done> = pool.install(|| {
            self.units
                .par_iter()
                .map(|unit| {
                    progress.set_message(relative(&unit.file, &root));
                    let done = self.one_unit(unit);
                    progress.inc(1);
                    done
                })
                .collect()
        });
        progress.finish_and_clear();
        if let Selection::Function(name) = &self.selection
            && done
                .iter()
                .all(|d| matches!(d.outcome, Outcome::Untouched { .. }))
        {
            return Err(Diagnostic::error(format!(
                "no unit of the project defines a function `{name}`"
            )));
        }
        self.write(&root, &done)?;
        Ok(self.summary(&root, &done))
    }

    fn progress_bar(&self) -> ProgressBar {
        if self.quiet {
            return ProgressBar::hidden();
        }
        // indicatif draws only on a terminal: piped stderr stays clean.
        let bar = ProgressBar::new(self.units.len() as u64);
        if let Ok(style) =
            ProgressStyle::with_template("{bar:30} {pos}/{len} units ({eta} left) {wide_msg}")
        {
            bar.set_style(style);
        }
        bar
    }

    fn one_unit(&self, unit: &Unit) -> Done {
        let mut cflags = unit.cflags.clone();
        cflags.extend(self.extra_cflags.iter().cloned());
        let text = match ferry_parser::preprocess::preprocess(&unit.file, &cflags) {
            Ok(text) => text,
            Err(diagnostic) => {
                return Done {
                    outcome: Outcome::Failed(diagnostic.to_string()),
                    notes: Vec::new(),
                    cached: false,
                };
            }
        };
        let key = self.cache.as_ref().map(|_| {
            Cache::key(&[
                &unit.file.to_string_lossy(),
                &text,
                &format!("{:?} {:?}", self.selection, self.options),
            ])
        });
        if let (Some(cache), Some(key)) = (&self.cache, &key)
            && let Some(stored) = cache.load(key)
            && let Some(outcome) = Outcome::from_json(&stored["outcome"])
            && let Some(notes) = stored["notes"].as_array()
        {
            return Done {
                outcome,
                notes: notes
                    .iter()
                    .filter_map(|n| n.as_str().map(str::to_string))
                    .collect(),
                cached: true,
            };
        }
        let outcome = ferry_parser::parse_preprocessed(text, &unit.file)
            .and_then(|parsed| self.isolate_unit(parsed))
            .unwrap_or_else(|diagnostic| Outcome::Failed(diagnostic.to_string()));
        let notes = ferry_hcfg::semantics::budget::take_notes();
        if let (Some(cache), Some(key)) = (&self.cache, &key) {
            cache.store(key, &json!({"outcome": outcome.to_json(), "notes": notes}));
        }
        Done {
            outcome,
            notes,
            cached: false,
        }
    }

    fn isolate_unit(&self, parsed: ferry_parser::ParsedFile) -> Result<Outcome, Diagnostic> {
        if !ferry_isolate::select::selects_in(&parsed, &self.selection) {
            return Ok(Outcome::Untouched {
                left_out: Vec::new(),
            });
        }
        let isolated = if self.selection == Selection::Auto {
            let auto = ferry_isolate::isolate_auto(&[parsed], &self.options)?;
            match auto.isolated {
                Some(_) => auto.into_result()?,
                None => {
                    return Ok(Outcome::Untouched {
                        left_out: auto.left_out,
                    });
                }
            }
        } else {
            ferry_isolate::isolate(&[parsed], &self.selection, &self.options)?
        };
        Ok(Outcome::Isolated {
            files: isolated
                .files
                .into_iter()
                .map(|f| (f.name, f.text))
                .collect(),
            warnings: isolated.warnings,
            explanations: isolated.explanations,
        })
    }

    /// The mirror of `root`, then the transformed units over their copies
    /// and the runtime, all in a folder beside OUTDIR renamed to it at the
    /// end: an error leaves no partial output.
    fn write(&self, root: &Path, done: &[Done]) -> Result<(), Diagnostic> {
        let fail = |what: &str, path: &Path, e: std::io::Error| {
            Diagnostic::error(format!("cannot {what} {}: {e}", path.display()))
        };
        let partial = partial_folder(&self.out);
        if partial.exists() {
            std::fs::remove_dir_all(&partial).map_err(|e| fail("remove", &partial, e))?;
        }
        let written = (|| {
            mirror(root, &partial, &[self.out.as_path(), partial.as_path()])
                .map_err(|(path, e)| fail("copy", &path, e))?;
            for (unit, d) in self.units.iter().zip(done) {
                let Outcome::Isolated { files, .. } = &d.outcome else {
                    continue;
                };
                let folder = partial.join(
                    unit.file
                        .parent()
                        .and_then(|f| f.strip_prefix(root).ok())
                        .unwrap_or(Path::new("")),
                );
                for (name, text) in files {
                    let path = folder.join(name);
                    std::fs::write(&path, text).map_err(|e| fail("write", &path, e))?;
                }
            }
            let runtime = partial.join(RUNTIME_FOLDER);
            std::fs::create_dir_all(&runtime).map_err(|e| fail("create", &runtime, e))?;
            for (name, text) in self.options.target.runtime_files() {
                let path = runtime.join(name);
                std::fs::write(&path, text).map_err(|e| fail("write", &path, e))?;
            }
            let build = runtime.join("BUILD");
            std::fs::write(&build, self.build_note()).map_err(|e| fail("write", &build, e))?;
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
        std::fs::rename(&partial, &self.out).map_err(|e| fail("write", &self.out, e))
    }

    /// What a build of the transformed project adds to its own.
    fn build_note(&self) -> String {
        let target = self.options.target;
        let sources: Vec<&str> = target
            .runtime_files()
            .into_iter()
            .map(|(name, _)| name)
            .filter(|name| name.ends_with(".c"))
            .collect();
        let mut text = format!(
            "The transformed units of this project ({} target) include \"ferry_rte.h\" and call \
             the runtime in this folder. Add to the project's build:\n\
             - the preprocessor flag -I for this folder;\n\
             - the sources {} (compiled with the same compiler);\n",
            target.name(),
            sources.join(", ")
        );
        let libraries = target.link_flags();
        if !libraries.is_empty() {
            let _ = writeln!(text, "- the libraries {}.", libraries.join(" "));
        }
        text
    }

    /// The table printed at the end, and the exit status.
    fn summary(&self, root: &Path, done: &[Done]) -> (String, i32) {
        let count = |f: fn(&Outcome) -> bool| done.iter().filter(|d| f(&d.outcome)).count();
        let isolated = count(|o| matches!(o, Outcome::Isolated { .. }));
        let untouched = count(|o| matches!(o, Outcome::Untouched { .. }));
        let failed = count(|o| matches!(o, Outcome::Failed(_)));
        let cached = done.iter().filter(|d| d.cached).count();
        let mut text = String::new();
        for (unit, d) in self.units.iter().zip(done) {
            let name = relative(&unit.file, root);
            for note in &d.notes {
                eprintln!("ferry: note: {name}: {note}");
            }
            match &d.outcome {
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
        for (unit, d) in self.units.iter().zip(done) {
            let outcome = match &d.outcome {
                Outcome::Isolated { .. } => "isolated",
                Outcome::Untouched { .. } => "untouched",
                Outcome::Failed(_) => "failed",
            };
            let _ = writeln!(text, "{outcome:<10} {}", relative(&unit.file, root));
        }
        let _ = writeln!(
            text,
            "{} units ({cached} as the cache kept them): {isolated} isolated, {untouched} \
             untouched, {failed} failed{}; written to {}, runtime and build note in {}",
            done.len(),
            if failed > 0 {
                " (copied unchanged)"
            } else {
                ""
            },
            self.out.display(),
            self.out.join(RUNTIME_FOLDER).display()
        );
        (text, i32::from(failed > 0))
    }
}

/// The folder of the output that holds the runtime.
pub const RUNTIME_FOLDER: &str = "ferry_rte";

/// `path` relative to `root`, for messages.
fn relative(path: &Path, root: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// The deepest folder holding every one of `files`.
fn common_folder<'a>(mut files: impl Iterator<Item = &'a Path>) -> PathBuf {
    let first = files
        .next()
        .and_then(Path::parent)
        .map(Path::to_path_buf)
        .unwrap_or_default();
    files.fold(first, |common, file| {
        let mut common = common;
        while !file.starts_with(&common) {
            if !common.pop() {
                break;
            }
        }
        common
    })
}

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
fn mirror(from: &Path, to: &Path, skip: &[&Path]) -> Result<(), (PathBuf, std::io::Error)> {
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
    fn the_common_folder_is_the_deepest_holding_every_unit() {
        let files = [
            Path::new("/p/src/a/x.c"),
            Path::new("/p/src/b/y.c"),
            Path::new("/p/src/z.c"),
        ];
        assert_eq!(common_folder(files.into_iter()), PathBuf::from("/p/src"));
        let one = [Path::new("/p/src/a/x.c")];
        assert_eq!(common_folder(one.into_iter()), PathBuf::from("/p/src/a"));
    }
}
