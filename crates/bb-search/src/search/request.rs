//! A search's request, the signals another thread may raise while it runs,
//! and its outcome.

use super::SearchLimits;
use crate::score::Score;
use bb_movegen::{Move, Position};
use std::sync::atomic::AtomicBool;

/// Flags another thread may flip while a search runs.
#[derive(Debug, Default)]
pub struct SearchSignals {
    /// Set to end the search as soon as possible.
    pub stop: AtomicBool,
    /// Set while the search is pondering: time limits do not apply until it
    /// is cleared (by `ponderhit`), and the clock starts then.
    pub pondering: AtomicBool,
}

/// What to search.
#[derive(Clone, Debug)]
pub struct SearchRequest {
    /// The position at the root.
    pub position: Position,
    /// Zobrist keys of the game's earlier positions, oldest first, not
    /// including the root (for repetition detection).
    pub history: Vec<u64>,
    /// When to stop.
    pub limits: SearchLimits,
    /// Only these root moves are searched; all legal moves when empty.
    pub search_moves: Vec<Move>,
    /// How many best moves to find, each with its score and line (UCI's
    /// `MultiPV`); 1 for play. More than the root has means all of them.
    pub multi_pv: usize,
}

impl SearchRequest {
    /// A request to search `position` with `limits`, no game history.
    pub fn new(position: Position, limits: SearchLimits) -> SearchRequest {
        SearchRequest { position, history: Vec::new(), limits, search_moves: Vec::new(), multi_pv: 1 }
    }
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchOutcome {
    /// The move to play; [`Move::NULL`] when there is no legal move.
    pub best_move: Move,
    /// The expected reply, when the principal variation has one.
    pub ponder_move: Option<Move>,
    /// The score of the best move (side to move's view).
    pub score: Score,
    /// The deepest completed iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The principal variation of the last completed iteration.
    pub pv: Vec<Move>,
}
