//! Move-ordering memory gathered during the search: killer moves, the
//! butterfly history, counter moves and continuation history.
//!
//! All of them only order moves; none decides legality, so stale entries
//! from an earlier position are harmless.

use crate::score::MAX_PLY;
use bb_core::{Color, Piece, Square};
use bb_movegen::Move;

/// History scores saturate towards this bound ("history gravity"): each
/// update moves the entry a fraction of the way, so old information fades.
pub const HISTORY_MAX: i32 = 16_384;

/// Two quiet moves per ply that recently caused a beta cutoff.
#[derive(Clone, Debug)]
pub struct Killers {
    slots: [[Move; 2]; MAX_PLY + 2],
}

impl Default for Killers {
    fn default() -> Killers {
        Killers { slots: [[Move::NULL; 2]; MAX_PLY + 2] }
    }
}

impl Killers {
    /// The killers at `ply`, most recent first.
    pub fn at(&self, ply: usize) -> [Move; 2] {
        self.slots[ply.min(MAX_PLY + 1)]
    }

    /// Records a cutoff by `mv` at `ply`.
    pub fn record(&mut self, ply: usize, mv: Move) {
        let slot = &mut self.slots[ply.min(MAX_PLY + 1)];
        if slot[0] != mv {
            slot[1] = slot[0];
            slot[0] = mv;
        }
    }

    /// Forgets the killers of `ply` (done when a node's children start fresh).
    pub fn clear_ply(&mut self, ply: usize) {
        self.slots[ply.min(MAX_PLY + 1)] = [Move::NULL; 2];
    }
}

/// Moves the entry towards `bonus`'s sign by a fraction of the distance to
/// the bound, so it stays within ±[`HISTORY_MAX`].
fn apply_gravity(entry: &mut i16, bonus: i32) {
    let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    let current = i32::from(*entry);
    let updated = current + bonus - current * bonus.abs() / HISTORY_MAX;
    *entry = updated.clamp(-HISTORY_MAX, HISTORY_MAX) as i16;
}

/// The bonus for a move that caused a cutoff at `depth` (its rivals get minus this).
pub fn history_bonus(depth: i32) -> i32 {
    (depth * depth * 16 + depth * 32).min(1_600)
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

/// The quiet move that last refuted each (piece, destination) of the opponent.
#[derive(Clone)]
pub struct CounterMoves {
    table: Vec<Move>,
}

impl Default for CounterMoves {
    fn default() -> CounterMoves {
        CounterMoves { table: vec![Move::NULL; PIECE_TO_COUNT] }
    }
}

impl CounterMoves {
    /// The counter to the opponent's move `previous`.
    pub fn get(&self, previous: PieceTo) -> Move {
        self.table[previous.index()]
    }

    /// Records `mv` as the counter to `previous`.
    pub fn set(&mut self, previous: PieceTo, mv: Move) {
        self.table[previous.index()] = mv;
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.table.fill(Move::NULL);
    }
}

/// History of a quiet move (piece, destination) given the move played one
/// or two plies earlier (piece, destination): captures follow-up patterns
/// that the butterfly table cannot tell apart.
#[derive(Clone)]
pub struct ContinuationHistory {
    table: Vec<i16>,
}

/// One (piece, destination) pair, the index into a continuation table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceTo(u16);

impl PieceTo {
    /// `piece` arriving on `to`.
    pub fn new(piece: Piece, to: Square) -> PieceTo {
        PieceTo((piece.index() * 64 + to.index()) as u16)
    }

    fn index(self) -> usize {
        usize::from(self.0)
    }
}

const PIECE_TO_COUNT: usize = 12 * 64;

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
    use bb_movegen::Position;

    fn some_moves() -> Vec<Move> {
        Position::startpos().legal_moves().iter().copied().collect()
    }

    #[test]
    fn killers_keep_two_distinct_moves() {
        let moves = some_moves();
        let mut killers = Killers::default();
        killers.record(3, moves[0]);
        killers.record(3, moves[0]);
        assert_eq!(killers.at(3), [moves[0], Move::NULL]);
        killers.record(3, moves[1]);
        assert_eq!(killers.at(3), [moves[1], moves[0]]);
        killers.record(3, moves[2]);
        assert_eq!(killers.at(3), [moves[2], moves[1]]);
        assert_eq!(killers.at(4), [Move::NULL; 2]);
        killers.clear_ply(3);
        assert_eq!(killers.at(3), [Move::NULL; 2]);
        // Out-of-range plies are clamped rather than panicking.
        killers.record(10_000, moves[0]);
    }

    #[test]
    fn history_saturates_within_bounds() {
        let mv = some_moves()[0];
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
