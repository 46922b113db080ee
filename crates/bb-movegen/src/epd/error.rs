//! What can be wrong with a line of an EPD suite: a typed kind, the text
//! at fault (a short copy, so errors need no allocation), and the line
//! number once it is known.

use core::fmt;

/// The most bytes of the offending text an error keeps.
const FOUND_MAX: usize = 40;

/// What is wrong with a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum EpdErrorKind {
    /// Nothing before the first `;`.
    MissingFen,
    /// An operation that does not start with an opcode (a letter, then
    /// letters, digits or `_`).
    BadOperation,
    /// A `D<depth>` operation that is not `D<depth> <count>`.
    BadCount,
    /// A depth above [`MAX_DEPTH`](crate::perft::MAX_DEPTH).
    DepthOutOfRange,
    /// A count beyond `u128`.
    CountTooLarge,
    /// A `"` string operand that is not closed.
    UnterminatedString,
    /// The line is longer than the reader's limit.
    TooLong {
        /// The limit, in bytes.
        max_bytes: usize,
    },
    /// The line is not UTF-8 text.
    NotUtf8,
    /// Reading the input failed.
    #[cfg(feature = "std")]
    Read(std::io::ErrorKind),
}

/// An EPD line that cannot be read: one line of text when displayed,
/// `line 7: expected 'D<depth> <count>' such as 'D3 8902', found 'D3 x'`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct EpdError {
    line: Option<usize>,
    kind: EpdErrorKind,
    found: [u8; FOUND_MAX],
    found_len: usize,
    /// The offending text was longer than `found` holds.
    cut: bool,
}

impl EpdError {
    /// An error of `kind` about `found` (cut to a few dozen bytes).
    pub(super) fn new(kind: EpdErrorKind, found: &str) -> EpdError {
        let mut end = found.len().min(FOUND_MAX);
        while !found.is_char_boundary(end) {
            end -= 1;
        }
        let mut copy = [0; FOUND_MAX];
        copy[..end].copy_from_slice(&found.as_bytes()[..end]);
        EpdError { line: None, kind, found: copy, found_len: end, cut: end < found.len() }
    }

    /// The same error, said to be on line `line` (1-based).
    pub fn at_line(mut self, line: usize) -> EpdError {
        self.line = Some(line);
        self
    }

    /// The 1-based line number, when the error came from a reader.
    pub fn line(&self) -> Option<usize> {
        self.line
    }

    /// What is wrong.
    pub fn kind(&self) -> EpdErrorKind {
        self.kind
    }

    /// The text at fault (its first few dozen bytes), or `""`.
    pub fn found(&self) -> &str {
        // Cut at a character boundary in `new`.
        core::str::from_utf8(&self.found[..self.found_len]).unwrap_or_default()
    }
}

impl fmt::Display for EpdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(line) = self.line {
            write!(f, "line {line}: ")?;
        }
        let found = self.found();
        let more = if self.cut { "..." } else { "" };
        match self.kind {
            EpdErrorKind::MissingFen => f.write_str("no FEN before the first ';'"),
            EpdErrorKind::BadOperation => write!(
                f,
                "expected an EPD operation (an opcode such as 'D3' or 'id', then its operands), \
                 found '{found}{more}'"
            ),
            EpdErrorKind::BadCount => {
                write!(f, "expected 'D<depth> <count>' such as 'D3 8902', found '{found}{more}'")
            }
            EpdErrorKind::DepthOutOfRange => {
                write!(f, "depth '{found}{more}' is out of range (0 to {})", crate::perft::MAX_DEPTH)
            }
            EpdErrorKind::CountTooLarge => write!(f, "count '{found}{more}' is too large"),
            EpdErrorKind::UnterminatedString => write!(f, "a '\"' string is not closed in '{found}{more}'"),
            EpdErrorKind::TooLong { max_bytes } => write!(f, "longer than {max_bytes} bytes"),
            EpdErrorKind::NotUtf8 => f.write_str("not valid UTF-8 text"),
            #[cfg(feature = "std")]
            EpdErrorKind::Read(kind) => write!(f, "cannot read: {kind}"),
        }
    }
}

impl fmt::Debug for EpdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EpdError")
            .field("line", &self.line)
            .field("kind", &self.kind)
            .field("found", &self.found())
            .finish()
    }
}

impl core::error::Error for EpdError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_one_line_and_name_the_line() {
        let error = EpdError::new(EpdErrorKind::BadCount, "D3 x").at_line(7);
        assert_eq!(error.to_string(), "line 7: expected 'D<depth> <count>' such as 'D3 8902', found 'D3 x'");
        assert_eq!((error.line(), error.kind(), error.found()), (Some(7), EpdErrorKind::BadCount, "D3 x"));
        let unnumbered = EpdError::new(EpdErrorKind::MissingFen, "");
        assert_eq!(unnumbered.to_string(), "no FEN before the first ';'");
    }

    #[test]
    fn long_text_is_cut_at_a_character_boundary() {
        let text = "é".repeat(100);
        let error = EpdError::new(EpdErrorKind::BadOperation, &text);
        assert_eq!(error.found(), "é".repeat(FOUND_MAX / 2));
        assert!(error.to_string().ends_with("é...'"), "{error}");
        let odd = EpdError::new(EpdErrorKind::BadOperation, &format!("x{text}"));
        assert_eq!(odd.found().len(), FOUND_MAX - 1);
    }
}
