//! The engine's opening book: the Polyglot book named by `BookFile`, and
//! the pick of a book move for `go` when `OwnBook` is on.
//!
//! The book is opened when `BookFile` is set, so a bad path is reported
//! at once (and the old book kept); each `go` then probes it, a few reads
//! of 16 bytes, never the whole file (see [`bb_movegen::polyglot::Book`]).

use bb_core::random::SplitMix64;
use bb_movegen::polyglot::{weighted_pick, Book, BookError};
use bb_movegen::{Move, Position};
use std::fs::File;
use std::io::BufReader;

/// A book move picked for a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct BookPick {
    pub mv: Move,
    /// Its weight, and the total weight of the position's book moves.
    pub weight: u16,
    pub total: u64,
}

/// The loaded book, if any, and the randomness for weighted picks.
pub(super) struct EngineBook {
    /// The path as given in `BookFile`, and the open book.
    book: Option<(String, Book<BufReader<File>>)>,
    random: SplitMix64,
}

impl EngineBook {
    pub fn new() -> EngineBook {
        // Seeded from the clock, so that successive runs vary their
        // openings as Polyglot's own weighted pick does; nothing in the
        // engine's search depends on it.
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |since| since.as_nanos() as u64);
        EngineBook { book: None, random: SplitMix64::new(seed) }
    }

    /// The path of the loaded book.
    pub fn path(&self) -> Option<&str> {
        self.book.as_ref().map(|(path, _)| path.as_str())
    }

    /// `BookFile`: opens `path`, or unloads the book for `None`. On error
    /// the book loaded before stays.
    pub fn set_file(&mut self, path: Option<&str>) -> Result<(), BookError> {
        self.book = match path {
            Some(path) => Some((path.to_string(), Book::open(path)?)),
            None => None,
        };
        Ok(())
    }

    /// A book move for `position`, picked at random by weight; `None`
    /// without a book or out of book.
    pub fn pick(&mut self, position: &Position) -> Result<Option<BookPick>, BookError> {
        let Some((_, book)) = &mut self.book else { return Ok(None) };
        let entries = book.entries(position)?;
        let total = entries.iter().map(|entry| u64::from(entry.weight)).sum();
        Ok(weighted_pick(&entries, self.random.next_u64()).map(|entry| BookPick {
            mv: entry.mv,
            weight: entry.weight,
            total,
        }))
    }
}
