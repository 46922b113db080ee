//! What survives between the searches of one game: the transposition table
//! and the move-ordering memory.

use super::ordering::OrderingMemory;
use crate::nnue::Network;
use crate::tt::{AllocationError, TranspositionTable};
use std::sync::Arc;

/// Everything the engine remembers between searches of one game.
pub struct SearchState {
    /// The transposition table, shared by the search's threads.
    pub tt: TranspositionTable,
    /// History, counter moves and continuation history of the main thread.
    pub(super) ordering: OrderingMemory,
    /// The same for each helper thread of Lazy SMP (`threads - 1` of them).
    pub(super) helpers: Vec<OrderingMemory>,
    /// The network that evaluates (by default [`crate::nnue::embedded`]),
    /// or none for the hand-written evaluation.
    pub(super) network: Option<Arc<Network>>,
}

impl SearchState {
    /// A fresh state with a table of `hash_megabytes` MB, evaluating with
    /// the embedded network ([`crate::nnue::embedded`]).
    ///
    /// ```
    /// use bb_search::SearchState;
    ///
    /// let state = SearchState::new(2).unwrap();
    /// assert!(state.tt.bytes() > 1 << 20 && state.tt.bytes() <= 2 << 20);
    /// assert_eq!(state.tt.hashfull(), 0); // nothing stored yet
    /// ```
    pub fn new(hash_megabytes: usize) -> Result<SearchState, AllocationError> {
        Ok(SearchState {
            tt: TranspositionTable::new(hash_megabytes)?,
            ordering: OrderingMemory::default(),
            helpers: Vec::new(),
            network: Some(crate::nnue::embedded()),
        })
    }

    /// The number of threads a search uses (1 unless [`set_threads`](Self::set_threads)).
    pub fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// Searches with `threads` threads (Lazy SMP: helper threads search the
    /// same position and share the table; at least 1). With 1 the search is
    /// deterministic.
    ///
    /// ```
    /// use bb_search::SearchState;
    ///
    /// let mut state = SearchState::new(1).unwrap();
    /// state.set_threads(4);
    /// assert_eq!(state.threads(), 4);
    /// state.set_threads(0);
    /// assert_eq!(state.threads(), 1);
    /// ```
    pub fn set_threads(&mut self, threads: usize) {
        self.helpers.resize_with(threads.max(1) - 1, OrderingMemory::default);
    }

    /// Evaluates with `network` from the next search on, or with the
    /// hand-written evaluation (`None`). The table is cleared: its entries
    /// hold static evaluations of the old evaluator.
    ///
    /// ```
    /// use bb_search::nnue::Network;
    /// use bb_search::SearchState;
    /// use std::sync::Arc;
    ///
    /// let mut state = SearchState::new(1).unwrap();
    /// assert!(state.network().is_some(), "the embedded network");
    /// state.set_network(Some(Arc::new(Network::zeroed())));
    /// assert_eq!(state.network(), Some(&Network::zeroed()));
    /// state.set_network(None);
    /// assert!(state.network().is_none(), "the hand-written evaluation");
    /// ```
    pub fn set_network(&mut self, network: Option<Arc<Network>>) {
        self.network = network;
        self.tt.clear();
    }

    /// The network that evaluates, if one was set.
    pub fn network(&self) -> Option<&Network> {
        self.network.as_deref()
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.ordering.clear();
        self.helpers.iter_mut().for_each(OrderingMemory::clear);
    }
}
