//! Project automation for bb, run as `cargo xtask <command>` (an alias in
//! `.cargo/config.toml`). It reads perft positions through bb-movegen (the
//! reference table and the EPD reader) and JSON through serde_json.
#![forbid(unsafe_code)]

mod args;
mod bench;
mod ci;
mod compare;
mod criterion_files;
mod matrix;
mod perft_summary;
mod positions;
mod process;
mod table;
mod test_output;

use std::process::ExitCode;

const USAGE: &str = "\
usage: cargo xtask <command> [options]

commands:
  ci           cargo fmt --check, cargo clippy -D warnings, then cross-test
  cross-test   cargo test --workspace for every target x backend combination
  compare      perft of the six ChessProgramming-wiki positions by `bb` built for
               every combination: checks the node counts, compares the speeds
  bench        criterion benches of bb-benches per combination, one table, then
               a perft summary (Mnps per engine, bb ÷ peers, issue #4's goals)
  help         this text

options:
  --target T       narrow to target T (repeatable; `x86_64` and `i686` are short
                   for x86_64-unknown-linux-gnu and i686-unknown-linux-musl)
  --backend B      narrow to backend B, `native` or `hilo` (repeatable)
  --verbose        show all output of the cargo commands        (ci, cross-test, compare)
  --skip-lint      no fmt and clippy                            (ci)
  --depth N        run every position at depth N                (compare)
  --positions F    positions from the EPD file F (`FEN ;D1 n ;D2 n ...`),
                   each at its deepest listed depth or --depth  (compare)
  --no-bmi2        no x86_64/native+bmi2 column (the opt-in build with
                   -C target-feature=+popcnt,+bmi1,+bmi2)       (bench)
  --table-only     print the table of earlier results only      (bench)
  -- ARGS          passed on to the bench binaries, e.g. a filter (bench)

Each combination builds in its own target dir, target/xtask/<target>-<backend>
(the BMI2 build in target/xtask/x86_64-unknown-linux-gnu-native-bmi2).";

fn main() -> ExitCode {
    let words: Vec<String> = std::env::args().skip(1).collect();
    let Some((command, rest)) = words.split_first() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let result = match command.as_str() {
        "ci" => args::parse(rest, &["target", "backend", "verbose", "skip-lint"]).and_then(|o| ci::ci(&o)),
        "cross-test" => args::parse(rest, &["target", "backend", "verbose"]).and_then(|o| ci::cross_test(&o)),
        "compare" => args::parse(rest, &["target", "backend", "verbose", "depth", "positions"])
            .and_then(|o| compare::compare(&o)),
        "bench" => args::parse(rest, &["target", "backend", "no-bmi2", "table-only", "--"])
            .and_then(|o| bench::bench(&o)),
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        other => Err(format!("unknown command `{other}` (try `cargo xtask help`)")),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("error: {message}");
            if command == "ci" || command == "cross-test" {
                // The CI system reads the last line of stdout; make sure it
                // sees the failure even when the run stopped early.
                println!("0 passed, 1 failed");
            }
            ExitCode::from(2)
        }
    }
}
