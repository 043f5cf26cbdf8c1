//! Knuth's estimator of tree size (Knuth 1975, "Estimating the efficiency of backtrack
//! programs"): walk random paths from the root, each move chosen uniformly; a path
//! scores the product of the branching factors it met, which is an unbiased estimate of
//! the number of nodes at that depth. A path that ends before the depth scores 0 there.

use crate::moves::{Position, Tables};
use crate::rng::game_rng;
use rand::RngExt;

/// The estimate of perft(depth) from a set of random paths. Path scores are products
/// of branching factors, which pass f64's 1.8e308 near depth 150 of copenhagen (their
/// squares, for the variance, near depth 75), so the sums are kept as floats with a
/// wide exponent ([`Wide`]): every depth a user can ask for gets a finite estimate and
/// standard error, and below f64's range they are the plain float results to the bit.
#[derive(Clone, Debug, PartialEq)]
pub struct PerftEstimate {
    /// The depth estimated, in plies from the root.
    pub depth: u32,
    /// The random paths walked, those that died early included.
    pub samples: u64,
    /// The mean path score, the estimate of perft(depth): 0 when every path ended
    /// before this depth.
    pub mean: Wide,
    /// The standard error of the mean (sample sd / √samples): NaN for a single path.
    pub stderr: Wide,
}

impl PerftEstimate {
    /// log10 of the estimate (−∞ when every path died early).
    pub fn log10(&self) -> f64 {
        self.mean.log10()
    }

    /// The standard error as a fraction of the estimate: finite at any depth (NaN when
    /// the estimate is 0 or there is a single path).
    pub fn relative_stderr(&self) -> f64 {
        if self.mean.is_zero() {
            return f64::NAN;
        }
        self.stderr.ratio(self.mean)
    }

    /// log10 of the normal interval mean ± z·stderr, its low end cut at 0 (−∞): for
    /// z = 1.96 the usual 95 % interval.
    pub fn log10_interval(&self, z: f64) -> (f64, f64) {
        let r = z * self.relative_stderr();
        let low = if r < 1.0 {
            self.log10() + (-r).ln_1p() / std::f64::consts::LN_10
        } else {
            f64::NEG_INFINITY
        };
        (low, self.log10() + r.ln_1p() / std::f64::consts::LN_10)
    }
}

/// A float with a 64-bit exponent: `mantissa · 2^exponent`, the mantissa 0 or in
/// [0.5, 1). Its arithmetic rounds exactly as f64's does (scaling by powers of two is
/// exact), so it gives f64's results wherever those do not overflow, and finite ones
/// far beyond.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Wide {
    mantissa: f64,
    exponent: i64,
}

impl Wide {
    /// Zero.
    pub const ZERO: Wide = Wide {
        mantissa: 0.0,
        exponent: 0,
    };

    /// `x` (finite, or NaN).
    pub fn new(x: f64) -> Wide {
        Wide::normal(x, 0)
    }

    fn normal(x: f64, exponent: i64) -> Wide {
        if x == 0.0 || !x.is_finite() {
            return Wide {
                mantissa: x,
                exponent: 0,
            };
        }
        let (m, e) = frexp(x);
        Wide {
            mantissa: m,
            exponent: exponent + i64::from(e),
        }
    }

    /// True for zero.
    pub fn is_zero(self) -> bool {
        self.mantissa == 0.0
    }

    /// The value as an f64: ±infinity past f64's range.
    pub fn to_f64(self) -> f64 {
        if self.exponent > 1100 {
            return self.mantissa * f64::INFINITY;
        }
        if self.exponent < -1100 {
            return 0.0;
        }
        // Two steps, so that neither power of two overflows on its own.
        let half = self.exponent / 2;
        self.mantissa * 2f64.powi(half as i32) * 2f64.powi((self.exponent - half) as i32)
    }

    /// Natural logarithm (−∞ for zero, NaN for a negative value or NaN).
    pub fn ln(self) -> f64 {
        self.mantissa.ln() + self.exponent as f64 * std::f64::consts::LN_2
    }

    /// log10.
    pub fn log10(self) -> f64 {
        self.ln() / std::f64::consts::LN_10
    }

    /// self / other as an f64 (for ratios of comparable size).
    pub fn ratio(self, other: Wide) -> f64 {
        Wide::normal(
            self.mantissa / other.mantissa,
            self.exponent - other.exponent,
        )
        .to_f64()
    }

    fn mul(self, other: Wide) -> Wide {
        Wide::normal(
            self.mantissa * other.mantissa,
            self.exponent + other.exponent,
        )
    }

    fn add(self, other: Wide) -> Wide {
        if other.mantissa == 0.0 {
            return self;
        }
        if self.mantissa == 0.0 {
            return other;
        }
        let (big, small) = if self.exponent >= other.exponent {
            (self, other)
        } else {
            (other, self)
        };
        let shift = big.exponent - small.exponent;
        if shift > 1100 {
            return big;
        }
        let scaled = small.mantissa * 2f64.powi(-(shift as i32));
        Wide::normal(big.mantissa + scaled, big.exponent)
    }

    fn neg(self) -> Wide {
        Wide {
            mantissa: -self.mantissa,
            exponent: self.exponent,
        }
    }

    fn div(self, x: f64) -> Wide {
        Wide::normal(self.mantissa / x, self.exponent)
    }

    fn max_zero(self) -> Wide {
        if self.mantissa < 0.0 {
            Wide::ZERO
        } else {
            self
        }
    }

    fn sqrt(self) -> Wide {
        // An even exponent halves exactly.
        let odd = self.exponent.rem_euclid(2);
        Wide::normal(
            (self.mantissa * 2f64.powi(odd as i32)).sqrt(),
            (self.exponent - odd) / 2,
        )
    }
}

/// `x` = m · 2^e with m in [0.5, 1), for a finite non-zero `x`.
fn frexp(x: f64) -> (f64, i32) {
    let bits = x.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    if biased == 0 {
        // Subnormal: scale into the normal range first.
        let (m, e) = frexp(x * 2f64.powi(64));
        return (m, e - 64);
    }
    let m = f64::from_bits((bits & !(0x7ff << 52)) | (1022 << 52));
    (m, biased - 1022)
}

/// Estimates of perft(1..=depth) from `samples` random paths (each path serves every
/// depth). Path `i` uses `game_rng(seed, i)`, so the result is fixed by the seed. Follows
/// perft's rules: a finished game has no children, repetition is ignored.
pub fn estimate(
    t: &Tables,
    root: &Position,
    depth: u32,
    samples: u64,
    seed: u64,
) -> Vec<PerftEstimate> {
    let d = depth as usize;
    let mut sums = vec![Wide::ZERO; d];
    let mut squares = vec![Wide::ZERO; d];
    for i in 0..samples {
        let mut rng = game_rng(seed, i);
        let mut pos = root.clone();
        let mut weight = Wide::new(1.0);
        for ply in 0..d {
            if pos.ended_before_moving(t) {
                break;
            }
            let moves = pos.legal_moves(t);
            if moves.is_empty() {
                break;
            }
            weight = weight.mul(Wide::new(moves.len() as f64));
            sums[ply] = sums[ply].add(weight);
            squares[ply] = squares[ply].add(weight.mul(weight));
            pos.play(t, moves[rng.random_range(0..moves.len())]);
        }
    }
    let n = samples as f64;
    (0..d)
        .map(|k| {
            let mean = sums[k].div(n);
            let variance = if samples > 1 {
                // (Σx² − n·mean²) / (n − 1), in the order f64 code would take it.
                let spread = squares[k].add(Wide::new(n).mul(mean).mul(mean).neg());
                spread.div(n - 1.0).max_zero()
            } else {
                Wide::new(f64::NAN)
            };
            PerftEstimate {
                depth: k as u32 + 1,
                samples,
                mean,
                stderr: variance.div(n).sqrt(),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::catalog;

    /// Exact perft from the start (docs/perft.md and the project's suites).
    const BRANDUB: [u64; 6] = [40, 960, 39_512, 1_007_392, 41_843_336, 1_111_688_896];
    const COPENHAGEN: [u64; 5] = [116, 6_788, 806_344, 50_456_804, 6_116_568_016];

    fn check(variant: &str, exact: &[u64], samples: u64, seed: u64) {
        let t = Tables::new(&catalog::find(variant).unwrap().rules()).unwrap();
        let estimates = estimate(&t, &Position::start(&t), exact.len() as u32, samples, seed);
        for (e, &truth) in estimates.iter().zip(exact) {
            let (mean, stderr) = (e.mean.to_f64(), e.stderr.to_f64());
            let off = mean - truth as f64;
            let z = if stderr > 0.0 { off / stderr } else { 0.0 };
            println!("{variant} perft({}) exact {truth}, estimate {mean:.4e} ± {stderr:.2e}: off by {z:+.2} standard errors ({:+.2}%)", e.depth, 100.0 * off / truth as f64);
            assert!(
                off.abs() <= 4.0 * stderr,
                "{variant} perft({}): estimate {mean} ± {stderr} is {z:.2} standard errors from {truth}",
                e.depth,
            );
        }
        // Depth 1 is exact: every path sees the root's moves.
        assert_eq!(estimates[0].mean.to_f64(), exact[0] as f64);
        assert_eq!(estimates[0].stderr.to_f64(), 0.0);
    }

    #[test]
    fn brandub_estimates_lie_within_four_standard_errors_of_exact_perft() {
        check("brandub", &BRANDUB, 4000, 2024);
    }

    #[test]
    fn copenhagen_estimates_lie_within_four_standard_errors_of_exact_perft() {
        check("copenhagen", &COPENHAGEN, 2000, 2024);
    }

    #[test]
    fn the_same_seed_gives_the_same_estimate() {
        let t = Tables::new(&catalog::find("brandub").unwrap().rules()).unwrap();
        let root = Position::start(&t);
        assert_eq!(
            estimate(&t, &root, 5, 100, 9),
            estimate(&t, &root, 5, 100, 9)
        );
        assert_ne!(
            estimate(&t, &root, 5, 100, 9),
            estimate(&t, &root, 5, 100, 10)
        );
    }

    #[test]
    fn a_tiny_tree_by_hand() {
        // One sample: the path's product is the estimate; no spread, so NaN stderr.
        let t = Tables::new(&catalog::find("brandub").unwrap().rules()).unwrap();
        let e = estimate(&t, &Position::start(&t), 1, 1, 0);
        assert_eq!(e[0].mean.to_f64(), 40.0);
        assert!(e[0].stderr.to_f64().is_nan());
    }

    /// The same sums in plain floats, as the estimator was first written: below f64's
    /// range the logarithms must agree with it.
    fn plain(t: &Tables, root: &Position, depth: u32, samples: u64, seed: u64) -> Vec<(f64, f64)> {
        let d = depth as usize;
        let (mut sums, mut squares) = (vec![0.0f64; d], vec![0.0f64; d]);
        for i in 0..samples {
            let mut rng = game_rng(seed, i);
            let mut pos = root.clone();
            let mut weight = 1.0;
            for ply in 0..d {
                if pos.ended_before_moving(t) {
                    break;
                }
                let moves = pos.legal_moves(t);
                if moves.is_empty() {
                    break;
                }
                weight *= moves.len() as f64;
                sums[ply] += weight;
                squares[ply] += weight * weight;
                pos.play(t, moves[rng.random_range(0..moves.len())]);
            }
        }
        let n = samples as f64;
        (0..d)
            .map(|k| {
                let mean = sums[k] / n;
                let variance = ((squares[k] - n * mean * mean) / (n - 1.0)).max(0.0);
                (mean, (variance / n).sqrt())
            })
            .collect()
    }

    #[test]
    fn wide_floats_give_plain_floats_to_the_bit_where_those_fit() {
        let t = Tables::new(&catalog::find("copenhagen").unwrap().rules()).unwrap();
        let root = Position::start(&t);
        let wide = estimate(&t, &root, 40, 300, 5);
        let flat = plain(&t, &root, 40, 300, 5);
        for (e, &(mean, stderr)) in wide.iter().zip(&flat) {
            assert_eq!(
                (e.mean.to_f64(), e.stderr.to_f64()),
                (mean, stderr),
                "{e:?}"
            );
        }
        // Where the plain squares overflow (depth 75 of copenhagen), the plain standard
        // error is infinite or NaN; the wide one is not.
        let deep = estimate(&t, &root, 90, 50, 1);
        let plain = plain(&t, &root, 90, 50, 1);
        assert!(
            !plain[89].1.is_finite() || plain[89].1 == 0.0,
            "{:?}",
            plain[89]
        );
        assert!(deep[89].stderr.log10().is_finite(), "{:?}", deep[89]);
    }

    #[test]
    fn every_depth_gets_a_finite_estimate_and_interval() {
        // The essays' game length and far past it: the plain sums overflowed from
        // depth 75 (squares) and 151 (means) of copenhagen.
        let t = Tables::new(&catalog::find("copenhagen").unwrap().rules()).unwrap();
        let estimates = estimate(&t, &Position::start(&t), 300, 50, 1);
        assert_eq!(estimates.len(), 300);
        for e in &estimates[1..] {
            if e.mean.is_zero() {
                continue; // every path ended: the estimate is 0
            }
            let (low, high) = e.log10_interval(1.96);
            assert!(
                e.log10().is_finite() && e.stderr.log10().is_finite(),
                "{e:?}"
            );
            assert!(high.is_finite() && low < high && high > e.log10(), "{e:?}");
            assert!(
                e.relative_stderr() > 0.0 && e.relative_stderr().is_finite(),
                "{e:?}"
            );
        }
        assert!(estimates[150].log10() > 300.0, "{:?}", estimates[150]);
    }

    #[test]
    fn wide_floats_by_hand() {
        let x = Wide::new(3.0).mul(Wide::new(0.25));
        assert_eq!(x.to_f64(), 0.75);
        assert_eq!(Wide::new(2.0).add(Wide::new(-2.0)), Wide::ZERO);
        assert_eq!(Wide::new(1e-310).to_f64(), 1e-310);
        let mut big = Wide::new(1e300);
        for _ in 0..3 {
            big = big.mul(big);
        }
        // (10^300)^8 = 10^2400.
        assert!((big.log10() - 2400.0).abs() < 1e-9, "{}", big.log10());
        assert_eq!(big.to_f64(), f64::INFINITY);
        assert!((big.sqrt().log10() - 1200.0).abs() < 1e-9);
        assert!((big.add(big).ratio(big) - 2.0).abs() < 1e-15);
        assert_eq!(Wide::new(9.0).sqrt().to_f64(), 3.0);
        assert_eq!(Wide::new(8.0).sqrt().to_f64(), 8f64.sqrt());
        assert_eq!(Wide::ZERO.log10(), f64::NEG_INFINITY);
    }
}
