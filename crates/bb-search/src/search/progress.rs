//! What a running search reports while it runs: typed values, one report
//! per line (one unless MultiPV) of each completed iteration. Turning them into text is the caller's business
//! (the [`uci`](crate::uci) module writes them as `info` lines).

use crate::score::Score;
use bb_movegen::Move;
use std::time::Duration;

/// A report from a running search, handed to the observer given to
/// [`search`](super::search).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress<'a> {
    /// An iteration of iterative deepening has completed: one report per
    /// line, in order of score.
    Iteration(Iteration<'a>),
    /// The root has no legal move; the search ends with this score
    /// (`mated_in(0)` when checkmated, a draw when stalemated).
    NoLegalMove {
        /// The score of the root position.
        score: Score,
    },
}

/// What a completed iteration found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Iteration<'a> {
    /// The iteration's depth in plies.
    pub depth: u32,
    /// Which line this is, from 1 (the best move) to the request's
    /// `multi_pv`; an iteration reports its lines in order of score.
    pub multipv: u32,
    /// The deepest ply reached (never less than `depth`).
    pub seldepth: u32,
    /// The score of the line's first move, side to move's view (see
    /// [`MateOrCentipawns`](crate::score::MateOrCentipawns) for mates).
    pub score: Score,
    /// Nodes searched since the search started.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// Per mille of the transposition table filled by this search.
    pub hashfull: u32,
    /// The line: the principal variation for `multipv` 1, best move first.
    pub pv: &'a [Move],
}

impl Iteration<'_> {
    /// Nodes per second so far (over at least one millisecond).
    pub fn nps(&self) -> u64 {
        (u128::from(self.nodes) * 1000 / self.elapsed.as_millis().max(1)) as u64
    }
}
