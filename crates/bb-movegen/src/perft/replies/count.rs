//! The count of the replies to one move of a depth-2 node, from what the
//! node knows ([`Replies`]) and what the move changes.

use super::{attacks_of, Castling, Replies};
use crate::movegen::{generate_pawn_moves, MoveCounter, Side, Targets};
use crate::Position;
use bb_core::{Bitboard, PieceKind, Square};
use bb_tables::{between, bishop_pseudo_attacks, king_attacks, knight_attacks, line, pawn_attacks};
use bb_tables::{rook_pseudo_attacks, SliderLookup};

impl<L: SliderLookup> Replies<'_, L> {
    /// The number of legal replies by `T` to the legal move of a `mover`
    /// from `from` to `to` that leaves a `placed` there (a promotion, or
    /// the mover again), or `None` when it must be made and counted the
    /// ordinary way (see the module's documentation).
    #[inline(always)]
    pub(super) fn count<T: Side>(
        &self,
        from: Square,
        to: Square,
        mover: PieceKind,
        placed: PieceKind,
        double_push: bool,
    ) -> Option<u64> {
        let position = self.position;
        let (them, king) = (T::US, self.king);
        let us = them.opposite();
        let occupied = position.occupied().without(from).with(to);
        // A check, given by the piece that lands (a promoted one looked up
        // on the new board) or uncovered: the replies must answer it.
        let direct = if mover == placed {
            self.check_squares[placed.index()].contains(to)
        } else {
            attacks_of(self.sliders, placed, to, occupied).contains(king)
        };
        if direct || (self.discoverers.contains(from) && !line(king, from).contains(to)) {
            return None;
        }
        if double_push {
            let passed = Square::from_index_wrapping((from as u32 + to as u32) / 2);
            if (pawn_attacks(us, passed) & position.by_color_kind(them, PieceKind::Pawn)).any() {
                return None; // an en-passant reply
            }
        }

        let ours = position.by_color(us).without(from).with(to);
        let theirs = position.by_color(them).without(to);
        let lands = |set: Bitboard, kind_lands: bool| {
            let left = set.without(from);
            if kind_lands {
                left.with(to)
            } else {
                left
            }
        };
        let straight = matches!(placed, PieceKind::Rook | PieceKind::Queen);
        let diagonal = matches!(placed, PieceKind::Bishop | PieceKind::Queen);
        let our_straight = lands(self.our_straight, straight);
        let our_diagonal = lands(self.our_diagonal, diagonal);
        let our_knights = lands(self.our_knights, placed == PieceKind::Knight);
        let our_pawns = lands(self.our_pawns, placed == PieceKind::Pawn);
        let our_king = if mover == PieceKind::King { to } else { self.our_king };
        let changed = from.bitboard().with(to);
        let pinned = if (changed & self.pin_lines).any()
            || (straight && rook_pseudo_attacks(king).contains(to))
            || (diagonal && bishop_pseudo_attacks(king).contains(to))
        {
            pinned(king, occupied, theirs, our_straight, our_diagonal)
        } else {
            self.pinned
        };

        // The pieces that see a changed square move differently now; a
        // captured one not at all.
        let mut replies = u64::from(self.moves);
        let mut moved = self.seen_by[from.index()] | self.seen_by[to.index()];
        if self.occupied_by_pieces.contains(to) {
            // Pieces are listed in square order.
            let captured = (self.occupied_by_pieces & Bitboard::from_u64(to.bitboard().to_u64() - 1)).count();
            replies -= u64::from(self.moves_of[captured as usize]);
            moved &= !(1 << captured);
        }
        while moved != 0 {
            let index = moved.trailing_zeros() as usize;
            moved &= moved - 1;
            let piece = self.pieces[index];
            let moves = (attacks_of(self.sliders, piece.kind, piece.square, occupied) - theirs).count();
            replies = replies + u64::from(moves) - u64::from(self.moves_of[index]);
        }
        for square in pinned & self.occupied_by_pieces {
            // Counted so far as free: only its moves along the pin stay.
            let kind = position.kind_at(square).unwrap_or(PieceKind::Knight);
            let moves = attacks_of(self.sliders, kind, square, occupied) - theirs;
            let along = if kind == PieceKind::Knight { Bitboard::EMPTY } else { moves & line(king, square) };
            replies = replies + u64::from(along.count()) - u64::from(moves.count());
        }

        let mut counter = MoveCounter::default();
        let pawns = position.by_color_kind(them, PieceKind::Pawn).without(to);
        let free = Targets { quiet: !occupied, capture: ours };
        generate_pawn_moves::<T, _>(occupied, pawns - pinned, free, &mut counter);
        for pawn in pawns & pinned {
            let along = line(king, pawn);
            let targets = Targets { quiet: free.quiet & along, capture: free.capture & along };
            generate_pawn_moves::<T, _>(occupied, pawn.bitboard(), targets, &mut counter);
        }
        replies += counter.0;

        // Out of check no slider of the mover reaches the king, so lifting
        // the king off the board (as its own moves must be tested) would
        // change no attack: `occupied` serves for its squares too.
        let guarded = T::enemy_pawn_attacks(our_pawns) | king_attacks(our_king);
        let mover = Attackers { knights: our_knights, straight: our_straight, diagonal: our_diagonal };
        for square in king_attacks(king) - theirs - guarded {
            replies += u64::from(!attacked(square, &mover, occupied));
        }
        for castling in self.castlings.iter().flatten() {
            let Castling { rook, paths } = *castling;
            if rook != to
                && (paths.must_be_empty & occupied).is_empty()
                && (paths.king_path & guarded).is_empty()
                && !paths.king_path.into_iter().any(|square| attacked(square, &mover, occupied))
            {
                replies += 1;
            }
        }
        Some(replies)
    }
}

/// The knights and sliders of the side that moved, after the move.
struct Attackers {
    knights: Bitboard,
    /// Rooks and queens.
    straight: Bitboard,
    /// Bishops and queens.
    diagonal: Bitboard,
}

/// True when a knight or slider of `mover` attacks `square` on the board
/// `occupied`.
#[inline(always)]
fn attacked(square: Square, mover: &Attackers, occupied: Bitboard) -> bool {
    (knight_attacks(square) & mover.knights).any()
        || Position::sliders_reaching(square, occupied, mover.straight, mover.diagonal).any()
}

/// The pieces among `theirs` pinned to their king on `king` by the sliders
/// `straight` (rooks and queens) and `diagonal` (bishops and queens) of
/// the other side, on a board occupied by `occupied`.
#[inline(always)]
fn pinned(
    king: Square,
    occupied: Bitboard,
    theirs: Bitboard,
    straight: Bitboard,
    diagonal: Bitboard,
) -> Bitboard {
    let snipers = (rook_pseudo_attacks(king) & straight) | (bishop_pseudo_attacks(king) & diagonal);
    let mut pinned = Bitboard::EMPTY;
    for sniper in snipers {
        let blockers = between(king, sniper) & occupied;
        if !blockers.has_more_than_one() {
            pinned |= blockers & theirs;
        }
    }
    pinned
}
