//! The native backend: a `U64` is one machine `u64`.
//!
//! Every operation maps onto the corresponding `u64` method, so on a 64-bit
//! target each compiles to a single instruction (or a short intrinsic
//! sequence for the bit counts).

/// A 64-bit word stored as one `u64`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[repr(transparent)]
pub struct U64(u64);

impl U64 {
    /// All bits clear.
    pub const ZERO: Self = Self(0);
    /// Only bit 0 set.
    pub const ONE: Self = Self(1);
    /// All 64 bits set.
    pub const MAX: Self = Self(u64::MAX);

    /// Wraps a plain `u64`.
    #[inline(always)]
    pub const fn from_u64(value: u64) -> Self {
        Self(value)
    }

    /// The value as a plain `u64`.
    #[inline(always)]
    pub const fn to_u64(self) -> u64 {
        self.0
    }

    /// Builds a word from its high and low 32-bit halves.
    #[inline(always)]
    pub const fn from_halves(hi: u32, lo: u32) -> Self {
        Self(((hi as u64) << 32) | lo as u64)
    }

    /// The high 32 bits (bits 32..64).
    #[inline(always)]
    pub const fn hi(self) -> u32 {
        (self.0 >> 32) as u32
    }

    /// The low 32 bits (bits 0..32).
    #[inline(always)]
    pub const fn lo(self) -> u32 {
        self.0 as u32
    }

    /// Bitwise and.
    #[inline(always)]
    pub const fn and(self, other: Self) -> Self {
        Self(self.0 & other.0)
    }

    /// Bitwise or.
    #[inline(always)]
    pub const fn or(self, other: Self) -> Self {
        Self(self.0 | other.0)
    }

    /// Bitwise exclusive or.
    #[inline(always)]
    pub const fn xor(self, other: Self) -> Self {
        Self(self.0 ^ other.0)
    }

    /// Bitwise complement.
    #[inline(always)]
    pub const fn not(self) -> Self {
        Self(!self.0)
    }

    /// `self & !other`: the bits of `self` that are not in `other`.
    #[inline(always)]
    pub const fn and_not(self, other: Self) -> Self {
        Self(self.0 & !other.0)
    }

    /// Shift left by `amount` bits; an amount of 64 or more gives zero.
    #[inline(always)]
    pub const fn shl(self, amount: u32) -> Self {
        if amount >= 64 {
            Self::ZERO
        } else {
            Self(self.0 << amount)
        }
    }

    /// Logical shift right by `amount` bits; an amount of 64 or more gives zero.
    #[inline(always)]
    pub const fn shr(self, amount: u32) -> Self {
        if amount >= 64 {
            Self::ZERO
        } else {
            Self(self.0 >> amount)
        }
    }

    /// `(self >> amount) as u32` for an `amount` in 32..64, where what is
    /// left fits in 32 bits (magic bitboards take their index so). Other
    /// amounts are a mistake, which may panic in a debug build.
    #[inline(always)]
    pub const fn shr_high(self, amount: u32) -> u32 {
        (self.0 >> amount) as u32
    }

    /// Number of set bits.
    #[inline(always)]
    pub const fn count_ones(self) -> u32 {
        self.0.count_ones()
    }

    /// Index of the lowest set bit (the seeds' FirstBit); 64 when zero.
    #[inline(always)]
    pub const fn trailing_zeros(self) -> u32 {
        self.0.trailing_zeros()
    }

    /// Number of clear bits above the highest set bit; 64 when zero.
    /// The highest set bit (the seeds' LastBit) is `63 - leading_zeros`.
    #[inline(always)]
    pub const fn leading_zeros(self) -> u32 {
        self.0.leading_zeros()
    }

    /// True when no bit is set.
    #[inline(always)]
    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// True when bit `index` is set; false for `index >= 64`.
    #[inline(always)]
    pub const fn bit(self, index: u32) -> bool {
        index < 64 && (self.0 >> index) & 1 == 1
    }

    /// The word with only bit `index` set; zero for `index >= 64`.
    #[inline(always)]
    pub const fn single_bit(index: u32) -> Self {
        Self::ONE.shl(index)
    }

    /// The lowest set bit on its own (`x & -x`); zero when zero.
    #[inline(always)]
    pub const fn lowest_bit(self) -> Self {
        Self(self.0 & self.0.wrapping_neg())
    }

    /// The word with its lowest set bit cleared (`x & (x - 1)`).
    #[inline(always)]
    pub const fn clear_lowest_bit(self) -> Self {
        Self(self.0 & self.0.wrapping_sub(1))
    }

    /// Removes the lowest set bit and returns its index; returns 64 and
    /// leaves the word unchanged when it is zero.
    #[inline(always)]
    pub const fn pop_lsb(&mut self) -> u32 {
        let index = self.trailing_zeros();
        *self = self.clear_lowest_bit();
        index
    }

    /// Addition modulo 2^64.
    #[inline(always)]
    pub const fn wrapping_add(self, other: Self) -> Self {
        Self(self.0.wrapping_add(other.0))
    }

    /// Subtraction modulo 2^64.
    #[inline(always)]
    pub const fn wrapping_sub(self, other: Self) -> Self {
        Self(self.0.wrapping_sub(other.0))
    }

    /// Two's-complement negation modulo 2^64.
    #[inline(always)]
    pub const fn wrapping_neg(self) -> Self {
        Self(self.0.wrapping_neg())
    }

    /// Multiplication modulo 2^64.
    #[inline(always)]
    pub const fn wrapping_mul(self, other: Self) -> Self {
        Self(self.0.wrapping_mul(other.0))
    }

    /// Reverses the byte order; on a bitboard this mirrors the ranks.
    #[inline(always)]
    pub const fn swap_bytes(self) -> Self {
        Self(self.0.swap_bytes())
    }

    /// Reverses the bit order.
    #[inline(always)]
    pub const fn reverse_bits(self) -> Self {
        Self(self.0.reverse_bits())
    }
}
