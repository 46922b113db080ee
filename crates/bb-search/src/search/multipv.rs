//! MultiPV: after the best move of an iteration, the second best is the
//! best of the other root moves, searched the same way, and so on, each
//! with its own score and line. Iteration by iteration the lines are
//! reported in order of score.

use super::{Progress, RootMove, Searcher};
use crate::score::Score;
use bb_movegen::Position;

impl Searcher<'_> {
    /// Searches line 1 onward of an iteration whose best move (line 0,
    /// `root_moves[0]`) is done, one line per entry of `previous_scores`
    /// (the lines' scores in the iteration before, for the aspiration
    /// windows); then orders the completed lines by score at the front of
    /// `root_moves` and returns how many there are: all of them unless the
    /// search was stopped.
    pub(super) fn search_other_lines(
        &mut self,
        root: &Position,
        root_moves: &mut [RootMove],
        depth: u32,
        previous_scores: &[Score],
    ) -> usize {
        let mut completed = 1;
        for line in 1..previous_scores.len() {
            self.line = line;
            // The search of a slice brings its best move to the slice's front.
            let score = self.aspiration(root, &mut root_moves[line..], depth, previous_scores[line]);
            if self.control.stopped() {
                break;
            }
            let found = &mut root_moves[line];
            found.score = score;
            found.pv = match self.pv.line(0) {
                [] => vec![found.mv],
                pv => pv.to_vec(),
            };
            completed += 1;
        }
        // Scores from separate searches need not fall in the order they
        // were found; a stable sort keeps the earlier line on a tie.
        root_moves[..completed].sort_by_key(|line| core::cmp::Reverse(line.score));
        completed
    }

    /// One `Iteration` report per line, best first.
    pub(super) fn report_lines(&self, depth: u32, lines: &[RootMove], report: &mut dyn FnMut(&Progress<'_>)) {
        for (index, line) in lines.iter().enumerate() {
            let iteration = self.iteration_report(depth, index as u32 + 1, line.score, &line.pv);
            report(&Progress::Iteration(iteration));
        }
    }
}
