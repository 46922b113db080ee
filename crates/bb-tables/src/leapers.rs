//! Attacks of the pieces that jump: knights, kings and pawns.

use bb_core::{Bitboard, Color, Square};

include!(concat!(env!("OUT_DIR"), "/leapers.rs"));

/// The squares a knight on `square` attacks.
///
/// ```
/// use bb_core::Square;
/// use bb_tables::knight_attacks;
///
/// let g1 = knight_attacks(Square::G1);
/// assert_eq!(g1, Square::E2.bitboard() | Square::F3.bitboard() | Square::H3.bitboard());
/// assert_eq!(knight_attacks(Square::D4).count(), 8);
/// ```
#[inline(always)]
pub fn knight_attacks(square: Square) -> Bitboard {
    KNIGHT_ATTACKS[square as usize]
}

/// The squares a king on `square` attacks.
///
/// ```
/// use bb_core::Square;
/// use bb_tables::king_attacks;
///
/// assert_eq!(king_attacks(Square::A1), Square::A2.bitboard() | Square::B1.bitboard() | Square::B2.bitboard());
/// assert_eq!(king_attacks(Square::E4).count(), 8);
/// assert!(!king_attacks(Square::E4).contains(Square::E4));
/// ```
#[inline(always)]
pub fn king_attacks(square: Square) -> Bitboard {
    KING_ATTACKS[square as usize]
}

/// The squares a pawn of `color` on `square` attacks (diagonally forward:
/// up the board for White, down for Black). Defined on every square,
/// including the back ranks, so that `pawn_attacks(color.opposite(), s)`
/// answers "which squares hold `color`'s pawns that attack `s`".
///
/// ```
/// use bb_core::{Color, Square};
/// use bb_tables::pawn_attacks;
///
/// assert_eq!(pawn_attacks(Color::Black, Square::E5), Square::D4.bitboard() | Square::F4.bitboard());
/// assert_eq!(pawn_attacks(Color::White, Square::A2), Square::B3.bitboard()); // edge: one side only
/// // White pawns that would attack d5 stand on c4 or e4:
/// assert_eq!(pawn_attacks(Color::Black, Square::D5), Square::C4.bitboard() | Square::E4.bitboard());
/// ```
#[inline(always)]
pub fn pawn_attacks(color: Color, square: Square) -> Bitboard {
    PAWN_ATTACKS[color as usize][square as usize]
}
