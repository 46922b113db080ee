//! A lossless, thread-safe cache of perft subtree counts.
//!
//! Entries are keyed by the position's full [`Identity`] (with the depth),
//! so a probe only ever answers for the very position it was stored for.
//! The Zobrist key just picks the bucket. The table is split into shards,
//! each a `Mutex` over its own slice of buckets, so threads rarely wait for
//! each other and no `unsafe` is needed.

use crate::perft::identity::Identity;
use std::fmt;
use std::sync::{Mutex, MutexGuard};

/// A cached count as six words: the key ([`Identity::table_key`], four
/// words), then the count's low and high halves. All zero is an empty entry
/// (no key is all zero). Plain words let the table be allocated already
/// zeroed, so the OS hands out pages as they are first used instead of the
/// program writing the whole table up front.
type Entry = [u64; 6];

/// Entries that compete for one hash index.
const BUCKET_SIZE: usize = 4;

/// More shards than threads by far, so lock contention stays negligible.
const MAX_SHARDS: usize = 256;

/// Shards at least (for a table of as many buckets): enough that threads
/// rarely meet on one lock.
const MIN_SHARDS: usize = 64;

/// The buckets of 64 MB. A table gets one shard per 64 MB, between
/// `MIN_SHARDS` and `MAX_SHARDS`: a shard is one allocation, and a large
/// one lies mostly in whole 2 MB pages, which the system can then back with
/// huge pages (see `huge_pages.rs`).
const MIN_SHARD_BUCKETS: usize = (64 << 20) / (BUCKET_SIZE * std::mem::size_of::<Entry>());

/// The shared count cache of a [`ThreadedPerft`](super::ThreadedPerft).
pub struct PerftTable {
    shards: Vec<Mutex<Vec<Entry>>>,
    /// The address of each shard's entries, for prefetching a bucket
    /// without taking its lock (a shard's vector never grows, so its
    /// entries never move). Only ever hinted to the CPU, never read through.
    addresses: Vec<usize>,
    buckets_per_shard: usize,
}

/// Why a table of the size asked for cannot be had.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableSizeError {
    /// The size in bytes does not fit in a `usize`.
    TooLarge {
        /// The size asked for.
        megabytes: usize,
    },
    /// The system refused the memory.
    OutOfMemory {
        /// The size asked for.
        megabytes: usize,
    },
}

impl fmt::Display for TableSizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableSizeError::TooLarge { megabytes } => {
                write!(f, "a hash table of {megabytes} MB does not fit in this address space")
            }
            TableSizeError::OutOfMemory { megabytes } => {
                write!(f, "cannot allocate a hash table of {megabytes} MB")
            }
        }
    }
}

impl std::error::Error for TableSizeError {}

impl PerftTable {
    /// A table of about `megabytes` MB (at least one bucket), or why the
    /// memory cannot be had. The memory is taken from the system zeroed, so
    /// pages are only touched as the table fills.
    ///
    /// ```
    /// use bb_movegen::perft::{PerftTable, TableSizeError};
    ///
    /// assert!(PerftTable::with_megabytes(1).is_ok());
    /// let too_large = PerftTable::with_megabytes(usize::MAX);
    /// assert!(matches!(too_large, Err(TableSizeError::TooLarge { .. })));
    /// ```
    pub fn with_megabytes(megabytes: usize) -> Result<PerftTable, TableSizeError> {
        let bytes = megabytes.checked_mul(1 << 20).ok_or(TableSizeError::TooLarge { megabytes })?;
        let buckets = bytes / (BUCKET_SIZE * std::mem::size_of::<Entry>());
        PerftTable::with_buckets(buckets.max(1)).ok_or(TableSizeError::OutOfMemory { megabytes })
    }

    /// A table of `buckets` buckets (tests use tiny ones to force collisions
    /// and replacements); `None` if the memory cannot be had.
    pub(crate) fn with_buckets(buckets: usize) -> Option<PerftTable> {
        let buckets = buckets.max(1);
        let shard_count = (buckets / MIN_SHARD_BUCKETS).clamp(buckets.min(MIN_SHARDS), MAX_SHARDS);
        let buckets_per_shard = buckets / shard_count;
        let entries_per_shard = buckets_per_shard.checked_mul(BUCKET_SIZE)?;
        // `vec!` of zeros gets zeroed pages from the system without writing
        // them, but it aborts when memory is short. Reserving the whole size
        // once first turns a size the system refuses into an error. (One
        // large probe, not one per shard: glibc would answer a freed small
        // probe by serving the shards from its heap, which must be cleared.)
        let mut probe: Vec<Entry> = Vec::new();
        probe.try_reserve_exact(entries_per_shard.checked_mul(shard_count)?).ok()?;
        drop(probe);
        let mut shards = Vec::with_capacity(shard_count);
        let mut addresses = Vec::with_capacity(shard_count);
        for _ in 0..shard_count {
            let mut entries = vec![[0u64; 6]; entries_per_shard];
            // Before the first touch, so that the pages come huge from the start.
            super::huge_pages::advise(&mut entries);
            addresses.push(entries.as_ptr() as usize);
            shards.push(Mutex::new(entries));
        }
        Some(PerftTable { shards, addresses, buckets_per_shard })
    }

    /// Starts loading the bucket of `zobrist` into the CPU's caches, so that
    /// a probe of it soon after does not wait for memory. Changes nothing.
    #[inline]
    pub(super) fn prefetch(&self, zobrist: u64) {
        let (shard, first) = self.locate(zobrist);
        let address = self.addresses[shard] + first * std::mem::size_of::<Entry>();
        bb_core::platform::prefetch_bytes(
            std::ptr::without_provenance(address),
            BUCKET_SIZE * std::mem::size_of::<Entry>(),
        );
    }

    /// The count stored for `identity` at `depth`, if any.
    pub(super) fn probe(&self, zobrist: u64, identity: &Identity, depth: u32) -> Option<u128> {
        let key = identity.table_key(depth);
        let (shard, first) = self.locate(zobrist);
        let entries = lock(&self.shards[shard]);
        entries[first..first + BUCKET_SIZE]
            .iter()
            .find(|entry| entry[..4] == key)
            .map(|entry| u128::from(entry[4]) | (u128::from(entry[5]) << 64))
    }

    /// Stores a count, replacing the shallowest entry of the bucket (deeper
    /// counts save more work when hit). `depth` must be at least 1.
    pub(super) fn store(&self, zobrist: u64, identity: &Identity, depth: u32, count: u128) {
        let key = identity.table_key(depth);
        let (shard, first) = self.locate(zobrist);
        let mut entries = lock(&self.shards[shard]);
        let bucket = &mut entries[first..first + BUCKET_SIZE];
        let slot = match bucket.iter().position(|entry| entry[..4] == key) {
            Some(same) => same,
            None => (0..BUCKET_SIZE).min_by_key(|&index| entry_depth(&bucket[index])).unwrap_or(0),
        };
        bucket[slot] = [key[0], key[1], key[2], key[3], count as u64, (count >> 64) as u64];
    }

    /// The shard and the index of the bucket's first entry for a key. Shard
    /// and bucket come from different bits of the key.
    fn locate(&self, zobrist: u64) -> (usize, usize) {
        let shard = ((zobrist >> 40) % self.shards.len() as u64) as usize;
        let bucket = (zobrist % self.buckets_per_shard as u64) as usize;
        (shard, bucket * BUCKET_SIZE)
    }
}

/// The depth an entry was stored for (0 when empty).
fn entry_depth(entry: &Entry) -> u64 {
    entry[3] >> 32
}

/// Locks a shard. A poisoned lock (a thread panicked while holding it) still
/// holds whole entries, since entries are written in one assignment.
fn lock(shard: &Mutex<Vec<Entry>>) -> MutexGuard<'_, Vec<Entry>> {
    shard.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;

    fn identity(position: &Position) -> Identity {
        Identity::of(position).unwrap()
    }

    #[test]
    fn a_stored_count_comes_back_only_for_its_position_and_depth() {
        let table = PerftTable::with_buckets(1).unwrap();
        let start = Position::startpos();
        let after_e4 = start.play(start.parse_uci_move("e2e4").unwrap());
        let big = (7u128 << 64) | 5;
        // Same (deliberately wrong) Zobrist key for both: only identities differ.
        table.store(42, &identity(&start), 9, big);
        assert_eq!(table.probe(42, &identity(&start), 9), Some(big));
        assert_eq!(table.probe(42, &identity(&start), 8), None);
        assert_eq!(table.probe(42, &identity(&after_e4), 9), None);
    }

    #[test]
    fn the_shallowest_entry_is_replaced() {
        let table = PerftTable::with_buckets(1).unwrap();
        let start = Position::startpos();
        let children: Vec<Position> = start.legal_moves().iter().map(|mv| start.play(*mv)).collect();
        for (depth, child) in (2..).zip(&children[..BUCKET_SIZE]) {
            table.store(0, &identity(child), depth, 100 + u128::from(depth));
        }
        table.store(0, &identity(&children[BUCKET_SIZE]), 9, 1);
        assert_eq!(table.probe(0, &identity(&children[0]), 2), None, "depth 2 should have gone");
        assert_eq!(table.probe(0, &identity(&children[1]), 3), Some(103));
        assert_eq!(table.probe(0, &identity(&children[BUCKET_SIZE]), 9), Some(1));
    }

    #[test]
    fn impossible_sizes_are_errors_not_aborts() {
        let error = PerftTable::with_megabytes(usize::MAX).err();
        assert_eq!(error, Some(TableSizeError::TooLarge { megabytes: usize::MAX }));
        assert!(PerftTable::with_megabytes(0).is_ok());
    }
}
