//! Questions about a position: game-ending conditions, move text, and
//! facts about a move before it is played.

use crate::error::MoveError;
use crate::moves::Move;
use crate::Position;
use bb_core::{Bitboard, Color, File, Piece, PieceKind, Rank, Square};

impl Position {
    /// True when the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.in_check() && self.count_legal_moves() == 0
    }

    /// True when the side to move is not in check and has no legal move.
    pub fn is_stalemate(&self) -> bool {
        !self.in_check() && self.count_legal_moves() == 0
    }

    /// True when neither side can ever mate: bare kings, a single minor
    /// piece, or only bishops that all stand on squares of one colour.
    pub fn is_insufficient_material(&self) -> bool {
        let heavy_or_pawns = self.pieces_of_kind(PieceKind::Pawn)
            | self.pieces_of_kind(PieceKind::Rook)
            | self.pieces_of_kind(PieceKind::Queen);
        if heavy_or_pawns.any() {
            return false;
        }
        let knights = self.pieces_of_kind(PieceKind::Knight);
        let bishops = self.pieces_of_kind(PieceKind::Bishop);
        if (knights | bishops).count() <= 1 {
            return true;
        }
        const LIGHT_SQUARES: Bitboard = Bitboard::from_u64(0x55aa_55aa_55aa_55aa);
        knights.is_empty() && ((bishops & LIGHT_SQUARES).is_empty() || (bishops - LIGHT_SQUARES).is_empty())
    }

    /// True when the fifty-move rule allows a draw claim: 100 plies without
    /// capture or pawn move, unless the last of them gave mate.
    pub fn is_fifty_move_draw(&self) -> bool {
        self.halfmove_clock >= 100 && !self.is_checkmate()
    }

    /// The piece `mv` moves (the king, for castling): the side to move's
    /// piece on its origin, `None` when the origin holds none of theirs.
    #[inline]
    pub fn moved_piece(&self, mv: Move) -> Option<Piece> {
        let from = mv.from();
        let ours = self.by_color(self.side_to_move).contains(from);
        // Move ordering asks this for every quiet move: the colour is known,
        // so only the kind is looked up.
        self.kind_at(from).filter(|_| ours).map(|kind| Piece::new(self.side_to_move, kind))
    }

    /// The kind of piece `mv` captures: a pawn for en passant, nothing for
    /// castling (which is encoded as the king moving onto its own rook).
    pub fn captured_kind(&self, mv: Move) -> Option<PieceKind> {
        if mv.is_en_passant() {
            Some(PieceKind::Pawn)
        } else if mv.is_capture() {
            self.kind_at(mv.to())
        } else {
            None
        }
    }

    /// True when `mv` (legal here) checks the opponent.
    pub fn gives_check(&self, mv: Move) -> bool {
        self.play(mv).in_check()
    }

    /// Parses UCI move text (`e2e4`, `e7e8q`, castling as `e1g1` or as king
    /// takes own rook `e1h1`) and finds it among the legal moves.
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

    /// The board as an 8×8 grid of FEN letters (`.` for empty), rank 8 on
    /// top, with the side to move, castling, en-passant square and key below.
    pub fn write_board(&self, out: &mut dyn core::fmt::Write) -> core::fmt::Result {
        bb_core::bitboard::write_grid(out, |square| self.piece_at(square).map_or('.', Piece::to_char))?;
        let side = match self.side_to_move {
            Color::White => "white",
            Color::Black => "black",
        };
        writeln!(out, "fen: {self}")?;
        writeln!(out, "to move: {side}, key: {:016x}", self.hash())
    }
}
