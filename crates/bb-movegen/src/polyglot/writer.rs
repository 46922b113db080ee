//! Building Polyglot books: for tests and for making small books from a
//! few chosen lines. A full book maker (counting games) is out of scope.

use super::book::RawEntry;
use crate::{Move, Position};
use std::collections::BTreeMap;
use std::io::Write;

/// Collects (position, move, weight) entries and writes them as a
/// Polyglot book: sorted by key, the moves of a position by weight, best
/// first (as Polyglot writes them), then by move code so the bytes do not
/// depend on the order of adding.
///
/// ```
/// use bb_movegen::polyglot::{Book, BookWriter};
/// use bb_movegen::Position;
///
/// let start = Position::startpos();
/// let mut writer = BookWriter::new();
/// writer.add(&start, start.parse_uci_move("g1f3").unwrap(), 10);
/// let bytes = writer.to_bytes();
/// assert_eq!(bytes.len(), 16);
/// let mut book = Book::from_bytes(bytes).unwrap();
/// assert_eq!(book.entries(&start).unwrap()[0].weight, 10);
/// ```
#[derive(Clone, Debug, Default)]
pub struct BookWriter {
    /// Weights by (key, move code): adding a move twice adds its weights.
    weights: BTreeMap<(u64, u16), u16>,
}

impl BookWriter {
    /// An empty book.
    ///
    /// ```
    /// use bb_movegen::polyglot::BookWriter;
    ///
    /// let writer = BookWriter::new();
    /// assert!(writer.is_empty());
    /// assert!(writer.to_bytes().is_empty());
    /// ```
    pub fn new() -> BookWriter {
        BookWriter::default()
    }

    /// Adds `mv`, a move of `position`, with `weight`. A move added again
    /// for the same position gets the sum of the weights (saturating at
    /// 65535), as when a book is built from lines sharing a start.
    ///
    /// ```
    /// use bb_movegen::polyglot::{Book, BookWriter};
    /// use bb_movegen::Position;
    ///
    /// let start = Position::startpos();
    /// let e4 = start.parse_uci_move("e2e4").unwrap();
    /// let mut writer = BookWriter::new();
    /// writer.add(&start, e4, 10);
    /// writer.add(&start, e4, 5);
    /// assert_eq!(writer.len(), 1);
    /// let mut book = Book::from_bytes(writer.to_bytes()).unwrap();
    /// assert_eq!(book.entries(&start).unwrap()[0].weight, 15);
    /// ```
    pub fn add(&mut self, position: &Position, mv: Move, weight: u16) {
        let total = self.weights.entry((position.polyglot_key(), mv.to_polyglot())).or_insert(0);
        *total = total.saturating_add(weight);
    }

    /// The number of entries: distinct (position, move) pairs.
    pub fn len(&self) -> usize {
        self.weights.len()
    }

    /// True when nothing was added.
    pub fn is_empty(&self) -> bool {
        self.weights.is_empty()
    }

    /// The book's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut entries: Vec<RawEntry> = self
            .weights
            .iter()
            .map(|(&(key, code), &weight)| RawEntry { key, code, weight, learn: 0 })
            .collect();
        entries.sort_by_key(|entry| (entry.key, core::cmp::Reverse(entry.weight), entry.code));
        entries.iter().flat_map(|entry| entry.to_bytes()).collect()
    }

    /// Writes the book to `out`.
    pub fn write_to(&self, mut out: impl Write) -> std::io::Result<()> {
        out.write_all(&self.to_bytes())
    }
}
