//! Turning a `go` command into the search's typed limits: the clock of the
//! side to move is picked out of `wtime`/`btime`/`winc`/`binc`, milliseconds
//! become durations, and the `Move Overhead` option is added.

use super::command::GoParams;
use crate::search::{Clock, SearchLimits};
use bb_core::Color;
use std::time::Duration;

/// The limits of `go` with `params` for `side` to move, keeping
/// `move_overhead` in reserve. (`ponder` is not a limit: the caller raises
/// the search's pondering signal; `searchmoves` go into the request.)
pub fn search_limits(params: &GoParams, side: Color, move_overhead: Duration) -> SearchLimits {
    let (time_left, increment) = match side {
        Color::White => (params.wtime, params.winc),
        Color::Black => (params.btime, params.binc),
    };
    SearchLimits {
        depth: params.depth,
        nodes: params.nodes,
        mate: params.mate,
        movetime: params.movetime.map(Duration::from_millis),
        clock: time_left.map(|time_left| Clock {
            time_left: Duration::from_millis(time_left),
            increment: Duration::from_millis(increment.unwrap_or(0)),
            moves_to_go: params.movestogo,
        }),
        move_overhead,
        infinite: params.infinite,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::TimePlan;
    use crate::uci::command::{parse_line, Command};

    fn limits(text: &str, side: Color) -> SearchLimits {
        match parse_line(text).unwrap().unwrap().command {
            Command::Go(params) => search_limits(&params, side, Duration::from_millis(50)),
            other => panic!("not go: {other:?}"),
        }
    }

    fn plan(text: &str, side: Color) -> TimePlan {
        TimePlan::for_limits(&limits(text, side)).expect("has a clock")
    }

    #[test]
    fn uses_the_clock_of_the_side_to_move() {
        let white = limits("go wtime 60000 btime 1000 winc 20 binc 10 movestogo 7", Color::White);
        let black = limits("go wtime 60000 btime 1000 winc 20 binc 10 movestogo 7", Color::Black);
        let clock = |left, increment| Clock {
            time_left: Duration::from_millis(left),
            increment: Duration::from_millis(increment),
            moves_to_go: Some(7),
        };
        assert_eq!(white.clock, Some(clock(60_000, 20)));
        assert_eq!(black.clock, Some(clock(1_000, 10)));
        assert_eq!(white.move_overhead, Duration::from_millis(50));
        let (white, black) = (
            plan("go wtime 60000 btime 1000", Color::White),
            plan("go wtime 60000 btime 1000", Color::Black),
        );
        assert!(white.soft > black.soft * 10);
    }

    #[test]
    fn a_missing_increment_is_zero_and_an_increment_alone_is_no_clock() {
        let limits_white = limits("go wtime 5000", Color::White);
        assert_eq!(limits_white.clock.map(|clock| clock.increment), Some(Duration::ZERO));
        assert_eq!(limits("go winc 100 binc 100", Color::White).clock, None);
    }

    #[test]
    fn movetime_is_fixed_and_leaves_the_overhead() {
        let plan = plan("go movetime 1000", Color::White);
        assert_eq!(plan.soft, plan.hard);
        assert_eq!(plan.hard, Duration::from_millis(950));
    }

    #[test]
    fn infinite_and_depth_have_no_clock() {
        let infinite = limits("go infinite wtime 1000", Color::White);
        assert!(infinite.infinite && infinite.ends_only_on_stop());
        assert_eq!(TimePlan::for_limits(&infinite), None);
        let limits = limits("go depth 4 nodes 500 mate 2", Color::Black);
        assert_eq!(
            (limits.depth, limits.nodes, limits.mate, TimePlan::for_limits(&limits)),
            (Some(4), Some(500), Some(2), None)
        );
        assert!(!limits.ends_only_on_stop());
    }

    /// The `uci_line` fuzz target's input (issue #17): a clock near
    /// `u64::MAX` milliseconds overflowed the time plan.
    #[test]
    fn a_huge_clock_plans_without_overflow() {
        let huge = plan("go wtime 0000000000007926768315105192618 etim", Color::White);
        assert!(huge.soft <= huge.hard && huge.hard.as_millis() < 7_926_768_315_105_192_618);
        let most = plan(&format!("go wtime {0} btime {0} winc {0} binc {0}", i64::MAX), Color::Black);
        assert!(most.soft <= most.hard);
    }

    #[test]
    fn go_alone_and_go_ponder_only_end_on_stop() {
        assert!(limits("go", Color::White).ends_only_on_stop());
        assert!(limits("go ponder", Color::White).ends_only_on_stop());
        assert!(!limits("go ponder wtime 1000 btime 1000", Color::White).ends_only_on_stop());
    }
}
