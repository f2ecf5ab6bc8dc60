//! `ferry isolate --function F` analyses F, what F calls and what calls
//! F, not the whole program; when what calls F is a large part of the
//! program (a helper called from everywhere), F is analysed as if anything
//! could call it, and ferry says so. Either way the isolated program
//! behaves as the original.

use ferry_tests::{run_ferry, scratch_dir};

/// A kernel called by `callers` functions, each called by `main`.
fn program(callers: usize) -> String {
    let mut text = String::from(
        "#include <stdio.h>\n\
         static void scale(int n, double a[n], double k)\n\
         {\n    for (int i = 0; i < n; i++)\n        a[i] = a[i] * k + 1.0;\n}\n",
    );
    for c in 0..callers {
        text.push_str(&format!(
            "static void caller{c}(double a[16]) {{ scale(16, a, {c}.5); }}\n"
        ));
    }
    text.push_str("int main(void)\n{\n    double a[16];\n");
    text.push_str("    for (int i = 0; i < 16; i++)\n        a[i] = i;\n");
    for c in 0..callers {
        text.push_str(&format!("    caller{c}(a);\n"));
    }
    text.push_str("    double s = 0;\n    for (int i = 0; i < 16; i++)\n        s += a[i];\n");
    text.push_str("    printf(\"%g\\n\", s);\n    return 0;\n}\n");
    text
}

fn validate(callers: usize) -> (String, String) {
    let dir = scratch_dir("scope");
    let file = dir.join(format!("callers_{callers}.c"));
    std::fs::write(&file, program(callers)).expect("scratch folder is writable");
    let output = run_ferry(["validate", &file.to_string_lossy(), "--function", "scale"]);
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{callers} callers:\nstdout:\n{stdout}\nstderr:\n{stderr}"
    );
    assert!(stdout.contains("verdict: same"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
    (stdout, stderr)
}

#[test]
fn a_kernel_with_few_callers_is_analysed_with_them() {
    let (_, stderr) = validate(3);
    assert!(!stderr.contains("as if anything could call it"), "{stderr}");
}

#[test]
fn a_kernel_called_from_everywhere_is_analysed_alone_and_says_so() {
    let (_, stderr) = validate(260);
    assert!(
        stderr.contains("`scale` analysed as if anything could call it"),
        "{stderr}"
    );
}
