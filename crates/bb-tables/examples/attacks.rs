//! First steps with bb-tables: the attack sets of each piece, sliders cut
//! by blockers, and the ray tables move generation uses for checks and pins.
//!
//! ```sh
//! cargo run -p bb-tables --example attacks
//! ```

use bb_core::{Bitboard, Color, Square};
use bb_tables::{between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks};

fn main() {
    println!("knight on g1:\n{}", knight_attacks(Square::G1));
    println!("king on e1:\n{}", king_attacks(Square::E1));
    println!("white pawn on e4 attacks:\n{}", pawn_attacks(Color::White, Square::E4));

    // Sliders stop at the first blocker in each direction (the blocker's
    // square included: it may be a capture).
    let blockers = Square::D6.bitboard() | Square::F4.bitboard() | Square::B2.bitboard();
    println!("rook on d4 with blockers on d6, f4, b2:\n{}", rook_attacks(Square::D4, blockers));
    println!("bishop on d4, same blockers:\n{}", bishop_attacks(Square::D4, blockers));
    println!("bishop on d4, empty board:\n{}", bishop_attacks(Square::D4, Bitboard::EMPTY));

    // between: the squares a check can be blocked on; line: the whole line
    // through two squares, along which a pinned piece may still move.
    println!("between a1 and h8:\n{}", between(Square::A1, Square::H8));
    println!("line through c3 and e5:\n{}", line(Square::C3, Square::E5));
}
