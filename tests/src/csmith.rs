//! Random C programs from Csmith, with the flags of issue 27 (no pointers,
//! unions, volatiles, packed structures or bit-fields; four functions), for
//! the scaling test and benchmark. `scripts/setup.sh` installs Csmith and
//! its header from Debian.

use std::path::{Path, PathBuf};
use std::process::Command;

pub const FLAGS: [&str; 8] = [
    "--no-pointers",
    "--no-unions",
    "--no-volatiles",
    "--no-packed-struct",
    "--no-bitfields",
    "--max-funcs",
    "4",
    "--concise",
];

/// The preprocessor flag for `csmith.h`, where Debian's libcsmith-dev
/// puts it.
pub const INCLUDE: &str = "-I/usr/include/csmith";

/// Writes the program of `seed` as `dir/csmith_SEED.c`.
pub fn generate(dir: &Path, seed: u32) -> Result<PathBuf, String> {
    let file = dir.join(format!("csmith_{seed}.c"));
    // (csmith writes a `platform.info` where it runs.)
    let output = Command::new("csmith")
        .current_dir(dir)
        .args(FLAGS)
        .arg("-s")
        .arg(seed.to_string())
        .arg("-o")
        .arg(&file)
        .output()
        .map_err(|e| format!("cannot run csmith (scripts/setup.sh installs it): {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "csmith -s {seed}: {}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(file)
}

/// The functions Csmith defined (`func_1`, `func_9`, ...), in order.
pub fn functions(source: &str) -> Vec<String> {
    let mut names: Vec<String> = source
        .lines()
        .filter(|l| l.starts_with("static ") && l.ends_with(')') && !l.ends_with(");"))
        .filter_map(|l| {
            let start = l.find("func_")?;
            let end = start + l[start..].find('(')?;
            Some(l[start..end].to_string())
        })
        .collect();
    names.dedup();
    names
}

/// What `ferry validate FILE --function F` said of one function of a
/// random program.
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Isolated, and the isolated program printed the original's checksum.
    Validated,
    /// Refused: a located diagnostic, and no verdict on stdout.
    Refused,
    /// The original program ran past `ferry validate`'s time limit: nothing
    /// to compare with (Csmith's programs may loop for minutes).
    OriginalTooLong,
    /// Anything else (a different checksum, a panic, a crash), described.
    Failed(String),
}

/// The verdict of a finished `ferry validate` run.
pub fn verdict(output: &std::process::Output) -> Verdict {
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    match output.status.code() {
        Some(0) => Verdict::Validated,
        Some(1) if stderr.contains("the original program ran for more than") => {
            Verdict::OriginalTooLong
        }
        Some(1) if stderr.contains("error:") && stdout.trim().is_empty() => Verdict::Refused,
        code => Verdict::Failed(format!(
            "status {code:?}\nstdout:\n{stdout}\nstderr:\n{stderr}"
        )),
    }
}
