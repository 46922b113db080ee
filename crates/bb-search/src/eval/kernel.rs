//! The copies of the evaluation compiled for different instruction sets,
//! and which one runs.
//!
//! The evaluation counts squares (mobility, king-zone attacks, material)
//! several dozen times a position. A portable x86 build cannot assume the
//! POPCNT instruction and counts bits with a dozen arithmetic steps, so on
//! x86 there is a second copy of the whole evaluation, compiled with
//! `#[target_feature(enable = "popcnt")]`, run where CPUID reports POPCNT
//! (as perft's copies are, in `bb_movegen::perft`), and the search has one
//! of its own, compiled for exactly the inputs it passes. Everything the
//! evaluation calls is `#[inline(always)]` so that it is compiled into each
//! copy. Both copies compute the same numbers; only the instructions differ.

use super::{evaluate_for_white, PawnCache, TaperedScore};
use crate::score::Score;
use bb_movegen::Position;

/// The evaluation from White's point of view, without the tempo bonus, by
/// the fastest copy this CPU runs.
#[inline(always)]
pub(super) fn evaluate_for_white_on_this_cpu(
    position: &Position,
    cache: Option<&mut PawnCache>,
    psq: Option<TaperedScore>,
) -> Score {
    with_popcnt::evaluate_for_white(position, cache, psq)
}

/// The copy compiled with the POPCNT instruction.
#[cfg(all(any(target_arch = "x86", target_arch = "x86_64"), not(target_feature = "popcnt")))]
pub(super) mod with_popcnt {
    use super::{evaluate_for_white as portable, PawnCache, Position, Score, TaperedScore};
    use bb_core::platform;

    /// True when this CPU runs the copy.
    #[inline(always)]
    pub fn available() -> bool {
        platform::has_popcnt()
    }

    /// The evaluation by the POPCNT copy where this CPU has POPCNT, else
    /// by the portable one: the one check of the CPU per evaluation.
    #[inline(always)]
    #[allow(unsafe_code)]
    pub fn evaluate_for_white(
        position: &Position,
        cache: Option<&mut PawnCache>,
        psq: Option<TaperedScore>,
    ) -> Score {
        if !available() {
            return portable(position, cache, psq);
        }
        // SAFETY: calling a `#[target_feature]` function is unsafe only
        // because the CPU might lack the feature; CPUID just said it has
        // POPCNT, the one feature both copies are compiled for.
        unsafe {
            match (cache, psq) {
                (Some(cache), Some(psq)) => popcnt_searching(position, cache, psq),
                (cache, psq) => popcnt(position, cache, psq),
            }
        }
    }

    /// The copy for any inputs: it holds the code for each combination.
    ///
    /// # Safety
    ///
    /// The CPU must have POPCNT. An `unsafe fn` rather than a safe
    /// `#[target_feature]` one, which would need Rust 1.86, above the
    /// workspace's `rust-version`.
    #[target_feature(enable = "popcnt")]
    #[allow(unsafe_code)]
    unsafe fn popcnt(position: &Position, cache: Option<&mut PawnCache>, psq: Option<TaperedScore>) -> Score {
        portable(position, cache, psq)
    }

    /// The copy for the search's inputs, a pawn cache and the incremental
    /// piece-square sum: compiled for those alone, it is half the size of
    /// [`popcnt`] and makes `bb bench` about 1 % faster.
    ///
    /// # Safety
    ///
    /// As for [`popcnt`].
    #[target_feature(enable = "popcnt")]
    #[allow(unsafe_code)]
    unsafe fn popcnt_searching(position: &Position, cache: &mut PawnCache, psq: TaperedScore) -> Score {
        portable(position, Some(cache), Some(psq))
    }
}

/// Where the build already assumes POPCNT, or is no x86, there is no copy.
#[cfg(not(all(any(target_arch = "x86", target_arch = "x86_64"), not(target_feature = "popcnt"))))]
pub(super) mod with_popcnt {
    use super::{evaluate_for_white as portable, PawnCache, Position, Score, TaperedScore};

    #[cfg_attr(not(test), allow(dead_code))]
    #[inline(always)]
    pub fn available() -> bool {
        false
    }

    #[inline(always)]
    pub fn evaluate_for_white(
        position: &Position,
        cache: Option<&mut PawnCache>,
        psq: Option<TaperedScore>,
    ) -> Score {
        portable(position, cache, psq)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_copy_this_cpu_runs_evaluates_like_the_portable_one() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        ];
        for fen in fens {
            let position = Position::from_fen(fen).expect("valid FEN");
            let portable = evaluate_for_white(&position, None, None);
            let psq = crate::eval::psq_score(&position);
            let mut cache = PawnCache::new();
            if with_popcnt::available() {
                assert_eq!(with_popcnt::evaluate_for_white(&position, None, None), portable, "{fen}");
                // The search's copy, with both inputs.
                let searching = with_popcnt::evaluate_for_white(&position, Some(&mut cache), Some(psq));
                assert_eq!(searching, portable, "{fen}");
            }
            assert_eq!(evaluate_for_white_on_this_cpu(&position, None, None), portable, "{fen}");
            let searching = evaluate_for_white_on_this_cpu(&position, Some(&mut cache), Some(psq));
            assert_eq!(searching, portable, "{fen}");
        }
    }
}
