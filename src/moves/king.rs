//! What the king can do next move, asked in one place: the search, its evaluation, the
//! MCTS playouts and the prover all need "does he escape in one?" and "can he be taken
//! in one?", and each used to work it out with its own bit arithmetic.

use super::generate::{Move, PieceMoves};
use super::mover::Mover;
use super::position::Position;
use super::square_set::SquareSet;
use super::tables::Tables;
use crate::board::Side;
use crate::board::Square;

impl PieceMoves {
    /// The moves of these that land on an escape square.
    #[inline(always)]
    pub fn onto_escapes(&self, t: &Tables) -> PieceMoves {
        PieceMoves {
            from: self.from,
            mover: self.mover,
            along_rank: self.along_rank & t.escape_squares()[self.from.rank()],
            along_file: self.along_file & t.escape_file_word(self.from.file()),
        }
    }
}

impl Position {
    /// The king's moves (on his square `king`) that end on an escape square, whoever is
    /// to move: what he threatens, or what he does now with the defenders to move.
    #[inline]
    pub fn king_escapes(&self, t: &Tables, king: Square) -> PieceMoves {
        self.piece_moves(t, Mover::King, king).onto_escapes(t)
    }

    /// True if the king stands and reaches an escape square in one move, whoever is to
    /// move.
    #[inline]
    pub fn king_escapes_in_one(&self, t: &Tables) -> bool {
        self.king()
            .is_some_and(|k| !self.king_escapes(t, k).is_empty())
    }

    /// A king move onto an escape square that the defenders, to move, may play now
    /// (not in the middle of another piece's berserk turn).
    pub fn king_escape_move(&self, t: &Tables) -> Option<Move> {
        let king = self.king()?;
        if self.side_to_move() != Side::Defenders || self.berserker().is_some_and(|b| b != king) {
            return None;
        }
        self.king_escapes(t, king).iter().next()
    }

    /// The squares the king passes and lands on in his escapes in one move (the escape
    /// squares included): the squares where a piece must land to stop them all.
    pub fn king_escape_lines(&self, t: &Tables) -> SquareSet {
        let mut lines = SquareSet::EMPTY;
        let Some(king) = self.king() else {
            return lines;
        };
        let (kf, kr) = (king.file(), king.rank());
        for m in self.king_escapes(t, king).iter() {
            let (f, r) = (m.to.file(), m.to.rank());
            for x in f.min(kf)..=f.max(kf) {
                for y in r.min(kr)..=r.max(kr) {
                    lines.insert(Square::new(x, y));
                }
            }
        }
        lines.remove(king);
        lines
    }

    /// A move of the side to move (the attackers, or a position passed to them with
    /// `null_move`) that captures the king: only a move landing next to him can.
    pub fn king_capture_move(&self, t: &Tables) -> Option<Move> {
        let king = self.king()?;
        let next_to_king = SquareSet::single(king).dilated();
        let mut found = None;
        self.for_each_piece_moves(t, |pm| {
            if found.is_some() {
                return;
            }
            for m in pm.iter().filter(|m| next_to_king.contains(m.to)) {
                let mut after = self.clone();
                after.play(t, m);
                if after.king().is_none() {
                    found = Some(m);
                    return;
                }
            }
        });
        found
    }
}
