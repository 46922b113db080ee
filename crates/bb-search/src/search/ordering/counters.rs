//! Counter moves: the quiet move that last refuted each opponent move,
//! named by the opponent's (piece, destination).

use super::{PieceTo, PIECE_TO_COUNT};
use bb_movegen::Move;

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

#[cfg(test)]
mod tests {
    use super::*;
    use bb_core::{Piece, Square};
    use bb_movegen::Position;

    #[test]
    fn counters_are_keyed_by_the_previous_move() {
        let reply = Position::startpos().legal_moves().as_slice()[0];
        let mut counters = CounterMoves::default();
        let previous = PieceTo::new(Piece::BlackKnight, Square::F6);
        counters.set(previous, reply);
        assert_eq!(counters.get(previous), reply);
        assert_eq!(counters.get(PieceTo::new(Piece::WhiteKnight, Square::F6)), Move::NULL);
        counters.clear();
        assert_eq!(counters.get(previous), Move::NULL);
    }
}
