//! `Position::is_legal` against the generator: every one of the 65,536
//! move codes, on every position of the perft suites, on the children of
//! the standard suite and on hand-picked positions (en-passant pins,
//! castling through check, Chess960 castling), then along random playouts.
//! `try_play` is checked for its reasons and its message.

use bb_core::Square;
use bb_movegen::{epd, IllegalReason, Move, MoveKind, Position};
use proptest::prelude::*;

const SUITES: [&str; 3] =
    [include_str!("data/standard.epd"), include_str!("data/chess960.epd"), include_str!("data/random.epd")];

/// Positions where a wrong shortcut would show.
const TRICKY: [&str; 12] = [
    // En passant that uncovers the king along the rank (illegal) ...
    "8/8/8/K2pP2r/8/8/8/7k w - d6 0 2",
    // ... along a diagonal through the captured pawn's square (illegal) ...
    "8/1b6/8/3pP3/8/8/6K1/k7 w - d6 0 2",
    // ... and the one that removes the checking pawn (legal).
    "8/8/8/3pP3/4K3/8/8/7k w - d6 0 2",
    // A pinned pawn that may capture en passant along its pin.
    "8/8/8/5k2/3Pp3/8/8/KB6 b - d3 0 1",
    // Castling through an attacked square, and out of check.
    "r3k2r/8/8/5q2/8/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/8/8/8/8/8/4q3/R3K2R w KQkq - 0 1",
    // Queen side: b1 may be attacked, c1 and d1 may not.
    "1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1",
    // Chess960: the castling rook shields the king's destination.
    "8/8/8/8/8/8/8/qR1K3k w B - 0 1",
    // Chess960: the rook next to the king, and both rooks beside it.
    "1k6/8/8/8/8/8/8/5RK1 w F - 0 1",
    "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1",
    // Double check: only the king moves.
    "4k3/8/8/8/8/5n2/8/r3K2R w K - 0 1",
    // Promotions with and without capture, both colours.
    "1n2k3/P6P/8/8/8/8/p6p/1N2K3 w - - 0 1",
];

/// Every code, compared with the generator's list; returns the mismatches.
fn mismatches(position: &Position) -> Vec<String> {
    let mut legal = vec![false; 1 << 16];
    for mv in position.legal_moves().iter() {
        legal[usize::from(mv.to_u16())] = true;
    }
    let mut wrong = Vec::new();
    for code in 0..=u16::MAX {
        let expected = legal[usize::from(code)];
        let got = Move::from_u16(code).is_some_and(|mv| position.is_legal(mv));
        if got != expected {
            let mv = Move::from_u16(code).unwrap_or(Move::NULL);
            wrong.push(format!("{position}: {mv:?} (code {code}) is_legal {got}, generator {expected}"));
        }
    }
    wrong
}

fn suite_positions() -> Vec<Position> {
    let mut positions = Vec::new();
    for suite in SUITES {
        for (number, line) in epd::lines(suite) {
            let line = line.unwrap_or_else(|error| panic!("line {number}: {error}"));
            positions.push(Position::from_fen(line.fen()).expect("suite FEN"));
        }
    }
    positions
}

#[test]
fn every_code_is_classified_as_the_generator_does_on_the_suites() {
    let positions = suite_positions();
    assert!(positions.len() > 600, "{} positions", positions.len());
    let wrong: Vec<String> = positions.iter().flat_map(mismatches).collect();
    assert!(wrong.is_empty(), "{} mismatches, first: {:#?}", wrong.len(), &wrong[..wrong.len().min(10)]);
}

#[test]
fn every_code_is_classified_as_the_generator_does_on_tricky_positions_and_their_children() {
    let mut positions: Vec<Position> =
        TRICKY.iter().map(|fen| Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))).collect();
    let standard = epd::lines(SUITES[0]).map(|(_, line)| Position::from_fen(line.unwrap().fen()).unwrap());
    positions.extend(standard.take(40));
    let children: Vec<Position> = positions
        .iter()
        .flat_map(|position| position.legal_moves().iter().map(|mv| position.play(*mv)).collect::<Vec<_>>())
        .collect();
    positions.extend(children);
    let wrong: Vec<String> = positions.iter().flat_map(mismatches).collect();
    assert!(wrong.is_empty(), "{} mismatches, first: {:#?}", wrong.len(), &wrong[..wrong.len().min(10)]);
}

#[test]
fn the_tricky_positions_test_what_they_say() {
    let legal =
        |fen: &str, from, to, kind| Position::from_fen(fen).unwrap().is_legal(Move::new(from, to, kind));
    assert!(!legal(TRICKY[0], Square::E5, Square::D6, MoveKind::EnPassant));
    assert!(!legal(TRICKY[1], Square::E5, Square::D6, MoveKind::EnPassant));
    assert!(legal(TRICKY[2], Square::E5, Square::D6, MoveKind::EnPassant));
    assert!(legal(TRICKY[3], Square::E4, Square::D3, MoveKind::EnPassant));
    assert!(!legal(TRICKY[4], Square::E1, Square::H1, MoveKind::Castling));
    assert!(legal(TRICKY[4], Square::E1, Square::A1, MoveKind::Castling));
    assert!(!legal(TRICKY[5], Square::E1, Square::A1, MoveKind::Castling));
    assert!(legal(TRICKY[6], Square::E1, Square::A1, MoveKind::Castling));
    assert!(!legal(TRICKY[7], Square::D1, Square::B1, MoveKind::Castling));
    assert!(legal(TRICKY[8], Square::G1, Square::F1, MoveKind::Castling));
    assert!(legal(TRICKY[9], Square::B1, Square::A1, MoveKind::Castling));
    assert!(legal(TRICKY[9], Square::B1, Square::H1, MoveKind::Castling));
    assert!(!legal(TRICKY[10], Square::E1, Square::F1, MoveKind::Quiet));
    assert!(legal(TRICKY[10], Square::E1, Square::E2, MoveKind::Quiet));
    assert!(legal(TRICKY[11], Square::A7, Square::B8, MoveKind::KnightPromotionCapture));
    assert!(!legal(TRICKY[11], Square::A7, Square::B8, MoveKind::KnightPromotion));
    assert!(!legal(TRICKY[11], Square::A7, Square::B8, MoveKind::Capture));
}

#[test]
fn try_play_names_the_move_the_position_and_the_reason() {
    let position = Position::from_fen("4k3/8/8/8/8/8/4q3/4K2R w K - 0 1").unwrap();
    let refuse = |from, to, kind| position.try_play(Move::new(from, to, kind)).unwrap_err();
    let empty = refuse(Square::A3, Square::A4, MoveKind::Quiet);
    assert_eq!(empty.reason(), IllegalReason::NoPieceToMove);
    assert_eq!(
        empty.to_string(),
        "a3a4 is not legal in 4k3/8/8/8/8/8/4q3/4K2R w K - 0 1: \
         no piece of the side to move stands on its origin square"
    );
    assert_eq!(refuse(Square::E8, Square::E7, MoveKind::Quiet).reason(), IllegalReason::NoPieceToMove);
    assert_eq!(refuse(Square::H1, Square::A8, MoveKind::Quiet).reason(), IllegalReason::CannotMoveThere);
    assert_eq!(refuse(Square::H1, Square::H8, MoveKind::Capture).reason(), IllegalReason::CannotMoveThere);
    let castle = refuse(Square::E1, Square::H1, MoveKind::Castling);
    assert_eq!(castle.reason(), IllegalReason::KingInCheck);
    assert_eq!(castle.mv(), Move::new(Square::E1, Square::H1, MoveKind::Castling));
    assert_eq!(castle.position(), &position);
    assert!(castle.to_string().starts_with("e1g1 is not legal in "), "{castle}");
    assert!(castle.to_string().ends_with(": it would leave the king in check"), "{castle}");
    assert_eq!(refuse(Square::H1, Square::H2, MoveKind::Quiet).reason(), IllegalReason::KingInCheck);
    let capture = position.try_play(Move::new(Square::E1, Square::E2, MoveKind::Capture)).unwrap();
    assert_eq!(capture.to_string(), "4k3/8/8/8/8/8/4K3/7R b - - 0 1");
}

/// Starting points for the playouts: castling, en passant, promotions, Chess960.
const STARTS: [&str; 5] = [
    bb_movegen::STARTPOS_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// At every position of a random playout, every code from a square of
    /// the side to move (all others have no piece to move) is classified
    /// as the generator does.
    #[test]
    fn is_legal_agrees_with_the_generator_along_random_playouts(
        start in 0..STARTS.len(),
        choices in proptest::collection::vec(any::<u16>(), 0..100),
    ) {
        let mut position = Position::from_fen(STARTS[start]).expect("start FEN parses");
        for choice in choices {
            let legal = position.legal_moves();
            let own = position.by_color(position.side_to_move());
            for kind in 0..16u16 {
                for to in 0..64u16 {
                    for from in own {
                        let Some(mv) = Move::from_u16(from as u16 | to << 6 | kind << 12) else { continue };
                        prop_assert_eq!(position.is_legal(mv), legal.contains(mv), "{:?} in {}", mv, position);
                    }
                }
            }
            prop_assert!(!position.is_legal(Move::from_u16(choice).unwrap_or(Move::NULL)) ||
                legal.contains(Move::from_u16(choice).unwrap_or(Move::NULL)));
            if legal.is_empty() {
                break;
            }
            let mv = legal[usize::from(choice) % legal.len()];
            prop_assert_eq!(position.try_play(mv), Ok(position.play(mv)));
            position = position.play(mv);
        }
    }
}
