//! Deterministic pseudo-random inputs: the same seed gives the same words on
//! every run, target and backend, so medians are comparable. The generator
//! is bb-core's [`SplitMix64`]; this module shapes its words into inputs.

use bb_core::{Bitboard, Square};

pub use bb_core::random::SplitMix64;

/// A pseudo-random integer in `0..bound` (`bound` > 0) drawn from `random`;
/// the tiny bias of the modulo does not matter for benchmark inputs.
pub fn below(random: &mut SplitMix64, bound: u32) -> u32 {
    (random.next_u64() % u64::from(bound)) as u32
}

/// `count` words of mixed density, cycling through dense (≈32 bits),
/// half (≈16), sparse (≈8) and very sparse (≈4) words, as bitboards in a
/// game are: a pop-lsb loop then sees both short and long runs.
pub fn varied_words(count: usize, seed: u64) -> Vec<u64> {
    let mut random = SplitMix64::new(seed);
    (0..count).map(|index| random.sparse_u64(1 + (index % 4) as u32)).collect()
}

/// `count` (square, occupancy) pairs for slider lookups: every square
/// equally often, occupancies from near-empty to half full, the square
/// itself sometimes occupied (the lookups must not care).
pub fn slider_samples(count: usize, seed: u64) -> Vec<(Square, Bitboard)> {
    let mut random = SplitMix64::new(seed);
    (0..count)
        .map(|index| {
            let square = Square::from_index_wrapping(below(&mut random, 64));
            let occupied = Bitboard::from_u64(random.sparse_u64(1 + (index % 3) as u32));
            (square, occupied)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_words_and_different_seed_different_words() {
        assert_eq!(varied_words(64, 7), varied_words(64, 7));
        assert_ne!(varied_words(64, 7), varied_words(64, 8));
    }

    #[test]
    fn densities_vary_as_documented() {
        let words = varied_words(4_000, 1);
        let mean_bits = |phase: usize| {
            let picked: Vec<u32> =
                words.iter().skip(phase).step_by(4).map(|word| word.count_ones()).collect();
            picked.iter().sum::<u32>() as f64 / picked.len() as f64
        };
        for (phase, expected) in [(0, 32.0), (1, 16.0), (2, 8.0), (3, 4.0)] {
            let mean = mean_bits(phase);
            assert!(
                (mean - expected).abs() < expected * 0.1,
                "phase {phase}: mean {mean}, expected {expected}"
            );
        }
    }

    #[test]
    fn slider_samples_cover_every_square() {
        let samples = slider_samples(4_096, 3);
        let covered = samples.iter().fold(0u64, |seen, (square, _)| seen | 1 << square.index());
        assert_eq!(covered, u64::MAX);
    }
}
