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

/// What every execution of both programs starts from.
#[derive(Debug, Clone, Copy)]
pub struct Surroundings<'r> {
    /// The bytes on its standard input (closed when `None`).
    pub stdin: Option<&'r [u8]>,
    /// The folder its working directory mirrors (see [`mirror`]); empty
    /// when `None`.
    pub mirrored: Option<&'r Path>,
    /// The files it writes that are compared: never mirrored, so that each
    /// program writes its own.
    pub own_files: &'r [String],
}

/// Runs `exe ARGS` in `dir` (created, mirroring `around.mirrored`), with
/// `around.stdin` on its standard input, with `FERRY_STATS=stats` when
/// given (and without it otherwise); kills it past `limit`. Its stdout and
/// stderr go to files beside `dir`, not to pipes: nothing to drain while it
/// runs, and a process it leaves behind cannot keep us waiting for the end
/// of a pipe.
pub fn execute(
    exe: &Path,
    args: &[String],
    dir: &Path,
    stats: Option<&Path>,
    limit: Duration,
    around: Surroundings<'_>,
) -> Result<Execution, Error> {
    let place = Place {
        dir,
        log: dir,
        env: &[],
    };
    execute_in(exe, args, &place, stats, limit, around)
}

/// Where a program runs: its working directory, the path its stdin,
/// stdout and stderr files are named after (`LOG.stdout`...), and the
/// variables added to its environment.
pub struct Place<'p> {
    pub dir: &'p Path,
    pub log: &'p Path,
    pub env: &'p [(&'p str, &'p str)],
}

/// [`execute`] at `place`. The program leads a process group of its own,
/// killed whole past the limit (a shell's children with it).
pub fn execute_in(
    exe: &Path,
    args: &[String],
    place: &Place<'_>,
    stats: Option<&Path>,
    limit: Duration,
    around: Surroundings<'_>,
) -> Result<Execution, Error> {
    let (dir, log) = (place.dir, place.log);
    std::fs::create_dir_all(dir).map_err(|e| io("create", dir, e))?;
    if let Some(folder) = around.mirrored {
        // `./out.txt` is `out.txt`: compared by components below.
        let own: Vec<PathBuf> = around
            .own_files
            .iter()
            .map(|f| {
                Path::new(f)
                    .components()
                    .filter(|c| !matches!(c, std::path::Component::CurDir))
                    .collect()
            })
            .collect();
        let own: Vec<&Path> = own.iter().map(PathBuf::as_path).collect();
        mirror(folder, dir, &own)?;
    }
    let stdin = match around.stdin {
        Some(bytes) => {
            let path = log.with_extension("stdin");
            std::fs::write(&path, bytes).map_err(|e| io("write", &path, e))?;
            Stdio::from(File::open(&path).map_err(|e| io("open", &path, e))?)
        }
        None => Stdio::null(),
    };
    let stdout_path = log.with_extension("stdout");
    let stderr_path = log.with_extension("stderr");
    let stdout = File::create(&stdout_path).map_err(|e| io("create", &stdout_path, e))?;
    let stderr = File::create(&stderr_path).map_err(|e| io("create", &stderr_path, e))?;
    let mut command = Command::new(exe);
    command
        .args(args)
        .current_dir(dir)
        .stdin(stdin)
        .stdout(stdout)
        .stderr(stderr);
    match stats {
        Some(path) => command.env("FERRY_STATS", path),
        None => command.env_remove("FERRY_STATS"),
    };
    command.envs(place.env.iter().copied());
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let mut child = command.spawn().map_err(|e| io("run", exe, e))?;
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| io("wait for", exe, e))? {
            break status_of(status);
        }
        if start.elapsed() > limit {
            // The process may have ended just now: then kill fails, and
            // wait gives its status, which is still reported as a timeout.
            kill_group(child.id());
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

/// Kills the process group `leader` leads (what a shell started with it).
fn kill_group(leader: u32) {
    if cfg!(unix) {
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{leader}")])
            .stderr(Stdio::null())
            .status();
    }
}

fn io(what: &str, path: &Path, e: std::io::Error) -> Error {
    Error::Io(format!("cannot {what} {}: {e}", path.display()))
}

/// Fills `dir` with a symbolic link to every entry of `folder`, so that a
/// program run in `dir` opens the same files by relative paths as it would
/// in `folder`, while the files it creates stay in `dir`. The compared
/// files `own` (relative paths) are left out: each program writes its own,
/// in real folders along their paths whose other entries are linked.
/// (A file the program modifies in place, rather than creates, is the
/// user's own file through its link, for both programs.)
fn mirror(folder: &Path, dir: &Path, own: &[&Path]) -> Result<(), Error> {
    let entries = std::fs::read_dir(folder).map_err(|e| io("read the folder", folder, e))?;
    for entry in entries {
        let entry = entry.map_err(|e| io("read the folder", folder, e))?;
        let name = entry.file_name();
        let inside: Vec<&Path> = own
            .iter()
            .filter_map(|path| path.strip_prefix(&name).ok())
            .collect();
        let target = dir.join(&name);
        if inside.is_empty() {
            symlink(&entry.path(), &target).map_err(|e| io("link", &target, e))?;
        } else if inside.iter().all(|rest| rest.as_os_str().is_empty()) {
            // A compared file itself: the program creates it.
        } else if entry.path().is_dir() {
            std::fs::create_dir_all(&target).map_err(|e| io("create", &target, e))?;
            mirror(&entry.path(), &target, &inside)?;
        }
    }
    Ok(())
}

#[cfg(unix)]
fn symlink(original: &Path, link: &Path) -> std::io::Result<()> {
    std::os::unix::fs::symlink(original, link)
}

#[cfg(not(unix))]
fn symlink(original: &Path, link: &Path) -> std::io::Result<()> {
    std::fs::copy(original, link).map(|_| ())
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
