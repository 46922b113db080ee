//! Attacks of the pieces that jump: knights, kings and pawns.

use bb_core::{Bitboard, Color, Square};

include!(concat!(env!("OUT_DIR"), "/leapers.rs"));

/// The squares a knight on `square` attacks.
#[inline(always)]
pub fn knight_attacks(square: Square) -> Bitboard {
    KNIGHT_ATTACKS[square as usize]
}

/// The squares a king on `square` attacks.
#[inline(always)]
pub fn king_attacks(square: Square) -> Bitboard {
    KING_ATTACKS[square as usize]
}

/// The squares a pawn of `color` on `square` attacks (diagonally forward:
/// up the board for White, down for Black). Defined on every square,
/// including the back ranks, so that `pawn_attacks(color.opposite(), s)`
/// answers "which squares hold `color`'s pawns that attack `s`".
#[inline(always)]
pub fn pawn_attacks(color: Color, square: Square) -> Bitboard {
    PAWN_ATTACKS[color as usize][square as usize]
}
