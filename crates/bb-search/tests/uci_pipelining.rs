//! Commands that arrive while a search runs (issue #17, point 1): nothing
//! is lost, everything is carried out in order, and `stop` / `ponderhit`
//! reach the searches that were still waiting. Regression tests for the
//! failures quoted in the issue.

// These tests talk to a running engine from a second thread; wasm32-wasip1
// has no threads, and `uci_script.rs` drives the engine there.
#![cfg(not(target_family = "wasm"))]

mod common;

use bb_movegen::Position;
use common::{after, is_legal_bestmove, random_game, scaled, Rng, Session};

fn startpos_after(moves: &[&str]) -> Position {
    after(&Position::startpos(), &moves.iter().map(|text| text.to_string()).collect::<Vec<_>>())
}

/// Sends everything at once, closes the input and returns the output once
/// the loop has ended by itself.
fn pipelined(commands: &[String]) -> Vec<String> {
    let session = Session::start();
    for command in commands {
        session.send(command);
    }
    session.finish()
}

fn bestmoves(lines: &[String]) -> Vec<&String> {
    lines.iter().filter(|line| line.starts_with("bestmove")).collect()
}

fn no_refusals(lines: &[String]) {
    assert!(!lines.iter().any(|line| line.contains("ignored") || line.contains("running")), "{lines:#?}");
}

#[test]
fn a_pipelined_go_is_carried_out_after_the_running_one() {
    // The example: one bestmove and 'go ignored' before.
    let lines = pipelined(
        &["position startpos", "go depth 1", "position startpos moves e2e4", "go depth 1"].map(String::from),
    );
    no_refusals(&lines);
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 2, "{lines:#?}");
    assert!(is_legal_bestmove(&Position::startpos(), best[0]), "{}", best[0]);
    assert!(is_legal_bestmove(&startpos_after(&["e2e4"]), best[1]), "{}", best[1]);
}

#[test]
fn fifty_back_to_back_movetime_10_give_fifty_bestmoves() {
    // The issue: 50 x 'go movetime 10' gave 1 bestmove.
    let session = Session::start();
    session.send("position startpos moves d2d4 g8f6");
    for _ in 0..50 {
        session.send("go movetime 10");
    }
    let lines = session.wait_for(50, |line| line.starts_with("bestmove"));
    no_refusals(&lines);
    let position = startpos_after(&["d2d4", "g8f6"]);
    assert!(bestmoves(&lines).iter().all(|line| is_legal_bestmove(&position, line)), "{lines:#?}");
    assert_eq!(bestmoves(&session.finish()).len(), 50);
}

/// A thousand pairs (fewer under an emulator in `cargo xtask ci`, see [`scaled`]).
#[test]
fn pipelined_position_go_pairs_give_one_legal_bestmove_each() {
    let pairs = scaled(1000) as usize;
    let mut rng = Rng::new(1000);
    let mut commands = Vec::new();
    let mut positions = Vec::new();
    for pair in 0..pairs {
        let plies = rng.below(60) as usize;
        let moves = random_game(&mut rng, plies);
        positions.push(after(&Position::startpos(), &moves));
        commands.push(format!("position startpos moves {}", moves.join(" ")));
        commands.push(if pair % 2 == 0 { "go depth 1".to_string() } else { "go nodes 300".to_string() });
    }
    let lines = pipelined(&commands);
    no_refusals(&lines);
    let best = bestmoves(&lines);
    assert_eq!(best.len(), pairs);
    for (index, (position, line)) in positions.iter().zip(&best).enumerate() {
        assert!(is_legal_bestmove(position, line), "pair {index}: {line} in {position}");
    }
}

#[test]
fn ucinewgame_and_setoption_during_a_search_are_carried_out_after_it() {
    let session = Session::start();
    session.send("position startpos");
    session.send("go movetime 200");
    session.send("ucinewgame");
    session.send("setoption name Hash value 1");
    session.send("setoption name UCI_Chess960 value true");
    session.send("position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    session.send("go depth 1 searchmoves e1g1");
    let lines = session.wait_for(2, |line| line.starts_with("bestmove"));
    no_refusals(&lines);
    // UCI_Chess960 was set after the first search, before the second.
    assert_eq!(bestmoves(&lines)[1], "bestmove e1h1", "{lines:#?}");
    session.finish();
}

#[test]
fn stop_reaches_every_go_that_was_waiting() {
    // Two searches that only `stop` ends; the second waits behind the first.
    // One `stop` came after both, so both end.
    let session = Session::start();
    session.send("go infinite");
    session.send("position startpos moves e2e4");
    session.send("go infinite");
    session.send("stop");
    let lines = session.wait_for(2, |line| line.starts_with("bestmove"));
    assert!(is_legal_bestmove(&startpos_after(&["e2e4"]), bestmoves(&lines)[1]), "{lines:#?}");
    // A later search is not touched by that `stop`.
    session.send("go infinite");
    session.sync();
    assert_eq!(session.bestmoves().len(), 2);
    session.send("stop");
    session.wait_for(3, |line| line.starts_with("bestmove"));
    assert_eq!(bestmoves(&session.finish()).len(), 3);
}

#[test]
fn ponderhit_reaches_a_go_ponder_that_was_waiting() {
    // A fast GUI: the next `go ponder` and its `ponderhit` arrive while
    // the previous search still runs. Without the ponderhit the second
    // search would ponder until the end of input.
    let session = Session::start();
    session.send("go movetime 100");
    session.send("position startpos moves e2e4");
    session.send("go ponder wtime 300 btime 300");
    session.send("ponderhit");
    session.wait_for(2, |line| line.starts_with("bestmove"));
    session.finish();
}

#[test]
fn the_end_of_input_carries_out_what_waited_and_stops_what_only_stop_ends() {
    let lines = pipelined(
        &[
            "position startpos",
            "go depth 4",
            "position startpos moves e2e4",
            "go infinite",
            "go ponder",
            "go nodes 5000",
            "d",
        ]
        .map(String::from),
    );
    no_refusals(&lines);
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 4, "{lines:#?}");
    assert!(is_legal_bestmove(&Position::startpos(), best[0]));
    assert!(
        lines.iter().any(|line| line.starts_with("info depth 4 ")),
        "the bounded search ran to its depth"
    );
    assert!(best[1..].iter().all(|line| is_legal_bestmove(&startpos_after(&["e2e4"]), line)));
    assert!(lines.last().unwrap().starts_with("Fen: "), "{lines:#?}");
}

#[test]
fn quit_forgets_the_waiting_commands() {
    let session = Session::start();
    session.send("go infinite");
    session.send("go depth 1");
    session.send("d");
    session.send("quit");
    let lines = session.finish();
    assert!(bestmoves(&lines).len() <= 1, "{lines:#?}");
    assert!(!lines.iter().any(|line| line.starts_with("Fen:")), "{lines:#?}");
}
