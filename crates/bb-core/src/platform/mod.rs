//! The platform: what this build of bb runs on, decided in one place.
//!
//! Everything that depends on the build configuration or on the CPU is read
//! here and turned into named constants, one dispatch function and two
//! intrinsic wrappers. Every crate of bb asks this module; none reads these
//! `cfg`s itself.
//!
//! - The `U64` backend: [`BACKEND`] and the [`U64`] type it selects. bb-core's
//!   build script picks it (64-bit targets → native, 32-bit → hi/lo,
//!   `BB_BACKEND=native|hilo` overrides) and sets `cfg(bb_backend)`, which is
//!   read nowhere but here.
//! - The instructions the build may assume on every CPU it runs on, from
//!   `-C target-feature` or `-C target-cpu`: [`HAS_POPCNT`], [`HAS_BMI2`],
//!   [`HAS_PEXT`].
//! - What the CPU running the program has ([`has_popcnt`], [`Bmi2`], asked
//!   once by CPUID) and so which compiled copy of a hot loop to run
//!   ([`kernel`]).
//! - [`pext`], the parallel bit extract: one instruction where [`HAS_PEXT`],
//!   a short loop elsewhere.
//! - [`prefetch`], a hint to start loading memory that will be read soon:
//!   an instruction on x86 and x86_64, nothing elsewhere.
//!
//! The constants are `const`s, so a branch on one folds away at compile time
//! and costs nothing.
//!
//! ```
//! use bb_core::platform::{self, Backend};
//!
//! // The backend's name is what `BB_BACKEND` and xtask's `--backend` take.
//! assert_eq!(platform::BACKEND.name().parse::<Backend>(), Ok(platform::BACKEND));
//! assert_eq!(Backend::ALL.map(Backend::name), ["native", "hilo"]);
//! assert_eq!(platform::pext(0b1011_0110, 0b1111_0000), 0b1011);
//! println!("{} backend, POPCNT at run time: {}", platform::BACKEND, platform::has_popcnt());
//! ```

mod cpu;
mod pext;
mod prefetch;

pub use cpu::{has_popcnt, kernel, Bmi2, Kernel};
pub use pext::pext;
pub use prefetch::{prefetch, prefetch_bytes};

use crate::ParseError;

/// Which `U64` backend a build uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Backend {
    /// One `u64` per word.
    Native,
    /// Two `u32` halves per word.
    HiLo,
}

impl Backend {
    /// Both backends, in display order.
    pub const ALL: [Backend; 2] = [Backend::Native, Backend::HiLo];

    /// The name used by `BB_BACKEND` and in reports: `native` or `hilo`.
    pub const fn name(self) -> &'static str {
        match self {
            Backend::Native => "native",
            Backend::HiLo => "hilo",
        }
    }
}

impl core::fmt::Display for Backend {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

impl core::str::FromStr for Backend {
    type Err = ParseError;

    /// Parses a backend's [`name`](Backend::name): `native` or `hilo`.
    fn from_str(text: &str) -> Result<Backend, ParseError> {
        Backend::ALL
            .into_iter()
            .find(|backend| backend.name() == text)
            .ok_or(ParseError::new("`native` or `hilo`"))
    }
}

cfg_if::cfg_if! {
    if #[cfg(bb_backend = "hilo")] {
        /// The backend this build of `U64` uses.
        pub const BACKEND: Backend = Backend::HiLo;
        pub use crate::backend::hilo::U64;
    } else {
        /// The backend this build of `U64` uses.
        pub const BACKEND: Backend = Backend::Native;
        pub use crate::backend::native::U64;
    }
}

/// Every CPU the build runs on has POPCNT (`-C target-feature=+popcnt`):
/// `count_ones` is one instruction. The default x86 targets do not assume it.
pub const HAS_POPCNT: bool = cfg!(target_feature = "popcnt");

/// Every CPU the build runs on has BMI2 (`-C target-feature=+bmi2`).
pub const HAS_BMI2: bool = cfg!(target_feature = "bmi2");

/// [`pext`] is the BMI2 instruction on 64-bit words: an x86_64 build with
/// BMI2. bb-tables then indexes its slider tables by `pext`.
pub const HAS_PEXT: bool = cfg!(all(target_arch = "x86_64", target_feature = "bmi2"));

/// Whether `Square::from_index_wrapping` looks the square up in a table
/// rather than matching on the index. With the native backend the match
/// compiles to nothing, where the table costs a load in every bitboard loop
/// (perft +9% on x86_64). With hi/lo, whose bit scans pick a half, LLVM
/// splits the match per half and emits a 64-way jump table instead, an
/// indirect branch per square that mispredicts (perft -10% on i686); there
/// the table is the cheaper form.
pub const SQUARE_FROM_INDEX_BY_TABLE: bool = matches!(BACKEND, Backend::HiLo);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backend_names_parse_back() {
        for backend in Backend::ALL {
            assert_eq!(backend.name().parse::<Backend>(), Ok(backend));
            assert_eq!(backend.to_string(), backend.name());
        }
        for bad in ["", "Native", "hi/lo", "u32"] {
            assert_eq!(bad.parse::<Backend>(), Err(ParseError::new("`native` or `hilo`")), "{bad:?}");
        }
    }

    #[test]
    fn selected_word_is_the_selected_backend() {
        let expected = match BACKEND {
            Backend::Native => core::any::type_name::<crate::backend::native::U64>(),
            Backend::HiLo => core::any::type_name::<crate::backend::hilo::U64>(),
        };
        assert_eq!(core::any::type_name::<U64>(), expected);
        const { assert!(!HAS_PEXT || HAS_BMI2) };
    }
}
