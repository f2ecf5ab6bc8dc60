//! The kernel suite (`tests/c/kernels`) offloaded to OpenCL or CUDA
//! against the sequential program: each kernel isolated with `--function`
//! and `--target opencl` (built with `cc -O2 ... -lOpenCL`) or `--target
//! cuda` (built with `nvcc -O2`), beside the original built with `cc -O2`,
//! both run on the same size argument.
//!
//!     cargo bench -p ferry-tests --bench offload [-- [--target opencl|cuda] [--size N] [--repeat R] [--limit S] [KERNEL...]]
//!
//! Per kernel: the best wall time of R runs (default 3) of each program,
//! after one unmeasured run of the offloaded one (which fills the OpenCL
//! implementation's kernel cache, as any later run finds it), their ratio
//! (sequential / offloaded: above 1 is faster offloaded), the bytes moved
//! each way and the kernel launches the offloaded run reports
//! (`FERRY_STATS`). A kernel ferry refuses to offload shows its reason; one
//! whose output differs from the original's is reported, with no time.
//! Programs run one at a time: they are timed; one that runs past
//! `--limit` seconds (default 60) is reported as such. Rows are printed as
//! they are measured. The times are end to end
//! (start-up, initialisation, transfers, kernels, output): the programs'
//! own work dominates only at sizes where it takes a good part of a second.
//! The `xfer+kern` column is the part of the best offloaded run spent in
//! array copies and kernels (`transfer_ns` + `kernel_ns` of its
//! `FERRY_STATS`): what remains is start-up, the OpenCL program's build
//! (from pocl's cache after the first run), initialisation and output;
//! `kern` is the kernels' part alone, and `seq/kern` the sequential
//! program's whole time over it (a bound on the kernels' speed-up: the
//! sequential time includes initialisation). `seq kern` is the time the
//! sequential program spends in the kernel's function (and what it calls),
//! best of R, from a build of the original with `-finstrument-functions`
//! and a timer around the outermost calls (`main` left out); `seqk/x+k` is
//! it over `xfer+kern`: the offloaded kernel against the sequential one,
//! transfers included, the figure PPCG's evaluations give.
//!
//! With `--target cuda`, a kernel that has a hand-written CUDA version in
//! `tests/cuda_reference` (one thread per output element, as the
//! hand-written PolyBench kernels are) is also built with the same nvcc
//! flags and run on the same size: it must print the original's output,
//! and `hand kern` is its kernels' time (best of R, measured as ferry's
//! runtime measures its own: each kernel loaded before its first launch,
//! then the device's time between events around each launch),
//! `hand/kern` that time over ferry's kernels' time (1 is parity, above 1
//! ferry's kernels are faster).

use ferry_tests::offload::nvcc;
use ferry_tests::transfer_volume::kernel_function;
use ferry_tests::{
    RunError, c_dir, c_files_in, ferry_bin, run_with_timeout, scratch_dir, workspace_root,
};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

struct Row {
    kernel: String,
    outcome: Result<Measured, String>,
}

struct Measured {
    sequential: Duration,
    /// Of the sequential program: the time in the kernel's function.
    sequential_kernel: Duration,
    offloaded: Duration,
    /// Of the best offloaded run: the time in its array copies and in its
    /// kernels (from launch to end), as its runtime measured them.
    device: Duration,
    /// Of the same run: the time in kernels alone.
    kernels: Duration,
    bytes_in: u64,
    bytes_out: u64,
    launches: u64,
    /// The kernels' time of the hand-written CUDA version, if there is one.
    hand: Option<Duration>,
}

/// The accelerator API the kernels are offloaded through.
#[derive(Clone, Copy)]
enum Target {
    OpenCl,
    Cuda,
}

impl Target {
    fn name(self) -> &'static str {
        match self {
            Target::OpenCl => "opencl",
            Target::Cuda => "cuda",
        }
    }
}

fn main() {
    let mut target = Target::OpenCl;
    let mut size = "200".to_owned();
    let mut repeat = 3usize;
    let mut limit = Duration::from_secs(60);
    let mut only = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--target" => {
                target = match args.next().as_deref() {
                    Some("opencl") => Target::OpenCl,
                    Some("cuda") => Target::Cuda,
                    _ => panic!("--target needs opencl or cuda"),
                }
            }
            "--size" => size = args.next().expect("--size needs a value"),
            "--repeat" => {
                repeat = args
                    .next()
                    .and_then(|r| r.parse().ok())
                    .filter(|&r| r > 0)
                    .expect("--repeat needs a positive number")
            }
            "--limit" => {
                limit = args
                    .next()
                    .and_then(|s| s.parse().ok())
                    .map(Duration::from_secs_f64)
                    .expect("--limit needs a number of seconds")
            }
            // What `cargo bench` passes to every bench target.
            "--bench" => {}
            other if other.starts_with('-') => panic!("unknown option `{other}`"),
            other => only.push(other.to_owned()),
        }
    }
    let scratch = scratch_dir("offload-bench");
    print!("{}", header(target, &size, repeat));
    let mut rows = Vec::new();
    for program in c_files_in(&c_dir().join("kernels"))
        .into_iter()
        .filter(|p| only.is_empty() || only.contains(&kernel_function(p)))
    {
        let kernel = kernel_function(&program);
        let work = scratch.join(&kernel);
        let outcome = measure(target, &program, &kernel, &size, repeat, limit, &work);
        let row = Row { kernel, outcome };
        print!("{}", line(&row));
        rows.push(row);
    }
    let _ = std::fs::remove_dir_all(&scratch);
    print!("{}", summary(&rows));
}

fn measure(
    target: Target,
    program: &Path,
    kernel: &str,
    size: &str,
    repeat: usize,
    limit: Duration,
    work: &Path,
) -> Result<Measured, String> {
    let out = work.join(target.name());
    std::fs::create_dir_all(&out).map_err(|e| e.to_string())?;
    let isolate = Command::new(ferry_bin())
        .arg("isolate")
        .arg(program)
        .args(["--function", kernel, "--target", target.name(), "-o"])
        .arg(&out)
        .output()
        .map_err(|e| format!("cannot run ferry: {e}"))?;
    if !isolate.status.success() {
        let stderr = String::from_utf8_lossy(&isolate.stderr);
        let first = stderr.lines().next().unwrap_or("ferry failed");
        // The reason, without the location.
        let reason = first.split("error: ").nth(1).unwrap_or(first);
        return Err(format!("refused: {reason}"));
    }
    let original = work.join("sequential");
    build(Command::new("cc").arg("-O2").arg(program), &original)?;
    let timer = work.join("kernel_timer.c");
    std::fs::write(&timer, KERNEL_TIMER).map_err(|e| e.to_string())?;
    let timed = work.join("sequential_timed");
    build(
        Command::new("cc")
            .args([
                "-O2",
                "-finstrument-functions",
                "-finstrument-functions-exclude-function-list=main",
            ])
            .arg(program)
            .arg(&timer),
        &timed,
    )?;
    let kernel_ns = work.join("kernel_ns");
    let offloaded = work.join("offloaded");
    let extensions: &[&str] = match target {
        Target::OpenCl => &["c"],
        Target::Cuda => &["c", "cu"],
    };
    let mut sources: Vec<_> = std::fs::read_dir(&out)
        .map_err(|e| e.to_string())?
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.extension()
                .is_some_and(|x| extensions.iter().any(|e| x == *e))
        })
        .collect();
    sources.sort();
    let mut compiler = match target {
        Target::OpenCl => Command::new("cc"),
        Target::Cuda => Command::new(nvcc().ok_or("no nvcc: set NVCC or run scripts/setup.sh")?),
    };
    compiler.args(["-O2", "-I"]).arg(&out).args(&sources);
    match target {
        Target::OpenCl => {
            compiler.arg("-lOpenCL");
        }
        // The output is compared byte for byte with the sequential
        // program's: no fused multiply-adds on the device (nvcc fuses by
        // default, and the kernels' sums then print other digits), as
        // `ferry validate` builds it.
        Target::Cuda => {
            compiler.arg("--fmad=false");
        }
    }
    build(&mut compiler, &offloaded)?;
    let stats = work.join("stats.json");
    let pocl_cache = work.join("pocl-cache");
    let run = |exe: &Path| -> Result<(Duration, Vec<u8>), String> {
        let start = Instant::now();
        let mut command = Command::new(exe);
        command
            .arg(size)
            .env("FERRY_STATS", &stats)
            .env("FERRY_KERNEL_NS", &kernel_ns)
            .env("POCL_CACHE_DIR", &pocl_cache);
        let output = match run_with_timeout(&mut command, limit) {
            Ok(output) => output,
            Err(RunError::TimedOut) => {
                return Err(format!(
                    "{} ran past {limit:?}",
                    exe.file_name().unwrap_or_default().to_string_lossy()
                ));
            }
            Err(RunError::Io(e)) => return Err(format!("cannot run {}: {e}", exe.display())),
        };
        let elapsed = start.elapsed();
        if !output.status.success() {
            return Err(format!(
                "{} failed: {}",
                exe.display(),
                String::from_utf8_lossy(&output.stderr)
            ));
        }
        Ok((elapsed, output.stdout))
    };
    let (_, expected) = run(&original)?;
    let (_, got) = run(&offloaded)?;
    if got != expected {
        return Err("DIFFERENT output from the original's".into());
    }
    let hand_ns = work.join("hand_ns");
    let hand = match target {
        Target::Cuda => hand_written(kernel, work)?,
        Target::OpenCl => None,
    };
    let run_hand = |exe: &Path| -> Result<Duration, String> {
        let mut command = Command::new(exe);
        command.arg(size).env("FERRY_REFERENCE_NS", &hand_ns);
        let output = run_with_timeout(&mut command, limit)
            .map_err(|_| format!("{} did not finish", exe.display()))?;
        if !output.status.success() {
            return Err(format!(
                "{} failed: {}",
                exe.display(),
                String::from_utf8_lossy(&output.stderr)
            ));
        }
        if output.stdout != expected {
            return Err(
                "the hand-written CUDA version's output differs from the original's".into(),
            );
        }
        std::fs::read_to_string(&hand_ns)
            .ok()
            .and_then(|t| t.trim().parse().ok())
            .map(Duration::from_nanos)
            .ok_or_else(|| "the hand-written CUDA version wrote no kernel time".into())
    };
    let mut best_hand = match &hand {
        Some(exe) => Some(run_hand(exe)?),
        None => None,
    };
    let read_stats = || -> Result<serde_json::Value, String> {
        let text = std::fs::read_to_string(&stats).map_err(|e| format!("no statistics: {e}"))?;
        serde_json::from_str(&text).map_err(|e| e.to_string())
    };
    let mut best_sequential = Duration::MAX;
    let mut best_sequential_kernel = Duration::MAX;
    let mut best_offloaded = Duration::MAX;
    let mut json = read_stats()?;
    for _ in 0..repeat {
        best_sequential = best_sequential.min(run(&original)?.0);
        run(&timed)?;
        let ns: u64 = std::fs::read_to_string(&kernel_ns)
            .ok()
            .and_then(|t| t.trim().parse().ok())
            .ok_or("the timed sequential program wrote no kernel time")?;
        best_sequential_kernel = best_sequential_kernel.min(Duration::from_nanos(ns));
        let (elapsed, _) = run(&offloaded)?;
        if elapsed < best_offloaded {
            best_offloaded = elapsed;
            json = read_stats()?;
        }
        if let Some(exe) = &hand {
            let t = run_hand(exe)?;
            best_hand = best_hand.map(|b| b.min(t));
        }
    }
    let field = |name: &str| json[name].as_u64().unwrap_or(0);
    Ok(Measured {
        sequential: best_sequential,
        sequential_kernel: best_sequential_kernel,
        offloaded: best_offloaded,
        device: Duration::from_nanos(field("transfer_ns") + field("kernel_ns")),
        kernels: Duration::from_nanos(field("kernel_ns")),
        bytes_in: field("bytes_to_accel"),
        bytes_out: field("bytes_from_accel"),
        launches: field("kernel_launches"),
        hand: best_hand,
    })
}

/// The hand-written CUDA version of `kernel` (`tests/cuda_reference`),
/// built like the offloaded program, if there is one.
fn hand_written(kernel: &str, work: &Path) -> Result<Option<std::path::PathBuf>, String> {
    let source = workspace_root()
        .join("tests")
        .join("cuda_reference")
        .join(format!("{kernel}.cu"));
    if !source.is_file() {
        return Ok(None);
    }
    let exe = work.join("hand_written");
    build(
        Command::new(nvcc().ok_or("no nvcc: set NVCC or run scripts/setup.sh")?)
            .args(["-O2", "--fmad=false"])
            .arg(&source),
        &exe,
    )?;
    Ok(Some(exe))
}

/// Linked with the sequential program built with `-finstrument-functions`
/// (`main` left out): the time between entering and leaving the outermost
/// instrumented function (the kernel's; it calls the others), summed over
/// its calls and written in nanoseconds to `$FERRY_KERNEL_NS` at exit.
const KERNEL_TIMER: &str = r#"#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#define UNTIMED __attribute__((no_instrument_function))
static int depth;
static unsigned long long entered, total;
UNTIMED static unsigned long long now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (unsigned long long)t.tv_sec * 1000000000ull + (unsigned long long)t.tv_nsec;
}
UNTIMED static void report(void)
{
    const char *path = getenv("FERRY_KERNEL_NS");
    FILE *f = path ? fopen(path, "w") : NULL;
    if (f) {
        fprintf(f, "%llu\n", total);
        fclose(f);
    }
}
UNTIMED void __cyg_profile_func_enter(void *fn, void *site)
{
    static int registered;
    (void)fn;
    (void)site;
    if (!registered) {
        registered = 1;
        atexit(report);
    }
    if (depth++ == 0)
        entered = now();
}
UNTIMED void __cyg_profile_func_exit(void *fn, void *site)
{
    (void)fn;
    (void)site;
    if (--depth == 0)
        total += now() - entered;
}
"#;

fn build(cc: &mut Command, exe: &Path) -> Result<(), String> {
    let output = cc
        .arg("-o")
        .arg(exe)
        .arg("-lm")
        .output()
        .map_err(|e| format!("cannot run cc: {e}"))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(format!(
            "build failed: {}",
            String::from_utf8_lossy(&output.stderr)
        ))
    }
}

fn header(target: Target, size: &str, repeat: usize) -> String {
    format!(
        "Kernels offloaded to {} against sequential cc -O2 (size {size}, best of {repeat}, \
         end to end; xfer+kern: the offloaded run's time in copies and kernels; kern: in \
         kernels)\n\n\
         {:<20} {:>12} {:>12} {:>9} {:>12} {:>12} {:>10} {:>12} {:>10} {:>12} {:>12} {:>9} \
         {:>12} {:>9}\n",
        target.name(),
        "kernel",
        "sequential",
        target.name(),
        "seq/off",
        "xfer+kern",
        "kern",
        "seq/kern",
        "seq kern",
        "seqk/x+k",
        "bytes in",
        "bytes out",
        "launches",
        "hand kern",
        "hand/kern"
    )
}

fn ratio(m: &Measured) -> f64 {
    m.sequential.as_secs_f64() / m.offloaded.as_secs_f64()
}

/// The sequential kernel's time over the offloaded one's copies and
/// kernels.
fn device_ratio(m: &Measured) -> f64 {
    m.sequential_kernel.as_secs_f64() / m.device.as_secs_f64().max(1e-9)
}

fn line(row: &Row) -> String {
    match &row.outcome {
        Ok(m) => format!(
            "{:<20} {:>11.4}s {:>11.4}s {:>9.3} {:>11.4}s {:>11.4}s {:>10.1} {:>11.4}s {:>10.3} \
             {:>12} {:>12} {:>9} {}\n",
            row.kernel,
            m.sequential.as_secs_f64(),
            m.offloaded.as_secs_f64(),
            ratio(m),
            m.device.as_secs_f64(),
            m.kernels.as_secs_f64(),
            m.sequential.as_secs_f64() / m.kernels.as_secs_f64().max(1e-9),
            m.sequential_kernel.as_secs_f64(),
            device_ratio(m),
            m.bytes_in,
            m.bytes_out,
            m.launches,
            hand_columns(m)
        ),
        Err(why) => format!("{:<20} {why}\n", row.kernel),
    }
}

/// `hand kern` and `hand/kern`, blank without a hand-written version.
fn hand_columns(m: &Measured) -> String {
    match m.hand {
        Some(hand) => format!(
            "{:>11.4}s {:>9.3}",
            hand.as_secs_f64(),
            hand.as_secs_f64() / m.kernels.as_secs_f64().max(1e-9)
        ),
        None => format!("{:>12} {:>9}", "-", "-"),
    }
}

fn summary(rows: &[Row]) -> String {
    let mut ratios: Vec<f64> = rows
        .iter()
        .filter_map(|r| r.outcome.as_ref().ok().map(ratio))
        .collect();
    if ratios.is_empty() {
        return String::new();
    }
    let geomean = (ratios.iter().map(|r| r.ln()).sum::<f64>() / ratios.len() as f64).exp();
    ratios.sort_by(f64::total_cmp);
    let mut device: Vec<f64> = rows
        .iter()
        .filter_map(|r| r.outcome.as_ref().ok().map(device_ratio))
        .collect();
    device.sort_by(f64::total_cmp);
    format!(
        "\n{} of {} kernels offloaded; sequential / offloaded: geometric mean {geomean:.3}, \
         median {:.3}; sequential kernel / copies and kernels: median {:.3}\n",
        ratios.len(),
        rows.len(),
        ratios[ratios.len() / 2],
        device[device.len() / 2]
    )
}
