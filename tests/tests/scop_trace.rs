//! `ferry scop` checked against executions. For each program and function
//! below, the SCoP statements are traced with the regions' tracer
//! (`ferry_tests::region_trace`: every instance with the values of its
//! variables, and every element it reads and writes), and on every run:
//!
//! - each statement's domain, its parameters fixed to their values in the
//!   run, is exactly the set of index vectors its instances had;
//! - each access relation (of one array, one kind) maps every instance to
//!   exactly the elements it wrote, or read before writing them itself
//!   (a loop or a call taken as one statement reads what it wrote
//!   itself from itself, which is no read from before it);
//! - replaying the instances in order, the value-based flow (each element
//!   read, the last instance that wrote it before) is the model's flow
//!   dependences (within them, where the SCoP also flows values through
//!   scalars, which the tracer does not log), the elements read with no
//!   writer before them are the model's live-in reads, and each element's
//!   last writer is the model's live-out (arrays only);
//! - for statements under conditions on data (may-writes, a flow that is
//!   a may), each of these holds as containment: what ran is within the
//!   model;
//! - kills (a block's variables at its end) are no statements the tracer
//!   sees; a killed array has no live-out element;
//! - no instance the model calls dead was needed: going back from each
//!   element's last writer through the sources of what the needed
//!   instances read (arrays; values that flow through scalars are not
//!   logged, so the instances found needed are fewer than the truly
//!   needed: the check is sound), none of the run's needed instances is
//!   dead in the model.
//!
//! A statement of a SCoP that the regions do not list, or that no run
//! reaches, fails the test.

use ferry_parser::parse_file;
use ferry_tests::csmith;
use ferry_tests::region_trace::{self, RegionKind, RegionStatement};
use ferry_tests::{
    TestProgram, assert_all_pass, cflags_of, ferry_json, scratch_dir, workspace_root,
};
use isl_rs::{Context, Set, UnionMap, UnionSet};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::Duration;

const RUN_TIMEOUT: Duration = Duration::from_secs(60);

/// Csmith seeds whose traced programs run in seconds.
const RANDOM_SEEDS: [u32; 10] = [1, 2, 3, 4, 5, 6, 7, 9, 10, 11];

/// (program, function, argument lists).
const PROGRAMS: &[(&str, &str, &[&str])] = &[
    ("tests/c/scop/shapes.c", "shapes", &["2", "5", "8"]),
    ("tests/c/scop/calls.c", "calls", &["1", "7"]),
    ("tests/c/scop/dynamic.c", "dynamic", &["1", "6", "11"]),
    (
        "tests/c/scop/within_conditions.c",
        "within",
        &["1", "8", "13"],
    ),
    (
        "tests/c/scop/within_conditions.c",
        "within_calls",
        &["1", "8", "13"],
    ),
    ("tests/c/scop/structures.c", "structures", &["1", "6"]),
    ("tests/c/scop/struct_arrays.c", "listing4", &["1"]),
    ("tests/c/scop/struct_arrays.c", "listing5", &["1"]),
    ("tests/c/scop/struct_arrays.c", "particles", &["1", "6"]),
    ("tests/c/scop/dead.c", "dead", &["1 1", "4 3", "6 1"]),
    (
        "tests/c/scop/dead_partly.c",
        "refill",
        &["1 0", "4 3", "6 1"],
    ),
    ("tests/c/scop/kills.c", "kills", &["1", "5"]),
    ("tests/c/scop/assume.c", "assume", &["0", "1", "6"]),
    ("tests/c/scop/pencil_kill.c", "pencil_kill", &["1", "5"]),
    ("tests/c/scop/undefined.c", "listing6", &["1", "6", "16"]),
    ("tests/c/scop/undefined.c", "pointer", &["1", "6", "16"]),
    ("tests/c/scop/undefined.c", "global", &["1", "6", "16"]),
    ("tests/c/scop/undefined.c", "rows", &["1", "6", "16"]),
    ("tests/c/scop/scalar_reuse.c", "scalar_reuse", &["1", "6"]),
    (
        "tests/c/scop/scalar_live_out.c",
        "scalar_live_out",
        &["1", "6"],
    ),
    ("tests/c/scop/summaries.c", "summaries", &["3", "5"]),
    (
        "tests/c/scop/while_loops.c",
        "while_loops",
        &["3 1", "4 10", "6 30"],
    ),
    ("tests/c/scop/jumps.c", "jumps", &["3 1", "6 4", "7 100"]),
    ("tests/c/scop/pencil_access.c", "spread", &["1", "4"]),
    ("tests/c/scop/pencil_independent.c", "foo", &["1", "6 5"]),
    (
        "tests/c/scop/pencil_independent.c",
        "scatter",
        &["4 2", "6 5"],
    ),
    (
        "tests/c/kernels/stencil_rows_calls.c",
        "stencil_rows_calls",
        &["4", "6"],
    ),
    ("tests/c/kernels/nussinov.c", "nussinov", &["6"]),
    ("tests/c/kernels/gemm.c", "gemm", &["4", "6"]),
    ("tests/c/kernels/jacobi_2d.c", "jacobi_2d", &["5"]),
    ("tests/c/kernels/lu.c", "lu", &["5"]),
    ("tests/c/kernels/trisolv.c", "trisolv", &["6"]),
    ("tests/c/kernels/seidel_2d.c", "seidel_2d", &["5"]),
    ("tests/c/kernels/cholesky.c", "cholesky", &["5"]),
    ("tests/c/kernels/adi.c", "adi", &["5"]),
    ("tests/c/kernels/covariance.c", "covariance", &["5"]),
    ("tests/c/kernels/durbin.c", "durbin", &["6"]),
];

#[test]
fn scop_models_hold_in_traced_executions() {
    let scratch = scratch_dir("scop-trace");
    // Each entry by its program and function: a program listed with
    // several functions is checked once per function (looked up by its
    // path alone, every entry of it checked its first function, each in
    // the same directory at once).
    let label = |p: &str, f: &str| PathBuf::from(format!("{p}#{f}"));
    let programs: Vec<PathBuf> = PROGRAMS.iter().map(|(p, f, _)| label(p, f)).collect();
    let results = ferry_tests::for_each_parallel_on(2, &programs, |entry| {
        let (program, function, runs) = PROGRAMS
            .iter()
            .find(|(p, f, _)| label(p, f) == entry)
            .expect("listed");
        let program = Path::new(program);
        let source =
            std::fs::read_to_string(workspace_root().join(program)).map_err(|e| e.to_string())?;
        let what = Check {
            function: Some(function),
            cflags: cflags_of(&source),
            every_statement: true,
        };
        check(program, &what, runs, &scratch).map(|_| ())
    });
    let _ = std::fs::remove_dir_all(&scratch);
    assert_all_pass(&programs, results);
}

/// Random programs (Csmith, the seeds and flags of the `csmith` test):
/// casts between integer types of every width, unsigned wrapping, globals.
/// Every SCoP statement a run reaches must agree with the model as above;
/// much of their code is dead, so reaching every statement is not asked,
/// but the runs must reach some.
#[test]
fn scop_models_hold_on_random_programs() {
    let scratch = scratch_dir("scop-trace-csmith");
    let programs: Vec<PathBuf> = RANDOM_SEEDS
        .iter()
        .map(|&seed| csmith::generate(&scratch, seed).expect("csmith"))
        .collect();
    let results = ferry_tests::for_each_parallel_on(2, &programs, |program| {
        let what = Check {
            function: None,
            cflags: vec![csmith::INCLUDE.to_string()],
            every_statement: false,
        };
        let stem = program.file_stem().unwrap_or_default().to_string_lossy();
        check(program, &what, &[""], &scratch.join(stem.as_ref()))
    });
    let checked: usize = results.iter().flatten().sum();
    let _ = std::fs::remove_dir_all(&scratch);
    assert_all_pass(
        &programs,
        results.into_iter().map(|r| r.map(|_| ())).collect(),
    );
    eprintln!("random programs: {checked} SCoP statement instances checked");
    assert!(
        checked > 100,
        "only {checked} SCoP statement instances reached"
    );
}

/// One SCoP statement and where the regions list it.
struct Traced {
    scop: usize,
    name: String,
    /// The C names of its indices, outermost first.
    indices: Vec<String>,
}

/// Which SCoPs to check, and how.
struct Check<'a> {
    /// Those of this function, or of every function.
    function: Option<&'a str>,
    cflags: Vec<String>,
    /// Whether every SCoP statement must be reached by some run (random
    /// programs are full of dead code).
    every_statement: bool,
}

/// Checks the SCoPs of `program` on runs with each argument list of
/// `runs`; the number of statement instances checked.
fn check(program: &Path, what: &Check, runs: &[&str], scratch: &Path) -> Result<usize, String> {
    let root = workspace_root();
    let cflags = what.cflags.clone();
    let mut scop_flags = cflags.clone();
    if let Some(function) = what.function {
        scop_flags.extend(["--function".to_string(), function.to_string()]);
    }
    let (json, command) = ferry_json("scop", program, &scop_flags)?;
    let model: Value = serde_json::from_str(&json).map_err(|e| e.to_string())?;
    let scops = model["scops"].as_array().cloned().unwrap_or_default();
    if scops.is_empty() {
        if !what.every_statement {
            return Ok(0);
        }
        return Err(format!("`{command}` finds no SCoP"));
    }
    let (regions, _) = ferry_json("regions", program, &cflags)?;
    let listed = region_trace::parse_regions(&regions)?;
    // The regions' statements that are SCoP statements, and what they are.
    let mut statements: Vec<RegionStatement> = Vec::new();
    let mut traced: Vec<Traced> = Vec::new();
    for (k, scop) in scops.iter().enumerate() {
        if scop.get("error").is_some() {
            return Err(format!("`{command}`: {}", scop["error"]));
        }
        let names = &scop["names"];
        for s in scop["statements"].as_array().into_iter().flatten() {
            if is_kill(s) {
                continue;
            }
            let (line, column) = (s["line"].as_u64(), s["column"].as_u64());
            let Some(r) = listed.iter().find(|r| {
                scop["function"] == r.function.as_str()
                    && Some(r.line as u64) == line
                    && Some(r.column as u64) == column
            }) else {
                return Err(format!(
                    "statement {} at {line:?}:{column:?} is not among the regions' statements",
                    s["name"]
                ));
            };
            let indices: Vec<String> = s["indices"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|i| c_name(names, i.as_str().unwrap_or_default()))
                .collect();
            // The indices and parameters are traced at every instance,
            // whether or not its regions mention them.
            let mut r = r.clone();
            let params = scop["params"].as_array().into_iter().flatten();
            let needed: Vec<String> = indices
                .iter()
                .cloned()
                .chain(params.map(|p| c_name(names, p.as_str().unwrap_or_default())))
                .collect();
            for c in needed {
                if !r.variables.iter().any(|v| v.c == c) {
                    r.variables.push(ferry_tests::trace::Variable {
                        isl: format!("scop_trace_{c}"),
                        c,
                        visible: true,
                    });
                }
            }
            statements.push(r);
            traced.push(Traced {
                scop: k,
                name: s["name"].as_str().unwrap_or_default().to_string(),
                indices,
            });
        }
    }
    let parsed =
        parse_file(&root.join(program), &cflags).map_err(|d| format!("parse failed:\n{d}"))?;
    let instrumented = region_trace::instrument(parsed, &statements);
    if !instrumented.unplaced.is_empty() {
        return Err("the tracer could not place some SCoP statements".into());
    }
    let stem = program.file_stem().unwrap_or_default().to_string_lossy();
    // One folder per program and function: two functions of one file are
    // checked at once.
    let dir = scratch.join(format!("{stem}-{}", what.function.unwrap_or("all")));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let traced_source = dir.join(format!("{stem}.traced.c"));
    std::fs::write(&traced_source, &instrumented.text).map_err(|e| e.to_string())?;
    let trace_path = dir.join("trace");
    let exe = dir.join("traced");
    let include = root.join(program.parent().unwrap_or(Path::new(".")));
    let built = TestProgram {
        source: &traced_source,
        cflags: &cflags,
        include: &include,
        exe: &exe,
        runtime: Some((region_trace::RUNTIME_C, &trace_path)),
    };
    built.build()?;
    let mut reached = BTreeSet::new();
    let mut checked = 0;
    for run in runs {
        let args: Vec<String> = run.split_whitespace().map(str::to_string).collect();
        let output = built.run(&args, RUN_TIMEOUT)?;
        if !output.status.success() {
            return Err(format!(
                "the traced program with `{run}` exits with {}",
                output.status
            ));
        }
        let text = std::fs::read_to_string(&trace_path).map_err(|e| e.to_string())?;
        let replay = region_trace::replay(&text, &statements)?;
        reached.extend(replay.instances.iter().map(|i| i.site));
        checked += replay.instances.len();
        for (k, scop) in scops.iter().enumerate() {
            check_run(scop, k, &statements, &traced, &replay.instances)
                .map_err(|e| format!("`{command}`, run `{run}`: {e}"))?;
        }
    }
    if what.every_statement && reached.len() < statements.len() {
        let missed: Vec<&str> = (0..statements.len())
            .filter(|s| !reached.contains(s))
            .map(|s| traced[s].name.as_str())
            .collect();
        return Err(format!("no run reaches {}", missed.join(", ")));
    }
    Ok(checked)
}

/// Whether a statement of the model is a kill (the end of a block): no
/// statement of the program, so nothing the tracer sees.
fn is_kill(s: &Value) -> bool {
    s["accesses"]
        .as_array()
        .is_some_and(|list| list.iter().all(|a| a["kind"] == "kill"))
}

/// The program's name of the model's name `shown`.
fn c_name(names: &Value, shown: &str) -> String {
    names[shown].as_str().unwrap_or(shown).to_string()
}

/// An instance of a SCoP statement: its name and index vector.
type Instance = (String, Vec<i128>);

fn instance_text((name, iv): &Instance) -> String {
    format!(
        "{name}[{}]",
        iv.iter()
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    )
}

fn element_text(array: &str, element: &[i64]) -> String {
    format!(
        "{array}[{}]",
        element
            .iter()
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    )
}

/// Checks SCoP number `k` on the instances of one run.
fn check_run(
    scop: &Value,
    k: usize,
    statements: &[RegionStatement],
    traced: &[Traced],
    instances: &[region_trace::InstanceRecord],
) -> Result<(), String> {
    let names = &scop["names"];
    let params: Vec<String> = scop["params"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| p.as_str().map(str::to_string))
        .collect();
    // This SCoP's instances, in order, with their parameters' values and
    // index vectors, cut into executions of the SCoP where the parameters
    // change (a SCoP inside a loop that is not one, as in cholesky, runs
    // once per iteration) or an instance comes again (one without
    // parameters inside a loop, as in random programs: each execution runs
    // every instance once).
    let mut executions: Vec<(BTreeMap<String, i128>, Vec<Execution>)> = Vec::new();
    for record in instances {
        let t = &traced[record.site];
        if t.scop != k {
            continue;
        }
        let values: BTreeMap<&str, i128> = statements[record.site]
            .traced()
            .map(|v| v.c.as_str())
            .zip(record.values.iter().copied())
            .collect();
        let mut fixed = BTreeMap::new();
        for p in &params {
            let value = *values
                .get(c_name(names, p).as_str())
                .ok_or_else(|| format!("parameter {p} is not traced at {}", t.name))?;
            fixed.insert(p.clone(), value);
        }
        let iv: Option<Vec<i128>> = t
            .indices
            .iter()
            .map(|i| values.get(i.as_str()).copied())
            .collect();
        let iv = iv.ok_or_else(|| format!("an index of {} is not traced", t.name))?;
        let instance = (t.name.clone(), iv);
        match executions.last_mut() {
            Some((params, list))
                if *params == fixed && !list.iter().any(|(_, seen)| *seen == instance) =>
            {
                list.push((record, instance))
            }
            _ => executions.push((fixed, vec![(record, instance)])),
        }
    }
    for (fixed, mine) in &executions {
        check_execution(scop, statements, &params, fixed, mine)?;
    }
    Ok(())
}

/// One instance of an execution of a SCoP: its record and its identity.
type Execution<'r> = (&'r region_trace::InstanceRecord, Instance);

/// Checks one execution of `scop`, its parameters `fixed`.
fn check_execution(
    scop: &Value,
    statements: &[RegionStatement],
    params: &[String],
    fixed: &BTreeMap<String, i128>,
    mine: &[Execution],
) -> Result<(), String> {
    let names = &scop["names"];
    let ctx = Context::alloc();
    let fixing = format!(
        "[{}] -> {{ : {} }}",
        params.join(", "),
        if params.is_empty() {
            "0 = 0".to_string()
        } else {
            params
                .iter()
                .map(|p| format!("{p} = {}", fixed[p]))
                .collect::<Vec<_>>()
                .join(" and ")
        }
    );
    let at_run = |text: &str| -> Result<UnionMap, String> {
        UnionMap::read_from_str(&ctx, text)
            .and_then(|m| m.intersect_params(Set::read_from_str(&ctx, &fixing)?))
            .and_then(UnionMap::project_out_all_params)
            .map_err(|_| format!("isl cannot read {text}"))
    };
    let traced_map = |pairs: &BTreeSet<String>| -> Result<UnionMap, String> {
        let text = format!(
            "{{ {} }}",
            pairs.iter().cloned().collect::<Vec<_>>().join("; ")
        );
        UnionMap::read_from_str(&ctx, &text).map_err(|_| format!("isl cannot read {text}"))
    };
    // Exactly the run's, or (where the model may over-approximate) at
    // least the run's.
    let agree = |what: &str, model: &UnionMap, run: &UnionMap, exact: bool| -> Result<(), String> {
        let holds = if exact {
            model.is_equal(run)
        } else {
            run.is_subset(model)
        };
        if holds.unwrap_or(false) {
            return Ok(());
        }
        Err(format!(
            "{what} ({}): the model gives {}\nthe run gives {}",
            if exact { "exact" } else { "may" },
            model.to_str().unwrap_or("?"),
            run.to_str().unwrap_or("?")
        ))
    };
    // Statements under conditions on data may not run where their domain
    // says: their model holds what runs, and the SCoP's flow is a may.
    let dynamic = |s: &Value| s["dynamic"].as_bool().unwrap_or(false);
    // Those with a subscript on data access some of the elements their
    // relations give: the accesses, and all that follows from them, hold
    // what runs.
    let inexact = |s: &Value| dynamic(s) || s["data_subscripts"].as_bool().unwrap_or(false);
    let any_dynamic = scop["statements"]
        .as_array()
        .is_some_and(|list| list.iter().any(inexact));

    // Domains.
    for s in scop["statements"].as_array().into_iter().flatten() {
        if is_kill(s) {
            continue;
        }
        let name = s["name"].as_str().unwrap_or_default();
        let points: BTreeSet<String> = mine
            .iter()
            .filter(|(_, (n, _))| n == name)
            .map(|(_, i)| instance_text(i))
            .collect();
        let domain = s["domain"].as_str().unwrap_or_default();
        let model = UnionSet::read_from_str(&ctx, domain)
            .and_then(|d| d.intersect_params(Set::read_from_str(&ctx, &fixing)?))
            .and_then(UnionSet::project_out_all_params)
            .map_err(|_| format!("isl cannot read {domain}"))?;
        let run = UnionSet::read_from_str(
            &ctx,
            &format!(
                "{{ {} }}",
                points.into_iter().collect::<Vec<_>>().join("; ")
            ),
        )
        .map_err(|_| "isl cannot read the traced points".to_string())?;
        let holds = if dynamic(s) {
            run.is_subset(&model)
        } else {
            model.is_equal(&run)
        };
        if !holds.unwrap_or(false) {
            return Err(format!(
                "the domain of {name}: the model gives {}\nthe run gives {}",
                model.to_str().unwrap_or("?"),
                run.to_str().unwrap_or("?")
            ));
        }
    }

    // Accesses, per statement, array of one dimension or more, and kind.
    let mut scalars = false;
    let mut arrays: BTreeMap<String, usize> = BTreeMap::new();
    // Variables of the part's blocks, dead at their ends: none of their
    // elements is live-out.
    let mut killed: BTreeSet<String> = BTreeSet::new();
    // Per statement, the arrays and kinds the model has relations for.
    let mut modelled: BTreeMap<&str, BTreeSet<(String, &str)>> = BTreeMap::new();
    for s in scop["statements"].as_array().into_iter().flatten() {
        let name = s["name"].as_str().unwrap_or_default();
        let mut relations: BTreeMap<(String, &str), Vec<String>> = BTreeMap::new();
        for a in s["accesses"].as_array().into_iter().flatten() {
            let array = a["array"].as_str().unwrap_or_default().to_string();
            if a["kind"] == "kill" {
                killed.insert(array);
                continue;
            }
            let relation = a["relation"].as_str().unwrap_or_default().to_string();
            // A scalar, or a structure's member: its element is the
            // wrapped space of the field access (`a_b[a[] -> b[]]`).
            let element = relation.split(&format!("-> {array}[")).nth(1).unwrap_or("");
            let first = element.trim_start_matches(|c: char| c.is_alphanumeric() || c == '_');
            if element.starts_with(']') || first.starts_with('[') {
                scalars = true;
                continue;
            }
            let dims = relation
                .split(&format!("-> {array}["))
                .nth(1)
                .and_then(|r| r.split(']').next())
                .map_or(0, |inside| inside.split(',').count());
            arrays.insert(array.clone(), dims);
            let kind = if a["kind"] == "read" { "read" } else { "write" };
            relations.entry((array, kind)).or_default().push(relation);
        }
        modelled.insert(name, relations.keys().cloned().collect());
        for ((array, kind), texts) in &relations {
            let mut model = at_run(&texts[0])?;
            for t in &texts[1..] {
                model = model
                    .union(at_run(t)?)
                    .map_err(|_| "isl union".to_string())?;
            }
            // A statement's reads are those of values from before it: a
            // loop or a call taken as one statement reads none of what it
            // wrote itself (its summary keeps the exposed reads), and a
            // plain statement reads before it writes.
            let wanted = if *kind == "read" {
                RegionKind::In
            } else {
                RegionKind::Write
            };
            let mut pairs = BTreeSet::new();
            for (record, instance) in mine.iter().filter(|(_, (n, _))| n == name) {
                for element in elements(statements, record, &c_name(names, array), wanted) {
                    pairs.insert(format!(
                        "{} -> {}",
                        instance_text(instance),
                        element_text(array, &element)
                    ));
                }
            }
            agree(
                &format!("the {kind}s of `{array}` by {name}"),
                &model,
                &traced_map(&pairs)?,
                !inexact(s),
            )?;
        }
    }

    // An array a statement has no relation of some kind for is one none
    // of its instances read (from before it) or wrote.
    for (&name, relations) in &modelled {
        for array in arrays.keys() {
            let c = c_name(names, array);
            for (kind, traced) in [("read", RegionKind::In), ("write", RegionKind::Write)] {
                if relations.contains(&(array.clone(), kind)) {
                    continue;
                }
                let accessed = mine
                    .iter()
                    .filter(|(_, (n, _))| n == name)
                    .any(|(record, _)| !elements(statements, record, &c, traced).is_empty());
                if accessed {
                    return Err(format!(
                        "{name} has no {kind} of `{array}` in the model, and the run {kind}s it"
                    ));
                }
            }
        }
    }

    // Flow and live-in, replaying the instances in order: an instance
    // reads (the elements it imports) before it writes.
    let mut writer: BTreeMap<(String, Vec<i64>), Instance> = BTreeMap::new();
    let mut flow = BTreeSet::new();
    let mut sources: BTreeMap<Instance, BTreeSet<Instance>> = BTreeMap::new();
    let mut live_in = BTreeSet::new();
    for (record, instance) in mine {
        for array in arrays.keys() {
            let c = c_name(names, array);
            for element in elements(statements, record, &c, RegionKind::In) {
                match writer.get(&(array.clone(), element.clone())) {
                    Some(source) => {
                        flow.insert(format!(
                            "{} -> {}",
                            instance_text(source),
                            instance_text(instance)
                        ));
                        sources
                            .entry(instance.clone())
                            .or_default()
                            .insert(source.clone());
                    }
                    None => {
                        live_in.insert(format!(
                            "{} -> {}",
                            instance_text(instance),
                            element_text(array, &element)
                        ));
                    }
                }
            }
        }
        for array in arrays.keys() {
            let c = c_name(names, array);
            for element in elements(statements, record, &c, RegionKind::Write) {
                writer.insert((array.clone(), element), instance.clone());
            }
        }
    }
    let dependences = &scop["dependences"];
    let model_flow = at_run(dependences["flow"].as_str().unwrap_or_default())?;
    let run_flow = traced_map(&flow)?;
    agree(
        "the flow dependences",
        &model_flow,
        &run_flow,
        !scalars && !any_dynamic,
    )?;
    let within = format!(
        "{{ {} }}",
        arrays
            .iter()
            .map(|(a, dims)| format!(
                "{a}[{}]",
                (0..*dims)
                    .map(|d| format!("x{d}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
            .collect::<Vec<_>>()
            .join("; ")
    );
    let arrays_only = || UnionSet::read_from_str(&ctx, &within).map_err(|_| "isl".to_string());
    let model_live_in = at_run(dependences["live_in"].as_str().unwrap_or_default())?
        .intersect_range(arrays_only()?)
        .map_err(|_| "isl intersect".to_string())?;
    agree(
        "the live-in reads",
        &model_live_in,
        &traced_map(&live_in)?,
        !any_dynamic,
    )?;
    // What the execution leaves in memory: each element's last writer.
    let live_out: BTreeSet<String> = writer
        .iter()
        .filter(|((array, _), _)| !killed.contains(array))
        .map(|((array, element), instance)| {
            format!(
                "{} -> {}",
                instance_text(instance),
                element_text(array, element)
            )
        })
        .collect();
    let model_live_out = at_run(dependences["live_out"].as_str().unwrap_or_default())?
        .domain_factor_domain()
        .and_then(|m| m.intersect_range(UnionSet::read_from_str(&ctx, &within)?))
        .map_err(|_| "isl live-out".to_string())?;
    agree(
        "the live-out writes",
        &model_live_out,
        &traced_map(&live_out)?,
        !any_dynamic,
    )?;
    // Live-range reordering (the paper's §3.3), on the same accesses in
    // the run's order (an instance reads before it writes).
    if !any_dynamic {
        let (order, forced) = reordering_pairs(statements, names, &arrays, &killed, mine);
        let untagged = |text: &str| {
            at_run(text)?
                .domain_factor_domain()
                .and_then(UnionMap::range_factor_domain)
                .map_err(|_| format!("isl cannot untag {text}"))
        };
        agree(
            "the order dependences",
            &untagged(dependences["order"].as_str().unwrap_or_default())?,
            &traced_map(&order)?,
            !scalars,
        )?;
        agree(
            "the forced dependences",
            &at_run(dependences["forced"].as_str().unwrap_or_default())?,
            &traced_map(&forced)?,
            !scalars,
        )?;
    }
    // The schedule with live-range reordering computes what the run
    // computed: replayed in its order, every read of an array element
    // reads the write it read in the run (or a value from before the
    // part), and every element ends with the same write's value.
    if !any_dynamic && let Some(map) = scop["reordered"]["map"].as_str() {
        let dates = at_run(map)?;
        let mut order: Vec<(Vec<i128>, usize)> = Vec::new();
        for (k, (_, instance)) in mine.iter().enumerate() {
            order.push((date(&ctx, &dates, instance)?, k));
        }
        order.sort();
        let replay = |order: &mut dyn Iterator<Item = usize>| {
            let mut sources: BTreeMap<(usize, String, Vec<i64>), Option<usize>> = BTreeMap::new();
            let mut last: BTreeMap<(String, Vec<i64>), usize> = BTreeMap::new();
            for k in order {
                let record = mine[k].0;
                for array in arrays.keys() {
                    let c = c_name(names, array);
                    for element in elements(statements, record, &c, RegionKind::Read) {
                        let source = last.get(&(array.clone(), element.clone())).copied();
                        sources.insert((k, array.clone(), element), source);
                    }
                }
                for array in arrays.keys() {
                    let c = c_name(names, array);
                    for element in elements(statements, record, &c, RegionKind::Write) {
                        last.insert((array.clone(), element), k);
                    }
                }
            }
            last.retain(|(array, _), _| !killed.contains(array));
            (sources, last)
        };
        let (run_sources, run_last) = replay(&mut (0..mine.len()));
        let (new_sources, new_last) = replay(&mut order.iter().map(|(_, k)| *k));
        let shown = |k: Option<usize>| {
            k.map_or("before the part".to_string(), |k| instance_text(&mine[k].1))
        };
        for ((k, array, element), source) in &run_sources {
            let moved = new_sources
                .get(&(*k, array.clone(), element.clone()))
                .copied()
                .flatten();
            if moved != *source {
                return Err(format!(
                    "the reordered schedule {map}: {} reads {} from {} instead of {}",
                    instance_text(&mine[*k].1),
                    element_text(array, element),
                    shown(moved),
                    shown(*source)
                ));
            }
        }
        if run_last != new_last {
            return Err(format!(
                "the reordered schedule {map} leaves other values in memory"
            ));
        }
    }
    // The instances the run needed: the last writers, and the sources of
    // what needed instances read.
    let mut needed: BTreeSet<Instance> = writer
        .iter()
        .filter(|((array, _), _)| !killed.contains(array))
        .map(|(_, instance)| instance.clone())
        .collect();
    let mut work: Vec<Instance> = needed.iter().cloned().collect();
    while let Some(instance) = work.pop() {
        for source in sources.get(&instance).into_iter().flatten() {
            if needed.insert(source.clone()) {
                work.push(source.clone());
            }
        }
    }
    let dead = scop["dead"].as_str().unwrap_or_default();
    let model_dead = UnionSet::read_from_str(&ctx, dead)
        .and_then(|d| d.intersect_params(Set::read_from_str(&ctx, &fixing)?))
        .and_then(UnionSet::project_out_all_params)
        .map_err(|_| format!("isl cannot read {dead}"))?;
    let run_needed = UnionSet::read_from_str(
        &ctx,
        &format!(
            "{{ {} }}",
            needed
                .iter()
                .map(instance_text)
                .collect::<Vec<_>>()
                .join("; ")
        ),
    )
    .map_err(|_| "isl cannot read the needed instances".to_string())?;
    let overlap = model_dead
        .intersect(run_needed)
        .map_err(|_| "isl intersect".to_string())?;
    if overlap.is_empty().unwrap_or(false) {
        Ok(())
    } else {
        Err(format!(
            "instances the model calls dead ({dead}) were needed: {}",
            overlap.to_str().unwrap_or("?")
        ))
    }
}

/// The date `dates` (a schedule map, its parameters fixed) gives an
/// instance.
fn date(ctx: &Context, dates: &UnionMap, instance: &Instance) -> Result<Vec<i128>, String> {
    let text = format!("{{ {} }}", instance_text(instance));
    let point = UnionSet::read_from_str(ctx, &text)
        .and_then(|i| i.apply(dates.copy()?))
        .and_then(UnionSet::sample_point)
        .map_err(|_| format!("the reordered schedule dates no {text}"))?;
    let dims = point
        .get_space()
        .and_then(|s| s.dim(isl_rs::DimType::Set))
        .map_err(|_| format!("the date of {text} has no space"))?;
    (0..dims as i32)
        .map(|d| {
            point
                .get_coordinate_val(isl_rs::DimType::Set, d)
                .ok()
                .and_then(|v| v.to_str().ok().and_then(|t| t.parse().ok()))
                .ok_or_else(|| format!("the date of {text} is not an integer point"))
        })
        .collect()
}

/// The order and forced dependences of a run, as isl pairs of instances:
/// a write after every earlier read of its element and every earlier write
/// of it that no read read (order); a write after every earlier live-in
/// read of its element, and every write before the last write of its
/// element when the array outlives the part (forced: one read has one
/// source in a run, so no pair of sources).
fn reordering_pairs(
    statements: &[RegionStatement],
    names: &Value,
    arrays: &BTreeMap<String, usize>,
    killed: &BTreeSet<String>,
    mine: &[Execution],
) -> (BTreeSet<String>, BTreeSet<String>) {
    struct Event<'i> {
        instance: &'i Instance,
        write: bool,
        /// A write whose value some later read reads; a read that no
        /// earlier write of the run reaches.
        matched_or_live_in: bool,
    }
    let mut history: BTreeMap<(String, Vec<i64>), Vec<Event>> = BTreeMap::new();
    for (record, instance) in mine {
        for (kind, write) in [(RegionKind::Read, false), (RegionKind::Write, true)] {
            for array in arrays.keys() {
                let touched: BTreeSet<Vec<i64>> =
                    elements(statements, record, &c_name(names, array), kind)
                        .into_iter()
                        .collect();
                for element in touched {
                    let events = history.entry((array.clone(), element)).or_default();
                    let last_write = events.iter().rposition(|e| e.write);
                    if !write && let Some(w) = last_write {
                        events[w].matched_or_live_in = true;
                    }
                    events.push(Event {
                        instance,
                        write,
                        matched_or_live_in: !write && last_write.is_none(),
                    });
                }
            }
        }
    }
    let pair = |a: &Instance, b: &Instance| format!("{} -> {}", instance_text(a), instance_text(b));
    let (mut order, mut forced) = (BTreeSet::new(), BTreeSet::new());
    for ((array, _), events) in &history {
        for (k, sink) in events.iter().enumerate().filter(|(_, e)| e.write) {
            for source in events[..k].iter().filter(|e| e.instance != sink.instance) {
                if !source.write || !source.matched_or_live_in {
                    order.insert(pair(source.instance, sink.instance));
                }
                if !source.write && source.matched_or_live_in {
                    forced.insert(pair(source.instance, sink.instance));
                }
            }
        }
        let last = events.iter().rposition(|e| e.write);
        if let Some(last) = last.filter(|_| !killed.contains(array)) {
            for source in events[..last]
                .iter()
                .filter(|e| e.write && e.instance != events[last].instance)
            {
                forced.insert(pair(source.instance, events[last].instance));
            }
        }
    }
    (order, forced)
}

/// The elements of array `c` (its C name) an instance read or wrote.
fn elements(
    statements: &[RegionStatement],
    record: &region_trace::InstanceRecord,
    c: &str,
    kind: RegionKind,
) -> Vec<Vec<i64>> {
    let entities = statements[record.site].entities();
    entities
        .iter()
        .enumerate()
        .filter(|(_, e)| e.path == c)
        .flat_map(|(k, _)| record.sets[k].definite(kind).iter().cloned())
        .collect()
}
