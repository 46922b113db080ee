//! `bb`: the command-line face of the bb chess engine.
//!
//! With no arguments it is a UCI engine on stdin/stdout. Subcommands count
//! perft (one position, a divide, an EPD suite, or deep runs on several
//! threads with a hash table), speak perftree's script interface, draw a
//! position and its bitboards, check PGN files, write shell completions and
//! run the search benchmark. `bb help` lists them; the command line is
//! declared in [`args`] with clap.
//!
//! Exit codes: 0 success, 1 perft counts that disagree with a suite or PGN
//! games with an illegal move, 2 bad input (one line on stderr says what is
//! wrong).
#![forbid(unsafe_code)]

mod args;
mod engine;
mod epd;
mod failure;
mod perft_cmd;
mod perft_json;
mod perftree;
mod pgn;
mod progress;
mod report;
mod show;
mod units;

use args::{Cli, Command};
use clap::error::ErrorKind;
use clap::{CommandFactory, Parser};
use failure::{CommandResult, Failure};
use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let outcome = match parse_arguments() {
        Ok(Some(cli)) => run(cli.command),
        Ok(None) => Ok(()),
        Err(failure) => Err(failure),
    };
    match outcome {
        Ok(()) | Err(Failure::OutputClosed) => ExitCode::SUCCESS,
        Err(Failure::Mismatch) => ExitCode::from(1),
        Err(Failure::Input(message)) => {
            // One line, whatever the message holds.
            let line = message.replace(['\n', '\r'], " ");
            let _ = writeln!(std::io::stderr(), "bb: {line}");
            ExitCode::from(2)
        }
    }
}

/// The parsed command line, or `None` when it asked for the help or the
/// version, which are then printed already.
fn parse_arguments() -> Result<Option<Cli>, Failure> {
    match Cli::try_parse() {
        Ok(cli) if cli.version => {
            print(&version_line())?;
            Ok(None)
        }
        Ok(cli) => Ok(Some(cli)),
        Err(error) if matches!(error.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            let mut text = error.render().to_string();
            if !text.ends_with('\n') {
                text.push('\n');
            }
            print(&text)?;
            Ok(None)
        }
        Err(error) => Err(Failure::Input(args::one_line_error(&error))),
    }
}

fn run(command: Option<Command>) -> CommandResult {
    match command {
        None | Some(Command::Uci) => engine::run_uci_engine(),
        Some(Command::Perft(options)) => perft_cmd::run(*options),
        Some(Command::Perftree(options)) => perftree::run(options),
        Some(Command::Show(options)) => show::run(options),
        Some(Command::Bench(options)) => engine::run_bench(options),
        Some(Command::Pgn(options)) => pgn::run(options),
        Some(Command::Completions(options)) => {
            // Into memory first: clap_complete panics on a write error, and
            // `bb completions bash | head` closes the pipe early.
            let mut script = Vec::new();
            clap_complete::generate(options.shell, &mut Cli::command(), "bb", &mut script);
            print(&String::from_utf8_lossy(&script))
        }
    }
}

/// `bb 0.1.0 (backend native, target x86_64-unknown-linux-gnu, perft
/// kernel bmi2 with pext sliders)`: the kernel is the copy of perft this CPU
/// runs, chosen at run time.
fn version_line() -> String {
    let kernel = bb_core::platform::kernel();
    format!(
        "bb {} (backend {}, target {}, perft kernel {kernel} with {} sliders)\n",
        env!("CARGO_PKG_VERSION"),
        bb_core::BACKEND,
        env!("BB_TARGET"),
        bb_movegen::perft::kernel_sliders(kernel),
    )
}

fn print(text: &str) -> CommandResult {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}
