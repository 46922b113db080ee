//! Perft with hashed leaves ("hperft") of the six ChessProgramming-wiki
//! positions for bb and its peers, `hperft/<position>/<engine>`: every move
//! made, the last ply's too, and the leaves' Zobrist keys summed, so that
//! make-move is what is measured (bulk counting skips it at the leaves).
//! Throughput in leaf nodes. One ply shallower than the perft bench, since
//! every leaf is made. `tests/perft_counts.rs` checks the counts.

// `criterion_group!` defines an undocumented `pub fn`; nothing here is public API.
#![allow(missing_docs)]

mod peers;

use bb_benches::{hperft_depth, PERFT_POSITIONS};
use criterion::{black_box, criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use std::time::Duration;

/// Registers `hperft/<position>/<engine>` for each `engine => module`.
macro_rules! bench_engines {
    ($group:expr, $test:expr, $depth:expr, { $($engine:literal => $module:ident,)* }) => {
        $(
            let board = peers::$module::parse($test.fen);
            $group.bench_function($engine, |bencher| {
                bencher.iter(|| peers::$module::hperft(black_box(&board), black_box($depth)))
            });
        )*
    };
}

fn hperft_positions(criterion: &mut Criterion) {
    for test in &PERFT_POSITIONS {
        let mut group = criterion.benchmark_group(format!("hperft/{}", test.name));
        group.sample_size(10);
        group.sampling_mode(SamplingMode::Flat);
        group.warm_up_time(Duration::from_millis(500));
        group.measurement_time(Duration::from_secs(2));
        let (depth, nodes) = hperft_depth(test);
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

criterion_group!(benches, hperft_positions);
criterion_main!(benches);
