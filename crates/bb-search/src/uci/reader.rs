//! Reading UCI input one line at a time with bounded memory.
//!
//! A line longer than [`MAX_LINE_BYTES`] is not kept: [`read_line`] says
//! so as soon as the line passes the limit (so input with no line break at
//! all, such as `/dev/zero`, is answered at once rather than never), and
//! [`skip_line`] then drops the rest of it up to the next newline without
//! storing it, so a hostile or broken GUI cannot make the engine buffer an
//! unbounded line.

use std::io::{self, BufRead};

/// The longest line read, in bytes (4 MiB). A `position startpos moves ...`
/// of a 10,000-move game is about 50 KB, far below it.
pub const MAX_LINE_BYTES: usize = 4 << 20;

/// What [`read_line`] found.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Line {
    /// The end of the input (or a read error): nothing more will come.
    End,
    /// A line, now in the buffer (with its `\n` when it had one).
    Complete,
    /// A line longer than the limit, reported as soon as it passed it: the
    /// buffer holds no part of it and the rest of it is still unread
    /// ([`skip_line`] drops it).
    TooLong,
}

/// Reads one line into `buffer` (cleared first), keeping at most `limit`
/// bytes of it; see [`Line`].
pub(super) fn read_line<R: BufRead>(input: &mut R, buffer: &mut Vec<u8>, limit: usize) -> Line {
    buffer.clear();
    loop {
        let Some(available) = fill(input) else {
            return if buffer.is_empty() { Line::End } else { Line::Complete };
        };
        let newline = available.iter().position(|byte| *byte == b'\n');
        let take = newline.map_or(available.len(), |at| at + 1);
        if buffer.len() + newline.unwrap_or(take) > limit {
            buffer.clear();
            buffer.shrink_to(limit.min(64 << 10));
            return Line::TooLong;
        }
        buffer.extend_from_slice(&available[..take]);
        input.consume(take);
        if newline.is_some() {
            return Line::Complete;
        }
    }
}

/// Drops the input up to and including the next newline, storing none of
/// it; false when the input ended first.
pub(super) fn skip_line<R: BufRead>(input: &mut R) -> bool {
    while let Some(available) = fill(input) {
        let newline = available.iter().position(|byte| *byte == b'\n');
        let take = newline.map_or(available.len(), |at| at + 1);
        input.consume(take);
        if newline.is_some() {
            return true;
        }
    }
    false
}

/// The next buffered bytes, `None` at the end of the input or on a read
/// error (the engine can do nothing but stop reading).
fn fill<R: BufRead>(input: &mut R) -> Option<&[u8]> {
    loop {
        match input.fill_buf() {
            Ok([]) => return None,
            // Re-borrowed: the loop's earlier borrow ended on `Interrupted`.
            Ok(_) => return input.fill_buf().ok(),
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_within_the_limit_are_read_whole() {
        let mut input: &[u8] = b"isready\nuci\r\nlast";
        let mut buffer = Vec::new();
        assert_eq!(read_line(&mut input, &mut buffer, 8), Line::Complete);
        assert_eq!(buffer, b"isready\n");
        assert_eq!(read_line(&mut input, &mut buffer, 8), Line::Complete);
        assert_eq!(buffer, b"uci\r\n");
        assert_eq!(read_line(&mut input, &mut buffer, 8), Line::Complete);
        assert_eq!(buffer, b"last");
        assert_eq!(read_line(&mut input, &mut buffer, 8), Line::End);
    }

    #[test]
    fn a_long_line_is_skipped_without_being_kept() {
        let mut text = vec![b'x'; 100_000];
        text.extend_from_slice(b"\nisready\n");
        text.extend(vec![b'y'; 50]);
        // A small BufReader buffer: the line arrives in many pieces.
        let mut input = io::BufReader::with_capacity(16, text.as_slice());
        let mut buffer = Vec::new();
        assert_eq!(read_line(&mut input, &mut buffer, 32), Line::TooLong);
        assert!(buffer.capacity() <= 64, "kept {} bytes", buffer.capacity());
        assert!(skip_line(&mut input));
        assert_eq!(read_line(&mut input, &mut buffer, 32), Line::Complete);
        assert_eq!(buffer, b"isready\n");
        assert_eq!(read_line(&mut input, &mut buffer, 32), Line::TooLong);
        assert!(!skip_line(&mut input));
        assert_eq!(read_line(&mut input, &mut buffer, 32), Line::End);
        let mut exact: &[u8] = b"12345678\n";
        assert_eq!(read_line(&mut exact, &mut buffer, 8), Line::Complete);
    }

    /// Like `/dev/zero`: no newline ever comes, so the report cannot wait
    /// for one; it comes once the limit is passed.
    #[test]
    fn an_endless_line_is_reported_at_the_limit() {
        let mut endless = io::BufReader::with_capacity(16, io::repeat(0));
        let mut buffer = Vec::new();
        assert_eq!(read_line(&mut endless, &mut buffer, 1000), Line::TooLong);
        assert!(buffer.is_empty());
    }
}
