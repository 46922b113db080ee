//! Every mask, ray, between and line entry against the slow reference.

mod reference;

use bb_core::{Bitboard, File, Rank, Square};
use bb_tables::*;

#[test]
fn square_file_and_rank_masks_and_complements() {
    for square in Square::ALL {
        let expected = reference::squares_where(|other| other == square);
        assert_eq!(square_mask(square), expected, "{square}");
        assert_eq!(not_square_mask(square), !expected, "{square}");
    }
    for file in File::ALL {
        let expected = reference::squares_where(|square| square.file() == file);
        assert_eq!(expected.count(), 8);
        assert_eq!(file_mask(file), expected, "file {file}");
        assert_eq!(not_file_mask(file), !expected, "file {file}");
    }
    for rank in Rank::ALL {
        let expected = reference::squares_where(|square| square.rank() == rank);
        assert_eq!(expected.count(), 8);
        assert_eq!(rank_mask(rank), expected, "rank {rank}");
        assert_eq!(not_rank_mask(rank), !expected, "rank {rank}");
    }
}

#[test]
fn diagonals_through_each_square() {
    for square in Square::ALL {
        // Same diagonal: file - rank is constant; same anti-diagonal: file + rank.
        let (file, rank) = (square.file().index() as i32, square.rank().index() as i32);
        let diagonal_squares = reference::squares_where(|other| {
            other.file().index() as i32 - other.rank().index() as i32 == file - rank
        });
        let anti_diagonal_squares = reference::squares_where(|other| {
            other.file().index() as i32 + other.rank().index() as i32 == file + rank
        });
        assert_eq!(diagonal(square), diagonal_squares, "{square}");
        assert_eq!(anti_diagonal(square), anti_diagonal_squares, "{square}");
        assert_eq!(
            diagonal(square),
            reference::ray(square, (1, 1)) | reference::ray(square, (-1, -1)) | square.bitboard()
        );
    }
    assert_eq!(diagonal(Square::A1).count(), 8);
    assert_eq!(anti_diagonal(Square::A1), Square::A1.bitboard());
}

#[test]
fn rays_in_every_direction() {
    for (direction, step) in Direction::ALL.into_iter().zip(reference::STEPS) {
        assert_eq!(direction.step(), step);
        for square in Square::ALL {
            assert_eq!(ray(direction, square), reference::ray(square, step), "{direction:?} from {square}");
            assert!(!ray(direction, square).contains(square));
        }
    }
    assert_eq!(
        ray(Direction::North, Square::E4),
        Square::E5.bitboard() | Square::E6.bitboard() | Square::E7.bitboard() | Square::E8.bitboard()
    );
    assert!(ray(Direction::West, Square::A5).is_empty());
}

#[test]
fn between_and_line_for_every_pair() {
    let mut aligned_pairs = 0;
    for a in Square::ALL {
        for b in Square::ALL {
            assert_eq!(between(a, b), reference::between(a, b), "between {a} {b}");
            assert_eq!(line(a, b), reference::line(a, b), "line {a} {b}");
            if line(a, b).any() {
                aligned_pairs += 1;
            }
            for c in Square::ALL {
                assert_eq!(aligned(a, b, c), reference::line(a, b).contains(c));
            }
        }
    }
    // Each square sees 14 squares along its rank and file, plus its diagonals:
    // 64 * 14 + 2 * (sum over the diagonals of n * (n - 1)) = 896 + 560.
    assert_eq!(aligned_pairs, 896 + 560);
    assert!(between(Square::E4, Square::E4).is_empty());
    assert!(line(Square::E4, Square::E4).is_empty());
    assert!(between(Square::E4, Square::E5).is_empty());
    assert_eq!(line(Square::E4, Square::E5), file_mask(File::E));
}

#[test]
fn empty_board_slider_attacks() {
    for square in Square::ALL {
        assert_eq!(rook_pseudo_attacks(square), reference::rook(square, Bitboard::EMPTY), "{square}");
        assert_eq!(bishop_pseudo_attacks(square), reference::bishop(square, Bitboard::EMPTY), "{square}");
        assert_eq!(rook_pseudo_attacks(square).count(), 14);
    }
}
