//! The combinatorial number system: a `k`-subset `c_1 < ... < c_k` of `0..n` has the
//! colexicographic rank `C(c_1, 1) + ... + C(c_k, k)`, a bijection onto `0..C(n, k)`.
//! One owner for the superset's big ranks and the exhaustive check's word-sized ones.

use std::iter::Sum;
use std::ops::SubAssign;

/// The rank of the sorted positions, with `c(n, k)` the binomial (0 when `k > n`).
pub(super) fn rank<T: Sum>(
    sorted: impl Iterator<Item = usize>,
    c: impl Fn(usize, usize) -> T,
) -> T {
    sorted.enumerate().map(|(j, p)| c(p, j + 1)).sum()
}

/// The `k` sorted positions below `n` of rank `r` (`r < C(n, k)`).
pub(super) fn unrank<T: PartialOrd + SubAssign>(
    mut r: T,
    k: usize,
    n: usize,
    c: impl Fn(usize, usize) -> T,
) -> Vec<usize> {
    let mut out = vec![0; k];
    let mut top = n;
    for j in (1..=k).rev() {
        // The largest p < top with C(p, j) <= r.
        let mut p = top;
        loop {
            p -= 1;
            if c(p, j) <= r {
                break;
            }
        }
        r -= c(p, j);
        out[j - 1] = p;
        top = p;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn binomial(n: usize, k: usize) -> u64 {
        if k > n {
            return 0;
        }
        (0..k).fold(1u64, |acc, i| acc * (n - i) as u64 / (i + 1) as u64)
    }

    /// Every 3-subset of 0..7 in colex order (listed by hand-checked nested loops:
    /// the largest element varies slowest) gets ranks 0, 1, 2, ... and back.
    #[test]
    fn ranks_follow_colex_order_and_unrank_inverts() {
        let mut expected = 0u64;
        for c3 in 2..7 {
            for c2 in 1..c3 {
                for c1 in 0..c2 {
                    let set = [c1, c2, c3];
                    assert_eq!(rank(set.iter().copied(), binomial), expected);
                    assert_eq!(unrank(expected, 3, 7, binomial), set);
                    expected += 1;
                }
            }
        }
        assert_eq!(expected, binomial(7, 3));
    }
}
