//! Hashed perft: a transposition table of subtree counts keyed by the position and the
//! remaining depth, so a subtree reached again by another move order is counted once.
//!
//! A wrong hit would silently corrupt a count that nobody can re-check, so every entry
//! is verified with 128 bits of keys independent of the Zobrist keys that choose its
//! bucket: two more sets of Zobrist keys (pieces, side to move, berserk continuation,
//! last mover, captured king, remaining depth) drawn from the table's seed and applied
//! to the whole position at each probe. A false hit needs a 128-bit collision among
//! positions that also share a bucket.
//!
//! The table is shared by all threads without locks: an entry is three words
//! (`k1 ^ data`, `k2 ^ data`, `data`) written and read with relaxed atomics. A reader
//! accepts an entry only if both halves of its key check out against the same data
//! word, so an entry torn by two writers at once is (with probability 1 - 2^-128) seen
//! as a miss, never as a wrong count.

use super::Counting;
use crate::board::{Side, MAX_DIM};
use crate::moves::{Move, Mover, Position, Tables};
use std::alloc::{alloc_zeroed, dealloc, Layout};
use std::fmt;
use std::ptr::NonNull;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// The deepest remaining depth the table keys (deeper subtrees are counted unhashed).
const MAX_KEYED_DEPTH: u32 = 63;
/// The data word: remaining depth in the top 8 bits, the count in the low 56.
const COUNT_BITS: u32 = 56;
const COUNT_MASK: u64 = (1 << COUNT_BITS) - 1;
/// Squares as the engine indexes them (`rank * 32 + file`).
const SQUARES: usize = 32 * MAX_DIM;
/// Bytes per bucket: two entries of three words and two spare words, one cache line.
pub const BUCKET_BYTES: usize = 64;

/// Why a table cannot be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HashError {
    /// Fewer bytes than one bucket.
    TooSmall {
        /// The size asked for.
        bytes: usize,
    },
    /// The memory could not be had.
    OutOfMemory {
        /// The size asked for.
        bytes: usize,
    },
}

impl fmt::Display for HashError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HashError::TooSmall { bytes } => write!(
                f,
                "a perft table of {bytes} bytes holds no bucket (at least {BUCKET_BYTES} bytes)"
            ),
            HashError::OutOfMemory { bytes } => {
                write!(f, "could not allocate {bytes} bytes for the perft table")
            }
        }
    }
}

impl std::error::Error for HashError {}

impl crate::error::Kind for HashError {}

/// splitmix64, as the engine's own Zobrist keys use (the state steps by the golden
/// gamma, the output is its mix).
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(crate::rng::GOLDEN_GAMMA);
    crate::rng::mix64(*state)
}

/// The two verification key sets, 128 bits per feature.
struct Keys {
    /// `pieces[mover * SQUARES + square]`.
    pieces: Vec<[u64; 2]>,
    defenders_to_move: [u64; 2],
    berserker: Vec<[u64; 2]>,
    /// Indexed by no last mover, attackers, defenders.
    last_mover: [[u64; 2]; 3],
    king_captured: [u64; 2],
    /// Remaining depth: the verification keys, and the key mixed into the bucket index.
    depth: Vec<[u64; 2]>,
    depth_index: Vec<u64>,
}

impl Keys {
    fn new(seed: u64) -> Keys {
        // "perft-tt", then the seed mixed in: an independent stream for every seed, and
        // none of them the stream of the engine's own keys.
        let mut mixed = seed;
        let mut state = 0x7065_7266_742d_7474_u64 ^ splitmix(&mut mixed);
        let mut pair = || [splitmix(&mut state), splitmix(&mut state)];
        let pieces = (0..12 * SQUARES).map(|_| pair()).collect();
        let defenders_to_move = pair();
        let berserker = (0..SQUARES).map(|_| pair()).collect();
        let last_mover = [pair(), pair(), pair()];
        let king_captured = pair();
        let depth = (0..=MAX_KEYED_DEPTH).map(|_| pair()).collect();
        let depth_index = (0..=MAX_KEYED_DEPTH)
            .map(|_| splitmix(&mut state))
            .collect();
        Keys {
            pieces,
            defenders_to_move,
            berserker,
            last_mover,
            king_captured,
            depth,
            depth_index,
        }
    }
}

/// A position's key at a remaining depth: where to look, and what must match there.
#[derive(Clone, Copy, Debug)]
struct Key {
    index: u64,
    check: [u64; 2],
}

#[repr(align(64))]
struct Bucket([AtomicU64; 8]);

/// `n` empty buckets on cache-line boundaries, in memory the system hands over already
/// zeroed (`calloc`): a large table is mapped, not written, so its pages are touched only
/// as entries are stored. Filling it by hand wrote every byte first: 16 GB took 55 s
/// before a count of 40,000 positions could start (issue 24). (The standard allocator's
/// `alloc_zeroed` writes the zeros itself for alignments above 16, so the block is asked
/// for with alignment 16 and 64 bytes to spare, and the buckets start at the first cache
/// line in it.)
struct Buckets {
    /// The first bucket, 64-byte aligned, inside the block.
    first: NonNull<Bucket>,
    len: usize,
    /// The block as allocated, for `dealloc`.
    block: NonNull<u8>,
    layout: Layout,
}

// SAFETY: `Buckets` owns its block like a `Box<[Bucket]>`, and `Bucket` (atomics only)
// is `Send` and `Sync`.
unsafe impl Send for Buckets {}
unsafe impl Sync for Buckets {}

impl Buckets {
    /// `None` if `n` is 0 or the system refuses the memory.
    fn zeroed(n: usize) -> Option<Buckets> {
        let size = n.checked_mul(BUCKET_BYTES)?.checked_add(BUCKET_BYTES)?;
        if n == 0 {
            return None;
        }
        let layout = Layout::from_size_align(size, 16).ok()?;
        // SAFETY: the layout's size is not zero.
        let block = NonNull::new(unsafe { alloc_zeroed(layout) })?;
        let offset = block.as_ptr().align_offset(BUCKET_BYTES);
        // SAFETY: offset < 64 and the block has 64 bytes beyond the n buckets, so the
        // buckets lie inside it; the pointer is aligned for `Bucket`.
        let first = unsafe { block.add(offset) }.cast::<Bucket>();
        Some(Buckets {
            first,
            len: n,
            block,
            layout,
        })
    }
}

impl std::ops::Deref for Buckets {
    type Target = [Bucket];

    fn deref(&self) -> &[Bucket] {
        // SAFETY: `first` points at `len` aligned buckets inside the live block. They
        // were zeroed, and all-zero bytes are valid `AtomicU64`s (the representation of
        // `u64`); they are only ever changed through the atomics.
        unsafe { std::slice::from_raw_parts(self.first.as_ptr(), self.len) }
    }
}

impl Drop for Buckets {
    fn drop(&mut self) {
        // SAFETY: the block was allocated with this layout and is freed once.
        unsafe { dealloc(self.block.as_ptr(), self.layout) }
    }
}

const _: () = assert!(
    std::mem::size_of::<Bucket>() == BUCKET_BYTES && std::mem::align_of::<Bucket>() == BUCKET_BYTES
);

/// A transposition table of perft subtree counts, shared by any number of threads.
pub struct PerftTable {
    buckets: Buckets,
    keys: Keys,
    seed: u64,
}

impl PerftTable {
    /// A table within `megabytes` MiB, verification keys drawn from `seed`.
    pub fn new(megabytes: usize, seed: u64) -> Result<PerftTable, HashError> {
        PerftTable::with_bytes(megabytes.saturating_mul(1 << 20), seed)
    }

    /// A table within `bytes` bytes (at least one bucket of `BUCKET_BYTES`): a tiny one
    /// replaces entries constantly, which is what the differential tests want.
    pub fn with_bytes(bytes: usize, seed: u64) -> Result<PerftTable, HashError> {
        let n = bytes / BUCKET_BYTES;
        if n == 0 {
            return Err(HashError::TooSmall { bytes });
        }
        Ok(PerftTable {
            buckets: Buckets::zeroed(n).ok_or(HashError::OutOfMemory { bytes })?,
            keys: Keys::new(seed),
            seed,
        })
    }

    /// The seed of the verification keys.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Entries the table holds at most.
    pub fn capacity(&self) -> usize {
        self.buckets.len() * 2
    }

    /// Bytes of the table's buckets (the keys take about 120 KB more).
    pub fn bytes(&self) -> usize {
        self.buckets.len() * BUCKET_BYTES
    }

    /// The share of entries in use, from the first buckets (at most 4096 of them).
    pub fn fill(&self) -> f64 {
        let sample = &self.buckets[..self.buckets.len().min(4096)];
        let used = sample
            .iter()
            .flat_map(|b| [2, 5].map(|i| b.0[i].load(Relaxed) != 0))
            .filter(|&u| u)
            .count();
        used as f64 / (2 * sample.len()) as f64
    }

    /// Forgets every entry.
    pub fn clear(&self) {
        for b in self.buckets.iter() {
            for w in &b.0 {
                w.store(0, Relaxed);
            }
        }
    }

    #[inline]
    fn key(&self, pos: &Position, depth: u32) -> Key {
        let k = &self.keys;
        let d = depth as usize;
        let mut check = k.depth[d];
        // Every piece as if it were its side's taflman, then the king and the commanders,
        // knights, mercenaries and guards corrected: the common case stays a tight loop.
        for side in Side::BOTH {
            let base = Mover::taflman(side) as usize * SQUARES;
            for (r, &word) in pos.pieces(side).words().iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let s = r * 32 + bits.trailing_zeros() as usize - 1;
                    bits &= bits - 1;
                    let key = k.pieces[base + s];
                    check[0] ^= key[0];
                    check[1] ^= key[1];
                }
            }
        }
        let mut fix = |mover: Mover, s: usize| {
            let side = mover.piece().side;
            let wrong = k.pieces[Mover::taflman(side) as usize * SQUARES + s];
            let right = k.pieces[mover as usize * SQUARES + s];
            check[0] ^= wrong[0] ^ right[0];
            check[1] ^= wrong[1] ^ right[1];
        };
        if let Some(king) = pos.king() {
            fix(Mover::King, king.index());
        }
        for &(s, mover) in pos.exotic_pieces() {
            fix(mover, s.index());
        }
        let mut add = |key: [u64; 2]| {
            check[0] ^= key[0];
            check[1] ^= key[1];
        };
        if pos.side_to_move() == Side::Defenders {
            add(k.defenders_to_move);
        }
        if let Some(berserker) = pos.berserker() {
            add(k.berserker[berserker.index()]);
        }
        add(k.last_mover[pos.last_mover().map_or(0, |s| 1 + s as usize)]);
        if pos.king_captured() {
            add(k.king_captured);
        }
        Key {
            index: pos.hash() ^ k.depth_index[d],
            check,
        }
    }

    #[inline]
    fn bucket(&self, key: &Key) -> &Bucket {
        // Lemire's multiply-shift: any bucket count, no modulo.
        let i = ((key.index as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[i]
    }

    #[inline]
    fn probe(&self, key: &Key) -> Option<u64> {
        let b = self.bucket(key);
        for e in [0, 3] {
            let data = b.0[e + 2].load(Relaxed);
            if b.0[e].load(Relaxed) ^ data == key.check[0]
                && b.0[e + 1].load(Relaxed) ^ data == key.check[1]
            {
                return Some(data & COUNT_MASK);
            }
        }
        None
    }

    /// Stores a count: the first entry keeps the deepest subtree, the second takes what
    /// the first refuses.
    #[inline]
    fn store(&self, key: &Key, depth: u32, count: u64) {
        if count > COUNT_MASK {
            return;
        }
        let b = self.bucket(key);
        let data = (depth as u64) << COUNT_BITS | count;
        let kept_depth = (b.0[2].load(Relaxed) >> COUNT_BITS) as u32;
        let e = if depth >= kept_depth { 0 } else { 3 };
        b.0[e].store(key.check[0] ^ data, Relaxed);
        b.0[e + 1].store(key.check[1] ^ data, Relaxed);
        b.0[e + 2].store(data, Relaxed);
    }
}

impl fmt::Debug for PerftTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PerftTable")
            .field("bytes", &self.bytes())
            .field("seed", &self.seed)
            .finish()
    }
}

/// Perft of `pos` to `depth`, looking subtree counts up in `table` and storing them
/// there. Equals `perft` exactly (the differential tests check it on every suite).
pub fn perft_hashed(
    t: &Tables,
    pos: &Position,
    depth: u32,
    counting: Counting,
    table: &PerftTable,
) -> u64 {
    hashed(t, &pos.rekeyed(t), depth, counting, table)
}

fn hashed(t: &Tables, pos: &Position, depth: u32, counting: Counting, table: &PerftTable) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.ended_before_moving(t) {
        return 0;
    }
    if depth == 1 {
        return match counting {
            Counting::Bulk => pos.count_moves(t),
            Counting::Full => super::perft(t, pos, 1, Counting::Full),
        };
    }
    if depth > MAX_KEYED_DEPTH {
        return children_sum(t, pos, depth, counting, table);
    }
    let key = table.key(pos, depth);
    if let Some(n) = table.probe(&key) {
        return n;
    }
    let nodes = children_sum(t, pos, depth, counting, table);
    table.store(&key, depth, nodes);
    nodes
}

fn children_sum(
    t: &Tables,
    pos: &Position,
    depth: u32,
    counting: Counting,
    table: &PerftTable,
) -> u64 {
    let mut nodes = 0;
    pos.for_each_piece_moves(t, |piece| {
        for mv in piece.iter() {
            let mut child = pos.clone();
            child.play(t, mv);
            nodes += hashed(t, &child, depth - 1, counting, table);
        }
    });
    nodes
}

/// `divide` with the table: perft below each root move in generation order, the root
/// moves shared out among `threads` threads that share the one table. `done` is called
/// with each root move's count as it is finished.
pub fn divide_hashed(
    t: &Tables,
    pos: &Position,
    depth: u32,
    counting: Counting,
    threads: usize,
    table: &PerftTable,
    done: &(dyn Fn(u64) + Sync),
) -> Vec<(Move, u64)> {
    let root = pos.rekeyed(t);
    super::divide_each(t, &root, depth, threads, done, &|child, d| {
        hashed(t, child, d, counting, table)
    })
}

/// Hashed perft with the root moves shared out among `threads` threads.
pub fn perft_hashed_threads(
    t: &Tables,
    pos: &Position,
    depth: u32,
    counting: Counting,
    threads: usize,
    table: &PerftTable,
) -> u64 {
    if depth <= 1 || threads <= 1 {
        return perft_hashed(t, pos, depth, counting, table);
    }
    divide_hashed(t, pos, depth, counting, threads, table, &|_| {})
        .iter()
        .map(|(_, n)| n)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perft::perft;
    use crate::test_support::start as game;

    /// The resident memory of this process, in KiB.
    #[cfg(target_os = "linux")]
    fn resident_kib() -> u64 {
        let status = std::fs::read_to_string("/proc/self/status").unwrap();
        let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    }

    /// Issue 24: a table was written zero by zero before the count began (16 GB took 55 s
    /// and all of its memory for a count of 40,000 positions). Now only the pages of the
    /// entries stored are touched. Other tests run beside this one, so the bound leaves
    /// them room: a 1 GiB table written out would overshoot it fourfold.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_large_table_costs_memory_only_as_it_fills() {
        let before = resident_kib();
        let table = PerftTable::new(1024, 0).unwrap();
        let (t, p) = game("brandub");
        assert_eq!(
            perft_hashed(&t, &p, 3, Counting::Bulk, &table),
            perft(&t, &p, 3, Counting::Bulk)
        );
        let grown = resident_kib().saturating_sub(before);
        assert!(grown < 256 * 1024, "grew by {grown} KiB");
        assert_eq!(table.bytes(), 1 << 30);
    }

    #[test]
    fn buckets_start_on_cache_lines_and_start_empty() {
        for n in [1, 2, 3, 1000] {
            let b = Buckets::zeroed(n).unwrap();
            assert_eq!(b.len(), n);
            assert_eq!(b.as_ptr() as usize % BUCKET_BYTES, 0);
            assert!(b.iter().all(|b| b.0.iter().all(|w| w.load(Relaxed) == 0)));
        }
        assert!(Buckets::zeroed(0).is_none());
        assert!(Buckets::zeroed(usize::MAX / 8).is_none());
    }

    #[test]
    fn a_table_smaller_than_a_bucket_is_refused() {
        assert_eq!(
            PerftTable::with_bytes(63, 0).unwrap_err(),
            HashError::TooSmall { bytes: 63 }
        );
        assert_eq!(PerftTable::with_bytes(64, 0).unwrap().capacity(), 2);
        assert_eq!(PerftTable::new(1, 0).unwrap().bytes(), 1 << 20);
    }

    #[test]
    fn the_key_covers_what_plain_equality_leaves_out() {
        // Two positions equal as boards but with different last movers (which decide
        // the edge-fort and encirclement tests) must not share an entry.
        let (t, p) = game("copenhagen");
        let table = PerftTable::with_bytes(1 << 16, 3).unwrap();
        let mut q = p.clone();
        q.null_move(&t);
        q.null_move(&t);
        assert_eq!(q.last_mover(), Some(Side::Defenders));
        assert_eq!(p, q);
        assert_ne!(table.key(&p, 3).check, table.key(&q, 3).check);
        assert_ne!(table.key(&p, 3).check, table.key(&p, 4).check);
    }

    #[test]
    fn the_key_does_not_depend_on_the_order_of_the_exotic_list() {
        let rules = "dim:7 start:/3t3/1c1t3/3T3/ttTKTtt/3T3/3t1N1/3t3/"
            .parse::<crate::rules::Rules>()
            .unwrap();
        let t = Tables::new(&rules).unwrap();
        let p = Position::start(&t);
        let mut q = p.clone();
        q.swap_exotic_for_test(0, 1);
        let table = PerftTable::with_bytes(1 << 16, 0).unwrap();
        assert_eq!(table.key(&p, 2).check, table.key(&q, 2).check);
    }

    #[test]
    fn hashed_equals_plain_on_a_start_position() {
        let (t, p) = game("brandub");
        for bytes in [64, 1 << 20] {
            let table = PerftTable::with_bytes(bytes, 9).unwrap();
            for depth in 0..=4 {
                assert_eq!(
                    perft_hashed(&t, &p, depth, Counting::Bulk, &table),
                    perft(&t, &p, depth, Counting::Bulk)
                );
            }
        }
    }
}
