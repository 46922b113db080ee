//! Facts about a move before it is played: the piece it moves, the piece
//! it captures, and whether it gives check. The search asks these of moves
//! it may prune without ever playing them, so none of them makes the move.

use crate::moves::Move;
use crate::Position;
use bb_core::{Bitboard, Color, Piece, PieceKind};
use bb_tables::{bishop_attacks, knight_attacks, pawn_attacks, rook_attacks};

impl Position {
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

    /// True when the legal move `mv` checks the opponent's king, directly
    /// or by uncovering a slider, answered from attack tables without
    /// making the move. Castling, which is rare, is answered by making it.
    ///
    /// ```
    /// use bb_movegen::Position;
    ///
    /// // Moving the d4 knight uncovers the d1 rook's check on d8.
    /// let position = Position::from_fen("3k4/8/8/8/3N4/8/8/3RK3 w - - 0 1").unwrap();
    /// assert!(position.gives_check(position.parse_uci_move("d4b5").unwrap()));
    /// assert!(!position.gives_check(position.parse_uci_move("e1e2").unwrap()));
    /// ```
    pub fn gives_check(&self, mv: Move) -> bool {
        if mv.is_castling() {
            return self.play(mv).in_check();
        }
        let us = self.side_to_move();
        let king = self.king_square(us.opposite());
        let from = mv.from();
        let to = mv.to();
        let Some(moved) = self.moved_piece(mv) else { return false };
        let kind = mv.promotion().unwrap_or(moved.kind());

        let mut occupied = (self.occupied() & !from.bitboard()) | to.bitboard();
        if mv.is_en_passant() {
            let captured = match us {
                Color::White => to.bitboard().south(),
                Color::Black => to.bitboard().north(),
            };
            occupied &= !captured;
        }
        // Direct checks by a knight or pawn arriving on `to`.
        match kind {
            PieceKind::Knight if knight_attacks(to).contains(king) => return true,
            PieceKind::Pawn if pawn_attacks(us, to).contains(king) => return true,
            _ => {}
        }
        // Slider checks, direct or discovered: our sliders after the move,
        // seen from the king through the new occupancy.
        let ours = |kind: PieceKind| self.by_color_kind(us, kind);
        let mut diagonal = (ours(PieceKind::Bishop) | ours(PieceKind::Queen)) & !from.bitboard();
        let mut straight = (ours(PieceKind::Rook) | ours(PieceKind::Queen)) & !from.bitboard();
        match kind {
            PieceKind::Bishop => diagonal |= to.bitboard(),
            PieceKind::Rook => straight |= to.bitboard(),
            PieceKind::Queen => {
                diagonal |= to.bitboard();
                straight |= to.bitboard();
            }
            _ => {}
        }
        // A captured enemy slider on `to` is not ours; ours never stand there.
        let checkers =
            (bishop_attacks(king, occupied) & diagonal) | (rook_attacks(king, occupied) & straight);
        checkers != Bitboard::EMPTY
    }
}
