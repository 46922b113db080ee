//! The commands backed by bb-search: the UCI engine (`bb` with no
//! arguments) and `bb bench`.
//!
//! bb-search does not expose its UCI loop and bench yet; until it does these
//! report that plainly instead of pretending to be an engine.

use crate::args::{self, Args};
use crate::failure::{CommandResult, Failure};

/// Runs the UCI engine on stdin/stdout.
pub fn run_uci_engine() -> CommandResult {
    Err(Failure::input("the UCI engine is not available yet (bb-search has no UCI loop); see 'bb help'"))
}

/// Runs `bb bench [depth]`.
pub fn run_bench(mut args: Args) -> CommandResult {
    let depth = match args.next_text() {
        Some(text) => Some(args::parse_number(&text, "bench depth", 1, 64u32)?),
        None => None,
    };
    if let Some(extra) = args.next_text() {
        return Err(args::unexpected_argument("bench", &extra));
    }
    let _ = depth;
    Err(Failure::input("bench is not available yet (bb-search has no bench)"))
}
