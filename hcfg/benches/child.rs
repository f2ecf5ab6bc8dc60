//! What the analysis benchmarks share (`hcfg/benches/semantics.rs`,
//! `regions/benches/regions.rs`, which include this file by path): the
//! files they measure, the time and memory budget of one file, and the
//! child process that analyses one file and reports on its stdout, one
//! line per result, so that a file that does not finish in its budget is
//! stopped and reported instead of stalling the benchmark.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// One C file to analyse.
pub struct Input {
    pub name: String,
    pub path: PathBuf,
    pub cflags: Vec<String>,
    pub lines: usize,
}

/// The lines of a file, as `wc -l` counts them.
pub fn count_lines(path: &Path) -> usize {
    let bytes =
        std::fs::read(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    bytes.iter().filter(|&&b| b == b'\n').count()
}

/// How long a child may analyse one file, and how much memory it may take.
pub struct Budget {
    pub base: f64,
    pub per_kline: f64,
    /// The same budget for every file, when set.
    pub fixed: Option<f64>,
    pub memory_gib: u64,
}

impl Budget {
    /// `FERRY_BENCH_BUDGET_BASE` seconds (10) plus
    /// `FERRY_BENCH_BUDGET_PER_KLINE` (0.2) per 1,000 lines, and
    /// `FERRY_BENCH_MEMORY_GIB` (8) of address space.
    pub fn from_env() -> Budget {
        let var = |name: &str, default: f64| {
            std::env::var(name)
                .ok()
                .map(|v| {
                    v.parse::<f64>()
                        .unwrap_or_else(|_| panic!("{name}={v}: not a number"))
                })
                .unwrap_or(default)
        };
        Budget {
            base: var("FERRY_BENCH_BUDGET_BASE", 10.0),
            per_kline: var("FERRY_BENCH_BUDGET_PER_KLINE", 0.2),
            fixed: None,
            memory_gib: var("FERRY_BENCH_MEMORY_GIB", 8.0) as u64,
        }
    }

    pub fn for_lines(&self, lines: usize) -> Duration {
        Duration::from_secs_f64(
            self.fixed
                .unwrap_or(self.base + self.per_kline * lines as f64 / 1000.0),
        )
    }
}

/// What a child line means to the runner.
pub enum Line {
    /// The file is parsed: the budget's clock starts.
    Parsed,
    Other,
}

/// How a child ended.
pub enum End {
    /// Its budget ran out; it was killed.
    TimedOut(Duration),
    Exited {
        status: ExitStatus,
        /// The last lines it wrote on stderr.
        stderr_tail: Vec<String>,
    },
}

impl End {
    /// Why a child that exited did not finish, if it did not: `finished`
    /// says whether it reported everything.
    pub fn failure(&self, finished: bool, current: &str) -> Option<String> {
        match self {
            End::TimedOut(_) => None,
            End::Exited { status, .. } if finished && status.success() => None,
            End::Exited {
                status,
                stderr_tail,
            } => Some(format!(
                "child {status} during `{current}`{}",
                if stderr_tail.is_empty() {
                    String::new()
                } else {
                    format!(":\n    {}", stderr_tail.join("\n    "))
                }
            )),
        }
    }
}

/// Runs this benchmark's own executable as `--child FILE CFLAGS...`, its
/// address space capped (`ulimit -v`, so that a runaway analysis fails an
/// allocation instead of taking the machine's memory), and hands every
/// line it prints to `on_line`, split in words. The clock starts when
/// `on_line` says the file is parsed: the budget is for analysis.
pub fn run_child(input: &Input, budget: &Budget, mut on_line: impl FnMut(&[&str]) -> Line) -> End {
    let exe = std::env::current_exe().expect("the benchmark's own path");
    // `ulimit -v` (KiB) then `exec`: the shell becomes the child, so that
    // killing it kills the analysis.
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {} && exec \"$0\" \"$@\"",
            budget.memory_gib.saturating_mul(1 << 20)
        ))
        .arg(exe)
        .arg("--child")
        .arg(&input.path)
        .args(&input.cflags)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start a child benchmark process");
    let (tx, rx) = mpsc::channel();
    let stdout = child.stdout.take().expect("piped stdout");
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let stderr = child.stderr.take().expect("piped stderr");
    let stderr_reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = std::io::Read::read_to_string(&mut BufReader::new(stderr), &mut text);
        text
    });
    let limit = budget.for_lines(input.lines);
    let mut deadline: Option<Instant> = None;
    let mut timed_out = false;
    loop {
        let line = match deadline {
            None => rx.recv().ok(),
            Some(d) => match rx.recv_timeout(d.saturating_duration_since(Instant::now())) {
                Ok(line) => Some(line),
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    let _ = child.kill();
                    timed_out = true;
                    break;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => None,
            },
        };
        let Some(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        if let Line::Parsed = on_line(&words) {
            deadline = Some(Instant::now() + limit);
        }
    }
    let status = child.wait().expect("wait for the child");
    let stderr = stderr_reader.join().unwrap_or_default();
    if timed_out {
        return End::TimedOut(limit);
    }
    let mut stderr_tail: Vec<String> = stderr.lines().rev().take(10).map(str::to_string).collect();
    stderr_tail.reverse();
    End::Exited {
        status,
        stderr_tail,
    }
}

/// The child's side: runs `analyse` on a thread with a large stack (the
/// trees of sqlite3.c are deep in places, as the `ferry` command knows),
/// and exits with 101 if it panicked.
pub fn run_analysis(analyse: impl FnOnce() + Send + 'static) {
    let worker = std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(analyse)
        .expect("start the child's worker thread");
    if worker.join().is_err() {
        std::process::exit(101);
    }
}
