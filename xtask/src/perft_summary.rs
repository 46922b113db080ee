//! The perft summary under `cargo xtask bench`'s tables: per combination,
//! the geometric mean of Mnps over the six perft positions for bb and for
//! each peer, for plain perft and for perft with hashed leaves (hperft),
//! then the speed goals of issue #13 as ratios of those means, each said
//! to be met or not, or which of its inputs is missing. The same summary
//! is written as a Markdown ledger and an SVG chart (`ledger.rs`).
//!
//! Benchmark ids are `perft/<position>/<engine>` and
//! `hperft/<position>/<engine>`; criterion's throughput of one iteration
//! is the node count, so Mnps = nodes ÷ median nanoseconds × 1000.

use std::collections::BTreeMap;

use bb_movegen::perft::reference;

use crate::criterion_files::{Measurement, Results};
use crate::matrix::{Backend, Combination};
use crate::table::Table;

mod ledger;
pub use ledger::{markdown, svg, Stamp};

/// The names of the perft positions, as in the bench ids: those of
/// bb-movegen's reference table, which the perft benches run.
fn positions() -> impl ExactSizeIterator<Item = &'static str> {
    reference::POSITIONS.iter().map(|position| position.name)
}

/// The engine under test.
const BB: &str = "bb";
/// The Rust peers bb is measured against.
const PEERS: [&str; 3] = ["cozy-chess", "chess", "shakmaty"];

/// Every engine, bb first.
const ENGINES: [&str; 4] = [BB, PEERS[0], PEERS[1], PEERS[2]];

/// The two benchmarks summed up: bulk-counted perft, and perft that makes
/// every leaf move and hashes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Bench {
    Perft,
    Hperft,
}

impl Bench {
    const ALL: [Bench; 2] = [Bench::Perft, Bench::Hperft];

    /// The first part of the benchmark ids.
    fn prefix(self) -> &'static str {
        match self {
            Bench::Perft => "perft",
            Bench::Hperft => "hperft",
        }
    }
}

/// An engine's perft speed in one combination.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Speed {
    /// Geometric mean of Mnps over all six positions.
    Mean(f64),
    /// Only this many of the six positions have a usable result.
    Partial(usize),
}

/// One combination's results reduced to a speed per benchmark and engine.
struct Column {
    combination: Combination,
    speeds: BTreeMap<(Bench, &'static str), Speed>,
}

/// Millions of nodes per second of one perft benchmark; `None` without a
/// node count or a usable time.
fn mnps(measurement: &Measurement) -> Option<f64> {
    let nodes = measurement.elements?;
    let speed = nodes / measurement.median_ns * 1000.0;
    (speed.is_finite() && speed > 0.0).then_some(speed)
}

/// The geometric mean of positive finite `values`; `None` when there are
/// none or one is not positive and finite.
fn geometric_mean(values: &[f64]) -> Option<f64> {
    if values.is_empty() || values.iter().any(|value| !(value.is_finite() && *value > 0.0)) {
        return None;
    }
    let log_sum: f64 = values.iter().map(|value| value.ln()).sum();
    Some((log_sum / values.len() as f64).exp())
}

/// `engine`'s speed in `bench` over the six positions in `results`.
fn speed(results: &Results, bench: Bench, engine: &str) -> Speed {
    let prefix = bench.prefix();
    let found: Vec<f64> = positions()
        .filter_map(|position| results.get(&format!("{prefix}/{position}/{engine}")).and_then(mnps))
        .collect();
    match geometric_mean(&found) {
        Some(mean) if found.len() == positions().len() => Speed::Mean(mean),
        _ => Speed::Partial(found.len()),
    }
}

fn column(combination: &Combination, results: &Results) -> Column {
    let speeds = Bench::ALL
        .into_iter()
        .flat_map(|bench| ENGINES.map(|engine| ((bench, engine), speed(results, bench, engine))))
        .collect();
    Column { combination: combination.clone(), speeds }
}

/// `engine`'s mean in `bench` in `column`, or why there is none.
fn mean_in(column: Option<&Column>, wanted: &str, bench: Bench, engine: &str) -> Result<f64, String> {
    let Some(column) = column else { return Err(format!("no {wanted} results")) };
    match column.speeds.get(&(bench, engine)) {
        Some(Speed::Mean(mean)) => Ok(*mean),
        Some(Speed::Partial(found)) => Err(format!(
            "{engine} has {found} of {} {} positions in {}",
            positions().len(),
            bench.prefix(),
            column.combination.label()
        )),
        None => Err(format!("{engine} is not measured in {}", column.combination.label())),
    }
}

/// The fastest peer of `column` and its mean, or why it is not known: a
/// peer without all six positions might be the fastest.
fn best_peer(column: &Column, bench: Bench) -> Result<(&'static str, f64), String> {
    let mut best: Option<(&'static str, f64)> = None;
    for peer in PEERS {
        let mean = mean_in(Some(column), "", bench, peer)?;
        if best.is_none_or(|(_, fastest)| mean > fastest) {
            best = Some((peer, mean));
        }
    }
    best.ok_or_else(|| "no peers".to_string())
}

/// The first column built for `short_target` (`x86_64`, `i686`) with
/// `backend`, portable or BMI2.
fn find<'a>(columns: &'a [Column], short_target: &str, backend: Backend, bmi2: bool) -> Option<&'a Column> {
    columns.iter().find(|column| {
        let combination = &column.combination;
        combination.target.split('-').next() == Some(short_target)
            && combination.backend == backend
            && combination.bmi2 == bmi2
    })
}

/// One goal of the issue: what is compared, the least ratio it must reach,
/// and the measured ratio or the reasons it cannot be measured.
struct Goal {
    name: &'static str,
    compared: String,
    least: f64,
    ratio: Result<f64, Vec<String>>,
}

impl Goal {
    fn line(&self) -> String {
        let Goal { name, compared, least, ratio } = self;
        match ratio {
            Ok(ratio) => {
                let verdict = if *ratio >= *least { "met" } else { "NOT met" };
                format!("{name}: {compared} = {ratio:.2}, goal ≥ {least}: {verdict}")
            }
            Err(missing) => {
                format!("{name}: {compared}, goal ≥ {least}: not measured ({})", missing.join("; "))
            }
        }
    }
}

/// `top ÷ bottom`, or every reason (once) why one of them is missing.
fn ratio(top: Result<f64, String>, bottom: Result<f64, String>) -> Result<f64, Vec<String>> {
    match (top, bottom) {
        (Ok(top), Ok(bottom)) => Ok(top / bottom),
        (top, bottom) => {
            let mut missing: Vec<String> = Vec::new();
            for reason in [top.err(), bottom.err()].into_iter().flatten() {
                if !missing.contains(&reason) {
                    missing.push(reason);
                }
            }
            Err(missing)
        }
    }
}

/// The goals of issue #13 that `cargo xtask bench` can measure.
fn goals(columns: &[Column]) -> Vec<Goal> {
    let x86_64 = find(columns, "x86_64", Backend::Native, false);
    let bmi2 = find(columns, "x86_64", Backend::Native, true);
    let i686_native = find(columns, "i686", Backend::Native, false);
    let i686_hilo = find(columns, "i686", Backend::HiLo, false);
    let cozy_portable = mean_in(x86_64, "x86_64/native", Bench::Perft, "cozy-chess");
    let bb_hilo = mean_in(i686_hilo, "i686/hilo", Bench::Perft, BB);

    // The peers do not use bb-core, so both i686 builds hold the same peer
    // code: the faster measurement of the two is the stricter bar.
    let i686_builds: Vec<&Column> = [i686_hilo, i686_native].into_iter().flatten().collect();
    let fastest_i686_peer = if i686_builds.is_empty() {
        Err("no i686/hilo or i686/native results".to_string())
    } else {
        i686_builds
            .iter()
            .map(|column| {
                best_peer(column, Bench::Perft).map(|(peer, mean)| (peer, mean, column.combination.label()))
            })
            .reduce(|a, b| match (a, b) {
                (Ok(a), Ok(b)) => Ok(if b.1 > a.1 { b } else { a }),
                (Err(error), _) | (_, Err(error)) => Err(error),
            })
            .expect("at least one i686 build")
    };
    let fastest_peer_named = match &fastest_i686_peer {
        Ok((peer, _, label)) => format!("fastest peer of the i686 builds ({peer} in {label})"),
        Err(_) => "fastest peer of the i686 builds".to_string(),
    };
    let best_hperft_peer = match x86_64 {
        Some(column) => best_peer(column, Bench::Hperft),
        None => Err("no x86_64/native results".to_string()),
    };
    let best_hperft_named = match &best_hperft_peer {
        Ok((peer, _)) => format!("best peer ({peer})"),
        Err(_) => "best peer".to_string(),
    };

    vec![
        Goal {
            name: "1. x86_64 portable",
            compared: "bb ÷ cozy-chess (x86_64/native)".to_string(),
            least: 2.5,
            ratio: ratio(mean_in(x86_64, "x86_64/native", Bench::Perft, BB), cozy_portable.clone()),
        },
        Goal {
            name: "1. i686 hi/lo vs peers",
            compared: format!("bb (i686/hilo) ÷ {fastest_peer_named}"),
            least: 2.2,
            ratio: ratio(bb_hilo.clone(), fastest_i686_peer.map(|(_, mean, _)| mean)),
        },
        Goal {
            name: "1. i686 hi/lo vs native",
            compared: "bb (i686/hilo) ÷ bb (i686/native)".to_string(),
            least: 1.25,
            ratio: ratio(bb_hilo, mean_in(i686_native, "i686/native", Bench::Perft, BB)),
        },
        Goal {
            name: "2. BMI2",
            compared: "bb (x86_64/native+bmi2) ÷ cozy-chess (x86_64/native, portable)".to_string(),
            least: 3.0,
            ratio: ratio(mean_in(bmi2, "x86_64/native+bmi2", Bench::Perft, BB), cozy_portable),
        },
        Goal {
            name: "3. hperft",
            compared: format!("bb ÷ {best_hperft_named}, hashed leaves (x86_64/native)"),
            least: 1.5,
            ratio: ratio(
                mean_in(x86_64, "x86_64/native", Bench::Hperft, BB),
                best_hperft_peer.map(|(_, mean)| mean),
            ),
        },
    ]
}

/// The summary: for each benchmark run, a table of mean Mnps per engine
/// and combination with bb ÷ the best peer; then one line per goal. One
/// line only when there are no perft results at all (e.g. the benches
/// were run with another filter).
pub fn render(results: &[(Combination, Results)]) -> String {
    let columns = columns(results);
    if !has_perft_results(results) {
        return "perft summary: no perft results (the `perft` benches were not run)\n".to_string();
    }
    let mut text = String::new();
    for bench in Bench::ALL {
        if bench == Bench::Perft || any_results(results, bench) {
            text.push_str(&speed_table(&columns, bench).render());
            text.push('\n');
        }
    }
    text.push_str("Goals of issue #13 (ratios of geometric means of Mnps, all from these tables):\n");
    for goal in goals(&columns) {
        text.push_str(&format!("  {}\n", goal.line()));
    }
    text
}

/// Every combination's results reduced to speeds.
fn columns(results: &[(Combination, Results)]) -> Vec<Column> {
    results.iter().map(|(combination, results)| column(combination, results)).collect()
}

/// Whether any combination has results of `bench`.
fn any_results(results: &[(Combination, Results)], bench: Bench) -> bool {
    let prefix = format!("{}/", bench.prefix());
    results.iter().any(|(_, results)| results.keys().any(|id| id.starts_with(&prefix)))
}

/// Whether any combination has perft results.
pub fn has_perft_results(results: &[(Combination, Results)]) -> bool {
    any_results(results, Bench::Perft)
}

/// Mean Mnps of `bench` per engine (rows) and combination (columns), then
/// the best peer and bb ÷ best peer.
fn speed_table(columns: &[Column], bench: Bench) -> Table {
    let mut header = vec![format!("{}: geomean Mnps of 6 positions", bench.prefix())];
    header.extend(columns.iter().map(|column| column.combination.label()));
    let mut table = Table::new(header);
    for engine in ENGINES {
        let mut cells = vec![engine.to_string()];
        cells.extend(columns.iter().map(|column| match column.speeds[&(bench, engine)] {
            Speed::Mean(mean) => format!("{mean:.1}"),
            Speed::Partial(0) => "-".to_string(),
            Speed::Partial(found) => format!("{found}/{} positions", positions().len()),
        }));
        table.row(cells);
    }
    let best: Vec<Option<(&str, f64)>> = columns.iter().map(|column| best_peer(column, bench).ok()).collect();
    let mut names = vec!["best peer".to_string()];
    names.extend(best.iter().map(|best| best.map_or("-".to_string(), |(peer, _)| peer.to_string())));
    table.row(names);
    let mut ratios = vec!["bb ÷ best peer".to_string()];
    ratios.extend(columns.iter().zip(&best).map(|(column, best)| {
        match (mean_in(Some(column), "", bench, BB), best) {
            (Ok(bb), Some((_, peer))) => format!("{:.2}", bb / peer),
            _ => "-".to_string(),
        }
    }));
    table.row(ratios);
    table
}

#[cfg(test)]
mod tests;
