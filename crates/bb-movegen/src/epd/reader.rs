//! Streaming EPD suites from any `BufRead`: a line at a time, each line of
//! bounded length, each yielded with its number as a record or an error.

use super::error::{EpdError, EpdErrorKind};
use super::line::EpdLine;
use crate::line_reader::LineReader;
use crate::{FenError, Position, Validation};
use std::fmt;
use std::io::BufRead;

/// The longest line [`EpdReader::new`] accepts: 64 KiB, hundreds of times
/// a line with every count up to depth 20.
pub const DEFAULT_MAX_LINE_BYTES: usize = 1 << 16;

/// One position of a suite and its counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdRecord {
    /// The FEN, its fields separated by one space (4 or 6 fields, unless
    /// the line is wrong: [`position`](Self::position) says).
    pub fen: String,
    /// `(depth, count)` pairs in the order written.
    pub counts: Vec<(u32, u128)>,
}

impl EpdRecord {
    /// The position of the FEN.
    pub fn position(&self) -> Result<Position, FenError> {
        Position::from_fen(&self.fen)
    }

    /// The position of the FEN, validated as `validation` says (see
    /// [`EpdLine::position_with`]).
    pub fn position_with(&self, validation: Validation) -> Result<Position, FenError> {
        Position::from_fen_with(&self.fen, validation)
    }
}

impl From<EpdLine<'_>> for EpdRecord {
    fn from(line: EpdLine<'_>) -> EpdRecord {
        let fen = line.fen().split_whitespace().collect::<Vec<_>>().join(" ");
        EpdRecord { fen, counts: line.counts().collect() }
    }
}

impl fmt::Display for EpdRecord {
    /// The line as [`write_line`](super::write_line) writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        super::write_line(f, &self.fen, self.counts.iter().copied())
    }
}

/// The records of a suite, read from `input` a line at a time: an iterator
/// of `(line number, record or error)`, blank lines and comments skipped.
/// After a read error it ends.
///
/// ```
/// use bb_movegen::epd::{EpdReader, EpdRecord};
///
/// let file = "k7/8/8/8/8/8/8/7K b - - 0 1 ;D1 3\n\n8/8/8 w ;D1 x\n";
/// let mut reader = EpdReader::new(file.as_bytes());
/// let (number, record) = reader.next().unwrap();
/// assert_eq!((number, record.unwrap().counts), (1, vec![(1, 3)]));
/// let (number, error) = reader.next().unwrap();
/// assert_eq!(number, 3);
/// assert_eq!(error.unwrap_err().to_string(), "line 3: expected 'D<depth> <count>' such as 'D3 8902', found 'D1 x'");
/// assert!(reader.next().is_none());
/// ```
pub struct EpdReader<R> {
    lines: LineReader<R>,
    /// Lines read so far.
    line: usize,
    /// A read failed: nothing more is read.
    failed: bool,
}

impl<R: BufRead> EpdReader<R> {
    /// A reader of `input` with lines of at most [`DEFAULT_MAX_LINE_BYTES`].
    ///
    /// ```
    /// use bb_movegen::epd::EpdReader;
    /// use bb_movegen::perft;
    ///
    /// let suite: &[u8] = b"# two kings\n8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3 ;D2 9\n";
    /// let mut reader = EpdReader::new(suite);
    /// let (number, record) = reader.next().unwrap();
    /// let record = record.unwrap();
    /// assert_eq!((number, record.counts.clone()), (2, vec![(1, 3), (2, 9)]));
    /// assert_eq!(perft(&record.position().unwrap(), 2), 9);
    /// assert!(reader.next().is_none());
    /// ```
    pub fn new(input: R) -> EpdReader<R> {
        EpdReader { lines: LineReader::new(input, DEFAULT_MAX_LINE_BYTES), line: 0, failed: false }
    }

    /// The same reader with lines of at most `max_line_bytes` (without the
    /// line break): a longer line is an error, and only that much of it is
    /// ever held in memory.
    pub fn max_line_bytes(mut self, max_line_bytes: usize) -> EpdReader<R> {
        self.lines.set_max_line_bytes(max_line_bytes);
        self
    }

    /// The record of the line just read, `None` for a blank or comment line.
    fn parse_buffer(&self) -> Option<Result<EpdRecord, EpdError>> {
        let Ok(text) = std::str::from_utf8(self.lines.line()) else {
            return Some(Err(EpdError::new(EpdErrorKind::NotUtf8, "")));
        };
        EpdLine::parse(text).map(|line| line.map(EpdRecord::from)).transpose()
    }
}

impl<R: BufRead> Iterator for EpdReader<R> {
    type Item = (usize, Result<EpdRecord, EpdError>);

    fn next(&mut self) -> Option<Self::Item> {
        while !self.failed {
            let read = self.lines.read_line();
            self.line += 1;
            let result = match read? {
                Err(error) => {
                    self.failed = true;
                    Err(EpdError::new(EpdErrorKind::Read(error.kind()), ""))
                }
                Ok(true) => {
                    Err(EpdError::new(EpdErrorKind::TooLong { max_bytes: self.lines.max_line_bytes() }, ""))
                }
                Ok(false) => match self.parse_buffer() {
                    Some(result) => result,
                    None => continue,
                },
            };
            return Some((self.line, result.map_err(|error| error.at_line(self.line))));
        }
        None
    }
}

#[cfg(test)]
mod tests;
