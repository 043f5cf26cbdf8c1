//! One Elo scale for a round robin: the Bradley-Terry model fitted by maximum likelihood.
//!
//! Player i beats player j with probability 1 / (1 + 10^((r_j - r_i)/400)); a draw counts
//! half a win for each. Ratings are relative to the pool's mean (they sum to zero). The
//! interval of each rating comes from the inverse of the Fisher information at the
//! maximum (the Moore-Penrose inverse, since the ratings are fixed only up to a shift).
//!
//! A player who won (or lost) every game has no finite maximum. `prior_draws` adds that
//! many virtual draws to each pairing that was played, as BayesElo's prior does, which
//! keeps every rating finite and pulls perfect scores toward their opponents.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The games of one pairing: player `a` scored `points_a` of `games`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairingResult {
    /// One player, an index below `players`.
    pub a: usize,
    /// The other player (not `a`).
    pub b: usize,
    /// Games played between them, at least 0.
    pub games: f64,
    /// Points `a` scored (a win 1, a draw 1/2), from 0 to `games`.
    pub points_a: f64,
}

/// One player's fitted rating.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// Elo relative to the pool's mean.
    pub elo: f64,
    /// Standard error of `elo`.
    pub stderr: f64,
    /// Half the width of the 95% interval (1.96 standard errors).
    pub error: f64,
}

/// A round robin the model cannot rate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FitError {
    /// A pairing names a player outside 0..players, itself, or has an impossible score.
    BadPairing(usize),
    /// Fewer than two players, or no games.
    NoGames,
    /// The players fall into groups that never met: no common scale.
    Disconnected,
    /// Without a prior, some group of players won every game against the rest.
    Unbounded,
}

impl fmt::Display for FitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FitError::BadPairing(i) => write!(f, "pairing {i} is not a valid result"),
            FitError::NoGames => f.write_str("a rating needs at least two players and one game"),
            FitError::Disconnected => {
                f.write_str("some players never met the others, directly or through others")
            }
            FitError::Unbounded => f.write_str(
                "some players won every game against the others: their ratings are unbounded \
                 (use a prior)",
            ),
        }
    }
}

impl std::error::Error for FitError {}

impl crate::error::Kind for FitError {}

/// Natural units per Elo point: ln(10)/400.
const K: f64 = std::f64::consts::LN_10 / 400.0;

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Fits the ratings of `players` players. See the module documentation for `prior_draws`.
pub fn fit_bradley_terry(
    players: usize,
    results: &[PairingResult],
    prior_draws: f64,
) -> Result<Vec<Rating>, FitError> {
    let table = Table::of(players, results, prior_draws)?;
    table.check_bounded()?;
    let beta = table.maximum_likelihood();
    let mean = beta.iter().sum::<f64>() / players as f64;
    let covariance = laplacian_pinv(&table.information(&beta));
    Ok((0..players)
        .map(|i| {
            let stderr = covariance[i][i].max(0.0).sqrt() / K;
            Rating {
                elo: (beta[i] - mean) / K,
                stderr,
                error: super::Z95 * stderr,
            }
        })
        .collect())
}

/// The pairings merged into one symmetric table, the prior's draws added.
struct Table {
    /// Players.
    n: usize,
    /// `games[i][j]`: games between `i` and `j`.
    games: Vec<Vec<f64>>,
    /// `points[i][j]`: points `i` scored against `j`.
    points: Vec<Vec<f64>>,
}

impl Table {
    /// The table of `results`, refused if a pairing is invalid or nothing was played;
    /// `prior_draws` virtual draws are added to each pairing that was played.
    fn of(players: usize, results: &[PairingResult], prior_draws: f64) -> Result<Table, FitError> {
        let mut games = vec![vec![0.0; players]; players];
        let mut points = vec![vec![0.0; players]; players];
        for (i, r) in results.iter().enumerate() {
            if r.a >= players
                || r.b >= players
                || r.a == r.b
                || !(r.games >= 0.0 && r.points_a >= 0.0 && r.points_a <= r.games)
            {
                return Err(FitError::BadPairing(i));
            }
            games[r.a][r.b] += r.games;
            games[r.b][r.a] += r.games;
            points[r.a][r.b] += r.points_a;
            points[r.b][r.a] += r.games - r.points_a;
        }
        if players < 2 || games.iter().flatten().all(|&g| g == 0.0) {
            return Err(FitError::NoGames);
        }
        let prior = prior_draws.max(0.0);
        for i in 0..players {
            for j in 0..players {
                if games[i][j] > 0.0 {
                    games[i][j] += prior;
                    points[i][j] += prior / 2.0;
                }
            }
        }
        Ok(Table {
            n: players,
            games,
            points,
        })
    }

    /// Connected through games at all; bounded when "scored against" is strongly
    /// connected.
    fn check_bounded(&self) -> Result<(), FitError> {
        let n = self.n;
        let reach = |edge: &dyn Fn(usize, usize) -> bool| {
            let mut r: Vec<Vec<bool>> = (0..n)
                .map(|i| (0..n).map(|j| i == j || edge(i, j)).collect())
                .collect();
            for k in 0..n {
                for i in 0..n {
                    for j in 0..n {
                        r[i][j] |= r[i][k] && r[k][j];
                    }
                }
            }
            r.iter().all(|row| row.iter().all(|&x| x))
        };
        if !reach(&|i, j| self.games[i][j] > 0.0) {
            return Err(FitError::Disconnected);
        }
        if !reach(&|i, j| self.points[i][j] > 0.0) {
            return Err(FitError::Unbounded);
        }
        Ok(())
    }

    /// The log-likelihood of ratings `beta` in natural units.
    fn log_likelihood(&self, beta: &[f64]) -> f64 {
        let mut l = 0.0;
        for i in 0..self.n {
            for j in 0..self.n {
                if self.games[i][j] > 0.0 && self.points[i][j] > 0.0 {
                    l += self.points[i][j] * sigmoid(beta[i] - beta[j]).ln();
                }
            }
        }
        l
    }

    /// The Fisher information at `beta`: a weighted graph Laplacian, minus the Hessian.
    fn information(&self, beta: &[f64]) -> Vec<Vec<f64>> {
        let n = self.n;
        let mut m = vec![vec![0.0; n]; n];
        for i in 0..n {
            for j in 0..n {
                if i != j && self.games[i][j] > 0.0 {
                    let p = sigmoid(beta[i] - beta[j]);
                    let w = self.games[i][j] * p * (1.0 - p);
                    m[i][j] -= w;
                    m[i][i] += w;
                }
            }
        }
        m
    }

    /// The log-likelihood's gradient at `beta`.
    fn gradient(&self, beta: &[f64]) -> Vec<f64> {
        (0..self.n)
            .map(|i| {
                (0..self.n)
                    .filter(|&j| self.games[i][j] > 0.0)
                    .map(|j| self.points[i][j] - self.games[i][j] * sigmoid(beta[i] - beta[j]))
                    .sum()
            })
            .collect()
    }

    /// Newton's method on the log-likelihood in natural units, from all ratings equal;
    /// the steps keep the ratings' sum at 0.
    fn maximum_likelihood(&self) -> Vec<f64> {
        let mut beta = vec![0.0; self.n];
        for _ in 0..200 {
            let gradient = self.gradient(&beta);
            if gradient.iter().all(|g| g.abs() < 1e-11) {
                break;
            }
            let step = mul(&laplacian_pinv(&self.information(&beta)), &gradient);
            // Damped: halve the step until the likelihood does not fall.
            let before = self.log_likelihood(&beta);
            let mut scale = 1.0;
            loop {
                let trial: Vec<f64> = beta.iter().zip(&step).map(|(b, s)| b + scale * s).collect();
                if self.log_likelihood(&trial) >= before - 1e-12 || scale < 1e-6 {
                    beta = trial;
                    break;
                }
                scale /= 2.0;
            }
        }
        beta
    }
}

fn mul(m: &[Vec<f64>], v: &[f64]) -> Vec<f64> {
    m.iter()
        .map(|row| row.iter().zip(v).map(|(a, b)| a * b).sum())
        .collect()
}

/// The Moore-Penrose inverse of the Laplacian of a connected graph: (L + J/n)⁻¹ - J/n,
/// J the all-ones matrix.
fn laplacian_pinv(l: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let n = l.len();
    let shift = 1.0 / n as f64;
    let mut a: Vec<Vec<f64>> = l
        .iter()
        .map(|row| row.iter().map(|x| x + shift).collect())
        .collect();
    let mut inv: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| if i == j { 1.0 } else { 0.0 }).collect())
        .collect();
    // Gauss-Jordan with partial pivoting (the matrix is symmetric positive definite).
    for c in 0..n {
        let p = (c..n)
            .max_by(|&x, &y| a[x][c].abs().total_cmp(&a[y][c].abs()))
            .expect("non-empty");
        a.swap(c, p);
        inv.swap(c, p);
        let d = a[c][c];
        for j in 0..n {
            a[c][j] /= d;
            inv[c][j] /= d;
        }
        for r in 0..n {
            if r != c {
                let f = a[r][c];
                if f != 0.0 {
                    for j in 0..n {
                        a[r][j] -= f * a[c][j];
                        inv[r][j] -= f * inv[c][j];
                    }
                }
            }
        }
    }
    for row in inv.iter_mut() {
        for x in row.iter_mut() {
            *x -= shift;
        }
    }
    inv
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairing(a: usize, b: usize, games: f64, points_a: f64) -> PairingResult {
        PairingResult {
            a,
            b,
            games,
            points_a,
        }
    }

    #[test]
    fn two_players_are_their_score_apart() {
        // By hand: 15 of 20 points is a 75% score, 400·log10(3) = 190.849 Elo apart, so
        // ±95.424 around the mean. The difference's variance is 1/(n p(1-p)) in natural
        // units: 1/(20·0.1875) = 0.26667, sd 0.516398, i.e. 0.516398·400/ln 10 = 89.707
        // Elo; each rating is half the difference, so its standard error is 44.853.
        let r = fit_bradley_terry(2, &[pairing(0, 1, 20.0, 15.0)], 0.0).unwrap();
        assert!((r[0].elo - 95.424).abs() < 1e-3, "{r:?}");
        assert!((r[1].elo + 95.424).abs() < 1e-3);
        assert!((r[0].stderr - 44.853).abs() < 1e-3, "{r:?}");
        assert!((r[0].error - 1.959964 * 44.853).abs() < 1e-2);
    }

    #[test]
    fn three_consistent_players_are_fitted_exactly() {
        // By hand: A scores 3/4 against B and B 3/4 against C: logit(3/4) = ln 3 each.
        // A against C at 9/10: logit = ln 9 = 2 ln 3, exactly the sum, so the data fit the
        // model perfectly and the maximum is A = +190.849, B = 0, C = -190.849.
        let results = [
            pairing(0, 1, 40.0, 30.0),
            pairing(1, 2, 40.0, 30.0),
            pairing(0, 2, 40.0, 36.0),
        ];
        let r = fit_bradley_terry(3, &results, 0.0).unwrap();
        let d = 400.0 * 3f64.log10();
        assert!((r[0].elo - d).abs() < 1e-6, "{r:?}");
        assert!(r[1].elo.abs() < 1e-6);
        assert!((r[2].elo + d).abs() < 1e-6);
        // Symmetric design: A and C equally uncertain, B (in the middle) less so.
        assert!((r[0].stderr - r[2].stderr).abs() < 1e-9);
        assert!(r[1].stderr < r[0].stderr);
        // Listing a pairing the other way round changes nothing.
        let flipped = [
            pairing(1, 0, 40.0, 10.0),
            pairing(1, 2, 40.0, 30.0),
            pairing(2, 0, 40.0, 4.0),
        ];
        let f = fit_bradley_terry(3, &flipped, 0.0).unwrap();
        assert!((f[0].elo - r[0].elo).abs() < 1e-9);
    }

    #[test]
    fn perfect_scores_need_a_prior() {
        // A won all 10 games against B, B won 5 of 10 against C.
        let results = [pairing(0, 1, 10.0, 10.0), pairing(1, 2, 10.0, 5.0)];
        assert_eq!(
            fit_bradley_terry(3, &results, 0.0),
            Err(FitError::Unbounded)
        );
        // With one virtual draw, A vs B is 10.5/11: 400·log10(21) = 528.9 Elo apart, and
        // B and C (5.5/11) level.
        let r = fit_bradley_terry(3, &results, 1.0).unwrap();
        assert!(
            (r[0].elo - r[1].elo - 400.0 * 21f64.log10()).abs() < 1e-6,
            "{r:?}"
        );
        assert!((r[1].elo - r[2].elo).abs() < 1e-6);
    }

    #[test]
    fn bad_round_robins_are_refused() {
        assert_eq!(fit_bradley_terry(2, &[], 1.0), Err(FitError::NoGames));
        assert_eq!(
            fit_bradley_terry(4, &[pairing(0, 1, 2.0, 1.0), pairing(2, 3, 2.0, 1.0)], 1.0),
            Err(FitError::Disconnected)
        );
        assert_eq!(
            fit_bradley_terry(2, &[pairing(0, 1, 2.0, 3.0)], 0.0),
            Err(FitError::BadPairing(0))
        );
        assert_eq!(
            fit_bradley_terry(2, &[pairing(0, 2, 2.0, 1.0)], 0.0),
            Err(FitError::BadPairing(0))
        );
    }
}
