//! Printing a [`Bitboard`] as an 8×8 grid, and any board-shaped printout.

use super::Bitboard;
use crate::{File, Rank, Square};
use core::fmt;

/// An 8×8 grid, rank 8 on top, `X` for a square in the set and `.` for one
/// that is not, with the rank digits on the left and the files below.
impl fmt::Display for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_grid(f, |square| if self.contains(square) { 'X' } else { '.' })
    }
}

/// Writes an 8×8 board, rank 8 on top, with one character per square from
/// `symbol`. Shared by every board-shaped printout so they all look alike.
pub fn write_grid(out: &mut dyn fmt::Write, symbol: impl Fn(Square) -> char) -> fmt::Result {
    for rank in Rank::ALL.iter().rev() {
        write!(out, "{}", rank.to_char())?;
        for file in File::ALL {
            write!(out, " {}", symbol(Square::new(file, *rank)))?;
        }
        writeln!(out)?;
    }
    writeln!(out, "  a b c d e f g h")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_puts_rank_8_on_top() {
        let board = Bitboard::from_square(Square::A1) | Bitboard::from_square(Square::H8);
        let text = board.to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 9);
        assert_eq!(lines[0], "8 . . . . . . . X");
        assert_eq!(lines[7], "1 X . . . . . . .");
        assert_eq!(lines[8], "  a b c d e f g h");
    }
}
