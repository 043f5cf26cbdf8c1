//! Exactly uniform draws from the superset: a uniform number below its count by
//! rejection on random bits, then unranked. Each sample has its own random stream
//! (seed, sample index), so a run's samples do not depend on the thread count.

use num_bigint::BigUint;
use rand::RngExt;

use super::superset::{Element, Superset};
use crate::rng::{game_rng, GameRng};

/// A number drawn uniformly from `0..n` (`n > 0`): `bits(n)` random bits, drawn again
/// while they make a number `>= n` (fewer than two draws on average).
pub fn uniform_below(rng: &mut GameRng, n: &BigUint) -> BigUint {
    assert!(n.bits() > 0, "no number lies below zero");
    let bits = n.bits();
    let words = bits.div_ceil(32) as usize;
    let top_bits = bits - 32 * (words as u64 - 1);
    loop {
        let mut digits: Vec<u32> = (0..words).map(|_| rng.random::<u32>()).collect();
        if top_bits < 32 {
            digits[words - 1] &= (1u32 << top_bits) - 1;
        }
        let candidate = BigUint::from_slice(&digits);
        if &candidate < n {
            return candidate;
        }
    }
}

/// Sample number `index` of a run seeded with `seed`: its rank and its element.
pub fn sample(superset: &Superset, seed: u64, index: u64) -> (BigUint, Element) {
    let mut rng = game_rng(seed, index);
    let rank = uniform_below(&mut rng, &superset.count());
    let element = superset
        .unrank(&rank)
        .expect("a rank below the count unranks");
    (rank, element)
}

/// The upper `alpha` critical value of chi-square with `df` degrees of freedom, by the
/// Wilson-Hilferty cube approximation (relative error below 1e-3 for `df >= 30`), from
/// the standard normal quantile `z` of `1 - alpha`.
pub fn chi_square_critical(df: f64, z: f64) -> f64 {
    let v = 2.0 / (9.0 * df);
    df * (1.0 - v + z * v.sqrt()).powi(3)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::complexity::ComplexitySpec;

    #[test]
    fn uniform_below_stays_below_and_reaches_every_value() {
        let mut rng = game_rng(5, 0);
        let n = BigUint::from(37u32);
        let mut seen = [0u32; 37];
        for _ in 0..3700 {
            let x = uniform_below(&mut rng, &n);
            seen[usize::try_from(x).unwrap()] += 1;
        }
        assert!(seen.iter().all(|&c| c > 50), "{seen:?}");
    }

    #[test]
    fn wilson_hilferty_matches_tabulated_values() {
        // Printed tables (e.g. NIST/SEMATECH e-Handbook 1.3.6.7.4): chi-square upper
        // 0.001 critical values 149.449 at 100 degrees of freedom, 59.703 at 30.
        assert!((chi_square_critical(100.0, 3.090232) - 149.449).abs() < 0.1);
        assert!((chi_square_critical(30.0, 3.090232) - 59.703).abs() < 0.2);
    }

    /// Every one of the 314 elements of the 3x3 superset (one attacker, one defender)
    /// drawn 100 times on average: the chi-square statistic over all of them stays
    /// below the critical value at significance 0.001 (fixed seed, so the verdict
    /// never flickers).
    #[test]
    fn chi_square_over_every_element_of_a_small_superset() {
        let spec = ComplexitySpec::throne_and_corners(3, 1, 1).unwrap();
        let superset = Superset::new(&spec);
        assert_eq!(superset.count(), BigUint::from(314u32));
        chi_square_holds(&superset, 2026);
    }

    /// Draws 100 samples an element on average from a superset small enough to
    /// enumerate, checks each rank, and holds the chi-square statistic of the counts
    /// below the 0.001 critical value.
    fn chi_square_holds(superset: &Superset, seed: u64) {
        let cells = usize::try_from(superset.count()).unwrap();
        let draws = 100 * cells as u64;
        let mut counts = vec![0u64; cells];
        for i in 0..draws {
            let (rank, element) = sample(superset, seed, i);
            assert_eq!(superset.rank(&element).unwrap(), rank);
            counts[usize::try_from(rank).unwrap()] += 1;
        }
        let expected = draws as f64 / cells as f64;
        let chi2: f64 = counts
            .iter()
            .map(|&c| (c as f64 - expected).powi(2) / expected)
            .sum();
        let critical = chi_square_critical((cells - 1) as f64, 3.090232);
        assert!(chi2 < critical, "chi-square {chi2} >= {critical}");
    }

    /// The same over every element of a typed 3x3 superset (a commander and a knight
    /// among the pieces), 100 draws an element on average.
    #[test]
    fn chi_square_over_every_element_of_a_typed_superset() {
        let superset = crate::complexity::legal::superset::tests::typed_three_by_three();
        chi_square_holds(&superset, 2027);
    }
}
