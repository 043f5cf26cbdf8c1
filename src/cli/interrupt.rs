//! Ctrl-C for long runs: the first asks the run to stop starting work and report what it
//! has; the second quits at once (exit 130, as a shell reports an interrupted program).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

/// The exit code of a run stopped by Ctrl-C (128 + SIGINT).
pub const INTERRUPTED: u8 = 130;

static STOP: AtomicBool = AtomicBool::new(false);

/// The flag the first Ctrl-C sets, installing the handler on the first call. `what`
/// says on stderr what the run does once asked to stop (`the games in play end`). If
/// the handler cannot be installed (another owns the signal), Ctrl-C keeps its default
/// and the flag is never set.
pub fn stop_flag(program: &'static str, what: &'static str) -> &'static AtomicBool {
    static INSTALLED: OnceLock<()> = OnceLock::new();
    INSTALLED.get_or_init(|| {
        let _ = ctrlc::set_handler(move || {
            if STOP.swap(true, Ordering::SeqCst) {
                eprintln!("\n{program}: interrupted again: quitting at once");
                std::process::exit(i32::from(INTERRUPTED));
            }
            eprintln!("\n{program}: interrupted: {what} (Ctrl-C again to quit at once)");
        });
    });
    &STOP
}

/// Whether Ctrl-C asked the run to stop.
pub fn stopped() -> bool {
    STOP.load(Ordering::SeqCst)
}
