//! `ferry regions` on small programs, as insta snapshots
//! (`tests/tests/snapshots/regions_snapshots__*.snap`): the code annotated
//! with READ, WRITE, IN and OUT regions, PIPS style
//! (`//  <a[PHI1]-W-EXACT-{PHI1==i}>`), each function headed by its summary
//! regions.
//!
//! `listing_1_1` and `listing_1_2` are the paper's Listings 1.1 and 1.2;
//! the regions the paper shows are also asserted one by one below, so that
//! a snapshot update cannot lose them unnoticed. The other programs show
//! the paper's two examples of section 2, loops (triangular, strided,
//! 3-D, modulo, with a break) and calls (offsets, rows, reshaping, struct
//! fields).

use ferry_tests::run_ferry;

fn regions(name: &str) -> String {
    let path = format!("tests/c/regions_snapshots/{name}.c");
    let output = run_ferry(["regions", path.as_str()]);
    assert!(
        output.status.success(),
        "ferry regions {path} failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

macro_rules! snapshot_tests {
    ($($name:ident),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                insta::assert_snapshot!(regions(stringify!($name)));
            }
        )*
    };
}

snapshot_tests!(listing_1_1, listing_1_2, paper_examples, loops, calls);

/// The comment lines just before the first line containing `code`.
fn annotations_before<'a>(out: &'a str, code: &str) -> Vec<&'a str> {
    let lines: Vec<&str> = out.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.contains(code))
        .unwrap_or_else(|| panic!("`{code}` not in the output:\n{out}"));
    lines[..at]
        .iter()
        .rev()
        .take_while(|l| l.trim_start().starts_with("//"))
        .map(|l| l.trim())
        .collect()
}

fn assert_has(lines: &[&str], expected: &str) {
    assert!(
        lines.contains(&expected),
        "missing {expected} among:\n{}",
        lines.join("\n")
    );
}

/// Listing 1.1: `kernel`'s summary regions and, at the call in `fir`, the
/// same regions under `0 <= i <= n-k`.
#[test]
fn listing_1_1_regions_are_the_papers() {
    let out = regions("listing_1_1");
    let kernel = annotations_before(&out, "int kernel(");
    assert_has(&kernel, "//  <src[PHI1]-R-EXACT-{PHI1+1<=i+k, i<=PHI1}>");
    assert_has(&kernel, "//  <dst[PHI1]-W-EXACT-{PHI1==i}>");
    assert_has(&kernel, "//  <m[PHI1]-R-EXACT-{0<=PHI1, PHI1+1<=k}>");
    let call = annotations_before(&out, "kernel(i, n, k, src, dst, m);");
    assert_has(
        &call,
        "//  <src[PHI1]-R-EXACT-{0<=i, PHI1+1<=i+k, i+k<=n, i<=PHI1, k+1<=n}>",
    );
    assert_has(
        &call,
        "//  <dst[PHI1]-W-EXACT-{0<=i, 1<=k, i+k<=n, i==PHI1, k+1<=n}>",
    );
    assert_has(
        &call,
        "//  <m[PHI1]-R-EXACT-{0<=PHI1, 0<=i, PHI1+1<=k, i+k<=n, k+1<=n}>",
    );
}

/// Listing 1.2: R(randv) = {(N-3)/4 <= PHI1 <= N/3} and
/// W(a) = {(N-3)/4 <= PHI1 <= (5N+9)/12}, both may, exactly the paper's.
#[test]
fn listing_1_2_regions_are_the_papers() {
    let out = regions("listing_1_2");
    let foo = annotations_before(&out, "void foo(");
    assert_has(&foo, "//  <randv[PHI1]-R-MAY-{1<=N, 3PHI1<=N, N<=4PHI1+3}>");
    assert_has(&foo, "//  <a[PHI1]-W-MAY-{12PHI1<=5N+9, 1<=N, N<=4PHI1+3}>");
}

/// Section 2: a hole in the loop gives a may WRITE region 0 <= PHI1 < n; a
/// condition that is not affine makes the branches' regions may.
#[test]
fn paper_examples_are_may() {
    let out = regions("paper_examples");
    let holes = annotations_before(&out, "void holes(");
    assert_has(&holes, "//  <a[PHI1]-W-MAY-{0<=PHI1, PHI1+1<=n}>");
    let nonaffine = annotations_before(&out, "void nonaffine(");
    assert_has(&nonaffine, "//  <a[PHI1]-R-EXACT-{PHI1==i}>");
    assert_has(&nonaffine, "//  <b[PHI1]-W-MAY-{PHI1==i}>");
    assert_has(&nonaffine, "//  <c[PHI1]-W-MAY-{PHI1==i}>");
}

/// `ferry regions --json` follows the contract of `../shared/DESIGN.md`.
#[test]
fn json_contract() {
    let output = run_ferry([
        "regions",
        "tests/c/regions_snapshots/listing_1_1.c",
        "--json",
    ]);
    assert!(output.status.success());
    let v: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let functions = v["functions"].as_array().expect("functions");
    let kernel = functions
        .iter()
        .find(|f| f["name"] == "kernel")
        .expect("kernel");
    let src = kernel["regions"]
        .as_array()
        .expect("regions")
        .iter()
        .find(|r| r["array"] == "src" && r["kind"] == "read")
        .expect("R(src)");
    assert_eq!(src["approx"], "exact");
    assert_eq!(src["dims"], 1);
    let ctx = isl_rs::Context::alloc();
    let got = isl_rs::Set::read_from_str(&ctx, src["isl"].as_str().expect("isl text"))
        .expect("isl parses the region");
    let expected =
        isl_rs::Set::read_from_str(&ctx, "[i, k] -> { src[phi1] : i <= phi1 < i + k }").unwrap();
    assert!(got.is_equal(&expected).unwrap(), "R(src) is {}", src["isl"]);
    let statements = kernel["statements"].as_array().expect("statements");
    let store = statements
        .iter()
        .find(|s| s["line"] == 7)
        .expect("dst[i]=v; on line 7");
    assert_eq!(store["kind"], "expr");
    assert!(
        store["variables"]
            .as_array()
            .expect("variables")
            .iter()
            .any(|x| x["c"] == "i" && x["visible"] == true)
    );
}

/// The rectangular hull of a triangle is the square, may; a hull that is
/// the region itself stays exact. Bounds are isl piecewise expressions.
#[test]
fn rectangular_hulls() {
    let output = run_ferry(["regions", "tests/c/regions_snapshots/loops.c", "--json"]);
    assert!(output.status.success());
    let v: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let summary = |function: &str, kind: &str| -> serde_json::Value {
        v["functions"]
            .as_array()
            .expect("functions")
            .iter()
            .find(|f| f["name"] == function)
            .expect("function")["regions"]
            .as_array()
            .expect("regions")
            .iter()
            .find(|r| r["array"] == "a" && r["kind"] == kind)
            .expect("region")
            .clone()
    };
    let ctx = isl_rs::Context::alloc();
    let equal = |a: &serde_json::Value, b: &str| {
        let a = isl_rs::Set::read_from_str(&ctx, a.as_str().expect("isl text")).expect("isl");
        let b = isl_rs::Set::read_from_str(&ctx, b).expect("isl");
        a.is_equal(&b).unwrap()
    };
    let triangle = summary("triangular", "write");
    assert_eq!(triangle["approx"], "exact");
    assert_eq!(triangle["rect"]["approx"], "may");
    assert!(equal(
        &triangle["rect"]["isl"],
        "[n] -> { a[phi1, phi2] : 0 <= phi1 < n and 0 <= phi2 < n }"
    ));
    assert_eq!(
        triangle["rect"]["bounds"][1]["upper"],
        "[n] -> { [(-1 + n)] : n > 0 }"
    );
    let prefix = summary("prefix", "write");
    assert_eq!(prefix["rect"]["approx"], "exact");
    assert!(equal(
        &prefix["rect"]["isl"],
        "[n] -> { a[phi1] : 0 < phi1 < n }"
    ));
}

/// Flat arrays subscripted `m[r * cols + c]` are seen with rows where every
/// column provably stays in its row (`tests/c/regions/flat_rows.c`, whose
/// regions the traced-execution test also checks), and keep their flat,
/// unknown region where a column reaches the next row.
#[test]
fn flat_arrays_are_seen_with_rows() {
    let path = "tests/c/regions/flat_rows.c";
    let output = run_ferry(["regions", path]);
    assert!(output.status.success());
    let out = String::from_utf8(output.stdout).expect("UTF-8 output");
    assert_has(
        &annotations_before(&out, "void scale("),
        "//  <m[PHI1][PHI2]-W-EXACT-{0<=PHI1, 0<=PHI2, PHI1+1<=rows, PHI2+1<=cols}>",
    );
    assert_has(
        &annotations_before(&out, "void smooth("),
        "//  <out[PHI1][PHI2]-W-EXACT-{1<=PHI1, 1<=PHI2, PHI1+2<=n, PHI2+2<=n}>",
    );
    assert_has(
        &annotations_before(&out, "void fill3("),
        "//  <t[PHI1][PHI2][PHI3]-W-EXACT-{0<=PHI1, 0<=PHI2, 0<=PHI3, PHI1+1<=nx, PHI2+1<=ny, \
         PHI3+1<=nz}>",
    );
    assert_has(
        &annotations_before(&out, "void bump("),
        "//  <g[PHI1][PHI2]-W-EXACT-{0<=PHI1, 0<=PHI2, PHI1+1<=height, PHI2+1<=width}>",
    );
    assert_has(
        &annotations_before(&out, "void grow("),
        "//  <g[PHI1]-W-MAY-{1<=height}>",
    );
    // A local pointer allocated once, rows of a local assigned once; g[0]
    // is in row 0.
    assert_has(
        &annotations_before(&out, "g[r * cols + c] = r * c;"),
        "//  <g[PHI1][PHI2]-W-EXACT-{0<=c, 0<=r, c+1<=cols, c==PHI2, cols==rows+2, r+3<=cols, \
         r==PHI1}>",
    );
    // w[r * cols + c + 1] runs into the next row at c = cols - 1.
    assert_has(
        &annotations_before(&out, "void shift("),
        "//  <w[PHI1]-W-MAY-{1<=cols, 1<=rows}>",
    );
    // The JSON names the row lengths, so a reader can find the elements.
    let json = run_ferry(["regions", path, "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    let rows_of = |function: &str, array: &str| -> Option<serde_json::Value> {
        let f = json["functions"]
            .as_array()?
            .iter()
            .find(|f| f["name"] == function)?;
        let r = f["regions"]
            .as_array()?
            .iter()
            .find(|r| r["array"] == array)?;
        Some(r.get("rows").cloned().unwrap_or(serde_json::Value::Null))
    };
    assert_eq!(rows_of("scale", "m"), Some(serde_json::json!(["cols"])));
    assert_eq!(rows_of("fill3", "t"), Some(serde_json::json!(["ny", "nz"])));
    assert_eq!(rows_of("shift", "w"), Some(serde_json::Value::Null));
}
