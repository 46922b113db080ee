//! Computes every table of bb-tables and writes them to `$OUT_DIR` as Rust
//! source, which the crate `include!`s. It works in the library's own
//! vocabulary: bb-core's `Square`, `Bitboard`, `Direction` and `SplitMix64`
//! (a build-dependency) and the slider entries of `src/sliders/entries.rs`
//! (included by path). Nothing here depends on the target or on the `U64`
//! backend: the same constants are generated for all, and each backend's
//! `const fn`s lay them out.

mod compact;
mod emit;
// The slider entries of the library, with their index formulas and their
// literal form: one definition for the library and this script.
#[path = "../src/sliders/entries.rs"]
mod entries;
mod geometry;
mod sliders;
mod zobrist;

use bb_core::{Bitboard, Direction, File, Rank, Square};
use emit::Source;
use geometry::*;
use std::path::Path;

fn main() {
    println!("cargo::rerun-if-changed=build");
    println!("cargo::rerun-if-changed=src/sliders/entries.rs");
    let out_dir = std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR for build scripts");
    let out_dir = Path::new(&out_dir);

    write(out_dir, "masks.rs", masks());
    write(out_dir, "rays.rs", rays());
    write(out_dir, "leapers.rs", leapers());
    write(out_dir, "zobrist.rs", zobrist());
    let [magic64, magic32, pext] = sliders();
    write(out_dir, "magic64.rs", magic64);
    write(out_dir, "magic32.rs", magic32);
    write(out_dir, "pext.rs", pext);
    write(out_dir, "compact.rs", compact());
}

fn write(out_dir: &Path, name: &str, source: Source) {
    let path = out_dir.join(name);
    std::fs::write(&path, source.into_text()).unwrap_or_else(|error| panic!("writing {path:?}: {error}"));
}

/// Applies `table` to each square a1..h8.
fn per_square(table: impl Fn(Square) -> Bitboard) -> Vec<Bitboard> {
    Square::ALL.into_iter().map(table).collect()
}

fn masks() -> Source {
    let files = File::ALL.map(file_mask);
    let ranks = Rank::ALL.map(rank_mask);
    let complement = |sets: &[Bitboard]| sets.iter().map(|&set| !set).collect::<Vec<Bitboard>>();
    let squares = per_square(Square::bitboard);

    let mut source = Source::default();
    source.bitboards("Each square alone, by square index.", "SQUARE_MASKS", &squares);
    source.bitboards("Every square but one, by square index.", "NOT_SQUARE_MASKS", &complement(&squares));
    source.bitboards("The squares of each file, a..h.", "FILE_MASKS", &files);
    source.bitboards("The squares off each file, a..h.", "NOT_FILE_MASKS", &complement(&files));
    source.bitboards("The squares of each rank, 1..8.", "RANK_MASKS", &ranks);
    source.bitboards("The squares off each rank, 1..8.", "NOT_RANK_MASKS", &complement(&ranks));
    source.bitboards("The a1-h8-direction diagonal through each square.", "DIAGONALS", &per_square(diagonal));
    source.bitboards(
        "The a8-h1-direction diagonal through each square.",
        "ANTI_DIAGONALS",
        &per_square(anti_diagonal),
    );
    source
}

fn rays() -> Source {
    let rays: Vec<Vec<Bitboard>> =
        Direction::ALL.iter().map(|&direction| per_square(|square| ray(square, direction))).collect();
    let between: Vec<Vec<Bitboard>> = Square::ALL.iter().map(|&a| per_square(|b| between(a, b))).collect();
    let line: Vec<Vec<Bitboard>> = Square::ALL.iter().map(|&a| per_square(|b| line(a, b))).collect();

    let mut source = Source::default();
    source.bitboard_rows("Rays by `Direction`, then square; without the square.", "RAYS", &rays);
    source.bitboard_rows("Squares strictly between two squares, when aligned.", "BETWEEN", &between);
    source.bitboard_rows("Edge-to-edge line through two distinct aligned squares.", "LINE", &line);
    source.bitboards(
        "Rook attacks on an empty board.",
        "ROOK_PSEUDO_ATTACKS",
        &per_square(|square| slider_attacks(square, Bitboard::EMPTY, &Direction::ORTHOGONAL)),
    );
    source.bitboards(
        "Bishop attacks on an empty board.",
        "BISHOP_PSEUDO_ATTACKS",
        &per_square(|square| slider_attacks(square, Bitboard::EMPTY, &Direction::DIAGONAL)),
    );
    source
}

fn leapers() -> Source {
    let pawns = vec![
        per_square(|square| leaper_attacks(square, &WHITE_PAWN_CAPTURES)),
        per_square(|square| leaper_attacks(square, &BLACK_PAWN_CAPTURES)),
    ];
    let mut source = Source::default();
    source.bitboards(
        "Knight attacks by square.",
        "KNIGHT_ATTACKS",
        &per_square(|square| leaper_attacks(square, &KNIGHT_JUMPS)),
    );
    source.bitboards("King attacks by square.", "KING_ATTACKS", &per_square(king_attacks));
    source.bitboard_rows("Pawn captures by colour (white, black), then square.", "PAWN_ATTACKS", &pawns);
    source
}

fn zobrist() -> Source {
    let keys = zobrist::zobrist_keys();
    let mut source = Source::default();
    source.public_u64(
        "The SplitMix64 seed the keys are drawn from, in the order the module documentation gives.",
        "SEED",
        zobrist::ZOBRIST_SEED,
    );
    source.word_rows("Keys by piece index, then square.", "PIECE_KEYS", &keys.pieces);
    source.words("Keys by 4-bit castling-rights mask.", "CASTLING_KEYS", &keys.castling);
    source.words("Keys by en-passant file, a..h.", "EN_PASSANT_KEYS", &keys.en_passant);
    source.word("Key for Black to move.", "SIDE_TO_MOVE_KEY", keys.side_to_move);
    source
}

/// The one table of the compact slider scheme.
fn compact() -> Source {
    let mut source = Source::default();
    source.byte_rows(
        "Attacks along a line of eight, by position on the line, then by the occupancy of its six inner squares.",
        "LINE_ATTACKS",
        &compact::line_attacks(),
    );
    source
}

/// The slider sources of the three big-table schemes: magic64, magic32, pext.
fn sliders() -> [Source; 3] {
    let tables = sliders::slider_tables();

    let mut magic64 = Source::default();
    let entry = entries::Magic64::write_literal;
    magic64.structs(
        "Rook magic64 entries by square.",
        "ROOK_MAGIC64",
        "Magic64",
        &tables.magic64[..64],
        entry,
    );
    magic64.structs(
        "Bishop magic64 entries by square.",
        "BISHOP_MAGIC64",
        "Magic64",
        &tables.magic64[64..],
        entry,
    );
    magic64.raw_words("The shared magic64 attack table.", "MAGIC64_ATTACKS", &tables.magic64_attacks);

    let mut magic32 = Source::default();
    let entry = entries::Magic32::write_literal;
    magic32.structs(
        "Rook magic32 entries by square.",
        "ROOK_MAGIC32",
        "Magic32",
        &tables.magic32[..64],
        entry,
    );
    magic32.structs(
        "Bishop magic32 entries by square.",
        "BISHOP_MAGIC32",
        "Magic32",
        &tables.magic32[64..],
        entry,
    );
    magic32.raw_words("The shared magic32 attack table.", "MAGIC32_ATTACKS", &tables.magic32_attacks);

    let mut pext = Source::default();
    let entry = entries::Pext::write_literal;
    pext.structs("Rook pext entries by square.", "ROOK_PEXT", "Pext", &tables.pext[..64], entry);
    pext.structs("Bishop pext entries by square.", "BISHOP_PEXT", "Pext", &tables.pext[64..], entry);
    pext.raw_words("The shared pext attack table.", "PEXT_ATTACKS", &tables.pext_attacks);

    [magic64, magic32, pext]
}
