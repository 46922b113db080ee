//! Reading SAN: the text is taken apart into what it says (piece, origin
//! file or rank, destination, promotion), and exactly one legal move must
//! fit what it says.

use super::error::{SanError, SanText};
use crate::moves::Move;
use crate::Position;
use bb_core::{Bitboard, File, PieceKind, Rank, Square};

/// What a piece move's text says; `None` fields were not written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pattern {
    kind: PieceKind,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    to: Square,
    promotion: Option<PieceKind>,
}

/// Which way castling text says to castle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Castle {
    /// `O-O`, towards the h-file.
    Short,
    /// `O-O-O`, towards the a-file.
    Long,
}

impl Position {
    /// Finds the legal move that SAN `text` names.
    ///
    /// Accepted as well as strict SAN: surrounding blanks; a missing, extra
    /// or wrong `+` or `#`; annotations `!`, `?`, `!!`, `!?`, `?!`, `??`;
    /// ` e.p.` after an en-passant capture; castling as `0-0`/`0-0-0`;
    /// promotions without `=` and with a lower-case letter (`e8Q`,
    /// `e8=q`); more disambiguation than needed (`Ngf3`, `Ng1f3`); long
    /// algebraic with `-` (`e2-e4`, `Ng1-f3`); pawn captures without `x`
    /// (`ed5`). A capture `x` is not checked against the board. A pawn
    /// move that names no origin file is a push, never a capture.
    ///
    /// ```
    /// use bb_movegen::{Position, SanError};
    ///
    /// let position: Position = "4k3/1P6/8/8/8/8/8/R3K2R w KQ - 0 1".parse().unwrap();
    /// assert_eq!(position.parse_san("b8=Q+").unwrap().to_string(), "b7b8q");
    /// assert_eq!(position.parse_san("b8n").unwrap().to_string(), "b7b8n");
    /// assert_eq!(position.parse_san("0-0-0!").unwrap().to_string(), "e1c1");
    /// assert!(matches!(position.parse_san("b8"), Err(SanError::MissingPromotion(_))));
    /// assert!(matches!(position.parse_san("Zz9"), Err(SanError::Syntax(_))));
    /// ```
    pub fn parse_san(&self, text: &str) -> Result<Move, SanError> {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(SanError::Empty);
        }
        let saved = SanText::new(trimmed);
        let core = strip_suffixes(trimmed);
        let legal = self.legal_moves();
        if let Some(castle) = castling(core) {
            return legal
                .iter()
                .find(|mv| {
                    mv.is_castling() && (mv.to().file() > mv.from().file()) == (castle == Castle::Short)
                })
                .copied()
                .ok_or(SanError::Illegal(saved));
        }
        let pattern = pattern(core).ok_or(SanError::Syntax(saved))?;
        let (mut found, mut from, mut unpromoted) = (None, Bitboard::EMPTY, false);
        for mv in legal.iter().copied() {
            if !self.fits(mv, &pattern) {
                continue;
            }
            if mv.promotion() != pattern.promotion {
                // Only a missing promotion piece is worth its own error.
                unpromoted |= pattern.promotion.is_none();
                continue;
            }
            found = Some(mv);
            from.insert(mv.from());
        }
        match found {
            Some(mv) if from.count() == 1 => Ok(mv),
            Some(_) => Err(SanError::Ambiguous { text: saved, from }),
            None if unpromoted => Err(SanError::MissingPromotion(saved)),
            None => Err(SanError::Illegal(saved)),
        }
    }

    /// True when `mv` is a move of the pattern's piece to its square from
    /// an origin that fits what the pattern names (promotion aside).
    fn fits(&self, mv: Move, pattern: &Pattern) -> bool {
        if mv.is_castling() || mv.to() != pattern.to || self.kind_at(mv.from()) != Some(pattern.kind) {
            return false;
        }
        if pattern.from_file.is_some_and(|file| file != mv.from().file())
            || pattern.from_rank.is_some_and(|rank| rank != mv.from().rank())
        {
            return false;
        }
        // SAN always names the file a pawn captures from: `d5` is a push.
        !(pattern.kind == PieceKind::Pawn && pattern.from_file.is_none() && mv.is_capture())
    }
}

/// `text` without trailing check, mate and annotation marks (in any
/// number and order) and without a trailing `e.p.`.
fn strip_suffixes(text: &str) -> &str {
    let mut rest = text;
    loop {
        let before = rest.len();
        rest = rest.trim_end_matches(['+', '#', '!', '?']).trim_end();
        rest = rest.strip_suffix("e.p.").unwrap_or(rest).trim_end();
        if rest.len() == before {
            return rest;
        }
    }
}

/// The castling `text` spells (`O-O`, `0-0`, `o-o` and the long forms).
fn castling(text: &str) -> Option<Castle> {
    let mut normal = [0u8; 5];
    if text.len() > normal.len() {
        return None;
    }
    for (slot, byte) in normal.iter_mut().zip(text.bytes()) {
        *slot = match byte {
            b'O' | b'o' | b'0' => b'O',
            b'-' => b'-',
            _ => return None,
        };
    }
    match &normal[..text.len()] {
        b"O-O" => Some(Castle::Short),
        b"O-O-O" => Some(Castle::Long),
        _ => None,
    }
}

/// The piece move `text` spells, read from both ends: the piece letter at
/// the front, then from the back the promotion, the destination square,
/// an optional `x`, `:` or `-`, and what is left names the origin.
fn pattern(text: &str) -> Option<Pattern> {
    let mut bytes = text.as_bytes();
    let kind = match bytes.first()? {
        letter @ (b'N' | b'B' | b'R' | b'Q' | b'K' | b'P') => {
            bytes = &bytes[1..];
            PieceKind::from_char(*letter as char)?
        }
        _ => PieceKind::Pawn,
    };
    let mut promotion = None;
    if let [head @ .., last] = bytes {
        let piece = match last {
            b'N' | b'n' => Some(PieceKind::Knight),
            b'B' | b'b' => Some(PieceKind::Bishop),
            b'R' | b'r' => Some(PieceKind::Rook),
            b'Q' | b'q' => Some(PieceKind::Queen),
            _ => None,
        };
        let head = head.strip_suffix(b"=").unwrap_or(head);
        if piece.is_some() && head.last().is_some_and(u8::is_ascii_digit) {
            promotion = piece;
            bytes = head;
        }
    }
    let [head @ .., file, rank] = bytes else {
        return None;
    };
    let to = Square::new(File::from_char(*file as char)?, Rank::from_char(*rank as char)?);
    let origin = match head {
        [origin @ .., b'x' | b':' | b'-'] => origin,
        origin => origin,
    };
    let (from_file, from_rank) = match origin {
        [] => (None, None),
        [one] => match (File::from_char(*one as char), Rank::from_char(*one as char)) {
            (Some(file), _) => (Some(file), None),
            (None, Some(rank)) => (None, Some(rank)),
            (None, None) => return None,
        },
        [file, rank] => (Some(File::from_char(*file as char)?), Some(Rank::from_char(*rank as char)?)),
        _ => return None,
    };
    if kind != PieceKind::Pawn && promotion.is_some() {
        return None;
    }
    Some(Pattern { kind, from_file, from_rank, to, promotion })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_read_from_both_ends() {
        let knight = pattern("Ng1f3").unwrap();
        assert_eq!(
            (knight.kind, knight.from_file, knight.from_rank),
            (PieceKind::Knight, Some(File::G), Some(Rank::First))
        );
        assert_eq!(knight.to, Square::F3);
        let capture = pattern("exd8=Q").unwrap();
        assert_eq!(
            (capture.from_file, capture.to, capture.promotion),
            (Some(File::E), Square::D8, Some(PieceKind::Queen))
        );
        assert_eq!(pattern("b8b").unwrap().promotion, Some(PieceKind::Bishop));
        assert_eq!(pattern("R1a3").unwrap().from_rank, Some(Rank::First));
        assert_eq!(pattern("Nb"), None);
        assert_eq!(pattern("Ne9"), None);
        assert_eq!(pattern("Nf3=Q"), None);
        assert_eq!(pattern("Nxxf3"), None);
        assert_eq!(pattern("Qa1b2c3"), None);
    }

    #[test]
    fn suffixes_and_castling_spellings() {
        assert_eq!(strip_suffixes("exd6 e.p.+!?"), "exd6");
        assert_eq!(strip_suffixes("Nf3#??"), "Nf3");
        assert_eq!(strip_suffixes("+"), "");
        assert_eq!(castling("0-0"), Some(Castle::Short));
        assert_eq!(castling("o-o-o"), Some(Castle::Long));
        assert_eq!(castling("O-O-O-O"), None);
        assert_eq!(castling("OO"), None);
    }
}
