//! Running one program once, in a fresh working directory, with a time limit.

use crate::error::Error;
use std::fmt;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// How a program ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// It exited with this status.
    Exited(i32),
    /// A signal killed it (a crash: SIGSEGV, SIGABRT...).
    Signaled(i32),
    /// It ran past the time limit and was killed.
    TimedOut,
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Exited(code) => write!(f, "exit {code}"),
            Status::Signaled(signal) => write!(f, "signal {signal}"),
            Status::TimedOut => write!(f, "timeout"),
        }
    }
}

/// One execution's outcome.
#[derive(Debug)]
pub struct Execution {
    pub status: Status,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    /// Its working directory, with whatever it wrote there.
    pub dir: PathBuf,
}

/// Runs `exe ARGS` in `dir` (created empty), stdin closed, with
/// `FERRY_STATS=stats` when given (and without it otherwise); kills it past
/// `limit`. Its stdout and stderr go to files beside `dir`, not to pipes:
/// nothing to drain while it runs, and a process it leaves behind cannot
/// keep us waiting for the end of a pipe.
pub fn execute(
    exe: &Path,
    args: &[String],
    dir: &Path,
    stats: Option<&Path>,
    limit: Duration,
) -> Result<Execution, Error> {
    let io = |what: &str, path: &Path, e: std::io::Error| {
        Error::Io(format!("cannot {what} {}: {e}", path.display()))
    };
    std::fs::create_dir_all(dir).map_err(|e| io("create", dir, e))?;
    let stdout_path = dir.with_extension("stdout");
    let stderr_path = dir.with_extension("stderr");
    let stdout = File::create(&stdout_path).map_err(|e| io("create", &stdout_path, e))?;
    let stderr = File::create(&stderr_path).map_err(|e| io("create", &stderr_path, e))?;
    let mut command = Command::new(exe);
    command
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(stderr);
    match stats {
        Some(path) => command.env("FERRY_STATS", path),
        None => command.env_remove("FERRY_STATS"),
    };
    let mut child = command.spawn().map_err(|e| io("run", exe, e))?;
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| io("wait for", exe, e))? {
            break status_of(status);
        }
        if start.elapsed() > limit {
            // The process may have ended just now: then kill fails, and
            // wait gives its status, which is still reported as a timeout.
            let _ = child.kill();
            let _ = child.wait();
            break Status::TimedOut;
        }
        std::thread::sleep(poll_interval(start.elapsed()));
    };
    Ok(Execution {
        status,
        stdout: std::fs::read(&stdout_path).map_err(|e| io("read", &stdout_path, e))?,
        stderr: std::fs::read(&stderr_path).map_err(|e| io("read", &stderr_path, e))?,
        dir: dir.to_owned(),
    })
}

/// Short programs are polled often (the test suite runs hundreds of them),
/// long ones less.
fn poll_interval(elapsed: Duration) -> Duration {
    if elapsed < Duration::from_millis(100) {
        Duration::from_millis(1)
    } else {
        Duration::from_millis(20)
    }
}

#[cfg(unix)]
fn status_of(status: ExitStatus) -> Status {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => Status::Exited(code),
        (None, Some(signal)) => Status::Signaled(signal),
        // Stopped or continued: wait does not report those for a child
        // that is not traced.
        (None, None) => Status::Signaled(0),
    }
}

#[cfg(not(unix))]
fn status_of(status: ExitStatus) -> Status {
    Status::Exited(status.code().unwrap_or(-1))
}
