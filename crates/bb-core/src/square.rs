//! Squares, files and ranks. Squares are numbered little-endian rank-file:
//! a1 = 0, b1 = 1, …, h1 = 7, a2 = 8, …, h8 = 63.

use crate::{Bitboard, ParseError};
use core::fmt;
use core::str::FromStr;

/// A file (column) of the board, `a` to `h`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum File {
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

/// A rank (row) of the board, `1` to `8`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Rank {
    First,
    Second,
    Third,
    Fourth,
    Fifth,
    Sixth,
    Seventh,
    Eighth,
}

impl File {
    /// The files from a to h.
    pub const ALL: [File; 8] = [File::A, File::B, File::C, File::D, File::E, File::F, File::G, File::H];

    /// The file with index 0..8 (a = 0); indices wrap modulo 8.
    #[inline(always)]
    pub const fn from_index(index: u8) -> File {
        File::ALL[(index & 7) as usize]
    }

    /// The index 0..8 (a = 0).
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The squares of this file.
    #[inline(always)]
    pub const fn bitboard(self) -> Bitboard {
        Bitboard::from_u64(0x0101_0101_0101_0101u64 << self as u32)
    }

    /// The letter `a`..`h`.
    pub const fn to_char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// Parses `a`..`h` (lower case only, as in FEN and UCI).
    pub const fn from_char(letter: char) -> Option<File> {
        match letter {
            'a'..='h' => Some(File::from_index(letter as u8 - b'a')),
            _ => None,
        }
    }
}

impl Rank {
    /// The ranks from 1 to 8.
    pub const ALL: [Rank; 8] = [
        Rank::First,
        Rank::Second,
        Rank::Third,
        Rank::Fourth,
        Rank::Fifth,
        Rank::Sixth,
        Rank::Seventh,
        Rank::Eighth,
    ];

    /// The rank with index 0..8 (rank 1 = 0); indices wrap modulo 8.
    #[inline(always)]
    pub const fn from_index(index: u8) -> Rank {
        Rank::ALL[(index & 7) as usize]
    }

    /// The index 0..8 (rank 1 = 0).
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The squares of this rank.
    #[inline(always)]
    pub const fn bitboard(self) -> Bitboard {
        Bitboard::from_u64(0xffu64 << (8 * self as u32))
    }

    /// The same rank seen from the other side of the board (1 ↔ 8).
    #[inline(always)]
    pub const fn flip(self) -> Rank {
        Rank::from_index(7 - self as u8)
    }

    /// The digit `1`..`8`.
    pub const fn to_char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// Parses `1`..`8`.
    pub const fn from_char(digit: char) -> Option<Rank> {
        match digit {
            '1'..='8' => Some(Rank::from_index(digit as u8 - b'1')),
            _ => None,
        }
    }
}

macro_rules! define_squares {
    ($($name:ident),* $(,)?) => {
        /// A square of the board; the discriminant is its index (a1 = 0, h8 = 63).
        ///
        /// ```
        /// use bb_core::{File, Rank, Square};
        ///
        /// let e4: Square = "e4".parse().unwrap();
        /// assert_eq!(e4, Square::E4);
        /// assert_eq!((e4.file(), e4.rank()), (File::E, Rank::Fourth));
        /// assert_eq!(e4.bitboard().to_u64(), 1 << 28);
        /// assert_eq!(e4.to_string(), "e4");
        /// assert!("e9".parse::<Square>().is_err());
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        #[allow(missing_docs)]
        pub enum Square { $($name),* }

        impl Square {
            /// All 64 squares in index order (a1, b1, …, h8).
            pub const ALL: [Square; 64] = [$(Square::$name),*];
        }
    };
}

define_squares!(
    A1, B1, C1, D1, E1, F1, G1, H1, A2, B2, C2, D2, E2, F2, G2, H2, A3, B3, C3, D3, E3, F3, G3, H3, A4, B4,
    C4, D4, E4, F4, G4, H4, A5, B5, C5, D5, E5, F5, G5, H5, A6, B6, C6, D6, E6, F6, G6, H6, A7, B7, C7, D7,
    E7, F7, G7, H7, A8, B8, C8, D8, E8, F8, G8, H8,
);

impl Square {
    /// The square on `file` and `rank`.
    #[inline(always)]
    pub const fn new(file: File, rank: Rank) -> Square {
        Square::ALL[(rank as usize) * 8 + file as usize]
    }

    /// The square with this index, or `None` for 64 and above.
    #[inline(always)]
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square::ALL[index as usize])
        } else {
            None
        }
    }

    /// The square with index `index % 64`. Bit scans of a non-empty word give
    /// an index below 64, so hot loops use this instead of an `Option`.
    #[inline(always)]
    pub const fn from_index_wrapping(index: u32) -> Square {
        // Table or match: whichever is cheaper on this backend (see the
        // constant's documentation).
        if crate::platform::SQUARE_FROM_INDEX_BY_TABLE {
            Square::ALL[(index & 63) as usize]
        } else {
            Square::from_index_by_match(index)
        }
    }

    #[inline(always)]
    #[rustfmt::skip]
    const fn from_index_by_match(index: u32) -> Square {
        use Square::*;
        match index & 63 {
            0 => A1, 1 => B1, 2 => C1, 3 => D1, 4 => E1, 5 => F1, 6 => G1, 7 => H1,
            8 => A2, 9 => B2, 10 => C2, 11 => D2, 12 => E2, 13 => F2, 14 => G2, 15 => H2,
            16 => A3, 17 => B3, 18 => C3, 19 => D3, 20 => E3, 21 => F3, 22 => G3, 23 => H3,
            24 => A4, 25 => B4, 26 => C4, 27 => D4, 28 => E4, 29 => F4, 30 => G4, 31 => H4,
            32 => A5, 33 => B5, 34 => C5, 35 => D5, 36 => E5, 37 => F5, 38 => G5, 39 => H5,
            40 => A6, 41 => B6, 42 => C6, 43 => D6, 44 => E6, 45 => F6, 46 => G6, 47 => H6,
            48 => A7, 49 => B7, 50 => C7, 51 => D7, 52 => E7, 53 => F7, 54 => G7, 55 => H7,
            56 => A8, 57 => B8, 58 => C8, 59 => D8, 60 => E8, 61 => F8, 62 => G8, _ => H8,
        }
    }

    /// The index 0..64, usable to index tables of 64 entries.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file of the square.
    #[inline(always)]
    pub const fn file(self) -> File {
        File::from_index(self as u8 & 7)
    }

    /// The rank of the square.
    #[inline(always)]
    pub const fn rank(self) -> Rank {
        Rank::from_index(self as u8 >> 3)
    }

    /// The set holding only this square.
    #[inline(always)]
    pub const fn bitboard(self) -> Bitboard {
        Bitboard::from_square(self)
    }

    /// The square mirrored top to bottom (e2 ↔ e7): how Black sees White's square.
    #[inline(always)]
    pub const fn flip_rank(self) -> Square {
        Square::ALL[(self as usize) ^ 56]
    }

    /// The square mirrored left to right (a1 ↔ h1).
    #[inline(always)]
    pub const fn flip_file(self) -> Square {
        Square::ALL[(self as usize) ^ 7]
    }

    /// The square `file_step` files and `rank_step` ranks away, or `None`
    /// when that leaves the board.
    pub const fn offset(self, file_step: i8, rank_step: i8) -> Option<Square> {
        let file = (self as i8 & 7) + file_step;
        let rank = (self as i8 >> 3) + rank_step;
        if file < 0 || file > 7 || rank < 0 || rank > 7 {
            None
        } else {
            Some(Square::ALL[(rank * 8 + file) as usize])
        }
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().to_char(), self.rank().to_char())
    }
}

impl FromStr for Square {
    type Err = ParseError;

    /// Parses a square in algebraic notation: `e4`, `h8`.
    fn from_str(text: &str) -> Result<Square, ParseError> {
        let mut chars = text.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(file), Some(rank), None) => match (File::from_char(file), Rank::from_char(rank)) {
                (Some(file), Some(rank)) => Ok(Square::new(file, rank)),
                _ => Err(ParseError::new("a square such as e4")),
            },
            _ => Err(ParseError::new("a square such as e4")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_index_is_the_square_of_that_index_mod_64() {
        for index in 0..256u32 {
            let square = Square::from_index_wrapping(index);
            assert_eq!(square, Square::ALL[(index % 64) as usize], "index {index}");
            assert_eq!(square.index() as u32, index % 64);
        }
    }

    #[test]
    fn square_numbering_is_little_endian_rank_file() {
        assert_eq!(Square::A1.index(), 0);
        assert_eq!(Square::H1.index(), 7);
        assert_eq!(Square::A8.index(), 56);
        assert_eq!(Square::H8.index(), 63);
        for (index, square) in Square::ALL.iter().enumerate() {
            assert_eq!(square.index(), index);
            assert_eq!(Square::new(square.file(), square.rank()), *square);
        }
    }

    #[test]
    fn squares_parse_and_print_as_algebraic_text() {
        for square in Square::ALL {
            let text = square.to_string();
            assert_eq!(text.parse::<Square>(), Ok(square));
        }
        assert_eq!("e4".parse::<Square>(), Ok(Square::E4));
        for bad in ["", "e", "e9", "i1", "E4", "e44", "4e", "é4"] {
            assert!(bad.parse::<Square>().is_err(), "{bad:?} parsed");
        }
    }

    #[test]
    fn offsets_stop_at_the_edge() {
        assert_eq!(Square::A1.offset(-1, 0), None);
        assert_eq!(Square::H8.offset(0, 1), None);
        assert_eq!(Square::E4.offset(1, 2), Some(Square::F6));
        assert_eq!(Square::E2.flip_rank(), Square::E7);
        assert_eq!(Square::A1.flip_file(), Square::H1);
    }
}
