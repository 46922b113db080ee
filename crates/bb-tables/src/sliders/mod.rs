//! Rook and bishop attacks for any occupancy.
//!
//! Three index schemes look the attacks up in one step, each with its own shared attack table of
//! [`TABLE_LEN`] entries (all rook squares' regions, then all bishop
//! squares'), computed and checked by the build script. The per-square
//! entries and their index formulas are defined once, in `entries.rs`,
//! which the build script includes too:
//!
//! | scheme | index into the square's region | made for |
//! |---|---|---|
//! | magic64 | `((occupied & mask) * magic) >> (64 - bits)` | 64-bit CPUs, native backend |
//! | magic32 | `((lo * magic_lo) ^ (hi * magic_hi)) >> (32 - bits)` on the 32-bit halves of `occupied & mask` | 32-bit CPUs, hi/lo backend |
//! | pext | `pext(occupied, mask)` | x86_64 with BMI2 |
//!
//! A fourth, compact, trades speed for size: it needs a 512-byte table
//! instead of a ~1 MB one, and no multiply (see `compact.rs`). The feature
//! `compact-sliders` makes it the scheme of [`rook_attacks`](crate::rook_attacks)
//! and friends, whatever the target; it is meant for small memories (a
//! microcontroller's flash, a `.wasm` download). The linker keeps only the
//! tables the program calls, so a build with the feature carries none of the
//! big ones.
//!
//! [`rook_attacks`](crate::rook_attacks) and friends use [`SLIDER_SCHEME`];
//! the functions here call one scheme directly, so benchmarks can compare
//! them on any target. Every scheme is available on every target and
//! backend: only the speed differs (pext, without BMI2, extracts the bits by
//! a loop; [`bb_core::platform::HAS_PEXT`] says which).

mod compact;
// Shared with the build script, which includes it by path.
mod entries;
mod lookup;
mod magic32;
mod magic64;
mod pext;

pub use entries::TABLE_LEN;
pub use lookup::{BuildSliders, SliderLookup};

pub use compact::{bishop_attacks_compact, rook_attacks_compact};
pub use magic32::{bishop_attacks_magic32, rook_attacks_magic32};
pub use magic64::{bishop_attacks_magic64, rook_attacks_magic64};
pub use pext::{bishop_attacks_pext, rook_attacks_pext};

use bb_core::platform::{self, Backend};

/// A way of indexing the slider attack tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SliderScheme {
    /// Fancy magic bitboards with a 64-bit multiply.
    Magic64,
    /// Magic bitboards with two 32-bit multiplies, one per half.
    Magic32,
    /// The BMI2 `pext` instruction (by a loop where the build lacks it).
    Pext,
    /// One 512-byte table of attacks along a line of eight, indexed per
    /// line by shifts and masks (feature `compact-sliders`).
    Compact,
}

impl SliderScheme {
    /// `magic64`, `magic32`, `pext` or `compact`.
    pub const fn name(self) -> &'static str {
        match self {
            SliderScheme::Magic64 => "magic64",
            SliderScheme::Magic32 => "magic32",
            SliderScheme::Pext => "pext",
            SliderScheme::Compact => "compact",
        }
    }
}

impl core::fmt::Display for SliderScheme {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// The scheme behind [`rook_attacks`](crate::rook_attacks) and
/// [`bishop_attacks`](crate::bishop_attacks) in this build: compact with
/// the feature `compact-sliders`; otherwise, from the platform's
/// constants, pext when the build has the instruction
/// ([`platform::HAS_PEXT`], e.g. `-C target-feature=+bmi2` on x86_64),
/// otherwise magic64 for the native backend and magic32 for the hi/lo
/// backend, whose word has no 64-bit multiply on its hot paths.
pub const SLIDER_SCHEME: SliderScheme = if cfg!(feature = "compact-sliders") {
    SliderScheme::Compact
} else if platform::HAS_PEXT {
    SliderScheme::Pext
} else {
    match platform::BACKEND {
        Backend::Native => SliderScheme::Magic64,
        Backend::HiLo => SliderScheme::Magic32,
    }
};

/// Expands to a call of the `magic64`, `magic32`, `pext` or `compact` variant of a
/// lookup, as [`SLIDER_SCHEME`] says. The match is on a constant, so it is
/// made at compile time and only one table ends up in a binary.
macro_rules! dispatch {
    ($magic64:ident, $magic32:ident, $pext:ident, $compact:ident, $square:expr, $occupied:expr) => {
        match $crate::sliders::SLIDER_SCHEME {
            $crate::sliders::SliderScheme::Magic64 => $crate::sliders::$magic64($square, $occupied),
            $crate::sliders::SliderScheme::Magic32 => $crate::sliders::$magic32($square, $occupied),
            $crate::sliders::SliderScheme::Pext => $crate::sliders::$pext($square, $occupied),
            $crate::sliders::SliderScheme::Compact => $crate::sliders::$compact($square, $occupied),
        }
    };
}
pub(crate) use dispatch;
