//! `cargo xtask fuzz [--seconds N] [--target NAME]...`: the cargo-fuzz
//! targets of `fuzz/` (issue #17), each run for N seconds, one at a time,
//! after seeding their corpora from the project's suites
//! ([`fuzz_seeds`]); then one table of executions,
//! coverage and crashes per target.
//!
//! cargo-fuzz needs a nightly toolchain. Without one, fuzzing is skipped
//! with a line saying so and the command succeeds: CI can call it on every
//! machine. cargo-fuzz itself is installed when missing, with a line
//! saying so. A crash fails the command and names its artifact (the input
//! that crashed, to turn into a regression test in the crate).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use crate::fuzz_seeds;
use crate::matrix;
use crate::process;
use crate::table::Table;

/// Every target in `fuzz/fuzz_targets/`, in the order they run.
pub const TARGETS: [&str; 7] = ["fen", "move_text", "epd_line", "uci_line", "uci_session", "san", "pgn"];

/// Seconds per target when `--seconds` is not given.
const DEFAULT_SECONDS: u64 = 60;

/// Seconds one input may take before libFuzzer reports it as a hang (its
/// default is 20 minutes, longer than any CI run).
const INPUT_TIMEOUT_SECONDS: u64 = 30;

/// The options of `cargo xtask fuzz`.
#[derive(Debug, PartialEq)]
pub struct FuzzOptions {
    /// Seconds of fuzzing per target.
    pub seconds: u64,
    /// The targets to run; all of [`TARGETS`] when none is named.
    pub targets: Vec<&'static str>,
}

/// Parses the words after `fuzz`: `--seconds N`, `--target NAME`
/// (repeatable), in `--name value` or `--name=value` form. Its own parser,
/// because `--target` here names a fuzz target, not a compilation target.
pub fn parse_options(args: &[String]) -> Result<FuzzOptions, String> {
    let mut options = FuzzOptions { seconds: DEFAULT_SECONDS, targets: Vec::new() };
    let mut words = args.iter();
    while let Some(word) = words.next() {
        let (name, inline) = match word.split_once('=') {
            Some((name, value)) => (name, Some(value.to_string())),
            None => (word.as_str(), None),
        };
        let mut value =
            || inline.clone().or_else(|| words.next().cloned()).ok_or(format!("`{name}` needs a value"));
        match name {
            "--seconds" => {
                let text = value()?;
                options.seconds = match text.parse::<u64>() {
                    Ok(seconds) if (1..=86_400).contains(&seconds) => seconds,
                    _ => {
                        return Err(format!("`--seconds {text}`: a whole number of seconds from 1 to 86400"))
                    }
                };
            }
            "--target" => {
                let text = value()?;
                let Some(target) = TARGETS.iter().find(|target| **target == text) else {
                    return Err(format!("unknown fuzz target `{text}` (targets: {})", TARGETS.join(", ")));
                };
                if !options.targets.contains(target) {
                    options.targets.push(target);
                }
            }
            _ => {
                return Err(format!(
                    "unexpected argument `{word}` for fuzz (options: --seconds N, --target NAME)"
                ))
            }
        }
    }
    if options.targets.is_empty() {
        options.targets = TARGETS.to_vec();
    }
    Ok(options)
}

/// What libFuzzer's last statistics line and its crash report say.
#[derive(Debug, Default, PartialEq)]
pub struct Stats {
    /// Inputs run (`#N`).
    pub executions: u64,
    /// Executions per second (`exec/s:`).
    pub executions_per_second: u64,
    /// Coverage: code edges reached (`cov:`).
    pub coverage: u64,
    /// Features: edges with hit counts and the like (`ft:`).
    pub features: u64,
    /// Corpus entries at the end (`corp: N/...`).
    pub corpus: u64,
    /// Where libFuzzer wrote the input that crashed, if one did.
    pub artifact: Option<String>,
}

/// Reads libFuzzer's output: the last line with statistics
/// (`#1165919 DONE cov: 156 ft: 547 corp: 221/5460b lim: 4096 exec/s: 105992 rss: 266Mb`)
/// and the `Test unit written to <path>` line of a crash.
pub fn parse_stats(lines: &[String]) -> Stats {
    let mut stats = Stats::default();
    for line in lines {
        if let Some((_, path)) = line.split_once("Test unit written to ") {
            stats.artifact = Some(path.trim().to_string());
        }
        let Some(rest) = line.strip_prefix('#') else { continue };
        let mut words = rest.split_whitespace();
        let Some(Ok(executions)) = words.next().map(str::parse::<u64>) else { continue };
        if !line.contains(" cov: ") {
            continue;
        }
        stats.executions = executions;
        let words: Vec<&str> = words.collect();
        let after = |key: &str| words.iter().position(|word| *word == key).and_then(|at| words.get(at + 1));
        let number =
            |key: &str| after(key).and_then(|word| word.split('/').next()?.parse().ok()).unwrap_or(0);
        stats.coverage = number("cov:");
        stats.features = number("ft:");
        stats.corpus = number("corp:");
        stats.executions_per_second = number("exec/s:");
    }
    stats
}

/// `cargo xtask fuzz`: true when no target crashed (or fuzzing was skipped).
pub fn fuzz(args: &[String]) -> Result<bool, String> {
    let options = parse_options(args)?;
    if let Some(reason) = missing_nightly() {
        println!("fuzz: skipped: {reason}");
        return Ok(true);
    }
    ensure_cargo_fuzz()?;
    let workspace = matrix::workspace_root();
    let fuzz_dir = workspace.join("fuzz");
    for target in &options.targets {
        let written = fuzz_seeds::write_seeds(&workspace, target, &corpus_dir(&workspace, target))?;
        println!("fuzz: {target}: {written} seeds from the project's suites in fuzz/corpus/{target}");
    }

    let started = Instant::now();
    let build = run_cargo_fuzz(&fuzz_dir, &["build"], |line| println!("{line}"))?;
    if !build.success {
        return Err(format!("`cargo +nightly fuzz build` failed ({})", build.status));
    }
    println!("fuzz: built every target in {}", process::format_duration(started.elapsed()));

    let mut table =
        Table::new(["target", "seconds", "executions", "exec/s", "cov", "ft", "corpus", "crashes"]);
    let mut crashes = Vec::new();
    for target in &options.targets {
        let max_time = format!("-max_total_time={}", options.seconds);
        let timeout = format!("-timeout={INPUT_TIMEOUT_SECONDS}");
        println!("== fuzz {target} for {} s", options.seconds);
        let outcome = run_cargo_fuzz(&fuzz_dir, &["run", target, "--", &max_time, &timeout], |_| {})?;
        let stats = parse_stats(&outcome.lines);
        let crashed = !outcome.success;
        if crashed {
            let log = matrix::xtask_dir(&workspace).join("logs").join(format!("fuzz-{target}.log"));
            let saved = match outcome.save_log(&log) {
                Ok(()) => format!("full log: {}", log.display()),
                Err(error) => format!("could not save the log at {}: {error}", log.display()),
            };
            println!("---- {target} crashed ({}); {saved}", outcome.status);
            for line in crash_excerpt(&outcome.lines) {
                println!("  | {line}");
            }
            let artifact = stats.artifact.clone().unwrap_or_else(|| "no artifact written".to_string());
            crashes.push(format!("{target}: {artifact}"));
        }
        table.row([
            target.to_string(),
            format!("{:.0}", outcome.elapsed.as_secs_f64()),
            stats.executions.to_string(),
            stats.executions_per_second.to_string(),
            stats.coverage.to_string(),
            stats.features.to_string(),
            stats.corpus.to_string(),
            u8::from(crashed).to_string(),
        ]);
    }
    println!();
    print!("{}", table.render());
    println!("fuzz: {} in all", process::format_duration(started.elapsed()));
    for crash in &crashes {
        println!("CRASH {crash}");
    }
    Ok(crashes.is_empty())
}

/// The lines that say why a target crashed: from the first panic or
/// sanitizer report on, without the stack frames' source locations, at
/// most 40 lines (cargo-fuzz's own advice and backtrace follow).
fn crash_excerpt(lines: &[String]) -> Vec<&str> {
    let start = lines
        .iter()
        .position(|line| line.contains("panicked at") || line.contains("ERROR: "))
        .unwrap_or(lines.len().saturating_sub(40));
    lines[start..]
        .iter()
        .map(String::as_str)
        .filter(|line| !line.trim_start().starts_with("at "))
        .take(40)
        .collect()
}

/// Why fuzzing cannot run here, or `None` when a nightly toolchain is
/// installed. Only an installed nightly counts: rustup must not start
/// downloading one in the middle of a CI run.
fn missing_nightly() -> Option<String> {
    let listed = match Command::new("rustup").args(["toolchain", "list"]).output() {
        Ok(output) if output.status.success() => String::from_utf8_lossy(&output.stdout).into_owned(),
        _ => return Some("rustup is not available, so there is no nightly toolchain for cargo-fuzz".into()),
    };
    if lists_nightly(&listed) {
        None
    } else {
        Some("no nightly toolchain (cargo-fuzz needs one: `rustup toolchain install nightly`)".into())
    }
}

/// Whether `rustup toolchain list` output names a nightly toolchain
/// (`nightly-x86_64-unknown-linux-gnu`, or a dated `nightly-2026-05-01-...`).
fn lists_nightly(listed: &str) -> bool {
    listed.lines().any(|line| line.starts_with("nightly"))
}

/// Installs cargo-fuzz when `cargo fuzz` is missing.
fn ensure_cargo_fuzz() -> Result<(), String> {
    let present =
        nightly_cargo().args(["fuzz", "--version"]).output().is_ok_and(|output| output.status.success());
    if present {
        return Ok(());
    }
    println!(
        "fuzz: cargo-fuzz is missing; installing it with `cargo install cargo-fuzz --locked` (a few minutes)"
    );
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(cargo)
        .args(["install", "cargo-fuzz", "--locked"])
        .status()
        .map_err(|error| format!("cannot run cargo install: {error}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`cargo install cargo-fuzz --locked` failed ({status})"))
    }
}

/// `rustup run nightly cargo`: the nightly cargo whatever toolchain runs
/// xtask (a `cargo +nightly` from inside `cargo run` could find the stable
/// cargo binary instead of rustup's proxy).
fn nightly_cargo() -> Command {
    let mut command = Command::new("rustup");
    command.args(["run", "nightly", "cargo"]);
    command
}

/// Runs `cargo +nightly fuzz <args>` in `fuzz_dir`. Its builds take
/// `CARGO_BUILD_JOBS` from the environment, as every other cargo does.
fn run_cargo_fuzz(
    fuzz_dir: &Path,
    args: &[&str],
    on_line: impl FnMut(&str),
) -> Result<process::Outcome, String> {
    let mut command = nightly_cargo();
    command.arg("fuzz").args(args).current_dir(fuzz_dir);
    process::run_merged(command, on_line)
}

/// The directory of a target's corpus, where `cargo fuzz run` looks.
fn corpus_dir(workspace: &Path, target: &str) -> PathBuf {
    workspace.join("fuzz").join("corpus").join(target)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn options_default_to_every_target() {
        let options = parse_options(&[]).unwrap();
        assert_eq!(options, FuzzOptions { seconds: DEFAULT_SECONDS, targets: TARGETS.to_vec() });
        let options =
            parse_options(&words("--seconds 20 --target fen --target=uci_line --target fen")).unwrap();
        assert_eq!(options, FuzzOptions { seconds: 20, targets: vec!["fen", "uci_line"] });
    }

    #[test]
    fn bad_options_are_one_line_errors() {
        for bad in ["--seconds", "--seconds 0", "--seconds x", "--target tcec", "--depth 3", "stray"] {
            let error = parse_options(&words(bad)).unwrap_err();
            assert!(!error.contains('\n'), "{error}");
        }
        assert!(parse_options(&words("--target tcec"))
            .unwrap_err()
            .contains("fen, move_text, epd_line, uci_line, uci_session, san, pgn"));
    }

    #[test]
    fn the_excerpt_starts_at_the_panic() {
        let lines: Vec<String> =
            ["INFO: Seed: 1", "#2 INITED cov: 1", "thread 'x' panicked at a.rs:1:2:", "boom", "   at a.rs:1"]
                .map(String::from)
                .to_vec();
        assert_eq!(crash_excerpt(&lines), ["thread 'x' panicked at a.rs:1:2:", "boom"]);
        assert_eq!(crash_excerpt(&lines[..2]), ["INFO: Seed: 1", "#2 INITED cov: 1"]);
    }

    #[test]
    fn only_an_installed_nightly_counts() {
        let listed = "stable-x86_64-unknown-linux-gnu (active, default)\nnightly-x86_64-unknown-linux-gnu\n";
        assert!(lists_nightly(listed));
        assert!(!lists_nightly(
            "stable-x86_64-unknown-linux-gnu (default)\n1.95.0-x86_64-unknown-linux-gnu\n"
        ));
        assert!(!lists_nightly("no installed toolchains\n"));
    }

    #[test]
    fn the_last_statistics_line_counts() {
        let output: Vec<String> = [
            "INFO: Seed: 2283269563",
            "#2\tINITED cov: 10 ft: 11 corp: 1/1b exec/s: 0 rss: 30Mb",
            "#65536\tpulse  cov: 150 ft: 500 corp: 200/5000b lim: 4096 exec/s: 32768 rss: 200Mb",
            "#1165919\tDONE   cov: 156 ft: 547 corp: 221/5460b lim: 4096 exec/s: 105992 rss: 266Mb",
            "Done 1165919 runs in 11 second(s)",
        ]
        .map(String::from)
        .to_vec();
        let expected = Stats {
            executions: 1_165_919,
            executions_per_second: 105_992,
            coverage: 156,
            features: 547,
            corpus: 221,
            artifact: None,
        };
        assert_eq!(parse_stats(&output), expected);
    }

    #[test]
    fn a_crash_names_its_artifact() {
        let output: Vec<String> = [
            "#300\tNEW    cov: 90 ft: 100 corp: 20/300b lim: 4 exec/s: 0 rss: 40Mb L: 3/3 MS: 1 ChangeBit-",
            "==1234== ERROR: libFuzzer: deadly signal",
            "artifact_prefix='/w/fuzz/artifacts/fen/'; Test unit written to /w/fuzz/artifacts/fen/crash-0a1b",
            "Base64: AAE=",
        ]
        .map(String::from)
        .to_vec();
        let stats = parse_stats(&output);
        assert_eq!((stats.executions, stats.coverage, stats.corpus), (300, 90, 20));
        assert_eq!(stats.artifact.as_deref(), Some("/w/fuzz/artifacts/fen/crash-0a1b"));
        assert_eq!(parse_stats(&[]), Stats::default());
    }
}
