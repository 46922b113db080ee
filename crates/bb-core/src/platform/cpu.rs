//! What the CPU running the program can do, asked once (CPUID) and
//! remembered, and the dispatch that follows from it.
//!
//! Portable x86 builds (the default `x86_64` and `i686` targets) may not
//! assume POPCNT, so `count_ones` becomes a dozen shifts, masks and adds.
//! Perft counts moves with popcounts and runs ~12% faster with the
//! instruction, so bb-movegen keeps a second copy of it compiled for POPCNT
//! and runs that one when [`kernel`] says so.

use super::HAS_POPCNT;

/// A compiled copy of a hot loop: which one to run on this CPU.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kernel {
    /// The code compiled for the build's baseline instruction set.
    Portable,
    /// A copy compiled with `#[target_feature(enable = "popcnt")]`.
    Popcnt,
}

/// The copy of a hot loop to run here: [`Kernel::Popcnt`] when the build
/// does not assume POPCNT ([`HAS_POPCNT`] is false) but this x86 CPU has it,
/// otherwise [`Kernel::Portable`] (the build already uses POPCNT, or the CPU
/// lacks it, or it is no x86). The first call asks the CPU; later calls read
/// the remembered answer.
///
/// ```
/// use bb_core::platform::{self, Kernel};
///
/// match platform::kernel() {
///     Kernel::Popcnt => assert!(platform::has_popcnt() && !platform::HAS_POPCNT),
///     Kernel::Portable => assert!(platform::HAS_POPCNT || !platform::has_popcnt()),
/// }
/// ```
#[inline]
pub fn kernel() -> Kernel {
    if !HAS_POPCNT && has_popcnt() {
        Kernel::Popcnt
    } else {
        Kernel::Portable
    }
}

/// True when the CPU running this program has the POPCNT instruction:
/// always when the build assumes it, never on a CPU other than x86, and on
/// x86 as CPUID leaf 1 reports it (ECX bit 23), asked once.
#[inline]
pub fn has_popcnt() -> bool {
    HAS_POPCNT || detected::popcnt()
}

#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
mod detected {
    use core::sync::atomic::{AtomicU8, Ordering};

    const UNKNOWN: u8 = 0;
    const ABSENT: u8 = 1;
    const PRESENT: u8 = 2;

    static POPCNT: AtomicU8 = AtomicU8::new(UNKNOWN);

    /// CPUID's answer, asked on the first call only.
    pub(super) fn popcnt() -> bool {
        match POPCNT.load(Ordering::Relaxed) {
            PRESENT => true,
            ABSENT => false,
            _ => {
                let present = cpuid_popcnt();
                POPCNT.store(if present { PRESENT } else { ABSENT }, Ordering::Relaxed);
                present
            }
        }
    }

    /// CPUID leaf 1, ECX bit 23 reports POPCNT. Every CPU an x86 target
    /// runs on (Pentium Pro and later for i686) has the CPUID instruction.
    fn cpuid_popcnt() -> bool {
        #[cfg(target_arch = "x86")]
        use core::arch::x86::__cpuid;
        #[cfg(target_arch = "x86_64")]
        use core::arch::x86_64::__cpuid;
        __cpuid(1).ecx & (1 << 23) != 0
    }
}

#[cfg(not(any(target_arch = "x86", target_arch = "x86_64")))]
mod detected {
    /// POPCNT is an x86 instruction.
    pub(super) fn popcnt() -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_answer_is_remembered_and_the_kernel_follows_it() {
        let first = has_popcnt();
        assert_eq!(has_popcnt(), first);
        let expected = if first && !HAS_POPCNT { Kernel::Popcnt } else { Kernel::Portable };
        assert_eq!(kernel(), expected);
        if HAS_POPCNT {
            assert!(first);
        }
    }
}
