//! The numbers of a set of sampled games. Branching factors are pooled over positions
//! (each position one value), but positions of one game are not independent, so their
//! standard errors treat games as the independent units (the cluster, or ratio-estimator,
//! standard error). Everything is computed in game order, so the result does not
//! depend on the order threads finished in.

use super::game::GameSample;
use crate::board::Side;
use serde::Serialize;
use std::collections::BTreeMap;

/// Count, mean, sample standard deviation, standard error of the mean, extremes.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Moments {
    /// How many values.
    pub n: usize,
    /// Their arithmetic mean.
    pub mean: f64,
    /// Sample standard deviation (n - 1 in the denominator; 0 for one value).
    pub sd: f64,
    /// The standard error of `mean`: sd / √n for independent values, games as units when
    /// pooled.
    pub stderr: f64,
    /// The smallest value.
    pub min: f64,
    /// The largest value.
    pub max: f64,
}

impl Moments {
    /// The moments of independent values; `None` for no values.
    pub fn of(values: &[f64]) -> Option<Moments> {
        let n = values.len();
        if n == 0 {
            return None;
        }
        let mean = values.iter().sum::<f64>() / n as f64;
        let sd = if n > 1 {
            (values.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64).sqrt()
        } else {
            0.0
        };
        let min = values.iter().copied().fold(f64::INFINITY, f64::min);
        let max = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        Some(Moments {
            n,
            mean,
            sd,
            stderr: sd / (n as f64).sqrt(),
            min,
            max,
        })
    }

    /// The moments of values pooled from several games, the standard error taken with the
    /// games as units (`mean_ratio_stderr`). Games without values are left out.
    pub fn pooled(games: &[Vec<f64>]) -> Option<Moments> {
        let all: Vec<f64> = games.iter().flatten().copied().collect();
        let mut moments = Moments::of(&all)?;
        let groups: Vec<(f64, usize)> = games
            .iter()
            .filter(|g| !g.is_empty())
            .map(|g| (g.iter().sum(), g.len()))
            .collect();
        moments.stderr = mean_ratio_stderr(&groups);
        Some(moments)
    }
}

/// The standard error of a mean pooled over groups, Σ sums / Σ counts, when the groups
/// (games) are independent but values within one are not: with m the pooled mean and G
/// groups, sqrt(G / (G - 1) · Σ (sum_g − m·count_g)²) / Σ count_g. NaN for fewer than
/// two groups.
pub fn mean_ratio_stderr(groups: &[(f64, usize)]) -> f64 {
    let g = groups.len();
    let total: usize = groups.iter().map(|&(_, n)| n).sum();
    if g < 2 || total == 0 {
        return f64::NAN;
    }
    let mean = groups.iter().map(|&(s, _)| s).sum::<f64>() / total as f64;
    let squares: f64 = groups
        .iter()
        .map(|&(s, n)| (s - mean * n as f64).powi(2))
        .sum();
    (g as f64 / (g - 1) as f64 * squares).sqrt() / total as f64
}

/// The `p` quantile of sorted values, interpolating linearly between order statistics
/// (Hyndman and Fan's type 7, the default of R and numpy). NaN for no values.
pub fn quantile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let h = (sorted.len() - 1) as f64 * p.clamp(0.0, 1.0);
    let low = h.floor() as usize;
    let high = (low + 1).min(sorted.len() - 1);
    sorted[low] + (h - low as f64) * (sorted[high] - sorted[low])
}

/// exp(mean of ln x): the typical factor of a product of the values.
pub fn geometric_mean(values: &[f64]) -> f64 {
    (values.iter().map(|x| x.ln()).sum::<f64>() / values.len() as f64).exp()
}

/// Branching factors (legal moves in the position a ply was played from).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BranchingSummary {
    /// Positions measured (one per ply of every game).
    pub positions: usize,
    /// The arithmetic mean over every position.
    pub mean: f64,
    /// Standard error of `mean`, games as units.
    pub stderr: f64,
    /// Sample standard deviation over every position.
    pub sd: f64,
    /// The fewest legal moves met.
    pub min: f64,
    /// The most legal moves met.
    pub max: f64,
    /// exp(mean ln b), and its standard error (delta method, games as units).
    pub geometric_mean: f64,
    /// The standard error of `geometric_mean`.
    pub geometric_mean_stderr: f64,
    /// The same by side to move; `None` for a side that never moved.
    pub by_side: BySide,
    /// Per ply of the game, over the games that reached that ply.
    pub by_ply: Vec<PlyRow>,
}

/// Per side to move.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BySide {
    /// With the attackers to move.
    pub attackers: Option<Moments>,
    /// With the defenders to move.
    pub defenders: Option<Moments>,
}

impl BySide {
    /// The moments with `side` to move.
    pub fn get(&self, side: Side) -> Option<&Moments> {
        match side {
            Side::Attackers => self.attackers.as_ref(),
            Side::Defenders => self.defenders.as_ref(),
        }
    }
}

/// The branching factor at one ply over the games that reached it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlyRow {
    /// 1 for the first move of the game.
    pub ply: usize,
    /// The side to move at this ply, if it was the same in every game.
    pub side: Option<&'static str>,
    /// Games that reached this ply; the moments are over them.
    #[serde(flatten)]
    pub moments: Moments,
}

/// Game length in plies, over all games (unfinished ones at the length they stopped).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LengthSummary {
    /// Mean length.
    pub mean: f64,
    /// Median length.
    pub median: f64,
    /// Standard error of the mean length.
    pub stderr: f64,
    /// Sample standard deviation of the length.
    pub sd: f64,
    /// The shortest game.
    pub min: f64,
    /// The longest game.
    pub max: f64,
    /// 10th percentile (quantiles as [`quantile`] computes them).
    pub p10: f64,
    /// 25th percentile.
    pub p25: f64,
    /// 75th percentile.
    pub p75: f64,
    /// 90th percentile.
    pub p90: f64,
}

/// Two game-tree figures; they differ, and which is which matters.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameTree {
    /// log10(b̄^L̄) = L̄ · log10(b̄), b̄ the arithmetic mean branching factor and L̄ the mean
    /// length: the essays' b^L with measured b and L.
    pub log10_mean_b_pow_mean_l: f64,
    /// The mean over games of Σ log10 b along the game: the log of the number of move
    /// sequences a typical game picks from. Equal to L̄ · log10(geometric mean b), so
    /// never above the first figure (the geometric mean is at most the arithmetic).
    pub mean_sum_log10_b: f64,
    /// The standard error of `mean_sum_log10_b`, games as units.
    pub mean_sum_log10_b_stderr: f64,
}

/// How the games ended.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Outcomes {
    /// Games the attackers won, by the rules or by the record.
    pub attackers: usize,
    /// Games the defenders won, by the rules or by the record.
    pub defenders: usize,
    /// Games drawn.
    pub draw: usize,
    /// Games that stopped before an end: at the ply cap, or records left undecided (`Ongoing`).
    pub unfinished: usize,
    /// `attackers by king captured`: count, and so on.
    pub by_reason: BTreeMap<String, usize>,
}

/// The first-player advantage question: of the decisive games, the share the side that
/// moves first won, with its binomial standard error.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FirstMover {
    /// The side that moves first: "attackers" or "defenders".
    pub side: &'static str,
    /// Games it won.
    pub wins: usize,
    /// Games it lost.
    pub losses: usize,
    /// wins / (wins + losses); NaN when no game was decisive.
    pub share_of_decisive: f64,
    /// The binomial standard error of the share, √(share · (1 − share) / decisive games).
    pub stderr: f64,
}

/// Everything measured on a set of games.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BranchingStatistics {
    /// Games measured.
    pub games: usize,
    /// Positions measured, one per ply of every game.
    pub positions: usize,
    /// The branching factors.
    pub branching: BranchingSummary,
    /// The game lengths.
    pub length: LengthSummary,
    /// The two game-tree figures.
    pub game_tree: GameTree,
    /// How the games ended.
    pub outcomes: Outcomes,
    /// Whether moving first wins more often.
    pub first_mover: FirstMover,
}

impl BranchingStatistics {
    /// The statistics of `games`, in which `first` moves first.
    pub fn compute(games: &[GameSample], first: Side) -> BranchingStatistics {
        let values = |keep: &dyn Fn(Side) -> bool| -> Vec<Vec<f64>> {
            games
                .iter()
                .map(|g| {
                    g.plies
                        .iter()
                        .filter(|p| keep(p.side))
                        .map(|p| p.moves as f64)
                        .collect()
                })
                .collect()
        };
        let all = values(&|_| true);
        let pooled = Moments::pooled(&all);
        let flat: Vec<f64> = all.iter().flatten().copied().collect();
        let logs: Vec<Vec<f64>> = all
            .iter()
            .map(|g| g.iter().map(|b| b.ln()).collect())
            .collect();
        let (geometric_mean, geometric_mean_stderr) = match Moments::pooled(&logs) {
            Some(m) => (m.mean.exp(), m.mean.exp() * m.stderr),
            None => (f64::NAN, f64::NAN),
        };
        let nan = || Moments {
            n: 0,
            mean: f64::NAN,
            sd: f64::NAN,
            stderr: f64::NAN,
            min: f64::NAN,
            max: f64::NAN,
        };
        let pooled = pooled.unwrap_or_else(nan);
        let branching = BranchingSummary {
            positions: flat.len(),
            mean: pooled.mean,
            stderr: pooled.stderr,
            sd: pooled.sd,
            min: pooled.min,
            max: pooled.max,
            geometric_mean,
            geometric_mean_stderr,
            by_side: BySide {
                attackers: Moments::pooled(&values(&|s| s == Side::Attackers)),
                defenders: Moments::pooled(&values(&|s| s == Side::Defenders)),
            },
            by_ply: by_ply(games),
        };

        let lengths: Vec<f64> = games.iter().map(|g| g.length() as f64).collect();
        let mut sorted = lengths.clone();
        sorted.sort_by(f64::total_cmp);
        let l = Moments::of(&lengths).unwrap_or_else(nan);
        let length = LengthSummary {
            mean: l.mean,
            median: quantile(&sorted, 0.5),
            stderr: l.stderr,
            sd: l.sd,
            min: l.min,
            max: l.max,
            p10: quantile(&sorted, 0.1),
            p25: quantile(&sorted, 0.25),
            p75: quantile(&sorted, 0.75),
            p90: quantile(&sorted, 0.9),
        };

        let sums: Vec<f64> = games.iter().map(GameSample::sum_log10_branching).collect();
        let s = Moments::of(&sums).unwrap_or_else(nan);
        let game_tree = GameTree {
            log10_mean_b_pow_mean_l: length.mean * branching.mean.log10(),
            mean_sum_log10_b: s.mean,
            mean_sum_log10_b_stderr: s.stderr,
        };

        let mut outcomes = Outcomes {
            attackers: 0,
            defenders: 0,
            draw: 0,
            unfinished: 0,
            by_reason: BTreeMap::new(),
        };
        for game in games {
            match game.end.winner() {
                Some(Side::Attackers) => outcomes.attackers += 1,
                Some(Side::Defenders) => outcomes.defenders += 1,
                None if game.end.is_draw() => outcomes.draw += 1,
                None => outcomes.unfinished += 1,
            }
            *outcomes.by_reason.entry(game.end.label()).or_insert(0) += 1;
        }
        let (wins, losses) = match first {
            Side::Attackers => (outcomes.attackers, outcomes.defenders),
            Side::Defenders => (outcomes.defenders, outcomes.attackers),
        };
        let decisive = (wins + losses) as f64;
        let share = wins as f64 / decisive;
        let first_mover = FirstMover {
            side: first.name(),
            wins,
            losses,
            share_of_decisive: share,
            stderr: (share * (1.0 - share) / decisive).sqrt(),
        };
        BranchingStatistics {
            games: games.len(),
            positions: flat.len(),
            branching,
            length,
            game_tree,
            outcomes,
            first_mover,
        }
    }
}

fn by_ply(games: &[GameSample]) -> Vec<PlyRow> {
    let longest = games.iter().map(GameSample::length).max().unwrap_or(0);
    (0..longest)
        .map(|i| {
            let reached: Vec<_> = games.iter().filter_map(|g| g.plies.get(i)).collect();
            let values: Vec<f64> = reached.iter().map(|p| p.moves as f64).collect();
            let side = reached[0].side;
            let same = reached.iter().all(|p| p.side == side);
            PlyRow {
                ply: i + 1,
                side: same.then(|| side.name()),
                moments: Moments::of(&values).expect("the longest game reaches every ply"),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::EndReason;
    use crate::sampling::{GameEnd, PlyBranching};

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9 * b.abs().max(1.0)
    }

    fn game(plies: &[(Side, u32)], end: GameEnd) -> GameSample {
        GameSample {
            plies: plies
                .iter()
                .map(|&(side, moves)| PlyBranching { side, moves })
                .collect(),
            end,
        }
    }

    #[test]
    fn moments_of_a_textbook_sample() {
        // 2 4 4 4 5 5 7 9: mean 5, squares about the mean 32, sample variance 32/7.
        let m = Moments::of(&[2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]).unwrap();
        assert_eq!((m.n, m.mean, m.min, m.max), (8, 5.0, 2.0, 9.0));
        assert!(close(m.sd, (32.0f64 / 7.0).sqrt()));
        assert!(close(m.stderr, (32.0f64 / 7.0 / 8.0).sqrt()));
        assert_eq!(Moments::of(&[3.0]).unwrap().sd, 0.0);
        assert!(Moments::of(&[]).is_none());
    }

    #[test]
    fn quantiles_interpolate_like_r_type_7() {
        let x = [1.0, 2.0, 3.0, 4.0];
        assert_eq!(quantile(&x, 0.5), 2.5);
        assert_eq!(quantile(&x, 0.25), 1.75);
        assert_eq!(quantile(&x, 0.0), 1.0);
        assert_eq!(quantile(&x, 1.0), 4.0);
        assert_eq!(quantile(&[1.0, 2.0, 3.0, 4.0, 5.0], 0.5), 3.0);
        assert!(quantile(&[], 0.5).is_nan());
    }

    #[test]
    fn the_ratio_stderr_by_hand() {
        // Game A: 10, 20 (sum 30, 2 values); game B: 30 (sum 30, 1 value). Pooled mean
        // 60/3 = 20; residuals 30 - 40 = -10 and 30 - 20 = 10; 2/1 · 200 = 400; √400 / 3.
        assert!(close(
            mean_ratio_stderr(&[(30.0, 2), (30.0, 1)]),
            20.0 / 3.0
        ));
        // Equal-sized groups: the plain standard error of the group means, divided by n.
        // Groups of 2 with sums 2 and 6: means 1 and 3, se of means = 1, pooled mean 2.
        assert!(close(mean_ratio_stderr(&[(2.0, 2), (6.0, 2)]), 1.0));
        assert!(mean_ratio_stderr(&[(1.0, 1)]).is_nan());
    }

    #[test]
    fn two_small_games_by_hand() {
        use Side::{Attackers as A, Defenders as D};
        let games = [
            game(
                &[(A, 10), (D, 20), (A, 30)],
                GameEnd::Rules {
                    winner: Some(A),
                    reason: EndReason::KingCaptured,
                },
            ),
            game(&[(A, 10), (D, 40)], GameEnd::Unfinished),
        ];
        let s = BranchingStatistics::compute(&games, A);
        assert_eq!((s.games, s.positions), (2, 5));
        // Branching: 10 20 30 10 40, mean 22.
        assert!(close(s.branching.mean, 22.0));
        assert_eq!((s.branching.min, s.branching.max), (10.0, 40.0));
        // Games as units: sums 60 (3) and 50 (2); residuals 60 - 66 = -6, 50 - 44 = 6;
        // sqrt(2 · 72) / 5 = 12 / 5.
        assert!(close(s.branching.stderr, 2.4));
        // Geometric mean: (10·20·30·10·40)^(1/5) = 2,400,000^(1/5).
        assert!(close(s.branching.geometric_mean, 2_400_000f64.powf(0.2)));
        let attackers = s.branching.by_side.attackers.as_ref().unwrap();
        assert_eq!(attackers.n, 3);
        assert!(close(attackers.mean, 50.0 / 3.0));
        assert!(close(
            s.branching.by_side.defenders.as_ref().unwrap().mean,
            30.0
        ));
        // Per ply: ply 1 both games 10; ply 2: 20 and 40; ply 3: only game one.
        let rows = &s.branching.by_ply;
        assert_eq!(rows.len(), 3);
        assert_eq!(
            (
                rows[0].moments.n,
                rows[0].moments.mean,
                rows[0].moments.sd,
                rows[0].side
            ),
            (2, 10.0, 0.0, Some("attackers"))
        );
        assert!(close(rows[1].moments.sd, 200f64.sqrt()));
        assert_eq!((rows[2].moments.n, rows[2].moments.mean), (1, 30.0));
        // Lengths 3 and 2.
        assert_eq!(
            (s.length.mean, s.length.median, s.length.min, s.length.max),
            (2.5, 2.5, 2.0, 3.0)
        );
        assert!(close(s.length.sd, 0.5f64.sqrt()));
        // b̄^L̄ = 22^2.5; Σ log10 b: log10 6000 and log10 400.
        assert!(close(
            s.game_tree.log10_mean_b_pow_mean_l,
            2.5 * 22f64.log10()
        ));
        assert!(close(
            s.game_tree.mean_sum_log10_b,
            (6000f64.log10() + 400f64.log10()) / 2.0
        ));
        // ... which is L̄ · log10 of the geometric mean.
        assert!(close(
            s.game_tree.mean_sum_log10_b,
            2.5 * s.branching.geometric_mean.log10()
        ));
        assert_eq!(
            (
                s.outcomes.attackers,
                s.outcomes.defenders,
                s.outcomes.draw,
                s.outcomes.unfinished
            ),
            (1, 0, 0, 1)
        );
        assert_eq!(s.outcomes.by_reason["attackers by king captured"], 1);
        assert_eq!(s.outcomes.by_reason["unfinished"], 1);
        assert_eq!(
            (
                s.first_mover.wins,
                s.first_mover.losses,
                s.first_mover.share_of_decisive
            ),
            (1, 0, 1.0)
        );
    }

    #[test]
    fn a_side_that_never_moved_has_no_moments() {
        let games = [game(
            &[(Side::Attackers, 5)],
            GameEnd::Rules {
                winner: None,
                reason: EndReason::Repetition,
            },
        )];
        let s = BranchingStatistics::compute(&games, Side::Attackers);
        assert!(s.branching.by_side.defenders.is_none());
        assert_eq!(s.outcomes.draw, 1);
        assert!(
            s.branching.stderr.is_nan(),
            "one game gives no standard error"
        );
    }
}
