//! Piece activity (mobility, outposts, rooks on open files) and threats
//! (pieces attacked, hanging or defended).

use super::params::*;
use super::{front_span, pawn_attack_span, relative_rank, AttackInfo};
use bb_core::{Bitboard, Color, PieceKind, Square};
use bb_movegen::Position;
use bb_tables::{bishop_attacks, knight_attacks, queen_attacks, rook_attacks};

/// Activity of `color`'s knights, bishops, rooks and queens. Records their
/// attacks in `attacks` (and their pressure on the enemy king zone).
#[inline(always)]
pub(crate) fn evaluate(position: &Position, color: Color, attacks: &mut AttackInfo, terms: &mut impl Terms) {
    let them = color.opposite().index();
    let own_pawns = position.by_color_kind(color, PieceKind::Pawn);
    let enemy_pawns = position.by_color_kind(color.opposite(), PieceKind::Pawn);
    let occupied = position.occupied();
    let own_queens = position.by_color_kind(color, PieceKind::Queen);
    let own_rooks = position.by_color_kind(color, PieceKind::Rook);
    // Squares worth counting for mobility: not blocked by own pawns or king,
    // not covered by enemy pawns.
    let mobility_area = !(own_pawns | position.king_square(color).bitboard() | attacks.pawns[them]);
    let enemy_zone = attacks.king_zone[them];

    for kind in [PieceKind::Knight, PieceKind::Bishop, PieceKind::Rook, PieceKind::Queen] {
        for square in position.by_color_kind(color, kind) {
            // Sliders see through own pieces that move the same way (batteries).
            let reach = match kind {
                PieceKind::Knight => knight_attacks(square),
                PieceKind::Bishop => bishop_attacks(square, occupied & !own_queens),
                PieceKind::Rook => rook_attacks(square, occupied & !(own_queens | own_rooks)),
                _ => queen_attacks(square, occupied),
            };
            attacks.add(color, kind, reach);
            let mobility = (reach & mobility_area).count() as usize;
            terms.add(
                match kind {
                    PieceKind::Knight => AT_KNIGHT_MOBILITY + mobility.min(8),
                    PieceKind::Bishop => AT_BISHOP_MOBILITY + mobility.min(13),
                    PieceKind::Rook => AT_ROOK_MOBILITY + mobility.min(14),
                    _ => AT_QUEEN_MOBILITY + mobility.min(27),
                },
                1,
            );
            let zone_hits = (reach & enemy_zone).count() as i32;
            if zone_hits > 0 {
                attacks.king_attackers[them] += 1;
                attacks.king_attackers_by_kind[them][kind.index()] += 1;
                attacks.king_zone_hits[them] += zone_hits;
            }
            placement(color, kind, square, own_pawns, enemy_pawns, terms);
        }
    }
}

/// Square-dependent bonuses that piece-square tables cannot see because
/// they depend on the pawns.
#[inline(always)]
fn placement(
    color: Color,
    kind: PieceKind,
    square: Square,
    own_pawns: Bitboard,
    enemy_pawns: Bitboard,
    terms: &mut impl Terms,
) {
    match kind {
        PieceKind::Knight | PieceKind::Bishop => {
            let rank = relative_rank(color, square);
            let defended_by_pawn = (pawn_attack_span(color.opposite(), square.bitboard()) & own_pawns).any();
            // No enemy pawn on the adjacent files ahead can ever chase it away.
            let span = front_span(color, square) & !square.file().bitboard();
            if (4..=6).contains(&rank) && defended_by_pawn && (span & enemy_pawns).is_empty() {
                terms.add(AT_OUTPOST + usize::from(kind == PieceKind::Bishop), 1);
            }
            let in_front = match color {
                Color::White => square.bitboard().north(),
                Color::Black => square.bitboard().south(),
            };
            if (in_front & own_pawns).any() {
                terms.add(AT_MINOR_BEHIND_PAWN, 1);
            }
        }
        PieceKind::Rook => {
            let file = square.file().bitboard();
            if (file & own_pawns).is_empty() {
                terms.add(
                    if (file & enemy_pawns).is_empty() { AT_ROOK_OPEN_FILE } else { AT_ROOK_SEMI_OPEN_FILE },
                    1,
                );
            }
        }
        _ => {}
    }
}

/// Bonus for `color`'s pressure on enemy pieces, and for its pieces being
/// defended by pawns. Needs both sides' attack sets.
#[inline(always)]
pub(crate) fn threats(position: &Position, color: Color, attacks: &AttackInfo, terms: &mut impl Terms) {
    let us = color.index();
    let them = color.opposite().index();
    let enemy = color.opposite();
    let enemy_king = position.king_square(enemy).bitboard();
    let enemy_pieces = position.by_color(enemy) & !enemy_king;
    let enemy_pawns = position.by_color_kind(enemy, PieceKind::Pawn);
    let enemy_non_pawns = enemy_pieces & !enemy_pawns;
    let majors =
        position.by_color_kind(enemy, PieceKind::Rook) | position.by_color_kind(enemy, PieceKind::Queen);
    // Targets worth attacking with a piece: not defended by a pawn, or more
    // valuable than a minor piece.
    let weak_targets = (enemy_pieces & !attacks.pawns[them]) | majors;
    let kind_of = |square: Square| position.kind_at(square).unwrap_or(PieceKind::Pawn);

    for square in enemy_non_pawns & attacks.pawns[us] {
        terms.add(AT_THREAT_BY_PAWN + kind_of(square).index(), 1);
    }
    let by_minor =
        attacks.by_kind[us][PieceKind::Knight.index()] | attacks.by_kind[us][PieceKind::Bishop.index()];
    for square in weak_targets & by_minor {
        terms.add(AT_THREAT_BY_MINOR + kind_of(square).index(), 1);
    }
    for square in weak_targets & attacks.by_kind[us][PieceKind::Rook.index()] {
        terms.add(AT_THREAT_BY_ROOK + kind_of(square).index(), 1);
    }
    let hanging = enemy_pieces & attacks.all[us] & !attacks.all[them];
    terms.add(AT_HANGING, hanging.count() as i32);

    let own_non_pawns = position.by_color(color)
        & !position.by_color_kind(color, PieceKind::Pawn)
        & !position.king_square(color).bitboard();
    terms.add(AT_DEFENDED_BY_PAWN, (own_non_pawns & attacks.pawns[us]).count() as i32);

    // Pawn pushes to squares the enemy pawns do not cover that would then
    // attack an enemy piece.
    let own_pawns = position.by_color_kind(color, PieceKind::Pawn);
    let empty = !position.occupied();
    let pushed = match color {
        Color::White => own_pawns.north() & empty,
        Color::Black => own_pawns.south() & empty,
    };
    let safe_pushes = pushed & !attacks.pawns[them] & (attacks.all[us] | !attacks.all[them]);
    let push_threats = pawn_attack_span(color, safe_pushes) & enemy_non_pawns;
    terms.add(AT_PAWN_PUSH_THREAT, push_threats.count() as i32);
}
