//! Helpers shared by the integration tests.

/// xorshift64*: a small seeded generator, so every test run plays the same games.
pub struct Rng(pub u64);

impl Rng {
    /// A number in 0..n.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}
