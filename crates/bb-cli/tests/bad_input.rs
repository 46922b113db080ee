//! Bad input of every kind: exit code 2, one line on stderr, no panic.

// These tests start the `bb` binary as a process, which a wasm32-wasip1
// program cannot do; there `cargo xtask compare` runs `bb` itself.
#![cfg(not(target_family = "wasm"))]

mod common;
use common::*;

#[test]
fn bad_depths() {
    for depth in ["x", "-1", "65", "3.5", "", "99999999999999999999999"] {
        assert_bad_input(&["perft", depth], "for '[DEPTH]': expected a whole number from 0 to 64");
    }
    assert_bad_input(&["perft"], "needs a depth");
    assert_bad_input(&["perftree", "z", START], "invalid value 'z' for '<DEPTH>'");
    assert_bad_input(
        &["perft", "--epd", &data("good.epd"), "--depth", "x"],
        "invalid value 'x' for '--depth <N>'",
    );
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
    assert_bad_input(&["perft", "3", "--frob"], "unexpected argument '--frob' found (see 'bb perft --help')");
    assert_bad_input(&["perft", "3", "--divde"], "a similar argument exists: '--divide'");
    assert_bad_input(&["perft", "3", "-divide"], "unexpected argument '-d' found");
    assert_bad_input(&["perft", "3", "--fen"], "a value is required for '--fen <FEN>'");
    assert_bad_input(&["perft", "3", "--fen", "--divide"], "a value is required for '--fen <FEN>'");
    assert_bad_input(&["perft", "3", "--divide=yes"], "unexpected value 'yes' for '--divide'");
    assert_bad_input(&["perft", "3", "4"], "unexpected argument '4'");
    assert_bad_input(
        &["perft", "3", "--threads", "0"],
        "for '--threads <N>': expected a whole number from 1 to 256",
    );
    assert_bad_input(&["perft", "3", "--threads", "many"], "invalid value 'many' for '--threads <N>'");
    assert_bad_input(&["perft", "3", "--hash", "-5"], "invalid value '-5' for '--hash <MB>'");
    assert_bad_input(
        &["perft", "3", "--hash=1000000000"],
        "for '--hash <MB>': expected a whole number from 0 to 65536",
    );
    assert_bad_input(&["perft", "3", "--depth", "2"], "--depth goes with --epd");
    assert_bad_input(&["perft", "3", "--epd", &data("good.epd")], "cannot be combined with --epd");
    assert_bad_input(&["perft", "3", "--lenient"], "--lenient goes with --epd");
    assert_bad_input(&["perftree", "3"], "not provided: <FEN> (see 'bb perftree --help')");
    assert_bad_input(&["perftree", "3", START, "e2e4", "extra"], "unexpected argument 'extra'");
    assert_bad_input(&["show", "--divide"], "unexpected argument '--divide' found (see 'bb show --help')");
    assert_bad_input(&["frobnicate"], "unrecognized subcommand 'frobnicate'");
    assert_bad_input(&["prefto", "3"], "similar subcommands exist: 'perftree', 'perft'");
    assert_bad_input(
        &["bench", "0"],
        "invalid value '0' for '[DEPTH]': expected a whole number from 1 to 64",
    );
    assert_bad_input(&["completions", "cmd.exe"], "invalid value 'cmd.exe' for '<SHELL>'");
}

#[test]
fn bad_files() {
    assert_bad_input(&["perft", "--epd", "/nonexistent/suite.epd"], "cannot read EPD file");
    assert_bad_input(&["perft", "--epd", env!("CARGO_MANIFEST_DIR")], "cannot read EPD file");
    assert_bad_input(&["perft", "--epd"], "a value is required for '--epd <FILE>'");
    assert_bad_input(&["bench", "1", "--eval-file", "/nonexistent/net.nnue"], "/nonexistent/net.nnue");
    assert_bad_input(&["bench", "1", "--eval-file", &data("good.epd")], "not a bb network file");
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
