//! What the CPU running the program can do, asked once (CPUID) and
//! remembered, and the dispatch that follows from it.
//!
//! Portable x86 builds (the default `x86_64` and `i686` targets) may assume
//! neither POPCNT nor BMI2, so `count_ones` becomes a dozen shifts, masks
//! and adds and the slider tables are indexed by a multiply. Perft runs
//! ~12% faster with POPCNT, and faster again with `pext` lookups on a CPU
//! where `pext` is quick, so bb-movegen keeps extra copies of perft
//! compiled for those instructions and runs the one [`kernel`] names.

use super::{HAS_PEXT, HAS_POPCNT};

/// A compiled copy of a hot loop: which one to run on this CPU. More may
/// come with other instruction sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Kernel {
    /// The code compiled for the build's baseline instruction set.
    Portable,
    /// A copy compiled with `#[target_feature(enable = "popcnt")]`.
    Popcnt,
    /// A copy compiled with POPCNT, BMI1 and BMI2 whose slider lookups use
    /// the `pext` instruction (x86_64 only; see [`Bmi2`]).
    Bmi2,
}

impl Kernel {
    /// `portable`, `popcnt` or `bmi2`: how `bb --version` names it.
    ///
    /// ```
    /// use bb_core::platform::Kernel;
    ///
    /// assert_eq!(Kernel::Bmi2.name(), "bmi2");
    /// assert_eq!(Kernel::Portable.to_string(), "portable");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Kernel::Portable => "portable",
            Kernel::Popcnt => "popcnt",
            Kernel::Bmi2 => "bmi2",
        }
    }
}

impl core::fmt::Display for Kernel {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// The copy of a hot loop to run here, the fastest this CPU can run:
/// - [`Kernel::Bmi2`] on x86_64 when the build does not assume BMI2
///   ([`HAS_PEXT`] is false) and [`Bmi2::detect`] finds a CPU with a fast
///   `pext`;
/// - otherwise [`Kernel::Popcnt`] when the build does not assume POPCNT
///   ([`HAS_POPCNT`] is false) but this x86 CPU has it;
/// - otherwise [`Kernel::Portable`] (the build already assumes what the
///   CPU has, or the CPU lacks it, or it is no x86).
///
/// The first call asks the CPU; later calls read the remembered answer.
///
/// ```
/// use bb_core::platform::{self, Bmi2, Kernel};
///
/// match platform::kernel() {
///     Kernel::Bmi2 => assert!(Bmi2::detect().is_some() && !platform::HAS_PEXT),
///     Kernel::Popcnt => assert!(platform::has_popcnt() && !platform::HAS_POPCNT),
///     Kernel::Portable => assert!(platform::HAS_POPCNT || !platform::has_popcnt()),
///     other => unreachable!("{other} is not chosen by this version"),
/// }
/// println!("perft runs its {} copy here", platform::kernel());
/// ```
#[inline]
pub fn kernel() -> Kernel {
    if !HAS_PEXT && Bmi2::detect().is_some() {
        Kernel::Bmi2
    } else if !HAS_POPCNT && has_popcnt() {
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
    HAS_POPCNT || detected::features().popcnt
}

/// Proof that the CPU running the program has POPCNT, BMI1 and a fast
/// BMI2 `pext`: a value of this type exists only where [`Bmi2::detect`]
/// found them, so code holding one may use the instructions.
///
/// "Fast" leaves out AMD (and Hygon) CPUs before Zen 3, family 19h: they
/// have BMI2 but run `pext` in microcode, dozens of cycles, slower than a
/// magic multiply.
///
/// ```
/// use bb_core::platform::Bmi2;
///
/// if let Some(bmi2) = Bmi2::detect() {
///     assert_eq!(bmi2.pext(0b1011_0110, 0b1111_0000), 0b1011);
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bmi2(());

impl Bmi2 {
    /// The proof, when this CPU has the instructions and `pext` is fast.
    /// Never in a build for anything but x86_64 (an i686 build running on an
    /// x86_64 CPU included).
    #[inline]
    pub fn detect() -> Option<Bmi2> {
        detected::features().fast_bmi2.then_some(Bmi2(()))
    }

    /// `pext` by the instruction: the same results as
    /// [`platform::pext`](super::pext). One instruction once inlined into a
    /// function compiled with `#[target_feature(enable = "bmi2")]`, a call
    /// to it elsewhere.
    #[inline(always)]
    pub fn pext(self, value: u64, mask: u64) -> u64 {
        #[cfg(target_arch = "x86_64")]
        #[allow(unsafe_code)]
        // SAFETY: `_pext_u64` needs the BMI2 instruction set, and a `Bmi2`
        // exists only where CPUID reported it.
        unsafe {
            core::arch::x86_64::_pext_u64(value, mask)
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            // No `Bmi2` is ever made here; the definition keeps it total.
            super::pext(value, mask)
        }
    }
}

/// The instruction sets the CPU reports that bb cares about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Features {
    popcnt: bool,
    /// POPCNT, BMI1 and BMI2 on x86_64, and `pext` not microcoded.
    fast_bmi2: bool,
}

#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
mod detected {
    use super::Features;
    #[cfg(target_arch = "x86")]
    use core::arch::x86::{__cpuid_count, CpuidResult};
    #[cfg(target_arch = "x86_64")]
    use core::arch::x86_64::{__cpuid_count, CpuidResult};
    use core::sync::atomic::{AtomicU8, Ordering};

    const UNKNOWN: u8 = 0;
    const POPCNT: u8 = 1 << 1;
    const FAST_BMI2: u8 = 1 << 2;
    const KNOWN: u8 = 1 << 7;

    static FEATURES: AtomicU8 = AtomicU8::new(UNKNOWN);

    /// CPUID's answer, asked on the first call only.
    pub(super) fn features() -> Features {
        let mut bits = FEATURES.load(Ordering::Relaxed);
        if bits == UNKNOWN {
            let asked = ask_cpuid();
            bits =
                KNOWN | if asked.popcnt { POPCNT } else { 0 } | if asked.fast_bmi2 { FAST_BMI2 } else { 0 };
            FEATURES.store(bits, Ordering::Relaxed);
        }
        Features { popcnt: bits & POPCNT != 0, fast_bmi2: bits & FAST_BMI2 != 0 }
    }

    /// Leaf 1 ECX bit 23 is POPCNT; leaf 7 EBX bits 3 and 8 are BMI1 and
    /// BMI2. Every CPU an x86 target runs on (Pentium Pro and later for
    /// i686) has the CPUID instruction.
    fn ask_cpuid() -> Features {
        let leaf0 = cpuid(0);
        let leaf1 = cpuid(1);
        let popcnt = leaf1.ecx & (1 << 23) != 0;
        let (bmi1, bmi2) = if leaf0.eax >= 7 {
            let leaf7 = cpuid(7);
            (leaf7.ebx & (1 << 3) != 0, leaf7.ebx & (1 << 8) != 0)
        } else {
            (false, false)
        };
        let vendor = vendor(leaf0.ebx, leaf0.edx, leaf0.ecx);
        let fast_bmi2 = cfg!(target_arch = "x86_64")
            && popcnt
            && bmi1
            && bmi2
            && super::pext_is_fast(&vendor, family(leaf1.eax));
        Features { popcnt, fast_bmi2 }
    }

    /// CPUID `leaf`, sub-leaf 0.
    #[allow(unsafe_code, unused_unsafe)]
    fn cpuid(leaf: u32) -> CpuidResult {
        // SAFETY: CPUID exists on every CPU these targets run on. Newer
        // compilers declare the intrinsic safe, older ones unsafe; the
        // block suits both.
        unsafe { __cpuid_count(leaf, 0) }
    }

    /// The vendor string of leaf 0: EBX, EDX, ECX in that order.
    fn vendor(ebx: u32, edx: u32, ecx: u32) -> [u8; 12] {
        let mut vendor = [0; 12];
        vendor[0..4].copy_from_slice(&ebx.to_le_bytes());
        vendor[4..8].copy_from_slice(&edx.to_le_bytes());
        vendor[8..12].copy_from_slice(&ecx.to_le_bytes());
        vendor
    }

    /// The display family of leaf 1's EAX: the base family, plus the
    /// extended family when the base is 0xF.
    fn family(eax: u32) -> u32 {
        let base = (eax >> 8) & 0xf;
        if base == 0xf {
            base + ((eax >> 20) & 0xff)
        } else {
            base
        }
    }

    #[cfg(test)]
    mod tests {
        #[test]
        fn families_and_vendors_read_as_documented() {
            // Zen 2 (EPYC 7002): family 17h; Zen 3: 19h; Zen 5: 1Ah;
            // a Skylake: family 6.
            assert_eq!(super::family(0x0083_0f10), 0x17);
            assert_eq!(super::family(0x00a0_0f11), 0x19);
            assert_eq!(super::family(0x00b0_0f21), 0x1a);
            assert_eq!(super::family(0x0005_0654), 6);
            let amd = super::vendor(0x6874_7541, 0x6974_6e65, 0x444d_4163);
            assert_eq!(&amd, b"AuthenticAMD");
        }
    }
}

#[cfg(not(any(target_arch = "x86", target_arch = "x86_64")))]
mod detected {
    use super::Features;

    /// POPCNT and BMI2 are x86 instructions.
    pub(super) fn features() -> Features {
        Features { popcnt: false, fast_bmi2: false }
    }
}

/// Whether `pext` is a fast instruction on a CPU of this vendor and family:
/// AMD and Hygon implement it in microcode before family 19h (Zen 3).
#[cfg_attr(not(any(target_arch = "x86", target_arch = "x86_64")), allow(dead_code))]
fn pext_is_fast(vendor: &[u8; 12], family: u32) -> bool {
    let microcoded = matches!(vendor, b"AuthenticAMD" | b"HygonGenuine") && family < 0x19;
    !microcoded
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_answer_is_remembered_and_the_kernel_follows_it() {
        let first = has_popcnt();
        assert_eq!(has_popcnt(), first);
        let bmi2 = Bmi2::detect();
        assert_eq!(Bmi2::detect(), bmi2);
        let expected = if bmi2.is_some() && !HAS_PEXT {
            Kernel::Bmi2
        } else if first && !HAS_POPCNT {
            Kernel::Popcnt
        } else {
            Kernel::Portable
        };
        assert_eq!(kernel(), expected);
        if HAS_POPCNT {
            assert!(first);
        }
        if bmi2.is_some() {
            assert!(first, "BMI2 is detected only with POPCNT");
        }
        if !cfg!(target_arch = "x86_64") {
            assert_eq!(bmi2, None, "the BMI2 copy is for x86_64 only");
        }
    }

    #[test]
    fn pext_is_slow_on_amd_before_zen_3_only() {
        assert!(!pext_is_fast(b"AuthenticAMD", 0x17)); // Zen 1, Zen 2
        assert!(!pext_is_fast(b"AuthenticAMD", 0x15)); // Excavator
        assert!(!pext_is_fast(b"HygonGenuine", 0x18)); // Dhyana
        assert!(pext_is_fast(b"AuthenticAMD", 0x19)); // Zen 3, Zen 4
        assert!(pext_is_fast(b"AuthenticAMD", 0x1a)); // Zen 5
        assert!(pext_is_fast(b"GenuineIntel", 6));
    }

    #[test]
    fn the_instruction_extracts_like_the_definition() {
        let Some(bmi2) = Bmi2::detect() else { return };
        let mut random = crate::random::SplitMix64::new(0x626d_6932);
        for _ in 0..10_000 {
            let (value, mask) = (random.next_u64(), random.next_u64());
            assert_eq!(bmi2.pext(value, mask), super::super::pext(value, mask));
        }
    }
}
