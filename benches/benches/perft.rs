//! Perft of the six ChessProgramming-wiki positions for bb and its peers,
//! `perft/<position>/<engine>` with engine `bb`, `cozy-chess`, `chess` or
//! `shakmaty`, throughput in leaf nodes (criterion prints them as elem/s).
//!
//! Depths (`bb_benches::bench_depth`) make one perft take tens of
//! milliseconds, so samples are few and flat: ten samples of a fixed
//! iteration count. `tests/perft_counts.rs` checks that every engine gets
//! the published count at exactly these depths.

// `criterion_group!` defines an undocumented `pub fn`; nothing here is public API.
#![allow(missing_docs)]

mod peers;

use bb_benches::{bench_depth, PERFT_POSITIONS};
use criterion::{black_box, criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use std::time::Duration;

/// Registers `perft/<position>/<engine>` for each `engine => module`, the
/// position parsed by that engine outside the timed loop.
macro_rules! bench_engines {
    ($group:expr, $test:expr, $depth:expr, { $($engine:literal => $module:ident,)* }) => {
        $(
            let board = peers::$module::parse($test.fen);
            $group.bench_function($engine, |bencher| {
                bencher.iter(|| peers::$module::perft(black_box(&board), black_box($depth)))
            });
        )*
    };
}

fn perft_positions(criterion: &mut Criterion) {
    for test in &PERFT_POSITIONS {
        let mut group = criterion.benchmark_group(format!("perft/{}", test.name));
        group.sample_size(10);
        group.sampling_mode(SamplingMode::Flat);
        group.warm_up_time(Duration::from_millis(500));
        group.measurement_time(Duration::from_secs(2));
        let (depth, nodes) = bench_depth(test);
        group.throughput(Throughput::Elements(nodes));
        bench_engines!(group, test, depth, {
            "bb" => bb,
            "cozy-chess" => cozy_chess,
            "chess" => chess,
            "shakmaty" => shakmaty,
        });
        group.finish();
    }
}

criterion_group!(benches, perft_positions);
criterion_main!(benches);
