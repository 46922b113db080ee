//! Correction history: how far the static evaluation has been from the
//! search's results in positions with the same pawns, and with the same
//! pieces of each colour, learnt as the search goes and added to later
//! static evaluations.
//!
//! The network misjudges some structures consistently (a blocked chain, a
//! fortress); the search finds out, and positions that share the structure
//! then start from a better guess, which sharpens every margin-based
//! pruning. Each entry is an exponential moving average of the error, in
//! 1/[`GRAIN`] of a centipawn, weighted by the depth that measured it.

use super::params;
use crate::score::{Score, MATE_BOUND};
use bb_core::{Color, PieceKind};
use bb_movegen::Position;

/// Entries per table and side to move (a power of two).
const ENTRIES: usize = 1 << 14;
/// Fixed-point scale of an entry: 1/`GRAIN` of a centipawn.
const GRAIN: i32 = 256;
/// The weights of an update are out of this.
const WEIGHT_SCALE: i32 = 256;

/// Where a position's corrections are kept: its side to move, and the
/// keys of its pawns and of each colour's other pieces. A node computes
/// them once, to correct its evaluation and later to learn.
pub struct CorrectionKeys {
    side: usize,
    pawns: usize,
    pieces: [usize; 2],
}

/// Odd multipliers that spread a bitboard's bits into the high bits.
const MULTIPLIERS: [u64; 6] = [
    0x9E37_79B9_7F4A_7C15,
    0xBF58_476D_1CE4_E5B9,
    0x94D0_49BB_1331_11EB,
    0xD6E8_FEB8_6659_FD93,
    0xA076_1D64_78BD_642F,
    0xE703_7ED1_A0B4_28DB,
];

fn index(hash: u64) -> usize {
    (hash >> (64 - ENTRIES.trailing_zeros())) as usize
}

impl CorrectionKeys {
    /// The keys of `position`.
    pub fn of(position: &Position) -> CorrectionKeys {
        let bits = |color, kind| position.by_color_kind(color, kind).to_u64();
        let pawns = bits(Color::White, PieceKind::Pawn).wrapping_mul(MULTIPLIERS[0])
            ^ bits(Color::Black, PieceKind::Pawn).wrapping_mul(MULTIPLIERS[1]);
        let pieces = [Color::White, Color::Black].map(|color| {
            let kinds =
                [PieceKind::Knight, PieceKind::Bishop, PieceKind::Rook, PieceKind::Queen, PieceKind::King];
            let hash = kinds
                .iter()
                .zip(&MULTIPLIERS[1..])
                .fold(0u64, |hash, (&kind, &multiplier)| hash ^ bits(color, kind).wrapping_mul(multiplier));
            index(hash)
        });
        CorrectionKeys { side: position.side_to_move().index(), pawns: index(pawns), pieces }
    }
}

/// The correction tables of one search thread.
#[derive(Clone)]
pub struct CorrectionHistory {
    /// By side to move, then pawn key.
    pawns: Box<[[i16; ENTRIES]; 2]>,
    /// By side to move, colour of the pieces, then that colour's piece key.
    pieces: Box<[[[i16; ENTRIES]; 2]; 2]>,
}

impl Default for CorrectionHistory {
    fn default() -> CorrectionHistory {
        CorrectionHistory { pawns: Box::new([[0; ENTRIES]; 2]), pieces: Box::new([[[0; ENTRIES]; 2]; 2]) }
    }
}

impl CorrectionHistory {
    /// Zeroes everything.
    pub fn clear(&mut self) {
        *self.pawns = [[0; ENTRIES]; 2];
        *self.pieces = [[[0; ENTRIES]; 2]; 2];
    }

    /// `eval`, the raw static evaluation of the position of `keys`,
    /// corrected by what the tables learnt; never a mate score.
    pub fn correct(&self, keys: &CorrectionKeys, eval: Score) -> Score {
        let side = keys.side;
        let pawns = i32::from(self.pawns[side][keys.pawns]);
        let pieces: i32 = (0..2).map(|color| i32::from(self.pieces[side][color][keys.pieces[color]])).sum();
        // The pawn entry in full, each colour's pieces by half.
        let correction = (2 * pawns + pieces) / (2 * GRAIN);
        (eval + correction).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// The search of the position of `keys` to `depth` found `value`
    /// where the raw static evaluation said `eval`: move the entries
    /// towards the error.
    pub fn learn(&mut self, keys: &CorrectionKeys, depth: i32, eval: Score, value: Score) {
        let side = keys.side;
        // An entry never corrects by more than this many centipawns.
        let limit = params::correction_limit();
        let error = (value - eval).clamp(-limit, limit) * GRAIN;
        let weight = (depth + 1).min(16);
        let update = |entry: &mut i16| {
            let blended = (i32::from(*entry) * (WEIGHT_SCALE - weight) + error * weight) / WEIGHT_SCALE;
            *entry = blended.clamp(-limit * GRAIN, limit * GRAIN) as i16;
        };
        update(&mut self.pawns[side][keys.pawns]);
        for color in 0..2 {
            update(&mut self.pieces[side][color][keys.pieces[color]]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    /// The tests speak of positions; the tables of their keys.
    impl CorrectionHistory {
        fn correct_position(&self, position: &Position, eval: Score) -> Score {
            self.correct(&CorrectionKeys::of(position), eval)
        }

        fn learn_position(&mut self, position: &Position, depth: i32, eval: Score, value: Score) {
            self.learn(&CorrectionKeys::of(position), depth, eval, value);
        }
    }

    #[test]
    fn a_fresh_table_corrects_nothing() {
        let table = CorrectionHistory::default();
        let start = Position::startpos();
        assert_eq!(table.correct_position(&start, 37), 37);
        assert_eq!(table.correct_position(&start, -5), -5);
    }

    #[test]
    fn repeated_errors_are_learnt_up_to_the_limit_and_only_for_that_side() {
        let mut table = CorrectionHistory::default();
        let start = Position::startpos();
        for _ in 0..200 {
            table.learn_position(&start, 12, 10, 1_010);
        }
        // The pawn entry counts in full, each colour's pieces by half: twice
        // the error, which is capped at the limit (less what rounding
        // leaves); the error of 1,000 is beyond any limit a tuner may set.
        let corrected = table.correct_position(&start, 10);
        let limit = params::correction_limit();
        assert!((10 + 2 * limit - 2..=10 + 2 * limit).contains(&corrected), "{corrected}");
        let black = position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
        assert_eq!(table.correct_position(&black, 10), 10, "the other side to move is another table");
        for _ in 0..400 {
            table.learn_position(&start, 12, 10, 10);
        }
        assert!((table.correct_position(&start, 10) - 10).abs() <= 1, "a correct evaluation unlearns");
    }

    #[test]
    fn positions_sharing_the_pawns_share_the_pawn_correction() {
        let mut table = CorrectionHistory::default();
        let learnt = position("4k3/pp3ppp/8/8/8/8/PP3PPP/3QK3 w - - 0 1");
        let same_pawns = position("3rk3/pp3ppp/8/8/8/8/PP3PPP/4KR2 w - - 0 1");
        let other_pawns = position("3rk3/pp3ppp/8/8/8/7P/PP3PP1/4KR2 w - - 0 1");
        for _ in 0..200 {
            table.learn_position(&learnt, 10, 0, -40);
        }
        // The pawn entry alone: the error of 40, or the limit if lower.
        let expected = 40.min(params::correction_limit());
        let corrected = table.correct_position(&same_pawns, 0);
        assert!(corrected < -expected * 3 / 4, "{corrected}");
        assert!(table.correct_position(&other_pawns, 0).abs() <= 1);
    }

    #[test]
    fn corrections_never_reach_mate_scores() {
        let mut table = CorrectionHistory::default();
        let start = Position::startpos();
        for _ in 0..100 {
            table.learn_position(&start, 20, 0, MATE_BOUND);
        }
        assert_eq!(table.correct_position(&start, MATE_BOUND - 10), MATE_BOUND - 1);
    }
}
