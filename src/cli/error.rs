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
            CliError::ClosedPipe => f.write_str("stdout was closed"),
        }
    }
}

/// Every library error is an input error at the command line: the library's messages
/// already name the key, the position or the move.
impl<E: std::error::Error> From<E> for CliError {
    fn from(error: E) -> CliError {
        CliError::Input(error.to_string())
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
