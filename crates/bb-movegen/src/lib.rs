//! # bb-movegen
//!
//! Chess positions, FEN, fully legal move generation and perft for the bb
//! engine, on top of `bb-core` and `bb-tables`.
//!
//! Legal moves are generated directly, with check and pin masks, never by
//! making a move and testing it. Positions are `Copy` and moves are made by
//! copy ([`Position::play`]); [`MoveList`] has a fixed capacity, so move
//! generation never allocates.
//!
//! Moves are read and written as UCI text ([`Position::parse_uci_move`])
//! and as SAN ([`Position::san`], [`Position::parse_san`]); with the `std`
//! feature, the `pgn` module reads and writes whole games.
//!
//! ```
//! use bb_movegen::{perft, Position};
//!
//! let start = Position::startpos();
//! assert_eq!(start.legal_moves().len(), 20);
//! assert_eq!(perft(&start, 3), 8_902);
//!
//! let e4 = start.parse_uci_move("e2e4").unwrap();
//! let after = start.play(e4);
//! assert_eq!(after.to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
//!
//! assert_eq!(after.san(after.parse_san("Nf6").unwrap()).to_string(), "Nf6");
//!
//! let bad = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0".parse::<Position>();
//! assert_eq!(bad.unwrap_err().to_string(), "invalid FEN: expected 6 fields (or 4), found 5");
//! ```
#![cfg_attr(not(any(test, feature = "std")), no_std)]

mod attackers;
mod castling;
mod display;
pub mod epd;
mod error;
mod escaped;
mod fen;
#[cfg(feature = "std")]
mod game;
mod legality;
#[cfg(feature = "std")]
mod line_reader;
mod make;
mod move_facts;
mod move_list;
mod move_sink;
mod move_text;
mod movegen;
mod moves;
mod outcome;
pub mod perft;
#[cfg(feature = "std")]
pub mod pgn;
pub mod polyglot;
mod position;
mod rules;
mod san;
#[cfg(feature = "serde")]
mod serde_support;
mod setup;
mod validation;

/// The bb-core types this crate's API takes and returns, so that a user of
/// bb-movegen alone need not depend on bb-core.
pub use bb_core::{Bitboard, Color, Direction, File, Piece, PieceKind, Rank, Square};

/// The attack and ray functions of bb-tables that move generation is built
/// on, for users who write their own evaluation or move logic.
///
/// ```
/// use bb_movegen::attacks::{between, rook_attacks};
/// use bb_movegen::Square;
///
/// let blockers = Square::E6.bitboard();
/// assert!(rook_attacks(Square::E4, blockers).contains(Square::E6));
/// assert!(!rook_attacks(Square::E4, blockers).contains(Square::E7));
/// assert_eq!(between(Square::A1, Square::A3), Square::A2.bitboard());
/// ```
pub mod attacks {
    pub use bb_tables::{
        aligned, between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, queen_attacks,
        ray, rook_attacks,
    };
}

pub use castling::{CastlingRights, CastlingSide};
pub use error::{FenError, FenField, MoveError};
pub use fen::{is_field_separator, split_fields, STARTPOS_FEN};
#[cfg(feature = "std")]
pub use game::Game;
pub use legality::{IllegalMove, IllegalReason};
pub use move_list::{MoveList, MAX_MOVES};
pub use movegen::MoveFilter;
pub use moves::{Move, MoveKind, UciMove};
pub use outcome::{DrawClaim, Outcome, FIFTY_MOVE_PLIES, SEVENTY_FIVE_MOVE_PLIES};
pub use perft::{divide, perft};
pub use position::Position;
pub use san::{San, SanError, SanText};
pub use setup::{CastlingRook, Setup};
pub use validation::{Relaxation, Validation};

static_assertions::assert_eq_size!(Move, u16);
static_assertions::assert_impl_all!(Move: Copy, Send, Sync, Eq, core::hash::Hash, core::fmt::Debug, core::fmt::Display);
static_assertions::assert_impl_all!(Position: Copy, Send, Sync, Eq, core::hash::Hash, core::fmt::Debug, core::fmt::Display);
static_assertions::const_assert!(core::mem::size_of::<Position>() <= 104);

/// The README's example, compiled and run as a doctest so it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
