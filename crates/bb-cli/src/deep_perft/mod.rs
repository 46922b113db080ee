//! Deep perft: the root's work split over threads, subtree counts cached in
//! a lossless shared hash table, counts kept as `u128`.
//!
//! The work is cut into units: one per root move, or, from depth 3, one per
//! root move and reply, so that threads stay busy to the end. Each thread
//! takes the next unit from a shared counter. Results are summed per root
//! move in a [`tally::Tally`], which also feeds the progress line.

mod identity;
mod progress;
mod table;
mod tally;

use bb_movegen::{perft, Move, Position};
use identity::Identity;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;
use std::time::Instant;
pub use table::PerftTable;
use tally::Tally;

/// Below this depth the table is not consulted: the subtree is cheaper to
/// count than a lock and a probe.
const TABLE_MIN_DEPTH: u32 = 2;

/// Up to this depth a subtree's count fits in a `u64` whatever the position
/// (at most 218 legal moves: 218^8 < 2^64), so the plain perft may count it.
const PLAIN_MAX_DEPTH: u32 = 8;

/// How a deep perft runs.
pub struct DeepPerft {
    table: Option<PerftTable>,
    threads: usize,
    show_progress: bool,
}

/// A piece of the tree one thread counts at a time.
struct Unit {
    /// Index of the root move the unit belongs to.
    root: usize,
    position: Position,
    depth: u32,
}

impl DeepPerft {
    /// `threads` workers (at least 1), an optional table, and a progress
    /// line on stderr when `show_progress`.
    pub fn new(threads: usize, table: Option<PerftTable>, show_progress: bool) -> DeepPerft {
        DeepPerft { table, threads: threads.max(1), show_progress }
    }

    /// The perft count of `position` at `depth`.
    pub fn count(&self, position: &Position, depth: u32) -> u128 {
        if depth == 0 {
            return 1;
        }
        self.divide(position, depth).iter().map(|(_, count)| count).sum()
    }

    /// The count of each root move at `depth` (at least 1), in move
    /// generation order.
    pub fn divide(&self, position: &Position, depth: u32) -> Vec<(Move, u128)> {
        let root_moves = position.legal_moves();
        let (units, units_per_root) = split_into_units(position, &root_moves, depth);
        let tally = Tally::new(units_per_root);
        let next_unit = AtomicUsize::new(0);
        let start = Instant::now();
        thread::scope(|scope| {
            let work = || self.work(&units, &next_unit, &tally);
            for helper in 1..self.threads {
                // A thread the system refuses is no error: the others take
                // its share from the shared counter.
                let _ = thread::Builder::new().name(format!("perft-{helper}")).spawn_scoped(scope, work);
            }
            if self.show_progress {
                let watch = || progress::watch(&tally, depth, start);
                let _ =
                    thread::Builder::new().name(String::from("perft-progress")).spawn_scoped(scope, watch);
            }
            work();
        });
        root_moves.iter().copied().zip(tally.into_counts()).collect()
    }

    /// Counts units until none is left.
    fn work(&self, units: &[Unit], next_unit: &AtomicUsize, tally: &Tally) {
        while let Some(unit) = units.get(next_unit.fetch_add(1, Ordering::Relaxed)) {
            tally.add(unit.root, self.subtree(&unit.position, unit.depth));
        }
    }

    /// The count of one subtree, through the table where it pays.
    fn subtree(&self, position: &Position, depth: u32) -> u128 {
        match &self.table {
            Some(table) if depth >= TABLE_MIN_DEPTH => self.cached_subtree(table, position, depth),
            _ if depth <= PLAIN_MAX_DEPTH => u128::from(perft(position, depth)),
            _ => self.children(position, depth),
        }
    }

    fn cached_subtree(&self, table: &PerftTable, position: &Position, depth: u32) -> u128 {
        let Some(identity) = Identity::of(position) else { return self.children(position, depth) };
        let zobrist = position.zobrist_key();
        if let Some(count) = table.probe(zobrist, &identity, depth) {
            return count;
        }
        let count = self.children(position, depth);
        table.store(zobrist, &identity, depth, count);
        count
    }

    /// The sum of the children's counts at `depth - 1` (`depth` ≥ 1).
    fn children(&self, position: &Position, depth: u32) -> u128 {
        position.legal_moves().iter().map(|mv| self.subtree(&position.play(*mv), depth - 1)).sum()
    }
}

/// The work units of a perft at `depth` (≥ 1), and how many belong to each
/// root move.
fn split_into_units(position: &Position, root_moves: &[Move], depth: u32) -> (Vec<Unit>, Vec<usize>) {
    let mut units = Vec::new();
    let mut units_per_root = Vec::with_capacity(root_moves.len());
    for (root, mv) in root_moves.iter().enumerate() {
        let child = position.play(*mv);
        if depth >= 3 {
            let replies = child.legal_moves();
            units_per_root.push(replies.len());
            units.extend(replies.iter().map(|reply| Unit {
                root,
                position: child.play(*reply),
                depth: depth - 2,
            }));
        } else {
            units_per_root.push(1);
            units.push(Unit { root, position: child, depth: depth - 1 });
        }
    }
    (units, units_per_root)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions with castling, en passant, promotions and pins.
    const POSITIONS: [&str; 5] = [
        bb_movegen::STARTPOS_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ];

    fn check(engine: &DeepPerft, max_depth: u32) {
        for fen in POSITIONS {
            let position = Position::from_fen(fen).unwrap();
            for depth in 0..=max_depth {
                let expected = u128::from(perft(&position, depth));
                assert_eq!(engine.count(&position, depth), expected, "{fen} depth {depth}");
            }
        }
    }

    #[test]
    fn threads_alone_agree_with_plain_perft() {
        check(&DeepPerft::new(3, None, false), 4);
    }

    #[test]
    fn a_roomy_table_agrees_with_plain_perft() {
        check(&DeepPerft::new(2, PerftTable::with_megabytes(4).ok(), false), 4);
    }

    #[test]
    fn a_one_bucket_table_cannot_mix_positions_up() {
        // Every position lands in the same bucket and evicts the others:
        // a count is only ever reused for exactly its own position.
        check(&DeepPerft::new(2, PerftTable::with_buckets(1), false), 4);
    }

    #[test]
    fn divide_sums_to_the_count_and_matches_per_move_perft() {
        let position = Position::from_fen(POSITIONS[1]).unwrap();
        let engine = DeepPerft::new(2, PerftTable::with_buckets(64), false);
        let split = engine.divide(&position, 3);
        assert_eq!(split.len(), 48);
        for (mv, count) in &split {
            assert_eq!(*count, u128::from(perft(&position.play(*mv), 2)), "{mv}");
        }
        assert_eq!(split.iter().map(|(_, count)| count).sum::<u128>(), 97_862);
    }

    #[test]
    fn mate_and_stalemate_roots_count_nothing() {
        let mated =
            Position::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3").unwrap();
        let engine = DeepPerft::new(2, PerftTable::with_buckets(16), false);
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
        let engine = DeepPerft::new(1, Some(table), false);
        assert_eq!(engine.subtree(&start, 14), huge);
    }
}
