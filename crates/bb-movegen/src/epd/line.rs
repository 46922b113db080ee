//! One line of an EPD suite, parsed without allocating: the FEN as a slice
//! of the line, the operations checked once and read again on demand.

use super::error::{EpdError, EpdErrorKind};
use crate::perft::MAX_DEPTH;
use crate::{FenError, Position, Validation};
use core::fmt;

/// A parsed line: a FEN and its operations, perft counts among them.
///
/// ```
/// use bb_movegen::epd::EpdLine;
///
/// let line = EpdLine::parse("8/8/8/8/8/8/8/K6k w - - D1 3; D2 9; id \"corner\";")?.unwrap();
/// assert_eq!(line.fen(), "8/8/8/8/8/8/8/K6k w - -");
/// assert_eq!(line.counts().collect::<Vec<_>>(), [(1, 3), (2, 9)]);
/// assert_eq!(line.to_string(), "8/8/8/8/8/8/8/K6k w - - ;D1 3 ;D2 9");
/// assert!(EpdLine::parse("# a comment")?.is_none());
/// # Ok::<(), bb_movegen::epd::EpdError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EpdLine<'a> {
    fen: &'a str,
    /// Everything after the FEN: operations separated by `;`.
    operations: &'a str,
}

impl<'a> EpdLine<'a> {
    /// Parses one line (without its line break): `Ok(None)` for a blank
    /// line or a `#` comment. The FEN is not parsed here, only separated
    /// from the operations; every operation is checked.
    ///
    /// ```
    /// use bb_movegen::epd::EpdLine;
    ///
    /// let line = EpdLine::parse("4k3/8/8/8/8/8/8/4K3 w - - ;D1 5")?.unwrap();
    /// assert_eq!(line.fen(), "4k3/8/8/8/8/8/8/4K3 w - -");
    /// assert_eq!(line.counts().next(), Some((1, 5)));
    /// assert!(EpdLine::parse("   ")?.is_none()); // blank
    /// assert!(EpdLine::parse("4k3/8/8/8/8/8/8/4K3 w - - ;D1 many").is_err());
    /// # Ok::<(), bb_movegen::epd::EpdError>(())
    /// ```
    pub fn parse(line: &'a str) -> Result<Option<EpdLine<'a>>, EpdError> {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return Ok(None);
        }
        let head = &line[..next_separator(line).unwrap_or(line.len())];
        let fen_end = fen_end(head);
        let fen = line[..fen_end].trim_end();
        if fen.is_empty() {
            return Err(EpdError::new(EpdErrorKind::MissingFen, ""));
        }
        let operations = &line[fen_end..];
        for operation in Operations(operations) {
            parse_operation(operation)?;
        }
        Ok(Some(EpdLine { fen, operations }))
    }

    /// The FEN as written (4 or 6 fields, unless the line is wrong).
    pub fn fen(&self) -> &'a str {
        self.fen
    }

    /// The position of the FEN, validated strictly.
    pub fn position(&self) -> Result<Position, FenError> {
        Position::from_fen(self.fen)
    }

    /// The position of the FEN, validated as `validation` says: with
    /// [`Validation::PLAYABLE`] a suite may hold positions that cannot
    /// arise in a game but that the generator plays (a command-line
    /// `--lenient`).
    ///
    /// ```
    /// use bb_movegen::epd::EpdLine;
    /// use bb_movegen::{perft, Validation};
    ///
    /// let line = EpdLine::parse("B6b/8/8/8/2K5/5k2/8/b6B b - - ;D3 1829")?.unwrap();
    /// assert!(line.position().is_err());
    /// let position = line.position_with(Validation::PLAYABLE).unwrap();
    /// assert_eq!(line.counts().map(|(depth, _)| u128::from(perft(&position, depth))).sum::<u128>(), 1829);
    /// # Ok::<(), bb_movegen::epd::EpdError>(())
    /// ```
    pub fn position_with(&self, validation: Validation) -> Result<Position, FenError> {
        Position::from_fen_with(self.fen, validation)
    }

    /// The perft counts, `(depth, count)` in the order written; other
    /// operations are skipped.
    pub fn counts(&self) -> impl Iterator<Item = (u32, u128)> + 'a {
        // Every operation was checked by `parse`.
        Operations(self.operations).filter_map(|operation| parse_operation(operation).ok().flatten())
    }
}

impl fmt::Display for EpdLine<'_> {
    /// The line as [`write_line`](super::write_line) writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        super::write_line(f, self.fen, self.counts())
    }
}

/// Where the FEN ends in `head`, the text before the first `;`: after the
/// fourth word when an operation follows it directly (EPD proper,
/// `... KQkq - D1 20;`), else at its end. A fifth word that is a number is
/// a move counter, so the FEN goes on.
fn fen_end(head: &str) -> usize {
    let mut words = words_with_ends(head).skip(3);
    match (words.next(), words.next()) {
        (Some((_, fourth_end)), Some((fifth, _))) if !is_number(fifth) => fourth_end,
        _ => head.len(),
    }
}

/// The words of `text` with the byte offset where each ends.
fn words_with_ends(text: &str) -> impl Iterator<Item = (&str, usize)> {
    text.split_whitespace()
        .map(move |word| (word, word.as_ptr() as usize - text.as_ptr() as usize + word.len()))
}

/// The index of the next `;` outside a `"` string.
fn next_separator(text: &str) -> Option<usize> {
    let mut quoted = false;
    for (index, byte) in text.bytes().enumerate() {
        match byte {
            b'"' => quoted = !quoted,
            b';' if !quoted => return Some(index),
            _ => {}
        }
    }
    None
}

/// The non-blank operations of `text`, trimmed, split at `;` outside strings.
struct Operations<'a>(&'a str);

impl<'a> Iterator for Operations<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        loop {
            if self.0.is_empty() {
                return None;
            }
            let (operation, rest) = match next_separator(self.0) {
                Some(index) => (&self.0[..index], &self.0[index + 1..]),
                None => (self.0, ""),
            };
            self.0 = rest;
            let operation = operation.trim();
            if !operation.is_empty() {
                return Some(operation);
            }
        }
    }
}

/// Checks one operation: `Some((depth, count))` for a perft count, `None`
/// for any other well-formed operation.
fn parse_operation(operation: &str) -> Result<Option<(u32, u128)>, EpdError> {
    let mut words = operation.split_whitespace();
    let opcode = words.next().unwrap_or_default();
    let Some(depth_digits) = depth_digits(opcode) else {
        let mut chars = opcode.chars();
        let is_opcode = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
            && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !is_opcode {
            return Err(EpdError::new(EpdErrorKind::BadOperation, operation));
        }
        if operation.bytes().filter(|&byte| byte == b'"').count() % 2 == 1 {
            return Err(EpdError::new(EpdErrorKind::UnterminatedString, operation));
        }
        return Ok(None);
    };
    let (Some(count), None) = (words.next(), words.next()) else {
        return Err(EpdError::new(EpdErrorKind::BadCount, operation));
    };
    if !is_number(count) {
        return Err(EpdError::new(EpdErrorKind::BadCount, operation));
    }
    let depth = depth_digits
        .parse::<u32>()
        .ok()
        .filter(|depth| *depth <= MAX_DEPTH)
        .ok_or_else(|| EpdError::new(EpdErrorKind::DepthOutOfRange, opcode))?;
    let count = count.parse::<u128>().map_err(|_| EpdError::new(EpdErrorKind::CountTooLarge, count))?;
    Ok(Some((depth, count)))
}

/// The digits of a perft opcode, `D<digits>` or `d<digits>`.
fn depth_digits(opcode: &str) -> Option<&str> {
    opcode.strip_prefix(['D', 'd']).filter(|digits| is_number(digits))
}

/// One or more ASCII digits.
fn is_number(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const FOUR: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";

    /// A line's FEN and counts.
    type Parsed<'a> = (&'a str, Vec<(u32, u128)>);

    fn parse(line: &str) -> Result<Parsed<'_>, EpdError> {
        let line = EpdLine::parse(line)?.expect("a position line");
        Ok((line.fen(), line.counts().collect()))
    }

    fn kind(line: &str) -> EpdErrorKind {
        parse(line).unwrap_err().kind()
    }

    #[test]
    fn the_spacing_variants_agree() {
        let expected = Ok((START, vec![(1, 20), (2, 400)]));
        assert_eq!(parse(&format!("{START} ;D1 20 ;D2 400")), expected);
        assert_eq!(parse(&format!("{START}; D1 20; D2 400;")), expected);
        assert_eq!(parse(&format!("{START};D1 20;D2 400 ; ")), expected);
        assert_eq!(parse(&format!("  {START}  ;  d1   20\t;D2 400")), expected);
    }

    #[test]
    fn four_field_positions_with_and_without_separators() {
        let expected = Ok((FOUR, vec![(1, 20), (2, 400)]));
        assert_eq!(parse(&format!("{FOUR} ;D1 20 ;D2 400")), expected);
        assert_eq!(parse(&format!("{FOUR} D1 20; D2 400;")), expected);
        assert_eq!(parse(&format!("{FOUR} id \"start\"; D1 20; D2 400;")), expected);
        assert_eq!(parse(FOUR), Ok((FOUR, vec![])));
        // A number after four fields is a move counter: the FEN goes on
        // (and the FEN parser will say five fields are wrong).
        assert_eq!(parse(&format!("{FOUR} 0 D1 20")), Ok((format!("{FOUR} 0 D1 20").as_str(), vec![])));
    }

    #[test]
    fn other_operations_are_checked_and_skipped() {
        let line = format!("{START} ;D1 20 ; id \"a; b\" ; bm e4 ; E1 5; c0 \"x\";D2 400");
        assert_eq!(parse(&line), Ok((START, vec![(1, 20), (2, 400)])));
        assert_eq!(kind(&format!("{START} ;id \"a;D1 20")), EpdErrorKind::UnterminatedString);
        assert_eq!(kind(&format!("{START} ;20")), EpdErrorKind::BadOperation);
        assert_eq!(kind(&format!("{FOUR} -- ;D1 20")), EpdErrorKind::BadOperation);
    }

    #[test]
    fn blank_lines_and_comments_are_none() {
        for line in ["", "   \t", "# suite", "  # indented comment ;D1 20"] {
            assert_eq!(EpdLine::parse(line), Ok(None), "{line:?}");
        }
    }

    #[test]
    fn malformed_counts_are_named() {
        for (bad, expected, found) in [
            ("D1 x20", EpdErrorKind::BadCount, "D1 x20"),
            ("D1", EpdErrorKind::BadCount, "D1"),
            ("D1 20 30", EpdErrorKind::BadCount, "D1 20 30"),
            ("D1 -5", EpdErrorKind::BadCount, "D1 -5"),
            ("D99 1", EpdErrorKind::DepthOutOfRange, "D99"),
            ("D99999999999 1", EpdErrorKind::DepthOutOfRange, "D99999999999"),
            ("D1 999999999999999999999999999999999999999999", EpdErrorKind::CountTooLarge, ""),
        ] {
            let error = parse(&format!("{START} ;{bad}")).unwrap_err();
            assert_eq!(error.kind(), expected, "{bad}");
            assert!(error.found().starts_with(found), "{bad}: {error}");
        }
        assert_eq!(kind(";D1 20"), EpdErrorKind::MissingFen);
        assert_eq!(kind("  ; id \"x\""), EpdErrorKind::MissingFen);
    }

    #[test]
    fn the_largest_values_fit() {
        let line = format!("{START} ;D64 {} ;D0 1", u128::MAX);
        assert_eq!(parse(&line), Ok((START, vec![(64, u128::MAX), (0, 1)])));
    }
}
