//! Optional CPU instructions, asked of the CPU once (CPUID) and remembered.
//!
//! Portable x86 builds (the default `x86_64` and `i686` targets) may not
//! assume POPCNT, so `count_ones` becomes a dozen shifts, masks and adds.
//! Perft counts moves with popcounts and runs ~12% faster with the
//! instruction; [`crate::perft`] therefore keeps a second copy compiled for
//! it and takes that one when this module says the CPU has it.

use core::sync::atomic::{AtomicU8, Ordering};

const UNKNOWN: u8 = 0;
const ABSENT: u8 = 1;
const PRESENT: u8 = 2;

static POPCNT: AtomicU8 = AtomicU8::new(UNKNOWN);

/// True when the CPU running this program has the POPCNT instruction.
pub(crate) fn has_popcnt() -> bool {
    match POPCNT.load(Ordering::Relaxed) {
        PRESENT => true,
        ABSENT => false,
        _ => {
            let present = detect_popcnt();
            POPCNT.store(if present { PRESENT } else { ABSENT }, Ordering::Relaxed);
            present
        }
    }
}

/// CPUID leaf 1, ECX bit 23 reports POPCNT.
#[cfg(target_arch = "x86_64")]
fn detect_popcnt() -> bool {
    core::arch::x86_64::__cpuid(1).ecx & (1 << 23) != 0
}

/// CPUID leaf 1, ECX bit 23 reports POPCNT. Every CPU an i686 target runs
/// on (Pentium Pro and later) has the CPUID instruction.
#[cfg(target_arch = "x86")]
fn detect_popcnt() -> bool {
    core::arch::x86::__cpuid(1).ecx & (1 << 23) != 0
}
