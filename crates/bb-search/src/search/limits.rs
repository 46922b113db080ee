//! What ends a search, as typed values: depth, nodes, a mate to find, a
//! fixed move time or the clock of the side to move, and `infinite`.
//!
//! These are the search's own terms; a protocol front end (the [`uci`]
//! module turns `go` into them) or a program using the search builds them.
//! [`crate::time`] turns the move time or the clock into time limits.
//!
//! [`uci`]: crate::uci

use std::time::Duration;

/// The clock of the side to move in a game with a time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the clock.
    pub time_left: Duration,
    /// Time added to the clock after each move.
    pub increment: Duration,
    /// Moves until the next time control; `None` when the time left is for
    /// the rest of the game (sudden death).
    pub moves_to_go: Option<u32>,
}

/// What ends a search, apart from a stop signal. Every limit left at its
/// default (`None`, `false`) does not apply; with none at all the search
/// runs until it is stopped.
///
/// ```
/// use bb_search::{Clock, SearchLimits};
/// use std::time::Duration;
///
/// // Five minutes plus three seconds a move, 50 ms kept for the transfer.
/// let limits = SearchLimits {
///     clock: Some(Clock {
///         time_left: Duration::from_secs(300),
///         increment: Duration::from_secs(3),
///         moves_to_go: None,
///     }),
///     move_overhead: Duration::from_millis(50),
///     ..SearchLimits::default()
/// };
/// assert!(!limits.ends_only_on_stop());
/// assert!(SearchLimits::default().ends_only_on_stop());
/// assert_eq!(SearchLimits::depth(8).depth, Some(8));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchLimits {
    /// Deepest iteration to run.
    pub depth: Option<u32>,
    /// Node budget. A search with one is run on one thread whatever
    /// `Threads` is, so the budget means the same everywhere.
    pub nodes: Option<u64>,
    /// Stop once a mate in this many moves (or fewer) is proven.
    pub mate: Option<u32>,
    /// Think this long, no more and no less (takes precedence over `clock`).
    pub movetime: Option<Duration>,
    /// The side to move's clock, when the game has one.
    pub clock: Option<Clock>,
    /// Time kept in reserve on `movetime` and the clock for the move to
    /// reach the opponent (pipes, scheduler, network).
    pub move_overhead: Duration,
    /// Search until stopped, whatever the clock says; the result is only
    /// returned once the stop signal is raised.
    pub infinite: bool,
}

impl SearchLimits {
    /// A plain fixed-depth search with no clock (bench, tests).
    pub fn depth(depth: u32) -> SearchLimits {
        SearchLimits { depth: Some(depth), ..SearchLimits::default() }
    }

    /// True when only a stop signal ends the search: `infinite`, or no
    /// limit at all.
    pub fn ends_only_on_stop(&self) -> bool {
        self.infinite
            || (self.depth.is_none()
                && self.nodes.is_none()
                && self.mate.is_none()
                && self.movetime.is_none()
                && self.clock.is_none())
    }
}
