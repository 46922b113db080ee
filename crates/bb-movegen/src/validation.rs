//! The one place where a described position is judged: the rules a
//! position must meet to be built ([`FenError`] names each), and which of
//! them a [`Validation`] relaxes. FEN parsing ([`Position::from_fen_with`])
//! and [`Setup::position_with`](crate::Setup::position_with) both build
//! through [`Builder`], stage by stage, so they accept and refuse alike and
//! report the same first error.

use crate::castling::CastlingSide;
use crate::error::FenError;
use crate::move_list::MAX_MOVES;
use crate::position::CastlingNotation;
use crate::setup::CastlingRook;
use crate::Position;
use bb_core::{Bitboard, Color, File, Piece, PieceKind, Rank, Square, U64};

/// One rule of strict validation that [`Validation`] can relax. Only rules
/// whose violation the move generator still plays correctly are here:
/// every relaxed position has exact `legal_moves`, `is_legal` and perft.
///
/// Never relaxed, for these reasons: a side without exactly one king
/// (every rule of the game and the generator assume one); the side not to
/// move in check (its king could be taken: no rule of chess says what
/// then); a pawn on the first or last rank (pawns there have no defined
/// move — one on its own first rank has never stood on its start rank, one
/// on the last should have promoted — so there is no correct move list to
/// generate, and programs disagree); a castling right given twice (a
/// malformed field, not a position).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Relaxation {
    /// Accept checks no move could have given ([`FenError::ImpossibleCheck`]):
    /// three checkers, two that are not sliders, or two on one line. The
    /// generator answers any double check with king moves only.
    ImpossibleCheck,
    /// Accept more material than eight pawns and their promotions allow
    /// ([`FenError::TooMuchMaterial`]), as long as no position reachable
    /// from it can have more legal moves than a [`MoveList`](crate::MoveList)
    /// holds ([`MAX_MOVES`]). The bound is per side: 27 for each queen or
    /// pawn (a pawn may become a queen), 14 for each rook, 13 for each
    /// bishop, 8 for each knight and 10 for the king and castling; a side
    /// over it is still refused.
    TooMuchMaterial,
    /// Drop an en-passant square that no double push can have left
    /// ([`FenError::ImpossibleEnPassant`]) instead of refusing the position.
    /// It is dropped, not kept: making the capture assumes the pushed pawn
    /// stands in front of the square.
    ImpossibleEnPassant,
    /// Drop a castling right whose king or rook is not where it must be
    /// ([`FenError::CastlingWithoutPieces`]) instead of refusing the position.
    CastlingWithoutPieces,
}

impl Relaxation {
    /// Every relaxation.
    pub const ALL: [Relaxation; 4] = [
        Relaxation::ImpossibleCheck,
        Relaxation::TooMuchMaterial,
        Relaxation::ImpossibleEnPassant,
        Relaxation::CastlingWithoutPieces,
    ];

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// How strictly a described position (FEN, [`Setup`](crate::Setup)) is
/// validated: [`Validation::STRICT`] (the default, what
/// [`Position::from_fen`] does) refuses every position that cannot arise in
/// a game; [`Validation::PLAYABLE`] relaxes every [`Relaxation`], accepting
/// whatever the generator plays correctly.
///
/// ```
/// use bb_movegen::{FenError, Position, Relaxation, Validation};
///
/// // Two checkers on one line: no move can have given this check.
/// let fen = "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1";
/// assert_eq!(Position::from_fen(fen), Err(FenError::ImpossibleCheck));
/// let position = Position::from_fen_with(fen, Validation::PLAYABLE).unwrap();
/// assert_eq!(bb_movegen::perft(&position, 3), 1829);
///
/// let only_checks = Validation::STRICT.relax(Relaxation::ImpossibleCheck);
/// assert!(only_checks.relaxes(Relaxation::ImpossibleCheck));
/// assert!(!only_checks.relaxes(Relaxation::TooMuchMaterial));
/// assert!(Position::from_fen_with(fen, only_checks).is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Validation {
    relaxed: u8,
}

impl Validation {
    /// Every rule enforced: only positions that can arise in a game.
    pub const STRICT: Validation = Validation { relaxed: 0 };
    /// Every [`Relaxation`]: any position the generator plays correctly.
    pub const PLAYABLE: Validation = Validation { relaxed: 0b1111 };

    /// This validation with `rule` relaxed.
    pub const fn relax(self, rule: Relaxation) -> Validation {
        Validation { relaxed: self.relaxed | rule.bit() }
    }

    /// This validation with `rule` enforced.
    pub const fn enforce(self, rule: Relaxation) -> Validation {
        Validation { relaxed: self.relaxed & !rule.bit() }
    }

    /// True when `rule` is relaxed.
    pub const fn relaxes(self, rule: Relaxation) -> bool {
        self.relaxed & rule.bit() != 0
    }
}

/// Builds a position stage by stage, validating each: pieces and side to
/// move ([`Builder::new`]), castling rights one at a time, then the
/// en-passant square, the counters and the checks ([`Builder::finish`]).
pub(crate) struct Builder {
    position: Position,
    validation: Validation,
    /// The rights given so far, held or dropped: a second is a repeat.
    given: u8,
    /// A right was given by side (`K`, `Q`): the castling field is X-FEN
    /// (which names a rook by file only where the side is ambiguous), not
    /// Shredder-FEN (every right by file).
    by_side: bool,
}

impl Builder {
    /// Places the pieces and checks the material: one king each, no pawn
    /// on a back rank, no more pieces than pawns and promotions allow.
    pub(crate) fn new(
        board: &[Option<Piece>; 64],
        side_to_move: Color,
        validation: Validation,
    ) -> Result<Builder, FenError> {
        let mut position = Position::empty();
        for (square, piece) in Square::ALL.into_iter().zip(board) {
            if let Some(piece) = piece {
                position.put(*piece, square);
            }
        }
        position.side_to_move = side_to_move;
        for color in Color::ALL {
            let count = position.by_color_kind(color, PieceKind::King).count();
            if count != 1 {
                return Err(FenError::KingCount { color, count });
            }
        }
        let back_ranks = Rank::First.bitboard() | Rank::Eighth.bitboard();
        if let Some(square) = (position.by_kind(PieceKind::Pawn) & back_ranks).first_square() {
            return Err(FenError::PawnOnBackRank(square));
        }
        for color in Color::ALL {
            let count = |kind| position.by_color_kind(color, kind).count();
            let promoted = count(PieceKind::Queen).saturating_sub(1)
                + count(PieceKind::Rook).saturating_sub(2)
                + count(PieceKind::Bishop).saturating_sub(2)
                + count(PieceKind::Knight).saturating_sub(2);
            let mobility_bound = 27 * (count(PieceKind::Queen) + count(PieceKind::Pawn))
                + 14 * count(PieceKind::Rook)
                + 13 * count(PieceKind::Bishop)
                + 8 * count(PieceKind::Knight)
                + 10;
            let relaxed =
                validation.relaxes(Relaxation::TooMuchMaterial) && mobility_bound as usize <= MAX_MOVES;
            if count(PieceKind::Pawn) + promoted > 8 && !relaxed {
                return Err(FenError::TooMuchMaterial(color));
            }
        }
        Ok(Builder { position, validation, given: 0, by_side: false })
    }

    /// Adds one castling right, as written by `letter`, after the rights
    /// added before it.
    pub(crate) fn castling_right(&mut self, right: CastlingRook) -> Result<(), FenError> {
        if matches!(right, CastlingRook::Outermost(..)) && !self.by_side {
            // The first right by side: the field is X-FEN, also if file
            // letters came before it.
            self.by_side = true;
            if self.position.castling_notation == CastlingNotation::Shredder {
                self.position.castling_notation = CastlingNotation::XFen;
            }
        }
        let position = &mut self.position;
        let letter = right.letter();
        let color = right.color();
        let home = match color {
            Color::White => Rank::First,
            Color::Black => Rank::Eighth,
        };
        let king = position.king_square(color);
        let rooks = position.by_color_kind(color, PieceKind::Rook) & home.bitboard();
        let (side, rook) = match right {
            CastlingRook::Outermost(_, CastlingSide::King) => {
                let beyond_king = rooks & !Bitboard::from_u64((2u64 << king as u32).wrapping_sub(1));
                (CastlingSide::King, beyond_king.last_square())
            }
            CastlingRook::Outermost(_, CastlingSide::Queen) => {
                let before_king = rooks & Bitboard::from_u64((1u64 << king as u32) - 1);
                (CastlingSide::Queen, before_king.first_square())
            }
            CastlingRook::OnFile(_, file) => {
                position.castling_notation =
                    if self.by_side { CastlingNotation::XFen } else { CastlingNotation::Shredder };
                let square = Square::new(file, home);
                let side = if file > king.file() { CastlingSide::King } else { CastlingSide::Queen };
                (side, Some(square).filter(|square| rooks.contains(*square)))
            }
        };
        if self.given & side.bit(color) != 0 {
            return Err(FenError::RepeatedCastlingRight(letter));
        }
        self.given |= side.bit(color);
        let rook = match rook {
            Some(rook) if king.rank() == home && rook.file() != king.file() => rook,
            _ if self.validation.relaxes(Relaxation::CastlingWithoutPieces) => return Ok(()),
            _ => return Err(FenError::CastlingWithoutPieces(letter)),
        };
        let standard_rook = match side {
            CastlingSide::King => File::H,
            CastlingSide::Queen => File::A,
        };
        if (king.file() != File::E || rook.file() != standard_rook)
            && position.castling_notation == CastlingNotation::Standard
        {
            position.castling_notation = CastlingNotation::XFen;
        }
        position.castling = position.castling.with(color, side);
        position.set_castling_rook(color, side, rook);
        Ok(())
    }

    /// Sets the en-passant square and the counters, checks both and the
    /// checks, and computes the key: the finished position.
    pub(crate) fn finish(
        mut self,
        en_passant: Option<Square>,
        halfmove_clock: u32,
        fullmove_number: u32,
    ) -> Result<Position, FenError> {
        let position = &mut self.position;
        position.en_passant = en_passant;
        position.halfmove_clock = halfmove_clock;
        // Full-move number 0 is read as 1, as python-chess does. Counters
        // that merely disagree (a half-move clock larger than the plies the
        // full-move number allows) are accepted, as python-chess and
        // shakmaty do: FENs found in the wild often have them.
        position.fullmove_number = fullmove_number.max(1);
        if let Err(error) = validate_en_passant(position) {
            if !self.validation.relaxes(Relaxation::ImpossibleEnPassant) {
                return Err(error);
            }
            position.en_passant = None;
        }
        validate_checks(position, self.validation)?;
        position.hash = U64::from_u64(position.compute_zobrist_key());
        Ok(self.position)
    }
}

/// The en-passant square must lie behind an enemy pawn that could just have
/// advanced two squares: on the right rank for the side to move, with that
/// pawn in front of it and the square and the pawn's origin empty.
fn validate_en_passant(position: &Position) -> Result<(), FenError> {
    let Some(square) = position.en_passant else { return Ok(()) };
    let mover = position.side_to_move.opposite();
    let (expected_rank, pawn_step, origin_step) = match mover {
        Color::White => (Rank::Third, 1, -1),
        Color::Black => (Rank::Sixth, -1, 1),
    };
    let pawn = square.offset(0, pawn_step);
    let origin = square.offset(0, origin_step);
    let plausible = square.rank() == expected_rank
        && pawn.is_some_and(|pawn| position.piece_at(pawn) == Some(Piece::new(mover, PieceKind::Pawn)))
        && position.piece_at(square).is_none()
        && origin.is_some_and(|origin| position.piece_at(origin).is_none());
    if plausible {
        Ok(())
    } else {
        Err(FenError::ImpossibleEnPassant(square))
    }
}

/// The side not to move must not be in check (never relaxed), and the
/// checks on the side to move must be ones a single move can give.
fn validate_checks(position: &mut Position, validation: Validation) -> Result<(), FenError> {
    let us = position.side_to_move;
    let them = us.opposite();
    if position.is_attacked_by(position.king_square(them), us, position.occupied()) {
        return Err(FenError::OpponentInCheck);
    }
    let checkers = position.compute_checkers();
    position.checkers = checkers;
    if validation.relaxes(Relaxation::ImpossibleCheck) {
        return Ok(());
    }
    match checkers.count() {
        0 | 1 => Ok(()),
        2 => {
            let king = position.king_square(us);
            let sliders = position.by_kind(PieceKind::Bishop)
                | position.by_kind(PieceKind::Rook)
                | position.by_kind(PieceKind::Queen);
            let first = checkers.first_square_unchecked();
            let second = checkers.without(first).first_square_unchecked();
            // A discovered check needs a slider, and the piece that moved
            // cannot have uncovered a line it stands on itself.
            if (checkers & sliders).is_empty() || bb_tables::line(king, first).contains(second) {
                Err(FenError::ImpossibleCheck)
            } else {
                Ok(())
            }
        }
        _ => Err(FenError::ImpossibleCheck),
    }
}
