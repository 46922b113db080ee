//! The hi/lo backend: a `U64` is a pair of `u32` halves.
//!
//! Made for 32-bit targets, where rustc would otherwise lower every `u64`
//! operation to pairs of instructions plus calls for the bit counts. Here
//! each operation works on the halves directly, so the code that reaches
//! the CPU is what a 32-bit chess programmer would write by hand: shifts
//! that carry bits across the halves, add/sub with an explicit carry,
//! popcount and bit scans per half. The one widening step is the 32×32→64
//! product inside `wrapping_mul` (a single `mul` instruction on x86).

use core::cmp::Ordering;

/// A 64-bit word stored as two `u32` halves.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(C)]
pub struct U64 {
    lo: u32,
    hi: u32,
}

impl U64 {
    /// All bits clear.
    pub const ZERO: Self = Self { lo: 0, hi: 0 };
    /// Only bit 0 set.
    pub const ONE: Self = Self { lo: 1, hi: 0 };
    /// All 64 bits set.
    pub const MAX: Self = Self { lo: u32::MAX, hi: u32::MAX };

    /// Splits a plain `u64` into halves.
    #[inline(always)]
    pub const fn from_u64(value: u64) -> Self {
        Self { lo: value as u32, hi: (value >> 32) as u32 }
    }

    /// Joins the halves into a plain `u64` (for output and tests; not used
    /// on hot paths).
    #[inline(always)]
    pub const fn to_u64(self) -> u64 {
        ((self.hi as u64) << 32) | self.lo as u64
    }

    /// Builds a word from its high and low 32-bit halves.
    #[inline(always)]
    pub const fn from_halves(hi: u32, lo: u32) -> Self {
        Self { lo, hi }
    }

    /// The high 32 bits (bits 32..64).
    #[inline(always)]
    pub const fn hi(self) -> u32 {
        self.hi
    }

    /// The low 32 bits (bits 0..32).
    #[inline(always)]
    pub const fn lo(self) -> u32 {
        self.lo
    }

    /// Bitwise and.
    #[inline(always)]
    pub const fn and(self, other: Self) -> Self {
        Self { lo: self.lo & other.lo, hi: self.hi & other.hi }
    }

    /// Bitwise or.
    #[inline(always)]
    pub const fn or(self, other: Self) -> Self {
        Self { lo: self.lo | other.lo, hi: self.hi | other.hi }
    }

    /// Bitwise exclusive or.
    #[inline(always)]
    pub const fn xor(self, other: Self) -> Self {
        Self { lo: self.lo ^ other.lo, hi: self.hi ^ other.hi }
    }

    /// Bitwise complement.
    #[inline(always)]
    pub const fn not(self) -> Self {
        Self { lo: !self.lo, hi: !self.hi }
    }

    /// `self & !other`: the bits of `self` that are not in `other`.
    #[inline(always)]
    pub const fn and_not(self, other: Self) -> Self {
        Self { lo: self.lo & !other.lo, hi: self.hi & !other.hi }
    }

    /// Shift left by `amount` bits; an amount of 64 or more gives zero.
    #[inline(always)]
    pub const fn shl(self, amount: u32) -> Self {
        if amount >= 64 {
            Self::ZERO
        } else if amount >= 32 {
            Self { lo: 0, hi: self.lo << (amount - 32) }
        } else if amount == 0 {
            self
        } else {
            Self { lo: self.lo << amount, hi: (self.hi << amount) | (self.lo >> (32 - amount)) }
        }
    }

    /// Logical shift right by `amount` bits; an amount of 64 or more gives zero.
    #[inline(always)]
    pub const fn shr(self, amount: u32) -> Self {
        if amount >= 64 {
            Self::ZERO
        } else if amount >= 32 {
            Self { lo: self.hi >> (amount - 32), hi: 0 }
        } else if amount == 0 {
            self
        } else {
            Self { lo: (self.lo >> amount) | (self.hi << (32 - amount)), hi: self.hi >> amount }
        }
    }

    /// `(self >> amount) as u32` for an `amount` in 32..64, where what is
    /// left fits in 32 bits (magic bitboards take their index so): one
    /// 32-bit shift of the high half. Other amounts are a mistake, which may
    /// panic in a debug build.
    #[inline(always)]
    pub const fn shr_high(self, amount: u32) -> u32 {
        self.hi >> amount.wrapping_sub(32)
    }

    /// Number of set bits.
    #[inline(always)]
    pub const fn count_ones(self) -> u32 {
        self.lo.count_ones() + self.hi.count_ones()
    }

    /// Index of the lowest set bit (the seeds' FirstBit); 64 when zero.
    #[inline(always)]
    pub const fn trailing_zeros(self) -> u32 {
        let low = self.lo != 0;
        let half = if low { self.lo } else { self.hi };
        half.trailing_zeros() + if low { 0 } else { 32 }
    }

    /// Number of clear bits above the highest set bit; 64 when zero.
    /// The highest set bit (the seeds' LastBit) is `63 - leading_zeros`.
    #[inline(always)]
    pub const fn leading_zeros(self) -> u32 {
        if self.hi != 0 {
            self.hi.leading_zeros()
        } else {
            32 + self.lo.leading_zeros()
        }
    }

    /// True when no bit is set.
    #[inline(always)]
    pub const fn is_zero(self) -> bool {
        (self.lo | self.hi) == 0
    }

    /// True when bit `index` is set; false for `index >= 64`.
    #[inline(always)]
    pub const fn bit(self, index: u32) -> bool {
        // Selects rather than branches: square indices are unpredictable,
        // and these two run on every move (`Square::bitboard`, `contains`).
        let half = if index & 32 != 0 { self.hi } else { self.lo };
        index < 64 && (half >> (index & 31)) & 1 == 1
    }

    /// The word with only bit `index` set; zero for `index >= 64`.
    #[inline(always)]
    pub const fn single_bit(index: u32) -> Self {
        let bit = if index < 64 { 1u32 << (index & 31) } else { 0 };
        // All ones when the bit belongs in the high half.
        let high = 0u32.wrapping_sub((index >> 5) & 1);
        Self { lo: bit & !high, hi: bit & high }
    }

    /// The lowest set bit on its own (`x & -x`); zero when zero.
    #[inline(always)]
    pub const fn lowest_bit(self) -> Self {
        if self.lo != 0 {
            Self { lo: self.lo & self.lo.wrapping_neg(), hi: 0 }
        } else {
            Self { lo: 0, hi: self.hi & self.hi.wrapping_neg() }
        }
    }

    /// The word with its lowest set bit cleared (`x & (x - 1)`).
    #[inline(always)]
    pub const fn clear_lowest_bit(self) -> Self {
        if self.lo != 0 {
            Self { lo: self.lo & self.lo.wrapping_sub(1), hi: self.hi }
        } else {
            Self { lo: 0, hi: self.hi & self.hi.wrapping_sub(1) }
        }
    }

    /// Removes the lowest set bit and returns its index; returns 64 and
    /// leaves the word unchanged when it is zero.
    #[inline(always)]
    pub const fn pop_lsb(&mut self) -> u32 {
        // Selects, not branches: where a loop over a set crosses from the
        // low half to the high one is unpredictable. A zero word gives
        // 32 + 32 and stays zero.
        let low = self.lo != 0;
        let half = if low { self.lo } else { self.hi };
        let index = half.trailing_zeros() + if low { 0 } else { 32 };
        let cleared = half & half.wrapping_sub(1);
        if low {
            self.lo = cleared;
        } else {
            self.hi = cleared;
        }
        index
    }

    /// Addition modulo 2^64, with the carry passed from the low half.
    #[inline(always)]
    pub const fn wrapping_add(self, other: Self) -> Self {
        let (lo, carry) = self.lo.overflowing_add(other.lo);
        let hi = self.hi.wrapping_add(other.hi).wrapping_add(carry as u32);
        Self { lo, hi }
    }

    /// Subtraction modulo 2^64, with the borrow passed from the low half.
    #[inline(always)]
    pub const fn wrapping_sub(self, other: Self) -> Self {
        let (lo, borrow) = self.lo.overflowing_sub(other.lo);
        let hi = self.hi.wrapping_sub(other.hi).wrapping_sub(borrow as u32);
        Self { lo, hi }
    }

    /// Two's-complement negation modulo 2^64.
    #[inline(always)]
    pub const fn wrapping_neg(self) -> Self {
        Self::ZERO.wrapping_sub(self)
    }

    /// Multiplication modulo 2^64 from three 32-bit products: the full
    /// low×low product, plus the low halves of the two cross products moved
    /// into the high word (high×high only affects bits 64 and up).
    #[inline(always)]
    pub const fn wrapping_mul(self, other: Self) -> Self {
        let (low_product_hi, low_product_lo) = widening_mul(self.lo, other.lo);
        let cross = self.hi.wrapping_mul(other.lo).wrapping_add(self.lo.wrapping_mul(other.hi));
        Self { lo: low_product_lo, hi: low_product_hi.wrapping_add(cross) }
    }

    /// Reverses the byte order; on a bitboard this mirrors the ranks.
    #[inline(always)]
    pub const fn swap_bytes(self) -> Self {
        Self { lo: self.hi.swap_bytes(), hi: self.lo.swap_bytes() }
    }

    /// Reverses the bit order.
    #[inline(always)]
    pub const fn reverse_bits(self) -> Self {
        Self { lo: self.hi.reverse_bits(), hi: self.lo.reverse_bits() }
    }
}

/// The full 64-bit product of two `u32`s as (high, low) halves. This is the
/// one place the backend forms a 64-bit value: on x86 it is one `mul`.
#[inline(always)]
const fn widening_mul(a: u32, b: u32) -> (u32, u32) {
    let product = a as u64 * b as u64;
    ((product >> 32) as u32, product as u32)
}

impl PartialOrd for U64 {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Orders as the 64-bit values do: high halves first, then low halves.
impl Ord for U64 {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        match self.hi.cmp(&other.hi) {
            Ordering::Equal => self.lo.cmp(&other.lo),
            unequal => unequal,
        }
    }
}
