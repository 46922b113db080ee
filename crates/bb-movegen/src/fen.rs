//! Forsyth–Edwards Notation: parsing with strict validation, and printing.
//!
//! Fields are separated by runs of ASCII spaces or tabs, nothing else
//! ([`is_field_separator`], the rule UCI uses too).
//! Accepted: the six standard fields, or the first four (EPD style, counters
//! default to `0 1`); castling as `KQkq` (X-FEN: the outermost rook on that
//! side) or as Shredder-FEN file letters (`HAha`) for Chess960; move
//! counters from 0 to 2^32 - 1 (a full-move number of 0 reads as 1, and a
//! half-move clock larger than the game's length is kept). Rejected,
//! with the reason: anything malformed, and positions that cannot arise in a
//! game (see [`FenError`]).

use crate::castling::{CastlingRights, CastlingSide};
use crate::error::{FenError, FenField};
use crate::Position;
use bb_core::{Bitboard, Color, File, Piece, PieceKind, Rank, Square, U64};
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
    /// Parses and validates a FEN string.
    pub fn from_fen(text: &str) -> Result<Position, FenError> {
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

        let mut position = Position::empty();
        parse_placement(&mut position, fields[0])?;
        position.side_to_move = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            _ => return Err(FenError::BadSideToMove),
        };
        validate_material(&position)?;
        parse_castling(&mut position, fields[2])?;
        position.en_passant = match fields[3] {
            "-" => None,
            square => Some(square.parse::<Square>().map_err(|_| FenError::BadEnPassant)?),
        };
        if count == 6 {
            position.halfmove_clock = parse_counter(fields[4], FenField::HalfmoveClock)?;
            // Full-move number 0 is read as 1, as python-chess does.
            position.fullmove_number = parse_counter(fields[5], FenField::FullmoveNumber)?.max(1);
        }
        validate_en_passant(&position)?;
        validate_checks(&mut position)?;
        // Counters that merely disagree (a half-move clock larger than the
        // plies the full-move number allows) are accepted, as python-chess
        // and shakmaty do: FENs found in the wild often have them.
        position.hash = U64::from_u64(position.compute_zobrist_key());
        Ok(position)
    }
}

fn parse_placement(position: &mut Position, placement: &str) -> Result<(), FenError> {
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
                position.put(piece, Square::new(File::from_index(file), rank));
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
    Ok(())
}

/// One king each, no pawn on a back rank, no more pieces than pawns and
/// promotions allow.
fn validate_material(position: &Position) -> Result<(), FenError> {
    for color in Color::ALL {
        let count = position.by_color_kind(color, PieceKind::King).count();
        if count != 1 {
            return Err(FenError::KingCount { color, count });
        }
    }
    let back_ranks = Rank::First.bitboard() | Rank::Eighth.bitboard();
    if let Some(square) = (position.by_kind(PieceKind::Pawn) & back_ranks).first_square() {
        return Err(FenError::PawnOnBackRank(square));
    }
    for color in Color::ALL {
        let count = |kind| position.by_color_kind(color, kind).count();
        let promoted = count(PieceKind::Queen).saturating_sub(1)
            + count(PieceKind::Rook).saturating_sub(2)
            + count(PieceKind::Bishop).saturating_sub(2)
            + count(PieceKind::Knight).saturating_sub(2);
        if count(PieceKind::Pawn) + promoted > 8 {
            return Err(FenError::TooMuchMaterial(color));
        }
    }
    Ok(())
}

fn parse_castling(position: &mut Position, field: &str) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        let home = match color {
            Color::White => Rank::First,
            Color::Black => Rank::Eighth,
        };
        let king = position.king_square(color);
        let rooks = position.by_color_kind(color, PieceKind::Rook) & home.bitboard();
        let (side, rook) = match c.to_ascii_lowercase() {
            'k' => {
                let beyond_king = rooks & !Bitboard::from_u64((2u64 << king as u32).wrapping_sub(1));
                (CastlingSide::King, beyond_king.last_square())
            }
            'q' => {
                let before_king = rooks & Bitboard::from_u64((1u64 << king as u32) - 1);
                (CastlingSide::Queen, before_king.first_square())
            }
            letter @ 'a'..='h' => {
                position.chess960 = true;
                let file = File::from_char(letter).unwrap_or(File::A);
                let square = Square::new(file, home);
                let side = if file > king.file() { CastlingSide::King } else { CastlingSide::Queen };
                (side, Some(square).filter(|square| rooks.contains(*square)))
            }
            _ => return Err(FenError::BadCastlingChar(c)),
        };
        if position.castling.has(color, side) {
            return Err(FenError::RepeatedCastlingRight(c));
        }
        let rook = match rook {
            Some(rook) if king.rank() == home && rook.file() != king.file() => rook,
            _ => return Err(FenError::CastlingWithoutPieces(c)),
        };
        let standard_rook = match side {
            CastlingSide::King => File::H,
            CastlingSide::Queen => File::A,
        };
        if king.file() != File::E || rook.file() != standard_rook {
            position.chess960 = true;
        }
        position.castling = position.castling.with(color, side);
        position.set_castling_rook(color, side, rook);
    }
    Ok(())
}

fn parse_counter(text: &str, field: FenField) -> Result<u32, FenError> {
    if text.is_empty() || text.len() > 10 || !text.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(FenError::BadCounter(field));
    }
    // `u32` parsing refuses exactly the values above MAX_COUNTER.
    text.parse::<u32>().map_err(|_| FenError::BadCounter(field))
}

/// The en-passant square must lie behind an enemy pawn that could just have
/// advanced two squares: on the right rank for the side to move, with that
/// pawn in front of it and the square and the pawn's origin empty.
fn validate_en_passant(position: &Position) -> Result<(), FenError> {
    let Some(square) = position.en_passant else { return Ok(()) };
    let mover = position.side_to_move.opposite();
    let (expected_rank, pawn_step, origin_step) = match mover {
        Color::White => (Rank::Third, 1, -1),
        Color::Black => (Rank::Sixth, -1, 1),
    };
    let pawn = square.offset(0, pawn_step);
    let origin = square.offset(0, origin_step);
    let plausible = square.rank() == expected_rank
        && pawn.is_some_and(|pawn| position.piece_at(pawn) == Some(Piece::new(mover, PieceKind::Pawn)))
        && position.piece_at(square).is_none()
        && origin.is_some_and(|origin| position.piece_at(origin).is_none());
    if plausible {
        Ok(())
    } else {
        Err(FenError::ImpossibleEnPassant(square))
    }
}

/// The side not to move must not be in check, and the checks on the side to
/// move must be ones a single move can give.
fn validate_checks(position: &mut Position) -> Result<(), FenError> {
    let us = position.side_to_move;
    let them = us.opposite();
    if position.is_attacked_by(position.king_square(them), us, position.occupied()) {
        return Err(FenError::OpponentInCheck);
    }
    let checkers = position.compute_checkers();
    position.checkers = checkers;
    match checkers.count() {
        0 | 1 => Ok(()),
        2 => {
            let king = position.king_square(us);
            let sliders = position.by_kind(PieceKind::Bishop)
                | position.by_kind(PieceKind::Rook)
                | position.by_kind(PieceKind::Queen);
            let first = checkers.first_square_unchecked();
            let second = checkers.without(first).first_square_unchecked();
            // A discovered check needs a slider, and the piece that moved
            // cannot have uncovered a line it stands on itself.
            if (checkers & sliders).is_empty() || bb_tables::line(king, first).contains(second) {
                Err(FenError::ImpossibleCheck)
            } else {
                Ok(())
            }
        }
        _ => Err(FenError::ImpossibleCheck),
    }
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
            if let Some(rook) = position.castling_rook(color, side) {
                let letter = if position.chess960 {
                    rook.file().to_char()
                } else {
                    match side {
                        CastlingSide::King => 'k',
                        CastlingSide::Queen => 'q',
                    }
                };
                let letter = match color {
                    Color::White => letter.to_ascii_uppercase(),
                    Color::Black => letter,
                };
                write!(f, "{letter}")?;
            }
        }
    }
    Ok(())
}
