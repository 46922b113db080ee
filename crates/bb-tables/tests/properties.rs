//! Invariants that tie the tables together, checked on random squares and
//! occupancies with proptest.

use bb_core::{Bitboard, Color, Square};
use bb_tables::*;
use proptest::prelude::*;

fn square() -> impl Strategy<Value = Square> {
    (0..64usize).prop_map(|index| Square::ALL[index])
}

/// Occupancies from empty to full, not only half-full ones.
fn occupancy() -> impl Strategy<Value = Bitboard> {
    prop_oneof![
        any::<u64>(),
        (any::<u64>(), any::<u64>(), any::<u64>()).prop_map(|(a, b, c)| a & b & c),
        (any::<u64>(), any::<u64>()).prop_map(|(a, b)| a | b),
    ]
    .prop_map(Bitboard::from_u64)
}

fn direction() -> impl Strategy<Value = Direction> {
    (0..8usize).prop_map(|index| Direction::ALL[index])
}

/// The king-step distance between two squares.
fn distance(a: Square, b: Square) -> u32 {
    let files = (a.file().index() as i32 - b.file().index() as i32).unsigned_abs();
    let ranks = (a.rank().index() as i32 - b.rank().index() as i32).unsigned_abs();
    files.max(ranks)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10_000, ..ProptestConfig::default() })]

    #[test]
    fn between_lies_on_the_line_and_is_symmetric(a in square(), b in square()) {
        prop_assert_eq!(between(a, b), between(b, a));
        prop_assert_eq!(line(a, b), line(b, a));
        prop_assert_eq!(between(a, b) & line(a, b), between(a, b));
        prop_assert!(!between(a, b).contains(a) && !between(a, b).contains(b));
        if line(a, b).any() {
            prop_assert!(line(a, b).contains(a) && line(a, b).contains(b));
            prop_assert_eq!(between(a, b).count(), distance(a, b) - 1);
            prop_assert!(line(a, b).count() >= 2 && line(a, b).count() <= 8);
        } else {
            prop_assert!(between(a, b).is_empty());
        }
        for c in between(a, b) {
            prop_assert!(aligned(a, b, c));
            prop_assert_eq!(line(a, c), line(a, b));
        }
    }

    #[test]
    fn opposite_rays_make_the_line(from in square(), direction in direction()) {
        let both_ways = ray(direction, from) | ray(direction.opposite(), from) | from.bitboard();
        for target in ray(direction, from) {
            prop_assert_eq!(line(from, target), both_ways);
            prop_assert_eq!(between(from, target), ray(direction, from) - ray(direction, target) - target.bitboard());
        }
    }

    #[test]
    fn leaper_attacks_are_symmetric(a in square(), b in square()) {
        prop_assert_eq!(knight_attacks(a).contains(b), knight_attacks(b).contains(a));
        prop_assert_eq!(king_attacks(a).contains(b), king_attacks(b).contains(a));
        prop_assert_eq!(pawn_attacks(Color::White, a).contains(b), pawn_attacks(Color::Black, b).contains(a));
        prop_assert_eq!(king_attacks(a).contains(b), a != b && distance(a, b) == 1);
    }

    #[test]
    fn slider_attacks_are_symmetric_and_stop_at_blockers(a in square(), b in square(), occupied in occupancy()) {
        prop_assert_eq!(rook_attacks(a, occupied).contains(b), rook_attacks(b, occupied).contains(a));
        prop_assert_eq!(bishop_attacks(a, occupied).contains(b), bishop_attacks(b, occupied).contains(a));
        let clear = (between(a, b) & occupied).is_empty();
        prop_assert_eq!(rook_attacks(a, occupied).contains(b), rook_pseudo_attacks(a).contains(b) && clear);
        prop_assert_eq!(bishop_attacks(a, occupied).contains(b), bishop_pseudo_attacks(a).contains(b) && clear);
    }

    #[test]
    fn the_slider_s_own_square_does_not_matter(from in square(), occupied in occupancy()) {
        let with = occupied.with(from);
        let without = occupied.without(from);
        prop_assert_eq!(rook_attacks(from, with), rook_attacks(from, without));
        prop_assert_eq!(bishop_attacks(from, with), bishop_attacks(from, without));
        prop_assert!(!queen_attacks(from, occupied).contains(from));
        prop_assert_eq!(queen_attacks(from, occupied), rook_attacks(from, occupied) | bishop_attacks(from, occupied));
    }

    #[test]
    fn all_schemes_agree(from in square(), occupied in occupancy()) {
        let rook = sliders::rook_attacks_magic64(from, occupied);
        let bishop = sliders::bishop_attacks_magic64(from, occupied);
        prop_assert_eq!(sliders::rook_attacks_magic32(from, occupied), rook);
        prop_assert_eq!(sliders::bishop_attacks_magic32(from, occupied), bishop);
        prop_assert_eq!(sliders::rook_attacks_pext(from, occupied), rook);
        prop_assert_eq!(sliders::bishop_attacks_pext(from, occupied), bishop);
    }

    #[test]
    fn masks_partition_the_board(from in square()) {
        prop_assert_eq!(square_mask(from) | not_square_mask(from), Bitboard::FULL);
        prop_assert_eq!(file_mask(from.file()) & rank_mask(from.rank()), square_mask(from));
        prop_assert_eq!(diagonal(from) & anti_diagonal(from), square_mask(from));
        prop_assert_eq!(file_mask(from.file()) & not_file_mask(from.file()), Bitboard::EMPTY);
        prop_assert_eq!(rank_mask(from.rank()) | not_rank_mask(from.rank()), Bitboard::FULL);
        prop_assert_eq!(rook_pseudo_attacks(from) | from.bitboard(), file_mask(from.file()) | rank_mask(from.rank()));
        prop_assert_eq!(bishop_pseudo_attacks(from) | from.bitboard(), diagonal(from) | anti_diagonal(from));
    }
}
