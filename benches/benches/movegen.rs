//! bb-movegen on single positions (the six perft positions):
//!
//! - `movegen/legal_moves/<position>`: list every legal move;
//! - `movegen/count_moves/<position>`: count them without a list (what
//!   perft does at its last ply);
//! - `make_move/play_all/<position>`: play each legal move (copy-make),
//!   the moves generated beforehand so only `play` is timed;
//! - `legality/is_legal/<position>` and `legality/list_contains/<position>`:
//!   check each move of the position and of its mirror (half of them not
//!   legal) with `Position::is_legal`, and the way it replaces, generating
//!   the list and searching it.
//!
//! Throughput is in moves, so positions of different sizes compare.

// `criterion_group!` defines an undocumented `pub fn`; nothing here is public API.
#![allow(missing_docs)]

use bb_benches::PERFT_POSITIONS;
use bb_movegen::{MoveFilter, MoveList, Position};
use criterion::{black_box, criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use std::time::Duration;

type Group<'a> = BenchmarkGroup<'a, criterion::measurement::WallTime>;

/// The six positions, parsed, with their names.
fn positions() -> Vec<(&'static str, Position)> {
    PERFT_POSITIONS
        .iter()
        .map(|test| (test.name, Position::from_fen(test.fen).expect("perft positions are valid FEN")))
        .collect()
}

/// Short runs: one call takes well under a microsecond.
fn group<'a>(criterion: &'a mut Criterion, name: &str) -> Group<'a> {
    let mut group = criterion.benchmark_group(name);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_millis(1500));
    group
}

fn legal_moves(criterion: &mut Criterion) {
    let mut group = group(criterion, "movegen/legal_moves");
    for (name, position) in positions() {
        group.throughput(Throughput::Elements(position.legal_moves().len() as u64));
        let mut list = MoveList::new();
        group.bench_function(name, |bencher| {
            bencher.iter(|| {
                list.clear();
                black_box(&position).generate(MoveFilter::All, &mut list);
                black_box(list.len())
            })
        });
    }
    group.finish();
}

fn count_moves(criterion: &mut Criterion) {
    let mut group = group(criterion, "movegen/count_moves");
    for (name, position) in positions() {
        group.throughput(Throughput::Elements(position.count_legal_moves()));
        group.bench_function(name, |bencher| bencher.iter(|| black_box(&position).count_legal_moves()));
    }
    group.finish();
}

fn play_all(criterion: &mut Criterion) {
    let mut group = group(criterion, "make_move/play_all");
    for (name, position) in positions() {
        let moves = position.legal_moves();
        group.throughput(Throughput::Elements(moves.len() as u64));
        group.bench_function(name, |bencher| {
            bencher.iter(|| {
                let position = black_box(&position);
                // XOR of the children's hashes: every `play` must happen.
                black_box(&moves).iter().fold(0u64, |acc, &mv| acc ^ position.play(mv).zobrist_key())
            })
        });
    }
    group.finish();
}

/// The legal moves of `position` and those of its mirror: a mix of legal
/// and illegal moves, as a GUI or a book may send.
fn candidate_moves(position: &Position) -> Vec<bb_movegen::Move> {
    let mut moves = position.legal_moves().as_slice().to_vec();
    moves.extend_from_slice(position.mirrored().legal_moves().as_slice());
    moves
}

fn legality(criterion: &mut Criterion) {
    let mut group = group(criterion, "legality");
    for (name, position) in positions() {
        let moves = candidate_moves(&position);
        group.throughput(Throughput::Elements(moves.len() as u64));
        group.bench_function(format!("is_legal/{name}"), |bencher| {
            bencher.iter(|| black_box(&moves).iter().filter(|&&mv| black_box(&position).is_legal(mv)).count())
        });
        group.bench_function(format!("list_contains/{name}"), |bencher| {
            // black_box per move: one list per check, as a caller without
            // is_legal pays it (else the list would be hoisted out).
            bencher.iter(|| {
                black_box(&moves)
                    .iter()
                    .filter(|&&mv| black_box(&position).legal_moves().contains(mv))
                    .count()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, legal_moves, count_moves, play_all, legality);
criterion_main!(benches);
