//! `bb bench`: a fixed-depth search of built-in positions.
//!
//! Each position is searched from a cleared state, without any time limit,
//! so the total node count depends only on the search code: it is the
//! signature of the search's behaviour, and changes exactly when the search
//! or evaluation does. The time (and so nodes per second) measures speed.

use crate::search::{search, SearchLimits, SearchRequest, SearchSignals, SearchState};
use bb_movegen::Position;
use std::time::{Duration, Instant};

/// The depth `bb bench` uses when none is given.
pub const DEFAULT_BENCH_DEPTH: u32 = 11;

/// Openings, middlegames with tactics, endgames of many kinds, and a few
/// positions with few or no legal moves.
pub const BENCH_POSITIONS: [&str; 50] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "rnbqkb1r/pp1p1ppp/4pn2/2p5/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 0 4",
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
    "r2q1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R2QK2R w KQ - 0 9",
    "2rq1rk1/pb2bppp/1pn1pn2/2pp4/3P4/1PNBPN2/PB3PPP/2RQ1RK1 w - - 0 11",
    "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7",
    "r1b2rk1/2q1bppp/p2ppn2/1p6/3BPP2/2N2B2/PPP3PP/R2Q1R1K w - - 0 14",
    "3r1rk1/p4ppp/2p1b3/2q5/4Q3/2N5/PPP2PPP/3RR1K1 w - - 0 18",
    "r1bqr1k1/pp3pbp/2np1np1/2p1p3/2P1P3/2NPBNP1/PP3PBP/R2Q1RK1 w - - 0 10",
    "rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 2 3",
    "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5",
    "r1b1k2r/ppppnppp/2n2q2/2b5/3NP3/2P1B3/PP3PPP/RN1QKB1R w KQkq - 0 1",
    "3rr1k1/pp3pp1/1qn2np1/8/3p4/PP1R1P2/2P1NQPP/R1B3K1 b - - 0 1",
    "2r1nrk1/p2q1ppp/bp1p4/n1pPp3/P1P1P3/2PBB1N1/4QPPP/R4RK1 w - - 0 1",
    "r1bbk1nr/pp3p1p/2n5/1N4p1/2Np1B2/8/PPP2PPP/2KR1B1R w kq - 0 1",
    "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1",
    "8/pp3p1k/2p2q1p/3r1P2/5R2/7P/P1P1QP2/7K b - - 0 30",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "6k1/6p1/6Pp/ppp5/3pn2P/1P3K2/1PP2P2/3N4 b - - 0 1",
    "3b4/5kp1/1p1p1p1p/pP1PpP1P/P1P1P3/3KN3/8/8 w - - 0 1",
    "2K5/p7/7P/5pR1/8/5k2/r7/8 w - - 0 1",
    "8/6pk/1p6/8/PP3p1p/5P2/4KP1q/3Q4 w - - 0 1",
    "7k/3p2pp/4q3/8/4Q3/5Kp1/P6b/8 w - - 0 1",
    "8/8/3P3k/8/1p6/8/1P6/1K3n2 b - - 0 1",
    "8/2p4P/8/kr6/6R1/8/8/1K6 w - - 0 1",
    "8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 b - - 99 50",
    "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",
    "8/8/1k6/8/8/8/1K2P3/8 w - - 0 1",
    "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1",
    "4k3/8/8/4PK2/8/8/r7/7R b - - 0 1",
    "8/5k2/4bp2/8/3B1P2/4K3/8/8 w - - 0 1",
    "8/8/3k4/8/8/3K4/3Q4/7r w - - 0 1",
    "8/8/8/3k4/8/8/8/2QK4 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    "8/3k4/8/8/8/4B3/4K3/2N5 w - - 0 1",
    "3k4/8/8/8/8/8/2PPP3/3K4 w - - 0 1",
    "8/3p4/8/4P3/8/8/8/k2K4 w - - 0 1",
    "8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1",
    "r5k1/5ppp/8/8/8/8/5PPP/1R4K1 b - - 0 1",
    "2kr3r/pp1q1ppp/5n2/1Nb5/2Pp1B2/7Q/P4PPP/1R3RK1 w - - 0 1",
    "2r3k1/pp4rp/1q1p2pQ/1N2p1PR/2nNP3/5P2/PPP5/2K4R b - - 0 1",
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
];

/// What a bench run measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchResult {
    /// Positions searched.
    pub positions: usize,
    /// Nodes over all positions: deterministic for a given depth.
    pub nodes: u64,
    /// Wall time of the searches alone (not of clearing the table between them).
    pub elapsed: Duration,
    /// Nodes per second.
    pub nps: u64,
}

/// Searches every bench position to `depth` with a 16 MB table cleared
/// before each, on one thread, and totals the nodes.
///
/// ```
/// use bb_search::bench;
///
/// let result = bench(1);
/// assert_eq!(result.positions, 50);
/// assert!(result.nodes >= 50);
/// assert_eq!(bench(1).nodes, result.nodes); // deterministic: the search's signature
/// ```
pub fn bench(depth: u32) -> BenchResult {
    bench_with_threads(depth, 1)
}

/// [`bench()`] with `threads` search threads (Lazy SMP): how the node rate
/// scales. With more than one thread the node count is no signature (the
/// threads race), and each position's search stops when the main thread
/// completes `depth`.
///
/// ```
/// use bb_search::bench::bench_with_threads;
///
/// let result = bench_with_threads(2, 1);
/// assert_eq!(result.nodes, bb_search::bench(2).nodes);
/// ```
pub fn bench_with_threads(depth: u32, threads: usize) -> BenchResult {
    bench_with(depth, threads, Some(crate::nnue::embedded()))
}

/// [`bench_with_threads`], evaluating with `network`, or with the
/// hand-written evaluation (`None`): the node rate of that evaluation.
///
/// ```
/// use bb_search::bench::bench_with;
/// use bb_search::nnue::{embedded, Network};
/// use std::sync::Arc;
///
/// assert_eq!(bench_with(2, 1, Some(embedded())).nodes, bb_search::bench(2).nodes);
/// // A network of zeros scores every position 0: another tree.
/// let zeros = bench_with(2, 1, Some(Arc::new(Network::zeroed())));
/// assert_ne!(zeros.nodes, bb_search::bench(2).nodes);
/// let hand_written = bench_with(2, 1, None);
/// assert_ne!(hand_written.nodes, bb_search::bench(2).nodes);
/// ```
pub fn bench_with(
    depth: u32,
    threads: usize,
    network: Option<std::sync::Arc<crate::nnue::Network>>,
) -> BenchResult {
    let mut state = match SearchState::new(16).or_else(|_| SearchState::new(1)) {
        Ok(state) => state,
        Err(_) => return BenchResult { positions: 0, nodes: 0, elapsed: Duration::ZERO, nps: 0 },
    };
    state.set_threads(threads);
    state.set_network(network);
    let signals = SearchSignals::default();
    let mut nodes = 0;
    let mut positions = 0;
    let mut elapsed = Duration::ZERO;
    for fen in BENCH_POSITIONS {
        let Ok(position) = Position::from_fen(fen) else { continue };
        // Clearing the 16 MB table between positions is not searching, and
        // on a slow memory bus it would weigh on the speed figure: the
        // clock runs during the searches only (as Stockfish's bench does).
        state.clear();
        let request = SearchRequest::new(position, SearchLimits::depth(depth.max(1)));
        let start = Instant::now();
        nodes += search(&mut state, &request, &signals, &mut |_| {}).nodes;
        elapsed += start.elapsed();
        positions += 1;
    }
    let nps = (u128::from(nodes) * 1_000_000 / elapsed.as_micros().max(1)) as u64;
    BenchResult { positions, nodes, elapsed, nps }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bench_position_is_valid() {
        for fen in BENCH_POSITIONS {
            assert!(Position::from_fen(fen).is_ok(), "{fen}: {:?}", Position::from_fen(fen).err());
        }
    }

    #[test]
    fn more_threads_search_every_position_too() {
        let shared = bench_with_threads(5, 2);
        assert_eq!(shared.positions, BENCH_POSITIONS.len());
        assert!(shared.nodes > 1_000);
    }

    #[test]
    fn bench_is_deterministic() {
        let first = bench(4);
        let second = bench(4);
        assert_eq!(first.positions, BENCH_POSITIONS.len());
        assert_eq!(first.nodes, second.nodes);
        assert!(first.nodes > 1_000);
    }
}
