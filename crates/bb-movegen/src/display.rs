//! The board diagram printed by `bb` and the UCI `d` command.

use crate::Position;
use bb_core::{Color, Piece};

impl Position {
    /// The board as an 8×8 grid of FEN letters (`.` for empty), rank 8 on
    /// top, with the side to move, castling, en-passant square and key below.
    pub fn write_board(&self, out: &mut dyn core::fmt::Write) -> core::fmt::Result {
        bb_core::bitboard::write_grid(out, |square| self.piece_at(square).map_or('.', Piece::to_char))?;
        let side = match self.side_to_move {
            Color::White => "white",
            Color::Black => "black",
        };
        writeln!(out, "fen: {self}")?;
        writeln!(out, "to move: {side}, key: {:016x}", self.zobrist_key())
    }
}
