//! The perft positions of the benchmarks: the six of the ChessProgramming
//! wiki, from bb-movegen's reference table (their names make the benchmark
//! ids `perft/<name>/<engine>`), each at the deepest depth whose count is
//! below [`BENCH_NODE_LIMIT`].
//!
//! That depth makes one perft take roughly 10–100 ms for the fast peers on
//! x86_64 (2–16 million leaves): long enough that timer overhead and the
//! first-level move generation do not matter, short enough that the whole
//! suite runs in a few minutes on two shared cores.

pub use bb_movegen::perft::reference::{ReferencePosition as PerftPosition, POSITIONS as PERFT_POSITIONS};

/// A perft benchmark runs its position at the deepest depth with fewer
/// leaves than this.
pub const BENCH_NODE_LIMIT: u64 = 20_000_000;

/// The depth the perft benchmark runs `position` at, and its leaf count.
pub fn bench_depth(position: &PerftPosition) -> (u32, u64) {
    position.deepest_below(BENCH_NODE_LIMIT).expect("every reference position has a count below the limit")
}

/// The hashed-leaves benchmark ("hperft") makes every leaf move, about ten
/// times the work per leaf of bulk counting: it runs each position at the
/// deepest depth with fewer leaves than this.
pub const HPERFT_NODE_LIMIT: u64 = 5_000_000;

/// The depth the hperft benchmark runs `position` at, and its leaf count.
pub fn hperft_depth(position: &PerftPosition) -> (u32, u64) {
    position.deepest_below(HPERFT_NODE_LIMIT).expect("every reference position has a count below the limit")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bench_depths_are_the_chosen_ones() {
        // The depths the benchmark history was measured at.
        let depths: Vec<u32> = PERFT_POSITIONS.iter().map(|position| bench_depth(position).0).collect();
        assert_eq!(depths, [5, 4, 6, 5, 4, 4]);
        for position in &PERFT_POSITIONS {
            assert!(bench_depth(position).1 > 1_000_000, "{} bench is too small", position.name);
        }
        let depths: Vec<u32> = PERFT_POSITIONS.iter().map(|position| hperft_depth(position).0).collect();
        assert_eq!(depths, [5, 4, 5, 4, 4, 4]);
        for position in &PERFT_POSITIONS {
            assert!(hperft_depth(position).1 > 400_000, "{} hperft bench is too small", position.name);
        }
    }
}
