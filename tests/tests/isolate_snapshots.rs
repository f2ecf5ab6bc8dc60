//! `ferry isolate` on the paper's listings, as insta snapshots
//! (`tests/tests/snapshots/isolate_snapshots__*.snap`), each also built and
//! run against the original with poisoned device buffers, and its
//! transferred bytes checked against the values computed by hand below.
//!
//! - `listing_1_3`: Listing 1.3, the while loop of Listing 1.2 isolated;
//! - `fir_unshared`: Listings 1.4 and 1.5 (and the naive scheme of 1.7),
//!   the FIR's call to `kernel` isolated with `--no-optimize-transfers`,
//!   `kernel` cloned with one offset parameter per isolated array;
//! - `fir`: Listing 1.8, the same with the transfers shared between the
//!   loop's iterations (the default): buffers around the loop, the first
//!   iteration loads 2k elements, each later one a single element;
//! - `fir_function_moves_to_the_call`: `--function kernel` on the same
//!   program gives the same text (section 4.1: kernel's transfers move to
//!   its call site);
//! - `listing_1_6`: Listing 1.6, redundant transfer elimination on the
//!   paper's `memload` / `memstore` (`--transfers-only`): out of the while
//!   loop, out of `bar`, and the load between the two calls gone. Its
//!   execution, with a caller, is `tests/c/isolate/dma_listing_1_6.c`;
//! - `fir_cascade`: `--function kernel` on two FIR filters in a cascade:
//!   kernel's transfers move through fir, which is only a loop around
//!   kernel's calls, to fir's two calls in main (`lift`);
//! - `shared_sequence`: two isolated statements of one block sharing the
//!   buffers of `a` and `t` (`share.rs`), with a host read of `t` between
//!   them: `t` stored before it, nothing loaded by the second statement.

use ferry_tests::{c_dir, run_ferry};
use std::path::{Path, PathBuf};
use std::process::Command;

/// `ferry isolate` of a program into a fresh folder; the folder and the
/// transformed file's text.
fn isolate(name: &str, selection: &[&str]) -> (PathBuf, String) {
    let source = c_dir().join("isolate_snapshots").join(format!("{name}.c"));
    // Tests run in parallel: one folder per program and options.
    let out = std::env::temp_dir().join(format!(
        "ferry-isolate-snap-{name}{}-{}",
        selection.join("").replace('-', "_"),
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&out);
    let mut args = vec!["isolate".to_string(), source.display().to_string()];
    args.extend(selection.iter().map(|s| s.to_string()));
    args.extend(["-o".to_string(), out.display().to_string()]);
    let output = run_ferry(&args);
    assert!(
        output.status.success(),
        "ferry {} failed:\n{}",
        args.join(" "),
        String::from_utf8_lossy(&output.stderr)
    );
    let text = std::fs::read_to_string(out.join(format!("{name}.c"))).expect("transformed file");
    (out, text)
}

fn cc() -> String {
    std::env::var("CC").unwrap_or_else(|_| "cc".to_string())
}

fn build(sources: &[PathBuf], include: Option<&Path>, exe: &Path) {
    let mut cmd = Command::new(cc());
    cmd.args(["-O1", "-w", "-o"]).arg(exe).args(sources);
    if let Some(dir) = include {
        cmd.arg("-I").arg(dir);
    }
    let status = cmd.arg("-lm").status().expect("cc runs");
    assert!(status.success(), "cc failed on {sources:?}");
}

/// Runs the original and the isolated program with `args`; asserts the
/// same output and returns the isolated run's statistics.
fn run_both(name: &str, out: &Path, args: &[&str]) -> serde_json::Value {
    let source = c_dir().join("isolate_snapshots").join(format!("{name}.c"));
    let original = out.join("original.exe");
    let isolated = out.join("isolated.exe");
    build(&[source], None, &original);
    let transformed: Vec<PathBuf> = ["ferry_rte.c", "ferry_rte_host.c", &format!("{name}.c")]
        .iter()
        .map(|f| out.join(f))
        .collect();
    build(&transformed, Some(out), &isolated);
    let stats = out.join("stats.json");
    let expected = Command::new(&original).args(args).output().expect("runs");
    let got = Command::new(&isolated)
        .args(args)
        .env("FERRY_STATS", &stats)
        .output()
        .expect("runs");
    assert!(expected.status.success() && got.status.success());
    assert_eq!(
        String::from_utf8_lossy(&expected.stdout),
        String::from_utf8_lossy(&got.stdout),
        "{name} {args:?}: the isolated program prints something else"
    );
    serde_json::from_str(&std::fs::read_to_string(&stats).expect("FERRY_STATS file"))
        .expect("FERRY_STATS is JSON")
}

fn bytes(stats: &serde_json::Value) -> (u64, u64) {
    (
        stats["bytes_to_accel"].as_u64().expect("bytes_to_accel"),
        stats["bytes_from_accel"]
            .as_u64()
            .expect("bytes_from_accel"),
    )
}

#[test]
fn listing_1_3() {
    let (out, text) = isolate("listing_1_3", &["--label", "kernel"]);
    insta::assert_snapshot!(text);
    // N = 100: x = 25, y = 0 when the loop starts. a is written at x+y,
    // which grows by 2 per iteration while x <= 33 and x grows by at least
    // 1: a[25..41], 17 ints, a may region, so loaded and stored. randv is
    // read at x-y in [25, 33]: 9 ints in. x, y in and out (8 bytes each
    // way); N, only read, is passed by value.
    assert_eq!(
        bytes(&run_both("listing_1_3", &out, &["100"])),
        (17 * 4 + 9 * 4 + 8, 17 * 4 + 8)
    );
    // N = 7: x = 1, loop while x <= 2: a[1..3] (3 ints), randv[1..2].
    assert_eq!(
        bytes(&run_both("listing_1_3", &out, &["7"])),
        (3 * 4 + 2 * 4 + 8, 3 * 4 + 8)
    );
    // N = 1: x = 0 <= 0: one iteration, a[0], randv[0].
    assert_eq!(
        bytes(&run_both("listing_1_3", &out, &["1"])),
        (4 + 4 + 8, 4 + 8)
    );
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn fir_unshared() {
    let (out, text) = isolate("fir", &["--label", "call", "--no-optimize-transfers"]);
    insta::assert_snapshot!(text);
    // Listing 1.5: the clone takes one offset per isolated array.
    assert!(
        text.contains("long src_off1, long dst_off1, long m_off1)"),
        "the clone of kernel has no offset parameters:\n{text}"
    );
    // Per iteration: src[i..i+k-1] and m[0..k-1] in (2k ints), dst[i] out;
    // n - k + 1 iterations. i, n and k, only read, are passed by value.
    // (PIPS copies them too: 12 bytes an iteration, 1,116 of 7,068 bytes
    // at n = 100, k = 8.)
    for (n, k) in [(100u64, 8u64), (10, 10), (20, 3)] {
        let iterations = n - k + 1;
        let stats = run_both("fir", &out, &[&n.to_string(), &k.to_string()]);
        assert_eq!(
            bytes(&stats),
            (iterations * 2 * k * 4, iterations * 4),
            "n={n} k={k}"
        );
    }
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn fir() {
    let (out, text) = isolate("fir", &["--label", "call"]);
    insta::assert_snapshot!(text);
    // Listing 1.8: the first iteration apart.
    assert!(text.contains("if (i == 0) {"), "{text}");
    // Section 4.3: the first iteration loads src[0..k-1] and m[0..k-1],
    // each later one src[i+k-1]: 2k + (iterations - 1) = n + k ints, i.e.
    // i + 2k elements after iteration i. dst[i] out every iteration; i,
    // n and k are passed by value.
    for (n, k) in [(100u64, 8u64), (10, 10), (20, 3)] {
        let iterations = n - k + 1;
        let stats = run_both("fir", &out, &[&n.to_string(), &k.to_string()]);
        assert_eq!(
            bytes(&stats),
            ((2 * k + iterations - 1) * 4, iterations * 4),
            "n={n} k={k}"
        );
        // One buffer per array, whatever the number of iterations.
        assert_eq!(stats["accel_allocations"], 3, "n={n} k={k}");
    }
    let _ = std::fs::remove_dir_all(&out);
}

/// Section 4.1 before 4.3: `--function kernel` moves kernel's transfers
/// to its only call site, the body of fir's loop, whose iterations then
/// share them: exactly the program `fir` isolates at the call, Listing 1.8
/// (its snapshot, which that test runs).
#[test]
fn fir_function_moves_to_the_call() {
    let (lifted, text) = isolate("fir", &["--function", "kernel"]);
    insta::assert_snapshot!("fir", text);
    let (body, unlifted) = isolate("fir", &["--function", "kernel", "--no-optimize-transfers"]);
    assert!(!unlifted.contains("if (i == 0) {"), "{unlifted}");
    assert!(!unlifted.contains("kernel_accel"), "{unlifted}");
    for out in [lifted, body] {
        let _ = std::fs::remove_dir_all(&out);
    }
}

#[test]
fn fir_cascade() {
    let (out, text) = isolate("fir_cascade", &["--function", "kernel"]);
    insta::assert_snapshot!(text);
    // Every transfer is in main; fir's clone calls kernel's clone.
    let main = &text[text.find("int main(").expect("main")..];
    for call in [
        "ferry_copy_to_accel(",
        "ferry_copy_from_accel(",
        "ferry_alloc(",
    ] {
        assert_eq!(
            text.matches(call).count(),
            main.matches(call).count(),
            "{call} outside main:\n{text}"
        );
    }
    assert!(
        text.contains("kernel_accel(i, n, k, src, dst, m,"),
        "{text}"
    );
    // src[0,n-1] and m[0,k-1] once; out[0,n-2k+1] back; n and k by value.
    for (n, k) in [(10u64, 3u64), (5, 3), (12, 1)] {
        let stats = run_both("fir_cascade", &out, &[&n.to_string(), &k.to_string()]);
        assert_eq!(bytes(&stats), (4 * n + 4 * k, 4 * (n + 2 - 2 * k)));
    }
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn listing_1_6() {
    let (_out, text) = isolate("listing_1_6", &["--transfers-only"]);
    insta::assert_snapshot!(text);
    let body = |name: &str| {
        let start = text
            .find(&format!("void {name}(int"))
            .expect("the function");
        let rest = &text[start..];
        rest[..rest.find("\n}\n").expect("its end")].to_string()
    };
    let (bar, foo) = (body("bar"), body("foo"));
    assert!(
        !bar.contains("memload") && !bar.contains("memstore"),
        "{bar}"
    );
    assert_eq!(
        foo.matches("memload(k, j, sizeof(int) * 2);").count(),
        1,
        "{foo}"
    );
    assert_eq!(
        foo.matches("memstore(j, k, sizeof(int) * 2);").count(),
        2,
        "{foo}"
    );
    // The load first, then a store after each call of bar.
    let order: Vec<usize> = ["memload", "bar(0", "memstore", "bar(1", "memstore"]
        .iter()
        .scan(0, |from, needle| {
            let at = *from + foo[*from..].find(needle)?;
            *from = at + 1;
            Some(at)
        })
        .collect();
    assert_eq!(order.len(), 5, "{foo}");
}

#[test]
fn shared_sequence() {
    let (out, text) = isolate("shared_sequence", &["--pragma"]);
    insta::assert_snapshot!(text);
    // One buffer per array, one load (a, by the first statement), t stored
    // once (before the printf), b once.
    assert_eq!(text.matches("ferry_alloc(").count(), 3, "{text}");
    assert_eq!(text.matches("ferry_copy_to_accel(").count(), 1, "{text}");
    assert_eq!(text.matches("ferry_copy_from_accel(").count(), 2, "{text}");
    assert_eq!(text.matches("ferry_free(").count(), 3, "{text}");
    // a[0..n-1] in (n is passed by value); t[0..n-1] and b[1..n-1] out
    // (floats). Each on its own, the second statement would load a and t
    // again.
    for n in [10u64, 1, 64] {
        let stats = run_both("shared_sequence", &out, &[&n.to_string()]);
        assert_eq!(bytes(&stats), (4 * n, 4 * n + 4 * (n - 1)), "n={n}");
    }
    let _ = std::fs::remove_dir_all(&out);
}

/// Two statements of a time loop's body share a and b across the steps:
/// the buffers around the loop, a loaded in the first step and stored
/// after the last one, b never moved (dead after the loop).
#[test]
fn shared_loop() {
    let (out, text) = isolate("shared_loop", &["--pragma"]);
    insta::assert_snapshot!(text);
    assert_eq!(text.matches("ferry_alloc(").count(), 2, "{text}");
    assert_eq!(text.matches("ferry_copy_to_accel(").count(), 1, "{text}");
    assert_eq!(text.matches("ferry_copy_from_accel(").count(), 1, "{text}");
    assert_eq!(text.matches("ferry_free(").count(), 2, "{text}");
    // a[0..n-1] in, once; a[1..n-2] out, once (floats); n is passed by
    // value. No step, no copy.
    for (n, steps) in [(10u64, 3u64), (10, 0), (64, 5), (3, 2)] {
        let args = [n.to_string(), steps.to_string()];
        let stats = run_both("shared_loop", &out, &[&args[0], &args[1]]);
        let want = if steps == 0 {
            (0, 0)
        } else {
            (4 * n, 4 * (n - 2))
        };
        assert_eq!(bytes(&stats), want, "n={n}, steps={steps}");
    }
    let _ = std::fs::remove_dir_all(&out);
}
