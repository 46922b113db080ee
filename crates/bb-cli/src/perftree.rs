//! `bb perftree <depth> <fen> [<moves>]`: the script interface of the
//! perftree debugger (github.com/agausmann/perftree), which runs
//! `script "$depth" "$fen" "$moves"` and reads one `move count` line per
//! root move, a blank line, and the total.

use crate::args::{self, PerftreeArgs};
use crate::failure::{CommandResult, Failure};
use bb_movegen::perft::ThreadedPerft;
use bb_movegen::Position;
use std::io::Write;

/// Runs `bb perftree`.
pub fn run(options: PerftreeArgs) -> CommandResult {
    let depth = options.depth;
    let start = Position::from_fen(&options.fen).map_err(Failure::input)?;
    // perftree passes all moves as one argument, space-separated (split by
    // the rule UCI uses).
    let moves: Vec<&str> = bb_movegen::split_fields(&options.moves).collect();
    let position = args::play_moves(start, &moves)?;

    // One thread, no table, no progress line: perftree reads our output
    // and passes stderr on to its user.
    let split = ThreadedPerft::new(1, None).divide(&position, depth);
    let total: u128 = if depth == 0 { 1 } else { split.iter().map(|(_, count)| count).sum() };
    let mut out = std::io::stdout().lock();
    for (mv, count) in &split {
        writeln!(out, "{} {count}", mv.uci(position.is_chess960()))?;
    }
    writeln!(out)?;
    writeln!(out, "{total}")?;
    out.flush()?;
    Ok(())
}
