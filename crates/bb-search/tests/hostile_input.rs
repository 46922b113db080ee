//! Issue #17, hostile input over UCI: FEN words split by the one rule the
//! CLI uses too (ASCII spaces and tabs only), and bounded, truncated echoes
//! of unknown or oversized input.

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
