//! Where the generator puts its moves: a [`MoveSink`] takes them a set of
//! destinations at a time, so that one generator fills a move list, plays
//! each move as it comes (perft's inner nodes), or only counts (perft's
//! leaves).

use crate::moves::{Move, MoveKind};
use bb_core::{Bitboard, PieceKind, Square};

/// Receives generated moves, a set of destinations at a time where it can.
pub(crate) trait MoveSink {
    /// A non-pawn piece on `from` moves to each square of `targets`; those
    /// in `enemies` are captures.
    fn piece_moves(&mut self, from: Square, targets: Bitboard, enemies: Bitboard);
    /// A pawn move of `kind` to each square of `targets`, each from the
    /// square `step` indices back.
    fn pawn_moves(&mut self, targets: Bitboard, step: i8, kind: MoveKind);
    /// Four promotions to each square of `targets`, each from `step` back.
    fn promotions(&mut self, targets: Bitboard, step: i8, capture: bool);
    /// One move (en passant, castling).
    fn single(&mut self, mv: Move);
}

/// What [`EachMove`] does with each move: a closure, or a type whose
/// `on_move` is inlined into the generator's loops (perft's leaves, where
/// a closure's body, called from a dozen places, stays a function call).
pub(crate) trait OnMove {
    /// Takes one move.
    fn on_move(&mut self, mv: Move);
}

impl<F: FnMut(Move)> OnMove for F {
    #[inline(always)]
    fn on_move(&mut self, mv: Move) {
        self(mv);
    }
}

/// Turns the set-wise calls into one call of `F` per move: used to fill a
/// [`MoveList`] and, in perft, to play and recurse without any list.
pub(crate) struct EachMove<F: OnMove>(pub(crate) F);

impl<F: OnMove> MoveSink for EachMove<F> {
    #[inline(always)]
    fn piece_moves(&mut self, from: Square, targets: Bitboard, enemies: Bitboard) {
        for to in targets {
            let kind = if enemies.contains(to) { MoveKind::Capture } else { MoveKind::Quiet };
            self.0.on_move(Move::new(from, to, kind));
        }
    }

    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, step: i8, kind: MoveKind) {
        for to in targets {
            let from = Square::from_index_wrapping((to as i32 - step as i32) as u32);
            self.0.on_move(Move::new(from, to, kind));
        }
    }

    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, step: i8, capture: bool) {
        for to in targets {
            let from = Square::from_index_wrapping((to as i32 - step as i32) as u32);
            for piece in [PieceKind::Queen, PieceKind::Knight, PieceKind::Rook, PieceKind::Bishop] {
                self.0.on_move(Move::new(from, to, MoveKind::promotion(piece, capture)));
            }
        }
    }

    #[inline(always)]
    fn single(&mut self, mv: Move) {
        self.0.on_move(mv);
    }
}

/// Counts moves without listing them: perft's leaves cost a popcount per piece.
#[derive(Default)]
pub(crate) struct MoveCounter(pub(crate) u64);

impl MoveSink for MoveCounter {
    #[inline(always)]
    fn piece_moves(&mut self, _from: Square, targets: Bitboard, _enemies: Bitboard) {
        self.0 += targets.count() as u64;
    }

    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, _step: i8, _kind: MoveKind) {
        self.0 += targets.count() as u64;
    }

    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, _step: i8, _capture: bool) {
        self.0 += 4 * targets.count() as u64;
    }

    #[inline(always)]
    fn single(&mut self, _mv: Move) {
        self.0 += 1;
    }
}
