//! `Bitboard`: a set of squares over the selected [`U64`] word. Its
//! iterator is in `squares`, its printing in `grid`.

mod grid;
mod squares;

pub use grid::write_grid;
pub use squares::Squares;

use crate::{Square, U64};
use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

/// A set of squares: bit `n` stands for the square with index `n`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
#[repr(transparent)]
pub struct Bitboard(pub U64);

const NOT_FILE_A: u64 = !0x0101_0101_0101_0101;
const NOT_FILE_H: u64 = !0x8080_8080_8080_8080;

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(U64::ZERO);
    /// Every square.
    pub const FULL: Bitboard = Bitboard(U64::MAX);
    /// The 32 light squares (h1, a8 and those of their colour), the set a
    /// bishop on a light square can ever reach.
    ///
    /// ```
    /// use bb_core::{Bitboard, Square};
    ///
    /// assert!(Bitboard::LIGHT_SQUARES.contains(Square::H1));
    /// assert!(Bitboard::DARK_SQUARES.contains(Square::A1));
    /// assert_eq!(Bitboard::LIGHT_SQUARES | Bitboard::DARK_SQUARES, Bitboard::FULL);
    /// ```
    pub const LIGHT_SQUARES: Bitboard = Bitboard::from_u64(0x55aa_55aa_55aa_55aa);
    /// The 32 dark squares (a1, h8 and those of their colour).
    pub const DARK_SQUARES: Bitboard = Bitboard::from_u64(!0x55aa_55aa_55aa_55aa);

    /// The set whose bits are `bits`.
    ///
    /// ```
    /// use bb_core::{Bitboard, Square};
    ///
    /// let rank_2 = Bitboard::from_u64(0xff00);
    /// assert_eq!(rank_2.count(), 8);
    /// assert!(rank_2.contains(Square::A2) && !rank_2.contains(Square::A1));
    /// ```
    #[inline(always)]
    pub const fn from_u64(bits: u64) -> Bitboard {
        Bitboard(U64::from_u64(bits))
    }

    /// The bits as a plain `u64`.
    #[inline(always)]
    pub const fn to_u64(self) -> u64 {
        self.0.to_u64()
    }

    /// The underlying word.
    #[inline(always)]
    pub const fn word(self) -> U64 {
        self.0
    }

    /// The set holding only `square`.
    #[inline(always)]
    pub const fn from_square(square: Square) -> Bitboard {
        Bitboard(U64::single_bit(square as u32))
    }

    /// True when `square` is in the set.
    ///
    /// ```
    /// use bb_core::{Bitboard, Square};
    ///
    /// let corners = Bitboard::from_u64(0x8100_0000_0000_0081);
    /// assert!(corners.contains(Square::H8));
    /// assert!(!corners.contains(Square::E4));
    /// ```
    #[inline(always)]
    pub const fn contains(self, square: Square) -> bool {
        self.0.bit(square as u32)
    }

    /// The set with `square` added.
    #[inline(always)]
    pub const fn with(self, square: Square) -> Bitboard {
        Bitboard(self.0.or(U64::single_bit(square as u32)))
    }

    /// The set with `square` removed.
    #[inline(always)]
    pub const fn without(self, square: Square) -> Bitboard {
        Bitboard(self.0.and_not(U64::single_bit(square as u32)))
    }

    /// Adds `square`.
    #[inline(always)]
    pub fn insert(&mut self, square: Square) {
        *self = self.with(square);
    }

    /// Removes `square`.
    #[inline(always)]
    pub fn remove(&mut self, square: Square) {
        *self = self.without(square);
    }

    /// Adds `square` if absent, removes it if present.
    #[inline(always)]
    pub fn toggle(&mut self, square: Square) {
        self.0 = self.0.xor(U64::single_bit(square as u32));
    }

    /// True when the set has no square.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0.is_zero()
    }

    /// True when the set has at least one square.
    #[inline(always)]
    pub const fn any(self) -> bool {
        !self.0.is_zero()
    }

    /// True when the set has two squares or more (cheaper than counting).
    #[inline(always)]
    pub const fn has_more_than_one(self) -> bool {
        !self.0.clear_lowest_bit().is_zero()
    }

    /// Number of squares.
    ///
    /// ```
    /// use bb_core::Bitboard;
    ///
    /// assert_eq!(Bitboard::EMPTY.count(), 0);
    /// assert_eq!(Bitboard::from_u64(0xffff).count(), 16);
    /// assert_eq!(Bitboard::FULL.count(), 64);
    /// ```
    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Squares in either set.
    #[inline(always)]
    pub const fn union(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0.or(other.0))
    }

    /// Squares in both sets.
    #[inline(always)]
    pub const fn intersection(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0.and(other.0))
    }

    /// Squares of `self` not in `other`.
    #[inline(always)]
    pub const fn difference(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0.and_not(other.0))
    }

    /// Squares not in the set.
    #[inline(always)]
    pub const fn complement(self) -> Bitboard {
        Bitboard(self.0.not())
    }

    /// The lowest square (a1 first), if any.
    #[inline(always)]
    pub const fn first_square(self) -> Option<Square> {
        if self.0.is_zero() {
            None
        } else {
            Some(Square::from_index_wrapping(self.0.trailing_zeros()))
        }
    }

    /// The highest square (h8 last), if any.
    #[inline(always)]
    pub const fn last_square(self) -> Option<Square> {
        if self.0.is_zero() {
            None
        } else {
            Some(Square::from_index_wrapping(63 - self.0.leading_zeros()))
        }
    }

    /// The lowest square of a set known not to be empty. On an empty set it
    /// gives a1 (documented, not undefined): callers check first.
    #[inline(always)]
    pub const fn first_square_unchecked(self) -> Square {
        Square::from_index_wrapping(self.0.trailing_zeros())
    }

    /// Removes and returns the lowest square.
    ///
    /// ```
    /// use bb_core::{Bitboard, Square};
    ///
    /// let mut set = Square::C3.bitboard() | Square::A5.bitboard();
    /// assert_eq!(set.pop_first(), Some(Square::C3));
    /// assert_eq!(set.pop_first(), Some(Square::A5));
    /// assert_eq!(set.pop_first(), None);
    /// assert!(set.is_empty());
    /// ```
    #[inline(always)]
    pub fn pop_first(&mut self) -> Option<Square> {
        if self.0.is_zero() {
            None
        } else {
            Some(Square::from_index_wrapping(self.0.pop_lsb()))
        }
    }

    /// The squares one rank up (towards rank 8).
    ///
    /// The other shifts ([`south`](Bitboard::south), [`east`](Bitboard::east),
    /// [`north_west`](Bitboard::north_west), …) work the same way; squares
    /// shifted off the board are dropped, and nothing wraps around a side.
    ///
    /// ```
    /// use bb_core::{Bitboard, Square};
    ///
    /// assert_eq!(Square::E2.bitboard().north(), Square::E3.bitboard());
    /// assert_eq!(Square::E2.bitboard().south(), Square::E1.bitboard());
    /// assert!(Square::E8.bitboard().north().is_empty());
    /// assert!(Square::H4.bitboard().east().is_empty()); // no wrap to a5
    /// assert_eq!(Square::D4.bitboard().north_west(), Square::C5.bitboard());
    /// ```
    #[inline(always)]
    pub const fn north(self) -> Bitboard {
        Bitboard(self.0.shl(8))
    }

    /// The squares one rank down (towards rank 1).
    #[inline(always)]
    pub const fn south(self) -> Bitboard {
        Bitboard(self.0.shr(8))
    }

    /// The squares one file right (towards h); nothing wraps from h to a.
    #[inline(always)]
    pub const fn east(self) -> Bitboard {
        Bitboard(self.0.shl(1).and(U64::from_u64(NOT_FILE_A)))
    }

    /// The squares one file left (towards a); nothing wraps from a to h.
    #[inline(always)]
    pub const fn west(self) -> Bitboard {
        Bitboard(self.0.shr(1).and(U64::from_u64(NOT_FILE_H)))
    }

    /// One step up and right.
    #[inline(always)]
    pub const fn north_east(self) -> Bitboard {
        Bitboard(self.0.shl(9).and(U64::from_u64(NOT_FILE_A)))
    }

    /// One step up and left.
    #[inline(always)]
    pub const fn north_west(self) -> Bitboard {
        Bitboard(self.0.shl(7).and(U64::from_u64(NOT_FILE_H)))
    }

    /// One step down and right.
    #[inline(always)]
    pub const fn south_east(self) -> Bitboard {
        Bitboard(self.0.shr(7).and(U64::from_u64(NOT_FILE_A)))
    }

    /// One step down and left.
    #[inline(always)]
    pub const fn south_west(self) -> Bitboard {
        Bitboard(self.0.shr(9).and(U64::from_u64(NOT_FILE_H)))
    }

    /// The set mirrored top to bottom (rank 1 ↔ rank 8).
    #[inline(always)]
    pub const fn flip_ranks(self) -> Bitboard {
        Bitboard(self.0.swap_bytes())
    }

    /// Iterates over the squares, lowest (a1) first.
    ///
    /// ```
    /// use bb_core::{Bitboard, Square};
    ///
    /// let set: Bitboard = [Square::H1, Square::A8, Square::B2].into_iter().collect();
    /// let squares: Vec<Square> = set.iter().collect();
    /// assert_eq!(squares, [Square::H1, Square::B2, Square::A8]);
    /// assert_eq!(set.iter().len(), 3);
    /// ```
    #[inline(always)]
    pub const fn iter(self) -> Squares {
        Squares(self)
    }
}

impl From<Square> for Bitboard {
    #[inline(always)]
    fn from(square: Square) -> Bitboard {
        Bitboard::from_square(square)
    }
}

macro_rules! forward_set_operator {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $word_method:ident) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0.$word_method(rhs.0))
            }
        }
        impl $assign_trait for Bitboard {
            #[inline(always)]
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 = self.0.$word_method(rhs.0);
            }
        }
    };
}

forward_set_operator!(BitAnd, bitand, BitAndAssign, bitand_assign, and);
forward_set_operator!(BitOr, bitor, BitOrAssign, bitor_assign, or);
forward_set_operator!(BitXor, bitxor, BitXorAssign, bitxor_assign, xor);

/// `a - b` is the set difference `a & !b`.
impl Sub for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        self.difference(rhs)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        self.complement()
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bitboard({:#018x})", self.to_u64())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{File, Rank};

    #[test]
    fn insert_remove_contains_agree() {
        let mut board = Bitboard::EMPTY;
        for square in Square::ALL {
            assert!(!board.contains(square));
            board.insert(square);
            assert!(board.contains(square));
        }
        assert_eq!(board, Bitboard::FULL);
        board.remove(Square::E4);
        assert!(!board.contains(Square::E4));
        assert_eq!(board.count(), 63);
        board.toggle(Square::E4);
        assert_eq!(board, Bitboard::FULL);
    }

    #[test]
    fn steps_do_not_wrap_around_the_edges() {
        let h_file = File::H.bitboard();
        let a_file = File::A.bitboard();
        assert_eq!(h_file.east(), Bitboard::EMPTY);
        assert_eq!(a_file.west(), Bitboard::EMPTY);
        assert_eq!(h_file.north_east(), Bitboard::EMPTY);
        assert_eq!(a_file.south_west(), Bitboard::EMPTY);
        assert_eq!(Rank::Eighth.bitboard().north(), Bitboard::EMPTY);
        assert_eq!(Square::E4.bitboard().north_west(), Square::D5.bitboard());
        assert_eq!(Square::E4.bitboard().south_east(), Square::F3.bitboard());
        assert_eq!(Rank::Second.bitboard().flip_ranks(), Rank::Seventh.bitboard());
    }

    #[test]
    fn light_squares_are_those_whose_file_and_rank_differ_in_parity() {
        for square in Square::ALL {
            let light = (square.file().index() + square.rank().index()) % 2 == 1;
            assert_eq!(Bitboard::LIGHT_SQUARES.contains(square), light, "{square:?}");
            assert_eq!(Bitboard::DARK_SQUARES.contains(square), !light, "{square:?}");
        }
    }
}
