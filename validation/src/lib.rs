//! Differential execution: builds the original program and the one ferry
//! transformed, runs both on the same arguments and standard input, each in
//! a fresh working directory (empty, or mirroring the user's), and compares
//! what they print on stdout, their exit status and the output files they
//! are asked to write, byte for byte. A run whose original program fails
//! validates nothing and says so.
//! The transformed run also reports its transfer statistics (the runtime's
//! `FERRY_STATS` file).
//!
//! Why this catches wrong transfers: the runtime poisons every accelerator
//! buffer when it allocates it (NaN, 0xAB bytes), so a missing or short
//! load gives a wrong result instead of a lucky right one, and a missing
//! store leaves the host's old values, which the outputs show.

mod build;
mod compare;
mod error;
mod exec;
mod project;
mod report;
mod stats;

pub use build::{BASE_FLAGS, c_compiler, nvcc_flag};
pub use compare::{Difference, FileComparison, FileState};
pub use error::Error;
pub use exec::Status;
pub use project::{BUILD_TIMEOUT, ProjectRequest, validate_project};
pub use report::{Report, RunReport, Verdict};
pub use stats::{PlanCalls, Stats};
pub use tempfile::TempDir;

use std::path::{Path, PathBuf};
use std::time::Duration;

/// The time limit of one run when none is given.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);

/// What to validate.
#[derive(Debug, Clone)]
pub struct Request {
    /// The original program's C files.
    pub sources: Vec<PathBuf>,
    /// The user's compiler flags (`-I`, `-D`, `-std=`...), for both builds.
    pub cflags: Vec<String>,
    /// The folder `ferry isolate` wrote: every transformed file and the
    /// runtime; all its `*.c` files are built.
    pub transformed: PathBuf,
    /// One entry per execution: its arguments (without the program name).
    pub runs: Vec<Vec<String>>,
    /// Files each run writes in its working directory, compared byte for byte.
    /// Relative names without `..`.
    pub compare_files: Vec<String>,
    /// The time limit of one execution of one program.
    pub timeout: Duration,
    /// Libraries the transformed program links with besides `-lm`
    /// (`-lOpenCL` for the OpenCL target).
    pub link_flags: Vec<String>,
    /// The relative distance within which a floating-point number the
    /// transformed program prints agrees with the original's (0: outputs
    /// must be the same bytes). Integers and other text stay exact.
    pub tolerance: f64,
    /// What every execution reads on its standard input (closed when
    /// `None`).
    pub stdin: Option<Vec<u8>>,
    /// The folder each execution's working directory mirrors, so that
    /// relative paths read the files they would there (`None`: an empty
    /// one).
    pub mirrored: Option<PathBuf>,
    /// Whether an original program that exits with a failure status (or a
    /// signal) is still a run to compare; otherwise such a run validates
    /// nothing and its verdict says so.
    pub original_may_fail: bool,
}

impl Request {
    /// A request with one run without arguments, no file to compare and
    /// the default time limit.
    pub fn new(sources: Vec<PathBuf>, cflags: Vec<String>, transformed: PathBuf) -> Request {
        Request {
            sources,
            cflags,
            transformed,
            runs: vec![Vec::new()],
            compare_files: Vec::new(),
            timeout: DEFAULT_TIMEOUT,
            link_flags: Vec::new(),
            tolerance: 0.0,
            stdin: None,
            mirrored: None,
            original_may_fail: false,
        }
    }
}

/// Builds both programs, runs them on every run of `request` and compares.
/// A difference is a verdict in the report, not an error; errors are what
/// prevents judging (see [`Error`]).
pub fn validate(request: &Request) -> Result<Report, Error> {
    for name in &request.compare_files {
        check_output_name(name)?;
    }
    if request.sources.is_empty() {
        return Err(Error::Usage("no C file to validate".to_owned()));
    }
    let scratch = temporary_folder("ferry-validate-")?;
    let original_exe = scratch.path().join("original");
    let transformed_exe = scratch.path().join("transformed");
    build::original(&request.sources, &request.cflags, &original_exe)?;
    build::transformed(
        &request.transformed,
        &request.sources,
        &request.cflags,
        &request.link_flags,
        &transformed_exe,
    )?;
    let mut runs = Vec::new();
    for (index, args) in request.runs.iter().enumerate() {
        let run_dir = scratch.path().join(format!("run{index}"));
        runs.push(run_once(
            request,
            &original_exe,
            &transformed_exe,
            &run_dir,
            args,
        )?);
    }
    Ok(Report {
        runs,
        tolerance: request.tolerance,
    })
}

/// One execution of both programs, each in its own folder.
fn run_once(
    request: &Request,
    original_exe: &Path,
    transformed_exe: &Path,
    run_dir: &Path,
    args: &[String],
) -> Result<RunReport, Error> {
    let around = exec::Surroundings {
        stdin: request.stdin.as_deref(),
        mirrored: request.mirrored.as_deref(),
        own_files: &request.compare_files,
    };
    let original = exec::execute(
        original_exe,
        args,
        &run_dir.join("original"),
        None,
        request.timeout,
        around,
    )?;
    if original.status == Status::TimedOut {
        return Err(Error::OriginalTimedOut {
            args: args.to_vec(),
            limit: request.timeout,
        });
    }
    // Outside the run's working directory, so that it is not one of the
    // program's own files.
    let stats_file = run_dir.join("stats.json");
    let transformed = exec::execute(
        transformed_exe,
        args,
        &run_dir.join("transformed"),
        Some(&stats_file),
        request.timeout,
        around,
    )?;
    let stats = stats::read(&stats_file, &transformed.status)?;
    let stdout = compare::bytes(&original.stdout, &transformed.stdout, request.tolerance);
    let files = request
        .compare_files
        .iter()
        .map(|name| compare::file(name, &original.dir, &transformed.dir, request.tolerance))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(RunReport {
        args: args.to_vec(),
        original_status: original.status,
        transformed_status: transformed.status,
        stdout,
        files,
        stats,
        original_failure_accepted: request.original_may_fail,
        original_stderr: original.stderr,
        transformed_stderr: transformed.stderr,
    })
}

/// A fresh folder under the system's temporary directory, removed when
/// the value is dropped (the command line isolates into one).
pub fn temporary_folder(prefix: &str) -> Result<TempDir, Error> {
    tempfile::Builder::new()
        .prefix(prefix)
        .tempdir()
        .map_err(|e| Error::Io(format!("cannot create a temporary folder: {e}")))
}

/// An output file is named relative to the run's working directory: an
/// absolute path or `..` would make both programs write the same file.
fn check_output_name(name: &str) -> Result<(), Error> {
    let path = Path::new(name);
    let escapes = path.components().any(|c| {
        !matches!(
            c,
            std::path::Component::Normal(_) | std::path::Component::CurDir
        )
    });
    if name.is_empty() || escapes {
        return Err(Error::Usage(format!(
            "output file `{name}` must be a relative name inside the run's working directory (no `..`, not absolute)"
        )));
    }
    Ok(())
}
