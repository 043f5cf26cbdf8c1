//! Piece types as the hot path knows them: `Mover` numbers OTN's 12 piece types so
//! per-type tables are plain arrays.

use crate::board::{Piece, PieceKind, Side};

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
        // Taflmen and kings are types 0, 3, 6 and 9: one bit test, not a `kind()` lookup.
        const PLAIN: u16 = 1 << Mover::Attacker as u8
            | 1 << Mover::AttackerKing as u8
            | 1 << Mover::Defender as u8
            | 1 << Mover::King as u8;
        PLAIN & (1 << self as u8) == 0
    }

    /// The same kind on the other side (a converted mercenary).
    pub fn switched(self) -> Mover {
        Mover::ALL[(self as usize + 6) % 12]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exotic_means_neither_taflman_nor_king() {
        for m in Mover::ALL {
            let plain = matches!(m.kind(), PieceKind::Taflman | PieceKind::King);
            assert_eq!(m.is_exotic(), !plain, "{m:?}");
        }
    }
}
