//! An efficiently updatable neural network (NNUE) evaluation.
//!
//! The network is small: 768 inputs (a piece of either colour and of six
//! kinds on one of 64 squares) feed [`HIDDEN`] neurons, once from each
//! side's point of view (the board mirrored vertically for Black, so that
//! "my pieces" and "their pieces" mean the same for both); the side to
//! move's half and the other half go through a squared clipped ReLU to one
//! output. The hidden layer's inputs (the *accumulator*,
//! [`Accumulator`]) change by a few columns a move, so the search updates
//! it move by move instead of recomputing it.
//!
//! Everything is integer arithmetic on `i16` and `i32`, the same on every
//! target and backend: the hidden layer's weights are quantised by
//! [`QA`], the output weights by [`QB`]. The network file is read in
//! little-endian order whatever the target's byte order ([`Network::from_bytes`]).
//!
//! The weights come from `tune nnue` (the `tune` example of this crate),
//! trained on bb's own self-play.

mod accumulator;
mod network;

pub use accumulator::{feature_index, other_side_input, Accumulator};
pub use network::{Network, NetworkError, FORMAT_MAGIC, FORMAT_VERSION};

/// Inputs of the network: 2 colours × 6 kinds × 64 squares.
pub const INPUTS: usize = 768;

/// Neurons of the hidden layer, per point of view.
pub const HIDDEN: usize = 128;

/// Quantisation of the hidden layer: an activation of 1.0 is `QA`.
pub const QA: i32 = 255;

/// Quantisation of the output weights: a weight of 1.0 is `QB`.
pub const QB: i32 = 64;

/// Centipawns per unit of the network's output.
pub const SCALE: i32 = 400;

/// The largest output weight, in units of [`QB`]: it keeps every sum of
/// the output layer within `i32` (`2 · HIDDEN · QA² · 127 < 2³¹`).
pub const OUTPUT_WEIGHT_LIMIT: i16 = 127;

const _: () =
    assert!(2 * HIDDEN as i64 * (QA as i64 * QA as i64) * OUTPUT_WEIGHT_LIMIT as i64 <= i32::MAX as i64);

#[cfg(test)]
pub(crate) mod tests;
