//! The principal variation of every ply of the current path: a triangular
//! table where row `ply` holds the best line found from that ply on.

use crate::score::MAX_PLY;
use bb_movegen::Move;

/// The principal variation at each ply (triangular table).
pub(super) struct PvTable {
    moves: Vec<[Move; MAX_PLY + 1]>,
    length: [usize; MAX_PLY + 1],
}

impl PvTable {
    pub(super) fn new() -> PvTable {
        PvTable { moves: vec![[Move::NULL; MAX_PLY + 1]; MAX_PLY + 1], length: [0; MAX_PLY + 1] }
    }

    pub(super) fn clear(&mut self, ply: usize) {
        self.length[ply] = ply;
    }

    /// `mv` is the new best move at `ply`: its line is `mv` then the child's.
    pub(super) fn update(&mut self, ply: usize, mv: Move) {
        self.moves[ply][ply] = mv;
        let child_end = self.length[ply + 1].max(ply + 1);
        for index in ply + 1..child_end {
            self.moves[ply][index] = self.moves[ply + 1][index];
        }
        self.length[ply] = child_end;
    }

    pub(super) fn line(&self, ply: usize) -> &[Move] {
        &self.moves[ply][ply..self.length[ply].max(ply)]
    }
}
