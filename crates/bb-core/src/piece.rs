//! Colours, piece kinds and coloured pieces, with their FEN letters.

use crate::ParseError;
use core::fmt;
use core::str::FromStr;

/// The side a piece belongs to, or the side to move.
///
/// Parses from and prints as its FEN letter:
///
/// ```
/// use bb_core::Color;
///
/// assert_eq!("b".parse::<Color>(), Ok(Color::Black));
/// assert_eq!(Color::White.to_string(), "w");
/// assert_eq!(!Color::White, Color::Black);
/// assert!("white".parse::<Color>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Color {
    White,
    Black,
}

impl Color {
    /// White then Black.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other colour.
    #[inline(always)]
    pub const fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `w` or `b`, as in FEN.
    pub const fn to_char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// Parses `w` or `b`.
    pub const fn from_char(letter: char) -> Option<Color> {
        match letter {
            'w' => Some(Color::White),
            'b' => Some(Color::Black),
            _ => None,
        }
    }
}

impl core::ops::Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        self.opposite()
    }
}

/// The kind of a piece, regardless of colour.
///
/// Parses a letter of either case and prints in lower case:
///
/// ```
/// use bb_core::PieceKind;
///
/// assert_eq!("N".parse::<PieceKind>(), Ok(PieceKind::Knight));
/// assert_eq!("n".parse::<PieceKind>(), Ok(PieceKind::Knight));
/// assert_eq!(PieceKind::Queen.to_string(), "q");
/// assert!("x".parse::<PieceKind>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum PieceKind {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl PieceKind {
    /// Pawn, knight, bishop, rook, queen, king.
    pub const ALL: [PieceKind; 6] = [
        PieceKind::Pawn,
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
        PieceKind::King,
    ];

    /// The index 0..6 in the order of [`PieceKind::ALL`].
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lower-case letter: `p n b r q k`.
    pub const fn to_char(self) -> char {
        match self {
            PieceKind::Pawn => 'p',
            PieceKind::Knight => 'n',
            PieceKind::Bishop => 'b',
            PieceKind::Rook => 'r',
            PieceKind::Queen => 'q',
            PieceKind::King => 'k',
        }
    }

    /// Parses a letter of either case.
    pub const fn from_char(letter: char) -> Option<PieceKind> {
        match letter.to_ascii_lowercase() {
            'p' => Some(PieceKind::Pawn),
            'n' => Some(PieceKind::Knight),
            'b' => Some(PieceKind::Bishop),
            'r' => Some(PieceKind::Rook),
            'q' => Some(PieceKind::Queen),
            'k' => Some(PieceKind::King),
            _ => None,
        }
    }
}

/// A piece of one colour; the discriminant `colour * 6 + kind` indexes
/// per-piece tables (Zobrist keys, histories).
///
/// Parses from and prints as its FEN letter (upper case for White):
///
/// ```
/// use bb_core::{Color, Piece, PieceKind};
///
/// let piece: Piece = "k".parse().unwrap();
/// assert_eq!(piece, Piece::new(Color::Black, PieceKind::King));
/// assert_eq!(Piece::WhiteRook.to_string(), "R");
/// assert!("Kk".parse::<Piece>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Piece {
    WhitePawn,
    WhiteKnight,
    WhiteBishop,
    WhiteRook,
    WhiteQueen,
    WhiteKing,
    BlackPawn,
    BlackKnight,
    BlackBishop,
    BlackRook,
    BlackQueen,
    BlackKing,
}

impl Piece {
    /// The twelve pieces, White's first, in index order.
    pub const ALL: [Piece; 12] = [
        Piece::WhitePawn,
        Piece::WhiteKnight,
        Piece::WhiteBishop,
        Piece::WhiteRook,
        Piece::WhiteQueen,
        Piece::WhiteKing,
        Piece::BlackPawn,
        Piece::BlackKnight,
        Piece::BlackBishop,
        Piece::BlackRook,
        Piece::BlackQueen,
        Piece::BlackKing,
    ];

    /// The piece of `color` and `kind`.
    #[inline(always)]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece::ALL[color as usize * 6 + kind as usize]
    }

    /// Its colour.
    #[inline(always)]
    pub const fn color(self) -> Color {
        if (self as u8) < 6 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// Its kind.
    #[inline(always)]
    pub const fn kind(self) -> PieceKind {
        PieceKind::ALL[(self as usize) % 6]
    }

    /// The index 0..12.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The FEN letter: upper case for White (`P N B R Q K`), lower for Black.
    pub const fn to_char(self) -> char {
        let letter = self.kind().to_char();
        match self.color() {
            Color::White => letter.to_ascii_uppercase(),
            Color::Black => letter,
        }
    }

    /// Parses a FEN letter.
    pub const fn from_char(letter: char) -> Option<Piece> {
        match PieceKind::from_char(letter) {
            Some(kind) if letter.is_ascii_uppercase() => Some(Piece::new(Color::White, kind)),
            Some(kind) => Some(Piece::new(Color::Black, kind)),
            None => None,
        }
    }
}

macro_rules! display_and_parse_as_one_letter {
    ($type:ty, $expected:literal) => {
        impl fmt::Display for $type {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.to_char())
            }
        }

        impl FromStr for $type {
            type Err = ParseError;

            fn from_str(text: &str) -> Result<Self, ParseError> {
                let mut chars = text.chars();
                match (chars.next(), chars.next()) {
                    (Some(letter), None) => <$type>::from_char(letter).ok_or(ParseError::new($expected)),
                    _ => Err(ParseError::new($expected)),
                }
            }
        }
    };
}

display_and_parse_as_one_letter!(Color, "a colour: w or b");
display_and_parse_as_one_letter!(PieceKind, "a piece kind: one of p n b r q k");
display_and_parse_as_one_letter!(Piece, "a piece letter: one of PNBRQK pnbrqk");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_round_trip_through_their_letters() {
        for piece in Piece::ALL {
            assert_eq!(Piece::new(piece.color(), piece.kind()), piece);
            assert_eq!(piece.to_string().parse::<Piece>(), Ok(piece));
        }
        assert_eq!("N".parse::<Piece>(), Ok(Piece::WhiteKnight));
        assert_eq!("q".parse::<Piece>(), Ok(Piece::BlackQueen));
        for bad in ["", "x", "NN", "1"] {
            assert!(bad.parse::<Piece>().is_err(), "{bad:?} parsed");
        }
    }

    #[test]
    fn colours_parse_and_flip() {
        assert_eq!("w".parse::<Color>(), Ok(Color::White));
        assert_eq!("b".parse::<Color>(), Ok(Color::Black));
        assert!("W".parse::<Color>().is_err());
        assert_eq!(!Color::White, Color::Black);
        assert_eq!(Color::Black.opposite(), Color::White);
    }
}
