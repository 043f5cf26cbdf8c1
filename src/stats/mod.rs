//! Match statistics: is one engine stronger than another, and by how much?
//!
//! - Elo from a score, with its 95% interval, normalized Elo and the likelihood of
//!   superiority (LOS), from game results (trinomial: loss, draw, win) or, better for
//!   tafl, from game pairs played from one opening with the sides swapped (pentanomial:
//!   LL, LD, DD+WL, WD, WW). A pair cancels most of the opening's and the side's bias,
//!   so its variance is smaller and the interval narrower.
//! - The generalized sequential probability ratio test (GSPRT) of fishtest and fastchess:
//!   the log-likelihood ratio of "Elo = elo1" against "Elo = elo0" under the maximum
//!   likelihood distribution of pair results with that Elo, stopped at
//!   ln(beta/(1-alpha)) (H0 accepted) or ln((1-beta)/alpha) (H1 accepted).
//! - Bradley-Terry ratings by maximum likelihood for round robins, with intervals.
//!
//! The formulas follow fishtest's `stats/LLRcalc.py` and `stats/stat_util.py` and
//! fastchess's `elo.cpp` and `sprt.cpp` (see the tests for published numbers they
//! reproduce). No dependency: the root finding and the normal distribution are here.
//!
//! ```
//! use taflcount::stats::{Pentanomial, SprtParameters, SprtState};
//!
//! // 100 pairs: 10 lost both games, 20 lost one and drew one, ... (LL, LD, DD+WL, WD, WW).
//! let pairs = Pentanomial::from_buckets([10, 20, 30, 25, 15]);
//! let elo = pairs.estimate().unwrap();
//! assert!(elo.elo > 0.0 && elo.elo_lower < 0.0); // ahead, but not significantly
//! let sprt: SprtParameters = "elo0=0,elo1=5".parse().unwrap();
//! assert_eq!(sprt.state(sprt.llr(&pairs)), SprtState::Continue);
//! ```

mod bradley_terry;
mod elo;
mod normal;
mod sprt;

pub use bradley_terry::{fit_bradley_terry, FitError, PairingResult, Rating};
pub use elo::{
    elo_from_score, score_from_elo, EloEstimate, GameScore, Pentanomial, Trinomial, NELO_PER_T, Z95,
};
pub use normal::{normal_cdf, normal_quantile};
pub use sprt::{EloModel, SprtError, SprtParameters, SprtState, MAX_NORMALIZED_ELO};
