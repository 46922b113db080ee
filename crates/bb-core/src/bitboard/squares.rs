//! Iterating over the squares of a [`Bitboard`], and collecting squares into one.

use super::Bitboard;
use crate::Square;

/// Iterator over the squares of a [`Bitboard`], a1 first.
#[derive(Clone, Copy, Debug)]
pub struct Squares(pub(super) Bitboard);

impl Iterator for Squares {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        self.0.pop_first()
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let count = self.0.count() as usize;
        (count, Some(count))
    }
}

impl ExactSizeIterator for Squares {}
impl core::iter::FusedIterator for Squares {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;

    #[inline(always)]
    fn into_iter(self) -> Squares {
        Squares(self)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(squares: I) -> Bitboard {
        squares.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iteration_is_lowest_square_first() {
        let board: Bitboard = [Square::H8, Square::C3, Square::A1].into_iter().collect();
        let squares: Vec<Square> = board.iter().collect();
        assert_eq!(squares, vec![Square::A1, Square::C3, Square::H8]);
        assert_eq!(board.count(), 3);
        assert_eq!(board.iter().len(), 3);
        assert_eq!(board.first_square(), Some(Square::A1));
        assert_eq!(board.last_square(), Some(Square::H8));
        assert_eq!(Bitboard::EMPTY.first_square(), None);
    }
}
