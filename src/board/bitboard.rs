//! Whole-board bitboards for boards of up to 11x11: one `u128`, bit
//! [`Square::dense`], and the [`Geometry`] of one board size that owns every shift and
//! edge mask. What is asked of every piece of a side at once (all its moves in one
//! direction, a flood, the squares next to a set) is a few word operations here, with
//! no loop over the pieces.

use super::{Direction, Square};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// The largest board side whose squares fit one [`Bitboard`] (11x11 = 121 bits).
pub const BITBOARD_MAX_DIM: usize = 11;

/// A set of squares of a board of up to 11x11: bit [`Square::dense`] for each member.
/// Sets of one board size combine with the operators; shifts and fills need the board's
/// [`Geometry`].
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(u128);

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);

    /// The set whose members are the set bits of `bits` (dense indices).
    #[inline(always)]
    pub const fn from_bits(bits: u128) -> Bitboard {
        Bitboard(bits)
    }

    /// The bits: bit `i` set for the square of dense index `i`.
    #[inline(always)]
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// How many squares the set holds.
    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// True if the set holds no square.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True if the set holds a square in common with `other`.
    #[inline(always)]
    pub const fn intersects(self, other: Bitboard) -> bool {
        self.0 & other.0 != 0
    }

    /// The members of `self` that are not in `other`.
    #[inline(always)]
    pub const fn without(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & !other.0)
    }

    /// The dense indices of the members, lowest first.
    #[inline]
    pub fn indices(self) -> DenseIndices {
        DenseIndices(self.0)
    }

    /// Every member moved one square in `direction` on a board `dim` squares wide, with
    /// no mask: a member on the edge it moves towards wraps onto the next rank or off
    /// the board. For callers whose masks keep such members out, or ignore where they
    /// land: a shift by a constant, where [`Geometry::shift`] also masks.
    #[inline(always)]
    pub const fn step_unmasked(self, direction: Direction, dim: usize) -> Bitboard {
        Bitboard(match direction {
            Direction::North => self.0 << dim,
            Direction::South => self.0 >> dim,
            Direction::East => self.0 << 1,
            Direction::West => self.0 >> 1,
        })
    }
}

impl std::fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Bitboard({:#x})", self.0)
    }
}

/// The dense indices of a [`Bitboard`]'s members, lowest first.
pub struct DenseIndices(u128);

impl Iterator for DenseIndices {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }
}

macro_rules! bit_operators {
    ($($op:ident $method:ident $assign:ident $assign_method:ident $sym:tt;)*) => {$(
        impl $op for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $sym rhs.0)
            }
        }
        impl $assign for Bitboard {
            #[inline(always)]
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 = self.0 $sym rhs.0;
            }
        }
    )*};
}

bit_operators! {
    BitAnd bitand BitAndAssign bitand_assign &;
    BitOr bitor BitOrAssign bitor_assign |;
    BitXor bitxor BitXorAssign bitxor_assign ^;
}

impl Not for Bitboard {
    type Output = Bitboard;
    /// Every bit flipped, off-board bits included: intersect with
    /// [`Geometry::board`] to stay on the board.
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

/// One board size for bitboards: the masks that keep shifts on the board. Every shift,
/// edge mask and fill of a whole-board bitboard is a method here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    dim: usize,
    board: Bitboard,
    edge: Bitboard,
    not_first_file: Bitboard,
    not_last_file: Bitboard,
    /// Per [`Square::index`] (the square's own number, so no arithmetic is needed to
    /// look it up): the square's bit, and its orthogonal neighbours. Empty off the board.
    by_index: Box<[SquareBits; SQUARE_INDICES]>,
    /// Per [`Square::index`]: the squares two orthogonal steps away (kept apart from
    /// `by_index`, whose entries stay 32 bytes: one shift to index).
    two_away: Box<[Bitboard; SQUARE_INDICES]>,
}

/// How many [`Square::index`] values a board of up to 11x11 uses.
const SQUARE_INDICES: usize = 32 * BITBOARD_MAX_DIM;

/// One square's lookups (see `Geometry::by_index`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct SquareBits {
    bit: Bitboard,
    neighbours: Bitboard,
}

impl Geometry {
    /// The geometry of a `dim` x `dim` board, if its squares fit a [`Bitboard`].
    pub fn new(dim: usize) -> Option<Geometry> {
        if dim == 0 || dim > BITBOARD_MAX_DIM {
            return None;
        }
        let mut g = Geometry {
            dim,
            board: Bitboard::EMPTY,
            edge: Bitboard::EMPTY,
            not_first_file: Bitboard::EMPTY,
            not_last_file: Bitboard::EMPTY,
            by_index: Box::new([SquareBits::default(); SQUARE_INDICES]),
            two_away: Box::new([Bitboard::EMPTY; SQUARE_INDICES]),
        };
        for r in 0..dim {
            for f in 0..dim {
                let bit = Bitboard(1 << Square::new(f, r).dense(dim));
                g.board |= bit;
                if r == 0 || f == 0 || r == dim - 1 || f == dim - 1 {
                    g.edge |= bit;
                }
                if f != 0 {
                    g.not_first_file |= bit;
                }
                if f != dim - 1 {
                    g.not_last_file |= bit;
                }
            }
        }
        let squares: Vec<Square> = g.squares(g.board).collect();
        for s in squares {
            let bit = Bitboard(1 << s.dense(dim));
            let two_away = Direction::ALL
                .iter()
                .fold(Bitboard::EMPTY, |acc, &d| acc | g.shift(bit, d, 2));
            g.by_index[s.index()] = SquareBits {
                bit,
                neighbours: g.dilate(bit).without(bit),
            };
            g.two_away[s.index()] = two_away;
        }
        Some(g)
    }

    /// The board's side length.
    #[inline(always)]
    pub fn dim(&self) -> usize {
        self.dim
    }

    /// Every square of the board.
    #[inline(always)]
    pub fn board(&self) -> Bitboard {
        self.board
    }

    /// The squares on an edge of the board.
    #[inline(always)]
    pub fn edge(&self) -> Bitboard {
        self.edge
    }

    /// The squares off the first and last file: a piece there has a neighbour on each
    /// side along its rank.
    pub fn inner_files(&self) -> Bitboard {
        self.not_first_file & self.not_last_file
    }

    /// The squares off the first and last rank: a piece there has a neighbour on each
    /// side along its file.
    pub fn inner_ranks(&self) -> Bitboard {
        self.shift(self.board, Direction::North, 1) & self.shift(self.board, Direction::South, 1)
    }

    /// The set of the squares `squares` (each on the board).
    pub fn set_of(&self, squares: impl IntoIterator<Item = Square>) -> Bitboard {
        squares
            .into_iter()
            .fold(Bitboard::EMPTY, |set, s| set | self.square(s))
    }

    /// The set holding `s` alone (`s` on the board).
    #[inline(always)]
    pub fn square(&self, s: Square) -> Bitboard {
        debug_assert!(s.on_board(self.dim));
        self.by_index[s.index()].bit
    }

    /// The orthogonal neighbours of `s` on the board (`s` on the board).
    #[inline(always)]
    pub fn neighbours(&self, s: Square) -> Bitboard {
        debug_assert!(s.on_board(self.dim));
        self.by_index[s.index()].neighbours
    }

    /// The squares two orthogonal steps from `s`, on the board (`s` on the board): where
    /// the far side of a custodial sandwich around a neighbour of `s` stands.
    #[inline(always)]
    pub fn two_away(&self, s: Square) -> Bitboard {
        debug_assert!(s.on_board(self.dim));
        self.two_away[s.index()]
    }

    /// True if `s` is in `set`.
    #[inline(always)]
    pub fn contains(&self, set: Bitboard, s: Square) -> bool {
        set.intersects(self.square(s))
    }

    /// The members of `set` as squares, rank by rank from rank 1, each from file `a`.
    #[inline]
    pub fn squares(&self, set: Bitboard) -> impl Iterator<Item = Square> + '_ {
        set.indices().map(|i| Square::from_dense(i, self.dim))
    }

    /// Every member of `set` moved `steps` squares in `direction`; squares that would
    /// leave the board (or wrap into another rank) are dropped.
    #[inline(always)]
    pub fn shift(&self, set: Bitboard, direction: Direction, steps: usize) -> Bitboard {
        let (x, d) = (set.0, self.dim);
        Bitboard(match direction {
            Direction::North => (x << (d * steps)) & self.board.0,
            Direction::South => x >> (d * steps),
            Direction::East => (x << steps) & self.east_landing(steps).0,
            Direction::West => (x >> steps) & self.west_landing(steps).0,
        })
    }

    /// The squares a step of `steps` squares east may land on without wrapping: every
    /// square of files `steps` and above.
    #[inline(always)]
    fn east_landing(&self, steps: usize) -> Bitboard {
        let mut m = self.board;
        for i in 0..steps.min(self.dim) {
            m &= Bitboard(self.not_first_file.0 << i);
        }
        m & self.board
    }

    /// The squares a step of `steps` squares west may land on without wrapping.
    #[inline(always)]
    fn west_landing(&self, steps: usize) -> Bitboard {
        let mut m = self.board;
        for i in 0..steps.min(self.dim) {
            m &= Bitboard(self.not_last_file.0 >> i);
        }
        m
    }

    /// `set` and its orthogonal neighbours on the board.
    #[inline(always)]
    pub fn dilate(&self, set: Bitboard) -> Bitboard {
        let x = set.0;
        let d = self.dim;
        Bitboard(
            (x | ((x << 1) & self.not_first_file.0)
                | ((x >> 1) & self.not_last_file.0)
                | (x << d)
                | (x >> d))
                & self.board.0,
        )
    }

    /// Grows `seed` through `open` (orthogonal steps) until it is stable: the squares of
    /// `open` connected to the seed, the seed's own squares kept.
    #[inline]
    pub fn flood(&self, seed: Bitboard, open: Bitboard) -> Bitboard {
        let mut reach = seed;
        loop {
            let next = self.dilate(reach) & (open | seed);
            if next == reach {
                return reach;
            }
            reach = next;
        }
    }

    /// True if taking `s` out of `set` leaves the rest of `set` connected as before
    /// (orthogonal steps), counting everything off the board as one more member, next
    /// to every edge square: the members next to `s` are joined to each other through
    /// the eight squares around `s`, so every path through `s` has a way around it, and
    /// a member that reached the edge through `s` still reaches it. A local test (a
    /// "simple point" of digital topology): false only says it cannot tell.
    #[inline(always)]
    pub fn keeps_connected_without(&self, set: Bitboard, s: Square) -> bool {
        let (i, d) = (s.dense(self.dim), self.dim);
        let pattern = if self.edge.intersects(self.square(s)) {
            // Squares off the board count as members.
            let mut pattern = 0;
            for (bit, (df, dr)) in RING_OFFSETS.iter().enumerate() {
                let (f, r) = (s.file() as isize + df, s.rank() as isize + dr);
                let off = f < 0 || r < 0 || f >= d as isize || r >= d as isize;
                if off || self.contains(set, Square::new(f as usize, r as usize)) {
                    pattern |= 1 << bit;
                }
            }
            pattern
        } else {
            let x = set.0;
            let below = (x >> (i - d - 1)) as u32 & 0b111;
            let middle = (x >> (i - 1)) as u32 & 0b101;
            let above = (x >> (i + d - 1)) as u32 & 0b111;
            below | (middle & 1) << 3 | (middle >> 2) << 4 | above << 5
        };
        RING_KEEPS_CONNECTED[pattern as usize]
    }

    /// The destinations of every slider of `sliders` moving in `direction`, all at once:
    /// each slides over the squares of `pass` (empty squares it may pass), and its slide
    /// ends on the first square not in `pass`, which it reaches only if that square is in
    /// `land` (empty squares it may end on; the passed squares it may end on are in
    /// `land` too). In one direction no two sliders reach the same square (the nearer
    /// blocks the farther), so the count of a side's moves is a popcount per direction.
    #[inline]
    pub fn slide_targets(
        &self,
        sliders: Bitboard,
        direction: Direction,
        pass: Bitboard,
        land: Bitboard,
    ) -> Bitboard {
        macro_rules! by_dim {
            ($($d:literal)*) => {
                match self.dim {
                    $($d => Bitboard(fill::<$d>(sliders.0, direction, pass.0, land.0)),)*
                    _ => unreachable!("a geometry is at most {BITBOARD_MAX_DIM} squares wide"),
                }
            };
        }
        by_dim!(1 2 3 4 5 6 7 8 9 10 11)
    }

    /// How many moves the sliders of `sliders` have in all four directions (see
    /// [`Geometry::slide_targets`]): four fills and four popcounts, compiled for each
    /// board size so that every shift and mask is a constant.
    #[inline(always)]
    pub fn slide_count(&self, sliders: Bitboard, pass: Bitboard, land: Bitboard) -> u32 {
        macro_rules! by_dim {
            ($($d:literal)*) => {
                match self.dim {
                    $($d => count::<$d>(sliders.0, pass.0, land.0),)*
                    _ => unreachable!("a geometry is at most {BITBOARD_MAX_DIM} squares wide"),
                }
            };
        }
        by_dim!(1 2 3 4 5 6 7 8 9 10 11)
    }
}

/// The eight squares around a square as (files, ranks) steps, in the order of the
/// bits of a ring pattern (see `RING_KEEPS_CONNECTED`).
const RING_OFFSETS: [(isize, isize); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// Per pattern of the eight squares around a square (bits: south-west, south,
/// south-east, west, east, north-west, north, north-east): true if the orthogonal
/// neighbours in the pattern all lie on one unbroken arc of the ring around it.
const RING_KEEPS_CONNECTED: [bool; 256] = {
    // The ring in order around the square, as pattern bits; orthogonal ones at even places.
    const RING: [u32; 8] = [6, 7, 4, 2, 1, 0, 3, 5];
    let mut table = [false; 256];
    let mut p = 0;
    while p < 256 {
        // Start the walk just after an absent square; a full ring is one arc.
        let mut start = 8;
        let mut k = 0;
        while k < 8 {
            if !ring_has(p, RING[k % 8]) {
                start = k;
            }
            k += 1;
        }
        if start == 8 {
            table[p as usize] = true;
        } else {
            let mut arc = 0;
            let mut orthogonal_arc = 0;
            let mut one_arc = true;
            let mut j = 1;
            while j <= 8 {
                let k = (start + j) % 8;
                if ring_has(p, RING[k % 8]) {
                    if !ring_has(p, RING[(k + 7) % 8]) {
                        arc += 1;
                    }
                    if k % 2 == 0 {
                        if orthogonal_arc != 0 && orthogonal_arc != arc {
                            one_arc = false;
                        }
                        orthogonal_arc = arc;
                    }
                }
                j += 1;
            }
            table[p as usize] = one_arc;
        }
        p += 1;
    }
    table
};

/// True if ring pattern `p` holds the square of pattern bit `bit`.
const fn ring_has(p: u32, bit: u32) -> bool {
    p >> bit & 1 == 1
}

/// Every square of a `d` x `d` board.
const fn board_bits(d: usize) -> u128 {
    if d * d >= 128 {
        !0
    } else {
        (1 << (d * d)) - 1
    }
}

/// Every square of file `f` of a `d` x `d` board.
const fn file_bits(d: usize, f: usize) -> u128 {
    let mut bits = 0;
    let mut r = 0;
    while r < d {
        bits |= 1 << (r * d + f);
        r += 1;
    }
    bits
}

/// [`Geometry::slide_count`] on a `D` x `D` board.
#[inline(always)]
fn count<const D: usize>(sliders: u128, pass: u128, land: u128) -> u32 {
    Direction::ALL
        .iter()
        .map(|&d| fill::<D>(sliders, d, pass, land).count_ones())
        .sum()
}

/// [`Geometry::slide_targets`] on a `D` x `D` board.
#[inline(always)]
fn fill<const D: usize>(sliders: u128, direction: Direction, pass: u128, land: u128) -> u128 {
    let not_first_file = board_bits(D) & !file_bits(D, 0);
    let not_last_file = board_bits(D) & !file_bits(D, D - 1);
    match direction {
        Direction::East => {
            // Addition ripples a carry through each run of passable squares that a slider
            // starts: the run's bits flip to 0 and the square after it to 1. The last
            // file is kept out of the runs, so no carry crosses into the next rank.
            let runs = pass & not_last_file;
            let first = (sliders << 1) & not_first_file & (pass | land);
            (runs.wrapping_add(first) ^ runs) & land
        }
        Direction::West => {
            let mut g = sliders;
            let mut p = pass & not_last_file;
            g |= p & (g >> 1);
            p &= p >> 1;
            g |= p & (g >> 2);
            p &= p >> 2;
            g |= p & (g >> 4);
            p &= p >> 4;
            g |= p & (g >> 8);
            (g >> 1) & not_last_file & land
        }
        Direction::North => {
            let mut g = sliders;
            let mut p = pass;
            g |= p & (g << D);
            p &= p << D;
            g |= p & (g << (2 * D));
            p &= p << (2 * D);
            g |= p & (g << (4 * D));
            p &= p << (4 * D);
            g |= p & shl(g, 8 * D);
            (g << D) & land
        }
        Direction::South => {
            let mut g = sliders;
            let mut p = pass;
            g |= p & (g >> D);
            p &= p >> D;
            g |= p & (g >> (2 * D));
            p &= p >> (2 * D);
            g |= p & (g >> (4 * D));
            p &= p >> (4 * D);
            g |= p & shr(g, 8 * D);
            (g >> D) & land
        }
    }
}

/// `x << n`, 0 when `n` is 128 or more (an 8-rank step on a board of 16 ranks or more
/// never happens here, but a shift must not overflow on small `D` either way).
#[inline(always)]
const fn shl(x: u128, n: usize) -> u128 {
    if n >= 128 {
        0
    } else {
        x << n
    }
}

/// `x >> n`, 0 when `n` is 128 or more.
#[inline(always)]
const fn shr(x: u128, n: usize) -> u128 {
    if n >= 128 {
        0
    } else {
        x >> n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The destinations of one slider found square by square.
    fn walk(g: &Geometry, from: Square, d: Direction, pass: Bitboard, land: Bitboard) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        let mut at = from;
        while let Some(next) = at.step(g.dim(), d) {
            if g.contains(land, next) {
                out |= g.square(next);
            }
            if !g.contains(pass, next) {
                break;
            }
            at = next;
        }
        out
    }

    /// `Position::may_sandwich` relies on it: of the neighbours of `s`, the only one
    /// next to a square two steps from `s` is the one between them.
    #[test]
    fn a_far_square_touches_only_the_neighbour_between() {
        for dim in [3, 5, 7, 9, 11] {
            let g = Geometry::new(dim).unwrap();
            for s in g.squares(g.board()) {
                for d in Direction::ALL {
                    let Some(next) = s.step(dim, d) else {
                        continue;
                    };
                    if let Some(far) = next.step(dim, d) {
                        let touched = g.dilate(g.square(far)) & g.neighbours(s);
                        assert_eq!(touched, g.square(next), "{s} {d:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn slide_targets_equal_square_by_square_walks() {
        let mut rng = crate::rng::SplitMix64::new(5);
        for dim in [3, 5, 7, 9, 11] {
            let g = Geometry::new(dim).unwrap();
            for _ in 0..400 {
                let mut sliders = Bitboard::EMPTY;
                let mut occupied = Bitboard::EMPTY;
                let mut nonpass = Bitboard::EMPTY;
                let mut nonland = Bitboard::EMPTY;
                for s in g.squares(g.board()) {
                    match rng.below(8) {
                        0 => sliders |= g.square(s),
                        1 | 2 => occupied |= g.square(s),
                        _ => {}
                    }
                    if rng.below(9) == 0 {
                        nonpass |= g.square(s);
                    }
                    if rng.below(9) == 0 {
                        nonland |= g.square(s);
                    }
                }
                occupied |= sliders;
                let empty = g.board().without(occupied);
                let pass = empty.without(nonpass);
                let land = empty.without(nonland);
                for d in Direction::ALL {
                    let mut expected = Bitboard::EMPTY;
                    for s in g.squares(sliders) {
                        let one = walk(&g, s, d, pass, land);
                        assert!(!one.intersects(expected), "two sliders reach one square");
                        expected |= one;
                    }
                    assert_eq!(
                        g.slide_targets(sliders, d, pass, land),
                        expected,
                        "{dim} {d:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_square_said_to_keep_a_set_connected_does() {
        // Flooding from any seed through the set without the square reaches what
        // flooding through the whole set reaches, less the square.
        let mut rng = crate::rng::SplitMix64::new(11);
        let mut kept = 0;
        for dim in [5, 7, 11] {
            let g = Geometry::new(dim).unwrap();
            for _ in 0..3000 {
                let mut set = Bitboard::EMPTY;
                for s in g.squares(g.board()) {
                    if rng.below(100) < 55 {
                        set |= g.square(s);
                    }
                }
                let all: Vec<Square> = g.squares(g.board()).collect();
                let s = all[rng.below(all.len())];
                set |= g.square(s);
                if !g.keeps_connected_without(set, s) {
                    continue;
                }
                kept += 1;
                let rest = set.without(g.square(s));
                let on_edge = g.edge().intersects(g.square(s));
                for seed in g.squares(rest) {
                    let seed = g.square(seed);
                    let (before, after) = (g.flood(seed, set), g.flood(seed, rest));
                    if on_edge {
                        // Off the board counts as a member: what reached an edge still does.
                        assert!(
                            !before.intersects(g.edge()) || after.intersects(g.edge()),
                            "{dim}: {set:?} without {s}"
                        );
                    } else {
                        assert_eq!(
                            after,
                            before.without(g.square(s)),
                            "{dim}: {set:?} without {s}"
                        );
                    }
                }
            }
        }
        assert!(kept > 1000, "only {kept} sets kept connected");
    }

    #[test]
    fn a_square_that_joins_two_parts_is_not_said_to_keep_them_connected() {
        // A line through the square: taking it out splits the line.
        let g = Geometry::new(5).unwrap();
        let line = [0, 1, 2, 3, 4]
            .iter()
            .fold(Bitboard::EMPTY, |b, &f| b | g.square(Square::new(f, 2)));
        assert!(!g.keeps_connected_without(line, Square::new(2, 2)));
        // The same line with a detour above the square keeps it connected.
        let detour = line
            | g.square(Square::new(1, 3))
            | g.square(Square::new(2, 3))
            | g.square(Square::new(3, 3));
        assert!(g.keeps_connected_without(detour, Square::new(2, 2)));
    }

    #[test]
    fn inner_files_and_ranks_leave_out_the_edges() {
        let g = Geometry::new(7).unwrap();
        assert_eq!(g.inner_files().count(), 35);
        assert_eq!(g.inner_ranks().count(), 35);
        assert_eq!(
            g.inner_files() & g.inner_ranks(),
            g.board().without(g.edge())
        );
        let corners = [Square::new(0, 0), Square::new(6, 6)];
        assert_eq!(g.set_of(corners).count(), 2);
        let a1 = g.square(Square::new(0, 0));
        let b1 = g.square(Square::new(1, 0));
        assert_eq!(
            a1.step_unmasked(Direction::North, 7),
            g.square(Square::new(0, 1))
        );
        assert_eq!(a1.step_unmasked(Direction::East, 7), b1);
        assert_eq!(b1.step_unmasked(Direction::West, 7), a1);
        assert_eq!(a1.step_unmasked(Direction::South, 7), Bitboard::EMPTY);
    }

    #[test]
    fn shifts_drop_squares_that_leave_the_board() {
        let g = Geometry::new(7).unwrap();
        let a1 = g.square(Square::new(0, 0));
        let g7 = g.square(Square::new(6, 6));
        assert_eq!(g.shift(a1, Direction::West, 1), Bitboard::EMPTY);
        assert_eq!(g.shift(a1, Direction::South, 1), Bitboard::EMPTY);
        assert_eq!(g.shift(g7, Direction::East, 1), Bitboard::EMPTY);
        assert_eq!(g.shift(g7, Direction::North, 1), Bitboard::EMPTY);
        assert_eq!(g.shift(a1, Direction::East, 6), g.square(Square::new(6, 0)));
        assert_eq!(
            g.shift(a1, Direction::North, 2),
            g.square(Square::new(0, 2))
        );
        assert_eq!(g.dilate(a1).count(), 3);
        assert_eq!(g.edge().count(), 24);
        assert!(Geometry::new(12).is_none());
    }
}
