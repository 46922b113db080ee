//! Serial perft and divide: one thread, no table, counts in `u64`.
//!
//! The last ply is counted in bulk (a popcount per piece, moves are never
//! listed), and inner nodes need no move list either: the generator hands
//! each move to a callback that plays it and recurses at once.

use crate::movegen::{EachMove, MoveCounter, MoveFilter};
use crate::moves::Move;
use crate::Position;

/// The number of move sequences of `depth` plies from `position`.
///
/// ```
/// use bb_movegen::{perft, Position};
///
/// let start = Position::startpos();
/// assert_eq!(perft(&start, 0), 1);
/// assert_eq!(perft(&start, 1), 20);
/// assert_eq!(perft(&start, 3), 8_902);
/// let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
/// assert_eq!(perft(&Position::from_fen(kiwipete).unwrap(), 2), 2_039);
/// ```
pub fn perft(position: &Position, depth: u32) -> u64 {
    #[cfg(all(any(target_arch = "x86", target_arch = "x86_64"), not(target_feature = "popcnt")))]
    if let Some(nodes) = with_popcnt::perft(position, depth) {
        return nodes;
    }
    perft_portable(position, depth)
}

/// Perft split by root move: calls `each(move, count)` for every legal move
/// and returns the total.
///
/// ```
/// use bb_movegen::{divide, Position};
///
/// let mut counts = Vec::new();
/// let total = divide(&Position::startpos(), 2, |mv, count| counts.push((mv.to_string(), count)));
/// assert_eq!(total, 400);
/// assert_eq!(counts.len(), 20);
/// assert!(counts.iter().all(|(_, count)| *count == 20)); // 20 replies to each move
/// ```
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

/// Perft compiled for the build's baseline instruction set.
fn perft_portable(position: &Position, depth: u32) -> u64 {
    perft_node(position, depth, perft_portable)
}

/// One node of perft; `recurse` counts the children. Inlined into each
/// entry point so that everything below is compiled for its instruction set.
#[inline(always)]
fn perft_node(position: &Position, depth: u32, recurse: impl Fn(&Position, u32) -> u64) -> u64 {
    match depth {
        0 => 1,
        1 => {
            let mut counter = MoveCounter::default();
            position.generate_into(MoveFilter::All, &mut counter);
            counter.0
        }
        _ => {
            let mut nodes = 0;
            position.generate_into(
                MoveFilter::All,
                &mut EachMove(|mv| nodes += recurse(&position.play_unkeyed(mv), depth - 1)),
            );
            nodes
        }
    }
}

/// Perft compiled with the POPCNT instruction, for CPUs that have it.
#[cfg(all(any(target_arch = "x86", target_arch = "x86_64"), not(target_feature = "popcnt")))]
mod with_popcnt {
    use super::perft_node;
    use crate::Position;

    /// Perft by the POPCNT copy, or `None` when this CPU lacks POPCNT.
    #[allow(unsafe_code)]
    pub(super) fn perft(position: &Position, depth: u32) -> Option<u64> {
        if bb_core::platform::kernel() != bb_core::platform::Kernel::Popcnt {
            return None;
        }
        // SAFETY: calling a `#[target_feature]` function is unsafe only
        // because the CPU might lack the feature; CPUID just said it has
        // POPCNT, the one feature `perft_popcnt` is compiled for.
        Some(unsafe { perft_popcnt(position, depth) })
    }

    #[target_feature(enable = "popcnt")]
    fn perft_popcnt(position: &Position, depth: u32) -> u64 {
        perft_node(position, depth, |child, child_depth| perft_popcnt(child, child_depth))
    }

    #[cfg(test)]
    mod tests {
        use crate::Position;

        /// Both copies count alike (on a CPU with POPCNT; otherwise the
        /// dispatch declines, which is checked too).
        #[test]
        fn popcnt_copy_counts_like_the_portable_one() {
            let kiwipete =
                Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
                    .expect("kiwipete");
            for depth in 0..=3 {
                let portable = super::super::perft_portable(&kiwipete, depth);
                match super::perft(&kiwipete, depth) {
                    Some(nodes) => assert_eq!(nodes, portable, "depth {depth}"),
                    None => assert_ne!(bb_core::platform::kernel(), bb_core::platform::Kernel::Popcnt),
                }
            }
            assert_eq!(super::super::perft_portable(&kiwipete, 3), 97_862);
        }
    }
}
