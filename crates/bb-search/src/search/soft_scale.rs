//! How far to stretch the soft time limit after each iteration: longer while
//! the best move keeps changing, shorter once it has held for a while.
//!
//! The [`TimePlan`](crate::time::TimePlan) fixes the soft limit before the
//! search; this is what the search learns on the way. `root` asks for the
//! factor after every completed iteration and hands it to `control`, which
//! does not start another iteration once the clock is past soft × factor.

use bb_movegen::Move;

/// What the completed iterations of one search said about its best move.
#[derive(Clone, Debug)]
pub(super) struct SoftScale {
    previous_best: Move,
    /// Iterations in a row that ended with the same best move as the one before.
    stable_iterations: u32,
}

impl SoftScale {
    pub(super) fn new() -> SoftScale {
        SoftScale { previous_best: Move::NULL, stable_iterations: 0 }
    }

    /// Records a completed iteration that chose `best` and returns the
    /// factor for the soft limit.
    pub(super) fn after_iteration(&mut self, best: Move) -> f64 {
        if best == self.previous_best {
            self.stable_iterations += 1;
        } else {
            self.stable_iterations = 0;
        }
        self.previous_best = best;
        match self.stable_iterations {
            0 => 1.6,
            1 => 1.1,
            2 => 0.9,
            _ => 0.7,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bb_movegen::Position;

    fn two_moves() -> (Move, Move) {
        let moves = Position::startpos().legal_moves();
        (moves[0], moves[1])
    }

    #[test]
    fn a_new_best_move_stretches_and_a_steady_one_shrinks() {
        let (first, second) = two_moves();
        let mut scale = SoftScale::new();
        let factors: Vec<f64> = [first, first, first, first, first, second, second]
            .iter()
            .map(|&best| scale.after_iteration(best))
            .collect();
        assert_eq!(factors, [1.6, 1.1, 0.9, 0.7, 0.7, 1.6, 1.1]);
    }
}
