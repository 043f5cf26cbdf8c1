//! Tuning the evaluation's weights on played games, by Texel's method: label every
//! position of the games with the game's result from the side to move's view (win 1,
//! draw 0.5, loss 0), find the scale `K` that makes the logistic `1 / (1 + e^(-eval/K))`
//! of the evaluation best predict the labels (least mean squared error), then move the
//! integer weights one at a time while the error falls. The evaluation is linear in its
//! weights, so each position is read once into its feature counts and every trial is a
//! dot product.
//!
//! ```
//! use taflcount::moves::Tables;
//! use taflcount::notation::parse_games;
//! use taflcount::rules::catalog;
//! use taflcount::search::Weights;
//! use taflcount::tune::{tune, FeatureCounter, PositionOptions, Positions, TuneOptions};
//!
//! let tables = Tables::new(&catalog::find("brandubh").unwrap().rules()).unwrap();
//! let games = parse_games("d2-b2 d3-f3 b2-b3 f3-f2,0,0,White\n").unwrap();
//! let mut positions = Positions::new(FeatureCounter::new(&tables));
//! positions.add_records(&tables, &games, &PositionOptions::default()).unwrap();
//! let outcome = tune(&positions.samples, Weights::default(), &TuneOptions::default()).unwrap();
//! assert!(outcome.error_after <= outcome.error_before);
//! assert!(outcome.weights.check().is_ok());
//! ```

mod document;
mod fit;
mod positions;

pub use document::{TuneReport, TuneTiming, SCHEMA_VERSION};
pub use fit::{
    fit_scale, mean_squared_error, scores, tune, tune_with_progress, win_probability, TuneError,
    TuneOptions, TuneOutcome,
};
pub use positions::{FeatureCounter, PositionOptions, PositionTally, Positions, Sample};
