//! What `ferry regions` costs against the size of the program: wall time
//! and peak memory (the kernel's accounting of the child, as `time -v`)
//! on random Csmith programs, on the files of the corpus (zlib, Lua, and
//! with `--sqlite` the SQLite amalgamation), and on nests of growing depth.
//!
//!     cargo bench -p ferry-tests --bench scaling [-- [--seeds A..B [--isolate]] [--corpus] [--sqlite] [--nesting] [--kernels] [--projects] [--time-budget S] [--limit S] [--baseline FERRY | --one-thread-baseline] [--rounds N]]
//!
//! `--nesting` also times loop nests of growing depth (rectangular and
//! triangular). `--kernels` times `ferry isolate FILE --function KERNEL` on loop
//! kernels inside library files of the corpus (with `--sqlite`, also one
//! inside the SQLite amalgamation): what isolating one function costs
//! when the file around it is large (issue 27's goal: 5 s).
//! `--projects` times `ferry isolate -p --auto` on zlib and Lua as whole
//! projects: one thread against two, and a rerun after one edit against
//! a full run; then each with a driver as one program, unit by unit
//! against `--program driver.c`. With no part named, all but `--sqlite` run. Csmith programs use the
//! flags of issue 27 (`--seeds 1..20` by default); each row gives the
//! program's lines, functions, time and memory, and the time per thousand
//! lines, the figure that stays flat when the cost is linear. With
//! `--isolate`, each function of each program is also isolated and run
//! (`ferry validate FILE --function F`): issue 27 asks that each either
//! prints the original's checksum or is refused with a diagnostic, never
//! a timeout or a wrong checksum (the test `csmith` checks three seeds;
//! this, as many as asked). A run past
//! `--limit` seconds (default 600) is reported as such. `--time-budget`
//! is handed to ferry (the default is ferry's).
//!
//! `--baseline FERRY` compares this ferry with another build (an earlier
//! commit's `target/release/ferry`, copied aside) on the same programs:
//! each program is analysed by both, alternately, `--rounds` times each
//! (3 by default), and the row gives the best time of each, their ratio
//! and whether the two printed the same regions byte for byte, so that a
//! change meant to be faster is seen to keep every result. On a shared
//! machine one run of the same binary can take a fifth longer than the
//! next: only a ratio of best times measured this way, in one run, says
//! anything. `--one-thread-baseline` takes this ferry with `--jobs 1` for
//! the baseline: what `ferry regions` gains on several threads (which it
//! takes unasked on programs of 200 functions or more).

use ferry_tests::corpus::corpus_files;
use ferry_tests::csmith;
use ferry_tests::drivers::{LUA_DRIVER, ZLIB_DRIVER};
use ferry_tests::projects::{write_program, write_project};
use ferry_tests::{ferry_bin, run_with_timeout, scratch_dir};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

struct Cost {
    status: i32,
    wall: Duration,
    peak_kb: i64,
}

/// Runs `FERRY ARGS` (its output into `output`, or discarded) and
/// measures it.
fn measure(
    ferry: &Path,
    args: &[String],
    limit: Duration,
    output: Option<&Path>,
) -> Result<Cost, String> {
    let stdout = match output {
        Some(path) => Stdio::from(
            std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?,
        ),
        None => Stdio::null(),
    };
    let start = Instant::now();
    let child = Command::new(ferry)
        .args(args)
        .stdin(Stdio::null())
        .stdout(stdout)
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
    /// The ferry to compare with, and the arguments it gets besides.
    baseline: Option<(PathBuf, Vec<String>)>,
    rounds: usize,
    /// Whether each function of each Csmith program is also isolated and
    /// validated.
    isolate: bool,
    /// Where both builds' outputs are written to be compared.
    dir: PathBuf,
}

fn options() -> Options {
    let mut o = Options {
        seeds: 1..21,
        parts: Vec::new(),
        budget: Vec::new(),
        limit: Duration::from_secs(600),
        baseline: None,
        rounds: 0,
        isolate: false,
        dir: scratch_dir("scaling-bench"),
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
            "--isolate" => o.isolate = true,
            "--corpus" => o.parts.push("corpus"),
            "--sqlite" => o.parts.push("sqlite"),
            "--nesting" => o.parts.push("nesting"),
            "--kernels" => o.parts.push("kernels"),
            "--projects" => o.parts.push("projects"),
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
            "--baseline" => {
                let path = PathBuf::from(args.next().expect("--baseline needs a ferry binary"));
                assert!(
                    path.is_file(),
                    "--baseline {}: no such file",
                    path.display()
                );
                o.baseline = Some((path, Vec::new()));
            }
            "--one-thread-baseline" => {
                o.baseline = Some((ferry_bin(), vec!["--jobs".into(), "1".into()]));
            }
            "--rounds" => {
                o.rounds = args
                    .next()
                    .and_then(|s| s.parse().ok())
                    .filter(|&n| n > 0)
                    .expect("--rounds needs a positive number")
            }
            // cargo bench passes --bench.
            "--bench" => {}
            other => panic!("unknown argument {other}"),
        }
    }
    // `--jobs` only shares `ferry regions`' work among threads: `ferry
    // isolate` on files refuses it, so the kernels have no one-thread
    // baseline.
    let one_thread = o
        .baseline
        .as_ref()
        .is_some_and(|(_, args)| !args.is_empty());
    if o.parts.is_empty() {
        o.parts = vec!["csmith", "corpus", "nesting", "kernels"];
        if one_thread {
            o.parts.retain(|&part| part != "kernels");
        }
    }
    assert!(
        !(one_thread && o.parts.contains(&"kernels")),
        "--one-thread-baseline compares `ferry regions` runs; --kernels times `ferry isolate`"
    );
    if o.rounds == 0 {
        o.rounds = if o.baseline.is_some() { 3 } else { 1 };
    }
    o
}

/// One program measured: this ferry's best round, and with a baseline,
/// the baseline's best round and whether both printed the same.
struct Case {
    cost: Result<Cost, String>,
    baseline: Option<(Result<Cost, String>, bool)>,
}

/// The best of `rounds` (least wall time), or the first failure.
fn best(costs: Vec<Result<Cost, String>>) -> Result<Cost, String> {
    let mut best: Option<Cost> = None;
    for cost in costs {
        let cost = cost?;
        if best.as_ref().is_none_or(|b| cost.wall < b.wall) {
            best = Some(cost);
        }
    }
    best.ok_or_else(|| "not run".to_string())
}

/// Runs `ferry ARGS` as the options say: once, or alternately with the
/// baseline, `rounds` times each.
fn run_case(o: &Options, args: &[String]) -> Case {
    let ours = ferry_bin();
    let Some((baseline, baseline_args)) = &o.baseline else {
        let costs = (0..o.rounds)
            .map(|_| measure(&ours, args, o.limit, None))
            .collect();
        return Case {
            cost: best(costs),
            baseline: None,
        };
    };
    let (new_out, old_out) = (o.dir.join("new.out"), o.dir.join("baseline.out"));
    let (mut new, mut old) = (Vec::new(), Vec::new());
    for _ in 0..o.rounds {
        let args_of_baseline: Vec<String> = args.iter().chain(baseline_args).cloned().collect();
        old.push(measure(
            baseline,
            &args_of_baseline,
            o.limit,
            Some(&old_out),
        ));
        new.push(measure(&ours, args, o.limit, Some(&new_out)));
    }
    let same = matches!(
        (std::fs::read(&new_out), std::fs::read(&old_out)),
        (Ok(a), Ok(b)) if a == b
    );
    Case {
        cost: best(new),
        baseline: Some((best(old), same)),
    }
}

fn row(name: &str, lines: usize, functions: Option<usize>, case: &Case) {
    let functions = functions.map_or("-".to_string(), |f| f.to_string());
    let compared = match &case.baseline {
        None => String::new(),
        Some((Ok(old), same)) => {
            let verdict = if *same { "same" } else { "DIFFERENT" };
            match &case.cost {
                Ok(new) => format!(
                    "  {:>9.2} {:>7.3} {verdict}",
                    old.wall.as_secs_f64(),
                    new.wall.as_secs_f64() / old.wall.as_secs_f64()
                ),
                Err(_) => format!("  {:>9.2} {:>7} {verdict}", old.wall.as_secs_f64(), "-"),
            }
        }
        Some((Err(why), _)) => format!("  baseline: {why}"),
    };
    match &case.cost {
        Ok(c) => {
            let seconds = c.wall.as_secs_f64();
            let per_kloc = seconds * 1000.0 / lines.max(1) as f64;
            let status = if c.status == 0 {
                String::new()
            } else {
                format!("  (exit status {})", c.status)
            };
            println!(
                "{name:<28} {lines:>8} {functions:>6} {seconds:>9.2} {:>9} {per_kloc:>9.3}{compared}{status}",
                c.peak_kb / 1024
            );
        }
        Err(why) => println!("{name:<28} {lines:>8} {functions:>6} {why}{compared}"),
    }
}

/// A table's title and columns; `size` names what the second column
/// counts (lines, or levels of nesting), per thousand in the last, then
/// the baseline's columns where there is one.
fn header(o: &Options, title: &str, size: &str) {
    println!("\n{title}");
    let compared = match o.baseline {
        Some(_) => format!("  {:>9} {:>7} output", "base (s)", "ratio"),
        None => String::new(),
    };
    println!(
        "{:<28} {:>8} {:>6} {:>9} {:>9} {:>9}{compared}",
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
    header(o, &format!("Csmith ({})", csmith::FLAGS.join(" ")), "lines");
    let mut times: Vec<Duration> = Vec::new();
    let mut failed = 0;
    let mut compared = Comparison::default();
    let mut isolated = Isolated::default();
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
        let case = run_case(o, &args);
        row(
            &format!("seed {seed}"),
            text.lines().count(),
            Some(csmith::functions(&text).len()),
            &case,
        );
        compared.add(&case);
        match case.cost {
            Ok(c) if c.status == 0 => times.push(c.wall),
            _ => failed += 1,
        }
        if o.isolate {
            for name in csmith::functions(&text) {
                isolated.validate(o, seed, &file, &name);
            }
        }
    }
    summary(&mut times, failed);
    compared.print();
    if o.isolate {
        isolated.print();
    }
}

/// How long each run of a Csmith program may take in `ferry validate`
/// (its own default is a minute): some of Csmith's programs loop for
/// minutes, and each function's validation runs the original again.
const VALIDATE_RUN_LIMIT: &str = "10";

/// The functions of the Csmith programs isolated and run
/// (`ferry validate --function`), by verdict.
#[derive(Default)]
struct Isolated {
    validated: usize,
    refused: usize,
    original_too_long: usize,
    failed: usize,
    slowest: Duration,
}

impl Isolated {
    /// Isolates `name` of `file` and runs it against the original; a
    /// failure (a different checksum, a crash, past `--limit`) is printed
    /// as it comes.
    fn validate(&mut self, o: &Options, seed: u32, file: &Path, name: &str) {
        let mut ferry = Command::new(ferry_bin());
        ferry
            .arg("validate")
            .arg(file)
            .args(["--function", name])
            .args(["--timeout", VALIDATE_RUN_LIMIT])
            .args(&o.budget)
            .arg(csmith::INCLUDE)
            .env("LC_ALL", "C");
        let start = Instant::now();
        let output = run_with_timeout(&mut ferry, o.limit);
        self.slowest = self.slowest.max(start.elapsed());
        let verdict = match output {
            Ok(output) => csmith::verdict(&output),
            Err(e) => csmith::Verdict::Failed(format!("{e:?}")),
        };
        match verdict {
            csmith::Verdict::Validated => self.validated += 1,
            csmith::Verdict::Refused => self.refused += 1,
            csmith::Verdict::OriginalTooLong => self.original_too_long += 1,
            csmith::Verdict::Failed(why) => {
                self.failed += 1;
                println!("seed {seed}, --function {name}: FAILED: {why}");
            }
        }
    }

    fn print(&self) {
        println!(
            "ferry validate --function: {} isolated with the same checksum, {} refused, \
             {} not compared (the original ran past validate's limit), {} failed; \
             slowest {:.2} s",
            self.validated,
            self.refused,
            self.original_too_long,
            self.failed,
            self.slowest.as_secs_f64()
        );
    }
}

/// Against the baseline: the ratios of best times, and how many outputs
/// differ.
#[derive(Default)]
struct Comparison {
    log_ratios: Vec<f64>,
    different: usize,
}

impl Comparison {
    fn add(&mut self, case: &Case) {
        if let (Ok(new), Some((Ok(old), same))) = (&case.cost, &case.baseline) {
            self.log_ratios
                .push((new.wall.as_secs_f64() / old.wall.as_secs_f64()).ln());
            self.different += usize::from(!same);
        }
    }

    fn print(&self) {
        if self.log_ratios.is_empty() {
            return;
        }
        let n = self.log_ratios.len();
        let mean = (self.log_ratios.iter().sum::<f64>() / n as f64).exp();
        println!(
            "against the baseline: geometric mean of time ratios {mean:.3} over {n} programs; \
             {} printed different regions",
            self.different
        );
    }
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
    header(o, title, "lines");
    let mut compared = Comparison::default();
    for f in files {
        let lines = std::fs::read_to_string(&f.path).map_or(0, |t| t.lines().count());
        let mut args = vec!["regions".to_string(), f.path.to_string_lossy().into_owned()];
        args.extend(o.budget.iter().cloned());
        args.extend(f.cflags.iter().cloned());
        let case = run_case(o, &args);
        row(&f.name, lines, None, &case);
        compared.add(&case);
    }
    compared.print();
}

fn nesting(dir: &Path, o: &Options) {
    header(
        o,
        "Nesting: else-if chains and sums of growing depth",
        "depth",
    );
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
            generated_row(dir, o, &format!("{kind}_{depth}"), &text, kind, depth);
        }
    }
}

/// `ferry regions` on a generated program of nesting `depth`, written as
/// `dir/NAME.c`: one row, named `KIND DEPTH`.
fn generated_row(dir: &Path, o: &Options, name: &str, text: &str, kind: &str, depth: usize) {
    let file: PathBuf = dir.join(format!("{name}.c"));
    std::fs::write(&file, text).expect("scratch folder is writable");
    let mut args = vec!["regions".to_string(), file.to_string_lossy().into_owned()];
    args.extend(o.budget.iter().cloned());
    row(&format!("{kind} {depth}"), depth, None, &run_case(o, &args));
}

/// Loop nests of growing depth: rectangular (`for (ik = 0; ik < 4; ik++)`,
/// the subscript the sum of the indices) and triangular (`ik <= ik-1`
/// under a bound the code checks): the polyhedra the analyses project
/// have one dimension per loop.
fn loop_depth(dir: &Path, o: &Options) {
    header(o, "Loop nests of growing depth", "depth");
    for depth in [4usize, 8, 16, 32, 64] {
        let indices: Vec<String> = (1..=depth).map(|k| format!("i{k}")).collect();
        let declared = indices.join(", ");
        let rectangular: String = indices
            .iter()
            .map(|i| format!("for ({i} = 0; {i} < 4; {i}++)\n"))
            .collect();
        let triangular: String = std::iter::once("for (i1 = 0; i1 < n; i1++)\n".to_string())
            .chain(
                indices
                    .windows(2)
                    .map(|w| format!("for ({} = 0; {} <= {}; {}++)\n", w[1], w[1], w[0], w[1])),
            )
            .collect();
        let innermost = &indices[depth - 1];
        let cases: [(&str, String); 2] = [
            (
                "rectangular",
                format!(
                    "int s[{}];\nint main(void) {{ int {declared};\n{rectangular}s[{}] += {innermost};\nreturn s[1]; }}\n",
                    4 * depth,
                    indices.join(" + ")
                ),
            ),
            (
                "triangular",
                format!(
                    "int s[64];\nint main(int argc, char **argv) {{ int n = argc + 60, {declared};\n\
                     if (n > 64) return 1;\n{triangular}s[{innermost}] += i1;\nreturn s[1]; }}\n"
                ),
            ),
        ];
        for (kind, text) in cases {
            generated_row(dir, o, &format!("{kind}_loops_{depth}"), &text, kind, depth);
        }
    }
}

/// Loop kernels of the corpus, by library and file name: each isolates
/// (`ferry isolate` exits 0 on it), so that the time is that of a whole
/// isolation, not of an early refusal.
const KERNELS: [(&str, &str, &str); 4] = [
    ("zlib", "trees.c", "init_block"),
    ("bzip2", "huffman.c", "BZ2_hbAssignCodes"),
    ("bzip2", "compress.c", "makeMaps_e"),
    ("sqlite", "sqlite3.c", "chacha_block"),
];

/// `ferry isolate FILE --function KERNEL -o DIR` on each of [`KERNELS`]
/// (SQLite's with `--sqlite` only).
fn kernels(dir: &Path, o: &Options) {
    let files = match corpus_files() {
        Ok(files) => files,
        Err(e) => {
            println!("no corpus: {e}");
            return;
        }
    };
    header(o, "ferry isolate FILE --function KERNEL", "lines");
    let out = dir.join("kernel-out");
    for (library, name, kernel) in KERNELS {
        if library == "sqlite" && !o.parts.contains(&"sqlite") {
            continue;
        }
        let Some(file) = files
            .iter()
            .find(|f| f.library == library && f.name.rsplit('/').next() == Some(name))
        else {
            println!("{library}: no {name} in the corpus");
            continue;
        };
        let lines = std::fs::read_to_string(&file.path).map_or(0, |t| t.lines().count());
        let mut args = vec![
            "isolate".to_string(),
            file.path.to_string_lossy().into_owned(),
            "--function".into(),
            kernel.into(),
            "-o".into(),
            out.to_string_lossy().into_owned(),
        ];
        args.extend(o.budget.iter().cloned());
        args.extend(file.cflags.iter().cloned());
        let case = isolation_case(o, &args, &out.join(name));
        row(&format!("{name} {kernel}"), lines, None, &case);
    }
}

/// [`run_case`] for `ferry isolate ... -o OUT`, which refuses an output
/// folder that exists: OUT is removed before each run, and with a
/// baseline, the two isolated files `isolated` are compared.
fn isolation_case(o: &Options, args: &[String], isolated: &Path) -> Case {
    let out = isolated.parent().expect("a file in the output folder");
    let once = |ferry: &Path, args: &[String]| {
        let _ = std::fs::remove_dir_all(out);
        let cost = measure(ferry, args, o.limit, None);
        (cost, std::fs::read(isolated).ok())
    };
    let mut ours = Vec::new();
    let mut theirs = Vec::new();
    let mut same = true;
    for _ in 0..o.rounds {
        let (cost, new_text) = once(&ferry_bin(), args);
        ours.push(cost);
        if let Some((baseline, baseline_args)) = &o.baseline {
            let args: Vec<String> = args.iter().chain(baseline_args).cloned().collect();
            let (cost, old_text) = once(baseline, &args);
            theirs.push(cost);
            same &= new_text == old_text;
        }
    }
    Case {
        cost: best(ours),
        baseline: o.baseline.as_ref().map(|_| (best(theirs), same)),
    }
}

/// zlib and Lua as projects (`ferry isolate -p DB --auto`): the whole
/// batch on one thread against two, and a rerun after editing the largest
/// unit (the others taken from the cache) against a full run, each the
/// best of `--rounds` runs (1 at least).
fn projects(dir: &Path, o: &Options) {
    println!("\nProjects: ferry isolate -p DB --auto");
    println!(
        "{:<8} {:>6} {:>10} {:>10} {:>9} {:>12} {:>10}",
        "project", "units", "1 job s", "2 jobs s", "1/2", "one edit s", "edit/full"
    );
    let rounds = o.rounds.max(1);
    for library in ["zlib", "lua"] {
        let project = dir.join(format!("project-{library}"));
        let files = match write_project(library, &project) {
            Ok(files) => files,
            Err(e) => {
                println!("{library}: {e}");
                continue;
            }
        };
        let out = dir.join(format!("out-{library}"));
        let run = |extra: &[&str]| -> Option<Duration> {
            (0..rounds)
                .map(|_| run_once(&out, &project, extra, o))
                .collect::<Option<Vec<_>>>()?
                .into_iter()
                .min()
        };
        let one = run(&["--no-cache", "--jobs", "1"]);
        let two = run(&["--no-cache", "--jobs", "2"]);
        // Fill the cache, edit the largest unit, and rerun each round
        // after a fresh edit.
        let _ = run(&[]);
        let largest = files
            .iter()
            .max_by_key(|f| std::fs::metadata(&f.path).map_or(0, |m| m.len()))
            .map(|f| project.join(f.path.file_name().expect("a name")));
        let mut edits = 0;
        let mut edited = || -> Option<Duration> {
            let mut best: Option<Duration> = None;
            for _ in 0..rounds {
                let path = largest.as_ref()?;
                edits += 1;
                let mut text = std::fs::read_to_string(path).ok()?;
                text.push_str(&format!(
                    "\nint ferry_bench_edit_{edits}(int x) {{ return x; }}\n"
                ));
                std::fs::write(path, text).ok()?;
                let wall = run_once(&out, &project, &[], o)?;
                best = Some(best.map_or(wall, |b| b.min(wall)));
            }
            best
        };
        let edit = edited();
        let secs =
            |d: Option<Duration>| d.map_or("-".into(), |d| format!("{:.2}", d.as_secs_f64()));
        let ratio = |a: Option<Duration>, b: Option<Duration>| match (a, b) {
            (Some(a), Some(b)) => format!("{:.2}", a.as_secs_f64() / b.as_secs_f64()),
            _ => "-".into(),
        };
        println!(
            "{:<8} {:>6} {:>10} {:>10} {:>9} {:>12} {:>10}",
            library,
            files.len(),
            secs(one),
            secs(two),
            ratio(one, two),
            secs(edit),
            ratio(edit, two)
        );
    }
    programs(dir, o);
}

/// zlib and Lua each with its driver (`ferry_tests::drivers`) as one more
/// unit: unit by unit against `--program driver.c`, which analyses the
/// program's units together once, each the best of `--rounds` runs, and
/// whether the two write the same units.
fn programs(dir: &Path, o: &Options) {
    println!("\nPrograms: ferry isolate -p DB --auto [--program driver.c], library and driver");
    println!(
        "{:<8} {:>6} {:>14} {:>12} {:>14} {:>12}",
        "project", "units", "unit by unit s", "program s", "program/units", "same output"
    );
    let rounds = o.rounds.max(1);
    for (library, driver) in [("zlib", ZLIB_DRIVER), ("lua", LUA_DRIVER)] {
        let project = dir.join(format!("program-{library}"));
        let files = match write_program(library, &project, driver) {
            Ok(files) => files,
            Err(e) => {
                println!("{library}: {e}");
                continue;
            }
        };
        let run = |out: &Path, extra: &[&str]| -> Option<Duration> {
            (0..rounds)
                .map(|_| run_once(out, &project, extra, o))
                .collect::<Option<Vec<_>>>()?
                .into_iter()
                .min()
        };
        let (by_unit, together) = (dir.join("by-unit"), dir.join("together"));
        let units = run(&by_unit, &["--no-cache"]);
        let driver = project.join("driver.c");
        let driver = driver.to_str().expect("UTF-8");
        let program = run(&together, &["--no-cache", "--program", driver]);
        let same = files.iter().all(|f| {
            let name = f.path.file_name().expect("a name");
            std::fs::read(by_unit.join(name)).ok() == std::fs::read(together.join(name)).ok()
        });
        let secs =
            |d: Option<Duration>| d.map_or("-".into(), |d| format!("{:.2}", d.as_secs_f64()));
        let ratio = match (program, units) {
            (Some(a), Some(b)) => format!("{:.2}", a.as_secs_f64() / b.as_secs_f64()),
            _ => "-".into(),
        };
        println!(
            "{:<8} {:>6} {:>14} {:>12} {:>14} {:>12}",
            library,
            files.len() + 1,
            secs(units),
            secs(program),
            ratio,
            if same { "yes" } else { "NO" }
        );
    }
}

/// One run of `ferry isolate -p PROJECT --auto` into `out`, with
/// `extra` options; its wall time when it succeeds.
fn run_once(out: &Path, project: &Path, extra: &[&str], o: &Options) -> Option<Duration> {
    let _ = std::fs::remove_dir_all(out);
    let mut args: Vec<String> = vec![
        "isolate".into(),
        "-p".into(),
        project.display().to_string(),
        "--auto".into(),
        "--quiet".into(),
        "-o".into(),
        out.display().to_string(),
    ];
    args.extend(extra.iter().map(|s| s.to_string()));
    let cost = measure(&ferry_bin(), &args, o.limit, None).ok()?;
    (cost.status == 0).then_some(cost.wall)
}

fn main() {
    let o = options();
    let dir = o.dir.clone();
    println!(
        "ferry regions: wall time and peak memory ({}), best of {} round(s)",
        ferry_bin().display(),
        o.rounds
    );
    if let Some((baseline, args)) = &o.baseline {
        println!(
            "baseline: {} {}, run alternately with it",
            baseline.display(),
            args.join(" ")
        );
    }
    for part in o.parts.clone() {
        match part {
            "csmith" => csmith(&dir, &o),
            "corpus" => corpus(&o, false),
            "sqlite" => corpus(&o, true),
            "nesting" => {
                nesting(&dir, &o);
                loop_depth(&dir, &o);
            }
            "kernels" => kernels(&dir, &o),
            "projects" => projects(&dir, &o),
            _ => unreachable!(),
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
