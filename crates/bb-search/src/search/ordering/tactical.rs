//! The scores of tactical moves (captures and promotions) in the move
//! pickers, and the bands of scores that keep each class of move apart:
//! the stored move, good tactical moves, killers, quiet moves by history,
//! bad tactical moves.
//!
//! In the main search a tactical move is good or bad by its static
//! exchange, worked out late: a capture is scored "unsettled" when
//! generated and settled only once it is the best move left, so the
//! captures after a cutoff never pay for their exchange. Unsettled scores
//! are the odd ones of the good band, so the order is the same as if every
//! exchange were worked out first.

use super::scored::SCORE_LIMIT;
use crate::see::{see_ge, SEE_VALUE};
use bb_core::PieceKind;
use bb_movegen::{Move, Position};

pub(super) const TT_MOVE: i32 = 3_000_000;
pub(super) const GOOD_CAPTURE: i32 = 2_000_000;
pub(super) const KILLER: i32 = 1_000_000;
pub(super) const BAD_CAPTURE: i32 = -1_000_000;

/// Above every killer's score: the tactical moves that do not lose
/// material, and only they, score at least this.
pub(super) const GOOD_CAPTURE_FLOOR: i32 = KILLER + 3;

const _: () = assert!(TT_MOVE <= SCORE_LIMIT && BAD_CAPTURE >= -SCORE_LIMIT);
// The MVV-LVA term (a queen captured by a queen promotion at most) keeps
// each class of tactical moves apart from the killers.
const _: () = assert!(BAD_CAPTURE + 16 * SEE_VALUE[4] < KILLER && GOOD_CAPTURE - 10 >= GOOD_CAPTURE_FLOOR);
const _: () = assert!(GOOD_CAPTURE + 32 * SEE_VALUE[4] + 1 < TT_MOVE);

/// Most valuable victim, least valuable attacker: victims dominate.
#[inline(always)]
pub(super) fn mvv_lva(position: &Position, mv: Move) -> i32 {
    let victim = position.captured_kind(mv).map_or(0, |kind| SEE_VALUE[kind.index()]);
    let promotion = mv.promotion().map_or(0, |kind| SEE_VALUE[kind.index()]);
    let attacker = position.moved_piece(mv).map_or(0, |piece| piece.kind().index() as i32);
    8 * (victim + promotion) - attacker
}

/// The score of a tactical move in the main search: good or bad by its
/// exchange, then by MVV-LVA. Good ones score `GOOD_CAPTURE + 2·MVV-LVA`,
/// leaving the odd scores between them to [`unsettled_score`].
#[inline(always)]
pub(super) fn tactical_score(position: &Position, mv: Move) -> i32 {
    if is_underpromotion(mv) || !see_ge(position, mv, 0) {
        BAD_CAPTURE + mvv_lva(position, mv)
    } else {
        GOOD_CAPTURE + 2 * mvv_lva(position, mv)
    }
}

/// The score of a tactical move whose exchange is not worked out yet: one
/// above what it scores if good. The exchange is worked out only when the
/// move is the best left ([`MovePicker::next_move`](super::MovePicker::next_move)), so the captures
/// after a cutoff never pay for it. The odd score ranks it above the good
/// ones it would tie with, so each is settled before those are handed out
/// and equals still come out earliest first: the order is the one of
/// [`tactical_score`].
#[inline(always)]
pub(super) fn unsettled_score(position: &Position, mv: Move) -> i32 {
    if is_underpromotion(mv) {
        BAD_CAPTURE + mvv_lva(position, mv)
    } else {
        GOOD_CAPTURE + 2 * mvv_lva(position, mv) + 1
    }
}

/// True for a score of [`unsettled_score`] that awaits its exchange; the
/// move's [`tactical_score`] settles it.
#[inline(always)]
pub(super) fn is_unsettled(score: i32) -> bool {
    score >= GOOD_CAPTURE && (score - GOOD_CAPTURE) % 2 == 1
}

/// A promotion to anything but a queen: always among the bad tactical moves.
#[inline(always)]
fn is_underpromotion(mv: Move) -> bool {
    mv.promotion().is_some_and(|kind| kind != PieceKind::Queen)
}
