//! Time management: turning `go` parameters into search limits.
//!
//! A search has a *soft* limit, checked between iterations of iterative
//! deepening (do not start another iteration after it; stretched or shrunk by
//! how stable the best move is), and a *hard* limit, checked every few
//! thousand nodes inside the search, that is never exceeded. Both are measured
//! from the moment the search starts (or from `ponderhit` when pondering).
//!
//! The `Move Overhead` is subtracted up front because the GUI's clock also
//! counts the time the move takes to travel through pipes and the scheduler.

use crate::uci::command::GoParams;
use bb_core::Color;
use std::time::Duration;

/// What ends a search, apart from `stop`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchLimits {
    /// Deepest iteration to run.
    pub depth: Option<u32>,
    /// Node budget.
    pub nodes: Option<u64>,
    /// Stop once a mate in this many moves (or fewer) is proven.
    pub mate: Option<u32>,
    /// Time limits, when the search has a clock.
    pub time: Option<TimePlan>,
    /// Keep searching (or wait) until `stop`: `go infinite`.
    pub infinite: bool,
    /// The search starts in ponder mode (`go ponder`).
    pub ponder: bool,
}

/// Soft and hard time limits of one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimePlan {
    /// Do not start a new iteration after this much time (before scaling).
    pub soft: Duration,
    /// Stop the search at once after this much time.
    pub hard: Duration,
}

/// Moves to plan for when the GUI gives no `movestogo` (sudden death).
const DEFAULT_MOVES_TO_GO: u64 = 30;
/// Longest horizon honoured from `movestogo`.
const MAX_MOVES_TO_GO: u64 = 50;

impl SearchLimits {
    /// The limits for a `go` command, for `side` to move, keeping
    /// `move_overhead_ms` in reserve on the clock.
    pub fn from_go(params: &GoParams, side: Color, move_overhead_ms: u64) -> SearchLimits {
        let (clock, increment) = match side {
            Color::White => (params.wtime, params.winc),
            Color::Black => (params.btime, params.binc),
        };
        let time = if let Some(movetime) = params.movetime {
            Some(plan_fixed(movetime, move_overhead_ms))
        } else {
            clock.map(|remaining| {
                plan_clock(remaining, increment.unwrap_or(0), params.movestogo, move_overhead_ms)
            })
        };
        SearchLimits {
            depth: params.depth,
            nodes: params.nodes,
            mate: params.mate,
            time: if params.infinite { None } else { time },
            infinite: params.infinite,
            ponder: params.ponder,
        }
    }

    /// A plain fixed-depth search with no clock (bench, tests).
    pub fn depth(depth: u32) -> SearchLimits {
        SearchLimits { depth: Some(depth), ..SearchLimits::default() }
    }
}

/// Usable time out of `total` milliseconds once the overhead is set aside.
/// When the clock is nearly empty a fifth of it is still used, so a move comes
/// back rather than none.
fn usable(total: u64, move_overhead_ms: u64) -> u64 {
    total.saturating_sub(move_overhead_ms).max(total / 5)
}

/// `go movetime`: spend the given time (minus the overhead), no more.
fn plan_fixed(movetime: u64, move_overhead_ms: u64) -> TimePlan {
    let budget = Duration::from_millis(usable(movetime, move_overhead_ms));
    TimePlan { soft: budget, hard: budget }
}

/// A clock with `remaining` ms, `increment` ms per move and optionally
/// `movestogo` moves until the next control.
fn plan_clock(remaining: u64, increment: u64, movestogo: Option<u32>, move_overhead_ms: u64) -> TimePlan {
    let available = usable(remaining, move_overhead_ms);
    let moves_to_go =
        movestogo.map_or(DEFAULT_MOVES_TO_GO, |moves| u64::from(moves).clamp(1, MAX_MOVES_TO_GO));
    // The hard cap: never more than a share of what is left, so a single
    // long think cannot empty the clock (with one move to go, most of it).
    let hard_cap = if moves_to_go == 1 { available * 4 / 5 } else { available * 3 / 5 };
    // Most of the increment may be spent while the clock is comfortable; on
    // a low clock only half of it, and on an almost empty one none, so the
    // clock builds back up and scheduling delays cannot eat the rest.
    let increment_share = if available > 10 * increment {
        increment * 3 / 4
    } else if remaining > 2 * move_overhead_ms {
        increment / 2
    } else {
        0
    };
    let soft = (available / moves_to_go + increment_share).min(hard_cap);
    let hard = (soft * 4).min(hard_cap).max(soft);
    TimePlan { soft: Duration::from_millis(soft), hard: Duration::from_millis(hard) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(text: &str) -> GoParams {
        match crate::uci::command::parse_line(text).unwrap().unwrap().command {
            crate::uci::command::Command::Go(params) => params,
            other => panic!("not go: {other:?}"),
        }
    }

    fn plan(text: &str, side: Color) -> TimePlan {
        SearchLimits::from_go(&go(text), side, 50).time.expect("has a clock")
    }

    #[test]
    fn uses_the_clock_of_the_side_to_move() {
        let white = plan("go wtime 60000 btime 1000", Color::White);
        let black = plan("go wtime 60000 btime 1000", Color::Black);
        assert!(white.soft > black.soft * 10);
    }

    #[test]
    fn soft_never_exceeds_hard_and_hard_leaves_time_on_the_clock() {
        for remaining in [0u64, 1, 10, 49, 50, 51, 100, 300, 1000, 10_000, 600_000] {
            for increment in [0u64, 10, 100, 1000, 5000] {
                for movestogo in [None, Some(1), Some(2), Some(40), Some(1000)] {
                    let plan = plan_clock(remaining, increment, movestogo, 50);
                    assert!(plan.soft <= plan.hard, "{remaining} {increment} {movestogo:?}");
                    assert!(
                        plan.hard.as_millis() as u64 <= remaining,
                        "{remaining} {increment} {movestogo:?}"
                    );
                    if remaining >= 200 {
                        assert!(
                            plan.hard.as_millis() as u64 + 50 <= remaining,
                            "{remaining} {increment} {movestogo:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn sensible_budgets_for_common_controls() {
        // 10+0.1 at the start: a few hundred milliseconds per move.
        let blitz = plan_clock(10_000, 100, None, 50);
        assert!((200..=600).contains(&(blitz.soft.as_millis() as u64)), "{blitz:?}");
        // 1+0.01: tens of milliseconds.
        let bullet = plan_clock(1_000, 10, None, 50);
        assert!((10..=80).contains(&(bullet.soft.as_millis() as u64)), "{bullet:?}");
        // Low on the clock: less than the increment, so the clock recovers.
        let low = plan_clock(300, 100, None, 50);
        assert!(low.soft.as_millis() < 70 && low.hard.as_millis() <= 150, "{low:?}");
        // Almost flagging at 1+0.01: move at once.
        let flagging = plan_clock(60, 10, None, 50);
        assert!(flagging.hard.as_millis() <= 8, "{flagging:?}");
        // Last move before the control may use most of the time.
        let last = plan_clock(10_000, 0, Some(1), 50);
        assert!(last.hard.as_millis() >= 5_000);
    }

    #[test]
    fn movetime_is_fixed_and_leaves_the_overhead() {
        let plan = plan("go movetime 1000", Color::White);
        assert_eq!(plan.soft, plan.hard);
        assert_eq!(plan.hard, Duration::from_millis(950));
        assert_eq!(plan_fixed(20, 50).hard, Duration::from_millis(4));
    }

    #[test]
    fn infinite_and_depth_have_no_clock() {
        let limits = SearchLimits::from_go(&go("go infinite wtime 1000"), Color::White, 50);
        assert!(limits.infinite);
        assert_eq!(limits.time, None);
        let limits = SearchLimits::from_go(&go("go depth 4 nodes 500 mate 2"), Color::Black, 50);
        assert_eq!(
            (limits.depth, limits.nodes, limits.mate, limits.time),
            (Some(4), Some(500), Some(2), None)
        );
    }
}
