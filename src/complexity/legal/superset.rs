//! The superset of positions that the legal-position estimate samples, counted exactly
//! and ranked: a bijection between `0..count` and its elements, so that a uniform
//! number below the count is a uniform element.
//!
//! An element is a placement and a side to move: the king on a square where the king
//! may stand, `0..=A` attackers and `0..=D` defenders (`A`, `D` the start's counts) on
//! distinct squares where their kind may stand. Ranking is a mixed radix: the side to
//! move, the material class `(a, d)`, the king's square, how many attackers stand on
//! squares open to both kinds, then three subsets in the colexicographic order of the
//! combinatorial number system.

use num_bigint::BigUint;
use num_traits::{One, Zero};

use crate::board::{Layout, Piece, Side, Square};
use crate::complexity::{ComplexitySpec, StandMask};

/// One element of the superset: a side to move and a placement. Squares are indexed
/// `rank * dim + file`, lists sorted ascending.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Element {
    /// The side to move.
    pub side: Side,
    /// The king's square.
    pub king: usize,
    /// The attackers' squares, ascending.
    pub attackers: Vec<usize>,
    /// The defenders' squares (the king not among them), ascending.
    pub defenders: Vec<usize>,
}

impl Element {
    /// The placement as a plain layout on a board of side `dim`.
    pub fn layout(&self, dim: usize) -> Layout {
        let mut layout = Layout::empty(dim);
        let at = |i: usize| Square::new(i % dim, i / dim);
        layout.set(at(self.king), Some(Piece::KING));
        for &s in &self.attackers {
            layout.set(at(s), Some(Piece::ATTACKER));
        }
        for &s in &self.defenders {
            layout.set(at(s), Some(Piece::DEFENDER));
        }
        layout
    }

    /// The element of a layout holding only a king, attackers and defenders; `None`
    /// for any other piece or no king or two kings.
    pub fn of_layout(layout: &Layout, side: Side) -> Option<Element> {
        let dim = layout.dim();
        let (mut king, mut attackers, mut defenders) = (None, Vec::new(), Vec::new());
        for (square, piece) in layout.pieces() {
            let i = square.rank() * dim + square.file();
            if piece == Piece::KING {
                if king.replace(i).is_some() {
                    return None;
                }
            } else if piece == Piece::ATTACKER {
                attackers.push(i);
            } else if piece == Piece::DEFENDER {
                defenders.push(i);
            } else {
                return None;
            }
        }
        attackers.sort_unstable();
        defenders.sort_unstable();
        Some(Element {
            side,
            king: king?,
            attackers,
            defenders,
        })
    }
}

/// The squares other than the king's, split by which kinds may stand there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Split {
    /// Attackers only.
    attacker_only: usize,
    /// Defenders only.
    defender_only: usize,
    /// Both.
    both: usize,
}

/// The superset of one variant, counted exactly, with rank and unrank.
#[derive(Clone, Debug)]
pub struct Superset {
    dim: usize,
    attackers: usize,
    defenders: usize,
    may_stand: Vec<StandMask>,
    /// Squares where the king may stand, ascending.
    king_squares: Vec<usize>,
    /// Per king square (same order), the split of the other squares.
    splits: Vec<Split>,
    /// `binomial[n][k]` for `n <= cells`, `k <= max(A, D)`.
    binomial: Vec<Vec<BigUint>>,
    /// Boards per material class, index `a * (D + 1) + d`.
    class_counts: Vec<BigUint>,
    /// Boards per class and king square: `by_king[class][king index]`.
    by_king: Vec<Vec<BigUint>>,
    /// All boards, one side to move.
    boards: BigUint,
}

/// Why an element has no rank in a superset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RankError {
    /// A square index is off the board.
    OffBoard(usize),
    /// A piece stands where its kind may not, or two pieces share a square.
    Misplaced(usize),
    /// More attackers or defenders than the start has.
    TooMuchMaterial,
}

impl std::fmt::Display for RankError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RankError::OffBoard(i) => write!(f, "square index {i} is off the board"),
            RankError::Misplaced(i) => {
                write!(f, "the piece on square index {i} may not stand there")
            }
            RankError::TooMuchMaterial => write!(f, "more material than the start has"),
        }
    }
}

impl std::error::Error for RankError {}

impl Superset {
    /// The superset of `spec`'s variant, with every count computed exactly.
    pub fn new(spec: &ComplexitySpec) -> Superset {
        let dim = spec.dim();
        let cells = spec.cells();
        let (attackers, defenders) = (spec.attackers(), spec.defenders());
        let may_stand = spec.may_stand_by_index().to_vec();
        let max_k = attackers.max(defenders);
        let mut binomial = vec![vec![BigUint::zero(); max_k + 1]; cells + 1];
        for n in 0..=cells {
            binomial[n][0] = BigUint::one();
            for k in 1..=max_k.min(n) {
                binomial[n][k] = &binomial[n - 1][k - 1]
                    + if k < n {
                        binomial[n - 1][k].clone()
                    } else {
                        BigUint::zero()
                    };
            }
        }
        let king_squares: Vec<usize> = (0..cells)
            .filter(|&i| may_stand[i].contains(StandMask::KING))
            .collect();
        let splits: Vec<Split> = king_squares
            .iter()
            .map(|&k| {
                let mut split = Split {
                    attacker_only: 0,
                    defender_only: 0,
                    both: 0,
                };
                for (i, m) in may_stand.iter().enumerate() {
                    if i == k {
                        continue;
                    }
                    match (
                        m.contains(StandMask::ATTACKER),
                        m.contains(StandMask::DEFENDER),
                    ) {
                        (true, true) => split.both += 1,
                        (true, false) => split.attacker_only += 1,
                        (false, true) => split.defender_only += 1,
                        (false, false) => {}
                    }
                }
                split
            })
            .collect();
        let mut superset = Superset {
            dim,
            attackers,
            defenders,
            may_stand,
            king_squares,
            splits,
            binomial,
            class_counts: Vec::new(),
            by_king: Vec::new(),
            boards: BigUint::zero(),
        };
        for a in 0..=attackers {
            for d in 0..=defenders {
                let per_king: Vec<BigUint> = superset
                    .splits
                    .iter()
                    .map(|&split| superset.count_split(split, a, d))
                    .collect();
                let sum: BigUint = per_king.iter().sum();
                superset.boards += &sum;
                superset.class_counts.push(sum);
                superset.by_king.push(per_king);
            }
        }
        superset
    }

    fn c(&self, n: usize, k: usize) -> BigUint {
        if k > n {
            BigUint::zero()
        } else {
            self.binomial[n][k].clone()
        }
    }

    /// Placements of `a` attackers and `d` defenders with the king's square taken, the
    /// others split as `split`: `i` attackers on squares open to both kinds.
    fn count_split(&self, split: Split, a: usize, d: usize) -> BigUint {
        (0..=a.min(split.both))
            .map(|i| self.count_split_i(split, a, d, i))
            .sum()
    }

    fn count_split_i(&self, split: Split, a: usize, d: usize, i: usize) -> BigUint {
        if a - i > split.attacker_only {
            return BigUint::zero();
        }
        self.c(split.attacker_only, a - i)
            * self.c(split.both, i)
            * self.c(split.defender_only + split.both - i, d)
    }

    /// Boards (one side to move) in every class: the raw material total.
    pub fn boards(&self) -> &BigUint {
        &self.boards
    }

    /// Elements in all: boards times the two sides to move.
    pub fn count(&self) -> BigUint {
        &self.boards * 2u32
    }

    /// Boards (one side to move) with exactly `a` attackers and `d` defenders.
    pub fn class_count(&self, a: usize, d: usize) -> &BigUint {
        &self.class_counts[a * (self.defenders + 1) + d]
    }

    /// Attackers at the start: the most a class holds.
    pub fn max_attackers(&self) -> usize {
        self.attackers
    }

    /// Defenders at the start (king not counted): the most a class holds.
    pub fn max_defenders(&self) -> usize {
        self.defenders
    }

    /// The board's side length.
    pub fn dim(&self) -> usize {
        self.dim
    }

    /// The squares open to each kind, ascending, without `king`.
    fn lists(&self, king: usize) -> (Vec<usize>, Vec<usize>, Vec<usize>) {
        let (mut a_only, mut d_only, mut both) = (Vec::new(), Vec::new(), Vec::new());
        for (i, m) in self.may_stand.iter().enumerate() {
            if i == king {
                continue;
            }
            match (
                m.contains(StandMask::ATTACKER),
                m.contains(StandMask::DEFENDER),
            ) {
                (true, true) => both.push(i),
                (true, false) => a_only.push(i),
                (false, true) => d_only.push(i),
                (false, false) => {}
            }
        }
        (a_only, d_only, both)
    }

    /// The element of rank `index`; `None` when `index >= count()`.
    pub fn unrank(&self, index: &BigUint) -> Option<Element> {
        let (side, mut r) = if index < &self.boards {
            (Side::Attackers, index.clone())
        } else if index < &self.count() {
            (Side::Defenders, index - &self.boards)
        } else {
            return None;
        };
        let mut class = 0;
        while r >= self.class_counts[class] {
            r -= &self.class_counts[class];
            class += 1;
        }
        let (a, d) = (class / (self.defenders + 1), class % (self.defenders + 1));
        let mut k = 0;
        while r >= self.by_king[class][k] {
            r -= &self.by_king[class][k];
            k += 1;
        }
        let king = self.king_squares[k];
        let split = self.splits[k];
        let mut i = 0;
        loop {
            let n = self.count_split_i(split, a, d, i);
            if r < n {
                break;
            }
            r -= n;
            i += 1;
        }
        let (a_only, d_only, both) = self.lists(king);
        let n_both = self.c(split.both, i);
        let n_def = self.c(split.defender_only + split.both - i, d);
        let r3 = &r % &n_def;
        let r12 = &r / &n_def;
        let r2 = &r12 % &n_both;
        let r1 = &r12 / &n_both;
        let pick_a1 = self.unrank_subset(r1, a - i, a_only.len());
        let pick_a2 = self.unrank_subset(r2, i, both.len());
        let mut attackers: Vec<usize> = pick_a1.iter().map(|&j| a_only[j]).collect();
        let chosen_both: Vec<usize> = pick_a2.iter().map(|&j| both[j]).collect();
        attackers.extend(&chosen_both);
        attackers.sort_unstable();
        let mut open: Vec<usize> = d_only
            .iter()
            .chain(both.iter().filter(|s| !chosen_both.contains(s)))
            .copied()
            .collect();
        open.sort_unstable();
        let defenders: Vec<usize> = self
            .unrank_subset(r3, d, open.len())
            .iter()
            .map(|&j| open[j])
            .collect();
        Some(Element {
            side,
            king,
            attackers,
            defenders,
        })
    }

    /// The rank of `element`, the inverse of [`Superset::unrank`].
    pub fn rank(&self, element: &Element) -> Result<BigUint, RankError> {
        let cells = self.may_stand.len();
        let (a, d) = (element.attackers.len(), element.defenders.len());
        if a > self.attackers || d > self.defenders {
            return Err(RankError::TooMuchMaterial);
        }
        let mut seen = vec![false; cells];
        let mut place = |s: usize, kind: StandMask| {
            if s >= cells {
                return Err(RankError::OffBoard(s));
            }
            if seen[s] || !self.may_stand[s].contains(kind) {
                return Err(RankError::Misplaced(s));
            }
            seen[s] = true;
            Ok(())
        };
        place(element.king, StandMask::KING)?;
        for &s in &element.attackers {
            place(s, StandMask::ATTACKER)?;
        }
        for &s in &element.defenders {
            place(s, StandMask::DEFENDER)?;
        }
        let class = a * (self.defenders + 1) + d;
        let mut r: BigUint = if element.side == Side::Defenders {
            self.boards.clone()
        } else {
            BigUint::zero()
        };
        r += self.class_counts[..class].iter().sum::<BigUint>();
        let k = self
            .king_squares
            .binary_search(&element.king)
            .expect("checked: the king may stand there");
        r += self.by_king[class][..k].iter().sum::<BigUint>();
        let split = self.splits[k];
        let (a_only, d_only, both) = self.lists(element.king);
        let in_both: Vec<usize> = element
            .attackers
            .iter()
            .filter_map(|s| both.binary_search(s).ok())
            .collect();
        let in_a_only: Vec<usize> = element
            .attackers
            .iter()
            .filter_map(|s| a_only.binary_search(s).ok())
            .collect();
        let i = in_both.len();
        for j in 0..i {
            r += self.count_split_i(split, a, d, j);
        }
        let chosen_both: Vec<usize> = in_both.iter().map(|&j| both[j]).collect();
        let mut open: Vec<usize> = d_only
            .iter()
            .chain(both.iter().filter(|s| !chosen_both.contains(s)))
            .copied()
            .collect();
        open.sort_unstable();
        let in_open: Vec<usize> = element
            .defenders
            .iter()
            .map(|s| open.binary_search(s).expect("checked: open to defenders"))
            .collect();
        let n_both = self.c(split.both, i);
        let n_def = self.c(split.defender_only + split.both - i, d);
        let r1 = self.rank_subset(&in_a_only);
        let r2 = self.rank_subset(&in_both);
        let r3 = self.rank_subset(&in_open);
        r += (r1 * n_both + r2) * n_def + r3;
        Ok(r)
    }

    /// The colex rank of a sorted set of positions: the sum of C(c_j, j + 1).
    fn rank_subset(&self, positions: &[usize]) -> BigUint {
        positions
            .iter()
            .enumerate()
            .map(|(j, &c)| self.c(c, j + 1))
            .sum()
    }

    /// The `k` sorted positions below `n` of colex rank `r` (`r < C(n, k)`).
    fn unrank_subset(&self, mut r: BigUint, k: usize, n: usize) -> Vec<usize> {
        let mut out = vec![0; k];
        let mut top = n;
        for j in (1..=k).rev() {
            // The largest c < top with C(c, j) <= r.
            let mut c = top;
            loop {
                c -= 1;
                if self.c(c, j) <= r {
                    break;
                }
            }
            r -= self.c(c, j);
            out[j - 1] = c;
            top = c;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::complexity::count_material;

    #[test]
    fn count_is_twice_the_raw_material_total() {
        for (dim, a, d) in [(3, 1, 1), (5, 2, 1), (7, 8, 4), (11, 24, 12)] {
            let spec = ComplexitySpec::throne_and_corners(dim, a, d).unwrap();
            let superset = Superset::new(&spec);
            let raw = count_material(&spec).raw;
            assert_eq!(superset.boards(), &raw.total(), "{dim}");
            assert_eq!(superset.count(), raw.total() * 2u32);
            for x in 0..=a {
                for y in 0..=d {
                    assert_eq!(superset.class_count(x, y), raw.get(x, y));
                }
            }
        }
    }

    /// 3x3, one attacker and one defender: 157 boards (worked by hand in material.rs),
    /// 314 elements. Every rank unranks to a distinct element that ranks back.
    #[test]
    fn rank_and_unrank_are_a_bijection_on_three_by_three() {
        let spec = ComplexitySpec::throne_and_corners(3, 1, 1).unwrap();
        let superset = Superset::new(&spec);
        assert_eq!(superset.count(), BigUint::from(314u32));
        let mut seen = std::collections::BTreeSet::new();
        for i in 0..314u32 {
            let e = superset.unrank(&BigUint::from(i)).unwrap();
            assert_eq!(superset.rank(&e).unwrap(), BigUint::from(i), "{e:?}");
            assert!(seen.insert(e));
        }
        assert_eq!(superset.unrank(&BigUint::from(314u32)), None);
    }

    #[test]
    fn rank_of_unrank_on_copenhagen_at_spread_indices() {
        let spec = ComplexitySpec::throne_and_corners(11, 24, 12).unwrap();
        let superset = Superset::new(&spec);
        let n = superset.count();
        for j in 0..200u32 {
            let i = &n * BigUint::from(j * 7919 % 200 + 1) / 201u32 + j;
            let e = superset.unrank(&i).unwrap();
            assert_eq!(superset.rank(&e).unwrap(), i);
        }
        let last = &n - 1u32;
        assert_eq!(
            superset.rank(&superset.unrank(&last).unwrap()).unwrap(),
            last
        );
    }

    #[test]
    fn rank_refuses_what_the_superset_lacks() {
        let spec = ComplexitySpec::throne_and_corners(5, 2, 1).unwrap();
        let superset = Superset::new(&spec);
        let e = Element {
            side: Side::Attackers,
            king: 12,
            attackers: vec![0],
            defenders: vec![],
        };
        assert_eq!(superset.rank(&e), Err(RankError::Misplaced(0)));
        let e = Element {
            side: Side::Attackers,
            king: 12,
            attackers: vec![1, 2, 3],
            defenders: vec![],
        };
        assert_eq!(superset.rank(&e), Err(RankError::TooMuchMaterial));
    }
}
