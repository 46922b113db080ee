//! Slider lookups from one 512-byte table, with no multiply: for small
//! memories (a microcontroller's flash, a `.wasm` download) where the
//! ~1 MB magic tables do not fit or cost too much.
//!
//! A rook or bishop attacks along four lines (rank, file, diagonal,
//! anti-diagonal), and on each line its attacks depend only on where it
//! stands and on the six inner squares of the line (the two end squares
//! are attacked or not whatever stands on them). So one table,
//! [`LINE_ATTACKS`]`[position][inner occupancy]`, holds the attacks along a
//! line of eight as a byte, for every position and every inner occupancy.
//! Each lookup maps the line to a byte and back:
//!
//! - rank: the rank's byte is already a byte of the board;
//! - diagonals: a diagonal has at most one square on each file, so ORing
//!   its eight rank bytes together gives one bit per file, without
//!   collisions; back, the attack byte is copied to all eight ranks and
//!   masked with the diagonal;
//! - file: the file is shifted to the a-file and its eight bits (one per
//!   rank, eight apart) are packed into a byte by a fixed sequence of
//!   shifts and ORs, and spread back by the reverse sequence.
//!
//! Everything is done on the two 32-bit halves of the word with shifts,
//! ORs and ANDs only: no 64-bit multiply and no 64-bit shift across halves,
//! so the hi/lo backend runs it as fast as the native one, and nothing
//! depends on the byte order of the target (there is no reinterpretation
//! of memory, only arithmetic on values).
//!
//! Besides [`LINE_ATTACKS`], the lookups read the file, rank and diagonal
//! masks that bb-tables has anyway (`masks.rs`).

use crate::masks::{anti_diagonal, diagonal};
use bb_core::{Bitboard, Square, U64};

include!(concat!(env!("OUT_DIR"), "/compact.rs"));

/// The attacks along a line of eight from `position` (0..8), given the
/// line's occupancy as a byte (bit `i` = the `i`th square of the line).
#[inline(always)]
fn line_attacks(position: usize, line: u32) -> u32 {
    // Bits 1..=6 are the inner squares: the index drops the end squares.
    LINE_ATTACKS[position & 7][(line >> 1) as usize & 63] as u32
}

/// The byte of a set with at most one square per file: bit `f` is set when
/// the set has a square on file `f`.
#[inline(always)]
fn fold_files(set: U64) -> u32 {
    let mut folded = set.lo() | set.hi();
    folded |= folded >> 16;
    folded |= folded >> 8;
    folded & 0xff
}

/// The bitboard with `byte` copied onto every rank.
#[inline(always)]
fn on_every_rank(byte: u32) -> U64 {
    let mut copied = byte | byte << 8;
    copied |= copied << 16;
    U64::from_halves(copied, copied)
}

/// The byte of the a-file bits of a half-board (bits 0, 8, 16, 24): bit
/// `r` for the bit at `8 * r`, in bits 0..4.
///
/// Bits at 0, 8, 16, 24 go to 0, 1, 2, 3: `>> 7` brings 8 to 1 and 24 to 17,
/// then `>> 14` brings 16 to 2 and 17 to 3. No other set bit can land in
/// the low nibble.
#[inline(always)]
fn pack_a_file(half: u32) -> u32 {
    let mut packed = half & 0x0101_0101;
    packed |= packed >> 7;
    packed |= packed >> 14;
    packed & 0x0f
}

/// The inverse of [`pack_a_file`]: bits 0..4 of `nibble` to bits 0, 8, 16,
/// 24.
#[inline(always)]
fn unpack_a_file(nibble: u32) -> u32 {
    let mut spread = nibble & 0x0f;
    spread = (spread | spread << 14) & 0x0003_0003;
    (spread | spread << 7) & 0x0101_0101
}

/// Attacks along the rank of `square`.
#[inline(always)]
fn rank_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    let index = square as u32;
    let shift = index & 24;
    let half = if index < 32 { occupied.0.lo() } else { occupied.0.hi() };
    let attacks = line_attacks(index as usize & 7, half >> shift) << shift;
    Bitboard(if index < 32 { U64::from_halves(0, attacks) } else { U64::from_halves(attacks, 0) })
}

/// Attacks along the file of `square`.
#[inline(always)]
fn file_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    let index = square as u32;
    let file = index & 7;
    let line = pack_a_file(occupied.0.lo() >> file) | pack_a_file(occupied.0.hi() >> file) << 4;
    let attacks = line_attacks(index as usize >> 3, line);
    Bitboard(U64::from_halves(unpack_a_file(attacks >> 4) << file, unpack_a_file(attacks) << file))
}

/// Attacks along the diagonal `line` (one square per file) through `square`.
#[inline(always)]
fn diagonal_attacks(square: Square, occupied: Bitboard, line: Bitboard) -> Bitboard {
    let attacks = line_attacks(square as usize & 7, fold_files(occupied.0.and(line.0)));
    Bitboard(on_every_rank(attacks).and(line.0))
}

/// Rook attacks from `square` through `occupied`, by the compact scheme.
#[inline(always)]
pub fn rook_attacks_compact(square: Square, occupied: Bitboard) -> Bitboard {
    rank_attacks(square, occupied) | file_attacks(square, occupied)
}

/// Bishop attacks from `square` through `occupied`, by the compact scheme.
#[inline(always)]
pub fn bishop_attacks_compact(square: Square, occupied: Bitboard) -> Bitboard {
    diagonal_attacks(square, occupied, diagonal(square))
        | diagonal_attacks(square, occupied, anti_diagonal(square))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_the_a_file_round_trips() {
        for nibble in 0..16 {
            let spread = unpack_a_file(nibble);
            assert_eq!(spread & !0x0101_0101, 0);
            assert_eq!(pack_a_file(spread), nibble);
            // Bits off the a-file do not leak into the packed nibble.
            assert_eq!(pack_a_file(spread | 0xfefe_fefe), nibble);
        }
    }
}
