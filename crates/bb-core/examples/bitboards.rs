//! First steps with bb-core: squares, bitboards as sets of squares, and
//! the backend that stores their 64 bits.
//!
//! ```sh
//! cargo run -p bb-core --example bitboards
//! BB_BACKEND=hilo cargo run -p bb-core --example bitboards   # two u32 halves
//! ```

use bb_core::{File, Rank, Square, BACKEND};

fn main() {
    // A bitboard is a set of squares: a1 is bit 0, h8 is bit 63.
    let centre =
        Square::D4.bitboard() | Square::E4.bitboard() | Square::D5.bitboard() | Square::E5.bitboard();
    println!("the centre ({} squares, {:#018x}):\n{centre}", centre.count(), centre.to_u64());

    // Files and ranks are bitboards too; set operations combine them.
    let e_file = File::E.bitboard();
    let fourth_rank = Rank::Fourth.bitboard();
    println!("the e-file and the 4th rank meet on {:?}", (e_file & fourth_rank).first_square());

    // Shifts move every square one step; squares pushed off the board go.
    println!("the centre one step north-east:\n{}", centre.north_east());

    // Iterating takes the squares from a1 upwards.
    let names: Vec<String> = centre.iter().map(|square| square.to_string()).collect();
    println!("squares of the centre: {}", names.join(" "));

    println!("U64 backend of this build: {BACKEND:?}");
}
