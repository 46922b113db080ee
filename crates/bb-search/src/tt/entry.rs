//! One stored search result and its packed form.
//!
//! The table keeps entries as three 32-bit words rather than as a struct,
//! so that it is an array of plain integers: its memory is one zeroed
//! allocation (lazily mapped pages), and the all-zero entry is the empty
//! one. Twelve bytes an entry, four entries a bucket.
//!
//! The words are atomics because the search threads share the table
//! without locks (Lazy SMP). Relaxed loads and stores compile to plain
//! moves, but two threads may still interleave the three words of one
//! entry. So the first word holds the key XORed with the other two: a torn
//! entry reads back with a wrong key and is simply not found (or, once in
//! 2^32, a stored move that the search checks for legality anyway). 32-bit
//! words, because not every target has 64-bit atomics (powerpc).

use core::sync::atomic::{AtomicU32, Ordering::Relaxed};

/// Entries per bucket.
pub const BUCKET_SIZE: usize = 4;

/// An entry's words as read: `[key, move | score << 16, eval | depth << 16 | flags << 24]`.
pub(super) type PackedEntry = [u32; 3];

/// An entry as stored: the words of [`PackedEntry`], the key XORed with the other two.
pub(super) type StoredEntry = [AtomicU32; 3];

/// What a bucket is in memory.
pub(super) type Bucket = [StoredEntry; BUCKET_SIZE];

/// Reads an entry's words (the key recovered from the check word).
#[inline]
pub(super) fn load(stored: &StoredEntry) -> PackedEntry {
    let data = stored[1].load(Relaxed);
    let more = stored[2].load(Relaxed);
    [stored[0].load(Relaxed) ^ data ^ more, data, more]
}

/// Writes an entry's words.
#[inline]
pub(super) fn save(stored: &StoredEntry, words: PackedEntry) {
    stored[1].store(words[1], Relaxed);
    stored[2].store(words[2], Relaxed);
    stored[0].store(words[0] ^ words[1] ^ words[2], Relaxed);
}

/// The bound bits of the flags of an empty entry.
pub(super) const BOUND_NONE: u8 = 0;

/// One entry, unpacked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Entry {
    /// The high 32 bits of the position's hash.
    pub key: u32,
    pub move_code: u16,
    pub score: i16,
    pub eval: i16,
    pub depth: i8,
    /// Low 2 bits: bound (0 = empty); high 6 bits: the search's age.
    pub flags: u8,
}

impl Entry {
    pub fn bound(self) -> u8 {
        self.flags & 3
    }

    pub fn age(self) -> u8 {
        self.flags & !3
    }

    /// True when the entry holds a result for the position whose
    /// verification key is `key`. Reads only the words it needs.
    #[inline]
    pub fn holds(words: &PackedEntry, key: u32) -> bool {
        words[0] == key && Self::flags_of(words) & 3 != BOUND_NONE
    }

    #[inline]
    fn flags_of(words: &PackedEntry) -> u8 {
        (words[2] >> 24) as u8
    }

    #[inline]
    pub fn unpack(words: &PackedEntry) -> Entry {
        Entry {
            key: words[0],
            move_code: words[1] as u16,
            score: (words[1] >> 16) as u16 as i16,
            eval: words[2] as u16 as i16,
            depth: (words[2] >> 16) as u8 as i8,
            flags: Self::flags_of(words),
        }
    }

    #[inline]
    pub fn pack(self) -> PackedEntry {
        [
            self.key,
            u32::from(self.move_code) | u32::from(self.score as u16) << 16,
            u32::from(self.eval as u16) | u32::from(self.depth as u8) << 16 | u32::from(self.flags) << 24,
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_round_trips_every_field_at_its_extremes() {
        let entries = [
            Entry::default(),
            Entry {
                key: u32::MAX,
                move_code: u16::MAX,
                score: i16::MIN,
                eval: i16::MAX,
                depth: i8::MIN,
                flags: 0xFF,
            },
            Entry {
                key: 0x8000_0001,
                move_code: 0x1234,
                score: -1,
                eval: -32_000,
                depth: 127,
                flags: 0b1010_0111,
            },
            Entry { key: 1, move_code: 0, score: i16::MAX, eval: i16::MIN, depth: -1, flags: 1 },
        ];
        for entry in entries {
            let packed = entry.pack();
            assert_eq!(Entry::unpack(&packed), entry);
            assert_eq!(Entry::holds(&packed, entry.key), entry.bound() != BOUND_NONE);
        }
        assert_eq!(Entry::unpack(&[0; 3]), Entry::default());
        assert_eq!(core::mem::size_of::<Bucket>(), 48);
    }

    #[test]
    fn stored_words_read_back_and_a_torn_entry_loses_its_key() {
        let stored: StoredEntry = Default::default();
        assert_eq!(load(&stored), [0; 3], "zeroed memory is an empty entry");
        let first = Entry { key: 0xDEAD_BEEF, move_code: 12, score: -5, eval: 7, depth: 9, flags: 3 };
        let second = Entry { key: 0x1234_5678, move_code: 99, score: 40, eval: -2, depth: 3, flags: 1 };
        save(&stored, first.pack());
        assert_eq!(Entry::unpack(&load(&stored)), first);
        // Another thread's write of the data words, interleaved before the
        // check word of the first: the key no longer matches either entry.
        let words = second.pack();
        stored[1].store(words[1], Relaxed);
        let torn = load(&stored);
        assert!(!Entry::holds(&torn, first.key) && !Entry::holds(&torn, second.key));
    }
}
