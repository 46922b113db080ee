//! Magic bitboards for 32-bit CPUs: the relevant occupancy's halves are
//! multiplied by two 32-bit magics and the products XORed, so the index is
//! `((lo * magic_lo) ^ (hi * magic_hi)) >> (32 - bits)`. Two 32×32→32
//! multiplies instead of the three a 64-bit product costs on a 32-bit CPU,
//! and no carries between halves. The magics are searched for this formula
//! by the build script; every square gets the same region size as magic64.

use super::entries::{Magic32, TABLE_LEN};
use bb_core::{Bitboard, Square};

include!(concat!(env!("OUT_DIR"), "/magic32.rs"));

impl Magic32 {
    #[inline(always)]
    fn attacks(&self, occupied: Bitboard) -> Bitboard {
        let slot = self.offset.wrapping_add(self.index(occupied)) as usize & (TABLE_LEN - 1);
        Bitboard::from_u64(MAGIC32_ATTACKS[slot])
    }
}

/// Rook attacks from `square` through `occupied`, by the magic32 scheme.
#[inline(always)]
pub fn rook_attacks_magic32(square: Square, occupied: Bitboard) -> Bitboard {
    ROOK_MAGIC32[square as usize].attacks(occupied)
}

/// Bishop attacks from `square` through `occupied`, by the magic32 scheme.
#[inline(always)]
pub fn bishop_attacks_magic32(square: Square, occupied: Bitboard) -> Bitboard {
    BISHOP_MAGIC32[square as usize].attacks(occupied)
}
