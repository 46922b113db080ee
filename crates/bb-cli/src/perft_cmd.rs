//! `bb perft`: one position (`bb perft 6 --fen ... --divide`) or a whole
//! suite (`bb perft --epd FILE`), optionally on several threads with a hash
//! table (bb-movegen's [`ThreadedPerft`]).

use crate::args::PerftArgs;
use crate::epd;
use crate::failure::{CommandResult, Failure};
use crate::perft_json::{MoveJson, PerftJson};
use crate::{progress, report, units};
use bb_movegen::perft::{self, PerftTable, ThreadedPerft};
use bb_movegen::{Move, Position, Validation};
use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// Runs `bb perft`.
pub fn run(mut options: PerftArgs) -> CommandResult {
    if let Some(command) = options.units.take() {
        return units::run(command);
    }
    let engine = build_engine(&options)?;
    match &options.epd {
        Some(path) => {
            let misplaced = [
                (options.depth.is_some(), "a positional depth (use --depth N)"),
                (options.position.fen.is_some(), "--fen"),
                (!options.position.moves.is_empty(), "--moves"),
                (options.divide, "--divide"),
            ];
            if let Some((_, what)) = misplaced.iter().find(|(given, _)| *given) {
                return Err(Failure::input(format!("{what} cannot be combined with --epd")));
            }
            run_suite(&engine, path, &options)
        }
        None => {
            let misplaced = [(options.epd_max_depth.is_some(), "--depth"), (options.lenient, "--lenient")];
            if let Some((_, what)) = misplaced.iter().find(|(given, _)| *given) {
                return Err(Failure::input(format!(
                    "{what} goes with --epd; for one position write 'bb perft <depth>'"
                )));
            }
            let depth =
                options.depth.ok_or_else(|| Failure::input("perft needs a depth, e.g. 'bb perft 5'"))?;
            let position = options.position.resolve()?;
            if options.hash_leaves {
                return run_hashed(&position, depth, options.divide, options.json);
            }
            run_position(&engine, &position, depth, options.divide, options.json)
        }
    }
}

/// The threaded perft and whether it shows a progress line.
struct Engine {
    perft: ThreadedPerft,
    show_progress: bool,
}

impl Engine {
    /// The count of each root move (none at depth 0).
    fn divide(&self, position: &Position, depth: u32) -> Vec<(Move, u128)> {
        if !self.show_progress {
            return self.perft.divide(position, depth);
        }
        // No stop flag is given, so the run cannot be stopped.
        self.perft.divide_watched(position, depth, progress::on_stderr(depth)).unwrap_or_default()
    }

    /// The perft count (1 at depth 0).
    fn count(&self, position: &Position, depth: u32) -> u128 {
        match depth {
            0 => 1,
            _ => self.divide(position, depth).iter().map(|(_, count)| count).sum(),
        }
    }
}

fn build_engine(options: &PerftArgs) -> Result<Engine, Failure> {
    let table = match options.hash {
        None | Some(0) => None,
        Some(megabytes) => Some(PerftTable::with_megabytes(megabytes).map_err(Failure::input)?),
    };
    let threads = options.threads.unwrap_or(1);
    Ok(Engine { perft: ThreadedPerft::new(threads, table), show_progress: std::io::stderr().is_terminal() })
}

/// One position: divide lines if asked, then `nodes N time S nps X`; or
/// with `json` all that as one JSON object.
fn run_position(engine: &Engine, position: &Position, depth: u32, divide: bool, json: bool) -> CommandResult {
    let start = Instant::now();
    let split = engine.divide(position, depth);
    let elapsed = start.elapsed();
    let nodes: u128 = if depth == 0 { 1 } else { split.iter().map(|(_, count)| count).sum() };
    let rows: Vec<Row> = split.iter().map(|&(mv, count)| (mv, count, None)).collect();
    let shown = Shown { divide, json };
    write_result(position, depth, (nodes, None), &rows, elapsed, shown)
}

/// `--hash-leaves`: divide lines `move nodes key_sum` if asked, then
/// `nodes N key_sum 0x… time S nps X`, or all that as one JSON object.
fn run_hashed(position: &Position, depth: u32, divide: bool, json: bool) -> CommandResult {
    let start = Instant::now();
    let mut rows: Vec<Row> = Vec::new();
    let total = perft::divide_hashed(position, depth, |mv, sum| {
        rows.push((mv, u128::from(sum.nodes), Some(sum.key_sum)))
    });
    let elapsed = start.elapsed();
    let shown = Shown { divide, json };
    write_result(position, depth, (u128::from(total.nodes), Some(total.key_sum)), &rows, elapsed, shown)
}

/// One root move's count, with its leaves' key sum under `--hash-leaves`.
type Row = (Move, u128, Option<u64>);

/// What `bb perft` prints of one position: the divide lines or not, text or JSON.
#[derive(Clone, Copy)]
struct Shown {
    divide: bool,
    json: bool,
}

/// Prints the count of one position (and its key sum, if any): divide lines
/// if asked and the summary line, or one JSON object.
fn write_result(
    position: &Position,
    depth: u32,
    (nodes, key_sum): (u128, Option<u64>),
    rows: &[Row],
    elapsed: Duration,
    shown: Shown,
) -> CommandResult {
    let chess960 = position.is_chess960();
    let mut out = std::io::stdout().lock();
    if shown.json {
        let moves = rows.iter().map(|&(mv, count, key)| MoveJson {
            uci: mv.uci(chess960).to_string(),
            nodes: count,
            key_sum: key.map(hex),
        });
        let fen = position.to_string();
        let object = PerftJson {
            line: None,
            fen: &fen,
            depth,
            nodes,
            expected: None,
            seconds: elapsed.as_secs_f64(),
            key_sum: key_sum.map(hex),
            divide: shown.divide.then(|| moves.collect()),
        };
        object.write_line(&mut out)?;
    } else {
        if shown.divide {
            for &(mv, count, key) in rows {
                match key {
                    Some(key) => writeln!(out, "{} {count} {}", mv.uci(chess960), hex(key))?,
                    None => writeln!(out, "{} {count}", mv.uci(chess960))?,
                }
            }
        }
        let key_part = key_sum.map_or(String::new(), |key| format!(" key_sum {}", hex(key)));
        writeln!(
            out,
            "nodes {nodes}{key_part} time {} nps {}",
            report::seconds(elapsed),
            report::nodes_per_second(nodes, elapsed)
        )?;
    }
    out.flush()?;
    Ok(())
}

/// A key sum as 16 hex digits: `0x00ab…`.
fn hex(key_sum: u64) -> String {
    format!("{key_sum:#018x}")
}

/// A suite: every count up to `--depth`, a `MISMATCH` line for each wrong
/// one, a summary line, and exit code 1 if anything disagreed; with
/// `--json`, one JSON object per count instead of the lines. Lines that
/// cannot be read are reported on stderr as they are found and the others
/// are counted; the run then ends with exit code 2 (1 if a count was wrong).
fn run_suite(engine: &Engine, path: &str, options: &PerftArgs) -> CommandResult {
    let validation = if options.lenient { Validation::PLAYABLE } else { Validation::STRICT };
    let suite = epd::read_suite(path, validation)?;
    for message in &suite.bad_lines {
        let mut err = std::io::stderr().lock();
        writeln!(err, "bb: {message}")?;
    }
    let mut out = std::io::stdout().lock();
    let start = Instant::now();
    let (mut mismatches, mut nodes) = (0usize, 0u128);
    for epd::SuiteEntry { line, record, position } in &suite.entries {
        for &(depth, expected) in &record.counts {
            if options.epd_max_depth.is_some_and(|max| depth > max) {
                continue;
            }
            let count_start = Instant::now();
            let got = engine.count(position, depth);
            nodes += got;
            if got != expected {
                mismatches += 1;
            }
            if options.json {
                let object = PerftJson {
                    line: Some(*line),
                    fen: &record.fen,
                    depth,
                    nodes: got,
                    expected: Some(expected),
                    seconds: count_start.elapsed().as_secs_f64(),
                    key_sum: None,
                    divide: None,
                };
                object.write_line(&mut out)?;
            } else if got != expected {
                writeln!(out, "MISMATCH {} depth {depth} expected {expected} got {got}", record.fen)?;
            }
        }
    }
    let elapsed = start.elapsed();
    if !options.json {
        let unreadable = match suite.bad_lines.len() {
            0 => String::new(),
            count => format!(", {count} unreadable lines"),
        };
        writeln!(
            out,
            "{} positions, {mismatches} mismatches, {nodes} nodes, {} s{unreadable}",
            suite.entries.len(),
            report::seconds(elapsed)
        )?;
    }
    out.flush()?;
    if mismatches > 0 {
        Err(Failure::Mismatch)
    } else if !suite.bad_lines.is_empty() {
        let lenient =
            if options.lenient { "" } else { " (--lenient accepts playable but impossible positions)" };
        Err(Failure::input(format!("{} lines of {path} could not be read{lenient}", suite.bad_lines.len())))
    } else {
        Ok(())
    }
}
