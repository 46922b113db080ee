//! The one table of the compact slider scheme (`src/sliders/compact.rs`):
//! the attacks along a line of eight squares, as a byte, for each position
//! on the line and each occupancy of its six inner squares. Computed on the
//! first rank with the same ray walk as every other table.

use crate::geometry::slider_attacks;
use bb_core::{Bitboard, Direction, File, Rank, Square};

/// `[position][inner occupancy]`: bit `i` of an inner occupancy is the
/// line's square `i + 1`.
pub fn line_attacks() -> Vec<Vec<u8>> {
    File::ALL
        .iter()
        .map(|&file| {
            let square = Square::new(file, Rank::First);
            (0..64u64)
                .map(|inner| {
                    let occupied = Bitboard::from_u64(inner << 1);
                    let attacks = slider_attacks(square, occupied, &[Direction::East, Direction::West]);
                    u8::try_from(attacks.to_u64()).expect("first-rank attacks fit in a byte")
                })
                .collect()
        })
        .collect()
}
