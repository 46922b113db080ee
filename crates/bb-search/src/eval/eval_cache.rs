//! A cache of whole static evaluations, found by the position's Zobrist key.
//!
//! The transposition table keeps the evaluation of the positions whose
//! search it stores, but not of the quiescence leaves that stand pat (they
//! return before any store), and its entries get replaced. Iterative
//! deepening evaluates those leaves again at every iteration: about one
//! evaluation in six of `bb bench` finds its value here instead, which
//! is worth a few per cent of the node rate. The evaluation depends on the
//! position alone, so what the cache returns is what would be computed
//! afresh, and the search is unchanged (`bb bench` gives the same nodes).
//!
//! Each entry is one `u64`: the key's high 48 bits above the value as an
//! `i16`. The slot is chosen by the key's low [`SLOT_BITS`] bits, so a
//! different position is taken for this one only when their keys agree on
//! those and the high 48 (bit 15 is in neither), as unlikely as the
//! transposition table's own collisions. The search checks every hit
//! against a fresh evaluation in builds with debug assertions (the tests).
//!
//! The cache lives as long as one search (`go`): a new search starts empty.

use crate::score::Score;

/// Bits of the key that choose the slot: 2^15 entries, 256 KB, enough to
/// hold what one iteration's leaves revisit (larger did not help).
const SLOT_BITS: u32 = 15;

/// The key bits an entry keeps to recognise its position.
const CHECK_MASK: u64 = !0xFFFF;

/// Static evaluations of recently evaluated positions, by Zobrist key. Each
/// search thread has its own.
///
/// ```
/// use bb_movegen::Position;
/// use bb_search::eval::{evaluate, EvalCache};
///
/// let mut cache = EvalCache::new();
/// let position = Position::startpos();
/// let key = position.zobrist_key();
/// assert_eq!(cache.get(key), None);
/// cache.put(key, evaluate(&position));
/// assert_eq!(cache.get(key), Some(evaluate(&position)));
/// ```
#[derive(Clone, Debug)]
pub struct EvalCache {
    entries: Box<[u64]>,
}

impl Default for EvalCache {
    fn default() -> EvalCache {
        EvalCache::new()
    }
}

impl EvalCache {
    /// An empty cache.
    pub fn new() -> EvalCache {
        EvalCache { entries: vec![0; 1 << SLOT_BITS].into_boxed_slice() }
    }

    /// The evaluation stored for the position whose Zobrist key is `key`.
    #[inline(always)]
    pub fn get(&self, key: u64) -> Option<Score> {
        let entry = self.entries[slot(key)];
        // The all-zero entry is an empty slot, never a hit.
        (entry != 0 && entry & CHECK_MASK == key & CHECK_MASK).then_some(Score::from(entry as u16 as i16))
    }

    /// Stores `value`, the evaluation of the position whose key is `key`,
    /// in place of what its slot held. A value beyond the `i16` range is
    /// not stored (no evaluation reaches it).
    #[inline(always)]
    pub fn put(&mut self, key: u64, value: Score) {
        if let Ok(value) = i16::try_from(value) {
            self.entries[slot(key)] = key & CHECK_MASK | u64::from(value as u16);
        }
    }
}

#[inline(always)]
fn slot(key: u64) -> usize {
    (key & ((1 << SLOT_BITS) - 1)) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_value_is_found_by_its_key_only() {
        let mut cache = EvalCache::new();
        let key = 0x1234_5678_9ABC_DEF0;
        for value in [-32_768, -1, 0, 1, 32_767] {
            cache.put(key, value);
            assert_eq!(cache.get(key), Some(value));
        }
        // Same slot, other high bits: another position.
        assert_eq!(cache.get(key ^ 1 << 40), None);
        // Same high bits, other slot: not stored there.
        assert_eq!(cache.get(key ^ 1), None);
        // Bit 15 is neither slot nor check: such keys share the entry.
        assert_eq!(cache.get(key ^ 1 << 15), Some(32_767));
    }

    #[test]
    fn a_new_value_replaces_the_old_one_in_its_slot() {
        let mut cache = EvalCache::new();
        let first = 0xAAAA_0000_0000_0001;
        let second = 0xBBBB_0000_0000_0001;
        cache.put(first, 10);
        cache.put(second, -20);
        assert_eq!(cache.get(first), None);
        assert_eq!(cache.get(second), Some(-20));
    }

    #[test]
    fn values_beyond_i16_and_empty_slots_are_never_found() {
        let mut cache = EvalCache::new();
        cache.put(0xCCCC_0000_0000_0002, 40_000);
        assert_eq!(cache.get(0xCCCC_0000_0000_0002), None);
        // A key whose checked bits are all zero, valued 0, would look like
        // an empty slot: it is simply not found.
        cache.put(0x0000_0000_0000_0003, 0);
        assert_eq!(cache.get(0x0000_0000_0000_0003), None);
        assert_eq!(cache.get(0), None);
    }
}
