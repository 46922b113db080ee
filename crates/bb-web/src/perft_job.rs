//! Perft and divide in steps of one root move, so that a Web Worker can
//! report progress between steps (and be stopped between them by the page).

use bb_movegen::perft::perft;
use bb_movegen::{Move, Position};

/// A perft being counted root move by root move.
///
/// ```
/// use bb_web::PerftJob;
///
/// let mut job = PerftJob::new(bb_movegen::STARTPOS_FEN, 3)?;
/// assert_eq!(job.root_moves(), 20);
/// while let Some((uci, count)) = job.step() {
///     assert!(!uci.is_empty() && count > 0);
/// }
/// assert_eq!((job.done(), job.nodes()), (20, 8_902));
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Debug)]
pub struct PerftJob {
    position: Position,
    depth: u32,
    moves: Vec<Move>,
    done: usize,
    nodes: u64,
}

/// The deepest perft the page offers: deeper counts take hours in a page.
pub const MAX_PERFT_DEPTH: u32 = 9;

impl PerftJob {
    /// A job for perft `depth` (1 to [`MAX_PERFT_DEPTH`]) of `fen`; the error is
    /// the one-line reason.
    pub fn new(fen: &str, depth: u32) -> Result<PerftJob, String> {
        if !(1..=MAX_PERFT_DEPTH).contains(&depth) {
            return Err(format!("depth must be from 1 to {MAX_PERFT_DEPTH}, not {depth}"));
        }
        let position = Position::from_fen(fen.trim()).map_err(|error| error.to_string())?;
        let moves = position.legal_moves().iter().copied().collect();
        Ok(PerftJob { position, depth, moves, done: 0, nodes: 0 })
    }

    /// The number of root moves, the steps of the job.
    pub fn root_moves(&self) -> usize {
        self.moves.len()
    }

    /// Counts the next root move: its UCI and its count, or `None` when
    /// every root move is counted.
    pub fn step(&mut self) -> Option<(String, u64)> {
        let mv = *self.moves.get(self.done)?;
        let count = perft(&self.position.play(mv), self.depth - 1);
        self.done += 1;
        self.nodes += count;
        Some((mv.uci(self.position.is_chess960()).to_string(), count))
    }

    /// The root moves counted so far.
    pub fn done(&self) -> usize {
        self.done
    }

    /// The nodes counted so far (the perft, once every step is done).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kiwipete_perft_3_in_steps() {
        let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        let mut job = PerftJob::new(kiwipete, 3).unwrap();
        assert_eq!(job.root_moves(), 48);
        let steps: Vec<(String, u64)> = std::iter::from_fn(|| job.step()).collect();
        assert_eq!(steps.len(), 48);
        assert_eq!(job.nodes(), perft(&Position::from_fen(kiwipete).unwrap(), 3));
    }

    #[test]
    fn bad_requests_are_one_line_reasons() {
        assert!(PerftJob::new(bb_movegen::STARTPOS_FEN, 0).unwrap_err().contains("from 1 to 9"));
        assert!(PerftJob::new("not a fen", 2).unwrap_err().starts_with("invalid FEN"));
    }
}
