//! Fancy magic bitboards with a 64-bit multiply: the index of an occupancy
//! is `((occupied & mask) * magic) >> (64 - bits)`, plus the square's offset
//! into the shared table.

use super::entries::{Magic64, TABLE_LEN};
use bb_core::{Bitboard, Square, U64};

include!(concat!(env!("OUT_DIR"), "/magic64.rs"));

impl Magic64 {
    #[inline(always)]
    fn attacks(&self, occupied: Bitboard) -> Bitboard {
        let slot = self.offset.wrapping_add(self.index(occupied)) as usize & (TABLE_LEN - 1);
        Bitboard::from_u64(MAGIC64_ATTACKS[slot])
    }
}

/// Rook attacks from `square` through `occupied`, by the magic64 scheme.
#[inline(always)]
pub fn rook_attacks_magic64(square: Square, occupied: Bitboard) -> Bitboard {
    ROOK_MAGIC64[square as usize].attacks(occupied)
}

/// Bishop attacks from `square` through `occupied`, by the magic64 scheme.
#[inline(always)]
pub fn bishop_attacks_magic64(square: Square, occupied: Bitboard) -> Bitboard {
    BISHOP_MAGIC64[square as usize].attacks(occupied)
}
