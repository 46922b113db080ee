//! Castling rights, with the castling rooks' squares so that Chess960
//! positions castle by the same rules as standard chess, and what a castling
//! move needs: the squares that must be empty and those the king must cross
//! unattacked.

use crate::Position;
use bb_core::{Bitboard, Color, Square};
use bb_tables::between;

/// Which way a king castles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// Towards the h-file; the king ends on g, the rook on f.
    King,
    /// Towards the a-file; the king ends on c, the rook on d.
    Queen,
}

impl CastlingSide {
    /// King side then queen side.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::King, CastlingSide::Queen];

    /// Bit of this right in [`CastlingRights::bits`]: white king side is
    /// bit 0, white queen side bit 1, black king side bit 2, black queen side bit 3.
    #[inline(always)]
    pub const fn bit(self, color: Color) -> u8 {
        1 << (color as u8 * 2 + self as u8)
    }

    /// Index 0..4 of the right, matching [`CastlingSide::bit`].
    #[inline(always)]
    pub(crate) const fn index(self, color: Color) -> usize {
        color as usize * 2 + self as usize
    }

    /// Where the king lands.
    pub const fn king_destination(self, color: Color) -> Square {
        match (self, color) {
            (CastlingSide::King, Color::White) => Square::G1,
            (CastlingSide::Queen, Color::White) => Square::C1,
            (CastlingSide::King, Color::Black) => Square::G8,
            (CastlingSide::Queen, Color::Black) => Square::C8,
        }
    }

    /// Where the rook lands.
    pub const fn rook_destination(self, color: Color) -> Square {
        match (self, color) {
            (CastlingSide::King, Color::White) => Square::F1,
            (CastlingSide::Queen, Color::White) => Square::D1,
            (CastlingSide::King, Color::Black) => Square::F8,
            (CastlingSide::Queen, Color::Black) => Square::D8,
        }
    }
}

/// The castling rights still held, as four bits (see [`CastlingSide::bit`]).
///
/// ```
/// use bb_movegen::{CastlingRights, CastlingSide, Color, Position};
///
/// let rights = Position::startpos().castling_rights();
/// assert_eq!(rights, CastlingRights::ALL);
/// assert!(rights.has(Color::Black, CastlingSide::Queen));
/// let black_only = rights.without_color(Color::White);
/// assert!(!black_only.has_any(Color::White) && black_only.has_any(Color::Black));
/// assert_eq!(black_only.bits(), 0b1100);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights(u8);

impl CastlingRights {
    /// No right at all.
    pub const NONE: CastlingRights = CastlingRights(0);
    /// All four rights.
    pub const ALL: CastlingRights = CastlingRights(15);

    /// Rights from their four bits; higher bits are ignored.
    #[inline(always)]
    pub const fn from_bits(bits: u8) -> CastlingRights {
        CastlingRights(bits & 15)
    }

    /// The four bits.
    #[inline(always)]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// True when `color` may still castle on `side`.
    #[inline(always)]
    pub const fn has(self, color: Color, side: CastlingSide) -> bool {
        self.0 & side.bit(color) != 0
    }

    /// True when `color` has either right.
    #[inline(always)]
    pub const fn has_any(self, color: Color) -> bool {
        self.0 & (3 << (color as u8 * 2)) != 0
    }

    /// True when no right is left.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// These rights with one added.
    #[inline(always)]
    pub const fn with(self, color: Color, side: CastlingSide) -> CastlingRights {
        CastlingRights(self.0 | side.bit(color))
    }

    /// These rights without any of `color`'s.
    #[inline(always)]
    pub const fn without_color(self, color: Color) -> CastlingRights {
        CastlingRights(self.0 & !(3 << (color as u8 * 2)))
    }

    /// These rights without the ones whose bits are in `lost`.
    #[inline(always)]
    pub const fn without_bits(self, lost: u8) -> CastlingRights {
        CastlingRights(self.0 & !lost)
    }
}

/// What stops the king on `king` castling with the rook on `rook` towards
/// `side` (the side to move not being in check aside): a piece on a square
/// either must cross or land on, or an attack on a square the king crosses
/// or lands on. Shared by the generator (`movegen`) and `Position::is_legal`.
#[inline(always)]
pub(crate) fn castling_obstacle(
    position: &Position,
    us: Color,
    side: CastlingSide,
    king: Square,
    rook: Square,
) -> Option<crate::IllegalReason> {
    let CastlingPaths { king_path, must_be_empty } = CastlingPaths::new(us, side, king, rook);
    if (must_be_empty & position.occupied()).any() {
        return Some(crate::IllegalReason::CannotMoveThere);
    }
    // Lifting the rook catches the Chess960 case where it shields the
    // king's destination from a slider behind it.
    let lifted = position.occupied().without(king).without(rook);
    let them = us.opposite();
    king_path
        .into_iter()
        .any(|square| position.is_attacked_by(square, them, lifted))
        .then_some(crate::IllegalReason::KingInCheck)
}

/// The squares castling needs: those the king crosses or lands on (which
/// must not be attacked) and those that must be empty.
#[derive(Clone, Copy)]
pub(crate) struct CastlingPaths {
    /// The squares between the king and its destination, and the
    /// destination (in Chess960 that may be the king's own square).
    pub(crate) king_path: Bitboard,
    /// Every square the king or the rook crosses or lands on, but their own.
    pub(crate) must_be_empty: Bitboard,
}

impl CastlingPaths {
    /// The paths of `us` castling towards `side` with the king on `king`
    /// and the rook on `rook` (any Chess960 placement).
    #[inline(always)]
    pub(crate) fn new(us: Color, side: CastlingSide, king: Square, rook: Square) -> CastlingPaths {
        let king_to = side.king_destination(us);
        let rook_to = side.rook_destination(us);
        let king_path = between(king, king_to).with(king_to);
        let rook_path = between(rook, rook_to).with(rook_to);
        CastlingPaths { king_path, must_be_empty: (king_path | rook_path).without(king).without(rook) }
    }
}
