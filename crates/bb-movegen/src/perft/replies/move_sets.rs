//! The moves of a node of depth 2 as the generator finds them: a set of
//! destinations at a time, each set sharing its origin (a piece) or its
//! step (pawns), so that what depends on the origin is worked out once.

use crate::move_sink::MoveSink;
use crate::moves::{Move, MoveKind};
use bb_core::{Bitboard, Square};

/// One call of the generator.
#[derive(Clone, Copy)]
pub(super) enum MoveSet {
    /// The piece on `from` moves to each of `targets`.
    Piece { from: Square, targets: Bitboard },
    /// Pawn moves of `kind` (quiet, double push or capture) to each of
    /// `targets`, each from `step` indices back.
    Pawns { targets: Bitboard, step: i8, kind: MoveKind },
    /// Four promotions to each of `targets`, each from `step` back.
    Promotions { targets: Bitboard, step: i8 },
    /// Castling or en passant.
    Single(Move),
}

/// The most sets kept: a position of a game seldom produces more than 25
/// (a call per piece and a few per group of pawns that move alike), and
/// one that produces more is counted the ordinary way (see
/// [`MoveSets::complete`]). Few slots keep a node's set-up cheap.
const MOST_SETS: usize = 32;

/// The sets of a node, in the order the generator found them; empty sets
/// are left out.
pub(super) struct MoveSets {
    sets: [MoveSet; MOST_SETS],
    len: usize,
    /// A set found no place (see [`MoveSets::complete`]).
    overflowed: bool,
}

impl MoveSets {
    /// No sets yet.
    #[inline(always)]
    pub(super) fn new() -> MoveSets {
        // An empty set of the first variant is all zero bytes: the array is
        // zeroed, not copied from a template.
        let empty = MoveSet::Piece { from: Square::A1, targets: Bitboard::EMPTY };
        MoveSets { sets: [empty; MOST_SETS], len: 0, overflowed: false }
    }

    /// The sets, in order.
    #[inline(always)]
    pub(super) fn iter(&self) -> impl Iterator<Item = &MoveSet> {
        self.sets[..self.len].iter()
    }

    #[inline(always)]
    fn push(&mut self, set: MoveSet) {
        // The bound cannot be reached by a legal position; the test keeps
        // a lenient set-up from writing out of bounds all the same.
        if self.len < MOST_SETS {
            self.sets[self.len] = set;
            self.len += 1;
        } else {
            self.overflowed = true;
        }
    }

    /// True when every set of the node found a place.
    #[inline(always)]
    pub(super) fn complete(&self) -> bool {
        !self.overflowed
    }
}

impl MoveSink for MoveSets {
    #[inline(always)]
    fn piece_moves(&mut self, from: Square, targets: Bitboard, _enemies: Bitboard) {
        if targets.any() {
            self.push(MoveSet::Piece { from, targets });
        }
    }

    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, step: i8, kind: MoveKind) {
        if targets.any() {
            self.push(MoveSet::Pawns { targets, step, kind });
        }
    }

    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, step: i8, _capture: bool) {
        if targets.any() {
            self.push(MoveSet::Promotions { targets, step });
        }
    }

    #[inline(always)]
    fn single(&mut self, mv: Move) {
        self.push(MoveSet::Single(mv));
    }
}
