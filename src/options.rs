//! ferry's own options, which users write anywhere among the C files and
//! the preprocessor's flags of a command (`ferry isolate a.c -DN=10
//! --function f -o out`): the table every command's help lists, and the
//! check that refuses a misspelt one before it could reach `cc -E` as a
//! flag.
//!
//! The commands take their options out of the arguments themselves
//! (`cli::take_value`, `cli::take_flag`); this table only says which exist,
//! what they take and what they do.

use ferry_parser::Diagnostic;

/// The commands whose arguments hold ferry options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Subcommand {
    Semantics,
    Regions,
    Isolate,
    Validate,
    Scop,
    Dce,
    Effects,
}

impl Subcommand {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Subcommand::Semantics => "semantics",
            Subcommand::Regions => "regions",
            Subcommand::Isolate => "isolate",
            Subcommand::Validate => "validate",
            Subcommand::Scop => "scop",
            Subcommand::Dce => "dce",
            Subcommand::Effects => "effects",
        }
    }

    pub(crate) const ALL: [Subcommand; 7] = [
        Subcommand::Semantics,
        Subcommand::Regions,
        Subcommand::Isolate,
        Subcommand::Validate,
        Subcommand::Scop,
        Subcommand::Dce,
        Subcommand::Effects,
    ];
}

/// How many values follow an option.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Takes {
    Nothing,
    /// One: `--name VALUE` or `--name=VALUE`.
    One(&'static str),
    /// One or more, up to the next option or C file.
    Several(&'static str),
}

struct FerryOption {
    name: &'static str,
    takes: Takes,
    commands: &'static [Subcommand],
    help: &'static str,
}

use Subcommand::*;

const TRANSFORMS: &[Subcommand] = &[Isolate, Validate];

/// Every option, in the order the help lists them.
const OPTIONS: &[FerryOption] = &[
    FerryOption {
        name: "--label",
        takes: Takes::One("L"),
        commands: TRANSFORMS,
        help: "isolate the statement labelled L",
    },
    FerryOption {
        name: "--function",
        takes: Takes::One("F"),
        commands: &[Isolate, Validate, Scop, Dce],
        help: "isolate the body of F (scop, dce: F's SCoPs only)",
    },
    FerryOption {
        name: "--pragma",
        takes: Takes::Nothing,
        commands: TRANSFORMS,
        help: "isolate every statement after `#pragma ferry isolate`",
    },
    FerryOption {
        name: "--auto",
        takes: Takes::Nothing,
        commands: TRANSFORMS,
        help: "isolate every outermost loop nest with a parallel loop that ferry can isolate",
    },
    FerryOption {
        name: "--min-iterations",
        takes: Takes::One("N"),
        commands: TRANSFORMS,
        help: "with --auto: leave on the host a nest of constant bounds that runs fewer than N \
               loop iterations (default 1024; 0: offload every nest with a parallel loop)",
    },
    FerryOption {
        name: "--transfers-only",
        takes: Takes::Nothing,
        commands: TRANSFORMS,
        help: "isolate nothing: optimise the program's own memload/memstore transfers",
    },
    FerryOption {
        name: "--target",
        takes: Takes::One("host|opencl|cuda"),
        commands: TRANSFORMS,
        help: "the memcpy simulation (default), or kernels for OpenCL or CUDA",
    },
    FerryOption {
        name: "-o",
        takes: Takes::One("OUTDIR"),
        commands: TRANSFORMS,
        help: "where the transformed program goes (isolate: required; validate: kept there)",
    },
    FerryOption {
        name: "-p",
        takes: Takes::One("BUILD"),
        commands: &[Isolate, Regions, Validate],
        help: "a whole project: its compile_commands.json (or the build folder holding it; a \
               folder without one: every C file under it; such a folder may also be given where the \
               files go) \
               instead of files, each unit analysed with those defining what it calls (isolate: \
               OUTDIR mirrors the project; regions: each unit alone; \
               validate: built by --build and checked by each --run command)",
    },
    FerryOption {
        name: "--report",
        takes: Takes::One("DIR"),
        commands: TRANSFORMS,
        help: "write report.json and index.html: per isolated statement what moves, per nest \
               left out why (validate: and each run's measured transfers)",
    },
    FerryOption {
        name: "--quiet",
        takes: Takes::Nothing,
        commands: &[Isolate, Regions, Validate],
        help: "no progress bar (with -p)",
    },
    FerryOption {
        name: "--jobs",
        takes: Takes::One("N"),
        commands: &[Isolate, Regions, Validate],
        help: "threads: units analysed at once (with -p), or sharing a program's functions (regions; default: one per core)",
    },
    FerryOption {
        name: "--program",
        takes: Takes::One("MAIN.c"),
        commands: &[Isolate, Validate],
        help: "with -p: the project builds the program whose main this unit defines; its units \
               are analysed together, so functions get their callers' context from every unit \
               (the output is for that program only)",
    },
    FerryOption {
        name: "--no-cache",
        takes: Takes::Nothing,
        commands: &[Isolate, Regions, Validate],
        help: "recompute every unit (with -p; default: units unchanged since a run are reused)",
    },
    FerryOption {
        name: "--explain",
        takes: Takes::Nothing,
        commands: TRANSFORMS,
        help: "print the parallelisation decision on every loop selected",
    },
    FerryOption {
        name: "--reassociate",
        takes: Takes::Nothing,
        commands: TRANSFORMS,
        help: "floating-point sums and products may run as parallel reductions",
    },
    FerryOption {
        name: "--closed-program",
        takes: Takes::Nothing,
        commands: TRANSFORMS,
        help: "the files hold every caller of --function F: specialise F to them",
    },
    FerryOption {
        name: "--transfer-plan",
        takes: Takes::One("auto|hull|rows|exact|rects|whole"),
        commands: TRANSFORMS,
        help: "how each array's copies are shaped (default auto: the cheapest)",
    },
    FerryOption {
        name: "--transfer-cost",
        takes: Takes::One("host|gpu|dma[,latency=US][,bandwidth=GBS]"),
        commands: TRANSFORMS,
        help: "the cost model the auto plan compares with",
    },
    FerryOption {
        name: "--no-optimize-transfers",
        takes: Takes::Nothing,
        commands: TRANSFORMS,
        help: "keep each statement's transfers where isolation puts them",
    },
    FerryOption {
        name: "--no-polyhedral",
        takes: Takes::Nothing,
        commands: TRANSFORMS,
        help: "transfers from the array regions alone, not the exact dataflow of SCoPs",
    },
    FerryOption {
        name: "--run",
        takes: Takes::One("ARGS"),
        commands: &[Validate],
        help: "one execution with ARGS (split on whitespace); with -p, a shell command run in \
               each tree; repeatable",
    },
    FerryOption {
        name: "--build",
        takes: Takes::One("CMD"),
        commands: &[Validate],
        help: "with -p: the project's build command, run by sh in each tree with \
               FERRY_RTE_CFLAGS and FERRY_RTE_LIBS (the runtime's, empty in the original)",
    },
    FerryOption {
        name: "--stdin",
        takes: Takes::One("FILE"),
        commands: &[Validate],
        help: "every execution reads FILE on its standard input (`-`: ferry's own)",
    },
    FerryOption {
        name: "--compare-files",
        takes: Takes::Several("F"),
        commands: &[Validate],
        help: "files each execution writes, compared too",
    },
    FerryOption {
        name: "--timeout",
        takes: Takes::One("SECONDS"),
        commands: &[Validate],
        help: "the limit of one execution (default 60)",
    },
    FerryOption {
        name: "--tolerance",
        takes: Takes::One("REL"),
        commands: &[Validate],
        help: "floating-point numbers agree within this relative distance (default 0)",
    },
    FerryOption {
        name: "--original-may-fail",
        takes: Takes::Nothing,
        commands: &[Validate],
        help: "accept an original program that exits with a failure status",
    },
    FerryOption {
        name: "--json",
        takes: Takes::Nothing,
        commands: &[Semantics, Regions, Validate, Scop],
        help: "print JSON instead of text",
    },
    FerryOption {
        name: "--time-budget",
        takes: Takes::One("SECONDS"),
        commands: &Subcommand::ALL,
        help: "bound each analysis of each function (default 10, 0 for none)",
    },
];

/// gcc's own double-dash spellings, passed to the preprocessor like the
/// single-dash flags.
const COMPILER_LONG_FLAGS: &[&str] = &[
    "--std",
    "--sysroot",
    "--include",
    "--include-directory",
    "--define-macro",
    "--undefine-macro",
    "--ansi",
    "--pedantic",
];

/// Whether `arg` is one of ferry's options that takes the next argument
/// as its value (`-o OUTDIR`, `--build CMD`): that argument is not a file
/// nor a folder, even where it names one.
pub(crate) fn takes_value(arg: &str) -> bool {
    OPTIONS
        .iter()
        .any(|o| o.name == arg && matches!(o.takes, Takes::One(_)))
}

/// The option list of `command`'s help.
pub(crate) fn help(command: Subcommand) -> String {
    let rows: Vec<(String, &str)> = OPTIONS
        .iter()
        .filter(|o| o.commands.contains(&command))
        .map(|o| {
            let usage = match o.takes {
                Takes::Nothing => o.name.to_owned(),
                Takes::One(value) => format!("{} {value}", o.name),
                Takes::Several(value) => format!("{} {value}...", o.name),
            };
            (usage, o.help)
        })
        .collect();
    // A usage longer than the column gets its help on the next line.
    const COLUMN: usize = 26;
    let mut text = String::from("ferry's options (anywhere among the files and CFLAGS):\n");
    for (usage, help) in rows {
        if usage.len() > COLUMN {
            text.push_str(&format!("  {usage}\n  {:COLUMN$}  {help}\n", ""));
        } else {
            text.push_str(&format!("  {usage:COLUMN$}  {help}\n"));
        }
    }
    text
}

/// Refuses an argument that looks like a ferry option but is none of
/// `command`'s (a misspelling, or another command's option), naming the
/// option meant where one is close. Arguments that are values of options
/// are skipped, as are the preprocessor's flags.
pub(crate) fn check(command: Subcommand, args: &[String]) -> Result<(), Diagnostic> {
    let mut i = 0;
    while i < args.len() {
        let arg = &args[i];
        i += 1;
        let name = arg.split_once('=').map_or(arg.as_str(), |(n, _)| n);
        if let Some(option) = OPTIONS.iter().find(|o| o.name == name) {
            if !option.commands.contains(&command) {
                return Err(Diagnostic::error(format!(
                    "`{name}` is not an option of `ferry {}` (it is one of {})",
                    command.name(),
                    option
                        .commands
                        .iter()
                        .map(|c| format!("`ferry {}`", c.name()))
                        .collect::<Vec<_>>()
                        .join(", ")
                )));
            }
            let inline_value = name.len() != arg.len();
            match option.takes {
                Takes::One(_) if !inline_value => i += 1,
                Takes::Several(_) if !inline_value => {
                    while i < args.len()
                        && !args[i].starts_with('-')
                        && !crate::cli::is_c_source(&args[i])
                    {
                        i += 1;
                    }
                }
                _ => {}
            }
            continue;
        }
        if ferry_parser::preprocess::flag_takes_value(arg) {
            i += 1;
            continue;
        }
        if arg.starts_with("--") && !COMPILER_LONG_FLAGS.contains(&name) {
            return Err(unknown(command, name));
        }
        // `-function`: gcc would refuse it too, with a less helpful message.
        if arg.starts_with('-')
            && !arg.starts_with("--")
            && OPTIONS
                .iter()
                .any(|o| o.name.starts_with("--") && o.name[1..] == *name)
        {
            return Err(unknown(command, name));
        }
    }
    Ok(())
}

/// `unknown option `--fucntion`; did you mean `--function`?`
fn unknown(command: Subcommand, name: &str) -> Diagnostic {
    let closest = OPTIONS
        .iter()
        .filter(|o| o.commands.contains(&command))
        .map(|o| (strsim::damerau_levenshtein(o.name, name), o.name))
        .min();
    let mut message = format!("unknown option `{name}` for `ferry {}`", command.name());
    match closest {
        // Close: at most a third of the name's letters differ.
        Some((distance, meant)) if distance * 3 <= name.len().max(3) => {
            message.push_str(&format!("; did you mean `{meant}`?"));
        }
        _ => message.push_str(&format!(
            " (see `ferry {} --help` for its options)",
            command.name()
        )),
    }
    Diagnostic::error(message)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_owned).collect()
    }

    fn message(command: Subcommand, text: &str) -> Option<String> {
        check(command, &args(text)).err().map(|d| d.to_string())
    }

    #[test]
    fn a_misspelt_option_names_the_one_meant() {
        let m = message(Isolate, "a.c --fucntion f -o out").unwrap();
        assert!(m.contains("unknown option `--fucntion`"), "{m}");
        assert!(m.contains("did you mean `--function`?"), "{m}");
        let m = message(Validate, "a.c --pragma --tolerence=1e-9").unwrap();
        assert!(m.contains("did you mean `--tolerance`?"), "{m}");
    }

    #[test]
    fn a_single_dash_spelling_of_an_option_is_refused() {
        let m = message(Isolate, "a.c -function f").unwrap();
        assert!(m.contains("did you mean `--function`?"), "{m}");
    }

    #[test]
    fn another_commands_option_is_named_as_such() {
        let m = message(Regions, "a.c --explain").unwrap();
        assert!(m.contains("not an option of `ferry regions`"), "{m}");
        assert!(m.contains("`ferry isolate`"), "{m}");
    }

    #[test]
    fn nothing_alike_points_at_the_help() {
        let m = message(Scop, "a.c --frobnicate").unwrap();
        assert!(m.contains("see `ferry scop --help`"), "{m}");
        assert!(!m.contains("did you mean"), "{m}");
    }

    #[test]
    fn values_and_compiler_flags_pass() {
        for text in [
            "a.c -DN=10 -I inc --function f -o out --std=c99",
            "a.c --pragma --run --verbose --run=-x --compare-files o1 o2 --json",
            "a.c --pragma -include pre.h --target cuda --transfer-cost gpu,latency=5",
        ] {
            let command = if text.contains("--run") {
                Validate
            } else {
                Isolate
            };
            assert_eq!(message(command, text), None, "{text}");
        }
    }

    #[test]
    fn every_command_lists_its_options_in_its_help() {
        for command in Subcommand::ALL {
            let help = help(command);
            assert!(help.contains("--time-budget SECONDS"), "{help}");
        }
        assert!(help(Isolate).contains("--function F"));
        assert!(!help(Regions).contains("--function"));
        assert!(help(Validate).contains("--compare-files F..."));
    }
}
