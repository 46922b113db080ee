//! Issue #17: every FEN bb prints reads back, however long the game. Random
//! games are played with `play` (copy-make, so cheap) and the FEN is read
//! back at checkpoints, including a 200,000-ply game whose counters pass
//! any limit a "reasonable game" would suggest.

use bb_movegen::Position;
use proptest::prelude::*;

/// Reads the FEN of `position` back and checks it is the same position.
fn assert_reads_back(position: &Position) {
    let fen = position.to_string();
    let reparsed = Position::from_fen(&fen).unwrap_or_else(|error| panic!("{fen}: {error}"));
    assert_eq!(&reparsed, position, "{fen}");
    assert_eq!(reparsed.to_string(), fen);
}

/// Plays up to `plies` random legal moves (a small xorshift picks them),
/// checking the FEN round trip every `every` plies and at the end.
fn random_game(start: &str, plies: u32, every: u32, mut seed: u64) -> Position {
    let mut position = Position::from_fen(start).unwrap();
    for ply in 0..plies {
        if ply % every == 0 {
            assert_reads_back(&position);
        }
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        position = position.play(moves.as_slice()[(seed % moves.len() as u64) as usize]);
    }
    assert_reads_back(&position);
    position
}

#[test]
fn a_200000_ply_game_reads_back() {
    // Two lone kings: no mate, no stalemate, no capture, no pawn move.
    let end = random_game("4k3/8/8/8/8/8/8/4K3 w - - 0 1", 200_000, 1_000, 0x9E37_79B9_7F4A_7C15);
    assert_eq!(end.halfmove_clock(), 200_000);
    assert_eq!(end.fullmove_number(), 100_001);
}

#[test]
fn a_long_game_with_pieces_reads_back() {
    let end = random_game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 20_000, 7, 12345);
    assert!(end.fullmove_number() >= 1);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_games_read_back(seed in 1u64.., plies in 0u32..2_000) {
        random_game(bb_movegen::STARTPOS_FEN, plies, 3, seed);
        random_game("4k3/8/8/8/8/8/8/4K3 b - - 99 1", plies, 5, seed);
    }
}
