//! A cache of the pawn-structure terms, found by the pawns' squares.
//!
//! Pawns move far less often than pieces, so most positions a search
//! evaluates share their pawn structure with many others. The cache keeps,
//! for each structure it has seen, the sum of the terms that depend on the
//! pawns alone (White minus Black) and each side's passed pawns. An entry
//! holds both sides' pawn sets whole, so one structure is never taken for
//! another: what the cache returns is exactly what would be computed afresh.

use super::params::Sum;
use super::{both_pawn_structures, TaperedScore};
use bb_core::{Bitboard, Color, PieceKind};
use bb_movegen::Position;

/// Entries of a cache: a power of two.
const ENTRIES: usize = 1 << 13;

/// One pawn structure and its terms.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    /// White's and Black's pawns. The all-empty entry is right as it is:
    /// without pawns, every structure term is zero and there is no passer.
    pawns: [Bitboard; 2],
    /// The pawn-structure terms, White minus Black.
    score: TaperedScore,
    /// Each side's passed pawns, by [`Color::index`].
    passers: [Bitboard; 2],
}

/// Pawn-structure terms of recently evaluated positions, for
/// [`evaluate_with`](super::evaluate_with). Each search thread has its own.
///
/// ```
/// use bb_search::eval::{evaluate, evaluate_with, PawnCache};
/// use bb_movegen::Position;
///
/// let mut cache = PawnCache::new();
/// let position = Position::from_fen("4k3/pp6/8/3P4/8/8/5PPP/4K3 w - - 0 1").unwrap();
/// assert_eq!(evaluate_with(&position, &mut cache), evaluate(&position));
/// assert_eq!(evaluate_with(&position, &mut cache), evaluate(&position)); // from the cache
/// ```
#[derive(Clone, Debug)]
pub struct PawnCache {
    entries: Box<[Entry]>,
}

impl Default for PawnCache {
    fn default() -> PawnCache {
        PawnCache::new()
    }
}

impl PawnCache {
    /// An empty cache (384 KB).
    pub fn new() -> PawnCache {
        PawnCache { entries: vec![Entry::default(); ENTRIES].into_boxed_slice() }
    }

    /// The pawn-structure terms of `position` (White minus Black) and each
    /// side's passed pawns, from the cache or computed and stored.
    #[inline(always)]
    pub(super) fn structure(&mut self, position: &Position) -> (TaperedScore, [Bitboard; 2]) {
        let pawns = Color::ALL.map(|color| position.by_color_kind(color, PieceKind::Pawn));
        let entry = &mut self.entries[slot(pawns)];
        if entry.pawns != pawns {
            let mut sum = Sum::default();
            let passers = both_pawn_structures(position, &mut sum);
            *entry = Entry { pawns, score: sum.total, passers };
        }
        (entry.score, entry.passers)
    }
}

/// Where a structure is kept: a multiplicative hash of both pawn sets.
#[inline(always)]
fn slot(pawns: [Bitboard; 2]) -> usize {
    let mixed = pawns[0].to_u64().wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ pawns[1].to_u64().rotate_left(32).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    (mixed >> (64 - ENTRIES.trailing_zeros())) as usize
}

#[cfg(test)]
mod tests {
    use super::super::{evaluate, evaluate_with};
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Along random games, an evaluation through the cache always
        /// equals one computed afresh.
        #[test]
        fn cached_evaluations_equal_fresh_ones(choices in proptest::collection::vec(any::<u8>(), 0..120)) {
            let mut cache = PawnCache::new();
            let mut position = Position::startpos();
            for choice in choices {
                prop_assert_eq!(evaluate_with(&position, &mut cache), evaluate(&position), "{}", position);
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                position = position.play(moves[usize::from(choice) % moves.len()]);
            }
        }
    }

    #[test]
    fn an_entry_for_other_pawns_in_the_slot_is_not_used() {
        let position = Position::from_fen("4k3/pp3p2/8/3P4/8/8/5PPP/4K3 w - - 0 1").unwrap();
        let mut fresh = Sum::default();
        let passers = both_pawn_structures(&position, &mut fresh);
        let mut cache = PawnCache::new();
        let pawns = Color::ALL.map(|color| position.by_color_kind(color, PieceKind::Pawn));
        // A stale entry of another structure, with absurd terms.
        cache.entries[slot(pawns)] = Entry {
            pawns: [pawns[0], Bitboard::EMPTY],
            score: TaperedScore::new(999, 999),
            passers: [Bitboard::FULL; 2],
        };
        assert_eq!(cache.structure(&position), (fresh.total, passers));
        assert_eq!(cache.entries[slot(pawns)].pawns, pawns, "the entry now holds this structure");
        assert_eq!(cache.structure(&position), (fresh.total, passers));
    }

    #[test]
    fn slots_spread_over_the_cache() {
        let mut used = std::collections::HashSet::new();
        let mut pawns = Bitboard::from_u64(0x00FF_0000_0000_FF00);
        for square in bb_core::Square::ALL {
            pawns ^= square.bitboard();
            used.insert(slot([pawns, Bitboard::from_u64(0xFF00)]));
            used.insert(slot([Bitboard::from_u64(0xFF00), pawns]));
        }
        assert!(used.len() > 100, "{} slots for 128 structures", used.len());
    }
}
