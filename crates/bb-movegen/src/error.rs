//! Typed errors for FEN and move text. Each prints as one line that names
//! what is wrong, so a command-line tool can show it as it is.

use bb_core::{Color, Square};
use core::fmt;

/// The part of a FEN string an error is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FenField {
    /// The string as a whole (field count, characters).
    Whole,
    /// Field 1, piece placement.
    Board,
    /// Field 2, side to move.
    SideToMove,
    /// Field 3, castling availability.
    Castling,
    /// Field 4, en-passant target square.
    EnPassant,
    /// Field 5, half-move clock.
    HalfmoveClock,
    /// Field 6, full-move number.
    FullmoveNumber,
    /// The position the fields describe (it cannot arise in a game).
    Position,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Whole => "FEN",
            FenField::Board => "piece placement",
            FenField::SideToMove => "side to move",
            FenField::Castling => "castling field",
            FenField::EnPassant => "en-passant field",
            FenField::HalfmoveClock => "half-move clock",
            FenField::FullmoveNumber => "full-move number",
            FenField::Position => "position",
        })
    }
}

/// Why a FEN string was rejected. New reasons may be added in a minor
/// version, so a `match` needs a wildcard arm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FenError {
    /// The string is empty or blank.
    Empty,
    /// A character outside printable ASCII.
    NotAscii,
    /// Not 4 (EPD style) or 6 fields.
    FieldCount(usize),
    /// The placement does not have 8 ranks separated by `/`.
    RankCount(usize),
    /// A rank (1..8) does not describe exactly 8 squares.
    RankLength {
        /// The rank, 1 to 8.
        rank: u8,
    },
    /// A character that is neither a piece letter nor a digit 1..8.
    BadPlacementChar(char),
    /// Two digits in a row (e.g. `44` for an empty rank).
    AdjacentDigits,
    /// The side to move is not `w` or `b`.
    BadSideToMove,
    /// A castling character that is neither `KQkq`, a file letter nor `-`.
    BadCastlingChar(char),
    /// The same castling right twice.
    RepeatedCastlingRight(char),
    /// The en-passant field is not `-` or a square.
    BadEnPassant,
    /// A move counter is not a number from 0 to 2^32 - 1.
    BadCounter(FenField),
    /// A side does not have exactly one king.
    KingCount {
        /// Whose kings.
        color: Color,
        /// How many there are.
        count: u32,
    },
    /// A pawn stands on the first or last rank.
    PawnOnBackRank(Square),
    /// The side that just moved is in check.
    OpponentInCheck,
    /// A castling right without the king and a rook where it needs them.
    CastlingWithoutPieces(char),
    /// The en-passant square is not on the rank behind a pawn that could
    /// just have advanced two squares (wrong rank for the side to move, no
    /// such pawn, or the squares it passed are not empty).
    ImpossibleEnPassant(Square),
    /// More material than eight pawns and their promotions allow.
    TooMuchMaterial(Color),
    /// A check no legal move could have given (three checkers, two
    /// non-sliding checkers, or two checkers on one line).
    ImpossibleCheck,
}

impl FenError {
    /// The FEN field the error is about.
    pub fn field(&self) -> FenField {
        match self {
            FenError::Empty | FenError::NotAscii | FenError::FieldCount(_) => FenField::Whole,
            FenError::RankCount(_)
            | FenError::RankLength { .. }
            | FenError::BadPlacementChar(_)
            | FenError::AdjacentDigits => FenField::Board,
            FenError::BadSideToMove => FenField::SideToMove,
            FenError::BadCastlingChar(_) | FenError::RepeatedCastlingRight(_) => FenField::Castling,
            FenError::BadEnPassant => FenField::EnPassant,
            FenError::BadCounter(field) => *field,
            FenError::CastlingWithoutPieces(_) => FenField::Castling,
            FenError::ImpossibleEnPassant(_) => FenField::EnPassant,
            FenError::KingCount { .. }
            | FenError::PawnOnBackRank(_)
            | FenError::OpponentInCheck
            | FenError::TooMuchMaterial(_)
            | FenError::ImpossibleCheck => FenField::Position,
        }
    }
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The field is named when the error is about one: "invalid FEN
        // (castling field): ...", but "invalid FEN: expected 6 fields".
        match self.field() {
            FenField::Whole => f.write_str("invalid FEN: ")?,
            field => write!(f, "invalid FEN ({field}): ")?,
        }
        match self {
            FenError::Empty => f.write_str("the string is empty"),
            FenError::NotAscii => f.write_str(
                "it contains a character that is not printable ASCII (fields are separated by ASCII spaces or tabs)",
            ),
            FenError::FieldCount(count) => write!(f, "expected 6 fields (or 4), found {count}"),
            FenError::RankCount(count) => write!(f, "expected 8 ranks separated by '/', found {count}"),
            FenError::RankLength { rank } => write!(f, "rank {rank} does not have exactly 8 squares"),
            FenError::BadPlacementChar(c) => write!(f, "'{c}' is not a piece letter or a digit 1-8"),
            FenError::AdjacentDigits => f.write_str("two digits in a row"),
            FenError::BadSideToMove => f.write_str("expected 'w' or 'b'"),
            FenError::BadCastlingChar(c) => {
                write!(f, "'{c}' is not one of KQkq, a file letter A-H/a-h, or '-'")
            }
            FenError::RepeatedCastlingRight(c) => write!(f, "the right '{c}' is given twice"),
            FenError::BadEnPassant => f.write_str("expected '-' or a square such as e3"),
            FenError::BadCounter(_) => write!(f, "expected a number from 0 to {}", crate::fen::MAX_COUNTER),
            FenError::KingCount { color, count } => {
                write!(f, "{} has {count} kings, needs exactly 1", color_name(*color))
            }
            FenError::PawnOnBackRank(square) => write!(f, "pawn on {square}, a first or last rank"),
            FenError::OpponentInCheck => f.write_str("the side not to move is in check"),
            FenError::CastlingWithoutPieces(c) => {
                write!(f, "right '{c}' needs the king and that rook on their first rank")
            }
            FenError::ImpossibleEnPassant(square) => {
                write!(f, "{square} is not behind a pawn that just advanced two squares")
            }
            FenError::TooMuchMaterial(color) => {
                write!(f, "{} has more pieces than 8 pawns and promotions allow", color_name(*color))
            }
            FenError::ImpossibleCheck => f.write_str("no legal move can give this check"),
        }
    }
}

impl core::error::Error for FenError {}

/// Why move text was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveError {
    /// Not UCI move text (`e2e4`, `e7e8q`, `0000`).
    Malformed,
    /// Well-formed, but not a legal move in the position.
    Illegal,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Malformed => f.write_str("not a UCI move (expected e.g. e2e4 or e7e8q)"),
            MoveError::Illegal => f.write_str("not a legal move in this position"),
        }
    }
}

impl core::error::Error for MoveError {}
