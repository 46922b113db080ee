//! What a move does to the board, piece by piece: the one place that knows
//! how castling, en passant and promotions move pieces, for the values the
//! search keeps up to date move by move (the material and piece-square sum
//! of the hand-written evaluation, the network's accumulator).

use bb_core::{Color, PieceKind, Square};
use bb_movegen::{Move, Position};

/// A piece of `color` and `kind` put on `square` (`added`) or taken from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PieceChange {
    pub color: Color,
    pub kind: PieceKind,
    pub square: Square,
    pub added: bool,
}

/// Calls `apply` with each piece `mv`, a legal move of `position`, puts or
/// takes away: up to four (castling moves two pieces; a capture removes one
/// more); none when no piece stands on the move's origin. A callback rather
/// than a list, so that each caller compiles to straight-line code.
#[inline(always)]
pub(crate) fn for_each_change(position: &Position, mv: Move, mut apply: impl FnMut(PieceChange)) {
    let us = position.side_to_move();
    let (from, to) = (mv.from(), mv.to());
    let Some(mover) = position.kind_at(from) else { return };
    let mut change = |color, kind, square, added| apply(PieceChange { color, kind, square, added });
    if mv.is_castling() {
        // Encoded as the king taking its own rook.
        change(us, PieceKind::King, from, false);
        change(us, PieceKind::Rook, to, false);
        change(us, PieceKind::King, mv.king_destination(), true);
        change(us, PieceKind::Rook, mv.rook_destination(), true);
        return;
    }
    change(us, mover, from, false);
    change(us, mv.promotion().unwrap_or(mover), to, true);
    if mv.is_en_passant() {
        change(us.opposite(), PieceKind::Pawn, Square::new(to.file(), from.rank()), false);
    } else if let Some(victim) = position.captured_kind(mv) {
        change(us.opposite(), victim, to, false);
    }
}
