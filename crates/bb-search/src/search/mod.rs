//! The search: iterative deepening over a principal-variation alpha-beta
//! search with a transposition table, quiescence search and the usual
//! pruning and reduction heuristics.
//!
//! [`SearchState`] is what survives between searches of one game (the
//! transposition table and the move-ordering history). [`search`] runs one
//! search on it for a [`SearchRequest`] and reports progress as UCI `info`
//! lines through a callback.

mod alphabeta;
mod control;
mod limits;
pub mod ordering;
mod progress;
mod quiescence;
mod reductions;
mod root;

use crate::score::{Score, MAX_PLY};
use crate::tt::{AllocationError, TranspositionTable};
use bb_movegen::{Move, Position};
use control::Control;
use ordering::{Killers, OrderingMemory, PieceTo};
use std::sync::atomic::AtomicBool;

pub use limits::{Clock, SearchLimits};
pub use progress::{Iteration, Progress};
pub use root::RootMove;

/// Everything the engine remembers between searches of one game.
pub struct SearchState {
    /// The transposition table.
    pub tt: TranspositionTable,
    /// History, counter moves and continuation history.
    ordering: OrderingMemory,
}

impl SearchState {
    /// A fresh state with a table of `hash_megabytes` MB.
    pub fn new(hash_megabytes: usize) -> Result<SearchState, AllocationError> {
        Ok(SearchState { tt: TranspositionTable::new(hash_megabytes)?, ordering: OrderingMemory::default() })
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.ordering.clear();
    }
}

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
}

impl SearchRequest {
    /// A request to search `position` with `limits`, no game history.
    pub fn new(position: Position, limits: SearchLimits) -> SearchRequest {
        SearchRequest { position, history: Vec::new(), limits, search_moves: Vec::new() }
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

/// Per-ply bookkeeping of the current search path.
#[derive(Clone, Copy, Debug, Default)]
struct Frame {
    /// Static evaluation at this ply (meaningless when in check).
    eval: Score,
    /// The move made from this ply, as (piece, destination); `None` for a null move.
    played: Option<PieceTo>,
    /// The raw move made from this ply (for counter moves).
    mv: Move,
    /// A move excluded from this node (singular-extension verification).
    excluded: Move,
}

/// The principal variation at each ply (triangular table).
struct PvTable {
    moves: Vec<[Move; MAX_PLY + 1]>,
    length: [usize; MAX_PLY + 1],
}

impl PvTable {
    fn new() -> PvTable {
        PvTable { moves: vec![[Move::NULL; MAX_PLY + 1]; MAX_PLY + 1], length: [0; MAX_PLY + 1] }
    }

    fn clear(&mut self, ply: usize) {
        self.length[ply] = ply;
    }

    /// `mv` is the new best move at `ply`: its line is `mv` then the child's.
    fn update(&mut self, ply: usize, mv: Move) {
        self.moves[ply][ply] = mv;
        let child_end = self.length[ply + 1].max(ply + 1);
        for index in ply + 1..child_end {
            self.moves[ply][index] = self.moves[ply + 1][index];
        }
        self.length[ply] = child_end;
    }

    fn line(&self, ply: usize) -> &[Move] {
        &self.moves[ply][ply..self.length[ply].max(ply)]
    }
}

/// One search in progress.
struct Searcher<'a> {
    state: &'a mut SearchState,
    control: Control<'a>,
    killers: Killers,
    /// Keys of the game before the root, then of every position on the current path.
    path: Vec<u64>,
    frames: Vec<Frame>,
    pv: PvTable,
    nodes: u64,
    seldepth: usize,
    /// Depth of the current iteration (limits extensions).
    root_depth: u32,
}

/// Stands in `Searcher::path` for the position after a null move, so that
/// repetition detection never looks across a null move.
const NULL_MOVE_KEY: u64 = 0;

/// Runs one search and returns its result. `report` receives the search's
/// [`Progress`] as it goes: once per completed iteration.
pub fn search(
    state: &mut SearchState,
    request: &SearchRequest,
    signals: &SearchSignals,
    report: &mut dyn FnMut(&Progress<'_>),
) -> SearchOutcome {
    state.tt.new_search();
    let control = Control::new(&request.limits, signals);
    let mut path = request.history.clone();
    path.push(request.position.zobrist_key());
    let mut searcher = Searcher {
        state,
        control,
        killers: Killers::default(),
        path,
        frames: vec![Frame::default(); MAX_PLY + 8],
        pv: PvTable::new(),
        nodes: 0,
        seldepth: 0,
        root_depth: 0,
    };
    searcher.iterative_deepening(request, report)
}

#[cfg(test)]
mod tests;
