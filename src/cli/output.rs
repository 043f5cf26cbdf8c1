//! Results on stdout, written so that a closed pipe (`taflperft ... | head -1`) ends the
//! run quietly instead of panicking the way `println!` does.

use super::error::CliError;
use serde::Serialize;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

/// Set by [`finish_when_closed`]: a closed pipe no longer stops the run.
static FINISH_WHEN_CLOSED: AtomicBool = AtomicBool::new(false);

/// For a run whose exit code is a verdict (a suite, a comparison with a baseline) or
/// that still has files to write (`--save`, `--report`): from now on a closed pipe
/// stops the printing, not the run. Without it, `taflbench --baseline old.json | head
/// -1` exited 0 over a regression and skipped `--save`. Printing to a closed pipe
/// costs one failed write per call.
pub fn finish_when_closed() {
    FINISH_WHEN_CLOSED.store(true, Ordering::Relaxed);
}

fn stdout_result(result: io::Result<()>) -> Result<(), CliError> {
    match result {
        Ok(()) => Ok(()),
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => {
            if FINISH_WHEN_CLOSED.load(Ordering::Relaxed) {
                Ok(())
            } else {
                Err(CliError::ClosedPipe)
            }
        }
        Err(error) => Err(CliError::Write {
            target: "<stdout>".into(),
            source: error,
        }),
    }
}

/// Writes text to stdout as it is.
pub fn print(text: &str) -> Result<(), CliError> {
    let mut stdout = io::stdout().lock();
    stdout_result(
        stdout
            .write_all(text.as_bytes())
            .and_then(|()| stdout.flush()),
    )
}

/// Writes formatted text and a newline to stdout; used by [`outln!`](crate::outln).
pub fn print_line(args: std::fmt::Arguments) -> Result<(), CliError> {
    let mut stdout = io::stdout().lock();
    stdout_result(
        stdout
            .write_fmt(args)
            .and_then(|()| stdout.write_all(b"\n")),
    )
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

/// A file a tool writes ([`crate::files::write_file`]): an existing one is an input error
/// that names `--force`, a refused write a write error (exit 1).
pub fn write_file(path: &std::path::Path, bytes: &[u8], force: bool) -> Result<(), CliError> {
    crate::files::write_file(path, bytes, force).map_err(write_error)
}

/// [`write_file`]'s checks, made before long work so that it is not lost at the end.
pub fn check_writable(path: &std::path::Path, force: bool) -> Result<(), CliError> {
    crate::files::check_writable(path, force).map_err(write_error)
}

/// A refused write as the tools report it: an existing file is an input error (exit 2),
/// a write the system refused a failed one (exit 1).
pub fn write_error(e: crate::files::WriteError) -> CliError {
    match e {
        crate::files::WriteError::Exists(path) => CliError::Input(format!(
            "{} exists; name another file, or add --force to replace it",
            path.display()
        )),
        crate::files::WriteError::Io { path, error } => CliError::Write {
            target: path.display().to_string(),
            source: error,
        },
    }
}
