//! Slider lookups with the BMI2 `pext` instruction: the bits of `occupied`
//! under the square's mask, packed together, are the index into its region.
//! No magic numbers and no multiply. Fast on x86_64 targets with `bmi2`
//! enabled (e.g. `RUSTFLAGS="-C target-feature=+bmi2"` or
//! `-C target-cpu=native` on a CPU that has it); elsewhere
//! [`bb_core::platform::pext`] extracts the bits by a loop, for tests and comparisons.

use super::entries::{Pext, TABLE_LEN};
use bb_core::{Bitboard, Square};

include!(concat!(env!("OUT_DIR"), "/pext.rs"));

impl Pext {
    #[inline(always)]
    fn attacks(&self, occupied: Bitboard) -> Bitboard {
        let slot = self.offset.wrapping_add(self.index(occupied)) as usize & (TABLE_LEN - 1);
        Bitboard::from_u64(PEXT_ATTACKS[slot])
    }
}

/// Rook attacks from `square` through `occupied`, by `pext`.
#[inline(always)]
pub fn rook_attacks_pext(square: Square, occupied: Bitboard) -> Bitboard {
    ROOK_PEXT[square as usize].attacks(occupied)
}

/// Bishop attacks from `square` through `occupied`, by `pext`.
#[inline(always)]
pub fn bishop_attacks_pext(square: Square, occupied: Bitboard) -> Bitboard {
    BISHOP_PEXT[square as usize].attacks(occupied)
}
