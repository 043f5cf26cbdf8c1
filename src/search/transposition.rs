//! The transposition table: one 16-byte entry per slot, indexed by the low bits of the
//! Zobrist hash and checked by its high 32 bits, always replaced (simple and
//! deterministic). Entries keep the best move, the score relative to their node, the
//! depth searched and whether the score is exact or a bound.

use crate::moves::Move;

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

/// A packed slot; `bound == 0` marks an empty one.
#[derive(Clone, Copy, Default)]
#[repr(C, align(16))]
struct Slot {
    check: u32,
    /// `from << 16 | to`, or `u32::MAX` for none.
    best: u32,
    score: i32,
    depth: u8,
    bound: u8,
}

pub struct TranspositionTable {
    slots: Vec<Slot>,
    mask: usize,
}

impl TranspositionTable {
    /// A table of 2^bits slots of 16 bytes.
    pub fn new(bits: u32) -> TranspositionTable {
        let size = 1usize << bits;
        TranspositionTable {
            slots: vec![Slot::default(); size],
            mask: size - 1,
        }
    }

    /// Forgets everything: a search starts from the same state every time.
    pub fn clear(&mut self) {
        self.slots.fill(Slot::default());
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let s = self.slots[key as usize & self.mask];
        if s.bound == 0 || s.check != (key >> 32) as u32 {
            return None;
        }
        let bound = match s.bound {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        let best = (s.best != u32::MAX).then_some(Move {
            from: (s.best >> 16) as u16,
            to: s.best as u16,
        });
        Some(Entry {
            best,
            score: s.score,
            depth: s.depth as u32,
            bound,
        })
    }

    /// Starts loading the slot of `key` into the cache, so a later `probe` does not wait.
    #[inline]
    pub fn prefetch(&self, key: u64) {
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
    pub fn store(&mut self, key: u64, entry: Entry) {
        let best = entry
            .best
            .map_or(u32::MAX, |m| (m.from as u32) << 16 | m.to as u32);
        self.slots[key as usize & self.mask] = Slot {
            check: (key >> 32) as u32,
            best,
            score: entry.score,
            depth: entry.depth.min(255) as u8,
            bound: entry.bound as u8,
        };
    }
}
