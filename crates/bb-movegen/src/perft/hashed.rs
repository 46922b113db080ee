//! Perft with hashed leaves ("hperft"): every move is made, the leaves'
//! own included, and the Zobrist keys of the leaf positions are summed.
//!
//! Bulk counting never makes the last ply's moves, so it says nothing of
//! how fast make-move is, which a search spends much of its time in. Here
//! every leaf is a position reached by `play` with its key kept up to date,
//! and the key sum proves that the moves were made (and, compared with keys
//! computed from scratch, that they were made right).

use super::kernel::{self, Walk};
use crate::move_sink::OnMove;
use crate::movegen::{EachMove, MoveFilter};
use crate::moves::Move;
use crate::Position;
use bb_core::platform::{self, Kernel};
use bb_tables::SliderLookup;

/// What a perft with hashed leaves adds up: the leaves, and the wrapping
/// sum of their Zobrist keys ([`Position::zobrist_key`]).
///
/// ```
/// use bb_movegen::perft::LeafKeys;
///
/// let a = LeafKeys { nodes: 2, key_sum: u64::MAX };
/// let b = LeafKeys { nodes: 3, key_sum: 2 };
/// assert_eq!(a + b, LeafKeys { nodes: 5, key_sum: 1 }); // the sum wraps
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct LeafKeys {
    /// The number of leaves: the perft count.
    pub nodes: u64,
    /// The sum of the leaves' Zobrist keys, modulo 2^64.
    pub key_sum: u64,
}

impl core::ops::Add for LeafKeys {
    type Output = LeafKeys;

    fn add(self, other: LeafKeys) -> LeafKeys {
        LeafKeys { nodes: self.nodes + other.nodes, key_sum: self.key_sum.wrapping_add(other.key_sum) }
    }
}

impl core::ops::AddAssign for LeafKeys {
    fn add_assign(&mut self, other: LeafKeys) {
        *self = *self + other;
    }
}

/// Perft of `depth` plies that makes every move and sums the leaves' keys.
/// The count is [`perft`](super::perft)'s; the time is that of making
/// every move.
///
/// ```
/// use bb_movegen::perft::{self, LeafKeys};
/// use bb_movegen::Position;
///
/// let start = Position::startpos();
/// assert_eq!(perft::perft_hashed(&start, 0), LeafKeys { nodes: 1, key_sum: start.zobrist_key() });
/// let after_two = perft::perft_hashed(&start, 2);
/// assert_eq!(after_two.nodes, 400);
/// // The same sum, move by move with keys computed from scratch:
/// let mut key_sum = 0u64;
/// for first in start.legal_moves().iter() {
///     let child = start.play(*first);
///     for reply in child.legal_moves().iter() {
///         key_sum = key_sum.wrapping_add(child.play(*reply).compute_zobrist_key());
///     }
/// }
/// assert_eq!(after_two.key_sum, key_sum);
/// ```
pub fn perft_hashed(position: &Position, depth: u32) -> LeafKeys {
    perft_hashed_on(platform::kernel(), position, depth)
        .or_else(|| perft_hashed_on(Kernel::Portable, position, depth))
        .expect("the portable copy always runs")
}

/// [`perft_hashed`] by the copy `kernel` names, or `None` when this build
/// or CPU cannot run it (as [`perft_on`](super::perft_on)).
///
/// ```
/// use bb_core::platform::Kernel;
/// use bb_movegen::{perft, Position};
///
/// let start = Position::startpos();
/// let portable = perft::perft_hashed_on(Kernel::Portable, &start, 3).unwrap();
/// assert_eq!(portable.nodes, 8_902);
/// if let Some(bmi2) = perft::perft_hashed_on(Kernel::Bmi2, &start, 3) {
///     assert_eq!(bmi2, portable);
/// }
/// ```
pub fn perft_hashed_on(kernel: Kernel, position: &Position, depth: u32) -> Option<LeafKeys> {
    kernel::walk_on(kernel, HashLeaves, position, depth)
}

/// [`perft_hashed`] split by root move: calls `each(move, sum)` for every
/// legal move and returns the total.
///
/// ```
/// use bb_movegen::perft;
/// use bb_movegen::Position;
///
/// let start = Position::startpos();
/// let mut lines = Vec::new();
/// let total = perft::divide_hashed(&start, 3, |mv, sum| lines.push((mv, sum)));
/// assert_eq!(lines.len(), 20);
/// assert_eq!(total, perft::perft_hashed(&start, 3));
/// assert_eq!(total.nodes, 8_902);
/// ```
pub fn divide_hashed(position: &Position, depth: u32, mut each: impl FnMut(Move, LeafKeys)) -> LeafKeys {
    if depth == 0 {
        return perft_hashed(position, 0);
    }
    let mut total = LeafKeys::default();
    for mv in position.legal_moves().iter() {
        let sum = perft_hashed(&position.play(*mv), depth - 1);
        each(*mv, sum);
        total += sum;
    }
    total
}

/// Perft with hashed leaves as a [`Walk`].
#[derive(Clone, Copy)]
struct HashLeaves;

impl Walk for HashLeaves {
    type Sum = LeafKeys;

    #[inline(always)]
    fn play(position: &Position, mv: Move) -> Position {
        position.play_generated(mv)
    }

    #[inline(always)]
    fn node<L: SliderLookup>(
        self,
        position: &Position,
        depth: u32,
        sliders: L,
        walk_child: impl Fn(&Position) -> LeafKeys,
    ) -> LeafKeys {
        if depth == 1 {
            let mut leaves = EachMove(SumLeaves { position, sum: LeafKeys::default() });
            position.generate_into_with(sliders, MoveFilter::All, &mut leaves);
            return leaves.0.sum;
        }
        // Inner nodes are few next to the leaves: a call per move costs
        // little here, and inlining the keyed `play` at every place the
        // generator reports a move would add much code for it.
        let mut sum = LeafKeys::default();
        position.generate_into_with(
            sliders,
            MoveFilter::All,
            &mut EachMove(|mv| sum += walk_child(&Self::play(position, mv))),
        );
        sum
    }

    #[inline(always)]
    fn leaf(position: &Position) -> LeafKeys {
        LeafKeys { nodes: 1, key_sum: position.zobrist_key() }
    }
}

/// Makes each move of the last ply where the generator finds it and adds
/// up the keys of the leaves. Its `on_move` is inlined into the
/// generator's loops, where a closure would stay a call per leaf.
/// [`PlayAndWalk`](super::kernel::PlayAndWalk) with `HashLeaves::leaf` as
/// the walk computes the same sums, but measured 5 % slower on Kiwipete.
struct SumLeaves<'a> {
    position: &'a Position,
    sum: LeafKeys,
}

impl OnMove for SumLeaves<'_> {
    #[inline(always)]
    fn on_move(&mut self, mv: Move) {
        self.sum += HashLeaves::leaf(&self.position.play_generated(mv));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perft::reference::POSITIONS;

    /// The sum by the slowest honest route: a move list at every node, and
    /// each leaf's key computed from scratch.
    fn by_move_lists(position: &Position, depth: u32) -> LeafKeys {
        if depth == 0 {
            return LeafKeys { nodes: 1, key_sum: position.compute_zobrist_key() };
        }
        position
            .legal_moves()
            .iter()
            .map(|mv| by_move_lists(&position.play(*mv), depth - 1))
            .fold(LeafKeys::default(), |total, sum| total + sum)
    }

    #[test]
    fn every_copy_sums_the_keys_computed_from_scratch() {
        for reference in &POSITIONS {
            let position = reference.position();
            for depth in 0..=2 {
                let expected = by_move_lists(&position, depth);
                assert_eq!(expected.nodes, crate::perft(&position, depth), "{} {depth}", reference.name);
                assert_eq!(perft_hashed(&position, depth), expected, "{} {depth}", reference.name);
                for kernel in [Kernel::Portable, Kernel::Popcnt, Kernel::Bmi2] {
                    if let Some(sum) = perft_hashed_on(kernel, &position, depth) {
                        assert_eq!(sum, expected, "{} {depth} {kernel}", reference.name);
                    }
                }
            }
        }
    }

    #[test]
    fn counts_agree_with_perft_deeper() {
        for reference in &POSITIONS {
            let position = reference.position();
            assert_eq!(perft_hashed(&position, 3).nodes, crate::perft(&position, 3), "{}", reference.name);
        }
    }
}
