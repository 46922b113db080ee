//! Polyglot's 16-bit move code: destination file in bits 0–2, destination
//! rank 3–5, origin file 6–8, origin rank 9–11, promotion piece 12–14
//! (0 none, 1 knight, 2 bishop, 3 rook, 4 queen). Castling is written as
//! the king taking its own rook (e1h1, e1a1, e8h8, e8a8), which is exactly
//! how bb's [`Move`] stores castling, so no special case is needed.

use crate::{Move, Position};
use bb_core::{PieceKind, Square};

/// The squares of a code, 0..64 each, in bb's (and Polyglot's) numbering.
fn squares(code: u16) -> (usize, usize) {
    let to = usize::from(code & 0x3f);
    let from = usize::from((code >> 6) & 0x3f);
    (from, to)
}

impl Move {
    /// This move as a Polyglot book move code.
    ///
    /// ```
    /// use bb_movegen::Position;
    ///
    /// let start = Position::startpos();
    /// let e4 = start.parse_uci_move("e2e4").unwrap();
    /// // From e2 (file 4, rank 1) to e4 (file 4, rank 3).
    /// assert_eq!(e4.to_polyglot(), (1 << 9) | (4 << 6) | (3 << 3) | 4);
    /// assert_eq!(start.polyglot_move(e4.to_polyglot()), Some(e4));
    /// ```
    pub fn to_polyglot(self) -> u16 {
        // bb's `PieceKind` indices (knight 1 .. queen 4) are Polyglot's
        // promotion numbers.
        let promotion = self.promotion().map_or(0, |piece| piece.index() as u16);
        (promotion << 12) | ((self.from() as u16) << 6) | self.to() as u16
    }
}

impl Position {
    /// The legal move of this position that a Polyglot book move code
    /// stands for, or `None` when the code is malformed (bit 15 set, an
    /// unknown promotion piece) or names no legal move here.
    ///
    /// ```
    /// use bb_movegen::Position;
    ///
    /// let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    /// let position: Position = fen.parse().unwrap();
    /// // e1h1: castling king side, as Polyglot writes it.
    /// let castle = position.polyglot_move((0 << 9) | (4 << 6) | (0 << 3) | 7).unwrap();
    /// assert!(castle.is_castling());
    /// assert_eq!(castle.to_string(), "e1g1");
    /// // a1a8 is legal (the rook takes), a1h8 is not.
    /// assert!(position.polyglot_move((0 << 9) | (0 << 6) | (7 << 3) | 0).is_some());
    /// assert!(position.polyglot_move((0 << 9) | (0 << 6) | (7 << 3) | 7).is_none());
    /// ```
    pub fn polyglot_move(&self, code: u16) -> Option<Move> {
        let promotion = match (code >> 12) & 0xf {
            0 => None,
            number @ 1..=4 => Some(PieceKind::ALL[usize::from(number)]),
            _ => return None,
        };
        let (from, to) = squares(code);
        let from = Square::from_index(from as u8)?;
        let to = Square::from_index(to as u8)?;
        self.legal_moves()
            .iter()
            .copied()
            .find(|mv| mv.from() == from && mv.to() == to && mv.promotion() == promotion)
    }
}
