//! The progress line of long perft runs: on stderr, rewritten in place with
//! `\r`, shown only after a few seconds and only when stderr is a terminal
//! (the caller decides that), cleared when the run ends.

use super::tally::{Snapshot, Tally};
use crate::report::format_duration;
use std::io::Write;
use std::time::{Duration, Instant};

/// Runs shorter than this never show a progress line.
const QUIET_PERIOD: Duration = Duration::from_secs(3);

/// How often the line is rewritten.
const REFRESH: Duration = Duration::from_millis(500);

/// Shows the progress of the run counted in `tally` until it is complete.
pub fn watch(tally: &Tally, depth: u32, start: Instant) {
    let mut shown = false;
    while !tally.wait_until_done(REFRESH) {
        let elapsed = start.elapsed();
        if elapsed >= QUIET_PERIOD {
            let line = progress_line(&tally.snapshot(), depth, elapsed);
            // Progress is a courtesy: a closed stderr must not stop the run.
            let _ = write!(std::io::stderr(), "\r{line}\x1b[K");
            shown = true;
        }
    }
    if shown {
        let _ = write!(std::io::stderr(), "\r\x1b[K");
    }
}

/// `perft 9: 12/20 root moves, 1534236455123 nodes, 81.2 Mnps, ETA 2m05s`.
/// The ETA assumes the remaining work units are as big as the finished ones
/// on average (with a hash table they get cheaper, so it errs long).
pub fn progress_line(snapshot: &Snapshot, depth: u32, elapsed: Duration) -> String {
    let seconds = elapsed.as_secs_f64();
    let nodes = snapshot.nodes as f64;
    let mnps = if seconds > 0.0 { nodes / seconds / 1e6 } else { 0.0 };
    let eta = if snapshot.units_done == 0 {
        String::from("?")
    } else {
        let left = (snapshot.units_total - snapshot.units_done) as f64 / snapshot.units_done as f64;
        format_duration(seconds * left)
    };
    format!(
        "perft {depth}: {}/{} root moves, {} nodes, {mnps:.1} Mnps, ETA {eta}",
        snapshot.roots_done, snapshot.roots_total, snapshot.nodes
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_names_roots_nodes_speed_and_eta() {
        let snapshot = Snapshot {
            roots_done: 5,
            roots_total: 20,
            units_done: 100,
            units_total: 400,
            nodes: 2_000_000_000,
        };
        let line = progress_line(&snapshot, 8, Duration::from_secs(10));
        assert_eq!(line, "perft 8: 5/20 root moves, 2000000000 nodes, 200.0 Mnps, ETA 30s");
    }
}
