//! Making moves by copy: `play` returns the next position and leaves the
//! current one untouched, so search and perft need no unmake.

use crate::castling::CastlingRights;
use crate::moves::{Move, MoveKind};
use crate::Position;
use bb_core::{Bitboard, Color, Piece, PieceKind, Square, U64};
use bb_tables::{pawn_attacks, zobrist};

impl Position {
    /// The position after `mv`, which must be legal here (one from
    /// [`Position::legal_moves`] or [`Position::parse_uci_move`]).
    ///
    /// This is the unchecked fast path that search and perft use: in
    /// release builds nothing is verified, and an illegal move gives a
    /// meaningless position (a move from an empty square returns the
    /// position unchanged). Debug builds assert [`Position::is_legal`].
    /// For a move from outside (a user, a file, a transposition table) use
    /// [`Position::try_play`], or test it with `is_legal` first.
    ///
    /// ```
    /// use bb_movegen::Position;
    ///
    /// let start = Position::startpos();
    /// let e4 = start.legal_moves()[0];
    /// assert_eq!(start.play(e4), start.try_play(e4).unwrap());
    /// ```
    pub fn play(&self, mv: Move) -> Position {
        debug_assert!(self.is_legal(mv), "{} is not legal in {self}", mv.uci(self.is_chess960()));
        self.play_keyed::<true>(mv)
    }

    /// `play` for perft, which never reads the Zobrist key: skipping its
    /// upkeep saves a handful of table lookups per move. The key of the
    /// result is stale and must not be used.
    #[inline(always)]
    pub(crate) fn play_unkeyed(&self, mv: Move) -> Position {
        self.play_keyed::<false>(mv)
    }

    /// `play` of a move the generator just produced: legal by construction,
    /// so the debug build's legality check is skipped (perft's hashed
    /// leaves make every leaf move through this).
    #[inline(always)]
    pub(crate) fn play_generated(&self, mv: Move) -> Position {
        self.play_keyed::<true>(mv)
    }

    /// The Zobrist key of the position after `mv` (legal here, as for
    /// [`Position::play`]), computed without making the move: equal to
    /// `self.play(mv).zobrist_key()`. A search starts loading the child's
    /// transposition-table entry with it before making the move, so that
    /// the memory access overlaps the work of making it.
    ///
    /// ```
    /// use bb_movegen::Position;
    ///
    /// let start = Position::startpos();
    /// for &mv in start.legal_moves().iter() {
    ///     assert_eq!(start.key_after(mv), start.play(mv).zobrist_key());
    /// }
    /// ```
    ///
    /// `play` keeps its own copy of these terms, worked out between the
    /// steps that build the new position (one pass is faster there); the
    /// property tests hold the two equal on every move of random games.
    #[inline]
    pub fn key_after(&self, mv: Move) -> u64 {
        let (from, to) = (mv.from(), mv.to());
        let Some(mover) = self.kind_at(from) else { return self.zobrist_key() };
        let us = self.side_to_move;
        let them = us.opposite();
        let piece = |color, kind, square| zobrist::piece(Piece::new(color, kind), square);
        let mut key = self.hash ^ self.en_passant_key() ^ zobrist::side_to_move();
        key ^= match mv.kind() {
            MoveKind::Castling => {
                piece(us, PieceKind::King, from)
                    ^ piece(us, PieceKind::King, mv.king_destination())
                    ^ piece(us, PieceKind::Rook, to)
                    ^ piece(us, PieceKind::Rook, mv.rook_destination())
            }
            MoveKind::EnPassant => {
                piece(us, PieceKind::Pawn, from)
                    ^ piece(us, PieceKind::Pawn, to)
                    ^ piece(them, PieceKind::Pawn, Square::new(to.file(), from.rank()))
            }
            kind => {
                let victim = match self.kind_at(to) {
                    Some(victim) if mv.is_capture() => piece(them, victim, to),
                    _ => U64::ZERO,
                };
                let double_push = if kind == MoveKind::DoublePush {
                    Square::from_index((from as u8 + to as u8) / 2)
                } else {
                    None
                };
                // A double push takes nothing: the pawns that may take en
                // passant are the opponent's on the board now.
                let pawns = self.by_color_kind(them, PieceKind::Pawn);
                victim
                    ^ piece(us, mover, from)
                    ^ piece(us, mv.promotion().unwrap_or(mover), to)
                    ^ en_passant_key(double_push, pawns, us)
            }
        };
        if let Some(castling) = self.castling_after(us, mover, from, to) {
            key ^= zobrist::castling(self.castling.bits()) ^ zobrist::castling(castling.bits());
        }
        key.to_u64()
    }

    // Every field of the new position is computed from `self` into locals
    // and stored once. Copying the position and then updating fields in
    // place (indexed read-modify-writes, `hash ^=`) read back memory just
    // written by the copy, which the CPU could not forward from its store
    // buffer: that stall was the hottest instruction of `play`, and writing
    // once made perft 16% faster.
    #[inline(always)]
    fn play_keyed<const KEYED: bool>(&self, mv: Move) -> Position {
        let from = mv.from();
        let to = mv.to();
        let Some(mover) = self.kind_at(from) else { return *self };
        let us = self.side_to_move;
        let them = us.opposite();
        let mut key = self.hash;
        if KEYED {
            key ^= self.en_passant_key() ^ zobrist::side_to_move();
        }
        let mut en_passant = None;
        let mut halfmove_clock = self.halfmove_clock.saturating_add(1);

        let (kinds, colors) = match mv.kind() {
            MoveKind::Castling => {
                let king_to = mv.king_destination();
                let rook_to = mv.rook_destination();
                if KEYED {
                    key ^= zobrist::piece(Piece::new(us, PieceKind::King), from)
                        ^ zobrist::piece(Piece::new(us, PieceKind::King), king_to)
                        ^ zobrist::piece(Piece::new(us, PieceKind::Rook), to)
                        ^ zobrist::piece(Piece::new(us, PieceKind::Rook), rook_to);
                }
                // Lift both first: in Chess960 the destinations may overlap
                // the origins.
                let lifted = from.bitboard() | to.bitboard();
                let mut kinds = self.kinds;
                kinds[PieceKind::King.index()] =
                    (kinds[PieceKind::King.index()] - lifted) | king_to.bitboard();
                kinds[PieceKind::Rook.index()] =
                    (kinds[PieceKind::Rook.index()] - lifted) | rook_to.bitboard();
                let landed = king_to.bitboard() | rook_to.bitboard();
                (kinds, self.colors_after(us, lifted, landed, Bitboard::EMPTY))
            }
            MoveKind::EnPassant => {
                let captured = Square::new(to.file(), from.rank());
                if KEYED {
                    key ^= zobrist::piece(Piece::new(us, PieceKind::Pawn), from)
                        ^ zobrist::piece(Piece::new(us, PieceKind::Pawn), to)
                        ^ zobrist::piece(Piece::new(them, PieceKind::Pawn), captured);
                }
                halfmove_clock = 0;
                let taken = captured.bitboard();
                (
                    self.kinds_after(PieceKind::Pawn, PieceKind::Pawn, from, to, taken),
                    self.colors_after(us, from.bitboard(), to.bitboard(), taken),
                )
            }
            kind => {
                let placed = mv.promotion().unwrap_or(mover);
                if mv.is_capture() {
                    if KEYED {
                        if let Some(victim) = self.kind_at(to) {
                            key ^= zobrist::piece(Piece::new(them, victim), to);
                        }
                    }
                    halfmove_clock = 0;
                }
                if KEYED {
                    key ^= zobrist::piece(Piece::new(us, mover), from)
                        ^ zobrist::piece(Piece::new(us, placed), to);
                }
                if mover == PieceKind::Pawn {
                    halfmove_clock = 0;
                    if kind == MoveKind::DoublePush {
                        en_passant = Square::from_index((from as u8 + to as u8) / 2);
                    }
                }
                let taken = to.bitboard();
                (
                    self.kinds_after(mover, placed, from, to, taken),
                    self.colors_after(us, from.bitboard(), to.bitboard(), taken),
                )
            }
        };

        let mut castling = self.castling;
        if let Some(after) = self.castling_after(us, mover, from, to) {
            castling = after;
            if KEYED {
                key ^= zobrist::castling(self.castling.bits()) ^ zobrist::castling(castling.bits());
            }
        }
        // The new position is assembled from locals in one go: computing
        // its checkers or key from a half-built `Position` in memory made
        // the compiler copy it once more (a `rep movs` on i686).
        let [white, black] = colors;
        let (movers, defenders) = match us {
            Color::White => (white, black),
            Color::Black => (black, white),
        };
        if KEYED {
            key ^= en_passant_key(en_passant, kinds[PieceKind::Pawn.index()] & defenders, us);
        }
        let king = (kinds[PieceKind::King.index()] & defenders).first_square_unchecked();
        Position {
            kinds,
            colors,
            side_to_move: them,
            castling,
            en_passant,
            halfmove_clock,
            fullmove_number: self.fullmove_number.saturating_add(u32::from(us == Color::Black)),
            hash: key,
            checkers: Self::checkers_of(&kinds, movers, white | black, king, them),
            ..*self
        }
    }

    /// The position after passing the move (for null-move pruning in
    /// search): the other side moves, the en-passant square is cleared.
    /// Not meaningful when the side to move is in check.
    pub fn play_null(&self) -> Position {
        let mut next = Position {
            side_to_move: self.side_to_move.opposite(),
            en_passant: None,
            halfmove_clock: self.halfmove_clock.saturating_add(1),
            fullmove_number: self
                .fullmove_number
                .saturating_add(u32::from(self.side_to_move == Color::Black)),
            hash: self.hash ^ self.en_passant_key() ^ zobrist::side_to_move(),
            ..*self
        };
        next.checkers = next.compute_checkers();
        next
    }

    /// The piece-kind bitboards after a piece of kind `mover` leaves `from`
    /// and one of kind `placed` (the same, or a promotion) lands on `to`,
    /// and whatever stood on `taken` is removed. Computed bitboard by
    /// bitboard with masks rather than by indexing with the kinds.
    #[inline(always)]
    fn kinds_after(
        &self,
        mover: PieceKind,
        placed: PieceKind,
        from: Square,
        to: Square,
        taken: Bitboard,
    ) -> [Bitboard; 6] {
        let mut kinds = self.kinds;
        for (index, squares) in kinds.iter_mut().enumerate() {
            let leaves = if index == mover.index() { from.bitboard() } else { Bitboard::EMPTY };
            let lands = if index == placed.index() { to.bitboard() } else { Bitboard::EMPTY };
            *squares = ((*squares - taken) ^ leaves) | lands;
        }
        kinds
    }

    /// The colour bitboards after `us`'s pieces leave `lifted` and land on
    /// `landed`, and the opponent's piece on `taken`, if any, is removed.
    #[inline(always)]
    fn colors_after(&self, us: Color, lifted: Bitboard, landed: Bitboard, taken: Bitboard) -> [Bitboard; 2] {
        let [white, black] = self.colors;
        match us {
            Color::White => [(white - lifted) | landed, black - taken],
            Color::Black => [white - taken, (black - lifted) | landed],
        }
    }

    /// The castling rights after a move of `us`'s `mover` from `from` to
    /// `to`, or `None` when the move cannot change them (no rights left,
    /// or neither the king nor a castling rook's square is involved): the
    /// common case, in which neither the rights nor the key are touched.
    #[inline(always)]
    fn castling_after(
        &self,
        us: Color,
        mover: PieceKind,
        from: Square,
        to: Square,
    ) -> Option<CastlingRights> {
        let touched = from.bitboard() | to.bitboard();
        let may_change = !self.castling.is_empty()
            && (mover == PieceKind::King || (touched & self.castling_rook_squares).any());
        may_change.then(|| self.castling.without_bits(self.castling_rights_lost(us, mover, from, to)))
    }

    /// The castling-right bits a move of `us`'s `mover` from `from` to `to`
    /// takes away: both of the mover's when the king moves, and the right of
    /// any castling rook that leaves or is captured on its square.
    #[inline(always)]
    fn castling_rights_lost(&self, us: Color, mover: PieceKind, from: Square, to: Square) -> u8 {
        let mut lost = 0;
        if mover == PieceKind::King {
            lost |= 3 << (us as u8 * 2);
        }
        for (index, rook) in self.castling_rooks.iter().enumerate() {
            if *rook == from || *rook == to {
                lost |= 1 << index;
            }
        }
        lost
    }

    /// The en-passant term of the key: the file's key when a pawn of the
    /// side to move could capture there, nothing otherwise.
    #[inline(always)]
    pub(crate) fn en_passant_key(&self) -> U64 {
        let us = self.side_to_move;
        en_passant_key(self.en_passant, self.by_color_kind(us, PieceKind::Pawn), us.opposite())
    }
}

/// The en-passant term of a key: the file's key when one of `capturers`
/// (the pawns of the side to move) attacks `en_passant`, nothing otherwise.
/// `mover` is the side that double-pushed. Only then is the square part of
/// the key, so that positions that play alike hash alike.
#[inline(always)]
fn en_passant_key(en_passant: Option<Square>, capturers: Bitboard, mover: Color) -> U64 {
    match en_passant {
        Some(square) if (pawn_attacks(mover, square) & capturers).any() => zobrist::en_passant(square.file()),
        _ => U64::ZERO,
    }
}
