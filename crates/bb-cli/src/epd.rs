//! Reading a perft suite file for `bb perft --epd`: bb-movegen's EPD reader
//! (its grammar: `FEN ;D1 20 ;D2 400 ...`, see [`bb_movegen::epd`]) with
//! the CLI's errors, which name the file and the line.
//!
//! A line that cannot be read (bad syntax, a FEN that is refused) is
//! reported and skipped, so one bad position does not hide the counts of
//! the rest; the run then ends with exit code 2. What says the file is not
//! a suite at all (it cannot be read, it is binary, a line is longer than
//! the limit, or too many lines are bad) stops at once.

use crate::failure::Failure;
use bb_movegen::epd::{EpdErrorKind, EpdReader, EpdRecord};
use bb_movegen::{Position, Validation};
use std::fs::File;
use std::io::BufReader;

/// After this many unreadable lines the file is taken not to be a suite:
/// random bytes would otherwise be read to their end line by line.
const MAX_BAD_LINES: usize = 100;

/// One position of a suite.
pub struct SuiteEntry {
    /// The 1-based line number in the file.
    pub line: usize,
    /// The record as read.
    pub record: EpdRecord,
    /// Its FEN, parsed.
    pub position: Position,
}

/// A suite as read: its positions, and one message per line skipped.
pub struct Suite {
    /// The positions, in file order.
    pub entries: Vec<SuiteEntry>,
    /// `<path> line N: <why>` for each line that could not be read.
    pub bad_lines: Vec<String>,
}

/// Every position of the suite at `path`, with positions validated by
/// `validation`. Every line is read before anything is counted: a typo on
/// the last line should be reported before the time of the lines above it.
pub fn read_suite(path: &str, validation: Validation) -> Result<Suite, Failure> {
    let cannot_read =
        |reason: &dyn std::fmt::Display| Failure::input(format!("cannot read EPD file '{path}': {reason}"));
    let file = File::open(path).map_err(|error| cannot_read(&error))?;
    let mut suite = Suite { entries: Vec::new(), bad_lines: Vec::new() };
    for (line, record) in EpdReader::new(BufReader::new(file)) {
        let parsed = record.map_err(|error| match error.kind() {
            EpdErrorKind::Read(kind) => Err(cannot_read(&kind)),
            EpdErrorKind::TooLong { .. } | EpdErrorKind::NotUtf8 => {
                Err(Failure::input(format!("{path} {error}")))
            }
            _ => Ok(format!("{path} {error}")),
        });
        let message = match parsed {
            Ok(record) => match Position::from_fen_with(&record.fen, validation) {
                Ok(position) => {
                    suite.entries.push(SuiteEntry { line, record, position });
                    continue;
                }
                Err(error) => format!("{path} line {line}: {error}"),
            },
            Err(fatal_or_message) => fatal_or_message?,
        };
        suite.bad_lines.push(message);
        if suite.bad_lines.len() >= MAX_BAD_LINES {
            return Err(Failure::input(format!(
                "{path}: {MAX_BAD_LINES} lines cannot be read, is it an EPD suite? (the first: {})",
                suite.bad_lines[0]
            )));
        }
    }
    Ok(suite)
}
