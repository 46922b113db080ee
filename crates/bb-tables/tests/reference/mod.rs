//! The slow reference every table is checked against: squares as (file,
//! rank) coordinates, rays walked one square at a time with `Square::offset`,
//! sets built square by square. Written independently of the build script
//! (its own step lists and walking code, where the build script walks
//! bb-core's `Direction`s), so a mistake would have to be made twice, the
//! same way, to go unnoticed.

#![allow(dead_code)] // each test file uses a different part

use bb_core::{Bitboard, Color, Square};

/// (files towards h, ranks towards 8) for north, north-east, … clockwise:
/// the order of `bb_tables::Direction::ALL`.
pub const STEPS: [(i8, i8); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];
pub const ROOK_STEPS: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
pub const BISHOP_STEPS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// The squares that satisfy `keep`.
pub fn squares_where(keep: impl Fn(Square) -> bool) -> Bitboard {
    Square::ALL.into_iter().filter(|&square| keep(square)).collect()
}

/// The squares reached from `square` by repeating `step` until the edge.
pub fn walk(square: Square, step: (i8, i8)) -> Vec<Square> {
    let mut squares = Vec::new();
    let mut current = square;
    while let Some(next) = current.offset(step.0, step.1) {
        squares.push(next);
        current = next;
    }
    squares
}

pub fn ray(square: Square, step: (i8, i8)) -> Bitboard {
    walk(square, step).into_iter().collect()
}

/// Strictly between `a` and `b`: walk from `a` in each direction; if the
/// walk meets `b`, the squares before it.
pub fn between(a: Square, b: Square) -> Bitboard {
    for step in STEPS {
        let walked = walk(a, step);
        if let Some(position) = walked.iter().position(|&square| square == b) {
            return walked[..position].iter().copied().collect();
        }
    }
    Bitboard::EMPTY
}

/// The full line: both walks from `a` along the direction that meets `b`.
pub fn line(a: Square, b: Square) -> Bitboard {
    for (file_step, rank_step) in STEPS {
        if walk(a, (file_step, rank_step)).contains(&b) {
            return ray(a, (file_step, rank_step)) | ray(a, (-file_step, -rank_step)) | a.bitboard();
        }
    }
    Bitboard::EMPTY
}

/// The squares one `jump` away.
pub fn leaps(square: Square, jumps: &[(i8, i8)]) -> Bitboard {
    jumps.iter().filter_map(|&(file_step, rank_step)| square.offset(file_step, rank_step)).collect()
}

pub fn knight(square: Square) -> Bitboard {
    leaps(square, &[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)])
}

pub fn king(square: Square) -> Bitboard {
    leaps(square, &STEPS)
}

pub fn pawn(color: Color, square: Square) -> Bitboard {
    let forward = match color {
        Color::White => 1,
        Color::Black => -1,
    };
    leaps(square, &[(-1, forward), (1, forward)])
}

/// A slider's attacks: each walk up to and including the first occupied
/// square.
pub fn slider(square: Square, occupied: Bitboard, steps: &[(i8, i8)]) -> Bitboard {
    let mut attacks = Bitboard::EMPTY;
    for &step in steps {
        for target in walk(square, step) {
            attacks.insert(target);
            if occupied.contains(target) {
                break;
            }
        }
    }
    attacks
}

pub fn rook(square: Square, occupied: Bitboard) -> Bitboard {
    slider(square, occupied, &ROOK_STEPS)
}

pub fn bishop(square: Square, occupied: Bitboard) -> Bitboard {
    slider(square, occupied, &BISHOP_STEPS)
}

/// The squares of a slider's walks whose occupancy can matter: all but the
/// last square of each walk.
pub fn relevant(square: Square, steps: &[(i8, i8)]) -> Bitboard {
    let mut mask = Bitboard::EMPTY;
    for &step in steps {
        let walked = walk(square, step);
        for &target in walked.iter().rev().skip(1) {
            mask.insert(target);
        }
    }
    mask
}

/// Every subset of `mask`, by counting through the 2^n combinations of its
/// squares.
pub fn subsets(mask: Bitboard) -> Vec<Bitboard> {
    let squares: Vec<Square> = mask.iter().collect();
    (0..1u32 << squares.len())
        .map(|combination| {
            squares
                .iter()
                .enumerate()
                .filter(|(bit, _)| combination >> bit & 1 == 1)
                .map(|(_, &s)| s)
                .collect()
        })
        .collect()
}

/// A small deterministic generator (xorshift64) for occupancies, so a
/// failure names a reproducible case.
pub struct Xorshift(pub u64);

impl Xorshift {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Occupancies of every density: sparse (about 8 pieces), half full,
    /// and crowded (about 48), in turn.
    pub fn occupancy(&mut self, round: usize) -> Bitboard {
        Bitboard::from_u64(match round % 3 {
            0 => self.next() & self.next() & self.next(),
            1 => self.next(),
            _ => self.next() | self.next(),
        })
    }
}
