//! Shared helpers for ferry's end-to-end tests: finding the `ferry` binary,
//! running it, and locating the bundled C programs.

pub mod corpus;
pub mod trace;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The workspace root.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ sits in the workspace root")
        .to_owned()
}

/// The folder of C test programs, `tests/c`.
pub fn c_dir() -> PathBuf {
    workspace_root().join("tests").join("c")
}

/// The `ferry` binary of the profile these tests were built with. The test
/// command (`scripts/test.sh`) builds it before running the tests.
pub fn ferry_bin() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    // target/<profile>/deps/<test> -> target/<profile>/ferry
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("test executables live in target/<profile>/deps");
    let bin = profile_dir.join(format!("ferry{}", std::env::consts::EXE_SUFFIX));
    assert!(
        bin.is_file(),
        "{} is missing: build it first (`cargo build --workspace`, as scripts/test.sh does)",
        bin.display()
    );
    bin
}

/// Runs `ferry ARGS` from the workspace root.
pub fn run_ferry<I, S>(args: I) -> Output
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    Command::new(ferry_bin())
        .args(args)
        .current_dir(workspace_root())
        .output()
        .expect("ferry runs")
}
