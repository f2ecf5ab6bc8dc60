//! CUDA output checked by its compiler and, where a GPU is at hand, by
//! running it. Every isolation test program (`tests/c/isolate`) is
//! isolated with `--target cuda`; its kernels and launchers
//! (`*_kernels.cu`), the runtime's CUDA backend and the host code are
//! built by nvcc (from PyPI, installed by `scripts/setup.sh`) for sm_75
//! and sm_90. With a GPU (`nvidia-smi -L` lists one) the program is
//! validated for real instead: the same output as the original. Programs
//! listed in `offload::REFUSED` must be refused, with the same reason as
//! for OpenCL. The kernel suite (`tests/c/kernels`), each kernel's
//! function offloaded, goes the same way: built by nvcc, or on a GPU run
//! and compared with the original, kernels launched.

use ferry_tests::{
    assert_all_pass, c_dir, c_files_in, ferry_bin, for_each_parallel_on, isolate_spec, offload,
    scratch_dir, workspace_root,
};
use std::path::{Path, PathBuf};
use std::process::Command;

#[test]
fn cuda_output_compiles_for_sm75_and_sm90() {
    check_all("isolate", check);
}

/// Every kernel of the suite with its function offloaded to CUDA: built
/// by nvcc for sm_75 and sm_90, or, on a GPU, validated on it (`ferry
/// validate --json`: the original's output, at least one kernel launched),
/// with `FERRY_CUDA_WIDE=1`: the kernels' `long` instances, where the
/// isolate programs run the `int` ones.
#[test]
fn offloaded_kernels_compile_for_cuda_and_run_on_a_gpu() {
    check_all("kernels", check_kernel);
}

/// `check` on every program of `tests/c/<folder>`, with nvcc and a GPU if
/// one is at hand; fails with every failure.
fn check_all(folder: &str, check: fn(&Path, &Path, &Path, bool) -> Result<(), String>) {
    let nvcc = offload::required_nvcc();
    let scratch = scratch_dir(&format!("offload-cuda-{folder}"));
    let programs = c_files_in(&c_dir().join(folder));
    assert!(!programs.is_empty(), "no program in tests/c/{folder}");
    let gpu = offload::has_gpu();
    let results = for_each_parallel_on(workers(), &programs, |p| check(p, &nvcc, &scratch, gpu));
    let _ = std::fs::remove_dir_all(&scratch);
    assert_all_pass(&programs, results);
}

/// Checks at a time: each starts compilers and programs of its own, and
/// the test machines have 2 cores; a GPU machine has more.
fn workers() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get().clamp(2, 8))
}

fn check_kernel(kernel: &Path, nvcc: &Path, scratch: &Path, gpu: bool) -> Result<(), String> {
    let name = kernel
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let out = scratch.join(&name);
    let mut args: Vec<String> = vec![if gpu { "validate" } else { "isolate" }.into()];
    args.push(kernel.to_string_lossy().into_owned());
    args.extend(["--function".into(), name.clone(), "--target".into()]);
    args.extend(["cuda".into(), "-o".into()]);
    args.push(out.to_string_lossy().into_owned());
    if gpu {
        args.extend(["--run", "37", "--timeout", "60", "--json"].map(String::from));
    }
    // The kernels run their `long` instances (`int` where they may is the
    // default, which the isolate programs run).
    let ferry = Command::new(ferry_bin())
        .args(&args)
        .env("NVCC", nvcc)
        .env("FERRY_CUDA_WIDE", "1")
        .current_dir(workspace_root())
        .output()
        .map_err(|e| format!("cannot run ferry: {e}"))?;
    let stderr = String::from_utf8_lossy(&ferry.stderr);
    if gpu {
        let json: serde_json::Value = serde_json::from_slice(&ferry.stdout)
            .map_err(|e| format!("ferry {}: no JSON ({e})\n{stderr}", args.join(" ")))?;
        let launches = json["runs"][0]["stats"]["kernel_launches"]
            .as_u64()
            .unwrap_or(0);
        if ferry.status.success() && json["verdict"] == "same" && launches > 0 {
            return Ok(());
        }
        return Err(format!(
            "ferry {}: exit {:?}, verdict {}, {launches} launches\n{stderr}",
            args.join(" "),
            ferry.status.code(),
            json["verdict"]
        ));
    }
    if !ferry.status.success() {
        return Err(format!(
            "ferry {} exited with {:?}\n{stderr}",
            args.join(" "),
            ferry.status.code()
        ));
    }
    build(&out, nvcc, &[], &[])
}

fn check(program: &Path, nvcc: &Path, scratch: &Path, gpu: bool) -> Result<(), String> {
    let source = std::fs::read_to_string(program).map_err(|e| e.to_string())?;
    let spec = isolate_spec::parse(&source)?;
    let out = scratch.join(program.file_stem().unwrap_or_default());
    let args = ferry_args(program, &spec, &out, gpu);
    let ferry = Command::new(ferry_bin())
        .args(&args)
        .env("NVCC", nvcc)
        .current_dir(workspace_root())
        .output()
        .map_err(|e| format!("cannot run ferry: {e}"))?;
    let name = program
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    if let Some((_, reason)) = offload::REFUSED.iter().find(|(known, _)| *known == name) {
        let stderr = String::from_utf8_lossy(&ferry.stderr);
        let first = stderr.lines().next().unwrap_or("");
        if ferry.status.code() == Some(1)
            && first.contains(&format!("{name}:"))
            && first.contains("cannot offload to cuda")
            && first.contains(reason)
        {
            return Ok(());
        }
        return Err(format!(
            "listed in offload::REFUSED (`{reason}`) but exit {:?}:\n{stderr}",
            ferry.status.code()
        ));
    }
    if !ferry.status.success() {
        return Err(format!(
            "ferry {} exited with {:?}\n{}{}",
            args.join(" "),
            ferry.status.code(),
            String::from_utf8_lossy(&ferry.stdout),
            String::from_utf8_lossy(&ferry.stderr)
        ));
    }
    if gpu {
        return Ok(());
    }
    let quoted: Vec<PathBuf> = program
        .parent()
        .map(Path::to_path_buf)
        .into_iter()
        .collect();
    build(&out, nvcc, &spec.cflags, &quoted)
}

/// The `ferry isolate` (or, to run it, `ferry validate`) command that
/// offloads `program` to CUDA into `out` as its `ferry-test:` lines say.
fn ferry_args(
    program: &Path,
    spec: &isolate_spec::Spec,
    out: &Path,
    validate: bool,
) -> Vec<String> {
    let mut args: Vec<String> = vec![if validate { "validate" } else { "isolate" }.into()];
    args.push(program.to_string_lossy().into_owned());
    args.extend(spec.isolate.iter().cloned());
    args.extend(["--target".into(), "cuda".into(), "-o".into()]);
    args.push(out.to_string_lossy().into_owned());
    if validate {
        args.extend(spec.validate.iter().cloned());
        for run in &spec.runs {
            args.push("--run".into());
            args.push(run.args.join(" "));
        }
    }
    args.extend(spec.cflags.iter().cloned());
    args
}

/// `ferry validate --target cuda` builds the program with nvcc as it
/// builds it on a GPU machine (nvcc takes neither `-iquote` nor every
/// flag `cc` does, which only a GPU run used to show): without a GPU the
/// build must succeed and the run fail in the runtime's first CUDA call,
/// with its message. On a GPU the other tests validate for real.
#[test]
fn validate_builds_cuda_programs_with_nvcc() {
    if offload::has_gpu() {
        return;
    }
    let nvcc = offload::required_nvcc();
    let scratch = scratch_dir("validate-cuda");
    // A program with flags of its own; every build also searches the
    // original's folder for quoted includes.
    let program = c_dir().join("isolate").join("v_stencil.c");
    let source = std::fs::read_to_string(&program).expect("tests/c/isolate/v_stencil.c");
    let spec = isolate_spec::parse(&source).expect("its ferry-test lines");
    let args = ferry_args(&program, &spec, &scratch.join("v_stencil"), true);
    let ferry = Command::new(ferry_bin())
        .args(&args)
        .env("NVCC", &nvcc)
        .current_dir(workspace_root())
        .output()
        .expect("ferry runs");
    let _ = std::fs::remove_dir_all(&scratch);
    let stdout = String::from_utf8_lossy(&ferry.stdout);
    let stderr = String::from_utf8_lossy(&ferry.stderr);
    assert_eq!(
        ferry.status.code(),
        Some(1),
        "ferry {}\n{stdout}{stderr}",
        args.join(" ")
    );
    assert!(
        stdout.contains("ferry runtime (CUDA): cudaMalloc") && !stderr.contains("does not build"),
        "the transformed program must build and fail only in its first CUDA call\n\
         ferry {}\n{stdout}{stderr}",
        args.join(" ")
    );
}

/// The hand-written CUDA versions the offload bench compares ferry's
/// kernels with (`tests/cuda_reference`): each is the kernel suite's
/// program of its name, so each builds with nvcc for sm_75 and sm_90 and,
/// on a GPU, prints the original's output (built with `cc`), at two sizes,
/// one of them not a multiple of the blocks, and reports a kernel time.
#[test]
fn hand_written_cuda_versions_build_and_match_the_originals() {
    let nvcc = offload::required_nvcc();
    let scratch = scratch_dir("cuda-reference");
    let folder = workspace_root().join("tests").join("cuda_reference");
    let sources: Vec<PathBuf> = std::fs::read_dir(&folder)
        .expect("tests/cuda_reference")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "cu"))
        .collect();
    assert!(sources.len() >= 4, "{sources:?}");
    let gpu = offload::has_gpu();
    let results = for_each_parallel_on(workers(), &sources, |source| {
        let name = source.file_stem().unwrap_or_default().to_string_lossy();
        let original = c_dir().join("kernels").join(format!("{name}.c"));
        if !original.is_file() {
            return Err(format!("no tests/c/kernels/{name}.c beside it"));
        }
        let exe = scratch.join(format!("{name}_hand"));
        let built = Command::new(&nvcc)
            .args([
                "-O1",
                "--fmad=false",
                "-gencode",
                "arch=compute_75,code=sm_75",
            ])
            .args(["-gencode", "arch=compute_90,code=sm_90"])
            .arg(source)
            .arg("-o")
            .arg(&exe)
            .output()
            .map_err(|e| format!("cannot run {}: {e}", nvcc.display()))?;
        if !built.status.success() {
            return Err(String::from_utf8_lossy(&built.stderr).into_owned());
        }
        if !gpu {
            return Ok(());
        }
        let sequential = scratch.join(format!("{name}_seq"));
        let cc = Command::new("cc")
            .args(["-O2"])
            .arg(&original)
            .arg("-o")
            .arg(&sequential)
            .output()
            .map_err(|e| e.to_string())?;
        if !cc.status.success() {
            return Err(String::from_utf8_lossy(&cc.stderr).into_owned());
        }
        for size in ["37", "100"] {
            let ns = scratch.join(format!("{name}_{size}.ns"));
            let run = |exe: &Path| {
                Command::new(exe)
                    .arg(size)
                    .env("FERRY_REFERENCE_NS", &ns)
                    .output()
                    .map_err(|e| e.to_string())
            };
            let (want, got) = (run(&sequential)?, run(&exe)?);
            if !got.status.success() || got.stdout != want.stdout {
                return Err(format!(
                    "at {size}: {} against {}{}",
                    String::from_utf8_lossy(&got.stdout),
                    String::from_utf8_lossy(&want.stdout),
                    String::from_utf8_lossy(&got.stderr)
                ));
            }
            let time = std::fs::read_to_string(&ns).unwrap_or_default();
            if time.trim().parse::<u64>().map_or(true, |t| t == 0) {
                return Err(format!("at {size}: no kernel time written ({time:?})"));
            }
        }
        Ok(())
    });
    let _ = std::fs::remove_dir_all(&scratch);
    assert_all_pass(&sources, results);
}

/// Builds the output folder `out` as `ferry validate` would, for sm_75
/// and sm_90. `cflags` are the program's flags (a C file among them was
/// transformed into `out`); `quoted` the folders its `#include "x.h"`
/// lines search.
fn build(out: &Path, nvcc: &Path, cflags: &[String], quoted: &[PathBuf]) -> Result<(), String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(out)
        .map_err(|e| e.to_string())?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "c" || x == "cu"))
        .collect();
    files.sort();
    if !files
        .iter()
        .any(|f| f.extension().is_some_and(|x| x == "cu"))
    {
        return Err("no .cu file written".into());
    }
    // As `ferry validate` builds it: a C file among the flags was
    // transformed into the output folder, and its `#include "x.h"` lines
    // find their headers beside the original (`-I`: nvcc has no
    // `-iquote`).
    let mut flags: Vec<String> = Vec::new();
    let mut quoted = quoted.to_vec();
    for flag in cflags {
        let path = Path::new(flag);
        if flag.ends_with(".c")
            && let Some(file) = path.file_name()
            && out.join(file).is_file()
        {
            quoted.extend(path.parent().map(|d| workspace_root().join(d)));
            continue;
        }
        flags.extend(ferry_validation::nvcc_flag(flag));
    }
    for dir in quoted {
        flags.push("-I".into());
        flags.push(dir.to_string_lossy().into_owned());
    }
    let exe = out.join("program");
    let build = Command::new(nvcc)
        .args(["-O1", "-gencode", "arch=compute_75,code=sm_75"])
        .args(["-gencode", "arch=compute_90,code=sm_90", "-I"])
        .arg(out)
        .args(&flags)
        .args(&files)
        .arg("-o")
        .arg(&exe)
        .arg("-lm")
        // The flags name files relative to the workspace.
        .current_dir(workspace_root())
        .output()
        .map_err(|e| format!("cannot run {}: {e}", nvcc.display()))?;
    if !build.status.success() || !exe.is_file() {
        return Err(format!(
            "nvcc failed on {}:\n{}{}",
            out.display(),
            String::from_utf8_lossy(&build.stdout),
            String::from_utf8_lossy(&build.stderr)
        ));
    }
    Ok(())
}
