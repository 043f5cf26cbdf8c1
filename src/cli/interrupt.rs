//! Signals that end a run: Ctrl-C (SIGINT), SIGTERM and SIGHUP. Every program installs
//! the handlers as it parses its arguments ([`install`]). A run that can stop early and
//! report what it has ([`stop_flag`]: taflmatch, `complexity --legal`) takes the first
//! Ctrl-C as a request to stop starting work; a second Ctrl-C, SIGTERM, SIGHUP, and Ctrl-C
//! in any other run quit at once. Quitting at once still keeps two promises: every
//! program the run started ([`crate::process`]) is killed, and a file the run created and
//! has not written to yet is removed ([`remove_if_empty_on_quit`]), so a rerun is not
//! refused by an empty file. The exit code is 128 + the signal, as a shell reports it:
//! 130 for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP.
//!
//! Ctrl-C goes through the `ctrlc` crate; SIGTERM and SIGHUP are blocked in every thread
//! (the mask is set before the program starts any) and taken by a thread of their own
//! with `sigwait`, so the handler is plain code, not a signal handler. Programs started
//! with `std::process::Command` begin with an empty mask.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};

/// The exit code of a run stopped by a signal (128 + SIGINT).
pub const INTERRUPTED: u8 = 130;

static STOP: AtomicBool = AtomicBool::new(false);
/// Set once [`quit`] has begun: the run's own ending must then wait for its exit code.
static QUITTING: AtomicBool = AtomicBool::new(false);
/// What the first signal does in a run that can stop early (set by [`stop_flag`]).
static GRACEFUL: OnceLock<&'static str> = OnceLock::new();
static PROGRAM: OnceLock<String> = OnceLock::new();
/// Files created by the run and removed on a quit: if still empty (`true`), or always
/// (a temporary file, `false`).
static EMPTY_ON_QUIT: Mutex<Vec<(PathBuf, bool)>> = Mutex::new(Vec::new());

fn files() -> std::sync::MutexGuard<'static, Vec<(PathBuf, bool)>> {
    EMPTY_ON_QUIT
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Installs the handlers (once; later calls do nothing). To be called before the
/// program starts a thread, so that every thread inherits the blocked SIGTERM and
/// SIGHUP. If a handler cannot be installed, its signal keeps its default.
pub fn install(program: &str) {
    if PROGRAM.set(program.to_string()).is_err() {
        return;
    }
    #[cfg(unix)]
    take_termination();
    let _ = ctrlc::set_handler(on_signal);
}

/// SIGTERM and SIGHUP: blocked here (and so in every thread started after), taken by a
/// thread waiting for them, which quits at once.
#[cfg(unix)]
fn take_termination() {
    // SAFETY: sigset_t is plain data, initialised by sigemptyset before any use; the
    // calls take pointers to it alone.
    let set = unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, libc::SIGTERM);
        libc::sigaddset(&mut set, libc::SIGHUP);
        set
    };
    // SAFETY: as above. Blocked before the thread starts, which inherits the mask (as
    // every later thread does): sigwait takes only blocked signals.
    unsafe {
        libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut());
    }
    let waiter = std::thread::Builder::new().spawn(move || loop {
        let mut signal = 0;
        // SAFETY: as above; `signal` is a valid place for the answer.
        if unsafe { libc::sigwait(&set, &mut signal) } == 0 {
            let program = PROGRAM.get().map_or("taflcount", String::as_str);
            eprintln!("\n{program}: terminated (signal {signal})");
            quit(128 + signal);
        }
    });
    if waiter.is_err() {
        // No thread to take them: their default (the program ends) is better than
        // signals that nothing takes.
        // SAFETY: as above.
        unsafe {
            libc::pthread_sigmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
        }
    }
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
            quit(i32::from(INTERRUPTED));
        }
        None => {
            eprintln!("\n{program}: interrupted");
            quit(i32::from(INTERRUPTED));
        }
    }
}

/// Kills every program the run started, removes its still-empty files, exits with `code`.
fn quit(code: i32) -> ! {
    // Before the kill: the run sees its programs die (forfeits, read errors) only after
    // this is set, so its own ending waits instead of racing this exit with its code.
    QUITTING.store(true, Ordering::SeqCst);
    crate::process::kill_all();
    for (path, only_if_empty) in files().iter() {
        if std::fs::metadata(path).is_ok_and(|m| m.is_file() && (m.len() == 0 || !only_if_empty)) {
            let _ = std::fs::remove_file(path);
        }
    }
    std::process::exit(code);
}

/// The flag the first signal sets, in a run that can stop early and report: `what` says
/// on stderr what the run does once asked to stop (`the games in play end`). A second
/// signal quits at once.
pub fn stop_flag(program: &'static str, what: &'static str) -> &'static AtomicBool {
    install(program);
    let _ = GRACEFUL.set(what);
    &STOP
}

/// Called where a run ends on its own: if a signal is quitting it, waits for that quit
/// to exit with 128 + the signal, so that the killed programs the run counts as failed
/// (a forfeit, an engine gone) never turn into a failed check's exit code.
pub fn wait_if_quitting() {
    while QUITTING.load(Ordering::SeqCst) {
        std::thread::park();
    }
}

/// Whether a signal asked the run to stop.
pub fn stopped() -> bool {
    STOP.load(Ordering::SeqCst)
}

/// A file the run has just created: if a signal quits the run while it is still empty,
/// it is removed.
pub fn remove_if_empty_on_quit(path: &Path) {
    files().push((path.to_path_buf(), true));
}

/// A temporary file of the run (`files::AtomicFile`'s): removed if a signal quits the run.
pub fn remove_on_quit(path: &Path) {
    files().push((path.to_path_buf(), false));
}
