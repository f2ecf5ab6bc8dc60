//! Verdicts, and their two renderings: text for people, JSON for tools.

use crate::compare::{Difference, FileComparison, FileState};
use crate::exec::Status;
use crate::stats::Stats;
use serde_json::{Value, json};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Same,
    Different,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Same => "same",
            Verdict::Different => "different",
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

    pub fn verdict(&self) -> Verdict {
        if self.stdout_equal() && self.exit_equal() && self.files_equal() {
            Verdict::Same
        } else {
            Verdict::Different
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
            "verdict": self.verdict().as_str(),
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
        match &self.stats {
            Some(s) => text.push_str(&format!(
                " ({} bytes in {} to the accelerator, {} bytes in {} back; {}, {} bytes)\n",
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
        if self.verdict() == Verdict::Different && !self.transformed_stderr.is_empty() {
            let stderr = String::from_utf8_lossy(&self.transformed_stderr);
            let shown: Vec<&str> = stderr.lines().take(10).collect();
            text.push_str(&indent(&format!(
                "the transformed program's stderr:\n{}",
                indent(&shown.join("\n"))
            )));
        }
        text
    }
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
    /// Same when every run is the same.
    pub fn verdict(&self) -> Verdict {
        if self.runs.iter().all(|r| r.verdict() == Verdict::Same) {
            Verdict::Same
        } else {
            Verdict::Different
        }
    }

    pub fn to_json(&self) -> Value {
        json!({
            "verdict": self.verdict().as_str(),
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
