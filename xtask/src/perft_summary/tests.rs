use super::*;
use crate::matrix::{I686, X86_64};

/// Per-position factors whose product is 1: an engine measured at
/// `mnps × factor` on each position has a geometric mean of exactly `mnps`,
/// and an arithmetic mean far from it.
const FACTORS: [f64; 6] = [2.0, 0.5, 1.0, 1.0, 4.0, 0.25];

/// Results of `bench` of each `(engine, mean Mnps)` over all six positions.
fn bench_results(bench: Bench, engines: &[(&str, f64)]) -> Results {
    let mut results = Results::new();
    for (engine, mean) in engines {
        for (position, factor) in positions().zip(FACTORS) {
            let nodes = 1_000_000.0;
            let measurement =
                Measurement { median_ns: nodes * 1000.0 / (mean * factor), elements: Some(nodes) };
            results.insert(format!("{}/{position}/{engine}", bench.prefix()), measurement);
        }
    }
    results
}

/// Perft results of each `(engine, mean Mnps)` over all six positions.
fn perft(engines: &[(&str, f64)]) -> Results {
    bench_results(Bench::Perft, engines)
}

/// Hashed-leaves results of each `(engine, mean Mnps)`.
pub(super) fn hperft(engines: &[(&str, f64)]) -> Results {
    bench_results(Bench::Hperft, engines)
}

fn portable(target: &str, backend: Backend) -> Combination {
    Combination::new(target, backend)
}

/// A full run: x86_64 portable and BMI2, i686 native and hi/lo.
pub(super) fn full_run() -> Vec<(Combination, Results)> {
    let x86_64 = portable(X86_64, Backend::Native);
    vec![
        (
            x86_64.clone(),
            perft(&[("bb", 1040.0), ("cozy-chess", 400.0), ("chess", 340.0), ("shakmaty", 200.0)]),
        ),
        (
            x86_64.with_bmi2(),
            perft(&[("bb", 1300.0), ("cozy-chess", 410.0), ("chess", 345.0), ("shakmaty", 210.0)]),
        ),
        (
            portable(I686, Backend::Native),
            perft(&[("bb", 280.0), ("cozy-chess", 150.0), ("chess", 195.0), ("shakmaty", 120.0)]),
        ),
        (
            portable(I686, Backend::HiLo),
            perft(&[("bb", 430.0), ("cozy-chess", 150.0), ("chess", 180.0), ("shakmaty", 120.0)]),
        ),
    ]
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9 * b.abs().max(1.0)
}

fn goal_lines(run: &[(Combination, Results)]) -> Vec<String> {
    let columns: Vec<Column> =
        run.iter().map(|(combination, results)| column(combination, results)).collect();
    goals(&columns).iter().map(Goal::line).collect()
}

#[test]
fn geometric_mean_of_positive_values_only() {
    assert!(close(geometric_mean(&[2.0, 8.0]).unwrap(), 4.0));
    assert!(close(geometric_mean(&FACTORS.map(|factor| 300.0 * factor)).unwrap(), 300.0));
    assert!(close(geometric_mean(&[5.0]).unwrap(), 5.0));
    assert_eq!(geometric_mean(&[]), None);
    assert_eq!(geometric_mean(&[1.0, 0.0]), None);
    assert_eq!(geometric_mean(&[1.0, -4.0]), None);
    assert_eq!(geometric_mean(&[1.0, f64::NAN]), None);
}

#[test]
fn mnps_is_nodes_per_microsecond() {
    let startpos = Measurement { median_ns: 10_000_000.0, elements: Some(4_865_609.0) };
    assert!(close(mnps(&startpos).unwrap(), 486.5609));
    assert_eq!(mnps(&Measurement { median_ns: 10.0, elements: None }), None);
    assert_eq!(mnps(&Measurement { median_ns: 0.0, elements: Some(5.0) }), None);
}

#[test]
fn an_engine_needs_all_six_positions_for_a_mean() {
    let mut results = perft(&[("bb", 500.0)]);
    assert!(matches!(speed(&results, Bench::Perft, "bb"), Speed::Mean(mean) if close(mean, 500.0)));
    assert_eq!(speed(&results, Bench::Perft, "chess"), Speed::Partial(0));
    assert_eq!(speed(&results, Bench::Hperft, "bb"), Speed::Partial(0));
    results.get_mut("perft/kiwipete/bb").unwrap().elements = None;
    assert_eq!(speed(&results, Bench::Perft, "bb"), Speed::Partial(5));
    results.remove("perft/position6/bb");
    assert_eq!(speed(&results, Bench::Perft, "bb"), Speed::Partial(4));
}

#[test]
fn table_shows_means_best_peer_and_ratio_per_column() {
    let text = render(&full_run());
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].contains("x86_64/native  x86_64/native+bmi2  i686/native  i686/hilo"), "{text}");
    let row = |name: &str| -> Vec<&str> {
        let line =
            lines.iter().find(|line| line.starts_with(name)).unwrap_or_else(|| panic!("{name}: {text}"));
        line[name.len()..].split("  ").map(str::trim).filter(|cell| !cell.is_empty()).collect()
    };
    assert_eq!(row("bb "), ["1040.0", "1300.0", "280.0", "430.0"]);
    assert_eq!(row("cozy-chess"), ["400.0", "410.0", "150.0", "150.0"]);
    assert_eq!(row("best peer"), ["cozy-chess", "cozy-chess", "chess", "chess"]);
    assert_eq!(row("bb ÷ best peer"), ["2.60", "3.17", "1.44", "2.39"]);
    assert!(!text.contains("hperft: geomean"), "no hperft table without hperft results: {text}");
}

#[test]
fn goals_of_a_full_run() {
    let mut run = full_run();
    run[0].1.extend(hperft(&[("bb", 150.0), ("cozy-chess", 80.0), ("chess", 60.0), ("shakmaty", 20.0)]));
    let lines = goal_lines(&run);
    assert_eq!(lines.len(), 5);
    assert_eq!(lines[0], "1. x86_64 portable: bb ÷ cozy-chess (x86_64/native) = 2.60, goal ≥ 2.5: met");
    // The fastest i686 peer is chess as measured in the i686/native build.
    assert_eq!(
        lines[1],
        "1. i686 hi/lo vs peers: bb (i686/hilo) ÷ fastest peer of the i686 builds (chess in i686/native) \
         = 2.21, goal ≥ 2.2: met"
    );
    assert_eq!(
        lines[2],
        "1. i686 hi/lo vs native: bb (i686/hilo) ÷ bb (i686/native) = 1.54, goal ≥ 1.25: met"
    );
    // Against cozy-chess of the portable column (400), not the BMI2 one (410).
    assert!(lines[3].ends_with("= 3.25, goal ≥ 3: met"), "{}", lines[3]);
    assert_eq!(
        lines[4],
        "3. hperft: bb ÷ best peer (cozy-chess), hashed leaves (x86_64/native) = 1.88, goal ≥ 1.5: met"
    );
    let text = render(&run);
    assert!(text.contains("hperft: geomean Mnps of 6 positions"), "{text}");
}

#[test]
fn goals_not_reached_say_so() {
    let mut run = full_run();
    run[0].1 = perft(&[("bb", 960.0), ("cozy-chess", 400.0), ("chess", 340.0), ("shakmaty", 200.0)]);
    run[0].1.extend(hperft(&[("bb", 90.0), ("cozy-chess", 80.0), ("chess", 60.0), ("shakmaty", 20.0)]));
    run[1].1.retain(|id, _| !id.ends_with("/bb"));
    run[1].1.extend(perft(&[("bb", 1180.0)]));
    run[3].1 = perft(&[("bb", 340.0), ("cozy-chess", 150.0), ("chess", 180.0), ("shakmaty", 120.0)]);
    let lines = goal_lines(&run);
    assert!(lines[0].ends_with("= 2.40, goal ≥ 2.5: NOT met"), "{}", lines[0]);
    assert!(lines[1].ends_with("= 1.74, goal ≥ 2.2: NOT met"), "{}", lines[1]);
    assert!(lines[2].ends_with("= 1.21, goal ≥ 1.25: NOT met"), "{}", lines[2]);
    assert!(lines[3].ends_with("= 2.95, goal ≥ 3: NOT met"), "{}", lines[3]);
    assert!(lines[4].ends_with("= 1.13, goal ≥ 1.5: NOT met"), "{}", lines[4]);
}

#[test]
fn missing_inputs_are_named_not_guessed() {
    let mut run = full_run();
    // No i686/native build: the peers come from i686/hilo alone.
    run.remove(2);
    // cozy-chess lost two positions in the portable x86_64 build.
    run[0].1.remove("perft/kiwipete/cozy-chess");
    run[0].1.remove("perft/position4/cozy-chess");
    let lines = goal_lines(&run);
    let missing = "not measured (cozy-chess has 4 of 6 perft positions in x86_64/native)";
    assert!(lines[0].ends_with(missing), "{}", lines[0]);
    assert!(lines[3].ends_with(missing), "{}", lines[3]);
    assert!(lines[1].contains("(chess in i686/hilo) = 2.39, goal ≥ 2.2: met"), "{}", lines[1]);
    assert!(lines[2].ends_with("not measured (no i686/native results)"), "{}", lines[2]);

    let text = render(&run);
    assert!(text.contains("4/6 positions"), "{text}");
    let best = text.lines().find(|line| line.starts_with("best peer")).unwrap();
    assert!(best.split_whitespace().nth(2) == Some("-"), "{best}");

    // Only an x86_64 run: every i686 and BMI2 input is missing, once each.
    let lines = goal_lines(&full_run()[..1]);
    assert!(lines[0].ends_with("met"));
    assert!(lines[1].ends_with("not measured (no i686/hilo results; no i686/hilo or i686/native results)"));
    assert!(
        lines[2].ends_with("not measured (no i686/hilo results; no i686/native results)"),
        "{}",
        lines[2]
    );
    assert!(lines[3].ends_with("not measured (no x86_64/native+bmi2 results)"), "{}", lines[3]);
}

#[test]
fn no_perft_results_is_one_line() {
    let run = vec![(portable(X86_64, Backend::Native), Results::new())];
    assert_eq!(render(&run).lines().count(), 1);
    assert!(render(&run).contains("no perft results"));
    let some = render(&[(portable(I686, Backend::HiLo), perft(&[("bb", 1.0)]))]);
    assert!(some.contains("not measured (no x86_64/native results)"), "{some}");
}
