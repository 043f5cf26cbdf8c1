//! The transposition table: one entry per slot, indexed by the Zobrist hash, always
//! replaced (simple and deterministic). Entries keep the best move, the score relative
//! to their node, the depth searched and whether the score is exact or a bound.

use crate::moves::Move;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The score is at least this (a beta cutoff).
    Lower,
    /// The score is at most this (no move raised alpha).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub key: u64,
    pub best: Option<Move>,
    pub score: i32,
    pub depth: u32,
    pub bound: Bound,
}

pub struct TranspositionTable {
    slots: Vec<Option<Entry>>,
    mask: usize,
}

impl TranspositionTable {
    /// A table of 2^bits slots.
    pub fn new(bits: u32) -> TranspositionTable {
        let size = 1usize << bits;
        TranspositionTable { slots: vec![None; size], mask: size - 1 }
    }

    /// Forgets everything: a search starts from the same state every time.
    pub fn clear(&mut self) {
        self.slots.fill(None);
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        match self.slots[key as usize & self.mask] {
            Some(e) if e.key == key => Some(e),
            _ => None,
        }
    }

    #[inline]
    pub fn store(&mut self, entry: Entry) {
        self.slots[entry.key as usize & self.mask] = Some(entry);
    }
}
