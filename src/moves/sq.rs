//! Squares and piece types as the hot path knows them: `Sq` indexes `rank * 32 + file`,
//! so a square's rank and file are a shift and a mask away, and `Mover` numbers OTN's 12
//! piece types so per-type tables are plain arrays.

use crate::board::{Piece, PieceKind, Side, Square};

/// A square index in the hot path: `rank * 32 + file`.
pub type Sq = u16;

/// No square: an empty slot in the hot path's square fields.
pub const NO_SQUARE: Sq = u16::MAX;

/// The square at (`file`, `rank`), both from 0.
#[inline]
pub fn sq(file: usize, rank: usize) -> Sq {
    (rank * 32 + file) as Sq
}

/// The file of a square, from 0.
#[inline]
pub fn file_of(s: Sq) -> usize {
    (s & 31) as usize
}

/// The rank of a square, from 0.
#[inline]
pub fn rank_of(s: Sq) -> usize {
    (s >> 5) as usize
}

/// The square as the board layer writes it.
pub fn to_square(s: Sq) -> Square {
    Square::new(file_of(s), rank_of(s))
}

/// The hot path's index of a board square.
pub fn from_square(s: Square) -> Sq {
    sq(s.file(), s.rank())
}

/// A piece type as the hot path knows it: OTN's 12 types `tcnkmgTCNKMG`, numbered in
/// that order, so `Mover as usize` indexes per-type tables. The three common movers keep
/// short names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Mover {
    /// `t`: the attackers' taflman.
    Attacker = 0,
    /// `c`: an attacking commander.
    AttackerCommander = 1,
    /// `n`: an attacking knight.
    AttackerKnight = 2,
    /// `k`: an attacking king, which OTN can write but the engine refuses to play.
    AttackerKing = 3,
    /// `m`: an attacking mercenary.
    AttackerMercenary = 4,
    /// `g`: an attacking guard.
    AttackerGuard = 5,
    /// `T`: the defenders' taflman.
    Defender = 6,
    /// `C`: a defending commander.
    DefenderCommander = 7,
    /// `N`: a defending knight.
    DefenderKnight = 8,
    /// `K`: the king.
    King = 9,
    /// `M`: a defending mercenary.
    DefenderMercenary = 10,
    /// `G`: a defending guard.
    DefenderGuard = 11,
}

impl Mover {
    /// Every type in index order, `tcnkmgTCNKMG`: `ALL[i] as usize == i`.
    pub const ALL: [Mover; 12] = [
        Mover::Attacker,
        Mover::AttackerCommander,
        Mover::AttackerKnight,
        Mover::AttackerKing,
        Mover::AttackerMercenary,
        Mover::AttackerGuard,
        Mover::Defender,
        Mover::DefenderCommander,
        Mover::DefenderKnight,
        Mover::King,
        Mover::DefenderMercenary,
        Mover::DefenderGuard,
    ];

    /// The hot path's type of a board piece.
    pub fn of(piece: Piece) -> Mover {
        Mover::ALL[piece.type_index()]
    }

    /// The board piece of this type: its side and kind.
    pub fn piece(self) -> Piece {
        let i = self as usize;
        Piece {
            side: if i < 6 {
                Side::Attackers
            } else {
                Side::Defenders
            },
            kind: PieceKind::ALL[i % 6],
        }
    }

    /// The kind, whichever side owns it.
    #[inline(always)]
    pub fn kind(self) -> PieceKind {
        PieceKind::ALL[self as usize % 6]
    }

    /// The taflman of a side.
    #[inline(always)]
    pub fn taflman(side: Side) -> Mover {
        if side == Side::Attackers {
            Mover::Attacker
        } else {
            Mover::Defender
        }
    }

    /// Commanders, knights, mercenaries and guards: the pieces kept in a position's list.
    #[inline(always)]
    pub fn is_exotic(self) -> bool {
        !matches!(self.kind(), PieceKind::Taflman | PieceKind::King)
    }

    /// The same kind on the other side (a converted mercenary).
    pub fn switched(self) -> Mover {
        Mover::ALL[(self as usize + 6) % 12]
    }
}
