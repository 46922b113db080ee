//! The Polyglot key of a position: the Zobrist key that Polyglot opening
//! books are indexed by. It is computed from scratch, not kept up to date
//! by `play`: books are probed once per move, not per search node, so the
//! engine's own incremental key (with its own random numbers) stays as it is.

use super::keys::{CASTLING, EN_PASSANT, RANDOM64, TURN};
use crate::castling::CastlingSide;
use crate::Position;
use bb_core::{Color, PieceKind};
use bb_tables::pawn_attacks;

/// Polyglot's piece number: black pawn 0, white pawn 1, black knight 2, ...
/// white king 11. bb's `PieceKind` order (pawn, knight, bishop, rook,
/// queen, king) is Polyglot's, so only the colour bit needs placing.
fn piece_number(color: Color, kind: PieceKind) -> usize {
    2 * kind.index() + usize::from(color == Color::White)
}

impl Position {
    /// The key of this position in Polyglot opening books.
    ///
    /// Follows the Polyglot book format exactly: pieces, castling rights,
    /// the en-passant file only when a pawn of the side to move stands
    /// beside the pawn that just advanced two squares (pseudo-legal: a
    /// pinned pawn still counts), and the turn key when White is to move.
    ///
    /// Chess960 castling rights map by side: a king-side right (the rook on
    /// the king's h-file side) takes the "short" key and a queen-side right
    /// the "long" key, whatever file the rook stands on. The Polyglot format
    /// predates Chess960 and says nothing of it; this is what python-chess
    /// does too, so Chess960 books made with it can be read.
    ///
    /// ```
    /// use bb_movegen::Position;
    ///
    /// // The example keys of the Polyglot book format specification.
    /// let start = Position::startpos();
    /// assert_eq!(start.polyglot_key(), 0x463b96181691fc9c);
    /// let e4 = start.play(start.parse_uci_move("e2e4").unwrap());
    /// assert_eq!(e4.polyglot_key(), 0x823c9b50fd114196);
    /// ```
    pub fn polyglot_key(&self) -> u64 {
        let mut key = 0;
        for color in [Color::White, Color::Black] {
            for kind in PieceKind::ALL {
                let base = 64 * piece_number(color, kind);
                for square in self.by_color_kind(color, kind) {
                    // bb numbers squares a1 = 0 .. h8 = 63, rank-major, which
                    // is Polyglot's 8 * rank + file.
                    key ^= RANDOM64[base + square.index()];
                }
            }
        }
        for (offset, (color, side)) in [
            (Color::White, CastlingSide::King),
            (Color::White, CastlingSide::Queen),
            (Color::Black, CastlingSide::King),
            (Color::Black, CastlingSide::Queen),
        ]
        .into_iter()
        .enumerate()
        {
            if self.castling_rights().has(color, side) {
                key ^= RANDOM64[CASTLING + offset];
            }
        }
        if let Some(square) = self.en_passant() {
            let us = self.side_to_move();
            // The squares a pawn of ours could capture onto `square` from
            // are those a pawn of theirs on `square` would attack.
            if (pawn_attacks(us.opposite(), square) & self.by_color_kind(us, PieceKind::Pawn)).any() {
                key ^= RANDOM64[EN_PASSANT + square.file().index()];
            }
        }
        if self.side_to_move() == Color::White {
            key ^= RANDOM64[TURN];
        }
        key
    }
}
