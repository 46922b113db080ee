//! `cargo xtask bench`: runs the criterion benches of `bb-benches` for each
//! target/backend combination and prints their medians side by side.
//!
//! The results are read generically from criterion's files, whatever the
//! benches are: every `<criterion home>/**/new/benchmark.json` names a
//! benchmark (`full_id`) and its sibling `estimates.json` holds the median.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use crate::args::Options;
use crate::json;
use crate::matrix::{self, Backend, Combination};
use crate::process;
use crate::table::Table;

/// Median times in nanoseconds by benchmark id.
type Medians = BTreeMap<String, f64>;

/// `cargo xtask bench`: returns whether every bench run succeeded.
pub fn bench(options: &Options) -> Result<bool, String> {
    let workspace = matrix::workspace_root();
    let combinations = if options.targets.is_empty() && options.backends.is_empty() {
        // The native backend is the natural one on x86_64; on i686 both are
        // of interest, since hi/lo exists to beat rustc's lowered u64 there.
        vec![
            Combination::new(matrix::X86_64, Backend::Native),
            Combination::new(matrix::I686, Backend::Native),
            Combination::new(matrix::I686, Backend::HiLo),
        ]
    } else {
        matrix::select(&options.targets, &options.backends)
    };

    let mut all_ran = true;
    if !options.table_only {
        matrix::ensure_targets_installed(&combinations)?;
        for combination in &combinations {
            let mut command = combination.cargo(&workspace, "bench");
            command
                // Bench targets only: the library's own libtest harness
                // would reject criterion's options after `--`.
                .args(["--package", "bb-benches", "--bench", "*"])
                .env("CRITERION_HOME", criterion_home(&workspace, combination));
            if !options.passthrough.is_empty() {
                command.arg("--").args(&options.passthrough);
            }
            println!("== {combination}: {}", process::describe(&command));
            // Benches run for minutes: show criterion's progress as it comes.
            let outcome = process::run_merged(command, |line| println!("{line}"))?;
            if !outcome.success {
                println!("FAIL {combination}: cargo bench {}", outcome.status);
                all_ran = false;
            }
        }
    }

    let mut columns = Vec::new();
    for combination in &combinations {
        let home = criterion_home(&workspace, combination);
        let medians = read_medians(&home);
        if medians.is_empty() {
            println!("note: no criterion results for {combination} in {}", home.display());
        }
        columns.push((combination.clone(), medians));
    }
    println!();
    print!("{}", render_table(&columns));
    if let Some(pairs) = render_backend_pairs(&columns) {
        println!();
        println!(
            "hi/lo ÷ native within one build (benchmark ids that differ only by a `hilo`/`native` part):"
        );
        print!("{pairs}");
    }
    Ok(all_ran)
}

/// Where criterion keeps the results of `combination`.
fn criterion_home(workspace: &Path, combination: &Combination) -> PathBuf {
    combination.target_dir(workspace).join("criterion")
}

/// Every benchmark's median under `home`; unreadable entries are skipped,
/// so a half-written or foreign directory never stops the table.
fn read_medians(home: &Path) -> Medians {
    let mut medians = Medians::new();
    let mut pending = vec![(home.to_path_buf(), 0)];
    while let Some((dir, depth)) = pending.pop() {
        let Ok(entries) = fs::read_dir(&dir) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name();
            // `report` holds HTML; `base` and `change` are older or derived.
            if !path.is_dir() || name == "report" || name == "base" || name == "change" || depth > 10 {
                continue;
            }
            if name == "new" {
                if let Some((id, median)) = read_benchmark(&path) {
                    medians.insert(id, median);
                }
            } else {
                pending.push((path, depth + 1));
            }
        }
    }
    medians
}

/// The id and median (ns) of the benchmark whose `new` directory is `dir`.
fn read_benchmark(dir: &Path) -> Option<(String, f64)> {
    let benchmark = json::parse(&fs::read_to_string(dir.join("benchmark.json")).ok()?).ok()?;
    let estimates = json::parse(&fs::read_to_string(dir.join("estimates.json")).ok()?).ok()?;
    let id = benchmark.get("full_id")?.as_str()?.to_string();
    let median = estimates.get("median")?.get("point_estimate")?.as_f64()?;
    Some((id, median))
}

/// A time in nanoseconds with three significant digits and a fitting unit.
fn format_time(nanoseconds: f64) -> String {
    let (value, unit) = match nanoseconds {
        n if n < 1e3 => (n, "ns"),
        n if n < 1e6 => (n / 1e3, "µs"),
        n if n < 1e9 => (n / 1e6, "ms"),
        n => (n / 1e9, "s"),
    };
    let decimals = if value < 10.0 {
        2
    } else if value < 100.0 {
        1
    } else {
        0
    };
    format!("{value:.decimals$} {unit}")
}

fn format_ratio(numerator: Option<f64>, denominator: Option<f64>) -> String {
    match (numerator, denominator) {
        (Some(top), Some(bottom)) if bottom > 0.0 => format!("{:.2}", top / bottom),
        _ => "-".to_string(),
    }
}

/// The first part of a target triple: `i686`, `x86_64`.
fn short_target(target: &str) -> &str {
    target.split('-').next().unwrap_or(target)
}

/// One row per benchmark id, one column of medians per combination, then
/// for each target built with both backends the ratio hi/lo ÷ native of
/// the times (above 1: hi/lo is slower).
fn render_table(columns: &[(Combination, Medians)]) -> String {
    let mut ids: Vec<&String> = columns.iter().flat_map(|(_, medians)| medians.keys()).collect();
    ids.sort();
    ids.dedup();
    // (target, index of the native column, index of the hi/lo column)
    let mut pairs = Vec::new();
    for (native_index, (combination, _)) in columns.iter().enumerate() {
        if combination.backend != Backend::Native {
            continue;
        }
        let hilo = columns
            .iter()
            .position(|(other, _)| other.backend == Backend::HiLo && other.target == combination.target);
        if let Some(hilo_index) = hilo {
            pairs.push((short_target(&combination.target), native_index, hilo_index));
        }
    }
    let mut header = vec!["benchmark (median)".to_string()];
    header.extend(columns.iter().map(|(combination, _)| {
        format!("{}/{}", short_target(&combination.target), combination.backend.env_value())
    }));
    header.extend(pairs.iter().map(|(target, _, _)| format!("{target} hilo/native")));
    let mut table = Table::new(header);
    for id in ids {
        let times: Vec<Option<f64>> = columns.iter().map(|(_, medians)| medians.get(id).copied()).collect();
        let mut cells = vec![id.clone()];
        cells.extend(times.iter().map(|time| time.map_or("-".to_string(), format_time)));
        cells.extend(pairs.iter().map(|&(_, native, hilo)| format_ratio(times[hilo], times[native])));
        table.row(cells);
    }
    table.render()
}

/// Benchmarks that measure both backends inside one build (bb-core
/// compiles both) have ids differing only in one `/`-separated part,
/// `hilo` against `native`. Their time ratios, per combination; `None`
/// when there are no such pairs.
fn render_backend_pairs(columns: &[(Combination, Medians)]) -> Option<String> {
    let mut pairs: BTreeMap<String, (String, String)> = BTreeMap::new();
    for (_, medians) in columns {
        for id in medians.keys() {
            let parts: Vec<&str> = id.split('/').collect();
            for (index, part) in parts.iter().enumerate() {
                if !part.eq_ignore_ascii_case("hilo") {
                    continue;
                }
                let mut native_parts = parts.clone();
                native_parts[index] = "native";
                let native_id = native_parts.join("/");
                if columns.iter().any(|(_, medians)| medians.contains_key(&native_id)) {
                    native_parts[index] = "hilo÷native";
                    pairs.insert(native_parts.join("/"), (id.clone(), native_id));
                }
            }
        }
    }
    if pairs.is_empty() {
        return None;
    }
    let mut header = vec!["benchmark (time ratio)".to_string()];
    header.extend(columns.iter().map(|(combination, _)| {
        format!("{}/{}", short_target(&combination.target), combination.backend.env_value())
    }));
    let mut table = Table::new(header);
    for (name, (hilo_id, native_id)) in &pairs {
        let mut cells = vec![name.clone()];
        cells.extend(columns.iter().map(|(_, medians)| {
            format_ratio(medians.get(hilo_id).copied(), medians.get(native_id).copied())
        }));
        table.row(cells);
    }
    Some(table.render())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn medians(entries: &[(&str, f64)]) -> Medians {
        entries.iter().map(|(id, time)| (id.to_string(), *time)).collect()
    }

    #[test]
    fn times_read_well() {
        assert_eq!(format_time(1.234), "1.23 ns");
        assert_eq!(format_time(12_345.0), "12.3 µs");
        assert_eq!(format_time(123_456_789.0), "123 ms");
        assert_eq!(format_time(2.5e9), "2.50 s");
        assert_eq!(format_ratio(Some(3.0), Some(2.0)), "1.50");
        assert_eq!(format_ratio(None, Some(2.0)), "-");
        assert_eq!(format_ratio(Some(3.0), Some(0.0)), "-");
    }

    #[test]
    fn table_has_a_ratio_per_target_with_both_backends() {
        let columns = vec![
            (Combination::new(matrix::X86_64, Backend::Native), medians(&[("perft/startpos", 100.0)])),
            (
                Combination::new(matrix::I686, Backend::Native),
                medians(&[("perft/startpos", 400.0), ("only", 1.0)]),
            ),
            (Combination::new(matrix::I686, Backend::HiLo), medians(&[("perft/startpos", 200.0)])),
        ];
        let text = render_table(&columns);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].contains("x86_64/native") && lines[0].ends_with("i686 hilo/native"));
        assert!(!lines[0].contains("x86_64 hilo/native"));
        assert!(lines[2].starts_with("only") && lines[2].ends_with('-'));
        assert!(lines[3].starts_with("perft/startpos") && lines[3].ends_with("0.50"));
        assert!(lines[3].contains("100 ns") && lines[3].contains("400 ns"));
    }

    #[test]
    fn backend_pairs_inside_one_build_are_found() {
        let columns = vec![(
            Combination::new(matrix::I686, Backend::HiLo),
            medians(&[("u64/count_ones/hilo", 3.0), ("u64/count_ones/native", 2.0), ("u64/shl/hilo", 1.0)]),
        )];
        let text = render_backend_pairs(&columns).unwrap();
        assert!(text.contains("u64/count_ones/hilo÷native"));
        assert!(text.lines().nth(2).unwrap().ends_with("1.50"));
        assert!(!text.contains("shl"));
        let none = vec![(Combination::new(matrix::I686, Backend::HiLo), medians(&[("a", 1.0)]))];
        assert_eq!(render_backend_pairs(&none), None);
    }

    #[test]
    fn criterion_files_are_found_and_bad_ones_skipped() {
        let home = std::env::temp_dir().join(format!("xtask-bench-test-{}", std::process::id()));
        let good = home.join("perft").join("kiwipete").join("new");
        let broken = home.join("broken").join("new");
        let report = home.join("report").join("new");
        for dir in [&good, &broken, &report] {
            fs::create_dir_all(dir).unwrap();
        }
        let estimates = r#"{"mean":{"point_estimate":9.0},"median":{"point_estimate":7.5}}"#;
        fs::write(good.join("benchmark.json"), r#"{"group_id":"perft","full_id":"perft/kiwipete"}"#).unwrap();
        fs::write(good.join("estimates.json"), estimates).unwrap();
        fs::write(broken.join("benchmark.json"), "{not json").unwrap();
        fs::write(broken.join("estimates.json"), estimates).unwrap();
        fs::write(report.join("benchmark.json"), r#"{"full_id":"report"}"#).unwrap();
        fs::write(report.join("estimates.json"), estimates).unwrap();
        let found = read_medians(&home);
        fs::remove_dir_all(&home).unwrap();
        assert_eq!(found, medians(&[("perft/kiwipete", 7.5)]));
        assert!(read_medians(Path::new("/nonexistent/criterion")).is_empty());
    }
}
