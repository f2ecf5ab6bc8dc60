//! The transfer volume of statement isolation over the kernel suite
//! (`tests/c/kernels`): for each kernel isolated with `--function`, the
//! array bytes ferry moves against copying every array the kernel touches
//! in and out whole, and against the lower bound, the exact IN and OUT of
//! the kernel on the same run (`ferry_tests::transfer_volume` says how
//! each is measured).
//!
//!     cargo bench -p ferry-tests --bench transfers [-- [--size N] [KERNEL...]]
//!
//! Every kernel runs with its size argument N (default 20, the kernels'
//! own default). The report gives, per kernel, the bytes in and out of
//! each scheme and the ratios ferry / whole and ferry / lower; then the
//! totals, the ratios of the totals and the geometric means of the
//! per-kernel ratios. A second table covers the kernels whose time step is
//! labelled `step`, isolated alone: each step with its own transfers
//! (unshared) against the transfers optimised across the steps (shared),
//! the shared ones made by the exact plan, and the same lower bound. A
//! third covers the kernels whose statements carry `#pragma ferry
//! isolate`: each statement with its own buffers against the statements
//! of a sequence sharing them. A fourth covers the
//! kernels that call a function of their own in a loop, that function
//! isolated with `--function`: each call alone against the transfers moved
//! to the call sites and shared there. A fifth isolates
//! every kernel under the transfer plans `hull`, `exact` and `auto` (with
//! the GPU cost model): bytes, copy calls and the modeled time of the
//! copies under that model; and the exact plan's bytes from the regions
//! alone (`--no-polyhedral`), beside the combined ones. Volumes are counted, not timed: the report is
//! the same on every machine.

use ferry_isolate::planning::cost::CostModel;
use ferry_tests::transfer_volume::{
    KernelVolumes, Measured, SharingVolumes, Volume, kernel_function, measure, shared_totals,
    totals,
};
use ferry_tests::{c_dir, c_files_in, for_each_parallel, scratch_dir};
use std::fmt::Write as _;

fn main() {
    let mut size = "20".to_owned();
    let mut only = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--size" => size = args.next().expect("--size needs a value"),
            // What `cargo bench` passes to every bench target.
            "--bench" => {}
            other if other.starts_with('-') => panic!("unknown option `{other}`"),
            other => only.push(other.to_owned()),
        }
    }
    let programs: Vec<_> = c_files_in(&c_dir().join("kernels"))
        .into_iter()
        .filter(|p| only.is_empty() || only.contains(&kernel_function(p)))
        .collect();
    let scratch = scratch_dir("transfer-volume");
    let run_args = vec![size.clone()];
    let results = for_each_parallel(&programs, |program| {
        measure(program, &run_args, &scratch.join(kernel_function(program)))
    });
    let mut rows = Vec::new();
    let mut failures = Vec::new();
    for (program, result) in programs.iter().zip(results) {
        match result {
            Ok(row) => rows.push(row),
            Err(e) => failures.push(format!("{}: {e}", kernel_function(program))),
        }
    }
    print!("{}", report(&rows, &size));
    if failures.is_empty() {
        let _ = std::fs::remove_dir_all(&scratch);
    } else {
        eprintln!(
            "\n{} kernel(s) could not be measured (files in {}):\n{}",
            failures.len(),
            scratch.display(),
            failures.join("\n")
        );
        std::process::exit(1);
    }
}

fn report(rows: &[KernelVolumes], size: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Transfer volume of `ferry isolate --function KERNEL`, array bytes, size {size}\n\
         (whole: every array the kernel touches copied in and out; lower: the exact IN \
         and OUT of the run)\n"
    );
    let _ = writeln!(
        out,
        "{:<16} {:>19} {:>19} {:>19} {:>12} {:>12}",
        "kernel", "whole in/out", "ferry in/out", "lower in/out", "ferry/whole", "ferry/lower"
    );
    let pair = |v: Volume| format!("{}/{}", v.to_accel, v.from_accel);
    let mut whole_ratios = Vec::new();
    let mut lower_ratios = Vec::new();
    for r in rows {
        let to_whole = ratio(r.ferry.total(), r.whole.total());
        let to_lower = ratio(r.ferry.total(), r.lower.total());
        whole_ratios.extend(to_whole);
        lower_ratios.extend(to_lower);
        let _ = writeln!(
            out,
            "{:<16} {:>19} {:>19} {:>19} {:>12} {:>12}",
            r.kernel,
            pair(r.whole),
            pair(r.ferry),
            pair(r.lower),
            shown(to_whole),
            shown(to_lower)
        );
    }
    let (ferry, whole, lower) = totals(rows);
    let _ = writeln!(
        out,
        "{:<16} {:>19} {:>19} {:>19} {:>12} {:>12}",
        "total",
        pair(whole),
        pair(ferry),
        pair(lower),
        shown(ratio(ferry.total(), whole.total())),
        shown(ratio(ferry.total(), lower.total()))
    );
    let _ = writeln!(
        out,
        "{:<16} {:>19} {:>19} {:>19} {:>12} {:>12}",
        "geometric mean",
        "",
        "",
        "",
        shown(geometric_mean(&whole_ratios)),
        shown(geometric_mean(&lower_ratios))
    );
    let exact = rows.iter().filter(|r| r.ferry == r.lower).count();
    let _ = writeln!(
        out,
        "\n{} kernels; ferry moves exactly the lower bound on {exact}; whole moves {:.2}x \
         the lower bound in all",
        rows.len(),
        whole.total() as f64 / lower.total().max(1) as f64
    );
    out.push_str(&shared_report(
        rows,
        |r| r.steps,
        &format!(
            "`ferry isolate --label step` (the time step alone), array bytes, size {size}\n\
             (unshared: --no-optimize-transfers; shared: transfers optimised across the steps; \
             exact plan: shared, --transfer-plan exact; lower: as above)"
        ),
        "kernels with a time step",
    ));
    out.push_str(&shared_report(
        rows,
        |r| r.statements,
        &format!(
            "`ferry isolate --pragma` (the marked statements, host code between them), array \
             bytes, size {size}\n(unshared: each statement with its own buffers, \
             --no-optimize-transfers; shared: the statements share buffers, in a sequence \
             and across the loop around it; exact plan: shared, --transfer-plan exact; lower: \
             as above)"
        ),
        "kernels with marked statements",
    ));
    out.push_str(&shared_report(
        rows,
        |r| r.calls.as_ref().map(|(_, v)| *v),
        &format!(
            "`ferry isolate --function HELPER` (the function the kernel calls in a loop: \
             fir's kernel, the sweeps of stencil_calls and pingpong_calls, stencil_rows_calls' \
             row, solver_calls' relax), array bytes, size \
             {size}\n(unshared: every call alone, the helper's body isolated, \
             --no-optimize-transfers; shared: the transfers moved to the call sites, on through \
             callers that are only control, and shared there; exact plan: shared, \
             --transfer-plan exact; lower: as above)"
        ),
        "kernels calling a helper in a loop",
    ));
    out.push_str(&plans_report(rows, size));
    out
}

/// The kernels isolated under each transfer plan: array bytes, copy calls
/// and the modeled time of all copies under the GPU cost model.
fn plans_report(rows: &[KernelVolumes], size: &str) -> String {
    let gpu = CostModel::GPU;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "\nTransfer plans of `ferry isolate --function KERNEL`, size {size}: array bytes in+out, \
         copy calls (scalars included), modeled time of the copies under the GPU model \
         ({gpu}); auto chose with that model\n"
    );
    let _ = writeln!(
        out,
        "{:<16} {:>9} {:>6} {:>9} | {:>9} {:>6} {:>9} | {:>9} {:>6} {:>9} | {:>9} {:>9} {:>14}",
        "kernel",
        "hull B",
        "calls",
        "us",
        "exact B",
        "calls",
        "us",
        "auto B",
        "calls",
        "us",
        "regions B",
        "lower B",
        "auto plans h/r/e/x"
    );
    // Bytes, calls and modeled time of one plan's run.
    let cell = |m: &Measured| {
        format!(
            "{:>9} {:>6} {:>9.1}",
            m.volume.total(),
            m.calls,
            m.time_us(&gpu)
        )
    };
    let mut sums = [Measured::default(); 3];
    let mut lower = 0;
    let mut regions = 0;
    let mut exact_at_lower = 0;
    let mut regions_at_lower = 0;
    for r in rows {
        let p = r.plans;
        let cells: Vec<String> = [p.hull, p.exact, p.auto_gpu].iter().map(cell).collect();
        let k = p.auto_gpu.plan_calls;
        let _ = writeln!(
            out,
            "{:<16} {} | {} | {} | {:>9} {:>9} {:>14}",
            r.kernel,
            cells[0],
            cells[1],
            cells[2],
            p.exact_regions.total(),
            r.lower.total(),
            format!("{}/{}/{}/{}", k[0], k[1], k[2], k[3])
        );
        for (sum, m) in sums.iter_mut().zip([p.hull, p.exact, p.auto_gpu]) {
            sum.volume.to_accel += m.volume.to_accel;
            sum.volume.from_accel += m.volume.from_accel;
            sum.calls += m.calls;
            sum.bytes += m.bytes;
        }
        lower += r.lower.total();
        regions += p.exact_regions.total();
        exact_at_lower += usize::from(p.exact.volume == r.lower);
        regions_at_lower += usize::from(p.exact_regions == r.lower);
    }
    let cells: Vec<String> = sums.iter().map(cell).collect();
    let _ = writeln!(
        out,
        "{:<16} {} | {} | {} | {:>9} {:>9}",
        "total", cells[0], cells[1], cells[2], regions, lower
    );
    let _ = writeln!(
        out,
        "\nexact/lower bytes {}; exact/hull bytes {}; modeled time auto/hull {}, auto/exact {}; \
         exact moves the lower bound on {exact_at_lower} of {} kernels\n\
         regions (the exact plan without the dataflow of SCoPs, --no-polyhedral)/lower bytes {}, \
         at the lower bound on {regions_at_lower}",
        shown(ratio(sums[1].volume.total(), lower)),
        shown(ratio(sums[1].volume.total(), sums[0].volume.total())),
        shown(Some(
            sums[2].time_us(&gpu) / sums[0].time_us(&gpu).max(f64::MIN_POSITIVE)
        )),
        shown(Some(
            sums[2].time_us(&gpu) / sums[1].time_us(&gpu).max(f64::MIN_POSITIVE)
        )),
        rows.len(),
        shown(ratio(regions, lower)),
    );
    out
}

/// The kernels isolated at a finer grain, unshared against shared:
/// `which` picks the volumes.
fn shared_report(
    rows: &[KernelVolumes],
    which: fn(&KernelVolumes) -> Option<SharingVolumes>,
    title: &str,
    what: &str,
) -> String {
    let mut out = String::new();
    let stepped: Vec<&KernelVolumes> = rows.iter().filter(|r| which(r).is_some()).collect();
    if stepped.is_empty() {
        return out;
    }
    let _ = writeln!(out, "\nTransfer volume of {title}\n");
    let line = |out: &mut String, name: &str, cells: [String; 7]| {
        let _ = writeln!(
            out,
            "{:<16} {:>19} {:>19} {:>19} {:>19} {:>15} {:>12} {:>11}",
            name, cells[0], cells[1], cells[2], cells[3], cells[4], cells[5], cells[6]
        );
    };
    line(
        &mut out,
        "kernel",
        [
            "unshared in/out",
            "shared in/out",
            "exact plan in/out",
            "lower in/out",
            "shared/unshared",
            "shared/lower",
            "exact/lower",
        ]
        .map(str::to_owned),
    );
    let pair = |v: Volume| format!("{}/{}", v.to_accel, v.from_accel);
    let mut gain = Vec::new();
    let mut to_lower = Vec::new();
    let mut exact_to_lower = Vec::new();
    for r in &stepped {
        let steps = which(r).expect("filtered");
        let g = ratio(steps.shared.total(), steps.unshared.total());
        let l = ratio(steps.shared.total(), r.lower.total());
        let e = ratio(steps.exact_plan.total(), r.lower.total());
        gain.extend(g);
        to_lower.extend(l);
        exact_to_lower.extend(e);
        line(
            &mut out,
            &r.kernel,
            [
                pair(steps.unshared),
                pair(steps.shared),
                pair(steps.exact_plan),
                pair(r.lower),
                shown(g),
                shown(l),
                shown(e),
            ],
        );
    }
    let owned: Vec<KernelVolumes> = stepped.iter().map(|r| (*r).clone()).collect();
    let t = shared_totals(&owned, which);
    line(
        &mut out,
        "total",
        [
            pair(t.unshared),
            pair(t.shared),
            pair(t.exact_plan),
            pair(t.lower),
            shown(ratio(t.shared.total(), t.unshared.total())),
            shown(ratio(t.shared.total(), t.lower.total())),
            shown(ratio(t.exact_plan.total(), t.lower.total())),
        ],
    );
    line(
        &mut out,
        "geometric mean",
        [
            String::new(),
            String::new(),
            String::new(),
            String::new(),
            shown(geometric_mean(&gain)),
            shown(geometric_mean(&to_lower)),
            shown(geometric_mean(&exact_to_lower)),
        ],
    );
    let at_lower = |volume: fn(&SharingVolumes) -> Volume| {
        stepped
            .iter()
            .filter(|r| which(r).is_some_and(|s| volume(&s) == r.lower))
            .count()
    };
    let _ = writeln!(
        out,
        "\n{} {what}; shared moves exactly the lower bound on {}, the exact plan on {}",
        stepped.len(),
        at_lower(|s| s.shared),
        at_lower(|s| s.exact_plan),
    );
    out
}

fn ratio(a: u64, b: u64) -> Option<f64> {
    (b > 0).then(|| a as f64 / b as f64)
}

fn shown(r: Option<f64>) -> String {
    r.map_or_else(|| "-".to_owned(), |r| format!("{r:.3}"))
}

fn geometric_mean(values: &[f64]) -> Option<f64> {
    (!values.is_empty())
        .then(|| (values.iter().map(|v| v.ln()).sum::<f64>() / values.len() as f64).exp())
}
