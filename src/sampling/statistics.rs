//! The numbers of a set of sampled games. Branching factors are pooled over positions
//! (each position one value), but positions of one game are not independent, so their
//! standard errors treat games as the independent units (the cluster, or ratio-estimator,
//! standard error). Everything is computed in game order, so the result does not
//! depend on the order threads finished in.

use super::sample::GameSample;
use crate::board::Side;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Count, mean, sample standard deviation, standard error of the mean, extremes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlyRow {
    /// 1 for the first move of the game.
    pub ply: usize,
    /// The side to move at this ply, if it was the same in every game.
    pub side: Option<String>,
    /// Games that reached this ply; the moments are over them.
    #[serde(flatten)]
    pub moments: Moments,
}

/// Game length in plies, over all games (unfinished ones at the length they stopped).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FirstMover {
    /// The side that moves first: "attackers" or "defenders".
    pub side: String,
    /// Games it won.
    pub wins: usize,
    /// Games it lost.
    pub losses: usize,
    /// wins / (wins + losses); `None` (`null`) when no game was decisive.
    pub share_of_decisive: Option<f64>,
    /// The binomial standard error of the share, √(share · (1 − share) / decisive games);
    /// `None` with the share.
    pub stderr: Option<f64>,
}

/// Everything measured on a set of games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
    /// The statistics of `games`, in which `first` moves first: a [`StatisticsBuilder`]
    /// fed every game in order.
    pub fn compute(games: &[GameSample], first: Side) -> BranchingStatistics {
        let mut builder = StatisticsBuilder::new(first);
        for game in games {
            builder.add(game);
        }
        builder.finish()
    }
}

/// Count, sum and sum of squares of whole numbers (branching factors, lengths), exact in
/// any order, with the extremes.
#[derive(Clone, Debug, Default)]
struct Whole {
    n: u64,
    sum: u128,
    squares: u128,
    min: u64,
    max: u64,
}

impl Whole {
    fn add(&mut self, x: u64) {
        if self.n == 0 || x < self.min {
            self.min = x;
        }
        self.max = self.max.max(x);
        self.n += 1;
        self.sum += u128::from(x);
        self.squares += u128::from(x) * u128::from(x);
    }

    /// The moments, the standard error sd / √n; `None` for no values.
    fn moments(&self) -> Option<Moments> {
        if self.n == 0 {
            return None;
        }
        let n = self.n as f64;
        let mean = self.sum as f64 / n;
        // n·Σx² − (Σx)² is exact in integers (and never negative) while it fits.
        let spread = u128::from(self.n)
            .checked_mul(self.squares)
            .zip(self.sum.checked_mul(self.sum))
            .map_or_else(
                || (self.squares as f64 * n - (self.sum as f64).powi(2)).max(0.0),
                |(a, b)| (a - b) as f64,
            );
        let sd = if self.n > 1 {
            (spread / (n * (n - 1.0))).sqrt()
        } else {
            0.0
        };
        Some(Moments {
            n: self.n as usize,
            mean,
            sd,
            stderr: sd / n.sqrt(),
            min: self.min as f64,
            max: self.max as f64,
        })
    }
}

/// Welford's running mean and sum of squared deviations of real values, taken in the
/// order added.
#[derive(Clone, Debug, Default)]
struct Running {
    n: u64,
    mean: f64,
    m2: f64,
    min: f64,
    max: f64,
}

impl Running {
    fn add(&mut self, x: f64) {
        if self.n == 0 {
            self.min = x;
            self.max = x;
        }
        self.min = self.min.min(x);
        self.max = self.max.max(x);
        self.n += 1;
        let delta = x - self.mean;
        self.mean += delta / self.n as f64;
        self.m2 += delta * (x - self.mean);
    }

    fn moments(&self) -> Option<Moments> {
        if self.n == 0 {
            return None;
        }
        let n = self.n as f64;
        let sd = if self.n > 1 {
            (self.m2.max(0.0) / (n - 1.0)).sqrt()
        } else {
            0.0
        };
        Some(Moments {
            n: self.n as usize,
            mean: self.mean,
            sd,
            stderr: sd / n.sqrt(),
            min: self.min,
            max: self.max,
        })
    }
}

/// Values pooled over games, with what [`mean_ratio_stderr`] needs of the games as
/// groups: Σ s, Σ s², Σ s·n and Σ n² over the games (s a game's sum, n its count).
#[derive(Clone, Debug, Default)]
struct PooledSums {
    values: Running,
    groups: u64,
    total: f64,
    count: u128,
    sum_squares: f64,
    sum_by_count: f64,
    count_squares: u128,
}

impl PooledSums {
    /// Adds one game's values.
    fn add_game(&mut self, values: impl Iterator<Item = f64>) {
        let (mut sum, mut count) = (0.0, 0u64);
        for x in values {
            self.values.add(x);
            sum += x;
            count += 1;
        }
        if count == 0 {
            return;
        }
        self.groups += 1;
        self.total += sum;
        self.count += u128::from(count);
        self.sum_squares += sum * sum;
        self.sum_by_count += sum * count as f64;
        self.count_squares += u128::from(count) * u128::from(count);
    }

    /// The moments of every value, the standard error with games as units; `None` for
    /// no values.
    fn moments(&self) -> Option<Moments> {
        let mut moments = self.values.moments()?;
        moments.stderr = if self.groups < 2 {
            f64::NAN
        } else {
            // Σ (s − m·n)² = Σ s² − 2m Σ s·n + m² Σ n², m the pooled mean.
            let m = self.total / self.count as f64;
            let squares = (self.sum_squares - 2.0 * m * self.sum_by_count
                + m * m * self.count_squares as f64)
                .max(0.0);
            let g = self.groups as f64;
            (g / (g - 1.0) * squares).sqrt() / self.count as f64
        };
        Some(moments)
    }
}

/// One ply of the game over the games that reached it.
#[derive(Clone, Debug, Default)]
struct PlySums {
    moves: Whole,
    side: Option<Side>,
    mixed: bool,
}

/// The statistics of games fed one at a time: memory grows with the longest game and
/// the number of distinct lengths, never with the number of games, so self-play can
/// stream any count of games through it. Feeding games in the same order gives the same
/// result to the last bit.
#[derive(Clone, Debug)]
pub struct StatisticsBuilder {
    first: Side,
    games: usize,
    all: PooledSums,
    logs: PooledSums,
    sides: [PooledSums; 2],
    by_ply: Vec<PlySums>,
    lengths: Whole,
    length_counts: BTreeMap<u64, u64>,
    sum_log10: Running,
    outcomes: Outcomes,
}

impl StatisticsBuilder {
    /// No games yet; `first` is the side that moves first.
    pub fn new(first: Side) -> StatisticsBuilder {
        StatisticsBuilder {
            first,
            games: 0,
            all: PooledSums::default(),
            logs: PooledSums::default(),
            sides: Default::default(),
            by_ply: Vec::new(),
            lengths: Whole::default(),
            length_counts: BTreeMap::new(),
            sum_log10: Running::default(),
            outcomes: Outcomes {
                attackers: 0,
                defenders: 0,
                draw: 0,
                unfinished: 0,
                by_reason: BTreeMap::new(),
            },
        }
    }

    /// The games added so far.
    pub fn games(&self) -> usize {
        self.games
    }

    /// Positions added so far, one per ply of every game.
    pub fn positions(&self) -> u64 {
        self.lengths.sum as u64
    }

    /// Adds one game.
    pub fn add(&mut self, game: &GameSample) {
        self.games += 1;
        let moves = || game.plies.iter().map(|p| f64::from(p.moves));
        self.all.add_game(moves());
        self.logs.add_game(moves().map(f64::ln));
        for side in Side::BOTH {
            let of_side = game.plies.iter().filter(|p| p.side == side);
            self.sides[side.index()].add_game(of_side.map(|p| f64::from(p.moves)));
        }
        if self.by_ply.len() < game.plies.len() {
            self.by_ply.resize_with(game.plies.len(), PlySums::default);
        }
        for (row, ply) in self.by_ply.iter_mut().zip(&game.plies) {
            row.moves.add(u64::from(ply.moves));
            match row.side {
                None => row.side = Some(ply.side),
                Some(side) if side != ply.side => row.mixed = true,
                Some(_) => {}
            }
        }
        let length = game.length() as u64;
        self.lengths.add(length);
        *self.length_counts.entry(length).or_insert(0) += 1;
        self.sum_log10.add(game.sum_log10_branching());
        let o = &mut self.outcomes;
        match game.end.winner() {
            Some(Side::Attackers) => o.attackers += 1,
            Some(Side::Defenders) => o.defenders += 1,
            None if game.end.is_draw() => o.draw += 1,
            None => o.unfinished += 1,
        }
        *o.by_reason.entry(game.end.label()).or_insert(0) += 1;
    }

    /// The statistics of the games added.
    pub fn finish(self) -> BranchingStatistics {
        let nan = || Moments {
            n: 0,
            mean: f64::NAN,
            sd: f64::NAN,
            stderr: f64::NAN,
            min: f64::NAN,
            max: f64::NAN,
        };
        let pooled = self.all.moments().unwrap_or_else(nan);
        let (geometric_mean, geometric_mean_stderr) = match self.logs.moments() {
            Some(m) => (m.mean.exp(), m.mean.exp() * m.stderr),
            None => (f64::NAN, f64::NAN),
        };
        let positions = self.lengths.sum as usize;
        let by_ply = self
            .by_ply
            .iter()
            .enumerate()
            .map(|(i, row)| PlyRow {
                ply: i + 1,
                side: row.side.filter(|_| !row.mixed).map(|s| s.name().to_owned()),
                moments: row.moves.moments().expect("a ply row holds a game"),
            })
            .collect();
        let branching = BranchingSummary {
            positions,
            mean: pooled.mean,
            stderr: pooled.stderr,
            sd: pooled.sd,
            min: pooled.min,
            max: pooled.max,
            geometric_mean,
            geometric_mean_stderr,
            by_side: BySide {
                attackers: self.sides[Side::Attackers.index()].moments(),
                defenders: self.sides[Side::Defenders.index()].moments(),
            },
            by_ply,
        };
        let l = self.lengths.moments().unwrap_or_else(nan);
        let q = |p| quantile_of_counts(&self.length_counts, self.lengths.n, p);
        let length = LengthSummary {
            mean: l.mean,
            median: q(0.5),
            stderr: l.stderr,
            sd: l.sd,
            min: l.min,
            max: l.max,
            p10: q(0.1),
            p25: q(0.25),
            p75: q(0.75),
            p90: q(0.9),
        };
        let s = self.sum_log10.moments().unwrap_or_else(nan);
        let game_tree = GameTree {
            log10_mean_b_pow_mean_l: length.mean * branching.mean.log10(),
            mean_sum_log10_b: s.mean,
            mean_sum_log10_b_stderr: s.stderr,
        };
        let outcomes = self.outcomes;
        let first = self.first;
        let (wins, losses) = match first {
            Side::Attackers => (outcomes.attackers, outcomes.defenders),
            Side::Defenders => (outcomes.defenders, outcomes.attackers),
        };
        let decisive = (wins + losses) as f64;
        let share = (wins + losses > 0).then(|| wins as f64 / decisive);
        let first_mover = FirstMover {
            side: first.name().to_owned(),
            wins,
            losses,
            share_of_decisive: share,
            stderr: share.map(|share| (share * (1.0 - share) / decisive).sqrt()),
        };
        BranchingStatistics {
            games: self.games,
            positions,
            branching,
            length,
            game_tree,
            outcomes,
            first_mover,
        }
    }
}

/// [`quantile`] of `total` whole values given as value → count, without listing them.
fn quantile_of_counts(counts: &BTreeMap<u64, u64>, total: u64, p: f64) -> f64 {
    if total == 0 {
        return f64::NAN;
    }
    let h = (total - 1) as f64 * p.clamp(0.0, 1.0);
    let low = h.floor() as u64;
    let high = (low + 1).min(total - 1);
    // The value at 0-based rank `k` of the sorted values.
    let at = |k: u64| {
        let mut seen = 0;
        for (&value, &n) in counts {
            seen += n;
            if k < seen {
                return value as f64;
            }
        }
        f64::NAN
    };
    let (a, b) = (at(low), at(high));
    a + (h - low as f64) * (b - a)
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
            failure: None,
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
                rows[0].side.as_deref()
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
            (1, 0, Some(1.0))
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

    #[test]
    fn streamed_sums_give_the_moments_and_quantiles_of_the_listed_values() {
        let values = [7u64, 3, 3, 9, 12, 3, 40, 0, 5];
        let mut whole = Whole::default();
        let mut running = Running::default();
        let mut counts = BTreeMap::new();
        for &v in &values {
            whole.add(v);
            running.add(v as f64);
            *counts.entry(v).or_insert(0) += 1;
        }
        let listed: Vec<f64> = values.iter().map(|&v| v as f64).collect();
        let expected = Moments::of(&listed).unwrap();
        for m in [whole.moments().unwrap(), running.moments().unwrap()] {
            assert_eq!(
                (m.n, m.min, m.max),
                (expected.n, expected.min, expected.max)
            );
            assert!(close(m.mean, expected.mean) && close(m.sd, expected.sd));
            assert!(close(m.stderr, expected.stderr));
        }
        let mut sorted = listed.clone();
        sorted.sort_by(f64::total_cmp);
        for p in [0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0] {
            assert_eq!(
                quantile_of_counts(&counts, 9, p),
                quantile(&sorted, p),
                "{p}"
            );
        }
    }

    #[test]
    fn pooled_sums_give_the_ratio_stderr() {
        let games = [vec![10.0, 20.0], vec![30.0], vec![], vec![5.0, 6.0, 7.0]];
        let mut sums = PooledSums::default();
        for g in &games {
            sums.add_game(g.iter().copied());
        }
        let streamed = sums.moments().unwrap();
        let listed = Moments::pooled(&games).unwrap();
        assert!(close(streamed.mean, listed.mean) && close(streamed.stderr, listed.stderr));
        assert_eq!(streamed.n, 6);
    }
}
