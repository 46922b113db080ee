//! Serial perft and divide: one thread, no table, counts in `u64`.
//!
//! The last ply is counted in bulk (a popcount per piece, moves are never
//! listed); at the last but one the replies to each move are counted from
//! what the move changes, without making it ([`replies`](super::replies));
//! and inner nodes need no move list either: the generator hands each move
//! to [`PlayAndWalk`](super::kernel::PlayAndWalk), inlined into its loops,
//! which plays it and recurses at once.

use super::kernel::{self, PlayAndWalk, Walk};
use super::replies;
use crate::movegen::{EachMove, MoveCounter, MoveFilter};
use crate::moves::Move;
use crate::Position;
use bb_core::platform::{self, Kernel};
use bb_tables::{SliderLookup, SliderScheme, SLIDER_SCHEME};

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
    perft_on(platform::kernel(), position, depth).unwrap_or_else(|| perft_portable(position, depth))
}

/// [`perft`] by the copy `kernel` names, or `None` when this build or CPU
/// cannot run it (the build already assumes its instructions, the CPU lacks
/// them, or it is no x86). [`perft`] itself runs the copy of
/// [`platform::kernel`](bb_core::platform::kernel); this one lets tests and
/// benchmarks compare the copies in one program.
///
/// ```
/// use bb_core::platform::Kernel;
/// use bb_movegen::{perft, Position};
///
/// let start = Position::startpos();
/// assert_eq!(perft::perft_on(Kernel::Portable, &start, 3), Some(8_902));
/// for kernel in [Kernel::Popcnt, Kernel::Bmi2] {
///     if let Some(nodes) = perft::perft_on(kernel, &start, 3) {
///         assert_eq!(nodes, 8_902, "{kernel}");
///     }
/// }
/// ```
pub fn perft_on(kernel: Kernel, position: &Position, depth: u32) -> Option<u64> {
    kernel::walk_on(kernel, Count, position, depth)
}

/// The slider scheme the copy `kernel` looks up with: `pext` for
/// [`Kernel::Bmi2`], the build's [`SLIDER_SCHEME`] for the others.
///
/// ```
/// use bb_core::platform::{self, Kernel};
/// use bb_movegen::perft;
/// use bb_tables::{SliderScheme, SLIDER_SCHEME};
///
/// assert_eq!(perft::kernel_sliders(Kernel::Bmi2), SliderScheme::Pext);
/// assert_eq!(perft::kernel_sliders(Kernel::Portable), SLIDER_SCHEME);
/// println!("perft runs the {} copy with {} sliders", platform::kernel(), perft::kernel_sliders(platform::kernel()));
/// ```
pub fn kernel_sliders(kernel: Kernel) -> SliderScheme {
    match kernel {
        Kernel::Bmi2 => SliderScheme::Pext,
        _ => SLIDER_SCHEME,
    }
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

/// Perft by the copy compiled for the build's baseline instruction set.
fn perft_portable(position: &Position, depth: u32) -> u64 {
    kernel::walk_on(Kernel::Portable, Count, position, depth).expect("the portable copy always runs")
}

/// Plain perft as a [`Walk`]: the last ply counted in bulk (a popcount per
/// piece, moves never listed), the last two fused where the node allows
/// it, inner nodes playing each move as the generator reports it, without
/// a move list or the Zobrist key.
#[derive(Clone, Copy)]
struct Count;

impl Walk for Count {
    type Sum = u64;

    #[inline(always)]
    fn play(position: &Position, mv: Move) -> Position {
        position.play_unkeyed(mv)
    }

    #[inline(always)]
    fn node<L: SliderLookup>(
        self,
        position: &Position,
        depth: u32,
        sliders: L,
        walk_child: impl Fn(&Position) -> u64,
    ) -> u64 {
        if depth == 1 {
            let mut counter = MoveCounter::default();
            position.generate_into_with(sliders, MoveFilter::All, &mut counter);
            return counter.0;
        }
        if depth == 2 {
            if let Some(leaves) = replies::count_two_plies(position, sliders, &walk_child) {
                return leaves;
            }
        }
        let mut children = EachMove(PlayAndWalk::<Self, _> { position, walk_child, sum: 0 });
        position.generate_into_with(sliders, MoveFilter::All, &mut children);
        children.0.sum
    }

    #[inline(always)]
    fn leaf(_position: &Position) -> u64 {
        1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every copy this CPU runs counts like the portable one; the ones it
    /// cannot run are declined, exactly those.
    #[test]
    fn every_kernel_counts_like_the_portable_one() {
        let kiwipete =
            Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
                .expect("kiwipete");
        assert_eq!(perft_portable(&kiwipete, 3), 97_862);
        let x86 = cfg!(any(target_arch = "x86", target_arch = "x86_64"));
        let runs = [
            (Kernel::Portable, true),
            (Kernel::Popcnt, x86 && !platform::HAS_POPCNT && platform::has_popcnt()),
            (Kernel::Bmi2, !platform::HAS_PEXT && platform::Bmi2::detect().is_some()),
        ];
        for (kernel, runs_here) in runs {
            for depth in 0..=3 {
                match perft_on(kernel, &kiwipete, depth) {
                    Some(nodes) => assert_eq!(nodes, perft_portable(&kiwipete, depth), "{kernel} {depth}"),
                    None => assert!(!runs_here, "{kernel} declined"),
                }
            }
            assert_eq!(perft_on(kernel, &kiwipete, 1).is_some(), runs_here, "{kernel}");
        }
        assert!(perft_on(platform::kernel(), &kiwipete, 1).is_some(), "the chosen kernel runs");
    }
}
