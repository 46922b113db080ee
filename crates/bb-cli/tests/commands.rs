//! `bb perftree`, `bb show`, `bb --version`, `bb help`, and the engine
//! entry points.

mod common;
use common::*;

#[test]
fn perftree_prints_divide_a_blank_line_and_the_total() {
    let run = bb_ok(&["perftree", "3", START]);
    let lines = run.lines();
    assert_eq!(lines.len(), 22);
    assert_eq!(&lines[20..], ["", "8902"]);
    let split = parse_divide(&lines[..20]);
    assert!(split.contains(&("a2a3", 380)) && split.contains(&("b1c3", 440)));
    assert!(run.stdout.ends_with("\n\n8902\n"));
}

#[test]
fn perftree_plays_its_moves_argument() {
    let run = bb_ok(&["perftree", "1", START, "e2e4 e7e5"]);
    assert_eq!(run.lines().len(), 29 + 2);
    assert_eq!(run.last_line(), "29");
    // perftree writes promotions in upper case.
    let promotion = bb_ok(&["perftree", "1", "8/1P6/8/8/8/8/8/k1K5 w - - 0 1", "b7b8Q"]);
    assert_eq!(promotion.last_line(), "1"); // only Ka2
    let empty_moves = bb_ok(&["perftree", "2", START, ""]);
    assert_eq!(empty_moves.last_line(), "400");
}

#[test]
fn show_draws_the_board_rank_8_on_top() {
    let run = bb_ok(&["show", "--moves", "e2e4"]);
    let lines = run.lines();
    assert_eq!(lines[0], "8 r n b q k b n r");
    assert_eq!(lines[4], "4 . . . . P . . .");
    assert_eq!(lines[7], "1 R N B Q K B N R");
    assert_eq!(lines[8], "  a b c d e f g h");
    assert!(run.stdout.contains("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"));
}

#[test]
fn show_bitboards_are_labelled_grids() {
    let run = bb_ok(&["show", "--fen", KIWIPETE, "--bitboards"]);
    let text = &run.stdout;
    for label in [
        "white pieces:",
        "black pieces:",
        "all pieces:",
        "checkers",
        "pinned",
        "attacked by white:",
        "attacked by black:",
    ] {
        assert!(text.contains(label), "no {label} in {text}");
    }
    assert_eq!(text.matches("  a b c d e f g h").count(), 8);
    let after = |label: &str| text.split(label).nth(1).unwrap().lines().nth(1).unwrap().to_string();
    assert_eq!(after("white pieces:"), "8 . . . . . . . .");
    assert_eq!(after("black pieces:"), "8 X . . . X . . X");
}

#[test]
fn version_names_backend_and_target() {
    let run = bb_ok(&["--version"]);
    let line = run.last_line();
    assert!(line.starts_with(&format!("bb {} (backend ", env!("CARGO_PKG_VERSION"))), "{line}");
    assert!(line.contains("backend native,") || line.contains("backend hilo,"), "{line}");
    assert!(line.contains(", target ") && line.ends_with(')'), "{line}");
    assert!(line.contains(std::env::consts::ARCH) || line.contains("i686"), "{line}");
}

#[test]
fn help_lists_the_commands() {
    for flag in ["help", "--help", "-h"] {
        let run = bb_ok(&[flag]);
        for command in ["bb perft", "bb perftree", "bb show", "bb bench", "--version"] {
            assert!(run.stdout.contains(command), "{flag}: no {command}");
        }
    }
}
