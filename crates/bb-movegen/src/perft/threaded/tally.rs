//! The shared record of a threaded perft run: counts per root move as work
//! units finish, how far along the run is (for the progress callback), and
//! whether it was stopped.

use super::watch::Progress;
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::Duration;

/// Counts and progress, behind one lock (touched once per work unit, so the
/// lock is cheap next to the work).
pub struct Tally {
    state: Mutex<TallyState>,
    ended: Condvar,
}

struct TallyState {
    per_root: Vec<u128>,
    units_left: Vec<usize>,
    /// Counts only: `elapsed` and `ended` are filled in by [`Tally::progress`]'s callers.
    progress: Progress,
    stopped: bool,
}

impl TallyState {
    fn ended(&self) -> bool {
        self.stopped || self.progress.units_done >= self.progress.units_total
    }
}

impl Tally {
    /// A tally for root moves that have `units_per_root[i]` work units each.
    pub fn new(units_per_root: Vec<usize>) -> Tally {
        let progress = Progress {
            // A root move without replies has no units: it is done already.
            roots_done: units_per_root.iter().filter(|&&units| units == 0).count(),
            roots_total: units_per_root.len(),
            units_total: units_per_root.iter().sum(),
            ..Progress::default()
        };
        let per_root = vec![0; units_per_root.len()];
        Tally {
            state: Mutex::new(TallyState { per_root, units_left: units_per_root, progress, stopped: false }),
            ended: Condvar::new(),
        }
    }

    /// Records a finished unit of root move `root` that counted `nodes`.
    pub fn add(&self, root: usize, nodes: u128) {
        let mut state = self.lock();
        let state = &mut *state;
        state.per_root[root] += nodes;
        state.units_left[root] -= 1;
        if state.units_left[root] == 0 {
            state.progress.roots_done += 1;
        }
        state.progress.units_done += 1;
        state.progress.nodes += nodes;
        if state.ended() {
            self.ended.notify_all();
        }
    }

    /// Records that a worker saw the stop flag and gave up.
    pub fn stop(&self) {
        self.lock().stopped = true;
        self.ended.notify_all();
    }

    /// True when a worker gave up: the counts are incomplete.
    pub fn was_stopped(&self) -> bool {
        self.lock().stopped
    }

    /// The progress so far (with zero `elapsed` and `ended` unset).
    pub fn progress(&self) -> Progress {
        self.lock().progress
    }

    /// Waits until every unit is done, the run was stopped, or `timeout`
    /// passes; true when the run has ended.
    pub fn wait_until_ended(&self, timeout: Duration) -> bool {
        let state = self.lock();
        let (state, _) = self
            .ended
            .wait_timeout_while(state, timeout, |state| !state.ended())
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        state.ended()
    }

    /// The count of each root move.
    pub fn into_counts(self) -> Vec<u128> {
        self.state.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner()).per_root
    }

    fn lock(&self) -> MutexGuard<'_, TallyState> {
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}
