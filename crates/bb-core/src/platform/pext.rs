//! The parallel bit extract, by instruction where the build has BMI2 on
//! x86_64 and by a loop over the mask's bits elsewhere.

/// Packs the bits of `value` at the positions set in `mask` into the low
/// bits of the result, in order: bit `i` of the result is the bit of `value`
/// under the `i`-th lowest bit of `mask`. This is x86's `pext`, and it is
/// that one instruction where [`HAS_PEXT`](super::HAS_PEXT); elsewhere a
/// loop of one step per bit of `mask`, which gives the same results slowly.
///
/// ```
/// use bb_core::platform::pext;
///
/// assert_eq!(pext(0b1011_0110, 0b1111_0000), 0b1011);
/// assert_eq!(pext(0b1011_0110, 0b0101_0101), 0b0110);
/// assert_eq!(pext(u64::MAX, 1 << 63 | 1), 0b11);
/// ```
#[inline(always)]
pub fn pext(value: u64, mask: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    {
        instruction(value, mask)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    {
        by_loop(value, mask)
    }
}

/// The BMI2 instruction.
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
#[inline(always)]
#[allow(unsafe_code)]
fn instruction(value: u64, mask: u64) -> u64 {
    // SAFETY: `_pext_u64` is unsafe only because it needs the BMI2
    // instruction set. This function is compiled only when the target
    // enables `bmi2`, which promises every CPU the program runs on has it.
    unsafe { core::arch::x86_64::_pext_u64(value, mask) }
}

/// The definition, one bit of `mask` at a time from the lowest.
#[cfg_attr(all(target_arch = "x86_64", target_feature = "bmi2"), allow(dead_code))]
#[inline]
fn by_loop(value: u64, mask: u64) -> u64 {
    let mut result = 0;
    let mut remaining = mask;
    let mut out_bit = 0;
    while remaining != 0 {
        let lowest = remaining & remaining.wrapping_neg();
        if value & lowest != 0 {
            result |= 1 << out_bit;
        }
        out_bit += 1;
        remaining ^= lowest;
    }
    result
}

#[cfg(test)]
mod tests {
    use super::{by_loop, pext};
    use crate::random::SplitMix64;

    /// The bit-by-bit reading of the definition, over all 64 positions.
    fn by_position(value: u64, mask: u64) -> u64 {
        (0..64)
            .filter(|bit| mask >> bit & 1 == 1)
            .enumerate()
            .fold(0, |result, (out_bit, bit)| result | (value >> bit & 1) << out_bit)
    }

    #[test]
    fn every_form_extracts_the_same_bits() {
        let edges = [0, 1, u64::MAX, 1 << 63, 0xffff_ffff, 0xffff_ffff_0000_0000, 0x8000_0001_8000_0001];
        for value in edges {
            for mask in edges {
                assert_eq!(by_loop(value, mask), by_position(value, mask), "{value:#x} {mask:#x}");
                assert_eq!(pext(value, mask), by_position(value, mask), "{value:#x} {mask:#x}");
            }
        }
        let mut random = SplitMix64::new(0x7065_7874);
        for _ in 0..100_000 {
            let (value, mask) = (random.next_u64(), random.sparse_u64(2));
            let expected = by_position(value, mask);
            assert_eq!(by_loop(value, mask), expected, "{value:#x} {mask:#x}");
            assert_eq!(pext(value, mask), expected, "{value:#x} {mask:#x}");
        }
    }
}
