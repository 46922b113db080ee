//! What attacks what in a position: the checkers, the attackers of a
//! square, every square a side attacks, and the pinned pieces with the
//! blockers that pins come from. Move generation builds its check and pin
//! masks on these; the search and evaluation ask them too.

use crate::Position;
use bb_core::{Bitboard, Color, Piece, PieceKind, Square};
use bb_tables::{
    between, bishop_attacks, bishop_pseudo_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
    rook_pseudo_attacks,
};

impl Position {
    /// The pieces giving check to the side to move.
    ///
    /// ```
    /// use bb_movegen::{Position, Square};
    ///
    /// // The bishop on b5 checks the king on e8.
    /// let position = Position::from_fen("4k3/8/8/1B6/8/8/8/4K3 b - - 0 1").unwrap();
    /// assert_eq!(position.checkers(), Square::B5.bitboard());
    /// assert!(Position::startpos().checkers().is_empty());
    /// ```
    #[inline(always)]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// True when the side to move is in check.
    ///
    /// ```
    /// use bb_movegen::Position;
    ///
    /// let position = Position::from_fen("4k3/8/8/1B6/8/8/8/4K3 b - - 0 1").unwrap();
    /// assert!(position.in_check());
    /// assert!(!Position::startpos().in_check());
    /// ```
    #[inline(always)]
    pub fn in_check(&self) -> bool {
        self.checkers.any()
    }

    /// Pieces of either colour that attack `square` when the board's
    /// occupancy is `occupied` (pass a modified occupancy to look through
    /// pieces, e.g. the moving king).
    ///
    /// ```
    /// use bb_movegen::{Position, Square};
    ///
    /// let start = Position::startpos();
    /// // f3 is covered by the pawns on e2 and g2 and the knight on g1.
    /// let attackers = start.attacks_to(Square::F3, start.occupied());
    /// assert_eq!(attackers, Square::E2.bitboard() | Square::G2.bitboard() | Square::G1.bitboard());
    /// ```
    #[inline(always)]
    pub fn attacks_to(&self, square: Square, occupied: Bitboard) -> Bitboard {
        let rooks = self.by_kind(PieceKind::Rook) | self.by_kind(PieceKind::Queen);
        let bishops = self.by_kind(PieceKind::Bishop) | self.by_kind(PieceKind::Queen);
        (pawn_attacks(Color::White, square) & self.by_piece(Piece::BlackPawn))
            | (pawn_attacks(Color::Black, square) & self.by_piece(Piece::WhitePawn))
            | (knight_attacks(square) & self.by_kind(PieceKind::Knight))
            | (king_attacks(square) & self.by_kind(PieceKind::King))
            | (rook_attacks(square, occupied) & rooks)
            | (bishop_attacks(square, occupied) & bishops)
    }

    /// The sliders among `rook_movers` (rooks, queens) and `bishop_movers`
    /// (bishops, queens) with a clear line to `square` through `occupied`.
    ///
    /// Cheaper than two magic lookups where it is used (king squares): the
    /// empty-board tables are small and stay in L1, and usually no slider,
    /// or one, is aligned with the square at all.
    #[inline(always)]
    pub(crate) fn sliders_reaching(
        square: Square,
        occupied: Bitboard,
        rook_movers: Bitboard,
        bishop_movers: Bitboard,
    ) -> Bitboard {
        let mut aligned =
            (rook_pseudo_attacks(square) & rook_movers) | (bishop_pseudo_attacks(square) & bishop_movers);
        let mut reaching = Bitboard::EMPTY;
        while let Some(slider) = aligned.pop_first() {
            if (between(square, slider) & occupied).is_empty() {
                reaching.insert(slider);
            }
        }
        reaching
    }

    /// True when any piece of `attacker` attacks `square` given `occupied`.
    #[inline(always)]
    pub fn is_attacked_by(&self, square: Square, attacker: Color, occupied: Bitboard) -> bool {
        let queens = self.by_color_kind(attacker, PieceKind::Queen);
        (knight_attacks(square) & self.by_color_kind(attacker, PieceKind::Knight)).any()
            || (pawn_attacks(attacker.opposite(), square) & self.by_color_kind(attacker, PieceKind::Pawn))
                .any()
            || (king_attacks(square) & self.by_color_kind(attacker, PieceKind::King)).any()
            || Self::sliders_reaching(
                square,
                occupied,
                self.by_color_kind(attacker, PieceKind::Rook) | queens,
                self.by_color_kind(attacker, PieceKind::Bishop) | queens,
            )
            .any()
    }

    /// Every square `color` attacks (defended squares included).
    pub fn attacked_by(&self, color: Color) -> Bitboard {
        let occupied = self.occupied();
        let mut attacked = Bitboard::EMPTY;
        let pawns = self.by_color_kind(color, PieceKind::Pawn);
        attacked |= match color {
            Color::White => pawns.north_east() | pawns.north_west(),
            Color::Black => pawns.south_east() | pawns.south_west(),
        };
        for square in self.by_color_kind(color, PieceKind::Knight) {
            attacked |= knight_attacks(square);
        }
        let queens = self.by_color_kind(color, PieceKind::Queen);
        for square in self.by_color_kind(color, PieceKind::Bishop) | queens {
            attacked |= bishop_attacks(square, occupied);
        }
        for square in self.by_color_kind(color, PieceKind::Rook) | queens {
            attacked |= rook_attacks(square, occupied);
        }
        attacked | king_attacks(self.king_square(color))
    }

    /// Pieces of the side to move that are pinned to their own king.
    ///
    /// ```
    /// use bb_movegen::{Position, Square};
    ///
    /// // The black rook on e7 pins the white rook on e2 to its king.
    /// let position = Position::from_fen("4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1").unwrap();
    /// assert_eq!(position.pinned(), Square::E2.bitboard());
    /// assert!(Position::startpos().pinned().is_empty());
    /// ```
    pub fn pinned(&self) -> Bitboard {
        self.blockers_for_king(self.side_to_move)
    }

    /// The squares a move other than the king's must land on: every square
    /// when the side to move is not in check, the checker and the squares
    /// between it and the king when one piece checks, none in double check.
    /// Legal generation intersects the target sets with it; the one move
    /// that lands outside it is an en-passant capture of a checking pawn
    /// (the capture square is the pawn's, the target square is behind it).
    ///
    /// ```
    /// use bb_movegen::{Bitboard, Position};
    ///
    /// // The rook on e8 checks the king on e1: e2 to e7 block, e8 captures.
    /// let position = Position::from_fen("4r1k1/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    /// assert_eq!(position.check_mask(), Bitboard::from_u64(0x1010_1010_1010_1000)); // e2..e8
    /// assert_eq!(Position::startpos().check_mask(), Bitboard::FULL);
    /// ```
    pub fn check_mask(&self) -> Bitboard {
        Self::check_mask_of(self.king_square(self.side_to_move), self.checkers)
    }

    /// [`check_mask`](Self::check_mask) from the king's square and its
    /// checkers: the generator's own, which has both at hand.
    #[inline(always)]
    pub(crate) fn check_mask_of(king: Square, checkers: Bitboard) -> Bitboard {
        if checkers.has_more_than_one() {
            return Bitboard::EMPTY;
        }
        match checkers.first_square() {
            Some(checker) => between(king, checker).with(checker),
            None => Bitboard::FULL,
        }
    }

    /// The pin rays of the side to move: for each pinned piece, the squares
    /// from its king (excluded) to the enemy slider that pins it (included),
    /// along which alone the piece may move.
    ///
    /// ```
    /// use bb_movegen::{Position, Square};
    ///
    /// // The rook on e7 pins the rook on e2: it may move on e2..e7.
    /// let position = Position::from_fen("4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1").unwrap();
    /// let ray = position.pin_rays();
    /// assert_eq!(ray.count(), 6);
    /// assert!(ray.contains(Square::E7) && ray.contains(Square::E2) && !ray.contains(Square::E1));
    ///
    /// // A knight behind the king pins nothing; the rook on e8 pins e3.
    /// let position = Position::from_fen("k3r3/8/8/8/8/4R3/4K3/4n3 w - - 0 1").unwrap();
    /// assert_eq!(position.pin_rays().count(), 6); // e3..e8
    /// assert!(!position.pin_rays().contains(Square::E1));
    /// ```
    pub fn pin_rays(&self) -> Bitboard {
        let us = self.side_to_move;
        let king = self.king_square(us);
        let them = us.opposite();
        let queens = self.by_color_kind(them, PieceKind::Queen);
        let snipers = (rook_pseudo_attacks(king) & (self.by_color_kind(them, PieceKind::Rook) | queens))
            | (bishop_pseudo_attacks(king) & (self.by_color_kind(them, PieceKind::Bishop) | queens));
        let mut rays = Bitboard::EMPTY;
        for sniper in snipers {
            // As in `blockers_for_king`: one piece between, and ours.
            let blockers = between(king, sniper) & self.occupied();
            if blockers.count() == 1 && (blockers & self.by_color(us)).any() {
                rays |= between(king, sniper).with(sniper);
            }
        }
        rays
    }

    /// Pieces of `color` that stand alone between `color`'s king and an
    /// enemy slider aiming at it.
    #[inline(always)]
    pub(crate) fn blockers_for_king(&self, color: Color) -> Bitboard {
        let king = self.king_square(color);
        let them = color.opposite();
        let queens = self.by_color_kind(them, PieceKind::Queen);
        // Enemy sliders on a line with the king; one with exactly one piece
        // between, one of ours, pins it.
        let mut snipers = (rook_pseudo_attacks(king) & (self.by_color_kind(them, PieceKind::Rook) | queens))
            | (bishop_pseudo_attacks(king) & (self.by_color_kind(them, PieceKind::Bishop) | queens));
        let mut pinned = Bitboard::EMPTY;
        while let Some(sniper) = snipers.pop_first() {
            let blockers = between(king, sniper) & self.occupied();
            if !blockers.has_more_than_one() {
                pinned |= blockers & self.by_color(color);
            }
        }
        pinned
    }

    /// The checkers of the side to move, computed from scratch.
    #[inline(always)]
    pub(crate) fn compute_checkers(&self) -> Bitboard {
        let us = self.side_to_move;
        let attackers = self.by_color(us.opposite());
        Self::checkers_of(&self.kinds, attackers, self.occupied(), self.king_square(us), us)
    }

    /// The pieces among `attackers` (one side's pieces on a board of `kinds`
    /// and `occupied`) that give check to the `victim` king on `king`.
    /// Written on the parts rather than on a `Position`, so that `play` can
    /// compute it from values still in registers.
    #[inline(always)]
    pub(crate) fn checkers_of(
        kinds: &[Bitboard; 6],
        attackers: Bitboard,
        occupied: Bitboard,
        king: Square,
        victim: Color,
    ) -> Bitboard {
        let of_kind = |kind: PieceKind| kinds[kind.index()] & attackers;
        let queens = of_kind(PieceKind::Queen);
        // A king never gives check, so four piece kinds are enough.
        (pawn_attacks(victim, king) & of_kind(PieceKind::Pawn))
            | (knight_attacks(king) & of_kind(PieceKind::Knight))
            | Self::sliders_reaching(
                king,
                occupied,
                of_kind(PieceKind::Rook) | queens,
                of_kind(PieceKind::Bishop) | queens,
            )
    }
}
