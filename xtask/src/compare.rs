//! `cargo xtask compare`: perft of the same positions by `bb` built for
//! every target and backend, checked against the known node counts and
//! timed.
//!
//! Each combination is a `bb` binary of its own (cross-compiled for i686,
//! say), so xtask talks to it through its command line, in its
//! machine-readable form: `bb perft <depth> --fen "<FEN>" --json` exits 0
//! and prints one JSON object, `{"fen":...,"depth":...,"nodes":...,"seconds":...}`.

use serde::Deserialize;
use std::collections::HashMap;
use std::fs::File;
use std::io::BufReader;
use std::path::Path;
use std::process::{Command, Stdio};

use crate::args::Options;
use crate::install;
use crate::matrix::{self, Backend, Combination};
use crate::positions::{self, PerftCase};
use crate::process;
use crate::table::Table;
use crate::targets;

/// What one `bb perft` run reported.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PerftReport {
    /// Leaf nodes counted.
    pub nodes: u128,
    /// Seconds bb measured for the count itself (no start-up).
    pub seconds: f64,
}

/// The object `bb perft --json` prints for one position (the fields xtask
/// reads; bb-cli's `perft_json.rs` writes them).
#[derive(Debug, Deserialize)]
struct BbPerftJson {
    fen: String,
    depth: u32,
    nodes: u128,
    seconds: f64,
}

/// One combination's line of the table.
struct ComboRow {
    name: String,
    /// How its `bb` ran here (natively, under qemu-user, under wasmtime).
    runs_on: &'static str,
    /// Under an emulator: its times are not speed.
    emulated: bool,
    /// One report per position, in order; shorter when a run failed.
    reports: Vec<PerftReport>,
    /// `ok`, `MISMATCH` or why it failed.
    status: String,
}

/// `cargo xtask compare`: returns whether every count was right.
pub fn compare(options: &Options) -> Result<bool, String> {
    let cases = match &options.positions {
        Some(path) => {
            let file =
                File::open(path).map_err(|error| format!("cannot read {}: {error}", path.display()))?;
            positions::epd_cases(BufReader::new(file), options.depth)
                .map_err(|error| format!("{}: {error}", path.display()))?
        }
        None => positions::reference_cases(options.depth),
    };
    let workspace = matrix::workspace_root();
    let combinations = matrix::select(&options.targets, &options.backends, &targets::COMPARE_DEFAULT);
    install::ensure_ready(&combinations)?;

    // Under an emulator the reference positions run at shallower depths
    // (unless a depth or a suite was asked for): every count still checked.
    let emulated_cases = match (&options.positions, options.depth) {
        (None, None) => positions::reference_cases_below(None, positions::EMULATED_NODE_LIMIT),
        _ => cases.clone(),
    };
    // Positions without a known count are checked against the first
    // combination that counts them at that depth.
    let mut references: HashMap<(String, u32), u128> = HashMap::new();
    let mut rows = Vec::new();
    for combination in &combinations {
        let cases = if combination.is_emulated() { &emulated_cases } else { &cases };
        rows.push(run_combination(&workspace, combination, cases, &mut references, options.verbose)?);
    }
    println!();
    print!("{}", render_table(&rows));
    if rows.iter().any(|row| row.emulated) {
        println!(
            "(emulated: run under qemu-user at lower depths; their times are the emulator's, not speed)"
        );
    }
    Ok(rows.iter().all(|row| row.status == "ok"))
}

fn run_combination(
    workspace: &Path,
    combination: &Combination,
    cases: &[PerftCase],
    references: &mut HashMap<(String, u32), u128>,
    verbose: bool,
) -> Result<ComboRow, String> {
    let mut row = ComboRow {
        name: combination.to_string(),
        runs_on: combination.spec().map_or("native", |target| target.run_description()),
        emulated: combination.is_emulated(),
        reports: Vec::new(),
        status: "ok".to_string(),
    };
    let mut build = combination.cargo(workspace, "build");
    build.args(["--release", "--package", "bb-cli", "--bin", "bb"]);
    println!("== {combination}: {}", process::describe(&build));
    let outcome = process::run_merged(build, |line| {
        if verbose {
            println!("{line}");
        }
    })?;
    if !outcome.success {
        println!("build failed ({}):\n{}", outcome.status, outcome.tail(40));
        row.status = "build failed".to_string();
        return Ok(row);
    }
    for case in cases {
        let report = match run_perft(combination.run_binary(workspace, "release", "bb"), case) {
            Ok(report) => report,
            Err(error) => {
                println!("  {:<12} d{}  ERROR {error}", case.name, case.depth);
                row.status = "run failed".to_string();
                return Ok(row);
            }
        };
        let key = (case.fen.clone(), case.depth);
        let verdict = match case.expected.or_else(|| references.get(&key).copied()) {
            Some(expected) if expected == report.nodes => "ok".to_string(),
            Some(expected) => {
                row.status = "MISMATCH".to_string();
                format!("MISMATCH expected {expected}")
            }
            None => {
                references.insert(key, report.nodes);
                "no known count: reference for the others".to_string()
            }
        };
        let speed = mnps(report.nodes, report.seconds).map_or("-".to_string(), |speed| format!("{speed:.1}"));
        println!(
            "  {:<12} d{}  {:>14} nodes  {:>8.3} s  {speed:>8} Mnps  {verdict}",
            case.name, case.depth, report.nodes, report.seconds
        );
        row.reports.push(report);
    }
    Ok(row)
}

/// Runs `bb perft <depth> --fen <fen> --json` and reads its object.
fn run_perft(mut bb: Command, case: &PerftCase) -> Result<PerftReport, String> {
    let output = bb
        .args(["perft", &case.depth.to_string(), "--fen", &case.fen, "--json"])
        .stdin(Stdio::null())
        .output()
        .map_err(|error| format!("cannot run {}: {error}", process::describe(&bb)))?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let reason = stderr.lines().rfind(|line| !line.trim().is_empty()).unwrap_or("no message");
        return Err(format!("bb exited with {}: {}", output.status, reason.trim()));
    }
    parse_bb_json(&String::from_utf8_lossy(&output.stdout), case)
}

/// Reads the one JSON object of `bb perft --json` and checks that it is
/// about `case`.
fn parse_bb_json(stdout: &str, case: &PerftCase) -> Result<PerftReport, String> {
    let report: BbPerftJson = serde_json::from_str(stdout.trim()).map_err(|error| {
        format!("bb's output is not the JSON object expected ({error}): {:?}", stdout.trim())
    })?;
    if report.fen != case.fen || report.depth != case.depth {
        return Err(format!(
            "bb counted `{}` at depth {} instead of `{}` at depth {}",
            report.fen, report.depth, case.fen, case.depth
        ));
    }
    if !(report.seconds.is_finite() && report.seconds >= 0.0) {
        return Err(format!("bb reported a time of {} s", report.seconds));
    }
    Ok(PerftReport { nodes: report.nodes, seconds: report.seconds })
}

/// Millions of nodes per second, when the time is measurable.
fn mnps(nodes: u128, seconds: f64) -> Option<f64> {
    (seconds > 0.0).then(|| nodes as f64 / seconds / 1e6)
}

/// The geometric mean of the per-position speeds: every position weighs
/// the same, however many nodes it has (the measure of issue 4).
fn geometric_mean_mnps(reports: &[PerftReport]) -> Option<f64> {
    let speeds: Vec<f64> = reports.iter().filter_map(|report| mnps(report.nodes, report.seconds)).collect();
    if speeds.is_empty() {
        return None;
    }
    Some((speeds.iter().map(|speed| speed.ln()).sum::<f64>() / speeds.len() as f64).exp())
}

/// The comparison table. Speeds are relative to x86_64/native, or to the
/// first complete row when that one is missing.
fn render_table(rows: &[ComboRow]) -> String {
    let baseline_name = Combination::new(matrix::X86_64, Backend::Native).to_string();
    let complete = |row: &&ComboRow| row.status == "ok" || row.status == "MISMATCH";
    let timed = |row: &&ComboRow| complete(row) && !row.emulated;
    let baseline = rows
        .iter()
        .filter(timed)
        .find(|row| row.name == baseline_name)
        .or_else(|| rows.iter().find(timed))
        .and_then(|row| geometric_mean_mnps(&row.reports));
    let mut table = Table::new([
        "combination",
        "runs on",
        "nodes",
        "seconds",
        "Mnps",
        "geomean Mnps",
        "relative",
        "counts",
    ]);
    for row in rows {
        if !complete(&row) {
            table.row([row.name.as_str(), row.runs_on, "-", "-", "-", "-", "-", row.status.as_str()]);
            continue;
        }
        let nodes: u128 = row.reports.iter().map(|report| report.nodes).sum();
        let seconds: f64 = row.reports.iter().map(|report| report.seconds).sum();
        let geomean = geometric_mean_mnps(&row.reports);
        let relative = match (geomean, baseline) {
            _ if row.emulated => "emulated".to_string(),
            (Some(speed), Some(base)) => format!("{:.2}x", speed / base),
            _ => "-".to_string(),
        };
        table.row([
            row.name.clone(),
            row.runs_on.to_string(),
            nodes.to_string(),
            format!("{seconds:.2}"),
            mnps(nodes, seconds).map_or("-".to_string(), |speed| format!("{speed:.1}")),
            geomean.map_or("-".to_string(), |speed| format!("{speed:.1}")),
            relative,
            row.status.clone(),
        ]);
    }
    table.render()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(depth: u32) -> PerftCase {
        PerftCase { name: "startpos".into(), fen: START.into(), depth, expected: None }
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn the_json_object_of_bb_is_read() {
        let output = format!("{{\"fen\":\"{START}\",\"depth\":6,\"nodes\":119060324,\"seconds\":1.25}}\n");
        assert_eq!(parse_bb_json(&output, &case(6)), Ok(PerftReport { nodes: 119_060_324, seconds: 1.25 }));
        let huge =
            format!("{{\"fen\":\"{START}\",\"depth\":14,\"nodes\":61885021521585529237,\"seconds\":0}}");
        assert_eq!(
            parse_bb_json(&huge, &case(14)).map(|report| report.nodes),
            Ok(61_885_021_521_585_529_237)
        );
    }

    #[test]
    fn unexpected_bb_output_is_an_error() {
        let object = |fen: &str, depth: &str, seconds: &str| {
            format!("{{\"fen\":\"{fen}\",\"depth\":{depth},\"nodes\":5,\"seconds\":{seconds}}}")
        };
        for bad in [
            String::new(),
            "nodes 8902 time 0.1 nps 5".to_string(),
            "{\"nodes\":5}".to_string(),
            object(START, "5", "-1"),
            object(START, "4", "1"),
            object("8/8/8/8/8/8/8/K6k w - - 0 1", "5", "1"),
            format!("{}\n{}", object(START, "5", "1"), object(START, "5", "1")),
        ] {
            let error = parse_bb_json(&bad, &case(5)).unwrap_err();
            assert!(!error.contains('\n'), "{error}");
        }
    }

    #[test]
    fn speeds() {
        assert_eq!(mnps(3_000_000, 2.0), Some(1.5));
        assert_eq!(mnps(5, 0.0), None);
        let reports =
            [PerftReport { nodes: 1_000_000, seconds: 1.0 }, PerftReport { nodes: 4_000_000, seconds: 1.0 }];
        let mean = geometric_mean_mnps(&reports).unwrap();
        assert!((mean - 2.0).abs() < 1e-12);
        assert_eq!(geometric_mean_mnps(&[]), None);
    }

    fn row(name: &str, mnps_values: &[u128], status: &str) -> ComboRow {
        let reports =
            mnps_values.iter().map(|&m| PerftReport { nodes: m * 1_000_000, seconds: 1.0 }).collect();
        ComboRow {
            name: name.to_string(),
            runs_on: "native",
            emulated: false,
            reports,
            status: status.to_string(),
        }
    }

    #[test]
    fn table_is_relative_to_x86_64_native() {
        let rows = [
            row("i686-unknown-linux-musl/hilo", &[50, 50], "ok"),
            row("x86_64-unknown-linux-gnu/native", &[100, 100], "ok"),
            row("i686-unknown-linux-musl/native", &[25, 25], "MISMATCH"),
            row("x86_64-unknown-linux-gnu/hilo", &[], "build failed"),
        ];
        let text = render_table(&rows);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 6);
        assert!(lines[0].starts_with("combination"));
        assert!(lines[2].starts_with("i686-unknown-linux-musl/hilo"));
        assert!(lines[2].contains("100000000"));
        assert!(lines[2].contains("0.50x"));
        assert!(lines[3].contains("1.00x"));
        assert!(lines[4].contains("0.25x") && lines[4].ends_with("MISMATCH"));
        assert!(lines[5].ends_with("build failed"));
    }

    #[test]
    fn without_x86_64_native_the_first_complete_row_is_the_baseline() {
        let rows = [row("a", &[], "run failed"), row("b", &[40], "ok"), row("c", &[10], "ok")];
        let text = render_table(&rows);
        assert!(text.lines().nth(3).unwrap().contains("1.00x"));
        assert!(text.lines().nth(4).unwrap().contains("0.25x"));
    }
}
