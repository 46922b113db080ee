//! Slider attack tables for three index schemes, each one shared table of
//! [`TABLE_LEN`] entries holding the rook squares' regions first and then the
//! bishop squares':
//!
//! - magic64: `((occupied & mask) * magic) >> (64 - bits)`, 64-bit product;
//! - magic32: `((lo * magic_lo) ^ (hi * magic_hi)) >> (32 - bits)` on the
//!   32-bit halves of `occupied & mask`, for targets without a fast 64-bit
//!   multiply;
//! - pext: `pext(occupied, mask)`, for x86_64 with BMI2 (no search needed).
//!
//! The magics are found by trial with a fixed-seed generator, so builds are
//! deterministic. Each candidate is checked against every subset of the
//! relevant occupancy; a candidate is kept only if no two subsets with
//! different attacks share an index ("constructive" collisions, where the
//! attacks agree, are allowed).

use crate::entries::{Magic32, Magic64, Pext, TABLE_LEN};
use crate::geometry::{relevant_occupancy, slider_attacks, subsets};
use bb_core::random::SplitMix64;
use bb_core::{Bitboard, Direction, Square, U64};

/// Fixed seeds: changing one changes the generated magics (and nothing else).
const MAGIC64_SEED: u64 = 0x6262_5f74_6162_6c65;
const MAGIC32_SEED: u64 = 0x6d61_6769_6333_3221;

/// Magic candidates are the AND of this many random words, so about one
/// bit in eight is set: candidates with few bits scatter the occupancy bits
/// into the index without smearing them together, so they succeed far more
/// often than dense ones.
const CANDIDATE_AND_COUNT: u32 = 3;

/// Candidates tried per square before a magic32 search allows one more
/// index bit. Deterministic either way; this only bounds the build time.
const MAGIC32_TRIES_PER_WIDTH: u32 = 2_000_000;

/// Everything a slider on one square needs for the search: its relevant
/// occupancy mask, every subset of it, and the attacks for each subset.
struct SquareSlider {
    mask: Bitboard,
    occupancies: Vec<Bitboard>,
    attacks: Vec<Bitboard>,
}

impl SquareSlider {
    fn new(square: Square, directions: &[Direction]) -> SquareSlider {
        let mask = relevant_occupancy(square, directions);
        let occupancies = subsets(mask);
        let attacks =
            occupancies.iter().map(|&occupied| slider_attacks(square, occupied, directions)).collect();
        SquareSlider { mask, occupancies, attacks }
    }

    fn bits(&self) -> u32 {
        self.mask.count()
    }
}

/// The three schemes: per-square entries (64 rook squares, then 64 bishop
/// squares) and the shared attack table of each.
pub struct SliderTables {
    pub magic64: Vec<Magic64>,
    pub magic64_attacks: Vec<Bitboard>,
    pub magic32: Vec<Magic32>,
    pub magic32_attacks: Vec<Bitboard>,
    pub pext: Vec<Pext>,
    pub pext_attacks: Vec<Bitboard>,
}

/// Marks which slots of the scratch table the current candidate has filled,
/// without clearing the table between candidates: a slot is filled when its
/// stamp equals the current attempt number.
struct Scratch {
    attempt: u32,
    stamps: Vec<u32>,
    attacks: Vec<Bitboard>,
}

impl Scratch {
    fn new() -> Scratch {
        Scratch { attempt: 0, stamps: vec![0; 1 << 13], attacks: vec![Bitboard::EMPTY; 1 << 13] }
    }

    /// True when `index_of` sends no two subsets with different attacks to
    /// the same slot. This loop is where the build script spends its time,
    /// and build scripts run unoptimised: plain slices and a `while` loop
    /// keep it about twice as fast there as iterator adapters over `Vec`s.
    fn is_collision_free(&mut self, slider: &SquareSlider, index_of: impl Fn(Bitboard) -> u32) -> bool {
        self.attempt += 1;
        let (occupancies, attacks): (&[Bitboard], &[Bitboard]) = (&slider.occupancies, &slider.attacks);
        let (stamps, slots): (&mut [u32], &mut [Bitboard]) = (&mut self.stamps, &mut self.attacks);
        let mut subset = 0;
        while subset < occupancies.len() {
            let index = index_of(occupancies[subset]) as usize;
            if stamps[index] != self.attempt {
                stamps[index] = self.attempt;
                slots[index] = attacks[subset];
            } else if slots[index] != attacks[subset] {
                return false;
            }
            subset += 1;
        }
        true
    }
}

/// Computes all three schemes for rooks and bishops.
pub fn slider_tables() -> SliderTables {
    let sliders: Vec<SquareSlider> = Square::ALL
        .map(|square| SquareSlider::new(square, &Direction::ORTHOGONAL))
        .into_iter()
        .chain(Square::ALL.map(|square| SquareSlider::new(square, &Direction::DIAGONAL)))
        .collect();
    let mut scratch = Scratch::new();

    let mut magic64_attacks = vec![Bitboard::EMPTY; TABLE_LEN];
    let mut random = SplitMix64::new(MAGIC64_SEED);
    let mut offset = 0;
    let magic64 = sliders
        .iter()
        .map(|slider| {
            let entry = find_magic64(slider, offset, &mut random, &mut scratch);
            fill(&mut magic64_attacks, slider, offset, |occupied| entry.index(occupied));
            offset += 1 << (64 - entry.shift);
            entry
        })
        .collect();

    let mut magic32_attacks = vec![Bitboard::EMPTY; TABLE_LEN];
    let mut random = SplitMix64::new(MAGIC32_SEED);
    let mut offset = 0;
    let magic32 = sliders
        .iter()
        .map(|slider| {
            let entry = find_magic32(slider, offset, &mut random, &mut scratch);
            fill(&mut magic32_attacks, slider, offset, |occupied| entry.index(occupied));
            offset += 1 << (32 - entry.shift);
            entry
        })
        .collect();

    let mut pext_attacks = vec![Bitboard::EMPTY; TABLE_LEN];
    let mut offset = 0;
    let pext = sliders
        .iter()
        .map(|slider| {
            let entry = Pext { mask: slider.mask, offset };
            fill(&mut pext_attacks, slider, offset, |occupied| entry.index(occupied));
            offset += 1 << slider.bits();
            entry
        })
        .collect();

    SliderTables { magic64, magic64_attacks, magic32, magic32_attacks, pext, pext_attacks }
}

/// Writes every subset's attacks into the square's region of `table`.
fn fill(table: &mut [Bitboard], slider: &SquareSlider, offset: u32, index_of: impl Fn(Bitboard) -> u32) {
    for (&occupied, &attacks) in slider.occupancies.iter().zip(&slider.attacks) {
        let slot = offset as usize + index_of(occupied) as usize;
        assert!(slot < TABLE_LEN, "slider regions outgrew the shared table");
        table[slot] = attacks;
    }
}

/// Tries sparse candidates until one indexes the square's subsets into
/// exactly `bits` bits (the smallest possible table).
fn find_magic64(
    slider: &SquareSlider,
    offset: u32,
    random: &mut SplitMix64,
    scratch: &mut Scratch,
) -> Magic64 {
    let mut entry = Magic64 { mask: slider.mask, magic: U64::ZERO, shift: 64 - slider.bits(), offset };
    loop {
        let candidate = random.sparse_u64(CANDIDATE_AND_COUNT);
        // The index is taken from the product's top bits; a candidate that
        // moves few mask bits up there cannot spread the subsets apart.
        if (slider.mask.to_u64().wrapping_mul(candidate) >> 56).count_ones() < 6 {
            continue;
        }
        entry.magic = U64::from_u64(candidate);
        if scratch.is_collision_free(slider, |occupied| entry.index(occupied)) {
            return entry;
        }
    }
}

/// Like [`find_magic64`] for the 32-bit index; if no candidate is found
/// within the budget, allows one more index bit.
fn find_magic32(
    slider: &SquareSlider,
    offset: u32,
    random: &mut SplitMix64,
    scratch: &mut Scratch,
) -> Magic32 {
    for bits in slider.bits()..=13 {
        let mut entry = Magic32 { mask: slider.mask, magic_lo: 0, magic_hi: 0, shift: 32 - bits, offset };
        for _ in 0..MAGIC32_TRIES_PER_WIDTH {
            let candidate = random.sparse_u64(CANDIDATE_AND_COUNT);
            entry.magic_lo = candidate as u32;
            entry.magic_hi = (candidate >> 32) as u32;
            if scratch.is_collision_free(slider, |occupied| entry.index(occupied)) {
                return entry;
            }
        }
    }
    panic!("no 32-bit magic found for mask {:#018x}", slider.mask.to_u64());
}
