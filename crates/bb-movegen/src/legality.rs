//! Checked play: is one given move legal here, answered from the board
//! without generating a move list, and `try_play`, which plays a move only
//! when it is.
//!
//! The test follows the generator's own reasoning ([`crate::movegen`]) for
//! the one move: the piece and the move's kind flags first (a pseudo-legal
//! move), then the king's safety by the check mask, the pin rays, the
//! lifted-king attack test, and for castling and en passant the same
//! replays the generator makes. Every 16-bit code is classified exactly as
//! `legal_moves().contains(mv)` would; the tests check all 65,536 of them.

use crate::castling::CastlingSide;
use crate::moves::{Move, MoveKind};
use crate::Position;
use bb_core::{Bitboard, Color, PieceKind, Rank, Square};
use bb_tables::{between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks};
use core::fmt;

/// Why a move is not legal in a position; see [`IllegalMove::reason`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IllegalReason {
    /// The origin square holds no piece of the side to move.
    NoPieceToMove,
    /// The piece there cannot make this move, whatever the king's safety:
    /// the destination is out of its reach or holds one of its own pieces,
    /// or the move's kind (capture, double push, promotion, en passant,
    /// castling) does not match the board.
    CannotMoveThere,
    /// The move would leave or put the mover's king in check (a pinned
    /// piece leaving its line, a check not answered, castling out of,
    /// through or into check).
    KingInCheck,
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalReason::NoPieceToMove => "no piece of the side to move stands on its origin square",
            IllegalReason::CannotMoveThere => "the piece there cannot make that move",
            IllegalReason::KingInCheck => "it would leave the king in check",
        })
    }
}

/// A move refused by [`Position::try_play`]: the move, the position and
/// why. It prints as one line, e.g.
/// `e1e2 is not legal in 4k3/8/8/8/8/8/4q3/4K3 w - - 0 1: the piece there cannot make that move`.
/// No allocation: the position is kept by value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    mv: Move,
    position: Position,
    reason: IllegalReason,
}

impl IllegalMove {
    /// The move that was refused.
    pub fn mv(&self) -> Move {
        self.mv
    }

    /// The position it was refused in.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Why it is not legal.
    pub fn reason(&self) -> IllegalReason {
        self.reason
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.mv.uci(self.position.is_chess960());
        write!(f, "{text} is not legal in {}: {}", self.position, self.reason)
    }
}

impl core::error::Error for IllegalMove {}

impl Position {
    /// True when `mv` is one of [`Position::legal_moves`], answered without
    /// generating them: a few table lookups and bit tests for the one move.
    /// Any `Move` value is accepted, including [`Move::NULL`] and codes
    /// that make no sense here (a transposition-table move from another
    /// position, or a corrupt one).
    ///
    /// ```
    /// use bb_movegen::{Move, MoveKind, Position};
    /// use bb_core::Square;
    ///
    /// let start = Position::startpos();
    /// assert!(start.is_legal(Move::new(Square::E2, Square::E4, MoveKind::DoublePush)));
    /// // The same squares with the wrong kind flag are not a legal move.
    /// assert!(!start.is_legal(Move::new(Square::E2, Square::E4, MoveKind::Quiet)));
    /// assert!(!start.is_legal(Move::new(Square::E7, Square::E5, MoveKind::DoublePush)));
    /// assert!(!start.is_legal(Move::NULL));
    /// ```
    #[inline]
    pub fn is_legal(&self, mv: Move) -> bool {
        self.legality(mv).is_ok()
    }

    /// The position after `mv` when it is legal here, else an error that
    /// names the move, the position and the reason. The checked
    /// counterpart of [`Position::play`].
    ///
    /// ```
    /// use bb_movegen::{Move, MoveKind, Position};
    /// use bb_core::Square;
    ///
    /// let start = Position::startpos();
    /// let after = start.try_play(Move::new(Square::G1, Square::F3, MoveKind::Quiet)).unwrap();
    /// assert_eq!(after.to_string(), "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
    ///
    /// let error = start.try_play(Move::new(Square::E1, Square::E2, MoveKind::Quiet)).unwrap_err();
    /// assert_eq!(
    ///     error.to_string(),
    ///     "e1e2 is not legal in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1: \
    ///      the piece there cannot make that move"
    /// );
    /// ```
    pub fn try_play(&self, mv: Move) -> Result<Position, IllegalMove> {
        match self.legality(mv) {
            Ok(()) => Ok(self.play(mv)),
            Err(reason) => Err(IllegalMove { mv, position: *self, reason }),
        }
    }

    /// `Ok` when `mv` is legal, else the first reason it is not.
    #[inline]
    pub(crate) fn legality(&self, mv: Move) -> Result<(), IllegalReason> {
        let us = self.side_to_move;
        let from = mv.from();
        let to = mv.to();
        if !self.by_color(us).contains(from) {
            return Err(IllegalReason::NoPieceToMove);
        }
        match mv.kind() {
            MoveKind::Castling => return self.castling_legality(from, to),
            MoveKind::EnPassant => return self.en_passant_legality(from, to),
            _ => {}
        }
        let Some(mover) = self.kind_at(from) else { return Err(IllegalReason::NoPieceToMove) };
        let occupied = self.occupied();
        let enemies = self.by_color(us.opposite());
        // The capture flag must say what the destination holds; a square of
        // our own is never a destination (castling was handled above).
        if self.by_color(us).contains(to) || mv.is_capture() != enemies.contains(to) {
            return Err(IllegalReason::CannotMoveThere);
        }
        let reachable = match mover {
            PieceKind::Pawn => pawn_reaches(us, mv, from, to, occupied),
            _ if mv.is_promotion() || mv.is_double_push() => false,
            PieceKind::Knight => knight_attacks(from).contains(to),
            PieceKind::Bishop => bishop_attacks(from, occupied).contains(to),
            PieceKind::Rook => rook_attacks(from, occupied).contains(to),
            PieceKind::Queen => (bishop_attacks(from, occupied) | rook_attacks(from, occupied)).contains(to),
            PieceKind::King => king_attacks(from).contains(to),
        };
        if !reachable {
            return Err(IllegalReason::CannotMoveThere);
        }
        let safe = if mover == PieceKind::King {
            // Lifted, so that a slider checking along the line does not
            // see the king's old square as a shield.
            !self.is_attacked_by(to, us.opposite(), occupied.without(from))
        } else {
            self.non_king_move_is_safe(from, to)
        };
        if safe {
            Ok(())
        } else {
            Err(IllegalReason::KingInCheck)
        }
    }

    /// The check mask and pin test of the generator, for one move of a
    /// piece other than the king.
    #[inline(always)]
    fn non_king_move_is_safe(&self, from: Square, to: Square) -> bool {
        let checkers = self.checkers;
        let king = self.king_square(self.side_to_move);
        if checkers.has_more_than_one() {
            return false;
        }
        if let Some(checker) = checkers.first_square() {
            // A pinned piece can never answer a check.
            return between(king, checker).with(checker).contains(to)
                && !self.blockers_for_king(self.side_to_move).contains(from);
        }
        !self.blockers_for_king(self.side_to_move).contains(from) || line(king, from).contains(to)
    }

    /// Castling is the king (on `from`) moving onto the rook of a right
    /// still held (on `to`), by the generator's rules.
    fn castling_legality(&self, from: Square, to: Square) -> Result<(), IllegalReason> {
        let us = self.side_to_move;
        let king = self.king_square(us);
        let side = CastlingSide::ALL.into_iter().find(|side| self.castling_rook(us, *side) == Some(to));
        let Some(side) = side.filter(|_| from == king) else {
            return Err(IllegalReason::CannotMoveThere);
        };
        if let Some(reason) = crate::castling::castling_obstacle(self, us, side, king, to) {
            return Err(reason);
        }
        if self.in_check() {
            return Err(IllegalReason::KingInCheck);
        }
        Ok(())
    }

    /// En passant: our pawn on `from` takes towards the en-passant square
    /// `to`; legal when no enemy attacks the king once the capture's
    /// occupancy change is replayed (the generator's test).
    fn en_passant_legality(&self, from: Square, to: Square) -> Result<(), IllegalReason> {
        let us = self.side_to_move;
        let them = us.opposite();
        let capturer = self.by_color_kind(us, PieceKind::Pawn).contains(from);
        if self.en_passant != Some(to) || !capturer || !pawn_attacks(us, from).contains(to) {
            return Err(IllegalReason::CannotMoveThere);
        }
        if self.checkers.has_more_than_one() {
            return Err(IllegalReason::KingInCheck);
        }
        let captured = Square::new(to.file(), from.rank());
        let occupied = self.occupied().without(from).without(captured).with(to);
        let attackers = self.attacks_to(self.king_square(us), occupied) & self.by_color(them);
        if attackers.without(captured).is_empty() {
            Ok(())
        } else {
            Err(IllegalReason::KingInCheck)
        }
    }
}

/// True when a pawn of `us` on `from` can make `mv` (not en passant) to
/// `to` on a board with `occupied`, the capture flag already checked
/// against the destination: promotion exactly on the last rank, pushes to
/// empty squares straight ahead, captures diagonally.
#[inline(always)]
fn pawn_reaches(us: Color, mv: Move, from: Square, to: Square, occupied: Bitboard) -> bool {
    let (last_rank, start_rank, forward) = match us {
        Color::White => (Rank::Eighth, Rank::Second, from.bitboard().north()),
        Color::Black => (Rank::First, Rank::Seventh, from.bitboard().south()),
    };
    if mv.is_promotion() != (to.rank() == last_rank) {
        return false;
    }
    if mv.is_capture() {
        return pawn_attacks(us, from).contains(to);
    }
    let single = forward - occupied;
    if mv.is_double_push() {
        let double = match us {
            Color::White => single.north(),
            Color::Black => single.south(),
        };
        return from.rank() == start_rank && (double - occupied).contains(to);
    }
    single.contains(to)
}
