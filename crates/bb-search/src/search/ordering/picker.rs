//! The move pickers: the moves of a node, generated in stages and handed
//! out best first.
//!
//! Order in the main search: the transposition-table move, captures and
//! queen promotions that do not lose material (most valuable victim first,
//! then least valuable attacker), the two killer moves, the counter move,
//! the remaining quiet moves by history and by the threats they escape or
//! walk into (`threats`), and last the losing captures and
//! under-promotions. Each stage is generated only when the one before it
//! is used up: most nodes end with a cutoff by the stored move or a
//! capture, and never pay for generating and scoring the quiet moves. For
//! the same reason a capture's exchange is worked out only when it is the
//! best capture left (see `tactical`).

use super::scored::{ScoredMoves, SCORE_LIMIT};
use super::tactical::{
    is_unsettled, mvv_lva, tactical_score, unsettled_score, GOOD_CAPTURE, GOOD_CAPTURE_FLOOR, KILLER, TT_MOVE,
};
use super::threats::Threats;
use super::{is_tactical, ButterflyHistory, ContinuationHistory, PieceTo};
use bb_core::PieceKind;
use bb_movegen::{Move, MoveFilter, Position};

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

/// Where the main picker is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// The stored move is next (when legal).
    StoredMove,
    /// The tactical moves are to be generated.
    GenerateTactical,
    /// Handing out the tactical moves that do not lose material.
    GoodTactical,
    /// Handing out the killers and the counter move, from this index.
    Refutation(usize),
    /// The quiet moves are to be generated.
    GenerateQuiets,
    /// Everything is generated: handing out what is left, best first.
    Rest,
}

/// The legal moves of a node of the main search, handed out in order
/// without repeats, generated as they are needed.
pub struct MovePicker {
    stage: Stage,
    /// The stored move when it is legal here, else [`Move::NULL`].
    tt_move: Move,
    /// The killers and the counter move, tried in this order.
    refutations: [Move; 3],
    /// True when the quiet moves were generated with the tactical ones,
    /// so the refutations are scored in the list, not handed out apart.
    all_at_once: bool,
    scored: ScoredMoves,
}

impl MovePicker {
    /// The picker of `position` whose stored move is `tt_move` (any value:
    /// it is handed out only when legal), with `killers` and `counter`.
    pub fn main(position: &Position, tt_move: Move, killers: [Move; 2], counter: Move) -> MovePicker {
        let tt_move = if tt_move != Move::NULL && position.is_legal(tt_move) { tt_move } else { Move::NULL };
        MovePicker {
            stage: Stage::StoredMove,
            tt_move,
            refutations: [killers[0], killers[1], counter],
            all_at_once: false,
            scored: ScoredMoves::new(),
        }
    }

    /// The next move, or `None` when every legal move was handed out.
    /// `position` and `context` must be those of the node; the context is
    /// read when the quiet moves are scored, after the earlier stages
    /// were searched.
    pub fn next_move(&mut self, position: &Position, context: &QuietContext<'_>) -> Option<Move> {
        loop {
            match self.stage {
                Stage::StoredMove => {
                    self.stage = Stage::GenerateTactical;
                    if self.tt_move != Move::NULL {
                        return Some(self.tt_move);
                    }
                }
                Stage::GenerateTactical => {
                    // Promotions without capture are tactical but generated
                    // with the quiet moves: with a pawn about to promote,
                    // everything is generated and scored at once.
                    if has_pawn_about_to_promote(position) {
                        self.all_at_once = true;
                        self.add(position, MoveFilter::All, context);
                        self.stage = Stage::Rest;
                    } else {
                        self.add(position, MoveFilter::Captures, context);
                        self.stage = Stage::GoodTactical;
                    }
                }
                Stage::GoodTactical => match self.scored.best(GOOD_CAPTURE_FLOOR) {
                    Some(best) if is_unsettled(best.score) => {
                        self.scored.rescore(best, tactical_score(position, best.mv));
                    }
                    Some(best) => return Some(self.scored.take(best)),
                    None => self.stage = Stage::Refutation(0),
                },
                Stage::Refutation(index) => {
                    let Some(&mv) = self.refutations.get(index) else {
                        self.stage = Stage::GenerateQuiets;
                        continue;
                    };
                    self.stage = Stage::Refutation(index + 1);
                    let repeated = mv == self.tt_move || self.refutations[..index].contains(&mv);
                    if mv != Move::NULL && !repeated && !is_tactical(mv) && position.is_legal(mv) {
                        return Some(mv);
                    }
                }
                Stage::GenerateQuiets => {
                    self.add(position, MoveFilter::Quiets, context);
                    self.stage = Stage::Rest;
                }
                Stage::Rest => return self.scored.pop_best(-SCORE_LIMIT),
            }
        }
    }

    /// Generates the moves that pass `filter` and scores them.
    #[inline(always)]
    fn add(&mut self, position: &Position, filter: MoveFilter, context: &QuietContext<'_>) {
        let (tt_move, refutations, all_at_once) = (self.tt_move, self.refutations, self.all_at_once);
        // Captures alone need no threats: only quiet moves are scored by them.
        let threats = if filter == MoveFilter::Captures { Threats::default() } else { Threats::of(position) };
        self.scored.add(position, filter, |mv| {
            if mv == tt_move {
                None
            } else if is_tactical(mv) {
                // Everything at once is handed out from the last stage,
                // which does not settle exchanges.
                Some(if all_at_once { tactical_score(position, mv) } else { unsettled_score(position, mv) })
            } else if let Some(index) = refutations.iter().position(|&refutation| refutation == mv) {
                // A legal quiet refutation was handed out in its own stage,
                // unless everything is generated at once.
                all_at_once.then_some(KILLER + 2 - index as i32)
            } else {
                let kind = position.kind_at(mv.from()).unwrap_or(PieceKind::Pawn);
                Some(quiet_score(position, mv, context) + threats.score(kind, mv))
            }
        });
    }
}

/// The moves of a quiescence node: every legal move when in check
/// (evasions), otherwise captures and queen promotions, by MVV-LVA,
/// the stored move first.
pub struct QuiescencePicker {
    scored: ScoredMoves,
}

impl QuiescencePicker {
    /// The moves of `position` for the quiescence search.
    pub fn new(position: &Position, tt_move: Move, in_check: bool) -> QuiescencePicker {
        let mut scored = ScoredMoves::new();
        let score = |mv: Move| {
            Some(if mv == tt_move {
                TT_MOVE
            } else if is_tactical(mv) {
                GOOD_CAPTURE + mvv_lva(position, mv)
            } else {
                0
            })
        };
        if in_check {
            scored.add(position, MoveFilter::All, score);
        } else if has_pawn_about_to_promote(position) {
            scored.add(position, MoveFilter::All, |mv| {
                let wanted = mv.is_capture() || mv.promotion() == Some(PieceKind::Queen);
                if wanted {
                    score(mv)
                } else {
                    None
                }
            });
        } else {
            scored.add(position, MoveFilter::Captures, score);
        }
        QuiescencePicker { scored }
    }

    /// True when there is no move to hand out at all.
    pub fn is_empty(&self) -> bool {
        self.scored.is_empty()
    }

    /// The best move not yet handed out.
    pub fn next_move(&mut self) -> Option<Move> {
        self.scored.pop_best(-SCORE_LIMIT)
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
    use crate::see::see_ge;
    use proptest::prelude::*;

    const FENS: [&str; 5] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        // A pawn about to promote: everything is generated at once.
        "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        // In check.
        "rnbqkbnr/ppp2ppp/8/1B1pp3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 3",
    ];

    /// Every move the main picker hands out for `position` with the stored
    /// move `stored` and the killers and counter move `refutations`.
    fn handed_out(position: &Position, stored: Move, refutations: [Move; 3]) -> Vec<Move> {
        let memory = OrderingMemory::default();
        let killers = [refutations[0], refutations[1]];
        let context = memory.quiet_context(killers, refutations[2], [None, None]);
        let mut picker = MovePicker::main(position, stored, killers, refutations[2]);
        core::iter::from_fn(|| picker.next_move(position, &context)).collect()
    }

    /// A legal move of `position` half the time, else whatever `code` decodes to.
    fn some_move(position: &Position, code: u16, pick: usize) -> Move {
        let legal = position.legal_moves();
        if code % 2 == 0 {
            legal[pick % legal.len()]
        } else {
            Move::from_u16(code).unwrap_or(Move::NULL)
        }
    }

    #[test]
    fn settling_exchanges_late_hands_out_what_settling_them_first_does() {
        let crowded = [
            // Captures everywhere, some losing, several of equal MVV-LVA.
            "r1bqk2r/pp1n1ppp/2p1pn2/3p4/1bPP4/2N1PN2/PP1B1PPP/R2QKB1R w KQkq - 0 1",
            "2r2rk1/1bqnbppp/p2ppn2/1p6/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 0 1",
            "r3k2r/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R3K2R w KQkq - 0 1",
        ];
        for fen in FENS.iter().chain(&crowded) {
            let position = Position::from_fen(fen).unwrap();
            if has_pawn_about_to_promote(&position) {
                continue;
            }
            let mut settled_first = ScoredMoves::new();
            settled_first.add(&position, MoveFilter::Captures, |mv| Some(tactical_score(&position, mv)));
            let good: Vec<Move> =
                core::iter::from_fn(|| settled_first.pop_best(GOOD_CAPTURE_FLOOR)).collect();
            let moves = handed_out(&position, Move::NULL, [Move::NULL; 3]);
            assert_eq!(&moves[..good.len()], &good[..], "{fen}");
        }
    }

    proptest! {
        #[test]
        fn every_legal_move_once_in_the_order_of_the_stages(
            fen in 0..FENS.len(),
            codes in any::<[u16; 4]>(),
            picks in any::<[usize; 4]>(),
            repeat in any::<bool>(),
        ) {
            let position = Position::from_fen(FENS[fen]).unwrap();
            let legal = position.legal_moves();
            let stored = some_move(&position, codes[0], picks[0]);
            let mut refutations = [1, 2, 3].map(|index| some_move(&position, codes[index], picks[index]));
            if repeat {
                // A counter move that is also a killer, or the stored move.
                refutations[2] = if codes[3] % 3 == 0 { stored } else { refutations[0] };
            }
            let moves = handed_out(&position, stored, refutations);
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
            // Without history: captures that do not lose material first,
            // then the legal quiet killers and counter move in their order,
            // then the other quiet moves by their threat scores, then
            // captures that lose material.
            let is_refutation = |mv: Move| !is_tactical(mv) && refutations.contains(&mv);
            let threats = Threats::of(&position);
            let threat_score = |mv: Move| threats.score(position.kind_at(mv.from()).unwrap(), mv);
            let rank = |mv: Move| match (is_tactical(mv), see_ge(&position, mv, 0)) {
                (true, true) if mv.promotion().is_none_or(|kind| kind == PieceKind::Queen) => (0, 0),
                (false, _) if is_refutation(mv) => {
                    (1, refutations.iter().position(|&refutation| refutation == mv).unwrap_or(0) as i32)
                }
                (false, _) => (2, -threat_score(mv)),
                _ => (3, 0),
            };
            prop_assert!(rest.windows(2).all(|pair| rank(pair[0]) <= rank(pair[1])), "{:?}", rest);
        }

        #[test]
        fn quiescence_hands_out_captures_and_queen_promotions_or_every_evasion(
            fen in 0..FENS.len(),
            code in any::<u16>(),
            pick in any::<usize>(),
        ) {
            let position = Position::from_fen(FENS[fen]).unwrap();
            let stored = some_move(&position, code, pick);
            let in_check = position.in_check();
            let mut picker = QuiescencePicker::new(&position, stored, in_check);
            let empty = picker.is_empty();
            let moves: Vec<Move> = core::iter::from_fn(|| picker.next_move()).collect();
            let wanted: Vec<Move> = position
                .legal_moves()
                .iter()
                .copied()
                .filter(|mv| in_check || mv.is_capture() || mv.promotion() == Some(PieceKind::Queen))
                .collect();
            prop_assert_eq!(empty, wanted.is_empty());
            prop_assert_eq!(moves.len(), wanted.len());
            prop_assert!(moves.iter().all(|mv| wanted.contains(mv)));
            if wanted.contains(&stored) {
                prop_assert_eq!(moves[0], stored);
            }
        }
    }
}
