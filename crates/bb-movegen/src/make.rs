//! Making moves by copy: `play` returns the next position and leaves the
//! current one untouched, so search and perft need no unmake.

use crate::moves::{Move, MoveKind};
use crate::Position;
use bb_core::{Color, Piece, PieceKind, Square};
use bb_tables::zobrist;

impl Position {
    /// The position after `mv`, which must be legal here (one from
    /// [`Position::legal_moves`] or [`Position::parse_uci_move`]). A move
    /// from an empty square returns the position unchanged.
    pub fn play(&self, mv: Move) -> Position {
        self.play_keyed::<true>(mv)
    }

    /// `play` for perft, which never reads the Zobrist key: skipping its
    /// upkeep saves a handful of table lookups per move. The key of the
    /// result is stale and must not be used.
    #[inline(always)]
    pub(crate) fn play_unkeyed(&self, mv: Move) -> Position {
        self.play_keyed::<false>(mv)
    }

    #[inline(always)]
    fn play_keyed<const KEYED: bool>(&self, mv: Move) -> Position {
        let from = mv.from();
        let to = mv.to();
        let Some(piece) = self.piece_at(from) else { return *self };
        let us = self.side_to_move;

        let mut next = *self;
        if KEYED {
            next.forget_en_passant_and_castling_keys();
        } else {
            next.en_passant = None;
        }
        next.halfmove_clock += 1;

        match mv.kind() {
            MoveKind::Castling => {
                let rook = Piece::new(us, PieceKind::Rook);
                // Lift both first: in Chess960 the destinations may overlap
                // the origins.
                next.remove_piece::<KEYED>(piece, from);
                next.remove_piece::<KEYED>(rook, to);
                next.add_piece::<KEYED>(piece, mv.king_destination());
                next.add_piece::<KEYED>(rook, mv.rook_destination());
            }
            MoveKind::EnPassant => {
                let captured = Square::new(to.file(), from.rank());
                next.remove_piece::<KEYED>(Piece::new(us.opposite(), PieceKind::Pawn), captured);
                next.move_piece::<KEYED>(piece, from, to);
                next.halfmove_clock = 0;
            }
            kind => {
                if mv.is_capture() {
                    if let Some(victim) = self.piece_at(to) {
                        next.remove_piece::<KEYED>(victim, to);
                    }
                    next.halfmove_clock = 0;
                }
                match mv.promotion() {
                    Some(promoted) => {
                        next.remove_piece::<KEYED>(piece, from);
                        next.add_piece::<KEYED>(Piece::new(us, promoted), to);
                    }
                    None => next.move_piece::<KEYED>(piece, from, to),
                }
                if piece.kind() == PieceKind::Pawn {
                    next.halfmove_clock = 0;
                    if kind == MoveKind::DoublePush {
                        next.en_passant = Square::from_index((from as u8 + to as u8) / 2);
                    }
                }
            }
        }

        if !next.castling.is_empty() {
            next.castling = next.castling.without_bits(self.castling_rights_lost(piece, from, to));
        }
        next.side_to_move = us.opposite();
        if us == Color::Black {
            next.fullmove_number += 1;
        }
        if KEYED {
            next.add_en_passant_and_castling_keys();
            next.hash ^= zobrist::side_to_move();
        }
        next.checkers = next.compute_checkers();
        next
    }

    /// The position after passing the move (for null-move pruning in
    /// search): the other side moves, the en-passant square is cleared.
    /// Not meaningful when the side to move is in check.
    pub fn play_null(&self) -> Position {
        let mut next = *self;
        next.forget_en_passant_and_castling_keys();
        next.halfmove_clock += 1;
        next.side_to_move = self.side_to_move.opposite();
        if self.side_to_move == Color::Black {
            next.fullmove_number += 1;
        }
        next.add_en_passant_and_castling_keys();
        next.hash ^= zobrist::side_to_move();
        next.checkers = next.compute_checkers();
        next
    }

    /// The castling-right bits a move of `piece` from `from` to `to` takes
    /// away: both of the mover's when the king moves, and the right of any
    /// castling rook that leaves or is captured on its square.
    fn castling_rights_lost(&self, piece: Piece, from: Square, to: Square) -> u8 {
        let mut lost = 0;
        if piece.kind() == PieceKind::King {
            lost |= 3 << (piece.color() as u8 * 2);
        }
        for (index, rook) in self.castling_rooks.iter().enumerate() {
            if *rook == from || *rook == to {
                lost |= 1 << index;
            }
        }
        lost
    }

    /// Removes the en-passant and castling terms from the key before they change.
    #[inline(always)]
    fn forget_en_passant_and_castling_keys(&mut self) {
        if self.en_passant_matters() {
            if let Some(square) = self.en_passant {
                self.hash ^= zobrist::en_passant(square.file());
            }
        }
        self.hash ^= zobrist::castling(self.castling.bits());
        self.en_passant = None;
    }

    /// Adds the en-passant and castling terms of the new state to the key.
    #[inline(always)]
    fn add_en_passant_and_castling_keys(&mut self) {
        self.hash ^= zobrist::castling(self.castling.bits());
        if self.en_passant_matters() {
            if let Some(square) = self.en_passant {
                self.hash ^= zobrist::en_passant(square.file());
            }
        }
    }

    #[inline(always)]
    fn add_piece<const KEYED: bool>(&mut self, piece: Piece, square: Square) {
        let bit = square.bitboard();
        self.pieces[piece.index()] |= bit;
        self.colors[piece.color().index()] |= bit;
        self.occupied |= bit;
        self.board[square.index()] = Some(piece);
        if KEYED {
            self.hash ^= zobrist::piece(piece, square);
        }
    }

    #[inline(always)]
    fn remove_piece<const KEYED: bool>(&mut self, piece: Piece, square: Square) {
        let bit = square.bitboard();
        self.pieces[piece.index()] = self.pieces[piece.index()] - bit;
        self.colors[piece.color().index()] = self.colors[piece.color().index()] - bit;
        self.occupied = self.occupied - bit;
        self.board[square.index()] = None;
        if KEYED {
            self.hash ^= zobrist::piece(piece, square);
        }
    }

    #[inline(always)]
    fn move_piece<const KEYED: bool>(&mut self, piece: Piece, from: Square, to: Square) {
        let bits = from.bitboard() | to.bitboard();
        self.pieces[piece.index()] ^= bits;
        self.colors[piece.color().index()] ^= bits;
        self.occupied ^= bits;
        self.board[from.index()] = None;
        self.board[to.index()] = Some(piece);
        self.hash = self.hash ^ zobrist::piece(piece, from) ^ zobrist::piece(piece, to);
    }
}
