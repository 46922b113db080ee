//! Fancy magic bitboards with a 64-bit multiply: the index of an occupancy
//! is `((occupied & mask) * magic) >> (64 - bits)`, plus the square's offset
//! into the shared table.

use super::TABLE_LEN;
use bb_core::{Bitboard, Square, U64};

/// One square's entry: 24 bytes, so a lookup touches one cache line here
/// and one in the attack table.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Magic64 {
    /// The squares whose occupancy matters (rays without their edge square).
    mask: Bitboard,
    magic: U64,
    /// `64 - bits`, where `2^bits` is the size of the square's region.
    shift: u32,
    /// Where the square's region starts in the shared table.
    offset: u32,
}

include!(concat!(env!("OUT_DIR"), "/magic64.rs"));

impl Magic64 {
    #[inline(always)]
    fn attacks(&self, occupied: Bitboard) -> Bitboard {
        let product = occupied.0.and(self.mask.0).wrapping_mul(self.magic);
        // `shift` is at least 52, so the index lies in the high half; the
        // hi/lo backend reads it from there without a 64-bit shift.
        let index = product.shr_high(self.shift);
        let slot = self.offset.wrapping_add(index) as usize & (TABLE_LEN - 1);
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
