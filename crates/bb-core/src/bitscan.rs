//! Bit scans two ways: the CPU's instructions (through `trailing_zeros` /
//! `leading_zeros`) and the De Bruijn multiplication, which needs only a
//! multiply, a shift and a 64-entry table. Both are exposed so they can be
//! compared, tested equal and benchmarked against each other.
//!
//! The De Bruijn scans use the sequence 0x03f79d71b4cb0a89. Forward scan:
//! isolate the lowest bit (`x & -x`), multiply, the top six bits index the
//! table. Reverse scan: smear the highest bit downwards (`x | x >> 1 | …`),
//! multiply, index another table. Both tables are computed here at compile
//! time from the constant, and the build fails if either is not a perfect
//! hash.

/// The 64-bit De Bruijn sequence used by both scans.
pub const DE_BRUIJN_64: u64 = 0x03f7_9d71_b4cb_0a89;

/// `FORWARD[(lowest_bit * DE_BRUIJN_64) >> 58]` is the index of that bit.
const FORWARD: [u8; 64] = forward_table();
/// `REVERSE[(smeared * DE_BRUIJN_64) >> 58]` is the index of the highest bit.
const REVERSE: [u8; 64] = reverse_table();

const fn forward_table() -> [u8; 64] {
    let mut table = [u8::MAX; 64];
    let mut index = 0;
    while index < 64 {
        let slot = (DE_BRUIJN_64 << index) >> 58;
        assert!(table[slot as usize] == u8::MAX, "not a De Bruijn sequence");
        table[slot as usize] = index as u8;
        index += 1;
    }
    table
}

const fn reverse_table() -> [u8; 64] {
    let mut table = [u8::MAX; 64];
    let mut index = 0;
    while index < 64 {
        // All bits from 0 up to `index` set: what smearing leaves behind.
        let smeared = if index == 63 { u64::MAX } else { (1u64 << (index + 1)) - 1 };
        let slot = smeared.wrapping_mul(DE_BRUIJN_64) >> 58;
        assert!(table[slot as usize] == u8::MAX, "reverse De Bruijn table collides");
        table[slot as usize] = index as u8;
        index += 1;
    }
    table
}

/// Generates the four scans for one backend's `U64`: once per backend, so
/// both are available side by side, and once for this build's `U64`.
macro_rules! scans_for {
    ($word:ty) => {
        /// Index of the lowest set bit by the CPU instruction; 64 when zero.
        #[inline(always)]
        pub const fn first_bit_intrinsic(word: $word) -> u32 {
            word.trailing_zeros()
        }

        /// Index of the highest set bit by the CPU instruction; 64 when zero.
        #[inline(always)]
        pub const fn last_bit_intrinsic(word: $word) -> u32 {
            if word.is_zero() {
                64
            } else {
                63 - word.leading_zeros()
            }
        }

        /// Index of the lowest set bit by De Bruijn multiplication; 64 when zero.
        #[inline(always)]
        pub const fn first_bit_debruijn(word: $word) -> u32 {
            if word.is_zero() {
                return 64;
            }
            let product = word.lowest_bit().wrapping_mul(<$word>::from_u64($crate::bitscan::DE_BRUIJN_64));
            $crate::bitscan::FORWARD[product.shr(58).lo() as usize] as u32
        }

        /// Index of the highest set bit by De Bruijn multiplication; 64 when zero.
        #[inline(always)]
        pub const fn last_bit_debruijn(word: $word) -> u32 {
            if word.is_zero() {
                return 64;
            }
            let mut smeared = word;
            smeared = smeared.or(smeared.shr(1));
            smeared = smeared.or(smeared.shr(2));
            smeared = smeared.or(smeared.shr(4));
            smeared = smeared.or(smeared.shr(8));
            smeared = smeared.or(smeared.shr(16));
            smeared = smeared.or(smeared.shr(32));
            let product = smeared.wrapping_mul(<$word>::from_u64($crate::bitscan::DE_BRUIJN_64));
            $crate::bitscan::REVERSE[product.shr(58).lo() as usize] as u32
        }
    };
}

/// Scans on the native backend's word.
pub mod native {
    use crate::backend::native::U64;
    scans_for!(U64);
}

/// Scans on the hi/lo backend's word.
pub mod hilo {
    use crate::backend::hilo::U64;
    scans_for!(U64);
}

// The scans on this build's word, `crate::U64`, at the module's top level.
scans_for!(crate::U64);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_single_bit_and_its_neighbours_scan_alike() {
        for index in 0..64u32 {
            let bit = 1u64 << index;
            for value in [bit, bit | 1, bit | (bit >> 1), bit.wrapping_neg(), bit | (1 << 63)] {
                let expected_first = value.trailing_zeros();
                let expected_last = 63 - value.leading_zeros();
                let native = crate::backend::native::U64::from_u64(value);
                let hilo = crate::backend::hilo::U64::from_u64(value);
                assert_eq!(native::first_bit_debruijn(native), expected_first, "{value:#x}");
                assert_eq!(hilo::first_bit_debruijn(hilo), expected_first, "{value:#x}");
                assert_eq!(native::last_bit_debruijn(native), expected_last, "{value:#x}");
                assert_eq!(hilo::last_bit_debruijn(hilo), expected_last, "{value:#x}");
                assert_eq!(native::first_bit_intrinsic(native), expected_first);
                assert_eq!(hilo::last_bit_intrinsic(hilo), expected_last);
            }
        }
    }

    #[test]
    fn zero_scans_to_64() {
        assert_eq!(first_bit_debruijn(crate::U64::ZERO), 64);
        assert_eq!(last_bit_debruijn(crate::U64::ZERO), 64);
        assert_eq!(first_bit_intrinsic(crate::U64::ZERO), 64);
        assert_eq!(last_bit_intrinsic(crate::U64::ZERO), 64);
    }
}
