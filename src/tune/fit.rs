//! Texel's fit: the logistic scale `K`, the mean squared error of the predicted results,
//! and the weights moved one at a time, with shrinking steps, while the error falls.

use super::positions::Sample;
use crate::rng::SplitMix64;
use crate::search::{Weights, WEIGHT_COUNT, WEIGHT_NAMES};
use std::fmt;

/// The expected result for the side to move of a position it evaluates at `score`,
/// under the scale `k` (a score of `k` is a 73% chance).
pub fn win_probability(score: f64, k: f64) -> f64 {
    1.0 / (1.0 + (-score / k).exp())
}

/// Each sample's evaluation under `weights`.
pub fn scores(samples: &[Sample], weights: &Weights) -> Vec<f64> {
    let w = weights.values();
    samples
        .iter()
        .map(|s| {
            s.counts
                .iter()
                .zip(w)
                .map(|(&c, w)| f64::from(c) * f64::from(w))
                .sum()
        })
        .collect()
}

/// The mean squared difference between each sample's label and the win probability of
/// its score (`scores`, one per sample) under `k`; 0 without samples.
pub fn mean_squared_error(samples: &[Sample], scores: &[f64], k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples
        .iter()
        .zip(scores)
        .map(|(s, &score)| (s.label - win_probability(score, k)).powi(2))
        .sum();
    sum / samples.len() as f64
}

/// The smallest and largest scale searched: a score of 1 to a score of a million for a
/// 73% chance.
const SCALE_RANGE: (f64, f64) = (1.0, 1e6);

/// The scale `K` that minimises the mean squared error of `weights`' evaluations: a grid
/// over the logarithm of `K`, then a golden-section search between the best point's
/// neighbours.
pub fn fit_scale(samples: &[Sample], weights: &Weights) -> f64 {
    let scores = scores(samples, weights);
    let error = |log_k: f64| mean_squared_error(samples, &scores, log_k.exp());
    let (lo, hi) = (SCALE_RANGE.0.ln(), SCALE_RANGE.1.ln());
    const POINTS: usize = 140;
    let at = |i: usize| lo + (hi - lo) * i as f64 / (POINTS - 1) as f64;
    let best = (0..POINTS)
        .map(|i| (i, error(at(i))))
        .fold(
            (0, f64::INFINITY),
            |b, (i, e)| if e < b.1 { (i, e) } else { b },
        );
    let around = (
        at(best.0.saturating_sub(1)),
        at((best.0 + 1).min(POINTS - 1)),
    );
    golden_section(around, 80, &error).exp()
}

/// The scale that minimises the error of `scores` within a factor e of `k` (where the
/// best one is after a pass moved the weights a little), kept in `SCALE_RANGE`.
fn refit_scale(samples: &[Sample], scores: &[f64], k: f64) -> f64 {
    let error = |log_k: f64| mean_squared_error(samples, scores, log_k.exp());
    let (lo, hi) = (SCALE_RANGE.0.ln(), SCALE_RANGE.1.ln());
    let around = ((k.ln() - 1.0).max(lo), (k.ln() + 1.0).min(hi));
    golden_section(around, 40, &error).exp()
}

/// The minimum of a unimodal `f` on `(a, b)`, narrowed `steps` times by the golden ratio.
fn golden_section((mut a, mut b): (f64, f64), steps: usize, f: &dyn Fn(f64) -> f64) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let mut c = b - ratio * (b - a);
    let mut d = a + ratio * (b - a);
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..steps {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - ratio * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + ratio * (b - a);
            fd = f(d);
        }
    }
    (a + b) / 2.0
}

/// How the weights are searched.
#[derive(Clone, Debug, PartialEq)]
pub struct TuneOptions {
    /// Orders the weights tried in each pass.
    pub seed: u64,
    /// Passes over the weights at most.
    pub max_passes: u32,
    /// The first step a weight moves by; it halves after a pass that changes nothing,
    /// and the search ends when a pass of steps of 1 changes nothing.
    pub first_step: i32,
    /// Weights (by `WEIGHT_NAMES` index) kept as they start.
    pub held: [bool; WEIGHT_COUNT],
    /// The scale `K` to use throughout, instead of fitting it to the starting weights
    /// and refitting it after each pass (to compare runs on one scale).
    pub scale: Option<f64>,
}

impl Default for TuneOptions {
    fn default() -> TuneOptions {
        TuneOptions {
            seed: 1,
            max_passes: 100,
            first_step: 16,
            held: [false; WEIGHT_COUNT],
            scale: None,
        }
    }
}

/// What a fit found.
#[derive(Clone, Debug, PartialEq)]
pub struct TuneOutcome {
    /// The scale fitted to the starting weights.
    pub k_start: f64,
    /// The scale fitted to the tuned weights (refitted after every pass).
    pub k: f64,
    /// The mean squared error of the starting weights.
    pub error_before: f64,
    /// The mean squared error of the tuned weights.
    pub error_after: f64,
    /// The tuned weights; each passes `Weights::check`.
    pub weights: Weights,
    /// Passes over the weights made.
    pub passes: u32,
    /// True if the search ended because no step of 1 lowered the error (false: it ran
    /// out of passes).
    pub converged: bool,
}

/// Why a fit cannot start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TuneError {
    /// There are no labelled positions.
    NoPositions,
    /// The starting weights can score past the game ends.
    StartWeights(String),
    /// The first step is not positive.
    Step(i32),
    /// The given scale is not a positive number.
    Scale(String),
}

impl fmt::Display for TuneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TuneError::NoPositions => write!(
                f,
                "no positions to tune on: every game is unfinished or shorter than the plies skipped"
            ),
            TuneError::StartWeights(why) => write!(f, "the starting weights: {why}"),
            TuneError::Step(step) => write!(f, "the first step must be at least 1, not {step}"),
            TuneError::Scale(k) => write!(f, "the scale K must be a positive number, not {k}"),
        }
    }
}

impl std::error::Error for TuneError {}

impl crate::error::Kind for TuneError {}

/// Texel's local search: `K` fitted to `start`, then each pass tries every weight not
/// held (in an order drawn from the seed) one step up, else one step down, keeps a move
/// that lowers the error and passes `Weights::check`, and refits `K` to the weights it
/// ends with. The error only falls. The same samples, start and options give the same
/// weights.
///
/// With every weight free, scaling them all together with `K` changes nothing, so the
/// search may drift along that line; holding one weight (`attacker`, the unit of the
/// score) pins the scale, and `K` then absorbs it.
pub fn tune(
    samples: &[Sample],
    start: Weights,
    options: &TuneOptions,
) -> Result<TuneOutcome, TuneError> {
    tune_with_progress(samples, start, options, &mut |_, _| {})
}

/// [`tune`], calling `progress(pass, error)` after each pass.
pub fn tune_with_progress(
    samples: &[Sample],
    start: Weights,
    options: &TuneOptions,
    progress: &mut dyn FnMut(u32, f64),
) -> Result<TuneOutcome, TuneError> {
    if samples.is_empty() {
        return Err(TuneError::NoPositions);
    }
    start.check().map_err(TuneError::StartWeights)?;
    if options.first_step < 1 {
        return Err(TuneError::Step(options.first_step));
    }
    let k_start = match options.scale {
        Some(k) if k.is_finite() && k > 0.0 => k,
        Some(k) => return Err(TuneError::Scale(k.to_string())),
        None => fit_scale(samples, &start),
    };
    let mut k = k_start;
    let mut current = scores(samples, &start);
    let error_before = mean_squared_error(samples, &current, k);
    let mut error = error_before;
    let mut values = start.values();
    let mut step = options.first_step;
    let mut rng = SplitMix64::new(options.seed);
    let tunable: Vec<usize> = (0..WEIGHT_NAMES.len())
        .filter(|&i| !options.held[i])
        .collect();
    let mut trial = vec![0.0; samples.len()];
    let (mut passes, mut converged) = (0, tunable.is_empty());
    while passes < options.max_passes && !converged {
        passes += 1;
        let mut order = tunable.clone();
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        let mut moved = false;
        for &i in &order {
            for delta in [step, -step] {
                let mut candidate = values;
                candidate[i] = candidate[i].saturating_add(delta);
                if Weights::from_values(candidate).check().is_err() {
                    continue;
                }
                let d = f64::from(delta);
                for ((t, &c), s) in trial.iter_mut().zip(&current).zip(samples) {
                    *t = c + d * f64::from(s.counts[i]);
                }
                let e = mean_squared_error(samples, &trial, k);
                if e < error {
                    values = candidate;
                    error = e;
                    std::mem::swap(&mut current, &mut trial);
                    moved = true;
                    break;
                }
            }
        }
        if options.scale.is_none() {
            let refitted = refit_scale(samples, &current, k);
            let refitted_error = mean_squared_error(samples, &current, refitted);
            if refitted_error < error {
                (k, error) = (refitted, refitted_error);
            }
        }
        progress(passes, error);
        if !moved {
            if step == 1 {
                converged = true;
            } else {
                step /= 2;
            }
        }
    }
    Ok(TuneOutcome {
        k_start,
        k,
        error_before,
        error_after: error,
        weights: Weights::from_values(values),
        passes,
        converged,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sample whose evaluation under the default weights is `score` attackers' worth
    /// (the attacker weight is 100).
    fn sample(attackers: i32, label: f64) -> Sample {
        let mut counts = [0; WEIGHT_COUNT];
        counts[0] = attackers;
        Sample { counts, label }
    }

    #[test]
    fn the_error_of_even_predictions_is_a_quarter_for_decided_games_and_zero_for_draws() {
        // A score of 0 predicts 0.5 at any scale: (1 - 0.5)^2 = (0 - 0.5)^2 = 0.25.
        let decided = [sample(0, 1.0), sample(0, 0.0)];
        for k in [1.0, 100.0, 1e5] {
            assert_eq!(mean_squared_error(&decided, &[0.0, 0.0], k), 0.25);
            assert_eq!(mean_squared_error(&[sample(0, 0.5)], &[0.0], k), 0.0);
        }
        // e^(-ln 3) = 1/3, so the prediction is 1 / (1 + 1/3) = 0.75.
        assert!((win_probability(100.0 * 3f64.ln(), 100.0) - 0.75).abs() < 1e-12);
    }

    #[test]
    fn the_scale_makes_the_prediction_the_share_of_wins_at_each_score() {
        // Worked by hand: at +100 the side to move won 3 games of 4, at -100 one of 4.
        // The squared error at one score is least when the prediction is the mean label,
        // 0.75 (and 0.25 at -100, the same equation): 1 / (1 + e^(-100/K)) = 3/4, so
        // K = 100 / ln 3 = 91.0239... The error left is (3 x 0.25^2 + 0.75^2) / 4 = 0.1875.
        let mut samples = Vec::new();
        for (attackers, wins) in [(1, 3), (-1, 1)] {
            for i in 0..4 {
                samples.push(sample(attackers, if i < wins { 1.0 } else { 0.0 }));
            }
        }
        let k = fit_scale(&samples, &Weights::default());
        assert!((k - 100.0 / 3f64.ln()).abs() < 1e-3, "K = {k}");
        let error = mean_squared_error(&samples, &scores(&samples, &Weights::default()), k);
        assert!((error - 0.1875).abs() < 1e-9, "{error}");
    }

    #[test]
    fn a_fit_needs_positions_sound_weights_and_a_step() {
        let samples = [sample(1, 1.0)];
        assert_eq!(
            tune(&[], Weights::default(), &TuneOptions::default()),
            Err(TuneError::NoPositions)
        );
        let unsound = Weights {
            king_escape_route: 100_000,
            ..Weights::default()
        };
        assert!(matches!(
            tune(&samples, unsound, &TuneOptions::default()),
            Err(TuneError::StartWeights(_))
        ));
        let options = TuneOptions {
            first_step: 0,
            ..TuneOptions::default()
        };
        assert_eq!(
            tune(&samples, Weights::default(), &options),
            Err(TuneError::Step(0))
        );
        for k in [0.0, -1.0, f64::NAN] {
            let options = TuneOptions {
                scale: Some(k),
                ..TuneOptions::default()
            };
            assert!(matches!(
                tune(&samples, Weights::default(), &options),
                Err(TuneError::Scale(_))
            ));
        }
    }

    #[test]
    fn weights_stay_within_the_check_however_far_the_data_pulls() {
        // The side to move wins exactly when it has a defender more: on a fixed scale of
        // 1000 the defender weight lowers the error up to about 37,000 (where the
        // logistic saturates), far past what the check allows with the other weights at
        // their defaults, so the fit must stop at the bound.
        let mut samples = Vec::new();
        for (defenders, label) in [(1, 1.0), (-1, 0.0)] {
            let mut counts = [0; WEIGHT_COUNT];
            counts[1] = defenders;
            samples.push(Sample { counts, label });
        }
        let mut held = [true; WEIGHT_COUNT];
        held[1] = false;
        let options = TuneOptions {
            max_passes: 1000,
            first_step: 256,
            held,
            scale: Some(1000.0),
            ..TuneOptions::default()
        };
        let outcome = tune(&samples, Weights::default(), &options).unwrap();
        assert!(outcome.converged);
        assert!(outcome.weights.check().is_ok());
        let one_more = Weights {
            defender: outcome.weights.defender + 1,
            ..outcome.weights
        };
        assert!(one_more.check().is_err(), "{:?}", outcome.weights);
        assert!(outcome.error_after < outcome.error_before);
        assert_eq!(outcome.k, 1000.0);
        let values = outcome.weights.values();
        assert_eq!(values[0], 100);
        assert_eq!(values[2..], Weights::default().values()[2..]);
    }
}
