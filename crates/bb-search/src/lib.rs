//! # bb-search
//!
//! Evaluation, search and the UCI protocol for the bb chess engine.
//!
//! - [`nnue`]: a small efficiently updatable neural network, the
//!   evaluation by default: one is compiled in ([`nnue::embedded`]),
//!   another can be loaded (`EvalFile`, [`SearchState::set_network`]);
//!   trained by the `tune` example.
//! - [`eval`]: the hand-written tapered evaluation (material,
//!   piece-square tables, pawn structure, mobility, king safety, threats,
//!   bishop pair, tempo), used with `Use NNUE` off and to label the
//!   network's training data.
//! - [`search`](mod@search): iterative deepening, principal variation
//!   search with aspiration windows, a transposition table, quiescence
//!   search with MVV-LVA and SEE, null move, late-move reductions, check
//!   and singular extensions, draw detection; its move ordering (killers,
//!   history, counter moves) lives in [`search::ordering`]. Typed limits
//!   in, typed [`Progress`] and a [`SearchOutcome`] out: it knows no protocol.
//! - [`time`]: turning a clock or a fixed move time into soft and hard
//!   time limits.
//! - [`uci`]: the protocol: parsing commands, turning `go` into
//!   [`SearchLimits`], writing `info` and `bestmove`, and the loop,
//!   [`run_uci`]: input is read on its own thread and the search runs on
//!   another, so `stop`, `ponderhit`, `isready` and `quit` act at once and
//!   every other command that comes during a search waits for it, in order.
//! - [`strength`]: a weaker engine for human players (`UCI_Elo`).
//! - [`bench`](mod@bench): a fixed-depth search of built-in positions whose
//!   node count is the signature of the search.
//!
//! ```
//! use bb_movegen::Position;
//! use bb_search::{search, SearchLimits, SearchRequest, SearchSignals, SearchState};
//!
//! let mut state = SearchState::new(1).unwrap();
//! // White mates in one: Rd8#.
//! let position = Position::from_fen("6k1/5ppp/8/8/8/8/8/3R2K1 w - - 0 1").unwrap();
//! let request = SearchRequest::new(position, SearchLimits::depth(3));
//! let outcome = search(&mut state, &request, &SearchSignals::default(), &mut |_info| {});
//! assert_eq!(outcome.best_move.to_string(), "d1d8");
//! ```
// `unsafe_code` is denied for the workspace; the exceptions are the call
// of the evaluation's POPCNT copy after CPUID found the instruction
// (`eval::kernel`), the network's AVX2 copy and its unaligned loads and
// stores (`nnue::kernel`), and the hint that asks Linux for huge pages for the
// transposition table (`tt::memory`).

pub mod bench;
pub mod eval;
pub mod nnue;
mod piece_changes;
pub mod score;
pub mod search;
pub mod see;
pub mod strength;
pub mod time;
pub mod tt;
pub mod uci;

pub use bench::{bench, BenchResult};
pub use search::{
    search, Clock, Iteration, Progress, SearchLimits, SearchOutcome, SearchRequest, SearchSignals,
    SearchState,
};
pub use uci::run_uci;

/// The README's example, compiled and run as a doctest so it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
