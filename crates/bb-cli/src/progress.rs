//! The progress line of long perft runs: on stderr, rewritten in place with
//! `\r`, shown only after a few seconds and only when stderr is a terminal
//! (the caller decides that), cleared when the run ends. The library calls
//! back with the progress ([`Watch::on_progress`]); this module only prints.

use crate::report::format_duration;
use bb_movegen::perft::{Progress, Watch};
use std::io::Write;
use std::time::Duration;

/// Runs shorter than this never show a progress line.
const QUIET_PERIOD: Duration = Duration::from_secs(3);

/// How often the line is rewritten.
const REFRESH: Duration = Duration::from_millis(500);

/// A watch that shows the progress of a perft at `depth` on stderr.
pub fn on_stderr(depth: u32) -> Watch<'static> {
    let mut shown = false;
    Watch::new().on_progress(REFRESH, move |progress| {
        // Progress is a courtesy: a closed stderr must not stop the run.
        if progress.ended {
            if shown {
                let _ = write!(std::io::stderr(), "\r\x1b[K");
            }
        } else if progress.elapsed >= QUIET_PERIOD {
            let _ = write!(std::io::stderr(), "\r{}\x1b[K", progress_line(progress, depth));
            shown = true;
        }
    })
}

/// `perft 9: 12/20 root moves, 1534236455123 nodes, 81.2 Mnps, ETA 2m05s`.
/// The ETA assumes the remaining work units are as big as the finished ones
/// on average (with a hash table they get cheaper, so it errs long).
pub fn progress_line(progress: &Progress, depth: u32) -> String {
    let seconds = progress.elapsed.as_secs_f64();
    let nodes = progress.nodes as f64;
    let mnps = if seconds > 0.0 { nodes / seconds / 1e6 } else { 0.0 };
    let eta = if progress.units_done == 0 {
        String::from("?")
    } else {
        let left = (progress.units_total - progress.units_done) as f64 / progress.units_done as f64;
        format_duration(seconds * left)
    };
    format!(
        "perft {depth}: {}/{} root moves, {} nodes, {mnps:.1} Mnps, ETA {eta}",
        progress.roots_done, progress.roots_total, progress.nodes
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_names_roots_nodes_speed_and_eta() {
        let progress = Progress {
            roots_done: 5,
            roots_total: 20,
            units_done: 100,
            units_total: 400,
            nodes: 2_000_000_000,
            elapsed: Duration::from_secs(10),
            ended: false,
        };
        let line = progress_line(&progress, 8);
        assert_eq!(line, "perft 8: 5/20 root moves, 2000000000 nodes, 200.0 Mnps, ETA 30s");
    }
}
