//! Polyglot keys and move codes, against the Polyglot book format
//! specification's example keys and against python-chess on positions from
//! random playouts (tests/data/polyglot/keys.txt, made by gen_keys.py).

use bb_movegen::Position;

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

/// The position after playing `moves` (UCI text) from the start.
fn after(moves: &str) -> Position {
    moves.split_whitespace().fold(Position::startpos(), |position, text| {
        let mv = position.parse_uci_move(text).unwrap_or_else(|error| panic!("{text}: {error}"));
        position.play(mv)
    })
}

#[test]
fn specification_examples() {
    // The test positions of the Polyglot book format specification.
    let examples = [
        ("", 0x463b96181691fc9c),
        ("e2e4", 0x823c9b50fd114196),
        ("e2e4 d7d5", 0x0756b94461c50fb0),
        ("e2e4 d7d5 e4e5", 0x662fafb965db29d4),
        ("e2e4 d7d5 e4e5 f7f5", 0x22a48b5a8e47ff78),
        ("e2e4 d7d5 e4e5 f7f5 e1e2", 0x652a607ca3f242c1),
        ("e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", 0x00fdd303c946bdd9),
        ("a2a4 b7b5 h2h4 b5b4 c2c4", 0x3c8123ea7b067637),
        ("a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", 0x5c3f9b829b279560),
    ];
    for (moves, key) in examples {
        assert_eq!(after(moves).polyglot_key(), key, "after '{moves}'");
    }
}

#[test]
fn en_passant_file_only_when_a_pawn_can_take() {
    // After e2e4 no black pawn stands on d4 or f4: the e3 square is in the
    // FEN but not in the key, which is the key without it.
    let with_square = position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    let without = position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert_eq!(with_square.polyglot_key(), without.polyglot_key());
    // With a pawn beside the pushed one the file counts, even when the
    // capture would be illegal (here the f4 pawn is pinned to its king).
    let pinned = position("8/8/8/8/1Q2Pp1k/8/8/K7 b - e3 0 1");
    let pinned_without = position("8/8/8/8/1Q2Pp1k/8/8/K7 b - - 0 1");
    assert!(pinned.legal_moves().iter().all(|mv| !mv.is_en_passant()));
    assert_ne!(pinned.polyglot_key(), pinned_without.polyglot_key());
}

#[test]
fn chess960_rights_map_by_side() {
    // Rooks on b1 and g1: king-side and queen-side rights still take the
    // short and long keys, so each right changes the key differently.
    let all = position("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w BGbg - 0 1");
    let keys: Vec<u64> =
        ["1r2k1r1/8/8/8/8/8/8/1R2K1R1 w Bbg - 0 1", "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w Gbg - 0 1"]
            .into_iter()
            .map(|fen| position(fen).polyglot_key())
            .collect();
    assert_ne!(all.polyglot_key(), keys[0]);
    assert_ne!(keys[0], keys[1]);
    // The same rights with the rooks in the corners of a standard board
    // differ from the standard position only by the rook squares: the
    // castling part of the key is the same.
    let standard = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let standard_none = position("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
    let none = position("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w - - 0 1");
    assert_eq!(
        standard.polyglot_key() ^ standard_none.polyglot_key(),
        all.polyglot_key() ^ none.polyglot_key()
    );
    // python-chess maps them the same way (values from
    // `chess.polyglot.zobrist_hash(chess.Board(fen, chess960=True))`).
    assert_eq!(all.polyglot_key(), 0x0cad19b91c203984);
    assert_eq!(keys, [0x3d7a04777892fa94, 0xfdc8ac3ec3a9b814]);
    assert_eq!(none.polyglot_key(), 0x77973412cba1966d);
}

/// (FEN, key) pairs computed by python-chess.
fn python_chess_keys() -> Vec<(String, u64)> {
    include_str!("data/polyglot/keys.txt")
        .lines()
        .map(|line| {
            let (fen, key) = line.split_once(';').expect("FEN;key");
            (fen.to_string(), u64::from_str_radix(key, 16).expect("hex key"))
        })
        .collect()
}

#[test]
fn random_playouts_agree_with_python_chess() {
    let cases = python_chess_keys();
    assert_eq!(cases.len(), 460);
    for (fen, key) in cases {
        assert_eq!(position(&fen).polyglot_key(), key, "{fen}");
    }
}

#[test]
fn every_legal_move_round_trips_through_its_code() {
    for (fen, _) in python_chess_keys() {
        let position = position(&fen);
        for &mv in position.legal_moves().iter() {
            assert_eq!(position.polyglot_move(mv.to_polyglot()), Some(mv), "{fen} {mv}");
        }
    }
}

#[test]
fn malformed_codes_name_no_move() {
    let start = Position::startpos();
    let e2e4 = start.parse_uci_move("e2e4").unwrap().to_polyglot();
    assert!(start.polyglot_move(e2e4).is_some());
    // The high bit, or a promotion piece past the queen, make it invalid.
    assert_eq!(start.polyglot_move(e2e4 | 0x8000), None);
    assert_eq!(start.polyglot_move(e2e4 | (5 << 12)), None);
    // A promotion code on a non-promotion, and a code for no move.
    assert_eq!(start.polyglot_move(e2e4 | (4 << 12)), None);
    assert_eq!(start.polyglot_move(0), None);
    for code in 0..=u16::MAX {
        let _ = start.polyglot_move(code);
    }
}

#[test]
fn castling_codes_are_king_takes_rook() {
    let position = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let short = position.parse_uci_move("e1g1").unwrap();
    let long = position.parse_uci_move("e1c1").unwrap();
    // e1 is square 4, h1 is 7 and a1 is 0.
    assert_eq!(short.to_polyglot(), (4 << 6) | 7);
    assert_eq!(long.to_polyglot(), 4 << 6);
}
