//! The transfer volumes of statement isolation on the kernel suite keep
//! their order: every kernel of `tests/c/kernels`, isolated with
//! `--function` both as the paper does (hulls of the regions) and by
//! copying its arrays whole, behaves as the original with poisoned device
//! buffers, and per direction
//!
//!     exact IN / OUT of the traced run  <=  ferry  <=  whole arrays.
//!
//! Moving less than the traced IN (or OUT) would leave poison where the
//! kernel (or the rest of the program) reads; moving more than the whole
//! arrays would mean a box outside the declared extents. The kernels where
//! the regions are exact and their hulls lose nothing must move exactly
//! the lower bound (`EXACT`); a note says when another one does.
//!
//! The kernels whose time step is labelled `step` are isolated at the
//! step too, and per direction
//!
//!     lower  <=  shared  <=  unshared,
//!
//! with `shared` (the transfers optimised across the steps) moving
//! strictly less than `unshared` in total, and exactly the lower bound on
//! `STEP_EXACT`. So are the kernels whose statements carry `#pragma ferry
//! isolate`, each statement with its own buffers (unshared) against the
//! statements sharing them, within a sequence and across the loop around
//! it (shared), exactly the lower bound on `MARKED_EXACT`; and the kernels
//! that call a function of their own in a loop, that function isolated
//! with `--function`: each call alone (unshared) against the transfers
//! moved to the call sites (shared), exactly the lower bound on
//! `CALLS_EXACT`. Each of the three, shared with every copy made by the
//! exact plan, moves exactly the lower bound on every kernel but those of
//! `SHARED_EXACT_PLAN_OVER`, and never less. Under the exact plan, the
//! live-in reads of a body that is one SCoP never move more than the
//! regions alone (`--no-polyhedral`), and strictly less exactly on
//! `POLYHEDRAL_GAINS`. The figures themselves are the `transfers`
//! benchmark's.

use ferry_isolate::planning::cost::CostModel;
use ferry_tests::transfer_volume::{
    KernelVolumes, SharingVolumes, Volume, kernel_function, measure, totals,
};

/// Kernels whose time step, isolated with the transfers shared between
/// the steps, moves exactly the traced IN and OUT of the whole time loop.
const STEP_EXACT: &[&str] = &["adi", "cg", "fir", "floyd_warshall", "seidel_2d"];

/// Kernels whose statements carry `#pragma ferry isolate`.
const MARKED: usize = 8;

/// Kernels whose marked statements, sharing buffers within their sequence
/// and across the loop around it, move exactly the traced IN and OUT. The
/// others (the Jacobi and heat sweeps) load a few elements more where the
/// cost model prefers one copy to several: the span of a stencil's read
/// set without its corners, the box of a short rim.
const MARKED_EXACT: &[&str] = &["cg", "mm2", "mm3", "mvt"];

/// Kernels that call a function of their own in a loop (fir, pingpong_calls,
/// stencil_calls, stencil_rows_calls, solver_calls), isolated with
/// `--function` on it (stencil_rows_calls' row, whose transfers move on
/// through the sweep to the time loop).
const CALLING: usize = 5;

/// Kernels whose helper's calls, with the transfers moved to the call
/// sites and shared there, move exactly the traced IN and OUT.
const CALLS_EXACT: &[&str] = &["fir"];

/// Kernels whose time step, marked statements or helper's calls, shared
/// with every copy made by the exact plan, move more than the traced IN
/// and OUT: solver_calls' host code reads both iterates in every
/// iteration, so each call's stores are the program's, not a loss. Every
/// other kernel's sharing under the exact plan moves exactly the lower
/// bound (the lists above name those where auto does, trading bytes for
/// fewer copies elsewhere).
const SHARED_EXACT_PLAN_OVER: &[&str] = &["solver_calls"];

/// Kernels whose time step is labelled (`tests/c/kernels`).
const STEPPED: usize = 10;
use ferry_tests::{c_dir, c_files_in, for_each_parallel, scratch_dir};

/// The size argument of every run (small: the lower bound is traced).
const SIZE: &str = "6";

/// Kernels on which ferry moves exactly the traced IN and OUT: their
/// regions are exact and rectangular, and what they write is either read
/// afterwards or a whole temporary nobody reads again (mm2's tmp).
const EXACT: &[&str] = &[
    "adi",
    "atax",
    "bicg",
    "cg",
    "conv2d",
    "covariance",
    "doitgen",
    "durbin",
    "fir",
    "floyd_warshall",
    "gemm",
    "gemv",
    "lu",
    "ludcmp",
    "mm2",
    "mm3",
    "mvt",
    "seidel_2d",
];

/// Kernels on which the exact plan (`--transfer-plan exact`) moves
/// exactly the traced IN and OUT: every kernel (solver_calls' `while`
/// loop is one statement of its SCoP, which imports what an iteration
/// reads from before it: y's rims, not the interior that the first call
/// of relax writes before anything reads it). Where a region is exact, scanning
/// it loses nothing, triangles and bands included (a triangle and its
/// mirror written make an exact square: the union of their sure parts
/// covers it); where it over-approximates (IN and OUT of a time loop
/// inside the kernel are hulls over its steps), a body that is one SCoP
/// imports its live-in reads (`ferry_poly::imported`), through the calls
/// of the `_calls` kernels (function summaries). Heap temporaries the
/// caller never reads are dead: blocks are named by the pointer they were
/// allocated into, `ferry_hcfg::escape`.
const EXACT_PLAN: &[&str] = &[
    "adi",
    "atax",
    "banded_mv",
    "bicg",
    "cg",
    "cholesky",
    "conv2d",
    "covariance",
    "doitgen",
    "durbin",
    "fdtd_2d",
    "fir",
    "floyd_warshall",
    "gemm",
    "gemv",
    "gramschmidt",
    "heat_3d",
    "jacobi_1d",
    "jacobi_2d",
    "jacobi_3d",
    "lu",
    "ludcmp",
    "mm2",
    "mm3",
    "mvt",
    "nussinov",
    "pingpong_calls",
    "seidel_2d",
    "solver_calls",
    "stencil_calls",
    "stencil_rows_calls",
    "symm",
    "syr2k",
    "syrk",
    "tri_3d",
    "trisolv",
    "trmm",
];

/// Kernels on which the exact plan moves less with the live-in reads of a
/// body that is one SCoP than from the array regions alone
/// (`--no-polyhedral`): the time-stepped stencils, whose IN regions are
/// hulls over the steps (the grids' rims read and never written, loaded
/// whole), the same through calls (function summaries), durbin, whose
/// recursion imports a y[1] it writes first, and solver_calls, whose
/// `while` loop imports y's rims where the convex IN region over its body
/// is their hull, the whole grid. Elsewhere the regions are exact already.
const POLYHEDRAL_GAINS: &[&str] = &[
    "durbin",
    "heat_3d",
    "jacobi_1d",
    "jacobi_2d",
    "jacobi_3d",
    "pingpong_calls",
    "solver_calls",
    "stencil_calls",
    "stencil_rows_calls",
];

/// The orders a sharing scheme keeps against the lower bound `l` and the
/// unshared scheme: lower <= shared <= unshared per direction, shared
/// strictly less in total, and exactly the lower bound on the list.
fn check_sharing(
    k: &str,
    l: Volume,
    v: SharingVolumes,
    what: &str,
    list: (&str, &[&str]),
    failures: &mut Vec<String>,
) {
    let (u, s, e) = (v.unshared, v.shared, v.exact_plan);
    if more_than(l, s) {
        failures.push(format!(
            "{k}: {what} {s:?}, less than the lower bound {l:?}"
        ));
    }
    if more_than(s, u) || s.total() >= u.total() {
        failures.push(format!("{k}: {what} {s:?}, not less than unshared {u:?}"));
    }
    check_listed(list, k, what, s, l, failures);
    // Under the exact plan, sharing loses nothing where the regions are
    // exact: the lower bound, wherever the lists above are not.
    let what = format!("{what}, every copy by the exact plan,");
    if more_than(l, e) {
        failures.push(format!(
            "{k}: {what} {e:?}, less than the lower bound {l:?}"
        ));
    }
    let exact_plan = ("SHARED_EXACT_PLAN_OVER", SHARED_EXACT_PLAN_OVER);
    let over = exact_plan.1.contains(&k);
    if !over && e != l {
        failures.push(format!("{k}: {what} {e:?}, not the lower bound {l:?}"));
    }
    if over && e == l {
        eprintln!(
            "note: on {k}, {what} exactly the lower bound now: take it out of {}",
            exact_plan.0
        );
    }
}

/// Whether `a` moves more than `b` one way or the other.
fn more_than(a: Volume, b: Volume) -> bool {
    a.to_accel > b.to_accel || a.from_accel > b.from_accel
}

/// A kernel of the list (named, for the note) must move exactly the lower
/// bound, as `what` says it moves `v`; another one that does gets a note,
/// so that the list follows ferry's progress.
fn check_listed(
    (name, list): (&str, &[&str]),
    k: &str,
    what: &str,
    v: Volume,
    lower: Volume,
    failures: &mut Vec<String>,
) {
    let listed = list.contains(&k);
    if listed && v != lower {
        failures.push(format!("{k}: {what} {v:?}, not the lower bound {lower:?}"));
    }
    if !listed && v == lower {
        eprintln!("note: on {k}, {what} exactly the lower bound now: add it to {name}");
    }
}

/// The orders the transfer plans keep on one kernel: the exact plan moves
/// no less than the lower bound and no more than the hull, each way; auto,
/// choosing with the GPU model, models no slower than either under it
/// (the choice is per array, and the model adds up over copies).
fn plan_orders(r: &KernelVolumes) -> Vec<String> {
    let k = &r.kernel;
    let (l, p) = (r.lower, r.plans);
    let (h, e) = (p.hull.volume, p.exact.volume);
    let mut failures = Vec::new();
    if more_than(l, e) {
        failures.push(format!(
            "{k}: the exact plan moves {e:?}, less than the lower bound {l:?}"
        ));
    }
    if more_than(e, h) {
        failures.push(format!(
            "{k}: the exact plan moves {e:?}, more than the hull {h:?}"
        ));
    }
    // The live-in reads of a SCoP only ever take from the regions' IN.
    let regions = p.exact_regions;
    if more_than(e, regions) {
        failures.push(format!(
            "{k}: the exact plan moves {e:?}, more than from the regions alone {regions:?}"
        ));
    }
    let gains = POLYHEDRAL_GAINS.contains(&k.as_str());
    if gains != (e != regions) {
        failures.push(format!(
            "{k}: the exact plan moves {e:?}, from the regions alone {regions:?}: \
             POLYHEDRAL_GAINS says the dataflow of SCoPs {} it",
            if gains { "lowers" } else { "does not change" }
        ));
    }
    let exact_plan = ("EXACT_PLAN", EXACT_PLAN);
    check_listed(exact_plan, k, "the exact plan moves", e, l, &mut failures);
    if p.hull.plan_calls[1..].iter().any(|&c| c > 0) {
        failures.push(format!(
            "{k}: the hull plan made copies of other plans: {:?}",
            p.hull.plan_calls
        ));
    }
    let gpu = CostModel::GPU;
    let auto = p.auto_gpu.time_us(&gpu);
    for (name, other) in [("hull", p.hull), ("exact", p.exact)] {
        // The model's sums in floating point, in another order.
        let t = other.time_us(&gpu);
        if auto > t * (1.0 + 1e-9) {
            failures.push(format!(
                "{k}: auto models {auto:.3} us under the GPU model, more than {name}'s {t:.3}"
            ));
        }
    }
    failures
}

#[test]
fn ferry_moves_between_the_lower_bound_and_whole_arrays() {
    let programs = c_files_in(&c_dir().join("kernels"));
    assert!(programs.len() >= 30, "{} kernels", programs.len());
    let scratch = scratch_dir("transfer-volume-test");
    let args = vec![SIZE.to_owned()];
    let results = for_each_parallel(&programs, |program| {
        measure(program, &args, &scratch.join(kernel_function(program)))
    });
    let mut rows: Vec<KernelVolumes> = Vec::new();
    let mut failures = Vec::new();
    for (program, result) in programs.iter().zip(results) {
        match result {
            Ok(row) => rows.push(row),
            Err(e) => failures.push(format!("{}: {e}", kernel_function(program))),
        }
    }
    for r in &rows {
        let k = &r.kernel;
        let (f, w, l) = (r.ferry, r.whole, r.lower);
        if more_than(l, f) {
            failures.push(format!(
                "{k}: ferry moves {f:?}, less than the lower bound {l:?}"
            ));
        }
        if more_than(f, w) {
            failures.push(format!(
                "{k}: ferry moves {f:?}, more than whole arrays {w:?}"
            ));
        }
        if w.to_accel != w.from_accel || w.to_accel == 0 {
            failures.push(format!(
                "{k}: whole arrays move {w:?}, not the same both ways"
            ));
        }
        check_listed(("EXACT", EXACT), k, "ferry moves", f, l, &mut failures);
        failures.extend(plan_orders(r));
        if let Some(steps) = r.steps {
            let what = "the shared steps move";
            check_sharing(k, l, steps, what, ("STEP_EXACT", STEP_EXACT), &mut failures);
        }
        if let Some(statements) = r.statements {
            let what = "the marked statements sharing buffers move";
            let list = ("MARKED_EXACT", MARKED_EXACT);
            check_sharing(k, l, statements, what, list, &mut failures);
        }
        if let Some((helper, calls)) = &r.calls {
            let what = format!("the calls of `{helper}` sharing transfers move");
            let list = ("CALLS_EXACT", CALLS_EXACT);
            check_sharing(k, l, *calls, &what, list, &mut failures);
        }
    }
    let marked = rows.iter().filter(|r| r.statements.is_some()).count();
    if failures.is_empty() && marked != MARKED {
        failures.push(format!(
            "{marked} kernels with statements marked `#pragma ferry isolate`, not {MARKED}"
        ));
    }
    let stepped = rows.iter().filter(|r| r.steps.is_some()).count();
    if failures.is_empty() && stepped != STEPPED {
        failures.push(format!(
            "{stepped} kernels with a labelled time step, not {STEPPED}"
        ));
    }
    let calling = rows.iter().filter(|r| r.calls.is_some()).count();
    if failures.is_empty() && calling != CALLING {
        failures.push(format!(
            "{calling} kernels calling a helper in a loop, not {CALLING}"
        ));
    }
    let (ferry, whole, lower) = totals(&rows);
    if failures.is_empty() {
        let _ = std::fs::remove_dir_all(&scratch);
    }
    assert!(
        failures.is_empty(),
        "{} problem(s) (files in {}):\n{}",
        failures.len(),
        scratch.display(),
        failures.join("\n")
    );
    // Isolation must pay off on the suite as a whole.
    assert!(
        ferry.total() < whole.total() && lower.total() < ferry.total(),
        "totals: lower {lower:?}, ferry {ferry:?}, whole {whole:?}"
    );
}
