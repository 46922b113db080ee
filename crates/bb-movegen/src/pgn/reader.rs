//! Streaming PGN: lines of bounded length from any `BufRead`, fed to the
//! game being read until it ends, then the next.

use super::builder::{Builder, Step};
use super::error::{PgnError, PgnErrorKind};
use super::Game;
use crate::line_reader::LineReader;
use std::io::BufRead;

/// The longest line [`PgnReader::new`] accepts: 64 KiB, as for EPD suites.
/// PGN writers wrap movetext at 80 columns; only a long comment on one
/// line comes near it.
pub const DEFAULT_MAX_LINE_BYTES: usize = crate::epd::DEFAULT_MAX_LINE_BYTES;

/// The longest game [`PgnReader::new`] accepts: 16 MiB of text, thousands
/// of times a long annotated game. It bounds what one game can hold in
/// memory (its comments, its variations).
pub const DEFAULT_MAX_GAME_BYTES: usize = 1 << 24;

/// The games of a PGN file, read from `input` a line at a time: an
/// iterator of games or errors. A game with an error is skipped to its
/// end and reading goes on with the next. A read error ends the iteration.
///
/// A line or game over the limits is reported as soon as it passes them
/// (the rest of that game is then skipped), so a file with no line break
/// at all gives its error at once.
///
/// ```
/// use bb_movegen::pgn::{PgnErrorKind, PgnReader};
///
/// let pgn = "1. e4 (1. d4 d5) e5 *\n1. e5 *\n1. d4 {fine} *\n";
/// let games: Vec<_> = PgnReader::new(pgn.as_bytes()).keep_variations(true).collect();
/// assert_eq!(games.len(), 3);
/// let first = games[0].as_ref().unwrap();
/// assert_eq!(first.moves[0].variations[0].moves.len(), 2);
/// let error = games[1].as_ref().unwrap_err();
/// assert_eq!((error.game(), error.line()), (2, 2));
/// assert!(matches!(error.kind(), PgnErrorKind::BadMove { number: 1, .. }));
/// assert_eq!(games[2].as_ref().unwrap().moves[0].comments, ["fine"]);
/// ```
pub struct PgnReader<R> {
    lines: LineReader<R>,
    /// Lines read so far.
    line: usize,
    /// The current line has more to read from this byte on: the game
    /// before it ended inside it, or its tags start the next game.
    pending: Option<usize>,
    game: Option<Builder>,
    /// The game being read already had its error reported.
    reported: bool,
    games: usize,
    keep_variations: bool,
    max_game_bytes: usize,
    /// A read failed: nothing more is read.
    failed: bool,
}

impl<R: BufRead> PgnReader<R> {
    /// A reader of `input` that skips variations, with the default limits
    /// [`DEFAULT_MAX_LINE_BYTES`] and [`DEFAULT_MAX_GAME_BYTES`].
    ///
    /// ```
    /// use bb_movegen::pgn::{GameResult, PgnReader};
    ///
    /// let pgn: &[u8] = b"[White \"Anderssen\"]\n\n1. e4 e5 2. Nf3 1-0\n";
    /// let mut reader = PgnReader::new(pgn);
    /// let game = reader.next().unwrap().unwrap();
    /// assert_eq!(game.tag("White"), Some("Anderssen"));
    /// assert_eq!((game.moves.len(), game.result), (3, GameResult::WhiteWins));
    /// assert!(reader.next().is_none());
    /// ```
    pub fn new(input: R) -> PgnReader<R> {
        PgnReader {
            lines: LineReader::new(input, DEFAULT_MAX_LINE_BYTES),
            line: 0,
            pending: None,
            game: None,
            reported: false,
            games: 0,
            keep_variations: false,
            max_game_bytes: DEFAULT_MAX_GAME_BYTES,
            failed: false,
        }
    }

    /// The same reader, keeping variations (read and checked move by move,
    /// in [`PgnMove::variations`](super::PgnMove::variations)) or not
    /// (skipped unread, the default).
    pub fn keep_variations(mut self, keep: bool) -> PgnReader<R> {
        self.keep_variations = keep;
        self
    }

    /// The same reader with lines of at most `max_line_bytes` (without the
    /// line break); only that much of a line is ever held in memory.
    pub fn max_line_bytes(mut self, max_line_bytes: usize) -> PgnReader<R> {
        self.lines.set_max_line_bytes(max_line_bytes);
        self
    }

    /// The same reader with games of at most `max_game_bytes` of text.
    pub fn max_game_bytes(mut self, max_game_bytes: usize) -> PgnReader<R> {
        self.max_game_bytes = max_game_bytes;
        self
    }

    /// The number of lines read so far.
    pub fn lines_read(&self) -> usize {
        self.line
    }

    /// The game being read, started if there is none.
    fn game(&mut self) -> &mut Builder {
        let (games, line, keep) = (&mut self.games, self.line, self.keep_variations);
        self.game.get_or_insert_with(|| {
            *games += 1;
            Builder::new(*games, line, keep)
        })
    }

    /// Records `kind` as the current game's error and returns it to be
    /// reported now; the rest of the game is skipped without a second report.
    fn fail_now(&mut self, kind: PgnErrorKind) -> Option<Result<Game, PgnError>> {
        let line = self.line;
        let game = self.game();
        game.fail(line, kind);
        let result = game.error().cloned().map(Err);
        if result.is_some() {
            self.reported = true;
        }
        result
    }

    /// Ends the current game; `None` when its error was already reported.
    fn finish(&mut self) -> Option<Result<Game, PgnError>> {
        let game = self.game.take()?;
        let result = game.finish(self.line);
        (!std::mem::take(&mut self.reported)).then_some(result)
    }
}

impl<R: BufRead> Iterator for PgnReader<R> {
    type Item = Result<Game, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.failed {
            let start = match self.pending.take() {
                Some(start) => start,
                None => match self.lines.read_line() {
                    None => match self.finish() {
                        Some(result) => return Some(result),
                        None => return None,
                    },
                    Some(Err(error)) => {
                        self.failed = true;
                        self.line += 1;
                        self.reported = false;
                        return self.fail_now(PgnErrorKind::Read(error.kind()));
                    }
                    Some(Ok(too_long)) => {
                        self.line += 1;
                        if too_long {
                            let max_bytes = self.lines.max_line_bytes();
                            if let Some(error) = self.report(PgnErrorKind::LineTooLong { max_bytes }) {
                                return Some(error);
                            }
                            continue;
                        }
                        0
                    }
                },
            };
            let Ok(text) = std::str::from_utf8(&self.lines.line()[start..]) else {
                if let Some(error) = self.report(PgnErrorKind::NotUtf8) {
                    return Some(error);
                }
                continue;
            };
            if self.game.is_none() && (text.trim().is_empty() || (start == 0 && text.starts_with('%'))) {
                continue;
            }
            let length = text.len();
            let (line, max_game_bytes) = (self.line, self.max_game_bytes);
            let games = &mut self.games;
            let game = self.game.get_or_insert_with(|| {
                *games += 1;
                Builder::new(*games, line, self.keep_variations)
            });
            if start == 0 {
                game.bytes += length + 1;
            }
            let too_big = game.bytes > max_game_bytes;
            let step = game.feed(text, line, start == 0);
            if too_big {
                self.pending = None;
                if let Some(error) = self.report(PgnErrorKind::GameTooLong { max_bytes: max_game_bytes }) {
                    return Some(error);
                }
            }
            match step {
                Step::More => {}
                Step::EndBefore => {
                    self.pending = Some(start);
                    if let Some(result) = self.finish() {
                        return Some(result);
                    }
                }
                Step::EndAfter(used) => {
                    let rest = start + used;
                    if self.lines.line()[rest..].iter().any(|byte| !byte.is_ascii_whitespace()) {
                        self.pending = Some(rest);
                    }
                    if let Some(result) = self.finish() {
                        return Some(result);
                    }
                }
            }
        }
        None
    }
}

impl<R: BufRead> PgnReader<R> {
    /// Reports `kind`, about a line that could not be read, at once unless
    /// the game already had an error reported; either way the rest of the
    /// game is skipped.
    fn report(&mut self, kind: PgnErrorKind) -> Option<Result<Game, PgnError>> {
        let line = self.line;
        self.game().skip_unread_line(line);
        if self.reported {
            return None;
        }
        if self.game.as_ref().is_some_and(|game| game.error().is_some()) {
            // An earlier error of this game (say a bad move) comes first.
            let error = self.game.as_ref().and_then(|game| game.error().cloned());
            self.reported = true;
            return error.map(Err);
        }
        self.fail_now(kind)
    }
}

#[cfg(test)]
mod tests;
