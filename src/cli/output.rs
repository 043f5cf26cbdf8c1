//! Results on stdout, written so that a closed pipe (`taflperft ... | head -1`) ends the
//! run quietly instead of panicking the way `println!` does.

use super::error::CliError;
use serde::Serialize;
use std::io::{self, Write};

fn stdout_error(error: io::Error) -> CliError {
    if error.kind() == io::ErrorKind::BrokenPipe {
        CliError::ClosedPipe
    } else {
        CliError::Write {
            target: "<stdout>".into(),
            source: error,
        }
    }
}

/// Writes text to stdout as it is.
pub fn print(text: &str) -> Result<(), CliError> {
    let mut stdout = io::stdout().lock();
    stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
        .map_err(stdout_error)
}

/// Writes formatted text and a newline to stdout; used by [`outln!`](crate::outln).
pub fn print_line(args: std::fmt::Arguments) -> Result<(), CliError> {
    let mut stdout = io::stdout().lock();
    stdout
        .write_fmt(args)
        .and_then(|()| stdout.write_all(b"\n"))
        .map_err(stdout_error)
}

/// Writes a document as pretty JSON ending with a newline.
pub fn print_json<T: Serialize + ?Sized>(document: &T) -> Result<(), CliError> {
    let mut text = serde_json::to_string_pretty(document)
        .map_err(|e| CliError::input(format!("cannot serialise the result: {e}")))?;
    text.push('\n');
    print(&text)
}

/// `println!` for results: `outln!("{x}")?` returns [`CliError::ClosedPipe`] when the
/// reader has gone, so the tool stops its work and exits 0.
#[macro_export]
macro_rules! outln {
    () => { $crate::cli::output::print_line(format_args!("")) };
    ($($arg:tt)*) => { $crate::cli::output::print_line(format_args!($($arg)*)) };
}
