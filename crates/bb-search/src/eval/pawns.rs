//! Pawn structure: doubled, isolated, backward, connected and passed pawns.

use super::params::*;
use super::{adjacent_files, forward_file, front_span, pawn_attack_span, relative_rank};
use bb_core::{Bitboard, Color, PieceKind, Square};
use bb_movegen::Position;

/// King-move distance between two squares.
#[inline(always)]
pub(crate) fn distance(a: Square, b: Square) -> i32 {
    let files = (a.file().index() as i32 - b.file().index() as i32).abs();
    let ranks = (a.rank().index() as i32 - b.rank().index() as i32).abs();
    files.max(ranks)
}

/// The square in front of `square` from `color`'s view (none on the last rank).
#[inline(always)]
fn stop_square(color: Color, square: Square) -> Option<Square> {
    match color {
        Color::White => square.offset(0, 1),
        Color::Black => square.offset(0, -1),
    }
}

/// Squares on the adjacent files at `square`'s rank or behind it (from `color`'s view).
#[inline(always)]
fn supporting_span(color: Color, square: Square) -> Bitboard {
    adjacent_files(square) & rank_and_behind(color, square)
}

/// Every square on `square`'s rank or behind it.
#[inline(always)]
fn rank_and_behind(color: Color, square: Square) -> Bitboard {
    let rank = square.rank().index() as u32;
    let below_and_on = match color {
        Color::White => u64::MAX >> (8 * (7 - rank)),
        Color::Black => u64::MAX << (8 * rank),
    };
    Bitboard::from_u64(below_and_on)
}

/// The pawn-structure terms of `color`'s pawns: those of all the terms of
/// [`evaluate`](super::evaluate) that depend on the pawns alone, so that a
/// [`PawnCache`](super::PawnCache) may keep them. Returns `color`'s passed pawns.
#[inline(always)]
pub(crate) fn structure(position: &Position, color: Color, terms: &mut impl Terms) -> Bitboard {
    let own = position.by_color_kind(color, PieceKind::Pawn);
    let enemy = position.by_color_kind(color.opposite(), PieceKind::Pawn);
    let enemy_pawn_attacks = pawn_attack_span(color.opposite(), enemy);
    let mut passers = Bitboard::EMPTY;
    for square in own {
        let rank = relative_rank(color, square);
        let ahead = forward_file(color, square);
        let neighbours = adjacent_files(square) & own;
        let defenders = pawn_attack_span(color.opposite(), square.bitboard()) & own;
        let beside = (square.bitboard().east() | square.bitboard().west()) & own;

        if (ahead & own).any() {
            terms.add(AT_DOUBLED, 1);
        }
        if neighbours.is_empty() {
            terms.add(AT_ISOLATED, 1);
        } else if (defenders | beside).any() {
            terms.add(AT_CONNECTED + rank, 1);
        } else if (supporting_span(color, square) & own).is_empty() {
            let stop_attacked =
                stop_square(color, square).is_some_and(|stop| enemy_pawn_attacks.contains(stop));
            if stop_attacked {
                terms.add(AT_BACKWARD, 1);
            }
        }

        let passed = (front_span(color, square) & enemy).is_empty() && (ahead & own).is_empty();
        if passed {
            terms.add(AT_PASSED + rank, 1);
            passers |= square.bitboard();
        }
    }
    passers
}

/// The terms of `color`'s passed pawns `passers` that depend on the other
/// pieces too: a free square in front, and how near each king is to it.
#[inline(always)]
pub(crate) fn passers(position: &Position, color: Color, passers: Bitboard, terms: &mut impl Terms) {
    let own_king = position.king_square(color);
    let enemy_king = position.king_square(color.opposite());
    for square in passers {
        let rank = relative_rank(color, square);
        if let Some(stop) = stop_square(color, square) {
            if !position.occupied().contains(stop) {
                terms.add(AT_PASSED_FREE + rank, 1);
            }
            terms.add(AT_PASSED_ENEMY_KING + rank, distance(enemy_king, stop));
            terms.add(AT_PASSED_OWN_KING + rank, distance(own_king, stop));
        }
    }
}

/// Every pawn term of `color`: [`structure`] and [`passers`].
#[cfg(test)]
pub(crate) fn evaluate(position: &Position, color: Color, terms: &mut impl Terms) {
    let passed = structure(position, color, terms);
    passers(position, color, passed, terms);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::TaperedScore;

    fn score(fen: &str, color: Color) -> TaperedScore {
        let mut sum = Sum::default();
        sum.set_sign(1);
        evaluate(&Position::from_fen(fen).expect("valid FEN"), color, &mut sum);
        sum.total
    }

    #[test]
    fn supporting_span_is_beside_and_behind() {
        let span = supporting_span(Color::White, Square::E4);
        assert!(span.contains(Square::D4) && span.contains(Square::F2) && span.contains(Square::D1));
        assert!(!span.contains(Square::D5) && !span.contains(Square::E3) && !span.contains(Square::C4));
        let span = supporting_span(Color::Black, Square::E5);
        assert!(span.contains(Square::D5) && span.contains(Square::F7));
        assert!(!span.contains(Square::D4));
    }

    #[test]
    fn doubled_and_isolated_pawns_cost() {
        let healthy = score("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1", Color::White);
        let doubled = score("4k3/8/8/8/8/4P3/4P3/4K3 w - - 0 1", Color::White);
        assert!(doubled.eg < healthy.eg, "{doubled:?} vs {healthy:?}");
    }

    #[test]
    fn passed_pawns_gain_with_rank() {
        let low = score("4k3/8/8/8/8/8/P7/4K3 w - - 0 1", Color::White);
        let high = score("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", Color::White);
        assert!(high.eg > low.eg + 100, "{high:?} vs {low:?}");
        // An enemy pawn in front on an adjacent file stops it being passed.
        let blocked = score("4k3/1p6/8/8/8/8/P7/4K3 w - - 0 1", Color::White);
        assert!(blocked.eg < low.eg);
    }

    #[test]
    fn colours_score_alike_when_mirrored() {
        let white = score("4k3/8/8/8/3P4/8/2P1P3/4K3 w - - 0 1", Color::White);
        let black = score("4k3/2p1p3/8/3p4/8/8/8/4K3 w - - 0 1", Color::Black);
        assert_eq!(white, black);
    }
}
