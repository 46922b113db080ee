//! Perft against the project's suites (copied from the shared corpus; each
//! count verified by two independent programs): every position of
//! `standard.epd` up to its deepest count below 2×10^8 nodes, and every
//! depth of `random.epd` and `chess960.epd`. The suites are read by the
//! crate's own EPD module, and the reference table is checked against them.

use bb_movegen::perft::reference::POSITIONS;
use bb_movegen::{epd, perft, Position};

/// Counts at or above this are skipped (they take too long for a test run).
const NODE_LIMIT: u128 = 200_000_000;

/// The limit in use: [`NODE_LIMIT`], or a lower one from the environment
/// variable `BB_PERFT_NODE_LIMIT` (`cargo xtask ci` lowers it for targets
/// that run under an emulator). Every position still runs at its shallow
/// depths.
fn node_limit() -> u128 {
    let variable = std::env::var("BB_PERFT_NODE_LIMIT").ok();
    variable
        .and_then(|text| text.parse().ok())
        .map_or(NODE_LIMIT, |limit: u128| limit.clamp(1_000, NODE_LIMIT))
}

const STANDARD: &str = include_str!("data/standard.epd");

/// Runs every case and reports all mismatches at once.
fn check_suite(text: &str, expected_positions: usize) {
    let mut failures = Vec::new();
    let (mut positions, mut checked, mut nodes) = (0, 0, 0u128);
    let limit = node_limit();
    for (number, line) in epd::lines(text) {
        positions += 1;
        let line = match line {
            Ok(line) => line,
            Err(error) => {
                failures.push(error.to_string());
                continue;
            }
        };
        let position = match Position::from_fen(line.fen()) {
            Ok(position) => position,
            Err(error) => {
                failures.push(format!("line {number}: {error}"));
                continue;
            }
        };
        for (depth, expected) in line.counts().filter(|(_, count)| *count < limit) {
            let got = u128::from(perft(&position, depth));
            nodes += got;
            checked += 1;
            if got != expected {
                failures.push(format!("line {number} depth {depth}: expected {expected}, got {got}"));
            }
        }
    }
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
    assert_eq!(positions, expected_positions, "suite size");
    assert!(checked >= positions && nodes > 0, "{checked} counts checked");
}

#[test]
fn standard_suite() {
    check_suite(STANDARD, 71);
}

#[test]
fn random_playouts_suite() {
    check_suite(include_str!("data/random.epd"), 500);
}

#[test]
fn chess960_suite() {
    check_suite(include_str!("data/chess960.epd"), 60);
}

/// The reference table (published counts) and the corpus (counts verified
/// by two programs) agree wherever both have a count, and the corpus holds
/// every reference position.
#[test]
fn reference_table_agrees_with_the_corpus() {
    for reference in &POSITIONS {
        let line = epd::lines(STANDARD)
            .filter_map(|(_, line)| line.ok())
            .find(|line| line.fen() == reference.fen)
            .unwrap_or_else(|| panic!("{} is not in standard.epd", reference.name));
        let mut compared = 0;
        for (depth, count) in line.counts() {
            if let Some(published) = reference.nodes_at(depth) {
                assert_eq!(u128::from(published), count, "{} depth {depth}", reference.name);
                compared += 1;
            }
        }
        assert!(compared >= 6, "{}: {compared} counts compared", reference.name);
    }
}
