//! The eight directions a ray can take on the board.

/// A direction on the board, as seen by White: north is towards rank 8,
/// east towards the h-file. The discriminant indexes bb-tables' ray tables,
/// which its build script generates from this same type, so the order is
/// defined here once.
///
/// ```
/// use bb_core::{Direction, Square};
///
/// let (file_step, rank_step) = Direction::NorthEast.step();
/// assert_eq!(Square::E4.offset(file_step, rank_step), Some(Square::F5));
/// assert_eq!(Direction::NorthEast.opposite(), Direction::SouthWest);
/// assert!(Direction::ORTHOGONAL.iter().all(|direction| !direction.is_diagonal()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Direction {
    /// Towards rank 8.
    North,
    /// Towards h8.
    NorthEast,
    /// Towards the h-file.
    East,
    /// Towards h1.
    SouthEast,
    /// Towards rank 1.
    South,
    /// Towards a1.
    SouthWest,
    /// Towards the a-file.
    West,
    /// Towards a8.
    NorthWest,
}

impl Direction {
    /// All eight, clockwise from north.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::NorthEast,
        Direction::East,
        Direction::SouthEast,
        Direction::South,
        Direction::SouthWest,
        Direction::West,
        Direction::NorthWest,
    ];

    /// The four a rook moves in.
    pub const ORTHOGONAL: [Direction; 4] =
        [Direction::North, Direction::East, Direction::South, Direction::West];

    /// The four a bishop moves in.
    pub const DIAGONAL: [Direction; 4] =
        [Direction::NorthEast, Direction::SouthEast, Direction::SouthWest, Direction::NorthWest];

    /// The direction pointing the other way.
    #[inline(always)]
    pub const fn opposite(self) -> Direction {
        Direction::ALL[(self as usize + 4) % 8]
    }

    /// One step in this direction as (files towards h, ranks towards 8),
    /// e.g. `(1, -1)` for south-east; usable with `Square::offset`.
    #[inline(always)]
    pub const fn step(self) -> (i8, i8) {
        match self {
            Direction::North => (0, 1),
            Direction::NorthEast => (1, 1),
            Direction::East => (1, 0),
            Direction::SouthEast => (1, -1),
            Direction::South => (0, -1),
            Direction::SouthWest => (-1, -1),
            Direction::West => (-1, 0),
            Direction::NorthWest => (-1, 1),
        }
    }

    /// True for the rook's directions.
    #[inline(always)]
    pub const fn is_orthogonal(self) -> bool {
        self as u8 % 2 == 0
    }

    /// True for the bishop's directions.
    #[inline(always)]
    pub const fn is_diagonal(self) -> bool {
        self as u8 % 2 == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opposites_cancel_and_kinds_alternate() {
        for direction in Direction::ALL {
            let (file_step, rank_step) = direction.step();
            assert_eq!(direction.opposite().step(), (-file_step, -rank_step));
            assert_eq!(direction.opposite().opposite(), direction);
            assert_eq!(direction.is_diagonal(), file_step != 0 && rank_step != 0);
            assert_ne!(direction.is_diagonal(), direction.is_orthogonal());
        }
        assert!(Direction::ORTHOGONAL.iter().all(|direction| direction.is_orthogonal()));
        assert!(Direction::DIAGONAL.iter().all(|direction| direction.is_diagonal()));
    }
}
