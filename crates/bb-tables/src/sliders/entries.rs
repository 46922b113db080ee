//! The per-square entries of the three slider schemes, the index each one
//! computes, and how each is written as Rust source.
//!
//! This file is the one definition of the entries for both sides: the
//! library looks attacks up with them, and the build script (which includes
//! this file by `#[path]`) searches the magics with the same `index`, fills
//! the tables through it and prints the entries with `write_literal`. A
//! field renamed or added here therefore fails to compile in the build
//! script, instead of producing source that no longer matches the struct.

use bb_core::platform;
use bb_core::{Bitboard, U64};
use core::fmt::{self, Write};

/// Entries in each shared attack table: a power of two above the 107,648
/// the regions need, so a lookup masks its index with `TABLE_LEN - 1` and
/// the compiler drops the bounds check.
pub const TABLE_LEN: usize = 1 << 17;

/// One square's magic64 entry: 24 bytes, so a lookup touches one cache line
/// here and one in the attack table.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Magic64 {
    /// The squares whose occupancy matters (rays without their edge square).
    pub(crate) mask: Bitboard,
    pub(crate) magic: U64,
    /// `64 - bits`, where `2^bits` is the size of the square's region.
    pub(crate) shift: u32,
    /// Where the square's region starts in the shared table.
    pub(crate) offset: u32,
}

impl Magic64 {
    /// The slot of `occupied` in the square's region:
    /// `((occupied & mask) * magic) >> shift`.
    #[inline(always)]
    pub(crate) fn index(&self, occupied: Bitboard) -> u32 {
        // `shift` is at least 52, so the index lies in the high half, where
        // the hi/lo backend reads it without a 64-bit shift.
        occupied.0.and(self.mask.0).wrapping_mul(self.magic).shr_high(self.shift)
    }

    /// Writes the entry as a Rust struct literal (for the build script).
    #[allow(dead_code)]
    pub(crate) fn write_literal(&self, out: &mut dyn Write) -> fmt::Result {
        let Magic64 { mask, magic, shift, offset } = *self;
        write!(out, "Magic64 {{ mask: ")?;
        write_bitboard(out, mask)?;
        write!(out, ", magic: U64::from_u64({:#018x}), shift: {shift}, offset: {offset} }}", magic.to_u64())
    }
}

/// One square's magic32 entry (24 bytes).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Magic32 {
    /// The squares whose occupancy matters (rays without their edge square).
    pub(crate) mask: Bitboard,
    pub(crate) magic_lo: u32,
    pub(crate) magic_hi: u32,
    /// `32 - bits`, where `2^bits` is the size of the square's region.
    pub(crate) shift: u32,
    /// Where the square's region starts in the shared table.
    pub(crate) offset: u32,
}

impl Magic32 {
    /// The slot of `occupied` in the square's region: the halves of
    /// `occupied & mask` times their magics, XORed, `>> shift`.
    #[inline(always)]
    pub(crate) fn index(&self, occupied: Bitboard) -> u32 {
        let relevant = occupied.0.and(self.mask.0);
        let hash = relevant.lo().wrapping_mul(self.magic_lo) ^ relevant.hi().wrapping_mul(self.magic_hi);
        hash >> self.shift
    }

    /// Writes the entry as a Rust struct literal (for the build script).
    #[allow(dead_code)]
    pub(crate) fn write_literal(&self, out: &mut dyn Write) -> fmt::Result {
        let Magic32 { mask, magic_lo, magic_hi, shift, offset } = *self;
        write!(out, "Magic32 {{ mask: ")?;
        write_bitboard(out, mask)?;
        write!(
            out,
            ", magic_lo: {magic_lo:#010x}, magic_hi: {magic_hi:#010x}, shift: {shift}, offset: {offset} }}"
        )
    }
}

/// One square's pext entry.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pext {
    /// The squares whose occupancy matters (rays without their edge square).
    pub(crate) mask: Bitboard,
    /// Where the square's region starts in the shared table.
    pub(crate) offset: u32,
}

impl Pext {
    /// The slot of `occupied` in the square's region: its bits under `mask`,
    /// packed together.
    #[inline(always)]
    pub(crate) fn index(&self, occupied: Bitboard) -> u32 {
        platform::pext(occupied.to_u64(), self.mask.to_u64()) as u32
    }

    /// Writes the entry as a Rust struct literal (for the build script).
    #[allow(dead_code)]
    pub(crate) fn write_literal(&self, out: &mut dyn Write) -> fmt::Result {
        let Pext { mask, offset } = *self;
        write!(out, "Pext {{ mask: ")?;
        write_bitboard(out, mask)?;
        write!(out, ", offset: {offset} }}")
    }
}

/// Writes a bitboard as the constant expression `Bitboard::from_u64(0x…)`,
/// the form of every bitboard in the generated tables.
#[allow(dead_code)]
pub(crate) fn write_bitboard(out: &mut dyn Write, value: Bitboard) -> fmt::Result {
    write!(out, "Bitboard::from_u64({:#018x})", value.to_u64())
}
