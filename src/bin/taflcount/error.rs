//! What can go wrong in a `taflcount` run, and the exit code each gets.

use std::fmt;
use std::io;
use std::path::PathBuf;

#[derive(Debug)]
pub enum CliError {
    /// Bad arguments or bad input text: exit code 2, like clap's own usage errors.
    Input(String),
    /// Writing a result failed: exit code 1.
    Write { path: PathBuf, source: io::Error },
}

impl CliError {
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Input(_) => taflcount::cli::exit::USAGE as u8,
            CliError::Write { .. } => 1,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Input(message) => f.write_str(message),
            CliError::Write { path, source } => {
                write!(f, "cannot write {}: {source}", path.display())
            }
        }
    }
}

impl std::error::Error for CliError {}
