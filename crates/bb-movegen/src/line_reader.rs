//! Lines of bounded length from any `BufRead`, ended by `\n`, `\r\n` or a
//! lone `\r`: the one way the EPD and PGN readers read text, so that a
//! file without line breaks (`/dev/zero`) is an error at once instead of
//! filling memory.

use std::io::{self, BufRead};

/// Reads lines into a buffer it reuses; see [`LineReader::read_line`].
pub(crate) struct LineReader<R> {
    input: R,
    max_line_bytes: usize,
    /// The current line's bytes, without its line break.
    buffer: Vec<u8>,
    /// The last line ended in `\r`: a `\n` right after it belongs to it.
    after_cr: bool,
    /// The last line was reported too long as soon as it passed the limit:
    /// the rest of it is skipped before the next line is read.
    skip_rest: bool,
}

impl<R: BufRead> LineReader<R> {
    pub(crate) fn new(input: R, max_line_bytes: usize) -> LineReader<R> {
        LineReader { input, max_line_bytes, buffer: Vec::new(), after_cr: false, skip_rest: false }
    }

    pub(crate) fn max_line_bytes(&self) -> usize {
        self.max_line_bytes
    }

    pub(crate) fn set_max_line_bytes(&mut self, max_line_bytes: usize) {
        self.max_line_bytes = max_line_bytes;
    }

    /// How much memory the line buffer holds (for tests of bounded memory).
    #[cfg(test)]
    pub(crate) fn buffer_capacity(&self) -> usize {
        self.buffer.capacity()
    }

    /// The line last read (empty after a too-long one).
    pub(crate) fn line(&self) -> &[u8] {
        &self.buffer
    }

    /// Skips the rest of a line reported too long; `None` at the end of
    /// the input.
    fn skip_rest_of_line(&mut self) -> Option<io::Result<()>> {
        while self.skip_rest {
            let available = match self.input.fill_buf() {
                Ok(available) => available,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Some(Err(error)),
            };
            if available.is_empty() {
                return None;
            }
            match available.iter().position(|&byte| byte == b'\n' || byte == b'\r') {
                Some(end) => {
                    self.after_cr = available[end] == b'\r';
                    self.input.consume(end + 1);
                    self.skip_rest = false;
                }
                None => {
                    let length = available.len();
                    self.input.consume(length);
                }
            }
        }
        Some(Ok(()))
    }

    /// Reads the next line into the buffer: `Ok(true)` when it is too long
    /// (reported at once, the buffer left empty; the rest is skipped by
    /// the next call), `None` at the end of the input.
    pub(crate) fn read_line(&mut self) -> Option<io::Result<bool>> {
        self.buffer.clear();
        if let Err(error) = self.skip_rest_of_line()? {
            return Some(Err(error));
        }
        let mut started = false;
        loop {
            let available = match self.input.fill_buf() {
                Ok(available) => available,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Some(Err(error)),
            };
            if available.is_empty() {
                return started.then_some(Ok(false));
            }
            if std::mem::take(&mut self.after_cr) && available[0] == b'\n' {
                self.input.consume(1);
                continue;
            }
            started = true;
            let end = available.iter().position(|&byte| byte == b'\n' || byte == b'\r');
            let piece = &available[..end.unwrap_or(available.len())];
            if self.buffer.len() + piece.len() > self.max_line_bytes {
                self.skip_rest = true;
                self.buffer.clear();
                return Some(Ok(true));
            }
            self.buffer.extend_from_slice(piece);
            match end {
                Some(end) => {
                    self.after_cr = available[end] == b'\r';
                    self.input.consume(end + 1);
                    return Some(Ok(false));
                }
                None => {
                    let length = available.len();
                    self.input.consume(length);
                }
            }
        }
    }
}
