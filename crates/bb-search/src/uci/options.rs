//! The engine's UCI options: their declarations for the `uci` answer and
//! the checking of `setoption` values.

use super::command::shorten;
use crate::strength::{DEFAULT_ELO, MAX_ELO, MIN_ELO};
use core::fmt;

/// Default transposition table size in MB.
pub const DEFAULT_HASH_MB: usize = 16;
/// Largest table offered.
///
/// A fixed figure rather than one computed from the machine, so the option
/// means the same everywhere (GUIs and tournament configurations store it).
/// Any size up to it is ready at once: the table is a zeroed allocation
/// whose pages are taken from the system only as the search touches them.
/// A size the system cannot give at all (Linux's overcommit check against
/// memory and swap, an address-space limit) is refused: `info string`, and
/// the old table stays. 16 GB fits the project's machines (24 GB) with room
/// to spare. A size that is granted but exceeds the memory actually free
/// fails only as the table fills, as with any engine, so pick `Hash` below
/// the free memory. A 32-bit process cannot address much more than 1 GB.
/// WebAssembly has no lazily zeroed pages: its allocator writes the zeroes
/// of a reused region itself (1 GB took 5 s under wasmtime), so there the
/// most is what is zeroed within a second.
pub const MAX_HASH_MB: usize = if cfg!(target_family = "wasm") {
    256
} else if cfg!(target_pointer_width = "64") {
    16_384
} else {
    1_024
};
/// Most search threads offered: the machine's logical CPUs (Lazy SMP gains
/// nothing from threads that wait for a core), at least 1.
pub fn max_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |cpus| cpus.get()).clamp(1, 1024)
}

/// Most MultiPV lines offered (a position has at most 218 legal moves).
pub const MAX_MULTI_PV: usize = 256;

/// How an empty string option value is written in the `uci` answer.
pub const EMPTY_STRING: &str = "<empty>";
/// `EvalFile`'s default: the network compiled into the engine
/// ([`crate::nnue::embedded`]).
pub const EMBEDDED_NETWORK: &str = "<embedded>";
/// Default time kept in reserve per move for communication delays.
pub const DEFAULT_MOVE_OVERHEAD_MS: u64 = 50;
/// Largest move overhead accepted.
pub const MAX_MOVE_OVERHEAD_MS: u64 = 5_000;

/// The current option values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// `Hash`, MB.
    pub hash_mb: usize,
    /// `Move Overhead`, ms.
    pub move_overhead_ms: u64,
    /// `Ponder` (informational: the GUI decides whether to send `go ponder`).
    pub ponder: bool,
    /// `UCI_Chess960`: castling moves are written king-takes-rook.
    pub chess960: bool,
    /// `OwnBook`: `go` answers from the book (`BookFile`) when it can.
    pub own_book: bool,
    /// `MultiPV`: how many best moves `go` reports, each with its line.
    pub multi_pv: usize,
    /// `UCI_LimitStrength`: play at `UCI_Elo` rather than full strength.
    pub limit_strength: bool,
    /// `UCI_Elo`: the rating to play at when the strength is limited.
    pub elo: u32,
    /// `Use NNUE`: evaluate with the network (`EvalFile`'s), else with the
    /// hand-written evaluation.
    pub use_nnue: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            hash_mb: DEFAULT_HASH_MB,
            move_overhead_ms: DEFAULT_MOVE_OVERHEAD_MS,
            ponder: false,
            chess960: false,
            own_book: false,
            multi_pv: 1,
            limit_strength: false,
            elo: DEFAULT_ELO,
            use_nnue: true,
        }
    }
}

/// The `option` lines of the `uci` answer.
pub fn declarations() -> Vec<String> {
    let lines = vec![
        format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"),
        format!("option name Threads type spin default 1 min 1 max {}", max_threads()),
        format!(
            "option name Move Overhead type spin default {DEFAULT_MOVE_OVERHEAD_MS} min 0 max {MAX_MOVE_OVERHEAD_MS}"
        ),
        "option name Clear Hash type button".to_string(),
        format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTI_PV}"),
        "option name Ponder type check default false".to_string(),
        "option name UCI_Chess960 type check default false".to_string(),
        "option name UCI_LimitStrength type check default false".to_string(),
        format!("option name UCI_Elo type spin default {DEFAULT_ELO} min {MIN_ELO} max {MAX_ELO}"),
        "option name OwnBook type check default false".to_string(),
        // An empty string default is written `<empty>`, as Stockfish does
        // for its paths; GUIs (cutechess, Arena) read it as empty, and
        // send it back as a value, which `parse_change` takes as no book.
        format!("option name BookFile type string default {EMPTY_STRING}"),
        "option name Use NNUE type check default true".to_string(),
        // The embedded network unless a file is named.
        format!("option name EvalFile type string default {EMBEDDED_NETWORK}"),
    ];
    // A tuner's build also offers the search's numbers.
    #[cfg(any(test, feature = "tune"))]
    let lines = lines.into_iter().chain(search_param_declarations()).collect();
    lines
}

/// The `option` lines of the search's tunable numbers.
#[cfg(any(test, feature = "tune"))]
fn search_param_declarations() -> impl Iterator<Item = String> {
    crate::search::params::SEARCH_PARAMS.iter().map(|param| {
        format!(
            "option name {} type spin default {} min {} max {}",
            param.name, param.default, param.min, param.max
        )
    })
}

/// A valid `setoption`, ready to apply. Non-exhaustive: a build with the
/// `tune` feature has one more kind.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum OptionChange {
    /// Resize the transposition table.
    Hash(usize),
    /// Search with this many threads (Lazy SMP).
    Threads(usize),
    /// Set the move overhead.
    MoveOverhead(u64),
    /// Empty the transposition table and history.
    ClearHash,
    /// Report this many best moves.
    MultiPv(usize),
    /// Set `Ponder`.
    Ponder(bool),
    /// Set `UCI_Chess960`.
    Chess960(bool),
    /// Set `UCI_LimitStrength`.
    LimitStrength(bool),
    /// Set `UCI_Elo`.
    Elo(u32),
    /// Set `OwnBook`.
    OwnBook(bool),
    /// Load the Polyglot book at this path, or unload the book (`None`).
    BookFile(Option<String>),
    /// Set `Use NNUE`.
    UseNnue(bool),
    /// Evaluate with the network in this file ([`crate::nnue`]), or with
    /// the embedded network (`None`).
    EvalFile(Option<String>),
    /// Set one of the search's tunable numbers ([`crate::search::params`];
    /// only in builds with the `tune` feature).
    #[cfg(any(test, feature = "tune"))]
    SearchParam(&'static str, i32),
}

/// Why a `setoption` was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// No option of that name.
    Unknown(String),
    /// The option needs a value and got none.
    MissingValue(&'static str),
    /// The value is not valid for the option.
    BadValue {
        /// The option.
        name: &'static str,
        /// The value given.
        value: String,
        /// What is allowed.
        expected: String,
    },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown(name) => write!(f, "unknown option '{}'", shorten(name)),
            OptionError::MissingValue(name) => write!(f, "option '{}' needs a value", shorten(name)),
            OptionError::BadValue { name, value, expected } => {
                write!(f, "option '{}': '{}' is not {expected}", shorten(name), shorten(value))
            }
        }
    }
}

impl std::error::Error for OptionError {}

fn spin<T: core::str::FromStr + PartialOrd + fmt::Display + Copy>(
    name: &'static str,
    value: Option<&str>,
    min: T,
    max: T,
) -> Result<T, OptionError> {
    let text = value.ok_or(OptionError::MissingValue(name))?;
    match text.parse::<T>() {
        Ok(number) if number >= min && number <= max => Ok(number),
        _ => Err(OptionError::BadValue {
            name,
            value: text.to_string(),
            expected: format!("an integer from {min} to {max}"),
        }),
    }
}

fn check(name: &'static str, value: Option<&str>) -> Result<bool, OptionError> {
    let text = value.ok_or(OptionError::MissingValue(name))?;
    match text.to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(OptionError::BadValue {
            name,
            value: text.to_string(),
            expected: "'true' or 'false'".to_string(),
        }),
    }
}

/// A path option's value: none for no value, an empty one or `<empty>`.
fn path(value: Option<&str>) -> Option<String> {
    value.map(str::trim).filter(|path| !path.is_empty() && *path != EMPTY_STRING).map(String::from)
}

/// Checks a `setoption`; option names are not case sensitive (UCI).
pub fn parse_change(name: &str, value: Option<&str>) -> Result<OptionChange, OptionError> {
    match name.to_ascii_lowercase().as_str() {
        "hash" => spin("Hash", value, 1, MAX_HASH_MB).map(OptionChange::Hash),
        "threads" => spin("Threads", value, 1, max_threads()).map(OptionChange::Threads),
        "move overhead" => {
            spin("Move Overhead", value, 0, MAX_MOVE_OVERHEAD_MS).map(OptionChange::MoveOverhead)
        }
        "clear hash" => Ok(OptionChange::ClearHash),
        "multipv" => spin("MultiPV", value, 1, MAX_MULTI_PV).map(OptionChange::MultiPv),
        "ponder" => check("Ponder", value).map(OptionChange::Ponder),
        "uci_chess960" => check("UCI_Chess960", value).map(OptionChange::Chess960),
        "uci_limitstrength" => check("UCI_LimitStrength", value).map(OptionChange::LimitStrength),
        "uci_elo" => spin("UCI_Elo", value, MIN_ELO, MAX_ELO).map(OptionChange::Elo),
        "ownbook" => check("OwnBook", value).map(OptionChange::OwnBook),
        // No value, an empty one or `<empty>`: no book; the embedded network.
        "bookfile" => Ok(OptionChange::BookFile(path(value))),
        "use nnue" => check("Use NNUE", value).map(OptionChange::UseNnue),
        "evalfile" => {
            Ok(OptionChange::EvalFile(path(value).filter(|path| path.as_str() != EMBEDDED_NETWORK)))
        }
        _ => tunable(name, value).unwrap_or_else(|| Err(OptionError::Unknown(name.to_string()))),
    }
}

/// A `setoption` of a tunable search number, when `name` is one and the
/// build offers them.
#[cfg(any(test, feature = "tune"))]
fn tunable(name: &str, value: Option<&str>) -> Option<Result<OptionChange, OptionError>> {
    let param = crate::search::params::find(name)?;
    Some(
        spin(param.name, value, param.min, param.max)
            .map(|value| OptionChange::SearchParam(param.name, value)),
    )
}

#[cfg(not(any(test, feature = "tune")))]
fn tunable(_name: &str, _value: Option<&str>) -> Option<Result<OptionChange, OptionError>> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_changes() {
        assert_eq!(parse_change("Hash", Some("64")), Ok(OptionChange::Hash(64)));
        assert_eq!(parse_change("hash", Some("1")), Ok(OptionChange::Hash(1)));
        assert_eq!(parse_change("Move Overhead", Some("0")), Ok(OptionChange::MoveOverhead(0)));
        assert_eq!(parse_change("Threads", Some("1")), Ok(OptionChange::Threads(1)));
        let most = max_threads();
        assert_eq!(parse_change("threads", Some(&most.to_string())), Ok(OptionChange::Threads(most)));
        assert_eq!(parse_change("Clear Hash", None), Ok(OptionChange::ClearHash));
        assert_eq!(parse_change("MultiPV", Some("3")), Ok(OptionChange::MultiPv(3)));
        assert_eq!(parse_change("UCI_LimitStrength", Some("true")), Ok(OptionChange::LimitStrength(true)));
        assert_eq!(parse_change("uci_elo", Some("1500")), Ok(OptionChange::Elo(1500)));
        assert_eq!(parse_change("UCI_Chess960", Some("true")), Ok(OptionChange::Chess960(true)));
        assert_eq!(parse_change("Ponder", Some("False")), Ok(OptionChange::Ponder(false)));
        assert_eq!(parse_change("OwnBook", Some("true")), Ok(OptionChange::OwnBook(true)));
        assert_eq!(
            parse_change("BookFile", Some("/books/my book.bin")),
            Ok(OptionChange::BookFile(Some("/books/my book.bin".to_string())))
        );
        for empty in [None, Some(""), Some("<empty>")] {
            assert_eq!(parse_change("bookfile", empty), Ok(OptionChange::BookFile(None)));
        }
    }

    #[test]
    fn invalid_changes_say_why() {
        assert_eq!(
            parse_change("Hash", Some("0")).unwrap_err().to_string(),
            format!("option 'Hash': '0' is not an integer from 1 to {MAX_HASH_MB}")
        );
        assert!(parse_change("Hash", Some("lots")).is_err());
        assert!(parse_change("Hash", Some("-5")).is_err());
        assert_eq!(parse_change("Hash", None), Err(OptionError::MissingValue("Hash")));
        assert!(parse_change("Threads", Some("0")).is_err());
        assert!(parse_change("Threads", Some(&(max_threads() + 1).to_string())).is_err());
        assert!(parse_change("Move Overhead", Some("5001")).is_err());
        assert!(parse_change("MultiPV", Some("0")).is_err());
        assert!(parse_change("multipv", Some("257")).is_err());
        assert!(parse_change("UCI_Elo", Some(&(MIN_ELO - 1).to_string())).is_err());
        assert!(parse_change("UCI_Elo", Some(&(MAX_ELO + 1).to_string())).is_err());
        assert!(parse_change("Ponder", Some("yes")).is_err());
        assert!(parse_change("OwnBook", None).is_err());
        assert_eq!(parse_change("Skill", Some("3")).unwrap_err().to_string(), "unknown option 'Skill'");
    }

    #[test]
    fn tunable_numbers_are_checked_against_their_ranges() {
        let rfp = crate::search::params::find("rfp_margin").unwrap();
        assert_eq!(parse_change("RFP_Margin", Some("100")), Ok(OptionChange::SearchParam("rfp_margin", 100)));
        let too_big = (rfp.max + 1).to_string();
        assert_eq!(
            parse_change("rfp_margin", Some(&too_big)).unwrap_err().to_string(),
            format!("option 'rfp_margin': '{too_big}' is not an integer from {} to {}", rfp.min, rfp.max)
        );
        assert!(parse_change("rfp_margin", None).is_err());
        assert!(declarations()
            .iter()
            .any(|line| line.starts_with("option name rfp_margin type spin default")));
    }

    #[test]
    fn every_declared_option_is_settable() {
        for line in declarations() {
            let name = line.trim_start_matches("option name ").split(" type ").next().unwrap().to_string();
            let value = if line.contains("type spin") {
                Some(line.split(" default ").nth(1).unwrap().split(' ').next().unwrap().to_string())
            } else if line.contains("type check") {
                Some("false".to_string())
            } else if line.contains("type string") {
                Some(line.split(" default ").nth(1).unwrap().to_string())
            } else {
                None
            };
            assert!(parse_change(&name, value.as_deref()).is_ok(), "{line}");
        }
    }
}
