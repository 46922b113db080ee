//! The UCI loop fed a whole script at once, on the test's own thread: what
//! a GUI-less user does with `bb < commands.txt`, and the one way to drive
//! the engine on targets without threads (wasm32-wasip1), where the other
//! UCI tests, which talk to a running engine from a second thread, are
//! left out. There the loop serves the commands in order on one thread and
//! each search runs to its limits before the next command is read.

mod common;

use bb_movegen::Position;
use common::{after, is_legal_bestmove, run_script};

#[test]
fn a_script_is_served_in_order_with_every_answer() {
    let lines = run_script(&[
        "uci",
        "isready",
        "setoption name Hash value 4",
        "position startpos moves e2e4 e7e5",
        "go depth 4",
        "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        "go nodes 5000",
        "ucinewgame",
        "isready",
        "frobnicate",
        "position startpos",
        "go depth 1",
    ]);
    let uciok = lines.iter().position(|line| line == "uciok").expect("uciok");
    let readyok: Vec<usize> =
        lines.iter().enumerate().filter(|(_, l)| *l == "readyok").map(|(i, _)| i).collect();
    let best: Vec<(usize, &String)> =
        lines.iter().enumerate().filter(|(_, l)| l.starts_with("bestmove")).collect();
    assert_eq!(readyok.len(), 2, "{lines:#?}");
    assert_eq!(best.len(), 3, "one per `go`, the last one carried out at the end of input: {lines:#?}");
    // (`isready` is answered at once where a search thread runs, so only
    // the order of the searches themselves is fixed everywhere.)
    assert!(uciok < readyok[0] && uciok < best[0].0);

    let open = after(&Position::startpos(), &["e2e4".to_string(), "e7e5".to_string()]);
    assert!(is_legal_bestmove(&open, best[0].1), "{}", best[0].1);
    assert_eq!(best[1].1.split_whitespace().nth(1), Some("a1a8"), "the back-rank mate: {lines:#?}");
    assert!(is_legal_bestmove(&Position::startpos(), best[2].1), "{}", best[2].1);
    assert!(lines.iter().any(|line| line.starts_with("info string") && line.contains("frobnicate")));
}

#[test]
fn an_infinite_search_at_the_end_of_a_script_still_answers() {
    // Only `stop` could end it, and no `stop` can come: the end of input ends it.
    let lines = run_script(&["position startpos", "go infinite"]);
    let best: Vec<&String> = lines.iter().filter(|line| line.starts_with("bestmove")).collect();
    assert_eq!(best.len(), 1, "{lines:#?}");
    assert!(is_legal_bestmove(&Position::startpos(), best[0]));
}
