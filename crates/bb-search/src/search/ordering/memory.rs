//! The move-ordering memory kept between the searches of one game, and what
//! it learns from a beta cutoff.

use super::{history_bonus, ButterflyHistory, ContinuationHistory, CounterMoves, PieceTo, QuietContext};
use bb_core::Color;
use bb_movegen::{Move, Position};

/// Butterfly history, counter moves and continuation history: what the
/// search remembers about quiet moves from one search to the next; and,
/// kept beside them because it is learnt per thread in the same way, the
/// static evaluation's correction history.
#[derive(Clone, Default)]
pub struct OrderingMemory {
    history: ButterflyHistory,
    counters: CounterMoves,
    continuation: ContinuationHistory,
    /// The static evaluation's corrections (not ordering, but learnt and
    /// kept per thread like it).
    pub(in crate::search) correction: crate::search::correction::CorrectionHistory,
}

impl OrderingMemory {
    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.history.clear();
        self.counters.clear();
        self.continuation.clear();
        self.correction.clear();
    }

    /// The counter move to the opponent's last move, [`Move::NULL`] when
    /// there is none (the root, or after a null move).
    pub fn counter_move(&self, previous: Option<PieceTo>) -> Move {
        previous.map_or(Move::NULL, |last| self.counters.get(last))
    }

    /// The knowledge for scoring the quiet moves of a node, whose killers
    /// are `killers`, counter move `counter`, and whose moves one and two
    /// plies back were `previous`.
    pub fn quiet_context(
        &self,
        killers: [Move; 2],
        counter: Move,
        previous: [Option<PieceTo>; 2],
    ) -> QuietContext<'_> {
        QuietContext { killers, counter, history: &self.history, continuation: &self.continuation, previous }
    }

    /// The quiet move `mv` caused a cutoff at `depth`: remember it as the
    /// counter to the previous move, raise its history and lower that of the
    /// quiet moves `tried` before it. (The caller records the killer.)
    pub fn reward_quiet(
        &mut self,
        position: &Position,
        depth: i32,
        mv: Move,
        tried: &[Move],
        previous: [Option<PieceTo>; 2],
    ) {
        let side = position.side_to_move();
        let bonus = history_bonus(depth);
        if let Some(last) = previous[0] {
            self.counters.set(last, mv);
        }
        self.adjust(position, side, mv, bonus, previous);
        for &quiet in tried {
            self.adjust(position, side, quiet, -bonus, previous);
        }
    }

    /// Adds `amount` to the butterfly and continuation entries of `quiet`.
    #[inline(always)]
    fn adjust(
        &mut self,
        position: &Position,
        side: Color,
        quiet: Move,
        amount: i32,
        previous: [Option<PieceTo>; 2],
    ) {
        self.history.update(side, quiet, amount);
        if let Some(current) = PieceTo::of_move(position, quiet) {
            for earlier in previous.iter().flatten() {
                self.continuation.update(*earlier, current, amount);
            }
        }
    }
}
