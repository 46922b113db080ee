//! Masks of single squares, files, ranks and diagonals, and their
//! complements.

use bb_core::{Bitboard, File, Rank, Square};

include!(concat!(env!("OUT_DIR"), "/masks.rs"));

/// The set holding only `square` (a table load: cheaper than a variable
/// shift across the halves of a hi/lo word).
#[inline(always)]
pub fn square_mask(square: Square) -> Bitboard {
    SQUARE_MASKS[square as usize]
}

/// Every square except `square`.
#[inline(always)]
pub fn not_square_mask(square: Square) -> Bitboard {
    NOT_SQUARE_MASKS[square as usize]
}

/// The eight squares of `file`.
#[inline(always)]
pub fn file_mask(file: File) -> Bitboard {
    FILE_MASKS[file as usize]
}

/// The 56 squares off `file`.
#[inline(always)]
pub fn not_file_mask(file: File) -> Bitboard {
    NOT_FILE_MASKS[file as usize]
}

/// The eight squares of `rank`.
#[inline(always)]
pub fn rank_mask(rank: Rank) -> Bitboard {
    RANK_MASKS[rank as usize]
}

/// The 56 squares off `rank`.
#[inline(always)]
pub fn not_rank_mask(rank: Rank) -> Bitboard {
    NOT_RANK_MASKS[rank as usize]
}

/// The diagonal through `square` running a1–h8-wise (south-west to
/// north-east), including `square`.
#[inline(always)]
pub fn diagonal(square: Square) -> Bitboard {
    DIAGONALS[square as usize]
}

/// The diagonal through `square` running a8–h1-wise (north-west to
/// south-east), including `square`.
#[inline(always)]
pub fn anti_diagonal(square: Square) -> Bitboard {
    ANTI_DIAGONALS[square as usize]
}
