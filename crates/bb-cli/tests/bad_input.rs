//! Bad input of every kind: exit code 2, one line on stderr, no panic.

// These tests start the `bb` binary as a process, which a wasm32-wasip1
// program cannot do; there `cargo xtask compare` runs `bb` itself.
#![cfg(not(target_family = "wasm"))]

mod common;
use common::*;

#[test]
fn bad_depths() {
    for depth in ["x", "-1", "65", "3.5", "", "99999999999999999999999"] {
        assert_bad_input(&["perft", depth], "invalid depth");
    }
    assert_bad_input(&["perft"], "needs a depth");
    assert_bad_input(&["perftree", "z", START], "invalid depth");
    assert_bad_input(&["perft", "--epd", &data("good.epd"), "--depth", "x"], "invalid depth");
}

#[test]
fn bad_fens() {
    assert_bad_input(
        &["perft", "3", "--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1"],
        "invalid FEN (castling field)",
    );
    assert_bad_input(&["perft", "3", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"], "kings");
    assert_bad_input(&["perft", "3", "--fen="], "invalid FEN");
    assert_bad_input(&["perft", "3", "--fen=-"], "invalid FEN");
    assert_bad_input(&["perftree", "3", "not a fen"], "invalid FEN");
    assert_bad_input(
        &["show", "--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1"],
        "en-passant",
    );
    let long = format!("{}{}", "8/".repeat(50_000), " w - - 0 1");
    assert_bad_input(&["perft", "1", "--fen", &long], "invalid FEN");
    // Unquoted FEN: its fields become stray arguments.
    assert_bad_input(
        &["perft", "2", "--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "w"],
        "quote the FEN",
    );
}

#[test]
fn bad_moves() {
    assert_bad_input(&["perft", "3", "--moves", "e2e5"], "move 1 'e2e5'");
    assert_bad_input(&["perft", "3", "--moves", "e2e4", "e2e4"], "move 2 'e2e4'");
    assert_bad_input(&["perft", "3", "--moves", "xyz"], "not a UCI move");
    assert_bad_input(&["perftree", "2", START, "e2e4 e7e4"], "move 2 'e7e4'");
    assert_bad_input(&["show", "--moves", "e1g1"], "not a legal move");
}

#[test]
fn bad_options() {
    assert_bad_input(&["perft", "3", "--frob"], "unknown option '--frob'");
    assert_bad_input(&["perft", "3", "-divide"], "unknown option '-divide'");
    assert_bad_input(&["perft", "3", "--fen"], "--fen needs a value");
    assert_bad_input(&["perft", "3", "--fen", "--divide"], "--fen needs a value");
    assert_bad_input(&["perft", "3", "--divide=yes"], "takes no value");
    assert_bad_input(&["perft", "3", "4"], "unexpected argument '4'");
    assert_bad_input(&["perft", "3", "--threads", "0"], "invalid thread count");
    assert_bad_input(&["perft", "3", "--threads", "many"], "invalid thread count");
    assert_bad_input(&["perft", "3", "--hash", "-5"], "invalid hash size (MB) '-5'");
    assert_bad_input(&["perft", "3", "--hash=1000000000"], "invalid hash size");
    assert_bad_input(&["perft", "3", "--depth", "2"], "--depth goes with --epd");
    assert_bad_input(&["perft", "3", "--epd", &data("good.epd")], "cannot be combined with --epd");
    assert_bad_input(&["perftree", "3"], "usage: bb perftree");
    assert_bad_input(&["perftree", "3", START, "e2e4", "extra"], "unexpected argument 'extra'");
    assert_bad_input(&["show", "--divide"], "unknown option '--divide' for 'show'");
    assert_bad_input(&["frobnicate"], "unknown command 'frobnicate'");
    assert_bad_input(&["bench", "0"], "invalid bench depth");
}

#[test]
fn bad_files() {
    assert_bad_input(&["perft", "--epd", "/nonexistent/suite.epd"], "cannot read EPD file");
    assert_bad_input(&["perft", "--epd", env!("CARGO_MANIFEST_DIR")], "cannot read EPD file");
    assert_bad_input(&["perft", "--epd"], "--epd needs a value");
}

/// Issue #17: the CLI splits FEN fields by the rule UCI uses, so a
/// non-ASCII space is refused with one line and a tab is a separator.
#[test]
fn fen_field_separators_follow_the_one_rule() {
    for separator in ["\u{a0}", "\u{2003}"] {
        for fen in [START, KIWIPETE] {
            let hostile = fen.replace(' ', separator);
            assert_bad_input(&["perft", "1", "--fen", &hostile], "not printable ASCII");
        }
    }
    // Move lists follow the same rule as over UCI.
    assert_bad_input(&["perft", "1", "--moves", "e2e4\u{a0}e7e5"], "not a UCI move");
    assert_bad_input(&["perftree", "1", START, "e2e4\u{2003}e7e5"], "not a UCI move");
    let run = bb(&["perft", "1", "--moves", "e2e4\te7e5"]);
    assert_eq!(run.code, Some(0), "tab-separated moves: {}", run.stderr);
    let run = bb(&["perft", "1", "--fen", &KIWIPETE.replace(' ', "\t")]);
    assert_eq!(run.code, Some(0), "tab-separated FEN: {}", run.stderr);
    assert!(run.last_line().starts_with("nodes 48 "), "{}", run.stdout);
}
