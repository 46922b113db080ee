//! A slider scheme as a type, so that code generic over it is compiled once
//! per scheme: the move generator's hot path takes one, and perft runs a
//! copy with `pext` lookups on the CPUs where that is fastest while the
//! rest of the program keeps the build's scheme.

use bb_core::platform::Bmi2;
use bb_core::{Bitboard, Square};

/// Rook and bishop attacks through an occupancy, by one scheme.
///
/// ```
/// use bb_tables::{BuildSliders, SliderLookup};
/// use bb_core::{platform::Bmi2, Bitboard, Square};
///
/// /// Squares a queen on `square` attacks, by whichever scheme `L` is.
/// fn queen<L: SliderLookup>(sliders: L, square: Square, occupied: Bitboard) -> Bitboard {
///     sliders.rook(square, occupied) | sliders.bishop(square, occupied)
/// }
///
/// let occupied = Square::D4.bitboard() | Square::D6.bitboard();
/// let by_build = queen(BuildSliders, Square::D4, occupied);
/// assert_eq!(by_build, bb_tables::queen_attacks(Square::D4, occupied));
/// if let Some(bmi2) = Bmi2::detect() {
///     assert_eq!(queen(bmi2, Square::D4, occupied), by_build);
/// }
/// ```
pub trait SliderLookup: Copy {
    /// Rook attacks from `square` through `occupied`.
    fn rook(self, square: Square, occupied: Bitboard) -> Bitboard;
    /// Bishop attacks from `square` through `occupied`.
    fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard;
}

/// The build's own scheme, [`SLIDER_SCHEME`](super::SLIDER_SCHEME): what
/// [`rook_attacks`](crate::rook_attacks) and
/// [`bishop_attacks`](crate::bishop_attacks) use.
///
/// ```
/// use bb_core::{Bitboard, Square};
/// use bb_tables::{BuildSliders, SliderLookup};
///
/// let rook = BuildSliders.rook(Square::A1, Bitboard::EMPTY);
/// assert_eq!(rook.count(), 14);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BuildSliders;

impl SliderLookup for BuildSliders {
    #[inline(always)]
    fn rook(self, square: Square, occupied: Bitboard) -> Bitboard {
        crate::rook_attacks(square, occupied)
    }

    #[inline(always)]
    fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard {
        crate::bishop_attacks(square, occupied)
    }
}

/// The pext scheme by the instruction, which a [`Bmi2`] proves the CPU
/// has, whatever the build assumes. Fast once inlined into a function
/// compiled with `#[target_feature(enable = "bmi2")]`.
impl SliderLookup for Bmi2 {
    #[inline(always)]
    fn rook(self, square: Square, occupied: Bitboard) -> Bitboard {
        super::pext::rook_attacks_by(self, square, occupied)
    }

    #[inline(always)]
    fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard {
        super::pext::bishop_attacks_by(self, square, occupied)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bb_core::random::SplitMix64;

    #[test]
    fn every_lookup_agrees_with_the_build_functions() {
        let mut random = SplitMix64::new(0x6c6f_6f6b);
        for _ in 0..2_000 {
            let occupied = Bitboard::from_u64(random.sparse_u64(2));
            for square in Square::ALL {
                let rook = crate::rook_attacks(square, occupied);
                let bishop = crate::bishop_attacks(square, occupied);
                assert_eq!(BuildSliders.rook(square, occupied), rook);
                assert_eq!(BuildSliders.bishop(square, occupied), bishop);
                if let Some(bmi2) = Bmi2::detect() {
                    assert_eq!(bmi2.rook(square, occupied), rook, "{square:?} {occupied:?}");
                    assert_eq!(bmi2.bishop(square, occupied), bishop, "{square:?} {occupied:?}");
                }
            }
        }
    }
}
