//! History heuristics: how often a quiet move caused a cutoff, by side and
//! from/to squares (butterfly history) and by the moves played one and two
//! plies before it (continuation history).
//!
//! Entries saturate towards ±[`HISTORY_MAX`] ("history gravity"): each
//! update moves an entry a fraction of the way, so old information fades.

use super::{PieceTo, PIECE_TO_COUNT};
use crate::search::params;
use bb_core::Color;
use bb_movegen::Move;

/// History scores saturate towards this bound.
pub const HISTORY_MAX: i32 = 16_384;

/// Moves the entry towards `bonus`'s sign by a fraction of the distance to
/// the bound, so it stays within ±[`HISTORY_MAX`].
fn apply_gravity(entry: &mut i16, bonus: i32) {
    let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    let current = i32::from(*entry);
    let updated = current + bonus - current * bonus.abs() / HISTORY_MAX;
    *entry = updated.clamp(-HISTORY_MAX, HISTORY_MAX) as i16;
}

/// The bonus for a move that caused a cutoff at `depth` (its rivals get
/// minus this): quadratic in depth and capped, by the `history_bonus_*`
/// constants of [`params`].
pub fn history_bonus(depth: i32) -> i32 {
    (depth * depth * params::history_bonus_quad() + depth * params::history_bonus_lin())
        .min(params::history_bonus_max())
}

/// Quiet-move history by side, from-square and to-square.
#[derive(Clone)]
pub struct ButterflyHistory {
    table: Box<[[[i16; 64]; 64]; 2]>,
}

impl Default for ButterflyHistory {
    fn default() -> ButterflyHistory {
        ButterflyHistory { table: Box::new([[[0; 64]; 64]; 2]) }
    }
}

impl ButterflyHistory {
    /// The score of `mv` for `side`.
    pub fn get(&self, side: Color, mv: Move) -> i32 {
        i32::from(self.table[side.index()][mv.from().index()][mv.to().index()])
    }

    /// Adds `bonus` (negative for a malus) to `mv`.
    pub fn update(&mut self, side: Color, mv: Move, bonus: i32) {
        apply_gravity(&mut self.table[side.index()][mv.from().index()][mv.to().index()], bonus);
    }

    /// Zeroes everything.
    pub fn clear(&mut self) {
        *self.table = [[[0; 64]; 64]; 2];
    }
}

/// History of a quiet move (piece, destination) given the move played one
/// or two plies earlier (piece, destination): captures follow-up patterns
/// that the butterfly table cannot tell apart.
#[derive(Clone)]
pub struct ContinuationHistory {
    table: Vec<i16>,
}

impl Default for ContinuationHistory {
    fn default() -> ContinuationHistory {
        ContinuationHistory { table: vec![0; PIECE_TO_COUNT * PIECE_TO_COUNT] }
    }
}

impl ContinuationHistory {
    /// The score of `current` following `previous`.
    pub fn get(&self, previous: PieceTo, current: PieceTo) -> i32 {
        i32::from(self.table[previous.index() * PIECE_TO_COUNT + current.index()])
    }

    /// Adds `bonus` to `current` following `previous`.
    pub fn update(&mut self, previous: PieceTo, current: PieceTo, bonus: i32) {
        apply_gravity(&mut self.table[previous.index() * PIECE_TO_COUNT + current.index()], bonus);
    }

    /// Zeroes everything.
    pub fn clear(&mut self) {
        self.table.fill(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bb_core::{Piece, Square};
    use bb_movegen::Position;

    #[test]
    fn history_saturates_within_bounds() {
        let mv = Position::startpos().legal_moves().as_slice()[0];
        let mut history = ButterflyHistory::default();
        for _ in 0..1000 {
            history.update(Color::White, mv, history_bonus(20));
        }
        let high = history.get(Color::White, mv);
        assert!(high > HISTORY_MAX / 2 && high <= HISTORY_MAX);
        assert_eq!(history.get(Color::Black, mv), 0);
        for _ in 0..1000 {
            history.update(Color::White, mv, -history_bonus(20));
        }
        let low = history.get(Color::White, mv);
        assert!((-HISTORY_MAX..-HISTORY_MAX / 2).contains(&low));
        history.clear();
        assert_eq!(history.get(Color::White, mv), 0);
    }

    #[test]
    fn continuation_history_is_keyed_by_both_moves() {
        let mut table = ContinuationHistory::default();
        let first = PieceTo::new(Piece::WhiteKnight, Square::F3);
        let second = PieceTo::new(Piece::BlackPawn, Square::D5);
        table.update(first, second, 500);
        assert!(table.get(first, second) > 0);
        assert_eq!(table.get(second, first), 0);
    }
}
