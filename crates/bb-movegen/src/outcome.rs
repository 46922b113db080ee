//! How a game ends: [`Outcome`] for the results that end it at once,
//! [`DrawClaim`] for the draws a player may claim, and the comparison of
//! positions that repetition rests on ([`Position::same_position`]).
//! The history itself is kept by `Game` (with the `std` feature).

use crate::moves::{Move, MoveKind};
use crate::Position;
use bb_core::{Color, PieceKind, Square};
use bb_tables::pawn_attacks;
use core::fmt;

/// The plies without capture or pawn move after which a draw may be
/// claimed (the fifty-move rule).
pub const FIFTY_MOVE_PLIES: u32 = 100;

/// The plies without capture or pawn move after which the game is drawn
/// (the seventy-five-move rule), unless the last of them mates.
pub const SEVENTY_FIVE_MOVE_PLIES: u32 = 150;

/// A result that ends the game without anyone claiming it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Outcome {
    /// The side to move is checkmated.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side has the material to mate
    /// ([`Position::is_insufficient_material`]).
    InsufficientMaterial,
    /// The same position for the fifth time (needs the game's history).
    FivefoldRepetition,
    /// 150 plies without capture or pawn move, the last not giving mate.
    SeventyFiveMoves,
}

impl Outcome {
    /// The winner, `None` for a draw.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Checkmate { winner } => Some(winner),
            _ => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Checkmate { winner: Color::White } => f.write_str("1-0 (checkmate)"),
            Outcome::Checkmate { winner: Color::Black } => f.write_str("0-1 (checkmate)"),
            Outcome::Stalemate => f.write_str("1/2-1/2 (stalemate)"),
            Outcome::InsufficientMaterial => f.write_str("1/2-1/2 (insufficient material)"),
            Outcome::FivefoldRepetition => f.write_str("1/2-1/2 (fivefold repetition)"),
            Outcome::SeventyFiveMoves => f.write_str("1/2-1/2 (seventy-five-move rule)"),
        }
    }
}

/// A draw the player to move may claim (the game goes on otherwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DrawClaim {
    /// The same position for the third time (needs the game's history).
    ThreefoldRepetition,
    /// 100 plies without capture or pawn move, the last not giving mate.
    FiftyMoves,
}

impl Position {
    /// True when `other` is the same position for the repetition rules:
    /// the same pieces on the same squares, the same side to move, the same
    /// castling rights (with the same rooks) and the same en-passant
    /// capture *legally* available ([`Position::legal_en_passant`]). The
    /// move counters do not count; `==` compares them too, and the Zobrist
    /// key counts an en-passant square a pawn attacks even when the capture
    /// is illegal.
    ///
    /// ```
    /// use bb_movegen::Position;
    ///
    /// let a = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    /// let b = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 12 40").unwrap();
    /// assert!(a.same_position(&b));
    /// assert_ne!(a, b);
    /// let no_rights = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w - - 0 1").unwrap();
    /// assert!(!a.same_position(&no_rights));
    /// ```
    pub fn same_position(&self, other: &Position) -> bool {
        self.colors == other.colors
            && self.kinds == other.kinds
            && self.side_to_move == other.side_to_move
            && self.castling == other.castling
            && self.same_castling_rooks(other)
            && self.legal_en_passant() == other.legal_en_passant()
    }

    /// The en-passant square when a legal move captures there, else `None`
    /// (FEN's field is set after every double push, capture or not).
    ///
    /// ```
    /// use bb_movegen::Position;
    ///
    /// let after_e4 = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
    /// assert_eq!(after_e4.en_passant(), "e3".parse().ok());
    /// assert_eq!(after_e4.legal_en_passant(), None);
    /// ```
    pub fn legal_en_passant(&self) -> Option<Square> {
        let target = self.en_passant?;
        let us = self.side_to_move;
        let capturers = pawn_attacks(us.opposite(), target) & self.by_color_kind(us, PieceKind::Pawn);
        capturers
            .into_iter()
            .any(|from| self.is_legal(Move::new(from, target, MoveKind::EnPassant)))
            .then_some(target)
    }

    /// True when 150 plies have passed without capture or pawn move and
    /// the side to move is not mated: the game is drawn.
    pub fn is_seventy_five_move_rule(&self) -> bool {
        self.halfmove_clock >= SEVENTY_FIVE_MOVE_PLIES && !self.is_checkmate()
    }

    /// The result that ends the game in this position, judged from the
    /// position alone: checkmate, stalemate, insufficient material or the
    /// seventy-five-move rule. Fivefold repetition needs the history: ask
    /// `Game::outcome`.
    ///
    /// ```
    /// use bb_core::Color;
    /// use bb_movegen::{Outcome, Position};
    ///
    /// let mated = Position::from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
    /// assert_eq!(mated.outcome(), Some(Outcome::Checkmate { winner: Color::White }));
    /// assert_eq!(Position::startpos().outcome(), None);
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        if self.count_legal_moves() == 0 {
            return Some(if self.in_check() {
                Outcome::Checkmate { winner: self.side_to_move.opposite() }
            } else {
                Outcome::Stalemate
            });
        }
        if self.is_insufficient_material() {
            Some(Outcome::InsufficientMaterial)
        } else if self.halfmove_clock >= SEVENTY_FIVE_MOVE_PLIES {
            Some(Outcome::SeventyFiveMoves)
        } else {
            None
        }
    }
}
