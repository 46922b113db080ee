//! bb-core's `U64` operations on both backends side by side, in one binary:
//! `core/<operation>/native` and `core/<operation>/hilo`.
//!
//! Each benchmark applies one operation to every word of a fixed array of
//! pseudo-random words and folds the results together, so it measures
//! throughput over varied inputs, not the latency of one value the
//! optimiser may have guessed. The array goes through `black_box`, so
//! nothing is computed at compile time, and so does every word as it is
//! read: that keeps the loops scalar. Left alone, LLVM vectorises some of
//! them (SSE2 popcount, `pmuludq` products) for plain `u64` but not for the
//! hi/lo pair, and the ratio would measure the vectoriser, not the
//! backends' operations as move generation uses them, one word at a time.

// `criterion_group!` defines an undocumented `pub fn`; nothing here is public API.
#![allow(missing_docs)]

use bb_benches::{below, varied_words, SplitMix64};
use criterion::{black_box, criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use std::time::Duration;

/// Words per benchmark: large enough to amortise the call, small enough
/// (8 KiB per backend) to stay in L1 cache.
const WORDS: usize = 1024;
/// Seed of the words every benchmark works on.
const SEED: u64 = 0x6262_636f_7265; // "bbcore"

/// One module of benchmark kernels per backend, from the same source, so
/// the two measure exactly the same algorithm on different word types.
macro_rules! kernels_for_backend {
    ($backend:ident) => {
        /// Benchmark kernels on this backend's `U64`.
        mod $backend {
            use bb_core::backend::$backend::U64;
            use bb_core::bitscan::$backend as scan;
            // Per word: an opaque value the vectoriser cannot batch.
            use std::hint::black_box as opaque;

            /// The benchmark words as this backend's `U64`.
            pub fn words(values: &[u64]) -> Vec<U64> {
                values.iter().map(|&value| U64::from_u64(value)).collect()
            }

            pub fn count_ones(words: &[U64]) -> u32 {
                words.iter().map(|&word| opaque(word).count_ones()).sum()
            }

            pub fn trailing_zeros_intrinsic(words: &[U64]) -> u32 {
                words.iter().map(|&word| scan::first_bit_intrinsic(opaque(word))).sum()
            }

            pub fn trailing_zeros_debruijn(words: &[U64]) -> u32 {
                words.iter().map(|&word| scan::first_bit_debruijn(opaque(word))).sum()
            }

            /// Empties every word one lowest bit at a time, as a move
            /// generator walks a bitboard of pieces or targets.
            pub fn pop_lsb_loop(words: &[U64]) -> u32 {
                let mut index_sum = 0;
                for &word in words {
                    let mut remaining = opaque(word);
                    while !remaining.is_zero() {
                        index_sum += remaining.pop_lsb();
                    }
                }
                index_sum
            }

            pub fn shift_left(words: &[U64], amounts: &[u32]) -> U64 {
                words
                    .iter()
                    .zip(amounts)
                    .fold(U64::from_u64(0), |acc, (&word, &amount)| acc.xor(opaque(word).shl(amount)))
            }

            pub fn shift_right(words: &[U64], amounts: &[u32]) -> U64 {
                words
                    .iter()
                    .zip(amounts)
                    .fold(U64::from_u64(0), |acc, (&word, &amount)| acc.xor(opaque(word).shr(amount)))
            }

            /// Independent products (word i times word i + 1), as a magic
            /// index computes them; XOR-folded so they do not chain.
            pub fn wrapping_mul(words: &[U64]) -> U64 {
                words
                    .windows(2)
                    .fold(U64::from_u64(0), |acc, pair| acc.xor(opaque(pair[0]).wrapping_mul(pair[1])))
            }
        }
    };
}

kernels_for_backend!(native);
kernels_for_backend!(hilo);

/// Registers `core/<operation>/native` and `core/<operation>/hilo`, each
/// running its backend's kernel over `black_box`ed inputs.
macro_rules! bench_both_backends {
    ($criterion:expr, $operation:literal, $elements:expr, $kernel:ident ( words $(, $extra:expr)* )) => {{
        let values = varied_words(WORDS, SEED);
        let native_words = native::words(&values);
        let hilo_words = hilo::words(&values);
        let mut group = $criterion.benchmark_group(concat!("core/", $operation));
        configure(&mut group, $elements);
        group.bench_function("native", |bencher| {
            bencher.iter(|| native::$kernel(black_box(&native_words) $(, black_box($extra))*))
        });
        group.bench_function("hilo", |bencher| {
            bencher.iter(|| hilo::$kernel(black_box(&hilo_words) $(, black_box($extra))*))
        });
        group.finish();
    }};
}

/// Short runs: these kernels take microseconds, so a second of
/// measurement gives thousands of samples' worth of iterations.
fn configure(group: &mut BenchmarkGroup<'_, criterion::measurement::WallTime>, elements: u64) {
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_millis(1500));
    group.throughput(Throughput::Elements(elements));
}

fn core_operations(criterion: &mut Criterion) {
    let words = WORDS as u64;
    // Shift amounts 0..=63: the range move generation uses.
    let mut random = SplitMix64::new(SEED ^ 1);
    let amounts: Vec<u32> = (0..WORDS).map(|_| below(&mut random, 64)).collect();
    // The pop-lsb loop's throughput is in bits popped, not words.
    let set_bits: u64 = varied_words(WORDS, SEED).iter().map(|word| u64::from(word.count_ones())).sum();

    bench_both_backends!(criterion, "count_ones", words, count_ones(words));
    bench_both_backends!(criterion, "trailing_zeros_intrinsic", words, trailing_zeros_intrinsic(words));
    bench_both_backends!(criterion, "trailing_zeros_debruijn", words, trailing_zeros_debruijn(words));
    bench_both_backends!(criterion, "pop_lsb_loop", set_bits, pop_lsb_loop(words));
    bench_both_backends!(criterion, "shift_left", words, shift_left(words, &amounts));
    bench_both_backends!(criterion, "shift_right", words, shift_right(words, &amounts));
    bench_both_backends!(criterion, "wrapping_mul", words - 1, wrapping_mul(words));
}

criterion_group!(benches, core_operations);
criterion_main!(benches);
