//! Parsing of the lines a GUI sends into typed [`Command`]s.
//!
//! Parsing is purely syntactic: a FEN is checked by `Position::from_fen` and
//! moves against the legal moves when the command is carried out, so that a
//! bad FEN or an illegal move can be reported without touching the engine's
//! state. Every failure is a [`CommandError`] whose `Display` is one line.

use core::fmt;

/// One command from the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`: identify and list the options.
    Uci,
    /// `debug on|off`.
    Debug(bool),
    /// `isready`: answer `readyok`.
    IsReady,
    /// `setoption name <name> [value <value>]`.
    SetOption {
        /// The option's name (may contain spaces).
        name: String,
        /// The value, if one was given (may contain spaces).
        value: Option<String>,
    },
    /// `register ...`: accepted and ignored (bb needs no registration).
    Register,
    /// `ucinewgame`.
    UciNewGame,
    /// `position startpos|fen <fen> [moves <move>...]`.
    Position {
        /// Where the game starts.
        start: StartPosition,
        /// The moves played since, in UCI text (checked when applied).
        moves: Vec<String>,
    },
    /// `go ...` with its limits.
    Go(GoParams),
    /// `stop`.
    Stop,
    /// `ponderhit`.
    PonderHit,
    /// `quit`.
    Quit,
    /// `d` (non-standard): print the current position.
    Display,
    /// `eval` (non-standard): print the static evaluation.
    Eval,
}

/// The position a `position` command starts from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartPosition {
    /// The standard initial position.
    StartPos,
    /// A FEN string (its fields joined by single spaces, not yet validated).
    Fen(String),
}

/// The parameters of a `go` command; `None` / `false` when not given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    /// White's remaining time in milliseconds (negative values are clamped to 0).
    pub wtime: Option<u64>,
    /// Black's remaining time in milliseconds.
    pub btime: Option<u64>,
    /// White's increment per move in milliseconds.
    pub winc: Option<u64>,
    /// Black's increment per move in milliseconds.
    pub binc: Option<u64>,
    /// Moves to the next time control.
    pub movestogo: Option<u32>,
    /// Search exactly this many plies.
    pub depth: Option<u32>,
    /// Search at most this many nodes.
    pub nodes: Option<u64>,
    /// Search for a mate in this many moves.
    pub mate: Option<u32>,
    /// Search exactly this many milliseconds.
    pub movetime: Option<u64>,
    /// Search until `stop`.
    pub infinite: bool,
    /// Search in ponder mode until `ponderhit` or `stop`.
    pub ponder: bool,
    /// Restrict the root to these moves (UCI text, checked when applied).
    pub searchmoves: Vec<String>,
    /// Tokens that were not understood and were skipped.
    pub ignored: Vec<String>,
}

/// Why a line could not be parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// The line held no command at all (only unknown words).
    Unknown(String),
    /// A command that needs more words got none, e.g. `position` alone.
    Missing {
        /// The command.
        command: &'static str,
        /// What it needed.
        what: &'static str,
    },
    /// A word that is not allowed at that place.
    Unexpected {
        /// The command.
        command: &'static str,
        /// The word found.
        token: String,
        /// What was allowed instead.
        expected: &'static str,
    },
    /// An input line longer than the limit; it is skipped unread. It is
    /// reported as soon as it passes the limit, before its end (which may
    /// never come), so its length is not known.
    LineTooLong {
        /// The limit in bytes.
        limit: usize,
    },
    /// A `go` parameter whose value is not a number in range.
    BadNumber {
        /// The parameter, e.g. `wtime`.
        parameter: &'static str,
        /// The text found (empty when the value was missing).
        text: String,
    },
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Unknown(word) => write!(f, "unknown command '{}'", shorten(word)),
            CommandError::Missing { command, what } => write!(f, "'{command}' needs {what}"),
            CommandError::Unexpected { command, token, expected } => {
                write!(f, "'{command}': unexpected '{}', expected {expected}", shorten(token))
            }
            CommandError::LineTooLong { limit } => {
                write!(f, "line ignored: longer than the limit of {limit} bytes")
            }
            CommandError::BadNumber { parameter, text } if text.is_empty() => {
                write!(f, "'go {parameter}' needs a number")
            }
            CommandError::BadNumber { parameter, text } => {
                write!(f, "'go {parameter}': '{}' is not a valid number", shorten(text))
            }
        }
    }
}

impl std::error::Error for CommandError {}

/// How many characters of input text an `info string` echoes back.
pub const ECHO_CHARS: usize = 64;

/// `text` as echoed back in an `info string`: its first [`ECHO_CHARS`]
/// characters, followed by `…` when there were more, with control
/// characters escaped as Rust writes them (a carriage return as the two
/// characters `\r`, a NUL as `\0`, others as `\u{..}`). Words are split
/// at spaces and tabs only, so a word may hold a `\r`; echoed raw, a GUI
/// that ends lines at `\r` would read the rest of the word as an engine
/// message of its own (`foo\rbestmove a1a2` would forge a `bestmove`).
pub fn shorten(text: &str) -> std::borrow::Cow<'_, str> {
    let cut = text.char_indices().nth(ECHO_CHARS).map(|(end, _)| end);
    let kept = &text[..cut.unwrap_or(text.len())];
    if cut.is_none() && !kept.contains(char::is_control) {
        return kept.into();
    }
    let mut echoed = String::with_capacity(kept.len() + 3);
    for c in kept.chars() {
        if c.is_control() {
            echoed.extend(c.escape_debug());
        } else {
            echoed.push(c);
        }
    }
    if cut.is_some() {
        echoed.push('…');
    }
    echoed.into()
}

/// A parsed line: the command and the leading words that were skipped to
/// find it (the UCI protocol says to ignore unknown words and parse the rest).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedLine {
    /// The command found.
    pub command: Command,
    /// Unknown words before it.
    pub skipped: Vec<String>,
}

/// Parses one input line. `Ok(None)` for a blank line.
///
/// Words are split by the same rule as FEN fields
/// ([`bb_movegen::split_fields`]: runs of ASCII spaces and tabs), so a FEN
/// the CLI refuses is refused here too; a non-ASCII space stays inside its
/// word. The line's own `\n` / `\r\n` ending is ignored.
pub fn parse_line(line: &str) -> Result<Option<ParsedLine>, CommandError> {
    let line = line.trim_end_matches(['\n', '\r']);
    let tokens: Vec<&str> = bb_movegen::split_fields(line).collect();
    let Some(first) = tokens.first() else {
        return Ok(None);
    };
    let Some(start) = tokens.iter().position(|word| is_command_word(word)) else {
        return Err(CommandError::Unknown((*first).to_string()));
    };
    let command = parse_command(tokens[start], &tokens[start + 1..])?;
    let skipped = tokens[..start].iter().map(|word| (*word).to_string()).collect();
    Ok(Some(ParsedLine { command, skipped }))
}

const COMMAND_WORDS: [&str; 13] = [
    "uci",
    "debug",
    "isready",
    "setoption",
    "register",
    "ucinewgame",
    "position",
    "go",
    "stop",
    "ponderhit",
    "quit",
    "d",
    "eval",
];

fn is_command_word(word: &str) -> bool {
    COMMAND_WORDS.contains(&word)
}

fn parse_command(word: &str, rest: &[&str]) -> Result<Command, CommandError> {
    match word {
        "uci" => Ok(Command::Uci),
        "debug" => parse_debug(rest),
        "isready" => Ok(Command::IsReady),
        "setoption" => parse_setoption(rest),
        "register" => Ok(Command::Register),
        "ucinewgame" => Ok(Command::UciNewGame),
        "position" => parse_position(rest),
        "go" => parse_go(rest).map(Command::Go),
        "stop" => Ok(Command::Stop),
        "ponderhit" => Ok(Command::PonderHit),
        "quit" => Ok(Command::Quit),
        "d" => Ok(Command::Display),
        "eval" => Ok(Command::Eval),
        other => Err(CommandError::Unknown(other.to_string())),
    }
}

fn parse_debug(rest: &[&str]) -> Result<Command, CommandError> {
    match rest.first() {
        None => Err(CommandError::Missing { command: "debug", what: "'on' or 'off'" }),
        Some(&"on") => Ok(Command::Debug(true)),
        Some(&"off") => Ok(Command::Debug(false)),
        Some(other) => Err(CommandError::Unexpected {
            command: "debug",
            token: (*other).to_string(),
            expected: "'on' or 'off'",
        }),
    }
}

/// `setoption name <words...> [value <words...>]`; names and values may hold spaces.
fn parse_setoption(rest: &[&str]) -> Result<Command, CommandError> {
    match rest.first() {
        None => return Err(CommandError::Missing { command: "setoption", what: "'name <option>'" }),
        Some(&"name") => {}
        Some(other) => {
            return Err(CommandError::Unexpected {
                command: "setoption",
                token: (*other).to_string(),
                expected: "'name'",
            })
        }
    }
    let rest = &rest[1..];
    let value_at = rest.iter().position(|word| *word == "value");
    let (name_words, value_words) = match value_at {
        Some(at) => (&rest[..at], Some(&rest[at + 1..])),
        None => (rest, None),
    };
    if name_words.is_empty() {
        return Err(CommandError::Missing { command: "setoption", what: "an option name after 'name'" });
    }
    let value = match value_words {
        Some([]) => {
            return Err(CommandError::Missing { command: "setoption", what: "a value after 'value'" })
        }
        Some(words) => Some(words.join(" ")),
        None => None,
    };
    Ok(Command::SetOption { name: name_words.join(" "), value })
}

fn parse_position(rest: &[&str]) -> Result<Command, CommandError> {
    let (start, after_start) = match rest.first() {
        None => return Err(CommandError::Missing { command: "position", what: "'startpos' or 'fen <fen>'" }),
        Some(&"startpos") => (StartPosition::StartPos, &rest[1..]),
        Some(&"fen") => {
            let fields = &rest[1..];
            let end = fields.iter().position(|word| *word == "moves").unwrap_or(fields.len());
            if end == 0 {
                return Err(CommandError::Missing { command: "position", what: "a FEN after 'fen'" });
            }
            (StartPosition::Fen(fields[..end].join(" ")), &fields[end..])
        }
        Some(other) => {
            return Err(CommandError::Unexpected {
                command: "position",
                token: (*other).to_string(),
                expected: "'startpos' or 'fen'",
            })
        }
    };
    let moves = match after_start.first() {
        None => Vec::new(),
        Some(&"moves") => after_start[1..].iter().map(|word| (*word).to_string()).collect(),
        Some(other) => {
            return Err(CommandError::Unexpected {
                command: "position",
                token: (*other).to_string(),
                expected: "'moves' or the end of the line",
            })
        }
    };
    Ok(Command::Position { start, moves })
}

/// The `go` parameters that take one numeric value.
const GO_VALUE_WORDS: [&str; 9] =
    ["wtime", "btime", "winc", "binc", "movestogo", "depth", "nodes", "mate", "movetime"];

fn parse_go(rest: &[&str]) -> Result<GoParams, CommandError> {
    let mut params = GoParams::default();
    let mut index = 0;
    while index < rest.len() {
        let word = rest[index];
        index += 1;
        match word {
            "infinite" => params.infinite = true,
            "ponder" => params.ponder = true,
            "searchmoves" => {
                while index < rest.len() && !is_go_keyword(rest[index]) {
                    params.searchmoves.push(rest[index].to_string());
                    index += 1;
                }
            }
            other => match GO_VALUE_WORDS.iter().find(|name| **name == other) {
                Some(&parameter) => {
                    let text = rest.get(index).copied().unwrap_or("");
                    index += 1;
                    set_go_value(&mut params, parameter, text)?;
                }
                None => params.ignored.push(other.to_string()),
            },
        }
    }
    Ok(params)
}

fn set_go_value(params: &mut GoParams, parameter: &'static str, text: &str) -> Result<(), CommandError> {
    match parameter {
        "wtime" => params.wtime = Some(parse_time(parameter, text)?),
        "btime" => params.btime = Some(parse_time(parameter, text)?),
        "winc" => params.winc = Some(parse_time(parameter, text)?),
        "binc" => params.binc = Some(parse_time(parameter, text)?),
        "movetime" => params.movetime = Some(parse_time(parameter, text)?),
        "nodes" => params.nodes = Some(parse_count(parameter, text)?),
        "movestogo" => params.movestogo = Some(parse_count(parameter, text)?),
        "depth" => params.depth = Some(parse_count(parameter, text)?),
        _ => params.mate = Some(parse_count(parameter, text)?),
    }
    Ok(())
}

fn is_go_keyword(word: &str) -> bool {
    matches!(word, "infinite" | "ponder" | "searchmoves") || GO_VALUE_WORDS.contains(&word)
}

/// A time in milliseconds. GUIs may send a negative remaining time when a
/// clock has run out under increment rules; that counts as zero.
fn parse_time(parameter: &'static str, text: &str) -> Result<u64, CommandError> {
    match text.parse::<i64>() {
        Ok(value) => Ok(value.max(0) as u64),
        Err(_) => Err(CommandError::BadNumber { parameter, text: text.to_string() }),
    }
}

/// A non-negative count that must fit its type.
fn parse_count<T: core::str::FromStr>(parameter: &'static str, text: &str) -> Result<T, CommandError> {
    text.parse::<T>().map_err(|_| CommandError::BadNumber { parameter, text: text.to_string() })
}

#[cfg(test)]
mod tests;
