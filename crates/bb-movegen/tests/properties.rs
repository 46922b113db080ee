//! Invariants checked along random playouts (proptest picks the moves):
//! FEN round trip, incremental Zobrist equal to from-scratch (and to
//! `key_after`, the key foreseen before the move is made), every move
//! leaves the mover's king safe, `gives_check`
//! agrees with making the move, the generator agrees move for move with an
//! independent slow generator, captures plus quiets make up all moves, and
//! perft's count of the last two plies equals the replies of each made move.

mod slow_generator;

use bb_core::platform::Kernel;
use bb_movegen::{perft, MoveFilter, MoveList, Position};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// Starting points: the initial position, a few tactical ones from the
/// suites (castling, en passant, promotions) and a Chess960 setup.
const STARTS: [&str; 6] = [
    bb_movegen::STARTPOS_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
];

fn uci_set(list: &MoveList) -> BTreeSet<String> {
    list.iter().map(|mv| mv.uci(true).to_string()).collect()
}

/// Checks every invariant at one position; returns the legal moves.
fn check_position(position: &Position) -> Result<MoveList, TestCaseError> {
    let fen = position.to_string();
    let reparsed =
        Position::from_fen(&fen).map_err(|error| TestCaseError::fail(format!("{fen}: {error}")))?;
    prop_assert_eq!(&reparsed, position, "FEN round trip of {}", fen);
    prop_assert_eq!(reparsed.to_string(), fen.clone());
    prop_assert_eq!(
        position.zobrist_key(),
        position.compute_zobrist_key(),
        "incremental key differs at {}",
        fen
    );

    let legal = position.legal_moves();
    let expected = slow_generator::legal_moves(position);
    let got = uci_set(&legal);
    prop_assert_eq!(got.len(), legal.len(), "duplicate moves at {}", fen);
    prop_assert_eq!(&got, &expected, "moves differ at {}", fen);
    prop_assert_eq!(position.count_legal_moves(), legal.len() as u64);

    let mut captures = MoveList::new();
    let mut quiets = MoveList::new();
    position.generate(MoveFilter::Captures, &mut captures);
    position.generate(MoveFilter::Quiets, &mut quiets);
    prop_assert!(captures.iter().all(|mv| mv.is_capture()));
    prop_assert!(quiets.iter().all(|mv| !mv.is_capture()));
    let mut union: BTreeSet<String> = uci_set(&captures);
    union.extend(uci_set(&quiets));
    prop_assert_eq!(captures.len() + quiets.len(), legal.len());
    prop_assert_eq!(&union, &got);

    let mover = position.side_to_move();
    for mv in legal.iter() {
        let next = position.play(*mv);
        let king = next.king_square(mover);
        prop_assert!(
            !next.is_attacked_by(king, mover.opposite(), next.occupied()),
            "{} leaves the king attacked at {}",
            mv,
            fen
        );
        prop_assert_eq!(next.side_to_move(), mover.opposite());
        prop_assert_eq!(position.gives_check(*mv), next.in_check(), "gives_check of {} at {}", mv, fen);
        prop_assert_eq!(next.zobrist_key(), next.compute_zobrist_key(), "key after {} from {}", mv, fen);
        prop_assert_eq!(position.key_after(*mv), next.zobrist_key(), "key_after {} from {}", mv, fen);
    }
    prop_assert_eq!(position.in_check(), position.checkers().any());

    // Perft counts the last two plies without making the last but one
    // move (`perft/replies`): every copy must agree with making each move
    // and counting its replies.
    let replies: u64 = legal.iter().map(|mv| position.play(*mv).count_legal_moves()).sum();
    for kernel in [Kernel::Portable, Kernel::Popcnt, Kernel::Bmi2] {
        if let Some(count) = perft::perft_on(kernel, position, 2) {
            prop_assert_eq!(count, replies, "perft 2 by the {} copy at {}", kernel, fen);
        }
    }
    Ok(legal)
}

/// A thousand playouts, divided by `BB_TEST_SCALE_DOWN` when `cargo xtask
/// ci` sets it (under an emulator, where each playout costs tens of times
/// more): every invariant is still checked there, along fewer playouts.
fn playouts() -> u32 {
    let divisor = std::env::var("BB_TEST_SCALE_DOWN").ok().and_then(|text| text.parse::<u32>().ok());
    (1000 / divisor.unwrap_or(1).max(1)).max(1)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: playouts(), ..ProptestConfig::default() })]

    #[test]
    fn invariants_hold_along_random_playouts(
        start in 0..STARTS.len(),
        choices in proptest::collection::vec(any::<u16>(), 0..120),
    ) {
        let mut position = Position::from_fen(STARTS[start]).expect("start FEN parses");
        for choice in choices {
            let legal = check_position(&position)?;
            if legal.is_empty() {
                prop_assert!(position.is_checkmate() || position.is_stalemate());
                break;
            }
            position = position.play(legal[choice as usize % legal.len()]);
        }
        check_position(&position)?;
    }
}
