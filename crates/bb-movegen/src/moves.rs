//! `Move`: a 16-bit code (from, to, kind), and how it is written in UCI.
//! The list the generator fills is [`crate::MoveList`] (`move_list`).

use bb_core::{PieceKind, Square};
use core::fmt;

/// What kind of move a [`Move`] is, stored in its top four bits.
///
/// The values are chosen so that bit 2 marks captures (en passant included)
/// and bit 3 marks promotions, whose low two bits name the piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum MoveKind {
    /// Any non-capturing move that is none of the below.
    Quiet = 0,
    /// A pawn's two-square advance (sets the en-passant square).
    DoublePush = 1,
    /// Castling, encoded as the king moving onto its own rook.
    Castling = 2,
    /// A capture of the piece on the destination square.
    Capture = 4,
    /// A pawn capturing en passant.
    EnPassant = 5,
    /// Promotion to a knight without capture.
    KnightPromotion = 8,
    /// Promotion to a bishop without capture.
    BishopPromotion = 9,
    /// Promotion to a rook without capture.
    RookPromotion = 10,
    /// Promotion to a queen without capture.
    QueenPromotion = 11,
    /// Capture and promotion to a knight.
    KnightPromotionCapture = 12,
    /// Capture and promotion to a bishop.
    BishopPromotionCapture = 13,
    /// Capture and promotion to a rook.
    RookPromotionCapture = 14,
    /// Capture and promotion to a queen.
    QueenPromotionCapture = 15,
}

const CAPTURE_BIT: u16 = 4 << 12;
const PROMOTION_BIT: u16 = 8 << 12;

impl MoveKind {
    const ALL: [Option<MoveKind>; 16] = [
        Some(MoveKind::Quiet),
        Some(MoveKind::DoublePush),
        Some(MoveKind::Castling),
        None,
        Some(MoveKind::Capture),
        Some(MoveKind::EnPassant),
        None,
        None,
        Some(MoveKind::KnightPromotion),
        Some(MoveKind::BishopPromotion),
        Some(MoveKind::RookPromotion),
        Some(MoveKind::QueenPromotion),
        Some(MoveKind::KnightPromotionCapture),
        Some(MoveKind::BishopPromotionCapture),
        Some(MoveKind::RookPromotionCapture),
        Some(MoveKind::QueenPromotionCapture),
    ];

    /// The promotion kinds for a piece, without and with capture.
    pub(crate) const fn promotion(piece: PieceKind, capture: bool) -> MoveKind {
        let base = if capture { 12 } else { 8 };
        let offset = match piece {
            PieceKind::Bishop => 1,
            PieceKind::Rook => 2,
            PieceKind::Queen => 3,
            _ => 0,
        };
        match MoveKind::ALL[base + offset] {
            Some(kind) => kind,
            None => MoveKind::Quiet,
        }
    }
}

/// A move as a 16-bit code: bits 0–5 the origin square, 6–11 the
/// destination, 12–15 the [`MoveKind`].
///
/// Castling is stored as the king moving onto its own rook's square, which
/// covers Chess960 too; [`Move::king_destination`] gives the square the king
/// lands on. `Display` prints standard UCI text (`e2e4`, `e7e8q`, `e1g1`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

impl Move {
    /// The null move, printed `0000`.
    pub const NULL: Move = Move(0);

    /// A move of `kind` from `from` to `to`.
    ///
    /// ```
    /// use bb_movegen::{Move, MoveKind, Position, Square};
    ///
    /// let e4 = Move::new(Square::E2, Square::E4, MoveKind::DoublePush);
    /// assert_eq!((e4.from(), e4.to(), e4.kind()), (Square::E2, Square::E4, MoveKind::DoublePush));
    /// assert_eq!(e4.to_string(), "e2e4");
    /// assert_eq!(Position::startpos().parse_uci_move("e2e4"), Ok(e4));
    /// ```
    #[inline(always)]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move(from as u16 | (to as u16) << 6 | (kind as u16) << 12)
    }

    /// The raw 16-bit code.
    #[inline(always)]
    pub const fn to_u16(self) -> u16 {
        self.0
    }

    /// Rebuilds a move from its raw code; `None` for a code no move has.
    pub const fn from_u16(code: u16) -> Option<Move> {
        match MoveKind::ALL[(code >> 12) as usize] {
            Some(_) => Some(Move(code)),
            None => None,
        }
    }

    /// The square the moving piece leaves.
    #[inline(always)]
    pub const fn from(self) -> Square {
        Square::from_index_wrapping(self.0 as u32 & 63)
    }

    /// The destination square; for castling, the castling rook's square.
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::from_index_wrapping((self.0 >> 6) as u32 & 63)
    }

    /// The kind of move.
    #[inline(always)]
    pub const fn kind(self) -> MoveKind {
        match MoveKind::ALL[(self.0 >> 12) as usize] {
            Some(kind) => kind,
            None => MoveKind::Quiet,
        }
    }

    /// True for captures, en passant and capturing promotions included.
    #[inline(always)]
    pub const fn is_capture(self) -> bool {
        self.0 & CAPTURE_BIT != 0
    }

    /// True for promotions.
    #[inline(always)]
    pub const fn is_promotion(self) -> bool {
        self.0 & PROMOTION_BIT != 0
    }

    /// True for en-passant captures.
    #[inline(always)]
    pub const fn is_en_passant(self) -> bool {
        matches!(self.kind(), MoveKind::EnPassant)
    }

    /// True for castling.
    #[inline(always)]
    pub const fn is_castling(self) -> bool {
        matches!(self.kind(), MoveKind::Castling)
    }

    /// True for a pawn's two-square advance.
    #[inline(always)]
    pub const fn is_double_push(self) -> bool {
        matches!(self.kind(), MoveKind::DoublePush)
    }

    /// The piece a pawn promotes to, if this is a promotion.
    #[inline(always)]
    pub const fn promotion(self) -> Option<PieceKind> {
        if self.is_promotion() {
            Some(PieceKind::ALL[1 + ((self.0 >> 12) & 3) as usize])
        } else {
            None
        }
    }

    /// Where the king lands: g- or c-file of its rank for castling, else `to`.
    #[inline(always)]
    pub const fn king_destination(self) -> Square {
        let to = self.to();
        if self.is_castling() {
            let file = if (to as u8 & 7) > (self.from() as u8 & 7) { 6 } else { 2 };
            Square::from_index_wrapping((to as u32 & !7) | file)
        } else {
            to
        }
    }

    /// Where the castling rook lands (f- or d-file); `to` for other moves.
    #[inline(always)]
    pub const fn rook_destination(self) -> Square {
        let to = self.to();
        if self.is_castling() {
            let file = if (to as u8 & 7) > (self.from() as u8 & 7) { 5 } else { 3 };
            Square::from_index_wrapping((to as u32 & !7) | file)
        } else {
            to
        }
    }

    /// UCI text; with `chess960` castling is written king-to-rook (`e1h1`),
    /// as UCI_Chess960 wants, otherwise king-to-destination (`e1g1`).
    ///
    /// ```
    /// use bb_movegen::{Move, MoveKind, Square};
    ///
    /// let castle = Move::new(Square::E1, Square::H1, MoveKind::Castling); // king takes own rook
    /// assert_eq!(castle.uci(false).to_string(), "e1g1");
    /// assert_eq!(castle.uci(true).to_string(), "e1h1");
    /// assert_eq!(castle.to_string(), "e1g1");
    /// ```
    pub const fn uci(self, chess960: bool) -> UciMove {
        UciMove { mv: self, chess960 }
    }
}

/// A move formatted as UCI text; see [`Move::uci`].
#[derive(Clone, Copy, Debug)]
pub struct UciMove {
    mv: Move,
    chess960: bool,
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mv = self.mv;
        if mv == Move::NULL {
            return f.write_str("0000");
        }
        let to = if self.chess960 { mv.to() } else { mv.king_destination() };
        write!(f, "{}{}", mv.from(), to)?;
        if let Some(piece) = mv.promotion() {
            write!(f, "{}", piece.to_char())?;
        }
        Ok(())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.uci(false), f)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({} {:?})", self, self.kind())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_survive_encoding() {
        for kind in MoveKind::ALL.iter().flatten() {
            let mv = Move::new(Square::E7, Square::D8, *kind);
            assert_eq!(mv.from(), Square::E7);
            assert_eq!(mv.to(), Square::D8);
            assert_eq!(mv.kind(), *kind);
            assert_eq!(Move::from_u16(mv.to_u16()), Some(mv));
            let code = *kind as u8;
            assert_eq!(mv.is_capture(), code & 4 != 0);
            assert_eq!(mv.is_promotion(), code & 8 != 0);
        }
        assert_eq!(Move::from_u16(3 << 12), None);
    }

    #[test]
    fn uci_text() {
        assert_eq!(Move::new(Square::E2, Square::E4, MoveKind::DoublePush).to_string(), "e2e4");
        let promotion = Move::new(Square::E7, Square::E8, MoveKind::promotion(PieceKind::Queen, false));
        assert_eq!(promotion.to_string(), "e7e8q");
        assert_eq!(promotion.promotion(), Some(PieceKind::Queen));
        let under = Move::new(Square::B2, Square::A1, MoveKind::promotion(PieceKind::Knight, true));
        assert_eq!(under.to_string(), "b2a1n");
        assert!(under.is_capture());
        let castle = Move::new(Square::E1, Square::H1, MoveKind::Castling);
        assert_eq!(castle.to_string(), "e1g1");
        assert_eq!(castle.uci(true).to_string(), "e1h1");
        assert_eq!(castle.rook_destination(), Square::F1);
        let long = Move::new(Square::E8, Square::A8, MoveKind::Castling);
        assert_eq!(long.to_string(), "e8c8");
        assert_eq!(long.rook_destination(), Square::D8);
        assert_eq!(Move::NULL.to_string(), "0000");
    }
}
