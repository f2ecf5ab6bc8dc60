//! One job over every unit of a project (`-p`): units in parallel, each
//! on its own thread with its own isl context (the analyses of one unit
//! share nothing with another's), a progress bar on a terminal, and the
//! unit cache. A job's answer for a unit is JSON, so that the cache can
//! keep it; a unit that cannot be read, or that the job refuses, gets
//! its diagnostic instead, and the others go on.

use crate::compile_db::Unit;
use crate::unit_cache::Cache;
use ferry_hcfg::linkage::Interface;
use ferry_parser::{Diagnostic, ParsedFile};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// The units of a compilation database.
pub struct Project {
    pub units: Vec<Unit>,
    /// Flags the user gave after `-p`, added to every unit's.
    pub extra_cflags: Vec<String>,
    /// The deepest folder holding every unit and the database: a build
    /// folder inside the sources (CMake's `build/`, an in-source Bear
    /// run) makes it the project's top, headers included.
    pub root: PathBuf,
    /// The unit defining `main` of the program the project builds
    /// (`--program`): its units are linked as one program
    /// (`linking::program`).
    pub program: Option<usize>,
}

/// How a job runs over the units.
pub struct Run {
    /// No progress bar.
    pub quiet: bool,
    /// Units analysed at once (`--jobs`; by default one per core).
    pub jobs: Option<usize>,
    /// Where answers of earlier runs are kept (`None`: `--no-cache`).
    pub cache: Option<Cache>,
}

impl Run {
    /// The threads a batch runs on: `--jobs`, by default one per core,
    /// each with ferry's stack.
    fn pool(&self) -> Result<rayon::ThreadPool, Diagnostic> {
        rayon::ThreadPoolBuilder::new()
            .num_threads(self.jobs.unwrap_or_else(threads))
            .stack_size(crate::cli::STACK_SIZE)
            .build()
            .map_err(|e| Diagnostic::error(format!("cannot start the worker threads: {e}")))
    }
}

/// A job's answer for one unit, with the notes its analyses made.
pub struct Done {
    /// The job's JSON, or the unit's diagnostic, printed.
    pub answer: Result<Value, String>,
    pub notes: Vec<String>,
    /// Taken from the cache, not computed.
    pub cached: bool,
}

impl Project {
    /// The C units of the database at `database` (a file, absolute), with
    /// `extra_cflags` added to each.
    pub fn open(database: &Path, extra_cflags: Vec<String>) -> Result<Project, Diagnostic> {
        let units = crate::compile_db::read(database)?;
        let root = common_folder(units.iter().map(|u| u.file.as_path()).chain([database]));
        if root.parent().is_none() {
            return Err(Diagnostic::error(format!(
                "the units of `{}` and the database itself share no folder but `{}`: ferry \
                 takes the deepest folder holding them all for the project's (its output \
                 mirrors it); write the database inside the project",
                database.display(),
                root.display()
            )));
        }
        Ok(Project {
            units,
            extra_cflags,
            root,
            program: None,
        })
    }

    /// Every C file under the folder `dir` (absolute; hidden entries left
    /// out), each a unit with `cflags` alone: a project without a
    /// compilation database, `ferry isolate DIR CFLAGS`.
    pub fn directory(dir: &Path, cflags: Vec<String>) -> Result<Project, Diagnostic> {
        let mut files = Vec::new();
        c_files_under(dir, &mut files).map_err(|e| {
            Diagnostic::error(format!("cannot read the folder `{}`: {e}", dir.display()))
        })?;
        if files.is_empty() {
            return Err(Diagnostic::error(format!(
                "no C file under `{}` (and no compile_commands.json in it)",
                dir.display()
            )));
        }
        files.sort();
        Ok(Project {
            units: files
                .into_iter()
                .map(|file| Unit {
                    file,
                    cflags: Vec::new(),
                })
                .collect(),
            extra_cflags: cflags,
            root: dir.to_path_buf(),
            program: None,
        })
    }

    /// Takes the unit at `file` (as the user wrote it: relative to the
    /// working folder) for the one defining the program's `main`
    /// (`--program`).
    pub fn choose_program(&mut self, file: &str) -> Result<(), Diagnostic> {
        let wanted = std::path::absolute(file).unwrap_or_else(|_| PathBuf::from(file));
        let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
            (Ok(a), Ok(b)) => a == b,
            _ => a == b,
        };
        let index = self
            .units
            .iter()
            .position(|u| same(&u.file, &wanted))
            .ok_or_else(|| {
                Diagnostic::error(format!(
                    "`--program {file}`: no unit of the project is that file (name the unit \
                     that defines the program's `main`)"
                ))
            })?;
        self.program = Some(index);
        Ok(())
    }

    /// `path` relative to the project's folder, for messages.
    pub fn relative(&self, path: &Path) -> String {
        path.strip_prefix(&self.root)
            .unwrap_or(path)
            .display()
            .to_string()
    }

    /// `work` on every unit, parsed with its flags, in the database's
    /// order. `job` names the job and everything that shapes its answer
    /// besides the unit (for the cache's key). With `linked`, `work` also
    /// gets the units defining what the unit calls (`linking.rs`), parsed
    /// with their own flags, for each unit `linked` holds of (the others,
    /// and every unit without `linked`, get none, and an edit of another
    /// unit leaves their answers in the cache).
    pub fn each_unit(
        &self,
        run: &Run,
        job: &str,
        linked: Option<&Wants>,
        work: &Work,
    ) -> Result<Vec<Done>, Diagnostic> {
        self.each_unit_but(run, job, linked, work, &[])
    }

    /// As [`Project::each_unit`], but for the units `answered` (indices),
    /// which another job answers: theirs is `null`, not cached.
    pub fn each_unit_but(
        &self,
        run: &Run,
        job: &str,
        linked: Option<&Wants>,
        work: &Work,
        answered: &[usize],
    ) -> Result<Vec<Done>, Diagnostic> {
        let answered_elsewhere = || Done {
            answer: Ok(Value::Null),
            notes: Vec::new(),
            cached: false,
        };
        // Nothing left to read: every unit's text would be read for none.
        if (0..self.units.len()).all(|u| answered.contains(&u)) {
            return Ok((0..self.units.len())
                .map(|_| answered_elsewhere())
                .collect());
        }
        let progress = progress_bar(run.quiet, self.units.len());
        let pool = run.pool()?;
        let done = pool.install(|| -> Result<Vec<Done>, Diagnostic> {
            let texts: Vec<Result<String, String>> = self
                .units
                .par_iter()
                .map(|unit| self.preprocessed(unit))
                .collect();
            let companions = match linked {
                Some(wants) => {
                    progress.set_message("linking the units");
                    // Each unit's interface, and whether it wants its
                    // companions (one that cannot be read is none's).
                    let (interfaces, wanted): (Vec<Option<Interface>>, Vec<bool>) = self
                        .units
                        .par_iter()
                        .zip(&texts)
                        .map(|(unit, text)| {
                            let parsed = text.as_ref().ok().and_then(|text| {
                                ferry_parser::parse_preprocessed(text.clone(), &unit.file).ok()
                            });
                            match parsed {
                                Some(parsed) => (Some(Interface::of(&parsed)), wants(&parsed)),
                                None => (None, false),
                            }
                        })
                        .unzip();
                    let wanted: Vec<bool> = wanted
                        .into_iter()
                        .enumerate()
                        .map(|(u, w)| w && !answered.contains(&u))
                        .collect();
                    let program = match self.program {
                        Some(main) => Some(
                            crate::linking::program(main, &interfaces)
                                .map_err(|e| self.program_error(main, e))?,
                        ),
                        None => None,
                    };
                    let mut companions =
                        crate::linking::companions(&interfaces, program.as_deref());
                    for (with, wanted) in companions.iter_mut().zip(wanted) {
                        if !wanted {
                            with.clear();
                        }
                    }
                    companions
                }
                None => vec![Vec::new(); self.units.len()],
            };
            Ok((0..self.units.len())
                .into_par_iter()
                .map(|k| {
                    let unit = &self.units[k];
                    if answered.contains(&k) {
                        progress.inc(1);
                        return answered_elsewhere();
                    }
                    progress.set_message(self.relative(&unit.file));
                    let with: Vec<(&Unit, &str)> = companions[k]
                        .iter()
                        .filter_map(|&c| Some((&self.units[c], texts[c].as_deref().ok()?)))
                        .collect();
                    let done = self.one_unit(unit, &texts[k], &with, run, job, work);
                    progress.inc(1);
                    done
                })
                .collect())
        });
        let done = done.inspect_err(|_| progress.finish_and_clear())?;
        progress.finish_and_clear();
        Ok(done)
    }

    /// Every unit's preprocessed text and its parse (a unit that cannot
    /// be read: its diagnostic, printed), on `run`'s threads.
    pub fn read_all(&self, run: &Run) -> Result<Vec<ReadUnit>, Diagnostic> {
        let pool = run.pool()?;
        Ok(pool.install(|| {
            self.units
                .par_iter()
                .map(|unit| {
                    let text = self.preprocessed(unit)?;
                    let parsed = ferry_parser::parse_preprocessed(text.clone(), &unit.file)
                        .map_err(|d| d.to_string())?;
                    Ok((text, parsed))
                })
                .collect()
        }))
    }

    /// Why `--program` cannot take the units for one program.
    pub fn program_error(&self, main: usize, e: crate::linking::ProgramError) -> Diagnostic {
        use crate::linking::ProgramError::*;
        let name = |u: usize| self.relative(&self.units[u].file);
        let why = match e {
            NoMain => format!("`{}` defines no `main`", name(main)),
            Unreadable(u) if u == main => format!(
                "`{}` cannot be read (see its diagnostic without `--program`)",
                name(u)
            ),
            Unreadable(u) => format!(
                "`{}` cannot be read (see its diagnostic without `--program`), and the \
                 program's functions may have callers there",
                name(u)
            ),
            DefinedTwice { name: f, units } => format!(
                "`{f}` is defined by both `{}` and `{}`, so the units are not one program \
                 (give a database of the program's units alone)",
                name(units[0]),
                name(units[1])
            ),
        };
        Diagnostic::error(format!(
            "`--program {}`: the project's units do not make one program: {why}",
            name(main)
        ))
    }

    /// The unit's text after the preprocessor, under its flags; its
    /// diagnostic, printed, when it cannot be read.
    fn preprocessed(&self, unit: &Unit) -> Result<String, String> {
        let mut cflags = unit.cflags.clone();
        cflags.extend(self.extra_cflags.iter().cloned());
        ferry_parser::preprocess::preprocess(&unit.file, &cflags).map_err(|d| d.to_string())
    }

    fn one_unit(
        &self,
        unit: &Unit,
        text: &Result<String, String>,
        with: &[(&Unit, &str)],
        run: &Run,
        job: &str,
        work: &Work,
    ) -> Done {
        let text = match text {
            Ok(text) => text,
            Err(diagnostic) => {
                return Done {
                    answer: Err(diagnostic.clone()),
                    notes: Vec::new(),
                    cached: false,
                };
            }
        };
        // The companions' files and texts are part of the key: editing a
        // callee's unit recomputes its callers'.
        let key = run.cache.as_ref().map(|_| {
            let file = unit.file.to_string_lossy();
            let others: Vec<String> = with
                .iter()
                .map(|(u, _)| u.file.to_string_lossy().into_owned())
                .collect();
            let mut parts: Vec<&str> = vec![&file, text, job];
            for ((_, other_text), other_file) in with.iter().zip(&others) {
                parts.extend([other_file.as_str(), *other_text]);
            }
            Cache::key(&parts)
        });
        if let (Some(cache), Some(key)) = (&run.cache, &key)
            && let Some(done) = cache.load(key).as_ref().and_then(from_json)
        {
            return done;
        }
        let companions: Vec<ParsedFile> = with
            .iter()
            .filter_map(|(u, t)| ferry_parser::parse_preprocessed(t.to_string(), &u.file).ok())
            .collect();
        let answer = ferry_parser::parse_preprocessed(text.clone(), &unit.file)
            .and_then(|parsed| work(parsed, companions))
            .map_err(|diagnostic| diagnostic.to_string());
        let done = Done {
            answer,
            notes: ferry_hcfg::semantics::budget::take_notes(),
            cached: false,
        };
        if let (Some(cache), Some(key)) = (&run.cache, &key) {
            cache.store(key, &to_json(&done));
        }
        done
    }
}

/// A unit's preprocessed text and its parse, or its diagnostic, printed.
pub type ReadUnit = Result<(String, ParsedFile), String>;

/// Whether a unit (parsed) is to be analysed with the units it calls.
pub type Wants<'a> = dyn Fn(&ParsedFile) -> bool + Sync + 'a;

/// A job on one unit: the unit parsed, and the units it is analysed
/// with (empty unless the job links them).
pub type Work<'a> = dyn Fn(ParsedFile, Vec<ParsedFile>) -> Result<Value, Diagnostic> + Sync + 'a;

fn to_json(done: &Done) -> Value {
    match &done.answer {
        Ok(value) => json!({"answer": value, "notes": done.notes}),
        Err(diagnostic) => json!({"diagnostic": diagnostic, "notes": done.notes}),
    }
}

fn from_json(stored: &Value) -> Option<Done> {
    let notes = stored["notes"]
        .as_array()?
        .iter()
        .map(|n| n.as_str().map(str::to_string))
        .collect::<Option<_>>()?;
    let answer = match (stored.get("answer"), stored.get("diagnostic")) {
        (Some(value), _) => Ok(value.clone()),
        (None, Some(diagnostic)) => Err(diagnostic.as_str()?.to_string()),
        (None, None) => return None,
    };
    Some(Done {
        answer,
        notes,
        cached: true,
    })
}

/// The `.c` files under `dir`, recursively, but for hidden entries.
fn c_files_under(dir: &Path, files: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        if entry.file_name().to_string_lossy().starts_with('.') {
            continue;
        }
        let path = entry.path();
        if entry.file_type()?.is_dir() {
            c_files_under(&path, files)?;
        } else if path.extension().is_some_and(|e| e == "c") {
            files.push(path);
        }
    }
    Ok(())
}

/// Threads a batch runs on: one per core.
fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

fn progress_bar(quiet: bool, units: usize) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    // indicatif draws only on a terminal: piped stderr stays clean.
    let bar = ProgressBar::new(units as u64);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:30} {pos}/{len} units ({eta} left) {wide_msg}")
    {
        bar.set_style(style);
    }
    bar
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

    #[test]
    fn answers_and_diagnostics_survive_the_cache() {
        let done = Done {
            answer: Ok(json!({"x": [1, 2]})),
            notes: vec!["a note".into()],
            cached: false,
        };
        let back = from_json(&to_json(&done)).expect("read back");
        assert_eq!(back.answer, done.answer);
        assert_eq!(back.notes, done.notes);
        assert!(back.cached);
        let failed = Done {
            answer: Err("x.c:1:1: error: no".into()),
            notes: Vec::new(),
            cached: false,
        };
        assert_eq!(
            from_json(&to_json(&failed)).expect("back").answer,
            failed.answer
        );
    }
}
