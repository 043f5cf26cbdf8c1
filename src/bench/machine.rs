//! Where figures were measured: commit, compiler, CPU, threads and date, so two saved runs
//! can be told apart and a comparison across machines can be flagged.

use serde::{Deserialize, Serialize};
use std::path::Path;
use std::process::Command;

/// The machine and build a run was measured on.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Machine {
    /// `git rev-parse --short=12 HEAD` of the source tree, with "-dirty" if tracked files
    /// were changed; "unknown" outside a git checkout.
    pub commit: String,
    /// `rustc --version` of the compiler that built the binary.
    pub rustc: String,
    /// "model name" from /proc/cpuinfo, or "unknown".
    pub cpu: String,
    /// Logical CPUs available to the process.
    pub cpus: usize,
    /// Threads the perft kernels ran on (`--threads`).
    pub threads: usize,
    /// UTC date of the run, YYYY-MM-DD.
    pub date: String,
    /// The 1-minute load average from /proc/loadavg when the run began: above `cpus`,
    /// other programs were competing for the CPUs and every figure is low.
    #[serde(default)]
    pub load_average: Option<f64>,
}

impl Machine {
    /// This machine, now, for the source tree at `source`.
    pub fn detect(source: &Path, threads: usize) -> Machine {
        Machine {
            commit: commit(source).unwrap_or_else(|| "unknown".into()),
            rustc: rustc_version(),
            cpu: cpu_model().unwrap_or_else(|| "unknown".into()),
            cpus: std::thread::available_parallelism().map_or(1, |n| n.get()),
            threads,
            date: today(),
            load_average: load_average(),
        }
    }

    /// True if other programs were using more than the machine's CPUs when the run began.
    pub fn was_busy(&self) -> bool {
        self.load_average
            .is_some_and(|load| load > self.cpus as f64)
    }
}

fn load_average() -> Option<f64> {
    std::fs::read_to_string("/proc/loadavg")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

fn git(source: &Path, args: &[&str]) -> Option<std::process::Output> {
    Command::new("git")
        .arg("-C")
        .arg(source)
        .args(args)
        .output()
        .ok()
        .filter(|o| o.status.success())
}

fn commit(source: &Path) -> Option<String> {
    let head = git(source, &["rev-parse", "--short=12", "HEAD"])?;
    let head = String::from_utf8_lossy(&head.stdout).trim().to_string();
    let dirty = git(source, &["status", "--porcelain", "--untracked-files=no"])
        .is_some_and(|o| !o.stdout.is_empty());
    Some(if dirty { format!("{head}-dirty") } else { head })
}

/// Captured by build.rs; `rustc --version` now if the build could not run it.
fn rustc_version() -> String {
    let built = env!("TAFLCOUNT_RUSTC_VERSION");
    if !built.is_empty() {
        return built.to_string();
    }
    Command::new("rustc")
        .arg("--version")
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| "unknown".into())
}

fn cpu_model() -> Option<String> {
    let info = std::fs::read_to_string("/proc/cpuinfo").ok()?;
    info.lines()
        .find(|l| l.starts_with("model name"))
        .and_then(|l| l.split_once(':'))
        .map(|(_, v)| v.trim().to_string())
}

fn today() -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((seconds / 86_400) as i64);
    format!("{y:04}-{m:02}-{d:02}")
}

/// Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_from_days() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        // 2000-02-29 is day 11,016; 2026-11-21 is day 20,778 (`date -d 2026-11-21 +%s` / 86400).
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_778), (2026, 11, 21));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
    }

    #[test]
    fn the_build_recorded_a_compiler() {
        assert!(rustc_version().starts_with("rustc "));
    }
}
