//! The exact identity of a position as far as perft is concerned, packed
//! into 28 bytes. The hash table compares identities, not hash keys, so two
//! different positions can never share an entry: a Zobrist collision costs a
//! miss, never a wrong count.

use crate::{CastlingSide, Position};
use bb_core::{Color, File, PieceKind, Rank};

/// Everything that decides a position's move tree: where each piece stands,
/// the side to move, castling rights with their rooks, and the en-passant
/// file when a capture there is possible. (Move counters are left out: they
/// do not change which moves are legal.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub(in crate::perft) struct Identity {
    /// The occupied squares.
    occupied: u64,
    /// One 4-bit piece code per occupied square, in square order; 32 pieces
    /// at most fit, and a legal position never has more.
    pieces: [u64; 2],
    /// Side to move (bit 0), castling rights (bits 1-4), en-passant file + 1
    /// (bits 5-8, 0 for none), the file of each castling rook (bits 9-20).
    state: u32,
}

/// The most pieces an identity can hold.
const MAX_PIECES: usize = 32;

impl Identity {
    /// The identity of `position`, or `None` if it has more pieces than an
    /// identity holds (impossible for positions from a valid FEN).
    pub(in crate::perft) fn of(position: &Position) -> Option<Identity> {
        let occupied = position.occupied();
        let mut pieces = [0u64; 2];
        for (index, square) in occupied.iter().enumerate() {
            if index >= MAX_PIECES {
                return None;
            }
            // Occupied squares always hold a piece; 15 is not a piece code.
            let code = position.piece_at(square).map_or(15, |piece| piece.index() as u64);
            pieces[index / 16] |= code << ((index % 16) * 4);
        }
        let mut state = position.side_to_move() as u32;
        state |= u32::from(position.castling_rights().bits()) << 1;
        state |= en_passant_code(position) << 5;
        let mut shift = 9;
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                // In Chess960 two rooks may stand on one side of the king;
                // the right says which of them castles.
                let rook_file = position.castling_rook(color, side).map_or(0, |rook| rook.file().index());
                state |= (rook_file as u32) << shift;
                shift += 3;
            }
        }
        Some(Identity { occupied: occupied.to_u64(), pieces, state })
    }

    /// The key of a table entry for this position at `depth`: four words
    /// that differ for any two positions or depths. Depth is at least 1 for
    /// stored entries, so a key is never all zero (the empty entry).
    pub(in crate::perft) fn table_key(&self, depth: u32) -> [u64; 4] {
        [self.occupied, self.pieces[0], self.pieces[1], u64::from(self.state) | (u64::from(depth) << 32)]
    }
}

/// The en-passant file + 1 if a pawn of the side to move stands next to the
/// pawn that just advanced two squares, else 0. Without such a pawn the
/// square cannot matter, and leaving it out lets transpositions share entries.
fn en_passant_code(position: &Position) -> u32 {
    let Some(target) = position.en_passant() else { return 0 };
    let us = position.side_to_move();
    // The pawn that advanced stands on our fifth rank (from our side).
    let pawn_rank = match us {
        Color::White => Rank::Fifth,
        Color::Black => Rank::Fourth,
    };
    let file = target.file().index() as i8;
    let our_pawns = position.by_color_kind(us, PieceKind::Pawn);
    let capturer_next_to_it = [file - 1, file + 1].into_iter().any(|neighbour| {
        (0..8).contains(&neighbour)
            && our_pawns.contains(bb_core::Square::new(File::from_index(neighbour as u8), pawn_rank))
    });
    if capturer_next_to_it {
        target.file().index() as u32 + 1
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn identity(fen: &str) -> Identity {
        let position = Position::from_fen(fen).unwrap_or_else(|error| panic!("{fen}: {error}"));
        Identity::of(&position).unwrap_or_else(|| panic!("{fen}: no identity"))
    }

    #[test]
    fn every_field_that_matters_changes_the_identity() {
        let fens = [
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K1R1 w Qkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3KR2 w Qkq - 0 1",
            "r3k2r/8/8/8/8/8/8/2R1K2R w KQkq - 0 1",
            "rr2k3/8/8/8/8/8/8/4K3 b b - 0 1",
            "rr2k3/8/8/8/8/8/8/4K3 b a - 0 1",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
            "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1",
            "4k3/8/8/2Pp4/8/8/8/4K3 w - d6 0 1",
            "4k3/8/8/2pP4/8/8/8/4K3 w - - 0 1",
            "4k3/8/8/2nP4/8/8/8/4K3 w - - 0 1",
        ];
        let identities: Vec<Identity> = fens.iter().map(|fen| identity(fen)).collect();
        for (i, first) in identities.iter().enumerate() {
            for (j, second) in identities.iter().enumerate().skip(i + 1) {
                assert_ne!(first, second, "{} and {} share an identity", fens[i], fens[j]);
            }
        }
    }

    #[test]
    fn move_counters_and_a_useless_en_passant_square_do_not() {
        assert_eq!(identity("4k3/8/8/8/3p4/8/8/4K3 w - - 0 1"), identity("4k3/8/8/8/3p4/8/8/4K3 w - - 7 40"));
        // No white pawn beside d5, so d6 cannot be captured on.
        assert_eq!(identity("4k3/8/8/3p4/8/8/8/4K3 w - d6 0 2"), identity("4k3/8/8/3p4/8/8/8/4K3 w - - 0 2"));
    }

    #[test]
    fn depth_is_part_of_a_table_key() {
        let start = identity(crate::STARTPOS_FEN);
        assert_ne!(start.table_key(3), start.table_key(4));
        assert_ne!(Identity::default().table_key(1), [0; 4]);
    }

    #[test]
    fn a_full_board_fits() {
        let start = Position::startpos();
        let packed = Identity::of(&start);
        assert!(packed.is_some());
        assert_ne!(packed, Identity::of(&start.play(start.legal_moves()[0])));
    }
}
