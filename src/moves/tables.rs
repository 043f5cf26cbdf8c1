//! A rules set compiled for the hot path: per-rank and per-file bit masks of where each
//! mover may pass and stop, hostile squares, speed windows and Zobrist keys.
//!
//! Squares are indexed `rank * 32 + file` (`Sq`). In a rank word bit `file + 1` stands
//! for the square; bit 0 and every bit above `dim` are sentinels (the board's edge), so
//! the sliding code never needs a bounds test. File words are the same with ranks.

use crate::board::{Piece, PieceKind, Side, Square, MAX_DIM};
use crate::rules::{Berserk, Jump, KingStrength, Rules, Shieldwall, SpecialKind};
use std::fmt;

/// A square index in the hot path: `rank * 32 + file`.
pub type Sq = u16;

pub const NO_SQUARE: Sq = u16::MAX;

#[inline]
pub fn sq(file: usize, rank: usize) -> Sq {
    (rank * 32 + file) as Sq
}

#[inline]
pub fn file_of(s: Sq) -> usize {
    (s & 31) as usize
}

#[inline]
pub fn rank_of(s: Sq) -> usize {
    (s >> 5) as usize
}

pub fn to_square(s: Sq) -> Square {
    Square::new(file_of(s), rank_of(s))
}

pub fn from_square(s: Square) -> Sq {
    sq(s.file(), s.rank())
}

/// A piece type as the hot path knows it: OTN's 12 types `tcnkmgTCNKMG`, numbered in
/// that order, so `Mover as usize` indexes per-type tables. The three common movers keep
/// short names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Mover {
    Attacker = 0,
    AttackerCommander = 1,
    AttackerKnight = 2,
    AttackerKing = 3,
    AttackerMercenary = 4,
    AttackerGuard = 5,
    Defender = 6,
    DefenderCommander = 7,
    DefenderKnight = 8,
    King = 9,
    DefenderMercenary = 10,
    DefenderGuard = 11,
}

impl Mover {
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

    pub fn of(piece: Piece) -> Mover {
        Mover::ALL[piece.type_index()]
    }

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

/// Per-rank and per-file masks for one mover starting on one class of square.
#[derive(Clone, Default)]
pub struct MoveMasks {
    /// Squares the mover may not pass, sentinels included.
    pub nonpass_rank: [u32; MAX_DIM],
    pub nonpass_file: [u32; MAX_DIM],
    /// Squares the mover may stop on.
    pub stop_rank: [u32; MAX_DIM],
    pub stop_file: [u32; MAX_DIM],
}

/// What one mover may do.
#[derive(Clone)]
pub struct MoverTables {
    /// Special kinds (bits) whose re-entry rule excludes this mover: the class of a start
    /// square is its kind bits masked with these.
    pub reentry_kinds: u8,
    /// Indexed by class (0..16).
    pub classes: Vec<MoveMasks>,
    /// `window[p]`: the bits within the speed limit of bit `p`; all ones when unlimited.
    pub window: [u32; 32],
}

/// Whole-board masks for boards of up to 11x11 packed into a `u128` (bit rank*dim+file),
/// for the floods of the end-of-game tests.
#[derive(Clone, Debug)]
pub struct SmallBoard {
    pub dim: usize,
    pub board: u128,
    pub edge: u128,
    pub not_first_file: u128,
    pub not_last_file: u128,
}

impl SmallBoard {
    fn new(dim: usize) -> Option<SmallBoard> {
        if dim * dim > 128 {
            return None;
        }
        let mut s = SmallBoard {
            dim,
            board: 0,
            edge: 0,
            not_first_file: 0,
            not_last_file: 0,
        };
        for r in 0..dim {
            for f in 0..dim {
                let bit = 1u128 << (r * dim + f);
                s.board |= bit;
                if r == 0 || f == 0 || r == dim - 1 || f == dim - 1 {
                    s.edge |= bit;
                }
                if f != 0 {
                    s.not_first_file |= bit;
                }
                if f != dim - 1 {
                    s.not_last_file |= bit;
                }
            }
        }
        Some(s)
    }
}

/// Why a position cannot be played under the rules: it does not fit them, or it goes
/// beyond what the engine keeps (at most one king, for the defenders; at most
/// `MAX_EXOTIC` commanders, knights, mercenaries and guards).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unsupported {
    Limit(String),
    Mismatch(String),
}

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unsupported::Limit(what) | Unsupported::Mismatch(what) => f.write_str(what),
        }
    }
}

impl std::error::Error for Unsupported {}

/// The rules compiled for play. Built once; read by every move.
#[derive(Clone)]
pub struct Tables {
    pub rules: Rules,
    pub dim: usize,
    /// Bits 1..=dim.
    pub board: u32,
    /// Bit 0 and every bit above dim.
    pub sentinels: u32,
    pub movers: [MoverTables; 12],
    /// Special kind bits per square.
    pub kinds: [u8; 32 * MAX_DIM],
    /// `hostile[victim][throne occupied as 0/1][rank]`: squares hostile to that side.
    pub hostile_empty: [[u32; MAX_DIM]; 2],
    pub hostile_occupied: [[u32; MAX_DIM]; 2],
    /// Squares where the king escapes.
    pub escape: [u32; MAX_DIM],
    /// Corner squares (for shieldwalls closed by a corner).
    pub corners: [u32; MAX_DIM],
    /// Squares where a `ks:c` king is strong (on or next to a `cen` square).
    pub strong_zone: [u32; MAX_DIM],
    pub king_anvil: bool,
    pub king_hammer: bool,
    pub king_strength: KingStrength,
    pub shieldwall: Shieldwall,
    pub shieldwall_flank: bool,
    pub edge_fort: bool,
    pub encirclement: bool,
    pub linnaean: bool,
    pub centre: Sq,
    /// The jump mode of each type (`kj nj cj mj gj`; taflmen never jump).
    pub jumps: [Jump; 12],
    pub berserk: Berserk,
    /// Packed whole-board masks when the board has at most 128 squares.
    pub small_board: Option<SmallBoard>,
    /// Zobrist keys: `zobrist[mover][square]`, the side-to-move key, and one key per
    /// square for "a berserk continuation is pending for the piece here".
    pub zobrist: Vec<[u64; 32 * MAX_DIM]>,
    pub zobrist_defenders_to_move: u64,
    pub zobrist_berserker: Vec<u64>,
}

/// splitmix64: a fixed, documented generator, so hashes are the same on every machine.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// splitmix64's finaliser: a bijection of u64 that keeps 0 at 0.
fn mix_seed(seed: u64) -> u64 {
    let mut z = seed;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Tables {
    /// Compiles the rules, refusing what the engine cannot play yet (jumps of the king,
    /// berserk, pieces other than taflmen and one defending king).
    pub fn new(rules: &Rules) -> Result<Tables, Unsupported> {
        Tables::with_key_seed(rules, 0)
    }

    /// `new` with Zobrist keys drawn from `key_seed`: seed 0 gives `new`'s keys, any
    /// other seed an independent set, so a hashed count can be repeated with other keys.
    pub fn with_key_seed(rules: &Rules, key_seed: u64) -> Result<Tables, Unsupported> {
        check_layout_supported(&rules.start)?;
        let dim = rules.dim;
        let board = ((1u32 << dim) - 1) << 1;
        let sentinels = !board;
        let mut kinds = [0u8; 32 * MAX_DIM];
        for rank in 0..dim {
            for file in 0..dim {
                kinds[sq(file, rank) as usize] = rules.square_kinds(file, rank);
            }
        }
        let movers = Mover::ALL.map(|m| {
            let piece = m.piece();
            let reentry_kinds = SpecialKind::ALL
                .iter()
                .filter(|k| !rules.special(**k).reenter.contains(piece))
                .fold(0, |a, k| a | k.bit());
            let classes = (0..16u8)
                .map(|class| {
                    let mut masks = MoveMasks::default();
                    for i in 0..MAX_DIM {
                        masks.nonpass_rank[i] = sentinels;
                        masks.nonpass_file[i] = sentinels;
                    }
                    for rank in 0..dim {
                        for file in 0..dim {
                            // A start on a kind lifts that kind's re-entry rule.
                            let origin = class | !reentry_kinds;
                            if !rules.may_pass_from(piece, file, rank, origin) {
                                masks.nonpass_rank[rank] |= 1 << (file + 1);
                                masks.nonpass_file[file] |= 1 << (rank + 1);
                            }
                            if rules.may_stop_from(piece, file, rank, origin) {
                                masks.stop_rank[rank] |= 1 << (file + 1);
                                masks.stop_file[file] |= 1 << (rank + 1);
                            }
                        }
                    }
                    masks
                })
                .collect();
            let mut window = [!0u32; 32];
            if let Some(limit) = rules.speed_of(piece) {
                for (p, w) in window.iter_mut().enumerate() {
                    let lo = p.saturating_sub(limit as usize);
                    let hi = (p + limit as usize).min(31);
                    *w = (((1u64 << (hi + 1)) - 1) as u32) & !((1u32 << lo) - 1);
                }
            }
            MoverTables {
                reentry_kinds,
                classes,
                window,
            }
        });
        let mut hostile_empty = [[0u32; MAX_DIM]; 2];
        let mut hostile_occupied = [[0u32; MAX_DIM]; 2];
        let mut corners = [0u32; MAX_DIM];
        let mut escape = [0u32; MAX_DIM];
        let mut strong_zone = [0u32; MAX_DIM];
        for side in Side::BOTH {
            for kind in SpecialKind::ALL {
                let special = rules.special(kind);
                for s in &special.squares {
                    let bit = 1 << (s.file() + 1);
                    let (empty, occupied) = match kind {
                        SpecialKind::Centre => (
                            special.hostile_empty.hostile_to(side),
                            special.hostile.hostile_to(side),
                        ),
                        _ => (
                            special.hostile.hostile_to(side),
                            special.hostile.hostile_to(side),
                        ),
                    };
                    if empty {
                        hostile_empty[side.index()][s.rank()] |= bit;
                    }
                    if occupied {
                        hostile_occupied[side.index()][s.rank()] |= bit;
                    }
                }
            }
        }
        for s in &rules.corners.squares {
            corners[s.rank()] |= 1 << (s.file() + 1);
        }
        for rank in 0..dim {
            for file in 0..dim {
                let on_edge = rank == 0 || file == 0 || rank == dim - 1 || file == dim - 1;
                let escapes = match rules.escape {
                    crate::rules::Escape::Corner => corners[rank] & (1 << (file + 1)) != 0,
                    crate::rules::Escape::Edge => on_edge,
                };
                if escapes {
                    escape[rank] |= 1 << (file + 1);
                }
                let near_centre = rules
                    .centre
                    .squares
                    .iter()
                    .any(|c| c.file().abs_diff(file) + c.rank().abs_diff(rank) <= 1);
                if near_centre {
                    strong_zone[rank] |= 1 << (file + 1);
                }
            }
        }
        // "taflcoun", with the seed mixed in (the mix keeps 0 at 0: seed 0 is the default).
        let mut state = 0x7461_666c_636f_756e_u64 ^ mix_seed(key_seed);
        let zobrist = (0..12)
            .map(|_| {
                let mut keys = [0u64; 32 * MAX_DIM];
                for k in keys.iter_mut() {
                    *k = splitmix(&mut state);
                }
                keys
            })
            .collect();
        let zobrist_defenders_to_move = splitmix(&mut state);
        let zobrist_berserker = (0..32 * MAX_DIM).map(|_| splitmix(&mut state)).collect();
        // `kj nj cj mj gj` index the kinds king, knight, commander, mercenary, guard.
        let jumps = Mover::ALL.map(|m| match m.kind() {
            PieceKind::Taflman => Jump::None,
            PieceKind::King => rules.jumps[0],
            PieceKind::Knight => rules.jumps[1],
            PieceKind::Commander => rules.jumps[2],
            PieceKind::Mercenary => rules.jumps[3],
            PieceKind::Guard => rules.jumps[4],
        });
        Ok(Tables {
            rules: rules.clone(),
            dim,
            board,
            sentinels,
            movers,
            kinds,
            hostile_empty,
            hostile_occupied,
            escape,
            corners,
            strong_zone,
            king_anvil: rules.king_armed.anvil(),
            king_hammer: rules.king_armed.hammer(),
            king_strength: rules.king_strength,
            shieldwall: rules.shieldwall,
            shieldwall_flank: rules.shieldwall_flank,
            edge_fort: rules.edge_fort,
            encirclement: rules.encirclement,
            linnaean: rules.linnaean,
            centre: sq(dim / 2, dim / 2),
            small_board: SmallBoard::new(dim),
            jumps,
            berserk: rules.berserk,
            zobrist,
            zobrist_defenders_to_move,
            zobrist_berserker,
        })
    }

    /// The masks for a mover starting on `from`.
    #[inline(always)]
    pub fn masks(&self, mover: Mover, from: Sq) -> &MoveMasks {
        let m = &self.movers[mover as usize];
        &m.classes[(self.kinds[from as usize] & m.reentry_kinds) as usize]
    }

    #[inline(always)]
    pub fn on_board(&self, file: isize, rank: isize) -> bool {
        file >= 0 && rank >= 0 && (file as usize) < self.dim && (rank as usize) < self.dim
    }

    #[inline(always)]
    pub fn is_corner(&self, file: usize, rank: usize) -> bool {
        self.corners[rank] & (1 << (file + 1)) != 0
    }

    /// True if the square is on an edge of the board.
    #[inline(always)]
    pub fn on_edge(&self, file: usize, rank: usize) -> bool {
        file == 0 || rank == 0 || file == self.dim - 1 || rank == self.dim - 1
    }
}

/// The most commanders, knights, mercenaries and guards a position may hold.
pub const MAX_EXOTIC: usize = 16;

/// Refuses what the engine does not play: an attacking king, more than one king, more
/// than `MAX_EXOTIC` commanders, knights, mercenaries and guards.
pub fn check_layout_supported(layout: &crate::board::Layout) -> Result<(), Unsupported> {
    let mut kings = 0;
    let mut exotic = 0;
    for (square, piece) in layout.pieces() {
        match (piece.side, piece.kind) {
            (_, PieceKind::Taflman) => {}
            (Side::Defenders, PieceKind::King) => kings += 1,
            (Side::Attackers, PieceKind::King) => {
                return Err(Unsupported::Limit(format!(
                    "an attacking king (`k` on {square}): kings belong to the defenders"
                )))
            }
            _ => exotic += 1,
        }
    }
    if kings > 1 {
        return Err(Unsupported::Limit(format!(
            "{kings} kings on the board: a position has at most one"
        )));
    }
    if exotic > MAX_EXOTIC {
        return Err(Unsupported::Limit(format!("{exotic} commanders, knights, mercenaries and guards: taflcount keeps at most {MAX_EXOTIC}")));
    }
    Ok(())
}
