//! # bb-tables
//!
//! Precomputed tables for the bb chess engine: square, file, rank and
//! diagonal masks; rays in eight directions; the squares [`between`] two
//! squares and the [`line()`] through them; knight, king and pawn attacks;
//! rook, bishop and queen attacks for any occupancy in one lookup; and
//! [`zobrist`] keys.
//!
//! Every table is computed by the build script, in bb-core's own types,
//! walking rays one square at a time, and compiled in as `static`s of
//! [`bb_core`] types, so both `U64` backends (native and hi/lo) get the
//! same constants. Sliders use fancy magic bitboards with a 64-bit multiply
//! on the native backend, 32-bit magics (two 32-bit multiplies) on the hi/lo
//! backend, and BMI2 `pext` on x86_64 when the target enables `bmi2`
//! (`bb_core::platform` decides), or, with the feature `compact-sliders`,
//! a 512-byte table and no multiply; see [`sliders`]. The magic numbers are searched for at build time from a
//! fixed seed, so builds are reproducible.
//!
//! All lookups are `#[inline(always)]` indexing of fixed-size arrays by
//! enums, with no bounds checks left in the generated code.
//!
//! ```
//! use bb_core::{Bitboard, Color, Square};
//! use bb_tables::{between, bishop_attacks, knight_attacks, line, pawn_attacks, rook_attacks};
//!
//! // A rook on e4, with pieces on e6 and b4: blockers are attacked, the
//! // squares behind them are not.
//! let occupied = Square::E6.bitboard() | Square::B4.bitboard();
//! let rook = rook_attacks(Square::E4, occupied);
//! assert!(rook.contains(Square::E6) && !rook.contains(Square::E7));
//! assert!(rook.contains(Square::B4) && !rook.contains(Square::A4));
//! assert_eq!(rook.count(), 11);
//!
//! assert_eq!(bishop_attacks(Square::A1, Bitboard::EMPTY).count(), 7);
//! assert_eq!(knight_attacks(Square::A1), Square::B3.bitboard() | Square::C2.bitboard());
//! assert_eq!(pawn_attacks(Color::White, Square::E4), Square::D5.bitboard() | Square::F5.bitboard());
//!
//! // Squares strictly between two aligned squares, and the whole line.
//! assert_eq!(between(Square::A1, Square::D4), Square::B2.bitboard() | Square::C3.bitboard());
//! assert_eq!(line(Square::A1, Square::D4).count(), 8);
//! assert!(between(Square::A1, Square::B3).is_empty()); // not aligned
//!
//! // Zobrist keys hash positions: XOR the keys of what is on the board.
//! use bb_core::Piece;
//! let white_king_e1 = bb_tables::zobrist::piece(Piece::WhiteKing, Square::E1);
//! assert_ne!(white_king_e1, bb_tables::zobrist::piece(Piece::WhiteKing, Square::E2));
//! ```
#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]

mod leapers;
mod masks;
mod rays;
pub mod sliders;
pub mod zobrist;

/// The direction type [`ray`] takes; defined in bb-core.
pub use bb_core::Direction;
pub use leapers::{king_attacks, knight_attacks, pawn_attacks};
pub use masks::{
    anti_diagonal, diagonal, file_mask, not_file_mask, not_rank_mask, not_square_mask, rank_mask, square_mask,
};
pub use rays::{aligned, between, bishop_pseudo_attacks, line, ray, rook_pseudo_attacks};
pub use sliders::{BuildSliders, SliderLookup, SliderScheme, SLIDER_SCHEME};

use bb_core::{Bitboard, Square};

/// The squares a rook on `square` attacks when the pieces stand on
/// `occupied`: along its rank and file up to and including the first piece
/// each way. Whether `occupied` contains `square` does not matter.
///
/// ```
/// use bb_core::{Bitboard, Square};
/// use bb_tables::rook_attacks;
///
/// assert_eq!(rook_attacks(Square::A1, Bitboard::EMPTY).count(), 14);
/// let attacks = rook_attacks(Square::A1, Square::A4.bitboard() | Square::D1.bitboard());
/// assert!(attacks.contains(Square::A4) && !attacks.contains(Square::A5));
/// assert_eq!(attacks.count(), 6); // a2 a3 a4, b1 c1 d1
/// ```
#[inline(always)]
pub fn rook_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    sliders::dispatch!(
        rook_attacks_magic64,
        rook_attacks_magic32,
        rook_attacks_pext,
        rook_attacks_compact,
        square,
        occupied
    )
}

/// The squares a bishop on `square` attacks when the pieces stand on
/// `occupied`: along its diagonals up to and including the first piece each
/// way. Whether `occupied` contains `square` does not matter.
///
/// ```
/// use bb_core::{Bitboard, Square};
/// use bb_tables::bishop_attacks;
///
/// assert_eq!(bishop_attacks(Square::D4, Bitboard::EMPTY).count(), 13);
/// let attacks = bishop_attacks(Square::D4, Square::F6.bitboard());
/// assert!(attacks.contains(Square::F6) && !attacks.contains(Square::G7));
/// assert_eq!(attacks.count(), 11);
/// ```
#[inline(always)]
pub fn bishop_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    sliders::dispatch!(
        bishop_attacks_magic64,
        bishop_attacks_magic32,
        bishop_attacks_pext,
        bishop_attacks_compact,
        square,
        occupied
    )
}

/// The squares a queen on `square` attacks when the pieces stand on
/// `occupied`: the union of the rook's and the bishop's.
///
/// ```
/// use bb_core::{Bitboard, Square};
/// use bb_tables::{bishop_attacks, queen_attacks, rook_attacks};
///
/// assert_eq!(queen_attacks(Square::D4, Bitboard::EMPTY).count(), 27);
/// let occupied = Square::D6.bitboard() | Square::F6.bitboard();
/// let both = rook_attacks(Square::D4, occupied) | bishop_attacks(Square::D4, occupied);
/// assert_eq!(queen_attacks(Square::D4, occupied), both);
/// ```
#[inline(always)]
pub fn queen_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(square, occupied) | bishop_attacks(square, occupied)
}

/// The README's example, compiled and run as a doctest so it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
