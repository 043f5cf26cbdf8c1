//! Move ordering: the table's move first, then escapes and captures, then the killer
//! moves of the ply, then the rest by the history heuristic. Good ordering is what makes
//! alpha-beta cut: the first move at a node that can refute usually does.

use super::board_view::ranks;
use crate::board::Side;
use crate::moves::{file_of, rank_of, Move, Position, Tables};

const TABLE_MOVE: u32 = u32::MAX;
const ESCAPE: u32 = 3 << 28;
const CAPTURE: u32 = 2 << 28;
const KILLER: u32 = 1 << 28;
const HISTORY_CAP: u32 = (1 << 28) - 1;
/// Square indices are `rank * 32 + file`, below 19 * 32.
const SQUARES: usize = 19 * 32;

pub struct Ordering {
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<u32>,
}

impl Ordering {
    pub fn new(max_ply: usize) -> Ordering {
        Ordering { killers: vec![[None; 2]; max_ply + 1], history: vec![0; 2 * SQUARES * SQUARES] }
    }

    pub fn clear(&mut self) {
        self.killers.fill([None; 2]);
        self.history.fill(0);
    }

    #[inline]
    fn history_index(side: Side, mv: Move) -> usize {
        (side as usize * SQUARES + mv.from as usize) * SQUARES + mv.to as usize
    }

    /// A quiet move that caused a cutoff: remember it for this ply and in the history.
    pub fn reward(&mut self, side: Side, mv: Move, ply: usize, depth: u32) {
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let h = &mut self.history[Self::history_index(side, mv)];
        *h = (*h + depth * depth).min(HISTORY_CAP);
    }

    /// The sort key of a move (higher first).
    #[inline]
    pub fn key(&self, t: &Tables, pos: &Position, mv: Move, table_move: Option<Move>, ply: usize) -> (u32, bool) {
        if table_move == Some(mv) {
            return (TABLE_MOVE, false);
        }
        let (f, r) = (file_of(mv.to), rank_of(mv.to));
        if Some(mv.from) == pos.king() && t.escape[r] & (1 << (f + 1)) != 0 {
            return (ESCAPE, false);
        }
        let captures = captures_likely(t, pos, mv);
        if captures > 0 {
            return (CAPTURE + captures, false);
        }
        let k = &self.killers[ply];
        if k[0] == Some(mv) {
            return (KILLER + 1, true);
        }
        if k[1] == Some(mv) {
            return (KILLER, true);
        }
        (self.history[Self::history_index(pos.side_to_move(), mv)], true)
    }
}

/// How many enemy taflmen the move would sandwich (custodial captures only, as a guess
/// for ordering: the engine decides when the move is played).
#[inline]
fn captures_likely(t: &Tables, pos: &Position, mv: Move) -> u32 {
    let side = pos.side_to_move();
    if Some(mv.from) == pos.king() && !t.king_hammer {
        return 0;
    }
    let own = ranks(pos, side);
    let enemy = ranks(pos, side.opponent());
    let king = pos.king();
    let (f, r) = (file_of(mv.to) as isize, rank_of(mv.to) as isize);
    let mut n = 0;
    for (df, dr) in [(1isize, 0isize), (-1, 0), (0, 1), (0, -1)] {
        let (vf, vr) = (f + df, r + dr);
        let (af, ar) = (f + 2 * df, r + 2 * dr);
        if !t.on_board(af, ar) {
            continue;
        }
        let (vf, vr, af, ar) = (vf as usize, vr as usize, af as usize, ar as usize);
        if enemy[vr] & (1 << (vf + 1)) == 0 || king == Some(crate::moves::sq(vf, vr)) {
            continue;
        }
        let anvil_sq = crate::moves::sq(af, ar);
        let own_anvil = own[ar] & (1 << (af + 1)) != 0 && anvil_sq != mv.from && (king != Some(anvil_sq) || t.king_anvil);
        let hostile_square = t.hostile_empty[side.opponent() as usize][ar] & (1 << (af + 1)) != 0;
        if own_anvil || hostile_square {
            n += 1;
        }
    }
    n
}
