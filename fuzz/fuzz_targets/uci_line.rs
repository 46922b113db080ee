//! UCI command lines, parsed as the engine parses them: `parse_line` on
//! each line, errors one line each (they are echoed in an `info string`);
//! a `go` turned into search limits and a time plan for either side and
//! any `Move Overhead`, whose arithmetic must not overflow on hostile
//! clocks; a `setoption` checked against the options.
//!
//! `uci_session` plays lines to a real engine; this target does no
//! search, so it runs tens of thousands of lines a second.
#![no_main]

use bb_core::Color;
use bb_search::time::TimePlan;
use bb_search::uci::command::{parse_line, Command};
use bb_search::uci::go::search_limits;
use bb_search::uci::options::{parse_change, MAX_MOVE_OVERHEAD_MS};
use libfuzzer_sys::fuzz_target;
use std::time::Duration;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for line in text.split('\n') {
        let parsed = match parse_line(line) {
            Ok(Some(parsed)) => parsed,
            Ok(None) => continue,
            Err(error) => {
                assert_one_line(&error.to_string(), line);
                continue;
            }
        };
        match &parsed.command {
            Command::Go(params) => {
                for side in [Color::White, Color::Black] {
                    for overhead_ms in [0, 50, MAX_MOVE_OVERHEAD_MS] {
                        let limits = search_limits(params, side, Duration::from_millis(overhead_ms));
                        let _ = TimePlan::for_limits(&limits);
                    }
                }
            }
            Command::SetOption { name, value } => {
                if let Err(error) = parse_change(name, value.as_deref()) {
                    assert_one_line(&error.to_string(), line);
                }
            }
            _ => {}
        }
    }
});

/// An error is written as one `info string`: a line break in it would
/// start a line the GUI reads as an engine message of its own.
fn assert_one_line(message: &str, line: &str) {
    assert!(!message.contains(['\n', '\r']), "{line:?} gave {message:?}");
}
