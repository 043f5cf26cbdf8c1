//! Every random number taflcount uses comes from here, always from a seed passed in.
//!
//! - [`SplitMix64`]: a tiny fixed generator for what must never change between versions
//!   or machines: the Zobrist keys (hashes, bench signatures) and the benchmarks' games.
//! - [`GameRng`]: ChaCha8, one stream per game, for self-play and estimates, so results
//!   depend on (seed, game) alone and not on how games meet threads.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The generator of one game. ChaCha8 gives the same stream on every platform, and each
/// game gets its own stream, so results do not depend on how games meet threads.
pub type GameRng = ChaCha8Rng;

/// SplitMix64's finaliser: a bijection of u64 (0 stays 0) that spreads every input bit
/// over every output bit, for deriving independent seeds and key sets from one number.
pub fn mix64(x: u64) -> u64 {
    let mut z = x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The golden-ratio increment of SplitMix64, for spreading consecutive numbers apart.
pub const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// The generator of game number `game` of a run seeded with `seed`.
pub fn game_rng(seed: u64, game: u64) -> GameRng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(game);
    rng
}

/// SplitMix64 (Steele, Lea and Flood 2014): 64 bits of state, passes BigCrush.
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator whose first output is mixed from `seed + golden gamma`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GOLDEN_GAMMA);
        mix64(self.state)
    }

    /// A number in `0..n` (multiply-shift; the bias is below 2^-32 for any board's move count).
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "below(0) has no value");
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_outputs_match_the_reference_implementation() {
        // From the C reference (splitmix64.c, Vigna) seeded with 1234567.
        let mut rng = SplitMix64::new(1234567);
        assert_eq!(rng.next_u64(), 6457827717110365317);
        assert_eq!(rng.next_u64(), 3203168211198807973);
        assert_eq!(rng.next_u64(), 9817491932198370423);
    }

    #[test]
    fn below_stays_in_range_and_reaches_every_value() {
        let mut rng = SplitMix64::new(7);
        let mut seen = [false; 13];
        for _ in 0..1000 {
            seen[rng.below(13)] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}
