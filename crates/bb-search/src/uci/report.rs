//! The UCI text of what the search reports: `info` lines from its
//! [`Progress`] and the `bestmove` line from its [`SearchOutcome`], with
//! castling written king-takes-rook when `UCI_Chess960` is on.

use crate::score::{MateOrCentipawns, Score};
use crate::search::{Iteration, Progress, SearchOutcome};
use crate::time::millis;
use bb_movegen::Move;
use core::fmt::{self, Write as _};

/// The `info` line (without the newline) for one progress report.
pub fn info_line(progress: &Progress<'_>, chess960: bool) -> String {
    match progress {
        Progress::Iteration(iteration) => iteration_line(iteration, chess960),
        Progress::NoLegalMove { score } => format!("info depth 0 score {}", UciScore(*score)),
    }
}

/// `info depth … pv …` for a completed iteration.
fn iteration_line(iteration: &Iteration<'_>, chess960: bool) -> String {
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {} pv",
        iteration.depth,
        iteration.seldepth,
        iteration.multipv,
        UciScore(iteration.score),
        iteration.nodes,
        iteration.nps(),
        iteration.hashfull,
        millis(iteration.elapsed),
    );
    for mv in iteration.pv {
        let _ = write!(line, " {}", mv.uci(chess960));
    }
    line
}

/// The `bestmove` line (without the newline): `bestmove 0000` when there
/// is no legal move, and ` ponder <move>` when the line has a reply.
pub fn bestmove_line(outcome: &SearchOutcome, chess960: bool) -> String {
    let mut answer = format!("bestmove {}", outcome.best_move.uci(chess960));
    if let Some(reply) = outcome.ponder_move.filter(|_| outcome.best_move != Move::NULL) {
        let _ = write!(answer, " ponder {}", reply.uci(chess960));
    }
    answer
}

/// A score as UCI writes it: `cp <n>` or `mate <moves>`.
struct UciScore(Score);

impl fmt::Display for UciScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match MateOrCentipawns::from_score(self.0) {
            MateOrCentipawns::Centipawns(cp) => write!(f, "cp {cp}"),
            MateOrCentipawns::Mate(moves) => write!(f, "mate {moves}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::{mate_in, mated_in};
    use bb_movegen::Position;
    use std::time::Duration;

    fn moves(position: &Position, texts: &[&str]) -> Vec<Move> {
        let mut position = *position;
        texts
            .iter()
            .map(|text| {
                let mv = position.parse_uci_move(text).expect("legal");
                position = position.play(mv);
                mv
            })
            .collect()
    }

    fn iteration(score: Score, elapsed_ms: u64, pv: &[Move]) -> Iteration<'_> {
        Iteration {
            depth: 3,
            multipv: 1,
            seldepth: 5,
            score,
            nodes: 1234,
            elapsed: Duration::from_millis(elapsed_ms),
            hashfull: 7,
            pv,
        }
    }

    #[test]
    fn iteration_lines_have_every_field_in_order() {
        let pv = moves(&Position::startpos(), &["e2e4", "e7e5"]);
        assert_eq!(
            info_line(&Progress::Iteration(iteration(35, 20, &pv)), false),
            "info depth 3 seldepth 5 multipv 1 score cp 35 nodes 1234 nps 61700 hashfull 7 time 20 pv e2e4 e7e5"
        );
        // No time yet: nodes per second as if one millisecond had passed.
        assert_eq!(
            info_line(&Progress::Iteration(iteration(-7, 0, &pv[..1])), false),
            "info depth 3 seldepth 5 multipv 1 score cp -7 nodes 1234 nps 1234000 hashfull 7 time 0 pv e2e4"
        );
    }

    #[test]
    fn mate_scores_are_written_in_moves() {
        let line = |score| info_line(&Progress::Iteration(iteration(score, 1, &[])), false);
        assert!(line(mate_in(1)).contains(" score mate 1 "));
        assert!(line(mate_in(3)).contains(" score mate 2 "));
        assert!(line(mate_in(5)).contains(" score mate 3 "));
        assert!(line(mated_in(2)).contains(" score mate -1 "));
        assert!(line(mated_in(4)).contains(" score mate -2 "));
        assert_eq!(
            info_line(&Progress::NoLegalMove { score: mated_in(0) }, false),
            "info depth 0 score mate 0"
        );
        assert_eq!(info_line(&Progress::NoLegalMove { score: 0 }, true), "info depth 0 score cp 0");
    }

    #[test]
    fn castling_follows_uci_chess960() {
        let position = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        let pv = moves(&position, &["e1g1", "e8d7"]);
        let standard = info_line(&Progress::Iteration(iteration(600, 5, &pv)), false);
        let chess960 = info_line(&Progress::Iteration(iteration(600, 5, &pv)), true);
        assert!(standard.ends_with(" pv e1g1 e8d7"), "{standard}");
        assert!(chess960.ends_with(" pv e1h1 e8d7"), "{chess960}");
        let outcome = SearchOutcome {
            best_move: pv[0],
            ponder_move: Some(pv[1]),
            score: 600,
            depth: 3,
            nodes: 58,
            pv: pv.clone(),
        };
        assert_eq!(bestmove_line(&outcome, false), "bestmove e1g1 ponder e8d7");
        assert_eq!(bestmove_line(&outcome, true), "bestmove e1h1 ponder e8d7");
    }

    #[test]
    fn bestmove_without_a_reply_or_without_a_move() {
        let best = moves(&Position::startpos(), &["g1f3"])[0];
        let outcome = SearchOutcome {
            best_move: best,
            ponder_move: None,
            score: 20,
            depth: 1,
            nodes: 21,
            pv: vec![best],
        };
        assert_eq!(bestmove_line(&outcome, false), "bestmove g1f3");
        let none = SearchOutcome { best_move: Move::NULL, ponder_move: Some(best), pv: vec![], ..outcome };
        assert_eq!(bestmove_line(&none, false), "bestmove 0000");
    }
}
