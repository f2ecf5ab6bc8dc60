//! The cost and the exactness of ferry's convex array regions, against the
//! analyses they are computed from, on the legacy corpus (zlib, Lua 5.4,
//! the SQLite amalgamation) and on the kernel suite (`tests/c/kernels/`,
//! PolyBench-style linear algebra and stencils).
//!
//!     cargo bench -p ferry-regions --bench regions [-- SECTION... [--budget=SECS]]
//!
//! SECTION is any of `kernels`, `zlib`, `lua`, `sqlite` (default: all).
//!
//! Each file is analysed on its own, as `ferry regions FILE CFLAGS` does:
//! - preprocess and parse (not reported),
//! - semantics: `Analyses::run` (lowering, HCFG, loop normalisation, call
//!   graph, effects, transformers and preconditions): the baseline,
//! - regions: `RegionsAnalysis::run` (READ, WRITE, IN, then OUT).
//!
//! Reported per file and per library (its files added up): lines (of the
//! `.c` file, `wc -l`), functions with a body, the two times, regions
//! milliseconds per 1,000 lines, the ratio regions / semantics, and how
//! many regions are exact. Every region is counted once: READ, WRITE and
//! IN of every node of every function (`RegionsAnalysis::nodes`), OUT of
//! every node (`out`), and the summaries (`summaries`: READ, WRITE, IN;
//! `out_summaries`: OUT). "arrays" counts the regions of entities with at
//! least one dimension (`Entity::dims() > 0`), "all" every region (scalars
//! and `*ANYWHERE*` too); "anyw" is the number of `*ANYWHERE*` regions
//! (always may), which are not in "arrays".
//!
//! Each file runs in a child process (this same executable, re-run with
//! `--child`), so that a file whose analysis does not finish in its time
//! budget is stopped and reported with the phase it was in (and the
//! semantics time when that phase did finish) instead of stalling the
//! benchmark. The budget counts from the end of the parse and covers both
//! phases: `BASE + PER_KLINE * lines / 1000` seconds, 10 s + 0.2 s per
//! 1,000 lines by default (`FERRY_BENCH_BUDGET_BASE`,
//! `FERRY_BENCH_BUDGET_PER_KLINE`, as for the semantics benchmark), or
//! `--budget=SECS` for every file. sqlite3.c's semantics alone takes over
//! two minutes today and its regions more than twice that, so it needs
//! a generous budget, e.g.
//! `cargo bench -p ferry-regions --bench regions -- sqlite --budget=1200`
//! (semantics and regions took 158 s and 373 s on a shared 2-core machine).
//! The child's address space is capped at `FERRY_BENCH_MEMORY_GIB` (8 GiB
//! by default, through the shell's `ulimit -v`) so that a runaway analysis
//! fails instead of exhausting the machine.
//!
//! A child first parses its file once untimed (the first parse of a
//! process also fills the interner and builds the parse tables). It then
//! parses and analyses the file again and again while its runs took less
//! than `REPEAT_WHILE_UNDER` in all, up to `MAX_RUNS` runs, and reports the
//! median of each phase. The region counts come from the first run (the
//! analyses are deterministic).
//!
//! The corpus is found as the tests find it: `cargo metadata` on
//! `corpus/Cargo.toml` (`tests/src/corpus.rs`, included by path because
//! `ferry-regions` cannot depend on `ferry-tests`).

#[allow(dead_code, unused_imports)]
#[path = "../../tests/src/corpus.rs"]
mod corpus;

#[path = "../../hcfg/benches/child.rs"]
mod child;

use child::{Budget, End, Input, Line, count_lines};
use ferry_hcfg::Analyses;
use ferry_regions::RegionsAnalysis;
use ferry_regions::entity::Root;
use ferry_regions::region::{Approx, RegionMap};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The sections, in the order they run.
const SECTIONS: [&str; 4] = ["kernels", "zlib", "lua", "sqlite"];

/// Files are parsed and analysed again while all their runs so far took
/// less than this...
const REPEAT_WHILE_UNDER: Duration = Duration::from_secs(3);
/// ...up to this many runs in all.
const MAX_RUNS: usize = 5;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--child") {
        child(&args[1..]);
        return;
    }
    let mut budget = Budget::from_env();
    let mut sections: Vec<&str> = Vec::new();
    for a in &args {
        if let Some(secs) = a.strip_prefix("--budget=") {
            let secs: f64 = secs
                .parse()
                .unwrap_or_else(|_| panic!("{a}: expected --budget=SECONDS"));
            budget.fixed = Some(secs);
        } else if !a.starts_with("--") {
            // `cargo bench` passes `--bench`; other words select sections.
            assert!(
                SECTIONS.contains(&a.as_str()),
                "unknown section `{a}`: expected kernels, zlib, lua or sqlite"
            );
            sections.push(a);
        }
    }
    let wanted = |s: &str| sections.is_empty() || sections.contains(&s);

    match budget.fixed {
        Some(secs) => println!("analysis budget per file: {secs:.0} s"),
        None => println!(
            "analysis budget per file: {:.0} s + {:.2} s per 1,000 lines",
            budget.base, budget.per_kline
        ),
    }
    println!(
        "(semantics and regions together, after the parse); child address space capped at {} GiB",
        budget.memory_gib
    );

    let mut summaries = Vec::new();
    for section in SECTIONS {
        if !wanted(section) {
            continue;
        }
        let inputs = if section == "kernels" {
            kernel_inputs()
        } else {
            corpus::library_files(section)
                .unwrap_or_else(|e| panic!("cannot locate the {section} sources: {e}"))
                .iter()
                .map(|f| Input {
                    name: f.name.clone(),
                    path: f.path.clone(),
                    cflags: f.cflags.clone(),
                    lines: count_lines(&f.path),
                })
                .collect()
        };
        println!();
        println!("== {section}: {} files", inputs.len());
        let outcomes = run_all(&inputs, &budget);
        summaries.push(Summary::of(section, &inputs, &outcomes));
    }

    println!();
    println!(
        "==== summary (times in ms; reg/kL = regions ms per 1,000 lines; x sem = regions / semantics; \
         exact = exact regions / regions)"
    );
    print_header("");
    for s in &summaries {
        s.print_row();
    }
    for s in &summaries {
        for why in &s.unfinished {
            println!("  {}: not counted above: {why}", s.name);
        }
    }
}

/// The kernel suite: every `.c` file of `tests/c/kernels/`, no flags.
fn kernel_inputs() -> Vec<Input> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the crate sits in the workspace root")
        .join("tests")
        .join("c")
        .join("kernels");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "c"))
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "no .c file in {}", dir.display());
    paths
        .into_iter()
        .map(|path| Input {
            name: format!(
                "kernels/{}",
                path.file_name().unwrap_or_default().to_string_lossy()
            ),
            lines: count_lines(&path),
            path,
            cflags: Vec::new(),
        })
        .collect()
}

/// How many regions there are, and how many of them are exact.
#[derive(Default, Clone, Copy)]
struct Counts {
    arrays: usize,
    arrays_exact: usize,
    all: usize,
    all_exact: usize,
    anywhere: usize,
}

impl Counts {
    fn add_map(&mut self, map: &RegionMap) {
        for (entity, region) in map {
            let exact = region.approx() == Approx::Exact;
            self.all += 1;
            self.all_exact += usize::from(exact);
            if entity.dims() > 0 {
                self.arrays += 1;
                self.arrays_exact += usize::from(exact);
            }
            if entity.root == Root::Anywhere {
                self.anywhere += 1;
            }
        }
    }

    fn of(regions: &RegionsAnalysis) -> Counts {
        let mut c = Counts::default();
        for rw in regions
            .nodes
            .iter()
            .flatten()
            .flatten()
            .chain(regions.summaries.iter().flatten())
        {
            c.add_map(&rw.read);
            c.add_map(&rw.write);
            c.add_map(&rw.input);
        }
        for out in regions
            .out
            .iter()
            .flatten()
            .flatten()
            .chain(regions.out_summaries.iter().flatten())
        {
            c.add_map(out);
        }
        c
    }

    fn add(&mut self, o: &Counts) {
        self.arrays += o.arrays;
        self.arrays_exact += o.arrays_exact;
        self.all += o.all;
        self.all_exact += o.all_exact;
        self.anywhere += o.anywhere;
    }

    /// `exact/total (pct%)`.
    fn share(exact: usize, total: usize) -> String {
        if total == 0 {
            "-".to_owned()
        } else {
            format!(
                "{exact}/{total} ({:.1}%)",
                100.0 * exact as f64 / total as f64
            )
        }
    }
}

/// What a child reported about one file.
#[derive(Default)]
struct Outcome {
    functions: usize,
    /// Seconds, median over the runs.
    semantics: Option<f64>,
    regions: Option<f64>,
    counts: Option<Counts>,
    runs: usize,
    /// Why the analysis did not finish, if it did not.
    unfinished: Option<String>,
}

fn print_header(first: &str) {
    println!(
        "{first:<32} {:>7} {:>6} {:>11} {:>10} {:>8} {:>7} {:>22} {:>22} {:>6}",
        "lines",
        "funcs",
        "semantics",
        "regions",
        "reg/kL",
        "x sem",
        "exact arrays",
        "exact all",
        "anyw"
    );
}

/// Runs every input in a child process, one after the other, printing a row
/// per file as it finishes.
fn run_all(inputs: &[Input], budget: &Budget) -> Vec<Outcome> {
    print_header("file");
    inputs
        .iter()
        .map(|input| {
            let outcome = run_child(input, budget);
            print_file_row(input, &outcome);
            outcome
        })
        .collect()
}

fn ms(t: Option<f64>) -> String {
    t.map_or_else(|| "-".to_owned(), |t| format!("{:.1}", t * 1e3))
}

fn print_file_row(input: &Input, o: &Outcome) {
    let mut row = format!(
        "{:<32} {:>7} {:>6} {:>11} {:>10}",
        input.name,
        input.lines,
        o.functions,
        ms(o.semantics),
        ms(o.regions)
    );
    match (&o.unfinished, o.semantics, o.regions, o.counts) {
        (None, Some(semantics), Some(regions), Some(c)) => {
            let _ = write!(
                row,
                " {:>8.1} {:>7.2} {:>22} {:>22} {:>6}",
                regions * 1e3 / (input.lines as f64 / 1000.0),
                regions / semantics,
                Counts::share(c.arrays_exact, c.arrays),
                Counts::share(c.all_exact, c.all),
                c.anywhere
            );
            if o.runs > 1 {
                let _ = write!(row, "  (median of {})", o.runs);
            }
        }
        (why, ..) => {
            let why = why.as_deref().unwrap_or("incomplete report");
            let _ = write!(row, "  UNFINISHED: {why}");
        }
    }
    println!("{row}");
}

/// Runs this executable with `--child` on one file, stopping it when its
/// analysis exceeds the budget.
fn run_child(input: &Input, budget: &Budget) -> Outcome {
    let mut outcome = Outcome::default();
    let mut finished = false;
    let mut current = "preprocess and parse";
    let end = child::run_child(input, budget, |words| {
        match words {
            ["parsed"] => {
                current = "semantics";
                return Line::Parsed;
            }
            ["phase", "semantics", secs, functions] => {
                outcome.semantics = secs.parse().ok();
                outcome.functions = functions.parse().unwrap_or(0);
                current = "regions";
            }
            ["phase", "regions", secs] => {
                outcome.regions = secs.parse().ok();
                current = "the next run";
            }
            ["counts", values @ ..] if values.len() == 5 => {
                let v: Vec<usize> = values.iter().map(|v| v.parse().unwrap_or(0)).collect();
                outcome.counts = Some(Counts {
                    arrays: v[0],
                    arrays_exact: v[1],
                    all: v[2],
                    all_exact: v[3],
                    anywhere: v[4],
                });
            }
            ["median", runs, semantics, regions] => {
                outcome.runs = runs.parse().unwrap_or(1);
                outcome.semantics = semantics.parse().ok();
                outcome.regions = regions.parse().ok();
                finished = true;
            }
            _ => {}
        }
        Line::Other
    });
    if let End::TimedOut(limit) = end {
        if outcome.regions.is_some() && outcome.counts.is_some() {
            // Stopped during a repetition: the first run counts.
            outcome.runs = 1;
        } else {
            outcome.unfinished = Some(format!(
                "`{current}` still running after {:.0} s of analysis (stopped){}",
                limit.as_secs_f64(),
                match outcome.semantics {
                    Some(t) if current != "semantics" => format!("; semantics took {:.1} s", t),
                    _ => String::new(),
                }
            ));
        }
    } else {
        outcome.unfinished = end.failure(finished, current);
    }
    outcome
}

/// `--child FILE CFLAGS...`: preprocesses and parses the file, then runs
/// the two phases, printing each result as soon as it is known:
/// `parsed`, `phase semantics SECS FUNCTIONS`, `phase regions SECS`,
/// `counts ARRAYS ARRAYS_EXACT ALL ALL_EXACT ANYWHERE`, and at the end
/// `median RUNS SEMANTICS REGIONS`.
fn child(args: &[String]) {
    let path = PathBuf::from(&args[0]);
    let cflags = args[1..].to_vec();
    child::run_analysis(move || analyse(&path, &cflags));
}

fn analyse(path: &Path, cflags: &[String]) {
    let text = ferry_parser::preprocess::preprocess(path, cflags)
        .unwrap_or_else(|e| panic!("cannot preprocess {}: {e}", path.display()));
    let report = |line: String| {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    };
    let parse = || {
        ferry_parser::parse_preprocessed(text.clone(), path)
            .unwrap_or_else(|e| panic!("ferry cannot parse {}: {e}", path.display()))
    };
    // The first parse of a process also fills the interner and builds the
    // parse tables: do it once untimed.
    drop(parse());
    let mut samples: Vec<[f64; 2]> = Vec::new();
    loop {
        let files = [parse()];
        let first = samples.is_empty();
        if first {
            // The parent's clock starts here.
            report("parsed".to_owned());
        }

        let start = Instant::now();
        let analyses = Analyses::run(&files);
        let semantics = start.elapsed().as_secs_f64();
        if first {
            let functions = analyses
                .program
                .functions
                .iter()
                .filter(|f| f.body.is_some())
                .count();
            report(format!("phase semantics {semantics} {functions}"));
        }

        let start = Instant::now();
        let regions = RegionsAnalysis::run(&analyses);
        let regions_time = start.elapsed().as_secs_f64();
        if first {
            report(format!("phase regions {regions_time}"));
            let c = Counts::of(&regions);
            report(format!(
                "counts {} {} {} {} {}",
                c.arrays, c.arrays_exact, c.all, c.all_exact, c.anywhere
            ));
        }
        drop(regions);
        drop(analyses);
        drop(files);

        samples.push([semantics, regions_time]);
        let spent: f64 = samples.iter().flatten().sum();
        if samples.len() >= MAX_RUNS || spent >= REPEAT_WHILE_UNDER.as_secs_f64() {
            break;
        }
    }
    let median = |i: usize| {
        let mut column: Vec<f64> = samples.iter().map(|s| s[i]).collect();
        column.sort_by(f64::total_cmp);
        let mid = column.len() / 2;
        if column.len().is_multiple_of(2) {
            (column[mid - 1] + column[mid]) / 2.0
        } else {
            column[mid]
        }
    };
    report(format!(
        "median {} {} {}",
        samples.len(),
        median(0),
        median(1)
    ));
}

/// Figures for a section: its files added up.
struct Summary {
    name: String,
    files: usize,
    lines: usize,
    functions: usize,
    semantics: f64,
    regions: f64,
    counts: Counts,
    /// Files whose analysis did not finish, with why; not in the figures.
    unfinished: Vec<String>,
}

impl Summary {
    fn of(name: &str, inputs: &[Input], outcomes: &[Outcome]) -> Summary {
        let mut s = Summary {
            name: name.to_owned(),
            files: 0,
            lines: 0,
            functions: 0,
            semantics: 0.0,
            regions: 0.0,
            counts: Counts::default(),
            unfinished: Vec::new(),
        };
        for (input, o) in inputs.iter().zip(outcomes) {
            match (&o.unfinished, o.semantics, o.regions, &o.counts) {
                (None, Some(semantics), Some(regions), Some(c)) => {
                    s.files += 1;
                    s.lines += input.lines;
                    s.functions += o.functions;
                    s.semantics += semantics;
                    s.regions += regions;
                    s.counts.add(c);
                }
                (why, ..) => {
                    let why = why.as_deref().unwrap_or("incomplete report");
                    let first_line = why.lines().next().unwrap_or_default();
                    s.unfinished.push(format!(
                        "{} ({} lines, {} functions): {first_line}",
                        input.name, input.lines, o.functions
                    ));
                }
            }
        }
        s
    }

    fn print_row(&self) {
        let c = &self.counts;
        println!(
            "{:<32} {:>7} {:>6} {:>11.1} {:>10.1} {:>8.1} {:>7.2} {:>22} {:>22} {:>6}{}",
            format!("{} ({} files)", self.name, self.files),
            self.lines,
            self.functions,
            self.semantics * 1e3,
            self.regions * 1e3,
            if self.lines > 0 {
                self.regions * 1e3 / (self.lines as f64 / 1000.0)
            } else {
                f64::NAN
            },
            self.regions / self.semantics,
            Counts::share(c.arrays_exact, c.arrays),
            Counts::share(c.all_exact, c.all),
            c.anywhere,
            if self.unfinished.is_empty() {
                String::new()
            } else {
                format!("  + {} unfinished file(s)", self.unfinished.len())
            }
        );
    }
}
