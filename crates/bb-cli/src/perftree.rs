//! `bb perftree <depth> <fen> [<moves>]`: the script interface of the
//! perftree debugger (github.com/agausmann/perftree), which runs
//! `script "$depth" "$fen" "$moves"` and reads one `move count` line per
//! root move, a blank line, and the total.

use crate::args::{self, Args};
use crate::failure::{CommandResult, Failure};
use bb_movegen::perft::ThreadedPerft;
use bb_movegen::Position;
use std::io::Write;

/// Runs `bb perftree` with the arguments after `perftree`.
pub fn run(mut args: Args) -> CommandResult {
    let usage = "usage: bb perftree <depth> <fen> [<moves>]";
    let depth_text = args.next_text().ok_or_else(|| Failure::input(usage))?;
    let fen = args.next_text().ok_or_else(|| Failure::input(usage))?;
    // perftree passes all moves as one argument, space-separated (split by
    // the rule UCI uses).
    let moves = args.next_text().unwrap_or_default();
    if let Some(extra) = args.next_text() {
        return Err(args::unexpected_argument("perftree", &extra));
    }
    let depth = args::parse_depth(&depth_text)?;
    let start = Position::from_fen(&fen).map_err(Failure::input)?;
    let moves: Vec<&str> = bb_movegen::split_fields(&moves).collect();
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
