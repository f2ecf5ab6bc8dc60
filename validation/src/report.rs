//! Verdicts, and their two renderings: text for people, JSON for tools.

use crate::compare::{Difference, FileComparison, FileState};
use crate::exec::Status;
use crate::stats::Stats;
use serde_json::{Value, json};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Same,
    Different,
    /// The original program itself failed (a failure exit status or a
    /// signal): the run validates nothing (the input it needs is missing,
    /// most often).
    OriginalFailed,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Same => "same",
            Verdict::Different => "different",
            Verdict::OriginalFailed => "original failed",
        }
    }

    fn json(self) -> &'static str {
        match self {
            Verdict::OriginalFailed => "original_failed",
            other => other.as_str(),
        }
    }
}

/// One execution of both programs, compared.
#[derive(Debug, Clone)]
pub struct RunReport {
    pub args: Vec<String>,
    pub original_status: Status,
    pub transformed_status: Status,
    /// Where stdout first differs; `None` when equal.
    pub stdout: Option<Difference>,
    pub files: Vec<FileComparison>,
    /// The transformed run's statistics; `None` when it crashed or timed out.
    pub stats: Option<Stats>,
    /// Whether the run compares the programs even when the original fails
    /// (`Request::original_may_fail`).
    pub original_failure_accepted: bool,
    /// What the original program printed on stderr, shown when it failed.
    pub original_stderr: Vec<u8>,
    /// What the transformed program printed on stderr (not compared: the
    /// runtime may speak there), shown when the run differs.
    pub transformed_stderr: Vec<u8>,
}

impl RunReport {
    pub fn stdout_equal(&self) -> bool {
        self.stdout.is_none()
    }

    /// A time-out is never equal, even to another time-out (the original's
    /// is an error before any comparison).
    pub fn exit_equal(&self) -> bool {
        self.transformed_status != Status::TimedOut
            && self.original_status == self.transformed_status
    }

    pub fn files_equal(&self) -> bool {
        self.files.iter().all(FileComparison::equal)
    }

    /// Different before original failed: a transformed program that
    /// behaves otherwise than a failing original is still wrong.
    pub fn verdict(&self) -> Verdict {
        if !(self.stdout_equal() && self.exit_equal() && self.files_equal()) {
            Verdict::Different
        } else if self.original_status != Status::Exited(0) && !self.original_failure_accepted {
            Verdict::OriginalFailed
        } else {
            Verdict::Same
        }
    }

    pub fn to_json(&self) -> Value {
        let files: Vec<Value> = self
            .files
            .iter()
            .map(|f| {
                json!({
                    "name": f.name,
                    "equal": f.equal(),
                    "state": file_state_name(&f.state),
                    "first_difference": match &f.state {
                        FileState::Different(d) => difference_json(d),
                        _ => Value::Null,
                    },
                })
            })
            .collect();
        json!({
            "args": self.args,
            "verdict": self.verdict().json(),
            "stdout_equal": self.stdout_equal(),
            "exit_equal": self.exit_equal(),
            "files_equal": self.files_equal(),
            "original_status": self.original_status.to_string(),
            "transformed_status": self.transformed_status.to_string(),
            "stdout_first_difference": self.stdout.as_ref().map_or(Value::Null, difference_json),
            "files": files,
            "stats": self.stats.as_ref().map_or(Value::Null, Stats::to_json),
        })
    }

    /// A few lines: the verdict and statistics, then each difference.
    pub fn describe(&self, index: usize) -> String {
        let mut text = format!(
            "run {} [{}]: {}",
            index + 1,
            self.args.join(" "),
            self.verdict().as_str()
        );
        let status = if self.exit_equal() {
            format!("{}; ", self.original_status)
        } else {
            String::new()
        };
        match &self.stats {
            Some(s) => text.push_str(&format!(
                " ({status}{} bytes in {} to the accelerator, {} bytes in {} back; {}, {} bytes)\n",
                s.bytes_to_accel,
                count(s.transfers_to_accel, "transfer"),
                s.bytes_from_accel,
                count(s.transfers_from_accel, "transfer"),
                count(s.accel_allocations, "buffer"),
                s.accel_bytes_allocated
            )),
            None => text.push_str(" (no transfer statistics: the transformed run did not exit)\n"),
        }
        if !self.exit_equal() {
            text.push_str(&format!(
                "  exit status: original {}, transformed {}\n",
                self.original_status, self.transformed_status
            ));
        }
        if self.verdict() == Verdict::OriginalFailed {
            text.push_str(&indent(&format!(
                "the original program failed ({}): this run validates nothing; give it the \
                 arguments, input and files it needs (`--run`, `--stdin`, the current folder), \
                 or accept the failure with `--original-may-fail`",
                self.original_status
            )));
            text.push_str(&shown_stderr(
                "the original program's stderr",
                &self.original_stderr,
            ));
        }
        if let Some(d) = &self.stdout {
            text.push_str(&indent(&format!("stdout differs at {}", d.describe())));
        }
        for f in &self.files {
            let line = match &f.state {
                FileState::Equal => continue,
                FileState::MissingInBoth => format!("{}: written by neither program", f.name),
                FileState::MissingInOriginal => {
                    format!("{}: written only by the transformed program", f.name)
                }
                FileState::MissingInTransformed => {
                    format!("{}: not written by the transformed program", f.name)
                }
                FileState::Different(d) => format!("{} differs at {}", f.name, d.describe()),
            };
            text.push_str(&indent(&line));
        }
        if self.verdict() == Verdict::Different {
            text.push_str(&shown_stderr(
                "the transformed program's stderr",
                &self.transformed_stderr,
            ));
        }
        text
    }
}

/// The first lines of a program's stderr, under a heading; nothing when
/// it printed nothing.
fn shown_stderr(heading: &str, stderr: &[u8]) -> String {
    if stderr.is_empty() {
        return String::new();
    }
    let stderr = String::from_utf8_lossy(stderr);
    let shown: Vec<&str> = stderr.lines().take(10).collect();
    indent(&format!("{heading}:\n{}", indent(&shown.join("\n"))))
}

/// Every run of one validation.
#[derive(Debug, Clone)]
pub struct Report {
    pub runs: Vec<RunReport>,
    /// The relative tolerance floating-point results were compared under
    /// (0: byte for byte).
    pub tolerance: f64,
}

impl Report {
    /// Different when some run differs; otherwise original failed when
    /// some run's original failed; same when every run is the same.
    pub fn verdict(&self) -> Verdict {
        let verdicts: Vec<Verdict> = self.runs.iter().map(RunReport::verdict).collect();
        if verdicts.contains(&Verdict::Different) {
            Verdict::Different
        } else if verdicts.contains(&Verdict::OriginalFailed) {
            Verdict::OriginalFailed
        } else {
            Verdict::Same
        }
    }

    pub fn to_json(&self) -> Value {
        json!({
            "verdict": self.verdict().json(),
            "tolerance": self.tolerance,
            "runs": self.runs.iter().map(RunReport::to_json).collect::<Vec<_>>(),
        })
    }

    /// The text `ferry validate` prints: one paragraph per run, then the verdict.
    pub fn describe(&self) -> String {
        let mut text: String = self
            .runs
            .iter()
            .enumerate()
            .map(|(i, r)| r.describe(i))
            .collect();
        let different = self
            .runs
            .iter()
            .filter(|r| r.verdict() == Verdict::Different)
            .count();
        let within = if self.tolerance > 0.0 {
            format!(
                ", floating-point results within a relative {:e}",
                self.tolerance
            )
        } else {
            String::new()
        };
        text.push_str(&match self.verdict() {
            Verdict::Same if self.runs.len() == 1 => {
                format!("verdict: same (the run behaves identically{within})\n")
            }
            Verdict::Same => format!(
                "verdict: same (all {} runs behave identically{within})\n",
                self.runs.len()
            ),
            Verdict::Different => {
                format!(
                    "verdict: different ({different} of {} runs)\n",
                    self.runs.len()
                )
            }
            Verdict::OriginalFailed => {
                let failed = self
                    .runs
                    .iter()
                    .filter(|r| r.verdict() == Verdict::OriginalFailed)
                    .count();
                format!(
                    "verdict: not validated (the original program failed in {failed} of {} \
                     runs)\n",
                    self.runs.len()
                )
            }
        });
        text
    }
}

fn file_state_name(state: &FileState) -> &'static str {
    match state {
        FileState::Equal => "equal",
        FileState::MissingInBoth => "missing_in_both",
        FileState::MissingInOriginal => "missing_in_original",
        FileState::MissingInTransformed => "missing_in_transformed",
        FileState::Different(_) => "different",
    }
}

fn difference_json(d: &Difference) -> Value {
    json!({"line": d.line, "original": d.original, "transformed": d.transformed})
}

/// `1 transfer`, `2 transfers`.
fn count(n: u64, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

fn indent(text: &str) -> String {
    text.lines().map(|l| format!("  {l}\n")).collect()
}
