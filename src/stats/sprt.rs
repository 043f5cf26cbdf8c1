//! The generalized sequential probability ratio test (GSPRT) of fishtest and fastchess.
//!
//! H0: the Elo difference is `elo0`; H1: it is `elo1`. For each hypothesis the result
//! distribution closest to the observed one (maximum likelihood) among those with that
//! Elo is found; the log-likelihood ratio of the observed results under the two is the
//! LLR. The test stops when the LLR leaves (ln(beta/(1-alpha)), ln((1-beta)/alpha)).
//!
//! With normalized Elo bounds (the default, as in fishtest and fastchess) the constraint
//! is on the t-value (score - 1/2)/sigma, so the same bounds mean the same test
//! difficulty whatever the draw rate (M. Van den Bergh, "Comments on Normalized Elo",
//! section 4.1). With logistic bounds the constraint is on the expected score
//! ("Support of the MLE for a multinomial", proposition 1.1).

use super::elo::{score_from_elo, Pentanomial, Trinomial, NELO_PER_T};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Which Elo the bounds are in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EloModel {
    /// Normalized Elo (fishtest's and fastchess's default).
    Normalized,
    /// Logistic Elo.
    Logistic,
}

/// Where the test stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SprtState {
    /// Between the bounds: play on.
    #[serde(rename = "continue")]
    Continue,
    /// The LLR fell to the lower bound: H0 (Elo = elo0) accepted.
    #[serde(rename = "H0")]
    AcceptH0,
    /// The LLR reached the upper bound: H1 (Elo = elo1) accepted.
    #[serde(rename = "H1")]
    AcceptH1,
}

impl SprtState {
    /// A label for reports: `continue`, `H0 accepted` or `H1 accepted`.
    pub fn name(self) -> &'static str {
        match self {
            SprtState::Continue => "continue",
            SprtState::AcceptH0 => "H0 accepted",
            SprtState::AcceptH1 => "H1 accepted",
        }
    }
}

/// The test's parameters, written `elo0=0,elo1=5,alpha=0.05,beta=0.05[,model=logistic]`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtParameters {
    /// The Elo difference under H0, in the units of `model`.
    pub elo0: f64,
    /// The Elo difference under H1, greater than `elo0`.
    pub elo1: f64,
    /// The largest chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The largest chance of accepting H0 when H1 holds.
    pub beta: f64,
    /// Whether `elo0` and `elo1` are normalized or logistic Elo.
    pub model: EloModel,
}

/// SPRT parameters that cannot be read or make no test.
#[derive(Clone, Debug, PartialEq)]
pub enum SprtError {
    /// A `key=value` part without `=`.
    Syntax(String),
    /// A key other than `elo0`, `elo1`, `alpha`, `beta` and `model`.
    UnknownKey(String),
    /// A value that is not a finite number, or a model other than `normalized` or
    /// `logistic`.
    BadValue {
        /// The key.
        key: String,
        /// Its value as written.
        value: String,
    },
    /// `elo0` or `elo1` is not given (alpha and beta default to 0.05).
    Missing(&'static str),
    /// A key given twice (`elo1=5,elo1=3`): which one was meant cannot be told.
    Repeated(String),
    /// Well-formed values that make no test, e.g. elo0 >= elo1.
    Impossible(String),
}

impl fmt::Display for SprtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let form = "write it like elo0=0,elo1=5,alpha=0.05,beta=0.05";
        match self {
            SprtError::Syntax(part) => {
                write!(f, "SPRT parameter `{part}` is not key=value; {form}")
            }
            SprtError::UnknownKey(key) => write!(
                f,
                "unknown SPRT parameter `{key}`; known: elo0, elo1, alpha, beta, model"
            ),
            SprtError::BadValue { key, value } => {
                write!(f, "SPRT parameter {key}=`{value}` is not a valid value")
            }
            SprtError::Missing(key) => write!(f, "SPRT parameter {key} is missing; {form}"),
            SprtError::Repeated(key) => write!(f, "SPRT parameter {key} is given twice"),
            SprtError::Impossible(why) => write!(f, "impossible SPRT parameters: {why}"),
        }
    }
}

impl std::error::Error for SprtError {}

impl crate::error::Kind for SprtError {}

/// The widest normalized Elo bound accepted. The maximum-likelihood fit with a given
/// t-value (fishtest's `MLE_t_value`, started from the uniform distribution) needs the
/// first step's shifted outcomes to take both signs: on the five pair outcomes that
/// holds while t < 0.5 / (1.5 * sqrt(1/8)) = 0.943 per pair, i.e. |elo| < 0.943 *
/// NELO_PER_T / sqrt(2) = 231.6 (on three game outcomes, 340). Past it the LLR was NaN
/// after every pair, whatever the games (issue 24); 200 keeps a margin, and
/// `every_accepted_bound_gives_a_finite_llr` checks it over extreme counts.
pub const MAX_NORMALIZED_ELO: f64 = 200.0;

impl SprtParameters {
    /// Checked parameters: finite bounds with elo0 < elo1 (within ±[`MAX_NORMALIZED_ELO`]
    /// normalized, ±1200 logistic), 0 < alpha, beta and alpha + beta < 1.
    pub fn new(
        elo0: f64,
        elo1: f64,
        alpha: f64,
        beta: f64,
        model: EloModel,
    ) -> Result<SprtParameters, SprtError> {
        if !(elo0.is_finite() && elo1.is_finite()) {
            return Err(SprtError::Impossible("elo0 and elo1 must be finite".into()));
        }
        if elo0 >= elo1 {
            return Err(SprtError::Impossible(format!(
                "elo0 ({elo0}) must be less than elo1 ({elo1})"
            )));
        }
        for (name, p) in [("alpha", alpha), ("beta", beta)] {
            if !(p > 0.0 && p < 1.0) {
                return Err(SprtError::Impossible(format!(
                    "{name} ({p}) must be between 0 and 1"
                )));
            }
        }
        if alpha + beta >= 1.0 {
            return Err(SprtError::Impossible(format!(
                "alpha + beta ({}) must be less than 1",
                alpha + beta
            )));
        }
        if model == EloModel::Normalized
            && (elo0.abs() > MAX_NORMALIZED_ELO || elo1.abs() > MAX_NORMALIZED_ELO)
        {
            return Err(SprtError::Impossible(format!(
                "normalized bounds must lie within ±{MAX_NORMALIZED_ELO} (the likelihood fit \
                 is undefined past a per-pair t-value of 0.94, about ±231; real tests use \
                 bounds of a few units)"
            )));
        }
        if model == EloModel::Logistic && (elo0.abs() >= 1200.0 || elo1.abs() >= 1200.0) {
            return Err(SprtError::Impossible(
                "logistic bounds must lie within ±1200 Elo".into(),
            ));
        }
        Ok(SprtParameters {
            elo0,
            elo1,
            alpha,
            beta,
            model,
        })
    }

    /// ln(beta / (1 - alpha)): at or below it, H0 is accepted.
    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// ln((1 - beta) / alpha): at or above it, H1 is accepted.
    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The decision at log-likelihood ratio `llr`: H1 at or above the upper bound, H0 at
    /// or below the lower one, else play on.
    pub fn state(&self, llr: f64) -> SprtState {
        if llr >= self.upper_bound() {
            SprtState::AcceptH1
        } else if llr <= self.lower_bound() {
            SprtState::AcceptH0
        } else {
            SprtState::Continue
        }
    }

    /// The LLR of game pairs (0 without pairs).
    pub fn llr(&self, pairs: &Pentanomial) -> f64 {
        self.llr_of(&pairs.buckets(), std::f64::consts::SQRT_2)
    }

    /// The LLR of games counted one by one (the trinomial model; 0 without games).
    pub fn llr_trinomial(&self, games: &Trinomial) -> f64 {
        self.llr_of(&games.buckets(), 1.0)
    }

    /// `t_scale`: a normalized Elo of x is a t-value of x / (800/ln 10) per game, and
    /// √2 times that per pair.
    fn llr_of(&self, counts: &[u64], t_scale: f64) -> f64 {
        if counts.iter().sum::<u64>() == 0 {
            return 0.0;
        }
        // Empty buckets get 1/1000 of a sample, as in fishtest's `regularize`, so the
        // maximum likelihood distributions keep every outcome possible.
        let counts: Vec<f64> = counts
            .iter()
            .map(|&c| if c == 0 { 1e-3 } else { c as f64 })
            .collect();
        let n: f64 = counts.iter().sum();
        let last = (counts.len() - 1) as f64;
        let observed: Vec<(f64, f64)> = counts
            .iter()
            .enumerate()
            .map(|(i, c)| (i as f64 / last, c / n))
            .collect();
        let (p0, p1) = match self.model {
            EloModel::Logistic => (
                mle_with_mean(&observed, score_from_elo(self.elo0)),
                mle_with_mean(&observed, score_from_elo(self.elo1)),
            ),
            EloModel::Normalized => (
                mle_with_t_value(&observed, 0.5, self.elo0 / NELO_PER_T * t_scale),
                mle_with_t_value(&observed, 0.5, self.elo1 / NELO_PER_T * t_scale),
            ),
        };
        n * observed
            .iter()
            .zip(p0.iter().zip(&p1))
            .map(|(&(_, p), (q0, q1))| p * (q1.ln() - q0.ln()))
            .sum::<f64>()
    }
}

impl FromStr for SprtParameters {
    type Err = SprtError;

    fn from_str(text: &str) -> Result<SprtParameters, SprtError> {
        let (mut elo0, mut elo1, mut alpha, mut beta) = (None, None, 0.05, 0.05);
        let mut model = EloModel::Normalized;
        let mut seen: Vec<&str> = Vec::new();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| SprtError::Syntax(part.to_string()))?;
            let (key, value) = (key.trim(), value.trim());
            if seen.contains(&key) {
                return Err(SprtError::Repeated(key.to_string()));
            }
            seen.push(key);
            let number = || {
                value
                    .parse::<f64>()
                    .ok()
                    .filter(|v| v.is_finite())
                    .ok_or_else(|| SprtError::BadValue {
                        key: key.to_string(),
                        value: value.to_string(),
                    })
            };
            match key {
                "elo0" => elo0 = Some(number()?),
                "elo1" => elo1 = Some(number()?),
                "alpha" => alpha = number()?,
                "beta" => beta = number()?,
                "model" => {
                    model = match value {
                        "normalized" => EloModel::Normalized,
                        "logistic" => EloModel::Logistic,
                        _ => {
                            return Err(SprtError::BadValue {
                                key: key.to_string(),
                                value: value.to_string(),
                            })
                        }
                    }
                }
                _ => return Err(SprtError::UnknownKey(key.to_string())),
            }
        }
        let elo0 = elo0.ok_or(SprtError::Missing("elo0"))?;
        let elo1 = elo1.ok_or(SprtError::Missing("elo1"))?;
        SprtParameters::new(elo0, elo1, alpha, beta, model)
    }
}

impl fmt::Display for SprtParameters {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "elo0={},elo1={},alpha={},beta={}",
            self.elo0, self.elo1, self.alpha, self.beta
        )?;
        if self.model == EloModel::Logistic {
            f.write_str(",model=logistic")?;
        }
        Ok(())
    }
}

fn mean_and_variance(values: &[f64], probabilities: &[f64]) -> (f64, f64) {
    let mean: f64 = values.iter().zip(probabilities).map(|(a, p)| a * p).sum();
    let variance = values
        .iter()
        .zip(probabilities)
        .map(|(a, p)| p * (a - mean).powi(2))
        .sum();
    (mean, variance)
}

/// The x with Σ p_i a_i / (1 + x a_i) = 0 (the secular equation), where the a_i take
/// both signs and p_i > 0: the function falls from +∞ to -∞ between -1/max(a) and
/// -1/min(a), so bisection finds its one root.
fn secular(pa: &[(f64, f64)]) -> f64 {
    let min = pa.iter().map(|&(a, _)| a).fold(f64::INFINITY, f64::min);
    let max = pa.iter().map(|&(a, _)| a).fold(f64::NEG_INFINITY, f64::max);
    debug_assert!(min < 0.0 && max > 0.0);
    let f = |x: f64| pa.iter().map(|&(a, p)| p * a / (1.0 + x * a)).sum::<f64>();
    let (mut lo, mut hi) = (-1.0 / max, -1.0 / min);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// The distribution on the observed outcomes closest to the observed frequencies
/// (maximum likelihood) with expected score `s`: p_i / (1 + x (a_i - s)).
fn mle_with_mean(observed: &[(f64, f64)], s: f64) -> Vec<f64> {
    let shifted: Vec<(f64, f64)> = observed.iter().map(|&(a, p)| (a - s, p)).collect();
    let x = secular(&shifted);
    observed
        .iter()
        .map(|&(a, p)| p / (1.0 + x * (a - s)))
        .collect()
}

/// The maximum likelihood distribution with t-value (mean - `reference`)/sigma = `t`:
/// the fixed-point iteration of fishtest's `MLE_t_value`, from the uniform distribution.
fn mle_with_t_value(observed: &[(f64, f64)], reference: f64, t: f64) -> Vec<f64> {
    let values: Vec<f64> = observed.iter().map(|&(a, _)| a).collect();
    let mut q = vec![1.0 / observed.len() as f64; observed.len()];
    for _ in 0..10 {
        let (mu, variance) = mean_and_variance(&values, &q);
        let sigma = variance.sqrt();
        let phi: Vec<(f64, f64)> = observed
            .iter()
            .map(|&(a, p)| {
                let z = (a - mu) / sigma;
                (a - reference - t * sigma * (1.0 + z * z) / 2.0, p)
            })
            .collect();
        let x = secular(&phi);
        let next: Vec<f64> = phi.iter().map(|&(phi, p)| p / (1.0 + x * phi)).collect();
        let change = next
            .iter()
            .zip(&q)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        q = next;
        if change < 1e-9 {
            break;
        }
    }
    q
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sprt(elo0: f64, elo1: f64, alpha: f64, beta: f64, model: EloModel) -> SprtParameters {
        SprtParameters::new(elo0, elo1, alpha, beta, model).unwrap()
    }

    #[test]
    fn bounds_are_the_wald_bounds() {
        // By hand: ln(0.05/0.95) = -2.944439, ln(0.95/0.05) = 2.944439; alpha 0.05 and
        // beta 0.1: ln(0.1/0.95) = -2.251292, ln(0.9/0.05) = 2.890372 (fastchess prints
        // "(-2.25, 2.89)" for these in the Zeno results below).
        let s = sprt(0.0, 5.0, 0.05, 0.05, EloModel::Normalized);
        assert!((s.lower_bound() + 2.944_439).abs() < 1e-6);
        assert!((s.upper_bound() - 2.944_439).abs() < 1e-6);
        let s = sprt(0.0, 2.0, 0.05, 0.1, EloModel::Normalized);
        assert!((s.lower_bound() + 2.251_292).abs() < 1e-6);
        assert!((s.upper_bound() - 2.890_372).abs() < 1e-6);
        assert_eq!(s.state(3.0), SprtState::AcceptH1);
        assert_eq!(s.state(-2.3), SprtState::AcceptH0);
        assert_eq!(s.state(0.0), SprtState::Continue);
    }

    #[test]
    fn a_hand_worked_logistic_llr() {
        // Trinomial, logistic bounds, 1 win and 1 loss (plus fishtest's 0.001 draws).
        // The observed mean is 1/2 exactly. For s = 1/2 the maximum likelihood
        // distribution is the observed one (x = 0), and for elo1 = 400 (s = 10/11) the
        // secular equation Σ p(a-s)/(1+x(a-s)) = 0 must be solved. Without the draw
        // bucket (two outcomes) the root is the distribution (1-s, s) itself, so the
        // LLR → 1·ln(2(1-s)) + 1·ln(2s) = ln(4·10/121) = -1.106 as the draws vanish.
        let s = sprt(0.0, 400.0, 0.05, 0.05, EloModel::Logistic);
        let llr = s.llr_trinomial(&Trinomial::new(1, 0, 1));
        assert!((llr - (40.0f64 / 121.0).ln()).abs() < 2e-3, "{llr}");
        // No games, no evidence.
        assert_eq!(s.llr(&Pentanomial::default()), 0.0);
    }

    #[test]
    fn llr_matches_fastchess_unit_tests() {
        // fastchess tests/sprt_test.cpp (github.com/Disservin/fastchess), alpha = beta =
        // 0.05, checked there to 1%. Its pentanomial Stats(LL, LD, WL, DD, WD, WW), its
        // trinomial Stats(wins, losses, draws):
        // normalized pentanomial (365, 16618, 36029, 200, 16974, 390), [0, 2]: 2.25
        // normalized pentanomial (127, 4883, 10311, 401, 5150, 104), [-1.75, 0.25]: 3.01
        // logistic pentanomial (223, 9863, 20279, 1000, 10037, 246), [0.5, 2.5]: -3.07
        // logistic pentanomial (871, 26175, 55003, 980, 26678, 821), [0, 2]: -4.98
        // normalized trinomial (36433, 36027, 68692), [0, 2]: 0.92
        // normalized trinomial (10871, 10650, 20431), [-1.75, 0.25]: 2.30
        // logistic trinomial (21404, 21184, 40708), [0.5, 2.5]: -1.57
        // logistic trinomial (57433, 57030, 106593), [0, 2]: -2.59
        use EloModel::{Logistic, Normalized};
        let penta =
            |ll, ld, wl: u64, dd, wd, ww| Pentanomial::from_buckets([ll, ld, wl + dd, wd, ww]);
        for (pairs, elo0, elo1, model, want) in [
            (
                penta(365, 16618, 36029, 200, 16974, 390),
                0.0,
                2.0,
                Normalized,
                2.25,
            ),
            (
                penta(127, 4883, 10311, 401, 5150, 104),
                -1.75,
                0.25,
                Normalized,
                3.01,
            ),
            (
                penta(223, 9863, 20279, 1000, 10037, 246),
                0.5,
                2.5,
                Logistic,
                -3.07,
            ),
            (
                penta(871, 26175, 55003, 980, 26678, 821),
                0.0,
                2.0,
                Logistic,
                -4.98,
            ),
        ] {
            let got = sprt(elo0, elo1, 0.05, 0.05, model).llr(&pairs);
            assert!((got - want).abs() < 0.01 * want.abs(), "{pairs:?}: {got}");
        }
        for ((w, l, d), elo0, elo1, model, want) in [
            ((36433, 36027, 68692), 0.0, 2.0, Normalized, 0.92),
            ((10871, 10650, 20431), -1.75, 0.25, Normalized, 2.30),
            ((21404, 21184, 40708), 0.5, 2.5, Logistic, -1.57),
            ((57433, 57030, 106593), 0.0, 2.0, Logistic, -2.59),
        ] {
            let games = Trinomial::new(w, d, l);
            let got = sprt(elo0, elo1, 0.05, 0.05, model).llr_trinomial(&games);
            assert!((got - want).abs() < 0.01 * want.abs(), "{w} {l} {d}: {got}");
        }
    }

    #[test]
    fn llr_matches_a_published_fishtest_page() {
        // montytest.muzhen.org/tests/stats/69d3c8dc7c5b3724e29d2712, a fishtest
        // instance's raw statistics: alpha = beta = 0.05, normalized bounds [0, 4]
        // (logistic H1 shown as 2.716), pentanomial [13, 37, 50, 25, 3]:
        // "LLR -0.5491 [-2.9444, 2.9444]", "Normalized (exact) -0.54912",
        // "Logistic (exact) -0.53772" (the last with the logistic bounds [0, 2.716]).
        let pairs = Pentanomial::from_buckets([13, 37, 50, 25, 3]);
        let normalized = sprt(0.0, 4.0, 0.05, 0.05, EloModel::Normalized);
        assert!((normalized.llr(&pairs) + 0.54912).abs() < 5e-6);
        assert!((normalized.upper_bound() - 2.9444).abs() < 5e-5);
        // The page rounds the logistic H1 to 2.716, which moves the LLR in the 4th decimal.
        let logistic = sprt(0.0, 2.716, 0.05, 0.05, EloModel::Logistic);
        assert!((logistic.llr(&pairs) + 0.53772).abs() < 2e-4);
    }

    #[test]
    fn llr_matches_published_fastchess_results() {
        // fastchess reports published in github.com/Toudonou/zeno, docs/testing.md
        // (fastchess's default normalized model; "LLR: x (..%) (lower, upper) [elo0, elo1]"):
        // [352, 579, 1264, 743, 464], bounds (-4.60, 4.60), [9, 16]: LLR 4.60;
        // [224, 309, 874, 347, 246], bounds (-2.25, 2.89), [0, 2]: LLR 0.53;
        // [183, 319, 779, 398, 321], bounds (-2.25, 2.89), [15, 18]: LLR 2.08.
        for (buckets, elo0, elo1, alpha, beta, want) in [
            ([352, 579, 1264, 743, 464], 9.0, 16.0, 0.01, 0.01, 4.60),
            ([224, 309, 874, 347, 246], 0.0, 2.0, 0.05, 0.1, 0.53),
            ([183, 319, 779, 398, 321], 15.0, 18.0, 0.05, 0.1, 2.08),
        ] {
            let s = sprt(elo0, elo1, alpha, beta, EloModel::Normalized);
            let got = s.llr(&Pentanomial::from_buckets(buckets));
            assert!((got - want).abs() <= 0.005, "{buckets:?}: {got}");
        }
        // (-4.60, 4.60) are the bounds of alpha = beta = 0.01.
        let s = sprt(9.0, 16.0, 0.01, 0.01, EloModel::Normalized);
        assert!((s.upper_bound() - 4.60).abs() < 0.005);
    }

    /// Issue 24: `elo0=0,elo1=250` (normalized) printed `LLR NaN` after every pair. Every
    /// accepted bound must give a finite LLR on any counts, the extremes included (one
    /// outcome only, one pair, a million pairs).
    #[test]
    fn every_accepted_bound_gives_a_finite_llr() {
        let levels = [0u64, 1, 5, 100, 1_000_000];
        let mut vectors = Vec::new();
        for i in 0..levels.len().pow(5) {
            let mut v = [0u64; 5];
            let mut k = i;
            for slot in &mut v {
                *slot = levels[k % levels.len()];
                k /= levels.len();
            }
            vectors.push(v);
        }
        let m = MAX_NORMALIZED_ELO;
        let normalized = [(0.0, m), (-m, 0.0), (-m, m), (m - 1.0, m), (-m, 1.0 - m)];
        let logistic = [(0.0, 1199.0), (-1199.0, 0.0), (-1199.0, 1199.0), (0.0, 5.0)];
        for (model, bounds) in [
            (EloModel::Normalized, &normalized[..]),
            (EloModel::Logistic, &logistic[..]),
        ] {
            for &(e0, e1) in bounds {
                let s = sprt(e0, e1, 0.05, 0.05, model);
                for v in &vectors {
                    let pairs = s.llr(&Pentanomial::from_buckets(*v));
                    let games = s.llr_trinomial(&Trinomial::new(v[0], v[1], v[2]));
                    assert!(pairs.is_finite(), "{model:?} {e0} {e1} {v:?}: {pairs}");
                    assert!(games.is_finite(), "{model:?} {e0} {e1} {v:?}: {games}");
                }
            }
        }
        // Past the limit the bound is refused where it enters.
        let err = "elo0=0,elo1=250".parse::<SprtParameters>().unwrap_err();
        assert!(err.to_string().contains("within ±200"), "{err}");
        assert!("elo0=0,elo1=250,model=logistic"
            .parse::<SprtParameters>()
            .is_ok());
    }

    #[test]
    fn parameters_parse_and_bad_ones_are_named() {
        let s: SprtParameters = "elo0=0,elo1=5,alpha=0.05,beta=0.05".parse().unwrap();
        assert_eq!(s, sprt(0.0, 5.0, 0.05, 0.05, EloModel::Normalized));
        assert_eq!(s.to_string(), "elo0=0,elo1=5,alpha=0.05,beta=0.05");
        let s: SprtParameters = "elo1=2, elo0=-1, model=logistic".parse().unwrap();
        assert_eq!(s, sprt(-1.0, 2.0, 0.05, 0.05, EloModel::Logistic));
        let err = |t: &str| t.parse::<SprtParameters>().unwrap_err();
        assert_eq!(err("elo0=0"), SprtError::Missing("elo1"));
        assert!(matches!(err("elo0=5,elo1=0"), SprtError::Impossible(_)));
        assert!(matches!(
            err("elo0=0,elo1=5,alpha=0"),
            SprtError::Impossible(_)
        ));
        assert!(matches!(
            err("elo0=0,elo1=5,alpha=0.6,beta=0.5"),
            SprtError::Impossible(_)
        ));
        assert!(matches!(err("elo0=0,elo1=x"), SprtError::BadValue { .. }));
        assert!(matches!(err("elo0=0,elo1=inf"), SprtError::BadValue { .. }));
        assert_eq!(
            err("elo0=0,elo1=5,gamma=1"),
            SprtError::UnknownKey("gamma".into())
        );
        assert_eq!(err("elo0"), SprtError::Syntax("elo0".into()));
        // Issue 24: a repeated key was read, the last one winning, without a word.
        assert_eq!(
            err("elo0=0,elo1=5,elo1=3"),
            SprtError::Repeated("elo1".into())
        );
        assert!(err("elo0=5,elo1=0")
            .to_string()
            .contains("elo0 (5) must be less"));
    }
}
