//! The explored position with its history (for undo), and what the page
//! asks about it: the board, the legal moves, a square's attacks and rays.

use bb_core::{Bitboard, Direction, PieceKind, Square};
use bb_movegen::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, ray, rook_attacks,
};
use bb_movegen::Position;

/// A position, set by FEN or reached by playing moves, with the positions
/// before it.
///
/// ```
/// use bb_web::Explorer;
///
/// let mut explorer = Explorer::new();
/// let error = explorer.set_fen("8/8/8 w - - 0 1").unwrap_err();
/// assert!(error.starts_with("invalid FEN"), "{error}");
/// assert_eq!(explorer.fen(), bb_movegen::STARTPOS_FEN); // unchanged
/// ```
#[derive(Clone, Debug)]
pub struct Explorer {
    /// The positions so far; the last is the current one, never empty.
    history: Vec<Position>,
}

/// What one square shows: its piece's attacks given the occupancy, the
/// targets of its legal moves, and the rays from it in the eight directions
/// (in [`Direction::ALL`] order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareInfo {
    /// The attack set of the piece on the square (empty if none).
    pub attacks: Bitboard,
    /// The destinations of the piece's legal moves as UCI writes them
    /// (empty unless it is the side to move's).
    pub moves: Bitboard,
    /// The ray from the square to the board's edge in each direction.
    pub rays: [Bitboard; 8],
}

impl Default for Explorer {
    fn default() -> Explorer {
        Explorer::new()
    }
}

impl Explorer {
    /// The initial position.
    pub fn new() -> Explorer {
        Explorer { history: vec![Position::startpos()] }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.history.last().unwrap_or_else(|| unreachable!("the history is never empty"))
    }

    /// The current position's FEN.
    pub fn fen(&self) -> String {
        self.position().to_string()
    }

    /// Starts again from `fen`. On error (the same one-line reason the CLI
    /// gives) nothing changes.
    pub fn set_fen(&mut self, fen: &str) -> Result<(), String> {
        let position = Position::from_fen(fen.trim()).map_err(|error| error.to_string())?;
        self.history = vec![position];
        Ok(())
    }

    /// Plays a move given in UCI (`e2e4`, `e7e8q`; castling as the CLI
    /// writes it). An illegal or unreadable move changes nothing.
    pub fn play_uci(&mut self, uci: &str) -> Result<(), String> {
        let position = *self.position();
        let mv = position.parse_uci_move(uci.trim()).map_err(|error| format!("move '{uci}': {error}"))?;
        self.history.push(position.play(mv));
        Ok(())
    }

    /// Takes the last move back; `false` when there is none.
    pub fn undo(&mut self) -> bool {
        if self.history.len() < 2 {
            return false;
        }
        self.history.pop();
        true
    }

    /// The legal moves in UCI.
    pub fn legal_moves(&self) -> Vec<String> {
        let position = self.position();
        position.legal_moves().iter().map(|mv| mv.uci(position.is_chess960()).to_string()).collect()
    }

    /// The board as 64 characters, a1, b1, …, h8: a piece's FEN letter or
    /// `.` for an empty square.
    pub fn board(&self) -> String {
        let position = self.position();
        Square::ALL
            .iter()
            .map(|&square| position.piece_at(square).map_or('.', |piece| piece.to_char()))
            .collect()
    }

    /// What `square` shows (see [`SquareInfo`]).
    ///
    /// ```
    /// use bb_core::Square;
    /// use bb_web::Explorer;
    ///
    /// let info = Explorer::new().square_info(Square::G1);
    /// assert_eq!(info.attacks.count(), 3); // e2, f3, h3
    /// assert_eq!(info.moves.count(), 2); // f3, h3
    /// ```
    pub fn square_info(&self, square: Square) -> SquareInfo {
        let position = self.position();
        let occupied = position.occupied();
        let attacks = position.piece_at(square).map_or(Bitboard::EMPTY, |piece| match piece.kind() {
            PieceKind::Pawn => pawn_attacks(piece.color(), square),
            PieceKind::Knight => knight_attacks(square),
            PieceKind::Bishop => bishop_attacks(square, occupied),
            PieceKind::Rook => rook_attacks(square, occupied),
            PieceKind::Queen => queen_attacks(square, occupied),
            PieceKind::King => king_attacks(square),
        });
        let mut moves = Bitboard::EMPTY;
        for mv in position.legal_moves().iter().filter(|mv| mv.from() == square) {
            // The square the move is written to, which the page clicks:
            // for castling g1/c1 in standard chess, the rook's square in
            // Chess960 (king takes rook).
            let uci = mv.uci(position.is_chess960()).to_string();
            if let Some(to) = uci.get(2..4).and_then(|name| name.parse::<Square>().ok()) {
                moves.insert(to);
            }
        }
        SquareInfo { attacks, moves, rays: Direction::ALL.map(|direction| ray(direction, square)) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_played_and_taken_back() {
        let mut explorer = Explorer::new();
        explorer.play_uci("e2e4").unwrap();
        explorer.play_uci("e7e5").unwrap();
        assert_eq!(explorer.fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
        assert!(explorer.play_uci("e4e5").is_err());
        assert!(explorer.undo() && explorer.undo() && !explorer.undo());
        assert_eq!(explorer.fen(), bb_movegen::STARTPOS_FEN);
    }

    #[test]
    fn the_board_is_read_from_a1() {
        let board = Explorer::new().board();
        assert_eq!(&board[..8], "RNBQKBNR");
        assert_eq!(&board[56..], "rnbqkbnr");
        assert_eq!(board.matches('.').count(), 32);
    }

    #[test]
    fn a_rook_sees_up_to_the_first_blocker_and_its_rays_to_the_edge() {
        let mut explorer = Explorer::new();
        explorer.set_fen("4k3/8/8/8/R2p4/8/8/4K3 w - - 0 1").unwrap();
        let info = explorer.square_info(Square::A4);
        assert_eq!(info.attacks.count(), 3 + 4 + 3); // b4-d4, a5-a8, a1-a3
        assert_eq!(info.moves, info.attacks);
        assert_eq!(info.rays[0].count(), 4); // north: a5..a8
        assert_eq!(info.rays.iter().map(|ray| ray.count()).sum::<u32>(), 7 + 7 + 7);
        assert_eq!(explorer.square_info(Square::D4).moves, Bitboard::EMPTY, "black's pawn, white to move");
    }

    #[test]
    fn castling_goes_where_uci_writes_it() {
        let mut explorer = Explorer::new();
        explorer.set_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        assert!(explorer.square_info(Square::E1).moves.contains(Square::G1));
        // Chess960 castling is king takes rook.
        explorer.set_fen("4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1").unwrap();
        let moves = explorer.square_info(Square::E1).moves;
        assert!(moves.contains(Square::G1) && moves.contains(Square::B1), "{moves:?}");
    }
}
