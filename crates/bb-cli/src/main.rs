//! `bb`: the command-line face of the bb chess engine.
//!
//! With no arguments it is a UCI engine on stdin/stdout. Subcommands count
//! perft (one position, a divide, an EPD suite, or deep runs on several
//! threads with a hash table), speak perftree's script interface, draw a
//! position and its bitboards, and run the search benchmark. `bb help`
//! lists them.
//!
//! Exit codes: 0 success, 1 perft counts that disagree with a suite, 2 bad
//! input (one line on stderr says what is wrong).
#![forbid(unsafe_code)]

mod args;
mod engine;
mod epd;
mod failure;
mod perft_cmd;
mod perft_json;
mod perftree;
mod progress;
mod report;
mod show;

use args::Args;
use failure::{CommandResult, Failure};
use std::io::Write;
use std::process::ExitCode;

const USAGE: &str = "\
bb - bitboard chess engine

usage:
  bb                                  UCI engine on stdin/stdout
  bb perft <depth> [options]          count the leaves of the move tree
      --fen FEN | --fen=FEN             start position (default: the initial position)
      --moves UCI...                    moves played from it first
      --divide                          one 'move count' line per root move first
      --threads N                       split the root over N threads (default 1)
      --hash MB                         cache subtree counts in a table of MB megabytes
      --json                            one JSON object instead of the text lines
  bb perft --epd FILE [--depth N]     check a suite of 'FEN ;D1 n ;D2 n ...' lines
                                      (--threads, --hash and --json work here too)
  bb perftree <depth> <fen> [<moves>] the script interface of the perftree debugger
  bb show [--fen FEN] [--moves UCI...] [--bitboards]
                                      draw the board (and its bitboards)
  bb bench [depth]                    fixed-depth search benchmark
  bb --version                        version, backend and target
  bb help                             this text

exit codes: 0 ok, 1 perft mismatch, 2 bad input
";

fn main() -> ExitCode {
    let outcome = collect_arguments().and_then(run);
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

/// The arguments after the program name; non-UTF-8 ones are an error.
fn collect_arguments() -> Result<Vec<String>, Failure> {
    std::env::args_os()
        .skip(1)
        .map(|arg| {
            arg.into_string().map_err(|arg| Failure::input(format!("argument {arg:?} is not valid UTF-8")))
        })
        .collect()
}

fn run(arguments: Vec<String>) -> CommandResult {
    let mut args = Args::new(arguments);
    let Some(command) = args.next_text() else { return engine::run_uci_engine() };
    match command.as_str() {
        "perft" => perft_cmd::run(args),
        "perftree" => perftree::run(args),
        "show" => show::run(args),
        "bench" => engine::run_bench(args),
        "uci" => engine::run_uci_engine(),
        "help" | "--help" | "-h" => print(USAGE),
        "--version" | "-V" | "version" => print(&version_line()),
        _ => Err(Failure::input(format!("unknown command '{command}' (see 'bb help')"))),
    }
}

/// `bb 0.1.0 (backend native, target x86_64-unknown-linux-gnu)`.
fn version_line() -> String {
    format!("bb {} (backend {}, target {})\n", env!("CARGO_PKG_VERSION"), bb_core::BACKEND, env!("BB_TARGET"))
}

fn print(text: &str) -> CommandResult {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}
