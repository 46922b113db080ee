//! Quiescence search (captures until the position is quiet) and draw
//! detection.
//!
//! Out of check, the side to move may "stand pat" on the static evaluation;
//! captures that lose material by SEE, or that cannot lift the score to
//! alpha even with a margin (delta pruning), are skipped. In check every
//! evasion is searched, so a mate is seen here too. Stalemate is checked
//! when the side to move has only king and pawns: with pieces on the board
//! a stalemate is too rare to pay a full move generation at every leaf.

use super::alphabeta::has_non_pawn_material;
use super::correction::CorrectionKeys;
use super::ordering::{is_tactical, QuiescencePicker};
use super::params;
use super::{Searcher, NO_EVAL, NULL_MOVE_KEY};
use crate::score::{is_mate, mated_in, Score, DRAW, INFINITE, MATE_BOUND, MAX_PLY};
use crate::see::{see_ge, SEE_VALUE};
use crate::tt::Bound;
use bb_movegen::{Move, Position};

impl Searcher<'_> {
    /// True when `position`, the last entry of the search path, is drawn by
    /// the fifty-move rule, insufficient material or repetition. Any
    /// repetition of a position since the last irreversible move counts: if
    /// repeating is good for one side, it can repeat again.
    pub(super) fn is_draw(&self, position: &Position) -> bool {
        if position.is_draw_ignoring_repetition() {
            return true;
        }
        let Some(current) = self.path.len().checked_sub(1) else { return false };
        if self.path[current] == NULL_MOVE_KEY {
            return false;
        }
        let key = position.zobrist_key();
        let reach = (position.halfmove_clock() as usize).min(current);
        for distance in 1..=reach {
            let earlier = self.path[current - distance];
            if earlier == NULL_MOVE_KEY {
                return false;
            }
            if distance % 2 == 0 && earlier == key {
                return true;
            }
        }
        false
    }

    /// The value of `position` at `ply` considering only captures (and
    /// queen promotions), or all evasions when in check.
    pub(super) fn quiescence(
        &mut self,
        position: &Position,
        mut alpha: Score,
        beta: Score,
        ply: usize,
    ) -> Score {
        self.pv.clear(ply);
        if self.count_node_and_check_stop() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if self.is_draw(position) {
            return DRAW;
        }
        let in_check = position.in_check();
        if ply >= MAX_PLY - 2 {
            return if in_check { DRAW } else { self.evaluate(position, ply) };
        }
        let pv_node = beta - alpha > 1;
        let hit = self.tt.probe(position.zobrist_key(), ply);
        if let Some(hit) = hit {
            let cutoff = match hit.bound {
                Bound::Exact => true,
                Bound::Lower => hit.score >= beta,
                Bound::Upper => hit.score <= alpha,
            };
            if !pv_node && cutoff {
                return hit.score;
            }
        }
        let tt_move = hit.and_then(|hit| Move::from_u16(hit.move_code)).unwrap_or(Move::NULL);

        // The raw evaluation is stored; the corrected one stands pat.
        let (raw_eval, mut best_score) = if in_check {
            (NO_EVAL, -INFINITE)
        } else {
            let raw_eval = match hit {
                Some(hit) if !is_mate(hit.eval) => hit.eval,
                _ => self.evaluate(position, ply),
            };
            let eval = self.ordering.correction.correct(&CorrectionKeys::of(position), raw_eval);
            if eval >= beta {
                return eval;
            }
            alpha = alpha.max(eval);
            (raw_eval, eval)
        };

        let mut picker = QuiescencePicker::new(position, tt_move, in_check);
        if picker.is_empty() {
            if in_check {
                return mated_in(ply);
            }
            let side = position.side_to_move();
            if !has_non_pawn_material(position, side) && position.legal_moves().is_empty() {
                return DRAW;
            }
            return best_score;
        }

        let stand_pat = best_score;
        let alpha_start = alpha;
        let mut best_move = Move::NULL;
        while let Some(mv) = picker.next_move() {
            if !in_check {
                if !mv.is_promotion() {
                    let gain = position.captured_kind(mv).map_or(0, |kind| SEE_VALUE[kind.index()]);
                    if stand_pat + gain + params::delta_margin() <= alpha {
                        continue;
                    }
                }
                if !see_ge(position, mv, 0) {
                    continue;
                }
            } else if best_score > -MATE_BOUND && !is_tactical(mv) && !see_ge(position, mv, 0) {
                // A non-losing evasion has been found: skip quiet evasions that hang material.
                continue;
            }
            let child = self.play(position, mv, ply);
            self.path.push(child.zobrist_key());
            let score = -self.quiescence(&child, -beta, -alpha, ply + 1);
            self.path.pop();
            if self.control.stopped() {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = mv;
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }

        let bound = Bound::classify(best_score, alpha_start, beta);
        self.tt.store(position.zobrist_key(), ply, best_move.to_u16(), best_score, raw_eval, 0, bound);
        best_score
    }
}
