//! The superset of positions that the legal-position estimate samples, counted exactly
//! and ranked: a bijection between `0..count` and its elements, so that a uniform
//! number below the count is a uniform element.
//!
//! An element is a placement and a side to move: the king on a square where the king
//! may stand, `0..=A` attackers and `0..=D` defenders (`A`, `D` the start's counts, all
//! piece types of a side together) on distinct squares where their side may stand, and,
//! when the start holds commanders or knights, which of a side's squares hold which
//! type (at most the start's count of each). Ranking is a mixed radix: the side to
//! move, the material class `(a, d)`, how many of each type each side has, the king's
//! square, how many attackers stand on squares open to both kinds, then subsets in the
//! colexicographic order of the combinatorial number system: the attackers' squares,
//! the defenders' squares, and the typed pieces among each side's squares. A variant of
//! taflmen alone has a single type split, so its ranks are those of the plain superset.

use num_bigint::BigUint;

use super::colex;
use num_traits::{One, Zero};

use crate::board::{DenseSquare, Layout, Piece, PieceKind, Side};
use crate::complexity::{ComplexitySpec, StandMask};

/// One element of the superset: a side to move and a placement. Squares are dense
/// (`rank * dim + file`), lists sorted ascending.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Element {
    /// The side to move.
    pub side: Side,
    /// The king's square.
    pub king: DenseSquare,
    /// The attackers' squares (every type), ascending.
    pub attackers: Vec<DenseSquare>,
    /// The defenders' squares (every type, the king not among them), ascending.
    pub defenders: Vec<DenseSquare>,
    /// The squares among `attackers` and `defenders` that hold a commander or a knight,
    /// with its type, ascending; every other one holds a taflman.
    pub typed: Vec<(DenseSquare, PieceKind)>,
}

impl Element {
    /// The placement as a plain layout on a board of side `dim`.
    pub fn layout(&self, dim: usize) -> Layout {
        let mut layout = Layout::empty(dim);
        let at = |s: DenseSquare| s.square(dim);
        layout.set(at(self.king), Some(Piece::KING));
        for &s in &self.attackers {
            layout.set(at(s), Some(Piece::ATTACKER));
        }
        for &s in &self.defenders {
            layout.set(at(s), Some(Piece::DEFENDER));
        }
        for &(s, kind) in &self.typed {
            let side = if self.attackers.binary_search(&s).is_ok() {
                Side::Attackers
            } else {
                Side::Defenders
            };
            layout.set(at(s), Some(Piece { side, kind }));
        }
        layout
    }

    /// The element of a layout holding only a king, taflmen, commanders and knights;
    /// `None` for any other piece (an attacker king, a mercenary, a guard) or no king
    /// or two kings.
    pub fn of_layout(layout: &Layout, side: Side) -> Option<Element> {
        let dim = layout.dim();
        let (mut king, mut attackers, mut defenders) = (None, Vec::new(), Vec::new());
        let mut typed = Vec::new();
        for (square, piece) in layout.pieces() {
            let i = DenseSquare::of(square, dim);
            if piece == Piece::KING {
                if king.replace(i).is_some() {
                    return None;
                }
                continue;
            }
            match piece.kind {
                PieceKind::Taflman => {}
                PieceKind::Commander | PieceKind::Knight => typed.push((i, piece.kind)),
                _ => return None,
            }
            match piece.side {
                Side::Attackers => attackers.push(i),
                Side::Defenders => defenders.push(i),
            }
        }
        attackers.sort_unstable();
        defenders.sort_unstable();
        typed.sort_unstable();
        Some(Element {
            side,
            king: king?,
            attackers,
            defenders,
            typed,
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

/// One way to split a side's pieces among its types: how many of each typed kind (in
/// the order of [`Superset::types`]), the rest taflmen, and in how many ways the typed
/// pieces can be placed among the side's squares (a multinomial coefficient).
#[derive(Clone, Debug)]
struct TypeSplit {
    counts: Vec<usize>,
    ways: BigUint,
}

/// The superset of one variant, counted exactly, with rank and unrank.
#[derive(Clone, Debug)]
pub struct Superset {
    dim: usize,
    attackers: usize,
    defenders: usize,
    may_stand: Vec<StandMask>,
    /// Squares where the king may stand, ascending.
    king_squares: Vec<DenseSquare>,
    /// Per king square (same order), the split of the other squares.
    splits: Vec<Split>,
    /// `binomial[n][k]` for `n <= cells`, `k <= max(A, D)`.
    binomial: Vec<Vec<BigUint>>,
    /// Per side (attackers, defenders), the typed kinds and the start's count of each.
    types: [Vec<(PieceKind, usize)>; 2],
    /// Per side and number of the side's pieces, the ways to split them among types.
    type_splits: [Vec<Vec<TypeSplit>>; 2],
    /// Per side and number of pieces, the sum of the splits' ways.
    type_ways: [Vec<BigUint>; 2],
    /// Placements of the untyped pieces per material class, index `a * (D + 1) + d`.
    board_counts: Vec<BigUint>,
    /// Placements with types per material class (board count times the type ways).
    class_counts: Vec<BigUint>,
    /// Boards per class and king square: `by_king[class][king index]`.
    by_king: Vec<Vec<BigUint>>,
    /// All placements, one side to move.
    boards: BigUint,
}

/// Why an element has no rank in a superset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RankError {
    /// A square index is off the board.
    OffBoard(DenseSquare),
    /// A piece stands where its kind may not, or two pieces share a square.
    Misplaced(DenseSquare),
    /// More attackers or defenders than the start has, or more of a type.
    TooMuchMaterial,
    /// A typed piece on a square that holds no piece, or of a type the start lacks.
    UnknownType(DenseSquare),
}

impl std::fmt::Display for RankError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RankError::OffBoard(i) => write!(f, "square index {i} is off the board"),
            RankError::Misplaced(i) => {
                write!(f, "the piece on square index {i} may not stand there")
            }
            RankError::TooMuchMaterial => write!(f, "more material than the start has"),
            RankError::UnknownType(i) => {
                write!(
                    f,
                    "the typed piece on square index {i} is not in the superset"
                )
            }
        }
    }
}

impl std::error::Error for RankError {}

impl Superset {
    /// The superset of `spec`'s variant with taflmen only besides the king, with every
    /// count computed exactly.
    pub fn new(spec: &ComplexitySpec) -> Superset {
        Superset::with_types(spec, [Vec::new(), Vec::new()])
    }

    /// The superset of `spec`'s variant whose sides also hold typed pieces: per side
    /// (attackers, defenders), each kind other than the taflman and the king with the
    /// start's count of it. `spec`'s counts are the sides' totals, all types together;
    /// a side's taflmen are its total less its typed pieces.
    ///
    /// # Panics
    ///
    /// If a side's typed pieces outnumber its total, or a kind is the taflman or the
    /// king or appears twice.
    pub fn with_types(spec: &ComplexitySpec, types: [Vec<(PieceKind, usize)>; 2]) -> Superset {
        let (attackers, defenders) = (spec.attackers(), spec.defenders());
        let may_stand = spec.may_stand_by_index().to_vec();
        let max_k = attackers.max(defenders);
        let binomial = binomials(spec.cells().max(max_k), max_k);
        let choose = |n: usize, k: usize| choose(&binomial, n, k);
        let [a_splits, d_splits] = [(0, attackers), (1, defenders)]
            .map(|(side, total)| type_splits_of(&types[side], total, choose));
        let type_ways = [&a_splits, &d_splits].map(|per_total| {
            per_total
                .iter()
                .map(|out| out.iter().map(|s| &s.ways).sum())
                .collect()
        });
        let king_squares: Vec<DenseSquare> = DenseSquare::all(may_stand.len())
            .filter(|&i| may_stand[i.index()].contains(StandMask::KING))
            .collect();
        let splits = king_squares
            .iter()
            .map(|&k| {
                let (a_only, d_only, both) = open_squares(&may_stand, k);
                Split {
                    attacker_only: a_only.len(),
                    defender_only: d_only.len(),
                    both: both.len(),
                }
            })
            .collect();
        let mut superset = Superset {
            dim: spec.dim(),
            attackers,
            defenders,
            may_stand,
            king_squares,
            splits,
            binomial,
            types,
            type_splits: [a_splits, d_splits],
            type_ways,
            board_counts: Vec::new(),
            class_counts: Vec::new(),
            by_king: Vec::new(),
            boards: BigUint::zero(),
        };
        superset.count_classes();
        superset
    }

    /// Fills the per-class counts, class `(a, d)` at `a * (D + 1) + d`, and their total.
    fn count_classes(&mut self) {
        for a in 0..=self.attackers {
            for d in 0..=self.defenders {
                let per_king: Vec<BigUint> = self
                    .splits
                    .iter()
                    .map(|&split| self.count_split(split, a, d))
                    .collect();
                let sum: BigUint = per_king.iter().sum();
                let typed = &sum * &self.type_ways[0][a] * &self.type_ways[1][d];
                self.boards += &typed;
                self.class_counts.push(typed);
                self.board_counts.push(sum);
                self.by_king.push(per_king);
            }
        }
    }

    fn c(&self, n: usize, k: usize) -> BigUint {
        choose(&self.binomial, n, k)
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

    /// Placements (one side to move) in every class: for a variant of taflmen alone,
    /// the raw material total; with typed pieces, more (the material bound does not
    /// tell a side's types apart).
    pub fn boards(&self) -> &BigUint {
        &self.boards
    }

    /// Elements in all: boards times the two sides to move.
    pub fn count(&self) -> BigUint {
        &self.boards * 2u32
    }

    /// Placements (one side to move) with exactly `a` attackers and `d` defenders, all
    /// types of a side together.
    pub fn class_count(&self, a: usize, d: usize) -> &BigUint {
        &self.class_counts[a * (self.defenders + 1) + d]
    }

    /// Per side (attackers, defenders), the typed kinds and the start's count of each.
    pub fn types(&self) -> &[Vec<(PieceKind, usize)>; 2] {
        &self.types
    }

    /// Attackers at the start (every type): the most a class holds.
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
        let boards = &self.board_counts[class];
        let (splits_a, splits_d) = (&self.type_splits[0][a], &self.type_splits[1][d]);
        let mut ia = 0;
        loop {
            let block = boards * &splits_a[ia].ways * &self.type_ways[1][d];
            if r < block {
                break;
            }
            r -= block;
            ia += 1;
        }
        let ways_a = &splits_a[ia].ways;
        let mut id = 0;
        loop {
            let block = boards * ways_a * &splits_d[id].ways;
            if r < block {
                break;
            }
            r -= block;
            id += 1;
        }
        let ways_d = &splits_d[id].ways;
        let typed_d = &r % ways_d;
        let r = &r / ways_d;
        let typed_a = &r % ways_a;
        let mut r = &r / ways_a;
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
        let (a_only, d_only, both) = open_squares(&self.may_stand, king);
        let n_both = self.c(split.both, i);
        let n_def = self.c(split.defender_only + split.both - i, d);
        let r3 = &r % &n_def;
        let r12 = &r / &n_def;
        let r2 = &r12 % &n_both;
        let r1 = &r12 / &n_both;
        let pick_a1 = self.unrank_subset(r1, a - i, a_only.len());
        let pick_a2 = self.unrank_subset(r2, i, both.len());
        let mut attackers: Vec<DenseSquare> = pick_a1.iter().map(|&j| a_only[j]).collect();
        let chosen_both: Vec<DenseSquare> = pick_a2.iter().map(|&j| both[j]).collect();
        attackers.extend(&chosen_both);
        attackers.sort_unstable();
        let open = open_to_defenders(&d_only, &both, &chosen_both);
        let defenders: Vec<DenseSquare> = self
            .unrank_subset(r3, d, open.len())
            .iter()
            .map(|&j| open[j])
            .collect();
        let mut typed = self.unrank_types(0, &splits_a[ia], typed_a, &attackers);
        typed.extend(self.unrank_types(1, &splits_d[id], typed_d, &defenders));
        typed.sort_unstable();
        Some(Element {
            side,
            king,
            attackers,
            defenders,
            typed,
        })
    }

    /// The typed pieces among a side's `squares` (ascending) for a split and the rank
    /// `r` below its ways: a subset per kind, in order, each among the squares the
    /// kinds before it left, ranks combined first kind most significant.
    fn unrank_types(
        &self,
        side: usize,
        split: &TypeSplit,
        mut r: BigUint,
        squares: &[DenseSquare],
    ) -> Vec<(DenseSquare, PieceKind)> {
        let kinds = &self.types[side];
        let mut sizes = Vec::with_capacity(kinds.len());
        let mut left = squares.len();
        for &k in &split.counts {
            sizes.push(left);
            left -= k;
        }
        let mut digits = vec![BigUint::zero(); kinds.len()];
        for j in (0..kinds.len()).rev() {
            let radix = self.c(sizes[j], split.counts[j]);
            digits[j] = &r % &radix;
            r /= radix;
        }
        let mut remaining = squares.to_vec();
        let mut out = Vec::new();
        for (j, digit) in digits.into_iter().enumerate() {
            let picks = self.unrank_subset(digit, split.counts[j], remaining.len());
            let chosen: Vec<DenseSquare> = picks.iter().map(|&p| remaining[p]).collect();
            out.extend(chosen.iter().map(|&s| (s, kinds[j].0)));
            remaining.retain(|s| !chosen.contains(s));
        }
        out
    }

    /// The split index and the rank of a side's typed pieces, the inverse of
    /// [`Superset::unrank_types`]; `typed` holds this side's typed pieces only.
    fn rank_types(
        &self,
        side: usize,
        squares: &[DenseSquare],
        typed: &[(DenseSquare, PieceKind)],
    ) -> Result<(usize, BigUint), RankError> {
        let kinds = &self.types[side];
        let mut counts = vec![0; kinds.len()];
        for &(s, kind) in typed {
            let j = kinds
                .iter()
                .position(|&(k, _)| k == kind)
                .ok_or(RankError::UnknownType(s))?;
            counts[j] += 1;
        }
        let splits = &self.type_splits[side][squares.len()];
        let index = splits
            .iter()
            .position(|split| split.counts == counts)
            .ok_or(RankError::TooMuchMaterial)?;
        let mut remaining = squares.to_vec();
        let mut r = BigUint::zero();
        for (j, &(kind, _)) in kinds.iter().enumerate() {
            let chosen: Vec<DenseSquare> = typed
                .iter()
                .filter(|&&(_, k)| k == kind)
                .map(|&(s, _)| s)
                .collect();
            let positions: Vec<usize> = chosen
                .iter()
                .map(|s| {
                    remaining
                        .binary_search(s)
                        .expect("checked: a square of the side")
                })
                .collect();
            r = r * self.c(remaining.len(), counts[j]) + self.rank_subset(&positions);
            remaining.retain(|s| !chosen.contains(s));
        }
        Ok((index, r))
    }

    /// The rank of `element`, the inverse of [`Superset::unrank`].
    pub fn rank(&self, element: &Element) -> Result<BigUint, RankError> {
        let cells = self.may_stand.len();
        let (a, d) = (element.attackers.len(), element.defenders.len());
        if a > self.attackers || d > self.defenders {
            return Err(RankError::TooMuchMaterial);
        }
        let mut seen = vec![false; cells];
        let mut place = |s: DenseSquare, kind: StandMask| {
            if s.index() >= cells {
                return Err(RankError::OffBoard(s));
            }
            if seen[s.index()] || !self.may_stand[s.index()].contains(kind) {
                return Err(RankError::Misplaced(s));
            }
            seen[s.index()] = true;
            Ok(())
        };
        place(element.king, StandMask::KING)?;
        for &s in &element.attackers {
            place(s, StandMask::ATTACKER)?;
        }
        for &s in &element.defenders {
            place(s, StandMask::DEFENDER)?;
        }
        // The typed pieces, each on a square of a side, ascending without repeats.
        let (mut typed_a, mut typed_d) = (Vec::new(), Vec::new());
        for (j, &(s, kind)) in element.typed.iter().enumerate() {
            if j > 0 && element.typed[j - 1].0 >= s {
                return Err(RankError::UnknownType(s));
            }
            if element.attackers.binary_search(&s).is_ok() {
                typed_a.push((s, kind));
            } else if element.defenders.binary_search(&s).is_ok() {
                typed_d.push((s, kind));
            } else {
                return Err(RankError::UnknownType(s));
            }
        }
        let (ia, rank_a) = self.rank_types(0, &element.attackers, &typed_a)?;
        let (id, rank_d) = self.rank_types(1, &element.defenders, &typed_d)?;
        let class = a * (self.defenders + 1) + d;
        let mut r: BigUint = if element.side == Side::Defenders {
            self.boards.clone()
        } else {
            BigUint::zero()
        };
        r += self.class_counts[..class].iter().sum::<BigUint>();
        let boards = &self.board_counts[class];
        let (splits_a, splits_d) = (&self.type_splits[0][a], &self.type_splits[1][d]);
        let before_a: BigUint = splits_a[..ia].iter().map(|s| &s.ways).sum();
        let before_d: BigUint = splits_d[..id].iter().map(|s| &s.ways).sum();
        let (ways_a, ways_d) = (&splits_a[ia].ways, &splits_d[id].ways);
        r += boards * (before_a * &self.type_ways[1][d] + ways_a * before_d);
        let mut b = BigUint::zero();
        let k = self
            .king_squares
            .binary_search(&element.king)
            .expect("checked: the king may stand there");
        b += self.by_king[class][..k].iter().sum::<BigUint>();
        let split = self.splits[k];
        let (a_only, d_only, both) = open_squares(&self.may_stand, element.king);
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
            b += self.count_split_i(split, a, d, j);
        }
        let chosen_both: Vec<DenseSquare> = in_both.iter().map(|&j| both[j]).collect();
        let open = open_to_defenders(&d_only, &both, &chosen_both);
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
        b += (r1 * n_both + r2) * n_def + r3;
        r += (b * ways_a + rank_a) * ways_d + rank_d;
        Ok(r)
    }

    fn rank_subset(&self, positions: &[usize]) -> BigUint {
        colex::rank(positions.iter().copied(), |n, k| self.c(n, k))
    }

    /// The `k` sorted positions below `n` of colex rank `r` (`r < C(n, k)`).
    fn unrank_subset(&self, r: BigUint, k: usize, n: usize) -> Vec<usize> {
        colex::unrank(r, k, n, |n, k| self.c(n, k))
    }
}

/// `binomial[n][k]` for `n <= rows`, `k <= max_k`, by Pascal's rule.
fn binomials(rows: usize, max_k: usize) -> Vec<Vec<BigUint>> {
    let mut binomial = vec![vec![BigUint::zero(); max_k + 1]; rows + 1];
    for n in 0..binomial.len() {
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
    binomial
}

/// C(n, k) from a table of [`binomials`]: zero when `k > n`.
fn choose(binomial: &[Vec<BigUint>], n: usize, k: usize) -> BigUint {
    if k > n {
        BigUint::zero()
    } else {
        binomial[n][k].clone()
    }
}

/// Per number `t` of a side's pieces (`0..=total`), every way to split them among the
/// side's typed `kinds` (each at most the start's count, the rest taflmen), the first
/// kind most significant.
///
/// # Panics
///
/// If the typed pieces outnumber `total`, or a kind is the taflman or the king or
/// appears twice.
fn type_splits_of(
    kinds: &[(PieceKind, usize)],
    total: usize,
    choose: impl Fn(usize, usize) -> BigUint,
) -> Vec<Vec<TypeSplit>> {
    for (j, &(kind, _)) in kinds.iter().enumerate() {
        assert!(
            !matches!(kind, PieceKind::Taflman | PieceKind::King)
                && kinds[..j].iter().all(|&(k, _)| k != kind),
            "typed kinds are other than taflman and king, each once"
        );
    }
    let typed: usize = kinds.iter().map(|&(_, n)| n).sum();
    assert!(typed <= total, "more typed pieces than the side has");
    let plain = total - typed;
    // Every counts vector, the first kind most significant.
    let mut vectors: Vec<Vec<usize>> = vec![Vec::new()];
    for &(_, max) in kinds {
        vectors = vectors
            .into_iter()
            .flat_map(|v| {
                (0..=max).map(move |k| {
                    let mut w = v.clone();
                    w.push(k);
                    w
                })
            })
            .collect();
    }
    (0..=total)
        .map(|t| {
            let mut out = Vec::new();
            for counts in &vectors {
                let sum: usize = counts.iter().sum();
                if sum > t || t - sum > plain {
                    continue;
                }
                let mut ways = BigUint::one();
                let mut left = t;
                for &k in counts {
                    ways *= choose(left, k);
                    left -= k;
                }
                out.push(TypeSplit {
                    counts: counts.clone(),
                    ways,
                });
            }
            out
        })
        .collect()
}

/// The squares open to each kind (attackers only, defenders only, both), ascending,
/// without `king`.
fn open_squares(
    may_stand: &[StandMask],
    king: DenseSquare,
) -> (Vec<DenseSquare>, Vec<DenseSquare>, Vec<DenseSquare>) {
    let (mut a_only, mut d_only, mut both) = (Vec::new(), Vec::new(), Vec::new());
    for (i, m) in DenseSquare::all(may_stand.len()).zip(may_stand) {
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

/// The squares left to the defenders, ascending: the defender-only ones and the shared
/// ones no attacker took.
fn open_to_defenders(
    d_only: &[DenseSquare],
    both: &[DenseSquare],
    taken: &[DenseSquare],
) -> Vec<DenseSquare> {
    let mut open: Vec<DenseSquare> = d_only
        .iter()
        .chain(both.iter().filter(|s| !taken.contains(s)))
        .copied()
        .collect();
    open.sort_unstable();
    open
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::board::Square;
    use crate::complexity::count_material;

    /// Dense squares of the given indices.
    fn dense(indices: &[usize]) -> Vec<DenseSquare> {
        indices.iter().map(|&i| DenseSquare::new(i)).collect()
    }

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

    /// Berserk and parberserk (commanders and knights by type): rank inverts unrank at
    /// spread indices, and every element keeps within the start's count of each type.
    #[test]
    fn rank_of_unrank_on_the_berserk_variants_at_spread_indices() {
        for name in ["berserk", "parberserk"] {
            let rules = crate::rules::catalog::find(name).unwrap().rules();
            let prepared = crate::complexity::legal::Prepared::new(&rules).unwrap();
            let superset = &prepared.superset;
            let start = rules.start();
            let n = superset.count();
            let mut typed = [0usize; 2];
            for j in 0..200u32 {
                let i = &n * BigUint::from(j * 7919 % 200 + 1) / 201u32 + j;
                let e = superset.unrank(&i).unwrap();
                assert_eq!(superset.rank(&e).unwrap(), i, "{name}");
                for &(_, kind) in &e.typed {
                    typed[usize::from(kind == PieceKind::Knight)] += 1;
                }
                for side in Side::BOTH {
                    for kind in [PieceKind::Commander, PieceKind::Knight] {
                        let here = e.layout(superset.dim()).count(side, kind);
                        assert!(here <= start.count(side, kind), "{name}: {e:?}");
                    }
                }
            }
            assert!(typed[0] > 0 && typed[1] > 0, "{name}: {typed:?}");
        }
    }

    #[test]
    fn rank_refuses_what_the_superset_lacks() {
        let spec = ComplexitySpec::throne_and_corners(5, 2, 1).unwrap();
        let superset = Superset::new(&spec);
        let e = Element {
            side: Side::Attackers,
            king: DenseSquare::new(12),
            attackers: dense(&[0]),
            defenders: dense(&[]),
            typed: vec![],
        };
        assert_eq!(
            superset.rank(&e),
            Err(RankError::Misplaced(DenseSquare::new(0)))
        );
        let e = Element {
            side: Side::Attackers,
            king: DenseSquare::new(12),
            attackers: dense(&[1, 2, 3]),
            defenders: dense(&[]),
            typed: vec![],
        };
        assert_eq!(superset.rank(&e), Err(RankError::TooMuchMaterial));
    }

    /// The typed 3x3 superset of the tests: two attackers (a taflman and a commander at
    /// most), two defenders (a taflman and a knight at most), on the four squares open
    /// to them.
    pub(crate) fn typed_three_by_three() -> Superset {
        let spec = ComplexitySpec::throne_and_corners(3, 2, 2).unwrap();
        Superset::with_types(
            &spec,
            [
                vec![(PieceKind::Commander, 1)],
                vec![(PieceKind::Knight, 1)],
            ],
        )
    }

    /// Every placement of the typed 3x3 superset by brute force: each square gets
    /// nothing or one of the six pieces, kept when each piece stands where its side may
    /// and no type exceeds the start's count (one king, one of each other piece).
    fn typed_three_by_three_by_brute_force() -> std::collections::BTreeSet<Element> {
        let spec = ComplexitySpec::throne_and_corners(3, 2, 2).unwrap();
        let pieces = [
            Piece::KING,
            Piece::ATTACKER,
            Piece {
                side: Side::Attackers,
                kind: PieceKind::Commander,
            },
            Piece::DEFENDER,
            Piece {
                side: Side::Defenders,
                kind: PieceKind::Knight,
            },
        ];
        let mut out = std::collections::BTreeSet::new();
        for code in 0..6usize.pow(9) {
            let mut c = code;
            let mut counts = [0usize; 5];
            let mut layout = Layout::empty(3);
            let mut ok = true;
            for i in 0..9 {
                let digit = c % 6;
                c /= 6;
                if digit == 0 {
                    continue;
                }
                let piece = pieces[digit - 1];
                let mask = if piece == Piece::KING {
                    StandMask::KING
                } else if piece.side == Side::Attackers {
                    StandMask::ATTACKER
                } else {
                    StandMask::DEFENDER
                };
                counts[digit - 1] += 1;
                if counts[digit - 1] > 1 || !spec.may_stand(i % 3, i / 3).contains(mask) {
                    ok = false;
                    break;
                }
                layout.set(Square::new(i % 3, i / 3), Some(piece));
            }
            if ok && counts[0] == 1 {
                for side in Side::BOTH {
                    out.insert(Element::of_layout(&layout, side).unwrap());
                }
            }
        }
        out
    }

    /// The typed superset's count against the brute-force enumeration, and rank and
    /// unrank a bijection onto exactly the enumerated elements.
    #[test]
    fn typed_superset_matches_brute_force_and_ranks_every_element() {
        let superset = typed_three_by_three();
        let all = typed_three_by_three_by_brute_force();
        assert_eq!(superset.count(), BigUint::from(all.len()));
        let n = all.len() as u32;
        let mut seen = std::collections::BTreeSet::new();
        for i in 0..n {
            let e = superset.unrank(&BigUint::from(i)).unwrap();
            assert_eq!(superset.rank(&e).unwrap(), BigUint::from(i), "{e:?}");
            assert!(all.contains(&e), "{e:?}");
            assert!(seen.insert(e));
        }
        assert_eq!(seen, all);
        assert_eq!(superset.unrank(&BigUint::from(n)), None);
    }

    /// A variant of taflmen alone ranks the same with or without (empty) types, and a
    /// typed superset refuses a type the start lacks or one too many.
    #[test]
    fn typed_ranks_refuse_what_the_start_lacks() {
        let superset = typed_three_by_three();
        let e = Element {
            side: Side::Attackers,
            king: DenseSquare::new(4),
            attackers: dense(&[1, 3]),
            defenders: dense(&[5]),
            typed: vec![
                (DenseSquare::new(1), PieceKind::Commander),
                (DenseSquare::new(3), PieceKind::Commander),
            ],
        };
        assert_eq!(superset.rank(&e), Err(RankError::TooMuchMaterial));
        let e = Element {
            typed: vec![(DenseSquare::new(1), PieceKind::Knight)],
            ..e
        };
        assert_eq!(
            superset.rank(&e),
            Err(RankError::UnknownType(DenseSquare::new(1)))
        );
        let e = Element {
            typed: vec![(DenseSquare::new(7), PieceKind::Knight)],
            ..e
        };
        assert_eq!(
            superset.rank(&e),
            Err(RankError::UnknownType(DenseSquare::new(7)))
        );
        let e = Element {
            typed: vec![
                (DenseSquare::new(1), PieceKind::Commander),
                (DenseSquare::new(5), PieceKind::Knight),
            ],
            ..e
        };
        let r = superset.rank(&e).unwrap();
        assert_eq!(superset.unrank(&r), Some(e));
    }
}
