//! Forsyth–Edwards Notation: parsing with strict validation, and printing.
//!
//! Fields are separated by runs of ASCII spaces or tabs, nothing else
//! ([`is_field_separator`], the rule UCI uses too).
//! Accepted: the six standard fields, or the first four (EPD style, counters
//! default to `0 1`); castling as `KQkq` (X-FEN: the outermost rook on that
//! side) or as Shredder-FEN file letters (`HAha`) for Chess960, and printed
//! in the notation they were read in, so both round-trip exactly; move
//! counters from 0 to 2^32 - 1 (a full-move number of 0 reads as 1, and a
//! half-move clock larger than the game's length is kept). Rejected,
//! with the reason: anything malformed, and positions that cannot arise in a
//! game (see [`FenError`]).

use crate::castling::{CastlingRights, CastlingSide};
use crate::error::{FenError, FenField};
use crate::position::CastlingNotation;
use crate::setup::CastlingRook;
use crate::validation::{Builder, Validation};
use crate::Position;
use bb_core::{Color, File, Piece, PieceKind, Rank, Square};
use core::fmt;
use core::str::FromStr;

/// The FEN of the initial position.
pub const STARTPOS_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The largest move counter read: every counter `Position::play` can
/// produce (it saturates there), so every FEN bb prints reads back.
pub(crate) const MAX_COUNTER: u32 = u32::MAX;

/// The one rule for where FEN fields (and UCI words) end: a run of ASCII
/// spaces and tabs. Nothing else separates them — not a newline, not a
/// non-ASCII space such as U+00A0 or U+2003, which stays inside its word
/// and makes the FEN invalid ([`FenError::NotAscii`]). Both the UCI
/// tokenizer and `Position::from_fen` (hence the CLI) use it, so they accept
/// exactly the same FENs.
pub fn is_field_separator(c: char) -> bool {
    c == ' ' || c == '\t'
}

/// The non-empty words of `text` split by [`is_field_separator`].
pub fn split_fields(text: &str) -> impl Iterator<Item = &str> {
    text.split(is_field_separator).filter(|field| !field.is_empty())
}

impl Position {
    /// Parses and validates a FEN string strictly: positions that cannot
    /// arise in a game are refused ([`Validation::STRICT`]).
    ///
    /// ```
    /// use bb_movegen::Position;
    ///
    /// let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    /// let position = Position::from_fen(kiwipete).unwrap();
    /// assert_eq!(position.legal_moves().len(), 48);
    /// assert_eq!(position.to_string(), kiwipete);
    /// assert!(Position::from_fen("8/8/8/8/8/8/8/8 w - - 0 1").is_err()); // no kings
    /// ```
    pub fn from_fen(text: &str) -> Result<Position, FenError> {
        Position::from_fen_with(text, Validation::STRICT)
    }

    /// Parses a FEN string and validates it as `validation` says: the
    /// syntax is never relaxed, some rules about the position may be
    /// ([`Relaxation`](crate::Relaxation)). The rules are those of
    /// [`Setup::position_with`](crate::Setup::position_with), applied in
    /// the same order.
    ///
    /// ```
    /// use bb_movegen::{Position, Validation};
    ///
    /// // Nine white pawns: more than a game can have, but playable.
    /// let fen = "4k3/8/8/8/P7/8/PPPPPPPP/4K3 w - - 0 1";
    /// assert!(Position::from_fen(fen).is_err());
    /// let position = Position::from_fen_with(fen, Validation::PLAYABLE).unwrap();
    /// assert_eq!(position.legal_moves().len(), 18);
    /// ```
    pub fn from_fen_with(text: &str, validation: Validation) -> Result<Position, FenError> {
        let text = text.trim_matches(|c: char| c == ' ' || c == '\t' || c == '\n' || c == '\r');
        if text.is_empty() {
            return Err(FenError::Empty);
        }
        if !text.chars().all(|c| is_field_separator(c) || c.is_ascii_graphic()) {
            return Err(FenError::NotAscii);
        }
        let mut fields = [""; 6];
        let mut count = 0;
        for field in split_fields(text) {
            if count < fields.len() {
                fields[count] = field;
            }
            count += 1;
        }
        if count != 4 && count != 6 {
            return Err(FenError::FieldCount(count));
        }

        let board = parse_placement(fields[0])?;
        let side_to_move = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            _ => return Err(FenError::BadSideToMove),
        };
        // Validation runs stage by stage as the fields are read, so the
        // first error is the same as it always was.
        let mut builder = Builder::new(&board, side_to_move, validation)?;
        if fields[2] != "-" {
            for c in fields[2].chars() {
                builder.castling_right(CastlingRook::from_letter(c).ok_or(FenError::BadCastlingChar(c))?)?;
            }
        }
        let en_passant = match fields[3] {
            "-" => None,
            square => Some(square.parse::<Square>().map_err(|_| FenError::BadEnPassant)?),
        };
        let (mut halfmove_clock, mut fullmove_number) = (0, 1);
        if count == 6 {
            halfmove_clock = parse_counter(fields[4], FenField::HalfmoveClock)?;
            fullmove_number = parse_counter(fields[5], FenField::FullmoveNumber)?;
        }
        builder.finish(en_passant, halfmove_clock, fullmove_number)
    }
}

/// The pieces of a FEN placement field, by square index.
fn parse_placement(placement: &str) -> Result<[Option<Piece>; 64], FenError> {
    let mut board = [None; 64];
    let rank_count = placement.split('/').count();
    if rank_count != 8 {
        return Err(FenError::RankCount(rank_count));
    }
    for (row, rank_text) in placement.split('/').enumerate() {
        let rank = Rank::from_index(7 - row as u8);
        let mut file = 0u8;
        let mut previous_was_digit = false;
        for c in rank_text.chars() {
            if let Some(digit) = c.to_digit(10).filter(|digit| (1..=8).contains(digit)) {
                if previous_was_digit {
                    return Err(FenError::AdjacentDigits);
                }
                previous_was_digit = true;
                file += digit as u8;
            } else if let Some(piece) = Piece::from_char(c) {
                previous_was_digit = false;
                if file >= 8 {
                    return Err(FenError::RankLength { rank: rank as u8 + 1 });
                }
                board[Square::new(File::from_index(file), rank).index()] = Some(piece);
                file += 1;
            } else {
                return Err(FenError::BadPlacementChar(c));
            }
            if file > 8 {
                return Err(FenError::RankLength { rank: rank as u8 + 1 });
            }
        }
        if file != 8 {
            return Err(FenError::RankLength { rank: rank as u8 + 1 });
        }
    }
    Ok(board)
}

fn parse_counter(text: &str, field: FenField) -> Result<u32, FenError> {
    if text.is_empty() || text.len() > 10 || !text.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(FenError::BadCounter(field));
    }
    // `u32` parsing refuses exactly the values above MAX_COUNTER.
    text.parse::<u32>().map_err(|_| FenError::BadCounter(field))
}

impl FromStr for Position {
    type Err = FenError;
    fn from_str(text: &str) -> Result<Position, FenError> {
        Position::from_fen(text)
    }
}

/// Prints the position as FEN; parsing the text gives the position back.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                match self.piece_at(Square::new(file, *rank)) {
                    Some(piece) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", piece.to_char())?;
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if *rank != Rank::First {
                f.write_str("/")?;
            }
        }
        write!(f, " {} ", self.side_to_move.to_char())?;
        write_castling(self, f)?;
        match self.en_passant {
            Some(square) => write!(f, " {square}")?,
            None => f.write_str(" -")?,
        }
        write!(f, " {} {}", self.halfmove_clock, self.fullmove_number)
    }
}

fn write_castling(position: &Position, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    if position.castling == CastlingRights::NONE {
        return f.write_str("-");
    }
    for color in Color::ALL {
        for side in CastlingSide::ALL {
            if let Some(right) = castling_notation(position, color, side) {
                write!(f, "{}", right.letter())?;
            }
        }
    }
    Ok(())
}

/// How the castling right of `color` on `side` is written, if it is held:
/// by side (`K`, `Q`) in standard chess, and in Chess960 when the position
/// was read that way (X-FEN) and the rook is the outermost one on its side
/// of the king; by the rook's file otherwise (Shredder-FEN). So both
/// spellings read back as they were written.
pub(crate) fn castling_notation(
    position: &Position,
    color: Color,
    side: CastlingSide,
) -> Option<CastlingRook> {
    let rook = position.castling_rook(color, side)?;
    if !position.is_chess960() {
        return Some(CastlingRook::Outermost(color, side));
    }
    let king = position.king_square(color);
    let rooks = position.by_color_kind(color, PieceKind::Rook) & rook.rank().bitboard();
    let outermost = match side {
        CastlingSide::King => rooks.last_square(),
        CastlingSide::Queen => rooks.first_square(),
    };
    let by_side = position.castling_notation == CastlingNotation::XFen
        && outermost == Some(rook)
        && rook.rank() == king.rank();
    Some(if by_side {
        CastlingRook::Outermost(color, side)
    } else {
        CastlingRook::OnFile(color, rook.file())
    })
}
