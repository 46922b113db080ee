//! King safety (pawn shield, open files, attackers of the king zone, safe
//! checks) and the mop-up term that drives a bare king to the edge.

use super::params::*;
use super::pawns::distance;
use super::{relative_rank, AttackInfo};
use bb_core::{Bitboard, Color, File, PieceKind, Square};
use bb_movegen::Position;
use bb_tables::{bishop_attacks, knight_attacks, rook_attacks};

/// The safety terms of `color`'s king: its shelter, and the danger from
/// the enemy pieces aiming at it (see [`DANGER`]).
#[inline(always)]
pub(crate) fn safety(position: &Position, color: Color, attacks: &AttackInfo, terms: &mut impl Terms) {
    let us = color.index();
    let enemy = color.opposite();
    let them = enemy.index();
    let king = position.king_square(color);
    let shelter_counts = shelter(position, color, king, terms);

    let enemy_queens = position.by_color_kind(enemy, PieceKind::Queen);
    let attackers = attacks.king_attackers[us];
    if attackers >= 2 || (attackers >= 1 && enemy_queens.any()) {
        let mut counts: DangerCounts = [0; DANGER_COUNT];
        // More attackers make each of them more dangerous.
        for (kind, &number) in attacks.king_attackers_by_kind[us].iter().enumerate() {
            counts[AT_DANGER_ATTACKER + kind] = number * attackers.min(4);
        }
        counts[AT_DANGER_ZONE_HIT] = attacks.king_zone_hits[us];
        // Squares from which the enemy could check without being captured.
        let safe = !attacks.all[us] & !position.by_color(enemy);
        let occupied = position.occupied();
        let diagonal = bishop_attacks(king, occupied);
        let straight = rook_attacks(king, occupied);
        let check_squares = [
            (PieceKind::Knight, knight_attacks(king)),
            (PieceKind::Bishop, diagonal),
            (PieceKind::Rook, straight),
            (PieceKind::Queen, diagonal | straight),
        ];
        for (kind, squares) in check_squares {
            let checks = squares & attacks.by_kind[them][kind.index()] & safe;
            counts[AT_DANGER_SAFE_CHECK + kind.index()] = i32::from(checks.any());
        }
        counts[AT_DANGER_NO_QUEEN] = i32::from(enemy_queens.is_empty());
        counts[AT_DANGER_SHELTER..AT_DANGER_SHELTER + 3].copy_from_slice(&shelter_counts);
        terms.add_king_danger(&counts);
    }
}

/// Pawn shield and open files around the king; also returns how many own
/// pawns stand one and two ranks ahead of it and how many files are open.
#[inline(always)]
fn shelter(position: &Position, color: Color, king: Square, terms: &mut impl Terms) -> [i32; 3] {
    let own_pawns = position.by_color_kind(color, PieceKind::Pawn);
    let king_rank = relative_rank(color, king);
    let center_file = king.file().index().clamp(1, 6);
    let (mut near, mut far, mut open) = (0, 0, 0);
    for file_index in center_file - 1..=center_file + 1 {
        let on_file = own_pawns & File::from_index(file_index as u8).bitboard();
        if on_file.is_empty() {
            open += 1;
            continue;
        }
        for pawn in on_file {
            match relative_rank(color, pawn).checked_sub(king_rank) {
                Some(1) => near += 1,
                Some(2) => far += 1,
                _ => {}
            }
        }
    }
    terms.add(AT_SHIELD_NEAR, near);
    terms.add(AT_SHIELD_FAR, far);
    terms.add(AT_KING_OPEN_FILE, open);
    [near, far, open]
}

/// Distance of a square from the board's centre, 0 (d4..e5) to 6 (corners).
#[inline(always)]
fn center_distance(square: Square) -> i32 {
    let file = square.file().index() as i32;
    let rank = square.rank().index() as i32;
    let file_distance = (2 * file - 7).abs() / 2;
    let rank_distance = (2 * rank - 7).abs() / 2;
    file_distance + rank_distance
}

/// Bonus (White's view) that helps the side with mating material drive a
/// bare enemy king to the edge (to the right corner with bishop and
/// knight) and bring its own king close. `score` tells who is ahead.
#[inline(always)]
pub(crate) fn mop_up(position: &Position, score: i32) -> i32 {
    let strong = if score > 0 { Color::White } else { Color::Black };
    let weak = strong.opposite();
    if position.by_color(weak).has_more_than_one() || score == 0 {
        return 0;
    }
    let count = |kind: PieceKind| position.by_color_kind(strong, kind).count();
    let majors = count(PieceKind::Rook) + count(PieceKind::Queen);
    let bishops = count(PieceKind::Bishop);
    let knights = count(PieceKind::Knight);
    if majors == 0 && bishops + knights < 2 {
        return 0;
    }
    let weak_king = position.king_square(weak);
    let strong_king = position.king_square(strong);
    let mut edge = 10 * center_distance(weak_king);
    if majors == 0 && bishops == 1 && knights >= 1 {
        // Only the corners of the bishop's colour can be mated in.
        let bishop_on_light =
            (position.by_color_kind(strong, PieceKind::Bishop) & Bitboard::LIGHT_SQUARES).any();
        let corners: [Square; 2] =
            if bishop_on_light { [Square::H1, Square::A8] } else { [Square::A1, Square::H8] };
        let corner_distance = corners.iter().map(|&corner| distance(weak_king, corner)).min().unwrap_or(0);
        edge = 20 * (7 - corner_distance);
    }
    let closeness = 4 * (14 - manhattan(strong_king, weak_king));
    let bonus = edge + closeness;
    match strong {
        Color::White => bonus,
        Color::Black => -bonus,
    }
}

#[inline(always)]
fn manhattan(a: Square, b: Square) -> i32 {
    (a.file().index() as i32 - b.file().index() as i32).abs()
        + (a.rank().index() as i32 - b.rank().index() as i32).abs()
}
