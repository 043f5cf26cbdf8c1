//! A dense numbering of one material class (a attackers, d defenders, the king, either
//! side to move), so that sets of its positions are bit sets: the exhaustive check of
//! a class holds millions of positions in a few megabytes. The number of a position is
//! a mixed radix over (side to move, king's square, colex rank of the attackers'
//! squares, colex rank of the defenders' squares), each set ranked among all squares of
//! the board; numbers whose pieces overlap are simply never used.

use super::colex;
use super::superset::Element;
use crate::board::{DenseSquare, Side, Square};
use crate::moves::Position;

/// Most squares a numbered board may have: two 64-bit occupancy words.
pub const MAX_CELLS: usize = 64;

/// The numbering of one class on one board.
#[derive(Clone, Debug)]
pub struct ClassIndex {
    dim: usize,
    cells: usize,
    attackers: usize,
    defenders: usize,
    /// `binomial[n][k]`, `n <= cells`, `k <= max(a, d)`.
    binomial: Vec<Vec<u64>>,
    /// Numbers per side to move: cells x C(cells, a) x C(cells, d).
    per_side: u64,
}

impl ClassIndex {
    /// The numbering of `attackers` attackers and `defenders` defenders (the king
    /// apart) on a board of side `dim`; `None` if the board has more than
    /// [`MAX_CELLS`] squares or the numbers pass `limit`.
    pub fn new(dim: usize, attackers: usize, defenders: usize, limit: u64) -> Option<ClassIndex> {
        let cells = dim * dim;
        if cells > MAX_CELLS || attackers > cells || defenders > cells {
            return None;
        }
        let max_k = attackers.max(defenders);
        let mut binomial = vec![vec![0u64; max_k + 1]; cells + 1];
        for n in 0..=cells {
            binomial[n][0] = 1;
            for k in 1..=max_k.min(n) {
                binomial[n][k] = binomial[n - 1][k - 1].checked_add(if k < n {
                    binomial[n - 1][k]
                } else {
                    0
                })?;
            }
        }
        let per_side = (cells as u64)
            .checked_mul(binomial[cells][attackers])?
            .checked_mul(binomial[cells][defenders])?;
        if per_side.checked_mul(2)? > limit {
            return None;
        }
        Some(ClassIndex {
            dim,
            cells,
            attackers,
            defenders,
            binomial,
            per_side,
        })
    }

    /// How many numbers there are (used or not): the size of a set's bit array.
    pub fn len(&self) -> u64 {
        2 * self.per_side
    }

    /// False: a class always has numbers.
    pub fn is_empty(&self) -> bool {
        false
    }

    fn c(&self, n: usize, k: usize) -> u64 {
        if k > n {
            0
        } else {
            self.binomial[n][k]
        }
    }

    fn rank_subset(&self, squares: impl Iterator<Item = DenseSquare>) -> u64 {
        colex::rank(squares.map(DenseSquare::index), |n, k| self.c(n, k))
    }

    fn unrank_subset(&self, r: u64, k: usize) -> Vec<DenseSquare> {
        colex::unrank(r, k, self.cells, |n, k| self.c(n, k))
            .into_iter()
            .map(DenseSquare::new)
            .collect()
    }

    /// The number of a superset element of this class; `None` for another class.
    pub fn number(&self, e: &Element) -> Option<u64> {
        if e.attackers.len() != self.attackers
            || e.defenders.len() != self.defenders
            || !e.typed.is_empty()
        {
            return None;
        }
        let ra = self.rank_subset(e.attackers.iter().copied());
        let rd = self.rank_subset(e.defenders.iter().copied());
        let side = (e.side == Side::Defenders) as u64;
        Some(
            side * self.per_side
                + ((e.king.index() as u64 * self.c(self.cells, self.attackers) + ra)
                    * self.c(self.cells, self.defenders)
                    + rd),
        )
    }

    /// The number of a position of this class (its king on the board); `None` for
    /// another class or no king.
    pub fn number_of(&self, pos: &Position) -> Option<u64> {
        let king = pos.king()?;
        let index = |s: Square| DenseSquare::of(s, self.dim);
        let attackers = pos.pieces(Side::Attackers);
        let defenders = pos.pieces(Side::Defenders);
        if attackers.count() != self.attackers || defenders.count() != self.defenders + 1 {
            return None;
        }
        let mut a: Vec<DenseSquare> = attackers.iter().map(index).collect();
        let mut d: Vec<DenseSquare> = defenders.iter().filter(|&s| s != king).map(index).collect();
        a.sort_unstable();
        d.sort_unstable();
        let ra = self.rank_subset(a.into_iter());
        let rd = self.rank_subset(d.into_iter());
        let side = (pos.side_to_move() == Side::Defenders) as u64;
        Some(
            side * self.per_side
                + ((index(king).index() as u64 * self.c(self.cells, self.attackers) + ra)
                    * self.c(self.cells, self.defenders)
                    + rd),
        )
    }

    /// The element numbered `n` (which must be below [`ClassIndex::len`]); its
    /// pieces may overlap if `n` is a number no position uses.
    pub fn element(&self, n: u64) -> Element {
        let side = if n >= self.per_side {
            Side::Defenders
        } else {
            Side::Attackers
        };
        let r = n % self.per_side;
        let nd = self.c(self.cells, self.defenders);
        let na = self.c(self.cells, self.attackers);
        let rd = r % nd;
        let ra = (r / nd) % na;
        let king = DenseSquare::new((r / nd / na) as usize);
        Element {
            side,
            king,
            attackers: self.unrank_subset(ra, self.attackers),
            defenders: self.unrank_subset(rd, self.defenders),
            typed: Vec::new(),
        }
    }
}

/// A set of a class's positions: one bit per number of a [`ClassIndex`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassSet {
    words: Vec<u64>,
}

impl ClassSet {
    /// The empty set over `len` numbers.
    pub fn new(len: u64) -> ClassSet {
        ClassSet {
            words: vec![0; len.div_ceil(64) as usize],
        }
    }

    /// True if `n` is in the set.
    pub fn contains(&self, n: u64) -> bool {
        self.words[(n / 64) as usize] & (1 << (n % 64)) != 0
    }

    /// Adds `n`; true if it was not there.
    pub fn insert(&mut self, n: u64) -> bool {
        let w = &mut self.words[(n / 64) as usize];
        let bit = 1 << (n % 64);
        let new = *w & bit == 0;
        *w |= bit;
        new
    }

    /// How many numbers the set holds.
    pub fn count(&self) -> u64 {
        self.words.iter().map(|w| w.count_ones() as u64).sum()
    }

    /// The numbers in the set, ascending.
    pub fn iter(&self) -> impl Iterator<Item = u64> + '_ {
        self.words.iter().enumerate().flat_map(|(i, &w)| {
            let mut bits = w;
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let b = bits.trailing_zeros() as u64;
                bits &= bits - 1;
                Some(i as u64 * 64 + b)
            })
        })
    }

    /// True if every number of `self` is in `other`.
    pub fn is_subset(&self, other: &ClassSet) -> bool {
        self.words
            .iter()
            .zip(&other.words)
            .all(|(a, b)| a & !b == 0)
    }

    /// How many numbers of `self` are not in `other`.
    pub fn count_minus(&self, other: &ClassSet) -> u64 {
        self.words
            .iter()
            .zip(&other.words)
            .map(|(a, b)| (a & !b).count_ones() as u64)
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_elements_are_inverse() {
        let index = ClassIndex::new(7, 2, 1, u64::MAX).unwrap();
        assert_eq!(index.len(), 2 * 49 * 1176 * 49);
        let e = Element {
            side: Side::Defenders,
            king: DenseSquare::new(24),
            attackers: vec![DenseSquare::new(3), DenseSquare::new(40)],
            defenders: vec![DenseSquare::new(17)],
            typed: vec![],
        };
        let n = index.number(&e).unwrap();
        assert_eq!(index.element(n), e);
        let last = index.len() - 1;
        assert_eq!(index.number(&index.element(last)), Some(last));
        assert_eq!(index.number(&index.element(0)), Some(0));
    }

    #[test]
    fn a_set_counts_and_lists_what_it_holds() {
        let mut s = ClassSet::new(200);
        assert!(s.insert(3) && s.insert(130) && !s.insert(3));
        assert_eq!(s.count(), 2);
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![3, 130]);
        let mut t = s.clone();
        t.insert(7);
        assert!(s.is_subset(&t) && !t.is_subset(&s));
        assert_eq!(t.count_minus(&s), 1);
    }
}
