//! Knuth's estimator of tree size (Knuth 1975, "Estimating the efficiency of backtrack
//! programs"): walk random paths from the root, each move chosen uniformly; a path
//! scores the product of the branching factors it met, which is an unbiased estimate of
//! the number of nodes at that depth. A path that ends before the depth scores 0 there.

use crate::moves::{Position, Tables};
use crate::rng::game_rng;
use rand::RngExt;

/// The estimate of perft(depth) from a set of random paths.
#[derive(Clone, Debug, PartialEq)]
pub struct PerftEstimate {
    /// The depth estimated, in plies from the root.
    pub depth: u32,
    /// The random paths walked, those that died early included.
    pub samples: u64,
    /// The mean path score: the estimate of perft(depth).
    pub mean: f64,
    /// The standard error of the mean: sample sd / √samples.
    pub stderr: f64,
}

impl PerftEstimate {
    /// log10 of the estimate (−∞ when every path died early).
    pub fn log10(&self) -> f64 {
        self.mean.log10()
    }
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
    let mut sums = vec![0.0f64; d];
    let mut squares = vec![0.0f64; d];
    for i in 0..samples {
        let mut rng = game_rng(seed, i);
        let mut pos = root.clone();
        let mut weight = 1.0f64;
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
            let variance = if samples > 1 {
                ((squares[k] - n * mean * mean) / (n - 1.0)).max(0.0)
            } else {
                f64::NAN
            };
            PerftEstimate {
                depth: k as u32 + 1,
                samples,
                mean,
                stderr: (variance / n).sqrt(),
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
            let off = e.mean - truth as f64;
            let z = if e.stderr > 0.0 { off / e.stderr } else { 0.0 };
            println!("{variant} perft({}) exact {truth}, estimate {:.4e} ± {:.2e}: off by {:+.2} standard errors ({:+.2}%)", e.depth, e.mean, e.stderr, z, 100.0 * off / truth as f64);
            assert!(
                off.abs() <= 4.0 * e.stderr,
                "{variant} perft({}): estimate {} ± {} is {z:.2} standard errors from {truth}",
                e.depth,
                e.mean,
                e.stderr
            );
        }
        // Depth 1 is exact: every path sees the root's moves.
        assert_eq!(estimates[0].mean, exact[0] as f64);
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
        assert_eq!(e[0].mean, 40.0);
        assert!(e[0].stderr.is_nan());
    }
}
