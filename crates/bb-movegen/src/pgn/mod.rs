//! PGN, Portable Game Notation: games with their tags, moves in SAN,
//! comments, NAGs and variations (needs the `std` feature).
//!
//! [`PgnReader`] streams the games of any `BufRead` one at a time, a line
//! at a time and each line of bounded length, checking every move against
//! the position it is played in. A game with an error is reported as a
//! [`PgnError`] naming its game and line (and for a bad move, the move
//! number and the SAN), and reading goes on with the next game.
//! [`write_game`] (or `Display` on [`Game`]) writes a game back, lines
//! wrapped at 80 columns.
//!
//! What the reader accepts:
//!
//! - Tag pairs `[Name "value"]`, several on a line if need be, with `\"`
//!   and `\\` escapes in the value. `[FEN "..."]` sets the starting
//!   position (with or without `[SetUp "1"]`); Chess960 castling rights
//!   are read from the FEN (`KQkq` for the outermost rooks, or files).
//! - Movetext: SAN moves (as leniently as [`Position::parse_san`]), move
//!   numbers `12.` and `12...`, NAGs `$14` and the suffixes `!`, `?`,
//!   `!!`, `??`, `!?`, `?!` (kept as NAGs 1 to 6), `e.p.` marks (skipped),
//!   comments `{...}` over any number of lines (blanks and line breaks in
//!   them made single spaces) and `;` to the end of the line, lines
//!   starting with `%` (ignored), variations `( ... )` nested to any
//!   depth, and a result `1-0`, `0-1`, `1/2-1/2` or `*` that ends the game.
//! - Not read: null moves (`--`); a game with one is reported as a bad move.
//! - A game also ends where the next game's tags start or at the end of
//!   the input; its result is then its `Result` tag's, or `*`.
//! - Variations are skipped unless [`PgnReader::keep_variations`] is set;
//!   kept, they hang on the move they are alternatives to.
//! - Lines end in `\n`, `\r\n` or `\r`.
//!
//! ```
//! use bb_movegen::pgn::{GameResult, PgnReader};
//!
//! let pgn = "[Event \"Casual\"]\n[White \"A\"]\n[Black \"B\"]\n\n\
//!            1. e4 {best by test} e5 2. Nf3 $1 (2. f4 exf4) Nc6 1-0\n\n\
//!            1. e4 Ke7?? 0-1\n";
//! let mut reader = PgnReader::new(pgn.as_bytes());
//! let game = reader.next().unwrap()?;
//! assert_eq!(game.tag("White"), Some("A"));
//! assert_eq!(game.moves.len(), 4);
//! assert_eq!(game.moves[0].comments, ["best by test"]);
//! assert_eq!(game.moves[2].nags, [1]);
//! assert_eq!(game.result, GameResult::WhiteWins);
//! assert_eq!(game.final_position().to_string(), "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
//!
//! let error = reader.next().unwrap().unwrap_err();
//! assert_eq!(error.to_string(), "game 2, line 7: move 1... Ke7: no legal move matches 'Ke7'");
//! assert!(reader.next().is_none());
//! # Ok::<(), bb_movegen::pgn::PgnError>(())
//! ```

mod builder;
mod error;
mod reader;
mod tag;
mod writer;

pub use error::{PgnError, PgnErrorKind};
pub use reader::{PgnReader, DEFAULT_MAX_GAME_BYTES, DEFAULT_MAX_LINE_BYTES};
pub use writer::write_game;

use crate::{Move, Position};
use core::fmt;

/// How a game ended, as its movetext (and `Result` tag) says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: unfinished, unknown or abandoned.
    #[default]
    Unknown,
}

impl GameResult {
    /// The PGN text: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// The result that `text` spells exactly, if any.
    pub fn from_text(text: &str) -> Option<GameResult> {
        match text {
            "1-0" => Some(GameResult::WhiteWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" => Some(GameResult::Draw),
            "*" => Some(GameResult::Unknown),
            _ => None,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A move of a game or variation with what the PGN says about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnMove {
    /// The move, legal in the position it is played in.
    pub mv: Move,
    /// Numeric annotation glyphs after it (`$1`, or `!` read as 1).
    pub nags: Vec<u8>,
    /// Comments after it, each with its runs of blanks and line breaks
    /// made one space (they are the writer's wrapping).
    pub comments: Vec<String>,
    /// Alternatives to this move, each played from the position before it.
    pub variations: Vec<Variation>,
}

impl PgnMove {
    /// A move with no annotation.
    pub fn new(mv: Move) -> PgnMove {
        PgnMove { mv, nags: Vec::new(), comments: Vec::new(), variations: Vec::new() }
    }
}

/// A variation: comments before its first move, then its moves.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Variation {
    /// Comments before the first move.
    pub comments: Vec<String>,
    /// The moves, the first played from the position before the move the
    /// variation hangs on.
    pub moves: Vec<PgnMove>,
}

/// One game: tags in the order written, the starting position, the moves
/// with their annotations, and the result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The 1-based number of the game in its file (0 for a game not read
    /// from one).
    pub number: usize,
    /// The 1-based line its text starts on (0 for a game not read).
    pub line: usize,
    /// `(name, value)` tag pairs in the order written, unescaped.
    pub tags: Vec<(String, String)>,
    /// The starting position: the `FEN` tag's, or the standard one.
    pub start: Position,
    /// Comments before the first move.
    pub comments: Vec<String>,
    /// The moves of the main line.
    pub moves: Vec<PgnMove>,
    /// The result that ends the movetext.
    pub result: GameResult,
}

impl Game {
    /// A game from `start` with no tag, no move and result `*`.
    pub fn new(start: Position) -> Game {
        Game {
            number: 0,
            line: 0,
            tags: Vec::new(),
            start,
            comments: Vec::new(),
            moves: Vec::new(),
            result: GameResult::Unknown,
        }
    }

    /// The value of the first tag called `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(tag, _)| tag == name).map(|(_, value)| value.as_str())
    }

    /// Sets tag `name` to `value`, replacing its first occurrence or adding
    /// it at the end.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(tag, _)| tag == name) {
            Some((_, old)) => *old = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// The positions of the main line: the start, then the position after
    /// each move.
    pub fn positions(&self) -> impl Iterator<Item = Position> + '_ {
        let mut position = self.start;
        core::iter::once(self.start).chain(self.moves.iter().map(move |pgn_move| {
            position = position.play(pgn_move.mv);
            position
        }))
    }

    /// The position after the last move of the main line.
    pub fn final_position(&self) -> Position {
        self.positions().last().unwrap_or(self.start)
    }
}

impl fmt::Display for Game {
    /// The game as [`write_game`] writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_game(f, self)
    }
}

#[cfg(test)]
mod tests;
