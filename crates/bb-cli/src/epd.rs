//! Reading a perft suite file for `bb perft --epd`: bb-movegen's EPD reader
//! (its grammar: `FEN ;D1 20 ;D2 400 ...`, see [`bb_movegen::epd`]) with
//! the CLI's errors, which name the file and the line.

use crate::failure::Failure;
use bb_movegen::epd::{EpdErrorKind, EpdReader, EpdRecord};
use bb_movegen::Position;
use std::fs::File;
use std::io::BufReader;

/// One position of a suite.
pub struct SuiteEntry {
    /// The 1-based line number in the file.
    pub line: usize,
    /// The record as read.
    pub record: EpdRecord,
    /// Its FEN, parsed.
    pub position: Position,
}

/// Every position of the suite at `path`. Every line and FEN is checked
/// before anything is counted: a typo on the last line should not cost the
/// time of the lines before it.
pub fn read_suite(path: &str) -> Result<Vec<SuiteEntry>, Failure> {
    let cannot_read =
        |reason: &dyn std::fmt::Display| Failure::input(format!("cannot read EPD file '{path}': {reason}"));
    let file = File::open(path).map_err(|error| cannot_read(&error))?;
    let mut entries = Vec::new();
    for (line, record) in EpdReader::new(BufReader::new(file)) {
        let record = record.map_err(|error| match error.kind() {
            EpdErrorKind::Read(kind) => cannot_read(&kind),
            _ => Failure::input(format!("{path} {error}")),
        })?;
        let position =
            record.position().map_err(|error| Failure::input(format!("{path} line {line}: {error}")))?;
        entries.push(SuiteEntry { line, record, position });
    }
    Ok(entries)
}
