//! The interior nodes: negamax alpha-beta with principal variation search.
//!
//! The static evaluation is corrected by what the correction history
//! learnt (`correction`), and every node whose result measures its
//! error teaches it.
//!
//! Before the move loop: draw detection, mate-distance pruning, the
//! transposition-table cutoff, reverse futility pruning, null-move pruning,
//! razoring and internal iterative reduction. In the loop: pruning of
//! hopeless moves ([`super::pruning`]), check extensions, singular
//! extensions and late-move reductions. After a beta cutoff by a quiet
//! move, the killer, counter-move and history tables learn it
//! ([`super::ordering`]).

use super::correction::CorrectionKeys;
use super::ordering::{is_tactical, quiet_score, MovePicker, PieceTo};
use super::params;
use super::pruning::{verdict, NodeFacts, QuietFacts, Verdict};
use super::{Searcher, NO_EVAL};
use crate::score::{is_mate, mate_in, mated_in, Score, DRAW, INFINITE, MATE_BOUND, MAX_PLY};
use crate::see::see_ge;
use crate::tt::{Bound, Hit};
use bb_core::{Color, PieceKind};
use bb_movegen::{Move, Position};

/// True when `color` has a piece other than pawns and king: positions
/// without one are where zugzwang makes null-move pruning unsound.
pub(super) fn has_non_pawn_material(position: &Position, color: Color) -> bool {
    let pawns_and_kings = position.by_kind(PieceKind::Pawn) | position.by_kind(PieceKind::King);
    (position.by_color(color) & !pawns_and_kings).any()
}

/// True when a stored result decides this window by itself.
fn usable_cutoff(hit: &Hit, alpha: Score, beta: Score) -> bool {
    match hit.bound {
        Bound::Exact => true,
        Bound::Lower => hit.score >= beta,
        Bound::Upper => hit.score <= alpha,
    }
}

/// Marks a transposition-table key as belonging to a search with one move
/// excluded, so singular verification results never mix with normal ones.
fn excluded_key(hash: u64, excluded: Move) -> u64 {
    if excluded == Move::NULL {
        hash
    } else {
        hash ^ (u64::from(excluded.to_u16()).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
}

impl Searcher<'_> {
    /// True when `eval`, the static evaluation at `ply` (not in check), is
    /// above that of the side's last position that had one: two plies up,
    /// or four when the side was in check there. Without either, false:
    /// an evaluation in check is no evaluation, and comparing with it would
    /// make every node after a check look improving.
    pub(super) fn is_improving(&self, eval: Score, ply: usize) -> bool {
        [2, 4]
            .into_iter()
            .filter_map(|back| ply.checked_sub(back))
            .map(|earlier| self.frames[earlier].eval)
            .find(|&earlier| earlier != NO_EVAL)
            .is_some_and(|earlier| eval > earlier)
    }

    /// The value of `position` at `ply` within (`alpha`, `beta`), searched `depth` plies.
    pub(super) fn negamax(
        &mut self,
        position: &Position,
        mut alpha: Score,
        mut beta: Score,
        depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> Score {
        if depth <= 0 {
            return self.quiescence(position, alpha, beta, ply);
        }
        let pv_node = beta - alpha > 1;
        self.pv.clear(ply);
        if self.count_node_and_check_stop() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let in_check = position.in_check();
        if self.is_draw(position) {
            return DRAW;
        }
        if ply >= MAX_PLY - 2 {
            return if in_check { DRAW } else { self.evaluate(position, ply) };
        }
        // No line from here can beat a mate already found closer to the root.
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }

        let excluded = self.frames[ply].excluded;
        let key = excluded_key(position.zobrist_key(), excluded);
        let hit = self.tt.probe(key, ply);
        let tt_move = hit.and_then(|hit| Move::from_u16(hit.move_code)).unwrap_or(Move::NULL);
        if let Some(hit) = hit {
            if !pv_node
                && hit.depth >= depth
                && position.halfmove_clock() < 90
                && usable_cutoff(&hit, alpha, beta)
            {
                return hit.score;
            }
        }

        let side = position.side_to_move();
        let raw_eval = if in_check {
            NO_EVAL
        } else {
            match hit {
                Some(hit) if !is_mate(hit.eval) => hit.eval,
                _ => self.evaluate(position, ply),
            }
        };
        let correction_keys = (!in_check).then(|| CorrectionKeys::of(position));
        let eval = match &correction_keys {
            Some(keys) => self.ordering.correction.correct(keys, raw_eval),
            None => NO_EVAL,
        };
        // The stored score, when its bound points the right way, is a better
        // guess of the value than the static evaluation.
        let estimate = match hit {
            Some(hit) if !in_check && !is_mate(hit.score) => match hit.bound {
                Bound::Exact => hit.score,
                Bound::Lower if hit.score > eval => hit.score,
                Bound::Upper if hit.score < eval => hit.score,
                _ => eval,
            },
            _ => eval,
        };
        self.frames[ply].eval = eval;
        let improving = !in_check && self.is_improving(eval, ply);
        self.killers.clear_ply(ply + 1);
        self.frames[ply + 1].excluded = Move::NULL;
        self.frames[ply + 2].cutoffs = 0;

        if !pv_node && !in_check && excluded == Move::NULL {
            // Reverse futility: far above beta, a shallow search will not fall back.
            if depth <= 7
                && estimate - params::rfp_margin() * (depth - i32::from(improving)) >= beta
                && !is_mate(estimate)
            {
                return estimate;
            }
            // Null move: if passing still beats beta, a real move will too.
            let previous_was_null = ply >= 1 && self.frames[ply - 1].played.is_none();
            if depth >= 3
                && estimate >= beta
                && eval >= beta
                && !previous_was_null
                && beta > -MATE_BOUND
                && has_non_pawn_material(position, side)
            {
                let reduction = 4 + depth / 3 + ((estimate - beta) / params::nmp_eval_div()).min(3);
                let child = position.play_null();
                self.pass(ply);
                self.tt.prefetch(child.zobrist_key());
                self.frames[ply].played = None;
                self.path.push(super::NULL_MOVE_KEY);
                let score = -self.negamax(&child, -beta, -beta + 1, depth - reduction, ply + 1, !cut_node);
                self.path.pop();
                if self.control.stopped() {
                    return 0;
                }
                if score >= beta {
                    return if score >= MATE_BOUND { beta } else { score };
                }
            }
            // Razoring: hopelessly below alpha, check the captures only.
            if depth <= 3 && estimate + params::razor_margin() * depth <= alpha {
                let score = self.quiescence(position, alpha, alpha + 1, ply);
                if score <= alpha {
                    return score;
                }
            }
        }

        // Without a stored move, a PV or expected cut node is searched one
        // ply shallower: the next iteration will have a move to try first.
        let mut depth = depth;
        if depth >= 4 && tt_move == Move::NULL && (pv_node || cut_node) {
            depth -= 1;
        }

        let previous = [
            ply.checked_sub(1).and_then(|index| self.frames[index].played),
            ply.checked_sub(2).and_then(|index| self.frames[index].played),
        ];
        let counter = self.ordering.counter_move(previous[0]);
        let killers = self.killers.at(ply);
        let mut picker = MovePicker::main(position, tt_move, killers, counter);

        let singular_candidate = depth >= 8
            && excluded == Move::NULL
            && ply < 2 * self.root_depth as usize
            && hit.is_some_and(|hit| {
                hit.move_code == tt_move.to_u16()
                    && tt_move != Move::NULL
                    && hit.bound != Bound::Upper
                    && hit.depth >= depth - 3
                    && !is_mate(hit.score)
            });
        let tt_score = hit.map_or(0, |hit| hit.score);

        let alpha_start = alpha;
        let mut best_score = -INFINITE;
        let mut best_move = Move::NULL;
        let mut moves_searched = 0usize;
        let mut quiets_tried = [Move::NULL; 64];
        let mut quiet_count = 0usize;
        let mut skip_quiets = false;
        let can_prune = has_non_pawn_material(position, side);
        let mut legal_moves = 0usize;

        loop {
            // Built anew for each move: the history it reads changes as the
            // moves before are searched.
            let context = self.ordering.quiet_context(killers, counter, previous);
            let Some(mv) = picker.next_move(position, &context) else { break };
            legal_moves += 1;
            if mv == excluded {
                continue;
            }
            let tactical = is_tactical(mv);
            let history = if tactical { 0 } else { quiet_score(position, mv, &context) };
            let killer = killers.contains(&mv) || mv == counter;

            if best_score > -MATE_BOUND && can_prune {
                let node = NodeFacts {
                    depth,
                    alpha,
                    eval,
                    improving,
                    in_check,
                    skipping_quiets: skip_quiets,
                    moves_searched,
                    quiets_searched: quiet_count,
                };
                let quiet = QuietFacts { killer, history };
                match verdict(position, mv, &node, &quiet) {
                    Verdict::Search => {}
                    Verdict::Skip => continue,
                    Verdict::SkipQuiets => {
                        skip_quiets = true;
                        continue;
                    }
                }
            }

            // Singular extension: if every other move fails well below the
            // stored score, the stored move is the only good one; extend it.
            let mut extension = 0;
            if singular_candidate && mv == tt_move {
                let singular_beta = tt_score - params::singular_margin() * depth / 8;
                self.frames[ply].excluded = mv;
                let score =
                    self.negamax(position, singular_beta - 1, singular_beta, (depth - 1) / 2, ply, cut_node);
                self.frames[ply].excluded = Move::NULL;
                if self.control.stopped() {
                    return 0;
                }
                if score < singular_beta {
                    // Far below: the stored move is all that holds, worth a
                    // second ply, a few times on a path at most.
                    let far_below = !pv_node && score < singular_beta - params::double_ext_margin();
                    extension = if far_below && self.frames[ply].double_extensions < 6 { 2 } else { 1 };
                } else if singular_beta >= beta {
                    // Several moves beat beta: a cutoff is all but certain.
                    return singular_beta;
                } else if tt_score >= beta {
                    // Not singular, and another move is likely to cut too:
                    // the stored move is searched two plies shallower.
                    extension = -2;
                }
            }

            let child = self.play(position, mv, ply);
            let gives_check = child.in_check();
            // A check that hangs the checking piece is no threat worth a ply.
            // SEE is tested last: it is the dearest of the four conditions.
            if gives_check && extension == 0 && ply < 2 * self.root_depth as usize && see_ge(position, mv, 0)
            {
                extension = 1;
            }
            let new_depth = depth - 1 + extension;
            self.frames[ply + 1].double_extensions =
                self.frames[ply].double_extensions + u8::from(extension == 2);
            self.frames[ply].played = PieceTo::of_move(position, mv);
            self.path.push(child.zobrist_key());
            moves_searched += 1;

            let mut score;
            if moves_searched == 1 {
                score = -self.negamax(&child, -beta, -alpha, new_depth, ply + 1, !pv_node && !cut_node);
            } else {
                let mut reduction = 0;
                if depth >= 3 && moves_searched > 1 + usize::from(pv_node) {
                    reduction = super::reductions::reduction(depth, moves_searched);
                    if tactical {
                        reduction /= 2;
                    } else {
                        reduction += i32::from(!improving) + i32::from(cut_node);
                        reduction -= i32::from(killer) + history / params::lmr_history_div();
                    }
                    reduction -= i32::from(pv_node) + i32::from(gives_check) + i32::from(in_check);
                    // The child's siblings cut often: this move will likely be refuted as well.
                    reduction += i32::from(self.frames[ply + 1].cutoffs > 3);
                    reduction = reduction.clamp(0, (new_depth - 1).max(0));
                }
                score = -self.negamax(&child, -alpha - 1, -alpha, new_depth - reduction, ply + 1, true);
                if score > alpha && reduction > 0 {
                    score = -self.negamax(&child, -alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
                }
                if pv_node && score > alpha && score < beta {
                    score = -self.negamax(&child, -beta, -alpha, new_depth, ply + 1, false);
                }
            }
            self.path.pop();
            if self.control.stopped() {
                return 0;
            }

            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = mv;
                    if pv_node {
                        self.pv.update(ply, mv);
                    }
                    alpha = score;
                    if alpha >= beta {
                        self.frames[ply].cutoffs = self.frames[ply].cutoffs.saturating_add(1);
                        if !tactical {
                            self.killers.record(ply, mv);
                            let tried = &quiets_tried[..quiet_count];
                            self.ordering.reward_quiet(position, depth, mv, tried, previous);
                        }
                        break;
                    }
                    // A move that raised alpha is likely the best: the rest
                    // only need to prove they are worse, a ply shallower for
                    // each raise so far (not below 2).
                    if depth > 2 && depth < 12 && !is_mate(score) {
                        depth -= 1;
                    }
                }
            }
            if !tactical && quiet_count < quiets_tried.len() {
                quiets_tried[quiet_count] = mv;
                quiet_count += 1;
            }
        }

        if legal_moves == 0 {
            return if in_check { mated_in(ply) } else { DRAW };
        }
        if moves_searched == 0 {
            // Only reachable when the excluded move was the only one searched.
            return alpha;
        }
        if excluded == Move::NULL {
            let bound = if best_score >= beta {
                Bound::Lower
            } else if pv_node && best_score > alpha_start {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.tt.store(key, ply, best_move.to_u16(), best_score, raw_eval, depth, bound);
            // Learn the evaluation's error where the result measured it: a
            // quiet position (no capture decided it) and a bound on the
            // right side of the evaluation.
            let measured = match bound {
                Bound::Lower => best_score > eval,
                Bound::Upper => best_score < eval,
                Bound::Exact => true,
            };
            // Keys exist only out of check.
            if let Some(keys) = &correction_keys {
                if measured && !is_tactical(best_move) && !is_mate(best_score) {
                    self.ordering.correction.learn(keys, depth, raw_eval, best_score);
                }
            }
        }
        best_score
    }
}
