//! Zobrist keys for hashing positions.
//!
//! A position's hash is the XOR of [`piece`] for every piece on its square,
//! [`castling`] of the castling rights, [`en_passant`] of the en-passant
//! file when there is an en-passant square, and [`side_to_move`] when Black
//! is to move. Making a move XORs out what changed and XORs in the new.
//!
//! **Castling** has one independent key per combination of rights (16 keys,
//! indexed by the 4-bit mask below), not one key per right: update with
//! `hash ^= castling(old_rights) ^ castling(new_rights)`. Even "no rights"
//! has a key of its own (it is not zero), so always XOR in `castling(rights)`
//! when hashing a position from scratch.
//!
//! Every key is nonzero and all 793 are distinct. They are the first 793
//! outputs of SplitMix64 seeded with [`SEED`], drawn in this order: the 64
//! squares (a1..h8) of each piece in `Piece` index order (white pawn first,
//! black king last), then the 16 castling keys, the 8 en-passant files
//! (a..h), and the side-to-move key. The keys never change between builds,
//! targets or backends.

use bb_core::{File, Piece, Square, U64};

include!(concat!(env!("OUT_DIR"), "/zobrist.rs"));

/// Castling-rights bit: White may castle king-side (short).
pub const WHITE_KINGSIDE: u8 = 1 << 0;
/// Castling-rights bit: White may castle queen-side (long).
pub const WHITE_QUEENSIDE: u8 = 1 << 1;
/// Castling-rights bit: Black may castle king-side (short).
pub const BLACK_KINGSIDE: u8 = 1 << 2;
/// Castling-rights bit: Black may castle queen-side (long).
pub const BLACK_QUEENSIDE: u8 = 1 << 3;

/// The key of `piece` standing on `square`.
#[inline(always)]
pub fn piece(piece: Piece, square: Square) -> U64 {
    PIECE_KEYS[piece as usize][square as usize]
}

/// The key of a combination of castling rights: `rights` is a mask of
/// [`WHITE_KINGSIDE`], [`WHITE_QUEENSIDE`], [`BLACK_KINGSIDE`] and
/// [`BLACK_QUEENSIDE`]; bits above the low four are ignored.
#[inline(always)]
pub fn castling(rights: u8) -> U64 {
    CASTLING_KEYS[(rights & 15) as usize]
}

/// The key of an en-passant square on `file`.
#[inline(always)]
pub fn en_passant(file: File) -> U64 {
    EN_PASSANT_KEYS[file as usize]
}

/// The key XORed in when Black is to move.
#[inline(always)]
pub fn side_to_move() -> U64 {
    SIDE_TO_MOVE_KEY
}
