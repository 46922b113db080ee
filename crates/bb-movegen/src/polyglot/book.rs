//! Reading Polyglot opening books: a sorted file of 16-byte big-endian
//! entries (key u64, move u16, weight u16, learn u32).
//!
//! The book is never loaded whole: each probe binary-searches it through
//! `Read + Seek`, about 20 reads of 16 bytes for a book of a million
//! entries, so multi-gigabyte books cost no memory. A book already in
//! memory is read through a `Cursor` by the same code.

use super::BookError;
use crate::{Move, Position};
use std::fs::File;
use std::io::{BufReader, Cursor, Read, Seek, SeekFrom};
use std::path::Path;

/// Bytes per book entry.
pub(super) const ENTRY_BYTES: u64 = 16;

/// One book move for a position, decoded into a legal [`Move`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookEntry {
    /// The move.
    pub mv: Move,
    /// How good the book thinks it is, relative to the other moves of the
    /// position (Polyglot writes counts of wins and draws here).
    pub weight: u16,
    /// The learning field, unused by Polyglot itself; kept as read.
    pub learn: u32,
}

/// An entry as stored, before its move is checked against a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct RawEntry {
    pub(super) key: u64,
    pub(super) code: u16,
    pub(super) weight: u16,
    pub(super) learn: u32,
}

impl RawEntry {
    pub(super) fn from_bytes(bytes: [u8; 16]) -> RawEntry {
        let [k0, k1, k2, k3, k4, k5, k6, k7, m0, m1, w0, w1, l0, l1, l2, l3] = bytes;
        RawEntry {
            key: u64::from_be_bytes([k0, k1, k2, k3, k4, k5, k6, k7]),
            code: u16::from_be_bytes([m0, m1]),
            weight: u16::from_be_bytes([w0, w1]),
            learn: u32::from_be_bytes([l0, l1, l2, l3]),
        }
    }

    pub(super) fn to_bytes(self) -> [u8; 16] {
        let mut bytes = [0; 16];
        bytes[..8].copy_from_slice(&self.key.to_be_bytes());
        bytes[8..10].copy_from_slice(&self.code.to_be_bytes());
        bytes[10..12].copy_from_slice(&self.weight.to_be_bytes());
        bytes[12..].copy_from_slice(&self.learn.to_be_bytes());
        bytes
    }
}

/// The entry of `entries` that `random` (uniform over `u64`) picks, each in
/// proportion to its weight: what [`Book::choose`] does, for a caller that
/// wants the entries too. `None` when every weight is 0.
///
/// ```
/// use bb_movegen::polyglot::{weighted_pick, BookEntry};
/// use bb_movegen::Move;
///
/// let entries = [
///     BookEntry { mv: Move::NULL, weight: 3, learn: 0 },
///     BookEntry { mv: Move::NULL, weight: 1, learn: 0 },
/// ];
/// assert_eq!(weighted_pick(&entries, 0).unwrap().weight, 3);
/// assert_eq!(weighted_pick(&entries, u64::MAX).unwrap().weight, 1);
/// assert_eq!(weighted_pick(&entries[..0], 7), None);
/// ```
pub fn weighted_pick(entries: &[BookEntry], random: u64) -> Option<BookEntry> {
    let total: u64 = entries.iter().map(|entry| u64::from(entry.weight)).sum();
    // Scale `random` onto 0..total with a widening multiply: unbiased up to
    // rounding, and it uses the high bits, the best of weak generators.
    let mut target = ((u128::from(random) * u128::from(total)) >> 64) as u64;
    for entry in entries {
        let weight = u64::from(entry.weight);
        if target < weight {
            return Some(*entry);
        }
        target -= weight;
    }
    None
}

/// A Polyglot opening book, read from a file, from bytes or from any
/// `Read + Seek` source.
///
/// Probing needs `&mut self` because it seeks in the source.
///
/// ```
/// use bb_movegen::polyglot::{Book, BookWriter};
/// use bb_movegen::Position;
///
/// let start = Position::startpos();
/// let mut writer = BookWriter::new();
/// writer.add(&start, start.parse_uci_move("e2e4").unwrap(), 3);
/// writer.add(&start, start.parse_uci_move("d2d4").unwrap(), 1);
///
/// let mut book = Book::from_bytes(writer.to_bytes()).unwrap();
/// let moves = book.entries(&start).unwrap();
/// assert_eq!(moves.len(), 2);
/// assert_eq!(book.best(&start).unwrap().unwrap().to_string(), "e2e4");
/// // `choose` picks by weight: the book lists e2e4 (3 of 4) first, so the
/// // top quarter of the random range gives d2d4.
/// assert_eq!(book.choose(&start, u64::MAX).unwrap().unwrap().to_string(), "d2d4");
/// ```
pub struct Book<R> {
    source: R,
    entries: u64,
}

impl Book<BufReader<File>> {
    /// Opens the book file at `path`.
    ///
    /// ```no_run
    /// use bb_movegen::polyglot::Book;
    ///
    /// let mut book = Book::open("performance.bin")?;
    /// let moves = book.entries(&bb_movegen::Position::startpos())?;
    /// # Ok::<(), bb_movegen::polyglot::BookError>(())
    /// ```
    pub fn open(path: impl AsRef<Path>) -> Result<Self, BookError> {
        let file = File::open(path)?;
        // A directory opens on some systems, and seeking in a pipe or a
        // device means nothing: only a regular file is a book.
        if !file.metadata()?.is_file() {
            return Err(BookError::Io(std::io::Error::other("not a regular file")));
        }
        Book::from_reader(BufReader::new(file))
    }
}

impl Book<Cursor<Vec<u8>>> {
    /// A book held in memory.
    ///
    /// ```
    /// use bb_movegen::polyglot::Book;
    ///
    /// assert_eq!(Book::from_bytes(vec![0; 32]).unwrap().len(), 2);
    /// assert!(Book::from_bytes(vec![0; 17]).is_err());
    /// ```
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Self, BookError> {
        Book::from_reader(Cursor::new(bytes))
    }
}

impl<R: Read + Seek> Book<R> {
    /// A book read through `source`, which must hold the book from its
    /// start. Only the length is checked here; see [`Book::check_sorted`].
    ///
    /// ```
    /// use bb_movegen::polyglot::Book;
    /// use std::io::Cursor;
    ///
    /// let book = Book::from_reader(Cursor::new([0u8; 48])).unwrap();
    /// assert_eq!(book.len(), 3);
    /// ```
    pub fn from_reader(mut source: R) -> Result<Self, BookError> {
        let bytes = source.seek(SeekFrom::End(0))?;
        if bytes % ENTRY_BYTES != 0 {
            return Err(BookError::BadLength { bytes });
        }
        Ok(Book { source, entries: bytes / ENTRY_BYTES })
    }

    /// The number of entries, for all positions.
    pub fn len(&self) -> u64 {
        self.entries
    }

    /// True for a book without entries.
    pub fn is_empty(&self) -> bool {
        self.entries == 0
    }

    fn read(&mut self, index: u64) -> Result<RawEntry, BookError> {
        self.source.seek(SeekFrom::Start(index * ENTRY_BYTES))?;
        let mut bytes = [0; 16];
        self.source.read_exact(&mut bytes)?;
        Ok(RawEntry::from_bytes(bytes))
    }

    /// The index of the first entry whose key is not below `key`.
    fn lower_bound(&mut self, key: u64) -> Result<u64, BookError> {
        let (mut low, mut high) = (0, self.entries);
        while low < high {
            let middle = low + (high - low) / 2;
            if self.read(middle)?.key < key {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        Ok(low)
    }

    /// The book's moves for `position`, in file order (Polyglot books list
    /// the best first). Entries whose move is not legal in the position
    /// (a key collision, a damaged book) are left out.
    ///
    /// ```
    /// use bb_movegen::polyglot::{Book, BookWriter};
    /// use bb_movegen::Position;
    ///
    /// let start = Position::startpos();
    /// let mut writer = BookWriter::new();
    /// writer.add(&start, start.parse_uci_move("d2d4").unwrap(), 5);
    /// writer.add(&start, start.parse_uci_move("e2e4").unwrap(), 20);
    /// let mut book = Book::from_bytes(writer.to_bytes()).unwrap();
    /// let moves: Vec<String> = book.entries(&start)?.iter().map(|entry| entry.mv.to_string()).collect();
    /// assert_eq!(moves, ["e2e4", "d2d4"]); // best first
    /// assert!(book.entries(&start.play(start.parse_uci_move("a2a3").unwrap()))?.is_empty());
    /// # Ok::<(), bb_movegen::polyglot::BookError>(())
    /// ```
    pub fn entries(&mut self, position: &Position) -> Result<Vec<BookEntry>, BookError> {
        let key = position.polyglot_key();
        let mut found = Vec::new();
        let mut index = self.lower_bound(key)?;
        while index < self.entries {
            let raw = self.read(index)?;
            if raw.key != key {
                break;
            }
            if let Some(mv) = position.polyglot_move(raw.code) {
                found.push(BookEntry { mv, weight: raw.weight, learn: raw.learn });
            }
            index += 1;
        }
        Ok(found)
    }

    /// The book move of highest weight (the first of equals), or `None`
    /// when the book has no move with a weight above 0 for `position`:
    /// Polyglot books keep weight-0 moves only to say they are not played.
    pub fn best(&mut self, position: &Position) -> Result<Option<Move>, BookError> {
        let mut best: Option<BookEntry> = None;
        for entry in self.entries(position)? {
            if entry.weight > 0 && best.is_none_or(|b| entry.weight > b.weight) {
                best = Some(entry);
            }
        }
        Ok(best.map(|entry| entry.mv))
    }

    /// A book move picked at random in proportion to its weight, `random`
    /// being a uniformly random number (the caller owns the randomness,
    /// so play is reproducible). `None` as for [`Book::best`].
    pub fn choose(&mut self, position: &Position, random: u64) -> Result<Option<Move>, BookError> {
        Ok(weighted_pick(&self.entries(position)?, random).map(|entry| entry.mv))
    }

    /// Reads the whole book once to check that its keys are in ascending
    /// order, as lookups assume. Optional: a large book takes a while.
    ///
    /// ```
    /// use bb_movegen::polyglot::{Book, BookError};
    ///
    /// let mut bytes = vec![0u8; 32];
    /// bytes[0] = 1; // the first key is now larger than the second
    /// let mut book = Book::from_bytes(bytes).unwrap();
    /// assert!(matches!(book.check_sorted(), Err(BookError::Unsorted { entry: 1 })));
    /// ```
    pub fn check_sorted(&mut self) -> Result<(), BookError> {
        self.source.seek(SeekFrom::Start(0))?;
        let mut previous = 0;
        let mut bytes = [0; 16];
        for entry in 0..self.entries {
            // Sequential reads: the source's buffering does the work.
            self.source.read_exact(&mut bytes)?;
            let key = RawEntry::from_bytes(bytes).key;
            if key < previous {
                return Err(BookError::Unsorted { entry });
            }
            previous = key;
        }
        Ok(())
    }
}
