//! Move ordering: everything the search uses to try good moves first, and
//! the memory it keeps of which moves were good.
//!
//! - [`picker`]: generates the moves of a node in stages, scores them and
//!   hands them out best first ([`MovePicker`], [`QuiescencePicker`]), by
//!   selection from a scored list (`scored`), tactical moves scored by
//!   `tactical`, quiet moves by history and by the threats they escape or
//!   walk into (`threats`).
//! - [`killers`]: two quiet moves per ply that recently caused a cutoff
//!   ([`Killers`], kept for one search).
//! - [`history`]: butterfly and continuation history, with their
//!   saturating update ([`ButterflyHistory`], [`ContinuationHistory`]).
//! - [`counters`]: the quiet move that last refuted each opponent move
//!   ([`CounterMoves`]).
//! - [`memory`]: the tables kept between searches of a game, and what they
//!   learn from a cutoff ([`OrderingMemory`]).
//!
//! All of them only order moves; none decides legality, so stale entries
//! from an earlier position are harmless.

pub mod counters;
pub mod history;
pub mod killers;
pub mod memory;
pub mod picker;
mod scored;
mod tactical;
mod threats;

pub use counters::CounterMoves;
pub use history::{history_bonus, ButterflyHistory, ContinuationHistory, HISTORY_MAX};
pub use killers::Killers;
pub use memory::OrderingMemory;
pub use picker::{quiet_score, MovePicker, QuiescencePicker, QuietContext};

use bb_core::{Piece, Square};
use bb_movegen::{Move, Position};

/// True for moves that change material: captures and promotions.
pub fn is_tactical(mv: Move) -> bool {
    mv.is_capture() || mv.is_promotion()
}

/// One (piece, destination) pair: how counter moves and continuation
/// history name a move independently of where it came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceTo(u16);

/// How many (piece, destination) pairs there are.
const PIECE_TO_COUNT: usize = 12 * 64;

impl PieceTo {
    /// `piece` arriving on `to`.
    pub fn new(piece: Piece, to: Square) -> PieceTo {
        PieceTo((piece.index() * 64 + to.index()) as u16)
    }

    /// The piece `mv` moves in `position` and the square its king or piece
    /// lands on (castling: the king's destination); `None` when no piece
    /// stands on the move's origin.
    #[inline(always)]
    pub fn of_move(position: &Position, mv: Move) -> Option<PieceTo> {
        position.moved_piece(mv).map(|piece| PieceTo::new(piece, mv.king_destination()))
    }

    fn index(self) -> usize {
        usize::from(self.0)
    }
}
