//! Is this run slower than a saved one? A figure is a regression only when it is slower by
//! more than the threshold *and* beyond the noise of both runs: the current interval
//! [median - spread, median + spread] lies wholly below the baseline's.

use super::document::{BenchDocument, Figure};
use serde::{Deserialize, Serialize};

/// The default threshold: 10 % slower.
pub const DEFAULT_THRESHOLD: f64 = 0.10;

/// How one figure moved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpeedChange {
    /// Slower by more than the threshold, beyond the noise: a regression.
    Slower,
    /// Faster by more than the threshold, beyond the noise.
    Faster,
    /// Changed by more than the threshold, but the intervals overlap.
    WithinNoise,
    /// Changed by less than the threshold.
    Unchanged,
    /// No ratio: the figure is missing on one side, not available, or measured other work.
    NotComparable(String),
}

impl SpeedChange {
    /// The verdict's cell in the comparison table; only a regression is in capitals, to stand out.
    pub fn text(&self) -> String {
        match self {
            SpeedChange::Slower => "SLOWER".into(),
            SpeedChange::Faster => "faster".into(),
            SpeedChange::WithinNoise => "within noise".into(),
            SpeedChange::Unchanged => "unchanged".into(),
            SpeedChange::NotComparable(why) => format!("not compared: {why}"),
        }
    }
}

/// The verdict for a current (median, spread) against a baseline's, `threshold` a
/// fraction (0.10 for 10 %).
pub fn verdict(current: (f64, f64), baseline: (f64, f64), threshold: f64) -> SpeedChange {
    let ((now, now_spread), (then, then_spread)) = (current, baseline);
    let ratio = now / then;
    if ratio < 1.0 - threshold {
        if now + now_spread < then - then_spread {
            SpeedChange::Slower
        } else {
            SpeedChange::WithinNoise
        }
    } else if ratio > 1.0 + threshold {
        if now - now_spread > then + then_spread {
            SpeedChange::Faster
        } else {
            SpeedChange::WithinNoise
        }
    } else {
        SpeedChange::Unchanged
    }
}

/// One row of a comparison.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ComparisonRow {
    /// The variant's catalog name.
    pub variant: String,
    /// The kernel's id ("perft-bulk").
    pub kernel: String,
    /// The rate's unit ("leaves/s").
    pub unit: String,
    /// The baseline's median rate in `unit`; absent when the baseline has no figure.
    pub baseline: Option<f64>,
    /// This run's median rate in `unit`; absent when the kernel was not measured.
    pub current: Option<f64>,
    /// current / baseline: below 1 is slower.
    pub ratio: Option<f64>,
    /// How the figure moved.
    pub verdict: SpeedChange,
}

/// Every current figure against the baseline's figure for the same variant and kernel.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Comparison {
    /// The change that counts, as a fraction (0.10 for 10 %).
    pub threshold: f64,
    /// One row per figure of the current run, in its order.
    pub rows: Vec<ComparisonRow>,
}

impl Comparison {
    /// True if any figure is a regression.
    pub fn has_regression(&self) -> bool {
        self.slower() > 0
    }

    /// How many figures are slower than the baseline beyond the noise.
    pub fn slower(&self) -> usize {
        self.rows
            .iter()
            .filter(|r| r.verdict == SpeedChange::Slower)
            .count()
    }
}

/// Compares every figure of `current` with the baseline's figure for the same variant and
/// kernel; `threshold` a fraction (0.10 for 10 %).
pub fn compare(current: &BenchDocument, baseline: &BenchDocument, threshold: f64) -> Comparison {
    let rows = current
        .figures
        .iter()
        .map(|now| {
            let then = baseline
                .figures
                .iter()
                .find(|f| f.variant == now.variant && f.kernel == now.kernel);
            compare_figure(now, then, threshold)
        })
        .collect();
    Comparison { threshold, rows }
}

/// What `taflbench --json` prints: the run, and with `--baseline` its comparison.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BenchReport {
    /// The run, as `--save` writes it; its fields stand at the top level.
    #[serde(flatten)]
    pub run: BenchDocument,
    /// The comparison with `--baseline`, absent without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comparison: Option<ComparisonReport>,
}

/// A comparison as the JSON states it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ComparisonReport {
    /// The baseline file, as given.
    pub baseline: String,
    /// The threshold, in percent.
    pub threshold_percent: f64,
    /// True if any figure is a regression: the run fails.
    pub regression: bool,
    /// One row per figure of the current run.
    pub rows: Vec<ComparisonRow>,
}

impl BenchReport {
    /// The report of `run`, compared (`comparison`) with the file `baseline` at
    /// `threshold_percent` when there is one.
    pub fn new(run: BenchDocument, comparison: Option<(&Comparison, &str, f64)>) -> BenchReport {
        BenchReport {
            run,
            comparison: comparison.map(|(c, baseline, threshold_percent)| ComparisonReport {
                baseline: baseline.to_owned(),
                threshold_percent,
                regression: c.has_regression(),
                rows: c.rows.clone(),
            }),
        }
    }
}

fn compare_figure(now: &Figure, then: Option<&Figure>, threshold: f64) -> ComparisonRow {
    let mut row = ComparisonRow {
        variant: now.variant.clone(),
        kernel: now.kernel.clone(),
        unit: now.unit.clone(),
        baseline: then.and_then(|f| f.median),
        current: now.median,
        ratio: None,
        verdict: SpeedChange::Unchanged,
    };
    let Some(then) = then else {
        row.verdict = SpeedChange::NotComparable("not in the baseline".into());
        return row;
    };
    row.verdict = match (now.rate(), then.rate()) {
        (Some(_), Some(_)) if now.work != then.work => SpeedChange::NotComparable(format!(
            "the baseline measured {}",
            then.work.as_deref().unwrap_or("other work")
        )),
        (Some(current), Some(baseline)) if !(current.0 > 0.0 && baseline.0 > 0.0) => {
            // Loaded files are validated; a kernel that measured no work cannot be
            // compared either (its ratio would be 0, infinite or NaN).
            SpeedChange::NotComparable("a rate of zero".into())
        }
        (Some(current), Some(baseline)) => {
            row.ratio = Some(current.0 / baseline.0);
            verdict(current, baseline, threshold)
        }
        (None, _) => SpeedChange::NotComparable(
            now.unavailable
                .clone()
                .unwrap_or_else(|| "not measured".into()),
        ),
        (_, None) => SpeedChange::NotComparable(format!(
            "baseline: {}",
            then.unavailable.as_deref().unwrap_or("not measured")
        )),
    };
    row
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::machine::Machine;
    use crate::bench::measure::Measurement;

    #[test]
    fn slower_beyond_threshold_and_noise_is_a_regression() {
        // 20 % slower, intervals [78, 82] and [98, 102] apart.
        assert_eq!(
            verdict((80.0, 2.0), (100.0, 2.0), 0.10),
            SpeedChange::Slower
        );
    }

    #[test]
    fn equal_figures_are_unchanged() {
        assert_eq!(
            verdict((100.0, 2.0), (100.0, 2.0), 0.10),
            SpeedChange::Unchanged
        );
        assert_eq!(
            verdict((100.0, 0.0), (100.0, 0.0), 0.10),
            SpeedChange::Unchanged
        );
    }

    #[test]
    fn noise_does_not_trigger() {
        // 20 % slower, but the current interval [65, 95] reaches the baseline's [90, 110].
        assert_eq!(
            verdict((80.0, 15.0), (100.0, 10.0), 0.10),
            SpeedChange::WithinNoise
        );
        // Within the threshold however tight the intervals: 5 % slower.
        assert_eq!(
            verdict((95.0, 0.1), (100.0, 0.1), 0.10),
            SpeedChange::Unchanged
        );
    }

    #[test]
    fn the_threshold_is_respected() {
        assert_eq!(
            verdict((95.0, 0.1), (100.0, 0.1), 0.03),
            SpeedChange::Slower
        );
        assert_eq!(
            verdict((85.0, 0.1), (100.0, 0.1), 0.20),
            SpeedChange::Unchanged
        );
    }

    #[test]
    fn faster_is_never_a_regression() {
        assert_eq!(
            verdict((150.0, 2.0), (100.0, 2.0), 0.10),
            SpeedChange::Faster
        );
        assert_eq!(
            verdict((150.0, 40.0), (100.0, 20.0), 0.10),
            SpeedChange::WithinNoise
        );
    }

    fn document(figures: Vec<Figure>) -> BenchDocument {
        let machine = Machine {
            commit: "abc".into(),
            rustc: "rustc 1.95.0".into(),
            cpu: "cpu".into(),
            cpus: 2,
            threads: 1,
            date: "2026-11-21".into(),
            load_average: None,
        };
        BenchDocument {
            header: crate::document::Header::new(1, "taflbench"),
            quick: true,
            machine,
            figures,
        }
    }

    fn figure(kernel: &str, rates: &[f64]) -> Figure {
        Figure::measured(
            "brandub",
            kernel,
            "leaves/s",
            "depth 4 from the start, 1 thread".into(),
            Measurement::from_rates(rates.to_vec()),
        )
    }

    #[test]
    fn a_fake_slower_baseline_is_detected_and_an_equal_one_is_not() {
        let baseline = document(vec![
            figure("perft-bulk", &[100.0, 101.0, 99.0]),
            figure("movegen", &[50.0, 50.5, 49.5]),
        ]);
        let equal = compare(&baseline, &baseline, DEFAULT_THRESHOLD);
        assert!(!equal.has_regression());
        assert!(equal
            .rows
            .iter()
            .all(|r| r.verdict == SpeedChange::Unchanged && r.ratio == Some(1.0)));

        let slower = document(vec![
            figure("perft-bulk", &[70.0, 71.0, 69.0]),
            figure("movegen", &[50.0, 50.5, 49.5]),
        ]);
        let result = compare(&slower, &baseline, DEFAULT_THRESHOLD);
        assert!(result.has_regression());
        assert_eq!(result.rows[0].verdict, SpeedChange::Slower);
        assert_eq!(result.rows[0].ratio, Some(0.7));
        assert_eq!(result.rows[1].verdict, SpeedChange::Unchanged);
    }

    #[test]
    fn figures_of_other_work_or_unavailable_are_not_compared() {
        let mut other = figure("perft-bulk", &[10.0]);
        other.work = Some("depth 5 from the start, 1 thread".into());
        let baseline = document(vec![
            figure("perft-bulk", &[100.0]),
            Figure::unavailable("brandub", "search", "nodes/s", "AI not built yet"),
        ]);
        let current = document(vec![
            other,
            Figure::unavailable("brandub", "search", "nodes/s", "AI not built yet"),
            figure("movegen", &[1.0]),
        ]);
        let result = compare(&current, &baseline, DEFAULT_THRESHOLD);
        assert!(!result.has_regression());
        assert!(result
            .rows
            .iter()
            .all(|r| matches!(r.verdict, SpeedChange::NotComparable(_)) && r.ratio.is_none()));
        assert_eq!(
            result.rows[1].verdict.text(),
            "not compared: AI not built yet"
        );
        assert_eq!(
            result.rows[2].verdict.text(),
            "not compared: not in the baseline"
        );
    }
}
