//! `Position`: the board as six piece-kind bitboards plus colour
//! occupancies, and the game state. Positions are copied on every move
//! (copy-make), so the struct is kept small and `Copy`: at 104 bytes the
//! copy is a few vector moves inline, where the earlier 224 bytes (twelve
//! bitboards and a square-to-piece table) cost a `memcpy` call per move.
//! The occupancy of both colours is derived, not stored.

use crate::castling::{CastlingRights, CastlingSide};
use bb_core::{Bitboard, Color, Piece, PieceKind, Square, U64};
use bb_tables::zobrist;

/// A chess position: piece placement, side to move, castling rights,
/// en-passant square, move counters and its Zobrist key.
#[derive(Clone, Copy)]
pub struct Position {
    /// The squares of each piece kind, both colours, by [`PieceKind::index`].
    pub(crate) kinds: [Bitboard; 6],
    /// The squares of each colour's pieces, by [`Color::index`].
    pub(crate) colors: [Bitboard; 2],
    pub(crate) side_to_move: Color,
    pub(crate) castling: CastlingRights,
    /// The rook each castling right castles with, by [`CastlingSide::index`].
    /// Only meaningful while the right is held.
    pub(crate) castling_rooks: [Square; 4],
    /// The squares of the castling rooks, a superset of those whose right
    /// is still held: a move touching none of them (and not by a king)
    /// cannot change the rights, which `play` checks with one AND.
    pub(crate) castling_rook_squares: Bitboard,
    pub(crate) en_passant: Option<Square>,
    pub(crate) halfmove_clock: u32,
    pub(crate) fullmove_number: u32,
    pub(crate) hash: U64,
    /// Pieces giving check to the side to move, kept up to date by `play`.
    pub(crate) checkers: Bitboard,
    /// Standard chess, or Chess960 and how its castling rights are written.
    pub(crate) castling_notation: CastlingNotation,
}

/// How castling rights are written in FEN, which also tells whether the
/// position is Chess960 (castling rights with rooks or a king off their
/// standard squares, or rights read as file letters).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CastlingNotation {
    /// Standard chess: `KQkq`.
    Standard,
    /// Chess960 read with `KQkq` (X-FEN): printed the same way where the
    /// rook is the outermost one on its side, by file otherwise.
    XFen,
    /// Chess960 read with file letters (Shredder-FEN): printed that way.
    Shredder,
}

impl Position {
    /// An empty board, White to move, no rights; the FEN parser fills it.
    pub(crate) const fn empty() -> Position {
        Position {
            kinds: [Bitboard::EMPTY; 6],
            colors: [Bitboard::EMPTY; 2],
            side_to_move: Color::White,
            castling: CastlingRights::NONE,
            castling_rooks: [Square::H1, Square::A1, Square::H8, Square::A8],
            castling_rook_squares: Bitboard::EMPTY,
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            hash: U64::ZERO,
            checkers: Bitboard::EMPTY,
            castling_notation: CastlingNotation::Standard,
        }
    }

    /// The initial position of standard chess.
    ///
    /// ```
    /// use bb_movegen::{Color, Position, STARTPOS_FEN};
    ///
    /// let start = Position::startpos();
    /// assert_eq!(start.side_to_move(), Color::White);
    /// assert_eq!(start.legal_moves().len(), 20);
    /// assert_eq!(start.to_string(), STARTPOS_FEN);
    /// ```
    pub fn startpos() -> Position {
        match Position::from_fen(crate::fen::STARTPOS_FEN) {
            Ok(position) => position,
            // The constant is tested to parse; an empty board is the
            // harmless fallback that keeps this function panic-free.
            Err(_) => Position::empty(),
        }
    }

    /// Puts `piece` on the empty square `square` (set-up only; no hash update).
    pub(crate) fn put(&mut self, piece: Piece, square: Square) {
        let bit = square.bitboard();
        self.kinds[piece.kind().index()] |= bit;
        self.colors[piece.color().index()] |= bit;
    }

    /// The side to move.
    ///
    /// ```
    /// use bb_movegen::{Color, Position};
    ///
    /// let start = Position::startpos();
    /// let after = start.play(start.parse_uci_move("e2e4").unwrap());
    /// assert_eq!(after.side_to_move(), Color::Black);
    /// ```
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side_to_move
    }

    /// The piece on `square`, if any.
    ///
    /// ```
    /// use bb_movegen::{Piece, Position, Square};
    ///
    /// let start = Position::startpos();
    /// assert_eq!(start.piece_at(Square::E1), Some(Piece::WhiteKing));
    /// assert_eq!(start.piece_at(Square::D8), Some(Piece::BlackQueen));
    /// assert_eq!(start.piece_at(Square::E4), None);
    /// ```
    #[inline(always)]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        let kind = self.kind_at(square)?;
        let color =
            if self.colors[Color::White.index()].contains(square) { Color::White } else { Color::Black };
        Some(Piece::new(color, kind))
    }

    /// The kind of the piece on `square`, if any, whatever its colour.
    ///
    /// The kind's index is summed from one bit per kind bitboard: the six
    /// tests are independent, so they run in parallel where a chain of
    /// conditional moves would not (`play` and move ordering ask this for
    /// every move).
    #[inline(always)]
    pub fn kind_at(&self, square: Square) -> Option<PieceKind> {
        let on = |kind: PieceKind| usize::from(self.kinds[kind.index()].contains(square));
        let index = on(PieceKind::Knight)
            + 2 * on(PieceKind::Bishop)
            + 3 * on(PieceKind::Rook)
            + 4 * on(PieceKind::Queen)
            + 5 * on(PieceKind::King);
        if self.occupied().contains(square) {
            PieceKind::ALL.get(index).copied()
        } else {
            None
        }
    }

    /// The squares holding `piece`.
    #[inline(always)]
    pub fn by_piece(&self, piece: Piece) -> Bitboard {
        // Colour and kind from the index by arithmetic: `Piece::kind` is a
        // table lookup, measurable in evaluation, which asks this often.
        let index = piece.index();
        let black = usize::from(index >= PieceKind::ALL.len());
        self.kinds[index - black * PieceKind::ALL.len()] & self.colors[black]
    }

    /// The squares holding pieces of `kind`, of either colour.
    #[inline(always)]
    pub fn by_kind(&self, kind: PieceKind) -> Bitboard {
        self.kinds[kind.index()]
    }

    /// The squares holding `color`'s pieces of `kind`.
    #[inline(always)]
    pub fn by_color_kind(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.kinds[kind.index()] & self.colors[color.index()]
    }

    /// The squares holding `color`'s pieces.
    #[inline(always)]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.colors[color.index()]
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        // Derived rather than stored: one OR here is cheaper than keeping a
        // third occupancy up to date on every move.
        self.colors[0] | self.colors[1]
    }

    /// The square of `color`'s king. Every position built by this crate has
    /// exactly one king per side.
    #[inline(always)]
    pub fn king_square(&self, color: Color) -> Square {
        self.by_color_kind(color, PieceKind::King).first_square_unchecked()
    }

    /// The castling rights still held.
    #[inline(always)]
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// The square of the rook `color` castles with on `side`, while the
    /// right is held.
    pub fn castling_rook(&self, color: Color, side: CastlingSide) -> Option<Square> {
        if self.castling.has(color, side) {
            Some(self.castling_rooks[side.index(color)])
        } else {
            None
        }
    }

    /// Records `rook` as the rook `color` castles with on `side` (set-up only).
    pub(crate) fn set_castling_rook(&mut self, color: Color, side: CastlingSide, rook: Square) {
        self.castling_rooks[side.index(color)] = rook;
        self.castling_rook_squares.insert(rook);
    }

    /// The en-passant target square, as in FEN: set after every double push.
    #[inline(always)]
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    /// Plies since the last capture or pawn move.
    #[inline(always)]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The move number, starting at 1 and increased after Black moves.
    #[inline(always)]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// The Zobrist key, updated incrementally by [`Position::play`].
    ///
    /// ```
    /// use bb_movegen::Position;
    ///
    /// let start = Position::startpos();
    /// let mut position = start;
    /// for text in ["g1f3", "g8f6", "f3g1", "f6g8"] {
    ///     position = position.play(position.parse_uci_move(text).unwrap());
    /// }
    /// assert_eq!(position.zobrist_key(), start.zobrist_key()); // same position again
    /// let e4 = start.play(start.parse_uci_move("e2e4").unwrap());
    /// assert_ne!(e4.zobrist_key(), start.zobrist_key());
    /// ```
    #[inline(always)]
    pub fn zobrist_key(&self) -> u64 {
        self.hash.to_u64()
    }

    /// True when castling is written with file letters (Chess960).
    pub fn is_chess960(&self) -> bool {
        self.castling_notation != CastlingNotation::Standard
    }

    /// The Zobrist key computed from scratch (the incremental one in
    /// [`Position::play`] must always equal it).
    pub fn compute_zobrist_key(&self) -> u64 {
        let mut key = U64::ZERO;
        for square in self.occupied() {
            if let Some(piece) = self.piece_at(square) {
                key ^= zobrist::piece(piece, square);
            }
        }
        key ^= zobrist::castling(self.castling.bits()) ^ self.en_passant_key();
        if self.side_to_move == Color::Black {
            key ^= zobrist::side_to_move();
        }
        key.to_u64()
    }

    /// The same position with colours swapped and the board mirrored top to
    /// bottom: White's pieces become Black's on the mirrored squares, the
    /// other side moves. Evaluation must score both alike.
    pub fn mirrored(&self) -> Position {
        let mut mirror = Position::empty();
        for square in self.occupied() {
            if let Some(piece) = self.piece_at(square) {
                mirror.put(Piece::new(piece.color().opposite(), piece.kind()), square.flip_rank());
            }
        }
        mirror.side_to_move = self.side_to_move.opposite();
        let mut rights = CastlingRights::NONE;
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if let Some(rook) = self.castling_rook(color, side) {
                    rights = rights.with(color.opposite(), side);
                    mirror.set_castling_rook(color.opposite(), side, rook.flip_rank());
                }
            }
        }
        mirror.castling = rights;
        mirror.en_passant = self.en_passant.map(Square::flip_rank);
        mirror.halfmove_clock = self.halfmove_clock;
        mirror.fullmove_number = self.fullmove_number;
        mirror.castling_notation = self.castling_notation;
        mirror.checkers = mirror.compute_checkers();
        mirror.hash = U64::from_u64(mirror.compute_zobrist_key());
        mirror
    }
}

impl Position {
    /// The rooks of the castling rights held are the same (those of rights
    /// no longer held are forgotten).
    pub(crate) fn same_castling_rooks(&self, other: &Position) -> bool {
        Color::ALL.iter().all(|color| {
            CastlingSide::ALL
                .iter()
                .all(|side| self.castling_rook(*color, *side) == other.castling_rook(*color, *side))
        })
    }
}

/// Positions are equal when they play alike, move counters too (for
/// repetition, which ignores them, see [`Position::same_position`]); derived state
/// follows from the rest, and the rook of a right no longer held is forgotten.
/// How castling is written is not compared: X-FEN and Shredder-FEN give equal
/// positions, and so does a Chess960 position whose remaining rights have
/// become those of standard chess (`KQk` with the white king gone from e1,
/// then the white rights lost: `k` reads back as standard chess).
impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.kinds == other.kinds
            && self.colors == other.colors
            && self.side_to_move == other.side_to_move
            && self.castling == other.castling
            && self.same_castling_rooks(other)
            && self.en_passant == other.en_passant
            && self.halfmove_clock == other.halfmove_clock
            && self.fullmove_number == other.fullmove_number
    }
}

impl Eq for Position {}

impl core::hash::Hash for Position {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.hash.hash(state);
    }
}

impl core::fmt::Debug for Position {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Position(\"{self}\")")
    }
}
