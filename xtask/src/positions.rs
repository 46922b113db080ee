//! The perft positions `compare` runs: the six of the ChessProgramming wiki
//! (chessprogramming.org/Perft_Results) with their published node counts,
//! or the positions of an EPD file in the `FEN ;D1 n ;D2 n` format.

/// One position to run perft on, at one depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftCase {
    /// Short name for tables (`kiwipete`, `line 12`).
    pub name: String,
    /// The position, a six-field FEN.
    pub fen: String,
    /// The depth to run.
    pub depth: u32,
    /// The known node count at that depth, when there is one.
    pub expected: Option<u64>,
}

/// A reference position and its node counts for depths 1, 2, 3, ...
struct Reference {
    name: &'static str,
    fen: &'static str,
    /// The depth that takes about a second on x86_64 with the native
    /// backend; also the depths of the speed comparison in issue 4.
    default_depth: u32,
    counts: &'static [u64],
}

/// The six positions, counts as published on the ChessProgramming wiki (for
/// position 5 the wiki stops at depth 5; its depth 6 comes from the
/// project's corpus, where Stockfish and shakmaty agree on it).
const REFERENCES: [Reference; 6] = [
    Reference {
        name: "startpos",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        default_depth: 6,
        counts: &[
            20,
            400,
            8_902,
            197_281,
            4_865_609,
            119_060_324,
            3_195_901_860,
            84_998_978_956,
            2_439_530_234_167,
        ],
    },
    Reference {
        name: "kiwipete",
        fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        default_depth: 5,
        counts: &[48, 2_039, 97_862, 4_085_603, 193_690_690, 8_031_647_685],
    },
    Reference {
        name: "position 3",
        fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        default_depth: 7,
        counts: &[14, 191, 2_812, 43_238, 674_624, 11_030_083, 178_633_661, 3_009_794_393],
    },
    Reference {
        name: "position 4",
        fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        default_depth: 5,
        counts: &[6, 264, 9_467, 422_333, 15_833_292, 706_045_033],
    },
    Reference {
        name: "position 5",
        fen: "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        default_depth: 5,
        counts: &[44, 1_486, 62_379, 2_103_487, 89_941_194, 3_048_196_529],
    },
    Reference {
        name: "position 6",
        fen: "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        default_depth: 5,
        counts: &[46, 2_079, 89_890, 3_894_594, 164_075_551, 6_923_051_137],
    },
];

/// The six reference positions at their default depths, or all at `depth`.
/// A depth beyond the published counts has no expected count: the
/// combinations are then only checked against each other.
pub fn reference_cases(depth: Option<u32>) -> Vec<PerftCase> {
    REFERENCES
        .iter()
        .map(|reference| {
            let depth = depth.unwrap_or(reference.default_depth);
            PerftCase {
                name: reference.name.to_string(),
                fen: reference.fen.to_string(),
                depth,
                expected: reference.counts.get(depth as usize - 1).copied(),
            }
        })
        .collect()
}

/// One line of an EPD file: its FEN and its `(depth, count)` pairs.
#[derive(Debug, PartialEq, Eq)]
pub struct EpdLine {
    /// The position, completed to six fields.
    pub fen: String,
    /// Known node counts by depth, in the order given.
    pub counts: Vec<(u32, u64)>,
}

/// Parses an EPD perft file: one `FEN ;D1 n ;D2 n ...` per line (`; D1 n`
/// too), blank lines and `#` comments skipped, four-field FENs completed
/// with `0 1`. Other `;` fields are ignored. Errors name the line.
pub fn parse_epd(text: &str) -> Result<Vec<(usize, EpdLine)>, String> {
    let mut positions = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let parsed = parse_epd_line(line).map_err(|reason| format!("line {number}: {reason}"))?;
        positions.push((number, parsed));
    }
    Ok(positions)
}

fn parse_epd_line(line: &str) -> Result<EpdLine, String> {
    let mut fields = line.split(';');
    let fen_part = fields.next().unwrap_or_default().trim();
    let fen_fields: Vec<&str> = fen_part.split_whitespace().collect();
    let fen = match fen_fields.len() {
        4 => format!("{} 0 1", fen_fields.join(" ")),
        6 => fen_fields.join(" "),
        count => return Err(format!("expected a FEN of 4 or 6 fields before the first `;`, found {count}")),
    };
    let mut counts = Vec::new();
    for field in fields {
        let field = field.trim();
        // Only `D<depth> <count>` fields matter; EPD allows other opcodes.
        let Some(rest) = field.strip_prefix('D') else { continue };
        if !rest.starts_with(|c: char| c.is_ascii_digit()) {
            continue;
        }
        let mut words = rest.split_whitespace();
        let depth = words.next().and_then(|word| word.parse::<u32>().ok()).filter(|&depth| depth >= 1);
        let count = words.next().and_then(|word| word.parse::<u64>().ok());
        match (depth, count, words.next()) {
            (Some(depth), Some(count), None) => counts.push((depth, count)),
            _ => return Err(format!("`{field}` is not `D<depth> <node count>`")),
        }
    }
    Ok(EpdLine { fen, counts })
}

/// The cases of an EPD file: each position at `depth` when given (with its
/// count at that depth if listed), otherwise at its deepest listed depth.
pub fn epd_cases(text: &str, depth: Option<u32>) -> Result<Vec<PerftCase>, String> {
    let mut cases = Vec::new();
    for (number, line) in parse_epd(text)? {
        let deepest = line.counts.iter().max_by_key(|(depth, _)| *depth).copied();
        let (depth, expected) = match (depth, deepest) {
            (Some(depth), _) => {
                (depth, line.counts.iter().find(|(listed, _)| *listed == depth).map(|(_, count)| *count))
            }
            (None, Some((depth, count))) => (depth, Some(count)),
            (None, None) => return Err(format!("line {number}: no `;D<n> <count>` field and no --depth")),
        };
        cases.push(PerftCase { name: format!("line {number}"), fen: line.fen, depth, expected });
    }
    if cases.is_empty() {
        return Err("no positions in the file".to_string());
    }
    Ok(cases)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The six positions as they appear in the project's perft corpus
    /// (standard.epd), to check the embedded table against a second copy.
    const CORPUS_LINES: &str = "\
# a comment, then a blank line

rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902 ;D4 197281 ;D5 4865609 ;D6 119060324 ;D7 3195901860
r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 ;D1 48 ;D2 2039 ;D3 97862 ;D4 4085603 ;D5 193690690 ;D6 8031647685
8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 ;D1 14 ;D2 191 ;D3 2812 ;D4 43238 ;D5 674624 ;D6 11030083 ;D7 178633661 ;D8 3009794393
r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1 ;D1 6 ;D2 264 ;D3 9467 ;D4 422333 ;D5 15833292 ;D6 706045033
rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8 ;D1 44 ;D2 1486 ;D3 62379 ;D4 2103487 ;D5 89941194 ;D6 3048196529
r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10 ;D1 46 ;D2 2079 ;D3 89890 ;D4 3894594 ;D5 164075551 ;D6 6923051137
";

    #[test]
    fn embedded_counts_agree_with_the_corpus() {
        let corpus = parse_epd(CORPUS_LINES).unwrap();
        assert_eq!(corpus.len(), REFERENCES.len());
        for ((_, line), reference) in corpus.iter().zip(REFERENCES.iter()) {
            assert_eq!(line.fen, reference.fen, "{}", reference.name);
            for &(depth, count) in &line.counts {
                assert_eq!(reference.counts[depth as usize - 1], count, "{} depth {depth}", reference.name);
            }
        }
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
        let lines = parse_epd(text).unwrap();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].0, 1);
        assert_eq!(lines[0].1.fen, "8/8/8/8/8/8/8/K6k w - - 0 1");
        assert_eq!(lines[0].1.counts, [(1, 3), (2, 9)]);
        assert_eq!(lines[1].0, 4);
        assert_eq!(lines[1].1.fen, "k7/8/8/8/8/8/8/7K b - - 3 40");
    }

    #[test]
    fn epd_cases_pick_the_deepest_or_the_given_depth() {
        let text = "8/8/8/8/8/8/8/K6k w - - 0 1 ;D2 9 ;D3 50 ;D1 3\n";
        let deepest = epd_cases(text, None).unwrap();
        assert_eq!((deepest[0].depth, deepest[0].expected), (3, Some(50)));
        assert_eq!(deepest[0].name, "line 1");
        let given = epd_cases(text, Some(1)).unwrap();
        assert_eq!((given[0].depth, given[0].expected), (1, Some(3)));
        let unlisted = epd_cases(text, Some(5)).unwrap();
        assert_eq!(unlisted[0].expected, None);
    }

    #[test]
    fn bad_epd_lines_are_named() {
        for (text, needle) in [
            ("8/8/8 w ;D1 3", "line 1"),
            ("# x\n8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 x", "line 2"),
            ("8/8/8/8/8/8/8/K6k w - - 0 1 ;D0 3", "D0"),
            ("8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3 4", "D1 3 4"),
            ("8/8/8/8/8/8/8/K6k w - - 0 1", "no `;D"),
            ("# only comments\n", "no positions"),
        ] {
            let error = epd_cases(text, None).unwrap_err();
            assert!(error.contains(needle), "{text:?}: {error}");
        }
    }
}
