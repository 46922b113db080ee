//! The search's tunable numbers: pruning margins, reduction constants,
//! window sizes, the history bonus, the correction history's limit and the
//! late-move pruning counts, each with the range a tuner may move it in.
//!
//! In a normal build each is a constant the compiler folds in. With the
//! `tune` feature (and in this crate's unit tests) each is a value that can
//! be changed while the engine runs: the UCI layer then declares every one
//! as a spin option named as below, so a tuner (`scripts/sprt/spsa.py`)
//! can play games between two settings of the same binary. The values a
//! tuner finds come back here as new defaults, and only through an SPRT.

/// One tunable number, as the UCI layer declares it and a tuner reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchParam {
    /// The UCI option's name (lowercase, words joined by `_`).
    pub name: &'static str,
    /// The value the search uses unless told otherwise.
    pub default: i32,
    /// Smallest value a tuner may set.
    pub min: i32,
    /// Largest value a tuner may set.
    pub max: i32,
}

macro_rules! search_params {
    ($($(#[doc = $doc:literal])* $name:ident = $default:literal in $min:literal..=$max:literal;)*) => {
        /// Every tunable number, in declaration order.
        ///
        /// ```
        /// use bb_search::search::params::SEARCH_PARAMS;
        ///
        /// assert!(SEARCH_PARAMS.iter().any(|param| param.name == "rfp_margin"));
        /// ```
        pub const SEARCH_PARAMS: &[SearchParam] = &[
            $(SearchParam { name: stringify!($name), default: $default, min: $min, max: $max },)*
        ];

        #[cfg(not(any(test, feature = "tune")))]
        mod values {
            $($(#[doc = $doc])* #[inline(always)] pub fn $name() -> i32 { $default })*
        }

        #[cfg(any(test, feature = "tune"))]
        mod values {
            use core::sync::atomic::{AtomicI32, Ordering::Relaxed};

            /// The live values, indexed as [`super::SEARCH_PARAMS`].
            pub(super) static LIVE: [AtomicI32; super::SEARCH_PARAMS.len()] =
                [$(AtomicI32::new($default),)*];

            search_params!(@getters 0usize; $($(#[doc = $doc])* $name)*);

            #[inline(always)]
            fn live(index: usize) -> i32 {
                LIVE[index].load(Relaxed)
            }
        }

        pub(crate) use values::*;
    };
    (@getters $index:expr; $(#[doc = $doc:literal])* $name:ident $($rest:tt)*) => {
        $(#[doc = $doc])* #[inline(always)] pub fn $name() -> i32 { live($index) }
        search_params!(@getters $index + 1usize; $($rest)*);
    };
    (@getters $index:expr;) => {};
}

search_params! {
    /// Reverse futility margin per ply of depth, centipawns.
    rfp_margin = 80 in 40..=140;
    /// Null move: one more ply of reduction per this many centipawns of
    /// the estimate above beta (at most three).
    nmp_eval_div = 203 in 100..=400;
    /// Razoring margin per ply of depth.
    razor_margin = 228 in 100..=400;
    /// Singular extension: the bound lies this many eighths of a centipawn
    /// per ply of depth below the stored score.
    singular_margin = 14 in 4..=40;
    /// Double extension: how far below the singular bound, centipawns.
    double_ext_margin = 22 in 0..=60;
    /// Late-move reductions: one ply less per this much history.
    lmr_history_div = 6181 in 2000..=12000;
    /// Late-move reductions: the table's constant, hundredths of a ply.
    lmr_base = 79 in 25..=150;
    /// Late-move reductions: the divisor of ln(depth) · ln(moves), hundredths.
    lmr_div = 215 in 150..=350;
    /// Capture pruning: a capture may lose this much per ply by SEE.
    see_tactical = 93 in 40..=200;
    /// Quiet pruning: a quiet move may lose this much per ply by SEE.
    see_quiet = 58 in 20..=120;
    /// Futility pruning's base margin.
    futility_base = 90 in 30..=200;
    /// Futility pruning's margin per ply of (reduced) depth.
    futility_margin = 89 in 40..=160;
    /// History pruning: a quiet move whose history is below minus this per
    /// ply is skipped near the leaves.
    history_prune = 2449 in 500..=6000;
    /// Quiescence's delta pruning margin.
    delta_margin = 237 in 60..=400;
    /// First aspiration half-window.
    aspiration_window = 14 in 6..=50;
    /// History bonus of a cutoff: this times depth², ...
    history_bonus_quad = 16 in 4..=48;
    /// ... plus this times depth, ...
    history_bonus_lin = 32 in 0..=128;
    /// ... and never more than this.
    history_bonus_max = 1600 in 400..=4800;
    /// Correction history: the most one entry corrects by, centipawns
    /// (the pawn entry and the two piece entries together, twice that).
    correction_limit = 48 in 16..=120;
    /// Late-move pruning: quiet moves tried are `(lmp_base + lmp_depth_mul
    /// · depth²) / 100`, halved when not improving; this is the constant.
    lmp_base = 300 in 200..=800;
    /// Late-move pruning: the factor of depth², hundredths of a move.
    lmp_depth_mul = 100 in 50..=200;
}

/// Why [`set`] refused a value.
#[cfg(any(test, feature = "tune"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetParamError {
    /// No parameter has that name.
    Unknown,
    /// The value is outside the parameter's range.
    OutOfRange(SearchParam),
}

#[cfg(any(test, feature = "tune"))]
impl core::fmt::Display for SetParamError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            SetParamError::Unknown => write!(f, "no search parameter has that name"),
            SetParamError::OutOfRange(param) => {
                write!(f, "{} takes values from {} to {}", param.name, param.min, param.max)
            }
        }
    }
}

/// The parameter named `name` (case-insensitive, as UCI option names are).
///
/// ```
/// use bb_search::search::params;
///
/// let rfp = params::find("rfp_margin").unwrap();
/// assert!(rfp.min <= rfp.default && rfp.default <= rfp.max);
/// assert!(params::find("no_such_param").is_none());
/// ```
pub fn find(name: &str) -> Option<SearchParam> {
    index_of(name).map(|index| SEARCH_PARAMS[index])
}

/// Where the parameter named `name` (case-insensitive) lies in
/// [`SEARCH_PARAMS`] and in the live values.
fn index_of(name: &str) -> Option<usize> {
    SEARCH_PARAMS.iter().position(|param| param.name.eq_ignore_ascii_case(name))
}

/// Sets the parameter named `name` for every search from now on (all
/// threads: the values are process-wide, as a tuner's engine process is
/// one setting).
///
/// ```
/// # #[cfg(feature = "tune")] {
/// use bb_search::search::params;
///
/// assert!(params::set("rfp_margin", 90).is_ok());
/// assert!(params::set("rfp_margin", 10_000).is_err());
/// # }
/// ```
#[cfg(any(test, feature = "tune"))]
pub fn set(name: &str, value: i32) -> Result<(), SetParamError> {
    set_in(&values::LIVE, name, value)
}

/// [`set`] on a table of live values (the tests' own, so a search running
/// beside them never sees a changed value).
#[cfg(any(test, feature = "tune"))]
fn set_in(live: &[core::sync::atomic::AtomicI32], name: &str, value: i32) -> Result<(), SetParamError> {
    let index = index_of(name).ok_or(SetParamError::Unknown)?;
    let param = SEARCH_PARAMS[index];
    // The UCI layer has checked the range already, for its own message;
    // this public entry checks again for every other caller.
    if !(param.min..=param.max).contains(&value) {
        return Err(SetParamError::OutOfRange(param));
    }
    live[index].store(value, core::sync::atomic::Ordering::Relaxed);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_lies_in_its_range_and_names_are_unique_snake_case() {
        for (index, param) in SEARCH_PARAMS.iter().enumerate() {
            assert!(param.min <= param.default && param.default <= param.max, "{param:?}");
            assert!(param.max - param.min >= 20, "{}: too narrow for a tuner's steps", param.name);
            assert!(param.name.chars().all(|c| c.is_ascii_lowercase() || c == '_'), "{}", param.name);
            assert!(SEARCH_PARAMS[index + 1..].iter().all(|other| other.name != param.name));
        }
    }

    #[test]
    fn getters_read_the_live_values_in_declaration_order() {
        // The unit tests share the process-wide values: read only, and
        // check each getter against its own entry of the table.
        let getters: [fn() -> i32; 21] = [
            rfp_margin,
            nmp_eval_div,
            razor_margin,
            singular_margin,
            double_ext_margin,
            lmr_history_div,
            lmr_base,
            lmr_div,
            see_tactical,
            see_quiet,
            futility_base,
            futility_margin,
            history_prune,
            delta_margin,
            aspiration_window,
            history_bonus_quad,
            history_bonus_lin,
            history_bonus_max,
            correction_limit,
            lmp_base,
            lmp_depth_mul,
        ];
        assert_eq!(getters.len(), SEARCH_PARAMS.len());
        for (getter, param) in getters.iter().zip(SEARCH_PARAMS) {
            assert_eq!(getter(), param.default, "{}", param.name);
        }
    }

    #[test]
    fn set_checks_the_name_and_the_range_and_stores_the_value() {
        use core::sync::atomic::{AtomicI32, Ordering::Relaxed};
        let live: Vec<AtomicI32> = SEARCH_PARAMS.iter().map(|param| AtomicI32::new(param.default)).collect();
        let rfp = find("RFP_MARGIN").unwrap();
        let index = index_of("rfp_margin").unwrap();
        assert_eq!(SEARCH_PARAMS[index], rfp);
        assert_eq!(set_in(&live, "no_such_param", 1), Err(SetParamError::Unknown));
        assert_eq!(set_in(&live, "rfp_margin", rfp.max + 1), Err(SetParamError::OutOfRange(rfp)));
        assert_eq!(set_in(&live, "rfp_margin", rfp.min - 1), Err(SetParamError::OutOfRange(rfp)));
        assert_eq!(live[index].load(Relaxed), rfp.default, "a refused value is not stored");
        assert_eq!(set_in(&live, "Rfp_Margin", rfp.max), Ok(()));
        assert_eq!(live[index].load(Relaxed), rfp.max);
        let others_unchanged = live
            .iter()
            .zip(SEARCH_PARAMS)
            .enumerate()
            .all(|(i, (value, param))| i == index || value.load(Relaxed) == param.default);
        assert!(others_unchanged);
        // The process-wide table takes the same path: its default is safe
        // to set while other tests search.
        assert_eq!(set("rfp_margin", rfp.default), Ok(()));
    }
}
