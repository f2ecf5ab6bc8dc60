//! Command-line interface. Exit status: 0 success, 1 user error (with a
//! diagnostic on stderr), 2 internal error. No input produces a panic trace.

use crate::options::{self, Subcommand as Which};
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use ferry_parser::{Diagnostic, parse_file};
use std::io::Write;
use std::path::PathBuf;

#[derive(Parser)]
#[command(
    name = "ferry",
    version,
    about = "Data transfer generation for C programs offloaded to accelerators"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Parse a C file and print it back as C (or its syntax tree).
    Parse {
        /// The C file.
        file: PathBuf,
        /// Print the syntax tree instead of C.
        #[arg(long)]
        dump_ast: bool,
        /// Flags for the preprocessor: -I, -D, -U, -std=, -include, ...
        #[arg(
            allow_hyphen_values = true,
            trailing_var_arg = true,
            value_name = "CFLAGS"
        )]
        cflags: Vec<String>,
    },
    /// Print the code annotated with affine transformers and preconditions
    /// (PIPS style), or their JSON. Every `.c` file given is one
    /// translation unit of the same program.
    Semantics {
        /// Print JSON instead of annotated C.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        program: Program,
    },
    /// Print the code annotated with convex array regions (READ, WRITE, IN,
    /// OUT; exact or may) in the PIPS style, or their JSON, whose
    /// per-function `regions` are the summary regions. Every `.c` file
    /// given is one translation unit of the same program.
    Regions {
        /// Print JSON instead of annotated C.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        program: Program,
    },
    /// Isolate statements: each runs on its own copies of the data (the
    /// "accelerator" memory), between the rectangular transfers its array
    /// regions call for. OUTDIR receives every input file, transformed,
    /// under its own name, the runtime (`ferry_rte*` files, one backend per
    /// target) and a Makefile: `make -C OUTDIR` builds the program.
    ///
    /// Say what to isolate with `--label`, `--function`, `--pragma`,
    /// `--auto` or `--transfers-only` (moving and merging the program's
    /// own `memload`/`memstore` transfers instead, as Listing 1.6). With
    /// `-p BUILD` instead of files, every unit of a project's
    /// `compile_commands.json`, into a mirror of the project. The
    /// transfer plans: `hull` the rectangular hulls of the regions, `rows`
    /// one contiguous copy from the first element to the last, `exact` one
    /// copy per run of the exact region, `rects` a few rectangles whose
    /// union is the region, `whole` every array entire; `auto` picks per
    /// array the cheapest under the cost model (`host` by default, `gpu`
    /// for the kernel targets).
    Isolate {
        #[command(flatten)]
        program: Program,
    },
    /// Isolate (as `ferry isolate`), then build the original and the
    /// transformed program with `cc` (or `$CC`), run both, each in a fresh
    /// folder that mirrors the current one (so relative paths read the
    /// same files), and compare stdout, exit status and the named output
    /// files byte for byte (or, with `--tolerance REL`, floating-point
    /// numbers within that relative distance, integers and other text
    /// exact). Prints each run's exit statuses, verdict and transfer
    /// statistics; exit status 0 when every run is the same, 1 when some
    /// run differs or the original program itself fails.
    Validate {
        #[command(flatten)]
        program: Program,
    },
    /// Print the polyhedral model of each function's static control parts
    /// (SCoPs: loop nests with affine bounds, conditions and subscripts):
    /// each statement's iteration domain, schedule and accesses with their
    /// ids, and the exact flow dependences, live-in reads, anti and output
    /// dependences isl computes, in isl notation; or their JSON.
    /// `--function F` keeps F's alone.
    Scop {
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        program: Program,
    },
    /// Print the program with the dead code of its SCoPs taken out (the
    /// PENCIL report's section 4.1): a statement whose every instance
    /// `ferry scop` shows dead becomes empty, one with some live instances
    /// is guarded by the condition that keeps them. One `.c` file.
    /// `--function F` changes F's SCoPs alone.
    Dce {
        #[command(flatten)]
        program: Program,
    },
    /// Print the code annotated with the variables each statement may read
    /// and write (arrays as a whole; through pointers, what they may point
    /// to). Every `.c` file given is one translation unit of the program.
    Effects {
        #[command(flatten)]
        program: Program,
    },
}

/// The translation units of one program and the preprocessor's flags.
#[derive(clap::Args)]
struct Program {
    /// C files, then flags for the preprocessor (-I, -D, -U, -std=,
    /// -include), with ferry's options (below) anywhere among them.
    #[arg(
        required = true,
        allow_hyphen_values = true,
        trailing_var_arg = true,
        value_name = "FILE.c... CFLAGS"
    )]
    args: Vec<String>,
}

/// `--json` after the files lands among the trailing arguments: takes it
/// out and says whether it was given anywhere.
fn json_flag(mut args: Vec<String>, json: bool) -> (Vec<String>, bool) {
    let before = args.len();
    args.retain(|a| a != "--json");
    let json = json || args.len() != before;
    (args, json)
}

/// Takes `name VALUE` (or `name=VALUE`) out of the trailing arguments.
pub(crate) fn take_value(args: &mut Vec<String>, name: &str) -> Result<Option<String>, Diagnostic> {
    let prefix = format!("{name}=");
    if let Some(i) = args.iter().position(|a| a == name) {
        if i + 1 >= args.len() {
            return Err(Diagnostic::error(format!("`{name}` needs a value")));
        }
        let value = args.remove(i + 1);
        args.remove(i);
        return Ok(Some(value));
    }
    if let Some(i) = args.iter().position(|a| a.starts_with(&prefix)) {
        let value = args.remove(i)[prefix.len()..].to_string();
        return Ok(Some(value));
    }
    Ok(None)
}

/// `--time-budget SECONDS` (anywhere among the files and CFLAGS of the
/// commands that analyse): the wall-clock budget of each analysis of each
/// function, past which it finishes with sound over-approximations; `0`
/// for none. See `ferry_hcfg::semantics::budget`.
fn take_time_budget(command: &mut Command) -> Result<(), Diagnostic> {
    let args = match command {
        Command::Semantics { program, .. }
        | Command::Scop { program, .. }
        | Command::Dce { program }
        | Command::Regions { program, .. }
        | Command::Isolate { program }
        | Command::Validate { program }
        | Command::Effects { program } => &mut program.args,
        Command::Parse { .. } => return Ok(()),
    };
    let Some(value) = take_value(args, "--time-budget")? else {
        return Ok(());
    };
    let seconds: f64 = value
        .parse()
        .ok()
        .filter(|s: &f64| s.is_finite() && *s >= 0.0)
        .ok_or_else(|| {
            Diagnostic::error(format!(
                "`--time-budget {value}`: expected a number of seconds (0 for no budget)"
            ))
        })?;
    let budget = (seconds > 0.0).then(|| std::time::Duration::from_secs_f64(seconds));
    ferry_hcfg::semantics::budget::set_function_time_budget(budget);
    Ok(())
}

/// Says on stderr where the analyses gave up precision to bound their
/// cost: their results are sound, but less precise than they could be.
fn report_notes() {
    for note in ferry_hcfg::semantics::budget::notes() {
        eprintln!("ferry: note: {note}");
    }
}

/// Takes the flag `name` out of the trailing arguments; whether it was there.
pub(crate) fn take_flag(args: &mut Vec<String>, name: &str) -> bool {
    let before = args.len();
    args.retain(|a| a != name);
    args.len() != before
}

/// The selection options of `ferry isolate` and `ferry validate`.
pub(crate) fn take_selection(
    args: &mut Vec<String>,
) -> Result<ferry_isolate::Selection, Diagnostic> {
    use ferry_isolate::Selection;
    let mut chosen = Vec::new();
    if let Some(l) = take_value(args, "--label")? {
        chosen.push(Selection::Label(l));
    }
    if let Some(f) = take_value(args, "--function")? {
        chosen.push(Selection::Function(f));
    }
    if take_flag(args, "--pragma") {
        chosen.push(Selection::Pragma);
    }
    if take_flag(args, "--auto") {
        chosen.push(Selection::Auto);
    }
    if take_flag(args, "--transfers-only") {
        chosen.push(Selection::Nothing);
    }
    match chosen.len() {
        1 => Ok(chosen.pop().expect("one")),
        0 => Err(Diagnostic::error(
            "say what to isolate: `--label L`, `--function F`, `--pragma` or `--auto` (or \
             `--transfers-only` to only optimise the transfers the program makes)",
        )),
        _ => Err(Diagnostic::error(
            "`--label`, `--function`, `--pragma`, `--auto` and `--transfers-only` exclude each \
             other",
        )),
    }
}

/// The options of `ferry isolate` and `ferry validate` that shape the
/// transformation: `--target`, `--explain`, `--reassociate`,
/// `--min-iterations` (with `--auto` only), `--transfer-plan`,
/// `--transfer-cost`, `--no-optimize-transfers`, `--no-polyhedral`.
pub(crate) fn take_isolate_options(
    args: &mut Vec<String>,
    selection: &ferry_isolate::Selection,
) -> Result<ferry_isolate::Options, Diagnostic> {
    let mut options = ferry_isolate::Options::default();
    if let Some(target) = take_value(args, "--target")? {
        options.target = ferry_targets::Target::parse(&target).ok_or_else(|| {
            Diagnostic::error(format!(
                "unknown target `{target}` (known: {})",
                ferry_targets::Target::NAMES
            ))
        })?;
    }
    options.explain = take_flag(args, "--explain");
    options.reassociate = take_flag(args, "--reassociate");
    options.closed_program = take_flag(args, "--closed-program");
    if let Some(n) = take_value(args, "--min-iterations")? {
        // The other selections name their statements: the user chose them.
        if *selection != ferry_isolate::Selection::Auto {
            return Err(Diagnostic::error(
                "`--min-iterations` applies to `--auto` only: the other selections isolate \
                 the statements they name, whatever their work",
            ));
        }
        options.min_iterations = n.parse().map_err(|_| {
            Diagnostic::error(format!(
                "`--min-iterations {n}`: expected a number of loop iterations (0 to offload \
                 every nest with a parallel loop)"
            ))
        })?;
    }
    if take_flag(args, "--no-optimize-transfers") {
        options.optimize_transfers = false;
    }
    if take_flag(args, "--no-polyhedral") {
        options.polyhedral = false;
    }
    if let Some(plan) = take_value(args, "--transfer-plan")? {
        options.transfer_plan = ferry_isolate::TransferPlan::parse(&plan).ok_or_else(|| {
            Diagnostic::error(format!(
                "unknown transfer plan `{plan}` (known: {})",
                ferry_isolate::TransferPlan::NAMES
            ))
        })?;
    }
    if let Some(cost) = take_value(args, "--transfer-cost")? {
        options.transfer_cost = Some(
            ferry_isolate::planning::cost::CostModel::parse(&cost)
                .map_err(|e| Diagnostic::error(format!("bad --transfer-cost `{cost}`: {e}")))?,
        );
    }
    Ok(options)
}

/// Parses every C file of `files` with the preprocessor's `cflags`.
pub(crate) fn parse_each(
    files: &[PathBuf],
    cflags: &[String],
) -> Result<Vec<ferry_parser::ParsedFile>, Diagnostic> {
    files.iter().map(|f| parse_file(f, cflags)).collect()
}

/// Parses every C file of `FILE.c... CFLAGS` and runs the analyses.
fn analyse(
    args: Vec<String>,
) -> Result<(Vec<ferry_parser::ParsedFile>, ferry_hcfg::Analyses), Diagnostic> {
    analyse_for(args, None)
}

/// `--function F` taken from `args` (`scop`, `dce`: F's SCoPs only), and
/// the analyses F needs, or all of them without it; an error when no
/// function of the files is named F.
fn analyse_function(
    mut args: Vec<String>,
) -> Result<
    (
        Option<String>,
        Vec<ferry_parser::ParsedFile>,
        ferry_hcfg::Analyses,
    ),
    Diagnostic,
> {
    let function = take_value(&mut args, "--function")?;
    let wanted: Option<Vec<&str>> = function.as_deref().map(|f| vec![f]);
    let (parsed, analyses) = analyse_for(args, wanted.as_deref())?;
    check_access_summaries(&parsed, &analyses.program)?;
    if let Some(name) = &function
        && analyses.program.find_function(name).is_none()
    {
        return Err(Diagnostic::error(format!(
            "no function `{name}` in the files given"
        )));
    }
    Ok((function, parsed, analyses))
}

/// Refuses a `pencil_access(g)` attribute (the model's summary
/// functions) that names no function declared before it, or one whose
/// parameters are not those of the function it summarises.
fn check_access_summaries(
    parsed: &[ferry_parser::ParsedFile],
    program: &ferry_hcfg::ir::Program,
) -> Result<(), Diagnostic> {
    for (&f, named) in &program.access_summaries {
        let Some(file) = parsed.get(named.unit) else {
            continue;
        };
        let name = named.name.as_str();
        let summarised = program.function(f).name.as_str();
        let problem = match named.function {
            None => format!("`pencil_access({name})`: no function `{name}` is declared before it"),
            Some(g) if !ferry_poly::extract::same_parameters(program, f, g) => format!(
                "`pencil_access({name})`: `{name}` does not take the parameters of \
                 `{summarised}` (as many, each an integer or a pointer where `{summarised}` \
                 has one)"
            ),
            Some(_) => continue,
        };
        return Err(file.error_at(named.span, problem).with_note(
            "a summary function stands for the body of the function it is attached to \
             in the polyhedral model (PENCIL's summary functions)",
        ));
    }
    Ok(())
}

/// Parses the files of `args` and runs the analyses that the functions
/// named `wanted` need (all of them for `None`: see
/// `Analyses::run_for`).
fn analyse_for(
    args: Vec<String>,
    wanted: Option<&[&str]>,
) -> Result<(Vec<ferry_parser::ParsedFile>, ferry_hcfg::Analyses), Diagnostic> {
    let parsed = parse_args(args)?;
    let analyses = ferry_hcfg::Analyses::run_for(&parsed, wanted);
    Ok((parsed, analyses))
}

/// The C files of `FILE.c... CFLAGS`, parsed.
fn parse_args(args: Vec<String>) -> Result<Vec<ferry_parser::ParsedFile>, Diagnostic> {
    let (files, cflags) = files_and_flags(args)?;
    let _timed = ferry_hcfg::semantics::budget::Timed::start(|| "parsing".into());
    parse_each(&files, &cflags)
}

/// A whole program's analyses, left for the process's exit to reclaim:
/// the command prints its answer and exits, and freeing millions of isl
/// sets one by one first would only hold the exit back (seconds on
/// SQLite).
fn kept_until_exit<T>(analyses: T) {
    std::mem::forget(analyses);
}

/// Splits `FILE.c... CFLAGS` into the C files and the compiler's flags.
pub(crate) fn files_and_flags(
    args: Vec<String>,
) -> Result<(Vec<PathBuf>, Vec<String>), Diagnostic> {
    let mut files = Vec::new();
    let mut flags = Vec::new();
    for a in args {
        if !a.starts_with('-')
            && is_c_source(&a)
            && flags
                .last()
                .is_none_or(|f: &String| !ferry_parser::preprocess::flag_takes_value(f))
        {
            files.push(PathBuf::from(a));
        } else {
            flags.push(a);
        }
    }
    if files.is_empty() {
        return Err(Diagnostic::error(
            "no C file given (files must end in `.c`, or `.i` when already preprocessed)",
        ));
    }
    Ok((files, flags))
}

/// A C file by its name: a source (`.c`) or one already preprocessed
/// (`.i`, read as it is).
pub(crate) fn is_c_source(name: &str) -> bool {
    name.ends_with(".c") || name.ends_with(".i")
}

/// What a command prints on stdout and its exit status.
pub(crate) struct Finished {
    pub output: String,
    pub status: i32,
}

/// Why a command stopped: the user's error (exit status 1) or ferry's (2).
pub(crate) enum Failure {
    User(Diagnostic),
    Internal(String),
}

impl From<Diagnostic> for Failure {
    fn from(diagnostic: Diagnostic) -> Failure {
        Failure::User(diagnostic)
    }
}

/// The command line, each command's help listing ferry's options (which
/// clap does not see: they sit among the trailing files and flags).
fn parse_command_line() -> Result<Cli, clap::Error> {
    let mut command = Cli::command();
    for which in Which::ALL {
        command = command.mut_subcommand(which.name(), |c| c.after_help(options::help(which)));
    }
    Cli::from_arg_matches(&command.try_get_matches()?)
}

/// Refuses a misspelt option, or another command's, before any of the
/// arguments is read as a file or a preprocessor flag.
fn check_options(command: &Command) -> Result<(), Diagnostic> {
    let (which, args) = match command {
        Command::Semantics { program, .. } => (Which::Semantics, program),
        Command::Regions { program, .. } => (Which::Regions, program),
        Command::Isolate { program } => (Which::Isolate, program),
        Command::Validate { program } => (Which::Validate, program),
        Command::Scop { program, .. } => (Which::Scop, program),
        Command::Dce { program } => (Which::Dce, program),
        Command::Effects { program } => (Which::Effects, program),
        Command::Parse { .. } => return Ok(()),
    };
    options::check(which, &args.args)
}

/// Runs the command line; returns the exit status.
pub fn run() -> i32 {
    std::panic::set_hook(Box::new(|info| {
        eprintln!("ferry: internal error: {info}");
        eprintln!("This is a bug in ferry; please report it with the input that triggered it.");
    }));
    let mut cli = match parse_command_line() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 1 } else { 0 };
        }
    };
    if let Err(diagnostic) =
        check_options(&cli.command).and_then(|()| take_time_budget(&mut cli.command))
    {
        diagnostic.eprint();
        return 1;
    }
    let worker = std::thread::Builder::new()
        .stack_size(STACK_SIZE)
        .spawn(move || {
            let finished = match cli.command {
                // Its exit status depends on the verdict, not only on success.
                Command::Validate { program } => crate::validate::run(program.args),
                Command::Isolate { program } => isolate(program.args),
                Command::Regions { json, program }
                    if program.args.iter().any(|a| a == "-p")
                        || folder_position(&program.args).is_some() =>
                {
                    regions_of_project(program.args, json)
                }
                command => execute(command)
                    .map(|output| Finished { output, status: 0 })
                    .map_err(Failure::User),
            };
            report_notes();
            finished
        });
    match worker.map(|handle| handle.join()) {
        Ok(Ok(Ok(Finished { output, status }))) => {
            let mut stdout = std::io::stdout().lock();
            if stdout
                .write_all(output.as_bytes())
                .and_then(|_| stdout.flush())
                .is_err()
            {
                return 1;
            }
            status
        }
        Ok(Ok(Err(Failure::User(diagnostic)))) => {
            diagnostic.eprint();
            1
        }
        Ok(Ok(Err(Failure::Internal(message)))) => {
            eprintln!("ferry: internal error: {message}");
            2
        }
        // The panic hook has already explained.
        Ok(Err(_)) => 2,
        Err(e) => {
            eprintln!("ferry: internal error: cannot start the worker thread: {e}");
            2
        }
    }
}

/// `ferry isolate`: files given on the command line, or a project (`-p`).
fn isolate(args: Vec<String>) -> Result<Finished, Failure> {
    let mut args = args;
    let selection = take_selection(&mut args)?;
    let mut options = take_isolate_options(&mut args, &selection)?;
    let out = take_value(&mut args, "-o")?
        .ok_or_else(|| Diagnostic::error("`ferry isolate` needs `-o OUTDIR`"))?;
    let how = BatchFlags::take(&mut args)?;
    let report = take_value(&mut args, "--report")?.map(PathBuf::from);
    options.pictures = report.is_some();
    if let Some(database) = take_value(&mut args, "-p")?.or_else(|| take_folder(&mut args)) {
        return isolate_project(&database, args, selection, options, (out, report), how);
    }
    how.refuse_with_files(false)?;
    let (sources, cflags) = files_and_flags(args)?;
    let parsed = parse_each(&sources, &cflags)?;
    let isolated = ferry_isolate::isolate(&parsed, &selection, &options)?;
    let inputs = ferry_isolate::BuildInputs { sources, cflags };
    ferry_isolate::write_output(std::path::Path::new(&out), &isolated, &inputs)?;
    if let Some(dir) = &report {
        crate::report::write(dir, &program_report(&inputs.sources, &isolated))?;
    }
    for warning in &isolated.warnings {
        eprintln!("{warning}");
    }
    let mut text = String::new();
    for line in &isolated.explanations {
        text.push_str(line);
        text.push('\n');
    }
    Ok(Finished {
        output: text,
        status: 0,
    })
}

/// The report of one program's isolation: a unit per file given.
pub(crate) fn program_report(
    sources: &[PathBuf],
    isolated: &ferry_isolate::Isolated,
) -> serde_json::Value {
    let units: Vec<serde_json::Value> = sources
        .iter()
        .map(|file| {
            let prefix = format!("{}:", file.display());
            let statements: Vec<serde_json::Value> = isolated
                .statements
                .iter()
                .filter(|s| s.at.starts_with(&prefix))
                .map(crate::report::statement_json)
                .collect();
            let notes: Vec<String> = isolated
                .warnings
                .iter()
                .filter(|w| w.starts_with(&prefix))
                .cloned()
                .collect();
            serde_json::json!({
                "file": file.display().to_string(),
                "outcome": if statements.is_empty() { "untouched" } else { "isolated" },
                "statements": statements,
                "left_out": crate::report::left_out_of(&notes),
            })
        })
        .collect();
    serde_json::json!({"target": isolated.target.name(), "units": units})
}

/// `ferry regions -p DATABASE [--json]`: every unit's regions, analysed
/// alone, in the database's order (text: each unit's annotated code after
/// a `// ferry: unit` line; JSON: `{"units": [{"file", "regions"}]}`).
/// A unit that cannot be analysed is reported and the others printed;
/// the exit status is then 1.
fn regions_of_project(args: Vec<String>, json: bool) -> Result<Finished, Failure> {
    let (mut args, json) = json_flag(args, json);
    let how = BatchFlags::take(&mut args)?;
    let database = take_value(&mut args, "-p")?
        .or_else(|| take_folder(&mut args))
        .expect("dispatched on -p or a folder");
    let (database, project) = open_project(&database, args)?;
    let job = format!("regions json={json}");
    // Each unit's regions alone: a report of a unit is of its functions,
    // and the units it calls are reported on their own.
    let done = project.each_unit(&how.run(&database), &job, None, &|parsed, _| {
        let files = [parsed];
        let analyses = ferry_hcfg::Analyses::run(&files);
        let regions = ferry_regions::RegionsAnalysis::run_for_report(&analyses);
        Ok(if json {
            ferry_regions::report::regions_json_all(&analyses, &regions, &files)
        } else {
            serde_json::Value::String(ferry_regions::report::annotated_regions(
                &analyses, &regions, &files,
            ))
        })
    })?;
    let mut failed = 0;
    let mut text = String::new();
    let mut units = Vec::new();
    for (unit, d) in project.units.iter().zip(&done) {
        let name = project.relative(&unit.file);
        for note in &d.notes {
            eprintln!("ferry: note: {name}: {note}");
        }
        match &d.answer {
            Ok(value) if json => units.push(serde_json::json!({"file": name, "regions": value})),
            Ok(value) => {
                text.push_str(&format!("// ferry: unit {name}\n"));
                text.push_str(value.as_str().unwrap_or_default());
            }
            Err(diagnostic) => {
                failed += 1;
                eprintln!("{diagnostic}");
                if json {
                    units.push(serde_json::json!({"file": name, "error": diagnostic}));
                } else {
                    text.push_str(&format!(
                        "// ferry: unit {name}: not analysed (see stderr)\n"
                    ));
                }
            }
        }
    }
    if json {
        text = serde_json::to_string_pretty(&serde_json::json!({ "units": units }))
            .expect("JSON of plain values");
        text.push('\n');
    }
    Ok(Finished {
        output: text,
        status: i32::from(failed > 0),
    })
}

/// The stack of every thread that analyses: deeply nested input makes
/// deep trees, and a large stack (reserved, not committed) keeps recursion
/// over them from overflowing.
pub(crate) const STACK_SIZE: usize = 1 << 30;

/// `--jobs N` taken from `args`: a number, 1 or more.
fn take_jobs(args: &mut Vec<String>) -> Result<Option<usize>, Diagnostic> {
    take_value(args, "--jobs")?
        .map(|n| match n.parse::<usize>() {
            Ok(n) if n > 0 => Ok(n),
            _ => Err(Diagnostic::error(format!(
                "`--jobs {n}`: expected a number of threads, 1 or more"
            ))),
        })
        .transpose()
}

/// Programs with fewer function definitions than this have their regions
/// computed on one thread unless `--jobs` says otherwise: every worker
/// redoes the analyses before the regions, which on a small program are
/// most of the work (and the test suite runs many at once).
const PARALLEL_REGIONS_FROM: usize = 200;

/// At most this many workers by default: each holds a whole copy of the
/// program's semantics (a third of a gigabyte for SQLite's).
const MAX_DEFAULT_REGIONS_WORKERS: usize = 4;

/// The threads `ferry regions` shares a program's functions among when
/// `--jobs` does not say: one per core, up to
/// [`MAX_DEFAULT_REGIONS_WORKERS`], for a program of
/// [`PARALLEL_REGIONS_FROM`] function definitions or more.
fn regions_workers(parsed: &[ferry_parser::ParsedFile]) -> usize {
    let definitions: usize = parsed
        .iter()
        .map(|file| {
            file.unit
                .items
                .iter()
                .filter(|item| matches!(item, ferry_parser::ast::ExternalDecl::FunctionDef(_)))
                .count()
        })
        .sum();
    if definitions < PARALLEL_REGIONS_FROM {
        return 1;
    }
    std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(MAX_DEFAULT_REGIONS_WORKERS)
}

/// How a project's batch runs: `--quiet`, `--jobs N`, `--no-cache`.
pub(crate) struct BatchFlags {
    quiet: bool,
    jobs: Option<usize>,
    no_cache: bool,
    /// `--program MAIN.c`: the unit defining the program's `main`.
    program: Option<String>,
}

impl BatchFlags {
    pub(crate) fn take(args: &mut Vec<String>) -> Result<BatchFlags, Diagnostic> {
        let quiet = take_flag(args, "--quiet");
        let no_cache = take_flag(args, "--no-cache");
        let jobs = take_jobs(args)?;
        let program = take_value(args, "--program")?;
        Ok(BatchFlags {
            quiet,
            jobs,
            no_cache,
            program,
        })
    }

    /// Sets the project's program (`--program`), which only `isolate -p`
    /// and `validate -p` use.
    pub(crate) fn choose_program(
        &self,
        project: &mut crate::units::Project,
    ) -> Result<(), Diagnostic> {
        match &self.program {
            Some(file) => project.choose_program(file),
            None => Ok(()),
        }
    }

    pub(crate) fn run(self, database: &std::path::Path) -> crate::units::Run {
        crate::units::Run {
            quiet: self.quiet,
            jobs: self.jobs,
            cache: (!self.no_cache).then(|| crate::unit_cache::beside(database)),
        }
    }
}

impl BatchFlags {
    /// Refuses the flags that only steer a project's batch when files are
    /// given instead: left in the arguments they would reach `cc -E` as
    /// flags, and taken silently they would promise what files mode does
    /// not do. `jobs_share_functions`: `ferry regions`, whose `--jobs`
    /// also shares one program's functions among threads.
    pub(crate) fn refuse_with_files(&self, jobs_share_functions: bool) -> Result<(), Diagnostic> {
        if self.program.is_some() {
            return Err(Diagnostic::error(
                "`--program` names the unit with `main` of a project (`-p BUILD` or a folder); \
                 files given on the command line with `main` among them are the whole program \
                 already (`--closed-program` specialises `--function` to their callers)",
            ));
        }
        let project_only = [
            ("--quiet", self.quiet, "hides a project's progress bar"),
            (
                "--no-cache",
                self.no_cache,
                "recomputes a project's cached units",
            ),
            (
                "--jobs",
                self.jobs.is_some() && !jobs_share_functions,
                "sets how many of a project's units are analysed at once",
            ),
        ];
        match project_only.iter().find(|(_, given, _)| *given) {
            Some((flag, _, what)) => Err(Diagnostic::error(format!(
                "`{flag}` {what} (`-p BUILD` or a folder); files given on the command line are \
                 one program, analysed in one run"
            ))),
            None => Ok(()),
        }
    }
}

/// The project of the database `-p` names (a file, or the folder holding
/// it), its units' flags with `extra` added: flags given on the command
/// line, which must not name C files (the database says which files the
/// project has). The database's path comes back absolute.
pub(crate) fn open_project(
    database: &str,
    extra: Vec<String>,
) -> Result<(PathBuf, crate::units::Project), Diagnostic> {
    if let Some(file) = extra.iter().find(|a| !a.starts_with('-') && is_c_source(a)) {
        return Err(Diagnostic::error(format!(
            "`{file}`: with `-p`, the compilation database lists the files; give flags only"
        )));
    }
    let given = std::path::Path::new(database);
    let database = crate::compile_db::locate(given);
    let database = std::path::absolute(&database).unwrap_or(database);
    // A folder without a database: each of its C files is a unit, with
    // the flags given (the cache goes where a database would be).
    if given.is_dir() && !database.exists() {
        let dir = std::path::absolute(given).unwrap_or_else(|_| given.to_path_buf());
        let project = crate::units::Project::directory(&dir, extra)?;
        return Ok((database, project));
    }
    let project = crate::units::Project::open(&database, extra)?;
    Ok((database, project))
}

/// A folder given where files go, which names a project as `-p FOLDER`
/// does: not the value of a preprocessor flag (`-I DIR`), and only where
/// no C file is given.
pub(crate) fn take_folder(args: &mut Vec<String>) -> Option<String> {
    let k = folder_position(args)?;
    Some(args.remove(k))
}

fn folder_position(args: &[String]) -> Option<usize> {
    let positional = |k: usize| {
        let a = &args[k];
        !a.starts_with('-')
            && (k == 0
                || !(ferry_parser::preprocess::flag_takes_value(&args[k - 1])
                    || crate::options::takes_value(&args[k - 1])))
    };
    let positions: Vec<usize> = (0..args.len()).filter(|&k| positional(k)).collect();
    if positions.iter().any(|&k| is_c_source(&args[k])) {
        return None;
    }
    positions
        .into_iter()
        .find(|&k| std::path::Path::new(&args[k]).is_dir())
}

/// `ferry isolate -p DATABASE`: the project's units, each with its flags
/// and `extra`.
fn isolate_project(
    database: &str,
    extra: Vec<String>,
    selection: ferry_isolate::Selection,
    options: ferry_isolate::Options,
    (out, report): (String, Option<PathBuf>),
    how: BatchFlags,
) -> Result<Finished, Failure> {
    let (database, mut project) = open_project(database, extra)?;
    how.choose_program(&mut project)?;
    let batch = crate::project::Batch {
        project,
        run: how.run(&database),
        selection,
        options,
        out: PathBuf::from(out),
        report,
        temporary_out: false,
    };
    let done = batch.run()?;
    Ok(Finished {
        output: done.summary,
        status: done.status,
    })
}

/// Runs one command and returns what it prints on success; nothing is
/// printed before the whole output is ready, so an error never leaves a
/// partial output behind.
fn execute(command: Command) -> Result<String, Diagnostic> {
    match command {
        Command::Parse {
            file,
            dump_ast,
            cflags,
        } => {
            let parsed = parse_file(&file, &cflags)?;
            Ok(if dump_ast {
                format!("{:#?}\n", parsed.unit)
            } else {
                ferry_parser::output::print_user_file(&parsed)
            })
        }
        Command::Isolate { .. } => unreachable!("`run` dispatches ferry isolate itself"),
        Command::Validate { .. } => unreachable!("`run` dispatches ferry validate itself"),
        Command::Effects { program } => {
            let (parsed, analyses) = analyse(program.args)?;
            let text = ferry_hcfg::report::annotated_effects(&analyses, &parsed);
            kept_until_exit((parsed, analyses));
            Ok(text)
        }
        Command::Semantics { json, program } => {
            let (args, json) = json_flag(program.args, json);
            let (parsed, analyses) = analyse(args)?;
            let text = if json {
                let mut text = serde_json::to_string_pretty(&ferry_hcfg::report::semantics_json(
                    &analyses, &parsed,
                ))
                .expect("JSON of plain values");
                text.push('\n');
                text
            } else {
                ferry_hcfg::report::annotated_semantics(&analyses, &parsed)
            };
            kept_until_exit((parsed, analyses));
            Ok(text)
        }
        Command::Scop { json, program } => {
            let (args, json) = json_flag(program.args, json);
            let (function, parsed, analyses) = analyse_function(args)?;
            let scops = ferry_poly::report::scops(&analyses, &parsed, function.as_deref());
            let text = if json {
                let mut text =
                    serde_json::to_string_pretty(&ferry_poly::report::json(&parsed, &scops))
                        .expect("JSON of plain values");
                text.push('\n');
                text
            } else {
                ferry_poly::report::text(&parsed, &scops)
            };
            kept_until_exit((parsed, analyses));
            Ok(text)
        }
        Command::Dce { program } => {
            let (function, parsed, analyses) = analyse_function(program.args)?;
            let [file] = parsed.as_slice() else {
                return Err(Diagnostic::error(
                    "`ferry dce` prints one file: give it one `.c` file",
                ));
            };
            let dead: Vec<ferry_poly::dce::DeadCode> =
                ferry_poly::report::scops(&analyses, &parsed, function.as_deref())
                    .iter()
                    .filter_map(|(_, scop, model)| {
                        Some(ferry_poly::dce::dead_code(scop, model.as_ref().ok()?))
                    })
                    .flatten()
                    .collect();
            let mut tree = file.unit.clone();
            ferry_poly::dce::remove(&mut tree.items, &dead);
            let text = ferry_parser::splice::rewrite_user_file(file, &tree);
            kept_until_exit((parsed, analyses));
            Ok(text)
        }
        Command::Regions { json, program } => {
            let (mut args, json) = json_flag(program.args, json);
            let how = BatchFlags::take(&mut args)?;
            how.refuse_with_files(true)?;
            let parsed = parse_args(args)?;
            let workers = how.jobs.unwrap_or_else(|| regions_workers(&parsed));
            if workers > 1 {
                let format = match json {
                    true => ferry_regions::parallel::Format::Json,
                    false => ferry_regions::parallel::Format::Annotated,
                };
                let options = ferry_regions::parallel::Options {
                    workers,
                    stack_size: STACK_SIZE,
                    format,
                    order: ferry_regions::parallel::Order::Earliest,
                };
                let (text, notes) = ferry_regions::parallel::report(&parsed, &options);
                for note in notes {
                    ferry_hcfg::semantics::budget::note(note);
                }
                kept_until_exit(parsed);
                return Ok(text);
            }
            let analyses = ferry_hcfg::Analyses::run(&parsed);
            let regions = ferry_regions::RegionsAnalysis::run_for_report(&analyses);
            let _timed = ferry_hcfg::semantics::budget::Timed::start(|| "the report".into());
            let text = if json {
                let value = ferry_regions::report::regions_json_all(&analyses, &regions, &parsed);
                let mut text = serde_json::to_string_pretty(&value).expect("JSON of plain values");
                text.push('\n');
                text
            } else {
                ferry_regions::report::annotated_regions(&analyses, &regions, &parsed)
            };
            kept_until_exit((parsed, analyses, regions));
            Ok(text)
        }
    }
}
