//! What the search learns from its cutoffs: killer moves, counter moves,
//! butterfly and continuation history, and how it hands that knowledge to
//! the move ordering.

use super::alphabeta::piece_to;
use super::ordering::QuietContext;
use super::Searcher;
use crate::heuristics::{history_bonus, PieceTo};
use bb_movegen::{Move, Position};

impl Searcher<'_> {
    /// The move-ordering knowledge for quiet moves at a node.
    pub(super) fn quiet_context(
        &self,
        killers: [Move; 2],
        counter: Move,
        previous: [Option<PieceTo>; 2],
    ) -> QuietContext<'_> {
        QuietContext {
            killers,
            counter,
            history: &self.state.history,
            continuation: &self.state.continuation,
            previous,
        }
    }

    /// A quiet move caused a cutoff: remember it as a killer and counter
    /// move, raise its history and lower that of the quiet moves tried before it.
    pub(super) fn reward_quiet(
        &mut self,
        position: &Position,
        ply: usize,
        depth: i32,
        mv: Move,
        tried: &[Move],
        previous: [Option<PieceTo>; 2],
    ) {
        let side = position.side_to_move();
        let bonus = history_bonus(depth);
        self.killers.record(ply, mv);
        if let Some(last) = previous[0] {
            self.state.counters.set(last, mv);
        }
        let adjust = |state: &mut super::SearchState, quiet: Move, amount: i32| {
            state.history.update(side, quiet, amount);
            if let Some(current) = piece_to(position, quiet) {
                for earlier in previous.iter().flatten() {
                    state.continuation.update(*earlier, current, amount);
                }
            }
        };
        adjust(self.state, mv, bonus);
        for &quiet in tried {
            adjust(self.state, quiet, -bonus);
        }
    }
}
