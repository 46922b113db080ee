//! The six perft positions of the ChessProgramming wiki
//! (chessprogramming.org/Perft_Results) with their published node counts:
//! the one table that tests, benches (`perft/<name>/<engine>` ids) and
//! `cargo xtask compare` use.
//!
//! ```
//! use bb_movegen::perft::reference::{self, POSITIONS};
//!
//! assert_eq!(POSITIONS[0].name, "startpos");
//! assert_eq!(POSITIONS[0].nodes_at(5), Some(4_865_609));
//! // The deepest depth under a node budget: how benches and xtask pick theirs.
//! assert_eq!(reference::by_name("kiwipete").unwrap().deepest_below(20_000_000), Some((4, 4_085_603)));
//! ```

use crate::Position;

/// A reference position: a short name, its FEN, and perft(1), perft(2), …
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReferencePosition {
    /// Short stable name, one word (benchmark ids are `perft/<name>/<engine>`).
    pub name: &'static str,
    /// Forsyth–Edwards notation, all six fields.
    pub fen: &'static str,
    /// `counts[d - 1]` is perft(d).
    pub counts: &'static [u64],
}

impl ReferencePosition {
    /// The position itself.
    pub fn position(&self) -> Position {
        // The table's FENs are checked by this module's tests.
        Position::from_fen(self.fen).expect("reference FENs are valid")
    }

    /// perft(`depth`) as published, if the table goes that deep (depth 0
    /// has no entry: it is always 1).
    pub fn nodes_at(&self, depth: u32) -> Option<u64> {
        let index = usize::try_from(depth).ok()?.checked_sub(1)?;
        self.counts.get(index).copied()
    }

    /// The deepest depth whose count is below `limit`, with that count.
    pub fn deepest_below(&self, limit: u64) -> Option<(u32, u64)> {
        (1..).zip(self.counts.iter().copied()).take_while(|&(_, count)| count < limit).last()
    }
}

/// The reference position called `name`, if there is one.
pub fn by_name(name: &str) -> Option<&'static ReferencePosition> {
    POSITIONS.iter().find(|position| position.name == name)
}

/// Startpos, Kiwipete and positions 3–6, in the wiki's order. Counts as
/// published on the wiki; position 5's depth 6, past the wiki's table, is
/// from the project's corpus (`tests/data/standard.epd`, where Stockfish
/// and shakmaty agree on it).
pub const POSITIONS: [ReferencePosition; 6] = [
    ReferencePosition {
        name: "startpos",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
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
    ReferencePosition {
        name: "kiwipete",
        fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        counts: &[48, 2_039, 97_862, 4_085_603, 193_690_690, 8_031_647_685],
    },
    ReferencePosition {
        name: "position3",
        fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        counts: &[14, 191, 2_812, 43_238, 674_624, 11_030_083, 178_633_661, 3_009_794_393],
    },
    ReferencePosition {
        name: "position4",
        fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        counts: &[6, 264, 9_467, 422_333, 15_833_292, 706_045_033],
    },
    ReferencePosition {
        name: "position5",
        fen: "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        counts: &[44, 1_486, 62_379, 2_103_487, 89_941_194, 3_048_196_529],
    },
    ReferencePosition {
        name: "position6",
        fen: "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        counts: &[46, 2_079, 89_890, 3_894_594, 164_075_551, 6_923_051_137],
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_fen_parses_and_prints_back() {
        for reference in &POSITIONS {
            assert_eq!(reference.position().to_string(), reference.fen, "{}", reference.name);
        }
    }

    #[test]
    fn names_are_unique_single_words() {
        for (index, reference) in POSITIONS.iter().enumerate() {
            assert!(!reference.name.is_empty() && !reference.name.contains(char::is_whitespace));
            assert_eq!(by_name(reference.name).map(|found| found.fen), Some(reference.fen));
            assert!(POSITIONS[..index].iter().all(|other| other.name != reference.name));
        }
        assert_eq!(by_name("nonesuch"), None);
    }

    #[test]
    fn shallow_counts_are_perft() {
        for reference in &POSITIONS {
            let position = reference.position();
            for depth in 1..=3 {
                assert_eq!(
                    Some(crate::perft(&position, depth)),
                    reference.nodes_at(depth),
                    "{}",
                    reference.name
                );
            }
        }
    }

    #[test]
    fn depth_zero_and_too_deep_have_no_count() {
        assert_eq!(POSITIONS[0].nodes_at(0), None);
        assert_eq!(POSITIONS[0].nodes_at(10), None);
        assert_eq!(POSITIONS[1].nodes_at(1), Some(48));
    }

    #[test]
    fn deepest_below_a_budget() {
        let start = &POSITIONS[0];
        assert_eq!(start.deepest_below(200_000_000), Some((6, 119_060_324)));
        assert_eq!(start.deepest_below(119_060_324), Some((5, 4_865_609)));
        assert_eq!(start.deepest_below(20), None);
        assert_eq!(start.deepest_below(u64::MAX), Some((9, 2_439_530_234_167)));
    }
}
