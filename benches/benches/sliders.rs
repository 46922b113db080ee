//! Rook and bishop attack lookups, per index scheme of bb-tables:
//! `sliders/<piece>/magic64`, `sliders/<piece>/magic32`,
//! `sliders/<piece>/pext` (builds with the instruction only, see
//! `bb_core::platform::HAS_PEXT`), `sliders/<piece>/compact` (the
//! 512-byte table of the `compact-sliders` feature) and
//! `sliders/<piece>/selected` (what `bb_tables::rook_attacks` uses in this
//! build, so runs of different backends compare like for like).
//!
//! The schemes take the build's `Bitboard`, so the backend is chosen by the
//! build (`BB_BACKEND`), not here: run this once per backend.

// `criterion_group!` defines an undocumented `pub fn`; nothing here is public API.
#![allow(missing_docs)]

use bb_benches::slider_samples;
use bb_core::platform::HAS_PEXT;
use bb_core::{Bitboard, Square};
use bb_tables::sliders;
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use std::time::Duration;

/// Lookups per benchmark iteration, over different squares and occupancies.
const SAMPLES: usize = 1024;
/// Seed of the (square, occupancy) pairs.
const SEED: u64 = 0x736c_6964_6572; // "slider"

/// Looks up every sample and folds the attack sets together, so no lookup
/// can be skipped and consecutive lookups are independent (throughput).
/// Generic over the lookup so each scheme is inlined, as in move generation.
#[inline(always)]
fn lookup_all(lookup: impl Fn(Square, Bitboard) -> Bitboard, samples: &[(Square, Bitboard)]) -> Bitboard {
    samples.iter().fold(Bitboard::EMPTY, |acc, &(square, occupied)| acc ^ lookup(square, occupied))
}

/// Registers `sliders/<piece>/<scheme>` for each `scheme => function`, or
/// `scheme if condition => function` when the condition holds.
macro_rules! bench_schemes {
    ($criterion:expr, $piece:literal, $samples:expr, { $($scheme:literal $(if $when:expr)? => $lookup:path,)* }) => {{
        let mut group = $criterion.benchmark_group(concat!("sliders/", $piece));
        group.warm_up_time(Duration::from_millis(500));
        group.measurement_time(Duration::from_millis(1500));
        group.throughput(Throughput::Elements($samples.len() as u64));
        $(
            if true $(&& $when)? {
                group.bench_function($scheme, |bencher| bencher.iter(|| lookup_all($lookup, black_box($samples))));
            }
        )*
        group.finish();
    }};
}

fn slider_lookups(criterion: &mut Criterion) {
    let samples = slider_samples(SAMPLES, SEED);
    bench_schemes!(criterion, "rook", &samples, {
        "magic64" => sliders::rook_attacks_magic64,
        "magic32" => sliders::rook_attacks_magic32,
        "pext" if HAS_PEXT => sliders::rook_attacks_pext,
        "compact" => sliders::rook_attacks_compact,
        "selected" => bb_tables::rook_attacks,
    });
    bench_schemes!(criterion, "bishop", &samples, {
        "magic64" => sliders::bishop_attacks_magic64,
        "magic32" => sliders::bishop_attacks_magic32,
        "pext" if HAS_PEXT => sliders::bishop_attacks_pext,
        "compact" => sliders::bishop_attacks_compact,
        "selected" => bb_tables::bishop_attacks,
    });
}

criterion_group!(benches, slider_lookups);
criterion_main!(benches);
