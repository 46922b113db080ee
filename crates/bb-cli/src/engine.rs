//! The commands backed by bb-search: the UCI engine (`bb` with no
//! arguments) and `bb bench`.

use crate::args::{self, Args};
use crate::failure::CommandResult;
use crate::report;
use std::io::Write;

/// The deepest `bb bench` accepts (the search clamps deeper requests anyway).
const MAX_BENCH_DEPTH: u32 = 64;

/// Runs the UCI engine on stdin/stdout until `quit` or the end of input.
/// bb-search answers bad commands with `info string` and never fails.
pub fn run_uci_engine() -> CommandResult {
    bb_search::run_uci(std::io::stdin().lock(), std::io::stdout());
    Ok(())
}

/// Runs `bb bench [depth]`: a summary line, then `<nodes> nodes <nps> nps`.
pub fn run_bench(mut args: Args) -> CommandResult {
    let depth = match args.next_text() {
        Some(text) => args::parse_number(&text, "bench depth", 1, MAX_BENCH_DEPTH)?,
        None => bb_search::bench::DEFAULT_BENCH_DEPTH,
    };
    if let Some(extra) = args.next_text() {
        return Err(args::unexpected_argument("bench", &extra));
    }
    let result = bb_search::bench(depth);
    let mut out = std::io::stdout().lock();
    writeln!(out, "{} positions, depth {depth}, {} s", result.positions, report::seconds(result.elapsed))?;
    writeln!(out, "{} nodes {} nps", result.nodes, result.nps)?;
    out.flush()?;
    Ok(())
}
