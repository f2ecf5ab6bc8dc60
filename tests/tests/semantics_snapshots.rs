//! `ferry semantics` on small programs, as insta snapshots
//! (`tests/tests/snapshots/semantics_snapshots__*.snap`): the code annotated
//! with transformers (`T(modified) {...}`, `x#init` for a value before the
//! statement) and preconditions (`P(vars) {...}`), PIPS style.
//!
//! `listing_1_2` is the paper's while loop: the precondition of its body,
//! `{0<=y, 1<=N, 3x<=N, 4y+N<=4x+3}`, is what bounds the WRITE region of
//! `a[x+y]` between (N-3)/4 and (5N+9)/12. Every other program shows one
//! feature: counted loops, calls and summaries, C division, unsigned wrap,
//! unstructured control, pointers. `effects` shows `ferry effects`.

use ferry_tests::run_ferry;

fn semantics(name: &str) -> String {
    ferry("semantics", name)
}

fn ferry(command: &str, name: &str) -> String {
    let path = format!("tests/c/semantics_snapshots/{name}.c");
    let output = run_ferry([command, path.as_str()]);
    assert!(
        output.status.success(),
        "ferry {command} {path} failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

macro_rules! snapshot_tests {
    ($($name:ident),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                insta::assert_snapshot!(semantics(stringify!($name)));
            }
        )*
    };
}

snapshot_tests!(
    listing_1_1,
    listing_1_2,
    counted_loops,
    interprocedural,
    division,
    unsigned_wrap,
    unstructured,
    pointers,
);

/// The first precondition printed after the lines containing each of
/// `markers`, in turn: the one of the statement that follows them.
fn precondition_after<'a>(out: &'a str, markers: &[&str]) -> &'a str {
    let mut lines = out.lines();
    for marker in markers {
        lines
            .by_ref()
            .find(|l| l.contains(marker))
            .unwrap_or_else(|| panic!("no line containing {marker:?}"));
    }
    lines
        .find(|l| l.contains("// P("))
        .expect("a precondition after the markers")
}

/// `__pencil_assume(m > n)` is a guard: the loop after it runs under
/// `n+1<=m`; the same loop in `shift_unassumed`, without it, does not.
#[test]
fn an_assumption_holds_after_it() {
    let out = ferry("semantics", "assume");
    let assumed = precondition_after(&out, &["shift(int n", "__pencil_assume(m > n);"]);
    assert!(assumed.contains("n+1<=m"), "{assumed}");
    let unassumed = precondition_after(&out, &["shift_unassumed(int n", "{"]);
    assert!(!unassumed.contains("n+1<=m"), "{unassumed}");
}

/// The loop body's precondition in Listing 1.2 is the invariant the
/// paper's WRITE region of `a` needs (checked apart from the snapshot so
/// that a snapshot update cannot lose it unnoticed).
#[test]
fn listing_1_2_loop_invariant_bounds_the_write_region() {
    let out = semantics("listing_1_2");
    let line = precondition_after(&out, &["while (x <= N / 3)"]);
    for constraint in ["0<=y", "1<=N", "3x<=N", "4y+N<=4x+3"] {
        assert!(line.contains(constraint), "{constraint} missing in {line}");
    }
}

/// A loop bounded by a `short` keeps its test in the body's precondition
/// (`i+1<=n`): its upper bound `n - 1` is computed as an `int`, as C
/// compares. Computed as a `short`, it wrapped at n = -32768 and the hull
/// gave `i<=n+32768`.
#[test]
fn a_narrow_bound_keeps_the_loop_test() {
    let out = semantics("counted_loops");
    let line = precondition_after(&out, &["void short_bound(", "for (int i = 0; i < n; i++)"]);
    assert!(line.contains("i+1<=n"), "{line}");
}

/// `ferry effects`: what each statement may read and write, through
/// pointers included.
#[test]
fn effects() {
    insta::assert_snapshot!(ferry("effects", "effects"));
}

/// Every program of the round-trip suite (gotos into labels named like
/// typedefs, computed gotos, switches, statement expressions, inline
/// assembly...) goes through `ferry semantics`, `ferry effects` and `ferry
/// regions` with exit status 0 and no message: lowering once hit an `unreachable!` on a
/// function body with a `goto` (`tests/c/goto_labels.c`).
#[test]
fn every_round_trip_program_is_analysed() {
    let programs = ferry_tests::c_files_in(&ferry_tests::c_dir());
    let failures: Vec<String> = ferry_tests::for_each_parallel(&programs, |program| {
        let source = std::fs::read_to_string(program).map_err(|e| e.to_string())?;
        for command in ["semantics", "effects", "regions"] {
            let mut args = vec![command.to_owned(), program.display().to_string()];
            args.extend(ferry_tests::cflags_of(&source));
            let output = run_ferry(&args);
            let stderr = String::from_utf8_lossy(&output.stderr);
            if !output.status.success() || !stderr.is_empty() || output.stdout.is_empty() {
                return Err(format!(
                    "`ferry {}` exited with {}:\n{stderr}",
                    args.join(" "),
                    output.status
                ));
            }
        }
        Ok(())
    })
    .into_iter()
    .filter_map(Result::err)
    .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
