//! Results on stdout, written so that a closed pipe (`taflperft ... | head -1`) ends the
//! run quietly instead of panicking the way `println!` does.

use super::error::{CliError, Hint};
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

/// A document as pretty JSON ending with a newline: the one encoding of every tool's
/// `--json` and saved documents. A failure is the program's ([`CliError::Encode`],
/// exit 1), never an input error.
pub fn json_text<T: Serialize + ?Sized>(document: &T) -> Result<String, CliError> {
    let mut text =
        serde_json::to_string_pretty(document).map_err(|e| CliError::Encode(e.to_string()))?;
    text.push('\n');
    Ok(text)
}

/// Writes a document as pretty JSON ending with a newline.
pub fn print_json<T: Serialize + ?Sized>(document: &T) -> Result<(), CliError> {
    print(&json_text(document)?)
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
        crate::files::WriteError::Exists(path) => CliError::exists(None, &path),
        crate::files::WriteError::Io { path, error } => CliError::Write {
            target: path.display().to_string(),
            source: error,
        },
    }
}

/// A plan folder that could not be written, as the tools report it: one that holds a
/// plan already is an input error that names `--force`; any other keeps its kind.
pub fn plan_error(e: crate::units::UnitsError) -> CliError {
    match e {
        crate::units::UnitsError::Exists { .. } => CliError::input(e).with_hint(Hint::Force),
        e => e.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_document_json_cannot_encode_is_the_programs_failure_not_the_inputs() {
        // JSON object keys must be strings: a map keyed by pairs cannot be encoded.
        let map: std::collections::BTreeMap<(u8, u8), u8> = [((1, 2), 3)].into();
        let error = json_text(&map).unwrap_err();
        assert!(matches!(error, CliError::Encode(_)), "{error:?}");
        assert!(
            error.to_string().starts_with("cannot encode the result: "),
            "{error}"
        );
        assert_eq!(json_text(&[1, 2]).unwrap(), "[\n  1,\n  2\n]\n");
    }
}
