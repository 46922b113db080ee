//! The command line, declared with clap's derive API: `--help` on every
//! subcommand, suggestions for misspelt options and shell completions come
//! from the declarations. What clap cannot check (which options go
//! together with `--epd`) is checked by the commands themselves.
//!
//! Numbers are parsed by [`parse_number`] rather than clap's own parsers, so
//! that `+3` or ` 3` are refused and the error names the accepted range.

use crate::failure::Failure;
use crate::units::args::UnitsCommand;
use bb_movegen::Position;
use clap::{Args, Parser, Subcommand};
use std::fmt::Display;
use std::str::FromStr;

/// The deepest perft the CLI accepts. Far beyond anything that finishes, but
/// it keeps recursion and table depth fields bounded.
pub const MAX_DEPTH: u32 = 64;

/// The most worker threads `--threads` takes.
pub const MAX_THREADS: usize = 256;

/// The largest table `--hash` takes, in MB (64 GB).
pub const MAX_HASH_MB: usize = 1 << 16;

/// The deepest `bb bench` accepts (the search clamps deeper requests anyway).
pub const MAX_BENCH_DEPTH: u32 = 64;

/// `bb`: with no subcommand, a UCI engine on stdin/stdout.
#[derive(Parser, Debug)]
#[command(
    name = "bb",
    about = "bb - bitboard chess engine: UCI engine (the default, with no command), perft and tools",
    after_help = "exit codes: 0 ok, 1 perft counts or games that are wrong, 2 bad input",
    disable_version_flag = true
)]
pub struct Cli {
    /// Print the version, the U64 backend and the target.
    #[arg(short = 'V', long = "version")]
    pub version: bool,
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count the leaves of the move tree of one position, or check a suite.
    Perft(Box<PerftArgs>),
    /// The script interface of the perftree debugger.
    Perftree(PerftreeArgs),
    /// Draw the board (and its bitboards).
    Show(ShowArgs),
    /// Fixed-depth search benchmark: its node count is the engine's signature.
    Bench(BenchArgs),
    /// Check every game of a PGN file: the first illegal move of each game,
    /// with its line number.
    Pgn(PgnArgs),
    /// The UCI engine on stdin/stdout (the same as no command).
    Uci,
    /// Print a shell completion script.
    Completions(CompletionsArgs),
}

/// Where a command starts from: a FEN (default: the initial position) and
/// moves played from it.
#[derive(Args, Debug, Default)]
pub struct PositionArgs {
    /// Start position (default: the initial position).
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
    /// UCI moves played from it first (separate words or one quoted list).
    #[arg(long, value_name = "UCI", num_args = 1..)]
    pub moves: Vec<String>,
}

/// `bb perft`.
#[derive(Args, Debug)]
#[command(
    args_conflicts_with_subcommands = true,
    after_help = "\
examples:
  bb perft 6 --divide
  bb perft 5 --fen \"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\"
  bb perft --epd suite.epd --depth 4 --threads 2 --hash 256
  bb perft split 10 --ply 5 --output units.txt
  bb perft unit units.txt --from 1 --to 1000 --threads 2 --hash 4096 --output results-1.txt
  bb perft merge units.txt results-*.txt"
)]
pub struct PerftArgs {
    /// Deep perft in work units: split, unit, merge.
    #[command(subcommand)]
    pub units: Option<UnitsCommand>,
    /// Depth of the count (not with --epd).
    #[arg(value_parser = depth_value, allow_negative_numbers = true)]
    pub depth: Option<u32>,
    #[command(flatten)]
    pub position: PositionArgs,
    /// One 'move count' line per root move first.
    #[arg(long)]
    pub divide: bool,
    /// One JSON object per count instead of the text lines.
    #[arg(long)]
    pub json: bool,
    /// Split the root over N threads.
    #[arg(long, value_name = "N", value_parser = threads_value, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// Cache subtree counts in a table of MB megabytes (0: none).
    #[arg(long, value_name = "MB", value_parser = hash_value, allow_negative_numbers = true)]
    pub hash: Option<usize>,
    /// Make every move, the last ply's too, and print the sum of the
    /// leaves' Zobrist keys ("hperft": measures make-move; one thread).
    #[arg(long, conflicts_with_all = ["threads", "hash", "epd"])]
    pub hash_leaves: bool,
    /// Check a suite of 'FEN ;D1 n ;D2 n ...' lines instead of one position.
    #[arg(long, value_name = "FILE")]
    pub epd: Option<String>,
    /// With --epd: count each position up to depth N only.
    #[arg(long = "depth", value_name = "N", value_parser = depth_value)]
    pub epd_max_depth: Option<u32>,
    /// With --epd: accept positions that are playable but cannot arise in a
    /// game (an impossible check, too much material).
    #[arg(long)]
    pub lenient: bool,
}

/// `bb perftree <depth> <fen> [<moves>]`.
#[derive(Args, Debug)]
pub struct PerftreeArgs {
    /// Depth of the divide.
    #[arg(value_parser = depth_value)]
    pub depth: u32,
    /// The position.
    pub fen: String,
    /// UCI moves played from it first, space-separated in one argument.
    #[arg(default_value = "")]
    pub moves: String,
}

/// `bb show`.
#[derive(Args, Debug)]
pub struct ShowArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Also draw the bitboards move generation works with.
    #[arg(long)]
    pub bitboards: bool,
}

/// `bb bench [depth]`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Search depth (default: bb-search's bench depth).
    #[arg(value_parser = bench_depth_value)]
    pub depth: Option<u32>,
    /// Search threads (Lazy SMP): measures how the node rate scales; the
    /// node count is the engine's signature only with 1.
    #[arg(long, default_value_t = 1, value_parser = threads_value)]
    pub threads: usize,
    /// Evaluate with the network in this file (as the UCI option EvalFile)
    /// instead of the embedded one.
    #[arg(long, value_name = "FILE", conflicts_with = "hand_written")]
    pub eval_file: Option<std::path::PathBuf>,
    /// Evaluate with the hand-written evaluation (as `Use NNUE` false).
    #[arg(long)]
    pub hand_written: bool,
}

/// `bb pgn FILE`.
#[derive(Args, Debug)]
pub struct PgnArgs {
    /// The PGN file ('-' for stdin).
    pub file: String,
    /// Print each good game's moves in UCI, one game per line.
    #[arg(long)]
    pub uci: bool,
}

/// `bb completions SHELL`.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell to write the completion script for.
    pub shell: clap_complete::Shell,
}

/// Parses a whole number in `low..=high`; the error names the range.
/// Digits only: `FromStr` would also take a leading `+`.
pub fn parse_number<T>(text: &str, low: T, high: T) -> Result<T, String>
where
    T: FromStr + PartialOrd + Display + Copy,
{
    let bad = || format!("expected a whole number from {low} to {high}");
    if text.is_empty() || !text.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(bad());
    }
    match text.parse::<T>() {
        Ok(value) if value >= low && value <= high => Ok(value),
        _ => Err(bad()),
    }
}

pub(crate) fn depth_value(text: &str) -> Result<u32, String> {
    parse_number(text, 0, MAX_DEPTH)
}

fn bench_depth_value(text: &str) -> Result<u32, String> {
    parse_number(text, 1, MAX_BENCH_DEPTH)
}

pub(crate) fn threads_value(text: &str) -> Result<usize, String> {
    parse_number(text, 1, MAX_THREADS)
}

pub(crate) fn hash_value(text: &str) -> Result<usize, String> {
    parse_number(text, 0, MAX_HASH_MB)
}

impl PositionArgs {
    /// Parses the FEN and plays the moves.
    pub fn resolve(&self) -> Result<Position, Failure> {
        let start = match &self.fen {
            Some(fen) => Position::from_fen(fen).map_err(Failure::input)?,
            None => Position::startpos(),
        };
        let moves: Vec<&str> = self.moves.iter().flat_map(|item| bb_movegen::split_fields(item)).collect();
        play_moves(start, &moves)
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

/// clap's error as one line: its first line without `error: `, the lines
/// that complete it (the missing arguments), its useful tips (a similar
/// option), then where to read more. The exit code stays the CLI's own.
pub fn one_line_error(error: &clap::Error) -> String {
    let rendered = error.render().to_string();
    let mut message = String::new();
    let mut help = "bb help".to_string();
    // Lines that only detail what came before (the arguments a misplaced
    // word conflicts with, a second usage line) are left out.
    let mut details_follow = false;
    for line in rendered.lines().map(str::trim).filter(|line| !line.is_empty()) {
        if let Some(usage) = line.strip_prefix("Usage: ") {
            // `bb perft [OPTIONS] [DEPTH]`: the command's words name its help.
            let words: Vec<&str> =
                usage.split(' ').take_while(|word| !word.starts_with(['[', '<', '-'])).collect();
            help = format!("{} --help", words.join(" "));
            details_follow = true;
        } else if line.starts_with("For more information") || line.starts_with("tip: to pass") {
            // clap's pointer to --help is replaced below; the tip about
            // `--` would suggest passing a misspelt option as a value.
        } else if let Some(tip) = line.strip_prefix("tip: ") {
            message.push_str("; ");
            message.push_str(tip);
        } else if !details_follow {
            let text = line.strip_prefix("error: ").unwrap_or(line);
            let explained = explain_misplaced_subcommand(text);
            details_follow = explained.is_some();
            if !message.is_empty() {
                message.push(' ');
            }
            message.push_str(explained.as_deref().unwrap_or(text));
        }
    }
    // A FEN given without quotes splits into words; the second is the side
    // to move.
    if message.contains("unexpected argument 'w' found") || message.contains("unexpected argument 'b' found")
    {
        message.push_str("; quote the FEN: --fen \"...\"");
    }
    format!("{message} (see '{help}')")
}

/// `bb perft 3 4` reaches clap as a depth and then a would-be subcommand
/// (perft has `split`, `unit`, `merge`): say what is really wrong.
fn explain_misplaced_subcommand(text: &str) -> Option<String> {
    let rest = text.strip_prefix("the subcommand '")?;
    let (word, _) = rest.split_once("' cannot be used with")?;
    Some(if ["split", "unit", "merge"].contains(&word) {
        format!("'{word}' comes right after 'perft', before any depth or option")
    } else {
        format!("unexpected argument '{word}' found")
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    fn parse(items: &[&str]) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(std::iter::once("bb").chain(items.iter().copied()))
    }

    #[test]
    fn the_declarations_are_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn options_take_inline_or_following_values_and_moves_split() {
        let cli = parse(&["perft", "3", "--fen=8/8", "--moves", "e2e4 e7e5", "g1f3", "--divide"]).unwrap();
        let Some(Command::Perft(perft)) = cli.command else { panic!("not perft") };
        assert_eq!((perft.depth, perft.position.fen.as_deref(), perft.divide), (Some(3), Some("8/8"), true));
        assert_eq!(perft.position.moves, ["e2e4 e7e5", "g1f3"]);
        assert!(parse(&["perft", "3", "--fen", "--divide"]).is_err(), "--divide is not a FEN");
    }

    #[test]
    fn numbers_are_digits_in_range() {
        assert_eq!(depth_value("7"), Ok(7));
        for bad in ["", "+3", "-1", "65", "3x", "99999999999999999999", " 3"] {
            assert!(depth_value(bad).is_err(), "{bad:?} was accepted");
        }
    }

    #[test]
    fn errors_are_one_line_with_the_suggestion() {
        let error = parse(&["perft", "3", "--divde"]).unwrap_err();
        let line = one_line_error(&error);
        assert!(!line.contains('\n'), "{line}");
        assert!(line.contains("'--divde'") && line.contains("'--divide'"), "{line}");
        assert!(line.ends_with("(see 'bb perft --help')"), "{line}");
        let missing = one_line_error(&parse(&["perftree", "3"]).unwrap_err());
        assert!(missing.contains("not provided: <FEN>"), "{missing}");
    }

    #[test]
    fn moves_are_played_and_bad_ones_named() {
        let spec = PositionArgs { fen: None, moves: vec!["e2e4 e7e5".into()] };
        let position = spec.resolve().ok().map(|position| position.to_string());
        assert_eq!(
            position.as_deref(),
            Some("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2")
        );
        let spec = PositionArgs { fen: None, moves: vec!["e2e4".into(), "e2e4".into()] };
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
