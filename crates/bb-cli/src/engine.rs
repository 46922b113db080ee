//! The commands backed by bb-search: the UCI engine (`bb` with no
//! arguments) and `bb bench`.

use crate::args::BenchArgs;
use crate::failure::{CommandResult, Failure};
use crate::report;
use bb_search::nnue::Network;
use std::io::Write;

/// Runs the UCI engine on stdin/stdout until `quit` or the end of input.
/// bb-search answers bad commands with `info string` and never fails.
pub fn run_uci_engine() -> CommandResult {
    bb_search::run_uci(std::io::stdin().lock(), std::io::stdout());
    Ok(())
}

/// Runs `bb bench [depth] [--threads N] [--eval-file FILE | --hand-written]`:
/// a summary line, then `<nodes> nodes <nps> nps`.
pub fn run_bench(options: BenchArgs) -> CommandResult {
    let depth = options.depth.unwrap_or(bb_search::bench::DEFAULT_BENCH_DEPTH);
    let network = match &options.eval_file {
        _ if options.hand_written => None,
        None => Some(bb_search::nnue::embedded()),
        Some(path) => {
            // `Network::read` bounds the read at one file's size, so a
            // huge or endless file (a FIFO, /dev/zero) fails quickly.
            let network = Network::read(path)
                .map_err(|error| Failure::input(format!("{}: {error}", path.display())))?;
            Some(std::sync::Arc::new(network))
        }
    };
    let result = bb_search::bench::bench_with(depth, options.threads, network);
    let mut out = std::io::stdout().lock();
    let threads = match options.threads {
        1 => String::new(),
        many => format!(", {many} threads"),
    };
    writeln!(
        out,
        "{} positions, depth {depth}{threads}, {} s",
        result.positions,
        report::seconds(result.elapsed)
    )?;
    writeln!(out, "{} nodes {} nps", result.nodes, result.nps)?;
    out.flush()?;
    Ok(())
}
