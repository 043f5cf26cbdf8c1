//! The prover's transposition table: proof and disproof numbers by key.

#[derive(Clone, Copy, Default)]
pub(super) struct Entry {
    key: u64,
    pn: u64,
    dn: u64,
}

/// Two-way buckets: the first slot keeps solved entries, the second is always replaced.
/// The table starts small and doubles (up to 2^`max_bits` entries) as it fills, so a
/// prover that never searches deep costs little.
pub(super) struct Table {
    entries: Vec<Entry>,
    max_bits: u32,
    mask: usize,
    used: usize,
}

/// The first size of a table: 2^12 entries.
const FIRST_TABLE_BITS: u32 = 12;

impl Table {
    pub(super) fn new(max_bits: u32) -> Table {
        Table {
            entries: Vec::new(),
            max_bits: max_bits.max(FIRST_TABLE_BITS),
            mask: 0,
            used: 0,
        }
    }

    pub(super) fn probe(&self, key: u64) -> Option<(u64, u64)> {
        if self.entries.is_empty() || key == 0 {
            return None;
        }
        let i = (key as usize) & self.mask;
        self.entries[i..i + 2]
            .iter()
            .find(|e| e.key == key)
            .map(|e| (e.pn, e.dn))
    }

    pub(super) fn resize(&mut self, bits: u32) {
        let old = std::mem::replace(&mut self.entries, vec![Entry::default(); 1 << bits]);
        self.mask = (1 << bits) - 2;
        self.used = 0;
        for e in old {
            if e.key != 0 {
                self.store(e.key, e.pn, e.dn);
            }
        }
    }

    pub(super) fn store(&mut self, key: u64, pn: u64, dn: u64) {
        if key == 0 {
            return;
        }
        if self.entries.is_empty() {
            self.resize(FIRST_TABLE_BITS);
        } else if self.used * 2 > self.entries.len() && self.entries.len() < 1 << self.max_bits {
            let bits = self.entries.len().trailing_zeros() + 1;
            self.resize(bits);
        }
        let i = (key as usize) & self.mask;
        let solved = pn == 0 || dn == 0;
        let slot = if self.entries[i].key == key {
            i
        } else if self.entries[i + 1].key == key {
            i + 1
        } else if solved && {
            let e = self.entries[i];
            e.key == 0 || (e.pn != 0 && e.dn != 0)
        } {
            i
        } else {
            i + 1
        };
        // A solved result is never overwritten by an unsolved one for the same key.
        let e = &mut self.entries[slot];
        if e.key == key && (e.pn == 0 || e.dn == 0) && !solved {
            return;
        }
        if e.key == 0 {
            self.used += 1;
        }
        *e = Entry { key, pn, dn };
    }
}
