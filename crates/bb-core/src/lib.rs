//! # bb-core
//!
//! The foundation of the bb chess engine: a portable 64-bit word [`U64`],
//! the [`Bitboard`] set of squares built on it, and the chess vocabulary
//! ([`Square`], [`File`], [`Rank`], [`Direction`], [`Color`], [`PieceKind`],
//! [`Piece`]). bb-tables' build script uses the same types, so the tables
//! are generated in the vocabulary the library reads them in.
//!
//! `U64` has two backends with the same API, both always compiled:
//! [`backend::native`] (one `u64`) and [`backend::hilo`] (two `u32` halves,
//! for 32-bit targets). The build picks the one measured faster: native on
//! 64-bit targets and on wasm32 (whose JITs have 64-bit integers), hi/lo on
//! the other 32-bit targets; the environment variable `BB_BACKEND=native`
//! or `BB_BACKEND=hilo` overrides it. [`BACKEND`] says which is in use.
//!
//! [`platform`] is where every build- and CPU-dependent choice of bb is made
//! (the backend, the instruction-set features, the run-time POPCNT and BMI2 dispatch);
//! [`random`] holds bb's one pseudo-random generator.
//!
//! Shifts by 64 or more are defined and give zero, on both backends.
//!
//! ```
//! use bb_core::{Bitboard, Square};
//!
//! let mut knights = Bitboard::from_square(Square::B1) | Square::G1.bitboard();
//! assert_eq!(knights.count(), 2);
//! assert_eq!(knights.pop_first(), Some(Square::B1));
//! assert!(knights.contains(Square::G1));
//! // Rank 8 is printed on top, a1 at the bottom left.
//! assert!(Square::H8.bitboard().to_string().starts_with("8 . . . . . . . X"));
//! println!("running on the {} backend", bb_core::BACKEND);
//! ```
#![cfg_attr(not(test), no_std)]

pub mod backend;
pub mod bitboard;
pub mod bitscan;
mod direction;
mod piece;
pub mod platform;
pub mod random;
#[cfg(feature = "serde")]
mod serde_support;
mod square;

pub use bitboard::{Bitboard, Squares};
pub use direction::Direction;
pub use piece::{Color, Piece, PieceKind};
pub use platform::{Backend, BACKEND, U64};
pub use square::{File, Rank, Square};

/// Text that could not be parsed as the value asked for; says what was expected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseError {
    expected: &'static str,
}

impl ParseError {
    /// An error saying that `expected` was wanted.
    pub const fn new(expected: &'static str) -> ParseError {
        ParseError { expected }
    }

    /// What was expected, e.g. `a square such as e4`.
    pub const fn expected(&self) -> &'static str {
        self.expected
    }
}

impl core::fmt::Display for ParseError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "expected {}", self.expected)
    }
}

impl core::error::Error for ParseError {}

static_assertions::assert_eq_size!(Bitboard, u64);
static_assertions::assert_eq_size!(Square, u8);
static_assertions::assert_eq_size!(Option<Square>, u8);
static_assertions::assert_eq_size!(Piece, u8);
static_assertions::assert_impl_all!(Bitboard: Copy, Send, Sync, Eq, core::hash::Hash, core::fmt::Debug, core::fmt::Display);
static_assertions::assert_impl_all!(Square: Copy, Send, Sync, Eq, core::hash::Hash, core::fmt::Debug, core::fmt::Display);
static_assertions::assert_impl_all!(Piece: Copy, Send, Sync, Eq, core::hash::Hash, core::fmt::Debug, core::fmt::Display);

/// The README's example, compiled and run as a doctest so it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
