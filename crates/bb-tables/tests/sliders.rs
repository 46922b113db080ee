//! Rook and bishop lookups of every scheme against the slow reference:
//! exhaustively over every subset of each square's relevant occupancy (with
//! random pieces outside it, which must not matter), and on 100,000 random
//! occupancies per slider per scheme. The compact scheme is also checked
//! against the magic lookups directly, on every square and a million
//! occupancies, since it replaces them under `compact-sliders`.

mod reference;

use bb_core::{Bitboard, Square};
use bb_tables::sliders;
use reference::Xorshift;

const RANDOM_OCCUPANCIES: usize = 100_000;

type Lookup = fn(Square, Bitboard) -> Bitboard;

/// Every subset of the relevant squares of every square, against the reference.
/// Returns the number of occupancies checked.
fn check_exhaustively(lookup: Lookup, slow: Lookup, steps: &[(i8, i8)], seed: u64) -> usize {
    let mut random = Xorshift(seed);
    let mut checked = 0;
    for square in Square::ALL {
        let relevant = reference::relevant(square, steps);
        for subset in reference::subsets(relevant) {
            let occupied = subset | (Bitboard::from_u64(random.next()) - relevant);
            assert_eq!(lookup(square, occupied), slow(square, occupied), "{square} {occupied:?}");
            checked += 1;
        }
    }
    checked
}

fn check_random(lookup: Lookup, slow: Lookup, seed: u64) {
    let mut random = Xorshift(seed);
    for round in 0..RANDOM_OCCUPANCIES {
        let square = Square::ALL[(random.next() % 64) as usize];
        let occupied = random.occupancy(round);
        assert_eq!(lookup(square, occupied), slow(square, occupied), "{square} {occupied:?}");
    }
}

macro_rules! scheme_tests {
    ($module:ident, $rook:path, $bishop:path) => {
        mod $module {
            use super::*;

            #[test]
            fn rook_every_relevant_subset_of_every_square() {
                // 4 corners × 2^12 + 24 edges × 2^11 + 36 inner squares × 2^10.
                let checked = check_exhaustively($rook, reference::rook, &reference::ROOK_STEPS, 1);
                assert_eq!(checked, 102_400);
            }

            #[test]
            fn bishop_every_relevant_subset_of_every_square() {
                let checked = check_exhaustively($bishop, reference::bishop, &reference::BISHOP_STEPS, 2);
                assert_eq!(checked, 5_248);
            }

            #[test]
            fn rook_random_occupancies() {
                check_random($rook, reference::rook, 3);
            }

            #[test]
            fn bishop_random_occupancies() {
                check_random($bishop, reference::bishop, 4);
            }
        }
    };
}

scheme_tests!(magic64, sliders::rook_attacks_magic64, sliders::bishop_attacks_magic64);
scheme_tests!(magic32, sliders::rook_attacks_magic32, sliders::bishop_attacks_magic32);
scheme_tests!(pext, sliders::rook_attacks_pext, sliders::bishop_attacks_pext);
scheme_tests!(compact, sliders::rook_attacks_compact, sliders::bishop_attacks_compact);
scheme_tests!(selected, bb_tables::rook_attacks, bb_tables::bishop_attacks);

#[test]
fn queen_is_rook_plus_bishop_on_random_occupancies() {
    let mut random = Xorshift(5);
    for round in 0..RANDOM_OCCUPANCIES {
        let square = Square::ALL[(random.next() % 64) as usize];
        let occupied = random.occupancy(round);
        let expected = reference::rook(square, occupied) | reference::bishop(square, occupied);
        assert_eq!(bb_tables::queen_attacks(square, occupied), expected, "{square} {occupied:?}");
    }
}

#[test]
fn the_selected_scheme_follows_the_target_and_backend() {
    use bb_core::platform::{self, Backend};
    use bb_tables::{SliderScheme, SLIDER_SCHEME};
    let expected = if cfg!(feature = "compact-sliders") {
        SliderScheme::Compact
    } else if platform::HAS_PEXT {
        SliderScheme::Pext
    } else if platform::BACKEND == Backend::Native {
        SliderScheme::Magic64
    } else {
        SliderScheme::Magic32
    };
    assert_eq!(SLIDER_SCHEME, expected);
    assert_eq!(SLIDER_SCHEME.to_string(), expected.name());
}

#[test]
fn compact_equals_the_magic_lookups() {
    let mut random = Xorshift(6);
    for round in 0..1_000_000 {
        let square = Square::ALL[round % 64];
        let occupied = random.occupancy(round / 64);
        let compact = sliders::rook_attacks_compact(square, occupied);
        assert_eq!(compact, sliders::rook_attacks_magic64(square, occupied), "{square} {occupied:?}");
        assert_eq!(compact, sliders::rook_attacks_magic32(square, occupied), "{square} {occupied:?}");
        let compact = sliders::bishop_attacks_compact(square, occupied);
        assert_eq!(compact, sliders::bishop_attacks_magic64(square, occupied), "{square} {occupied:?}");
        assert_eq!(compact, sliders::bishop_attacks_magic32(square, occupied), "{square} {occupied:?}");
    }
}
