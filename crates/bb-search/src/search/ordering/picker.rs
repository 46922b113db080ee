//! The move picker: every legal move gets a score once, then moves are
//! handed out best first by selection (cheaper than a full sort when a cutoff comes
//! early, which is the common case).
//!
//! Order in the main search: the transposition-table move, captures and
//! queen promotions that do not lose material (most valuable victim first,
//! then least valuable attacker), the two killer moves, the counter move,
//! the remaining quiet moves by history, and last the losing captures and
//! under-promotions.

use super::{is_tactical, ButterflyHistory, ContinuationHistory, PieceTo};
use crate::see::{see_ge, SEE_VALUE};
use bb_core::PieceKind;
use bb_movegen::{Move, MoveFilter, MoveList, Position};

const TT_MOVE: i32 = 3_000_000;
const GOOD_CAPTURE: i32 = 2_000_000;
const KILLER: i32 = 1_000_000;
const BAD_CAPTURE: i32 = -1_000_000;

/// Most valuable victim, least valuable attacker: victims dominate.
#[inline(always)]
fn mvv_lva(position: &Position, mv: Move) -> i32 {
    let victim = position.captured_kind(mv).map_or(0, |kind| SEE_VALUE[kind.index()]);
    let promotion = mv.promotion().map_or(0, |kind| SEE_VALUE[kind.index()]);
    let attacker = position.moved_piece(mv).map_or(0, |piece| piece.kind().index() as i32);
    8 * (victim + promotion) - attacker
}

/// What the main search knows about quiet moves, for scoring them.
pub struct QuietContext<'a> {
    /// Killer moves of this ply.
    pub killers: [Move; 2],
    /// The counter move to the opponent's last move.
    pub counter: Move,
    /// Butterfly history.
    pub history: &'a ButterflyHistory,
    /// Continuation history.
    pub continuation: &'a ContinuationHistory,
    /// The moves one and two plies back, when there were such (not null moves).
    pub previous: [Option<PieceTo>; 2],
}

/// The history score of a quiet move: butterfly plus continuation terms.
#[inline(always)]
pub fn quiet_score(position: &Position, mv: Move, context: &QuietContext<'_>) -> i32 {
    let side = position.side_to_move();
    let mut score = context.history.get(side, mv);
    if let Some(current) = PieceTo::of_move(position, mv) {
        for previous in context.previous.iter().flatten() {
            score += context.continuation.get(*previous, current);
        }
    }
    score
}

/// Legal moves with their ordering scores, handed out best first.
pub struct MovePicker {
    moves: MoveList,
    /// Each move's score and slot in one number ([`sort_key`]).
    keys: [i32; bb_movegen::MAX_MOVES],
    next: usize,
}

/// The largest score magnitude a key can carry: 23 bits above the slot's 8.
const SCORE_LIMIT: i32 = (1 << 23) - 1;

/// A move's score and its slot in the list as one number, so that finding
/// the best remaining move is a plain maximum over an array (which the
/// compiler vectorises): the score in the high bits, and `255 - slot` in the
/// low 8 bits so that among equal scores the earliest slot is the largest.
#[inline(always)]
fn sort_key(score: i32, slot: usize) -> i32 {
    (score.clamp(-SCORE_LIMIT, SCORE_LIMIT) << 8) | (255 - slot as i32)
}

/// The key of a slot that holds no move to hand out: below every real key.
const TAKEN: i32 = i32::MIN;

/// Keys compared at once when looking for the best.
const LANES: usize = 8;

/// The slot a key was made for.
#[inline(always)]
fn slot_of(key: i32) -> usize {
    255 - (key & 255) as usize
}

/// The score a key was made from.
#[inline(always)]
fn score_of(key: i32) -> i32 {
    key >> 8
}

const _: () = assert!(bb_movegen::MAX_MOVES <= 256, "a slot must fit the key's low 8 bits");
const _: () = assert!(bb_movegen::MAX_MOVES % LANES == 0, "the blocks of keys must tile the array");
const _: () = assert!(TT_MOVE <= SCORE_LIMIT && BAD_CAPTURE >= -SCORE_LIMIT);

impl MovePicker {
    /// All legal moves of `position`, ordered for the main search.
    pub fn main(position: &Position, tt_move: Move, context: &QuietContext<'_>) -> MovePicker {
        let moves = position.legal_moves();
        let mut keys = [TAKEN; bb_movegen::MAX_MOVES];
        for (index, (key, &mv)) in keys.iter_mut().zip(moves.iter()).enumerate() {
            let score = if mv == tt_move {
                TT_MOVE
            } else if is_tactical(mv) {
                let underpromotion = mv.promotion().is_some_and(|kind| kind != PieceKind::Queen);
                let base =
                    if !underpromotion && see_ge(position, mv, 0) { GOOD_CAPTURE } else { BAD_CAPTURE };
                base + mvv_lva(position, mv)
            } else if mv == context.killers[0] {
                KILLER + 2
            } else if mv == context.killers[1] {
                KILLER + 1
            } else if mv == context.counter {
                KILLER
            } else {
                quiet_score(position, mv, context)
            };
            *key = sort_key(score, index);
        }
        MovePicker { moves, keys, next: 0 }
    }

    /// Moves for the quiescence search: every legal move when in check
    /// (evasions), otherwise captures and queen promotions, by MVV-LVA.
    pub fn quiescence(position: &Position, tt_move: Move, in_check: bool) -> MovePicker {
        let mut moves = MoveList::new();
        if in_check {
            position.generate(MoveFilter::All, &mut moves);
        } else if has_pawn_about_to_promote(position) {
            let mut all = MoveList::new();
            position.generate(MoveFilter::All, &mut all);
            for &mv in all.iter() {
                if mv.is_capture() || mv.promotion() == Some(PieceKind::Queen) {
                    moves.push(mv);
                }
            }
        } else {
            position.generate(MoveFilter::Captures, &mut moves);
        }
        let mut keys = [TAKEN; bb_movegen::MAX_MOVES];
        for (index, (key, &mv)) in keys.iter_mut().zip(moves.iter()).enumerate() {
            let score = if mv == tt_move {
                TT_MOVE
            } else if is_tactical(mv) {
                GOOD_CAPTURE + mvv_lva(position, mv)
            } else {
                0
            };
            *key = sort_key(score, index);
        }
        MovePicker { moves, keys, next: 0 }
    }

    /// How many moves there are in all.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// True when there are no moves at all.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The best-scored move not yet handed out (the earliest in the list
    /// among equals). It is swapped into the next slot, and the move that
    /// was there takes its place.
    pub fn next_move(&mut self) -> Option<Move> {
        let next = self.next;
        let len = self.moves.len();
        if next >= len {
            return None;
        }
        // Whole blocks of LANES keys, so that the loop below compiles to
        // vector maxima; slots handed out or beyond the list hold TAKEN.
        let start = next / LANES * LANES;
        let end = len.div_ceil(LANES) * LANES;
        let mut lanes = [TAKEN; LANES];
        for block in self.keys[start..end].chunks_exact(LANES) {
            for (lane, &key) in lanes.iter_mut().zip(block) {
                *lane = (*lane).max(key);
            }
        }
        let best = slot_of(lanes.into_iter().fold(TAKEN, i32::max));
        self.moves.as_mut_slice().swap(next, best);
        self.keys[best] = sort_key(score_of(self.keys[next]), best);
        self.keys[next] = TAKEN;
        self.next += 1;
        Some(self.moves.as_slice()[next])
    }
}

/// True when the side to move has a pawn one step from promotion; only then
/// does quiescence need more than the capture generator.
fn has_pawn_about_to_promote(position: &Position) -> bool {
    let side = position.side_to_move();
    let pawns = position.by_color_kind(side, PieceKind::Pawn);
    let seventh = match side {
        bb_core::Color::White => bb_core::Rank::Seventh.bitboard(),
        bb_core::Color::Black => bb_core::Rank::Second.bitboard(),
    };
    (pawns & seventh).any()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::ordering::OrderingMemory;
    use proptest::prelude::*;

    const FENS: [&str; 4] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ];

    /// Every move the main picker hands out for `position` with `stored` as the stored move.
    fn handed_out(position: &Position, stored: Move) -> Vec<Move> {
        let memory = OrderingMemory::default();
        let context = memory.quiet_context([Move::NULL; 2], Move::NULL, [None, None]);
        let mut picker = MovePicker::main(position, stored, &context);
        let mut moves = Vec::new();
        while let Some(mv) = picker.next_move() {
            moves.push(mv);
        }
        moves
    }

    proptest! {
        #[test]
        fn every_legal_move_once_and_a_legal_stored_move_first(fen in 0..FENS.len(), code in any::<u16>(), pick in any::<usize>()) {
            let position = Position::from_fen(FENS[fen]).unwrap();
            let legal = position.legal_moves();
            // Half the time a legal move, else whatever the code decodes to.
            let stored = if code % 2 == 0 {
                legal[pick % legal.len()]
            } else {
                Move::from_u16(code).unwrap_or(Move::NULL)
            };
            let moves = handed_out(&position, stored);
            let mut sorted = moves.clone();
            sorted.sort_by_key(|mv| mv.to_u16());
            sorted.dedup();
            prop_assert_eq!(sorted.len(), moves.len(), "a move handed out twice");
            prop_assert_eq!(moves.len(), legal.len());
            prop_assert!(moves.iter().all(|mv| legal.contains(*mv)));
            let rest = if legal.contains(stored) {
                prop_assert_eq!(moves[0], stored);
                &moves[1..]
            } else {
                &moves[..]
            };
            // Without killers or history: captures that do not lose material
            // first, then quiet moves, then captures that lose material.
            let rank = |mv: Move| match (is_tactical(mv), see_ge(&position, mv, 0)) {
                (true, true) if mv.promotion().is_none_or(|kind| kind == PieceKind::Queen) => 0,
                (false, _) => 1,
                _ => 2,
            };
            prop_assert!(rest.windows(2).all(|pair| rank(pair[0]) <= rank(pair[1])), "{:?}", rest);
        }
    }

    #[test]
    fn a_key_keeps_its_score_and_slot_and_orders_equal_scores_by_slot() {
        for score in [BAD_CAPTURE - 900, -7, 0, 1, KILLER, TT_MOVE] {
            for slot in [0, 1, 37, 255] {
                let key = sort_key(score, slot);
                assert_eq!((score_of(key), slot_of(key)), (score, slot));
                assert!(key > TAKEN);
            }
            assert!(sort_key(score, 3) > sort_key(score, 4), "the earlier slot wins a tie");
            assert!(sort_key(score + 1, 200) > sort_key(score, 0), "the score comes first");
        }
    }
}
