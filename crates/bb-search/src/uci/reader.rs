//! Reading UCI input one line at a time with bounded memory.
//!
//! A line longer than [`MAX_LINE_BYTES`] is not kept: the reader stops
//! storing it at the limit, skips the rest up to the next newline and
//! reports only its length, so a hostile or broken GUI cannot make the
//! engine buffer an unbounded line.

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
    /// A line of this many bytes (without its `\n`), longer than the
    /// limit; it was skipped and the buffer holds no part of it.
    TooLong(u64),
}

/// Reads one line into `buffer` (cleared first), keeping at most `limit`
/// bytes of it; see [`Line`].
pub(super) fn read_line<R: BufRead>(input: &mut R, buffer: &mut Vec<u8>, limit: usize) -> Line {
    buffer.clear();
    let mut skipped: Option<u64> = None;
    loop {
        let available = match input.fill_buf() {
            Ok(available) => available,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => return Line::End,
        };
        if available.is_empty() {
            return match skipped {
                Some(length) => Line::TooLong(length),
                None if buffer.is_empty() => Line::End,
                None => Line::Complete,
            };
        }
        let newline = available.iter().position(|byte| *byte == b'\n');
        let take = newline.map_or(available.len(), |at| at + 1);
        match &mut skipped {
            Some(length) => *length += newline.unwrap_or(take) as u64,
            None if buffer.len() + newline.unwrap_or(take) > limit => {
                skipped = Some((buffer.len() + newline.unwrap_or(take)) as u64);
                buffer.clear();
                buffer.shrink_to(limit.min(64 << 10));
            }
            None => buffer.extend_from_slice(&available[..take]),
        }
        input.consume(take);
        if newline.is_some() {
            return match skipped {
                Some(length) => Line::TooLong(length),
                None => Line::Complete,
            };
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
        assert_eq!(read_line(&mut input, &mut buffer, 32), Line::TooLong(100_000));
        assert!(buffer.capacity() <= 64, "kept {} bytes", buffer.capacity());
        assert_eq!(read_line(&mut input, &mut buffer, 32), Line::Complete);
        assert_eq!(buffer, b"isready\n");
        assert_eq!(read_line(&mut input, &mut buffer, 32), Line::TooLong(50));
        assert_eq!(read_line(&mut input, &mut buffer, 32), Line::End);
        let mut exact: &[u8] = b"12345678\n";
        assert_eq!(read_line(&mut exact, &mut buffer, 8), Line::Complete);
    }
}
