//! A bitboard as the 64-bit word it is, and as the two 32-bit halves the
//! hi/lo backend keeps: both backends of bb-core's `U64` compute the halves
//! here, so the page shows that they agree.

use bb_core::backend::{hilo, native};
use bb_core::Bitboard;

/// A bitboard's word: its hex, and its (hi, lo) halves by each backend.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Word {
    /// `0x0000_0000_0000_ff00` style: sixteen hex digits in groups of four.
    pub hex: String,
    /// (hi, lo) by the native `u64` backend.
    pub native: (u32, u32),
    /// (hi, lo) by the hi/lo pair-of-`u32` backend.
    pub hilo: (u32, u32),
}

/// The word of `bitboard`.
///
/// ```
/// use bb_core::Bitboard;
///
/// let word = bb_web::words::word(Bitboard::from_u64(0x8000_0000_0000_ff00));
/// assert_eq!(word.hex, "0x8000_0000_0000_ff00");
/// assert_eq!(word.hilo, (0x8000_0000, 0xff00));
/// assert_eq!(word.native, word.hilo);
/// ```
pub fn word(bitboard: Bitboard) -> Word {
    let bits = bitboard.to_u64();
    let digits = format!("{bits:016x}");
    let groups: Vec<&str> = (0..4).map(|group| &digits[group * 4..group * 4 + 4]).collect();
    let native = native::U64::from_u64(bits);
    let hilo = hilo::U64::from_u64(bits);
    Word {
        hex: format!("0x{}", groups.join("_")),
        native: (native.hi(), native.lo()),
        hilo: (hilo.hi(), hilo.lo()),
    }
}
