//! Board geometry in plain `u64`, computed the slow and obvious way: every
//! ray is walked one square at a time with explicit file and rank bounds, so
//! nothing depends on shift tricks that could wrap around an edge.
//!
//! Squares are numbered a1 = 0, b1 = 1, …, h8 = 63 (file + 8 × rank).

/// A step on the board as (files to the right, ranks up).
pub type Step = (i8, i8);

/// The eight directions in the order of the crate's `Direction` enum:
/// north, north-east, east, south-east, south, south-west, west, north-west.
pub const DIRECTIONS: [Step; 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];

/// The rook's directions: north, east, south, west.
pub const ROOK_DIRECTIONS: [Step; 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// The bishop's directions: north-east, south-east, south-west, north-west.
pub const BISHOP_DIRECTIONS: [Step; 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// The knight's eight jumps.
pub const KNIGHT_JUMPS: [Step; 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

/// A white pawn captures one rank up, a black pawn one rank down.
pub const WHITE_PAWN_CAPTURES: [Step; 2] = [(-1, 1), (1, 1)];
/// See [`WHITE_PAWN_CAPTURES`].
pub const BLACK_PAWN_CAPTURES: [Step; 2] = [(-1, -1), (1, -1)];

/// The square reached from `square` by `step`, or `None` off the board.
pub fn step(square: u8, (file_step, rank_step): Step) -> Option<u8> {
    let file = (square % 8) as i8 + file_step;
    let rank = (square / 8) as i8 + rank_step;
    if (0..8).contains(&file) && (0..8).contains(&rank) {
        Some((rank * 8 + file) as u8)
    } else {
        None
    }
}

/// The set holding only `square`.
pub fn bit(square: u8) -> u64 {
    1u64 << square
}

/// The squares of `file` (0 = a).
pub fn file_mask(file: u8) -> u64 {
    (0..64).filter(|square| square % 8 == file).map(bit).fold(0, |set, square| set | square)
}

/// The squares of `rank` (0 = rank 1).
pub fn rank_mask(rank: u8) -> u64 {
    (0..64).filter(|square| square / 8 == rank).map(bit).fold(0, |set, square| set | square)
}

/// The squares from `square` in `direction` up to the edge, without `square`.
pub fn ray(square: u8, direction: Step) -> u64 {
    let mut set = 0;
    let mut current = square;
    while let Some(next) = step(current, direction) {
        set |= bit(next);
        current = next;
    }
    set
}

/// The a1–h8-direction diagonal through `square`, including it.
pub fn diagonal(square: u8) -> u64 {
    ray(square, (1, 1)) | ray(square, (-1, -1)) | bit(square)
}

/// The a8–h1-direction diagonal through `square`, including it.
pub fn anti_diagonal(square: u8) -> u64 {
    ray(square, (-1, 1)) | ray(square, (1, -1)) | bit(square)
}

/// The squares strictly between `a` and `b` when they share a rank, file or
/// diagonal; empty otherwise (and when `a == b`).
pub fn between(a: u8, b: u8) -> u64 {
    for direction in DIRECTIONS {
        let mut set = 0;
        let mut current = a;
        while let Some(next) = step(current, direction) {
            if next == b {
                return set;
            }
            set |= bit(next);
            current = next;
        }
    }
    0
}

/// The whole edge-to-edge line through `a` and `b`, both included, when they
/// share a rank, file or diagonal; empty otherwise (and when `a == b`).
pub fn line(a: u8, b: u8) -> u64 {
    for (file_step, rank_step) in DIRECTIONS {
        let forward = ray(a, (file_step, rank_step));
        if forward & bit(b) != 0 {
            return forward | ray(a, (-file_step, -rank_step)) | bit(a);
        }
    }
    0
}

/// The squares one jump away from `square` for each of `jumps`.
pub fn leaper_attacks(square: u8, jumps: &[Step]) -> u64 {
    jumps.iter().filter_map(|&jump| step(square, jump)).map(bit).fold(0, |set, target| set | target)
}

/// The king's attacks: one step in any of the eight directions.
pub fn king_attacks(square: u8) -> u64 {
    leaper_attacks(square, &DIRECTIONS)
}

/// A slider's attacks from `square`: each ray walked until it leaves the
/// board or stops on the first occupied square (which is attacked).
pub fn slider_attacks(square: u8, occupied: u64, directions: &[Step]) -> u64 {
    let mut attacks = 0;
    for &direction in directions {
        let mut current = square;
        while let Some(next) = step(current, direction) {
            attacks |= bit(next);
            if occupied & bit(next) != 0 {
                break;
            }
            current = next;
        }
    }
    attacks
}

/// The squares whose occupancy can change a slider's attacks from `square`:
/// each ray without its last square, since a piece on the edge blocks
/// nothing beyond it.
pub fn relevant_occupancy(square: u8, directions: &[Step]) -> u64 {
    let mut mask = 0;
    for &direction in directions {
        let mut current = square;
        while let Some(next) = step(current, direction) {
            if step(next, direction).is_some() {
                mask |= bit(next);
            }
            current = next;
        }
    }
    mask
}

/// Every subset of `mask`, starting with the empty set (the carry-rippler
/// enumeration: subtracting the mask walks through the subsets in order).
pub fn subsets(mask: u64) -> Vec<u64> {
    let mut all = Vec::with_capacity(1 << mask.count_ones());
    let mut subset = 0u64;
    loop {
        all.push(subset);
        subset = subset.wrapping_sub(mask) & mask;
        if subset == 0 {
            return all;
        }
    }
}

/// Parallel bit extract in software: the bits of `value` selected by `mask`,
/// packed into the low bits in the mask's order (what x86 `pext` does).
pub fn parallel_bit_extract(value: u64, mask: u64) -> u64 {
    let mut result = 0;
    let mut out_bit = 0;
    for square in 0..64 {
        if (mask >> square) & 1 == 1 {
            result |= ((value >> square) & 1) << out_bit;
            out_bit += 1;
        }
    }
    result
}
