//! The OTN rules notation's vocabulary, written once: each one-letter key's letters and
//! default, the jump keys, and the special squares with their default lists. The parser
//! reads these tables, the printer writes from them, so the two cannot drift apart.

use super::{Berserk, Escape, Jump, KingArmed, KingStrength, Repetition, Shieldwall};
use crate::board::Square;

/// A key whose value is one letter naming one of a few choices.
pub(super) struct Letters<T: 'static> {
    /// The key, `ks`.
    pub key: &'static str,
    /// Each letter and its meaning; the first letter of a value is the one printed, later
    /// ones are aliases the parser also accepts.
    pub letters: &'static [(&'static str, T)],
    /// The value when the key is absent.
    pub default: T,
    /// What an error message says is expected.
    pub expected: &'static str,
}

impl<T: Copy + PartialEq> Letters<T> {
    /// The value a letter stands for.
    pub fn value(&self, letter: &str) -> Option<T> {
        self.letters
            .iter()
            .find(|(l, _)| *l == letter)
            .map(|&(_, v)| v)
    }

    /// The letter printed for a value.
    pub fn letter(&self, value: T) -> &'static str {
        self.letters
            .iter()
            .find(|(_, v)| *v == value)
            .map_or("?", |(l, _)| l)
    }
}

/// `esc`: where the king escapes.
pub(super) const ESCAPE: Letters<Escape> = Letters {
    key: "esc",
    letters: &[("c", Escape::Corner), ("e", Escape::Edge)],
    default: Escape::Corner,
    expected: "`c` (corners) or `e` (edges)",
};

/// `tfr`: what a threefold repetition does.
pub(super) const REPETITION: Letters<Repetition> = Letters {
    key: "tfr",
    letters: &[
        ("d", Repetition::Draw),
        ("w", Repetition::SideToMoveWins),
        ("l", Repetition::RepeaterWins),
        ("i", Repetition::Ignored),
    ],
    default: Repetition::Draw,
    expected: "`d`, `w`, `l` or `i`",
};

/// `ka`: whether the king captures.
pub(super) const KING_ARMED: Letters<KingArmed> = Letters {
    key: "ka",
    letters: &[
        ("y", KingArmed::Yes),
        ("a", KingArmed::Anvil),
        ("h", KingArmed::Hammer),
        ("n", KingArmed::No),
    ],
    default: KingArmed::Yes,
    expected: "`y`, `a`, `h` or `n`",
};

/// `ks`: how the king is captured (`y` and `n` are OpenTafl's older spellings).
pub(super) const KING_STRENGTH: Letters<KingStrength> = Letters {
    key: "ks",
    letters: &[
        ("s", KingStrength::Strong),
        ("c", KingStrength::StrongAtCentre),
        ("m", KingStrength::Middleweight),
        ("t", KingStrength::StrongOnThrone),
        ("w", KingStrength::Weak),
        ("y", KingStrength::Strong),
        ("n", KingStrength::Weak),
    ],
    default: KingStrength::Strong,
    expected: "`s`, `c`, `m`, `t`, `w` (or `y`, `n`)",
};

/// `sw`: shieldwall captures.
pub(super) const SHIELDWALL: Letters<Shieldwall> = Letters {
    key: "sw",
    letters: &[
        ("n", Shieldwall::None),
        ("w", Shieldwall::Weak),
        ("s", Shieldwall::Strong),
    ],
    default: Shieldwall::None,
    expected: "`n`, `w` or `s`",
};

/// `ber`: berserk continuations.
pub(super) const BERSERK: Letters<Berserk> = Letters {
    key: "ber",
    letters: &[
        ("n", Berserk::None),
        ("c", Berserk::Capture),
        ("m", Berserk::Move),
    ],
    default: Berserk::None,
    expected: "`n`, `c` or `m`",
};

/// The letters of every jump key.
pub(super) const JUMP: Letters<Jump> = Letters {
    key: "kj",
    letters: &[
        ("n", Jump::None),
        ("j", Jump::Jump),
        ("c", Jump::Capture),
        ("r", Jump::Restricted),
    ],
    default: Jump::None,
    expected: "`n`, `j`, `c` or `r`",
};

/// The jump keys, in the order of `Rules::jumps`: king, knight, commander, mercenary,
/// guard.
pub(super) const JUMP_KEYS: [&str; 5] = ["kj", "nj", "cj", "mj", "gj"];

/// The jump modes when no jump key is given: knights capture by jumping, commanders jump.
pub(super) const DEFAULT_JUMPS: [Jump; 5] = [
    Jump::None,
    Jump::Capture,
    Jump::Jump,
    Jump::None,
    Jump::None,
];

/// Every piece type letter.
pub(super) const ALL_TYPES: &str = "tcnkmgTCNKMG";

/// One kind of special square: its key and the type lists it has by default.
pub(super) struct SpecialKey {
    /// `cor`, `cen`, `afor` or `dfor`; with `h`, `p`, `s`, `re` the type list keys.
    pub key: &'static str,
    /// Types it is hostile to (occupied, for the throne).
    pub hostile: &'static str,
    /// Types the empty throne is hostile to (`cenhe`; only the centre has it).
    pub hostile_empty: &'static str,
    /// Types that may pass over it.
    pub pass: &'static str,
    /// Types that may stop on it.
    pub stop: &'static str,
}

/// Corners, centre, attacker forts, defender forts: the order of `Rules::specials`.
pub(super) const SPECIAL_KEYS: [SpecialKey; 4] = [
    SpecialKey {
        key: "cor",
        hostile: ALL_TYPES,
        hostile_empty: "",
        pass: "K",
        stop: "K",
    },
    SpecialKey {
        key: "cen",
        hostile: "tcnkm",
        hostile_empty: ALL_TYPES,
        pass: ALL_TYPES,
        stop: "K",
    },
    SpecialKey {
        key: "afor",
        hostile: "TCNKM",
        hostile_empty: "",
        pass: ALL_TYPES,
        stop: ALL_TYPES,
    },
    SpecialKey {
        key: "dfor",
        hostile: "tcnkm",
        hostile_empty: "",
        pass: ALL_TYPES,
        stop: "TCNKM",
    },
];

/// The squares of special kind `index` (of [`SPECIAL_KEYS`]) when its key is absent:
/// the four corners, the centre, no forts.
pub(super) fn default_squares(index: usize, dim: usize) -> Vec<Square> {
    let m = dim - 1;
    match index {
        0 => vec![
            Square::new(0, 0),
            Square::new(0, m),
            Square::new(m, 0),
            Square::new(m, m),
        ],
        1 => vec![Square::new(dim / 2, dim / 2)],
        _ => Vec::new(),
    }
}
