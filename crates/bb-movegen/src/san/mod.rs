//! Standard Algebraic Notation (SAN), the move text of PGN: `e4`, `Nbd7`,
//! `exd5`, `e8=Q+`, `O-O-O#`.
//!
//! [`Position::san`] prints a legal move with the least disambiguation
//! that makes it unique (origin file, else rank, else both) and a `+` or
//! `#` suffix. [`Position::parse_san`] reads SAN back with the leniencies
//! of hand-written game scores: a missing or wrong `+`/`#`, annotations
//! such as `!?`, castling with zeros (`0-0`), promotions as `e8Q` or
//! `e8=q`, more disambiguation than needed (`Ng1f3`), pawn captures
//! without `x` (`ed5`) and long algebraic (`e2-e4`, `Ng1-f3`).
//!
//! Castling is written `O-O` (towards the h-file) and `O-O-O` in Chess960
//! as in standard chess, whatever the rook's file.
//!
//! Neither direction allocates; both work in `no_std`.
//!
//! ```
//! use bb_movegen::Position;
//!
//! let start = Position::startpos();
//! let knight = start.parse_san("Nf3").unwrap();
//! assert_eq!(knight.to_string(), "g1f3");
//! assert_eq!(start.san(knight).to_string(), "Nf3");
//! assert_eq!(start.parse_san("Nf3!?"), Ok(knight));
//! assert_eq!(start.parse_san("Nf6").unwrap_err().to_string(), "no legal move matches 'Nf6'");
//! ```

mod error;
mod parse;

pub use error::{SanError, SanText};

use crate::moves::Move;
use crate::Position;
use bb_core::{PieceKind, Square};
use core::fmt;

/// The longest SAN [`Position::san`] writes: `Qa1xb2+` and `exd8=Q#` are 7.
const SAN_MAX: usize = 8;

/// A move written in SAN, made by [`Position::san`]: a few bytes on the
/// stack, shown with `Display` or [`San::as_str`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct San {
    bytes: [u8; SAN_MAX],
    len: u8,
}

impl San {
    /// The text, such as `Nbd7` or `O-O+`.
    pub fn as_str(&self) -> &str {
        // Only ASCII is ever pushed.
        core::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }

    fn push(&mut self, byte: u8) {
        // Every SAN fits; a push past the end would be a bug, and is dropped
        // rather than panicking.
        if let Some(slot) = self.bytes.get_mut(usize::from(self.len)) {
            *slot = byte;
            self.len += 1;
        }
    }

    fn push_square(&mut self, square: Square) {
        self.push(b'a' + square.file() as u8);
        self.push(b'1' + square.rank() as u8);
    }
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

impl fmt::Debug for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "San({:?})", self.as_str())
    }
}

impl Position {
    /// The SAN of `mv`, a legal move of this position: piece letter, the
    /// origin's file, rank or both when another piece of the same kind
    /// could go to the same square, `x` for captures, `=Q` for
    /// promotions, `O-O`/`O-O-O` for castling (Chess960 too), then `+` for
    /// check or `#` for mate.
    ///
    /// A move that is not legal here is printed as best it can be (its
    /// piece letter and squares); it never panics.
    ///
    /// ```
    /// use bb_movegen::Position;
    ///
    /// let position: Position = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
    /// let castle = position.parse_uci_move("e1c1").unwrap();
    /// assert_eq!(position.san(castle).to_string(), "O-O-O");
    /// let rook = position.parse_uci_move("h1h8").unwrap();
    /// assert_eq!(position.san(rook).as_str(), "Rxh8+");
    /// ```
    pub fn san(&self, mv: Move) -> San {
        let mut san = San { bytes: [0; SAN_MAX], len: 0 };
        if mv.is_castling() {
            let text: &[u8] = if mv.to().file() > mv.from().file() { b"O-O" } else { b"O-O-O" };
            text.iter().for_each(|&byte| san.push(byte));
        } else {
            let kind = self.kind_at(mv.from()).unwrap_or(PieceKind::Pawn);
            if kind == PieceKind::Pawn {
                if mv.is_capture() {
                    san.push(b'a' + mv.from().file() as u8);
                }
            } else {
                san.push(kind.to_char().to_ascii_uppercase() as u8);
                self.push_disambiguation(&mut san, mv, kind);
            }
            if mv.is_capture() {
                san.push(b'x');
            }
            san.push_square(mv.to());
            if let Some(piece) = mv.promotion() {
                san.push(b'=');
                san.push(piece.to_char().to_ascii_uppercase() as u8);
            }
        }
        // The suffix needs the move played, which only a legal move can be
        // (`play` debug-asserts it); an illegal one is printed without it.
        if self.is_legal(mv) && self.gives_check(mv) {
            let mate = self.play(mv).count_legal_moves() == 0;
            san.push(if mate { b'#' } else { b'+' });
        }
        san
    }

    /// Writes what tells `mv` apart from the other legal moves of a piece
    /// of the same kind to the same square: the origin's file when that is
    /// enough, else its rank, else both. Pawns never need it (their
    /// captures always name the file, and pushes are unique).
    fn push_disambiguation(&self, san: &mut San, mv: Move, kind: PieceKind) {
        if kind == PieceKind::King {
            return;
        }
        let (mut rivals, mut same_file, mut same_rank) = (false, false, false);
        for other in self.legal_moves().iter() {
            if other.to() == mv.to()
                && other.from() != mv.from()
                && !other.is_castling()
                && self.kind_at(other.from()) == Some(kind)
            {
                rivals = true;
                same_file |= other.from().file() == mv.from().file();
                same_rank |= other.from().rank() == mv.from().rank();
            }
        }
        if !rivals {
            return;
        }
        if !same_file {
            san.push(b'a' + mv.from().file() as u8);
        } else if !same_rank {
            san.push(b'1' + mv.from().rank() as u8);
        } else {
            san.push_square(mv.from());
        }
    }
}

#[cfg(test)]
mod tests;
