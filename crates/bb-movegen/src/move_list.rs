//! `MoveList`, the fixed-capacity list of moves the generator fills: it
//! never allocates, so generating moves works without `alloc`.

use crate::moves::Move;
use core::fmt;

/// The most legal moves any chess position has is 218; 256 leaves room.
pub const MAX_MOVES: usize = 256;

/// A list of moves with fixed capacity: building one never allocates.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    ///
    /// ```
    /// use bb_movegen::MoveList;
    ///
    /// let list = MoveList::new();
    /// assert!(list.is_empty());
    /// assert_eq!(list.len(), 0);
    /// ```
    #[inline(always)]
    pub const fn new() -> MoveList {
        MoveList { moves: [Move::NULL; MAX_MOVES], len: 0 }
    }

    /// Appends a move. The generator never exceeds the capacity (no position
    /// has more than 218 legal moves); a push beyond it is ignored rather
    /// than panicking.
    ///
    /// ```
    /// use bb_movegen::{Move, MoveKind, MoveList, Square};
    ///
    /// let mut list = MoveList::new();
    /// list.push(Move::new(Square::G1, Square::F3, MoveKind::Quiet));
    /// list.push(Move::new(Square::E2, Square::E4, MoveKind::DoublePush));
    /// assert_eq!(list.len(), 2);
    /// assert_eq!(list[1].to_string(), "e2e4");
    /// ```
    #[inline(always)]
    pub fn push(&mut self, mv: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = mv;
            self.len += 1;
        }
    }

    /// Number of moves.
    #[inline(always)]
    pub const fn len(&self) -> usize {
        self.len
    }

    /// True when there is no move.
    #[inline(always)]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Removes every move.
    #[inline(always)]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The moves as a slice.
    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// The moves as a mutable slice (for ordering them in search).
    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }

    /// True when `mv` is in the list.
    ///
    /// ```
    /// use bb_movegen::{Move, MoveKind, Position, Square};
    ///
    /// let moves = Position::startpos().legal_moves();
    /// assert!(moves.contains(Move::new(Square::G1, Square::F3, MoveKind::Quiet)));
    /// assert!(!moves.contains(Move::new(Square::E2, Square::E5, MoveKind::Quiet)));
    /// ```
    pub fn contains(&self, mv: Move) -> bool {
        self.as_slice().contains(&mv)
    }

    /// Iterates over the moves.
    pub fn iter(&self) -> core::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl core::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl core::ops::DerefMut for MoveList {
    fn deref_mut(&mut self) -> &mut [Move] {
        self.as_mut_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::MoveKind;
    use bb_core::Square;

    #[test]
    fn list_ignores_pushes_past_capacity() {
        let mut list = MoveList::new();
        for _ in 0..MAX_MOVES + 10 {
            list.push(Move::new(Square::A1, Square::A2, MoveKind::Quiet));
        }
        assert_eq!(list.len(), MAX_MOVES);
    }
}
