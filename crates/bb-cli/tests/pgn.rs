//! `bb pgn`: every game of a file checked, the first illegal move of each
//! bad game named with its line, the good games' moves on request, and
//! input that is not PGN refused at once.

// These tests start the `bb` binary as a process, which a wasm32-wasip1
// program cannot do.
#![cfg(not(target_family = "wasm"))]

mod common;
use common::*;

#[test]
fn each_bad_game_is_named_and_the_others_still_read() {
    let run = bb(&["pgn", &data("games.pgn")]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let lines = run.lines();
    assert_eq!(lines.len(), 2, "{}", run.stdout);
    assert!(
        lines[0].ends_with("games.pgn: game 2, line 14: move 2... Ke7: no legal move matches 'Ke7'"),
        "{}",
        lines[0]
    );
    assert_eq!(lines[1], "3 games, 1 with errors, 11 moves in the good ones");
}

#[test]
fn good_games_are_printed_in_uci_and_replay_legally() {
    let run = bb(&["pgn", &data("games.pgn"), "--uci"]);
    let lines = run.lines();
    // The same moves python-chess reads from the file.
    assert_eq!(lines[0], "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1");
    assert_eq!(lines[2], "a7a8q e8d7");
    let replay = bb_ok(&["perft", "1", "--moves", lines[0]]);
    assert!(replay.last_line().starts_with("nodes "), "{}", replay.stdout);
}

#[test]
fn stdin_is_read_with_a_dash() {
    let run = bb_with_input(&["pgn", "-"], "1. f3 e5 2. g4 Qh4# 0-1\n\n1. e4 e5 2. Ke3 *\n");
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(run.stdout.contains("-: game 2, line 3: move 2. Ke3"), "{}", run.stdout);
    assert!(run.last_line().starts_with("2 games, 1 with errors, 4 moves"), "{}", run.stdout);
}

#[test]
fn a_file_of_good_games_passes() {
    let run = bb_with_input(&["pgn", "-"], "[Event \"x\"]\n\n1. d4 Nf6 2. c4 e6 1/2-1/2\n");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.last_line(), "1 games, 0 with errors, 4 moves in the good ones");
}

#[test]
fn what_is_not_pgn_is_refused_at_once() {
    assert_bad_input(&["pgn", "/nonexistent/games.pgn"], "cannot read PGN file '/nonexistent/games.pgn'");
    assert_bad_input(&["pgn", env!("CARGO_MANIFEST_DIR")], "cannot read");
    assert_bad_input(&["pgn"], "not provided: <FILE>");
    // /dev/zero is one endless line: the limit stops it at once.
    if std::path::Path::new("/dev/zero").exists() && !is_emulated() {
        let run = bb(&["pgn", "/dev/zero"]);
        assert_eq!(run.code, Some(2), "{}", run.stderr);
        assert!(run.stderr.contains("line longer than"), "{}", run.stderr);
    }
}
