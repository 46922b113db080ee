//! `bb perftree`, `bb show`, `bb --version`, `bb help`, and the engine
//! entry points.

// These tests start the `bb` binary as a process, which a wasm32-wasip1
// program cannot do; there `cargo xtask compare` runs `bb` itself.
#![cfg(not(target_family = "wasm"))]

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
    assert!(line.contains(", target ") && line.ends_with(" sliders)"), "{line}");
    // The copy of perft that runs, and its slider scheme, as the library says.
    let kernel = bb_core::platform::kernel();
    let sliders = bb_movegen::perft::kernel_sliders(kernel);
    assert!(line.contains(&format!(", perft kernel {kernel} with {sliders} sliders)")), "{line}");
    assert!(line.contains(std::env::consts::ARCH) || line.contains("i686"), "{line}");
}

#[test]
fn help_lists_the_commands() {
    for flag in ["help", "--help", "-h"] {
        let run = bb_ok(&[flag]);
        for command in ["perft", "perftree", "show", "bench", "pgn", "completions", "--version", "exit codes"]
        {
            assert!(run.stdout.contains(command), "{flag}: no {command}");
        }
    }
}

#[test]
fn every_subcommand_has_its_help() {
    let commands: [(&str, &[&str]); 7] = [
        ("perft", &["--fen", "--moves", "--divide", "--threads", "--hash", "--epd", "--lenient"]),
        ("perftree", &["<DEPTH>", "<FEN>"]),
        ("show", &["--bitboards"]),
        ("bench", &["[DEPTH]"]),
        ("pgn", &["<FILE>"]),
        ("uci", &["Usage: bb uci"]),
        ("completions", &["bash", "zsh", "fish"]),
    ];
    for (command, words) in commands {
        for run in [bb_ok(&[command, "--help"]), bb_ok(&["help", command])] {
            assert!(run.stdout.contains(&format!("Usage: bb {command}")), "{command}: {}", run.stdout);
            for word in words {
                assert!(run.stdout.contains(word), "bb {command} --help has no {word}: {}", run.stdout);
            }
        }
    }
}

#[test]
fn completions_are_written_for_each_shell() {
    for (shell, marker) in [("bash", "complete -F"), ("zsh", "#compdef bb"), ("fish", "complete -c bb")] {
        let run = bb_ok(&["completions", shell]);
        assert!(run.stdout.contains(marker), "{shell}: {}", run.stdout);
        // fish names long options without their dashes (`-l divide`).
        for word in ["perft", "divide", "bitboards"] {
            assert!(run.stdout.contains(word), "{shell} completions lack {word}");
        }
    }
}

#[test]
fn no_arguments_is_a_uci_engine() {
    let run = bb_with_input(&[], "uci\nisready\nposition startpos moves e2e4\ngo depth 2\n");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let lines = run.lines();
    assert!(lines.iter().any(|line| line.starts_with("id name ")), "{}", run.stdout);
    assert!(lines.contains(&"uciok") && lines.contains(&"readyok"), "{}", run.stdout);
    // A search with a limit is allowed to finish at the end of input.
    let best = lines.iter().find(|line| line.starts_with("bestmove ")).expect("a bestmove line");
    let reply = best.split(' ').nth(1).unwrap_or_default();
    let after_e4 = bb_ok(&["perft", "1", "--moves", "e2e4", reply]);
    assert!(after_e4.last_line().starts_with("nodes "), "bestmove {reply} is not legal after e2e4");
}

#[test]
fn bench_prints_a_deterministic_node_count() {
    let first = bb_ok(&["bench", "2"]);
    let second = bb_ok(&["bench", "2"]);
    let words: Vec<&str> = first.last_line().split(' ').collect();
    assert_eq!(words.len(), 4, "{}", first.last_line());
    assert_eq!((words[1], words[3]), ("nodes", "nps"));
    assert!(words[0].parse::<u64>().is_ok_and(|nodes| nodes > 0) && words[2].parse::<u64>().is_ok());
    assert_eq!(words[0], second.last_line().split(' ').next().unwrap_or_default());
}
