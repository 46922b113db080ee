//! Perft against the project's suites (copied from the shared corpus; each
//! count verified by two independent programs): every position of
//! `standard.epd` up to its deepest count below 2×10^8 nodes, and every
//! depth of `random.epd` and `chess960.epd`.

use bb_movegen::{perft, Position};

/// Counts at or above this are skipped (they take too long for a test run).
const NODE_LIMIT: u64 = 200_000_000;

struct Case {
    fen: String,
    counts: Vec<(u32, u64)>,
}

/// Parses `FEN ;D1 n ;D2 n ...` lines; `#` comments and blank lines skipped.
fn parse_suite(text: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap_or_default().trim().to_string();
        let counts = parts
            .map(|part| {
                let part = part.trim();
                let (depth, count) = part.split_once(' ').expect("a depth and a count");
                let depth = depth.trim_start_matches('D').parse().expect("depth");
                (depth, count.trim().parse().expect("count"))
            })
            .collect();
        cases.push(Case { fen, counts });
    }
    cases
}

/// Runs every case and reports all mismatches at once.
fn check_suite(text: &str, expected_positions: usize) {
    let cases = parse_suite(text);
    assert_eq!(cases.len(), expected_positions, "suite size");
    let mut failures = Vec::new();
    let mut nodes = 0u64;
    for case in &cases {
        let position = match Position::from_fen(&case.fen) {
            Ok(position) => position,
            Err(error) => {
                failures.push(format!("{}: {error}", case.fen));
                continue;
            }
        };
        for &(depth, expected) in case.counts.iter().filter(|(_, count)| *count < NODE_LIMIT) {
            let got = perft(&position, depth);
            nodes += got;
            if got != expected {
                failures.push(format!("{} depth {depth}: expected {expected}, got {got}", case.fen));
            }
        }
    }
    assert!(failures.is_empty(), "{} mismatches:\n{}", failures.len(), failures.join("\n"));
    assert!(nodes > 0);
}

#[test]
fn standard_suite() {
    check_suite(include_str!("data/standard.epd"), 71);
}

#[test]
fn random_playouts_suite() {
    check_suite(include_str!("data/random.epd"), 500);
}

#[test]
fn chess960_suite() {
    check_suite(include_str!("data/chess960.epd"), 60);
}
