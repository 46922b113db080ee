//! Watching a threaded perft run: a progress callback called at a fixed
//! interval from a thread of its own, and a stop flag the workers check.

use super::tally::Tally;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// How far a run has come, as handed to a progress callback.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Root moves whose every work unit has finished.
    pub roots_done: usize,
    /// Root moves in all.
    pub roots_total: usize,
    /// Work units finished (a unit is a root move, or from depth 3 a root
    /// move and a reply).
    pub units_done: usize,
    /// Work units in all.
    pub units_total: usize,
    /// Leaves counted so far.
    pub nodes: u128,
    /// Time since the run started.
    pub elapsed: Duration,
    /// True in the last call of a run: it has finished or was stopped.
    pub ended: bool,
}

/// A progress callback boxed with the interval it is called at.
type Reporter<'a> = (Duration, Box<dyn FnMut(&Progress) + Send + 'a>);

/// What watches a run of [`ThreadedPerft::divide_watched`](super::ThreadedPerft::divide_watched):
/// nothing by default.
///
/// ```
/// use bb_movegen::perft::{Stopped, ThreadedPerft, Watch};
/// use bb_movegen::Position;
/// use std::sync::atomic::AtomicBool;
/// use std::time::Duration;
///
/// let engine = ThreadedPerft::new(2, None);
/// let mut calls = 0;
/// let watch = Watch::new().on_progress(Duration::from_millis(100), |progress| {
///     calls += 1;
///     assert!(progress.units_done <= progress.units_total);
/// });
/// let split = engine.divide_watched(&Position::startpos(), 3, watch).unwrap();
/// assert_eq!(split.iter().map(|(_, count)| count).sum::<u128>(), 8_902);
/// assert!(calls >= 1, "the last call comes when the run ends");
///
/// // A raised flag stops the run.
/// let stop = AtomicBool::new(true);
/// let stopped = engine.divide_watched(&Position::startpos(), 5, Watch::new().stop_flag(&stop));
/// assert_eq!(stopped, Err(Stopped));
/// ```
#[derive(Default)]
pub struct Watch<'a> {
    stop: Option<&'a AtomicBool>,
    reporter: Option<Reporter<'a>>,
}

impl<'a> Watch<'a> {
    /// No callback, no stop flag.
    pub fn new() -> Watch<'a> {
        Watch::default()
    }

    /// The run stops soon after `flag` becomes true (workers look at it
    /// between work units and between subtrees of a few plies).
    pub fn stop_flag(mut self, flag: &'a AtomicBool) -> Watch<'a> {
        self.stop = Some(flag);
        self
    }

    /// `report` is called every `interval` while the run goes on, and once
    /// more when it ends (with [`Progress::ended`] set), on a thread of its
    /// own (or, where no thread can be started, as on wasm32-wasip1, by the
    /// calling thread between its work units).
    pub fn on_progress(mut self, interval: Duration, report: impl FnMut(&Progress) + Send + 'a) -> Watch<'a> {
        self.reporter = Some((interval, Box::new(report)));
        self
    }

    /// The stop flag and the callback.
    pub(super) fn into_parts(self) -> (Option<&'a AtomicBool>, Option<Reporter<'a>>) {
        (self.stop, self.reporter)
    }
}

/// The run was stopped by its [`Watch`]'s flag before it finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped;

impl fmt::Display for Stopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("perft was stopped before it finished")
    }
}

impl std::error::Error for Stopped {}

/// True once `stop` (if any) is raised.
pub(super) fn is_raised(stop: Option<&AtomicBool>) -> bool {
    stop.is_some_and(|stop| stop.load(Ordering::Relaxed))
}

/// Calls the reporter with the progress in `tally` every interval until the
/// run ends (every unit done, or stopped), then once more.
pub(super) fn report_until_ended(tally: &Tally, start: Instant, reporter: &Mutex<Reporter<'_>>) {
    let mut reporter = reporter.lock().unwrap_or_else(PoisonError::into_inner);
    let (interval, report) = &mut *reporter;
    loop {
        let ended = tally.wait_until_ended(*interval);
        let mut progress = tally.progress();
        progress.elapsed = start.elapsed();
        progress.ended = ended;
        report(&progress);
        if ended {
            return;
        }
    }
}

/// The progress callback of a run without a watcher thread, called by the
/// calling thread between its own work units whenever the interval passed.
pub(super) struct InlineWatcher<'run, 'watch> {
    tally: &'run Tally,
    start: Instant,
    reporter: &'run Mutex<Reporter<'watch>>,
    next_report: Instant,
}

impl<'run, 'watch> InlineWatcher<'run, 'watch> {
    pub(super) fn new(tally: &'run Tally, start: Instant, reporter: &'run Mutex<Reporter<'watch>>) -> Self {
        let interval = reporter.lock().unwrap_or_else(PoisonError::into_inner).0;
        InlineWatcher { tally, start, reporter, next_report: start + interval }
    }

    /// Reports the progress (never as ended) if the interval has passed.
    pub(super) fn report_if_due(&mut self) {
        let now = Instant::now();
        if now < self.next_report {
            return;
        }
        let mut reporter = self.reporter.lock().unwrap_or_else(PoisonError::into_inner);
        let (interval, report) = &mut *reporter;
        let mut progress = self.tally.progress();
        progress.elapsed = now - self.start;
        report(&progress);
        self.next_report = now + *interval;
    }
}
