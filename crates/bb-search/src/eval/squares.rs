//! Sets of squares seen from one side of the board, which the pawn,
//! piece and piece-square terms share.

use bb_core::{Bitboard, Color, Direction, Square};

/// Index into a piece-square table written rank 8 first, for a piece of `color`.
#[inline(always)]
pub(crate) fn table_index(color: Color, square: Square) -> usize {
    match color {
        Color::White => square.index() ^ 56,
        Color::Black => square.index(),
    }
}

/// The rank of `square` counted from `color`'s side (0 = its back rank).
#[inline(always)]
pub(crate) fn relative_rank(color: Color, square: Square) -> usize {
    match color {
        Color::White => square.rank().index(),
        Color::Black => 7 - square.rank().index(),
    }
}

/// Every square in front of `square` from `color`'s view, on the same file.
#[inline(always)]
pub(crate) fn forward_file(color: Color, square: Square) -> Bitboard {
    match color {
        Color::White => bb_tables::ray(Direction::North, square),
        Color::Black => bb_tables::ray(Direction::South, square),
    }
}

/// The files next to `square`'s file, as a set of squares.
#[inline(always)]
pub(crate) fn adjacent_files(square: Square) -> Bitboard {
    let file = square.file().bitboard();
    file.east() | file.west()
}

/// Squares on `square`'s file and the adjacent files, strictly in front of it.
#[inline(always)]
pub(crate) fn front_span(color: Color, square: Square) -> Bitboard {
    let ahead = forward_file(color, square);
    ahead | ahead.east() | ahead.west()
}

/// Pawn attacks of every pawn in `pawns` of `color`.
#[inline(always)]
pub(crate) fn pawn_attack_span(color: Color, pawns: Bitboard) -> Bitboard {
    match color {
        Color::White => pawns.north_east() | pawns.north_west(),
        Color::Black => pawns.south_east() | pawns.south_west(),
    }
}
