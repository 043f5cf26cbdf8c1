//! The essay's closed-form bounds, computed exactly.

use num_bigint::BigUint;
use num_traits::{Pow, Zero};

use super::material::binomial;

/// `(kinds + 1)^cells`: every square empty or holding one of the kinds.
pub fn naive(cells: usize, kinds: usize) -> BigUint {
    BigUint::from(kinds + 1).pow(cells)
}

/// Sum over `i = 3..=pieces` of C(cells, i): which squares are occupied, pieces not
/// told apart (the essay starts at 3: a king and at least one piece of each side).
pub fn placements(cells: usize, pieces: usize) -> BigUint {
    (3..=pieces).map(|i| binomial(cells, i)).sum()
}

/// The essay's sum: C(cells, i) · Σ_{k=1}^{i-1} C(i, k)·k for i = 3..=pieces. Its
/// reading: split the i pieces into k of one side and i - k of the other, then pick
/// one of the k as the king.
pub fn side_split(cells: usize, pieces: usize) -> BigUint {
    (3..=pieces)
        .map(|i| {
            let splits: BigUint = (1..i).map(|k| binomial(i, k) * k).sum();
            binomial(cells, i) * splits
        })
        .fold(BigUint::zero(), |sum, term| sum + term)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_cases_by_hand() {
        // 3x3 with 4 pieces: C(9,3) + C(9,4) = 84 + 126.
        assert_eq!(placements(9, 4), BigUint::from(210u32));
        // i = 3: C(3,1)·1 + C(3,2)·2 = 9; i = 4: 4 + 12 + 12 = 28.
        // 84·9 + 126·28 = 756 + 3528.
        assert_eq!(side_split(9, 4), BigUint::from(4284u32));
        assert_eq!(naive(9, 3), BigUint::from(262_144u32));
        assert_eq!(placements(9, 2), BigUint::zero());
    }

    #[test]
    fn side_split_matches_its_closed_form() {
        // Σ_{k=0}^{i} C(i,k)·k = i·2^(i-1); dropping k = i leaves i·2^(i-1) - i.
        for pieces in 3..40 {
            let closed: BigUint = (3..=pieces)
                .map(|i| binomial(121, i) * ((BigUint::from(2u32).pow(i - 1) - 1u32) * i))
                .sum();
            assert_eq!(side_split(121, pieces), closed);
        }
    }
}
