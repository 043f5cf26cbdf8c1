//! Move ordering: the table's move first, then escapes and captures, then the killer
//! moves of the ply, then the rest by the history heuristic. Good ordering is what makes
//! alpha-beta cut: the first move at a node that can refute usually does.

use crate::board::MAX_DIM;
use crate::moves::word_bit;
use crate::moves::{Move, Position, Square, Tables};

const TABLE_MOVE: u32 = u32::MAX;
const ESCAPE: u32 = 3 << 28;
const CAPTURE: u32 = 2 << 28;
const KILLER: u32 = 1 << 28;
/// The history table is indexed by the engine's square numbers (`rank * 32 + file`)
/// as they are: no conversion per move.
const SQUARES: usize = 32 * MAX_DIM;
/// No move, in the packed form `from << 16 | to` (square numbers stay far below).
const NO_MOVE: u32 = u32::MAX;

#[inline(always)]
fn packed(mv: Move) -> u32 {
    (mv.from.index() as u32) << 16 | mv.to.index() as u32
}

pub struct Ordering {
    killers: Vec<[u32; 2]>,
    history: Vec<u16>,
    /// The history entries made non-zero since the last `clear`: zeroing them is
    /// cheaper than zeroing the whole table (1.5 MB).
    touched: Vec<u32>,
}

/// What the keys of one node's moves need, computed once per node.
pub struct NodeInfo {
    table_move: u32,
    /// The king's square, if he stands.
    king: Option<Square>,
    king_captures: bool,
    /// Landing squares that sandwich an enemy taflman against an anvil (custodial
    /// captures as a guess for ordering; the engine decides when the move is played).
    capture_squares: [u32; MAX_DIM],
    side: usize,
    /// The ply's killer moves, packed.
    killers: [u32; 2],
}

impl Ordering {
    pub fn new(max_ply: usize) -> Ordering {
        Ordering {
            killers: vec![[NO_MOVE; 2]; max_ply + 1],
            history: vec![0; 2 * SQUARES * SQUARES],
            touched: Vec::new(),
        }
    }

    pub fn clear(&mut self) {
        self.killers.fill([NO_MOVE; 2]);
        for &i in &self.touched {
            self.history[i as usize] = 0;
        }
        self.touched.clear();
    }

    #[inline]
    fn history_index(side: usize, mv: Move) -> usize {
        (side * SQUARES + mv.from.index()) * SQUARES + mv.to.index()
    }

    /// A quiet move that caused a cutoff: remember it for this ply and in the history.
    pub fn reward(&mut self, side: usize, mv: Move, ply: usize, depth: u32) {
        let k = &mut self.killers[ply];
        if k[0] != packed(mv) {
            k[1] = k[0];
            k[0] = packed(mv);
        }
        let i = Self::history_index(side, mv);
        let h = &mut self.history[i];
        if *h == 0 {
            self.touched.push(i as u32);
        }
        *h = h.saturating_add((depth * depth).min(u16::MAX as u32) as u16);
    }

    /// The per-node facts the keys need.
    #[inline]
    pub fn node_info(
        &self,
        t: &Tables,
        pos: &Position,
        table_move: Option<Move>,
        ply: usize,
    ) -> NodeInfo {
        let side = pos.side_to_move();
        let own = pos.pieces(side).words();
        let enemy = pos.pieces(side.opponent()).words();
        let dim = t.dim();
        let mut victims = [0u32; MAX_DIM];
        let mut anvils = [0u32; MAX_DIM];
        let king = pos.king();
        for r in 0..dim {
            victims[r] = enemy[r];
            anvils[r] = own[r] | t.hostile_when_empty(side.opponent())[r];
        }
        if let Some(k) = king {
            let bit = word_bit(k.file());
            // The king is no taflman victim; as an anvil only when armed.
            victims[k.rank()] &= !bit;
            if !t.king_anvil() && own[k.rank()] & bit != 0 {
                anvils[k.rank()] &= !bit;
            }
        }
        let mut capture_squares = [0u32; MAX_DIM];
        for r in 0..dim {
            let mut c =
                ((victims[r] & (anvils[r] >> 1)) >> 1) | ((victims[r] & (anvils[r] << 1)) << 1);
            if r + 2 < dim {
                c |= victims[r + 1] & anvils[r + 2];
            }
            if r >= 2 {
                c |= victims[r - 1] & anvils[r - 2];
            }
            capture_squares[r] = c & t.board_mask();
        }
        NodeInfo {
            table_move: table_move.map_or(NO_MOVE, packed),
            king,
            king_captures: t.king_hammer(),
            capture_squares,
            side: side as usize,
            killers: self.killers[ply],
        }
    }

    /// True for a move ordered by its history alone (quiet, no killer): the late moves
    /// the search may reduce.
    #[inline]
    pub fn by_history(key: u32, quiet: bool) -> bool {
        quiet && key < KILLER
    }

    /// The sort key of a move (higher first), and whether it is quiet.
    #[inline]
    pub fn key(&self, t: &Tables, node: &NodeInfo, mv: Move) -> (u32, bool) {
        let m = packed(mv);
        if node.table_move == m {
            return (TABLE_MOVE, false);
        }
        if t.is_escape(node.king, mv.from, mv.to) {
            return (ESCAPE, false);
        }
        let (f, r) = (mv.to.file(), mv.to.rank());
        let bit = word_bit(f);
        let by_king = node.king == Some(mv.from);
        if node.capture_squares[r] & bit != 0 && (!by_king || node.king_captures) {
            return (CAPTURE, false);
        }
        let k = &node.killers;
        if k[0] == m {
            return (KILLER + 1, true);
        }
        if k[1] == m {
            return (KILLER, true);
        }
        (
            self.history[Self::history_index(node.side, mv)] as u32,
            true,
        )
    }
}
