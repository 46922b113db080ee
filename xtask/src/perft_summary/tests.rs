use super::*;
use crate::matrix::{I686, X86_64};

/// Per-position factors whose product is 1: an engine measured at
/// `mnps × factor` on each position has a geometric mean of exactly `mnps`,
/// and an arithmetic mean far from it.
const FACTORS: [f64; 6] = [2.0, 0.5, 1.0, 1.0, 4.0, 0.25];

/// Perft results of each `(engine, mean Mnps)` over all six positions.
fn perft(engines: &[(&str, f64)]) -> Results {
    let mut results = Results::new();
    for (engine, mean) in engines {
        for (position, factor) in positions().zip(FACTORS) {
            let nodes = 1_000_000.0;
            let measurement =
                Measurement { median_ns: nodes * 1000.0 / (mean * factor), elements: Some(nodes) };
            results.insert(format!("perft/{position}/{engine}"), measurement);
        }
    }
    results
}

fn portable(target: &str, backend: Backend) -> Combination {
    Combination::new(target, backend)
}

/// A full run: x86_64 portable and BMI2, i686 native and hi/lo.
fn full_run() -> Vec<(Combination, Results)> {
    let x86_64 = portable(X86_64, Backend::Native);
    vec![
        (
            x86_64.clone(),
            perft(&[("bb", 620.0), ("cozy-chess", 400.0), ("chess", 340.0), ("shakmaty", 200.0)]),
        ),
        (
            x86_64.with_bmi2(),
            perft(&[("bb", 900.0), ("cozy-chess", 410.0), ("chess", 345.0), ("shakmaty", 210.0)]),
        ),
        (
            portable(I686, Backend::Native),
            perft(&[("bb", 280.0), ("cozy-chess", 150.0), ("chess", 195.0), ("shakmaty", 120.0)]),
        ),
        (
            portable(I686, Backend::HiLo),
            perft(&[("bb", 300.0), ("cozy-chess", 150.0), ("chess", 180.0), ("shakmaty", 120.0)]),
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
    assert!(matches!(speed(&results, "bb"), Speed::Mean(mean) if close(mean, 500.0)));
    assert_eq!(speed(&results, "chess"), Speed::Partial(0));
    results.get_mut("perft/kiwipete/bb").unwrap().elements = None;
    assert_eq!(speed(&results, "bb"), Speed::Partial(5));
    results.remove("perft/position6/bb");
    assert_eq!(speed(&results, "bb"), Speed::Partial(4));
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
    assert_eq!(row("bb "), ["620.0", "900.0", "280.0", "300.0"]);
    assert_eq!(row("cozy-chess"), ["400.0", "410.0", "150.0", "150.0"]);
    assert_eq!(row("best peer"), ["cozy-chess", "cozy-chess", "chess", "chess"]);
    assert_eq!(row("bb ÷ best peer"), ["1.55", "2.20", "1.44", "1.67"]);
}

#[test]
fn goals_of_a_full_run() {
    let lines = goal_lines(&full_run());
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0], "1. x86_64 portable: bb ÷ cozy-chess (x86_64/native) = 1.55, goal ≥ 1.5: met");
    // The fastest i686 peer is chess as measured in the i686/native build.
    assert_eq!(
        lines[1],
        "2. i686 hi/lo vs peers: bb (i686/hilo) ÷ fastest peer of the i686 builds (chess in i686/native) \
         = 1.54, goal ≥ 1.5: met"
    );
    assert_eq!(
        lines[2],
        "2. i686 hi/lo vs native: bb (i686/hilo) ÷ bb (i686/native) = 1.07, goal ≥ 1.0: met"
    );
    // Against cozy-chess of the portable column (400), not the BMI2 one (410).
    assert!(lines[3].ends_with("= 2.25, goal ≥ 2.0: met"), "{}", lines[3]);
}

#[test]
fn goals_not_reached_say_so() {
    let mut run = full_run();
    run[0].1 = perft(&[("bb", 580.0), ("cozy-chess", 400.0), ("chess", 340.0), ("shakmaty", 200.0)]);
    run[1].1.retain(|id, _| !id.ends_with("/bb"));
    run[1].1.extend(perft(&[("bb", 780.0)]));
    run[3].1 = perft(&[("bb", 270.0), ("cozy-chess", 150.0), ("chess", 180.0), ("shakmaty", 120.0)]);
    let lines = goal_lines(&run);
    assert!(lines[0].ends_with("= 1.45, goal ≥ 1.5: NOT met"), "{}", lines[0]);
    assert!(lines[1].ends_with("= 1.38, goal ≥ 1.5: NOT met"), "{}", lines[1]);
    assert!(lines[2].ends_with("= 0.96, goal ≥ 1.0: NOT met"), "{}", lines[2]);
    assert!(lines[3].ends_with("= 1.95, goal ≥ 2.0: NOT met"), "{}", lines[3]);
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
    let missing = "not measured (cozy-chess has 4 of 6 positions in x86_64/native)";
    assert!(lines[0].ends_with(missing), "{}", lines[0]);
    assert!(lines[3].ends_with(missing), "{}", lines[3]);
    assert!(lines[1].contains("(chess in i686/hilo) = 1.67, goal ≥ 1.5: met"), "{}", lines[1]);
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
