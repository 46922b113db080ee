//! The last two plies of perft fused: at a node of depth 2, the replies to
//! each move are counted from what the move changes, without making it.
//!
//! Counting the replies to a move from scratch means making it (a new
//! position and its checkers) and then looking up the attacks of every
//! piece of the side that replies. Most of that is the same for every move
//! of the node: a move changes the occupancy of two squares, and a piece's
//! attacks change only when one of them is in its attack set (a square
//! beyond a slider's first blocker can fill or empty without changing what
//! it sees). So [`Replies`] works out once per node the replying pieces'
//! moves, which pieces see each square, the squares from which the mover
//! gives check, and the pins; a move then counts again only the pieces that
//! see its two squares (usually none or one), and looks at the pins again
//! only when it touches their lines. The generator hands the node's moves
//! over a set of destinations at a time ([`move_sets`]), so what depends
//! on a move's origin is worked out once per piece.
//!
//! A reply count is found this way when the move leaves the opponent out
//! of check and is none of the rare kinds that change more than two
//! squares (castling, en passant) or that give the opponent an en-passant
//! capture. Those moves are made and counted the ordinary way, and so is
//! every move of a node where the replying side has Chess960 castling
//! rights (its rook may shield the king's path) or more pieces than a game
//! can have.

mod move_sets;

use crate::castling::CastlingSide;
use crate::movegen::{
    generate_pawn_moves, Black, CastlingPaths, MoveCounter, MoveFilter, Side, Targets, White,
};
use crate::moves::{Move, MoveKind};
use crate::Position;
use bb_core::{Bitboard, Color, PieceKind, Square};
use bb_tables::{between, bishop_pseudo_attacks, king_attacks, knight_attacks, line, pawn_attacks};
use bb_tables::{rook_pseudo_attacks, SliderLookup};
use move_sets::{MoveSet, MoveSets};

/// The number of leaves under `position`, a node of depth 2, or `None`
/// when its moves must all be made and counted the ordinary way.
/// `walk_child` counts the replies to a made move.
#[inline(always)]
pub(super) fn count_two_plies<L: SliderLookup>(
    position: &Position,
    sliders: L,
    walk_child: impl Fn(&Position) -> u64,
) -> Option<u64> {
    let replies = Replies::new(position, sliders)?;
    let mut sets = MoveSets::new();
    position.generate_into_with(sliders, MoveFilter::All, &mut sets);
    if !sets.complete() {
        return None;
    }
    Some(match position.side_to_move() {
        Color::White => replies.sum::<Black>(&sets, walk_child),
        Color::Black => replies.sum::<White>(&sets, walk_child),
    })
}

/// The most pieces the replying side may have besides its king and pawns
/// (a game has at most 15).
const MOST_PIECES: usize = 15;

/// One replying piece: where it stands and what it is.
#[derive(Clone, Copy)]
struct Piece {
    square: Square,
    kind: PieceKind,
}

/// A castling of the replying side still allowed by its rights.
#[derive(Clone, Copy)]
struct Castling {
    rook: Square,
    paths: CastlingPaths,
}

/// What a node of depth 2 knows once for all its moves.
struct Replies<'a, L: SliderLookup> {
    position: &'a Position,
    sliders: L,
    /// The king of the side that replies.
    king: Square,
    /// The mover's rooks and queens, bishops and queens, knights and pawns.
    our_straight: Bitboard,
    our_diagonal: Bitboard,
    our_knights: Bitboard,
    our_pawns: Bitboard,
    /// The mover's king.
    our_king: Square,
    /// By piece kind, the squares from which a piece of the mover gives
    /// check (none for the king).
    check_squares: [Bitboard; 6],
    /// The mover's pieces that alone stand between the king and one of the
    /// mover's sliders: stepping off that line gives check.
    discoverers: Bitboard,
    /// The replying side's pieces pinned to its king.
    pinned: Bitboard,
    /// The squares whose occupancy the pins depend on: the lines from the
    /// king to each slider of the mover aligned with it, slider included.
    pin_lines: Bitboard,
    /// The replying side's knights, bishops, rooks and queens, in square order.
    pieces: [Piece; MOST_PIECES],
    /// The moves of each of `pieces`, pins aside.
    moves_of: [u8; MOST_PIECES],
    /// Their sum.
    moves: u32,
    /// For each square, the pieces (bits by index into `pieces`) that see it.
    seen_by: [u16; 64],
    /// The squares of `pieces`.
    occupied_by_pieces: Bitboard,
    /// The castlings the replying side's rights allow.
    castlings: [Option<Castling>; 2],
}

impl<'a, L: SliderLookup> Replies<'a, L> {
    /// What `position` knows for all its moves, or `None` when they are to
    /// be counted the ordinary way (see the module's documentation).
    #[inline(always)]
    fn new(position: &'a Position, sliders: L) -> Option<Replies<'a, L>> {
        let us = position.side_to_move();
        let them = us.opposite();
        let (ours, theirs) = (position.by_color(us), position.by_color(them));
        if position.is_chess960() && position.castling_rights().has_any(them) {
            return None;
        }
        let occupied_by_pieces =
            theirs - position.by_kind(PieceKind::Pawn) - position.by_kind(PieceKind::King);
        if occupied_by_pieces.count() as usize > MOST_PIECES {
            return None;
        }
        let occupied = position.occupied();
        let king = position.king_square(them);
        let queens = position.by_color_kind(us, PieceKind::Queen);
        let our_straight = position.by_color_kind(us, PieceKind::Rook) | queens;
        let our_diagonal = position.by_color_kind(us, PieceKind::Bishop) | queens;
        let (mut discoverers, mut pinned, mut pin_lines) =
            (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY);
        let snipers =
            (rook_pseudo_attacks(king) & our_straight) | (bishop_pseudo_attacks(king) & our_diagonal);
        for sniper in snipers {
            let path = between(king, sniper);
            pin_lines |= path.with(sniper);
            let blockers = path & occupied;
            if blockers.is_empty() {
                return None; // the side that replies is in check already: not a position of a game
            }
            if !blockers.has_more_than_one() {
                discoverers |= blockers & ours;
                pinned |= blockers & theirs;
            }
        }
        let rook_checks = sliders.rook(king, occupied);
        let bishop_checks = sliders.bishop(king, occupied);
        let mut replies = Replies {
            position,
            sliders,
            king,
            our_straight,
            our_diagonal,
            our_knights: position.by_color_kind(us, PieceKind::Knight),
            our_pawns: position.by_color_kind(us, PieceKind::Pawn),
            our_king: position.king_square(us),
            check_squares: [
                pawn_attacks(them, king),
                knight_attacks(king),
                bishop_checks,
                rook_checks,
                rook_checks | bishop_checks,
                Bitboard::EMPTY,
            ],
            discoverers,
            pinned,
            pin_lines,
            pieces: [Piece { square: Square::A1, kind: PieceKind::Knight }; MOST_PIECES],
            moves_of: [0; MOST_PIECES],
            moves: 0,
            seen_by: [0; 64],
            occupied_by_pieces,
            castlings: [None; 2],
        };
        for (index, square) in occupied_by_pieces.into_iter().enumerate() {
            let kind = position.kind_at(square).unwrap_or(PieceKind::Knight);
            let attacks = attacks_of(sliders, kind, square, occupied);
            replies.pieces[index] = Piece { square, kind };
            let moves = (attacks - theirs).count();
            replies.moves_of[index] = moves as u8;
            replies.moves += moves;
            for seen in attacks {
                replies.seen_by[seen.index()] |= 1 << index;
            }
        }
        for (slot, side) in replies.castlings.iter_mut().zip(CastlingSide::ALL) {
            *slot = position
                .castling_rook(them, side)
                .map(|rook| Castling { rook, paths: CastlingPaths::new(them, side, king, rook) });
        }
        Some(replies)
    }

    /// The leaves under the node: the replies to every move of `sets`,
    /// answered by `T`, each counted here or, where it cannot be, by
    /// `walk_child` on the made move.
    #[inline(always)]
    fn sum<T: Side>(&self, sets: &MoveSets, walk_child: impl Fn(&Position) -> u64) -> u64 {
        let position = self.position;
        let theirs = position.by_color(T::US);
        let made = |mv: Move| walk_child(&position.play_unkeyed(mv));
        let mut sum = 0;
        for set in sets.iter() {
            match *set {
                MoveSet::Piece { from, targets } => {
                    let Some(mover) = position.kind_at(from) else { continue };
                    for to in targets {
                        sum += self.count::<T>(from, to, mover, mover, false).unwrap_or_else(|| {
                            let kind = if theirs.contains(to) { MoveKind::Capture } else { MoveKind::Quiet };
                            made(Move::new(from, to, kind))
                        });
                    }
                }
                MoveSet::Pawns { targets, step, kind } => {
                    for to in targets {
                        let from = Square::from_index_wrapping((to as i32 - step as i32) as u32);
                        let double_push = kind == MoveKind::DoublePush;
                        sum += self
                            .count::<T>(from, to, PieceKind::Pawn, PieceKind::Pawn, double_push)
                            .unwrap_or_else(|| made(Move::new(from, to, kind)));
                    }
                }
                MoveSet::Promotions { targets, step } => {
                    for to in targets {
                        let from = Square::from_index_wrapping((to as i32 - step as i32) as u32);
                        for piece in [PieceKind::Queen, PieceKind::Knight, PieceKind::Rook, PieceKind::Bishop]
                        {
                            sum += self.count::<T>(from, to, PieceKind::Pawn, piece, false).unwrap_or_else(
                                || made(Move::new(from, to, MoveKind::promotion(piece, theirs.contains(to)))),
                            );
                        }
                    }
                }
                MoveSet::Single(mv) => sum += made(mv),
            }
        }
        sum
    }

    /// The number of legal replies by `T` to the legal move of a `mover`
    /// from `from` to `to` that leaves a `placed` there (a promotion, or
    /// the mover again), or `None` when it must be made and counted the
    /// ordinary way (see the module's documentation).
    #[inline(always)]
    fn count<T: Side>(
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
        let attacked = |square: Square| {
            (knight_attacks(square) & our_knights).any()
                || Position::sliders_reaching(square, occupied, our_straight, our_diagonal).any()
        };
        for square in king_attacks(king) - theirs - guarded {
            replies += u64::from(!attacked(square));
        }
        for castling in self.castlings.iter().flatten() {
            let Castling { rook, paths } = *castling;
            if rook != to
                && (paths.must_be_empty & occupied).is_empty()
                && (paths.king_path & guarded).is_empty()
                && !paths.king_path.into_iter().any(attacked)
            {
                replies += 1;
            }
        }
        Some(replies)
    }
}

/// The squares a piece of `kind` on `square` attacks through `occupied`
/// (knights and sliders; pawns and kings are counted set-wise).
#[inline(always)]
fn attacks_of<L: SliderLookup>(sliders: L, kind: PieceKind, square: Square, occupied: Bitboard) -> Bitboard {
    match kind {
        PieceKind::Knight => knight_attacks(square),
        PieceKind::Bishop => sliders.bishop(square, occupied),
        PieceKind::Rook => sliders.rook(square, occupied),
        PieceKind::Queen => sliders.rook(square, occupied) | sliders.bishop(square, occupied),
        _ => Bitboard::EMPTY,
    }
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

#[cfg(test)]
mod tests;
