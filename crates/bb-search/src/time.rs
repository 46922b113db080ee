//! Time management: turning a clock or a fixed move time into the time
//! limits of one search.
//!
//! A search has a *soft* limit, checked between iterations of iterative
//! deepening (do not start another iteration after it; stretched or shrunk by
//! how stable the best move is), and a *hard* limit, checked every few
//! thousand nodes inside the search, that is never exceeded. Both are measured
//! from the moment the search starts (or from `ponderhit` when pondering).
//!
//! The move overhead ([`SearchLimits::move_overhead`]) is subtracted up
//! front because the opponent's clock (a GUI's, a server's) also counts the
//! time the move takes to travel through pipes and the scheduler.

use crate::search::SearchLimits;
use std::time::Duration;

/// Soft and hard time limits of one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimePlan {
    /// Do not start a new iteration after this much time (before scaling).
    pub soft: Duration,
    /// Stop the search at once after this much time.
    pub hard: Duration,
}

/// Moves to plan for when the clock gives no moves to go (sudden death).
const DEFAULT_MOVES_TO_GO: u64 = 30;
/// Longest horizon honoured from the moves to go.
const MAX_MOVES_TO_GO: u64 = 50;

impl TimePlan {
    /// The time limits of a search with `limits`: from its move time if it
    /// has one, else from its clock; `None` when it has neither or is
    /// `infinite`.
    pub fn for_limits(limits: &SearchLimits) -> Option<TimePlan> {
        if limits.infinite {
            return None;
        }
        let overhead = millis(limits.move_overhead);
        if let Some(movetime) = limits.movetime {
            return Some(plan_fixed(millis(movetime), overhead));
        }
        limits.clock.map(|clock| {
            plan_clock(millis(clock.time_left), millis(clock.increment), clock.moves_to_go, overhead)
        })
    }
}

/// Whole milliseconds in `duration`, saturating at `u64::MAX`.
pub(crate) fn millis(duration: Duration) -> u64 {
    duration.as_millis().min(u128::from(u64::MAX)) as u64
}

/// Usable time out of `total` milliseconds once the overhead is set aside.
/// When the clock is nearly empty a fifth of it is still used, so a move comes
/// back rather than none.
fn usable(total: u64, move_overhead_ms: u64) -> u64 {
    total.saturating_sub(move_overhead_ms).max(total / 5)
}

/// A fixed move time: spend the given time (minus the overhead), no more.
fn plan_fixed(movetime: u64, move_overhead_ms: u64) -> TimePlan {
    let budget = Duration::from_millis(usable(movetime, move_overhead_ms));
    TimePlan { soft: budget, hard: budget }
}

/// A clock with `remaining` ms, `increment` ms per move and optionally
/// `movestogo` moves until the next control (all after the overhead).
///
/// Any `u64` clock is planned without overflow (`go wtime` takes any
/// number a GUI sends): products are taken in `u128` or saturate.
fn plan_clock(remaining: u64, increment: u64, movestogo: Option<u32>, move_overhead_ms: u64) -> TimePlan {
    let available = usable(remaining, move_overhead_ms);
    let moves_to_go =
        movestogo.map_or(DEFAULT_MOVES_TO_GO, |moves| u64::from(moves).clamp(1, MAX_MOVES_TO_GO));
    // The hard cap: never more than a share of what is left, so a single
    // long think cannot empty the clock (with one move to go, most of it).
    let hard_cap = if moves_to_go == 1 { fraction(available, 4, 5) } else { fraction(available, 3, 5) };
    // Most of the increment may be spent while the clock is comfortable; on
    // a low clock only half of it, and on an almost empty one none, so the
    // clock builds back up and scheduling delays cannot eat the rest.
    let increment_share = if available > increment.saturating_mul(10) {
        fraction(increment, 3, 4)
    } else if remaining > move_overhead_ms.saturating_mul(2) {
        increment / 2
    } else {
        0
    };
    let soft = (available / moves_to_go).saturating_add(increment_share).min(hard_cap);
    let hard = soft.saturating_mul(4).min(hard_cap).max(soft);
    TimePlan { soft: Duration::from_millis(soft), hard: Duration::from_millis(hard) }
}

/// `value * numerator / denominator` (a fraction below one) without
/// overflow, rounded down as the `u64` expression would be.
fn fraction(value: u64, numerator: u64, denominator: u64) -> u64 {
    (u128::from(value) * u128::from(numerator) / u128::from(denominator)) as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Clock;

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

    /// Found by the `uci_line` fuzz target (issue #17): `go wtime
    /// 7926768315105192618` overflowed `available * 4 / 5` (a panic with
    /// overflow checks, a wrapped, tiny budget without them).
    #[test]
    fn huge_clocks_are_planned_without_overflow() {
        let huge = [u64::MAX, u64::MAX / 2, 7_926_768_315_105_192_618, u64::MAX / 10 + 1];
        for remaining in huge {
            for increment in [0, 100].into_iter().chain(huge) {
                for movestogo in [None, Some(1), Some(u32::MAX)] {
                    for overhead in [0, 50, u64::MAX] {
                        let plan = plan_clock(remaining, increment, movestogo, overhead);
                        assert!(plan.soft <= plan.hard, "{remaining} {increment} {movestogo:?} {overhead}");
                        assert!(plan.hard.as_millis() <= u128::from(remaining));
                    }
                }
            }
        }
        let plan = plan_clock(7_926_768_315_105_192_618, 0, None, 50);
        assert!(plan.soft.as_millis() > 1 << 50, "{plan:?}");
        assert_eq!(fraction(u64::MAX, 4, 5), u64::MAX / 5 * 4);
        assert_eq!(fraction(7, 3, 4), 7 * 3 / 4);
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
    fn plans_from_typed_limits() {
        let overhead = Duration::from_millis(50);
        let clock = Clock {
            time_left: Duration::from_millis(10_000),
            increment: Duration::from_millis(100),
            moves_to_go: Some(20),
        };
        let limits = SearchLimits { clock: Some(clock), move_overhead: overhead, ..SearchLimits::default() };
        assert_eq!(TimePlan::for_limits(&limits), Some(plan_clock(10_000, 100, Some(20), 50)));
        // A move time wins over the clock; `infinite` has no plan at all.
        let fixed = SearchLimits { movetime: Some(Duration::from_millis(1000)), ..limits };
        let plan = TimePlan::for_limits(&fixed).expect("a plan");
        assert_eq!((plan.soft, plan.hard), (Duration::from_millis(950), Duration::from_millis(950)));
        assert_eq!(TimePlan::for_limits(&SearchLimits { infinite: true, ..fixed }), None);
        assert_eq!(TimePlan::for_limits(&SearchLimits::depth(5)), None);
        assert_eq!(plan_fixed(20, 50).hard, Duration::from_millis(4));
    }
}
