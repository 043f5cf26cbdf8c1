//! Every exit-code test runs its binary twice (issue 15): as written, and with stdout
//! closed early, as behind `| head -1`. The second run must end with the same exit code
//! and without a panic; the tests then check the first run's output as before.
//!
//! Used as `mod closed_stdout;` by the command-line test files, around the one helper
//! each has for running a tool.

use std::process::{Command, Output, Stdio};

/// The write end of a pipe whose reader has already exited: every write fails with
/// EPIPE at once, as when `head` has read its line (deterministic, unlike dropping a
/// reader that may or may not come before the first write).
pub fn closed_stdout() -> Stdio {
    let mut reader = Command::new("true").stdin(Stdio::piped()).spawn().unwrap();
    let writer = reader.stdin.take().unwrap();
    reader.wait().unwrap();
    Stdio::from(writer)
}

/// Runs `command` with stdout closed early, then as set up (last, so that files it
/// writes are the ones of the run returned): the same exit code both times and no
/// panic, or the test fails. Returns the second run's output.
pub fn output(command: &mut Command) -> Output {
    let closed = command
        .stdout(closed_stdout())
        .stderr(Stdio::piped())
        .output()
        .expect("the binary runs");
    let run = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .expect("the binary runs");
    assert_same_ending(&format!("{command:?}"), &closed, &run);
    run
}

/// The run with stdout closed (`closed`) ended without a panic and with the exit code
/// of the ordinary run (`run`).
pub fn assert_same_ending(what: &str, closed: &Output, run: &Output) {
    let err = String::from_utf8_lossy(&closed.stderr);
    assert!(
        !err.contains("panicked"),
        "{what} with stdout closed: {err}"
    );
    assert_eq!(
        closed.status.code(),
        run.status.code(),
        "{what} with stdout closed: {err}"
    );
}
