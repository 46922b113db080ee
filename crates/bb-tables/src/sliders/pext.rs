//! Slider lookups with the BMI2 `pext` instruction: the bits of `occupied`
//! under the square's mask, packed together, are the index into its region.
//! No magic numbers and no multiply. Fast on x86_64 targets with `bmi2`
//! enabled (e.g. `RUSTFLAGS="-C target-feature=+bmi2"` or
//! `-C target-cpu=native` on a CPU that has it), and through a
//! [`Bmi2`] (a [`SliderLookup`](super::SliderLookup)) in code compiled for
//! BMI2 at run time; elsewhere [`bb_core::platform::pext`] extracts the
//! bits by a loop, for tests and comparisons.

use super::entries::{Pext, TABLE_LEN};
use bb_core::platform::Bmi2;
use bb_core::{Bitboard, Square};

include!(concat!(env!("OUT_DIR"), "/pext.rs"));

impl Pext {
    #[inline(always)]
    fn attacks(&self, occupied: Bitboard) -> Bitboard {
        let slot = self.offset.wrapping_add(self.index(occupied)) as usize & (TABLE_LEN - 1);
        Bitboard::from_u64(PEXT_ATTACKS[slot])
    }

    /// [`attacks`](Self::attacks) with the index extracted by the
    /// instruction, which `bmi2` proves the CPU has.
    #[inline(always)]
    fn attacks_by(&self, bmi2: Bmi2, occupied: Bitboard) -> Bitboard {
        let index = bmi2.pext(occupied.to_u64(), self.mask.to_u64()) as u32;
        let slot = self.offset.wrapping_add(index) as usize & (TABLE_LEN - 1);
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

/// Rook attacks by `pext`, extracted by the instruction.
#[inline(always)]
pub(super) fn rook_attacks_by(bmi2: Bmi2, square: Square, occupied: Bitboard) -> Bitboard {
    ROOK_PEXT[square as usize].attacks_by(bmi2, occupied)
}

/// Bishop attacks by `pext`, extracted by the instruction.
#[inline(always)]
pub(super) fn bishop_attacks_by(bmi2: Bmi2, square: Square, occupied: Bitboard) -> Bitboard {
    BISHOP_PEXT[square as usize].attacks_by(bmi2, occupied)
}
