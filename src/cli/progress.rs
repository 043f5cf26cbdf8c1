//! Progress on stderr, only on a terminal and only once the work has run for a second,
//! so piped and scripted runs stay quiet.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// A progress bar on stderr that appears only on a terminal, and only once the work has
/// run for a second.
pub struct Progress {
    bar: indicatif::ProgressBar,
    started: Instant,
    shown: std::sync::atomic::AtomicBool,
    enabled: bool,
}

impl Progress {
    /// A bar of `total` steps with a message, hidden until it has run for a second.
    pub fn new(total: u64, message: &str) -> Progress {
        let bar = indicatif::ProgressBar::with_draw_target(
            Some(total),
            indicatif::ProgressDrawTarget::hidden(),
        );
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{msg} [{bar:30}] {pos}/{len} {elapsed} (eta {eta})",
            )
            .unwrap()
            .progress_chars("=> "),
        );
        bar.set_message(message.to_string());
        Progress {
            bar,
            started: Instant::now(),
            shown: false.into(),
            enabled: std::io::stderr().is_terminal(),
        }
    }

    /// Counts `n` more steps done.
    pub fn inc(&self, n: u64) {
        self.bar.inc(n);
        if self.enabled
            && self.started.elapsed() > Duration::from_secs(1)
            && !self.shown.swap(true, std::sync::atomic::Ordering::Relaxed)
        {
            self.bar
                .set_draw_target(indicatif::ProgressDrawTarget::stderr());
        }
    }

    /// Replaces the message.
    pub fn set_message(&self, message: String) {
        self.bar.set_message(message);
    }

    /// Clears the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
