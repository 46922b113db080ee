//! Perft: the number of leaf nodes of the legal move tree, the standard
//! correctness test (and speed benchmark) of a move generator.
//!
//! - [`perft`] and [`divide`] (in `serial.rs`): one thread, no table,
//!   counts in `u64`; `no_std`. This is the fast path every other count
//!   ends in. Its last two plies are fused (in `replies/`): the replies to
//!   each move of a node of depth 2 are counted without making the move.
//! - [`perft_hashed`] (in `hashed.rs`, "hperft"): makes every move, the
//!   leaves' too, and sums the leaves' Zobrist keys, so that make-move is
//!   measured and checked; `no_std`.
//! - Both run the copy of their walk compiled for the CPU (in `kernel.rs`):
//!   POPCNT, or BMI2 with `pext` slider lookups, where the build does not
//!   assume them ([`perft_on`], [`kernel_sliders`]).
//! - `ThreadedPerft` (in `threaded/`, with the `std` feature): the root's
//!   work split over threads, subtree counts cached in a lossless
//!   `PerftTable`, counts in `u128`, a progress callback and a stop flag
//!   (`Watch`).
//! - `units` (with the `std` feature): a deep perft cut into work units
//!   for GNU parallel or a Slurm job array, their results, and the merge
//!   that checks every unit was counted exactly once.
//! - [`reference`](mod@reference): the six positions of the ChessProgramming wiki with
//!   their published counts, the one table tests, benches and xtask share.
//!
//! ```
//! use bb_movegen::perft::{self, reference};
//!
//! let kiwipete = reference::by_name("kiwipete").unwrap();
//! assert_eq!(perft::perft(&kiwipete.position(), 3), kiwipete.nodes_at(3).unwrap());
//! ```

mod hashed;
#[cfg(feature = "std")]
mod identity;
mod kernel;
pub mod reference;
mod replies;
mod serial;
#[cfg(feature = "std")]
mod threaded;
#[cfg(feature = "std")]
pub mod units;

pub use hashed::{divide_hashed, perft_hashed, perft_hashed_on, LeafKeys};
pub use serial::{divide, kernel_sliders, perft, perft_on};
#[cfg(feature = "std")]
pub use threaded::{PerftTable, Progress, Stopped, TableSizeError, ThreadedPerft, Watch};

/// The deepest perft the tools accept (EPD counts, `bb perft`). Far beyond
/// anything that finishes, but it keeps depths in table keys and recursion
/// bounded.
pub const MAX_DEPTH: u32 = 64;
