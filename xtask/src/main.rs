//! Project automation for bb, run as `cargo xtask <command>` (an alias in
//! `.cargo/config.toml`). It reads perft positions through bb-movegen (the
//! reference table and the EPD reader) and JSON through serde_json.
#![forbid(unsafe_code)]

mod args;
mod bench;
mod ci;
mod compare;
mod criterion_files;
mod firmware;
mod fuzz;
mod fuzz_seeds;
mod install;
mod matrix;
mod perft_summary;
mod pgo;
mod positions;
mod process;
mod sprt;
mod stamp;
mod table;
mod targets;
mod test_output;
mod web;
mod web_test;

use std::process::ExitCode;

const USAGE: &str = "\
usage: cargo xtask <command> [options]

commands:
  ci           cargo fmt --check, cargo clippy -D warnings, cargo doc, cross-test
               (emulated targets at reduced perft depths), firmware, sprt self-test,
               fuzz 15 s
  cross-test   cargo test for every target x backend combination (default:
               x86_64, i686, armv7, powerpc, wasm32; `--target all` adds
               aarch64 and s390x), installing targets, linkers, qemu-user, wasmtime
  compare      perft of the six ChessProgramming-wiki positions by `bb` built for
               every combination (default: x86_64, i686): checks the node
               counts, compares the speeds (emulated targets: lower depths, no speed)
  firmware     perft on an emulated Cortex-M4 (qemu-system-arm), both backends
  bench        criterion benches of bb-benches per combination, one table, then
               a perft summary (Mnps per engine, bb ÷ peers, issue #4's goals)
  fuzz         the cargo-fuzz targets of fuzz/ (needs nightly; skipped with a
               line without it), seeded from the suites: a table of executions,
               coverage and crashes; fails on a crash
  web          build the bitboard explorer (crates/bb-web) for wasm32-unknown-unknown
               and serve it on localhost (--port N, default 8000), or write the
               static site with --out DIR
  web-test     the explorer in headless Chromium (installs chromium and npm's
               playwright-core): FEN, legal moves, perft, a clicked move, the
               check mask; a screenshot in target/web/explorer.png
  sprt         self-play SPRT of two builds of bb (issue #12): --base REV
               against --test REV (default: the working tree, uncommitted
               changes included), each built in target/sprt; prints both
               `bb bench` signatures, installs python-chess, then runs
               scripts/sprt/sprt.py with the ARGS after `--` (e.g. --tc 5+0.05
               or --nodes N, --elo0 0 --elo1 5, --concurrency N; all of them:
               python3 scripts/sprt/sprt.py --help)
  pgo          the fastest portable bb, built with profile-guided optimisation
               (trained on `bb bench` and perft) in target/pgo/bb; installs
               rustup's llvm-tools; checks its bench signature against a plain
               release build and prints both speeds
  help         this text

options:
  --target T       narrow to target T (repeatable): a triple, `all`, or x86_64,
                   i686, armv7, aarch64, powerpc, s390x, wasm32
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
  --seconds N      fuzz each target N seconds (default 60)       (fuzz)
  --target NAME    only fuzz target NAME (repeatable): fen, move_text, epd_line,
                   uci_line, uci_session                        (fuzz)
  --base REV       the reference build, any git revision        (sprt)
  --test REV       the build under test (default: working tree) (sprt)
  -- ARGS          passed on to scripts/sprt/sprt.py            (sprt)

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
        "fuzz" => fuzz::fuzz(rest),
        "firmware" => args::parse(rest, &[]).and_then(|_| firmware::firmware()),
        "web" => web::web(rest),
        "sprt" => sprt::sprt(rest),
        "pgo" => args::parse(rest, &[]).and_then(|_| pgo::pgo()),
        "web-test" => args::parse(rest, &[]).and_then(|_| web_test::web_test()),
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
