//! Elo from match results: the logistic Elo of the mean score, its 95% interval from the
//! standard error of the mean, normalized Elo and the LOS. Games are counted either one by
//! one (trinomial) or in pairs from one opening with the sides swapped (pentanomial).

use super::normal::normal_cdf;
use serde::{Deserialize, Serialize};

/// The 97.5% quantile of the standard normal distribution: a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Normalized Elo per unit of t-value (score excess over 1/2 in standard deviations per
/// game): 800 / ln 10, as in fishtest's `nelo_divided_by_nt`.
pub const NELO_PER_T: f64 = 800.0 / std::f64::consts::LN_10;

/// Scores are kept inside [0.001, 0.999] before taking their Elo (fishtest's `elo()`
/// does the same), so a perfect score gives about ±1200 Elo instead of infinity.
const SCORE_CLAMP: f64 = 1e-3;

/// The logistic Elo difference that gives an expected score of `score` (0 to 1).
pub fn elo_from_score(score: f64) -> f64 {
    let s = score.clamp(SCORE_CLAMP, 1.0 - SCORE_CLAMP);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The expected score of a player `elo` points stronger than the opponent.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// One game's result for the player counted: 0, 1/2 or 1 point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameScore {
    /// 0 points.
    Loss,
    /// 1/2 point.
    Draw,
    /// 1 point.
    Win,
}

impl GameScore {
    /// Half points: 0, 1 or 2.
    pub fn half_points(self) -> u32 {
        match self {
            GameScore::Loss => 0,
            GameScore::Draw => 1,
            GameScore::Win => 2,
        }
    }

    /// Points: 0, 1/2 or 1.
    pub fn points(self) -> f64 {
        self.half_points() as f64 / 2.0
    }

    /// The same game seen by the opponent.
    pub fn reversed(self) -> GameScore {
        match self {
            GameScore::Loss => GameScore::Win,
            GameScore::Draw => GameScore::Draw,
            GameScore::Win => GameScore::Loss,
        }
    }
}

/// Wins, draws and losses of one player, game by game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trinomial {
    /// Games won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
}

impl Trinomial {
    /// From the counts; note the order: wins, draws, losses.
    pub fn new(wins: u64, draws: u64, losses: u64) -> Trinomial {
        Trinomial {
            wins,
            draws,
            losses,
        }
    }

    /// Counts one game.
    pub fn add(&mut self, score: GameScore) {
        match score {
            GameScore::Win => self.wins += 1,
            GameScore::Draw => self.draws += 1,
            GameScore::Loss => self.losses += 1,
        }
    }

    /// Games counted.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Points scored: a win 1, a draw 1/2.
    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    /// The mean score per game (`None` without games).
    pub fn score(&self) -> Option<f64> {
        (self.games() > 0).then(|| self.points() / self.games() as f64)
    }

    /// The same results seen by the opponent.
    pub fn reversed(&self) -> Trinomial {
        Trinomial::new(self.losses, self.draws, self.wins)
    }

    /// Counts from the loss end: [losses, draws, wins].
    pub fn buckets(&self) -> [u64; 3] {
        [self.losses, self.draws, self.wins]
    }

    /// Elo, interval, normalized Elo and LOS, each game an independent sample (the model
    /// of cutechess-cli and of fastchess without pairs). `None` without games.
    pub fn estimate(&self) -> Option<EloEstimate> {
        EloEstimate::of_buckets(&self.buckets().map(|n| n as f64), 1.0)
    }
}

/// Game pairs by the points the counted player took from the pair: LL (0), LD (1/2),
/// DD or WL (1), WD (3/2), WW (2). WL pairs are also counted apart, for the record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pentanomial {
    /// Pairs with two losses (0 points).
    pub ll: u64,
    /// Pairs with a loss and a draw (1/2 point).
    pub ld: u64,
    /// Two draws, or a win and a loss: one point from the pair either way.
    pub dd_wl: u64,
    /// Pairs with a win and a draw (3/2 points).
    pub wd: u64,
    /// Pairs with two wins (2 points).
    pub ww: u64,
    /// Of `dd_wl`, the pairs with one win and one loss (each side won its game, typical
    /// of an opening or a side that decides the game).
    pub wl: u64,
}

impl Pentanomial {
    /// From the five counts [LL, LD, DD+WL, WD, WW] (`wl` unknown, left 0).
    pub fn from_buckets(buckets: [u64; 5]) -> Pentanomial {
        Pentanomial {
            ll: buckets[0],
            ld: buckets[1],
            dd_wl: buckets[2],
            wd: buckets[3],
            ww: buckets[4],
            wl: 0,
        }
    }

    /// Counts one pair: the counted player's results in its two games.
    pub fn add(&mut self, first: GameScore, second: GameScore) {
        match first.half_points() + second.half_points() {
            0 => self.ll += 1,
            1 => self.ld += 1,
            2 => {
                self.dd_wl += 1;
                if first != GameScore::Draw {
                    self.wl += 1;
                }
            }
            3 => self.wd += 1,
            _ => self.ww += 1,
        }
    }

    /// Pairs counted.
    pub fn pairs(&self) -> u64 {
        self.buckets().iter().sum()
    }

    /// [LL, LD, DD+WL, WD, WW].
    pub fn buckets(&self) -> [u64; 5] {
        [self.ll, self.ld, self.dd_wl, self.wd, self.ww]
    }

    /// The same pairs seen by the opponent.
    pub fn reversed(&self) -> Pentanomial {
        Pentanomial {
            ll: self.ww,
            ld: self.wd,
            dd_wl: self.dd_wl,
            wd: self.ld,
            ww: self.ll,
            wl: self.wl,
        }
    }

    /// Elo, interval, normalized Elo and LOS with each pair an independent sample (the
    /// model of fishtest and fastchess). `None` without pairs.
    pub fn estimate(&self) -> Option<EloEstimate> {
        EloEstimate::of_buckets(&self.buckets().map(|n| n as f64), 2.0)
    }
}

/// What a set of results says about the strength difference.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct EloEstimate {
    /// Mean score per game, 0 to 1.
    pub score: f64,
    /// The score's 95% interval (± 1.96 standard errors), within 0 and 1.
    pub score_lower: f64,
    /// The upper end of the score's interval.
    pub score_upper: f64,
    /// Logistic Elo of the mean score.
    pub elo: f64,
    /// The 95% interval: the Elo of the score's interval ends (score ± 1.96 standard errors).
    pub elo_lower: f64,
    /// The upper end of the Elo interval.
    pub elo_upper: f64,
    /// Half the interval's width, the "±" of fastchess and fishtest.
    pub elo_error: f64,
    /// Normalized Elo: (score - 1/2) / (standard deviation per game) × 800/ln 10. It
    /// measures how fast a test can tell the engines apart. `None` with zero variance.
    pub normalized_elo: Option<f64>,
    /// Half the width of its 95% interval.
    pub normalized_error: Option<f64>,
    /// Likelihood of superiority: Φ((score - 1/2) / standard error).
    pub los: f64,
    /// Standard deviation of one game's score (pairs: √2 × the pair-mean's deviation).
    pub sd_per_game: f64,
}

impl EloEstimate {
    /// `counts[i]` samples of score `i / (len - 1)` (a game, or the mean of a pair's two
    /// games); `games_per_sample` 1 or 2.
    fn of_buckets(counts: &[f64], games_per_sample: f64) -> Option<EloEstimate> {
        let n: f64 = counts.iter().sum();
        if n == 0.0 {
            return None;
        }
        let last = (counts.len() - 1) as f64;
        let score = counts
            .iter()
            .enumerate()
            .map(|(i, c)| c * i as f64 / last)
            .sum::<f64>()
            / n;
        let variance = counts
            .iter()
            .enumerate()
            .map(|(i, c)| c * (i as f64 / last - score).powi(2))
            .sum::<f64>()
            / n;
        let stderr = (variance / n).sqrt();
        let (lower, upper) = (score - Z95 * stderr, score + Z95 * stderr);
        let elo_lower = elo_from_score(lower);
        let elo_upper = elo_from_score(upper);
        let sd_per_game = (games_per_sample * variance).sqrt();
        let excess = score - 0.5;
        let los = if stderr > 0.0 {
            normal_cdf(excess / stderr)
        } else if excess > 0.0 {
            1.0
        } else if excess < 0.0 {
            0.0
        } else {
            0.5
        };
        let normalized = (sd_per_game > 0.0).then(|| {
            (
                excess / sd_per_game * NELO_PER_T,
                Z95 * stderr / sd_per_game * NELO_PER_T,
            )
        });
        Some(EloEstimate {
            score,
            score_lower: lower.max(0.0),
            score_upper: upper.min(1.0),
            elo: elo_from_score(score),
            elo_lower,
            elo_upper,
            elo_error: (elo_upper - elo_lower) / 2.0,
            normalized_elo: normalized.map(|n| n.0),
            normalized_error: normalized.map(|n| n.1),
            los,
            sd_per_game,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(got: f64, want: f64, tolerance: f64) -> bool {
        (got - want).abs() <= tolerance
    }

    #[test]
    fn elo_and_score_are_inverse_and_hand_checked() {
        // By hand: a 75% score is 400·log10(3) = 190.849 Elo; 10 to 1 odds is 400 Elo.
        assert!(close(elo_from_score(0.75), 400.0 * 3f64.log10(), 1e-12));
        assert!(close(score_from_elo(400.0), 10.0 / 11.0, 1e-15));
        assert_eq!(elo_from_score(0.5), 0.0);
        for elo in [-700.0, -35.5, 0.0, 12.4, 400.0] {
            assert!(close(elo_from_score(score_from_elo(elo)), elo, 1e-9));
        }
        // A perfect score is clamped at 0.999 (fishtest's epsilon): 400·log10(999).
        assert!(close(elo_from_score(1.0), 400.0 * 999f64.log10(), 1e-9));
    }

    #[test]
    fn a_hand_worked_pentanomial() {
        // 4 pairs: one LL, one DD, two WD. Pair means 0, 1/2, 3/4, 3/4: mean 1/2, so Elo 0
        // and LOS 1/2. Variance of the pair means: (1/4 + 0 + 1/16 + 1/16)/4 = 3/32;
        // standard error sqrt(3/32/4) = 0.153093; per-game deviation sqrt(2·3/32) = 0.433013.
        let mut p = Pentanomial::default();
        p.add(GameScore::Loss, GameScore::Loss);
        p.add(GameScore::Draw, GameScore::Draw);
        p.add(GameScore::Win, GameScore::Draw);
        p.add(GameScore::Draw, GameScore::Win);
        assert_eq!(p.buckets(), [1, 0, 1, 2, 0]);
        assert_eq!(p.wl, 0);
        let e = p.estimate().unwrap();
        assert_eq!(e.score, 0.5);
        assert!(close(e.score_upper, 0.800_057, 1e-6));
        assert!(close(e.score_lower, 0.199_943, 1e-6));
        assert_eq!(e.elo, 0.0);
        assert_eq!(e.los, 0.5);
        assert!(close(e.sd_per_game, (6.0f64 / 32.0).sqrt(), 1e-15));
        // Interval: 0.5 ± 1.96·0.153093 = [0.199943, 0.800057], symmetric in Elo;
        // -400·log10(1/0.800057 - 1) = 240.886.
        let half = Z95 * (3.0f64 / 128.0).sqrt();
        assert!(close(e.elo_upper, elo_from_score(0.5 + half), 1e-9));
        assert!(close(e.elo_lower, -e.elo_upper, 1e-9));
        assert!(close(e.elo_upper, 240.886, 0.001));
        assert_eq!(e.normalized_elo, Some(0.0));
        // A win and a loss from one pair is one point, counted as WL too.
        p.add(GameScore::Win, GameScore::Loss);
        assert_eq!((p.dd_wl, p.wl), (2, 1));
        assert_eq!(p.reversed().buckets(), [0, 2, 2, 0, 1]);
    }

    #[test]
    fn trinomial_elo_matches_published_cutechess_results() {
        // cutechess-cli reports of real matches ("Score of A vs B: W - L - D", then
        // "Elo difference: x +/- y"), same formula as fastchess's trinomial getError:
        // github.com/mvanthoor/rustic-book, src/progress/sprt_results.md:
        //   "TT-cuts": 869 - 646 - 357, 41.6 +/- 14.2;
        //   "TT-move ordering": 409 - 197 - 133, 102.5 +/- 23.5;
        // github.com/archishou/MidnightChessEngine, changelog.md:
        //   "Add History Heuristic": 449 - 276 - 275, 60.7 +/- 18.5;
        //   "History with tighter bounds": 382 - 320 - 298, 21.6 +/- 18.1.
        for (w, l, d, elo, error) in [
            (869, 646, 357, 41.6, 14.2),
            (409, 197, 133, 102.5, 23.5),
            (449, 276, 275, 60.7, 18.5),
            (382, 320, 298, 21.6, 18.1),
        ] {
            let e = Trinomial::new(w, d, l).estimate().unwrap();
            assert!(close(e.elo, elo, 0.05), "{w} {l} {d}: {}", e.elo);
            assert!(
                close(e.elo_error, error, 0.05),
                "{w} {l} {d}: {}",
                e.elo_error
            );
        }
    }

    #[test]
    fn trinomial_elo_within_the_tolerance_of_fastchess_unit_tests() {
        // fastchess tests/elo_test.cpp (github.com/Disservin/fastchess): Elo(wins,
        // losses, draws), getDiff and getError checked there with doctest's
        // Approx(..).epsilon(0.01), i.e. to 1%: (0, 36, 14): -315.34 ± 95.43;
        // (859, 772, 1329): 10.21 ± 9.28; (1164, 1267, 3049): -6.53 ± 6.12.
        for (w, l, d, elo, error) in [
            (0, 36, 14, -315.34, 95.43),
            (859, 772, 1329, 10.21, 9.28),
            (1164, 1267, 3049, -6.53, 6.12),
        ] {
            let e = Trinomial::new(w, d, l).estimate().unwrap();
            assert!(
                close(e.elo, elo, 0.01 * elo.abs()),
                "{w} {l} {d}: {}",
                e.elo
            );
            assert!(close(e.elo_error, error, 0.01 * error), "{w} {l} {d}");
        }
    }

    #[test]
    fn pentanomial_elo_matches_published_fastchess_results() {
        // fastchess's report of real matches, published in github.com/Toudonou/zeno,
        // docs/testing.md (Ptnml(0-2), then "Elo: x +/- y, nElo: x +/- y", "LOS: z %"):
        // "Zeno doubled-passed-pawns vs Zeno develop": [352, 579, 1264, 743, 464],
        //   Elo 19.83 +/- 6.77, nElo 24.25 +/- 8.26, LOS 100.00 %;
        // "History Heuristic, Zeno current vs Zeno develop": [224, 309, 874, 347, 246],
        //   Elo 7.12 +/- 8.57, nElo 8.95 +/- 10.77, LOS 94.84 %;
        // "History Heuristic, Zeno current vs Zeno 1.0": [183, 319, 779, 398, 321],
        //   Elo 30.92 +/- 8.87, nElo 37.74 +/- 10.77, LOS 100.00 %.
        for (buckets, elo, error, nelo, nerror, los) in [
            ([352, 579, 1264, 743, 464], 19.83, 6.77, 24.25, 8.26, 100.00),
            ([224, 309, 874, 347, 246], 7.12, 8.57, 8.95, 10.77, 94.84),
            ([183, 319, 779, 398, 321], 30.92, 8.87, 37.74, 10.77, 100.00),
        ] {
            let e = Pentanomial::from_buckets(buckets).estimate().unwrap();
            assert!(close(e.elo, elo, 0.005), "{buckets:?} elo {}", e.elo);
            assert!(
                close(e.elo_error, error, 0.005),
                "{buckets:?} ± {}",
                e.elo_error
            );
            assert!(close(e.normalized_elo.unwrap(), nelo, 0.005), "{buckets:?}");
            assert!(
                close(e.normalized_error.unwrap(), nerror, 0.005),
                "{buckets:?}"
            );
            assert!(
                close(100.0 * e.los, los, 0.005),
                "{buckets:?} los {}",
                e.los
            );
        }
    }

    #[test]
    fn pentanomial_statistics_match_a_published_fishtest_page() {
        // A fishtest instance's "Raw Statistics" page for a finished test,
        // montytest.muzhen.org/tests/stats/69d3c8dc7c5b3724e29d2712: Results [0-2]
        // [13, 37, 50, 25, 3], "Score 0.43750", "Variance/game 0.11523", "Stdev/game
        // 0.33946", "Normalized Elo -63.97", "Elo -43.6578".
        let e = Pentanomial::from_buckets([13, 37, 50, 25, 3])
            .estimate()
            .unwrap();
        assert_eq!(e.score, 0.4375);
        assert!(close(e.sd_per_game.powi(2), 0.11523, 5e-6));
        assert!(close(e.sd_per_game, 0.33946, 5e-6));
        assert!(close(e.normalized_elo.unwrap(), -63.97, 0.005));
        assert!(close(e.elo, -43.6578, 5e-5));
    }

    #[test]
    fn no_games_no_estimate_and_degenerate_results_do_not_divide_by_zero() {
        assert!(Pentanomial::default().estimate().is_none());
        assert!(Trinomial::default().estimate().is_none());
        let all_draws = Trinomial::new(0, 10, 0).estimate().unwrap();
        assert_eq!((all_draws.elo, all_draws.los), (0.0, 0.5));
        assert_eq!(all_draws.normalized_elo, None);
        let all_wins = Trinomial::new(5, 0, 0).estimate().unwrap();
        assert_eq!(all_wins.los, 1.0);
        assert!(all_wins.elo.is_finite() && all_wins.elo > 1000.0);
    }
}
