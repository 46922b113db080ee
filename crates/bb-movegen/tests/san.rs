//! SAN against python-chess as an oracle, and SAN round trips along random
//! playouts.
//!
//! `tests/data/san_corpus.txt` was written once by
//! `tests/data/make_san_corpus.py` (python-chess 1.11): lines
//! `FEN<TAB>UCI<TAB>SAN`, the UCI with castling as king takes rook. bb must
//! print exactly that SAN for that move, and read it back as that move.

use bb_movegen::{Move, Position};
use proptest::prelude::*;

const CORPUS: &str = include_str!("data/san_corpus.txt");

#[test]
fn corpus_prints_and_parses_as_python_chess_does() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for (number, line) in CORPUS.lines().enumerate().map(|(index, line)| (index + 1, line)) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [fen, uci, san] = fields[..] else { panic!("line {number}: not FEN<TAB>UCI<TAB>SAN: {line}") };
        let position =
            Position::from_fen(fen).unwrap_or_else(|error| panic!("line {number}: {fen}: {error}"));
        let mv = position.parse_uci_move(uci).unwrap_or_else(|error| panic!("line {number}: {uci}: {error}"));
        assert_eq!(mv.uci(true).to_string(), uci, "line {number}: UCI text round trip");
        let printed = position.san(mv).to_string();
        if printed != san {
            failures.push(format!("line {number}: {fen} {uci}: bb prints {printed}, python-chess {san}"));
        }
        match position.parse_san(san) {
            Ok(parsed) if parsed == mv => {}
            Ok(parsed) => failures.push(format!("line {number}: {fen} {san}: bb reads {}", parsed.uci(true))),
            Err(error) => failures.push(format!("line {number}: {fen} {san}: {error}")),
        }
        checked += 1;
    }
    assert!(failures.is_empty(), "{} of {checked} lines fail:\n{}", failures.len(), failures.join("\n"));
    // The corpus is thousands of lines; an empty or cut file must not pass.
    assert!(checked > 5000, "only {checked} corpus lines");
    eprintln!("{checked} corpus lines match python-chess");
}

#[test]
fn corpus_covers_every_kind_of_san() {
    let sans: Vec<&str> = CORPUS.lines().filter_map(|line| line.split('\t').nth(2)).collect();
    let count = |test: &dyn Fn(&str) -> bool| sans.iter().filter(|san| test(san)).count();
    assert!(count(&|san| san.starts_with("O-O-O")) > 20);
    assert!(count(&|san| san.starts_with("O-O") && !san.starts_with("O-O-O")) > 20);
    assert!(count(&|san| san.contains("=N")) > 20);
    assert!(count(&|san| san.ends_with('#')) > 20);
    assert!(count(&|san| san.ends_with('+')) > 20);
    // Disambiguated by rank, and by both file and rank.
    assert!(count(&|san| san.len() > 3 && san.as_bytes()[1].is_ascii_digit()) > 20);
    assert!(
        count(&|san| {
            let b = san.as_bytes();
            b.len() > 4
                && b[0].is_ascii_uppercase()
                && b[1].is_ascii_lowercase()
                && b[2].is_ascii_digit()
                && b[3] != b'+'
                && b[3] != b'#'
        }) > 0
    );
}

/// Starting points of the playouts: standard, castling and promotion rich,
/// many pieces of a kind, and Chess960.
const STARTS: [&str; 6] = [
    bb_movegen::STARTPOS_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1",
    "7k/8/2N1N3/1N3N2/8/1N3N2/2N1N3/K7 w - - 0 1",
    "Q6Q/8/3k4/8/8/8/8/Q1K4Q w - - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
];

fn check_every_move(position: &Position) -> Result<(), TestCaseError> {
    for mv in position.legal_moves().iter().copied() {
        let san = position.san(mv);
        let parsed = position.parse_san(san.as_str());
        prop_assert_eq!(parsed, Ok(mv), "{} {}", position, san);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_legal_move_reads_back_from_its_san(start in 0..STARTS.len(), picks in prop::collection::vec(any::<u16>(), 0..60)) {
        let mut position = Position::from_fen(STARTS[start]).unwrap();
        check_every_move(&position)?;
        for pick in picks {
            let legal = position.legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv: Move = legal[usize::from(pick) % legal.len()];
            position = position.play(mv);
            check_every_move(&position)?;
        }
    }

    #[test]
    fn arbitrary_text_never_panics(start in 0..STARTS.len(), text in ".{0,12}", san_like in "[NBRQKPa-h1-8xX=+#!?:O0o -]{0,10}") {
        let position = Position::from_fen(STARTS[start]).unwrap();
        for text in [&text, &san_like] {
            if let Ok(mv) = position.parse_san(text) {
                prop_assert!(position.legal_moves().contains(mv));
            }
        }
    }
}
