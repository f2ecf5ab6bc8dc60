//! The cost of ferry's program analyses, phase by phase, on the legacy corpus
//! (zlib, Lua 5.4, the SQLite amalgamation) and on generated programs of
//! about 1k, 10k and 100k lines.
//!
//!     cargo bench -p ferry-hcfg --bench semantics [-- SECTION...]
//!
//! SECTION is any of `zlib`, `lua`, `sqlite`, `synthetic` (default: all).
//!
//! Each file is analysed on its own, as `ferry semantics FILE CFLAGS` does:
//! - preprocess (`cc -E`, not reported),
//! - parse: `parse_preprocessed` (lexing included): the baseline,
//! - build: `build_program` (lowering, HCFG construction, loop
//!   normalisation),
//! - calls: `CallGraph::build`,
//! - effects: `EffectsAnalysis::run`,
//! - semantics: `Semantics::run` (transformers, summaries, preconditions).
//!
//! The figures per library add up its files. Lines are the lines of the
//! `.c` files themselves (`wc -l`), not of the preprocessed text; functions
//! are the functions with a body in the analysed program.
//!
//! Each file runs in a child process (this same executable, re-run with
//! `--child`) so that a file whose analysis does not finish in its time
//! budget can be stopped and reported with the phase it was in, instead of
//! stalling the benchmark. The budget is `BASE + PER_KLINE * lines / 1000`
//! seconds of analysis after the parse (10 s + 0.2 s per 1,000 lines by
//! default: 64 s for sqlite3.c); `FERRY_BENCH_BUDGET_BASE` and
//! `FERRY_BENCH_BUDGET_PER_KLINE` change them. The child's address space is
//! capped at `FERRY_BENCH_MEMORY_GIB` (8 GiB by default) so that a runaway
//! analysis fails instead of exhausting the machine.
//!
//! A child first parses its file once untimed (the first parse of a process
//! also fills the interner and builds the parse tables). It then parses and
//! analyses the file again and again while its runs took less than
//! `REPEAT_WHILE_UNDER` in all, up to `MAX_RUNS` runs, and reports the
//! median of each phase: slow files get one run only, and single runs are
//! noisy on a shared machine.
//!
//! The corpus is found as the tests find it: `cargo metadata` on
//! `corpus/Cargo.toml` (`tests/src/corpus.rs`, included by path because
//! `ferry-hcfg` cannot depend on `ferry-tests`).

#[allow(dead_code, unused_imports)]
#[path = "../../tests/src/corpus.rs"]
mod corpus;

#[path = "child.rs"]
mod child;

use child::{Budget, End, Input, Line, count_lines};
use ferry_hcfg::callgraph::CallGraph;
use ferry_hcfg::effects::EffectsAnalysis;
use ferry_hcfg::semantics::Semantics;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The analysis phases, in the order they run.
const PHASES: [&str; 4] = ["build", "calls", "effects", "semantics"];

/// Files are parsed and analysed again while all their runs so far took
/// less than this...
const REPEAT_WHILE_UNDER: Duration = Duration::from_secs(3);
/// ...up to this many runs in all.
const MAX_RUNS: usize = 5;

/// Target sizes of the generated programs, in lines.
const SYNTHETIC_LINES: [usize; 3] = [1_000, 10_000, 100_000];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--child") {
        child(&args[1..]);
        return;
    }
    // `cargo bench` passes `--bench`; anything else selects sections.
    let sections: Vec<&str> = args
        .iter()
        .map(String::as_str)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let wanted = |s: &str| sections.is_empty() || sections.contains(&s);
    for s in &sections {
        assert!(
            ["zlib", "lua", "sqlite", "synthetic"].contains(s),
            "unknown section `{s}`: expected zlib, lua, sqlite or synthetic"
        );
    }

    let budget = Budget::from_env();
    println!(
        "analysis budget per file: {:.0} s + {:.2} s per 1,000 lines; \
         child address space capped at {} GiB",
        budget.base, budget.per_kline, budget.memory_gib
    );

    let mut summaries = Vec::new();
    for library in corpus::LIBRARIES {
        if !wanted(library) {
            continue;
        }
        let files = corpus::library_files(library)
            .unwrap_or_else(|e| panic!("cannot locate the {library} sources: {e}"));
        let inputs: Vec<Input> = files
            .iter()
            .map(|f| Input {
                name: f.name.clone(),
                path: f.path.clone(),
                cflags: f.cflags.clone(),
                lines: count_lines(&f.path),
            })
            .collect();
        println!();
        println!("== {library}: {} files", inputs.len());
        let results = run_all(&inputs, &budget);
        summaries.push(Summary::of(library, &inputs, &results));
    }

    let mut synthetic = Vec::new();
    if wanted("synthetic") {
        let scratch = std::env::temp_dir().join(format!("ferry-bench-{}", std::process::id()));
        std::fs::create_dir_all(&scratch).expect("create the scratch folder");
        let inputs: Vec<Input> = SYNTHETIC_LINES
            .iter()
            .map(|&target| {
                let text = synthetic_program(target);
                let path = scratch.join(format!("synthetic-{}k.c", target / 1000));
                std::fs::write(&path, &text).expect("write a generated program");
                Input {
                    name: format!("synthetic {}k", target / 1000),
                    lines: text.lines().count(),
                    path,
                    cflags: Vec::new(),
                }
            })
            .collect();
        println!();
        println!("== synthetic programs (in {})", scratch.display());
        let results = run_all(&inputs, &budget);
        for (input, result) in inputs.iter().zip(&results) {
            synthetic.push(Summary::of(
                &input.name,
                std::slice::from_ref(input),
                std::slice::from_ref(result),
            ));
        }
        let _ = std::fs::remove_dir_all(&scratch);
    }

    println!();
    println!(
        "==== summary (times in ms; ms/kL = analysis ms per 1,000 source lines; x parse = analysis / parse)"
    );
    print_summary_header();
    for s in summaries.iter().chain(&synthetic) {
        s.print_row();
    }
    for s in &summaries {
        if !s.unfinished.is_empty() {
            println!(
                "  {}: not counted above (analysis unfinished): {}",
                s.name,
                s.unfinished.join("; ")
            );
        }
    }
    for s in &synthetic {
        if !s.unfinished.is_empty() {
            println!("  {}: unfinished: {}", s.name, s.unfinished.join("; "));
        }
    }

    if synthetic.len() == SYNTHETIC_LINES.len() {
        println!();
        println!("==== growth of the generated programs (ratio of times; linear = ratio of lines)");
        let mut header = format!("{:<32} {:>8}", "", "lines");
        for p in ["parse"].iter().chain(&PHASES).chain(&["analysis"]) {
            let _ = write!(header, " {p:>10}");
        }
        println!("{header}");
        for pair in synthetic.windows(2) {
            let (small, large) = (&pair[0], &pair[1]);
            let mut row = format!(
                "{:<32} {:>8.2}",
                format!("{} / {}", large.name, small.name),
                large.lines as f64 / small.lines as f64
            );
            if small.unfinished.is_empty() && large.unfinished.is_empty() {
                let ratio = |a: f64, b: f64| if b > 0.0 { a / b } else { f64::NAN };
                let _ = write!(row, " {:>10.2}", ratio(large.parse, small.parse));
                for i in 0..PHASES.len() {
                    let _ = write!(row, " {:>10.2}", ratio(large.phases[i], small.phases[i]));
                }
                let _ = write!(row, " {:>10.2}", ratio(large.analysis(), small.analysis()));
            } else {
                row.push_str("  (one of the two did not finish)");
            }
            println!("{row}");
        }
    }
}

/// What a child reported about one file.
#[derive(Default)]
struct Outcome {
    functions: usize,
    /// Seconds, median over the runs: parse, then each of [`PHASES`].
    parse: Option<f64>,
    phases: [Option<f64>; 4],
    runs: usize,
    /// Why the analysis did not finish, if it did not.
    unfinished: Option<String>,
}

/// Runs every input in a child process, one after the other, printing a row
/// per file as it finishes.
fn run_all(inputs: &[Input], budget: &Budget) -> Vec<Outcome> {
    println!(
        "{:<28} {:>7} {:>6} {:>9} {:>9} {:>9} {:>9} {:>10} {:>8} {:>8}",
        "file",
        "lines",
        "funcs",
        "parse",
        "build",
        "calls",
        "effects",
        "semantics",
        "ms/kL",
        "x parse"
    );
    inputs
        .iter()
        .map(|input| {
            let outcome = run_child(input, budget);
            print_file_row(input, &outcome);
            outcome
        })
        .collect()
}

fn print_file_row(input: &Input, o: &Outcome) {
    let ms = |t: Option<f64>| t.map_or_else(|| "-".to_owned(), |t| format!("{:.1}", t * 1e3));
    let mut row = format!(
        "{:<28} {:>7} {:>6} {:>9}",
        input.name,
        input.lines,
        o.functions,
        ms(o.parse)
    );
    for t in o.phases {
        let _ = write!(row, " {:>9}", ms(t));
    }
    match &o.unfinished {
        None => {
            let analysis: f64 = o.phases.iter().flatten().sum();
            let _ = write!(
                row,
                " {:>8.1} {:>8.1}",
                analysis * 1e3 / (input.lines as f64 / 1000.0),
                analysis / o.parse.unwrap_or(f64::NAN)
            );
            if o.runs > 1 {
                let _ = write!(row, "  (median of {})", o.runs);
            }
        }
        Some(why) => {
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
    let mut current = "parse";
    let end = child::run_child(input, budget, |words| match words {
        ["parsed", secs, functions] => {
            outcome.parse = secs.parse().ok();
            outcome.functions = functions.parse().unwrap_or(0);
            current = PHASES[0];
            Line::Parsed
        }
        ["phase", name, secs] => {
            if let Some(i) = PHASES.iter().position(|p| p == name) {
                outcome.phases[i] = secs.parse().ok();
                current = PHASES.get(i + 1).copied().unwrap_or("the next run");
            }
            Line::Other
        }
        ["median", runs, values @ ..] => {
            outcome.runs = runs.parse().unwrap_or(1);
            if values.len() == 1 + PHASES.len() {
                let values: Vec<Option<f64>> = values.iter().map(|v| v.parse().ok()).collect();
                outcome.parse = values[0];
                outcome.phases.copy_from_slice(&values[1..]);
            }
            finished = true;
            Line::Other
        }
        _ => Line::Other,
    });
    if let End::TimedOut(limit) = end {
        if outcome.phases.iter().all(Option::is_some) {
            // Stopped during a repetition: the first run counts.
            outcome.runs = 1;
        } else {
            outcome.unfinished = Some(format!(
                "`{current}` still running after {:.0} s of analysis (stopped)",
                limit.as_secs_f64()
            ));
        }
    } else {
        outcome.unfinished = end.failure(finished, current);
    }
    outcome
}

/// `--child FILE CFLAGS...`: preprocesses and parses the file, then runs
/// the analysis phases, printing each time as it is known:
/// `parsed SECS FUNCTIONS`, `phase NAME SECS`, and at the end
/// `median RUNS PARSE BUILD CALLS EFFECTS SEMANTICS`.
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
    // The first parse of a process also fills the interner and builds the
    // parse tables: do it once untimed, so that every timed parse is warm.
    drop(
        ferry_parser::parse_preprocessed(text.clone(), path)
            .unwrap_or_else(|e| panic!("ferry cannot parse {}: {e}", path.display())),
    );
    let mut samples: Vec<[f64; 5]> = Vec::new();
    loop {
        let owned = text.clone();
        let start = Instant::now();
        let parsed = ferry_parser::parse_preprocessed(owned, path)
            .unwrap_or_else(|e| panic!("ferry cannot parse {}: {e}", path.display()));
        let parse = start.elapsed().as_secs_f64();
        let files = [parsed];
        let mut times = [parse, 0.0, 0.0, 0.0, 0.0];
        let first = samples.is_empty();

        let start = Instant::now();
        let program = ferry_hcfg::build_program(&files);
        times[1] = start.elapsed().as_secs_f64();
        if first {
            let functions = program
                .functions
                .iter()
                .filter(|f| f.body.is_some())
                .count();
            report(format!("parsed {parse} {functions}"));
            report(format!("phase build {}", times[1]));
        }

        let start = Instant::now();
        let calls = CallGraph::build(&program);
        times[2] = start.elapsed().as_secs_f64();
        if first {
            report(format!("phase calls {}", times[2]));
        }

        let start = Instant::now();
        let effects = EffectsAnalysis::run(&program, &calls);
        times[3] = start.elapsed().as_secs_f64();
        if first {
            report(format!("phase effects {}", times[3]));
        }

        let start = Instant::now();
        let semantics = Semantics::run(&program, &calls, &effects);
        times[4] = start.elapsed().as_secs_f64();
        if first {
            report(format!("phase semantics {}", times[4]));
        }
        drop(semantics);
        drop(effects);
        drop(calls);
        drop(program);
        drop(files);

        samples.push(times);
        let spent: f64 = samples.iter().flatten().sum();
        if samples.len() >= MAX_RUNS || spent >= REPEAT_WHILE_UNDER.as_secs_f64() {
            break;
        }
    }
    let mut line = format!("median {} ", samples.len());
    for i in 0..5 {
        let mut column: Vec<f64> = samples.iter().map(|s| s[i]).collect();
        column.sort_by(f64::total_cmp);
        let mid = column.len() / 2;
        let median = if column.len().is_multiple_of(2) {
            (column[mid - 1] + column[mid]) / 2.0
        } else {
            column[mid]
        };
        let _ = write!(line, " {median}");
    }
    report(line);
}

/// Figures for a library (its files added up) or for one generated program.
struct Summary {
    name: String,
    files: usize,
    lines: usize,
    functions: usize,
    parse: f64,
    phases: [f64; 4],
    /// Files whose analysis did not finish, with why; not in the figures.
    unfinished: Vec<String>,
    unfinished_lines: usize,
}

impl Summary {
    fn of(name: &str, inputs: &[Input], outcomes: &[Outcome]) -> Summary {
        let mut s = Summary {
            name: name.to_owned(),
            files: 0,
            lines: 0,
            functions: 0,
            parse: 0.0,
            phases: [0.0; 4],
            unfinished: Vec::new(),
            unfinished_lines: 0,
        };
        for (input, o) in inputs.iter().zip(outcomes) {
            match &o.unfinished {
                None => {
                    s.files += 1;
                    s.lines += input.lines;
                    s.functions += o.functions;
                    s.parse += o.parse.unwrap_or(0.0);
                    for (total, t) in s.phases.iter_mut().zip(o.phases) {
                        *total += t.unwrap_or(0.0);
                    }
                }
                Some(why) => {
                    s.unfinished_lines += input.lines;
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

    fn analysis(&self) -> f64 {
        self.phases.iter().sum()
    }

    fn print_row(&self) {
        let mut row = format!(
            "{:<16} {:>5} {:>8} {:>6} {:>9.1}",
            self.name,
            self.files,
            self.lines,
            self.functions,
            self.parse * 1e3
        );
        for t in self.phases {
            let _ = write!(row, " {:>9.1}", t * 1e3);
        }
        let analysis = self.analysis();
        let _ = write!(
            row,
            " {:>10.1} {:>8.2} {:>8.2}",
            analysis * 1e3,
            if self.lines > 0 {
                analysis * 1e3 / (self.lines as f64 / 1000.0)
            } else {
                f64::NAN
            },
            analysis / self.parse
        );
        if !self.unfinished.is_empty() {
            let _ = write!(
                row,
                "  + {} unfinished file(s), {} lines",
                self.unfinished.len(),
                self.unfinished_lines
            );
        }
        println!("{row}");
    }
}

fn print_summary_header() {
    println!(
        "{:<16} {:>5} {:>8} {:>6} {:>9} {:>9} {:>9} {:>9} {:>9} {:>10} {:>8} {:>8}",
        "",
        "files",
        "lines",
        "funcs",
        "parse",
        "build",
        "calls",
        "effects",
        "semantics",
        "analysis",
        "ms/kL",
        "x parse"
    );
}

/// A C program of at least `target` lines: functions of about 35 lines
/// mixing counted loops, while loops with affine updates, nested ifs,
/// integer division and remainder, calls to earlier functions with affine
/// arguments, a switch and a goto, over a few globals; and a `main` calling
/// the last ones, so that the program is closed.
fn synthetic_program(target: usize) -> String {
    let mut out = String::new();
    out.push_str("/* generated by hcfg/benches/semantics.rs */\n");
    out.push_str("int g_total;\nint g_calls;\nint g_table[256];\n\n");
    let mut lines = 4;
    let mut count = 0usize;
    while lines < target {
        let function = synthetic_function(count);
        lines += function.lines().count();
        out.push_str(&function);
        count += 1;
    }
    out.push_str("int main(void)\n{\n    int r = 0;\n");
    for i in count.saturating_sub(4)..count {
        let _ = writeln!(out, "    r += f{i}({}, {});", 10 + i % 50, i % 13);
    }
    out.push_str("    return r + g_total;\n}\n");
    out
}

fn synthetic_function(i: usize) -> String {
    let c1 = 1 + i % 7;
    let c2 = 2 + i % 5;
    let c3 = 3 + i % 11;
    let mut f = String::new();
    let _ = writeln!(f, "int f{i}(int n, int m)");
    f.push_str("{\n");
    f.push_str("    int s = 0, i, j, k = 0, t;\n");
    f.push_str("    int a[64];\n");
    let _ = writeln!(f, "    for (i = 0; i < n; i++) {{");
    let _ = writeln!(f, "        a[i % 64] = {c1} * i + m;");
    let _ = writeln!(f, "        s += a[i % 64] / {c2};");
    f.push_str("    }\n");
    f.push_str("    j = n;\n");
    let _ = writeln!(f, "    while (j > {c1}) {{");
    let _ = writeln!(f, "        j = j - {c2};");
    let _ = writeln!(f, "        k = k + {c3};");
    f.push_str("    }\n");
    f.push_str("    if (n > 10) {\n");
    f.push_str("        if (m < n) {\n");
    let _ = writeln!(f, "            s = s + n / {c2};");
    f.push_str("        } else {\n");
    let _ = writeln!(f, "            s = s - m % {c3};");
    f.push_str("        }\n");
    if i > 0 {
        let _ = writeln!(f, "    }} else if (m == {c1}) {{");
        let _ = writeln!(f, "        s = f{}(n + {c1}, {c2} * m - {c3});", i - 1);
    }
    f.push_str("    }\n");
    let _ = writeln!(f, "    switch (k % {c2}) {{");
    f.push_str("    case 0:\n        s += 1;\n        break;\n");
    let _ = writeln!(f, "    case 1:\n        s -= {c3};\n        break;");
    f.push_str("    default:\n        g_calls++;\n        break;\n    }\n");
    f.push_str("    if (s < 0)\n        goto out;\n");
    if i > 1 {
        let _ = writeln!(f, "    t = f{}(n - {c1}, m + {c2});", i / 2);
    } else {
        f.push_str("    t = n;\n");
    }
    f.push_str("    g_table[(t + k) & 255] = s;\n");
    f.push_str("    s = s + t;\n");
    f.push_str("out:\n");
    f.push_str("    g_total += s;\n");
    f.push_str("    return s + k;\n");
    f.push_str("}\n\n");
    f
}
