//! Signals that end a run: Ctrl-C (SIGINT), SIGTERM and SIGHUP, taken alike (the
//! handler cannot tell them apart). Every program installs the handler as it parses its
//! arguments ([`install`]). A run that can stop early and report what it has
//! ([`stop_flag`]: taflmatch) takes the first signal as a request to stop starting work;
//! any other signal, and the first one in any other run, quits at once. Quitting at once
//! still keeps two promises: every program the run started ([`crate::process`]) is killed,
//! and a file the run created and has not written to yet is removed
//! ([`remove_if_empty_on_quit`]), so a rerun is not refused by an empty file.
//! The exit code is 130 (128 + SIGINT, as a shell reports an interrupted program).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};

/// The exit code of a run stopped by a signal (128 + SIGINT).
pub const INTERRUPTED: u8 = 130;

static STOP: AtomicBool = AtomicBool::new(false);
/// What the first signal does in a run that can stop early (set by [`stop_flag`]).
static GRACEFUL: OnceLock<&'static str> = OnceLock::new();
static PROGRAM: OnceLock<String> = OnceLock::new();
/// Files created by the run and removed on a quit if still empty.
static EMPTY_ON_QUIT: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn files() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    EMPTY_ON_QUIT
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Installs the handler (once; later calls do nothing). If it cannot be installed
/// (another owns the signals), they keep their default.
pub fn install(program: &str) {
    if PROGRAM.set(program.to_string()).is_err() {
        return;
    }
    let _ = ctrlc::set_handler(on_signal);
}

fn on_signal() {
    let program = PROGRAM.get().map_or("taflcount", String::as_str);
    let first = !STOP.swap(true, Ordering::SeqCst);
    match GRACEFUL.get() {
        Some(what) if first => {
            eprintln!("\n{program}: interrupted: {what} (Ctrl-C again to quit at once)");
        }
        Some(_) => {
            eprintln!("\n{program}: interrupted again: quitting at once");
            quit();
        }
        None => {
            eprintln!("\n{program}: interrupted");
            quit();
        }
    }
}

/// Kills every program the run started, removes its still-empty files, exits with 130.
fn quit() -> ! {
    crate::process::kill_all();
    for path in files().iter() {
        if std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.len() == 0) {
            let _ = std::fs::remove_file(path);
        }
    }
    std::process::exit(i32::from(INTERRUPTED));
}

/// The flag the first signal sets, in a run that can stop early and report: `what` says
/// on stderr what the run does once asked to stop (`the games in play end`). A second
/// signal quits at once.
pub fn stop_flag(program: &'static str, what: &'static str) -> &'static AtomicBool {
    install(program);
    let _ = GRACEFUL.set(what);
    &STOP
}

/// Whether a signal asked the run to stop.
pub fn stopped() -> bool {
    STOP.load(Ordering::SeqCst)
}

/// A file the run has just created: if a signal quits the run while it is still empty,
/// it is removed.
pub fn remove_if_empty_on_quit(path: &Path) {
    files().push(path.to_path_buf());
}
