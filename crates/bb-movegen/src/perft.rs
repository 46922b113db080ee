//! Perft: the number of leaf nodes of the legal move tree, the standard
//! correctness test (and speed benchmark) of a move generator.
//!
//! The last ply is counted in bulk (a popcount per piece, moves are never
//! listed), and inner nodes need no move list either: the generator hands
//! each move to a sink that plays it and recurses at once.

use crate::movegen::{EachMove, MoveFilter};
use crate::moves::Move;
use crate::Position;

/// The number of move sequences of `depth` plies from `position`.
pub fn perft(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves(),
        _ => {
            let mut nodes = 0;
            position.generate_into(
                MoveFilter::All,
                &mut EachMove(|mv| nodes += perft(&position.play_unkeyed(mv), depth - 1)),
            );
            nodes
        }
    }
}

/// Perft split by root move: calls `each(move, count)` for every legal move
/// and returns the total.
pub fn divide(position: &Position, depth: u32, mut each: impl FnMut(Move, u64)) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for mv in position.legal_moves().iter() {
        let count = perft(&position.play(*mv), depth - 1);
        each(*mv, count);
        total += count;
    }
    total
}
