//! An efficiently updatable neural network (NNUE) evaluation.
//!
//! The network is small: 768 inputs (a piece of either colour and of six
//! kinds on one of 64 squares) feed [`HIDDEN`] neurons, once from each
//! side's point of view (the board mirrored vertically for Black, so that
//! "my pieces" and "their pieces" mean the same for both); the side to
//! move's half and the other half go through a squared clipped ReLU to one
//! output, by one of [`OUTPUT_BUCKETS`] sets of output weights chosen by
//! the number of pieces on the board ([`output_bucket`]): an opening and
//! an endgame weigh the same features differently. The hidden layer's inputs (the *accumulator*,
//! [`Accumulator`]) change by a few columns a move, so the search updates
//! it move by move instead of recomputing it.
//!
//! Everything is integer arithmetic on `i16` and `i32`, the same on every
//! target and backend: the hidden layer's weights are quantised by
//! [`QA`], the output weights by [`QB`]. The network file is read in
//! little-endian order whatever the target's byte order ([`Network::from_bytes`]).
//!
//! The weights come from `tune nnue` (the `tune` example of this crate),
//! trained on bb's own self-play. One network is compiled into the crate
//! ([`embedded`]) and evaluates by default; `nets/README.md` says how it
//! was made.

mod accumulator;
mod kernel;
mod network;

pub use accumulator::{feature_index, other_side_input, Accumulator};
pub use network::{Network, NetworkError, FORMAT_MAGIC, FORMAT_VERSION};

/// Inputs of the network: 2 colours × 6 kinds × 64 squares.
pub const INPUTS: usize = 768;

/// Neurons of the hidden layer, per point of view.
pub const HIDDEN: usize = 128;

/// Sets of output weights, one per range of piece counts.
pub const OUTPUT_BUCKETS: usize = 8;

/// The set of output weights that evaluates a position of `pieces` pieces
/// (kings included): 2–5 pieces use the first, 30–32 the last.
///
/// ```
/// use bb_search::nnue::{output_bucket, OUTPUT_BUCKETS};
///
/// assert_eq!(output_bucket(32), OUTPUT_BUCKETS - 1);
/// assert_eq!(output_bucket(2), 0);
/// ```
#[inline(always)]
pub fn output_bucket(pieces: u32) -> usize {
    (pieces.saturating_sub(2) as usize / (32 / OUTPUT_BUCKETS)).min(OUTPUT_BUCKETS - 1)
}

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

/// The network compiled into the crate (`nets/default.nnue`), which the
/// search evaluates with unless told otherwise
/// ([`crate::SearchState::set_network`]). Read once, then shared.
///
/// ```
/// use bb_movegen::Position;
/// use bb_search::nnue::{embedded, Accumulator};
///
/// let network = embedded();
/// let position = Position::startpos();
/// let score = network.evaluate(&Accumulator::new(&network, &position), &position);
/// assert!(score.abs() < 100, "the opening is about level: {score}");
/// ```
pub fn embedded() -> std::sync::Arc<Network> {
    static EMBEDDED: std::sync::OnceLock<std::sync::Arc<Network>> = std::sync::OnceLock::new();
    EMBEDDED
        .get_or_init(|| {
            let bytes = include_bytes!("../../nets/default.nnue");
            // A test reads the same bytes: a file that does not parse fails it.
            std::sync::Arc::new(Network::from_bytes(bytes).expect("nets/default.nnue is a network"))
        })
        .clone()
}

#[cfg(test)]
pub(crate) mod tests;
