//! What survives between the searches of one game: the transposition table
//! and the move-ordering memory.

use super::ordering::OrderingMemory;
use crate::tt::{AllocationError, TranspositionTable};

/// Everything the engine remembers between searches of one game.
pub struct SearchState {
    /// The transposition table.
    pub tt: TranspositionTable,
    /// History, counter moves and continuation history.
    pub(super) ordering: OrderingMemory,
}

impl SearchState {
    /// A fresh state with a table of `hash_megabytes` MB.
    ///
    /// ```
    /// use bb_search::SearchState;
    ///
    /// let state = SearchState::new(2).unwrap();
    /// assert!(state.tt.bytes() > 1 << 20 && state.tt.bytes() <= 2 << 20);
    /// assert_eq!(state.tt.hashfull(), 0); // nothing stored yet
    /// ```
    pub fn new(hash_megabytes: usize) -> Result<SearchState, AllocationError> {
        Ok(SearchState { tt: TranspositionTable::new(hash_megabytes)?, ordering: OrderingMemory::default() })
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.ordering.clear();
    }
}
