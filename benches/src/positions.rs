//! The six perft positions of the ChessProgramming wiki ("Perft Results"),
//! with their published node counts and the depth each benchmark uses.
//!
//! Bench depths are chosen so one perft takes roughly 10–100 ms for the
//! fast peers on x86_64 (2–16 million leaves): long enough that timer
//! overhead and the first-level move generation do not matter, short enough
//! that the whole suite runs in a few minutes on two shared cores.

/// A perft test position: its FEN, the node counts from depth 1 upwards,
/// and the depth the perft benchmark runs it at.
#[derive(Clone, Copy, Debug)]
pub struct PerftPosition {
    /// Short stable name, used in benchmark ids (`perft/<name>/<engine>`).
    pub name: &'static str,
    /// Forsyth–Edwards notation, all six fields.
    pub fen: &'static str,
    /// `nodes[d - 1]` is perft(d).
    pub nodes: &'static [u64],
    /// The depth the perft benchmark runs.
    pub bench_depth: u32,
}

impl PerftPosition {
    /// perft(`depth`) as published, if the table goes that deep.
    pub fn nodes_at(&self, depth: u32) -> Option<u64> {
        let index = usize::try_from(depth).ok()?.checked_sub(1)?;
        self.nodes.get(index).copied()
    }

    /// The number of leaves the perft benchmark visits.
    pub fn bench_nodes(&self) -> u64 {
        self.nodes_at(self.bench_depth).expect("bench depth is within the published counts")
    }
}

/// Startpos, Kiwipete and positions 3–6, in the wiki's order.
pub const PERFT_POSITIONS: [PerftPosition; 6] = [
    PerftPosition {
        name: "startpos",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        nodes: &[20, 400, 8_902, 197_281, 4_865_609, 119_060_324],
        bench_depth: 5,
    },
    PerftPosition {
        name: "kiwipete",
        fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        nodes: &[48, 2_039, 97_862, 4_085_603, 193_690_690],
        bench_depth: 4,
    },
    PerftPosition {
        name: "position3",
        fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        nodes: &[14, 191, 2_812, 43_238, 674_624, 11_030_083, 178_633_661],
        bench_depth: 6,
    },
    PerftPosition {
        name: "position4",
        fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        nodes: &[6, 264, 9_467, 422_333, 15_833_292],
        bench_depth: 5,
    },
    PerftPosition {
        name: "position5",
        fen: "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        nodes: &[44, 1_486, 62_379, 2_103_487, 89_941_194],
        bench_depth: 4,
    },
    PerftPosition {
        name: "position6",
        fen: "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        nodes: &[46, 2_079, 89_890, 3_894_594, 164_075_551],
        bench_depth: 4,
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bench_depth_has_a_published_count() {
        for position in &PERFT_POSITIONS {
            assert!(position.bench_nodes() > 1_000_000, "{} bench is too small", position.name);
        }
    }

    #[test]
    fn depth_zero_and_too_deep_have_no_count() {
        assert_eq!(PERFT_POSITIONS[0].nodes_at(0), None);
        assert_eq!(PERFT_POSITIONS[0].nodes_at(7), None);
        assert_eq!(PERFT_POSITIONS[1].nodes_at(1), Some(48));
    }
}
