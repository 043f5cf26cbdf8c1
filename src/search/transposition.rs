//! The transposition table: one 16-byte entry per slot, indexed by the low bits of the
//! Zobrist hash and checked by its high 32 bits, always replaced (simple and
//! deterministic). Entries keep the best move, the score relative to their node, the
//! depth searched and whether the score is exact or a bound.

use crate::moves::{Move, Square};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact = 1,
    /// The score is at least this (a beta cutoff).
    Lower = 2,
    /// The score is at most this (no move raised alpha).
    Upper = 3,
}

#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub best: Option<Move>,
    pub score: i32,
    pub depth: u32,
    pub bound: Bound,
}

/// A slot packed into one `u128` (so that the table is allocated zeroed, which costs
/// nothing on fresh pages): bits 0-31 the hash check, 32-63 the best move
/// (`from << 16 | to`, `u32::MAX` for none), 64-95 the score, 96-103 the depth, 104-111
/// the bound (0: empty) and 112-127 the search generation that wrote it. A slot of
/// another generation reads as empty, so clearing the table is a new generation.
type Slot = u128;

/// A searcher's memory of the positions it searched. A game's player keeps it from
/// move to move (`Searcher::with_table`, `Searcher::into_table`).
pub struct TranspositionTable {
    slots: Vec<Slot>,
    mask: usize,
    generation: u16,
}

impl TranspositionTable {
    /// A table of 2^bits slots of 16 bytes.
    pub fn new(bits: u32) -> TranspositionTable {
        let size = 1usize << bits;
        TranspositionTable {
            slots: vec![0; size],
            mask: size - 1,
            generation: 1,
        }
    }

    /// Forgets everything (a new game, or a search that must not depend on earlier
    /// ones). Slots of older generations read as empty; the table is zeroed only when
    /// the count wraps.
    pub fn clear(&mut self) {
        if self.generation == u16::MAX {
            self.slots.fill(0);
            self.generation = 1;
        } else {
            self.generation += 1;
        }
    }

    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let s = self.slots[key as usize & self.mask];
        let bound = (s >> 104) as u8;
        if bound == 0 || s as u32 != (key >> 32) as u32 || (s >> 112) as u16 != self.generation {
            return None;
        }
        let bound = match bound {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        let best = (s >> 32) as u32;
        let best = Square::from_index((best >> 16) as usize)
            .zip(Square::from_index((best & 0xffff) as usize))
            .map(|(from, to)| Move { from, to });
        Some(Entry {
            best,
            score: (s >> 64) as u32 as i32,
            depth: (s >> 96) as u8 as u32,
            bound,
        })
    }

    /// Starts loading the slot of `key` into the cache, so a later `probe` does not wait.
    #[inline]
    pub(crate) fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let slot = &self.slots[key as usize & self.mask] as *const Slot as *const i8;
            // SAFETY: a prefetch is a hint; the pointer is in bounds and never dereferenced.
            #[allow(unused_unsafe)]
            unsafe {
                std::arch::x86_64::_mm_prefetch(slot, std::arch::x86_64::_MM_HINT_T0)
            };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    #[inline]
    pub(crate) fn store(&mut self, key: u64, entry: Entry) {
        let best = entry.best.map_or(u32::MAX, |m| {
            (m.from.index() as u32) << 16 | m.to.index() as u32
        });
        self.slots[key as usize & self.mask] = (key >> 32) as u32 as u128
            | (best as u128) << 32
            | (entry.score as u32 as u128) << 64
            | (entry.depth.min(255) as u128) << 96
            | (entry.bound as u8 as u128) << 104
            | (self.generation as u128) << 112;
    }
}
