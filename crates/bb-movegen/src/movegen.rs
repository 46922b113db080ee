//! Fully legal move generation with check and pin masks.
//!
//! Per node the generator computes, once: the checkers (kept in the
//! position), the check mask (the squares that capture or block a single
//! checker; every square when not in check) and the pinned pieces. Then:
//! - in double check only the king moves;
//! - pinned pieces move only along the line through their king (and not at
//!   all when in check);
//! - the king moves to squares not attacked with the king itself lifted off
//!   the board, so sliders see through its old square;
//! - castling needs the squares between king and rook and both destinations
//!   empty, and the king's path unattacked with the castling rook lifted;
//! - en passant is checked by replaying its occupancy change, which catches
//!   the capture that uncovers the king along the rank.
//!
//! No move is made and tested. Moves are reported to a [`MoveSink`], so the
//! same code fills a [`MoveList`] or only counts (perft's bulk counting).

pub(crate) use crate::move_sink::{EachMove, MoveCounter, MoveSink};

use crate::castling::{castling_obstacle, CastlingSide};
use crate::move_list::MoveList;
use crate::moves::{Move, MoveKind};
use crate::Position;
use bb_core::{Bitboard, Color, PieceKind, Rank, Square};
use bb_tables::{king_attacks, knight_attacks, line, pawn_attacks, BuildSliders, SliderLookup};

/// Which moves to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveFilter {
    /// Every legal move.
    All,
    /// Moves that capture: en passant and capturing promotions included.
    Captures,
    /// Moves that do not capture: non-capturing promotions and castling included.
    Quiets,
}

/// Pawn geometry of one side, so the generator is compiled once per colour
/// with every direction a constant.
pub(crate) trait Side {
    const US: Color;
    /// Index step of a single push (+8 or -8).
    const UP: i8;
    /// Index steps of the two captures.
    const CAPTURE_WEST: i8;
    const CAPTURE_EAST: i8;
    /// Rank a pawn reaches after a single push from its start.
    const DOUBLE_PUSH_RANK: Rank;
    /// Rank from which a pawn's next step promotes.
    const LAST_STEP_RANK: Rank;
    fn up(pawns: Bitboard) -> Bitboard;
    fn up_west(pawns: Bitboard) -> Bitboard;
    fn up_east(pawns: Bitboard) -> Bitboard;
    /// The squares the opponent's `pawns` attack.
    fn enemy_pawn_attacks(pawns: Bitboard) -> Bitboard;
}

pub(crate) struct White;
pub(crate) struct Black;

impl Side for White {
    const US: Color = Color::White;
    const UP: i8 = 8;
    const CAPTURE_WEST: i8 = 7;
    const CAPTURE_EAST: i8 = 9;
    const DOUBLE_PUSH_RANK: Rank = Rank::Third;
    const LAST_STEP_RANK: Rank = Rank::Seventh;
    #[inline(always)]
    fn up(pawns: Bitboard) -> Bitboard {
        pawns.north()
    }
    #[inline(always)]
    fn up_west(pawns: Bitboard) -> Bitboard {
        pawns.north_west()
    }
    #[inline(always)]
    fn up_east(pawns: Bitboard) -> Bitboard {
        pawns.north_east()
    }
    #[inline(always)]
    fn enemy_pawn_attacks(pawns: Bitboard) -> Bitboard {
        pawns.south_west() | pawns.south_east()
    }
}

impl Side for Black {
    const US: Color = Color::Black;
    const UP: i8 = -8;
    const CAPTURE_WEST: i8 = -9;
    const CAPTURE_EAST: i8 = -7;
    const DOUBLE_PUSH_RANK: Rank = Rank::Sixth;
    const LAST_STEP_RANK: Rank = Rank::Second;
    #[inline(always)]
    fn up(pawns: Bitboard) -> Bitboard {
        pawns.south()
    }
    #[inline(always)]
    fn up_west(pawns: Bitboard) -> Bitboard {
        pawns.south_west()
    }
    #[inline(always)]
    fn up_east(pawns: Bitboard) -> Bitboard {
        pawns.south_east()
    }
    #[inline(always)]
    fn enemy_pawn_attacks(pawns: Bitboard) -> Bitboard {
        pawns.north_west() | pawns.north_east()
    }
}

/// Destinations allowed for non-king moves at this node.
#[derive(Clone, Copy)]
pub(crate) struct Targets {
    /// Empty squares a quiet move may go to (check mask applied).
    pub(crate) quiet: Bitboard,
    /// Enemy pieces a capture may take (check mask applied).
    pub(crate) capture: Bitboard,
}

impl Position {
    /// Every legal move.
    ///
    /// ```
    /// use bb_movegen::{Move, MoveKind, Position, Square};
    ///
    /// let moves = Position::startpos().legal_moves();
    /// assert_eq!(moves.len(), 20);
    /// assert!(moves.contains(Move::new(Square::E2, Square::E4, MoveKind::DoublePush)));
    /// assert!(moves.iter().all(|mv| !mv.is_capture()));
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(MoveFilter::All, &mut list);
        list
    }

    /// Appends the legal moves that pass `filter` to `list`.
    ///
    /// ```
    /// use bb_movegen::{MoveFilter, MoveList, Position};
    ///
    /// let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    /// let position = Position::from_fen(kiwipete).unwrap();
    /// let mut list = MoveList::new();
    /// position.generate(MoveFilter::Captures, &mut list);
    /// assert_eq!(list.len(), 8);
    /// assert!(list.iter().all(|mv| mv.is_capture()));
    /// position.generate(MoveFilter::Quiets, &mut list); // appended after the captures
    /// assert_eq!(list.len(), 48);
    /// ```
    pub fn generate(&self, filter: MoveFilter, list: &mut MoveList) {
        self.generate_into(filter, &mut EachMove(|mv| list.push(mv)));
    }

    /// The number of legal moves, counted without listing them.
    ///
    /// ```
    /// use bb_movegen::Position;
    ///
    /// assert_eq!(Position::startpos().count_legal_moves(), 20);
    /// let fools_mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    /// assert_eq!(Position::from_fen(fools_mate).unwrap().count_legal_moves(), 0);
    /// ```
    #[inline]
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = MoveCounter::default();
        self.generate_into(MoveFilter::All, &mut counter);
        counter.0
    }

    #[inline(always)]
    pub(crate) fn generate_into<S: MoveSink>(&self, filter: MoveFilter, sink: &mut S) {
        self.generate_into_with(BuildSliders, filter, sink);
    }

    /// [`generate_into`](Self::generate_into) with the slider lookups of
    /// `sliders`: perft's copy for CPUs with a fast `pext` passes a
    /// [`Bmi2`](bb_core::platform::Bmi2).
    #[inline(always)]
    pub(crate) fn generate_into_with<L: SliderLookup, S: MoveSink>(
        &self,
        sliders: L,
        filter: MoveFilter,
        sink: &mut S,
    ) {
        match self.side_to_move {
            Color::White => generate_for::<White, L, S>(self, sliders, filter, sink),
            Color::Black => generate_for::<Black, L, S>(self, sliders, filter, sink),
        }
    }
}

#[inline(always)]
fn generate_for<C: Side, L: SliderLookup, S: MoveSink>(
    position: &Position,
    sliders: L,
    filter: MoveFilter,
    sink: &mut S,
) {
    let us = C::US;
    let them = us.opposite();
    let king = position.king_square(us);
    let own = position.by_color(us);
    let enemies = position.by_color(them);
    let occupied = position.occupied();
    let checkers = position.checkers;

    let (quiet_filter, capture_filter) = match filter {
        MoveFilter::All => (!occupied, enemies),
        MoveFilter::Captures => (Bitboard::EMPTY, enemies),
        MoveFilter::Quiets => (!occupied, Bitboard::EMPTY),
    };

    // King moves. Squares guarded by a pawn or the king are removed
    // set-wise; knights and sliders are tested per square, with the king
    // lifted so that sliders see through it.
    let guarded = C::enemy_pawn_attacks(position.by_color_kind(them, PieceKind::Pawn))
        | king_attacks(position.king_square(them));
    let mut king_targets = (king_attacks(king) & (quiet_filter | capture_filter)) - guarded;
    let without_king = occupied.without(king);
    let their_knights = position.by_color_kind(them, PieceKind::Knight);
    let their_queens = position.by_color_kind(them, PieceKind::Queen);
    let their_straight = position.by_color_kind(them, PieceKind::Rook) | their_queens;
    let their_diagonal = position.by_color_kind(them, PieceKind::Bishop) | their_queens;
    let mut safe = Bitboard::EMPTY;
    while let Some(to) = king_targets.pop_first() {
        if (knight_attacks(to) & their_knights).is_empty()
            && Position::sliders_reaching(to, without_king, their_straight, their_diagonal).is_empty()
        {
            safe.insert(to);
        }
    }
    sink.piece_moves(king, safe, enemies);

    if checkers.has_more_than_one() {
        return;
    }
    let check_mask = Position::check_mask_of(king, checkers);
    let targets = Targets { quiet: quiet_filter & check_mask, capture: capture_filter & check_mask };
    let pinned = position.blockers_for_king(us);

    generate_pawn_moves::<C, S>(
        occupied,
        own.intersection(position.by_color_kind(us, PieceKind::Pawn)) - pinned,
        targets,
        sink,
    );
    generate_piece_moves(position, sliders, us, targets, pinned, king, sink);

    if checkers.is_empty() {
        // A pinned piece may still move along its pin (never out of check).
        for pawn in position.by_color_kind(us, PieceKind::Pawn) & pinned {
            let along_pin = line(king, pawn);
            let pin_targets =
                Targets { quiet: targets.quiet & along_pin, capture: targets.capture & along_pin };
            generate_pawn_moves::<C, S>(occupied, pawn.bitboard(), pin_targets, sink);
        }
        if filter != MoveFilter::Captures {
            generate_castling(position, us, king, sink);
        }
    }
    // Tested here so that the rare en-passant code stays out of line.
    if filter != MoveFilter::Quiets && position.en_passant.is_some() {
        generate_en_passant::<C, S>(position, king, sink);
    }
}

/// Pushes, double pushes, captures and promotions of `pawns` on a board
/// whose occupied squares are `occupied`, set-wise.
#[inline(always)]
pub(crate) fn generate_pawn_moves<C: Side, S: MoveSink>(
    occupied: Bitboard,
    pawns: Bitboard,
    targets: Targets,
    sink: &mut S,
) {
    let empty = !occupied;
    // Pawns a step from promotion are rare: the others need no promotion
    // masks, and these no work at all when there are none. The moves come
    // out in the same order either way.
    let promoting = pawns & C::LAST_STEP_RANK.bitboard();
    let others = pawns - promoting;

    let single = C::up(others) & empty;
    let double = C::up(single & C::DOUBLE_PUSH_RANK.bitboard()) & targets.quiet;
    sink.pawn_moves(single & targets.quiet, C::UP, MoveKind::Quiet);
    if promoting.any() {
        sink.promotions(C::up(promoting) & empty & targets.quiet, C::UP, false);
    }
    sink.pawn_moves(double, 2 * C::UP, MoveKind::DoublePush);
    sink.pawn_moves(C::up_west(others) & targets.capture, C::CAPTURE_WEST, MoveKind::Capture);
    sink.pawn_moves(C::up_east(others) & targets.capture, C::CAPTURE_EAST, MoveKind::Capture);
    if promoting.any() {
        sink.promotions(C::up_west(promoting) & targets.capture, C::CAPTURE_WEST, true);
        sink.promotions(C::up_east(promoting) & targets.capture, C::CAPTURE_EAST, true);
    }
}

/// Knight, bishop, rook and queen moves.
#[inline(always)]
fn generate_piece_moves<L: SliderLookup, S: MoveSink>(
    position: &Position,
    sliders: L,
    us: Color,
    targets: Targets,
    pinned: Bitboard,
    king: Square,
    sink: &mut S,
) {
    let allowed = targets.quiet | targets.capture;
    let enemies = position.by_color(us.opposite());
    let occupied = position.occupied();
    let queens = position.by_color_kind(us, PieceKind::Queen);
    let diagonal_movers = position.by_color_kind(us, PieceKind::Bishop) | queens;
    let straight_movers = position.by_color_kind(us, PieceKind::Rook) | queens;

    // Free pieces first, with no pin test in the loops.
    for from in position.by_color_kind(us, PieceKind::Knight) - pinned {
        sink.piece_moves(from, knight_attacks(from) & allowed, enemies);
    }
    for from in diagonal_movers - pinned {
        sink.piece_moves(from, sliders.bishop(from, occupied) & allowed, enemies);
    }
    for from in straight_movers - pinned {
        sink.piece_moves(from, sliders.rook(from, occupied) & allowed, enemies);
    }
    // A pinned slider moves along its pin (a pinned knight never can), and
    // only when not in check: a pinned piece can never resolve a check.
    if pinned.any() && position.checkers.is_empty() {
        for from in diagonal_movers & pinned {
            sink.piece_moves(from, sliders.bishop(from, occupied) & allowed & line(king, from), enemies);
        }
        for from in straight_movers & pinned {
            sink.piece_moves(from, sliders.rook(from, occupied) & allowed & line(king, from), enemies);
        }
    }
}

/// Castling on either side, Chess960 rules (which include standard chess).
#[inline(always)]
fn generate_castling<S: MoveSink>(position: &Position, us: Color, king: Square, sink: &mut S) {
    if !position.castling.has_any(us) {
        return;
    }
    for side in CastlingSide::ALL {
        let Some(rook) = position.castling_rook(us, side) else { continue };
        if castling_obstacle(position, us, side, king, rook).is_none() {
            sink.single(Move::new(king, rook, MoveKind::Castling));
        }
    }
}

/// En-passant captures, each checked by replaying the occupancy change:
/// this finds both the capture that removes a checking pawn and the one
/// that uncovers the king along the rank.
fn generate_en_passant<C: Side, S: MoveSink>(position: &Position, king: Square, sink: &mut S) {
    let Some(target) = position.en_passant else { return };
    let us = C::US;
    let them = us.opposite();
    let captured = Square::from_index_wrapping((target as i32 - C::UP as i32) as u32);
    let capturers = pawn_attacks(them, target) & position.by_color_kind(us, PieceKind::Pawn);
    for from in capturers {
        let occupied = position.occupied().without(from).without(captured).with(target);
        let attackers = position.attacks_to(king, occupied) & position.by_color(them);
        if attackers.without(captured).is_empty() {
            sink.single(Move::new(from, target, MoveKind::EnPassant));
        }
    }
}
