//! Why SAN text was rejected. The error keeps a short copy of the text, so
//! it needs no allocation and reads as one line naming what is wrong.

use crate::escaped::Escaped;
use bb_core::Bitboard;
use core::fmt;

/// The most bytes of the offending text an error keeps.
const TEXT_MAX: usize = 24;

/// A short copy of the move text an error is about (its first couple of
/// dozen bytes, cut at a character boundary).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct SanText {
    bytes: [u8; TEXT_MAX],
    len: u8,
    /// The text was longer than the copy.
    cut: bool,
}

impl SanText {
    pub(super) fn new(text: &str) -> SanText {
        let mut end = text.len().min(TEXT_MAX);
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let mut bytes = [0; TEXT_MAX];
        bytes[..end].copy_from_slice(&text.as_bytes()[..end]);
        SanText { bytes, len: end as u8, cut: end < text.len() }
    }

    /// The text kept (its first few dozen bytes).
    pub fn as_str(&self) -> &str {
        core::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }

    /// True when the text was longer than what is kept.
    pub fn is_cut(&self) -> bool {
        self.cut
    }
}

impl fmt::Display for SanText {
    /// The text, with `...` when it was cut. Control characters are
    /// escaped (`\n`), so an error stays on one line whatever the input.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", Escaped(self.as_str()))?;
        if self.cut {
            f.write_str("...")?;
        }
        Ok(())
    }
}

impl fmt::Debug for SanText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

/// Why [`Position::parse_san`](crate::Position::parse_san) rejected a move.
///
/// ```
/// use bb_movegen::{Position, SanError};
///
/// let position: Position = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1".parse().unwrap();
/// let error = position.parse_san("Nd2").unwrap_err();
/// assert!(matches!(error, SanError::Ambiguous { .. }));
/// assert_eq!(error.to_string(), "'Nd2' is ambiguous: it can be played from b1 or f1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SanError {
    /// The text is empty or blank.
    Empty,
    /// Not SAN at all: no piece letter, square or castling that can be read.
    Syntax(SanText),
    /// Well-formed, but no legal move matches it.
    Illegal(SanText),
    /// More than one legal move matches it.
    Ambiguous {
        /// The move text.
        text: SanText,
        /// The squares the matching moves start from.
        from: Bitboard,
    },
    /// A pawn move to the last rank without the piece it promotes to.
    MissingPromotion(SanText),
}

impl SanError {
    /// The move text the error is about (empty for [`SanError::Empty`]).
    pub fn text(&self) -> SanText {
        match self {
            SanError::Empty => SanText::new(""),
            SanError::Syntax(text)
            | SanError::Illegal(text)
            | SanError::Ambiguous { text, .. }
            | SanError::MissingPromotion(text) => *text,
        }
    }
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Empty => f.write_str("no move text (expected SAN such as e4, Nf3 or O-O)"),
            SanError::Syntax(text) => {
                write!(f, "'{text}' is not SAN (expected a move such as e4, Nf3, exd5, e8=Q or O-O)")
            }
            SanError::Illegal(text) => write!(f, "no legal move matches '{text}'"),
            SanError::Ambiguous { text, from } => {
                write!(f, "'{text}' is ambiguous: it can be played from ")?;
                let count = from.count();
                for (index, square) in from.iter().enumerate() {
                    let separator = match index {
                        0 => "",
                        _ if index + 1 == count as usize => " or ",
                        _ => ", ",
                    };
                    write!(f, "{separator}{square}")?;
                }
                Ok(())
            }
            SanError::MissingPromotion(text) => {
                write!(f, "'{text}' reaches the last rank: name the piece to promote to, as in e8=Q")
            }
        }
    }
}

impl core::error::Error for SanError {}
