//! Game-ending rules, UCI move text, and facts about moves before they are played.

use bb_core::{PieceKind, Square};
use bb_movegen::{MoveError, Position};

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

#[test]
fn checkmate_and_stalemate() {
    let fools_mate = position("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    assert!(fools_mate.in_check());
    assert!(fools_mate.is_checkmate());
    assert!(!fools_mate.is_stalemate());
    assert_eq!(fools_mate.checkers(), Square::H4.bitboard());

    let stalemate = position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(stalemate.is_stalemate());
    assert!(!stalemate.is_checkmate());
    assert!(!Position::startpos().is_checkmate());
    assert!(!Position::startpos().is_stalemate());
}

#[test]
fn insufficient_material() {
    for fen in [
        "8/8/4k3/8/8/3K4/8/8 w - - 0 1",
        "8/8/4k3/8/8/3KN3/8/8 w - - 0 1",
        "8/8/4kb2/8/8/3K4/8/8 w - - 0 1",
        "8/8/4kb2/8/8/3KB3/8/8 w - - 0 1",
    ] {
        assert!(position(fen).is_insufficient_material(), "{fen}");
    }
    for fen in [
        "8/8/4k3/8/8/3KNN2/8/8 w - - 0 1",
        "8/8/4kb2/8/8/3K1B2/8/8 w - - 0 1",
        "8/8/4k3/8/8/3KP3/8/8 w - - 0 1",
        "8/8/4k3/8/8/2K4R/8/8 w - - 0 1",
    ] {
        assert!(!position(fen).is_insufficient_material(), "{fen}");
    }
}

#[test]
fn fifty_move_rule() {
    assert!(position("8/8/4k3/8/8/2K4R/8/8 w - - 100 80").is_fifty_move_draw());
    assert!(!position("8/8/4k3/8/8/2K4R/8/8 w - - 99 80").is_fifty_move_draw());
    // Mate on the hundredth ply still wins.
    assert!(!position("7k/7Q/6K1/8/8/8/8/8 b - - 100 80").is_fifty_move_draw());
}

#[test]
fn uci_move_text_parses_against_the_legal_moves() {
    let start = Position::startpos();
    let e4 = start.parse_uci_move("e2e4").expect("e2e4");
    assert!(e4.is_double_push());
    assert_eq!(start.parse_uci_move("e2e5"), Err(MoveError::Illegal));
    assert_eq!(start.parse_uci_move("0000"), Err(MoveError::Illegal));
    for malformed in ["", "e2", "e2e4qq", "e2e9", "i2e4", "e7e8x", "é2e4", "E2E4"] {
        assert_eq!(start.parse_uci_move(malformed), Err(MoveError::Malformed), "{malformed:?}");
    }

    let castle = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for (text, king_to) in
        [("e1g1", Square::G1), ("e1h1", Square::G1), ("e1c1", Square::C1), ("e1a1", Square::C1)]
    {
        let mv = castle.parse_uci_move(text).expect(text);
        assert!(mv.is_castling());
        assert_eq!(mv.king_destination(), king_to);
    }

    let promotion = position("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    let knight = promotion.parse_uci_move("e7e8n").expect("e7e8n");
    assert_eq!(knight.promotion(), Some(PieceKind::Knight));
    assert_eq!(promotion.parse_uci_move("e7e8"), Err(MoveError::Illegal));
}

#[test]
fn en_passant_and_captures_are_described() {
    let before = position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    let capture = before.parse_uci_move("e5d6").expect("e.p.");
    assert!(capture.is_en_passant() && capture.is_capture());
    assert_eq!(before.captured_kind(capture), Some(PieceKind::Pawn));
    let after = before.play(capture);
    assert_eq!(after.piece_at(Square::D5), None);
    assert_eq!(after.to_string(), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2");
    assert!(!before.gives_check(before.parse_uci_move("e5e6").expect("e6")));
}

#[test]
fn attacks_pins_and_null_moves() {
    let pinned = position("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    assert_eq!(pinned.pinned(), Square::E2.bitboard());
    assert!(pinned.attacks_to(Square::E2, pinned.occupied()).contains(Square::E7));
    assert!(pinned.attacked_by(bb_core::Color::Black).contains(Square::E2));
    let passed = pinned.play_null();
    assert_eq!(passed.side_to_move(), bb_core::Color::Black);
    assert_eq!(passed.zobrist_key(), passed.compute_zobrist_key());
    assert_ne!(passed.zobrist_key(), pinned.zobrist_key());
}

#[test]
fn discovered_and_en_passant_checks() {
    // Moving the d4 knight uncovers the d1 rook's check on d8.
    let discovered = position("3k4/8/8/8/3N4/8/8/3RK3 w - - 0 1");
    assert!(discovered.gives_check(discovered.parse_uci_move("d4b5").unwrap()));
    // Taking en passant empties d5 and e5, opening the fifth rank from the
    // h5 rook to the a5 king.
    let en_passant = position("8/8/8/k2pP2R/8/8/8/4K3 w - d6 0 1");
    assert!(en_passant.gives_check(en_passant.parse_uci_move("e5d6").unwrap()));
    // A quiet rook move along the rank gives no check.
    assert!(!en_passant.gives_check(en_passant.parse_uci_move("h5h6").unwrap()));
}

#[test]
fn draws_the_position_alone_decides() {
    assert!(position("8/8/4k3/8/8/2K5/8/8 w - - 0 1").is_draw_ignoring_repetition());
    assert!(position("8/8/4k3/8/8/2K4R/8/8 w - - 100 80").is_draw_ignoring_repetition());
    assert!(!position("8/8/4k3/8/8/2K4R/8/8 w - - 99 80").is_draw_ignoring_repetition());
    // Mate on the hundredth ply stands.
    assert!(!position("7k/7Q/6K1/8/8/8/8/8 b - - 100 80").is_draw_ignoring_repetition());
}

/// From the `move_text` fuzz target (issue #17): in a Chess960 position the
/// standard notation of castling (the king's destination) can name a
/// plain king move too. Here Black's king on d8 castles with the b8 rook
/// to c8, and d8c8 is also a legal king step: the text means the step, and
/// castling must be written king takes rook, d8b8 (UCI_Chess960 notation).
/// A standard position never has this clash.
#[test]
fn chess960_castling_is_written_king_takes_rook_where_the_destination_is_ambiguous() {
    let chess960 = position("1r1k4/1b1np3/p7/n1pR4/8/qPBP2p1/2N1P1r1/b1NKQ1R1 b b - 1 29");
    assert!(chess960.is_chess960());
    let step = chess960.parse_uci_move("d8c8").expect("d8c8");
    assert!(!step.is_castling());
    let castling = chess960.parse_uci_move("d8b8").expect("d8b8");
    assert!(castling.is_castling());
    assert_eq!(castling.uci(true).to_string(), "d8b8");
    assert_eq!(castling.uci(false).to_string(), "d8c8");
}
