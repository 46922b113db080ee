//! `Game`: a start position and the moves played from it, with the rules
//! that need the history (repetition) and the game's end.
//!
//! Behind the `std` feature: a game has no length limit and keeps every
//! move (for replay, undo and export), so it allocates. A fixed-capacity
//! design would have to cap the length of a game or forget its moves; the
//! positions repetition needs are few (those since the last capture or
//! pawn move), but the game is more than its repetition window. Search,
//! which needs only repetition, keeps its own key path without allocating.

use crate::legality::IllegalMove;
use crate::moves::Move;
use crate::outcome::{DrawClaim, Outcome, FIFTY_MOVE_PLIES, SEVENTY_FIVE_MOVE_PLIES};
use crate::Position;

/// A game: the start position, the moves played and every position
/// reached.
///
/// ```
/// use bb_movegen::{DrawClaim, Game, Outcome, Position};
///
/// let mut game = Game::new(Position::startpos());
/// // Knights out and back, twice: the start position for the third time.
/// for text in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"] {
///     let mv = game.position().parse_uci_move(text).unwrap();
///     game.play(mv).unwrap();
/// }
/// assert_eq!(game.repetitions(), 3);
/// assert!(game.is_threefold_repetition());
/// assert_eq!(game.claimable_draw(), Some(DrawClaim::ThreefoldRepetition));
/// assert_eq!(game.outcome(), None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The start position, then the position after each move.
    positions: Vec<Position>,
    moves: Vec<Move>,
}

impl Game {
    /// A game from `start`, no move played yet.
    ///
    /// ```
    /// use bb_movegen::{Game, Position};
    ///
    /// let game = Game::new(Position::startpos());
    /// assert!(game.moves().is_empty());
    /// assert_eq!(game.position(), &Position::startpos());
    /// ```
    pub fn new(start: Position) -> Game {
        Game { positions: vec![start], moves: Vec::new() }
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions.last().unwrap_or(&self.positions[0])
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The start position and every position after it, in order.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// Plays `mv` when it is legal in the current position; otherwise the
    /// game is unchanged and the error says why. Moves are accepted after
    /// the game has ended too: [`Game::outcome`] says whether it has.
    ///
    /// ```
    /// use bb_movegen::{Game, Move, MoveKind, Position, Square};
    ///
    /// let mut game = Game::new(Position::startpos());
    /// assert!(game.play(Move::new(Square::E2, Square::E5, MoveKind::Quiet)).is_err());
    /// assert!(game.moves().is_empty()); // unchanged
    /// let e4 = game.position().parse_uci_move("e2e4").unwrap();
    /// assert!(game.play(e4).is_ok());
    /// assert_eq!(game.moves(), [e4]);
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        let next = self.position().try_play(mv)?;
        self.positions.push(next);
        self.moves.push(mv);
        Ok(())
    }

    /// Takes back the last move and returns it; `None` at the start.
    ///
    /// ```
    /// use bb_movegen::{Game, Position};
    ///
    /// let mut game = Game::default();
    /// let e4 = game.position().parse_uci_move("e2e4").unwrap();
    /// game.play(e4).unwrap();
    /// assert_eq!(game.undo(), Some(e4));
    /// assert_eq!(game.undo(), None);
    /// assert_eq!(game.position(), &Position::startpos());
    /// ```
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        Some(mv)
    }

    /// How many times the current position has occurred in the game, this
    /// time included ([`Position::same_position`]: counters ignored, en
    /// passant only when legal). Only positions since the last capture or
    /// pawn move are compared: none before can be the same.
    pub fn repetitions(&self) -> usize {
        let current = self.position();
        let window = (current.halfmove_clock() as usize).min(self.positions.len() - 1);
        let earlier = &self.positions[self.positions.len() - 1 - window..self.positions.len() - 1];
        1 + earlier.iter().rev().skip(1).step_by(2).filter(|position| position.same_position(current)).count()
    }

    /// True when the current position has occurred at least `n` times.
    pub fn is_repetition(&self, n: usize) -> bool {
        self.repetitions() >= n
    }

    /// True when the current position has occurred three times or more:
    /// a draw may be claimed.
    ///
    /// ```
    /// use bb_movegen::{Game, Position};
    ///
    /// let mut game = Game::new(Position::startpos());
    /// for round in 1..=2 {
    ///     for text in ["g1f3", "g8f6", "f3g1", "f6g8"] {
    ///         let mv = game.position().parse_uci_move(text).unwrap();
    ///         game.play(mv).unwrap();
    ///     }
    ///     assert_eq!(game.is_threefold_repetition(), round == 2); // 2nd, then 3rd time
    /// }
    /// ```
    pub fn is_threefold_repetition(&self) -> bool {
        self.is_repetition(3)
    }

    /// True when the current position has occurred five times or more: the
    /// game is drawn.
    pub fn is_fivefold_repetition(&self) -> bool {
        self.is_repetition(5)
    }

    /// True when 100 plies have passed without capture or pawn move and the
    /// last did not mate: a draw may be claimed.
    pub fn is_fifty_move_rule(&self) -> bool {
        self.position().halfmove_clock() >= FIFTY_MOVE_PLIES && !self.position().is_checkmate()
    }

    /// True when 150 plies have passed without capture or pawn move and the
    /// last did not mate: the game is drawn.
    pub fn is_seventy_five_move_rule(&self) -> bool {
        self.position().halfmove_clock() >= SEVENTY_FIVE_MOVE_PLIES && !self.position().is_checkmate()
    }

    /// The result that has ended the game, if any: checkmate, stalemate,
    /// insufficient material, fivefold repetition or the
    /// seventy-five-move rule (checkmate first: a mate on the 150th ply
    /// stands). Draws that must be claimed are [`Game::claimable_draw`].
    pub fn outcome(&self) -> Option<Outcome> {
        match self.position().outcome() {
            Some(
                outcome @ (Outcome::Checkmate { .. } | Outcome::Stalemate | Outcome::InsufficientMaterial),
            ) => Some(outcome),
            _ if self.is_fivefold_repetition() => Some(Outcome::FivefoldRepetition),
            other => other,
        }
    }

    /// A draw the player to move may claim now: threefold repetition or
    /// the fifty-move rule (repetition first). Claims on a move not yet
    /// played (FIDE 9.2.1.1, 9.3.1) are not judged: play the move, then ask.
    pub fn claimable_draw(&self) -> Option<DrawClaim> {
        if self.is_threefold_repetition() {
            Some(DrawClaim::ThreefoldRepetition)
        } else if self.is_fifty_move_rule() {
            Some(DrawClaim::FiftyMoves)
        } else {
            None
        }
    }
}

impl Default for Game {
    /// A game from the initial position.
    fn default() -> Game {
        Game::new(Position::startpos())
    }
}
