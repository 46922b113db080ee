//! A list of moves with ordering scores, handed out best first by
//! selection: cheaper than a full sort when a cutoff comes early, which is
//! the common case. The pickers ([`super::picker`]) fill it in stages.

use bb_movegen::{Move, MoveFilter, MoveList, Position};

/// The largest score magnitude a key can carry: 23 bits above the slot's 8.
pub(super) const SCORE_LIMIT: i32 = (1 << 23) - 1;

/// The key of a slot that holds no move to hand out: below every real key.
const TAKEN: i32 = i32::MIN;

/// Keys compared at once when looking for the best.
const LANES: usize = 8;

const _: () = assert!(bb_movegen::MAX_MOVES <= 256, "a slot must fit the key's low 8 bits");
const _: () = assert!(bb_movegen::MAX_MOVES % LANES == 0, "the blocks of keys must tile the array");

/// A move's score and its slot in the list as one number, so that finding
/// the best remaining move is a plain maximum over an array (which the
/// compiler vectorises): the score in the high bits, and `255 - slot` in the
/// low 8 bits so that among equal scores the earliest slot is the largest.
#[inline(always)]
fn sort_key(score: i32, slot: usize) -> i32 {
    (score.clamp(-SCORE_LIMIT, SCORE_LIMIT) << 8) | (255 - slot as i32)
}

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

/// Moves and their keys. Slots before `next` hold the moves already handed
/// out; every other slot holds a move still to hand out, or one marked as
/// never to be handed out (its key is [`TAKEN`]).
pub(super) struct ScoredMoves {
    moves: MoveList,
    keys: [i32; bb_movegen::MAX_MOVES],
    next: usize,
    /// How many moves are still to hand out.
    left: usize,
}

impl ScoredMoves {
    /// No moves.
    #[inline(always)]
    pub fn new() -> ScoredMoves {
        ScoredMoves { moves: MoveList::new(), keys: [TAKEN; bb_movegen::MAX_MOVES], next: 0, left: 0 }
    }

    /// How many moves were added, handed out or not, skipped or not.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// True when no move is left to hand out.
    pub fn is_empty(&self) -> bool {
        self.left == 0
    }

    /// Appends the legal moves of `position` that pass `filter`, each with
    /// the score `score` gives it; a move it gives `None` is never handed out.
    #[inline(always)]
    pub fn add(
        &mut self,
        position: &Position,
        filter: MoveFilter,
        mut score: impl FnMut(Move) -> Option<i32>,
    ) {
        let start = self.moves.len();
        position.generate(filter, &mut self.moves);
        let added = &self.moves.as_slice()[start..];
        for (slot, &mv) in (start..).zip(added) {
            self.keys[slot] = match score(mv) {
                Some(score) => {
                    self.left += 1;
                    sort_key(score, slot)
                }
                None => TAKEN,
            };
        }
    }

    /// The best-scored move not yet handed out (the earliest slot among
    /// equals), if its score is at least `minimum`. It is swapped into the
    /// next slot, and the move that was there takes its place.
    #[inline(always)]
    pub fn pop_best(&mut self, minimum: i32) -> Option<Move> {
        let best = self.best(minimum)?;
        Some(self.take(best))
    }

    /// The best-scored move not yet handed out (the earliest slot among
    /// equals), if its score is at least `minimum`, left in the list: to
    /// hand out by [`take`](Self::take) or to score anew by
    /// [`rescore`](Self::rescore).
    #[inline(always)]
    pub fn best(&self, minimum: i32) -> Option<Best> {
        if self.left == 0 {
            return None;
        }
        let len = self.moves.len();
        // Whole blocks of LANES keys, so that the loop below compiles to
        // vector maxima; slots handed out or beyond the list hold TAKEN.
        let start = self.next / LANES * LANES;
        let end = len.div_ceil(LANES) * LANES;
        let mut lanes = [TAKEN; LANES];
        for block in self.keys[start..end].chunks_exact(LANES) {
            for (lane, &key) in lanes.iter_mut().zip(block) {
                *lane = (*lane).max(key);
            }
        }
        let best_key = lanes.into_iter().fold(TAKEN, i32::max);
        let score = score_of(best_key);
        if score < minimum {
            return None;
        }
        let slot = slot_of(best_key);
        Some(Best { slot, mv: self.moves.as_slice()[slot], score })
    }

    /// Hands out `best`, found by [`best`](Self::best) since the list last
    /// changed: it is swapped into the next slot, and the move that was
    /// there takes its place.
    #[inline(always)]
    pub fn take(&mut self, best: Best) -> Move {
        let next = self.next;
        self.moves.as_mut_slice().swap(next, best.slot);
        self.keys[best.slot] =
            if self.keys[next] == TAKEN { TAKEN } else { sort_key(score_of(self.keys[next]), best.slot) };
        self.keys[next] = TAKEN;
        self.next += 1;
        self.left -= 1;
        best.mv
    }

    /// Gives `best`, found by [`best`](Self::best) since the list last
    /// changed, the score `score`; it stays in its slot.
    #[inline(always)]
    pub fn rescore(&mut self, best: Best, score: i32) {
        self.keys[best.slot] = sort_key(score, best.slot);
    }
}

/// A move [`ScoredMoves::best`] found, with its score and slot.
#[derive(Clone, Copy, Debug)]
pub(super) struct Best {
    slot: usize,
    /// The move.
    pub mv: Move,
    /// Its score.
    pub score: i32,
}

#[cfg(test)]
mod tests {
    use super::*;
    use bb_core::PieceKind;

    #[test]
    fn a_key_keeps_its_score_and_slot_and_orders_equal_scores_by_slot() {
        for score in [-SCORE_LIMIT, -1_000_900, -7, 0, 1, 1_000_000, SCORE_LIMIT] {
            for slot in [0, 1, 37, 255] {
                let key = sort_key(score, slot);
                assert_eq!((score_of(key), slot_of(key)), (score, slot));
                assert!(key > TAKEN);
            }
            assert!(sort_key(score, 3) > sort_key(score, 4), "the earlier slot wins a tie");
            if score < SCORE_LIMIT {
                assert!(sort_key(score + 1, 200) > sort_key(score, 0), "the score comes first");
            }
        }
    }

    #[test]
    fn moves_come_out_best_first_above_the_minimum_and_skipped_ones_never() {
        let position = Position::startpos();
        let mut scored = ScoredMoves::new();
        // Score each move by its destination square; skip the knight moves.
        scored.add(&position, MoveFilter::All, |mv| {
            let knight = position.moved_piece(mv).is_some_and(|piece| piece.kind() == PieceKind::Knight);
            (!knight).then_some(mv.to().index() as i32)
        });
        assert_eq!(scored.len(), 20);
        let mut handed_out = Vec::new();
        while let Some(mv) = scored.pop_best(24) {
            handed_out.push(mv);
        }
        assert_eq!(handed_out.len(), 8, "the double pushes, whose destinations are 24..=31");
        let rest: Vec<Move> = core::iter::from_fn(|| scored.pop_best(-SCORE_LIMIT)).collect();
        assert_eq!(rest.len(), 8, "the single pushes; the four knight moves never");
        let scores: Vec<usize> = handed_out.iter().chain(&rest).map(|mv| mv.to().index()).collect();
        assert!(scores.windows(2).all(|pair| pair[0] > pair[1]), "{scores:?}");
        assert_eq!(scored.pop_best(-SCORE_LIMIT), None);
    }
}
