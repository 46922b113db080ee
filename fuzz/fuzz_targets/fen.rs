//! FEN text: whatever `Position::from_fen` accepts must print back to a FEN
//! that reads back to the same position, and so must the position after
//! each of its legal moves and its colour-mirrored twin. Anything it
//! refuses must be refused with an error, never a panic. On the way, the
//! ways of asking the same question must agree: counting and listing the
//! legal moves, captures and quiets against all moves, `gives_check` and
//! `captured_kind` (answered without playing the move) against the move
//! played, and a move's own UCI text against the move.
#![no_main]

use bb_movegen::{MoveFilter, MoveList, Position};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(position) = Position::from_fen(text) else {
        return;
    };
    check_round_trip(&position);
    let legal = position.legal_moves();
    assert_eq!(position.count_legal_moves(), legal.len() as u64, "{position}");
    assert_eq!(position.is_checkmate(), legal.is_empty() && position.in_check(), "{position}");

    let mirrored = position.mirrored();
    check_round_trip(&mirrored);
    assert!(mirrored.mirrored() == position, "{position} mirrored twice is {}", mirrored.mirrored());
    assert_eq!(mirrored.count_legal_moves(), legal.len() as u64, "{position} mirrored: {mirrored}");

    let (mut captures, mut quiets) = (MoveList::default(), MoveList::default());
    position.generate(MoveFilter::Captures, &mut captures);
    position.generate(MoveFilter::Quiets, &mut quiets);
    assert_eq!(captures.len() + quiets.len(), legal.len(), "{position}");
    for mv in legal.iter().copied() {
        let child = position.play(mv);
        check_round_trip(&child);
        assert_eq!(position.gives_check(mv), child.in_check(), "{position} {mv}");
        let captured = position.captured_kind(mv);
        assert_eq!(captured.is_some(), captures.contains(mv), "{position} {mv}");
        assert_eq!(captured.is_none(), quiets.contains(mv), "{position} {mv}");
        let text = mv.uci(position.is_chess960()).to_string();
        assert_eq!(position.parse_uci_move(&text), Ok(mv), "{position} {text}");
    }
});

/// The printed FEN reads back equal, prints the same again, and the
/// incrementally kept Zobrist key is the one computed from scratch.
fn check_round_trip(position: &Position) {
    let printed = position.to_string();
    let again = match Position::from_fen(&printed) {
        Ok(again) => again,
        Err(error) => panic!("bb printed a FEN it refuses: {printed}: {error}"),
    };
    assert!(again == *position, "{printed} read back as {again}");
    assert_eq!(again.to_string(), printed);
    assert_eq!(position.zobrist_key(), position.compute_zobrist_key(), "{printed}");
    assert_eq!(again.zobrist_key(), position.zobrist_key(), "{printed}");
}
