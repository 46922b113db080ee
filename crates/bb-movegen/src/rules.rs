//! The rules that end a game, asked of one position: mate, stalemate and
//! the draws the position alone decides. Repetition needs the game's
//! history, so it is left to the caller that keeps one (the search's path).

use crate::Position;
use bb_core::{Bitboard, PieceKind};

impl Position {
    /// True when the side to move is checkmated.
    ///
    /// ```
    /// use bb_movegen::Position;
    ///
    /// let fools_mate = Position::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3").unwrap();
    /// assert!(fools_mate.is_checkmate());
    /// ```
    pub fn is_checkmate(&self) -> bool {
        self.in_check() && self.count_legal_moves() == 0
    }

    /// True when the side to move is not in check and has no legal move.
    ///
    /// ```
    /// use bb_movegen::Position;
    ///
    /// // Black's king on h8 has no move, and is not in check.
    /// let stalemate = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    /// assert!(stalemate.is_stalemate());
    /// assert!(!stalemate.is_checkmate());
    /// assert!(!Position::startpos().is_stalemate());
    /// ```
    pub fn is_stalemate(&self) -> bool {
        !self.in_check() && self.count_legal_moves() == 0
    }

    /// True when neither side can ever mate: bare kings, a single minor
    /// piece, or only bishops that all stand on squares of one colour.
    ///
    /// ```
    /// use bb_movegen::Position;
    ///
    /// let king_and_bishop = Position::from_fen("8/8/4k3/8/8/2KB4/8/8 w - - 0 1").unwrap();
    /// assert!(king_and_bishop.is_insufficient_material());
    /// let king_and_rook = Position::from_fen("8/8/4k3/8/8/2KR4/8/8 w - - 0 1").unwrap();
    /// assert!(!king_and_rook.is_insufficient_material());
    /// ```
    pub fn is_insufficient_material(&self) -> bool {
        let heavy_or_pawns =
            self.by_kind(PieceKind::Pawn) | self.by_kind(PieceKind::Rook) | self.by_kind(PieceKind::Queen);
        if heavy_or_pawns.any() {
            return false;
        }
        let knights = self.by_kind(PieceKind::Knight);
        let bishops = self.by_kind(PieceKind::Bishop);
        if (knights | bishops).count() <= 1 {
            return true;
        }
        // Bishops that all stand on one colour of square can never mate.
        knights.is_empty()
            && ((bishops & Bitboard::LIGHT_SQUARES).is_empty()
                || (bishops & Bitboard::DARK_SQUARES).is_empty())
    }

    /// True when the fifty-move rule allows a draw claim: 100 plies without
    /// capture or pawn move, unless the last of them gave mate.
    pub fn is_fifty_move_draw(&self) -> bool {
        self.halfmove_clock() >= 100 && !self.is_checkmate()
    }

    /// True when the position alone makes the game a draw: the fifty-move
    /// rule or insufficient material. Repetition is not included: it needs
    /// the positions that came before.
    ///
    /// ```
    /// use bb_movegen::Position;
    ///
    /// let bare_kings = Position::from_fen("8/8/4k3/8/8/2K5/8/8 w - - 0 1").unwrap();
    /// assert!(bare_kings.is_draw_ignoring_repetition());
    /// assert!(!Position::startpos().is_draw_ignoring_repetition());
    /// ```
    pub fn is_draw_ignoring_repetition(&self) -> bool {
        self.is_fifty_move_draw() || self.is_insufficient_material()
    }
}
