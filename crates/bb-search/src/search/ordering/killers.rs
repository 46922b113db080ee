//! Killer moves: two quiet moves per ply that recently caused a beta
//! cutoff, tried right after the good captures at other nodes of that ply.

use crate::score::MAX_PLY;
use bb_movegen::Move;

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

#[cfg(test)]
mod tests {
    use super::*;
    use bb_movegen::Position;

    #[test]
    fn killers_keep_two_distinct_moves() {
        let moves: Vec<Move> = Position::startpos().legal_moves().iter().copied().collect();
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
}
