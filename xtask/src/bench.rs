//! `cargo xtask bench`: runs the criterion benches of `bb-benches` for each
//! target/backend combination and prints their medians side by side.
//!
//! The results are read generically from criterion's files (see
//! [`criterion_files`](crate::criterion_files)). The perft benches are then
//! summed up per engine by [`perft_summary`].

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::args::Options;
use crate::criterion_files::{read_results, Results};
use crate::matrix::{self, Backend, Combination};
use crate::perft_summary;
use crate::process;
use crate::stamp;
use crate::table::Table;

/// `cargo xtask bench`: returns whether every bench run succeeded.
pub fn bench(options: &Options) -> Result<bool, String> {
    let workspace = matrix::workspace_root();
    let (combinations, note) = bench_combinations(options, matrix::host_has_bmi2());
    if let Some(note) = note {
        println!("{note}");
    }

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
        let results = read_results(&home);
        if results.is_empty() {
            println!("note: no criterion results for {combination} in {}", home.display());
        }
        columns.push((combination.clone(), results));
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
    println!();
    print!("{}", perft_summary::render(&columns));
    write_ledger(&workspace, options, all_ran, &columns)?;
    Ok(all_ran)
}

/// Writes the summary as `target/bench/ledger.md` and `ledger.svg`, only
/// from a run of this call that succeeded: the ledger is stamped with
/// today's date and this commit, which older results would belie.
fn write_ledger(
    workspace: &Path,
    options: &Options,
    all_ran: bool,
    columns: &[(Combination, Results)],
) -> Result<(), String> {
    let reason = if options.table_only {
        Some("--table-only reprints earlier results")
    } else if !all_ran {
        Some("a bench run failed")
    } else if !perft_summary::has_perft_results(columns) {
        Some("no perft results")
    } else {
        None
    };
    if let Some(reason) = reason {
        println!("ledger: not written ({reason})");
        return Ok(());
    }
    let dir = workspace.join("target").join("bench");
    let mut stamp = stamp::now(workspace);
    stamp.filter = (!options.passthrough.is_empty()).then(|| options.passthrough.join(" "));
    let files = [
        ("ledger.md", perft_summary::markdown(columns, &stamp)),
        ("ledger.svg", perft_summary::svg(columns, &stamp)),
    ];
    std::fs::create_dir_all(&dir).map_err(|error| format!("cannot create {}: {error}", dir.display()))?;
    for (name, text) in files {
        let path = dir.join(name);
        std::fs::write(&path, text).map_err(|error| format!("cannot write {}: {error}", path.display()))?;
        println!("wrote {}", path.display());
    }
    Ok(())
}

/// The combinations to bench, in column order, and a note when the BMI2
/// build is left out because the CPU cannot run it. By default:
/// x86_64/native, its BMI2 build, i686/native and i686/hilo; `--target` and
/// `--backend` narrow the matrix instead, and the BMI2 build follows
/// x86_64/native wherever that is chosen unless `--no-bmi2`.
fn bench_combinations(options: &Options, host_has_bmi2: bool) -> (Vec<Combination>, Option<String>) {
    let portable = if options.targets.is_empty() && options.backends.is_empty() {
        // The native backend is the natural one on x86_64; on i686 both are
        // of interest, since hi/lo exists to beat rustc's lowered u64 there.
        vec![
            Combination::new(matrix::X86_64, Backend::Native),
            Combination::new(matrix::I686, Backend::Native),
            Combination::new(matrix::I686, Backend::HiLo),
        ]
    } else {
        matrix::select(&options.targets, &options.backends, &crate::targets::COMPARE_DEFAULT)
    };
    let flavoured = matrix::with_bmi2_flavour(&portable);
    if options.no_bmi2 || flavoured.len() == portable.len() {
        return (portable, None);
    }
    if !host_has_bmi2 {
        let skipped: Vec<String> = flavoured.iter().filter(|c| c.bmi2).map(Combination::label).collect();
        let note = format!("note: skipping {}: this CPU lacks POPCNT/BMI1/BMI2", skipped.join(", "));
        return (portable, Some(note));
    }
    (flavoured, None)
}

/// Where criterion keeps the results of `combination`.
fn criterion_home(workspace: &Path, combination: &Combination) -> PathBuf {
    combination.target_dir(workspace).join("criterion")
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

/// One row per benchmark id, one column of medians per combination, then
/// for each target built with both backends the ratio hi/lo ÷ native of
/// the times (above 1: hi/lo is slower).
fn render_table(columns: &[(Combination, Results)]) -> String {
    let mut ids: Vec<&String> = columns.iter().flat_map(|(_, results)| results.keys()).collect();
    ids.sort();
    ids.dedup();
    // (target, index of the native column, index of the hi/lo column); the
    // BMI2 build has no hi/lo counterpart.
    let mut pairs = Vec::new();
    for (native_index, (combination, _)) in columns.iter().enumerate() {
        if combination.backend != Backend::Native || combination.bmi2 {
            continue;
        }
        let hilo = columns.iter().position(|(other, _)| {
            other.backend == Backend::HiLo && other.target == combination.target && !other.bmi2
        });
        if let Some(hilo_index) = hilo {
            let short_target = combination.target.split('-').next().unwrap_or(&combination.target);
            pairs.push((short_target, native_index, hilo_index));
        }
    }
    let mut header = vec!["benchmark (median)".to_string()];
    header.extend(columns.iter().map(|(combination, _)| combination.label()));
    header.extend(pairs.iter().map(|(target, _, _)| format!("{target} hilo/native")));
    let mut table = Table::new(header);
    for id in ids {
        let times: Vec<Option<f64>> =
            columns.iter().map(|(_, results)| results.get(id).map(|result| result.median_ns)).collect();
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
fn render_backend_pairs(columns: &[(Combination, Results)]) -> Option<String> {
    let mut pairs: BTreeMap<String, (String, String)> = BTreeMap::new();
    for (_, results) in columns {
        for id in results.keys() {
            let parts: Vec<&str> = id.split('/').collect();
            for (index, part) in parts.iter().enumerate() {
                if !part.eq_ignore_ascii_case("hilo") {
                    continue;
                }
                let mut native_parts = parts.clone();
                native_parts[index] = "native";
                let native_id = native_parts.join("/");
                if columns.iter().any(|(_, results)| results.contains_key(&native_id)) {
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
    header.extend(columns.iter().map(|(combination, _)| combination.label()));
    let mut table = Table::new(header);
    for (name, (hilo_id, native_id)) in &pairs {
        let mut cells = vec![name.clone()];
        let median = |results: &Results, id: &String| results.get(id).map(|result| result.median_ns);
        cells.extend(
            columns
                .iter()
                .map(|(_, results)| format_ratio(median(results, hilo_id), median(results, native_id))),
        );
        table.row(cells);
    }
    Some(table.render())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::criterion_files::Measurement;

    /// Results with these median times and no throughput.
    fn medians(entries: &[(&str, f64)]) -> Results {
        entries
            .iter()
            .map(|(id, time)| (id.to_string(), Measurement { median_ns: *time, elements: None }))
            .collect()
    }

    fn options(text: &str) -> Options {
        let words: Vec<String> = text.split_whitespace().map(String::from).collect();
        crate::args::parse(&words, &["target", "backend", "no-bmi2", "table-only", "--"]).unwrap()
    }

    fn labels(combinations: &[Combination]) -> Vec<String> {
        combinations.iter().map(Combination::label).collect()
    }

    #[test]
    fn default_combinations_put_the_bmi2_build_after_portable_x86_64() {
        let (picked, note) = bench_combinations(&options(""), true);
        assert_eq!(labels(&picked), ["x86_64/native", "x86_64/native+bmi2", "i686/native", "i686/hilo"]);
        assert_eq!(note, None);
        let (picked, note) = bench_combinations(&options("--no-bmi2"), true);
        assert_eq!(labels(&picked), ["x86_64/native", "i686/native", "i686/hilo"]);
        assert_eq!(note, None);
    }

    #[test]
    fn without_bmi2_on_the_cpu_its_build_is_skipped_with_a_note() {
        let (picked, note) = bench_combinations(&options(""), false);
        assert_eq!(labels(&picked), ["x86_64/native", "i686/native", "i686/hilo"]);
        let note = note.unwrap();
        assert!(note.contains("x86_64/native+bmi2") && !note.contains('\n'), "{note}");
        // Nothing to skip, nothing to say.
        assert_eq!(bench_combinations(&options("--target i686"), false).1, None);
        assert_eq!(bench_combinations(&options("--no-bmi2"), false).1, None);
    }

    #[test]
    fn narrowing_keeps_the_bmi2_build_only_with_x86_64_native() {
        let (picked, _) = bench_combinations(&options("--target x86_64"), true);
        assert_eq!(labels(&picked), ["x86_64/native", "x86_64/native+bmi2", "x86_64/hilo"]);
        let (picked, _) = bench_combinations(&options("--target x86_64 --backend native --no-bmi2"), true);
        assert_eq!(labels(&picked), ["x86_64/native"]);
        let (picked, _) = bench_combinations(&options("--target i686"), true);
        assert_eq!(labels(&picked), ["i686/native", "i686/hilo"]);
        let (picked, _) = bench_combinations(&options("--backend hilo"), true);
        assert_eq!(labels(&picked), ["x86_64/hilo", "i686/hilo"]);
    }

    #[test]
    fn the_bmi2_column_has_its_own_criterion_home_and_no_hilo_pair() {
        let workspace = Path::new("/ws");
        let portable = Combination::new(matrix::X86_64, Backend::Native);
        assert_ne!(criterion_home(workspace, &portable), criterion_home(workspace, &portable.with_bmi2()));
        let columns = vec![
            (portable.clone(), medians(&[("a", 1.0)])),
            (portable.with_bmi2(), medians(&[("a", 1.0)])),
            (Combination::new(matrix::X86_64, Backend::HiLo), medians(&[("a", 3.0)])),
        ];
        let text = render_table(&columns);
        let header = text.lines().next().unwrap();
        assert!(header.contains("x86_64/native+bmi2"), "{header}");
        assert_eq!(header.matches("x86_64 hilo/native").count(), 1, "{header}");
        assert!(text.lines().nth(2).unwrap().ends_with("3.00"), "{text}");
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
}
