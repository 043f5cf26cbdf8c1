//! Tafl rules as data: the OTN rules string, parsed into plain values (`Rules`), printed
//! back by `Display`, and a catalog of named variants.
//!
//! Parsing only checks the notation. Whether the engine can hold the start position (one
//! defending king at most, a bounded number of exotic pieces) is decided when the rules
//! are compiled for play (`moves::Tables::new`).

pub mod catalog;
mod error;
mod otn;
mod parse;
mod print;

pub use error::{RulesError, RulesErrorKind};

use crate::board::{Layout, Piece, PieceKind, Side, Square, Symmetry, TypeSet};

/// Where the king escapes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Escape {
    /// On any `cor` square (`esc:c`).
    Corner,
    /// On any edge square (`esc:e`).
    Edge,
}

/// What a threefold repetition does (`tfr`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repetition {
    /// `d`: the game is drawn.
    Draw,
    /// `w`: the side to move in the repeated position wins (the repeater loses).
    SideToMoveWins,
    /// `l`: the player who repeated wins.
    RepeaterWins,
    /// `i`: repetition is ignored.
    Ignored,
}

/// Whether the king captures (`ka`): as anvil, as hammer, both or neither.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KingArmed {
    /// `y`: hammer and anvil.
    Yes,
    /// `a`: others capture against him; his own moves capture nothing.
    Anvil,
    /// `h`: his moves capture; he is no anvil.
    Hammer,
    /// `n`: neither.
    No,
}

impl KingArmed {
    /// True if pieces capture against the standing king (`ka:y`, `ka:a`).
    pub fn anvil(self) -> bool {
        matches!(self, KingArmed::Yes | KingArmed::Anvil)
    }

    /// True if the king's own moves capture (`ka:y`, `ka:h`).
    pub fn hammer(self) -> bool {
        matches!(self, KingArmed::Yes | KingArmed::Hammer)
    }
}

/// How the king is captured (`ks`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KingStrength {
    /// `s`: all four neighbours hostile.
    Strong,
    /// `c`: strong on a centre square or next to one, weak elsewhere.
    StrongAtCentre,
    /// `m`: every neighbour that exists hostile (3 on an edge, 2 in a corner).
    Middleweight,
    /// `t`: strong on a centre square; elsewhere weak, and a centre square is never
    /// hostile to him (the 7x7 rules of `hnefatafl-copenhagen`; docs/rules-decisions.md,
    /// groups C2 and C3).
    StrongOnThrone,
    /// `w`: ordinary two-sided custodial capture.
    Weak,
}

/// Jumps over an adjacent enemy (`kj nj cj mj gj`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Jump {
    /// `n`
    None,
    /// `j`: jump without capture.
    Jump,
    /// `c`: the jumped piece is captured.
    Capture,
    /// `r`: only when the start or landing square is special.
    Restricted,
}

/// Shieldwall captures (`sw`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shieldwall {
    /// `n`: none.
    None,
    /// `w`: walls closed by enemy pieces only.
    Weak,
    /// `s`: a corner may close the wall too.
    Strong,
}

/// Berserk continuations (`ber`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Berserk {
    /// `n`
    None,
    /// `c`: after a capture the piece must capture again if it can.
    Capture,
    /// `m`: after a capture the piece must move again.
    Move,
}

/// The four kinds of special square. The discriminant is the kind's bit index in the
/// per-square kind flags (`bit`), so a square may be of several kinds at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SpecialKind {
    /// `cor`: the corners, where a corner-escape king leaves the board.
    Corner = 0,
    /// `cen`: the throne, the king's start square.
    Centre = 1,
    /// `afor`: the attackers' forts (camps), by default hostile to defenders.
    AttackerFort = 2,
    /// `dfor`: the defenders' forts, by default hostile to attackers, who may cross them
    /// but not stop there.
    DefenderFort = 3,
}

impl SpecialKind {
    /// Every kind, in bit order.
    pub const ALL: [SpecialKind; 4] = [
        SpecialKind::Corner,
        SpecialKind::Centre,
        SpecialKind::AttackerFort,
        SpecialKind::DefenderFort,
    ];

    /// The bit of this kind in `Rules::square_kinds`.
    pub fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// What one kind of special square does: where it is, who is hurt by it, who may pass,
/// stop and re-enter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecialSquares {
    /// Where the squares of this kind are (`cor`, `cen`, `afor`, `dfor`).
    pub squares: Vec<Square>,
    /// Hostile (as an anvil) to these sides; for the throne, while it is occupied.
    pub hostile: TypeSet,
    /// For the throne only: hostile to these sides while it is empty (`cenhe`).
    pub hostile_empty: TypeSet,
    /// Types that may move over these squares (`corp cenp aforp dforp`).
    pub pass: TypeSet,
    /// Types that may end a move on them (`cors cens afors dfors`).
    pub stop: TypeSet,
    /// Types that may enter them from elsewhere (`corre cenre aforre dforre`); the others
    /// pass or stop on them only while moving from a square of the same kind, as
    /// Tablut's attackers leave their camps and never come back. All types by default.
    pub reenter: TypeSet,
}

/// A variant's rules, as the OTN rules string states them. Plain data: every field is
/// public and `Display` writes it back as an OTN string that parses to the same value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The variant's name for people (`name`, underscores read as spaces); may be empty.
    pub name: String,
    /// The board's side length (`dim`): odd, 5 to 19.
    pub dim: usize,
    /// Where the king escapes (`esc`).
    pub escape: Escape,
    /// `atkf`: true if the attackers move first (the default).
    pub attackers_first: bool,
    /// `surf`: true if the attackers win by enclosing every defender so that none can
    /// reach an edge (the default).
    pub encirclement: bool,
    /// What a threefold repetition does (`tfr`).
    pub repetition: Repetition,
    /// Whether the king captures (`ka`).
    pub king_armed: KingArmed,
    /// How the king is captured (`ks`).
    pub king_strength: KingStrength,
    /// Jumps for king, knight, commander, mercenary, guard (`kj nj cj mj gj`).
    pub jumps: [Jump; 5],
    /// Most squares per move for each of the 12 types `tcnkmgTCNKMG`; `None` unlimited.
    pub speed: [Option<u8>; 12],
    /// The corners (`cor...`): by default the four corner squares, hostile to every
    /// piece, and only the king may enter them.
    pub corners: SpecialSquares,
    /// The throne (`cen...`): by default the centre square, which only the king may stop
    /// on.
    pub centre: SpecialSquares,
    /// The attackers' forts (`afor...`): none by default.
    pub attacker_forts: SpecialSquares,
    /// The defenders' forts (`dfor...`): none by default.
    pub defender_forts: SpecialSquares,
    /// Shieldwall captures (`sw`).
    pub shieldwall: Shieldwall,
    /// `swf`: true (the default) if a shieldwall falls only to the move that closes it
    /// by landing on the edge beside it; false if any move but a guard's takes every
    /// closed wall on the board (Copenhagen's relaxed shieldwall).
    pub shieldwall_flank: bool,
    /// `efe`: true if the defenders also win by an edge fort: the king on an edge, able
    /// to move, walled in by defenders the attackers cannot capture.
    pub edge_fort: bool,
    /// `efc`: true (the default) if an edge fort's region may hold a corner square; false
    /// (`efc:n`) if a fort that reaches a corner is no fort (bunburya's `hnefatafl` and
    /// `hnefatafl-copenhagen` read Copenhagen so; docs/rules-decisions.md, group A3).
    pub edge_fort_corner: bool,
    /// `linc`: true if an attacker also captures a defender beside the throned king when
    /// the throne's three other neighbours are attackers (Linnaeus' Tablut).
    pub linnaean: bool,
    /// Berserk continuations (`ber`).
    pub berserk: Berserk,
    /// The start position (`start`, or `starti` written top rank first).
    pub start: Layout,
}

impl Rules {
    /// How pieces of `kind` jump: the `kj nj cj mj gj` entry, `Jump::None` for taflmen.
    pub fn jump_of(&self, kind: PieceKind) -> Jump {
        match kind {
            PieceKind::Taflman => Jump::None,
            PieceKind::King => self.jumps[0],
            PieceKind::Knight => self.jumps[1],
            PieceKind::Commander => self.jumps[2],
            PieceKind::Mercenary => self.jumps[3],
            PieceKind::Guard => self.jumps[4],
        }
    }

    /// The variant's name for people; may be empty.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The board's side length.
    pub fn dim(&self) -> usize {
        self.dim
    }

    /// The start position.
    pub fn start(&self) -> &Layout {
        &self.start
    }

    /// The side that moves first.
    pub fn first_side(&self) -> Side {
        if self.attackers_first {
            Side::Attackers
        } else {
            Side::Defenders
        }
    }

    /// The squares of one special kind and what they do.
    pub fn special(&self, kind: SpecialKind) -> &SpecialSquares {
        match kind {
            SpecialKind::Corner => &self.corners,
            SpecialKind::Centre => &self.centre,
            SpecialKind::AttackerFort => &self.attacker_forts,
            SpecialKind::DefenderFort => &self.defender_forts,
        }
    }

    /// The board symmetries that map every kind of special square onto itself, the
    /// identity first. No other rule names a square, so under these a position's moves
    /// and their images correspond one to one: perft, and every outcome, is the same for
    /// a position and its image (tests/differential.rs checks it on random positions).
    pub fn symmetries(&self) -> Vec<Symmetry> {
        Symmetry::ALL
            .into_iter()
            .filter(|&g| {
                SpecialKind::ALL.iter().all(|&kind| {
                    let squares = &self.special(kind).squares;
                    squares
                        .iter()
                        .all(|&s| squares.contains(&g.square(self.dim, s)))
                })
            })
            .collect()
    }

    /// Bit flags of the special kinds the square belongs to (see `SpecialKind::bit`).
    pub fn square_kinds(&self, file: usize, rank: usize) -> u8 {
        let square = Square::new(file, rank);
        SpecialKind::ALL
            .iter()
            .filter(|k| self.special(**k).squares.contains(&square))
            .fold(0, |acc, k| acc | k.bit())
    }

    /// True if a piece of this type may pass the square, starting on a square of the
    /// kinds in `origin` (re-entry rules lapse for kinds it starts on).
    pub fn may_pass_from(&self, piece: Piece, file: usize, rank: usize, origin: u8) -> bool {
        self.allowed_on(piece, file, rank, origin, |s| &s.pass)
    }

    /// True if a piece of this type may end a move on the square, starting on a square
    /// of the kinds in `origin`.
    pub fn may_stop_from(&self, piece: Piece, file: usize, rank: usize, origin: u8) -> bool {
        self.allowed_on(piece, file, rank, origin, |s| &s.stop)
    }

    /// True if every special kind of the square lets the piece in through `permission`
    /// (its `pass` or `stop` set), and lets it re-enter or it starts on that kind.
    fn allowed_on(
        &self,
        piece: Piece,
        file: usize,
        rank: usize,
        origin: u8,
        permission: fn(&SpecialSquares) -> &TypeSet,
    ) -> bool {
        let kinds = self.square_kinds(file, rank);
        SpecialKind::ALL
            .iter()
            .filter(|k| kinds & k.bit() != 0)
            .all(|k| {
                let s = self.special(*k);
                permission(s).contains(piece)
                    && (s.reenter.contains(piece) || origin & k.bit() != 0)
            })
    }

    /// True if a piece of this type may stand on the square at all (it may end a move
    /// there, or start there); re-entry rules ignored. For counting positions.
    pub fn may_stop(&self, piece: Piece, file: usize, rank: usize) -> bool {
        self.may_stop_from(piece, file, rank, self.square_kinds(file, rank))
    }

    /// The speed limit of a type, `None` if unlimited.
    pub fn speed_of(&self, piece: Piece) -> Option<u8> {
        self.speed[piece.type_index()]
    }
}

impl std::str::FromStr for Rules {
    type Err = RulesError;
    fn from_str(text: &str) -> Result<Rules, RulesError> {
        parse::parse_rules(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> RulesError {
        text.parse::<Rules>().unwrap_err()
    }

    #[test]
    fn symmetries_are_those_that_keep_every_special_square() {
        let rules = |text: &str| text.parse::<Rules>().unwrap();
        let start = "start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
        assert_eq!(rules(&format!("dim:7 {start}")).symmetries(), Symmetry::ALL);
        // One corner: only the diagonal through it keeps it.
        assert_eq!(
            rules(&format!("dim:7 cor:a1 {start}")).symmetries(),
            [Symmetry::Identity, Symmetry::Diagonal]
        );
        // Two corners, both on the bottom edge: only left and right swap.
        assert_eq!(
            rules(&format!("dim:7 cor:a1,g1 {start}")).symmetries(),
            [Symmetry::Identity, Symmetry::MirrorFiles]
        );
    }

    #[test]
    fn errors_name_key_and_column() {
        let e = err("dim:11 name:X ks:q start:/5/5/5/5/5/");
        assert_eq!((e.key.as_str(), e.column), ("ks", 15));
        assert!(e.to_string().contains("`q`"), "{e}");
        let e = err("dim:10 start:/5/5/5/5/5/");
        assert_eq!(e.key, "dim");
        let e = err("dim:5 atkf:maybe start:/5/5/5/5/5/");
        assert_eq!((e.key.as_str(), e.column), ("atkf", 7));
        let e = err("dim:5 cor:a1,z9 start:/5/5/5/5/5/");
        assert!(e.to_string().contains("`z9`"), "{e}");
        let e = err("dim:5 cenp:tx start:/5/5/5/5/5/");
        assert!(e.to_string().contains("`x`"), "{e}");
        let e = err("dim:5 frob:1 start:/5/5/5/5/5/");
        assert_eq!(e.kind, RulesErrorKind::UnknownKey);
        let e = err("dim:7 start:/5/5/5/5/5/");
        assert!(e.to_string().contains("5x5"), "{e}");
        assert_eq!(err("dim:5").kind, RulesErrorKind::MissingStart);
        assert_eq!(err("start:/5/5/5/5/5/").kind, RulesErrorKind::MissingDim);
        assert_eq!(
            err("dim:5 oops start:/5/5/5/5/5/").kind,
            RulesErrorKind::NotKeyValue
        );
    }

    #[test]
    fn speed_lists_of_every_length() {
        let r: Rules = "dim:5 spd:2,3, start:/5/5/5/5/5/".parse().unwrap();
        assert_eq!(r.speed_of(crate::board::Piece::ATTACKER), Some(2));
        assert_eq!(r.speed_of(crate::board::Piece::KING), Some(3));
        let r: Rules = "dim:5 spd:-1,-1,-1,-1,-1,-1,-1,-1,-1,1,-1,-1, start:/5/5/5/5/5/"
            .parse()
            .unwrap();
        assert_eq!(r.speed_of(crate::board::Piece::KING), Some(1));
        assert_eq!(r.speed_of(crate::board::Piece::DEFENDER), None);
        assert!("dim:5 spd:1,2,3 start:/5/5/5/5/5/"
            .parse::<Rules>()
            .is_err());
        let printed = r.to_string();
        assert_eq!(printed.parse::<Rules>().unwrap(), r);
    }

    #[test]
    fn last_repeated_key_wins_and_starti_reads_top_first() {
        let r: Rules = "dim:5 ks:w ks:m starti:/K4/5/5/5/5/".parse().unwrap();
        assert_eq!(r.king_strength, KingStrength::Middleweight);
        assert_eq!(r.start.piece_at(0, 4), Some(crate::board::Piece::KING));
    }
}
