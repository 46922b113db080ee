//! SAN text: the input's first line may be a FEN (else a few fixed
//! positions are used). Every legal move's SAN must read back as that
//! move; any text must be read as a legal move or refused with a one-line
//! error, never a panic; and a move read from the text must print to SAN
//! that reads back to it.
#![no_main]

use bb_movegen::Position;
use libfuzzer_sys::fuzz_target;

/// Positions with castling both ways (Chess960 too), promotions, en
/// passant and pieces that need disambiguating.
const POSITIONS: [&str; 5] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQkq d6 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "7k/8/2N1N3/1N3N2/8/1N3N2/2N1N3/K7 w - - 0 1",
    "Q6Q/8/3k4/8/8/8/8/Q1K4Q w - - 0 1",
];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (first, rest) = text.split_once('\n').unwrap_or((text, ""));
    let mut positions: Vec<Position> = POSITIONS.iter().map(|fen| fen.parse().unwrap()).collect();
    let words = match Position::from_fen(first) {
        Ok(position) => {
            positions = vec![position];
            rest
        }
        Err(_) => text,
    };
    for position in &positions {
        for mv in position.legal_moves().iter().copied() {
            let san = position.san(mv);
            assert_eq!(position.parse_san(san.as_str()), Ok(mv), "{position} {san}");
        }
        for word in std::iter::once(words).chain(words.split_whitespace()) {
            match position.parse_san(word) {
                Ok(mv) => {
                    assert!(position.legal_moves().contains(mv), "{position} {word:?}");
                    let san = position.san(mv);
                    assert_eq!(position.parse_san(san.as_str()), Ok(mv), "{position} {word:?} {san}");
                }
                Err(error) => assert!(!error.to_string().contains(['\n', '\r']), "{error}"),
            }
        }
    }
});
