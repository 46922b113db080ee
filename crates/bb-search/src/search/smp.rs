//! Lazy SMP: helper threads search the same root as the main thread, with
//! their own move-ordering memory, and share only the transposition table.
//! What one thread stores, the others find: the main thread's iterations
//! get cheaper and its move ordering better. Only the main thread reports,
//! keeps the clock and chooses the move; the helpers run until it is done.

use super::control::Control;
use super::SEARCH_STACK_BYTES;
use super::{Progress, SearchLimits, SearchOutcome, SearchRequest, SearchSignals, SearchState, Searcher};
use std::sync::atomic::{AtomicU64, Ordering};

/// Searches with the main thread here and one helper thread per entry of
/// `state.helpers`. A helper that cannot be started is done without.
pub(super) fn search_with_helpers(
    state: &mut SearchState,
    request: &SearchRequest,
    signals: &SearchSignals,
    report: &mut dyn FnMut(&Progress<'_>),
) -> SearchOutcome {
    let SearchState { tt, ordering, helpers } = state;
    let tt = &*tt;
    let thread_nodes: Vec<AtomicU64> = (0..=helpers.len()).map(|_| AtomicU64::new(0)).collect();
    let thread_nodes = thread_nodes.as_slice();
    // The helpers stop when the main thread is done: no clock, no node
    // budget, and they never wait for `ponderhit`. A depth limit they keep,
    // so a `go depth N` search does not run them deeper than asked.
    let helper_signals = SearchSignals::default();
    // One line is enough for them: MultiPV is the main thread's report.
    let helper_request = SearchRequest {
        limits: SearchLimits { depth: request.limits.depth, ..SearchLimits::default() },
        multi_pv: 1,
        ..request.clone()
    };
    let (helper_signals, helper_request) = (&helper_signals, &helper_request);
    let mut outcome = std::thread::scope(|scope| {
        for (index, memory) in helpers.iter_mut().enumerate() {
            let thread = index + 1;
            let _ = std::thread::Builder::new()
                .name(format!("bb-helper-{thread}"))
                .stack_size(SEARCH_STACK_BYTES)
                .spawn_scoped(scope, move || {
                    let control = Control::helper(&helper_request.limits, helper_signals);
                    Searcher::new(tt, memory, control, helper_request, thread_nodes, thread)
                        .iterative_deepening(helper_request, &mut |_| {});
                });
        }
        let control = Control::new(&request.limits, signals);
        let outcome = Searcher::new(tt, ordering, control, request, thread_nodes, 0)
            .iterative_deepening(request, report);
        helper_signals.stop.store(true, Ordering::Release);
        outcome
    });
    // Every helper has published its final count by now.
    outcome.nodes = thread_nodes.iter().map(|nodes| nodes.load(Ordering::Relaxed)).sum();
    outcome
}
