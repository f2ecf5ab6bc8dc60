//! Validation on hand-written "transformed" programs: a correct one is the
//! same; one that loads an element too few, one that crashes, one that
//! loops forever and one that writes a wrong output file are different;
//! a transformed program that does not build is ferry's error.

use ferry_validation::{Error, FileState, Request, Status, Verdict, validate};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The original: doubles the first n elements of a (n from argv[1]),
/// prints them and writes their sum to out.txt.
const ORIGINAL: &str = r#"#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 8;
    double a[64], b[64];
    for (int i = 0; i < n; i++)
        a[i] = i * 0.5;
    for (int i = 0; i < n; i++)
        b[i] = 2 * a[i];
    double sum = 0;
    for (int i = 0; i < n; i++) {
        printf("%g\n", b[i]);
        sum += b[i];
    }
    FILE *f = fopen("out.txt", "w");
    fprintf(f, "%g\n", sum);
    fclose(f);
    return 0;
}
"#;

/// What isolating the second loop should give, with the load's element
/// count, the kernel body and the output file's format as holes.
const TRANSFORMED: &str = r#"#include <stdio.h>
#include <stdlib.h>
#include "ferry_rte.h"
int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 8;
    double a[64], b[64];
    for (int i = 0; i < n; i++)
        a[i] = i * 0.5;
    {
        double *a_acc = ferry_alloc(sizeof(double), n, FERRY_POISON_DOUBLE);
        double *b_acc = ferry_alloc(sizeof(double), n, FERRY_POISON_DOUBLE);
        long host_dims[1] = {64}, zero[1] = {0}, accel_dims[1] = {n};
        long load[1] = {LOAD_COUNT}, store[1] = {n};
        ferry_copy_to_accel(a_acc, a, sizeof(double), 1, host_dims, zero, accel_dims, zero, load);
        KERNEL
        ferry_copy_from_accel(b, b_acc, sizeof(double), 1, host_dims, zero, accel_dims, zero, store);
        ferry_free(a_acc);
        ferry_free(b_acc);
    }
    double sum = 0;
    for (int i = 0; i < n; i++) {
        printf("%g\n", b[i]);
        sum += b[i];
    }
    FILE *f = fopen("out.txt", "w");
    fprintf(f, FORMAT, sum);
    fclose(f);
    return 0;
}
"#;

const GOOD_KERNEL: &str = "for (int i = 0; i < n; i++) b_acc[i] = 2 * a_acc[i];";

struct Fixture {
    _dir: tempfile::TempDir,
    original: PathBuf,
    transformed: PathBuf,
}

/// The original in one folder, a transformed version (the holes filled)
/// and the runtime in another.
fn fixture(load_count: &str, kernel: &str, format: &str) -> Fixture {
    let dir = tempfile::tempdir().unwrap();
    let original = dir.path().join("prog.c");
    std::fs::write(&original, ORIGINAL).unwrap();
    let transformed = dir.path().join("out");
    std::fs::create_dir(&transformed).unwrap();
    let text = TRANSFORMED
        .replace("LOAD_COUNT", load_count)
        .replace("KERNEL", kernel)
        .replace("FORMAT", format);
    std::fs::write(transformed.join("prog.c"), text).unwrap();
    for (name, text) in ferry_rte::host_files() {
        std::fs::write(transformed.join(name), text).unwrap();
    }
    Fixture {
        _dir: dir,
        original,
        transformed,
    }
}

fn request(f: &Fixture, runs: &[&[&str]]) -> Request {
    let mut request = Request::new(vec![f.original.clone()], Vec::new(), f.transformed.clone());
    request.runs = runs
        .iter()
        .map(|args| args.iter().map(|a| a.to_string()).collect())
        .collect();
    request.compare_files = vec!["out.txt".to_owned()];
    request
}

fn good() -> Fixture {
    fixture("n", GOOD_KERNEL, "\"%g\\n\"")
}

#[test]
fn a_correct_isolation_is_the_same_and_counts_its_bytes() {
    let f = good();
    let report = validate(&request(&f, &[&["8"], &["3"]])).unwrap();
    assert_eq!(report.verdict(), Verdict::Same, "{}", report.describe());
    for (run, n) in report.runs.iter().zip([8u64, 3]) {
        let stats = run.stats.expect("the transformed run exited");
        assert_eq!(stats.bytes_to_accel, 8 * n);
        assert_eq!(stats.bytes_from_accel, 8 * n);
        assert_eq!(stats.transfers_to_accel, 1);
        assert_eq!(stats.accel_allocations, 2);
        assert_eq!(stats.scalar_bytes_to_accel, 0, "no scalar moved");
        assert_eq!(run.files[0].state, FileState::Equal);
    }
    let json = report.to_json();
    assert_eq!(json["verdict"], "same");
    assert_eq!(json["runs"][0]["args"][0], "8");
    assert_eq!(json["runs"][0]["stats"]["bytes_to_accel"], 64);
    assert_eq!(json["runs"][1]["files_equal"], true);
}

#[test]
fn a_load_one_element_short_is_caught_by_the_poison() {
    let f = fixture("n - 1", GOOD_KERNEL, "\"%g\\n\"");
    let report = validate(&request(&f, &[&["8"]])).unwrap();
    assert_eq!(
        report.verdict(),
        Verdict::Different,
        "{}",
        report.describe()
    );
    let run = &report.runs[0];
    assert!(run.exit_equal());
    // b[7] = 2 * a_acc[7], never loaded: NaN, printed on the last line.
    let d = run.stdout.as_ref().expect("stdout differs");
    assert_eq!(d.line, 8);
    assert_eq!(d.original.as_deref(), Some("7\n"));
    assert!(d.transformed.as_deref().unwrap().contains("nan"), "{d:?}");
    assert!(!run.files_equal(), "the sum is NaN too");
    let text = report.describe();
    assert!(text.contains("stdout differs at line 8"), "{text}");
    assert!(text.contains("verdict: different"), "{text}");
}

#[test]
fn a_crashing_transformed_program_is_different() {
    let f = fixture("n", "abort();", "\"%g\\n\"");
    let report = validate(&request(&f, &[&["4"]])).unwrap();
    let run = &report.runs[0];
    assert_eq!(run.verdict(), Verdict::Different);
    assert_eq!(run.original_status, Status::Exited(0));
    assert!(matches!(run.transformed_status, Status::Signaled(_)));
    assert_eq!(run.stats, None, "a crashed run writes no statistics");
    assert_eq!(
        report.to_json()["runs"][0]["stats"],
        serde_json::Value::Null
    );
}

#[test]
fn a_transformed_program_that_never_ends_is_killed_and_different() {
    let f = fixture("n", "for (;;) b_acc[0] += 1;", "\"%g\\n\"");
    let mut request = request(&f, &[&["4"]]);
    request.timeout = Duration::from_millis(500);
    let report = validate(&request).unwrap();
    let run = &report.runs[0];
    assert_eq!(run.transformed_status, Status::TimedOut);
    assert_eq!(run.verdict(), Verdict::Different);
    assert!(
        report.describe().contains("transformed timeout"),
        "{}",
        report.describe()
    );
}

#[test]
fn a_different_output_file_is_different() {
    let f = fixture("n", GOOD_KERNEL, "\"%.3f\\n\"");
    let report = validate(&request(&f, &[&["2"]])).unwrap();
    let run = &report.runs[0];
    assert!(run.stdout_equal() && run.exit_equal());
    match &run.files[0].state {
        FileState::Different(d) => {
            assert_eq!(d.original.as_deref(), Some("1\n"));
            assert_eq!(d.transformed.as_deref(), Some("1.000\n"));
        }
        other => panic!("out.txt should differ: {other:?}"),
    }
    assert_eq!(report.verdict(), Verdict::Different);
}

#[test]
fn a_file_neither_writes_is_reported_but_equal() {
    let f = good();
    let mut request = request(&f, &[&["2"]]);
    request.compare_files.push("nothing.txt".to_owned());
    let report = validate(&request).unwrap();
    assert_eq!(report.runs[0].files[1].state, FileState::MissingInBoth);
    assert_eq!(report.verdict(), Verdict::Same);
    assert!(report.describe().contains("written by neither"));
}

#[test]
fn a_transformed_program_that_does_not_build_is_fault_of_ferry() {
    let f = fixture("n", "this is not C;", "\"%g\\n\"");
    let error = validate(&request(&f, &[&["2"]])).unwrap_err();
    assert!(matches!(error, Error::TransformedBuild { .. }), "{error}");
    assert!(error.is_internal());
    let text = error.to_string();
    assert!(text.contains("bug in ferry"), "{text}");
    assert!(text.contains("prog.c"), "the compiler's message: {text}");
}

#[test]
fn an_original_that_does_not_build_is_the_users() {
    let f = good();
    std::fs::write(&f.original, "int main(void) { return x; }\n").unwrap();
    let error = validate(&request(&f, &[&[]])).unwrap_err();
    assert!(matches!(error, Error::OriginalBuild { .. }), "{error}");
    assert!(!error.is_internal());
}

#[test]
fn an_original_that_never_ends_is_an_error_not_a_verdict() {
    let f = good();
    std::fs::write(&f.original, "int main(void) { for (;;) {} }\n").unwrap();
    let mut request = request(&f, &[&[]]);
    request.timeout = Duration::from_millis(300);
    let error = validate(&request).unwrap_err();
    assert!(matches!(error, Error::OriginalTimedOut { .. }), "{error}");
}

#[test]
fn output_names_outside_the_run_folder_are_refused() {
    let f = good();
    for name in ["../x", "/tmp/x", ""] {
        let mut request = request(&f, &[&[]]);
        request.compare_files = vec![name.to_owned()];
        assert!(
            matches!(validate(&request), Err(Error::Usage(_))),
            "`{name}` should be refused"
        );
    }
}

/// Each run starts in an empty folder of its own: a file written by the
/// original is not seen by the transformed program.
#[test]
fn runs_do_not_share_their_working_directory() {
    let f = good();
    // The transformed program appends to out.txt instead of writing it:
    // it would hold two lines if it found the original's file.
    let path: &Path = &f.transformed.join("prog.c");
    let text = std::fs::read_to_string(path)
        .unwrap()
        .replace("\"w\"", "\"a\"");
    std::fs::write(path, text).unwrap();
    let report = validate(&request(&f, &[&["2"]])).unwrap();
    assert_eq!(report.verdict(), Verdict::Same, "{}", report.describe());
}

/// Reads a count on its standard input and a word from `data/in.txt`,
/// writes them to `data/out.txt`; exits with 3 when either is missing.
const READS_ITS_SURROUNDINGS: &str = r#"#include <stdio.h>
int main(void)
{
    int n;
    char word[32];
    FILE *in = fopen("data/in.txt", "r");
    if (scanf("%d", &n) != 1 || !in || fscanf(in, "%31s", word) != 1) {
        fprintf(stderr, "missing input\n");
        return 3;
    }
    FILE *out = fopen("data/out.txt", "w");
    fprintf(out, "%d %s\n", n, word);
    fclose(out);
    printf("%d\n", n * 2);
    return 0;
}
"#;

/// The program above as both original and "transformed", and a folder
/// holding its `data/in.txt`.
fn surroundings_fixture() -> (Fixture, tempfile::TempDir) {
    let f = good();
    std::fs::write(&f.original, READS_ITS_SURROUNDINGS).unwrap();
    std::fs::write(f.transformed.join("prog.c"), READS_ITS_SURROUNDINGS).unwrap();
    let user = tempfile::tempdir().unwrap();
    std::fs::create_dir(user.path().join("data")).unwrap();
    std::fs::write(user.path().join("data/in.txt"), "ferry\n").unwrap();
    (f, user)
}

/// Standard input and relative paths reach both programs as they would
/// reach the program run by hand, and a compared file inside one of the
/// user's folders is each program's own, never written into that folder.
#[test]
fn runs_read_the_given_input_and_the_users_files() {
    let (f, user) = surroundings_fixture();
    // Already in the user's folder: each program must still write its own.
    std::fs::write(user.path().join("data/out.txt"), "the user's\n").unwrap();
    let mut request = request(&f, &[&[]]);
    request.compare_files = vec!["./data/out.txt".to_owned()];
    request.stdin = Some(b"21\n".to_vec());
    request.mirrored = Some(user.path().to_owned());
    let report = validate(&request).unwrap();
    assert_eq!(report.verdict(), Verdict::Same, "{}", report.describe());
    let run = &report.runs[0];
    assert_eq!(run.original_status, Status::Exited(0));
    assert_eq!(run.files[0].state, FileState::Equal);
    assert_eq!(
        std::fs::read_to_string(user.path().join("data/out.txt")).unwrap(),
        "the user's\n",
        "the programs wrote into the user's folder"
    );
    assert!(
        report.describe().contains("same (exit 0;"),
        "{}",
        report.describe()
    );
}

/// An original that fails (here: no input) validates nothing: the verdict
/// says so, with its status and stderr, unless the failure is accepted.
#[test]
fn a_failing_original_is_not_a_validation() {
    let (f, user) = surroundings_fixture();
    let mut request = request(&f, &[&[]]);
    request.compare_files.clear();
    request.mirrored = Some(user.path().to_owned());
    let report = validate(&request).unwrap();
    assert_eq!(report.verdict(), Verdict::OriginalFailed);
    let text = report.describe();
    assert!(text.contains("failed (exit 3)"), "{text}");
    assert!(text.contains("missing input"), "{text}");
    assert!(text.contains("verdict: not validated"), "{text}");
    assert_eq!(report.to_json()["verdict"], "original_failed");
    request.original_may_fail = true;
    assert_eq!(validate(&request).unwrap().verdict(), Verdict::Same);
}
