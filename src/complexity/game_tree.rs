//! Game-tree size estimates b^L from a branching factor and a game length.

use num_bigint::BigUint;
use num_traits::Pow;

/// An average branching factor `b` and game length `L` in plies, and where they come
/// from; the tree has about b^L leaves.
#[derive(Clone, Debug, PartialEq)]
pub struct GameTreeEstimate {
    /// Where b and L come from: "command line" or "essay".
    pub source: String,
    /// b: the average number of legal moves per ply.
    pub branching: f64,
    /// L: the average game length in plies.
    pub length: f64,
}

/// A branching factor and length that give no b^L worth writing.
#[derive(Clone, Debug, PartialEq)]
pub enum GameTreeError {
    /// b is not a positive number.
    Branching(f64),
    /// L is not zero or more.
    Length(f64),
    /// log10(b^L) is past [`GameTreeEstimate::MAX_LOG10`] (or not finite).
    TooLarge {
        /// b.
        branching: f64,
        /// L.
        length: f64,
    },
}

impl std::fmt::Display for GameTreeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameTreeError::Branching(b) => {
                write!(f, "branching factor {b}: must be a positive number")
            }
            GameTreeError::Length(l) => write!(f, "game length {l}: must be zero or more plies"),
            GameTreeError::TooLarge { branching, length } => write!(
                f,
                "b^L with b = {branching:e} and L = {length:e} has a log10 of {:e}; it must \
                 stay within ±{:e} for the figure to keep its digits",
                length * branching.log10(),
                GameTreeEstimate::MAX_LOG10
            ),
        }
    }
}

impl std::error::Error for GameTreeError {}

impl crate::error::Kind for GameTreeError {}

impl GameTreeEstimate {
    /// The largest |log10(b^L)| written: past 10^12 a float's log10 no longer holds
    /// the mantissa's digits (b = 1e308, L = 1e308 printed `NaNeinf`).
    pub const MAX_LOG10: f64 = 1e12;

    /// b^L from a branching factor and a length given by a user, checked where they
    /// enter: b positive, L zero or more, and b^L within 10^±[`Self::MAX_LOG10`].
    pub fn new(
        source: impl Into<String>,
        branching: f64,
        length: f64,
    ) -> Result<GameTreeEstimate, GameTreeError> {
        if !(branching.is_finite() && branching > 0.0) {
            return Err(GameTreeError::Branching(branching));
        }
        if !(length.is_finite() && length >= 0.0) {
            return Err(GameTreeError::Length(length));
        }
        let log10 = length * branching.log10();
        if !(log10.is_finite() && log10.abs() <= Self::MAX_LOG10) {
            return Err(GameTreeError::TooLarge { branching, length });
        }
        Ok(GameTreeEstimate {
            source: source.into(),
            branching,
            length,
        })
    }

    /// The essay's figures for 11x11: 88 moves a ply, 80 plies.
    pub fn essay() -> GameTreeEstimate {
        GameTreeEstimate {
            source: "essay".to_owned(),
            branching: 88.0,
            length: 80.0,
        }
    }

    /// log10 of b^L, which stays finite where b^L itself would not fit a float.
    pub fn log10(&self) -> f64 {
        self.length * self.branching.log10()
    }

    /// b^L exactly, when both are whole numbers of sensible size.
    pub fn exact(&self) -> Option<BigUint> {
        let whole = |x: f64| x.fract() == 0.0 && x >= 1.0;
        if whole(self.branching)
            && whole(self.length)
            && self.branching < 1e9
            && self.length <= 10_000.0
        {
            Some(BigUint::from(self.branching as u64).pow(self.length as u32))
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_past_any_float_are_refused_where_they_enter() {
        let e = GameTreeEstimate::new("x", 1e308, 1e308).unwrap_err();
        assert!(e.to_string().contains("a log10 of inf"), "{e}");
        assert!(matches!(e, GameTreeError::TooLarge { .. }));
        let e = GameTreeEstimate::new("x", 1e10, 1e12).unwrap_err();
        assert!(e.to_string().contains("a log10 of 1e13"), "{e}");
        assert_eq!(
            GameTreeEstimate::new("x", 0.0, 5.0),
            Err(GameTreeError::Branching(0.0))
        );
        assert_eq!(
            GameTreeEstimate::new("x", 2.0, -1.0),
            Err(GameTreeError::Length(-1.0))
        );
        assert!(GameTreeEstimate::new("x", f64::NAN, 5.0).is_err());
        // 10^(10^12) exactly at the limit is written; its scientific form keeps digits.
        let t = GameTreeEstimate::new("x", 10.0, 1e12).unwrap();
        assert_eq!(
            crate::number::scientific_from_log10(t.log10()),
            "1.00e1000000000000"
        );
        let t = GameTreeEstimate::new("x", 88.0, 80.0).unwrap();
        assert_eq!(
            t,
            GameTreeEstimate {
                source: "x".into(),
                ..GameTreeEstimate::essay()
            }
        );
    }

    #[test]
    fn the_essay_tree_is_ten_to_the_155_not_167() {
        let essay = GameTreeEstimate::essay();
        assert!((essay.log10() - 155.5586).abs() < 1e-3);
        let exact = essay.exact().unwrap();
        assert_eq!(exact.to_string().len(), 156);
    }
}
