//! Static exchange evaluation: does a move win at least a given amount of
//! material once every capture on its destination square is played out,
//! each side always recapturing with its least valuable piece and free to
//! stop when continuing would lose?
//!
//! Sliders hidden behind a piece that has just captured join in (x-rays).
//! Pins are ignored, as is usual: SEE is an ordering and pruning heuristic.

use bb_core::{Bitboard, Color, Piece, PieceKind};
use bb_movegen::{Move, Position};
use bb_tables::{bishop_attacks, rook_attacks};

/// Material values used for exchanges, by piece kind.
pub const SEE_VALUE: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

fn value(kind: PieceKind) -> i32 {
    SEE_VALUE[kind.index()]
}

/// True when `mv` wins at least `threshold` centipawns of material by the
/// exchange on its destination square (`threshold` may be negative).
pub fn see_ge(position: &Position, mv: Move, threshold: i32) -> bool {
    if mv.is_castling() {
        return threshold <= 0;
    }
    let from = mv.from();
    let to = mv.to();
    let Some(mover) = position.moved_piece(mv).map(Piece::kind) else { return threshold <= 0 };
    let mut gain = position.captured_kind(mv).map_or(0, value);
    let mut first_attacker_value = value(mover);
    if let Some(promoted) = mv.promotion() {
        gain += value(promoted) - value(PieceKind::Pawn);
        first_attacker_value = value(promoted);
    }

    // `swap` is what the side that just moved stands to keep if the exchange
    // stopped now, minus the threshold.
    let mut swap = gain - threshold;
    if swap < 0 {
        return false;
    }
    swap = first_attacker_value - swap;
    if swap <= 0 {
        return true;
    }

    let mut occupied = position.occupied() ^ from.bitboard() ^ to.bitboard();
    if mv.is_en_passant() {
        if let Some(captured) = to.offset(0, if position.side_to_move() == Color::White { -1 } else { 1 }) {
            occupied ^= captured.bitboard();
        }
    }
    let diagonal_sliders = position.by_kind(PieceKind::Bishop) | position.by_kind(PieceKind::Queen);
    let straight_sliders = position.by_kind(PieceKind::Rook) | position.by_kind(PieceKind::Queen);
    let mut attackers = position.attacks_to(to, occupied) & occupied;
    let mut side = position.side_to_move();
    // 1 while the side that made the move is winning the exchange.
    let mut result = true;

    loop {
        side = side.opposite();
        attackers &= occupied;
        let own_attackers = attackers & position.by_color(side);
        if own_attackers.is_empty() {
            break;
        }
        result = !result;
        let Some((kind, square_set)) = least_valuable(position, side, own_attackers) else { break };
        if kind == PieceKind::King {
            // The king may only take last: if the other side still has an
            // attacker, the capture would be illegal and the result flips back.
            return if (attackers & !position.by_color(side)).any() { !result } else { result };
        }
        swap = value(kind) - swap;
        if swap < i32::from(result) {
            break;
        }
        occupied ^= square_set;
        if matches!(kind, PieceKind::Pawn | PieceKind::Bishop | PieceKind::Queen) {
            attackers |= bishop_attacks(to, occupied) & diagonal_sliders;
        }
        if matches!(kind, PieceKind::Rook | PieceKind::Queen) {
            attackers |= rook_attacks(to, occupied) & straight_sliders;
        }
    }
    result
}

/// The cheapest of `attackers` (all of `side`): its kind and its square as a set.
fn least_valuable(position: &Position, side: Color, attackers: Bitboard) -> Option<(PieceKind, Bitboard)> {
    PieceKind::ALL.iter().find_map(|&kind| {
        let of_kind = attackers & position.by_color_kind(side, kind);
        of_kind.first_square().map(|square| (kind, square.bitboard()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn see_of(fen: &str, text: &str, threshold: i32) -> bool {
        let position = Position::from_fen(fen).expect("valid FEN");
        let mv = position.parse_uci_move(text).expect("legal move");
        see_ge(&position, mv, threshold)
    }

    /// The exact exchange value, found by bisection over thresholds.
    fn see_value(fen: &str, text: &str) -> i32 {
        let (mut low, mut high) = (-30_000i32, 30_000i32);
        while low < high {
            let middle = (low + high + 1).div_euclid(2);
            if see_of(fen, text, middle) {
                low = middle;
            } else {
                high = middle - 1;
            }
        }
        low
    }

    #[test]
    fn free_pawn_and_defended_pawn() {
        // Rook takes an undefended pawn.
        assert_eq!(see_value("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5"), 100);
        // Knight takes a pawn defended by a pawn: wins 100, loses 320.
        assert_eq!(see_value("1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3e5"), 100 - 320);
    }

    #[test]
    fn xray_recaptures_count() {
        // Rook takes on d7 backed by a second rook; the queen behind the
        // black rook on d8 joins through the x-ray.
        assert_eq!(see_value("3q4/3r4/8/8/8/8/3R4/3RK2k w - - 0 1", "d2d7"), 500);
        assert_eq!(see_value("3r4/3r4/8/8/8/8/3R4/3QK2k w - - 0 1", "d2d7"), 500);
        // Without the second rook the queen recaptures and the exchange is even.
        assert_eq!(see_value("3q4/3r4/8/8/8/8/3R4/4K2k w - - 0 1", "d2d7"), 0);
    }

    #[test]
    fn quiet_moves_and_threshold() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert!(see_of(start, "e2e4", 0));
        assert!(!see_of(start, "e2e4", 1));
        // A knight moving to a square attacked by a pawn loses it.
        assert_eq!(see_value("4k3/8/8/8/4p3/8/8/4K1N1 w - - 0 1", "g1f3"), -320);
        assert_eq!(see_value("4k3/8/8/4p3/8/8/8/4K1N1 w - - 0 1", "g1f3"), 0);
    }

    #[test]
    fn promotions_and_en_passant() {
        assert_eq!(see_value("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q"), 950 - 100);
        assert_eq!(see_value("rn2k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8q"), 500 + 950 - 100);
        // A knight on c7 takes the new queen back.
        assert_eq!(see_value("r3k3/1Pn5/8/8/8/8/8/4K3 w - - 0 1", "b7a8q"), 500 + 950 - 100 - 950);
        assert_eq!(see_value("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 100);
    }

    #[test]
    fn king_cannot_recapture_into_an_attack() {
        // Rook takes a pawn defended only by the king, but a second rook
        // covers the square: the king cannot recapture.
        assert_eq!(see_value("4k3/4p3/8/8/8/8/4R3/4RK2 w - - 0 1", "e2e7"), 100);
        // With no second rook, the king takes back.
        assert_eq!(see_value("4k3/4p3/8/8/8/8/4R3/5K2 w - - 0 1", "e2e7"), 100 - 500);
    }
}
