//! Every engine of the perft benchmark gets the published node count at
//! exactly the depth it is benchmarked at, so the comparison measures the
//! same work for all (and a peer built for i686 is checked there too).

#[path = "../benches/peers/mod.rs"]
mod peers;

use bb_benches::{bench_depth, PERFT_POSITIONS};

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
        }
    };
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
