//! An independent, deliberately simple move generator for tests: it walks
//! the board square by square with offsets (no attack tables, no bitboard
//! tricks), lists pseudo-legal moves, and keeps those after which the
//! mover's king is not attacked (make-and-test). Moves are compared as UCI
//! text with castling written king-to-rook, so the encodings need not agree.

use bb_core::{Color, Piece, PieceKind, Rank, Square};
use bb_movegen::{CastlingSide, Position};
use std::collections::BTreeSet;

const KNIGHT: [(i8, i8); 8] = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)];
const KING: [(i8, i8); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];
const ROOK: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

/// A board as 64 optional pieces, the only state the slow generator reads.
type Board = [Option<Piece>; 64];

fn board_of(position: &Position) -> Board {
    let mut board = [None; 64];
    for square in Square::ALL {
        board[square.index()] = position.piece_at(square);
    }
    board
}

/// True when a piece of `attacker` attacks `target` on `board`.
pub fn attacked(board: &Board, target: Square, attacker: Color) -> bool {
    let holds = |square: Option<Square>, kinds: &[PieceKind]| {
        square
            .and_then(|square| board[square.index()])
            .is_some_and(|piece| piece.color() == attacker && kinds.contains(&piece.kind()))
    };
    let pawn_rank_step = if attacker == Color::White { -1 } else { 1 };
    if holds(target.offset(1, pawn_rank_step), &[PieceKind::Pawn])
        || holds(target.offset(-1, pawn_rank_step), &[PieceKind::Pawn])
    {
        return true;
    }
    if KNIGHT.iter().any(|&(f, r)| holds(target.offset(f, r), &[PieceKind::Knight])) {
        return true;
    }
    if KING.iter().any(|&(f, r)| holds(target.offset(f, r), &[PieceKind::King])) {
        return true;
    }
    for (directions, slider) in [(ROOK, PieceKind::Rook), (BISHOP, PieceKind::Bishop)] {
        for (f, r) in directions {
            let mut square = target;
            while let Some(next) = square.offset(f, r) {
                if let Some(piece) = board[next.index()] {
                    if piece.color() == attacker
                        && (piece.kind() == slider || piece.kind() == PieceKind::Queen)
                    {
                        return true;
                    }
                    break;
                }
                square = next;
            }
        }
    }
    false
}

fn king_square(board: &Board, color: Color) -> Square {
    Square::ALL
        .into_iter()
        .find(|square| board[square.index()] == Some(Piece::new(color, PieceKind::King)))
        .expect("a king")
}

/// A pseudo-legal move: origin, destination, promotion; `en_passant`
/// removes the pawn behind the destination.
struct Candidate {
    from: Square,
    to: Square,
    promotion: Option<PieceKind>,
    en_passant: bool,
}

fn pseudo_legal(position: &Position, board: &Board) -> Vec<Candidate> {
    let us = position.side_to_move();
    let mut moves = Vec::new();
    let mut add = |from, to, promotion, en_passant| moves.push(Candidate { from, to, promotion, en_passant });
    let free_or_enemy = |square: Square| board[square.index()].is_none_or(|piece: Piece| piece.color() != us);
    for from in Square::ALL {
        let Some(piece) = board[from.index()] else { continue };
        if piece.color() != us {
            continue;
        }
        match piece.kind() {
            PieceKind::Pawn => {
                let step = if us == Color::White { 1 } else { -1 };
                let last_rank = if us == Color::White { Rank::Eighth } else { Rank::First };
                let start_rank = if us == Color::White { Rank::Second } else { Rank::Seventh };
                let mut add_pawn = |to: Square, en_passant| {
                    if to.rank() == last_rank {
                        for kind in [PieceKind::Knight, PieceKind::Bishop, PieceKind::Rook, PieceKind::Queen]
                        {
                            add(from, to, Some(kind), false);
                        }
                    } else {
                        add(from, to, None, en_passant);
                    }
                };
                if let Some(one) = from.offset(0, step).filter(|s| board[s.index()].is_none()) {
                    add_pawn(one, false);
                    if from.rank() == start_rank {
                        if let Some(two) = one.offset(0, step).filter(|s| board[s.index()].is_none()) {
                            add_pawn(two, false);
                        }
                    }
                }
                for file_step in [-1, 1] {
                    if let Some(to) = from.offset(file_step, step) {
                        let enemy = board[to.index()].is_some_and(|p| p.color() != us);
                        if enemy {
                            add_pawn(to, false);
                        } else if position.en_passant() == Some(to) {
                            add_pawn(to, true);
                        }
                    }
                }
            }
            PieceKind::Knight | PieceKind::King => {
                let offsets = if piece.kind() == PieceKind::Knight { KNIGHT } else { KING };
                for (f, r) in offsets {
                    if let Some(to) = from.offset(f, r).filter(|s| free_or_enemy(*s)) {
                        add(from, to, None, false);
                    }
                }
            }
            kind => {
                let mut directions = Vec::new();
                if kind != PieceKind::Bishop {
                    directions.extend(ROOK);
                }
                if kind != PieceKind::Rook {
                    directions.extend(BISHOP);
                }
                for (f, r) in directions {
                    let mut square = from;
                    while let Some(to) = square.offset(f, r) {
                        if !free_or_enemy(to) {
                            break;
                        }
                        add(from, to, None, false);
                        if board[to.index()].is_some() {
                            break;
                        }
                        square = to;
                    }
                }
            }
        }
    }
    moves
}

/// Legal castling moves as UCI king-to-rook text, by the rules: not in
/// check; every square the king and rook cross or land on empty (but for
/// themselves); no square the king crosses or lands on attacked.
fn castling_moves(position: &Position, board: &Board) -> Vec<String> {
    let us = position.side_to_move();
    let them = us.opposite();
    let king = king_square(board, us);
    let mut moves = Vec::new();
    if attacked(board, king, them) {
        return moves;
    }
    for side in CastlingSide::ALL {
        let Some(rook) = position.castling_rook(us, side) else { continue };
        let king_to = side.king_destination(us);
        let rook_to = side.rook_destination(us);
        let span = |a: Square, b: Square| {
            let (low, high) = (a.min(b).index(), a.max(b).index());
            (low..=high).map(|index| Square::ALL[index]).collect::<Vec<_>>()
        };
        let crossed: Vec<Square> = span(king, king_to).into_iter().chain(span(rook, rook_to)).collect();
        if crossed.iter().any(|s| *s != king && *s != rook && board[s.index()].is_some()) {
            continue;
        }
        // Attacks are judged with king and rook lifted (as if mid-castle).
        let mut lifted = *board;
        lifted[king.index()] = None;
        lifted[rook.index()] = None;
        if span(king, king_to).iter().all(|s| !attacked(&lifted, *s, them)) {
            moves.push(format!("{king}{rook}"));
        }
    }
    moves
}

/// The legal moves of `position`, as UCI text (castling king-to-rook).
pub fn legal_moves(position: &Position) -> BTreeSet<String> {
    let board = board_of(position);
    let us = position.side_to_move();
    let mut legal = BTreeSet::new();
    for candidate in pseudo_legal(position, &board) {
        let mut after = board;
        let piece = after[candidate.from.index()].take();
        if candidate.en_passant {
            let captured = Square::new(candidate.to.file(), candidate.from.rank());
            after[captured.index()] = None;
        }
        after[candidate.to.index()] = match candidate.promotion {
            Some(kind) => Some(Piece::new(us, kind)),
            None => piece,
        };
        if !attacked(&after, king_square(&after, us), us.opposite()) {
            let promotion = candidate.promotion.map(|kind| kind.to_char().to_string()).unwrap_or_default();
            legal.insert(format!("{}{}{promotion}", candidate.from, candidate.to));
        }
    }
    legal.extend(castling_moves(position, &board));
    legal
}
