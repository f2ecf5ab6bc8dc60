//! What `ferry regions` costs against the size of the program: wall time
//! and peak memory (the kernel's accounting of the child, as `time -v`)
//! on random Csmith programs, on the files of the corpus (zlib, Lua, and
//! with `--sqlite` the SQLite amalgamation), and on nests of growing depth.
//!
//!     cargo bench -p ferry-tests --bench scaling [-- [--seeds A..B] [--corpus] [--sqlite] [--nesting] [--time-budget S] [--limit S]]
//!
//! With no part named, all but `--sqlite` run. Csmith programs use the
//! flags of issue 27 (`--seeds 1..20` by default); each row gives the
//! program's lines, functions, time and memory, and the time per thousand
//! lines, the figure that stays flat when the cost is linear. A run past
//! `--limit` seconds (default 600) is reported as such. `--time-budget`
//! is handed to ferry (the default is ferry's).

use ferry_tests::corpus::corpus_files;
use ferry_tests::csmith;
use ferry_tests::{ferry_bin, scratch_dir};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

struct Cost {
    status: i32,
    wall: Duration,
    peak_kb: i64,
}

/// Runs `ferry ARGS` (output discarded) and measures it.
fn measure(args: &[String], limit: Duration) -> Result<Cost, String> {
    let start = Instant::now();
    let child = Command::new(ferry_bin())
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot run ferry: {e}"))?;
    let pid = child.id() as libc::pid_t;
    loop {
        let mut status = 0;
        // SAFETY: an all-zero rusage is a valid value to be filled in.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: `pid` is our child, not yet waited for; the pointers are
        // to live locals.
        let done = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if done == pid {
            return Ok(Cost {
                status: if libc::WIFEXITED(status) {
                    libc::WEXITSTATUS(status)
                } else {
                    -1
                },
                wall: start.elapsed(),
                peak_kb: usage.ru_maxrss,
            });
        }
        if done < 0 {
            return Err("wait4 failed".into());
        }
        if start.elapsed() > limit {
            // SAFETY: signalling our own child.
            unsafe { libc::kill(pid, libc::SIGKILL) };
            let mut status = 0;
            // SAFETY: reaping our own child.
            unsafe { libc::waitpid(pid, &mut status, 0) };
            return Err(format!("past the limit of {} s", limit.as_secs()));
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

struct Options {
    seeds: std::ops::Range<u32>,
    parts: Vec<&'static str>,
    budget: Vec<String>,
    limit: Duration,
}

fn options() -> Options {
    let mut o = Options {
        seeds: 1..21,
        parts: Vec::new(),
        budget: Vec::new(),
        limit: Duration::from_secs(600),
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--seeds" => {
                let value = args.next().expect("--seeds needs A..B");
                let (a, b) = value.split_once("..").expect("--seeds A..B");
                o.seeds = a.parse().expect("a seed")..b.parse::<u32>().expect("a seed") + 1;
                o.parts.push("csmith");
            }
            "--corpus" => o.parts.push("corpus"),
            "--sqlite" => o.parts.push("sqlite"),
            "--nesting" => o.parts.push("nesting"),
            "--time-budget" => {
                let value = args.next().expect("--time-budget needs seconds");
                o.budget = vec!["--time-budget".into(), value];
            }
            "--limit" => {
                o.limit = Duration::from_secs_f64(
                    args.next()
                        .and_then(|s| s.parse().ok())
                        .expect("--limit needs seconds"),
                )
            }
            // cargo bench passes --bench.
            "--bench" => {}
            other => panic!("unknown argument {other}"),
        }
    }
    if o.parts.is_empty() {
        o.parts = vec!["csmith", "corpus", "nesting"];
    }
    o
}

fn row(name: &str, lines: usize, functions: Option<usize>, cost: &Result<Cost, String>) {
    let functions = functions.map_or("-".to_string(), |f| f.to_string());
    match cost {
        Ok(c) => {
            let seconds = c.wall.as_secs_f64();
            let per_kloc = seconds * 1000.0 / lines.max(1) as f64;
            let status = if c.status == 0 {
                String::new()
            } else {
                format!("  (exit status {})", c.status)
            };
            println!(
                "{name:<28} {lines:>8} {functions:>6} {seconds:>9.2} {:>9} {per_kloc:>9.3}{status}",
                c.peak_kb / 1024
            );
        }
        Err(why) => println!("{name:<28} {lines:>8} {functions:>6} {why}"),
    }
}

/// A table's title and columns; `size` names what the second column
/// counts (lines, or levels of nesting), per thousand in the last.
fn header(title: &str, size: &str) {
    println!("\n{title}");
    println!(
        "{:<28} {:>8} {:>6} {:>9} {:>9} {:>9}",
        "program",
        size,
        "funcs",
        "time (s)",
        "peak MiB",
        format!("s/k{size}")
    );
}

/// Issue 27's goal for each random program.
const CSMITH_GOAL: Duration = Duration::from_secs(2);

fn csmith(dir: &Path, o: &Options) {
    header(&format!("Csmith ({})", csmith::FLAGS.join(" ")), "lines");
    let mut times: Vec<Duration> = Vec::new();
    let mut failed = 0;
    for seed in o.seeds.clone() {
        let file = match csmith::generate(dir, seed) {
            Ok(file) => file,
            Err(e) => {
                println!("{e}");
                return;
            }
        };
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        let mut args = vec!["regions".to_string(), file.to_string_lossy().into_owned()];
        args.extend(o.budget.iter().cloned());
        args.push(csmith::INCLUDE.into());
        let cost = measure(&args, o.limit);
        row(
            &format!("seed {seed}"),
            text.lines().count(),
            Some(csmith::functions(&text).len()),
            &cost,
        );
        match cost {
            Ok(c) if c.status == 0 => times.push(c.wall),
            _ => failed += 1,
        }
    }
    summary(&mut times, failed);
}

/// How many programs finished within the goal, the median and the worst.
fn summary(times: &mut [Duration], failed: usize) {
    if times.is_empty() {
        return;
    }
    times.sort();
    let within = times.iter().filter(|&&t| t <= CSMITH_GOAL).count();
    println!(
        "{within} of {} programs within {} s ({failed} failed or past the limit); median {:.2} s, worst {:.2} s",
        times.len() + failed,
        CSMITH_GOAL.as_secs(),
        times[times.len() / 2].as_secs_f64(),
        times[times.len() - 1].as_secs_f64(),
    );
}

fn corpus(o: &Options, sqlite: bool) {
    let files = match corpus_files() {
        Ok(files) => files,
        Err(e) => {
            println!("no corpus: {e}");
            return;
        }
    };
    let mut files: Vec<_> = files
        .into_iter()
        .filter(|f| (f.library == "sqlite") == sqlite)
        .collect();
    files.sort_by_key(|f| std::fs::metadata(&f.path).map_or(0, |m| m.len()));
    let title = if sqlite {
        "SQLite amalgamation"
    } else {
        "zlib and Lua, one file at a time (smallest first)"
    };
    header(title, "lines");
    for f in files {
        let lines = std::fs::read_to_string(&f.path).map_or(0, |t| t.lines().count());
        let mut args = vec!["regions".to_string(), f.path.to_string_lossy().into_owned()];
        args.extend(o.budget.iter().cloned());
        args.extend(f.cflags.iter().cloned());
        row(&f.name, lines, None, &measure(&args, o.limit));
    }
}

fn nesting(dir: &Path, o: &Options) {
    header("Nesting: else-if chains and sums of growing depth", "depth");
    for depth in [250usize, 500, 1000, 2000] {
        let chain: String = (0..depth)
            .map(|k| format!("if (argc == {k}) x = {k}; else "))
            .collect();
        let cases: [(&str, String); 2] = [
            (
                "else-if",
                format!(
                    "int main(int argc, char **argv) {{ int x = 0;\n{chain}x = -1;\nreturn x; }}\n"
                ),
            ),
            (
                "sum",
                format!(
                    "int main(int argc, char **argv) {{ int x = argc{}; return x; }}\n",
                    " + argc".repeat(depth)
                ),
            ),
        ];
        for (kind, text) in cases {
            let file: PathBuf = dir.join(format!("{kind}_{depth}.c"));
            std::fs::write(&file, &text).expect("scratch folder is writable");
            let mut args = vec!["regions".to_string(), file.to_string_lossy().into_owned()];
            args.extend(o.budget.iter().cloned());
            row(
                &format!("{kind} {depth}"),
                depth,
                None,
                &measure(&args, o.limit),
            );
        }
    }
}

fn main() {
    let o = options();
    let dir = scratch_dir("scaling-bench");
    println!(
        "ferry regions: wall time and peak memory ({})",
        ferry_bin().display()
    );
    for part in o.parts.clone() {
        match part {
            "csmith" => csmith(&dir, &o),
            "corpus" => corpus(&o, false),
            "sqlite" => corpus(&o, true),
            "nesting" => nesting(&dir, &o),
            _ => unreachable!(),
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
