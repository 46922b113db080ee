//! UCI move text against a position: the input is a FEN on its first line
//! and move words after it. Each word is read with `parse_uci_move`; a move
//! it returns must be legal and print back to text that finds it again,
//! and is then played, so the words of one input walk through a game.
//!
//! Printed king takes rook (UCI_Chess960 notation), a move always finds
//! itself again; printed in standard notation, only in a standard
//! position: in Chess960 the king's destination can also be a plain king
//! step, which the text then means (a regression test in bb-movegen's
//! `rules_and_facts.rs` shows the position the fuzzer found).
#![no_main]

use bb_movegen::Position;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (fen, moves) = text.split_once('\n').unwrap_or((text, ""));
    let Ok(mut position) = Position::from_fen(fen) else {
        return;
    };
    for word in moves.split_ascii_whitespace() {
        let Ok(mv) = position.parse_uci_move(word) else {
            continue;
        };
        assert!(position.legal_moves().contains(mv), "{position}: {word} gave an illegal {mv:?}");
        for chess960 in [true, position.is_chess960()] {
            let printed = mv.uci(chess960).to_string();
            assert_eq!(position.parse_uci_move(&printed), Ok(mv), "{position}: {word} printed {printed}");
        }
        position = position.play(mv);
    }
});
