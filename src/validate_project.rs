//! `ferry validate -p BUILD --build CMD --run CMD...`: a whole project
//! isolated as `ferry isolate -p` does, then built with the project's own
//! build command and checked with its own test commands, in a copy of the
//! original tree and in the transformed tree (`ferry_validation::project`).
//!
//! Decisions:
//! - The build runs in both trees by `sh -c`, with `FERRY_RTE_CFLAGS` and
//!   `FERRY_RTE_LIBS` set to the runtime's flags in the transformed tree and
//!   empty in the original, so that one command serves both.
//! - A run is a shell command (`make test`, `./bzip2 -d < x.bz2`); its
//!   stdout and exit status are compared, as a program's run is.
//! - The runtime and the files written beside the units (launchers,
//!   CUDA kernels) are compiled by ferry, C by `cc` and CUDA by nvcc, and
//!   reach the project's link through `FERRY_RTE_LIBS` with the libraries
//!   they need (the CUDA runtime's, found beside nvcc).
//! - Without `-o`, both trees live in a temporary folder removed at the end.

use crate::cli::{
    BatchFlags, Failure, Finished, open_project, take_flag, take_isolate_options, take_selection,
    take_value,
};
use crate::validate::{failure, json_text, status_of};
use ferry_parser::Diagnostic;
use ferry_validation::ProjectRequest;
use std::path::PathBuf;

/// `runs`: the `--run` commands, as given; `args` the rest.
pub fn run(
    database: &str,
    mut args: Vec<String>,
    runs: Vec<String>,
    timeout: std::time::Duration,
    tolerance: f64,
) -> Result<Finished, Failure> {
    let build = take_value(&mut args, "--build")?.ok_or_else(|| {
        Diagnostic::error(
            "`ferry validate -p` needs `--build CMD`, the project's build command (run in each \
             tree with FERRY_RTE_CFLAGS and FERRY_RTE_LIBS: see the README)",
        )
    })?;
    if runs.is_empty() {
        return Err(Diagnostic::error(
            "`ferry validate -p` needs at least one `--run CMD`, a test command of the project",
        )
        .into());
    }
    let json = take_flag(&mut args, "--json");
    let selection = take_selection(&mut args)?;
    let mut options = take_isolate_options(&mut args, &selection)?;
    let out = take_value(&mut args, "-o")?.map(PathBuf::from);
    let report_dir = take_value(&mut args, "--report")?.map(PathBuf::from);
    options.pictures = report_dir.is_some();
    let how = BatchFlags::take(&mut args)?;
    let (database, mut project) = open_project(database, args)?;
    how.choose_program(&mut project)?;
    let root = project.root.clone();
    let scratch = ferry_validation::temporary_folder("ferry-validate-project-").map_err(failure)?;
    let temporary_out = out.is_none();
    let transformed = out.unwrap_or_else(|| scratch.path().join("transformed"));
    let transformed = std::path::absolute(&transformed).unwrap_or(transformed);
    let target = options.target;
    let batch = crate::project::Batch {
        project,
        run: how.run(&database),
        selection,
        options,
        out: transformed.clone(),
        report: None,
        temporary_out,
    };
    let crate::project::Finished {
        summary,
        status: isolated_status,
        mut model,
        added,
    } = batch.run()?;
    let original = scratch.path().join("original");
    crate::project::mirror(&root, &original, &[transformed.as_path(), scratch.path()])
        .map_err(|(path, e)| Diagnostic::error(format!("cannot copy {}: {e}", path.display())))?;
    let logs = scratch.path().join("logs");
    std::fs::create_dir_all(&logs).map_err(|e| Failure::Internal(e.to_string()))?;
    let request = ProjectRequest {
        original,
        runtime: transformed.join(crate::project::RUNTIME_FOLDER),
        transformed,
        added,
        link_flags: target.link_flags().iter().map(|f| f.to_string()).collect(),
        build,
        runs,
        timeout,
        tolerance,
    };
    let report = ferry_validation::validate_project(&request, &logs).map_err(failure)?;
    if let Some(dir) = &report_dir {
        model["validation"] = report.to_json();
        crate::report::write(dir, &model)?;
    }
    let output = if json {
        json_text(&report)
    } else {
        format!("{summary}{}", report.describe())
    };
    Ok(Finished {
        output,
        status: status_of(report.verdict()).max(isolated_status),
    })
}
