//! Lazy SMP: helper threads search the same root as the main thread, with
//! their own move-ordering memory, and share only the transposition table.
//! What one thread stores, the others find: the main thread's iterations
//! get cheaper and its move ordering better. Only the main thread reports,
//! keeps the clock and chooses the move; the helpers run until it is done.

use super::control::Control;
use super::SEARCH_STACK_BYTES;
use super::{Progress, SearchLimits, SearchOutcome, SearchRequest, SearchSignals, SearchState, Searcher};
use std::sync::atomic::Ordering;

/// One thread's node count as the other threads see it: published now and
/// then by its thread, read by the main thread for its reports.
#[derive(Debug, Default)]
pub(super) struct NodeCount {
    #[cfg(target_has_atomic = "64")]
    nodes: std::sync::atomic::AtomicU64,
    // 32-bit PowerPC and MIPS have no 64-bit atomics; a count is published
    // only every few thousand nodes, so a lock costs nothing there.
    #[cfg(not(target_has_atomic = "64"))]
    nodes: std::sync::Mutex<u64>,
}

impl NodeCount {
    /// Publishes `nodes`.
    pub fn store(&self, nodes: u64) {
        #[cfg(target_has_atomic = "64")]
        self.nodes.store(nodes, Ordering::Relaxed);
        #[cfg(not(target_has_atomic = "64"))]
        {
            *self.nodes.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = nodes;
        }
    }

    /// The last count published.
    pub fn load(&self) -> u64 {
        #[cfg(target_has_atomic = "64")]
        return self.nodes.load(Ordering::Relaxed);
        #[cfg(not(target_has_atomic = "64"))]
        return *self.nodes.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    }
}

/// Raises `stop` for the helpers when dropped: when the main thread's search
/// returns, and also if it panics, so the scope that joins the helpers never
/// waits for threads without a limit.
struct StopOnDrop<'a>(&'a SearchSignals);

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        self.0.stop.store(true, Ordering::Release);
    }
}

/// Searches with the main thread here and one helper thread per entry of
/// `state.helpers`; returns the outcome and the nodes of each thread, the
/// main thread's first. A helper that cannot be started is done without.
pub(super) fn search_with_helpers(
    state: &mut SearchState,
    request: &SearchRequest,
    signals: &SearchSignals,
    report: &mut dyn FnMut(&Progress<'_>),
) -> (SearchOutcome, Vec<u64>) {
    // The main thread's clock starts before the helpers: starting threads
    // takes time that the GUI's clock already counts.
    let control = Control::new(&request.limits, signals);
    let SearchState { tt, ordering, helpers, network } = state;
    let network = network.as_deref();
    let tt = &*tt;
    let thread_nodes: Vec<NodeCount> = (0..=helpers.len()).map(|_| NodeCount::default()).collect();
    let thread_nodes = thread_nodes.as_slice();
    // The helpers stop when the main thread is done: no clock, no node
    // budget, and they never wait for `ponderhit`. A depth limit they keep,
    // so a `go depth N` search does not run them deeper than asked. One
    // line is enough for them: MultiPV is the main thread's report.
    let helper_signals = SearchSignals::default();
    let helper_request = SearchRequest {
        limits: SearchLimits { depth: request.limits.depth, ..SearchLimits::default() },
        multi_pv: 1,
        ..request.clone()
    };
    let (helper_signals, helper_request) = (&helper_signals, &helper_request);
    let mut outcome = std::thread::scope(|scope| {
        let _stop_helpers = StopOnDrop(helper_signals);
        for (index, memory) in helpers.iter_mut().enumerate() {
            let thread = index + 1;
            let _ = std::thread::Builder::new()
                .name(format!("bb-helper-{thread}"))
                .stack_size(SEARCH_STACK_BYTES)
                .spawn_scoped(scope, move || {
                    let control = Control::helper(&helper_request.limits, helper_signals);
                    Searcher::new(tt, network, memory, control, helper_request, thread_nodes, thread)
                        .iterative_deepening(helper_request, &mut |_| {});
                });
        }
        Searcher::new(tt, network, ordering, control, request, thread_nodes, 0)
            .iterative_deepening(request, report)
    });
    // Every helper has published its final count by now.
    let counts: Vec<u64> = thread_nodes.iter().map(NodeCount::load).collect();
    outcome.nodes = counts.iter().sum();
    (outcome, counts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use bb_movegen::Position;

    #[test]
    fn helpers_search_too_where_threads_can_start() {
        let mut state = SearchState::new(8).unwrap();
        state.set_threads(3);
        let position =
            Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
                .unwrap();
        let request = SearchRequest::new(position, SearchLimits::depth(9));
        let (outcome, counts) =
            search_with_helpers(&mut state, &request, &SearchSignals::default(), &mut |_| {});
        assert_eq!(counts.len(), 3);
        assert_eq!(outcome.nodes, counts.iter().sum::<u64>());
        assert!(counts[0] > 0);
        // wasm32-wasip1 starts no threads: the main thread searches alone.
        let helpers_ran = counts[1..].iter().all(|&nodes| nodes > 0);
        assert_eq!(helpers_ran, cfg!(not(target_family = "wasm")), "{counts:?}");
    }
}
