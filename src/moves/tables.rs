//! A rules set compiled for the hot path: per-rank and per-file bit masks of where each
//! mover may pass and stop, hostile squares, speed windows and Zobrist keys.
//!
//! In a rank word bit `file + 1` stands for the square; bit 0 and every bit above `dim`
//! are sentinels (the board's edge), so the sliding code never needs a bounds test. File
//! words are the same with ranks.

use super::mover::Mover;
use super::square_set::word_bit;
use super::square_set::SquareSet;
use crate::board::Square;
use crate::board::{Bitboard, Geometry, Piece, PieceKind, Side, MAX_DIM};
use crate::rng::SplitMix64;
use crate::rules::{Berserk, Jump, KingStrength, Rules, Shieldwall, SpecialKind};
use std::fmt;

/// Per-rank and per-file masks for one mover starting on one class of square.
#[derive(Clone, Default)]
pub struct MoveMasks {
    /// Squares the mover may not pass, sentinels included: `nonpass_rank[rank]` has bit
    /// `file + 1` set where a slide along the rank must end (it may still stop there if
    /// `stop_rank` allows), bit 0 and the bits above `dim` always set. Ranks past `dim`
    /// hold only the sentinels.
    pub nonpass_rank: [u32; MAX_DIM],
    /// The same per file: `nonpass_file[file]`, bit `rank + 1` for each square.
    pub nonpass_file: [u32; MAX_DIM],
    /// Squares the mover may stop on: `stop_rank[rank]`, bit `file + 1` set for each;
    /// sentinel bits are never set, so a slide's result can be masked with it directly.
    pub stop_rank: [u32; MAX_DIM],
    /// The same per file: `stop_file[file]`, bit `rank + 1` for each square.
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

/// What counting the moves of one piece type all at once needs on a board of up to
/// 11x11 ([`Geometry::slide_count`]): per start class, the squares it may pass and end
/// on; and the squares whose class is not the plain squares' (re-entry rules), where
/// its pieces are counted one by one.
#[derive(Clone, Debug)]
pub(super) struct SlideBits {
    /// Per start class, the squares the type may pass over while they are empty.
    pub(super) pass: [Bitboard; 16],
    /// Per start class, the squares it may end its move on while they are empty.
    pub(super) land: [Bitboard; 16],
    /// Squares whose start class is not 0.
    pub(super) own_class: Bitboard,
}

impl MoverTables {
    /// What `piece` may do under `rules`: per start class, where it may pass and stop;
    /// the speed window of its limit.
    fn compile(rules: &Rules, piece: Piece, sentinels: u32) -> MoverTables {
        let dim = rules.dim;
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
                            masks.nonpass_rank[rank] |= word_bit(file);
                            masks.nonpass_file[file] |= word_bit(rank);
                        }
                        if rules.may_stop_from(piece, file, rank, origin) {
                            masks.stop_rank[rank] |= word_bit(file);
                            masks.stop_file[file] |= word_bit(rank);
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
    }
}

impl SlideBits {
    /// The per-piece masks of `m` as whole-board sets of geometry `g`; `kinds` holds
    /// each square's special kinds.
    fn of(g: &Geometry, m: &MoverTables, kinds: &[u8; 32 * MAX_DIM]) -> SlideBits {
        let mut bits = SlideBits {
            pass: [Bitboard::EMPTY; 16],
            land: [Bitboard::EMPTY; 16],
            own_class: Bitboard::EMPTY,
        };
        for (class, masks) in m.classes.iter().enumerate() {
            for s in g.squares(g.board()) {
                let bit = word_bit(s.file());
                if masks.nonpass_rank[s.rank()] & bit == 0 {
                    bits.pass[class] |= g.square(s);
                }
                if masks.stop_rank[s.rank()] & bit != 0 {
                    bits.land[class] |= g.square(s);
                }
            }
        }
        for s in g.squares(g.board()) {
            if kinds[s.index()] & m.reentry_kinds != 0 {
                bits.own_class |= g.square(s);
            }
        }
        bits
    }
}

/// Per side, the special squares hostile to it while empty and while occupied (rank
/// words): only the centre has a rule of its own for when it is empty.
fn hostile_squares(rules: &Rules) -> ([[u32; MAX_DIM]; 2], [[u32; MAX_DIM]; 2]) {
    let mut hostile_empty = [[0u32; MAX_DIM]; 2];
    let mut hostile_occupied = [[0u32; MAX_DIM]; 2];
    for side in Side::BOTH {
        for kind in SpecialKind::ALL {
            let special = rules.special(kind);
            for s in &special.squares {
                let bit = word_bit(s.file());
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
    (hostile_empty, hostile_occupied)
}

/// The king's escape squares (the corners, or the whole edge) and the squares where he
/// is strong (`ks:c`: on a centre square or next to one; `ks:t`: on one only), as rank
/// words.
fn escape_and_strong_zone(
    rules: &Rules,
    corners: &[u32; MAX_DIM],
) -> ([u32; MAX_DIM], [u32; MAX_DIM]) {
    let dim = rules.dim;
    let mut escape = [0u32; MAX_DIM];
    let mut strong_zone = [0u32; MAX_DIM];
    for rank in 0..dim {
        for file in 0..dim {
            let on_edge = rank == 0 || file == 0 || rank == dim - 1 || file == dim - 1;
            let escapes = match rules.escape {
                crate::rules::Escape::Corner => corners[rank] & (word_bit(file)) != 0,
                crate::rules::Escape::Edge => on_edge,
            };
            if escapes {
                escape[rank] |= word_bit(file);
            }
            let reach = match rules.king_strength {
                KingStrength::StrongOnThrone => 0,
                _ => 1,
            };
            let near_centre = rules
                .centre
                .squares
                .iter()
                .any(|c| c.file().abs_diff(file) + c.rank().abs_diff(rank) <= reach);
            if near_centre {
                strong_zone[rank] |= word_bit(file);
            }
        }
    }
    (escape, strong_zone)
}

/// The Zobrist keys, drawn in one order from one seeded stream.
struct ZobristKeys {
    pieces: Box<[[u64; 32 * MAX_DIM]; 12]>,
    defenders_to_move: u64,
    berserker: Vec<u64>,
}

impl ZobristKeys {
    /// The keys of `key_seed`: "taflcoun", with the seed mixed in (the mix keeps 0 at 0:
    /// seed 0 is the default).
    fn drawn(key_seed: u64) -> ZobristKeys {
        let mut keys = SplitMix64::new(0x7461_666c_636f_756e_u64 ^ crate::rng::mix64(key_seed));
        // One box of fixed size: indexing it by a mover needs no bounds check.
        let mut pieces = Box::new([[0u64; 32 * MAX_DIM]; 12]);
        for square_keys in pieces.iter_mut() {
            for k in square_keys.iter_mut() {
                *k = keys.next_u64();
            }
        }
        let defenders_to_move = keys.next_u64();
        let berserker = (0..32 * MAX_DIM).map(|_| keys.next_u64()).collect();
        ZobristKeys {
            pieces,
            defenders_to_move,
            berserker,
        }
    }
}

/// Why a position cannot be played under the rules: it does not fit them, or it goes
/// beyond what the engine keeps (at most one king, for the defenders; at most
/// `MAX_EXOTIC` commanders, knights, mercenaries and guards).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unsupported {
    /// The position holds more than the engine keeps (an attacking king, two kings, too
    /// many exotic pieces); the text says what.
    Limit(String),
    /// The position does not fit the rules (a board of another size); the text says how.
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

impl crate::error::Kind for Unsupported {}

/// The rules compiled for play. Built once; read by every move.
#[derive(Clone)]
pub struct Tables {
    /// The rules compiled, for what the masks do not hold (the start, the `tfr` rule).
    pub(super) rules: Rules,
    /// The board's side length.
    pub(super) dim: usize,
    /// Bits 1..=dim: a rank or file word with every square of the board set.
    pub(super) board: u32,
    /// Bit 0 and every bit above dim: the edge, or-ed into occupancy so that a slide
    /// stops there without a bounds test.
    pub(super) sentinels: u32,
    /// Per type (`Mover as usize`): its move masks per start class and speed windows.
    pub(super) movers: [MoverTables; 12],
    /// Special kind bits per square: `kinds[sq]` holds `SpecialKind::bit` of each kind
    /// the square belongs to, 0 for a plain square.
    pub(super) kinds: [u8; 32 * MAX_DIM],
    /// `hostile_empty[victim][rank]`: bit `file + 1` set where an empty special square
    /// is hostile to the `victim` side's pieces (an anvil against them).
    pub(super) hostile_empty: [[u32; MAX_DIM]; 2],
    /// The same for a special square while it is occupied (the throne with the king on
    /// it, where `cenh` applies rather than `cenhe`).
    pub(super) hostile_occupied: [[u32; MAX_DIM]; 2],
    /// On boards with a geometry, per victim side: the special squares hostile to its
    /// pieces empty or occupied (`hostile_empty | hostile_occupied`) as one bitboard, so
    /// that a move whose far squares hold no anvil is found to capture nothing at once.
    pub(super) hostile_special: [Bitboard; 2],
    /// Squares where the king escapes: `escape[rank]`, bit `file + 1` (corners or edges,
    /// per `esc`).
    pub(super) escape: SquareSet,
    /// The same squares by file: `escape_by_file[file]`, bit `rank + 1`.
    pub(super) escape_by_file: [u32; MAX_DIM],
    /// Corner squares (for shieldwalls closed by a corner): `corners[rank]`, bit
    /// `file + 1`.
    pub(super) corners: [u32; MAX_DIM],
    /// Squares where a `ks:c` king is strong (on or next to a `cen` square):
    /// `strong_zone[rank]`, bit `file + 1`.
    pub(super) strong_zone: [u32; MAX_DIM],
    /// Pieces capture against the standing king (`ka:y`, `ka:a`).
    pub(super) king_anvil: bool,
    /// The king's own moves capture (`ka:y`, `ka:h`).
    pub(super) king_hammer: bool,
    /// How the king is captured (`ks`).
    pub(super) king_strength: KingStrength,
    /// Shieldwall captures (`sw`).
    pub(super) shieldwall: Shieldwall,
    /// Only the move closing a wall on its flank captures it (`swf`, `Rules::shieldwall_flank`).
    pub(super) shieldwall_flank: bool,
    /// The defenders win by an edge fort (`efe`).
    pub(super) edge_fort: bool,
    /// An edge fort's region may hold a corner (`efc`, `Rules::edge_fort_corner`).
    pub(super) edge_fort_corner: bool,
    /// The attackers win by encirclement (`surf`).
    pub(super) encirclement: bool,
    /// Linnaean captures beside the throned king (`linc`).
    pub(super) linnaean: bool,
    /// The middle square, where a Linnaean capture needs the king.
    pub(super) centre: Square,
    /// The jump mode of each type (`kj nj cj mj gj`; taflmen never jump).
    pub(super) jumps: [Jump; 12],
    /// Berserk continuations (`ber`).
    pub(super) berserk: Berserk,
    /// Per type: true if every capture by a move of that type needs the piece to land
    /// next to an enemy (it does not jump to capture, and no relaxed shieldwall, which
    /// any move may close, is played). Such a move that lands next to no enemy is
    /// quiet, and playing it skips the capture tests.
    pub(super) captures_need_contact: [bool; 12],
    /// The bitboard geometry when the board has at most 11x11 squares: positions then
    /// keep whole-board bitboards too.
    pub(super) geometry: Option<Geometry>,
    /// Per type, the bulk-counting masks, when the board has a geometry and the type
    /// neither a speed limit nor jumps (which only the per-piece path knows).
    pub(super) slide_bits: [Option<SlideBits>; 12],
    /// Zobrist keys of the pieces: `zobrist[mover][square]`.
    pub(super) zobrist: Box<[[u64; 32 * MAX_DIM]; 12]>,
    /// The key xor-ed in while the defenders are to move.
    pub(super) zobrist_defenders_to_move: u64,
    /// One key per square for "a berserk continuation is pending for the piece here".
    pub(super) zobrist_berserker: Vec<u64>,
}

impl Tables {
    /// The rules these tables were compiled from.
    #[inline]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The board's side length.
    #[inline]
    pub fn dim(&self) -> usize {
        self.dim
    }

    /// A rank or file word with every square of the board set (bits 1..=dim).
    #[inline]
    pub fn board_mask(&self) -> u32 {
        self.board
    }

    /// Per rank, the squares where the king escapes.
    #[inline]
    pub fn escape_squares(&self) -> &SquareSet {
        &self.escape
    }

    /// The escape squares on `file`, as a file word (bit `rank + 1`).
    #[inline(always)]
    pub fn escape_file_word(&self, file: usize) -> u32 {
        self.escape_by_file[file]
    }

    /// Per rank, the squares hostile to `victim`'s pieces when they are empty.
    #[inline]
    pub fn hostile_when_empty(&self, victim: Side) -> &[u32; MAX_DIM] {
        &self.hostile_empty[victim.index()]
    }

    /// Per rank, the squares hostile to `victim`'s pieces when occupied (the throne with
    /// the king on it, say).
    #[inline]
    pub fn hostile_when_occupied(&self, victim: Side) -> &[u32; MAX_DIM] {
        &self.hostile_occupied[victim.index()]
    }

    /// The squares hostile to `victim`'s pieces whether empty or occupied (a corner,
    /// say): what an evaluation may count as an anvil without looking at the board.
    pub fn hostile_always(&self, victim: Side) -> SquareSet {
        let (empty, occupied) = (
            self.hostile_when_empty(victim),
            self.hostile_when_occupied(victim),
        );
        SquareSet::from_words(std::array::from_fn(|r| empty[r] & occupied[r]))
    }

    /// Whether the king captures as the moving piece (a hammer: `ka:y`, `ka:h`).
    #[inline]
    pub fn king_hammer(&self) -> bool {
        self.king_hammer
    }

    /// Whether the king helps capture as the standing piece (anvil).
    #[inline]
    pub fn king_anvil(&self) -> bool {
        self.king_anvil
    }

    /// True if a piece stands as an anvil against its enemies: a piece that lets a
    /// capture close against it. Guards never do; the king only when armed as one.
    #[inline]
    pub fn is_anvil(&self, piece: Piece) -> bool {
        match piece.kind {
            PieceKind::Guard => false,
            PieceKind::King => self.king_anvil,
            _ => true,
        }
    }

    /// True if a piece captures as the moving piece (a hammer). Guards never do; the
    /// king only when armed as one.
    #[inline]
    pub fn is_hammer(&self, piece: Piece) -> bool {
        match piece.kind {
            PieceKind::Guard => false,
            PieceKind::King => self.king_hammer,
            _ => true,
        }
    }

    /// True if `s`, holding `occupant`, is hostile to a piece of side `victim`: an enemy
    /// anvil stands there, or it is a special square hostile to that side in its state
    /// (the throne hostile only while empty, say). The one definition of hostility:
    /// [`Position::hostile_to`](super::Position::hostile_to) answers it for the
    /// position's own occupant, and the proof search asks it of the squares of a target.
    #[inline]
    pub fn hostile_with(&self, victim: Side, s: Square, occupant: Option<Piece>) -> bool {
        if occupant.is_some_and(|p| p.side != victim && self.is_anvil(p)) {
            return true;
        }
        let words = if occupant.is_some() {
            &self.hostile_occupied
        } else {
            &self.hostile_empty
        };
        words[victim.index()][s.rank()] & (word_bit(s.file())) != 0
    }

    /// True if a king move from `from` to `to` escapes: the king is on `king` (if
    /// anywhere), the move is his, and it lands on an escape square. The one owner of
    /// "is this move an escape?" for the search, its ordering and the prover.
    #[inline(always)]
    pub fn is_escape(&self, king: Option<Square>, from: Square, to: Square) -> bool {
        king == Some(from) && self.escape.contains(to)
    }

    /// The bitboard geometry of the board, on boards of up to 11x11: positions on
    /// these tables then answer [`Position::bitboard`](super::Position::bitboard).
    #[inline(always)]
    pub fn geometry(&self) -> Option<&Geometry> {
        self.geometry.as_ref()
    }

    /// The special-square kind bits of a square (throne, corner, ...).
    #[inline]
    pub fn square_kinds(&self, s: Square) -> u8 {
        self.kinds[s.index()]
    }

    /// Compiles the rules, refusing a start position the engine cannot hold (an attacking
    /// king, two kings, more than `MAX_EXOTIC` commanders, knights, mercenaries and
    /// guards).
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
                kinds[Square::new(file, rank).index()] = rules.square_kinds(file, rank);
            }
        }
        let movers = Mover::ALL.map(|m| MoverTables::compile(rules, m.piece(), sentinels));
        let (hostile_empty, hostile_occupied) = hostile_squares(rules);
        let mut corners = [0u32; MAX_DIM];
        for s in &rules.corners.squares {
            corners[s.rank()] |= word_bit(s.file());
        }
        let (escape, strong_zone) = escape_and_strong_zone(rules, &corners);
        let keys = ZobristKeys::drawn(key_seed);
        let jumps = Mover::ALL.map(|m| rules.jump_of(m.kind()));
        let geometry = Geometry::new(dim);
        let hostile_special = std::array::from_fn(|victim| {
            let (empty, occupied) = (&hostile_empty[victim], &hostile_occupied[victim]);
            let either = SquareSet::from_words(std::array::from_fn(|r| empty[r] | occupied[r]));
            geometry
                .as_ref()
                .map_or(Bitboard::EMPTY, |g| g.set_of(either.iter()))
        });
        let slide_bits = Mover::ALL.map(|mover| {
            let m = &movers[mover as usize];
            if m.window[1] != !0u32 || jumps[mover as usize] != Jump::None {
                return None;
            }
            Some(SlideBits::of(geometry.as_ref()?, m, &kinds))
        });
        let walls_need_contact = rules.shieldwall == Shieldwall::None || rules.shieldwall_flank;
        let captures_need_contact = jumps.map(|jump| jump != Jump::Capture && walls_need_contact);
        Ok(Tables {
            rules: rules.clone(),
            dim,
            board,
            sentinels,
            movers,
            kinds,
            hostile_empty,
            hostile_occupied,
            hostile_special,
            escape: SquareSet::from_words(escape),
            escape_by_file: std::array::from_fn(|f| {
                (0..MAX_DIM)
                    .filter(|&r| escape[r] & (word_bit(f)) != 0)
                    .fold(0, |w, r| w | word_bit(r))
            }),
            corners,
            strong_zone,
            king_anvil: rules.king_armed.anvil(),
            king_hammer: rules.king_armed.hammer(),
            king_strength: rules.king_strength,
            shieldwall: rules.shieldwall,
            shieldwall_flank: rules.shieldwall_flank,
            edge_fort: rules.edge_fort,
            edge_fort_corner: rules.edge_fort_corner,
            encirclement: rules.encirclement,
            linnaean: rules.linnaean,
            centre: Square::new(dim / 2, dim / 2),
            slide_bits,
            geometry,
            jumps,
            berserk: rules.berserk,
            captures_need_contact,
            zobrist: keys.pieces,
            zobrist_defenders_to_move: keys.defenders_to_move,
            zobrist_berserker: keys.berserker,
        })
    }

    /// The start class of a mover on `from`: the kinds of the square whose re-entry
    /// rule excludes it (0 on a plain square).
    #[inline(always)]
    pub(super) fn class(&self, mover: Mover, from: Square) -> usize {
        (self.kinds[from.index()] & self.movers[mover as usize].reentry_kinds) as usize
    }

    /// The masks for a mover starting on `from`.
    #[inline(always)]
    pub fn masks(&self, mover: Mover, from: Square) -> &MoveMasks {
        let m = &self.movers[mover as usize];
        &m.classes[(self.kinds[from.index()] & m.reentry_kinds) as usize]
    }

    /// True if (`file`, `rank`) lies on the board; signed, so a step off any edge is a
    /// plain false.
    #[inline(always)]
    pub fn on_board(&self, file: isize, rank: isize) -> bool {
        file >= 0 && rank >= 0 && (file as usize) < self.dim && (rank as usize) < self.dim
    }

    /// True if the square is one of the `cor` squares.
    #[inline(always)]
    pub fn is_corner(&self, file: usize, rank: usize) -> bool {
        self.corners[rank] & (word_bit(file)) != 0
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
