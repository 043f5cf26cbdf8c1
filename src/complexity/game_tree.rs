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

impl GameTreeEstimate {
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
    fn the_essay_tree_is_ten_to_the_155_not_167() {
        let essay = GameTreeEstimate::essay();
        assert!((essay.log10() - 155.5586).abs() < 1e-3);
        let exact = essay.exact().unwrap();
        assert_eq!(exact.to_string().len(), 156);
    }
}
