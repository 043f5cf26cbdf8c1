//! What ends a tool's run, and the exit code each ending gets.

use std::fmt;
use std::io;
use std::process::ExitCode;

/// Exit code: a check failed (a perft mismatch, a regression).
pub const CHECK_FAILED: u8 = 1;
/// Exit code: usage or input error.
pub const USAGE: u8 = 2;

/// How a run that did its work ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Everything checked passed: exit 0.
    Success,
    /// A check failed (a perft count, a regression position): exit 1.
    CheckFailed,
    /// Ctrl-C stopped the run; what it had was reported: exit 130.
    Interrupted,
}

/// Why a run stopped early.
#[derive(Debug)]
pub enum CliError {
    /// Bad arguments or bad input: exit 2, with the message on stderr.
    Input(String),
    /// A result could not be written: exit 1.
    Write {
        /// What was being written (`<stdout>` or a path).
        target: String,
        /// The operating system's reason.
        source: io::Error,
    },
    /// A library check failed, with its message (a run left incomplete): exit 1.
    Check(String),
    /// The system refused a write the library made, with its message: exit 1.
    Io(String),
    /// A result could not be encoded (JSON): a fault of the program, not of the input,
    /// so exit 1, never the input error's 2.
    Encode(String),
    /// The reader of stdout went away (`| head`): a quiet exit 0.
    ClosedPipe,
}

impl CliError {
    /// An input error with this message.
    pub fn input(message: impl Into<String>) -> CliError {
        CliError::Input(message.into())
    }

    /// An input error about `context` (an option, a file): `context: error`.
    pub fn about(context: impl fmt::Display, error: impl fmt::Display) -> CliError {
        CliError::Input(format!("{context}: {error}"))
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Input(message) => f.write_str(message),
            CliError::Write { target, source } => write!(f, "cannot write {target}: {source}"),
            CliError::Check(message) | CliError::Io(message) => f.write_str(message),
            CliError::Encode(message) => write!(f, "cannot encode the result: {message}"),
            CliError::ClosedPipe => f.write_str("stdout was closed"),
        }
    }
}

/// A library error keeps its kind to the edge: input errors exit 2, failed checks and
/// refused writes 1, each with the library's message (which names the key, the
/// position, the move or the file).
impl<E: crate::error::Kind> From<E> for CliError {
    fn from(error: E) -> CliError {
        match error.kind() {
            crate::error::ErrorKind::Input => CliError::Input(error.to_string()),
            crate::error::ErrorKind::CheckFailed => CliError::Check(error.to_string()),
            crate::error::ErrorKind::Io => CliError::Io(error.to_string()),
        }
    }
}

/// The process's exit code for a run's result; errors are printed as
/// `program: error: message` on stderr.
pub fn exit_code(program: &str, result: Result<Status, CliError>) -> ExitCode {
    match result {
        Ok(Status::Success) | Err(CliError::ClosedPipe) => ExitCode::SUCCESS,
        Ok(Status::CheckFailed) => ExitCode::from(CHECK_FAILED),
        Ok(Status::Interrupted) => ExitCode::from(super::interrupt::INTERRUPTED),
        Err(error) => {
            eprintln!(
                "{program}: error: {}",
                crate::text::shortened(&error.to_string())
            );
            ExitCode::from(match error {
                CliError::Input(_) => USAGE,
                _ => CHECK_FAILED,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perft::units::UnitsError;
    use std::path::PathBuf;

    /// Each library error kind reaches its own exit code: before, every library error
    /// was an input error (exit 2), a failed write of a plan folder included.
    #[test]
    fn library_errors_keep_their_kind_to_the_exit_code() {
        let code = |e: CliError| match e {
            CliError::Input(_) => USAGE,
            CliError::Check(_) | CliError::Io(_) | CliError::Write { .. } | CliError::Encode(_) => {
                CHECK_FAILED
            }
            CliError::ClosedPipe => 0,
        };
        let write = UnitsError::Write {
            path: PathBuf::from("plan"),
            error: io::Error::other("read-only"),
        };
        let e = CliError::from(write);
        assert!(
            matches!(e, CliError::Io(ref m) if m == "cannot write plan: read-only"),
            "{e}"
        );
        assert_eq!(code(e), CHECK_FAILED);
        let missing = UnitsError::Missing {
            names: vec!["unit-000.json".into()],
        };
        assert!(matches!(CliError::from(missing), CliError::Check(_)));
        let read = UnitsError::Read {
            path: PathBuf::from("unit.json"),
            error: io::Error::from(io::ErrorKind::NotFound),
        };
        assert_eq!(code(CliError::from(read)), USAGE);
        let rules = "dim:4".parse::<crate::rules::Rules>().unwrap_err();
        assert_eq!(code(CliError::from(rules)), USAGE);
    }
}
