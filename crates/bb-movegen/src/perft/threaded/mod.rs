//! Threaded perft: the root's work split over threads, subtree counts
//! cached in a lossless shared hash table, counts kept as `u128`.
//!
//! The work is cut into units: one per root move, or, from depth 3, one per
//! root move and reply, so that threads stay busy to the end. Each thread
//! takes the next unit from a shared counter. Results are summed per root
//! move in a [`tally::Tally`], which also feeds the progress callback of a
//! [`Watch`].

mod huge_pages;
mod table;
mod tally;
mod watch;

use super::identity::Identity;
use crate::{perft, Move, Position};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::thread;
use std::time::Instant;
pub use table::{PerftTable, TableSizeError};
use tally::Tally;
pub use watch::{Progress, Stopped, Watch};

/// Below this depth the table is not consulted: the subtree is cheaper to
/// count than a lock and a probe.
const TABLE_MIN_DEPTH: u32 = 2;

/// Up to this depth a subtree's count fits in a `u64` whatever the position
/// (at most 218 legal moves: 218^8 < 2^64), so the plain perft may count it.
const PLAIN_MAX_DEPTH: u32 = 8;

/// With a stop flag, subtrees deeper than this are split into their
/// children, so that a stop is noticed within one plain perft of this depth.
const STOPPABLE_PLAIN_MAX_DEPTH: u32 = 5;

/// The threaded, hashed perft: how many threads, and the table if any.
///
/// ```
/// use bb_movegen::perft::{PerftTable, ThreadedPerft};
/// use bb_movegen::Position;
///
/// let table = PerftTable::with_megabytes(4)?;
/// let engine = ThreadedPerft::new(2, Some(table));
/// let start = Position::startpos();
/// assert_eq!(engine.count(&start, 4), 197_281);
///
/// // Divide: one count per root move, in move generation order.
/// let split = engine.divide(&start, 3);
/// assert_eq!(split.len(), 20);
/// assert_eq!(split.iter().map(|(_, count)| count).sum::<u128>(), 8_902);
/// # Ok::<(), bb_movegen::perft::TableSizeError>(())
/// ```
pub struct ThreadedPerft {
    table: Option<PerftTable>,
    threads: usize,
}

/// A piece of the tree one thread counts at a time.
struct Unit {
    /// Index of the root move the unit belongs to.
    root: usize,
    position: Position,
    depth: u32,
}

impl ThreadedPerft {
    /// `threads` workers (at least 1, the calling thread among them) and an
    /// optional table.
    ///
    /// ```
    /// use bb_movegen::perft::ThreadedPerft;
    /// use bb_movegen::Position;
    ///
    /// let engine = ThreadedPerft::new(0, None); // taken as 1 thread, no table
    /// assert_eq!(engine.count(&Position::startpos(), 2), 400);
    /// ```
    pub fn new(threads: usize, table: Option<PerftTable>) -> ThreadedPerft {
        ThreadedPerft { table, threads: threads.max(1) }
    }

    /// The perft count of `position` at `depth` (1 at depth 0).
    ///
    /// ```
    /// use bb_movegen::perft::{PerftTable, ThreadedPerft};
    /// use bb_movegen::Position;
    ///
    /// let engine = ThreadedPerft::new(2, Some(PerftTable::with_megabytes(1).unwrap()));
    /// let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    /// assert_eq!(engine.count(&Position::from_fen(kiwipete).unwrap(), 2), 2_039);
    /// assert_eq!(engine.count(&Position::startpos(), 0), 1);
    /// ```
    pub fn count(&self, position: &Position, depth: u32) -> u128 {
        if depth == 0 {
            return 1;
        }
        self.divide(position, depth).iter().map(|(_, count)| count).sum()
    }

    /// The perft count of `position` at `depth` on the calling thread
    /// alone, through the table at every depth from 2 up, the position's
    /// own children included (which [`count`](Self::count) does not cache:
    /// it splits them into work units for its threads). For callers that
    /// run their own threads over many positions, such as deep perft work
    /// units sharing one engine.
    ///
    /// ```
    /// use bb_movegen::perft::{PerftTable, ThreadedPerft};
    /// use bb_movegen::Position;
    ///
    /// // One engine (and table) for every worker thread; each calls this.
    /// let engine = ThreadedPerft::new(1, Some(PerftTable::with_megabytes(1).unwrap()));
    /// let start = Position::startpos();
    /// assert_eq!(engine.count_on_this_thread(&start, 4), 197_281);
    /// let after_a3 = start.play(start.parse_uci_move("a2a3").unwrap());
    /// assert_eq!(engine.count_on_this_thread(&after_a3, 3), 8_457);
    /// ```
    pub fn count_on_this_thread(&self, position: &Position, depth: u32) -> u128 {
        // Without a stop flag the count always finishes.
        Run { engine: self, stop: None }.subtree(position, depth).unwrap_or_default()
    }

    /// The count of each root move at `depth`, in move generation order
    /// (empty at depth 0, where there are no moves to split by).
    ///
    /// ```
    /// use bb_movegen::perft::ThreadedPerft;
    /// use bb_movegen::Position;
    ///
    /// let engine = ThreadedPerft::new(2, None);
    /// let split = engine.divide(&Position::startpos(), 1);
    /// assert_eq!(split.len(), 20);
    /// assert!(split.iter().all(|(_, count)| *count == 1));
    /// assert!(engine.divide(&Position::startpos(), 0).is_empty());
    /// ```
    pub fn divide(&self, position: &Position, depth: u32) -> Vec<(Move, u128)> {
        // Without a stop flag nothing can stop the run.
        self.divide_watched(position, depth, Watch::new()).unwrap_or_default()
    }

    /// [`divide`](Self::divide) with a progress callback and a stop flag:
    /// `Err(Stopped)` when the flag was raised before the count finished.
    pub fn divide_watched(
        &self,
        position: &Position,
        depth: u32,
        watch: Watch<'_>,
    ) -> Result<Vec<(Move, u128)>, Stopped> {
        if depth == 0 {
            return Ok(Vec::new());
        }
        let (stop, reporter) = watch.into_parts();
        let reporter = reporter.map(Mutex::new);
        let run = Run { engine: self, stop };
        let root_moves = position.legal_moves();
        let (units, units_per_root) = split_into_units(position, &root_moves, depth);
        let tally = Tally::new(units_per_root);
        let next_unit = AtomicUsize::new(0);
        let start = Instant::now();
        thread::scope(|scope| {
            let work = || run.work(&units, &next_unit, &tally, None);
            for helper in 1..self.threads {
                // A thread the system refuses is no error: the others take
                // its share from the shared counter.
                let _ = thread::Builder::new().name(format!("perft-{helper}")).spawn_scoped(scope, work);
            }
            let Some(reporter) = &reporter else { return work() };
            let watcher = || watch::report_until_ended(&tally, start, reporter);
            if thread::Builder::new().name(String::from("perft-watch")).spawn_scoped(scope, watcher).is_ok() {
                return work();
            }
            // No thread to watch from (wasm32-wasip1 has none at all): this
            // thread reports between its own units, then watches the rest.
            let mut inline = watch::InlineWatcher::new(&tally, start, reporter);
            run.work(&units, &next_unit, &tally, Some(&mut inline));
            watch::report_until_ended(&tally, start, reporter);
        });
        if tally.was_stopped() {
            return Err(Stopped);
        }
        Ok(root_moves.iter().copied().zip(tally.into_counts()).collect())
    }
}

/// One run: the engine and the stop flag it watches.
struct Run<'a> {
    engine: &'a ThreadedPerft,
    stop: Option<&'a AtomicBool>,
}

impl Run<'_> {
    fn stopped(&self) -> bool {
        watch::is_raised(self.stop)
    }

    /// Counts units until none is left or the run is stopped.
    /// With `inline`, the progress callback is called from here between
    /// units, for a run that has no watcher thread.
    fn work(
        &self,
        units: &[Unit],
        next_unit: &AtomicUsize,
        tally: &Tally,
        mut inline: Option<&mut watch::InlineWatcher<'_, '_>>,
    ) {
        while let Some(unit) = units.get(next_unit.fetch_add(1, Ordering::Relaxed)) {
            if let Some(inline) = inline.as_mut() {
                inline.report_if_due();
            }
            let count = if self.stopped() { None } else { self.subtree(&unit.position, unit.depth) };
            let Some(count) = count else {
                tally.stop();
                return;
            };
            tally.add(unit.root, count);
        }
    }

    /// The count of one subtree, through the table where it pays; `None`
    /// once the run is stopped.
    fn subtree(&self, position: &Position, depth: u32) -> Option<u128> {
        let plain_max = if self.stop.is_some() { STOPPABLE_PLAIN_MAX_DEPTH } else { PLAIN_MAX_DEPTH };
        match &self.engine.table {
            Some(table) if depth >= TABLE_MIN_DEPTH => self.cached_subtree(table, position, depth),
            _ if depth <= plain_max => Some(u128::from(perft(position, depth))),
            _ => self.children(position, depth),
        }
    }

    fn cached_subtree(&self, table: &PerftTable, position: &Position, depth: u32) -> Option<u128> {
        let Some(identity) = Identity::of(position) else { return self.children(position, depth) };
        let zobrist = position.zobrist_key();
        if let Some(count) = table.probe(zobrist, &identity, depth) {
            return Some(count);
        }
        // A stopped count is partial: it must never reach the table. The
        // children of a depth-2 node are not cached (depth 1 is below the
        // table), so the fast serial perft counts it whole, without a move
        // list or Zobrist keys.
        let count = if depth == TABLE_MIN_DEPTH {
            u128::from(perft(position, depth))
        } else {
            self.children(position, depth)?
        };
        table.store(zobrist, &identity, depth, count);
        Some(count)
    }

    /// The sum of the children's counts at `depth - 1` (`depth` ≥ 1).
    fn children(&self, position: &Position, depth: u32) -> Option<u128> {
        if self.stopped() {
            return None;
        }
        let moves = position.legal_moves();
        if let Some(table) = &self.engine.table {
            if depth > TABLE_MIN_DEPTH {
                // Start loading every child's bucket before the first probe,
                // so that their waits for memory overlap; making each move
                // twice costs less than waiting for them one by one.
                for mv in moves.iter() {
                    table.prefetch(position.play(*mv).zobrist_key());
                }
            }
        }
        moves.iter().map(|mv| self.subtree(&position.play(*mv), depth - 1)).sum()
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
mod tests;
