//! Does a move give check? Answered from attack tables without making the
//! move, because the search asks it for every move it considers pruning,
//! and most of those moves are then never played.

use bb_core::{Bitboard, Color, PieceKind};
use bb_movegen::{Move, Position};
use bb_tables::{bishop_attacks, knight_attacks, pawn_attacks, rook_attacks};

/// True when the legal move `mv` checks the opponent's king, directly or
/// by uncovering a slider. Castling is answered by making the move (rare).
pub fn gives_check(position: &Position, mv: Move) -> bool {
    if mv.is_castling() {
        return position.play(mv).in_check();
    }
    let us = position.side_to_move();
    let king = position.king_square(us.opposite());
    let from = mv.from();
    let to = mv.to();
    let Some(moved) = position.moved_piece(mv) else { return false };
    let kind = mv.promotion().unwrap_or(moved.kind());

    let mut occupied = (position.occupied() & !from.bitboard()) | to.bitboard();
    if mv.is_en_passant() {
        let captured = match us {
            Color::White => to.bitboard().south(),
            Color::Black => to.bitboard().north(),
        };
        occupied &= !captured;
    }
    // Direct checks by a knight or pawn arriving on `to`.
    match kind {
        PieceKind::Knight if knight_attacks(to).contains(king) => return true,
        PieceKind::Pawn if pawn_attacks(us, to).contains(king) => return true,
        _ => {}
    }
    // Slider checks, direct or discovered: our sliders after the move,
    // seen from the king through the new occupancy.
    let ours = |kind: PieceKind| position.colored(us, kind);
    let mut diagonal = (ours(PieceKind::Bishop) | ours(PieceKind::Queen)) & !from.bitboard();
    let mut straight = (ours(PieceKind::Rook) | ours(PieceKind::Queen)) & !from.bitboard();
    match kind {
        PieceKind::Bishop => diagonal |= to.bitboard(),
        PieceKind::Rook => straight |= to.bitboard(),
        PieceKind::Queen => {
            diagonal |= to.bitboard();
            straight |= to.bitboard();
        }
        _ => {}
    }
    // A captured enemy slider on `to` is not ours; ours never stand there.
    let checkers = (bishop_attacks(king, occupied) & diagonal) | (rook_attacks(king, occupied) & straight);
    checkers != Bitboard::EMPTY
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const ROOTS: [&str; 4] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn agrees_with_making_the_move(root in 0..ROOTS.len(), choices in prop::collection::vec(any::<u8>(), 0..60)) {
            let mut position = Position::from_fen(ROOTS[root]).unwrap();
            for choice in choices {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for &mv in moves.iter() {
                    prop_assert_eq!(gives_check(&position, mv), position.play(mv).in_check(), "{} {}", position, mv);
                }
                position = position.play(moves.as_slice()[usize::from(choice) % moves.len()]);
            }
        }
    }

    #[test]
    fn discovered_and_en_passant_checks() {
        // Moving the d4 knight uncovers the d1 rook's check on d8.
        let position = Position::from_fen("3k4/8/8/8/3N4/8/8/3RK3 w - - 0 1").unwrap();
        let mv = position.parse_uci_move("d4b5").unwrap();
        assert!(gives_check(&position, mv));
        // Taking en passant empties d5 and e5, opening the fifth rank from
        // the h5 rook to the a5 king.
        let position = Position::from_fen("8/8/8/k2pP2R/8/8/8/4K3 w - d6 0 1").unwrap();
        let mv = position.parse_uci_move("e5d6").unwrap();
        assert!(gives_check(&position, mv));
        // A quiet rook move along the rank gives no check.
        let mv = position.parse_uci_move("h5h6").unwrap();
        assert!(!gives_check(&position, mv));
    }
}
