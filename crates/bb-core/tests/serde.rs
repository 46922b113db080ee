//! The `serde` feature: every square, piece, kind and colour round-trips
//! through JSON as its text, a bitboard as its u64, and bad text is refused.
#![cfg(feature = "serde")]

use bb_core::{Bitboard, Color, Piece, PieceKind, Square};
use proptest::prelude::*;

fn round_trip<T>(value: T, json: &str)
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + core::fmt::Debug,
{
    assert_eq!(serde_json::to_string(&value).unwrap(), json, "{value:?}");
    assert_eq!(serde_json::from_str::<T>(json).unwrap(), value, "{json}");
}

#[test]
fn squares_pieces_and_colours_are_their_text() {
    round_trip(Square::E4, "\"e4\"");
    round_trip(Square::H8, "\"h8\"");
    round_trip(Piece::WhiteKnight, "\"N\"");
    round_trip(Piece::BlackQueen, "\"q\"");
    round_trip(PieceKind::Rook, "\"r\"");
    round_trip(Color::Black, "\"b\"");
    for square in Square::ALL {
        round_trip(square, &format!("\"{square}\""));
    }
    for piece in Piece::ALL {
        round_trip(piece, &format!("\"{piece}\""));
    }
}

#[test]
fn bad_text_is_refused_with_the_parsers_reason() {
    for json in ["\"i9\"", "\"e\"", "\"\"", "4", "null"] {
        assert!(serde_json::from_str::<Square>(json).is_err(), "square {json} was accepted");
    }
    let message = serde_json::from_str::<Piece>("\"x\"").unwrap_err().to_string();
    assert!(message.contains("piece letter"), "{message}");
    assert!(serde_json::from_str::<Color>("\"white\"").is_err());
    assert!(serde_json::from_str::<Bitboard>("-1").is_err());
}

proptest! {
    #[test]
    fn bitboards_are_their_u64(bits: u64) {
        let board = Bitboard::from_u64(bits);
        prop_assert_eq!(serde_json::to_string(&board).unwrap(), bits.to_string());
        prop_assert_eq!(serde_json::from_str::<Bitboard>(&bits.to_string()).unwrap(), board);
    }
}
