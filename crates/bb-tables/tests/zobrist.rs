//! The Zobrist keys: exactly the documented SplitMix64 sequence, all
//! nonzero and distinct, with the documented castling indexing.

use bb_core::random::SplitMix64;
use bb_core::{File, Piece, Square};
use bb_tables::zobrist;
use std::collections::HashSet;

/// All keys in the documented drawing order.
fn all_keys() -> Vec<u64> {
    let mut keys = Vec::new();
    for piece in Piece::ALL {
        for square in Square::ALL {
            keys.push(zobrist::piece(piece, square).to_u64());
        }
    }
    keys.extend((0..16).map(|rights| zobrist::castling(rights).to_u64()));
    keys.extend(File::ALL.map(|file| zobrist::en_passant(file).to_u64()));
    keys.push(zobrist::side_to_move().to_u64());
    keys
}

#[test]
fn keys_are_the_seeded_splitmix64_sequence() {
    let mut random = SplitMix64::new(zobrist::SEED);
    let keys = all_keys();
    assert_eq!(keys.len(), 12 * 64 + 16 + 8 + 1);
    for (index, key) in keys.into_iter().enumerate() {
        assert_eq!(key, random.next_u64(), "key number {index}");
    }
}

#[test]
fn keys_are_nonzero_and_distinct() {
    let keys = all_keys();
    assert!(keys.iter().all(|&key| key != 0));
    assert_eq!(keys.iter().collect::<HashSet<_>>().len(), keys.len());
}

#[test]
fn castling_keys_are_indexed_by_the_low_four_bits() {
    use zobrist::{BLACK_KINGSIDE, BLACK_QUEENSIDE, WHITE_KINGSIDE, WHITE_QUEENSIDE};
    assert_eq!(WHITE_KINGSIDE | WHITE_QUEENSIDE | BLACK_KINGSIDE | BLACK_QUEENSIDE, 15);
    for rights in 0..=255u8 {
        assert_eq!(zobrist::castling(rights), zobrist::castling(rights & 15));
    }
}
