//! Zobrist keys: 793 words from SplitMix64 with a fixed seed, drawn in this
//! order: 12 pieces × 64 squares (piece-major, pieces in `Piece` index
//! order, squares a1..h8), then 16 castling-rights combinations (indexed by
//! the 4-bit rights mask), then 8 en-passant files (a..h), then the
//! side-to-move key. The order is part of the contract: the crate's tests
//! draw the same sequence and compare.

use bb_core::random::SplitMix64;

/// The seed of the key sequence.
pub const ZOBRIST_SEED: u64 = 0x0062_625f_7a6f_6272;

/// All Zobrist keys.
pub struct ZobristKeys {
    pub pieces: Vec<Vec<u64>>,
    pub castling: Vec<u64>,
    pub en_passant: Vec<u64>,
    pub side_to_move: u64,
}

/// Draws the keys; panics (stopping the build) if any is zero or repeated,
/// which a fixed seed either always or never does.
pub fn zobrist_keys() -> ZobristKeys {
    let mut random = SplitMix64::new(ZOBRIST_SEED);
    let mut draw = |count: usize| (0..count).map(|_| random.next_u64()).collect::<Vec<u64>>();
    let pieces = (0..12).map(|_| draw(64)).collect::<Vec<_>>();
    let castling = draw(16);
    let en_passant = draw(8);
    let side_to_move = draw(1)[0];

    let mut all: Vec<u64> = pieces.iter().flatten().chain(&castling).chain(&en_passant).copied().collect();
    all.push(side_to_move);
    all.sort_unstable();
    assert!(all[0] != 0, "a Zobrist key is zero");
    assert!(all.windows(2).all(|pair| pair[0] != pair[1]), "two Zobrist keys are equal");

    ZobristKeys { pieces, castling, en_passant, side_to_move }
}
