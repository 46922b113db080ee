//! The copies of the network's two hot loops compiled for different
//! instruction sets, and which one runs.
//!
//! Every move of the search updates an accumulator (two rows of
//! [`HIDDEN`] `i16`s, a few columns added and removed) and every
//! evaluation takes the output layer's dot products over them. A portable
//! x86 build may assume SSE2 alone, 8 lanes of `i16` per instruction;
//! AVX2 has 16. So on x86 there is a second copy of both loops, compiled
//! with `#[target_feature(enable = "avx2")]` and run where the CPU reports
//! AVX2 (`bb bench` about 1.09× the nodes per second on an AVX2 machine).
//! Both copies compute the same numbers, in the same wrapping `i16` and
//! `i32` arithmetic; only the instructions differ. Other targets compile
//! the one portable copy.

use super::network::squared_clipped_dot;
use super::{Accumulator, Network, HIDDEN};
use bb_movegen::{Move, Position};

/// [`Accumulator::set_after_move`] by the fastest copy this CPU runs.
#[inline(always)]
pub(super) fn set_after_move(
    target: &mut Accumulator,
    parent: &Accumulator,
    network: &Network,
    position: &Position,
    mv: Move,
) {
    #[cfg(all(any(target_arch = "x86", target_arch = "x86_64"), not(target_feature = "avx2")))]
    if avx2::available() {
        return avx2::set_after_move(target, parent, network, position, mv);
    }
    target.set_after_move_portable(parent, network, position, mv);
}

/// The output layer's sum over both halves, `values[0]` by `weights[0]`
/// and `values[1]` by `weights[1]` (see [`squared_clipped_dot`]), by the
/// fastest copy this CPU runs.
#[inline(always)]
pub(super) fn output_sum(values: [&[i16; HIDDEN]; 2], weights: [&[i16; HIDDEN]; 2]) -> i32 {
    #[cfg(all(any(target_arch = "x86", target_arch = "x86_64"), not(target_feature = "avx2")))]
    if avx2::available() {
        return avx2::output_sum(values, weights);
    }
    output_sum_portable(values, weights)
}

#[inline(always)]
fn output_sum_portable(values: [&[i16; HIDDEN]; 2], weights: [&[i16; HIDDEN]; 2]) -> i32 {
    squared_clipped_dot(values[0], weights[0]) + squared_clipped_dot(values[1], weights[1])
}

/// The AVX2 copies, where the build does not already assume AVX2. They
/// are written with the instructions themselves: compiled from the
/// portable loops with AVX2 enabled, LLVM keeps them 128 bits wide.
#[cfg(all(any(target_arch = "x86", target_arch = "x86_64"), not(target_feature = "avx2")))]
mod avx2 {
    use super::super::accumulator::input;
    use super::super::QA;
    use super::{Accumulator, Move, Network, Position, HIDDEN};
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
    /// CPUID and XGETBV once and remembers).
    #[inline(always)]
    pub fn available() -> bool {
        std::is_x86_feature_detected!("avx2")
    }

    /// [`super::set_after_move`] by the AVX2 copy, where [`available`].
    #[inline(always)]
    #[allow(unsafe_code)]
    pub fn set_after_move(
        target: &mut Accumulator,
        parent: &Accumulator,
        network: &Network,
        position: &Position,
        mv: Move,
    ) {
        // SAFETY: calling a `#[target_feature]` function is unsafe only
        // because the CPU might lack the feature; the callers ask
        // `available()` first, and AVX2 is the one feature it is compiled for.
        unsafe { set_after_move_avx2(target, parent, network, position, mv) }
    }

    /// [`super::output_sum`] by the AVX2 copy, where [`available`].
    #[inline(always)]
    #[allow(unsafe_code)]
    pub fn output_sum(values: [&[i16; HIDDEN]; 2], weights: [&[i16; HIDDEN]; 2]) -> i32 {
        // SAFETY: as for `set_after_move`.
        unsafe { squared_clipped_dot(values[0], weights[0]) + squared_clipped_dot(values[1], weights[1]) }
    }

    /// 16 `i16`s from `lanes`.
    #[inline(always)]
    #[allow(unsafe_code)]
    fn load(lanes: &[i16; LANES]) -> __m256i {
        // SAFETY: `lanes` is 32 readable bytes; `loadu` needs no alignment;
        // the callers are compiled with AVX2.
        unsafe { _mm256_loadu_si256(lanes.as_ptr().cast()) }
    }

    /// Writes `register`'s 16 `i16`s to `lanes`.
    #[inline(always)]
    #[allow(unsafe_code)]
    fn store(lanes: &mut [i16; LANES], register: __m256i) {
        // SAFETY: `lanes` is 32 writable bytes; `storeu` needs no alignment;
        // the callers are compiled with AVX2.
        unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), register) }
    }

    /// The half `values` as registers of 16 lanes.
    #[inline(always)]
    fn lanes(values: &[i16; HIDDEN]) -> impl Iterator<Item = &[i16; LANES]> {
        // Whole chunks of LANES: the conversion cannot fail and compiles away.
        values.chunks_exact(LANES).map(|chunk| chunk.try_into().expect("a chunk of LANES"))
    }

    /// Each half in registers: the parent's values, then every column the
    /// move adds or removes (up to four), then stored once. Wrapping adds,
    /// as the portable loop.
    #[target_feature(enable = "avx2")]
    fn set_after_move_avx2(
        target: &mut Accumulator,
        parent: &Accumulator,
        network: &Network,
        position: &Position,
        mv: Move,
    ) {
        let mut changes = [(0, 0, false); 4];
        let mut count = 0;
        for_each_change(position, mv, |change| {
            let index = |perspective| input(perspective, change.color, change.kind, change.square);
            changes[count] = (index(Color::White), index(Color::Black), change.added);
            count += 1;
        });
        for side in 0..2 {
            let mut registers = [_mm256_setzero_si256(); REGISTERS];
            for (register, lanes) in registers.iter_mut().zip(lanes(&parent.values[side])) {
                *register = load(lanes);
            }
            for &(white, black, added) in &changes[..count] {
                let column = &network.feature_weights[if side == 0 { white } else { black }];
                for (register, lanes) in registers.iter_mut().zip(lanes(column)) {
                    *register = if added {
                        _mm256_add_epi16(*register, load(lanes))
                    } else {
                        _mm256_sub_epi16(*register, load(lanes))
                    };
                }
            }
            for (lanes, &register) in target.values[side].chunks_exact_mut(LANES).zip(&registers) {
                store(lanes.try_into().expect("a chunk of LANES"), register);
            }
        }
    }

    /// [`super::squared_clipped_dot`] 16 neurons at a time: clamp, a
    /// 16-bit multiply by the weight, and `madd`, which multiplies by the
    /// clamped value again and adds neighbouring pairs into 32 bits.
    #[target_feature(enable = "avx2")]
    fn squared_clipped_dot(values: &[i16; HIDDEN], weights: &[i16; HIDDEN]) -> i32 {
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
    use crate::nnue::tests::random_network;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Every copy this CPU runs keeps the accumulator as the portable
        /// one does and sums the output layer alike, on random networks
        /// (weights of any size, so that the sums wrap) along random games.
        #[test]
        fn every_copy_this_cpu_runs_computes_what_the_portable_one_does(
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
            let mut position = Position::startpos();
            let mut accumulator = Accumulator::new(&network, &position);
            for &choice in &choices {
                let moves = position.legal_moves();
                let Some(&mv) = moves.as_slice().get(usize::from(choice) % moves.len().max(1)) else { break };
                let mut portable = accumulator;
                portable.set_after_move_portable(&accumulator, &network, &position, mv);
                let mut dispatched = accumulator;
                set_after_move(&mut dispatched, &accumulator, &network, &position, mv);
                prop_assert_eq!(dispatched, portable, "after {}", mv);
                position = position.play(mv);
                prop_assert_eq!(portable, Accumulator::new(&network, &position), "after {}", mv);
                accumulator = portable;
                for side in bb_core::Color::ALL {
                    let (own, other) = accumulator.halves(side);
                    let weights = &network.output_weights[usize::from(choice) % network.output_weights.len()];
                    let halves = [own, other];
                    let pair = [&weights[0], &weights[1]];
                    prop_assert_eq!(output_sum(halves, pair), output_sum_portable(halves, pair));
                }
            }
        }
    }
}
