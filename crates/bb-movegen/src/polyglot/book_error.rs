//! Why a Polyglot book cannot be opened or read.

use core::fmt;

/// A book that cannot be opened or read. Displayed as one line of text.
#[derive(Debug)]
#[non_exhaustive]
pub enum BookError {
    /// Reading (or opening, or seeking in) the book failed.
    Io(std::io::Error),
    /// The book's length is not a whole number of 16-byte entries, so it is
    /// not a Polyglot book (or it is cut short).
    BadLength {
        /// The length found, in bytes.
        bytes: u64,
    },
    /// The keys are not in ascending order, so lookups would miss entries.
    Unsorted {
        /// The number of the first entry whose key is smaller than the one
        /// before it, from 0.
        entry: u64,
    },
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Io(error) => write!(f, "cannot read the book: {error}"),
            BookError::BadLength { bytes } => {
                write!(f, "not a Polyglot book: its length, {bytes} bytes, is not a multiple of 16")
            }
            BookError::Unsorted { entry } => {
                write!(f, "not a Polyglot book: the keys are not sorted (entry {entry} is out of order)")
            }
        }
    }
}

impl std::error::Error for BookError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BookError::Io(error) => Some(error),
            _ => None,
        }
    }
}

impl From<std::io::Error> for BookError {
    fn from(error: std::io::Error) -> BookError {
        BookError::Io(error)
    }
}
