//! Perft suites in EPD form: one position a line, `FEN ;D1 20 ;D2 400 ...`.
//!
//! The one grammar every reader of suites in the project uses:
//!
//! - Lines end in `\n`, `\r\n` or a lone `\r`. Blank lines and lines whose
//!   first non-blank character is `#` are skipped.
//! - A line is a FEN (6 fields, or the 4 of EPD) and then operations, each
//!   ended or separated by `;` (a `;` inside a `"` string does not count).
//!   The first operation may follow a 4-field FEN without a `;`, as in EPD
//!   proper: `... KQkq - D1 20; D2 400;`. Spacing is free.
//! - `D<depth> <count>` (or `d<depth>`) is a perft count, the depth at most
//!   [`MAX_DEPTH`](crate::perft::MAX_DEPTH), the count a whole number that
//!   fits a `u128`. Any other operation (`id "name"`, `bm e4`, ...) must
//!   start with an opcode (a letter, then letters, digits or `_`) and is
//!   skipped.
//!
//! The FEN is handed on as written (Shredder-FEN castling letters and
//! all): [`Position::from_fen`](crate::Position::from_fen) judges it.
//!
//! Parsing a line ([`EpdLine::parse`], [`lines`]) needs no allocation and
//! works in `no_std`; with the `std` feature, `EpdReader` streams
//! `EpdRecord`s from any `BufRead`, a line at a time and each line of
//! bounded length. [`write_line`] writes a line back.
//!
//! ```
//! use bb_movegen::epd;
//! use bb_movegen::{perft, Position};
//!
//! let suite = "# two positions\n\
//!              8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3 ;D2 9\r\n\
//!              k7/8/8/8/8/8/8/7K b - - ;D1 3\n";
//! for (number, line) in epd::lines(suite) {
//!     let line = line?;
//!     let position = Position::from_fen(line.fen()).unwrap();
//!     for (depth, count) in line.counts() {
//!         assert_eq!(u128::from(perft(&position, depth)), count, "line {number} depth {depth}");
//!     }
//! }
//! # Ok::<(), bb_movegen::epd::EpdError>(())
//! ```

mod error;
mod line;
#[cfg(feature = "std")]
mod reader;

use core::fmt;
pub use error::{EpdError, EpdErrorKind};
pub use line::EpdLine;
#[cfg(feature = "std")]
pub use reader::{EpdReader, EpdRecord, DEFAULT_MAX_LINE_BYTES};

/// The position lines of `text` with their 1-based line numbers (blank
/// lines and comments skipped), each parsed or the error that names its
/// line.
pub fn lines(text: &str) -> impl Iterator<Item = (usize, Result<EpdLine<'_>, EpdError>)> {
    RawLines(text).zip(1..).filter_map(|(line, number)| match EpdLine::parse(line) {
        Ok(None) => None,
        Ok(Some(line)) => Some((number, Ok(line))),
        Err(error) => Some((number, Err(error.at_line(number)))),
    })
}

/// Writes a suite line, `FEN ;D1 20 ;D2 400`: the FEN's fields separated by
/// one space, then each count. [`EpdLine::parse`] reads it back.
///
/// ```
/// let mut text = String::new();
/// bb_movegen::epd::write_line(&mut text, "8/8/8/8/8/8/8/K6k  w - -", [(1, 3), (2, 9)]).unwrap();
/// assert_eq!(text, "8/8/8/8/8/8/8/K6k w - - ;D1 3 ;D2 9");
/// ```
pub fn write_line(
    out: &mut impl fmt::Write,
    fen: &str,
    counts: impl IntoIterator<Item = (u32, u128)>,
) -> fmt::Result {
    for (index, field) in fen.split_whitespace().enumerate() {
        if index > 0 {
            out.write_char(' ')?;
        }
        out.write_str(field)?;
    }
    for (depth, count) in counts {
        write!(out, " ;D{depth} {count}")?;
    }
    Ok(())
}

/// The lines of a text, ended by `\n`, `\r\n` or `\r`.
struct RawLines<'a>(&'a str);

impl<'a> Iterator for RawLines<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        if self.0.is_empty() {
            return None;
        }
        let Some(end) = self.0.find(['\n', '\r']) else {
            return Some(core::mem::take(&mut self.0));
        };
        let line = &self.0[..end];
        let break_length = if self.0[end..].starts_with("\r\n") { 2 } else { 1 };
        self.0 = &self.0[end + break_length..];
        Some(line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_three_line_ends_count_one_line_each() {
        let raw: Vec<&str> = RawLines("a\nb\r\nc\rd\r\re").collect();
        assert_eq!(raw, ["a", "b", "c", "d", "", "e"]);
        assert_eq!(RawLines("a\n").collect::<Vec<_>>(), ["a"]);
        assert_eq!(RawLines("").count(), 0);
    }

    #[test]
    fn lines_are_numbered_and_errors_name_them() {
        let text = "# c\r\n\r\n8/8/8/8/8/8/8/K6k w - - ;D1 3\r8/8/8/8/8/8/8/K6k w - - ;D1 x\n";
        let parsed: Vec<_> = lines(text).collect();
        assert_eq!(parsed.len(), 2);
        assert_eq!(parsed[0].0, 3);
        assert_eq!(parsed[0].1.map(|line| line.counts().collect::<Vec<_>>()), Ok(vec![(1, 3)]));
        let error = parsed[1].1.unwrap_err();
        assert_eq!((parsed[1].0, error.line()), (4, Some(4)));
        assert!(error.to_string().starts_with("line 4: expected 'D<depth> <count>'"), "{error}");
    }

    #[test]
    fn written_lines_read_back() {
        let mut text = String::new();
        write_line(&mut text, "8/8/8/8/8/8/8/K6k w - - 0 1", [(1, 3), (64, u128::MAX)]).unwrap();
        let line = EpdLine::parse(&text).unwrap().unwrap();
        assert_eq!(line.fen(), "8/8/8/8/8/8/8/K6k w - - 0 1");
        assert_eq!(line.counts().collect::<Vec<_>>(), [(1, 3), (64, u128::MAX)]);
        assert_eq!(line.to_string(), text);
    }
}
