use super::*;
use std::sync::atomic::AtomicBool;
use std::sync::Mutex;
use std::time::Duration;

/// Positions with castling, en passant, promotions and pins.
const POSITIONS: [&str; 5] = [
    crate::STARTPOS_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
];

fn check(engine: &ThreadedPerft, max_depth: u32) {
    for fen in POSITIONS {
        let position = Position::from_fen(fen).unwrap();
        for depth in 0..=max_depth {
            let expected = u128::from(perft(&position, depth));
            assert_eq!(engine.count(&position, depth), expected, "{fen} depth {depth}");
            assert_eq!(
                engine.count_on_this_thread(&position, depth),
                expected,
                "{fen} depth {depth}, one thread"
            );
        }
    }
}

#[test]
fn threads_alone_agree_with_plain_perft() {
    check(&ThreadedPerft::new(3, None), 4);
}

#[test]
fn a_roomy_table_agrees_with_plain_perft() {
    check(&ThreadedPerft::new(2, PerftTable::with_megabytes(4).ok()), 4);
}

#[test]
fn a_one_bucket_table_cannot_mix_positions_up() {
    // Every position lands in the same bucket and evicts the others:
    // a count is only ever reused for exactly its own position.
    check(&ThreadedPerft::new(2, PerftTable::with_buckets(1)), 4);
}

#[test]
fn divide_sums_to_the_count_and_matches_per_move_perft() {
    let position = Position::from_fen(POSITIONS[1]).unwrap();
    let engine = ThreadedPerft::new(2, PerftTable::with_buckets(64));
    let split = engine.divide(&position, 3);
    assert_eq!(split.len(), 48);
    for (mv, count) in &split {
        assert_eq!(*count, u128::from(perft(&position.play(*mv), 2)), "{mv}");
    }
    assert_eq!(split.iter().map(|(_, count)| count).sum::<u128>(), 97_862);
    assert!(engine.divide(&position, 0).is_empty());
}

#[test]
fn mate_and_stalemate_roots_count_nothing() {
    let mated = Position::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3").unwrap();
    let engine = ThreadedPerft::new(2, PerftTable::with_buckets(16));
    assert_eq!(engine.count(&mated, 5), 0);
    assert!(engine.divide(&mated, 5).is_empty());
}

#[test]
fn counts_above_u64_are_kept_whole() {
    // Not a perft to run: the arithmetic of the table is what's checked.
    let table = PerftTable::with_buckets(4).unwrap();
    let start = Position::startpos();
    let huge = u128::from(u64::MAX) * 1000;
    table.store(start.zobrist_key(), &Identity::of(&start).unwrap(), 14, huge);
    let engine = ThreadedPerft::new(1, Some(table));
    let run = Run { engine: &engine, stop: None };
    assert_eq!(run.subtree(&start, 14), Some(huge));
}

#[test]
fn progress_is_reported_until_the_end() {
    let calls = Mutex::new(Vec::new());
    let watch = Watch::new().on_progress(Duration::from_millis(1), |progress| {
        calls.lock().unwrap().push(*progress);
    });
    let engine = ThreadedPerft::new(2, PerftTable::with_buckets(256));
    let split = engine.divide_watched(&Position::from_fen(POSITIONS[1]).unwrap(), 4, watch).unwrap();
    assert_eq!(split.iter().map(|(_, count)| count).sum::<u128>(), 4_085_603);
    let calls = calls.into_inner().unwrap();
    let (last, before) = calls.split_last().unwrap();
    assert!(last.ended && before.iter().all(|progress| !progress.ended));
    assert_eq!((last.roots_done, last.roots_total), (48, 48));
    assert_eq!((last.units_done, last.units_total), (2_039, 2_039));
    assert_eq!(last.nodes, 4_085_603);
    assert!(calls
        .windows(2)
        .all(|pair| pair[0].nodes <= pair[1].nodes && pair[0].elapsed <= pair[1].elapsed));
}

#[test]
fn a_raised_flag_stops_the_run_and_keeps_partial_counts_out_of_the_table() {
    let start = Position::startpos();
    let stop = AtomicBool::new(false);
    let engine = ThreadedPerft::new(2, PerftTable::with_megabytes(1).ok());
    // Raised from the progress callback once a few units are done.
    let watch = Watch::new().stop_flag(&stop).on_progress(Duration::from_millis(1), |progress| {
        if progress.units_done > 0 {
            stop.store(true, Ordering::Relaxed);
        }
    });
    assert_eq!(engine.divide_watched(&start, 6, watch), Err(Stopped));
    // The same engine, table and all, still counts right.
    stop.store(false, Ordering::Relaxed);
    let watch = Watch::new().stop_flag(&stop);
    let split = engine.divide_watched(&start, 5, watch).unwrap();
    assert_eq!(split.iter().map(|(_, count)| count).sum::<u128>(), 4_865_609);
    assert_eq!(engine.count(&start, 6), 119_060_324);
}
