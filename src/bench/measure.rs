//! Timing a kernel honestly: warm-up runs that are thrown away, then several timed runs,
//! reported as the median rate and its spread (the median absolute deviation), so one
//! disturbed run moves neither.

use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

/// How long and how often to time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Plan {
    /// Untimed runs first, thrown away, so that the timed runs start warm.
    pub warm_up_runs: usize,
    /// Timed runs; the figure is their median rate.
    pub runs: usize,
    /// Each run repeats the kernel's unit of work until at least this long has passed.
    pub min_run_time: Duration,
}

impl Plan {
    /// The default run: about five seconds per kernel.
    pub const FULL: Plan = Plan {
        warm_up_runs: 1,
        runs: 7,
        min_run_time: Duration::from_millis(600),
    };
    /// `--quick`: a fraction of a second per kernel.
    pub const QUICK: Plan = Plan {
        warm_up_runs: 1,
        runs: 5,
        min_run_time: Duration::from_millis(20),
    };
}

/// A spread above this fraction of the median flags the figure as noisy.
pub const NOISY_SPREAD: f64 = 0.05;

/// Rates per second of one kernel.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Measurement {
    /// Median of the runs' rates, in elements per second.
    pub median: f64,
    /// Median absolute deviation of the runs' rates from `median`.
    pub spread: f64,
    /// Every timed run's rate, in the order run.
    pub rates: Vec<f64>,
}

impl Measurement {
    /// The median and spread of some rates.
    pub fn from_rates(rates: Vec<f64>) -> Measurement {
        assert!(!rates.is_empty(), "a measurement needs at least one run");
        let median = median(&rates);
        let deviations: Vec<f64> = rates.iter().map(|r| (r - median).abs()).collect();
        Measurement {
            median,
            spread: median_of(deviations),
            rates,
        }
    }

    /// True if the spread is wide enough that the machine was probably busy.
    pub fn is_noisy(&self) -> bool {
        self.spread > NOISY_SPREAD * self.median
    }
}

fn median(values: &[f64]) -> f64 {
    median_of(values.to_vec())
}

fn median_of(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}

/// Times `unit`, which does a fixed amount of work and returns how many elements (moves,
/// leaves, games...) it processed.
pub fn measure(plan: Plan, mut unit: impl FnMut() -> u64) -> Measurement {
    let mut run = || {
        let started = Instant::now();
        let mut elements = 0u64;
        loop {
            elements += std::hint::black_box(unit());
            let elapsed = started.elapsed();
            if elapsed >= plan.min_run_time {
                return elements as f64 / elapsed.as_secs_f64();
            }
        }
    };
    for _ in 0..plan.warm_up_runs {
        run();
    }
    Measurement::from_rates((0..plan.runs).map(|_| run()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_and_spread_of_odd_and_even_runs() {
        let m = Measurement::from_rates(vec![100.0, 90.0, 130.0, 95.0, 105.0]);
        assert_eq!(m.median, 100.0);
        // Deviations 0, 10, 30, 5, 5: median 5.
        assert_eq!(m.spread, 5.0);
        let m = Measurement::from_rates(vec![10.0, 20.0, 30.0, 40.0]);
        assert_eq!(m.median, 25.0);
        // Deviations 15, 5, 5, 15.
        assert_eq!(m.spread, 10.0);
    }

    #[test]
    fn one_disturbed_run_moves_neither_median_nor_spread_much() {
        let calm = Measurement::from_rates(vec![100.0, 101.0, 99.0, 100.0, 102.0]);
        let disturbed = Measurement::from_rates(vec![100.0, 101.0, 20.0, 100.0, 102.0]);
        assert_eq!(calm.median, disturbed.median);
        assert_eq!(calm.spread, disturbed.spread);
        assert!(!disturbed.is_noisy());
    }

    #[test]
    fn a_wide_spread_is_noisy() {
        assert!(Measurement::from_rates(vec![100.0, 80.0, 120.0]).is_noisy());
        assert!(!Measurement::from_rates(vec![100.0, 98.0, 103.0]).is_noisy());
    }

    #[test]
    fn measure_runs_warm_up_plus_runs_and_counts_elements() {
        let mut calls = 0;
        let plan = Plan {
            warm_up_runs: 2,
            runs: 3,
            min_run_time: Duration::ZERO,
        };
        let m = measure(plan, || {
            calls += 1;
            10
        });
        assert_eq!(calls, 5);
        assert_eq!(m.rates.len(), 3);
        assert!(m.rates.iter().all(|&r| r > 0.0));
    }
}
