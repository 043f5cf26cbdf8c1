//! From the verdicts to the estimate: |superset| times the legal fraction, with 95%
//! Wilson score intervals, and bounds that hold whatever the undecided samples are.

use num_bigint::BigUint;
use serde::{Deserialize, Serialize};

use crate::number::{log10, round_to, scientific};

/// The standard normal quantile of 0.975: a two-sided 95% interval.
pub const Z_95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval for `successes` out of `n` at normal quantile `z`
/// (Wilson 1927): unlike the normal approximation it stays inside [0, 1] and keeps its
/// coverage near 0 and 1, where the legal share of small material classes lies.
pub fn wilson(successes: u64, n: u64, z: f64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (k, n) = (successes as f64, n as f64);
    let p = k / n;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    let low = if successes == 0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let high = if successes as f64 == n {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (low, high)
}

/// `count * k / n`, rounded down, exactly.
pub fn ratio(count: &BigUint, k: u64, n: u64) -> BigUint {
    if n == 0 {
        return BigUint::default();
    }
    count * BigUint::from(k) / BigUint::from(n)
}

/// `count` times a fraction in [0, 1], to 53 bits of the fraction: the integer part.
pub fn scale(count: &BigUint, fraction: f64) -> BigUint {
    let fraction = fraction.clamp(0.0, 1.0);
    let numerator = (fraction * (1u64 << 53) as f64).round() as u64;
    (count * BigUint::from(numerator)) >> 53u32
}

/// A count as JSON writes it: exact decimal, three significant digits, log10.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BigCount {
    /// The count in decimal.
    pub value: String,
    /// Three significant digits ("4.81e44"), in full below a million.
    pub scientific: String,
    /// log10 of the count, to three decimals (`null` for zero).
    pub log10: Option<f64>,
}

impl BigCount {
    /// The written form of `value`.
    pub fn of(value: &BigUint) -> BigCount {
        BigCount {
            value: value.to_string(),
            scientific: scientific(value),
            log10: (value.bits() > 0).then(|| round_to(log10(value), 3)),
        }
    }
}

/// How many samples fell each way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Samples drawn.
    pub samples: u64,
    /// Proven legal by a replayed proof game.
    pub legal: u64,
    /// Proven illegal by a necessary condition.
    pub illegal: u64,
    /// Neither within the budget.
    pub undecided: u64,
}

impl Tally {
    /// Adds one verdict by its key ("legal", "illegal", "undecided").
    pub fn add(&mut self, key: &str) {
        self.samples += 1;
        match key {
            "legal" => self.legal += 1,
            "illegal" => self.illegal += 1,
            _ => self.undecided += 1,
        }
    }
}

/// A share of the samples with its 95% Wilson interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Share {
    /// The observed fraction.
    pub fraction: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

impl Share {
    /// `k` of `n`, with its interval.
    pub fn of(k: u64, n: u64) -> Share {
        let (low, high) = wilson(k, n, Z_95);
        Share {
            fraction: if n == 0 { 0.0 } else { k as f64 / n as f64 },
            low,
            high,
        }
    }
}

/// The estimate of the legal positions in a set of known size.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    /// The samples and their verdicts.
    pub tally: Tally,
    /// Proven legal.
    pub legal: Share,
    /// Proven illegal.
    pub illegal: Share,
    /// Undecided.
    pub undecided: Share,
    /// Not proven illegal (legal or undecided).
    pub not_illegal: Share,
    /// |set| x (legal + undecided / 2) / samples: the estimate itself when nothing is
    /// undecided, the middle of the bounds otherwise.
    pub point: BigCount,
    /// The lower bound: |set| x the proven-legal share.
    pub lower_bound: BigCount,
    /// The lower end of its 95% interval: the estimate's lower end.
    pub lower_bound_low: BigCount,
    /// The upper bound: |set| x the share not proven illegal.
    pub upper_bound: BigCount,
    /// The upper end of its 95% interval: the estimate's upper end.
    pub upper_bound_high: BigCount,
}

impl Estimate {
    /// The estimate for a set of `size` elements from the verdicts of uniform samples.
    ///
    /// The true legal share lies between the true proven-legal and not-proven-illegal
    /// shares of the set; each interval end misses its side with probability at most
    /// 2.5% (one side of a 95% interval), so [lower_bound_low, upper_bound_high]
    /// holds the legal count with probability at least 95%, whatever the undecided are.
    pub fn new(size: &BigUint, tally: Tally) -> Estimate {
        let n = tally.samples;
        let legal = Share::of(tally.legal, n);
        let not_illegal = Share::of(tally.legal + tally.undecided, n);
        Estimate {
            tally,
            legal,
            illegal: Share::of(tally.illegal, n),
            undecided: Share::of(tally.undecided, n),
            not_illegal,
            point: BigCount::of(&ratio(size, 2 * tally.legal + tally.undecided, 2 * n)),
            lower_bound: BigCount::of(&ratio(size, tally.legal, n)),
            lower_bound_low: BigCount::of(&scale(size, legal.low)),
            upper_bound: BigCount::of(&ratio(size, tally.legal + tally.undecided, n)),
            upper_bound_high: BigCount::of(&scale(size, not_illegal.high)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against published values: Wilson interval for 81 of 263 at 95% is
    /// 0.2553 to 0.3662 (Newcombe 1998, table I, method 3 example).
    #[test]
    fn wilson_matches_newcombe() {
        let (low, high) = wilson(81, 263, Z_95);
        assert!((low - 0.2553).abs() < 1e-4, "{low}");
        assert!((high - 0.3662).abs() < 1e-4, "{high}");
        // 0 of 10: [0, 0.2775] (Newcombe, same table).
        let (low, high) = wilson(0, 10, Z_95);
        assert_eq!(low, 0.0);
        assert!((high - 0.2775).abs() < 1e-4, "{high}");
    }

    #[test]
    fn scale_keeps_the_exact_count_at_one_and_halves_it_at_one_half() {
        let n = BigUint::from(10u32).pow(44) + 7u32;
        assert_eq!(scale(&n, 1.0), n);
        assert_eq!(scale(&n, 0.5), &n >> 1u32);
        assert_eq!(scale(&n, 0.0), BigUint::from(0u32));
    }

    #[test]
    fn bounds_bracket_the_point() {
        let size = BigUint::from(1_000_000u32);
        let e = Estimate::new(
            &size,
            Tally {
                samples: 100,
                legal: 30,
                illegal: 60,
                undecided: 10,
            },
        );
        assert_eq!(e.lower_bound.value, "300000");
        assert_eq!(e.upper_bound.value, "400000");
        assert_eq!(e.point.value, "350000");
        let low: u64 = e.lower_bound_low.value.parse().unwrap();
        let high: u64 = e.upper_bound_high.value.parse().unwrap();
        assert!(low < 300_000 && high > 400_000);
    }
}
