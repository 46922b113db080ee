//! One `go` on a thread of its own: the job the thread carries out, and the
//! handle the loop keeps to signal and join it.

use super::output::{emit, lock, SharedOutput};
use super::report::{bestmove_line, info_line};
use super::session::Event;
use crate::search::{search, SearchRequest, SearchSignals, SearchState, SEARCH_STACK_BYTES};
use std::sync::atomic::Ordering;
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The work of one `go`.
#[derive(Clone)]
pub(super) struct SearchJob {
    pub request: SearchRequest,
    /// `UCI_Chess960` when the search started: how castling is written.
    pub chess960: bool,
    pub signals: Arc<SearchSignals>,
    pub state: Arc<Mutex<SearchState>>,
    pub output: SharedOutput,
    /// Told [`Event::SearchDone`] once `bestmove` is written.
    pub events: Sender<Event>,
    /// Which `go` of the session this is (for [`Event::SearchDone`]).
    pub number: u64,
}

impl SearchJob {
    /// Searches, writing an `info` line per report, then `bestmove`; then
    /// tells the loop, which may carry out the commands that waited.
    pub fn run(self) {
        let mut state = lock(&self.state);
        let outcome = search(&mut state, &self.request, &self.signals, &mut |progress| {
            emit(&self.output, &info_line(progress, self.chess960))
        });
        drop(state);
        emit(&self.output, &bestmove_line(&outcome, self.chess960));
        // The loop may be gone (after `quit`): nobody to tell.
        let _ = self.events.send(Event::SearchDone(self.number));
    }

    /// Starts a copy of the job on its own thread (the caller keeps the
    /// job, to run it itself if no thread can be started).
    pub fn spawn(&self) -> std::io::Result<JoinHandle<()>> {
        let thread_job = self.clone();
        std::thread::Builder::new()
            .name("bb-search".into())
            .stack_size(SEARCH_STACK_BYTES)
            .spawn(move || thread_job.run())
    }
}

/// The search thread of the current `go`, until the loop has joined it.
pub(super) struct RunningSearch {
    /// The job's [`SearchJob::number`].
    pub number: u64,
    pub handle: JoinHandle<()>,
    pub signals: Arc<SearchSignals>,
    /// Only `stop` ends it (`infinite`, or no limit at all), whatever
    /// `ponderhit` does.
    pub ends_only_on_stop: bool,
}

impl RunningSearch {
    /// Raises `stop` (which also ends pondering).
    pub fn stop(&self) {
        self.signals.pondering.store(false, Ordering::Release);
        self.signals.stop.store(true, Ordering::Release);
    }

    /// `ponderhit`: the clock starts now.
    pub fn ponderhit(&self) {
        self.signals.pondering.store(false, Ordering::Release);
    }

    /// True when the search can end only on `stop`: by its limits, or
    /// because it is still pondering.
    pub fn waits_for_stop(&self) -> bool {
        self.ends_only_on_stop || self.signals.pondering.load(Ordering::Acquire)
    }

    /// Joins the thread if it ends within `patience`; otherwise leaves it
    /// running, detached, and says so with `false`.
    pub fn join_within(self, patience: Duration) -> bool {
        let deadline = Instant::now() + patience;
        while !self.handle.is_finished() {
            if Instant::now() >= deadline {
                return false;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        let _ = self.handle.join();
        true
    }
}
