//! Iterative deepening with aspiration windows, the root move loop and the
//! progress reports.

use super::ordering::{is_tactical, PieceTo};
use super::soft_scale::SoftScale;
use super::{Frame, Iteration, Progress, SearchOutcome, SearchRequest, Searcher};
use crate::score::{is_mate, MateOrCentipawns, Score, INFINITE, MAX_PLY};
use crate::tt::Bound;
use bb_movegen::{Move, Position};

/// A legal move at the root with what the last iterations found for it.
#[derive(Clone, Debug)]
pub struct RootMove {
    /// The move.
    pub mv: Move,
    /// Its score in the current iteration (−∞ until searched with a full window).
    pub score: Score,
    /// Nodes spent below it in this search, every iteration so far.
    pub nodes: u64,
    /// Its line, when it is one of the MultiPV lines of the last iteration
    /// (with one line the principal variation is kept apart instead).
    pub pv: Vec<Move>,
}

impl RootMove {
    fn new(mv: Move) -> RootMove {
        RootMove { mv, score: -INFINITE, nodes: 0, pv: Vec::new() }
    }
}

/// Aspiration windows are used from this depth on.
const ASPIRATION_DEPTH: u32 = 4;

impl Searcher<'_> {
    pub(super) fn iterative_deepening(
        &mut self,
        request: &SearchRequest,
        report: &mut dyn FnMut(&Progress<'_>),
    ) -> SearchOutcome {
        let root = request.position;
        let legal = root.legal_moves();
        let mut root_moves: Vec<RootMove> = legal
            .iter()
            .filter(|mv| request.search_moves.is_empty() || request.search_moves.contains(mv))
            .map(|&mv| RootMove::new(mv))
            .collect();
        if root_moves.is_empty() {
            root_moves = legal.iter().map(|&mv| RootMove::new(mv)).collect();
        }
        if root_moves.is_empty() {
            let score = if root.in_check() { crate::score::mated_in(0) } else { 0 };
            report(&Progress::NoLegalMove { score });
            self.wait_while_required();
            return SearchOutcome {
                best_move: Move::NULL,
                ponder_move: None,
                score,
                depth: 0,
                nodes: 0,
                pv: vec![],
            };
        }
        // Order the first iteration by the table's move and MVV-LVA-ish tactics.
        if let Some(hit) = self.tt.probe(root.zobrist_key(), 0) {
            if let Some(index) =
                root_moves.iter().position(|root_move| root_move.mv.to_u16() == hit.move_code)
            {
                root_moves[..=index].rotate_right(1);
            }
        }

        let max_depth = self.control.limits.depth.unwrap_or(MAX_PLY as u32 - 4).clamp(1, MAX_PLY as u32 - 4);
        let mut best_pv: Vec<Move> = vec![root_moves[0].mv];
        let mut best_score = -INFINITE;
        let mut completed_depth = 0;
        let mut soft_scale = SoftScale::new();
        let lines = request.multi_pv.clamp(1, root_moves.len());
        let mut previous_line_scores = vec![-INFINITE; lines];

        for depth in 1..=max_depth {
            self.seldepth = 0;
            self.root_depth = depth;
            self.line = 0;
            let score = self.aspiration(&root, &mut root_moves, depth, best_score);
            if self.control.stopped() && depth > 1 {
                // A partial iteration still counts if it proved a move better
                // than the window's lower bound (the PV row is only written then).
                let partial = self.pv.line(0);
                if !partial.is_empty() {
                    best_pv = partial.to_vec();
                    best_score = root_moves[0].score;
                }
                break;
            }
            best_score = score;
            best_pv = self.pv.line(0).to_vec();
            if best_pv.is_empty() {
                best_pv = vec![root_moves[0].mv];
            }
            completed_depth = depth;
            if lines > 1 {
                root_moves[0].pv = best_pv.clone();
                let completed = self.search_other_lines(&root, &mut root_moves, depth, &previous_line_scores);
                (best_score, best_pv) = (root_moves[0].score, root_moves[0].pv.clone());
                if completed < lines {
                    // Stopped: the best move of this depth is known, some
                    // other lines are not; the GUI sees the ones that are.
                    self.publish_nodes();
                    self.report_lines(depth, &root_moves[..completed], report);
                    break;
                }
                previous_line_scores = root_moves[..lines].iter().map(|line| line.score).collect();
            }
            self.control.arm();
            self.publish_nodes();
            if lines > 1 {
                self.report_lines(depth, &root_moves[..lines], report);
            } else {
                report(&Progress::Iteration(self.iteration_report(depth, 1, best_score, &best_pv)));
            }

            let scale = soft_scale.after_iteration(best_pv[0]);
            if self.mate_limit_reached(best_score) || (root_moves.len() == 1 && depth >= 6) {
                break;
            }
            if self.control.stop_before_next_iteration(depth, scale) {
                break;
            }
        }
        self.wait_while_required();
        self.publish_nodes();
        SearchOutcome {
            best_move: best_pv[0],
            ponder_move: best_pv.get(1).copied(),
            score: best_score,
            depth: completed_depth,
            nodes: self.total_nodes(),
            pv: best_pv,
        }
    }

    /// Holds the result back while it may not be returned yet (an infinite
    /// search, or one still pondering, ends only on `stop` or `ponderhit`).
    fn wait_while_required(&mut self) {
        while self.control.must_wait_for_stop() {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }

    /// True when `go mate N` asked for a mate that has been found.
    fn mate_limit_reached(&self, score: Score) -> bool {
        match (self.control.limits.mate, MateOrCentipawns::from_score(score)) {
            (Some(limit), MateOrCentipawns::Mate(moves)) => moves > 0 && moves as u32 <= limit,
            _ => false,
        }
    }

    /// One iteration, re-searched with wider windows until the score falls inside.
    pub(super) fn aspiration(
        &mut self,
        root: &Position,
        root_moves: &mut [RootMove],
        depth: u32,
        previous: Score,
    ) -> Score {
        // The first half-window, in centipawns.
        let mut delta = super::params::aspiration_window();
        let (mut alpha, mut beta) = if depth >= ASPIRATION_DEPTH && !is_mate(previous) {
            ((previous - delta).max(-INFINITE), (previous + delta).min(INFINITE))
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let score = self.search_root(root, root_moves, depth as i32, alpha, beta);
            if self.control.stopped() {
                return score;
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
            } else if score >= beta {
                beta = (score + delta).min(INFINITE);
            } else {
                return score;
            }
            delta += delta / 2 + 5;
            if delta > 1_000 {
                alpha = -INFINITE;
                beta = INFINITE;
            }
        }
    }

    /// The root move loop: like an interior node, but over the root move
    /// list, keeping the best move at its front.
    fn search_root(
        &mut self,
        root: &Position,
        root_moves: &mut [RootMove],
        depth: i32,
        mut alpha: Score,
        beta: Score,
    ) -> Score {
        let alpha_start = alpha;
        let in_check = root.in_check();
        self.pv.clear(0);
        self.frames[0] = Frame::default();
        self.frames[2].cutoffs = 0;
        self.set_root(root);
        self.frames[0].eval = if in_check { super::NO_EVAL } else { self.evaluate(root, 0) };
        self.killers.clear_ply(1);
        let mut best_score = -INFINITE;
        let mut best_move = Move::NULL;
        for index in 0..root_moves.len() {
            let mv = root_moves[index].mv;
            let nodes_before = self.nodes;
            let child = self.play(root, mv, 0);
            // Castling is named here by the rook's square, not by the king's
            // destination as `PieceTo::of_move` does below the root; the
            // bench signature depends on it, so it stays.
            self.frames[0].played = root.moved_piece(mv).map(|piece| PieceTo::new(piece, mv.to()));
            self.path.push(child.zobrist_key());
            let extension = i32::from(child.in_check());
            let new_depth = depth - 1 + extension;
            let mut score;
            if index == 0 {
                score = -self.negamax(&child, -beta, -alpha, new_depth, 1, false);
            } else {
                let reduction = if depth >= 3 && index >= 3 && !is_tactical(mv) && !in_check && extension == 0
                {
                    (super::reductions::reduction(depth, index) - 1).clamp(0, new_depth - 1)
                } else {
                    0
                };
                score = -self.negamax(&child, -alpha - 1, -alpha, new_depth - reduction, 1, true);
                if score > alpha && reduction > 0 {
                    score = -self.negamax(&child, -alpha - 1, -alpha, new_depth, 1, true);
                }
                if score > alpha && score < beta {
                    score = -self.negamax(&child, -beta, -alpha, new_depth, 1, false);
                }
            }
            self.path.pop();
            root_moves[index].nodes += self.nodes - nodes_before;
            if self.control.stopped() {
                break;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = mv;
                    root_moves[index].score = score;
                    self.pv.update(0, mv);
                    // The new best move goes to the front; the rest keep their order.
                    root_moves[..=index].rotate_right(1);
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if !self.control.stopped() && self.line == 0 {
            let bound = Bound::classify(best_score, alpha_start, beta);
            let eval = self.frames[0].eval;
            self.tt.store(root.zobrist_key(), 0, best_move.to_u16(), best_score, eval, depth, bound);
        }
        best_score
    }

    /// The report of one line of a completed iteration.
    pub(super) fn iteration_report<'pv>(
        &self,
        depth: u32,
        multipv: u32,
        score: Score,
        pv: &'pv [Move],
    ) -> Iteration<'pv> {
        Iteration {
            depth,
            multipv,
            seldepth: self.seldepth.max(depth as usize) as u32,
            score,
            nodes: self.total_nodes(),
            elapsed: self.control.elapsed(),
            hashfull: self.tt.hashfull(),
            pv,
        }
    }
}
