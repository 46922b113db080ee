//! The shared record of a deep perft run: counts per root move as work
//! units finish, and how far along the run is (for the progress line).

use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::Duration;

/// Counts and progress, behind one lock (touched once per work unit, so the
/// lock is cheap next to the work).
pub struct Tally {
    state: Mutex<TallyState>,
    all_done: Condvar,
}

/// A snapshot of a run's progress.
#[derive(Clone, Copy, Debug, Default)]
pub struct Snapshot {
    /// Root moves whose every unit has finished.
    pub roots_done: usize,
    /// Root moves in all.
    pub roots_total: usize,
    /// Work units finished.
    pub units_done: usize,
    /// Work units in all.
    pub units_total: usize,
    /// Leaves counted so far.
    pub nodes: u128,
}

struct TallyState {
    per_root: Vec<u128>,
    units_left: Vec<usize>,
    snapshot: Snapshot,
}

impl Tally {
    /// A tally for root moves that have `units_per_root[i]` work units each.
    pub fn new(units_per_root: Vec<usize>) -> Tally {
        let snapshot = Snapshot {
            // A root move without replies has no units: it is done already.
            roots_done: units_per_root.iter().filter(|&&units| units == 0).count(),
            roots_total: units_per_root.len(),
            units_done: 0,
            units_total: units_per_root.iter().sum(),
            nodes: 0,
        };
        let per_root = vec![0; units_per_root.len()];
        Tally {
            state: Mutex::new(TallyState { per_root, units_left: units_per_root, snapshot }),
            all_done: Condvar::new(),
        }
    }

    /// Records a finished unit of root move `root` that counted `nodes`.
    pub fn add(&self, root: usize, nodes: u128) {
        let mut state = self.lock();
        let state = &mut *state;
        state.per_root[root] += nodes;
        state.units_left[root] -= 1;
        if state.units_left[root] == 0 {
            state.snapshot.roots_done += 1;
        }
        state.snapshot.units_done += 1;
        state.snapshot.nodes += nodes;
        if state.snapshot.units_done == state.snapshot.units_total {
            self.all_done.notify_all();
        }
    }

    /// The progress so far.
    pub fn snapshot(&self) -> Snapshot {
        self.lock().snapshot
    }

    /// Waits until every unit is done or `timeout` passes; true when done.
    pub fn wait_until_done(&self, timeout: Duration) -> bool {
        let state = self.lock();
        let (state, _) = self
            .all_done
            .wait_timeout_while(state, timeout, |state| {
                state.snapshot.units_done < state.snapshot.units_total
            })
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        state.snapshot.units_done >= state.snapshot.units_total
    }

    /// The count of each root move.
    pub fn into_counts(self) -> Vec<u128> {
        self.state.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner()).per_root
    }

    fn lock(&self) -> MutexGuard<'_, TallyState> {
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}
