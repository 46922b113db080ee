//! Knight, king and pawn attacks on every square against the slow reference.

mod reference;

use bb_core::{Bitboard, Color, Square};
use bb_tables::{king_attacks, knight_attacks, pawn_attacks};

#[test]
fn knight_attacks_on_every_square() {
    for square in Square::ALL {
        assert_eq!(knight_attacks(square), reference::knight(square), "{square}");
    }
    assert_eq!(knight_attacks(Square::E4).count(), 8);
    assert_eq!(knight_attacks(Square::H8), Square::F7.bitboard() | Square::G6.bitboard());
}

#[test]
fn king_attacks_on_every_square() {
    for square in Square::ALL {
        assert_eq!(king_attacks(square), reference::king(square), "{square}");
    }
    assert_eq!(
        king_attacks(Square::A1),
        Square::A2.bitboard() | Square::B1.bitboard() | Square::B2.bitboard()
    );
}

#[test]
fn pawn_attacks_on_every_square_for_both_colours() {
    for color in Color::ALL {
        for square in Square::ALL {
            assert_eq!(pawn_attacks(color, square), reference::pawn(color, square), "{color:?} {square}");
        }
    }
    assert_eq!(pawn_attacks(Color::White, Square::A2), Square::B3.bitboard());
    assert_eq!(pawn_attacks(Color::Black, Square::E5), Square::D4.bitboard() | Square::F4.bitboard());
    assert_eq!(pawn_attacks(Color::White, Square::E8), Bitboard::EMPTY);
}
