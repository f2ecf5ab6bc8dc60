//! Shared helpers for ferry's end-to-end tests: finding the `ferry` binary,
//! running it and test programs (with a time limit), locating the bundled C
//! programs and their flags, and tallying corpus outcomes against known
//! failures.

pub mod corpus;
pub mod csmith;
pub mod drivers;
pub mod isolate_spec;
pub mod offload;
pub mod projects;
pub mod region_trace;
pub mod trace;
pub mod transfer_volume;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The workspace root: `FERRY_WORKSPACE` when set, else the checkout the
/// tests were built in. The override lets test and bench binaries built
/// here run in a copy of the checkout elsewhere (`scripts/gpu_check.sh`
/// runs them on a machine with a GPU and no Rust toolchain).
pub fn workspace_root() -> PathBuf {
    if let Some(root) = std::env::var_os("FERRY_WORKSPACE").filter(|r| !r.is_empty()) {
        return PathBuf::from(root);
    }
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ sits in the workspace root")
        .to_owned()
}

/// The folder of C test programs, `tests/c`.
pub fn c_dir() -> PathBuf {
    workspace_root().join("tests").join("c")
}

/// The `ferry` binary of the profile these tests were built with. The test
/// command (`scripts/test.sh`) builds it before running the tests.
pub fn ferry_bin() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    // target/<profile>/deps/<test> -> target/<profile>/ferry
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("test executables live in target/<profile>/deps");
    let bin = profile_dir.join(format!("ferry{}", std::env::consts::EXE_SUFFIX));
    assert!(
        bin.is_file(),
        "{} is missing: build it first (`cargo build --workspace`, as scripts/test.sh does)",
        bin.display()
    );
    bin
}

/// Runs `ferry ARGS` from the workspace root.
pub fn run_ferry<I, S>(args: I) -> Output
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    Command::new(ferry_bin())
        .args(args)
        .current_dir(workspace_root())
        .output()
        .expect("ferry runs")
}

/// `ferry SUBCOMMAND --json PROGRAM CFLAGS...`: its JSON, and the command
/// line that gave it (for reports); an error when ferry fails, prints
/// anything on stderr, or prints something that is not UTF-8.
pub fn ferry_json(
    subcommand: &str,
    program: &Path,
    cflags: &[String],
) -> Result<(String, String), String> {
    let output = Command::new(ferry_bin())
        .arg(subcommand)
        .arg("--json")
        .arg(program)
        .args(cflags)
        .current_dir(workspace_root())
        .output()
        .map_err(|e| format!("cannot run ferry: {e}"))?;
    let command = format!(
        "ferry {subcommand} --json {}{}",
        program.display(),
        cflags.iter().map(|f| format!(" {f}")).collect::<String>()
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() || !stderr.is_empty() {
        return Err(format!(
            "`{command}` exited with {} and stderr:\n{}",
            output.status,
            indent(&stderr)
        ));
    }
    let json = String::from_utf8(output.stdout)
        .map_err(|e| format!("`{command}` printed invalid UTF-8: {e}"))?;
    Ok((json, command))
}

/// The `*.c` files directly in `dir` (not in its subfolders), sorted.
pub fn c_files_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{} is not readable: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| path.is_file() && path.extension().is_some_and(|ext| ext == "c"))
        .collect();
    files.sort();
    files
}

/// A fresh folder `ferry-WHAT-PID-NANOS` under the system's temporary directory.
pub fn scratch_dir(what: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let dir = std::env::temp_dir().join(format!("ferry-{what}-{}-{nanos}", std::process::id()));
    std::fs::create_dir_all(&dir)
        .unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
    dir
}

/// The preprocessor flags a program asks for on its first line
/// (`// cflags: ...`), with paths made absolute (they are written relative
/// to the workspace root, and the tests run elsewhere).
pub fn cflags_of(source: &str) -> Vec<String> {
    let first_line = source.lines().next().unwrap_or("");
    let Some(flags) = first_line.trim().strip_prefix("// cflags:") else {
        return Vec::new();
    };
    absolute_flags(flags)
}

/// Compiler flags written in a test program (relative to the workspace
/// root), split on whitespace, with the paths they name made absolute.
pub fn absolute_flags(flags: &str) -> Vec<String> {
    let words: Vec<String> = flags.split_whitespace().map(str::to_owned).collect();
    ferry_parser::preprocess::absolute_paths(&words, &workspace_root())
}

/// Why [`run_with_timeout`] has no output to give.
#[derive(Debug)]
pub enum RunError {
    /// The process was still running at the limit; it was killed.
    TimedOut,
    /// It could not be started or waited for.
    Io(std::io::Error),
}

/// Runs `command` (stdin closed, stdout and stderr captured) and kills it
/// if it runs longer than `limit`.
pub fn run_with_timeout(command: &mut Command, limit: Duration) -> Result<Output, RunError> {
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(RunError::Io)?;
    // Drain both pipes on other threads so that a chatty child cannot block.
    let mut stdout = child.stdout.take().expect("piped stdout");
    let mut stderr = child.stderr.take().expect("piped stderr");
    let out_reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = stdout.read_to_end(&mut buf);
        buf
    });
    let err_reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = stderr.read_to_end(&mut buf);
        buf
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(RunError::Io)? {
            break status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return Err(RunError::TimedOut);
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    Ok(Output {
        status,
        stdout: out_reader.join().unwrap_or_default(),
        stderr: err_reader.join().unwrap_or_default(),
    })
}

/// Checks per-file outcomes of a corpus test against its known failures
/// (`(file name, the bug)`): a failure not listed fails the test, and so
/// does a listed file that now passes (the list must shrink with the
/// bugs). Known failures are printed. `footer` ends the failure message.
pub fn assert_known_failures<'a>(
    library: &str,
    outcomes: impl IntoIterator<Item = (&'a str, Result<(), String>)>,
    known: &[(&str, &str)],
    footer: &str,
) {
    let known_failure = |name: &str| known.iter().find(|(n, _)| *n == name).map(|(_, bug)| *bug);
    let mut total = 0;
    let mut failures = Vec::new();
    let mut fixed = Vec::new();
    for (name, result) in outcomes {
        total += 1;
        match (result, known_failure(name)) {
            (Ok(()), None) => {}
            (Ok(()), Some(bug)) => fixed.push(format!("{name} ({bug})")),
            (Err(e), None) => failures.push(format!("--- {name}\n{e}")),
            (Err(e), Some(bug)) => eprintln!("{name}: known failure ({bug}):\n{e}"),
        }
    }
    assert!(
        failures.is_empty() && fixed.is_empty(),
        "{library}: {} of {total} files fail{}{}{footer}",
        failures.len(),
        if failures.is_empty() {
            String::new()
        } else {
            format!(":\n{}", failures.join("\n"))
        },
        if fixed.is_empty() {
            String::new()
        } else {
            format!(
                "\nnow passing, remove from KNOWN_FAILURES: {}",
                fixed.join(", ")
            )
        },
    );
}

/// Indents every line of `text` by four spaces.
pub fn indent(text: &str) -> String {
    text.lines().map(|line| format!("    {line}\n")).collect()
}

/// The message of a caught panic.
pub fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "(no message)".to_owned())
}

/// Runs `check` on every program, a few at a time, on threads with a large
/// stack (deep trees make deep recursion, as in the `ferry` command); a
/// panic is one more error. Results come in the order of `programs`.
pub fn for_each_parallel<T: Send>(
    programs: &[PathBuf],
    check: impl Fn(&Path) -> Result<T, String> + Sync,
) -> Vec<Result<T, String>> {
    let workers = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .clamp(1, 4);
    for_each_parallel_on(workers, programs, check)
}

/// Fails with every failure of `results` (one per program of `programs`),
/// each under the program's path from the workspace root.
pub fn assert_all_pass(programs: &[PathBuf], results: Vec<Result<(), String>>) {
    let failures: Vec<String> = programs
        .iter()
        .zip(results)
        .filter_map(|(program, result)| {
            let path = program.strip_prefix(workspace_root()).unwrap_or(program);
            result
                .err()
                .map(|e| format!("--- {}\n{}", path.display(), indent(&e)))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} programs fail:\n{}",
        failures.len(),
        programs.len(),
        failures.join("\n")
    );
}

/// [`for_each_parallel`] on at most `workers` threads (for checks that
/// start processes of their own).
pub fn for_each_parallel_on<T: Send>(
    workers: usize,
    programs: &[PathBuf],
    check: impl Fn(&Path) -> Result<T, String> + Sync,
) -> Vec<Result<T, String>> {
    let results: Vec<Mutex<Option<Result<T, String>>>> =
        programs.iter().map(|_| Mutex::new(None)).collect();
    let next = Mutex::new(0usize);
    std::thread::scope(|scope| {
        for _ in 0..workers.max(1) {
            std::thread::Builder::new()
                .stack_size(256 << 20)
                .spawn_scoped(scope, || {
                    loop {
                        let index = {
                            let mut next = next.lock().unwrap();
                            let index = *next;
                            *next += 1;
                            index
                        };
                        let Some(program) = programs.get(index) else {
                            break;
                        };
                        let outcome =
                            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                                check(program)
                            }))
                            .unwrap_or_else(|panic| {
                                Err(format!("panicked: {}", panic_message(&*panic)))
                            });
                        *results[index].lock().unwrap() = Some(outcome);
                    }
                })
                .expect("start a worker thread");
        }
    });
    results
        .into_iter()
        .map(|r| r.into_inner().unwrap().expect("every program was checked"))
        .collect()
}

/// A C test program to build with `cc -std=gnu17 -O0 -w` and run.
pub struct TestProgram<'a> {
    pub source: &'a Path,
    pub cflags: &'a [String],
    /// Searched for `#include "..."` (the program's own folder).
    pub include: &'a Path,
    /// Where the executable goes (and, next to it, the runtime's source).
    pub exe: &'a Path,
    /// A trace runtime to build as a second translation unit, and the file
    /// the run writes its trace to (through `$FERRY_TRACE`).
    pub runtime: Option<(&'a str, &'a Path)>,
}

impl TestProgram<'_> {
    /// Builds the program; an error is the compiler's message.
    pub fn build(&self) -> Result<(), String> {
        let mut cc = Command::new(ferry_parser::preprocess::c_compiler());
        cc.args(["-std=gnu17", "-O0", "-w"])
            .args(self.cflags)
            .arg("-I")
            .arg(self.include)
            .arg(self.source);
        if let Some((runtime_c, _)) = self.runtime {
            let runtime = self.exe.with_extension("runtime.c");
            std::fs::write(&runtime, runtime_c)
                .map_err(|e| format!("cannot write {}: {e}", runtime.display()))?;
            cc.arg(runtime);
        }
        let output = cc
            .arg("-o")
            .arg(self.exe)
            .arg("-lm")
            .current_dir(workspace_root())
            .output()
            .map_err(|e| format!("cannot run cc: {e}"))?;
        if !output.status.success() {
            return Err(format!(
                "{} does not build:\n{}",
                self.source.display(),
                indent(&String::from_utf8_lossy(&output.stderr))
            ));
        }
        Ok(())
    }

    /// Runs the built program with `args`, killed after `limit`.
    pub fn run(&self, args: &[String], limit: Duration) -> Result<Output, String> {
        let mut command = Command::new(self.exe);
        command.args(args);
        if let Some((_, trace)) = self.runtime {
            command.env("FERRY_TRACE", trace);
        }
        run_with_timeout(&mut command, limit).map_err(|e| match e {
            RunError::TimedOut => format!("{} ran for more than {limit:?}", self.exe.display()),
            RunError::Io(e) => format!("cannot run {}: {e}", self.exe.display()),
        })
    }
}

/// A copy of the folder `from` at `to`, subfolders included.
pub fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("folder");
    for entry in std::fs::read_dir(from).expect("readable") {
        let entry = entry.expect("entry");
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy");
        }
    }
}

/// Runs the built `original` and `transformed` programs with each `n` of
/// `counts` as their argument (the transformed one writing its
/// `FERRY_STATS` into `scratch`): the same exit status and output, and
/// the array bytes moved to and from the accelerator counted by hand.
pub fn same_runs(original: &Path, transformed: &Path, counts: &[(u64, u64, u64)], scratch: &Path) {
    for &(n, to, from) in counts {
        let expected = Command::new(original)
            .arg(n.to_string())
            .output()
            .expect("runs");
        let stats = scratch.join(format!("stats-{n}.json"));
        let got = Command::new(transformed)
            .arg(n.to_string())
            .env("FERRY_STATS", &stats)
            .output()
            .expect("runs");
        assert!(expected.status.success(), "the original fails for {n}");
        assert_eq!(got.status.code(), expected.status.code(), "n = {n}");
        assert_eq!(
            String::from_utf8_lossy(&got.stdout),
            String::from_utf8_lossy(&expected.stdout),
            "n = {n}"
        );
        let text = std::fs::read_to_string(&stats).expect("stats");
        let stats: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        assert_eq!(stats["bytes_to_accel"], to, "n = {n}: {stats}");
        assert_eq!(stats["bytes_from_accel"], from, "n = {n}: {stats}");
    }
}
