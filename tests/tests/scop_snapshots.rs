//! `ferry scop` as insta snapshots (`tests/tests/snapshots/scop_snapshots__*.snap`):
//! the polyhedral model of a function's static control parts (domains,
//! schedules, accesses with their ids and kinds) and the dependences isl
//! computes from it. `shapes` holds one of each construct the model reads
//! (a triangle, a step of 2, a loop counting down, an affine `if`, a
//! scalar accumulated) and a data-dependent subscript, an access to any
//! element along its dimension; `calls` keeps a call of a pure function of the program
//! and is cut at calls of functions that touch memory and have no
//! summary; `summaries` takes calls of static-affine functions whole,
//! `while_loops` loops of dynamic control, `jumps` loops left by
//! `continue` and `break` (unstructured parts), `pencil_access` a call
//! summarised by a summary function, `pencil_independent` PENCIL's
//! Listing 10 (a subscript on data in a loop declared independent),
//! `within_conditions` Listing 3 (the dataflow inside a condition on
//! data), `structures` Listing 5's fields as wrapped spaces; `dynamic`
//! keeps
//! statements under conditions on data as may-writes; `gemm`, `jacobi_2d`
//! and `nussinov` are kernels of the suite (a reduction over k into C, a
//! time loop of two sweeps, a triangular recurrence through calls of pure
//! functions); `dead` has dead statement instances (a whole statement, and
//! one whose instances off a hyperplane are); `kills` has a scalar and an
//! array declared in a loop's body, killed at its end; `assume` and
//! `pencil_kill` PENCIL's `__pencil_assume` and `__pencil_kill`; `undefined`
//! the context C's rules on subscripts narrow. The models are
//! checked against executions by `scop_trace`.

use ferry_tests::run_ferry;

fn scop(path: &str, function: &str) -> String {
    let output = run_ferry(["scop", path, "--function", function]);
    assert!(
        output.status.success(),
        "ferry scop {path} failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

/// The first line of a report that starts with `key` (indentation
/// aside), or nothing.
fn line(text: &str, key: &str) -> String {
    text.lines()
        .find(|l| l.trim_start().starts_with(key))
        .unwrap_or_default()
        .to_string()
}

#[test]
fn shapes() {
    insta::assert_snapshot!(scop("tests/c/scop/shapes.c", "shapes"));
}

#[test]
fn calls() {
    insta::assert_snapshot!(scop("tests/c/scop/calls.c", "calls"));
}

/// Function summaries (PENCIL's §3.6): each call of a function whose
/// body is static-affine is one statement with the callee's accesses at
/// the call — whole arrays, a loop index as argument, a row, an element's
/// address, a global the callee reads, Listing 8's odd elements as
/// may-writes — and a call passing one array twice cuts the part.
#[test]
fn summaries() {
    insta::assert_snapshot!(scop("tests/c/scop/summaries.c", "summaries"));
}

/// Loops of dynamic control (PENCIL's §3.2): a `while` (Listing 1), a
/// do-while and a `for` that is not counted, each one statement of the
/// part around it, with may-writes; their bodies' own SCoPs after it.
#[test]
fn while_loops() {
    insta::assert_snapshot!(scop("tests/c/scop/while_loops.c", "while_loops"));
}

/// Loops left by `continue` (Listing 2) and `break`: each an unstructured
/// part taken as one statement over the enclosing loop, its accesses
/// bounded by the stores before its statements (the stepped `j` no
/// parameter), its writes may-writes.
#[test]
fn jumps() {
    insta::assert_snapshot!(scop("tests/c/scop/jumps.c", "jumps"));
}

/// A summary function (PENCIL's §3.7, Listing 9): the call of `set_odd`,
/// whose own body is no SCoP, is a statement with the exact writes of
/// `set_odd_summary`, and the odd elements written before it are dead.
#[test]
fn pencil_access() {
    insta::assert_snapshot!(scop("tests/c/scop/pencil_access.c", "spread"));
}

/// `#pragma pencil independent` (PENCIL's §3.9, Listing 10): the
/// subscript on data makes B's write a may-write of the whole row, and
/// the pragma takes the dependences between iterations of the j loop
/// away, so that j is coincident; without it, the output dependences
/// between them stay and j is not.
#[test]
fn pencil_independent() {
    let file = "tests/c/scop/pencil_independent.c";
    let declared = scop(file, "foo");
    let plain = scop(file, "scatter");
    assert!(declared.contains("  independent  "), "{declared}");
    assert!(line(&declared, "output").ends_with("{  }"), "{declared}");
    assert!(
        line(&declared, "coincident").contains("[ 1, 1 ]"),
        "{declared}"
    );
    assert!(!line(&plain, "output").ends_with("{  }"), "{plain}");
    assert!(line(&plain, "coincident").contains("[ 1, 0 ]"), "{plain}");
    insta::assert_snapshot!(declared);
}

/// Dataflow inside a condition on data (PENCIL's Listing 3): a read
/// takes the value a statement before it under the same branch surely
/// wrote in the same instance, not one from earlier iterations or from
/// before the part, though both statements are may-writes to the rest;
/// and nothing flows between the two branches of one `if` in the same
/// instance of it.
#[test]
fn within_conditions() {
    let text = scop("tests/c/scop/within_conditions.c", "within");
    let line = |key: &str| line(&text, key);
    assert!(
        line("flow").contains("S1[i] -> S2[i' = i] : 0 <= i < n"),
        "{text}"
    );
    assert!(!line("flow").contains("-> S2[i'] :"), "{text}");
    assert!(!line("live-in").contains("S2[i] -> t[]"), "{text}");
    assert!(!line("live-in").contains("S5[i_1] -> tmp"), "{text}");
    assert!(
        line("live-in").contains("S6[i_1] -> tmp[o0 = i_1]"),
        "{text}"
    );
    // The two branches of one `if` never run in the same iteration: the
    // else branch (S6) takes nothing from the then branch (S3, S4), nor
    // does its write of C[i] follow S5's.
    assert!(!line("flow").contains("-> S6["), "{text}");
    assert!(!line("output").contains("S5[i_1] -> S6"), "{text}");
    insta::assert_snapshot!(text);
}

/// A call under a condition on data writes its summary's must-writes
/// whenever it runs: the read of tmp[i] after it in the same branch takes
/// the call's value and is no live-in (it was while the call's writes
/// were plain may-writes).
#[test]
fn within_conditions_calls() {
    let text = scop("tests/c/scop/within_conditions.c", "within_calls");
    let line = |key: &str| line(&text, key);
    assert!(
        line("flow").contains("S0[i] -> S1[i' = i] : 0 <= i < n"),
        "{text}"
    );
    assert!(!line("live-in").contains("-> tmp"), "{text}");
    insta::assert_snapshot!(text);
}

/// Structure fields (PENCIL's §3.3, Listing 5's S and T): each access to
/// a member is to the wrapped space of its field access, the writes of
/// `a.b` and `a.a` those the report collects; a nested field's is inside
/// the outer one's.
#[test]
fn structures() {
    let text = scop("tests/c/scop/structures.c", "structures");
    let ctx = isl_rs::Context::alloc();
    let writes = |statement: &str| {
        let relation = text
            .lines()
            .skip_while(|l| !l.trim_start().starts_with(&format!("{statement} at")))
            .find_map(|l| {
                l.trim()
                    .strip_prefix("W")
                    .and_then(|l| l.split_once("must-write"))
            })
            .map(|(_, relation)| relation.trim().to_string())
            .unwrap_or_else(|| panic!("{statement} writes: {text}"));
        isl_rs::UnionMap::read_from_str(&ctx, &relation).expect("isl reads the write")
    };
    let expected = |relation: &str| {
        isl_rs::UnionMap::read_from_str(&ctx, relation).expect("isl reads the expected write")
    };
    for (statement, relation) in [
        ("S0", "{ S0[] -> a_b[a[] -> b[]] }"),
        ("S1", "{ S1[] -> a_a[a[] -> a[]] }"),
        ("S2", "{ S2[] -> v_pos_x[v_pos[v[] -> pos[]] -> x[]] }"),
    ] {
        assert!(
            writes(statement)
                .is_equal(&expected(relation))
                .unwrap_or(false),
            "{statement}: {text}"
        );
    }
    insta::assert_snapshot!(text);
}

/// Arrays of structures and structures of arrays (§3.3, Listings 4 and
/// 5): the reads and writes of Listing 5 are, under isl, those the report
/// collects in its relations (1) and (2), the whole structure assigned in
/// U read and written member by member; Listing 4's write is pet's
/// nested wrapped space.
#[test]
fn struct_arrays() {
    let ctx = isl_rs::Context::alloc();
    let collected = |text: &str, kind: &str| {
        let mut all = isl_rs::UnionMap::read_from_str(&ctx, "{ }").expect("isl reads it");
        for relation in text.lines().filter_map(|l| {
            let l = l.trim();
            let (id, rest) = l.split_once(' ')?;
            let is_access = id.len() > 1 && id[1..].chars().all(|c| c.is_ascii_digit());
            rest.trim().strip_prefix(kind).filter(|_| is_access)
        }) {
            let map = isl_rs::UnionMap::read_from_str(&ctx, relation.trim()).expect("isl reads it");
            all = all.union(map).expect("isl unites them");
        }
        all
    };
    let equal = |found: isl_rs::UnionMap, expected: &str, text: &str| {
        let relation = isl_rs::UnionMap::read_from_str(&ctx, expected).expect("isl reads it");
        assert!(
            found.is_equal(&relation).expect("isl compares them"),
            "{expected}: {text}"
        );
    };
    let listing4 = scop("tests/c/scop/struct_arrays.c", "listing4");
    equal(
        collected(&listing4, "must-write"),
        "{ S0[i, j] -> s_f_a[s_f[s[] -> f[i]] -> a[j]] : 0 <= i < 10 and 0 <= j < 10 }",
        &listing4,
    );
    let listing5 = scop("tests/c/scop/struct_arrays.c", "listing5");
    equal(
        collected(&listing5, "read"),
        "{ S2[i] -> a_b[a[] -> b[]] : 0 <= i < 10; S2[i] -> a_a[a[] -> a[]] : 0 <= i < 10 }",
        &listing5,
    );
    equal(
        collected(&listing5, "must-write"),
        "{ S0[] -> a_b[a[] -> b[]]; S1[] -> a_a[a[] -> a[]]; \
           S2[i] -> b_a[b[i] -> a[]] : 0 <= i < 10; S2[i] -> b_b[b[i] -> b[]] : 0 <= i < 10 }",
        &listing5,
    );
    let particles = scop("tests/c/scop/struct_arrays.c", "particles");
    insta::assert_snapshot!([listing4, listing5, particles].concat());
}

#[test]
fn dynamic() {
    insta::assert_snapshot!(scop("tests/c/scop/dynamic.c", "dynamic"));
}

#[test]
fn dead() {
    insta::assert_snapshot!(scop("tests/c/scop/dead.c", "dead"));
}

/// Liveness is per element: the call's last instance writes elements no
/// statement after it overwrites, so it is live-out and needed, though
/// the statement after it overwrites one of them.
#[test]
fn dead_partly() {
    let text = scop("tests/c/scop/dead_partly.c", "refill");
    assert!(
        text.contains("[S0[i = -1 + m] -> W0[]] -> a[o0] : m > 0 and 0 < o0 < n"),
        "{text}"
    );
    insta::assert_snapshot!(text);
}

#[test]
fn kills() {
    insta::assert_snapshot!(scop("tests/c/scop/kills.c", "kills"));
}

/// PENCIL's `__pencil_assume` (§3.5, Listing 7): `m > n` at the top and
/// `i + m < size` in the loop make the context (the loop's assumption for
/// every i it runs); under it D[i] = D[i + m] has no flow nor anti
/// dependence. A condition on data (`D[i] >= 0`) is left out.
#[test]
fn assume() {
    let text = scop("tests/c/scop/assume.c", "assume");
    let context = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("context"))
        .expect("the context is shown")
        .trim()
        .to_owned();
    let ctx = isl_rs::Context::alloc();
    let context = isl_rs::Set::read_from_str(&ctx, &context).expect("isl reads the context");
    let expected = isl_rs::Set::read_from_str(
        &ctx,
        "[n, m, size] -> { : m > n and (n <= 0 or size >= n + m) }",
    )
    .expect("isl reads the expected context");
    assert!(
        context.is_equal(&expected).expect("isl compares them"),
        "{text}"
    );
    insta::assert_snapshot!(text);
}

/// What C leaves undefined narrows the context (§3.4, Listing 6): a
/// `static` parameter's subscripts are never negative, so D[i] = D[i + m]
/// runs with m >= 0 only and has no flow dependence; over a plain pointer
/// the flow for m < 0 stays and the context says nothing; a global bounds
/// its subscripts on both sides, a row its own.
#[test]
fn undefined() {
    let ctx = isl_rs::Context::alloc();
    let mut texts = Vec::new();
    for (function, expected) in [
        ("listing6", Some("[n, m] -> { : n <= 0 or m >= 0 }")),
        ("pointer", None),
        ("global", Some("[n, m] -> { : n <= 0 or 0 <= m <= 64 - n }")),
        ("rows", Some("[n, m, k] -> { : n <= 0 or k <= 0 or k < m }")),
    ] {
        let text = scop("tests/c/scop/undefined.c", function);
        let context = text
            .lines()
            .find_map(|l| l.trim().strip_prefix("context"))
            .map(str::trim);
        match (context, expected) {
            (Some(context), Some(expected)) => {
                let context = isl_rs::Set::read_from_str(&ctx, context).expect("isl reads it");
                let expected = isl_rs::Set::read_from_str(&ctx, expected).expect("isl reads it");
                assert!(
                    context.is_equal(&expected).expect("isl compares them"),
                    "{function}: {text}"
                );
            }
            (None, None) => {}
            _ => panic!("{function}: context {context:?}, expected {expected:?}: {text}"),
        }
        let flow = text
            .lines()
            .find_map(|l| l.trim().strip_prefix("flow (exact)"))
            .map(str::trim);
        let no_flow = flow.is_some_and(|f| f.ends_with("{  }"));
        assert_eq!(no_flow, function != "pointer", "{function}: {text}");
        texts.push(text);
    }
    insta::assert_snapshot!(texts.concat());
}

/// PENCIL's `__pencil_kill` (§3.8): `tmp` is dead after the call, so the
/// third sweep's writes into it are not live-out and its instances are
/// dead; b's stay live-out.
#[test]
fn pencil_kill() {
    let text = scop("tests/c/scop/pencil_kill.c", "pencil_kill");
    assert!(text.contains("`__pencil_kill` of `tmp`"), "{text}");
    insta::assert_snapshot!(text);
}

/// The live-range reordering paper's motivation: a scalar that dies in
/// each iteration leaves the loop coincident; one whose last value is
/// live-out does not.
#[test]
fn scalar_reuse() {
    insta::assert_snapshot!(scop("tests/c/scop/scalar_reuse.c", "scalar_reuse"));
}

#[test]
fn scalar_live_out() {
    insta::assert_snapshot!(scop("tests/c/scop/scalar_live_out.c", "scalar_live_out"));
}

#[test]
fn nussinov() {
    insta::assert_snapshot!(scop("tests/c/kernels/nussinov.c", "nussinov"));
}

#[test]
fn gemm() {
    insta::assert_snapshot!(scop("tests/c/kernels/gemm.c", "gemm"));
}

#[test]
fn jacobi_2d() {
    insta::assert_snapshot!(scop("tests/c/kernels/jacobi_2d.c", "jacobi_2d"));
}

/// A call whose summary cannot be placed is no statement of a SCoP: a
/// callee that would run past the row it is given, rows shorter in the
/// callee than in the caller, one array passed twice, a recursive callee.
/// The same call inside the row is one.
#[test]
fn summaries_refused() {
    let file = "tests/c/scop/summaries_refused.c";
    let fits = scop(file, "fits");
    assert!(
        fits.contains("S0 at") && fits.contains("smooth_row(n, A[i])"),
        "{fits}"
    );
    for function in ["overrun", "short_rows", "aliased", "recursive"] {
        let out = scop(file, function);
        assert!(
            out.starts_with("no static control part"),
            "{function}: {out}"
        );
    }
}

/// A function without a SCoP says so; an unknown function is an error.
#[test]
fn no_scop_and_unknown_function() {
    let out = scop("tests/c/scop/calls.c", "bump");
    assert!(out.starts_with("no static control part"), "{out}");
    let output = run_ferry(["scop", "tests/c/scop/calls.c", "--function", "nothere"]);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("no function `nothere`"), "{stderr}");
}

/// A `do { ... } while (0)` from a macro is no loop: the only SCoP is the
/// one around the do-while that repeats.
#[test]
fn a_do_while_zero_is_no_loop() {
    let out = scop("tests/c/scop/macro_once.c", "once");
    assert_eq!(out.matches("scop in once").count(), 1, "{out}");
    assert!(
        out.starts_with("tests/c/scop/macro_once.c:10:5: scop in once"),
        "{out}"
    );
    assert!(!out.contains("macro_once.c:8:"), "{out}");
}
