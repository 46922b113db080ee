//! Slider lookups with the BMI2 `pext` instruction: the bits of `occupied`
//! under the square's mask, packed together, are the index into its region.
//! No magic numbers and no multiply. Compiled only for x86_64 targets with
//! `bmi2` enabled (e.g. `RUSTFLAGS="-C target-feature=+bmi2"` or
//! `-C target-cpu=native` on a CPU that has it).

use super::TABLE_LEN;
use bb_core::{Bitboard, Square};

/// One square's entry.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pext {
    /// The squares whose occupancy matters (rays without their edge square).
    mask: Bitboard,
    /// Where the square's region starts in the shared table.
    offset: u32,
}

include!(concat!(env!("OUT_DIR"), "/pext.rs"));

/// Packs the bits of `value` selected by `mask` into the low bits.
#[inline(always)]
#[allow(unsafe_code)]
fn parallel_bit_extract(value: u64, mask: u64) -> u64 {
    // SAFETY: `_pext_u64` is unsafe only because it needs the BMI2
    // instruction set. This module is compiled only when the target enables
    // `bmi2`, which promises every CPU the program runs on has it.
    unsafe { core::arch::x86_64::_pext_u64(value, mask) }
}

impl Pext {
    #[inline(always)]
    fn attacks(&self, occupied: Bitboard) -> Bitboard {
        let index = parallel_bit_extract(occupied.to_u64(), self.mask.to_u64()) as u32;
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

#[cfg(test)]
mod tests {
    use super::parallel_bit_extract;

    /// The intrinsic against the definition, bit by bit.
    fn software_pext(value: u64, mask: u64) -> u64 {
        let mut result = 0;
        let mut out_bit = 0;
        for bit in 0..64 {
            if mask >> bit & 1 == 1 {
                result |= (value >> bit & 1) << out_bit;
                out_bit += 1;
            }
        }
        result
    }

    #[test]
    fn intrinsic_matches_the_definition() {
        let mut state = 0x1234_5678_9abc_def0u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for edge in [0, 1, u64::MAX, 1 << 63, 0xffff_ffff, 0xffff_ffff_0000_0000] {
            assert_eq!(parallel_bit_extract(edge, u64::MAX), edge);
            assert_eq!(parallel_bit_extract(u64::MAX, edge), software_pext(u64::MAX, edge));
        }
        for _ in 0..100_000 {
            let (value, mask) = (next(), next() & next());
            assert_eq!(parallel_bit_extract(value, mask), software_pext(value, mask), "{value:#x} {mask:#x}");
        }
    }
}
