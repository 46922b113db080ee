//! The copies of the network's two hot loops compiled for different
//! instruction sets, and which one runs.
//!
//! Every move of the search updates an accumulator (two rows of
//! [`HIDDEN`] `i16`s, a few columns added and removed) and every
//! evaluation takes the output layer's dot products over them. A portable
//! x86 build may assume SSE2 alone, 8 lanes of `i16` per instruction;
//! AVX2 has 16. So on x86 there is a second copy of both loops, written
//! with AVX2 instructions and run where the CPU reports AVX2 (always in a
//! build that assumes it): `bb bench` searches about 1.1× the nodes per
//! second on an AVX2 machine. Both copies compute the same numbers, in the
//! same wrapping `i16` and exact `i32` arithmetic; only the instructions
//! differ. Other targets compile the portable copy alone.

use super::network::squared_clipped_dot;
use super::{Accumulator, Network, HIDDEN};
use bb_movegen::{Move, Position};

#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
pub(super) use avx2::{output_sum, set_after_move};
#[cfg(not(any(target_arch = "x86", target_arch = "x86_64")))]
pub(super) use portable::{output_sum, set_after_move};

/// The loops in the build's baseline instructions.
mod portable {
    use super::{squared_clipped_dot, Accumulator, Move, Network, Position, HIDDEN};

    /// [`Accumulator::set_after_move`]: `target` becomes the accumulator
    /// after `mv` of `position`, whose accumulator is `parent`.
    #[inline(always)]
    pub fn set_after_move(
        target: &mut Accumulator,
        parent: &Accumulator,
        network: &Network,
        position: &Position,
        mv: Move,
    ) {
        target.set_after_move_portable(parent, network, position, mv);
    }

    /// The output layer's sum over both halves: `values[0]` by
    /// `weights[0]` plus `values[1]` by `weights[1]` (each a
    /// [`squared_clipped_dot`]).
    #[inline(always)]
    pub fn output_sum(values: [&[i16; HIDDEN]; 2], weights: [&[i16; HIDDEN]; 2]) -> i32 {
        squared_clipped_dot(values[0], weights[0]) + squared_clipped_dot(values[1], weights[1])
    }
}

/// The AVX2 copies, each falling back to the portable loop on a CPU
/// without AVX2. They are written with the instructions themselves:
/// compiled from the portable loops with AVX2 enabled, LLVM keeps them
/// 128 bits wide (no `ymm` register in the machine code, with
/// `target-cpu=haswell` too).
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
mod avx2 {
    use super::super::accumulator::input;
    use super::super::QA;
    use super::{portable, Accumulator, Move, Network, Position, HIDDEN};
    use crate::piece_changes::for_each_change;
    use bb_core::Color;
    #[cfg(target_arch = "x86")]
    use core::arch::x86::*;
    #[cfg(target_arch = "x86_64")]
    use core::arch::x86_64::*;

    /// `i16` lanes of one AVX2 register.
    const LANES: usize = 16;

    /// Registers that hold one half of an accumulator.
    const REGISTERS: usize = HIDDEN / LANES;

    const _: () = assert!(HIDDEN % LANES == 0, "the halves must tile into whole registers");

    /// True when this CPU runs the AVX2 copies: the CPU has AVX2 and the
    /// operating system saves its registers (the standard library asks
    /// CPUID and XGETBV once and remembers; a build that assumes AVX2
    /// knows it at compile time).
    #[inline(always)]
    pub fn available() -> bool {
        std::is_x86_feature_detected!("avx2")
    }

    /// [`portable::set_after_move`] by the AVX2 copy where [`available`].
    #[inline(always)]
    #[allow(unsafe_code)]
    pub fn set_after_move(
        target: &mut Accumulator,
        parent: &Accumulator,
        network: &Network,
        position: &Position,
        mv: Move,
    ) {
        if !available() {
            return portable::set_after_move(target, parent, network, position, mv);
        }
        // SAFETY: the copy needs AVX2, and `available()` just said this CPU has it.
        unsafe { set_after_move_avx2(target, parent, network, position, mv) }
    }

    /// [`portable::output_sum`] by the AVX2 copy where [`available`].
    #[inline(always)]
    #[allow(unsafe_code)]
    pub fn output_sum(values: [&[i16; HIDDEN]; 2], weights: [&[i16; HIDDEN]; 2]) -> i32 {
        if !available() {
            return portable::output_sum(values, weights);
        }
        // SAFETY: as in `set_after_move`.
        unsafe {
            squared_clipped_dot_avx2(values[0], weights[0]) + squared_clipped_dot_avx2(values[1], weights[1])
        }
    }

    /// The halves of `values` as chunks of one register each.
    #[inline(always)]
    fn lanes(values: &[i16; HIDDEN]) -> impl Iterator<Item = &[i16; LANES]> {
        // Whole chunks of LANES: the conversion cannot fail and compiles away.
        values.chunks_exact(LANES).map(|chunk| chunk.try_into().expect("a chunk of LANES"))
    }

    /// 16 `i16`s from `lanes`. Unsafe: the CPU must have AVX2.
    #[inline]
    #[allow(unsafe_code)]
    #[target_feature(enable = "avx2")]
    unsafe fn load(lanes: &[i16; LANES]) -> __m256i {
        // `lanes` is 32 readable bytes, and `loadu` needs no alignment.
        _mm256_loadu_si256(lanes.as_ptr().cast())
    }

    /// Each half in registers: the parent's values, then every column the
    /// move adds or removes (up to four: castling), then stored once.
    /// Wrapping 16-bit adds and subtractions, as in the portable loop.
    /// Unsafe: the CPU must have AVX2.
    #[allow(unsafe_code)]
    #[target_feature(enable = "avx2")]
    unsafe fn set_after_move_avx2(
        target: &mut Accumulator,
        parent: &Accumulator,
        network: &Network,
        position: &Position,
        mv: Move,
    ) {
        // Each change's input from White's and from Black's point of
        // view (the order of `Color::ALL`, the order of the halves).
        let mut changes = [([0; 2], false); 4];
        let mut count = 0;
        for_each_change(position, mv, |change| {
            let index = |perspective| input(perspective, change.color, change.kind, change.square);
            changes[count] = ([index(Color::White), index(Color::Black)], change.added);
            count += 1;
        });
        for side in 0..2 {
            let mut registers = [_mm256_setzero_si256(); REGISTERS];
            for (register, lanes) in registers.iter_mut().zip(lanes(&parent.values[side])) {
                *register = load(lanes);
            }
            for &(inputs, added) in &changes[..count] {
                let column = &network.feature_weights[inputs[side]];
                for (register, lanes) in registers.iter_mut().zip(lanes(column)) {
                    *register = if added {
                        _mm256_add_epi16(*register, load(lanes))
                    } else {
                        _mm256_sub_epi16(*register, load(lanes))
                    };
                }
            }
            for (lanes, &register) in target.values[side].chunks_exact_mut(LANES).zip(&registers) {
                // A chunk of LANES `i16`s is 32 writable bytes; `storeu`
                // needs no alignment.
                _mm256_storeu_si256(lanes.as_mut_ptr().cast(), register);
            }
        }
    }

    /// The output layer's dot product of one half (see
    /// [`super::squared_clipped_dot`]) 16 neurons at a time: clamp, a
    /// 16-bit multiply by the weight, and `madd`, which multiplies by the
    /// clamped value again and adds neighbouring pairs into 32 bits.
    /// Unsafe: the CPU must have AVX2.
    #[allow(unsafe_code)]
    #[target_feature(enable = "avx2")]
    unsafe fn squared_clipped_dot_avx2(values: &[i16; HIDDEN], weights: &[i16; HIDDEN]) -> i32 {
        let zero = _mm256_setzero_si256();
        let top = _mm256_set1_epi16(QA as i16);
        let mut sum = _mm256_setzero_si256();
        for (values, weights) in lanes(values).zip(lanes(weights)) {
            let clipped = _mm256_min_epi16(_mm256_max_epi16(load(values), zero), top);
            let product = _mm256_mullo_epi16(clipped, load(weights));
            sum = _mm256_add_epi32(sum, _mm256_madd_epi16(product, clipped));
        }
        let half = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256::<1>(sum));
        let quarter = _mm_add_epi32(half, _mm_shuffle_epi32::<0b01_00_11_10>(half));
        let eighth = _mm_add_epi32(quarter, _mm_shuffle_epi32::<0b10_11_00_01>(quarter));
        _mm_cvtsi128_si32(eighth)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::tests::{random_game, random_network, ROOTS};
    use bb_core::Square;
    use bb_movegen::MoveKind;
    use proptest::prelude::*;

    /// An accumulator of values these tests' positions do not give: a copy
    /// that fails to overwrite any of them shows.
    const STALE: Accumulator = Accumulator { values: [[0x5555; HIDDEN]; 2] };

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// The copy this CPU runs keeps the accumulator as the portable one
        /// does, into a target that held another position's values, and
        /// sums the output layer alike: on random networks (weights scaled
        /// so that the sums wrap) along random games from positions with
        /// castling, en passant and promotions near.
        #[test]
        fn the_copy_this_cpu_runs_computes_what_the_portable_one_does(
            root in 0..ROOTS.len(),
            seed in any::<u64>(),
            choices in prop::collection::vec(any::<u8>(), 1..80),
            scale in prop::sample::select(vec![1i16, 300, i16::MAX]),
        ) {
            let mut network = random_network(seed);
            let mut random = bb_core::random::SplitMix64::new(seed ^ 0x5eed);
            for column in &mut network.feature_weights {
                column.iter_mut().for_each(|weight| *weight = weight.wrapping_mul(scale));
            }
            network.output_weights.iter_mut().flatten().flatten().for_each(|weight| {
                *weight = (random.next_u64() % 255) as i16 - 127;
            });
            let game = random_game(root, &choices);
            let Some((first, _)) = game.first() else { return Ok(()) };
            let mut accumulator = Accumulator::new(&network, first);
            for (ply, (position, mv)) in game.iter().enumerate() {
                let mut portable = STALE;
                portable::set_after_move(&mut portable, &accumulator, &network, position, *mv);
                let mut dispatched = STALE;
                set_after_move(&mut dispatched, &accumulator, &network, position, *mv);
                prop_assert_eq!(dispatched, portable, "after {}", mv);
                prop_assert_eq!(portable, Accumulator::new(&network, &position.play(*mv)), "after {}", mv);
                accumulator = portable;
                for side in bb_core::Color::ALL {
                    let (own, other) = accumulator.halves(side);
                    let weights = &network.output_weights[ply % network.output_weights.len()];
                    let halves = [own, other];
                    let pair = [&weights[0], &weights[1]];
                    prop_assert_eq!(output_sum(halves, pair), portable::output_sum(halves, pair));
                }
            }
        }
    }

    #[test]
    fn a_move_from_an_empty_square_leaves_the_parents_values_in_every_copy() {
        let network = random_network(7);
        let position = Position::startpos();
        let parent = Accumulator::new(&network, &position);
        let nothing = Move::new(Square::E4, Square::E5, MoveKind::Quiet);
        let mut portable = STALE;
        portable::set_after_move(&mut portable, &parent, &network, &position, nothing);
        let mut dispatched = STALE;
        set_after_move(&mut dispatched, &parent, &network, &position, nothing);
        assert_eq!(portable, parent);
        assert_eq!(dispatched, parent);
    }
}
