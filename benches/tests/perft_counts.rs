//! Every engine of the perft benchmark gets the published node count at
//! exactly the depth it is benchmarked at, so the comparison measures the
//! same work for all (and a peer built for i686 is checked there too).

#[path = "../benches/peers/mod.rs"]
mod peers;

use bb_benches::{bench_depth, hperft_depth, PERFT_POSITIONS};

/// Runs one engine's perft on every position at its bench depth, and also
/// at depth 1 and 2 so a wrong count points at a shallow cause first.
macro_rules! check_engine {
    ($module:ident) => {
        for test in &PERFT_POSITIONS {
            let board = peers::$module::parse(test.fen);
            for depth in [1, 2, bench_depth(test).0] {
                let expected = test.nodes_at(depth).unwrap();
                let counted = peers::$module::perft(&board, depth);
                assert_eq!(counted, expected, "{} perft({depth}) of {}", stringify!($module), test.name);
            }
            // Hashed leaves: the same count where every leaf move is made.
            for depth in [0, 1, 2, hperft_depth(test).0] {
                let expected = test.nodes_at(depth).unwrap_or(1);
                let (counted, _) = peers::$module::hperft(&board, depth);
                assert_eq!(counted, expected, "{} hperft({depth}) of {}", stringify!($module), test.name);
            }
        }
    };
}

/// shakmaty's keys are Polyglot's (checked against the published key of
/// the initial position and after 1. e4), and bb computes Polyglot keys
/// too: so the two engines' leaves must sum to the same Polyglot total, a
/// check across engines that every leaf position is the same. shakmaty's
/// hperft carries the key down by its incremental update.
#[test]
fn shakmaty_leaves_sum_to_bb_polyglot_keys() {
    let start = peers::shakmaty::parse(bb_movegen::STARTPOS_FEN);
    assert_eq!(peers::shakmaty::hperft(&start, 0), (1, 0x463b_9618_1691_fc9c));
    let after_e4 = peers::shakmaty::parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert_eq!(peers::shakmaty::hperft(&after_e4, 0).1, 0x823c_9b50_fd11_4196);
    fn polyglot_sum(position: &bb_movegen::Position, depth: u32) -> u64 {
        if depth == 0 {
            return position.polyglot_key();
        }
        position
            .legal_moves()
            .iter()
            .fold(0u64, |sum, mv| sum.wrapping_add(polyglot_sum(&position.play(*mv), depth - 1)))
    }
    for test in &PERFT_POSITIONS {
        let bb = bb_movegen::Position::from_fen(test.fen).unwrap();
        let shakmaty = peers::shakmaty::parse(test.fen);
        for depth in 0..=3 {
            let (_, key_sum) = peers::shakmaty::hperft(&shakmaty, depth);
            assert_eq!(key_sum, polyglot_sum(&bb, depth), "{} depth {depth}", test.name);
        }
    }
}

#[test]
fn bb_counts_match_published_perft() {
    check_engine!(bb);
}

#[test]
fn cozy_chess_counts_match_published_perft() {
    check_engine!(cozy_chess);
}

#[test]
fn chess_counts_match_published_perft() {
    check_engine!(chess);
}

#[test]
fn shakmaty_counts_match_published_perft() {
    check_engine!(shakmaty);
}
