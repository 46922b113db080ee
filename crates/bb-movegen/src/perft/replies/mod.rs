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

mod count;
mod move_sets;

use crate::castling::CastlingPaths;
use crate::castling::CastlingSide;
use crate::movegen::{Black, MoveFilter, Side, White};
use crate::moves::{Move, MoveKind};
use crate::Position;
use bb_core::{Bitboard, Color, PieceKind, Square};
use bb_tables::{between, bishop_pseudo_attacks, knight_attacks, pawn_attacks};
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
    if !countable(position) {
        return None;
    }
    let replies = Replies::new(position, sliders);
    if replies.replier_in_check {
        return None;
    }
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

/// False when the moves of `position` are to be counted the ordinary way:
/// the replying side has Chess960 castling rights, or more pieces than the
/// lists of [`Replies`] take.
#[inline(always)]
fn countable(position: &Position) -> bool {
    let them = position.side_to_move().opposite();
    let pieces =
        position.by_color(them) - position.by_kind(PieceKind::Pawn) - position.by_kind(PieceKind::King);
    !(position.is_chess960() && position.castling_rights().has_any(them))
        && pieces.count() as usize <= MOST_PIECES
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
    /// The replying side is in check already: a position no game reaches
    /// (validation refuses it), left to the ordinary count.
    replier_in_check: bool,
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
    /// The castlings the replying side's rights allow and its own pieces
    /// do not block.
    castlings: [Option<Castling>; 2],
}

impl<'a, L: SliderLookup> Replies<'a, L> {
    /// What `position` knows for all its moves; [`countable`] must hold.
    #[inline(always)]
    fn new(position: &'a Position, sliders: L) -> Replies<'a, L> {
        let us = position.side_to_move();
        let them = us.opposite();
        let (ours, theirs) = (position.by_color(us), position.by_color(them));
        let occupied_by_pieces =
            theirs - position.by_kind(PieceKind::Pawn) - position.by_kind(PieceKind::King);
        let occupied = position.occupied();
        let king = position.king_square(them);
        let queens = position.by_color_kind(us, PieceKind::Queen);
        let our_straight = position.by_color_kind(us, PieceKind::Rook) | queens;
        let our_diagonal = position.by_color_kind(us, PieceKind::Bishop) | queens;
        let (mut discoverers, mut pinned, mut pin_lines) =
            (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY);
        let mut replier_in_check = false;
        let snipers =
            (rook_pseudo_attacks(king) & our_straight) | (bishop_pseudo_attacks(king) & our_diagonal);
        for sniper in snipers {
            let path = between(king, sniper);
            pin_lines |= path.with(sniper);
            let blockers = path & occupied;
            // None between: the side that replies is in check already,
            // which no game reaches (validation refuses it).
            replier_in_check |= blockers.is_empty();
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
            replier_in_check,
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
            let castling = position
                .castling_rook(them, side)
                .map(|rook| Castling { rook, paths: CastlingPaths::new(them, side, king, rook) });
            // A piece of the replying side in the way stays there whatever
            // the move (taken, it is replaced by the taker): no reply castles.
            *slot = castling.filter(|castling| (castling.paths.must_be_empty & theirs).is_empty());
        }
        replies
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

#[cfg(test)]
mod tests;
