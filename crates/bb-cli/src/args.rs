//! Hand-written argument parsing: a cursor over the arguments, `--name value`
//! and `--name=value` options, numbers with ranges, and the position options
//! (`--fen`, `--moves`) that several commands share.

use crate::failure::Failure;
use bb_movegen::Position;
use std::fmt::Display;
use std::str::FromStr;

/// The deepest perft the CLI accepts. Far beyond anything that finishes, but
/// it keeps recursion and table depth fields bounded.
pub const MAX_DEPTH: u32 = 64;

/// The arguments after the command name, consumed front to back.
pub struct Args {
    items: Vec<String>,
    next: usize,
}

/// One argument, classified.
pub enum Arg {
    /// `--name` or `--name=value`.
    Option {
        /// The name with its dashes, e.g. `--fen`.
        name: String,
        /// The text after `=`, if the option was written that way.
        inline: Option<String>,
    },
    /// Anything else.
    Positional(String),
}

/// True for arguments that are options rather than values. A lone `-` is a
/// value (FEN fields use it); single-dash words are options too, so that a
/// mistyped `-divide` is reported rather than taken as a move.
fn looks_like_option(text: &str) -> bool {
    text.starts_with('-') && text.len() > 1
}

impl Args {
    /// A cursor over `items`.
    pub fn new(items: Vec<String>) -> Args {
        Args { items, next: 0 }
    }

    /// The next argument as plain text.
    pub fn next_text(&mut self) -> Option<String> {
        let item = self.items.get(self.next).cloned();
        if item.is_some() {
            self.next += 1;
        }
        item
    }

    /// The next argument, classified.
    pub fn next_arg(&mut self) -> Option<Arg> {
        let text = self.next_text()?;
        if text.starts_with("--") && text.len() > 2 {
            Some(match text.split_once('=') {
                Some((name, value)) => {
                    Arg::Option { name: name.to_string(), inline: Some(value.to_string()) }
                }
                None => Arg::Option { name: text, inline: None },
            })
        } else if looks_like_option(&text) && text.parse::<i64>().is_err() {
            Some(Arg::Option { name: text, inline: None })
        } else {
            Some(Arg::Positional(text))
        }
    }

    /// The value of option `name`: the inline `=value`, or else the next
    /// argument, which must not itself look like an option.
    pub fn value_of(&mut self, name: &str, inline: Option<String>) -> Result<String, Failure> {
        if let Some(value) = inline {
            return Ok(value);
        }
        match self.items.get(self.next) {
            Some(value) if !value.starts_with("--") => {
                self.next += 1;
                Ok(value.clone())
            }
            _ => Err(Failure::input(format!(
                "option {name} needs a value (write {name}=VALUE if the value begins with -)"
            ))),
        }
    }

    /// The arguments up to the next option (or the end), each split by the
    /// FEN and UCI rule ([`bb_movegen::split_fields`]: ASCII spaces and
    /// tabs): the move list of `--moves e2e4 e7e5` or `--moves "e2e4 e7e5"`.
    pub fn words_until_option(&mut self) -> Vec<String> {
        let mut words = Vec::new();
        while let Some(item) = self.items.get(self.next) {
            if looks_like_option(item) {
                break;
            }
            words.extend(bb_movegen::split_fields(item).map(str::to_string));
            self.next += 1;
        }
        words
    }
}

/// Rejects an `=value` given to an option that takes none.
pub fn no_value(name: &str, inline: Option<String>) -> Result<(), Failure> {
    match inline {
        None => Ok(()),
        Some(_) => Err(Failure::input(format!("option {name} takes no value"))),
    }
}

/// Parses a whole number in `low..=high`; `what` names it in the error.
pub fn parse_number<T>(text: &str, what: &str, low: T, high: T) -> Result<T, Failure>
where
    T: FromStr + PartialOrd + Display + Copy,
{
    let bad =
        || Failure::input(format!("invalid {what} '{text}': expected a whole number from {low} to {high}"));
    // Digits only: `FromStr` would also take a leading `+`.
    if text.is_empty() || !text.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(bad());
    }
    match text.parse::<T>() {
        Ok(value) if value >= low && value <= high => Ok(value),
        _ => Err(bad()),
    }
}

/// Parses a perft depth, 0 to [`MAX_DEPTH`].
pub fn parse_depth(text: &str) -> Result<u32, Failure> {
    parse_number(text, "depth", 0, MAX_DEPTH)
}

/// The error for an option a command does not know.
pub fn unknown_option(command: &str, name: &str) -> Failure {
    Failure::input(format!("unknown option '{name}' for '{command}' (see 'bb help')"))
}

/// The error for a stray positional argument.
pub fn unexpected_argument(command: &str, text: &str) -> Failure {
    let hint = if text.len() == 1 && "wb".contains(text) { " (quote the FEN: --fen \"...\")" } else { "" };
    Failure::input(format!("unexpected argument '{text}' for '{command}'{hint}"))
}

/// Where a command starts from: a FEN (default: the initial position) and
/// moves played from it.
#[derive(Default)]
pub struct PositionSpec {
    /// The FEN text, if given.
    pub fen: Option<String>,
    /// UCI moves to play from the FEN.
    pub moves: Vec<String>,
}

impl PositionSpec {
    /// Parses the FEN and plays the moves.
    pub fn resolve(&self) -> Result<Position, Failure> {
        let start = match &self.fen {
            Some(fen) => Position::from_fen(fen).map_err(Failure::input)?,
            None => Position::startpos(),
        };
        play_moves(start, &self.moves)
    }
}

/// Plays UCI moves one after the other; the error names the move that does
/// not parse or is illegal.
pub fn play_moves<S: AsRef<str>>(start: Position, moves: &[S]) -> Result<Position, Failure> {
    let mut position = start;
    for (index, text) in moves.iter().enumerate() {
        let text = text.as_ref();
        // perftree writes promotions in upper case (`a7b8Q`); UCI uses lower.
        let mv = position.parse_uci_move(&text.to_ascii_lowercase()).map_err(|error| {
            Failure::input(format!("move {} '{}' in {}: {error}", index + 1, text, position))
        })?;
        position = position.play(mv);
    }
    Ok(position)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(items: &[&str]) -> Args {
        Args::new(items.iter().map(|item| item.to_string()).collect())
    }

    #[test]
    fn options_take_inline_or_following_values() {
        let mut cursor = args(&["--fen=-x", "--hash", "16", "--threads", "--divide"]);
        let Some(Arg::Option { name, inline }) = cursor.next_arg() else { panic!("expected an option") };
        assert_eq!((name.as_str(), inline.as_deref()), ("--fen", Some("-x")));
        let Some(Arg::Option { name, inline }) = cursor.next_arg() else { panic!("expected an option") };
        assert_eq!(cursor.value_of(&name, inline).ok(), Some("16".to_string()));
        let Some(Arg::Option { name, inline }) = cursor.next_arg() else { panic!("expected an option") };
        assert!(cursor.value_of(&name, inline).is_err(), "--divide is not a value of --threads");
    }

    #[test]
    fn move_lists_stop_at_the_next_option_and_split_words() {
        let mut cursor = args(&["e2e4 e7e5", "g1f3", "--divide"]);
        assert_eq!(cursor.words_until_option(), ["e2e4", "e7e5", "g1f3"]);
        assert!(matches!(cursor.next_arg(), Some(Arg::Option { .. })));
    }

    #[test]
    fn numbers_are_digits_in_range() {
        assert_eq!(parse_depth("7").ok(), Some(7));
        for bad in ["", "+3", "-1", "65", "3x", "99999999999999999999", " 3"] {
            assert!(parse_depth(bad).is_err(), "{bad:?} was accepted");
        }
    }

    #[test]
    fn moves_are_played_and_bad_ones_named() {
        let spec = PositionSpec { fen: None, moves: vec!["e2e4".into(), "e7e5".into()] };
        let position = spec.resolve().ok().map(|position| position.to_string());
        assert_eq!(
            position.as_deref(),
            Some("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2")
        );
        let spec = PositionSpec { fen: None, moves: vec!["e2e4".into(), "e2e4".into()] };
        let Err(Failure::Input(message)) = spec.resolve() else { panic!("an illegal move was played") };
        assert!(message.starts_with("move 2 'e2e4'"), "{message}");
    }

    #[test]
    fn upper_case_promotions_are_accepted() {
        let start = Position::from_fen("8/1P6/8/8/8/8/8/k1K5 w - - 0 1").ok();
        let after = start.map(|start| play_moves(start, &["b7b8Q"]).map(|p| p.to_string()).ok());
        assert_eq!(after.flatten().as_deref(), Some("1Q6/8/8/8/8/8/8/k1K5 b - - 0 1"));
    }
}
