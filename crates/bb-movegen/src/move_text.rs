//! UCI move text read against a position: the text names squares, the
//! position says which legal move they mean (castling has two spellings).

use crate::error::MoveError;
use crate::moves::Move;
use crate::Position;
use bb_core::{File, PieceKind, Rank, Square};

impl Position {
    /// Parses UCI move text (`e2e4`, `e7e8q`, castling as `e1g1` or as king
    /// takes own rook `e1h1`) and finds it among the legal moves.
    ///
    /// ```
    /// use bb_movegen::{MoveError, Position, Square};
    ///
    /// let start = Position::startpos();
    /// let e4 = start.parse_uci_move("e2e4").unwrap();
    /// assert_eq!((e4.from(), e4.to()), (Square::E2, Square::E4));
    /// assert!(e4.is_double_push());
    /// assert_eq!(start.parse_uci_move("e2e5"), Err(MoveError::Illegal));
    /// assert_eq!(start.parse_uci_move("e2"), Err(MoveError::Malformed));
    /// ```
    pub fn parse_uci_move(&self, text: &str) -> Result<Move, MoveError> {
        if text == "0000" {
            // Well-formed (the null move), but passing is never legal.
            return Err(MoveError::Illegal);
        }
        let bytes = text.as_bytes();
        if !(4..=5).contains(&bytes.len()) || !text.is_ascii() {
            return Err(MoveError::Malformed);
        }
        let square_at = |index: usize| -> Option<Square> {
            let file = File::from_char(bytes[index] as char)?;
            let rank = Rank::from_char(bytes[index + 1] as char)?;
            Some(Square::new(file, rank))
        };
        let (Some(from), Some(to)) = (square_at(0), square_at(2)) else {
            return Err(MoveError::Malformed);
        };
        let promotion = match bytes.get(4) {
            None => None,
            Some(b'n') => Some(PieceKind::Knight),
            Some(b'b') => Some(PieceKind::Bishop),
            Some(b'r') => Some(PieceKind::Rook),
            Some(b'q') => Some(PieceKind::Queen),
            Some(_) => return Err(MoveError::Malformed),
        };
        let legal = self.legal_moves();
        let matches = |mv: &&Move| mv.from() == from && mv.promotion() == promotion;
        if let Some(mv) = legal.iter().filter(matches).find(|mv| mv.to() == to) {
            return Ok(*mv);
        }
        // Standard notation for castling names the king's destination. In
        // Chess960 that can collide with a plain king move, which won above.
        legal
            .iter()
            .filter(matches)
            .find(|mv| mv.is_castling() && mv.king_destination() == to)
            .copied()
            .ok_or(MoveError::Illegal)
    }
}
