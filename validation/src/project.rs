//! Differential execution of a whole project (`ferry validate -p`): the
//! project's own build and its own test commands, run in a copy of the
//! original tree and in the transformed one, compared as single programs'
//! runs are (stdout and exit status).
//!
//! The build command is the user's (`make`, `cmake --build build`...), run
//! by `sh -c` at the root of each tree. It reaches the runtime through two
//! variables, empty in the original tree, so that one command builds both:
//! `FERRY_RTE_CFLAGS` (`-I` of the runtime's folder) and `FERRY_RTE_LIBS`
//! (its compiled objects and the target's libraries), as in
//! `make CFLAGS="-O2 $FERRY_RTE_CFLAGS" LDFLAGS="$FERRY_RTE_LIBS"`.
//! Each run command is run the same way; the transformed tree's runs get
//! `FERRY_STATS`, which holds the statistics of the last process of the
//! command that used the runtime (each process writes it at its exit).

use crate::error::Error;
use crate::exec::{self, Status, Surroundings};
use crate::report::{Report, RunReport};
use crate::{build, compare, stats};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// The time limit of a build command.
pub const BUILD_TIMEOUT: Duration = Duration::from_secs(1800);

/// What to validate.
#[derive(Debug, Clone)]
pub struct ProjectRequest {
    /// A copy of the project as it was (built in place).
    pub original: PathBuf,
    /// The tree `ferry isolate -p` wrote (built in place).
    pub transformed: PathBuf,
    /// The runtime's folder in the transformed tree.
    pub runtime: PathBuf,
    /// The files ferry wrote beside the units of the transformed tree
    /// (kernels, their launchers, headers): the sources among them are
    /// compiled with the runtime's.
    pub added: Vec<PathBuf>,
    /// Libraries the runtime needs (`-lOpenCL`).
    pub link_flags: Vec<String>,
    /// The project's build command.
    pub build: String,
    /// Its test commands, one run each.
    pub runs: Vec<String>,
    pub timeout: Duration,
    pub tolerance: f64,
}

/// Builds both trees and runs every command in each.
pub fn validate_project(request: &ProjectRequest, scratch: &Path) -> Result<Report, Error> {
    let objects = compile_runtime(&request.runtime, &request.added, scratch)?;
    let mut libs = objects;
    libs.extend(request.link_flags.iter().cloned());
    let runtime_cflags = format!("-I{}", request.runtime.display());
    let runtime_libs = libs.join(" ");
    let build = |tree: &Path, cflags: &str, libs: &str| {
        let log = scratch.join(format!("build-{}", tree_name(tree)));
        let env = [("FERRY_RTE_CFLAGS", cflags), ("FERRY_RTE_LIBS", libs)];
        let done = shell(&request.build, tree, &log, &env, None, BUILD_TIMEOUT)?;
        Ok::<_, Error>((
            done.status,
            String::from_utf8_lossy(&done.stderr).into_owned(),
        ))
    };
    let command = format!("sh -c '{}'", request.build);
    let (status, messages) = build(&request.original, "", "")?;
    if status != Status::Exited(0) {
        return Err(Error::OriginalBuild { command, messages });
    }
    let (status, messages) = build(&request.transformed, &runtime_cflags, &runtime_libs)?;
    if status != Status::Exited(0) {
        return Err(Error::TransformedBuild { command, messages });
    }
    let mut runs = Vec::new();
    for (index, run) in request.runs.iter().enumerate() {
        let original = shell(
            run,
            &request.original,
            &scratch.join(format!("run{index}-original")),
            &[],
            None,
            request.timeout,
        )?;
        if original.status == Status::TimedOut {
            return Err(Error::OriginalTimedOut {
                args: vec![run.clone()],
                limit: request.timeout,
            });
        }
        let stats_file = scratch.join(format!("run{index}-stats.json"));
        let transformed = shell(
            run,
            &request.transformed,
            &scratch.join(format!("run{index}-transformed")),
            &[],
            Some(&stats_file),
            request.timeout,
        )?;
        runs.push(RunReport {
            args: vec![run.clone()],
            original_status: original.status,
            transformed_status: transformed.status,
            stdout: compare::bytes(&original.stdout, &transformed.stdout, request.tolerance),
            files: Vec::new(),
            stats: stats::read(&stats_file, &transformed.status)?,
            original_failure_accepted: false,
            original_stderr: original.stderr,
            transformed_stderr: transformed.stderr,
        });
    }
    Ok(Report {
        runs,
        tolerance: request.tolerance,
    })
}

/// The runtime's sources and those among `added` (the launchers and
/// CUDA kernels written beside the units) compiled into `scratch` (the
/// transformed tree stays as ferry wrote it): their objects, then what
/// linking them needs. C goes to the C compiler, CUDA (`.cu`) to nvcc;
/// the project's own command links, with the C compiler, so CUDA objects
/// bring the CUDA runtime library (`build::cuda_libraries`). A launcher
/// finds its kernels' header beside it and the runtime's through `-I`.
fn compile_runtime(
    runtime: &Path,
    added: &[PathBuf],
    scratch: &Path,
) -> Result<Vec<String>, Error> {
    let compiled = |p: &PathBuf| p.extension().is_some_and(|x| x == "c" || x == "cu");
    let mut sources: Vec<PathBuf> = std::fs::read_dir(runtime)
        .map_err(|e| Error::Io(format!("cannot read {}: {e}", runtime.display())))?
        .flatten()
        .map(|entry| entry.path())
        .filter(compiled)
        .collect();
    sources.sort();
    sources.extend(added.iter().filter(|p| compiled(p)).cloned());
    let mut objects = Vec::new();
    let mut cuda = false;
    for (k, source) in sources.iter().enumerate() {
        // Units of one name in two folders write launchers of one name.
        let name = source.file_stem().unwrap_or_default().to_string_lossy();
        let object = scratch.join(format!("{k}-{name}.o"));
        let mut cc = if source.extension().is_some_and(|x| x == "cu") {
            cuda = true;
            Command::new(build::cuda_compiler())
        } else {
            Command::new(build::c_compiler())
        };
        cc.args(["-O2", "-c", "-I"])
            .arg(runtime)
            .arg(source)
            .arg("-o")
            .arg(&object);
        let output = cc.output().map_err(|e| {
            Error::Io(format!(
                "cannot run the compiler `{}`: {e}",
                cc.get_program().to_string_lossy()
            ))
        })?;
        if !output.status.success() {
            return Err(Error::TransformedBuild {
                command: format!("{cc:?}"),
                messages: String::from_utf8_lossy(&output.stderr).into_owned(),
            });
        }
        objects.push(object.display().to_string());
    }
    if cuda {
        objects.extend(build::cuda_libraries());
    }
    Ok(objects)
}

/// `sh -c command` at `tree`, with `env` added, its output beside `log`.
fn shell(
    command: &str,
    tree: &Path,
    log: &Path,
    env: &[(&str, &str)],
    stats: Option<&Path>,
    limit: Duration,
) -> Result<exec::Execution, Error> {
    let place = exec::Place {
        dir: tree,
        log,
        env,
    };
    exec::execute_in(
        Path::new("sh"),
        &["-c".to_string(), command.to_string()],
        &place,
        stats,
        limit,
        Surroundings {
            stdin: None,
            mirrored: None,
            own_files: &[],
        },
    )
}

fn tree_name(tree: &Path) -> String {
    tree.file_name()
        .map_or_else(|| "tree".into(), |n| n.to_string_lossy().into_owned())
}
