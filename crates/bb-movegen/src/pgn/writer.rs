//! Writing a game as PGN: the Seven Tag Roster, the other tags, then the
//! movetext wrapped at 80 columns.

use super::{Game, PgnMove, Variation};
use crate::Position;
use bb_core::Color;
use core::fmt::{self, Write};

/// The widest movetext line written.
const COLUMNS: usize = 80;

/// The Seven Tag Roster, written first and always, in this order, with
/// PGN's placeholders for what a game does not say.
const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// Writes `game` as PGN, ending with a blank line: the Seven Tag Roster
/// (the `Result` tag from [`Game::result`]), the other tags in their order
/// (with `SetUp` and `FEN` added for a game that does not start from the
/// standard position and lacks them), a blank line, and the movetext.
///
/// ```
/// use bb_movegen::pgn::{write_game, Game, GameResult, PgnMove};
/// use bb_movegen::Position;
///
/// let start = Position::startpos();
/// let mut game = Game::new(start);
/// game.set_tag("White", "Morphy");
/// let e4 = start.parse_san("e4").unwrap();
/// game.moves.push(PgnMove::new(e4));
/// game.moves.push(PgnMove::new(start.play(e4).parse_san("e5").unwrap()));
/// game.moves[1].comments.push("open game".to_string());
/// game.result = GameResult::Draw;
/// let mut text = String::new();
/// write_game(&mut text, &game).unwrap();
/// assert!(text.starts_with("[Event \"?\"]\n[Site \"?\"]\n"));
/// assert!(text.contains("[White \"Morphy\"]\n[Black \"?\"]\n[Result \"1/2-1/2\"]\n\n"));
/// assert!(text.ends_with("\n\n1. e4 e5 {open game} 1/2-1/2\n\n"));
/// ```
pub fn write_game(out: &mut impl Write, game: &Game) -> fmt::Result {
    for (name, placeholder) in ROSTER {
        let value =
            if name == "Result" { game.result.as_str() } else { game.tag(name).unwrap_or(placeholder) };
        write_tag(out, name, value)?;
    }
    let standard = game.start == Position::startpos();
    if !standard && game.tag("FEN").is_none() {
        if game.tag("SetUp").is_none() {
            write_tag(out, "SetUp", "1")?;
        }
        write_tag(out, "FEN", &game.start.to_string())?;
    }
    for (name, value) in &game.tags {
        if !ROSTER.iter().any(|(roster, _)| roster == name) {
            write_tag(out, name, value)?;
        }
    }
    out.write_char('\n')?;
    let mut text = Wrapped { out, column: 0, open: 0 };
    text.comments(&game.comments)?;
    text.line(&game.start, &game.moves)?;
    text.word(game.result.as_str())?;
    text.out.write_str("\n\n")
}

/// Writes `[name "value"]` with `\` and `"` escaped.
fn write_tag(out: &mut impl Write, name: &str, value: &str) -> fmt::Result {
    write!(out, "[{name} \"")?;
    for c in value.chars() {
        if matches!(c, '"' | '\\') {
            out.write_char('\\')?;
        }
        // A line break would end the tag's line.
        out.write_char(if c == '\n' || c == '\r' { ' ' } else { c })?;
    }
    out.write_str("\"]\n")
}

/// Movetext written word by word, a new line before a word that would pass
/// [`COLUMNS`].
struct Wrapped<'a, W> {
    out: &'a mut W,
    column: usize,
    /// Variations opened whose `(` is still to be written, glued to the
    /// next word as PGN has it.
    open: usize,
}

impl<W: Write> Wrapped<'_, W> {
    fn word(&mut self, word: &str) -> fmt::Result {
        let width = self.open + word.chars().count();
        if self.column > 0 && self.column + 1 + width > COLUMNS {
            self.out.write_char('\n')?;
            self.column = 0;
        } else if self.column > 0 {
            self.out.write_char(' ')?;
            self.column += 1;
        }
        for _ in 0..std::mem::take(&mut self.open) {
            self.out.write_char('(')?;
        }
        self.out.write_str(word)?;
        self.column += width;
        Ok(())
    }

    /// Ends a variation with `)` glued to its last word.
    fn close(&mut self) -> fmt::Result {
        if self.open > 0 {
            // A variation without a move or comment.
            self.open -= 1;
            return self.word("()");
        }
        if self.column + 1 > COLUMNS {
            self.out.write_char('\n')?;
            self.column = 0;
        }
        self.out.write_char(')')?;
        self.column += 1;
        Ok(())
    }

    /// Comments as `{...}`, split into words so that they wrap too. One
    /// with a `}` in it cannot be a `{` comment, so it is written as a `;`
    /// comment, which runs to the end of its line.
    fn comments(&mut self, comments: &[String]) -> fmt::Result {
        for comment in comments {
            if comment.contains('}') {
                let flat: String =
                    comment.chars().map(|c| if c == '\n' || c == '\r' { ' ' } else { c }).collect();
                self.word(&format!(";{flat}"))?;
                self.out.write_char('\n')?;
                self.column = 0;
                continue;
            }
            let words: Vec<&str> = comment.split_whitespace().collect();
            match words.as_slice() {
                [] => self.word("{}")?,
                [only] => self.word(&format!("{{{only}}}"))?,
                [first, middle @ .., last] => {
                    self.word(&format!("{{{first}"))?;
                    for word in middle {
                        self.word(word)?;
                    }
                    self.word(&format!("{last}}}"))?;
                }
            }
        }
        Ok(())
    }

    /// A line of moves from `position`, with move numbers: before every
    /// White move, and before a Black move that starts the line or follows
    /// a comment or variation (`12...`).
    fn line(&mut self, position: &Position, moves: &[PgnMove]) -> fmt::Result {
        let mut position = *position;
        let mut interrupted = true;
        for pgn_move in moves {
            let number = position.fullmove_number();
            match position.side_to_move() {
                Color::White => self.word(&format!("{number}."))?,
                Color::Black if interrupted => self.word(&format!("{number}..."))?,
                Color::Black => {}
            }
            self.word(position.san(pgn_move.mv).as_str())?;
            for nag in &pgn_move.nags {
                self.word(&format!("${nag}"))?;
            }
            self.comments(&pgn_move.comments)?;
            for variation in &pgn_move.variations {
                self.variation(&position, variation)?;
            }
            interrupted = !pgn_move.comments.is_empty() || !pgn_move.variations.is_empty();
            position = position.play(pgn_move.mv);
        }
        Ok(())
    }

    fn variation(&mut self, position: &Position, variation: &Variation) -> fmt::Result {
        self.open += 1;
        self.comments(&variation.comments)?;
        self.line(position, &variation.moves)?;
        self.close()
    }
}
