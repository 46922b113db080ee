//! The two `U64` backends. Both always compile, so tests and benchmarks can
//! hold them side by side; `crate::U64` is the one [`crate::platform`]
//! selects for this build.

pub mod hilo;
pub mod native;

/// Kept at its old path; the enum lives in [`crate::platform`].
pub use crate::platform::Backend;

/// Operator traits and formatting, identical for both backends: each forwards
/// to the backend's inherent `const fn`.
macro_rules! impl_common_traits {
    ($word:ty) => {
        impl core::ops::BitAnd for $word {
            type Output = Self;
            #[inline(always)]
            fn bitand(self, rhs: Self) -> Self {
                self.and(rhs)
            }
        }
        impl core::ops::BitOr for $word {
            type Output = Self;
            #[inline(always)]
            fn bitor(self, rhs: Self) -> Self {
                self.or(rhs)
            }
        }
        impl core::ops::BitXor for $word {
            type Output = Self;
            #[inline(always)]
            fn bitxor(self, rhs: Self) -> Self {
                self.xor(rhs)
            }
        }
        impl core::ops::Not for $word {
            type Output = Self;
            #[inline(always)]
            fn not(self) -> Self {
                <$word>::not(self)
            }
        }
        impl core::ops::Shl<u32> for $word {
            type Output = Self;
            #[inline(always)]
            fn shl(self, amount: u32) -> Self {
                <$word>::shl(self, amount)
            }
        }
        impl core::ops::Shr<u32> for $word {
            type Output = Self;
            #[inline(always)]
            fn shr(self, amount: u32) -> Self {
                <$word>::shr(self, amount)
            }
        }
        impl core::ops::BitAndAssign for $word {
            #[inline(always)]
            fn bitand_assign(&mut self, rhs: Self) {
                *self = self.and(rhs);
            }
        }
        impl core::ops::BitOrAssign for $word {
            #[inline(always)]
            fn bitor_assign(&mut self, rhs: Self) {
                *self = self.or(rhs);
            }
        }
        impl core::ops::BitXorAssign for $word {
            #[inline(always)]
            fn bitxor_assign(&mut self, rhs: Self) {
                *self = self.xor(rhs);
            }
        }
        impl core::ops::ShlAssign<u32> for $word {
            #[inline(always)]
            fn shl_assign(&mut self, amount: u32) {
                *self = <$word>::shl(*self, amount);
            }
        }
        impl core::ops::ShrAssign<u32> for $word {
            #[inline(always)]
            fn shr_assign(&mut self, amount: u32) {
                *self = <$word>::shr(*self, amount);
            }
        }
        impl From<u64> for $word {
            #[inline(always)]
            fn from(value: u64) -> Self {
                Self::from_u64(value)
            }
        }
        impl From<$word> for u64 {
            #[inline(always)]
            fn from(word: $word) -> u64 {
                word.to_u64()
            }
        }
        impl core::fmt::Debug for $word {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, "U64({:#018x})", self.to_u64())
            }
        }
        impl core::fmt::LowerHex for $word {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                core::fmt::LowerHex::fmt(&self.to_u64(), f)
            }
        }
        impl core::fmt::UpperHex for $word {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                core::fmt::UpperHex::fmt(&self.to_u64(), f)
            }
        }
        impl core::fmt::Binary for $word {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                core::fmt::Binary::fmt(&self.to_u64(), f)
            }
        }
        impl core::fmt::Display for $word {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                core::fmt::Display::fmt(&self.to_u64(), f)
            }
        }
    };
}

impl_common_traits!(native::U64);
impl_common_traits!(hilo::U64);

// Both words are exactly 64 bits and cheap to pass around; the hi/lo one is
// only 4-byte aligned, which is what a 32-bit target wants.
static_assertions::assert_eq_size!(native::U64, u64);
static_assertions::assert_eq_size!(hilo::U64, u64);
static_assertions::const_assert_eq!(core::mem::align_of::<native::U64>(), core::mem::align_of::<u64>());
static_assertions::const_assert_eq!(core::mem::align_of::<hilo::U64>(), 4);
static_assertions::assert_impl_all!(native::U64: Copy, Send, Sync, Eq, Ord, core::hash::Hash, core::fmt::Debug, Default);
static_assertions::assert_impl_all!(hilo::U64: Copy, Send, Sync, Eq, Ord, core::hash::Hash, core::fmt::Debug, Default);
