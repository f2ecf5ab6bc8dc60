//! Transfer volumes of statement isolation on the kernel suite: what ferry
//! moves against two references, each measured on the same run.
//!
//! For a kernel program of `tests/c/kernels` whose kernel function is
//! named like its file (`syrk.c` defines `syrk`), isolated with
//! `--function`:
//!
//! - **ferry** ([`TransferPlan::Hull`], the paper's isolation) and
//!   **whole** ([`TransferPlan::Whole`]: every array the kernel touches
//!   copied in and out entire) are isolated, built and run against the
//!   original by `ferry_validation` (poisoned device buffers; a run that
//!   differs from the original is an error), and their array bytes read
//!   from `FERRY_STATS`: bytes to and from the accelerator minus the
//!   scalars' share;
//! - **lower** is the exact IN and OUT of the kernel's body on that run:
//!   the program is traced ([`crate::region_trace`]) at the body alone,
//!   and the elements it read before writing them (IN) and wrote and the
//!   rest of the run then read before overwriting them (OUT) are counted,
//!   times their element size. No transfer scheme that moves only what
//!   the kernel needs, for this run, can move less.
//!
//! A kernel whose time loop's body carries the label `step` (the
//! time-stepped stencils, FIR's loop of calls, Floyd-Warshall's outer
//! loop) is also isolated with `--label step`: each time step alone
//! (**unshared**, `--no-optimize-transfers`) and with the transfers
//! optimised across the steps (**shared**, the default: buffers around the
//! loop, each step loading only what no earlier step left on the device
//! and storing only what no later step overwrites). Its lower bound is
//! the same: the body of the kernel is the time loop.
//!
//! A kernel whose statements carry `#pragma ferry isolate` (several
//! statements of one sequence: two matrix products in a row, a time step's
//! stencil sweeps, an iterative solver's vector updates with host code
//! between them) is also isolated with `--pragma`: each statement with its
//! own buffers and transfers (**unshared**) and the statements of one
//! sequence sharing buffers, loading only what the device does not hold
//! and storing when host code needs it or the last user is done
//! (**shared**, the default). Same lower bound.
//!
//! A kernel that calls a function of its own in a loop (FIR's per-element
//! kernel, a stencil's sweep called twice per time step or from either
//! branch of an `if` by the step's parity, a solver's
//! relaxation with the host's convergence test between the calls) is also
//! isolated with `--function` on that function: every call alone, the
//! function's body with its own transfers (**unshared**,
//! `--no-optimize-transfers`), and the transfers moved to the call sites,
//! where the loop's iterations and the calls of one sequence share them
//! (**shared**, the default). Same lower bound: the calls are inside the
//! kernel's body.
//!
//! Each of these three is also isolated shared with every copy made by
//! the exact plan (**exact plan**, `--transfer-plan exact`): what sharing
//! reaches when no cost model trades bytes for fewer copies.
//!
//! Every kernel is also isolated with `--function` under three transfer
//! plans (`planning`): **hull** (the first column's), **exact** (the exact
//! regions scanned as runs) and **auto** with the GPU cost model (10 µs per
//! call, 20 GB/s): their array bytes, their copy calls, and the modeled
//! time of all their copies under the GPU model; and under the exact plan
//! from the array regions alone (**regions**, `--no-polyhedral`: without
//! the live-in reads of a body that is one SCoP).
//!
//! Used by the `transfers` benchmark, which prints the report, and by the
//! `transfer_volume` test, which checks the orders they must keep.

use crate::region_trace::{self, RegionKind};
use crate::{TestProgram, cflags_of};
use ferry_isolate::planning::cost::CostModel;
use ferry_isolate::{Options, Selection, TransferPlan};
use ferry_parser::{ParsedFile, parse_file};
use ferry_validation::{Request, Verdict};
use std::path::Path;
use std::time::Duration;

/// Array bytes moved each way.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Volume {
    pub to_accel: u64,
    pub from_accel: u64,
}

impl Volume {
    pub fn total(self) -> u64 {
        self.to_accel + self.from_accel
    }

    fn add(self, other: Volume) -> Volume {
        Volume {
            to_accel: self.to_accel + other.to_accel,
            from_accel: self.from_accel + other.from_accel,
        }
    }
}

/// The volumes of one kernel on one run.
#[derive(Debug, Clone)]
pub struct KernelVolumes {
    pub kernel: String,
    pub ferry: Volume,
    pub whole: Volume,
    pub lower: Volume,
    /// With the time step isolated, when the kernel labels it `step`.
    pub steps: Option<SharingVolumes>,
    /// With the statements marked `#pragma ferry isolate` isolated.
    pub statements: Option<SharingVolumes>,
    /// With the function the kernel calls in a loop isolated
    /// (`--function`), when it has one: its name and volumes.
    pub calls: Option<(String, SharingVolumes)>,
    /// The kernel isolated with `--function` under each transfer plan.
    pub plans: PlanVolumes,
}

/// One isolated run: its array bytes, and every copy it made (scalars
/// included) with the bytes they moved, for the cost model.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Measured {
    pub volume: Volume,
    /// Copy calls, both ways, scalars included.
    pub calls: u64,
    /// Bytes, both ways, scalars included.
    pub bytes: u64,
    /// Array copies (both ways) by plan: hull, rows, exact, rects.
    pub plan_calls: [u64; 4],
}

impl Measured {
    /// The modeled time of the run's copies under `model`, in µs.
    pub fn time_us(&self, model: &CostModel) -> f64 {
        model.time_us(self.calls, self.bytes)
    }
}

/// A kernel isolated with `--function` under `--transfer-plan hull`,
/// `exact`, and `auto` with the GPU cost model.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct PlanVolumes {
    pub hull: Measured,
    pub exact: Measured,
    pub auto_gpu: Measured,
    /// The exact plan from the array regions alone (`--no-polyhedral`):
    /// what the exact dataflow of SCoPs adds is the difference with
    /// `exact`.
    pub exact_regions: Volume,
}

/// The volumes of a kernel's time step isolated (`--label step`), or of
/// its marked statements (`--pragma`): unshared and shared.
#[derive(Debug, Clone, Copy)]
pub struct SharingVolumes {
    /// Each step with its own transfers (`--no-optimize-transfers`).
    pub unshared: Volume,
    /// Transfers shared between the steps (the default).
    pub shared: Volume,
    /// Shared, every copy made by the exact plan (`--transfer-plan
    /// exact`): what sharing reaches when the cost model does not trade
    /// bytes for fewer copies.
    pub exact_plan: Volume,
}

/// The label of a kernel's time step.
pub const STEP_LABEL: &str = "step";

/// How long one run of a kernel may take (traced runs are the slow ones).
const RUN_TIMEOUT: Duration = Duration::from_secs(60);

/// The kernel function of a program of the suite: its file stem.
pub fn kernel_function(program: &Path) -> String {
    program
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Measures one kernel program run with `args`, working in `scratch`
/// (created if needed).
pub fn measure(program: &Path, args: &[String], scratch: &Path) -> Result<KernelVolumes, String> {
    std::fs::create_dir_all(scratch)
        .map_err(|e| format!("cannot create {}: {e}", scratch.display()))?;
    let kernel = kernel_function(program);
    let source = std::fs::read_to_string(program).map_err(|e| format!("cannot read: {e}"))?;
    let cflags = cflags_of(&source);
    // Parsed once for both plans (the tracer parses its own copy, which it
    // rewrites).
    let parsed = parse_file(program, &cflags).map_err(|d| d.to_string())?;
    let isolated = |selection: &Selection, options: Options, folder: &str| {
        isolated_volume(
            &parsed,
            &cflags,
            selection,
            options,
            args,
            &scratch.join(folder),
        )
    };
    let function = Selection::Function(kernel.clone());
    let plan = |transfer_plan: TransferPlan| Options {
        transfer_plan,
        ..Options::default()
    };
    let hull = isolated(&function, plan(TransferPlan::Hull), "hull")?;
    let ferry = hull.volume;
    let whole = isolated(&function, plan(TransferPlan::Whole), "whole")?.volume;
    let plans = PlanVolumes {
        hull,
        exact: isolated(&function, plan(TransferPlan::Exact), "exact")?,
        auto_gpu: isolated(
            &function,
            Options {
                transfer_cost: Some(CostModel::GPU),
                ..plan(TransferPlan::Auto)
            },
            "auto-gpu",
        )?,
        exact_regions: isolated(
            &function,
            Options {
                polyhedral: false,
                ..plan(TransferPlan::Exact)
            },
            "exact-regions",
        )?
        .volume,
    };
    // Unshared (`--no-optimize-transfers`) and shared (the default), the
    // folders named after `what`.
    let sharing = |selection: &Selection, what: &str| -> Result<SharingVolumes, String> {
        let unshared = Options {
            optimize_transfers: false,
            ..Options::default()
        };
        Ok(SharingVolumes {
            unshared: isolated(selection, unshared, &format!("{what}-unshared"))?.volume,
            shared: isolated(selection, Options::default(), &format!("{what}-shared"))?.volume,
            exact_plan: isolated(
                selection,
                plan(TransferPlan::Exact),
                &format!("{what}-exact"),
            )?
            .volume,
        })
    };
    let steps = source
        .contains(&format!("{STEP_LABEL}:"))
        .then(|| sharing(&Selection::Label(STEP_LABEL.to_owned()), "step"))
        .transpose()?;
    let statements = source
        .contains("#pragma ferry isolate")
        .then(|| sharing(&Selection::Pragma, "pragma"))
        .transpose()?;
    let calls = helper_called_in_loops(&parsed, &kernel)
        .map(|helper| {
            let volumes = sharing(&Selection::Function(helper.clone()), "calls")?;
            Ok::<_, String>((helper, volumes))
        })
        .transpose()?;
    let lower = lower_bound(program, &cflags, &kernel, args, scratch)?;
    Ok(KernelVolumes {
        kernel,
        ferry,
        whole,
        lower,
        steps,
        statements,
        calls,
        plans,
    })
}

/// The first function other than `kernel` and `main` whose transfers
/// `--function` moves to its call sites (`lift::call_site_selections`:
/// every call a plain statement, one in a loop or a caller calling it
/// twice): FIR's per-element kernel, a stencil's sweep, a solver's
/// relaxation.
fn helper_called_in_loops(parsed: &ParsedFile, kernel: &str) -> Option<String> {
    let analyses = ferry_hcfg::Analyses::run(std::slice::from_ref(parsed));
    let program = &analyses.program;
    program.function_ids().find_map(|f| {
        let function = program.function(f);
        let name = function.name.as_str();
        (name != kernel
            && name != "main"
            && function.body.is_some()
            && ferry_isolate::lift::lifts_to_call_sites(std::slice::from_ref(parsed), &analyses, f))
        .then(|| name.to_owned())
    })
}

/// The array bytes the program isolated as `selection` says with
/// `options` moves, once checked to behave as the original; `folder`
/// receives the transformed program.
fn isolated_volume(
    parsed: &ParsedFile,
    cflags: &[String],
    selection: &Selection,
    options: Options,
    args: &[String],
    folder: &Path,
) -> Result<Measured, String> {
    let what = format!("{selection:?} {options:?}");
    let isolated = ferry_isolate::isolate(std::slice::from_ref(parsed), selection, &options)
        .map_err(|d| format!("{what}: {d}"))?;
    let folder = folder.to_path_buf();
    let inputs = ferry_isolate::BuildInputs {
        sources: vec![parsed.path.clone()],
        cflags: cflags.to_vec(),
    };
    ferry_isolate::write_output(&folder, &isolated, &inputs).map_err(|d| format!("{what}: {d}"))?;
    let mut request = Request::new(vec![parsed.path.clone()], cflags.to_vec(), folder);
    request.runs = vec![args.to_vec()];
    request.timeout = RUN_TIMEOUT;
    let report = ferry_validation::validate(&request).map_err(|e| format!("{what}: {e}"))?;
    if report.verdict() != Verdict::Same {
        return Err(format!(
            "{what}: the isolated program differs from the original:\n{}",
            report.describe()
        ));
    }
    let stats = report.runs[0]
        .stats
        .as_ref()
        .ok_or_else(|| format!("{what}: the isolated program wrote no statistics"))?;
    let p = stats.plan_calls;
    Ok(Measured {
        volume: Volume {
            to_accel: stats.bytes_to_accel - stats.scalar_bytes_to_accel,
            from_accel: stats.bytes_from_accel - stats.scalar_bytes_from_accel,
        },
        calls: stats.transfers_to_accel + stats.transfers_from_accel,
        bytes: stats.bytes_to_accel + stats.bytes_from_accel,
        plan_calls: [p.hull, p.rows, p.exact, p.rects],
    })
}

/// The exact IN and OUT bytes of the arrays of `kernel`'s body on the run.
fn lower_bound(
    program: &Path,
    cflags: &[String],
    kernel: &str,
    args: &[String],
    scratch: &Path,
) -> Result<Volume, String> {
    let parsed = parse_file(program, cflags).map_err(|d| d.to_string())?;
    let analyses = ferry_hcfg::Analyses::run(std::slice::from_ref(&parsed));
    let regions = ferry_regions::RegionsAnalysis::run(&analyses);
    let json =
        ferry_regions::report::regions_json_all(&analyses, &regions, std::slice::from_ref(&parsed))
            .to_string();
    let statements = region_trace::parse_regions(&json)?;
    // A function's statements come in order, its body first.
    let body = statements
        .iter()
        .find(|s| s.function == kernel)
        .filter(|s| s.kind == "block")
        .ok_or_else(|| format!("the regions list no body for `{kernel}`"))?;
    let sites = std::slice::from_ref(body);
    let instrumented = region_trace::instrument(parsed, sites);
    if !instrumented.unplaced.is_empty() {
        return Err(format!("the body of `{kernel}` could not be traced"));
    }
    let stem = kernel_function(program);
    let traced_source = scratch.join(format!("{stem}.traced.c"));
    std::fs::write(&traced_source, &instrumented.text)
        .map_err(|e| format!("cannot write {}: {e}", traced_source.display()))?;
    let include = program.parent().unwrap_or(Path::new("."));
    let trace_path = scratch.join(format!("{stem}.trace"));
    let traced_exe = scratch.join(format!("{stem}.traced"));
    let traced = TestProgram {
        source: &traced_source,
        cflags,
        include,
        exe: &traced_exe,
        runtime: Some((region_trace::RUNTIME_C, &trace_path)),
    };
    traced.build()?;
    let output = traced.run(args, RUN_TIMEOUT)?;
    if !output.status.success() {
        return Err(format!("the traced program exits with {}", output.status));
    }
    let text = std::fs::read_to_string(&trace_path)
        .map_err(|e| format!("cannot read {}: {e}", trace_path.display()))?;
    let replay = region_trace::replay(&text, sites)?;
    if replay.instances.is_empty() {
        return Err(format!("the run never executes `{kernel}`"));
    }
    let entities = body.entities();
    let mut lower = Volume::default();
    for instance in &replay.instances {
        for (k, sets) in instance.sets.iter().enumerate() {
            if entities[k].dims == 0 {
                continue;
            }
            let count = |kind: RegionKind| -> u64 {
                let all: std::collections::BTreeSet<&Vec<i64>> = sets
                    .definite(kind)
                    .iter()
                    .chain(sets.shared(kind))
                    .collect();
                all.len() as u64
            };
            let (ins, outs) = (count(RegionKind::In), count(RegionKind::Out));
            if ins + outs == 0 {
                continue;
            }
            let size = instance.element_sizes[k].ok_or_else(|| {
                format!(
                    "the trace gives no layout for `{}` of `{kernel}`",
                    entities[k].path
                )
            })? as u64;
            lower = lower.add(Volume {
                to_accel: ins * size,
                from_accel: outs * size,
            });
        }
    }
    Ok(lower)
}

/// The sum of the volumes of every kernel, per column.
pub fn totals(rows: &[KernelVolumes]) -> (Volume, Volume, Volume) {
    rows.iter().fold(Default::default(), |(f, w, l), r| {
        (f.add(r.ferry), w.add(r.whole), l.add(r.lower))
    })
}

/// Over the kernels that have them (`which` picks the time step, the
/// marked statements or the helper's calls): the sums of the unshared,
/// shared, exact-plan and lower volumes.
pub fn shared_totals(
    rows: &[KernelVolumes],
    which: fn(&KernelVolumes) -> Option<SharingVolumes>,
) -> SharedTotals {
    rows.iter()
        .fold(SharedTotals::default(), |t, r| match which(r) {
            Some(v) => SharedTotals {
                unshared: t.unshared.add(v.unshared),
                shared: t.shared.add(v.shared),
                exact_plan: t.exact_plan.add(v.exact_plan),
                lower: t.lower.add(r.lower),
            },
            None => t,
        })
}

/// The sums of [`SharingVolumes`] over kernels, and of their lower bounds.
#[derive(Debug, Clone, Copy, Default)]
pub struct SharedTotals {
    pub unshared: Volume,
    pub shared: Volume,
    pub exact_plan: Volume,
    pub lower: Volume,
}
