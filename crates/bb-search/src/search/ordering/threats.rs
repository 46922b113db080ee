//! Threats against the side to move's pieces, for ordering quiet moves: a
//! quiet move that takes a piece out of an attack by something cheaper is
//! often the best move, and one that puts a piece where something cheaper
//! takes it is often the worst.
//!
//! Only the picker's order uses these scores; reductions and pruning read
//! history alone, so a threat changes when a move is tried, not how deeply.

use bb_core::{Bitboard, Color, PieceKind};
use bb_movegen::attacks::{bishop_attacks, knight_attacks, rook_attacks};
use bb_movegen::{Move, Position};

/// What escaping or entering a threat is worth to a queen, a rook and a
/// minor piece: below a killer's band and of the order of a strong
/// history score, so history still ranks moves within each class.
const QUEEN_THREAT: i32 = 16_000;
const ROOK_THREAT: i32 = 10_000;
const MINOR_THREAT: i32 = 6_000;

/// The squares the opponent of the side to move attacks, by the cheapest
/// attackers: pawns; pawns and minor pieces; pawns, minors and rooks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Threats {
    by_pawns: Bitboard,
    by_minors: Bitboard,
    by_rooks: Bitboard,
}

impl Threats {
    /// The threats of `position`'s opponent against the side to move.
    #[inline(always)]
    pub(super) fn of(position: &Position) -> Threats {
        let enemy = position.side_to_move().opposite();
        let occupied = position.occupied();
        let pawns = position.by_color_kind(enemy, PieceKind::Pawn);
        let by_pawns = match enemy {
            Color::White => pawns.north_east() | pawns.north_west(),
            Color::Black => pawns.south_east() | pawns.south_west(),
        };
        let mut by_minors = by_pawns;
        for square in position.by_color_kind(enemy, PieceKind::Knight) {
            by_minors |= knight_attacks(square);
        }
        for square in position.by_color_kind(enemy, PieceKind::Bishop) {
            by_minors |= bishop_attacks(square, occupied);
        }
        let mut by_rooks = by_minors;
        for square in position.by_color_kind(enemy, PieceKind::Rook) {
            by_rooks |= rook_attacks(square, occupied);
        }
        Threats { by_pawns, by_minors, by_rooks }
    }

    /// The ordering bonus of the quiet move `mv` of a piece of `kind`: its
    /// value when it escapes a cheaper attacker, minus its value when it
    /// lands on a square such an attacker covers.
    #[inline(always)]
    pub(super) fn score(&self, kind: PieceKind, mv: Move) -> i32 {
        let (value, threatened) = match kind {
            PieceKind::Queen => (QUEEN_THREAT, self.by_rooks),
            PieceKind::Rook => (ROOK_THREAT, self.by_minors),
            PieceKind::Knight | PieceKind::Bishop => (MINOR_THREAT, self.by_pawns),
            PieceKind::Pawn | PieceKind::King => return 0,
        };
        let escapes = i32::from(threatened.contains(mv.from()));
        let enters = i32::from(threatened.contains(mv.to()));
        value * (escapes - enters)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The threat score of the move `uci` in `fen`.
    fn score(fen: &str, uci: &str) -> i32 {
        let position = Position::from_fen(fen).unwrap();
        let mv = position.parse_uci_move(uci).unwrap();
        let kind = position.kind_at(mv.from()).unwrap();
        Threats::of(&position).score(kind, mv)
    }

    #[test]
    fn a_piece_escaping_a_cheaper_attacker_scores_its_value() {
        // The knight on e4 is attacked by the pawn on f5.
        let knight = "4k3/8/8/5p2/4N3/8/8/4K3 w - - 0 1";
        assert_eq!(score(knight, "e4c3"), MINOR_THREAT);
        // From a safe square onto one the d5 pawn covers.
        assert_eq!(score("4k3/8/8/3p1p2/8/4N3/8/4K3 w - - 0 1", "e3c4"), -MINOR_THREAT);
        let queen = "3rk3/8/8/8/8/8/8/3QK3 w - - 0 1";
        assert_eq!(score(queen, "d1a4"), QUEEN_THREAT);
        assert_eq!(score(queen, "d1d4"), 0, "from one attacked square to another");
    }

    #[test]
    fn a_piece_entering_a_cheaper_attack_loses_its_value() {
        // The knight on e7 covers d5.
        let rook = "4k3/4n3/8/8/8/8/8/3RK3 w - - 0 1";
        assert_eq!(score(rook, "d1d5"), -ROOK_THREAT);
        assert_eq!(score(rook, "d1d4"), 0);
        // A rook attacking a rook is not cheaper: no threat.
        assert_eq!(score("3rk3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1d1"), 0);
    }

    #[test]
    fn pawns_and_kings_score_nothing_and_castling_is_a_king_move() {
        let fen = "4k3/8/8/3p4/8/8/4P3/4K3 w - - 0 1";
        assert_eq!(score(fen, "e2e4"), 0, "a pawn onto a square the d5 pawn covers");
        assert_eq!(score("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4e5"), 0, "a pawn out of a pawn's attack");
        // Castling, with the rook on h1 attacked by the bishop on e4.
        assert_eq!(score("4k3/8/8/8/4b3/8/8/4K2R w K - 0 1", "e1g1"), 0);
    }
}
