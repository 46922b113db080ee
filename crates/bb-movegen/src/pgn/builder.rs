//! One game being read: the reader feeds it lines, it takes them apart
//! into tags and movetext tokens and plays the moves. After the first error
//! it only follows the structure (comments, variations, the result) to
//! find where the game ends, and stores nothing more.

use super::error::{PgnError, PgnErrorKind};
use super::tag::parse_tag;
use super::{Game, GameResult, PgnMove, Variation};
use crate::Position;

/// What a line (or the rest of one) did to the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Step {
    /// The game goes on on the next line.
    More,
    /// The line belongs to the next game (its tags start there).
    EndBefore,
    /// A result ended the game after this many bytes of the line.
    EndAfter(usize),
}

/// A line of moves being read, with the position after its last move and
/// the one before it (where a variation on that move starts).
struct Frame {
    line: Variation,
    position: Position,
    before: Position,
}

pub(super) struct Builder {
    number: usize,
    first_line: usize,
    keep_variations: bool,
    tags: Vec<(String, String)>,
    /// The position the movetext starts from.
    start: Position,
    /// The main line then each open variation being kept; empty until the
    /// movetext starts (the start position is known from the tags then).
    frames: Vec<Frame>,
    /// Open variations being skipped.
    skipped_depth: usize,
    /// An open `{` comment's text so far.
    comment: Option<String>,
    error: Option<PgnError>,
    result: Option<GameResult>,
    /// Bytes of the game's lines so far (the reader's limit is on them).
    pub(super) bytes: usize,
}

impl Builder {
    pub(super) fn new(number: usize, first_line: usize, keep_variations: bool) -> Builder {
        Builder {
            number,
            first_line,
            keep_variations,
            tags: Vec::new(),
            start: Position::startpos(),
            frames: Vec::new(),
            skipped_depth: 0,
            comment: None,
            error: None,
            result: None,
            bytes: 0,
        }
    }

    /// Records the game's first error; later ones follow from it.
    pub(super) fn fail(&mut self, line: usize, kind: PgnErrorKind) {
        if self.error.is_none() {
            self.error = Some(PgnError { game: self.number, line, kind });
        }
    }

    /// The game's first error, if it has one.
    pub(super) fn error(&self) -> Option<&PgnError> {
        self.error.as_ref()
    }

    fn failed(&self) -> bool {
        self.error.is_some()
    }

    /// Reads `text`, a line or the rest of one after the previous game
    /// (then not `at_line_start`). A line whose first non-blank is `[`
    /// holds tags.
    pub(super) fn feed(&mut self, text: &str, line: usize, at_line_start: bool) -> Step {
        if self.comment.is_none() {
            // `%` escapes a line only in its first column.
            if at_line_start && text.starts_with('%') {
                return Step::More;
            }
            if text.trim_start().starts_with('[') {
                if !self.frames.is_empty() {
                    return Step::EndBefore;
                }
                let Some(movetext) = self.read_tags(text, line) else { return Step::More };
                return match self.movetext(&text[movetext..], line) {
                    Step::EndAfter(used) => Step::EndAfter(movetext + used),
                    step => step,
                };
            }
        }
        self.movetext(text, line)
    }

    /// A line the reader could not read (too long, not UTF-8) and already
    /// reported: taken for movetext, so the next tags start the next game.
    pub(super) fn skip_unread_line(&mut self, line: usize) {
        self.start_movetext(line);
    }

    /// Reads movetext tokens from `text`.
    fn movetext(&mut self, text: &str, line: usize) -> Step {
        let bytes = text.as_bytes();
        let mut at = 0;
        while at < bytes.len() {
            if let Some(comment) = &mut self.comment {
                let rest = &text[at..];
                let Some(end) = rest.find('}') else {
                    comment.push_str(rest);
                    comment.push('\n');
                    return Step::More;
                };
                comment.push_str(&rest[..end]);
                at += end + 1;
                let comment = self.comment.take().unwrap_or_default();
                self.attach_comment(comment.trim());
                continue;
            }
            let byte = bytes[at];
            if matches!(byte, b' ' | b'\t' | b'\x0c' | b'\x0b') {
                at += 1;
                continue;
            }
            self.start_movetext(line);
            match byte {
                b'{' => {
                    self.comment = Some(String::new());
                    at += 1;
                }
                b';' => {
                    self.attach_comment(text[at + 1..].trim());
                    return Step::More;
                }
                b'(' => {
                    self.open_variation(line);
                    at += 1;
                }
                b')' => {
                    self.close_variation(line);
                    at += 1;
                }
                b'$' => {
                    let end = at + 1 + bytes[at + 1..].iter().take_while(|b| b.is_ascii_digit()).count();
                    match text[at + 1..end].parse::<u8>() {
                        Ok(nag) => self.add_nag(nag),
                        Err(_) => self.unexpected(line, &text[at..end.max(at + 1)]),
                    }
                    at = end.max(at + 1);
                }
                b'!' | b'?' => {
                    let end = at + bytes[at..].iter().take_while(|&&b| b == b'!' || b == b'?').count();
                    match suffix_nag(&text[at..end]) {
                        Some(nag) => self.add_nag(nag),
                        None => self.unexpected(line, &text[at..end]),
                    }
                    at = end;
                }
                b'.' => at += 1,
                b'*' => return self.end(line, "*", at + 1),
                // Some scores mark en passant: `exd6 e.p.`.
                b'e' if text[at..].starts_with("e.p.") => at += 4,
                _ if is_symbol(byte) => {
                    let token_end = at + bytes[at..].iter().take_while(|&&b| is_symbol(b)).count();
                    let symbol = &text[at..token_end];
                    at = token_end;
                    if GameResult::from_text(symbol).is_some() {
                        return self.end(line, symbol, at);
                    }
                    if symbol.bytes().all(|b| b.is_ascii_digit()) {
                        continue; // A move number; its dots are skipped above.
                    }
                    self.play(line, symbol);
                }
                _ => {
                    let width = text[at..].chars().next().map_or(1, char::len_utf8);
                    self.unexpected(line, &text[at..at + width]);
                    at += width;
                }
            }
        }
        Step::More
    }

    /// Reads the tag pairs of a line, `[Name "value"]`, any number; the
    /// offset of what follows them when it is not blank (movetext).
    fn read_tags(&mut self, text: &str, line: usize) -> Option<usize> {
        let mut rest = text.trim_start();
        while rest.starts_with('[') {
            match parse_tag(rest) {
                Some((name, value, after)) => {
                    if !self.failed() {
                        self.tags.push((name.to_string(), value));
                    }
                    rest = after.trim_start();
                }
                None => {
                    self.fail(line, PgnErrorKind::BadTag(text.trim().to_string()));
                    return None;
                }
            }
        }
        (!rest.trim_end().is_empty()).then(|| text.len() - rest.len())
    }

    /// Sets up the main line at the first movetext token: from the `FEN`
    /// tag's position, or the standard one.
    fn start_movetext(&mut self, line: usize) {
        if !self.frames.is_empty() {
            return;
        }
        let mut start = Position::startpos();
        if let Some((_, fen)) = self.tags.iter().find(|(name, _)| name == "FEN") {
            match Position::from_fen(fen) {
                Ok(position) => start = position,
                Err(error) => self.fail(line, PgnErrorKind::BadFen { fen: fen.clone(), error }),
            }
        }
        self.start = start;
        self.frames.push(Frame { line: Variation::default(), position: start, before: start });
    }

    fn storing(&self) -> bool {
        !self.failed() && self.skipped_depth == 0
    }

    fn attach_comment(&mut self, comment: &str) {
        if !self.storing() {
            return;
        }
        // Line breaks in a comment are the writer's wrapping, not content.
        let comment = comment.split_whitespace().collect::<Vec<_>>().join(" ");
        if let Some(frame) = self.frames.last_mut() {
            match frame.line.moves.last_mut() {
                Some(last) => last.comments.push(comment),
                None => frame.line.comments.push(comment),
            }
        }
    }

    fn add_nag(&mut self, nag: u8) {
        if !self.storing() {
            return;
        }
        // A NAG before any move has nothing to annotate, and is dropped.
        if let Some(last) = self.frames.last_mut().and_then(|frame| frame.line.moves.last_mut()) {
            last.nags.push(nag);
        }
    }

    fn unexpected(&mut self, line: usize, text: &str) {
        if self.skipped_depth == 0 {
            self.fail(line, PgnErrorKind::Unexpected(text.to_string()));
        }
    }

    fn open_variation(&mut self, line: usize) {
        if self.failed() {
            return;
        }
        if self.skipped_depth > 0 || !self.keep_variations {
            if self.skipped_depth == 0 && self.frames.last().is_some_and(|frame| frame.line.moves.is_empty())
            {
                return self.fail(line, PgnErrorKind::VariationBeforeMove);
            }
            self.skipped_depth += 1;
            return;
        }
        let Some(parent) = self.frames.last() else { return };
        if parent.line.moves.is_empty() {
            return self.fail(line, PgnErrorKind::VariationBeforeMove);
        }
        let before = parent.before;
        self.frames.push(Frame { line: Variation::default(), position: before, before });
    }

    fn close_variation(&mut self, line: usize) {
        if self.failed() {
            return;
        }
        if self.skipped_depth > 0 {
            self.skipped_depth -= 1;
            return;
        }
        if self.frames.len() < 2 {
            return self.fail(line, PgnErrorKind::UnmatchedParenthesis);
        }
        if let Some(frame) = self.frames.pop() {
            if let Some(last) = self.frames.last_mut().and_then(|parent| parent.line.moves.last_mut()) {
                last.variations.push(frame.line);
            }
        }
    }

    fn play(&mut self, line: usize, san: &str) {
        if !self.storing() {
            return;
        }
        let Some(frame) = self.frames.last_mut() else { return };
        let position = frame.position;
        match position.parse_san(san) {
            Ok(mv) => {
                frame.line.moves.push(PgnMove::new(mv));
                frame.before = position;
                frame.position = position.play(mv);
            }
            Err(error) => self.fail(
                line,
                PgnErrorKind::BadMove {
                    number: position.fullmove_number(),
                    color: position.side_to_move(),
                    san: san.to_string(),
                    error,
                },
            ),
        }
    }

    fn end(&mut self, line: usize, result: &str, after: usize) -> Step {
        if self.frames.len() > 1 || self.skipped_depth > 0 {
            self.fail(line, PgnErrorKind::ResultInVariation(result.to_string()));
        }
        self.result = GameResult::from_text(result);
        Step::EndAfter(after)
    }

    /// The game read, or its first error. `line` is where the reader is:
    /// the input's last line, or the line of the next game's tags.
    pub(super) fn finish(mut self, line: usize) -> Result<Game, PgnError> {
        self.start_movetext(line);
        if self.comment.is_some() {
            self.fail(line, PgnErrorKind::UnclosedComment);
        }
        if self.frames.len() > 1 || self.skipped_depth > 0 {
            self.fail(line, PgnErrorKind::UnclosedVariation);
        }
        if let Some(error) = self.error {
            return Err(error);
        }
        let tag_result = self.tags.iter().find(|(name, _)| name == "Result");
        let result = self.result.or_else(|| GameResult::from_text(&tag_result?.1)).unwrap_or_default();
        let main = self.frames.swap_remove(0);
        Ok(Game {
            number: self.number,
            line: self.first_line,
            tags: self.tags,
            start: self.start,
            comments: main.line.comments,
            moves: main.line.moves,
            result,
        })
    }
}

/// Characters of a move, move number or result token.
fn is_symbol(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || matches!(byte, b'+' | b'#' | b'=' | b':' | b'-' | b'/' | b'_')
}

/// The NAG of a move suffix: `!` 1, `?` 2, `!!` 3, `??` 4, `!?` 5, `?!` 6.
fn suffix_nag(text: &str) -> Option<u8> {
    Some(match text {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        _ => return None,
    })
}
