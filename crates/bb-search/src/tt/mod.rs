//! The transposition table: a fixed-size cache of search results keyed by
//! the position's Zobrist hash.
//!
//! Entries are grouped in buckets of [`BUCKET_SIZE`]; the low 32 bits of the
//! hash choose the bucket and the high 32 bits are kept to tell positions
//! apart inside it. A stored move is only a hint: the search uses it only if
//! it is among the legal moves of the position, so a rare key collision can
//! never produce an illegal move.
//!
//! The entries are packed into 32-bit atomic words (`entry`), so the search
//! threads share one table without locks, and a table of any size is
//! allocated zeroed, fallibly, and ready at once; clearing a big table swaps
//! in fresh zeroed memory instead of overwriting it (`memory`).

mod entry;
mod memory;

use crate::score::{from_table, to_table, Score};
use entry::{load, save, Bucket, Entry, BOUND_NONE};
use memory::{fill_with_zeroes, release, zeroed_buckets, BIG_TABLE_BYTES};

pub use entry::BUCKET_SIZE;

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The search failed high: the value is at least the score.
    Lower,
    /// The search failed low: the value is at most the score.
    Upper,
    /// The exact value.
    Exact,
}

impl Bound {
    /// What `best_score`, found by a search of the window
    /// (`alpha_start`, `beta`), says about the true value.
    pub fn classify(best_score: i32, alpha_start: i32, beta: i32) -> Bound {
        if best_score >= beta {
            Bound::Lower
        } else if best_score > alpha_start {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// One stored search result, as handed back by [`TranspositionTable::probe`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// The best move found, as its raw 16-bit code (0 when none).
    pub move_code: u16,
    /// The score, already converted to the probing node's ply.
    pub score: Score,
    /// The static evaluation of the position.
    pub eval: Score,
    /// The depth the score was searched to.
    pub depth: i32,
    /// How the score relates to the true value.
    pub bound: Bound,
}

const AGE_STEP: u8 = 4;

/// The table. `Hash` megabytes are turned into a power-of-two-free number of
/// buckets (any count works: the index is a multiply-shift, not a mask).
///
/// [`probe`](Self::probe) and [`store`](Self::store) take `&self`: the
/// threads of one search share the table.
pub struct TranspositionTable {
    buckets: Box<[Bucket]>,
    /// Increased by [`AGE_STEP`] at every new search, so entries from old
    /// searches are preferred for replacement.
    age: u8,
}

impl core::fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "TranspositionTable({} buckets)", self.buckets.len())
    }
}

/// Dropping a big table frees its memory on another thread (see
/// `memory::release`): replacing a touched 16 GB table must not keep the
/// engine from answering.
impl Drop for TranspositionTable {
    fn drop(&mut self) {
        release(core::mem::take(&mut self.buckets));
    }
}

/// The table could not be allocated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AllocationError {
    /// The size asked for, in MB.
    pub megabytes: usize,
}

impl core::fmt::Display for AllocationError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "could not allocate a {} MB hash table", self.megabytes)
    }
}

impl std::error::Error for AllocationError {}

impl TranspositionTable {
    /// A cleared table of about `megabytes` MB (at least one bucket).
    ///
    /// The memory is a zeroed allocation: its pages are only taken from the
    /// system as the search first touches them, so this returns at once
    /// whatever the size. A size the system cannot give is an error.
    pub fn new(megabytes: usize) -> Result<TranspositionTable, AllocationError> {
        let count = (megabytes.saturating_mul(1024 * 1024) / core::mem::size_of::<Bucket>()).max(1);
        let buckets = zeroed_buckets(count).ok_or(AllocationError { megabytes })?;
        Ok(TranspositionTable { buckets, age: 0 })
    }

    /// Forgets everything. A big table gets fresh zeroed memory (the old
    /// pages are freed on another thread), so this takes milliseconds at
    /// any size; a small one, or one for which no fresh memory can be had,
    /// is overwritten with zeroes.
    pub fn clear(&mut self) {
        self.age = 0;
        if memory::bytes(self.buckets.len()) >= BIG_TABLE_BYTES {
            if let Some(fresh) = zeroed_buckets(self.buckets.len()) {
                release(core::mem::replace(&mut self.buckets, fresh));
                return;
            }
        }
        fill_with_zeroes(&mut self.buckets);
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        memory::bytes(self.buckets.len())
    }

    /// Marks the start of a new search.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(AGE_STEP);
    }

    fn bucket_index(&self, hash: u64) -> usize {
        // Multiply-shift maps the low 32 bits evenly onto 0..len.
        (((hash & 0xFFFF_FFFF) * self.buckets.len() as u64) >> 32) as usize
    }

    fn verification(hash: u64) -> u32 {
        (hash >> 32) as u32
    }

    /// Starts loading the bucket of `hash` into the CPU's caches, so that a
    /// probe of it soon after does not wait for memory (see
    /// [`bb_core::platform::prefetch`]). Changes nothing in the table.
    #[inline(always)]
    pub fn prefetch(&self, hash: u64) {
        bb_core::platform::prefetch(&self.buckets[self.bucket_index(hash)]);
    }

    /// The entry for `hash`, if stored; mate scores are converted for a node at `ply`.
    pub fn probe(&self, hash: u64, ply: usize) -> Option<Hit> {
        let key = Self::verification(hash);
        let bucket = &self.buckets[self.bucket_index(hash)];
        let entry = bucket
            .iter()
            .map(load)
            .find(|words| Entry::holds(words, key))
            .map(|words| Entry::unpack(&words))?;
        let bound = match entry.bound() {
            1 => Bound::Lower,
            2 => Bound::Upper,
            _ => Bound::Exact,
        };
        Some(Hit {
            move_code: entry.move_code,
            score: from_table(Score::from(entry.score), ply),
            eval: Score::from(entry.eval),
            depth: i32::from(entry.depth),
            bound,
        })
    }

    /// Stores a result. `score` is relative to the root (it is converted for
    /// storage using `ply`); `depth` is clamped to the stored range.
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &self,
        hash: u64,
        ply: usize,
        move_code: u16,
        score: Score,
        eval: Score,
        depth: i32,
        bound: Bound,
    ) {
        let key = Self::verification(hash);
        let age = self.age;
        let index = self.bucket_index(hash);
        let bucket = &self.buckets[index];
        let slot = match bucket.iter().position(|stored| Entry::holds(&load(stored), key)) {
            Some(same) => same,
            None => {
                // Replace the least valuable entry: empty first, then shallow
                // entries from old searches.
                let worth = |entry: &Entry| {
                    if entry.bound() == BOUND_NONE {
                        i32::MIN
                    } else {
                        let staleness = i32::from(age.wrapping_sub(entry.age()) / AGE_STEP);
                        i32::from(entry.depth) - 8 * staleness
                    }
                };
                (0..BUCKET_SIZE).min_by_key(|&slot| worth(&Entry::unpack(&load(&bucket[slot])))).unwrap_or(0)
            }
        };
        let old = Entry::unpack(&load(&bucket[slot]));
        let same_position = old.key == key && old.bound() != BOUND_NONE;
        // Keep a deeper result for the same position unless the new one is exact
        // or the old one comes from an earlier search.
        if same_position && bound != Bound::Exact && old.age() == age && i32::from(old.depth) > depth + 3 {
            return;
        }
        let bound_bits = match bound {
            Bound::Lower => 1,
            Bound::Upper => 2,
            Bound::Exact => 3,
        };
        let move_code = if move_code == 0 && same_position { old.move_code } else { move_code };
        let entry = Entry {
            key,
            move_code,
            score: to_table(score, ply).clamp(i16::MIN.into(), i16::MAX.into()) as i16,
            eval: eval.clamp(i16::MIN.into(), i16::MAX.into()) as i16,
            depth: depth.clamp(i8::MIN.into(), i8::MAX.into()) as i8,
            flags: bound_bits | age,
        };
        save(&bucket[slot], entry.pack());
    }

    /// Permille of sampled entries filled by the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let sample = self.buckets.iter().take(1000 / BUCKET_SIZE);
        let entries = sample.len() * BUCKET_SIZE;
        let used = sample
            .flat_map(|bucket| bucket.iter().map(|stored| Entry::unpack(&load(stored))))
            .filter(|entry| entry.bound() != BOUND_NONE && entry.age() == self.age)
            .count();
        (used * 1000 / entries.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::mate_in;

    #[test]
    fn stores_and_finds() {
        let table = TranspositionTable::new(1).unwrap();
        let hash = 0x1234_5678_9ABC_DEF0;
        assert_eq!(table.probe(hash, 0), None);
        table.store(hash, 0, 77, 35, 20, 6, Bound::Exact);
        let hit = table.probe(hash, 0).unwrap();
        assert_eq!(hit, Hit { move_code: 77, score: 35, eval: 20, depth: 6, bound: Bound::Exact });
        // A different verification key in the same bucket is not a hit.
        assert_eq!(table.probe(hash ^ (1 << 40), 0), None);
    }

    #[test]
    fn mate_scores_are_stored_relative_to_the_node() {
        let table = TranspositionTable::new(1).unwrap();
        table.store(42, 4, 1, mate_in(9), 0, 5, Bound::Lower);
        assert_eq!(table.probe(42, 4).unwrap().score, mate_in(9));
        assert_eq!(table.probe(42, 2).unwrap().score, mate_in(7));
    }

    #[test]
    fn keeps_the_move_when_a_result_without_one_overwrites() {
        let table = TranspositionTable::new(1).unwrap();
        table.store(99, 0, 5, 10, 0, 3, Bound::Lower);
        table.store(99, 0, 0, 12, 0, 4, Bound::Upper);
        let hit = table.probe(99, 0).unwrap();
        assert_eq!((hit.move_code, hit.score, hit.bound), (5, 12, Bound::Upper));
    }

    #[test]
    fn a_full_bucket_replaces_the_shallowest() {
        let table = TranspositionTable::new(0).unwrap(); // one bucket
        for slot in 0..BUCKET_SIZE as u64 {
            table.store((slot + 1) << 32, 0, 1, 0, 0, 10 + slot as i32, Bound::Exact);
        }
        table.store(100 << 32, 0, 1, 0, 0, 1, Bound::Exact);
        assert!(table.probe(1 << 32, 0).is_none(), "the depth-10 entry was the one to go");
        assert!(table.probe(2 << 32, 0).is_some());
        assert!(table.probe(100 << 32, 0).is_some());
    }

    #[test]
    fn a_big_table_is_ready_at_once_and_clears_without_writing_it() {
        // 4 GB (or the most the target offers, if less) of untouched,
        // lazily zeroed pages: no memory until used. Measured by the
        // resident memory, not by time, so a loaded machine cannot fail it.
        let megabytes = crate::uci::options::MAX_HASH_MB.min(4096);
        let resident_before = resident_bytes();
        let mut table = TranspositionTable::new(megabytes).unwrap();
        assert_eq!(table.bytes() / (1024 * 1024), megabytes - 1, "whole buckets only");
        let far = u64::MAX - 5; // the last bucket
        table.store(far, 0, 9, 1, 2, 3, Bound::Lower);
        assert_eq!(table.probe(far, 0).map(|hit| hit.move_code), Some(9));
        table.clear();
        assert_eq!(table.probe(far, 0), None);
        table.store(far, 0, 7, 1, 2, 3, Bound::Lower);
        assert_eq!(table.probe(far, 0).map(|hit| hit.move_code), Some(7));
        // Two tables were made (clear makes a fresh one); had either been
        // written whole, the process would hold at least the table's size
        // more. Other tests run beside this one, hence half of it.
        if let (Some(before), Some(after)) = (resident_before, resident_bytes()) {
            let grown = after.saturating_sub(before);
            assert!(
                grown < table.bytes() as u64 / 2,
                "{grown} bytes resident more for a {megabytes} MB table"
            );
        }
    }

    /// The process's resident memory, where the system tells it (Linux,
    /// also under qemu-user). Not under WebAssembly: it has no lazily
    /// zeroed pages, and the file it would read is its runtime's.
    fn resident_bytes() -> Option<u64> {
        if cfg!(target_family = "wasm") {
            return None;
        }
        let status = std::fs::read_to_string("/proc/self/status").ok()?;
        let line = status.lines().find(|line| line.starts_with("VmRSS:"))?;
        let kilobytes: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kilobytes * 1024)
    }

    #[test]
    fn hashfull_and_clear() {
        let mut table = TranspositionTable::new(1).unwrap();
        assert_eq!(table.hashfull(), 0);
        for hash in 0..200_000u64 {
            table.store(hash.wrapping_mul(0x9E37_79B9_7F4A_7C15), 0, 0, 0, 0, 1, Bound::Exact);
        }
        assert!(table.hashfull() > 500);
        table.new_search();
        assert_eq!(table.hashfull(), 0);
        table.clear();
        assert!(table.probe(0, 0).is_none());
    }
}
