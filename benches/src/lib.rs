//! # bb-benches
//!
//! Inputs shared by bb's criterion benchmarks (in `benches/`) and by the
//! tests that check those benchmarks measure the right thing: the six perft
//! positions of the ChessProgramming wiki (bb-movegen's reference table)
//! with the depth each is benchmarked at, and
//! deterministic pseudo-random words and slider samples, so every run and
//! every backend sees exactly the same data.
//!
//! The peer move generators (cozy-chess, chess, shakmaty) are
//! dev-dependencies of this package only; their perft functions live in
//! `benches/peers/` and are shared with `tests/` by path.
//!
//! ```
//! use bb_benches::{bench_depth, PerftPosition, PERFT_POSITIONS};
//!
//! let start: &PerftPosition = &PERFT_POSITIONS[0];
//! assert_eq!(start.name, "startpos");
//! assert_eq!(start.nodes_at(3), Some(8_902));
//! assert_eq!(bench_depth(start), (5, 4_865_609));
//! ```
#![forbid(unsafe_code)]

pub mod positions;
pub mod random;

pub use positions::{bench_depth, hperft_depth, PerftPosition, PERFT_POSITIONS};
pub use random::{below, slider_samples, varied_words, SplitMix64};
