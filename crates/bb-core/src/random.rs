//! The one pseudo-random generator of bb, for everything that must be the
//! same on every run, target and backend: bb-tables' build script draws its
//! magic numbers and Zobrist keys from it, the benchmarks their inputs.

/// SplitMix64 (Steele, Lea and Flood): a 64-bit counter advanced by a fixed
/// odd increment, each value hashed by two multiply-xorshift rounds. Full
/// 2^64 period, well mixed, tiny; not for cryptography. The same seed gives
/// the same sequence everywhere, since it only does `u64` arithmetic.
///
/// ```
/// use bb_core::random::SplitMix64;
///
/// let mut random = SplitMix64::new(0);
/// assert_eq!(random.next_u64(), 0xe220_a839_7b1d_cdaf);
/// // Sparse words: the AND of three draws has about eight bits set.
/// let sparse = random.sparse_u64(3);
/// assert!(sparse.count_ones() < 32);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator starting from `seed`; any value, zero included, is a
    /// good seed.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 pseudo-random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut mixed = self.state;
        mixed = (mixed ^ (mixed >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        mixed = (mixed ^ (mixed >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        mixed ^ (mixed >> 31)
    }

    /// The AND of the next `and_count` words (at least one is drawn), so
    /// about `64 / 2^and_count` bits set: 1 → dense (≈32), 3 → ≈8.
    #[inline]
    pub fn sparse_u64(&mut self, and_count: u32) -> u64 {
        let mut word = self.next_u64();
        for _ in 1..and_count {
            word &= self.next_u64();
        }
        word
    }
}

#[cfg(test)]
mod tests {
    use super::SplitMix64;

    #[test]
    fn known_outputs_of_the_published_algorithm() {
        let mut random = SplitMix64::new(0);
        let first: [u64; 3] = core::array::from_fn(|_| random.next_u64());
        assert_eq!(first, [0xe220_a839_7b1d_cdaf, 0x6e78_9e6a_a1b9_65f4, 0x06c4_5d18_8009_454f]);
    }

    #[test]
    fn sparse_words_are_the_and_of_that_many_draws() {
        let (mut sparse, mut dense) = (SplitMix64::new(7), SplitMix64::new(7));
        for and_count in 0..5 {
            let expected = (1..and_count).fold(dense.next_u64(), |word, _| word & dense.next_u64());
            assert_eq!(sparse.sparse_u64(and_count), expected, "{and_count}");
        }
    }
}
