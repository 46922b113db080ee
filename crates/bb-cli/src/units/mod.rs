//! `bb perft split | unit | merge`: deep perft as work units for job
//! engines (GNU parallel, Slurm arrays). The format and the checks live in
//! bb-movegen's `perft::units`; this module reads and writes the files,
//! counts the units on threads and reports.

pub mod args;
mod count;

use crate::failure::{CommandResult, Failure};
use crate::report;
use args::{MergeArgs, SplitArgs, UnitsCommand};
use bb_movegen::perft::units::{Merge, UnitsFile};
use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::time::Instant;

/// Runs one of the work-unit commands.
pub fn run(command: UnitsCommand) -> CommandResult {
    match command {
        UnitsCommand::Split(args) => split(args),
        UnitsCommand::Unit(args) => count::count_units(args),
        UnitsCommand::Merge(args) => merge(args),
    }
}

fn split(args: SplitArgs) -> CommandResult {
    let root = args.position.resolve()?;
    let start = Instant::now();
    let units = UnitsFile::split(&root, args.depth, args.ply).map_err(Failure::input)?;
    match &args.output {
        None => {
            let mut out = std::io::stdout().lock();
            units.write_to(&mut out)?;
            out.flush()?;
        }
        Some(path) => {
            let file = File::create(path)
                .map_err(|error| Failure::input(format!("cannot create {path}: {error}")))?;
            let mut out = BufWriter::new(file);
            let written = units.write_to(&mut out).and_then(|()| out.flush());
            written.map_err(|error| Failure::input(format!("cannot write {path}: {error}")))?;
            println!(
                "{} units ({} paths at ply {}, depth {} each) written to {path} in {} s",
                units.units().len(),
                units.paths(),
                args.ply,
                args.depth - args.ply,
                report::seconds(start.elapsed())
            );
        }
    }
    Ok(())
}

/// Reads and checks a units file; the error names the file and the line.
pub(crate) fn read_units(path: &str) -> Result<UnitsFile, Failure> {
    let file = File::open(path).map_err(|error| Failure::input(format!("cannot open {path}: {error}")))?;
    UnitsFile::read_from(BufReader::new(file)).map_err(|error| Failure::input(format!("{path}: {error}")))
}

/// Calls `line` with each line of a results file, lossily decoded (a
/// damaged line is the merge's to report, not a reason to stop).
pub(crate) fn for_each_line(path: &str, mut line: impl FnMut(&str)) -> Result<(), Failure> {
    let cannot = |error: std::io::Error| Failure::input(format!("cannot read {path}: {error}"));
    let mut input = BufReader::new(File::open(path).map_err(cannot)?);
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        if input.read_until(b'\n', &mut bytes).map_err(cannot)? == 0 {
            return Ok(());
        }
        line(&String::from_utf8_lossy(&bytes));
    }
}

fn merge(args: MergeArgs) -> CommandResult {
    let units = read_units(&args.units)?;
    let mut merge = Merge::new(&units);
    for path in &args.results {
        for_each_line(path, |line| merge.add_line(path, line))?;
    }
    let mut err = std::io::stderr().lock();
    for problem in merge.problems() {
        let kind = if problem.is_fatal() { "" } else { "warning: " };
        writeln!(err, "bb: {kind}{problem}")?;
    }
    let fatal = merge.problems().iter().filter(|problem| problem.is_fatal()).count();
    let missing = merge.missing();
    let mut out = std::io::stdout().lock();
    if args.missing {
        for id in &missing {
            writeln!(out, "{id}")?;
        }
    } else if let Some(total) = merge.total() {
        writeln!(out, "nodes {total} units {}", units.units().len())?;
    } else if !missing.is_empty() {
        let first: Vec<String> = missing.iter().take(10).map(u64::to_string).collect();
        let more = if missing.len() > 10 { ", ..." } else { "" };
        writeln!(
            err,
            "bb: {} units have no result: {}{more} (--missing lists them all)",
            missing.len(),
            first.join(", ")
        )?;
    }
    out.flush()?;
    if fatal == 0 && (missing.is_empty() || args.missing) {
        return Ok(());
    }
    if fatal > 0 {
        writeln!(err, "bb: no total: {fatal} problems with the results of {}", args.units)?;
    }
    Err(Failure::Mismatch)
}
