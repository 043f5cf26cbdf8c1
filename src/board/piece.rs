//! Sides, piece kinds and sets of piece types, as OTN names them.

use std::fmt;
use std::str::FromStr;

/// One of the two players. Attackers are the lower-case pieces of OTN, defenders upper case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The side that hunts the king: the lower-case pieces.
    Attackers = 0,
    /// The king's side: the upper-case pieces.
    Defenders = 1,
}

impl Side {
    /// Both sides, attackers first, for loops over sides.
    pub const BOTH: [Side; 2] = [Side::Attackers, Side::Defenders];

    /// The other side.
    #[inline]
    pub fn opponent(self) -> Side {
        match self {
            Side::Attackers => Side::Defenders,
            Side::Defenders => Side::Attackers,
        }
    }

    /// 0 for attackers, 1 for defenders: the index into per-side arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The name that output prints and `from_str` reads: "attackers" or "defenders".
    pub fn name(self) -> &'static str {
        match self {
            Side::Attackers => "attackers",
            Side::Defenders => "defenders",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A side that is not `attackers` or `defenders`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideError(pub String);

impl fmt::Display for SideError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "side `{}` is neither `attackers` nor `defenders`",
            self.0
        )
    }
}

impl std::error::Error for SideError {}

impl crate::error::Kind for SideError {}

impl FromStr for Side {
    type Err = SideError;
    fn from_str(s: &str) -> Result<Side, SideError> {
        match s.to_ascii_lowercase().as_str() {
            "attackers" | "attacker" | "a" | "black" => Ok(Side::Attackers),
            "defenders" | "defender" | "d" | "white" => Ok(Side::Defenders),
            _ => Err(SideError(s.to_string())),
        }
    }
}

/// The six piece kinds of OTN. Either side may in principle own any of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceKind {
    /// The plain piece (`t`): slides, never jumps, captured custodially.
    Taflman = 0,
    /// `c`: a taflman that jumps per `cj`, cannot be jumped and can sandwich the king.
    Commander = 1,
    /// `n`: a taflman that jumps per `nj`, cannot be jumped and can sandwich the king.
    Knight = 2,
    /// `K`: the defenders' king, whose escape or capture (per `ks`) ends the game.
    King = 3,
    /// `m`: jumps per `mj`; when captured it changes sides instead of leaving the board.
    Mercenary = 4,
    /// `g`: jumps per `gj`; never captures, never helps to capture, is never captured.
    Guard = 5,
}

impl PieceKind {
    /// Every kind, in OTN's letter order `tcnkmg`.
    pub const ALL: [PieceKind; 6] = [
        PieceKind::Taflman,
        PieceKind::Commander,
        PieceKind::Knight,
        PieceKind::King,
        PieceKind::Mercenary,
        PieceKind::Guard,
    ];

    /// The kind's name in messages ("taflman").
    pub fn name(self) -> &'static str {
        match self {
            PieceKind::Taflman => "taflman",
            PieceKind::Commander => "commander",
            PieceKind::Knight => "knight",
            PieceKind::King => "king",
            PieceKind::Mercenary => "mercenary",
            PieceKind::Guard => "guard",
        }
    }
}

/// A piece: a kind owned by a side. Its OTN letter is lower case for attackers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Who owns the piece.
    pub side: Side,
    /// What the piece is.
    pub kind: PieceKind,
}

impl Piece {
    /// An attacking taflman, `t`.
    pub const ATTACKER: Piece = Piece {
        side: Side::Attackers,
        kind: PieceKind::Taflman,
    };
    /// A defending taflman, `T`.
    pub const DEFENDER: Piece = Piece {
        side: Side::Defenders,
        kind: PieceKind::Taflman,
    };
    /// The king, `K`.
    pub const KING: Piece = Piece {
        side: Side::Defenders,
        kind: PieceKind::King,
    };

    /// The piece an OTN letter stands for (`t c n k m g`, upper case for defenders).
    pub fn from_letter(letter: char) -> Option<Piece> {
        let kind = match letter.to_ascii_lowercase() {
            't' => PieceKind::Taflman,
            'c' => PieceKind::Commander,
            'n' => PieceKind::Knight,
            'k' => PieceKind::King,
            'm' => PieceKind::Mercenary,
            'g' => PieceKind::Guard,
            _ => return None,
        };
        let side = if letter.is_ascii_uppercase() {
            Side::Defenders
        } else {
            Side::Attackers
        };
        Some(Piece { side, kind })
    }

    /// The piece's OTN letter, lower case for attackers.
    pub fn letter(self) -> char {
        let lower = b"tcnkmg"[self.kind as usize] as char;
        match self.side {
            Side::Attackers => lower,
            Side::Defenders => lower.to_ascii_uppercase(),
        }
    }

    /// Index 0..12 in OTN's 12-value order `tcnkmgTCNKMG`.
    pub fn type_index(self) -> usize {
        self.side.index() * 6 + self.kind as usize
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A set of piece types, as OTN's type lists (`cenp:tcnkTCNK`) write it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct TypeSet(pub u16);

impl TypeSet {
    /// No type at all.
    pub const EMPTY: TypeSet = TypeSet(0);
    /// All twelve types, both sides.
    pub const ALL: TypeSet = TypeSet(0xfff);

    /// Parses a type list; returns the first character that is not a piece letter.
    pub fn parse(text: &str) -> Result<TypeSet, (usize, char)> {
        let mut set = 0u16;
        for (i, ch) in text.chars().enumerate() {
            match Piece::from_letter(ch) {
                Some(piece) => set |= 1 << piece.type_index(),
                None => return Err((i, ch)),
            }
        }
        Ok(TypeSet(set))
    }

    /// The set of the given letters; for constants written in code.
    pub fn of(letters: &str) -> TypeSet {
        TypeSet::parse(letters).expect("constant type list")
    }

    /// True if the piece's type (kind and side) is in the set.
    #[inline]
    pub fn contains(self, piece: Piece) -> bool {
        self.0 & (1 << piece.type_index()) != 0
    }

    /// Hostility in OTN is decided per side by the taflman letters alone (`t`, `T`).
    pub fn hostile_to(self, side: Side) -> bool {
        self.contains(Piece {
            side,
            kind: PieceKind::Taflman,
        })
    }
}

impl fmt::Display for TypeSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, letter) in "tcnkmgTCNKMG".chars().enumerate() {
            if self.0 & (1 << i) != 0 {
                write!(f, "{letter}")?;
            }
        }
        Ok(())
    }
}
