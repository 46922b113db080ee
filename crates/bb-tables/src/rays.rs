//! Rays, the squares between two squares and the line through them.

use bb_core::{Bitboard, Direction, Square};

include!(concat!(env!("OUT_DIR"), "/rays.rs"));

/// The squares from `square` in `direction` up to the edge, without
/// `square` itself.
///
/// ```
/// use bb_core::Square;
/// use bb_tables::{ray, Direction};
///
/// let north = ray(Direction::North, Square::E4);
/// assert_eq!(north.count(), 4); // e5 e6 e7 e8
/// assert!(north.contains(Square::E8) && !north.contains(Square::E4));
/// assert!(ray(Direction::South, Square::E1).is_empty());
/// ```
#[inline(always)]
pub fn ray(direction: Direction, square: Square) -> Bitboard {
    RAYS[direction as usize][square as usize]
}

/// The squares strictly between `a` and `b` when they share a rank, file or
/// diagonal; empty when they do not, when they are neighbours, or when
/// `a == b`. A slider on `a` attacks `b` exactly when this set holds no piece.
///
/// ```
/// use bb_core::Square;
/// use bb_tables::between;
///
/// assert_eq!(between(Square::E1, Square::E8).count(), 6); // e2..e7
/// assert_eq!(between(Square::C1, Square::F4), Square::D2.bitboard() | Square::E3.bitboard());
/// assert!(between(Square::E1, Square::E2).is_empty()); // neighbours
/// assert!(between(Square::A1, Square::B3).is_empty()); // not aligned
/// ```
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    BETWEEN[a as usize][b as usize]
}

/// The whole line (rank, file or diagonal) through `a` and `b`, from edge to
/// edge and including both; empty when they are not aligned or `a == b`.
///
/// ```
/// use bb_core::Square;
/// use bb_tables::line;
///
/// let diagonal = line(Square::B2, Square::C3); // the long diagonal a1-h8
/// assert_eq!(diagonal.count(), 8);
/// assert!(diagonal.contains(Square::A1) && diagonal.contains(Square::H8));
/// assert!(line(Square::A1, Square::B3).is_empty());
/// ```
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    LINE[a as usize][b as usize]
}

/// True when `c` lies on the line through `a` and `b` (false when `a == b`
/// or they are not aligned). With `a` a king and `b` a pinned piece, tells
/// whether a move to `c` keeps the pin.
#[inline(always)]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    line(a, b).contains(c)
}

/// What a rook on `square` attacks on an empty board: its rank and file
/// without the square. A cheap first test of whether a rook could attack a
/// square at all.
#[inline(always)]
pub fn rook_pseudo_attacks(square: Square) -> Bitboard {
    ROOK_PSEUDO_ATTACKS[square as usize]
}

/// What a bishop on `square` attacks on an empty board: its two diagonals
/// without the square.
#[inline(always)]
pub fn bishop_pseudo_attacks(square: Square) -> Bitboard {
    BISHOP_PSEUDO_ATTACKS[square as usize]
}
