//! Board geometry, computed the slow and obvious way: every ray is walked
//! one square at a time with `Square::offset`, which checks the file and
//! rank bounds, so nothing depends on shift tricks that could wrap around an
//! edge. Squares, sets and directions are bb-core's, the types the library
//! reads the tables with: `Direction::ALL` is the order of the ray table.

use bb_core::{Bitboard, Direction, File, Rank, Square};

/// A step on the board as (files towards h, ranks towards 8).
pub type Step = (i8, i8);

/// The knight's eight jumps.
pub const KNIGHT_JUMPS: [Step; 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

/// A white pawn captures one rank up, a black pawn one rank down.
pub const WHITE_PAWN_CAPTURES: [Step; 2] = [(-1, 1), (1, 1)];
/// See [`WHITE_PAWN_CAPTURES`].
pub const BLACK_PAWN_CAPTURES: [Step; 2] = [(-1, -1), (1, -1)];

/// The square reached from `square` by `step`, or `None` off the board.
fn step(square: Square, (file_step, rank_step): Step) -> Option<Square> {
    square.offset(file_step, rank_step)
}

/// The squares after `square` in `direction`, up to the edge.
fn walk(square: Square, direction: Direction) -> impl Iterator<Item = Square> {
    std::iter::successors(step(square, direction.step()), move |&current| step(current, direction.step()))
}

/// The squares that satisfy `keep`.
fn squares_where(keep: impl Fn(Square) -> bool) -> Bitboard {
    Square::ALL.into_iter().filter(|&square| keep(square)).collect()
}

/// The squares of `file`.
pub fn file_mask(file: File) -> Bitboard {
    squares_where(|square| square.file() == file)
}

/// The squares of `rank`.
pub fn rank_mask(rank: Rank) -> Bitboard {
    squares_where(|square| square.rank() == rank)
}

/// The squares from `square` in `direction` up to the edge, without `square`.
pub fn ray(square: Square, direction: Direction) -> Bitboard {
    walk(square, direction).collect()
}

/// The a1–h8-direction diagonal through `square`, including it.
pub fn diagonal(square: Square) -> Bitboard {
    ray(square, Direction::NorthEast) | ray(square, Direction::SouthWest) | square.bitboard()
}

/// The a8–h1-direction diagonal through `square`, including it.
pub fn anti_diagonal(square: Square) -> Bitboard {
    ray(square, Direction::NorthWest) | ray(square, Direction::SouthEast) | square.bitboard()
}

/// The direction from `a` in which `b` lies on a ray, if any.
fn direction_towards(a: Square, b: Square) -> Option<Direction> {
    Direction::ALL.into_iter().find(|&direction| ray(a, direction).contains(b))
}

/// The squares strictly between `a` and `b` when they share a rank, file or
/// diagonal; empty otherwise (and when `a == b`).
pub fn between(a: Square, b: Square) -> Bitboard {
    direction_towards(a, b)
        .map_or(Bitboard::EMPTY, |direction| ray(a, direction) & ray(b, direction.opposite()))
}

/// The whole edge-to-edge line through `a` and `b`, both included, when they
/// share a rank, file or diagonal; empty otherwise (and when `a == b`).
pub fn line(a: Square, b: Square) -> Bitboard {
    direction_towards(a, b)
        .map_or(Bitboard::EMPTY, |direction| ray(a, direction) | ray(a, direction.opposite()) | a.bitboard())
}

/// The squares one jump away from `square` for each of `jumps`.
pub fn leaper_attacks(square: Square, jumps: &[Step]) -> Bitboard {
    jumps.iter().filter_map(|&jump| step(square, jump)).collect()
}

/// The king's attacks: one step in any of the eight directions.
pub fn king_attacks(square: Square) -> Bitboard {
    leaper_attacks(square, &Direction::ALL.map(Direction::step))
}

/// A slider's attacks from `square`: each ray walked until it leaves the
/// board or stops on the first occupied square (which is attacked).
pub fn slider_attacks(square: Square, occupied: Bitboard, directions: &[Direction]) -> Bitboard {
    let mut attacks = Bitboard::EMPTY;
    for &direction in directions {
        for target in walk(square, direction) {
            attacks.insert(target);
            if occupied.contains(target) {
                break;
            }
        }
    }
    attacks
}

/// The squares whose occupancy can change a slider's attacks from `square`:
/// each ray without its last square, since a piece on the edge blocks
/// nothing beyond it.
pub fn relevant_occupancy(square: Square, directions: &[Direction]) -> Bitboard {
    directions
        .iter()
        .flat_map(|&direction| {
            walk(square, direction).filter(move |&target| step(target, direction.step()).is_some())
        })
        .collect()
}

/// Every subset of `mask`, starting with the empty set (the carry-rippler
/// enumeration: subtracting the mask walks through the subsets in order).
pub fn subsets(mask: Bitboard) -> Vec<Bitboard> {
    let mask = mask.to_u64();
    let mut all = Vec::with_capacity(1 << mask.count_ones());
    let mut subset = 0u64;
    loop {
        all.push(Bitboard::from_u64(subset));
        subset = subset.wrapping_sub(mask) & mask;
        if subset == 0 {
            return all;
        }
    }
}
