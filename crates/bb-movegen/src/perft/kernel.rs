//! The copies of the perft walk compiled for different instruction sets,
//! and which one runs.
//!
//! A walk ([`Walk`]: plain perft, or perft that makes and hashes every leaf
//! move) is written once, generic over the slider lookup. Each copy here is
//! an entry point compiled with its own `#[target_feature]`s, into which
//! the whole walk is inlined: the portable copy, one with POPCNT (x86
//! builds that do not assume it) and one with POPCNT, BMI1 and BMI2 whose
//! slider lookups use `pext` (x86_64 builds that do not assume BMI2, run
//! only where [`Bmi2::detect`] finds a fast `pext`).

use crate::move_sink::OnMove;
use crate::moves::Move;
use crate::Position;
#[cfg(all(target_arch = "x86_64", not(target_feature = "bmi2"), not(feature = "compact-sliders")))]
use bb_core::platform::Bmi2;
use bb_core::platform::Kernel;
use bb_tables::{BuildSliders, SliderLookup};

/// What a walk of the move tree computes, node by node.
pub(super) trait Walk: Copy {
    /// What a subtree adds up to.
    type Sum: core::ops::AddAssign;
    /// Makes a move of an inner node (with or without the Zobrist key).
    fn play(position: &Position, mv: Move) -> Position;
    /// The sum of a subtree of depth 1 or more, with the slider lookups of
    /// `sliders`. `walk_child` walks the subtree of a child (depth 2 and
    /// more; [`PlayAndWalk`] makes the moves); it is defined in the
    /// kernel's copy and so compiled for its instructions, where a closure
    /// written in `node` and not inlined would be compiled for the
    /// baseline. What `node` does with each move must therefore be inlined
    /// (`#[inline(always)]`).
    fn node<L: SliderLookup>(
        self,
        position: &Position,
        depth: u32,
        sliders: L,
        walk_child: impl Fn(&Position) -> Self::Sum,
    ) -> Self::Sum;
    /// The sum of a subtree of depth 0: the position itself.
    fn leaf(position: &Position) -> Self::Sum;
}

/// Makes each move of an inner node where the generator finds it, walks
/// the child's subtree by `walk_child` and adds up the sums. Its `on_move`
/// is inlined into the generator's loops, so each move costs no call but
/// the walk of its subtree.
pub(super) struct PlayAndWalk<'a, W: Walk, F: Fn(&Position) -> W::Sum> {
    /// The node whose moves are made.
    pub position: &'a Position,
    /// Walks the subtree of a child.
    pub walk_child: F,
    /// The sum of the subtrees so far.
    pub sum: W::Sum,
}

impl<W: Walk, F: Fn(&Position) -> W::Sum> OnMove for PlayAndWalk<'_, W, F> {
    #[inline(always)]
    fn on_move(&mut self, mv: Move) {
        self.sum += (self.walk_child)(&W::play(self.position, mv));
    }
}

/// `walk` of `position` at `depth` by the copy `kernel` names, or `None`
/// when this build or CPU cannot run that copy.
#[inline]
pub(super) fn walk_on<W: Walk>(kernel: Kernel, walk: W, position: &Position, depth: u32) -> Option<W::Sum> {
    match kernel {
        Kernel::Portable => Some(portable(walk, position, depth)),
        Kernel::Popcnt => with_popcnt::walk(walk, position, depth),
        Kernel::Bmi2 => with_bmi2::walk(walk, position, depth),
        // A copy bb-core may name in the future but this crate lacks.
        _ => None,
    }
}

/// The copy compiled for the build's baseline instruction set. Each copy
/// defines its own closure that walks a child, so that the recursion stays
/// in the copy: one written in `Walk::node` would be compiled once, for
/// the baseline.
fn portable<W: Walk>(walk: W, position: &Position, depth: u32) -> W::Sum {
    if depth == 0 {
        return W::leaf(position);
    }
    walk.node(position, depth, BuildSliders, |child| portable(walk, child, depth - 1))
}

/// The copy compiled with the POPCNT instruction.
#[cfg(all(any(target_arch = "x86", target_arch = "x86_64"), not(target_feature = "popcnt")))]
mod with_popcnt {
    use super::Walk;
    use crate::Position;
    use bb_core::platform;
    use bb_tables::BuildSliders;

    /// The walk by the POPCNT copy, or `None` when this CPU lacks POPCNT.
    #[allow(unsafe_code)]
    pub(super) fn walk<W: Walk>(walk: W, position: &Position, depth: u32) -> Option<W::Sum> {
        if !platform::has_popcnt() {
            return None;
        }
        // SAFETY: calling a `#[target_feature]` function is unsafe only
        // because the CPU might lack the feature; CPUID just said it has
        // POPCNT, the one feature `popcnt` is compiled for.
        Some(unsafe { popcnt(walk, position, depth) })
    }

    /// # Safety
    ///
    /// The CPU must have POPCNT. An `unsafe fn` rather than a safe
    /// `#[target_feature]` one, which would need Rust 1.86, above the
    /// workspace's `rust-version`.
    #[target_feature(enable = "popcnt")]
    #[allow(unsafe_code)]
    unsafe fn popcnt<W: Walk>(walk: W, position: &Position, depth: u32) -> W::Sum {
        if depth == 0 {
            return W::leaf(position);
        }
        // SAFETY: the child runs on the CPU this call was allowed on.
        walk.node(position, depth, BuildSliders, |child| unsafe { popcnt(walk, child, depth - 1) })
    }
}

/// Where the build already assumes POPCNT, or is no x86, there is no copy.
#[cfg(not(all(any(target_arch = "x86", target_arch = "x86_64"), not(target_feature = "popcnt"))))]
mod with_popcnt {
    use super::Walk;
    use crate::Position;

    pub(super) fn walk<W: Walk>(_walk: W, _position: &Position, _depth: u32) -> Option<W::Sum> {
        None
    }
}

/// The copy compiled with POPCNT, BMI1 and BMI2, its slider lookups by the
/// `pext` instruction. A build that assumes BMI2 uses `pext` everywhere
/// already and has no such copy; nor has a build with `compact-sliders`,
/// made small on purpose, which the `pext` table would double.
#[cfg(all(target_arch = "x86_64", not(target_feature = "bmi2"), not(feature = "compact-sliders")))]
mod with_bmi2 {
    use super::{Bmi2, Walk};
    use crate::Position;

    /// The walk by the BMI2 copy, or `None` when this CPU lacks the
    /// instructions or runs `pext` slowly.
    #[allow(unsafe_code)]
    pub(super) fn walk<W: Walk>(walk: W, position: &Position, depth: u32) -> Option<W::Sum> {
        let bmi2 = Bmi2::detect()?;
        // SAFETY: `bmi2` is compiled for POPCNT, BMI1 and BMI2, and
        // `Bmi2::detect` returns a value only where CPUID reports all three.
        Some(unsafe { self::bmi2(walk, position, depth, bmi2) })
    }

    /// # Safety
    ///
    /// The CPU must have POPCNT, BMI1 and BMI2 (an `unsafe fn` for the
    /// same reason as `popcnt`'s).
    #[target_feature(enable = "popcnt,bmi1,bmi2")]
    #[allow(unsafe_code)]
    unsafe fn bmi2<W: Walk>(walk: W, position: &Position, depth: u32, bmi2: Bmi2) -> W::Sum {
        if depth == 0 {
            return W::leaf(position);
        }
        // SAFETY: the child runs on the CPU this call was allowed on.
        walk.node(position, depth, bmi2, |child| unsafe { self::bmi2(walk, child, depth - 1, bmi2) })
    }
}

#[cfg(not(all(target_arch = "x86_64", not(target_feature = "bmi2"), not(feature = "compact-sliders"))))]
mod with_bmi2 {
    use super::Walk;
    use crate::Position;

    pub(super) fn walk<W: Walk>(_walk: W, _position: &Position, _depth: u32) -> Option<W::Sum> {
        None
    }
}
