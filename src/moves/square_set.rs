//! A set of squares as one bit word per rank (bit `file + 1`), the layout the position
//! and the rule tables keep, so a set is read and combined without conversion. Bit 0 and
//! the bits above the 19th file stay clear: a slider's ray and a shift east or west never
//! wrap into the next rank.

use crate::board::MAX_DIM;
use crate::board::{Direction, Square};
use std::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Index, IndexMut, Not,
};

/// The bits of a rank word that stand for files `a` to `s`.
const FRAME: u32 = ((1 << MAX_DIM) - 1) << 1;

/// The bit of file `i` in a rank word, or of rank `i` in a file word: bit `i + 1`, as
/// bit 0 stands for the square before the first (kept empty, so a slide's edge needs no
/// test). Every such word of the engine is read and written through it.
#[inline(always)]
pub const fn word_bit(i: usize) -> u32 {
    1 << (i + 1)
}

/// A set of squares: `words()[rank]` has bit `file + 1` set for each member.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct SquareSet([u32; MAX_DIM]);

impl SquareSet {
    /// No square.
    pub const EMPTY: SquareSet = SquareSet([0; MAX_DIM]);

    /// The set whose rank words are `words` (bit `file + 1`); bits off the 19x19 frame
    /// are dropped.
    #[inline]
    pub fn from_words(words: [u32; MAX_DIM]) -> SquareSet {
        SquareSet(words.map(|w| w & FRAME))
    }

    /// The set holding `square` alone.
    #[inline]
    pub fn single(square: Square) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        set.insert(square);
        set
    }

    /// Every square of a `dim` x `dim` board.
    pub fn board(dim: usize) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for word in &mut set.0[..dim] {
            *word = ((1 << dim) - 1) << 1;
        }
        set
    }

    /// The rank words: `words()[rank]` has bit `file + 1` for each member.
    #[inline(always)]
    pub fn words(&self) -> &[u32; MAX_DIM] {
        &self.0
    }

    /// True if `square` is in the set.
    #[inline(always)]
    pub fn contains(&self, square: Square) -> bool {
        self.0[square.rank()] & (word_bit(square.file())) != 0
    }

    /// Adds `square`.
    #[inline(always)]
    pub fn insert(&mut self, square: Square) {
        self.0[square.rank()] |= word_bit(square.file());
    }

    /// Takes `square` out.
    #[inline(always)]
    pub fn remove(&mut self, square: Square) {
        self.0[square.rank()] &= !(word_bit(square.file()));
    }

    /// How many squares the set holds.
    #[inline]
    pub fn count(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// True if the set holds no square.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The members, rank by rank from rank 1, each rank from file `a`.
    #[inline]
    pub fn iter(&self) -> Squares {
        Squares {
            words: self.0,
            rank: 0,
        }
    }

    /// Every member moved one step in `direction`; squares that leave the 19x19 frame
    /// are dropped (intersect with the board to stay on a smaller one).
    pub fn shifted(&self, direction: Direction) -> SquareSet {
        let mut out = [0; MAX_DIM];
        match direction {
            Direction::North => out[1..].copy_from_slice(&self.0[..MAX_DIM - 1]),
            Direction::South => out[..MAX_DIM - 1].copy_from_slice(&self.0[1..]),
            Direction::East => {
                for (o, w) in out.iter_mut().zip(self.0) {
                    *o = (w << 1) & FRAME;
                }
            }
            Direction::West => {
                for (o, w) in out.iter_mut().zip(self.0) {
                    *o = (w >> 1) & FRAME;
                }
            }
        }
        SquareSet(out)
    }

    /// The set and its orthogonal neighbours.
    pub fn dilated(&self) -> SquareSet {
        Direction::ALL
            .iter()
            .fold(*self, |set, &d| set | self.shifted(d))
    }
}

impl std::fmt::Debug for SquareSet {
    /// The members by name: `{c3, d3}`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// The squares of a [`SquareSet`], from [`SquareSet::iter`].
pub struct Squares {
    words: [u32; MAX_DIM],
    rank: usize,
}

impl Iterator for Squares {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        while self.rank < MAX_DIM {
            let w = &mut self.words[self.rank];
            if *w != 0 {
                let bit = w.trailing_zeros() as usize;
                *w &= *w - 1;
                return Some(Square::new(bit - 1, self.rank));
            }
            self.rank += 1;
        }
        None
    }
}

impl IntoIterator for SquareSet {
    type Item = Square;
    type IntoIter = Squares;
    fn into_iter(self) -> Squares {
        self.iter()
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(squares: I) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for s in squares {
            set.insert(s);
        }
        set
    }
}

impl Index<usize> for SquareSet {
    type Output = u32;
    /// The word of a rank (bit `file + 1`).
    #[inline(always)]
    fn index(&self, rank: usize) -> &u32 {
        &self.0[rank]
    }
}

impl IndexMut<usize> for SquareSet {
    /// The word of a rank, for the hot paths that set bits directly.
    #[inline(always)]
    fn index_mut(&mut self, rank: usize) -> &mut u32 {
        &mut self.0[rank]
    }
}

macro_rules! set_operator {
    ($trait:ident, $method:ident, $assign:ident, $assign_method:ident, $op:tt) => {
        impl $trait for SquareSet {
            type Output = SquareSet;
            #[inline]
            fn $method(self, other: SquareSet) -> SquareSet {
                SquareSet(std::array::from_fn(|r| self.0[r] $op other.0[r]))
            }
        }
        impl $assign for SquareSet {
            #[inline]
            fn $assign_method(&mut self, other: SquareSet) {
                for (a, b) in self.0.iter_mut().zip(other.0) {
                    *a = *a $op b;
                }
            }
        }
    };
}

set_operator!(BitOr, bitor, BitOrAssign, bitor_assign, |);
set_operator!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
set_operator!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for SquareSet {
    type Output = SquareSet;
    /// Every square of the 19x19 frame not in the set (intersect with the board to
    /// stay on a smaller one).
    #[inline]
    fn not(self) -> SquareSet {
        SquareSet(self.0.map(|w| !w & FRAME))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn squares() -> impl Strategy<Value = Vec<(usize, usize)>> {
        prop::collection::vec((0..MAX_DIM, 0..MAX_DIM), 0..40)
    }

    fn set_of(v: &[(usize, usize)]) -> SquareSet {
        v.iter().map(|&(f, r)| Square::new(f, r)).collect()
    }

    fn plain(v: &[(usize, usize)]) -> std::collections::BTreeSet<(usize, usize)> {
        v.iter().copied().collect()
    }

    fn back(set: SquareSet) -> std::collections::BTreeSet<(usize, usize)> {
        set.iter().map(|s| (s.file(), s.rank())).collect()
    }

    proptest! {
        /// The set agrees with a plain set of coordinates on every operation.
        #[test]
        fn operations_agree_with_a_plain_set(a in squares(), b in squares()) {
            let (sa, sb) = (set_of(&a), set_of(&b));
            let (pa, pb) = (plain(&a), plain(&b));
            prop_assert_eq!(back(sa), pa.clone());
            prop_assert_eq!(sa.count(), pa.len());
            prop_assert_eq!(back(sa | sb), pa.union(&pb).copied().collect());
            prop_assert_eq!(back(sa & sb), pa.intersection(&pb).copied().collect());
            prop_assert_eq!(back(sa ^ sb), pa.symmetric_difference(&pb).copied().collect());
            prop_assert_eq!((!sa).count(), MAX_DIM * MAX_DIM - pa.len());
            prop_assert_eq!(!!sa, sa);
            for &(f, r) in &b {
                prop_assert_eq!(sa.contains(Square::new(f, r)), pa.contains(&(f, r)));
            }
        }

        /// A shift moves each member one square and drops those that leave the frame.
        #[test]
        fn shifts_move_each_member_one_step(a in squares()) {
            let sa = set_of(&a);
            // Each member's own neighbour, from the one owner of a square's step.
            let step = |(f, r): (usize, usize), d: Direction| {
                let next = Square::new(f, r).step(MAX_DIM, d)?;
                Some((next.file(), next.rank()))
            };
            for d in Direction::ALL {
                let want: std::collections::BTreeSet<_> =
                    plain(&a).into_iter().filter_map(|s| step(s, d)).collect();
                prop_assert_eq!(back(sa.shifted(d)), want);
            }
        }
    }

    #[test]
    fn a_board_holds_its_squares() {
        assert_eq!(SquareSet::board(11).count(), 121);
        assert!(SquareSet::board(7).contains(Square::new(6, 6)));
        assert!(!SquareSet::board(7).contains(Square::new(7, 0)));
        assert_eq!(SquareSet::single(Square::new(3, 3)).dilated().count(), 5);
    }
}
