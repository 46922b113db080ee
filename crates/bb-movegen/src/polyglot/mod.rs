//! Polyglot opening books: the Polyglot Zobrist key of a position
//! ([`Position::polyglot_key`](crate::Position::polyglot_key)), the
//! Polyglot move code ([`Move::to_polyglot`](crate::Move::to_polyglot),
//! [`Position::polyglot_move`](crate::Position::polyglot_move)) and, with
//! the `std` feature, reading books (`Book`) and writing small ones
//! (`BookWriter`).
//!
//! The key and the move code need no allocation and work without `std`.

mod encoding;
mod hash;
mod keys;

#[cfg(feature = "std")]
mod book;
#[cfg(feature = "std")]
mod book_error;
#[cfg(feature = "std")]
mod writer;

#[cfg(feature = "std")]
pub use book::{weighted_pick, Book, BookEntry};
#[cfg(feature = "std")]
pub use book_error::BookError;
#[cfg(feature = "std")]
pub use writer::BookWriter;
