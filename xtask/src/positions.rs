//! The perft positions `compare` runs: bb-movegen's reference table (the
//! six positions of chessprogramming.org/Perft_Results with their
//! published counts), or the positions of an EPD suite read by bb-movegen's
//! EPD reader.

use bb_movegen::epd::EpdReader;
use bb_movegen::perft::reference::POSITIONS;
use std::io::BufRead;

/// A reference position runs by default at the deepest depth with fewer
/// leaves than this: about a second on x86_64 with the native backend, and
/// the depths of the speed comparison in issue 4 (6, 5, 7, 5, 5, 5).
const DEFAULT_NODE_LIMIT: u64 = 200_000_000;

/// The same for targets that run under an emulator, some 20 to 50 times
/// slower: their counts prove correctness, not speed.
pub const EMULATED_NODE_LIMIT: u64 = 5_000_000;

/// One position to run perft on, at one depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftCase {
    /// Short name for tables (`kiwipete`, `line 12`).
    pub name: String,
    /// The position as a six-field FEN, as `bb` prints it back.
    pub fen: String,
    /// The depth to run.
    pub depth: u32,
    /// The known node count at that depth, when there is one.
    pub expected: Option<u128>,
}

/// The reference positions at their default depths, or all at `depth`.
/// A depth beyond the published counts has no expected count: the
/// combinations are then only checked against each other.
pub fn reference_cases(depth: Option<u32>) -> Vec<PerftCase> {
    reference_cases_below(depth, DEFAULT_NODE_LIMIT)
}

/// [`reference_cases`] with the default depths below `node_limit` leaves.
pub fn reference_cases_below(depth: Option<u32>, node_limit: u64) -> Vec<PerftCase> {
    POSITIONS
        .iter()
        .map(|reference| {
            let depth =
                depth.unwrap_or_else(|| reference.deepest_below(node_limit).map_or(1, |(depth, _)| depth));
            PerftCase {
                name: reference.name.to_string(),
                fen: reference.fen.to_string(),
                depth,
                expected: reference.nodes_at(depth).map(u128::from),
            }
        })
        .collect()
}

/// The cases of an EPD suite: each position at `depth` when given (with
/// its count at that depth if listed), otherwise at its deepest listed
/// depth. Errors name the line.
pub fn epd_cases(suite: impl BufRead, depth: Option<u32>) -> Result<Vec<PerftCase>, String> {
    let mut cases = Vec::new();
    for (number, record) in EpdReader::new(suite) {
        let record = record.map_err(|error| error.to_string())?;
        let position = record.position().map_err(|error| format!("line {number}: {error}"))?;
        let count_at =
            |depth: u32| record.counts.iter().find(|(listed, _)| *listed == depth).map(|(_, n)| *n);
        let (depth, expected) = match (depth, record.counts.iter().max_by_key(|(depth, _)| *depth)) {
            (Some(depth), _) => (depth, count_at(depth)),
            (None, Some(&(depth, count))) => (depth, Some(count)),
            (None, None) => return Err(format!("line {number}: no `;D<n> <count>` field and no --depth")),
        };
        cases.push(PerftCase { name: format!("line {number}"), fen: position.to_string(), depth, expected });
    }
    if cases.is_empty() {
        return Err("no positions in the file".to_string());
    }
    Ok(cases)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cases(text: &str, depth: Option<u32>) -> Result<Vec<PerftCase>, String> {
        epd_cases(text.as_bytes(), depth)
    }

    #[test]
    fn default_cases_are_the_issue_depths_with_counts() {
        let cases = reference_cases(None);
        let depths: Vec<u32> = cases.iter().map(|case| case.depth).collect();
        assert_eq!(depths, [6, 5, 7, 5, 5, 5]);
        assert_eq!(cases[0].expected, Some(119_060_324));
        assert_eq!(cases[1].expected, Some(193_690_690));
        assert!(cases.iter().all(|case| case.expected.is_some()));
    }

    #[test]
    fn a_depth_override_applies_to_all_and_may_lack_a_count() {
        let cases = reference_cases(Some(2));
        assert!(cases.iter().all(|case| case.depth == 2));
        assert_eq!(cases[2].expected, Some(191));
        let deep = reference_cases(Some(9));
        assert_eq!(deep[0].expected, Some(2_439_530_234_167));
        assert_eq!(deep[1].expected, None);
    }

    #[test]
    fn epd_variants_parse() {
        let text =
            "8/8/8/8/8/8/8/K6k w - - ; D1 3 ;D2 9 ; id \"x\"\n  \n#c\nk7/8/8/8/8/8/8/7K b - - 3 40 ;D1 3\n";
        let lines = cases(text, None).unwrap();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].name, "line 1");
        assert_eq!(lines[0].fen, "8/8/8/8/8/8/8/K6k w - - 0 1");
        assert_eq!((lines[0].depth, lines[0].expected), (2, Some(9)));
        assert_eq!(lines[1].name, "line 4");
        assert_eq!(lines[1].fen, "k7/8/8/8/8/8/8/7K b - - 3 40");
    }

    #[test]
    fn epd_cases_pick_the_deepest_or_the_given_depth() {
        let text = "8/8/8/8/8/8/8/K6k w - - 0 1 ;D2 9 ;D3 50 ;D1 3\n";
        let deepest = cases(text, None).unwrap();
        assert_eq!((deepest[0].depth, deepest[0].expected), (3, Some(50)));
        let given = cases(text, Some(1)).unwrap();
        assert_eq!((given[0].depth, given[0].expected), (1, Some(3)));
        let unlisted = cases(text, Some(5)).unwrap();
        assert_eq!(unlisted[0].expected, None);
    }

    #[test]
    fn bad_epd_lines_are_named() {
        for (text, needle) in [
            ("8/8/8 w ;D1 3", "line 1: invalid FEN"),
            ("# x\n8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 x", "line 2: expected 'D<depth> <count>'"),
            ("8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3 4", "D1 3 4"),
            ("8/8/8/8/8/8/8/K6k w - - 0 1", "line 1: no `;D"),
            ("# only comments\n", "no positions"),
        ] {
            let error = cases(text, None).unwrap_err();
            assert!(error.contains(needle), "{text:?}: {error}");
        }
    }
}
