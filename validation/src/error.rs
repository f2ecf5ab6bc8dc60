//! What keeps validation from giving a verdict. Each error says whose
//! fault it is: the user's (their program, its flags, its arguments) or
//! ferry's (the transformed program does not build).

use std::fmt;
use std::time::Duration;

#[derive(Debug, Clone)]
pub enum Error {
    /// The request itself is wrong (an output file named `../x`).
    Usage(String),
    /// The original program does not build: the user's program or flags.
    OriginalBuild { command: String, messages: String },
    /// The transformed program does not build while the original does:
    /// a bug in ferry.
    TransformedBuild { command: String, messages: String },
    /// The original program ran past the time limit: nothing to compare with.
    OriginalTimedOut { args: Vec<String>, limit: Duration },
    /// A file or process operation failed (temporary folders, starting a
    /// program, reading an output).
    Io(String),
}

impl Error {
    /// Whether the error is ferry's own (exit status 2) rather than the
    /// user's (exit status 1).
    pub fn is_internal(&self) -> bool {
        matches!(self, Error::TransformedBuild { .. } | Error::Io(_))
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Usage(message) | Error::Io(message) => write!(f, "{message}"),
            Error::OriginalBuild { command, messages } => write!(
                f,
                "the original program does not build:\n  {command}\n{}",
                messages.trim_end()
            ),
            Error::TransformedBuild { command, messages } => write!(
                f,
                "the transformed program does not build, although the original does: \
                 this is a bug in ferry\n  {command}\n{}",
                messages.trim_end()
            ),
            Error::OriginalTimedOut { args, limit } => write!(
                f,
                "the original program ran for more than {} s with arguments [{}]: \
                 nothing to compare with (raise the limit with --timeout)",
                limit.as_secs_f64(),
                args.join(" ")
            ),
        }
    }
}

impl std::error::Error for Error {}
