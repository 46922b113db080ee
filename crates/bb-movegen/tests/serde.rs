//! The `serde` feature: positions are their FEN (Chess960 included) and
//! read back equal; moves are their 16-bit code; bad input is refused.
#![cfg(feature = "serde")]

use bb_movegen::{Move, Position};

const FENS: [&str; 3] = [
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
];

#[test]
fn positions_are_their_fen() {
    for fen in FENS {
        let position = Position::from_fen(fen).unwrap();
        let json = serde_json::to_string(&position).unwrap();
        assert_eq!(json, format!("\"{position}\""));
        assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), position, "{fen}");
    }
    let error = serde_json::from_str::<Position>("\"8/8/8/8/8/8/8/8 w - - 0 1\"").unwrap_err();
    assert!(error.to_string().contains("king"), "{error}");
}

#[test]
fn every_legal_move_round_trips_as_its_code() {
    for fen in FENS {
        let position = Position::from_fen(fen).unwrap();
        for &mv in position.legal_moves().iter() {
            let json = serde_json::to_string(&mv).unwrap();
            assert_eq!(json, mv.to_u16().to_string());
            assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), mv);
        }
    }
    let bad = (0..=u16::MAX).find(|&code| Move::from_u16(code).is_none());
    if let Some(code) = bad {
        assert!(serde_json::from_str::<Move>(&code.to_string()).is_err(), "code {code} was accepted");
    }
    assert!(serde_json::from_str::<Move>("\"e2e4\"").is_err());
}
