//! The fast position: occupancy words per side, per rank and per file, the king's
//! square, the side to move and an incrementally kept Zobrist hash. Copy-make: a move is
//! played on a copy (`Position` is a few hundred bytes and `Copy`-cheap to clone).

use super::tables::{file_of, rank_of, sq, Mover, Sq, Tables, Unsupported, NO_SQUARE};
use crate::board::{Layout, Piece, Side, MAX_DIM};

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Position {
    /// `ranks[side][rank]`: bit `file + 1` set where a piece of that side stands.
    pub(crate) ranks: [[u32; MAX_DIM]; 2],
    /// `files[side][file]`: bit `rank + 1` set where a piece of that side stands.
    pub(crate) files: [[u32; MAX_DIM]; 2],
    /// The king's square, or `NO_SQUARE` once captured (or in a kingless position).
    pub(crate) king: Sq,
    pub(crate) side_to_move: Side,
    pub(crate) hash: u64,
    /// Pieces per side, the king counted with the defenders.
    pub(crate) count: [u16; 2],
    /// The side that made the last move, if any; end-of-game tests depend on it.
    pub(crate) last_mover: Option<Side>,
    pub(crate) king_captured: bool,
}

impl Position {
    /// The position of a layout with `side` to move. The layout must fit the tables'
    /// board and hold only pieces the engine plays.
    pub fn from_layout(tables: &Tables, layout: &Layout, side: Side) -> Result<Position, Unsupported> {
        if layout.dim() != tables.dim {
            return Err(Unsupported(format!("a {0}x{0} position for a {1}x{1} variant", layout.dim(), tables.dim)));
        }
        super::tables::check_layout_supported(layout)?;
        let mut pos = Position {
            ranks: [[0; MAX_DIM]; 2],
            files: [[0; MAX_DIM]; 2],
            king: NO_SQUARE,
            side_to_move: side,
            hash: 0,
            count: [0; 2],
            last_mover: None,
            king_captured: false,
        };
        for (square, piece) in layout.pieces() {
            let s = sq(square.file(), square.rank());
            let mover = if piece == Piece::KING {
                pos.king = s;
                Mover::King
            } else if piece.side == Side::Attackers {
                Mover::Attacker
            } else {
                Mover::Defender
            };
            pos.put(tables, piece.side, mover, s);
        }
        if side == Side::Defenders {
            pos.hash ^= tables.zobrist_defenders_to_move;
        }
        Ok(pos)
    }

    /// The variant's start position, with its first mover to move.
    pub fn start(tables: &Tables) -> Position {
        Position::from_layout(tables, &tables.rules.start, tables.rules.first_side()).expect("the start layout was checked by Tables::new")
    }

    #[inline(always)]
    pub(crate) fn put(&mut self, tables: &Tables, side: Side, mover: Mover, s: Sq) {
        let (f, r) = (file_of(s), rank_of(s));
        self.ranks[side as usize][r] |= 1 << (f + 1);
        self.files[side as usize][f] |= 1 << (r + 1);
        self.count[side as usize] += 1;
        self.hash ^= tables.zobrist[mover as usize][s as usize];
    }

    #[inline(always)]
    pub(crate) fn remove(&mut self, tables: &Tables, side: Side, mover: Mover, s: Sq) {
        let (f, r) = (file_of(s), rank_of(s));
        self.ranks[side as usize][r] &= !(1 << (f + 1));
        self.files[side as usize][f] &= !(1 << (r + 1));
        self.count[side as usize] -= 1;
        self.hash ^= tables.zobrist[mover as usize][s as usize];
    }

    pub fn side_to_move(&self) -> Side {
        self.side_to_move
    }

    /// The Zobrist hash of board and side to move, kept incrementally.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The king's square, if he is on the board.
    pub fn king(&self) -> Option<Sq> {
        (self.king != NO_SQUARE).then_some(self.king)
    }

    /// Pieces of a side on the board (the king counts with the defenders).
    pub fn count(&self, side: Side) -> usize {
        self.count[side as usize] as usize
    }

    /// The piece on a square.
    #[inline]
    pub fn piece_at(&self, s: Sq) -> Option<Piece> {
        let (f, r) = (file_of(s), rank_of(s));
        let bit = 1 << (f + 1);
        if self.ranks[0][r] & bit != 0 {
            Some(Piece::ATTACKER)
        } else if self.ranks[1][r] & bit != 0 {
            Some(if s == self.king { Piece::KING } else { Piece::DEFENDER })
        } else {
            None
        }
    }

    /// The plain layout of this position.
    pub fn layout(&self, tables: &Tables) -> Layout {
        let mut layout = Layout::empty(tables.dim);
        for rank in 0..tables.dim {
            for file in 0..tables.dim {
                layout.set(crate::board::Square::new(file, rank), self.piece_at(sq(file, rank)));
            }
        }
        layout
    }

    /// The hash recomputed from scratch; equals `hash()` unless the engine is broken.
    pub fn recompute_hash(&self, tables: &Tables) -> u64 {
        let mut h = 0;
        for rank in 0..tables.dim {
            for file in 0..tables.dim {
                let s = sq(file, rank);
                let mover = match self.piece_at(s) {
                    None => continue,
                    Some(Piece::KING) => Mover::King,
                    Some(p) if p.side == Side::Attackers => Mover::Attacker,
                    Some(_) => Mover::Defender,
                };
                h ^= tables.zobrist[mover as usize][s as usize];
            }
        }
        if self.side_to_move == Side::Defenders {
            h ^= tables.zobrist_defenders_to_move;
        }
        h
    }

    /// The mirror image or rotation of this position under symmetry `g` (0..8 of the
    /// square's dihedral group); for tests of perft invariance.
    pub fn transformed(&self, tables: &Tables, g: usize) -> Position {
        let layout = self.layout(tables);
        let dim = tables.dim;
        let mut out = Layout::empty(dim);
        for (square, piece) in layout.pieces() {
            let (f, r) = transform(g, square.file(), square.rank(), dim);
            out.set(crate::board::Square::new(f, r), Some(piece));
        }
        let mut p = Position::from_layout(tables, &out, self.side_to_move).expect("same pieces");
        p.last_mover = self.last_mover;
        p.king_captured = self.king_captured;
        p
    }
}

/// Symmetry `g` of the dihedral group of the square applied to (file, rank).
pub fn transform(g: usize, f: usize, r: usize, dim: usize) -> (usize, usize) {
    let m = dim - 1;
    let (f, r) = if g & 4 != 0 { (r, f) } else { (f, r) };
    let f = if g & 1 != 0 { m - f } else { f };
    let r = if g & 2 != 0 { m - r } else { r };
    (f, r)
}
