//! Deciding when a search stops: the `stop` signal, the node budget and the
//! clock (hard limit inside the search, soft limit between iterations),
//! with pondering suspending the clock until `ponderhit`.

use super::{SearchLimits, SearchSignals};
use crate::time::TimePlan;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// Nodes between two looks at the clock and the stop flag (a power of two).
const CHECK_INTERVAL: u64 = 1024;

pub(super) struct Control<'a> {
    signals: &'a SearchSignals,
    pub limits: SearchLimits,
    /// Time limits, when the search has a clock or a move time.
    time: Option<TimePlan>,
    /// When the clock started: the search's start, or the `ponderhit`.
    start: Instant,
    /// The search's own start, for reports.
    search_start: Instant,
    /// Still pondering at the last look.
    pondering: bool,
    /// Once set, every node returns at once.
    stopped: bool,
    /// Stops are only honoured once the first iteration is complete, so
    /// there is always a searched move to play.
    armed: bool,
}

impl<'a> Control<'a> {
    pub fn new(limits: &SearchLimits, signals: &'a SearchSignals) -> Control<'a> {
        let now = Instant::now();
        Control {
            signals,
            limits: *limits,
            time: TimePlan::for_limits(limits),
            start: now,
            search_start: now,
            pondering: signals.pondering.load(Ordering::Acquire),
            stopped: false,
            armed: false,
        }
    }

    /// The control of a helper thread of Lazy SMP: only `stop` ends it (its
    /// results are not played, so it needs no finished iteration first).
    pub fn helper(limits: &SearchLimits, signals: &'a SearchSignals) -> Control<'a> {
        let mut control = Control::new(limits, signals);
        control.arm();
        control
    }

    /// Allows stopping (called once the first iteration has finished).
    pub fn arm(&mut self) {
        self.armed = true;
    }

    /// Time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.search_start.elapsed()
    }

    /// Time on the clock: since the start, or since `ponderhit`.
    fn clock_elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// True once the search must end. Cheap: the clock and the flags are
    /// only read every [`CHECK_INTERVAL`] nodes.
    #[inline]
    pub fn should_stop(&mut self, nodes: u64) -> bool {
        if self.stopped {
            return true;
        }
        if !self.armed {
            return false;
        }
        if self.limits.nodes.is_some_and(|budget| nodes >= budget) {
            self.stopped = true;
            return true;
        }
        if nodes % CHECK_INTERVAL == 0 {
            self.poll();
        }
        self.stopped
    }

    /// Reads the flags and the clock.
    fn poll(&mut self) {
        if self.signals.stop.load(Ordering::Acquire) {
            self.stopped = true;
            return;
        }
        self.follow_ponderhit();
        if self.pondering {
            return;
        }
        if let Some(plan) = self.time {
            if self.clock_elapsed() >= plan.hard {
                self.stopped = true;
            }
        }
    }

    /// Starts the clock when pondering has just turned into a real search.
    fn follow_ponderhit(&mut self) {
        if self.pondering && !self.signals.pondering.load(Ordering::Acquire) {
            self.pondering = false;
            self.start = Instant::now();
        }
    }

    /// True when the search has been stopped.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Between iterations: true when another iteration should not start.
    /// `scale` stretches the soft limit (above 1 when the best move is
    /// unstable, below when it has not changed for a while).
    pub fn stop_before_next_iteration(&mut self, completed_depth: u32, scale: f64) -> bool {
        self.poll();
        if self.stopped {
            return true;
        }
        if self.limits.depth.is_some_and(|depth| completed_depth >= depth) {
            return true;
        }
        if self.pondering {
            return false;
        }
        match self.time {
            Some(plan) => self.clock_elapsed().as_secs_f64() >= plan.soft.as_secs_f64() * scale,
            None => false,
        }
    }

    /// True when the result must be held back until `stop` or `ponderhit`
    /// (an `infinite` search, or one still pondering, has no result before;
    /// UCI, for one, forbids a `bestmove` then).
    pub fn must_wait_for_stop(&mut self) -> bool {
        self.follow_ponderhit();
        !self.signals.stop.load(Ordering::Acquire) && (self.limits.infinite || self.pondering)
    }
}
