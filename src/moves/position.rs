//! The fast position: occupancy words per side, per rank and per file, the king's
//! square, the side to move and an incrementally kept Zobrist hash. Commanders, knights,
//! mercenaries and guards (rare) sit in a short list, searched only when it is not empty, so the
//! common variants pay almost nothing for them. Copy-make: a move is played on a copy.

use super::mover::Mover;
use super::square_set::word_bit;
use super::square_set::SquareSet;
use super::tables::{Tables, Unsupported, MAX_EXOTIC};
use crate::board::Square;
use crate::board::{Bitboard, Layout, Piece, PieceKind, Side, Symmetry, MAX_DIM};

/// The position the engine plays on: where each side's pieces stand (bit `file + 1` of
/// a rank word, bit `rank + 1` of a file word), the king's square, the side to move, a
/// pending berserk continuation and a Zobrist hash kept up to date. Small and flat, so a
/// move is played on a copy. Equal positions have the same pieces, side to move and
/// berserk continuation.
#[derive(Clone, Debug)]
pub struct Position {
    /// `ranks[side][rank]`: bit `file + 1` set where a piece of that side stands.
    pub(super) ranks: [SquareSet; 2],
    /// `files[side][file]`: bit `rank + 1` set where a piece of that side stands.
    pub(super) files: [[u32; MAX_DIM]; 2],
    /// On boards of up to 11x11 (tables with a geometry), each side's pieces as one
    /// whole-board bitboard; empty on larger boards.
    pub(super) bits: [Bitboard; 2],
    /// Those pieces and their squares, in no particular order.
    pub(super) exotic: [(Square, Mover); MAX_EXOTIC],
    /// How many entries of `exotic` are in use.
    pub(super) exotic_len: u8,
    /// The king's square, or `ABSENT` once captured (or in a kingless position).
    pub(super) king: Square,
    /// Whose turn it is (a berserker's side again while a continuation is pending).
    pub(super) side_to_move: Side,
    /// Berserk: the piece that must move again, or `ABSENT`.
    pub(super) berserker: Square,
    /// The Zobrist hash (see `hash()`).
    pub(super) hash: u64,
    /// Pieces per side, the king counted with the defenders.
    pub(super) count: [u16; 2],
    /// The side that made the last move, if any; end-of-game tests depend on it.
    pub(super) last_mover: Option<Side>,
    /// Set by the move that captured the king, so that `outcome` can say so.
    pub(super) king_captured: bool,
}

/// Both sides' pieces on one square's rank and file ([`Position::lines_through`]),
/// compared whole: equal lines, equal slides from that square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lines([u32; 4]);

/// The king's or the berserker's square when there is none. Kept inside `Position`
/// only (its methods answer `Option<Square>`): the hot tests `s == self.king` stay one
/// compare of two `u16`, where an `Option<Square>` field would add its tag.
pub(super) const ABSENT: Square = Square::off_board();

impl PartialEq for Position {
    /// Same pieces on the same squares, same side to move and continuation.
    fn eq(&self, other: &Position) -> bool {
        self.ranks == other.ranks
            && self.exotic_len == other.exotic_len
            && self.king == other.king
            && self.side_to_move == other.side_to_move
            && self.berserker == other.berserker
            && (0..self.exotic_len as usize)
                .all(|i| other.exotic[..other.exotic_len as usize].contains(&self.exotic[i]))
    }
}

impl Eq for Position {}

impl Position {
    /// The position of a layout with `side` to move. The layout must fit the tables'
    /// board and hold only pieces the engine plays.
    pub fn from_layout(
        tables: &Tables,
        layout: &Layout,
        side: Side,
    ) -> Result<Position, Unsupported> {
        if layout.dim() != tables.dim {
            return Err(Unsupported::Mismatch(format!(
                "the position is {0}x{0} but the variant is played on {1}x{1}",
                layout.dim(),
                tables.dim
            )));
        }
        super::tables::check_layout_supported(layout)?;
        let mut pos = Position {
            ranks: [SquareSet::EMPTY; 2],
            files: [[0; MAX_DIM]; 2],
            bits: [Bitboard::EMPTY; 2],
            exotic: [(ABSENT, Mover::Attacker); MAX_EXOTIC],
            exotic_len: 0,
            king: ABSENT,
            side_to_move: side,
            berserker: ABSENT,
            hash: 0,
            count: [0; 2],
            last_mover: None,
            king_captured: false,
        };
        for (square, piece) in layout.pieces() {
            let s = Square::new(square.file(), square.rank());
            if piece == Piece::KING {
                pos.king = s;
            }
            pos.put(tables, piece.side, Mover::of(piece), s);
        }
        if side == Side::Defenders {
            pos.hash ^= tables.zobrist_defenders_to_move;
        }
        Ok(pos)
    }

    /// The variant's start position, with its first mover to move.
    pub fn start(tables: &Tables) -> Position {
        Position::from_layout(tables, &tables.rules.start, tables.rules.first_side())
            .expect("the start layout was checked by Tables::new")
    }

    /// Puts a piece on the empty square `s`: occupancy words, count, hash and the
    /// exotic list.
    #[inline(always)]
    pub(crate) fn put(&mut self, tables: &Tables, side: Side, mover: Mover, s: Square) {
        let (f, r) = (s.file(), s.rank());
        self.ranks[side as usize][r] |= word_bit(f);
        self.files[side as usize][f] |= word_bit(r);
        if let Some(g) = &tables.geometry {
            self.bits[side as usize] |= g.square(s);
        }
        self.count[side as usize] += 1;
        self.hash ^= tables.zobrist[mover as usize][s.index()];
        if mover.is_exotic() {
            self.exotic[self.exotic_len as usize] = (s, mover);
            self.exotic_len += 1;
        }
    }

    /// Takes the piece of `side` and type `mover` off `s`, undoing all that `put` did.
    #[inline(always)]
    pub(crate) fn remove(&mut self, tables: &Tables, side: Side, mover: Mover, s: Square) {
        let (f, r) = (s.file(), s.rank());
        self.ranks[side as usize][r] &= !(word_bit(f));
        self.files[side as usize][f] &= !(word_bit(r));
        if let Some(g) = &tables.geometry {
            self.bits[side as usize] ^= g.square(s);
        }
        self.count[side as usize] -= 1;
        self.hash ^= tables.zobrist[mover as usize][s.index()];
        if mover.is_exotic() {
            let n = self.exotic_len as usize;
            let i = self.exotic[..n]
                .iter()
                .position(|e| e.0 == s)
                .expect("an exotic piece is listed");
            self.exotic[i] = self.exotic[n - 1];
            self.exotic_len -= 1;
        }
    }

    /// Moves the piece of `side` and type `mover` from `from` to the empty square `to`:
    /// `remove` then `put`, fused for the common pieces (the count and the exotic list
    /// stay as they are).
    #[inline(always)]
    pub(crate) fn slide_piece(
        &mut self,
        tables: &Tables,
        side: Side,
        mover: Mover,
        from: Square,
        to: Square,
    ) {
        if mover.is_exotic() {
            self.remove(tables, side, mover, from);
            self.put(tables, side, mover, to);
            return;
        }
        let s = side as usize;
        // A move runs along a rank or a file: the word of that line changes in two bits,
        // and the two crossing words in one each.
        let (ff, fr, tf, tr) = (from.file(), from.rank(), to.file(), to.rank());
        if fr == tr {
            self.ranks[s][fr] ^= word_bit(ff) | word_bit(tf);
            let bit = word_bit(fr);
            self.files[s][ff] ^= bit;
            self.files[s][tf] ^= bit;
        } else if ff == tf {
            self.files[s][ff] ^= word_bit(fr) | word_bit(tr);
            let bit = word_bit(ff);
            self.ranks[s][fr] ^= bit;
            self.ranks[s][tr] ^= bit;
        } else {
            self.ranks[s][fr] ^= word_bit(ff);
            self.ranks[s][tr] ^= word_bit(tf);
            self.files[s][ff] ^= word_bit(fr);
            self.files[s][tf] ^= word_bit(tr);
        }
        if let Some(g) = &tables.geometry {
            self.bits[s] ^= g.square(from) | g.square(to);
        }
        let keys = &tables.zobrist[mover as usize];
        self.hash ^= keys[from.index()] ^ keys[to.index()];
    }

    /// The type of the piece of `side` on `s` (which must hold one).
    #[inline(always)]
    pub(crate) fn mover_at(&self, side: Side, s: Square) -> Mover {
        if s == self.king {
            Mover::King
        } else if self.exotic_len != 0 {
            self.exotic[..self.exotic_len as usize]
                .iter()
                .find(|e| e.0 == s)
                .map_or(Mover::taflman(side), |e| e.1)
        } else {
            Mover::taflman(side)
        }
    }

    /// True if the square holds a commander, knight, mercenary or guard of this kind.
    #[inline(always)]
    pub(crate) fn is_kind(&self, s: Square, kind: PieceKind) -> bool {
        self.exotic_len != 0
            && self.exotic[..self.exotic_len as usize]
                .iter()
                .any(|e| e.0 == s && e.1.kind() == kind)
    }

    /// The side whose turn it is.
    pub fn side_to_move(&self) -> Side {
        self.side_to_move
    }

    /// The Zobrist hash of board, side to move and pending berserk continuation, kept
    /// incrementally.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The king's square, if he is on the board.
    pub fn king(&self) -> Option<Square> {
        (self.king != ABSENT).then_some(self.king)
    }

    /// The piece that must move again in a berserk turn, if any.
    pub fn berserker(&self) -> Option<Square> {
        (self.berserker != ABSENT).then_some(self.berserker)
    }

    /// The squares of a side's pieces, the king's among the defenders'.
    #[inline(always)]
    pub fn pieces(&self, side: Side) -> &SquareSet {
        &self.ranks[side as usize]
    }

    /// A side's pieces (the king among the defenders) as one whole-board bitboard, on
    /// boards of up to 11x11 ([`Tables::geometry`]); empty on larger boards.
    #[inline(always)]
    pub fn bitboard(&self, side: Side) -> Bitboard {
        self.bits[side as usize]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> SquareSet {
        self.ranks[0] | self.ranks[1]
    }

    /// Both sides' pieces on the rank and the file of `s`: all that a slide from `s`
    /// reads, so a piece on `s` has the same slides in two positions with equal lines.
    #[inline(always)]
    pub fn lines_through(&self, s: Square) -> Lines {
        let (f, r) = (s.file(), s.rank());
        Lines([
            self.ranks[0][r],
            self.ranks[1][r],
            self.files[0][f],
            self.files[1][f],
        ])
    }

    /// How many of `side`'s pieces stand orthogonally next to `s`.
    #[inline(always)]
    pub fn count_next_to(&self, side: Side, s: Square) -> u32 {
        let own = &self.ranks[side as usize];
        let (f, r) = (s.file(), s.rank());
        let bit = word_bit(f);
        let mut n = (own[r] & (bit << 1)).count_ones() + (own[r] & (bit >> 1)).count_ones();
        // The ranks past the board's last are empty words.
        if r > 0 {
            n += (own[r - 1] & bit != 0) as u32;
        }
        if r + 1 < MAX_DIM {
            n += (own[r + 1] & bit != 0) as u32;
        }
        n
    }

    /// The word of `side`'s pieces on `rank` (bit `file + 1`), for the hot paths.
    #[inline(always)]
    pub fn rank_word(&self, side: Side, rank: usize) -> u32 {
        self.ranks[side as usize][rank]
    }

    /// The word of `side`'s pieces on `file` (bit `rank + 1`), for the hot paths.
    #[inline(always)]
    pub fn file_word(&self, side: Side, file: usize) -> u32 {
        self.files[side as usize][file]
    }

    /// The commanders, knights, mercenaries and guards on the board with their squares,
    /// in no particular order; empty in the common variants.
    #[inline(always)]
    pub fn exotic_pieces(&self) -> &[(Square, Mover)] {
        &self.exotic[..self.exotic_len as usize]
    }

    /// The side that made the last move, if any (end-of-game tests depend on it).
    pub fn last_mover(&self) -> Option<Side> {
        self.last_mover
    }

    /// True if the last move captured the king.
    pub fn king_captured(&self) -> bool {
        self.king_captured
    }

    /// The position with its hash recomputed under `tables`' keys: a position made
    /// under other tables (another key seed) then hashes as one made under these.
    pub fn rekeyed(&self, tables: &Tables) -> Position {
        let mut p = self.clone();
        p.hash = p.recompute_hash(tables);
        p
    }

    /// Swaps two entries of the exotic list, whose order must never matter.
    #[cfg(test)]
    pub(crate) fn swap_exotic_for_test(&mut self, i: usize, j: usize) {
        self.exotic.swap(i, j);
    }

    /// Pieces of a side on the board (the king counts with the defenders).
    pub fn count(&self, side: Side) -> usize {
        self.count[side as usize] as usize
    }

    /// The piece on a square.
    #[inline]
    pub fn piece_at(&self, s: Square) -> Option<Piece> {
        let (f, r) = (s.file(), s.rank());
        let bit = word_bit(f);
        let side = if self.ranks[0][r] & bit != 0 {
            Side::Attackers
        } else if self.ranks[1][r] & bit != 0 {
            Side::Defenders
        } else {
            return None;
        };
        Some(self.mover_at(side, s).piece())
    }

    /// The plain layout of this position.
    pub fn layout(&self, tables: &Tables) -> Layout {
        let mut layout = Layout::empty(tables.dim);
        for rank in 0..tables.dim {
            for file in 0..tables.dim {
                layout.set(
                    crate::board::Square::new(file, rank),
                    self.piece_at(Square::new(file, rank)),
                );
            }
        }
        layout
    }

    /// The hash recomputed from scratch; equals `hash()` unless the engine is broken.
    pub fn recompute_hash(&self, tables: &Tables) -> u64 {
        let mut h = 0;
        for rank in 0..tables.dim {
            for file in 0..tables.dim {
                let s = Square::new(file, rank);
                if let Some(piece) = self.piece_at(s) {
                    h ^= tables.zobrist[Mover::of(piece) as usize][s.index()];
                }
            }
        }
        if self.side_to_move == Side::Defenders {
            h ^= tables.zobrist_defenders_to_move;
        }
        if self.berserker != ABSENT {
            h ^= tables.zobrist_berserker[self.berserker.index()];
        }
        h
    }

    /// The mirror image or rotation of this position; for tests of perft invariance.
    pub fn transformed(&self, tables: &Tables, symmetry: Symmetry) -> Position {
        let layout = self.layout(tables);
        let dim = tables.dim;
        let mut out = Layout::empty(dim);
        for (square, piece) in layout.pieces() {
            out.set(symmetry.square(dim, square), Some(piece));
        }
        let mut p = Position::from_layout(tables, &out, self.side_to_move).expect("same pieces");
        p.last_mover = self.last_mover;
        p.king_captured = self.king_captured;
        if self.berserker != ABSENT {
            let (f, r) = symmetry.apply(dim, self.berserker.file(), self.berserker.rank());
            p.berserker = Square::new(f, r);
            p.hash ^= tables.zobrist_berserker[p.berserker.index()];
        }
        p
    }
}
