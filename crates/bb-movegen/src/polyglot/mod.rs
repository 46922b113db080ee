//! Polyglot opening books: the Polyglot Zobrist key of a position
//! ([`Position::polyglot_key`](crate::Position::polyglot_key)) and the
//! Polyglot move code ([`Move::to_polyglot`](crate::Move::to_polyglot),
//! [`Position::polyglot_move`](crate::Position::polyglot_move)).
//!
//! The key and the move code need no allocation and work without `std`.

mod encoding;
mod hash;
mod keys;
