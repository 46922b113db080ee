//! What can be wrong with a game of a PGN file. Each error names the game
//! (1-based, counted from the start of the input) and the line it was
//! found on, so a checker can report it and go on with the next game.

use crate::escaped::Escaped;
use crate::{FenError, SanError};
use bb_core::Color;
use std::fmt;
use std::io;

/// What is wrong with a game.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PgnErrorKind {
    /// Reading the input failed; the reader stops.
    Read(io::ErrorKind),
    /// A line longer than the reader's limit.
    LineTooLong {
        /// The limit, in bytes.
        max_bytes: usize,
    },
    /// The game's text is longer than the reader's limit.
    GameTooLong {
        /// The limit, in bytes.
        max_bytes: usize,
    },
    /// A line that is not UTF-8 text.
    NotUtf8,
    /// A tag pair that is not `[Name "value"]`; the text of the line.
    BadTag(String),
    /// The `FEN` tag's value is not a legal position.
    BadFen {
        /// The tag's value.
        fen: String,
        /// Why it is refused.
        error: FenError,
    },
    /// The first move of the game that cannot be played.
    BadMove {
        /// The full-move number it is played at.
        number: u32,
        /// The side playing it.
        color: Color,
        /// The move text as written.
        san: String,
        /// Why it was refused.
        error: SanError,
    },
    /// Movetext that is none of move, move number, comment, NAG,
    /// variation or result.
    Unexpected(String),
    /// A `)` without its `(`.
    UnmatchedParenthesis,
    /// A `(` before any move it could be an alternative to.
    VariationBeforeMove,
    /// The game ended inside a variation.
    UnclosedVariation,
    /// The input ended inside a `{` comment.
    UnclosedComment,
    /// A result inside a variation.
    ResultInVariation(String),
}

/// A game that cannot be read, with where: one line of text when shown,
/// `game 2, line 7: move 1... Ke7: no legal move matches 'Ke7'`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    pub(super) game: usize,
    pub(super) line: usize,
    pub(super) kind: PgnErrorKind,
}

impl PgnError {
    /// The 1-based number of the game in the input.
    pub fn game(&self) -> usize {
        self.game
    }

    /// The 1-based line the error was found on.
    pub fn line(&self) -> usize {
        self.line
    }

    /// What is wrong.
    pub fn kind(&self) -> &PgnErrorKind {
        &self.kind
    }
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}, line {}: ", self.game, self.line)?;
        match &self.kind {
            PgnErrorKind::Read(kind) => write!(f, "cannot read: {kind}"),
            PgnErrorKind::LineTooLong { max_bytes } => write!(f, "line longer than {max_bytes} bytes"),
            PgnErrorKind::GameTooLong { max_bytes } => write!(f, "game longer than {max_bytes} bytes"),
            PgnErrorKind::NotUtf8 => f.write_str("not valid UTF-8 text"),
            PgnErrorKind::BadTag(text) => {
                write!(f, "expected a tag pair such as [Event \"name\"], found '{}'", Escaped(text))
            }
            PgnErrorKind::BadFen { fen, error } => write!(f, "FEN tag '{}': {error}", Escaped(fen)),
            PgnErrorKind::BadMove { number, color, san, error } => {
                let dots = if *color == Color::White { "." } else { "..." };
                write!(f, "move {number}{dots} {}: {error}", Escaped(san))
            }
            PgnErrorKind::Unexpected(text) => {
                write!(f, "'{}' is not a move, move number, comment, NAG, variation or result", Escaped(text))
            }
            PgnErrorKind::UnmatchedParenthesis => f.write_str("')' closes no variation"),
            PgnErrorKind::VariationBeforeMove => f.write_str("a variation '(' before any move"),
            PgnErrorKind::UnclosedVariation => {
                f.write_str("the game ends inside a variation (a '(' is not closed)")
            }
            PgnErrorKind::UnclosedComment => f.write_str("the input ends inside a '{' comment"),
            PgnErrorKind::ResultInVariation(text) => {
                write!(f, "result '{}' inside a variation", Escaped(text))
            }
        }
    }
}

impl std::error::Error for PgnError {}
