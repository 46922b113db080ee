//! Issue #17, hostile input over UCI: FEN words split by the one rule the
//! CLI uses too (ASCII spaces and tabs only), and bounded, truncated echoes
//! of unknown or oversized input.

// These tests talk to a running engine from a second thread; wasm32-wasip1
// has no threads, and `uci_script.rs` drives the engine there.
#![cfg(not(target_family = "wasm"))]

mod common;

use common::Session;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const OTHER: &str = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";

/// The `Fen:` line `d` prints.
fn shown_fen(session: &Session) -> String {
    let before = session.lines().iter().filter(|line| line.starts_with("Fen: ")).count();
    session.send("d");
    let lines = session.wait_for(before + 1, |line| line.starts_with("Fen: "));
    let fen = lines.iter().filter(|line| line.starts_with("Fen: ")).nth(before).unwrap();
    fen["Fen: ".len()..].to_string()
}

#[test]
fn non_ascii_spaces_between_fen_fields_are_refused_and_change_nothing() {
    for separator in ['\u{a0}', '\u{2003}'] {
        for fen in [START, KIWIPETE] {
            let session = Session::start();
            session.send(&format!("position fen {OTHER}"));
            let hostile = fen.replace(' ', &separator.to_string());
            session.send(&format!("position fen {hostile}"));
            let lines = session.sync();
            let errors: Vec<_> = lines.iter().filter(|line| line.starts_with("info string")).collect();
            assert_eq!(errors.len(), 1, "{separator:?} {fen}: {lines:?}");
            assert!(errors[0].contains("not printable ASCII"), "{}", errors[0]);
            assert_eq!(shown_fen(&session), OTHER, "{separator:?} {fen}: the position changed");
            session.finish();
        }
    }
}

#[test]
fn tabs_separate_fen_fields_as_in_the_cli() {
    let session = Session::start();
    session.send(&format!("position\tfen\t{}", KIWIPETE.replace(' ', "\t")));
    assert_eq!(shown_fen(&session), KIWIPETE);
    let lines = session.finish();
    assert!(!lines.iter().any(|line| line.starts_with("info string")), "{lines:?}");
}

/// Runs the UCI loop over `input` to its end and returns the output lines.
fn run(input: Vec<u8>) -> Vec<String> {
    let output = common::SharedOutput::default();
    bb_search::run_uci(std::io::Cursor::new(input), output.clone());
    let bytes = output.0.lock().unwrap().clone();
    String::from_utf8_lossy(&bytes).lines().map(str::to_string).collect()
}

#[test]
fn a_huge_unknown_command_is_echoed_shortened() {
    let mut input = "y".repeat(1 << 20).into_bytes();
    input.extend_from_slice(b"\nisready\n");
    let lines = run(input);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].starts_with("info string unknown command 'yyyy"), "{}", lines[0]);
    assert!(lines[0].ends_with("…'") && lines[0].len() < 200, "{}", lines[0]);
    assert_eq!(lines[1], "readyok");
}

#[test]
fn a_line_over_the_limit_is_refused_with_one_line() {
    let mut input = b"position startpos moves ".to_vec();
    input.extend(std::iter::repeat_n(b'z', 10_000_000));
    input.extend_from_slice(b"\nisready\n");
    let lines = run(input);
    let limit = bb_search::uci::MAX_LINE_BYTES;
    let expected = format!("info string line ignored: longer than the limit of {limit} bytes");
    assert_eq!(lines, vec![expected, "readyok".to_string()]);
}

#[test]
fn a_long_game_fits_in_a_line() {
    // 10,000 knight moves back and forth: about 50 KB.
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let moves: Vec<&str> = shuffle.iter().copied().cycle().take(10_000).collect();
    let input = format!("position startpos moves {}\nd\n", moves.join(" "));
    let lines = run(input.into_bytes());
    let fen = lines.iter().find(|line| line.starts_with("Fen: ")).expect("d answered");
    assert_eq!(fen, &format!("Fen: {}", START.replace(" 0 1", " 10000 5001")), "{lines:?}");
}
