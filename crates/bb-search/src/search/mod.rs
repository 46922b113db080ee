//! The search: iterative deepening over a principal-variation alpha-beta
//! search with a transposition table, quiescence search and the usual
//! pruning and reduction heuristics.
//!
//! In and out, in the search's own types (no protocol here; the
//! [`uci`](crate::uci) module translates):
//! - a [`SearchRequest`]: the position, the game's earlier positions, the
//!   root moves to consider and the [`SearchLimits`] (depth, nodes, mate,
//!   move time or [`Clock`], `infinite`);
//! - the [`SearchState`] kept between the searches of a game (the
//!   transposition table and the move-ordering memory);
//! - [`SearchSignals`] that another thread may raise (`stop`, `pondering`);
//! - out: a [`Progress`] report to an observer after each completed
//!   iteration, and a [`SearchOutcome`] (best move, ponder move, score,
//!   principal variation) at the end.
//!
//! Inside: `root` runs iterative deepening, aspiration windows and the root
//! move loop and makes the reports; `alphabeta` the interior nodes, and
//! `pruning` which of their moves are not worth a search;
//! `multipv` the further best moves of MultiPV;
//! `quiescence` the captures at the leaves and draw detection; `smp` the
//! helper threads of Lazy SMP; `correction` the correction history of the
//! static evaluation; [`ordering`]
//! the move ordering and everything it remembers; `reductions` the
//! late-move tables; [`params`] the tunable numbers of pruning, reductions
//! and windows (changeable at run time with the `tune` feature); `control` decides when to stop (signals, node budget,
//! the [`TimePlan`](crate::time::TimePlan)) and `soft_scale` how far the
//! best move's stability stretches the soft limit; `pv` keeps the principal
//! variation.

mod alphabeta;
mod control;
mod correction;
mod limits;
mod multipv;
pub mod ordering;
pub mod params;
mod progress;
mod pruning;
mod pv;
mod quiescence;
mod reductions;
mod request;
mod root;
mod smp;
mod soft_scale;
mod state;

use crate::eval::TaperedScore;
use crate::nnue::{Accumulator, Network};
use crate::score::{Score, MAX_PLY};
use bb_movegen::{Move, Position};
use control::Control;
use ordering::{Killers, OrderingMemory, PieceTo};
use pv::PvTable;
use smp::NodeCount;

pub use limits::{Clock, SearchLimits};
pub use progress::{Iteration, Progress};
pub use request::{SearchOutcome, SearchRequest, SearchSignals};
pub use root::RootMove;
pub use state::SearchState;

/// The evaluation of a node in check, which has none, as a frame keeps it
/// and the table stores it: below every real one, so
/// [`Searcher::is_improving`] and the table's readers can tell it apart.
const NO_EVAL: Score = -crate::score::INFINITE;

/// Per-ply bookkeeping of the current search path.
#[derive(Clone, Copy, Debug, Default)]
struct Frame {
    /// Static evaluation at this ply; [`NO_EVAL`] when in check.
    eval: Score,
    /// The move made from this ply, as (piece, destination); `None` for a null move.
    played: Option<PieceTo>,
    /// A move excluded from this node (singular-extension verification).
    excluded: Move,
    /// The material and piece-square value of this ply's position, kept
    /// up to date move by move for its evaluation ([`Searcher::play`]).
    psq: TaperedScore,
    /// How many moves on the path to this ply were extended by two plies,
    /// to bound the search's growth.
    double_extensions: u8,
    /// Beta cutoffs at this ply since the node two plies up began: many
    /// mean the positions here refute their parents' moves, so the next
    /// sibling at this ply is likely refuted too.
    cutoffs: u8,
}

/// One search in progress, on one thread.
struct Searcher<'a> {
    /// The transposition table, shared by every thread of the search.
    tt: &'a crate::tt::TranspositionTable,
    /// This thread's move-ordering memory.
    ordering: &'a mut OrderingMemory,
    control: Control<'a>,
    killers: Killers,
    /// This thread's pawn-structure cache.
    pawns: crate::eval::PawnCache,
    /// This thread's cache of whole evaluations.
    evals: crate::eval::EvalCache,
    /// The network that evaluates instead of the hand-written evaluation,
    /// when one is loaded ([`SearchState::set_network`]).
    network: Option<&'a Network>,
    /// With a network, its accumulator of each ply's position, kept up to
    /// date move by move ([`Searcher::play`]).
    accumulators: Vec<Accumulator>,
    /// Keys of the game before the root, then of every position on the current path.
    path: Vec<u64>,
    frames: Vec<Frame>,
    pv: PvTable,
    nodes: u64,
    seldepth: usize,
    /// Depth of the current iteration (limits extensions).
    root_depth: u32,
    /// The MultiPV line being searched (0: the best move); only the
    /// search for the best move stores the root in the table.
    line: usize,
    /// Nodes of each thread of the search, as last published: so the main
    /// thread reports the total.
    thread_nodes: &'a [NodeCount],
    /// This thread's index in `thread_nodes` (0: the main thread).
    thread: usize,
}

/// Stack for a thread that searches: recursion is bounded by the maximum
/// ply, but each frame holds a position and a move list.
pub(crate) const SEARCH_STACK_BYTES: usize = 64 * 1024 * 1024;

/// Nodes between two publications of a thread's node count (a power of two).
const PUBLISH_INTERVAL: u64 = 4096;

/// Stands in `Searcher::path` for the position after a null move, so that
/// repetition detection never looks across a null move.
const NULL_MOVE_KEY: u64 = 0;

/// Runs one search and returns its result. `report` receives the search's
/// [`Progress`] as it goes: once per line (see `SearchRequest::multi_pv`)
/// of each completed iteration.
///
/// The search returns when a limit of the request is reached or `stop` is
/// raised, but not before its first iteration is complete (so there is a
/// move to play); with `infinite`, or while `pondering` is raised, it
/// holds its result back until `stop` (or the end of pondering).
///
/// ```
/// use bb_movegen::Position;
/// use bb_search::search::{search, Progress, SearchLimits, SearchRequest, SearchSignals, SearchState};
///
/// let mut state = SearchState::new(1).unwrap(); // a 1 MB table
/// let request = SearchRequest::new(Position::startpos(), SearchLimits::depth(4));
/// let mut depths = Vec::new();
/// let outcome = search(&mut state, &request, &SearchSignals::default(), &mut |progress| {
///     if let Progress::Iteration(iteration) = progress {
///         depths.push(iteration.depth);
///         assert!(!iteration.pv.is_empty());
///     }
/// });
/// assert_eq!(depths, [1, 2, 3, 4]);
/// assert_eq!(outcome.depth, 4);
/// assert!(Position::startpos().legal_moves().contains(outcome.best_move));
/// ```
pub fn search(
    state: &mut SearchState,
    request: &SearchRequest,
    signals: &SearchSignals,
    report: &mut dyn FnMut(&Progress<'_>),
) -> SearchOutcome {
    state.tt.new_search();
    // A node budget is the main thread's: it is searched on that thread
    // alone, so it means the same whatever `Threads` is (`UCI_Elo` is one).
    if state.helpers.is_empty() || request.limits.nodes.is_some() {
        let thread_nodes = [NodeCount::default()];
        let control = Control::new(&request.limits, signals);
        let network = state.network.as_deref();
        Searcher::new(&state.tt, network, &mut state.ordering, control, request, &thread_nodes, 0)
            .iterative_deepening(request, report)
    } else {
        smp::search_with_helpers(state, request, signals, report).0
    }
}

impl<'a> Searcher<'a> {
    fn new(
        tt: &'a crate::tt::TranspositionTable,
        network: Option<&'a Network>,
        ordering: &'a mut OrderingMemory,
        control: Control<'a>,
        request: &SearchRequest,
        thread_nodes: &'a [NodeCount],
        thread: usize,
    ) -> Searcher<'a> {
        let mut path = request.history.clone();
        path.push(request.position.zobrist_key());
        Searcher {
            tt,
            ordering,
            control,
            killers: Killers::default(),
            pawns: crate::eval::PawnCache::new(),
            evals: crate::eval::EvalCache::new(),
            network,
            accumulators: match network {
                Some(network) => vec![Accumulator::new(network, &request.position); MAX_PLY + 8],
                None => Vec::new(),
            },
            path,
            frames: vec![Frame::default(); MAX_PLY + 8],
            pv: PvTable::new(),
            nodes: 0,
            seldepth: 0,
            root_depth: 0,
            line: 0,
            thread_nodes,
            thread,
        }
    }

    /// The static evaluation of `position`, the node at `ply`: by the
    /// network from the ply's accumulator when there is one; else from
    /// this thread's evaluation cache, or computed through its pawn cache
    /// with the ply's material and piece-square value, and cached.
    #[inline]
    fn evaluate(&mut self, position: &Position, ply: usize) -> Score {
        if let Some(network) = self.network {
            debug_assert_eq!(self.accumulators[ply], Accumulator::new(network, position), "at {position}");
            return network.evaluate(&self.accumulators[ply], position);
        }
        debug_assert_eq!(self.frames[ply].psq, crate::eval::psq_score(position), "psq kept at {position}");
        let key = position.zobrist_key();
        if let Some(value) = self.evals.get(key) {
            debug_assert_eq!(
                value,
                crate::eval::evaluate_with_psq(position, &mut self.pawns, self.frames[ply].psq),
                "cached evaluation of {position}"
            );
            return value;
        }
        let value = crate::eval::evaluate_with_psq(position, &mut self.pawns, self.frames[ply].psq);
        self.evals.put(key, value);
        value
    }

    /// The position after `mv` from `position`, the node at `ply`; records
    /// the child's material and piece-square value (or, with a network, its
    /// accumulator) for its evaluation.
    /// The child's table entry starts loading first, from the key it will
    /// have: its probe comes right after, and a table far bigger than the
    /// caches would otherwise keep it waiting for memory.
    #[inline]
    fn play(&mut self, position: &Position, mv: Move, ply: usize) -> Position {
        self.tt.prefetch(position.key_after(mv));
        match self.network {
            Some(network) => {
                let (parents, children) = self.accumulators.split_at_mut(ply + 1);
                children[0].set_after_move(&parents[ply], network, position, mv);
            }
            None => self.frames[ply + 1].psq = self.frames[ply].psq + crate::eval::psq_delta(position, mv),
        }
        position.play(mv)
    }

    /// Counts a node; true when the search must return at once. The count
    /// is published every [`PUBLISH_INTERVAL`] nodes, for the main
    /// thread's reports.
    #[inline]
    fn count_node_and_check_stop(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes % PUBLISH_INTERVAL == 0 {
            self.publish_nodes();
        }
        self.control.should_stop(self.nodes)
    }

    /// Sets up the root's material and piece-square value, or its accumulator.
    fn set_root(&mut self, root: &Position) {
        match self.network {
            Some(network) => self.accumulators[0] = Accumulator::new(network, root),
            None => self.frames[0].psq = crate::eval::psq_score(root),
        }
    }

    /// The ply after a null move from `ply` keeps its pieces, and the
    /// path's count of double extensions.
    fn pass(&mut self, ply: usize) {
        match self.network {
            Some(_) => self.accumulators[ply + 1] = self.accumulators[ply],
            None => self.frames[ply + 1].psq = self.frames[ply].psq,
        }
        self.frames[ply + 1].double_extensions = self.frames[ply].double_extensions;
    }

    /// Makes this thread's node count visible to the others.
    fn publish_nodes(&self) {
        self.thread_nodes[self.thread].store(self.nodes);
    }

    /// Nodes of the whole search: this thread's, and the others' as last published.
    fn total_nodes(&self) -> u64 {
        let others: u64 = self
            .thread_nodes
            .iter()
            .enumerate()
            .filter(|&(index, _)| index != self.thread)
            .map(|(_, nodes)| nodes.load())
            .sum();
        self.nodes + others
    }
}

#[cfg(test)]
mod tests;
