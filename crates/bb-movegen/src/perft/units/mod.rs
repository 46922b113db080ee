//! Deep perft as work units, for job engines that spread work over many
//! processes or machines (GNU parallel, a Slurm job array).
//!
//! The tree of a perft at `depth` is cut at ply `K`: [`UnitsFile::split`]
//! lists the distinct positions `K` plies below the root (transpositions
//! merged, each with its multiplicity, the number of move sequences that
//! reach it). Each is a unit, counted on its own to the remaining depth
//! `depth - K`, anywhere, in any order. A [`UnitResult`] line records one
//! unit's count, and [`merge`] checks that every unit has exactly one result
//! before it adds up multiplicity × count.
//!
//! The units file is plain text (written by [`UnitsFile::write_to`], read by
//! [`UnitsFile::read_from`]):
//!
//! ```text
//! bb perft units 1
//! root rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
//! depth 8
//! ply 4
//! header 307243e07ed91e87
//! units 72078
//! 1 2 4 307243e07ed91e87 rnbqkbnr/1ppppppp/8/p7/8/PP6/2PPPPPP/RNBQKBNR w KQkq - 0 3
//! ...
//! end 6c17a4e8abe35bd6
//! ```
//!
//! `header` is a checksum of the three lines above it (root, depth, ply):
//! it names the work. Each unit line is `id multiplicity depth header FEN`,
//! with ids 1, 2, 3, … in order. `end` is a checksum of all unit lines, so a
//! file cut short or edited is refused. A result line is
//! `id count header check` (see [`UnitResult`]).
//!
//! ```
//! use bb_movegen::perft::units::{merge, UnitResult, UnitsFile};
//! use bb_movegen::perft::perft;
//! use bb_movegen::Position;
//!
//! let units = UnitsFile::split(&Position::startpos(), 4, 2)?;
//! assert_eq!(units.units().len(), 400); // no transpositions after two plies
//! let results: Vec<UnitResult> = units
//!     .units()
//!     .iter()
//!     .map(|unit| {
//!         let count = perft(&unit.position().unwrap(), unit.depth);
//!         UnitResult::new(&units, unit.id, u128::from(count))
//!     })
//!     .collect();
//! let merged = merge(&units, results.iter().map(|result| result.to_line()));
//! assert_eq!(merged.total(), Some(197_281));
//! # Ok::<(), bb_movegen::perft::units::UnitsError>(())
//! ```

mod checksum;
mod file;
mod merge;
mod result;
mod split;

#[cfg(test)]
mod tests;

pub use file::UnitsError;
pub use merge::{merge, Merge, ResultProblem};
pub use result::UnitResult;

use crate::{FenError, Position};

/// The first line of every units file, with the format's version.
pub const MAGIC: &str = "bb perft units 1";

/// The deepest cut [`UnitsFile::split`] makes. Ply 6 of the initial
/// position gives 9.4 million units (a file of about 1 GB, which every
/// `bb perft unit` job reads whole); ply 7 would give about 96 million,
/// beyond the memory of the machines this runs on.
pub const MAX_PLY: u32 = 6;

/// What a units file is about: the root, the perft depth and the ply of the
/// cut. Its [`checksum`](Header::checksum) names the work in every unit and
/// result line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The root position, as FEN.
    pub root: String,
    /// The depth of the whole perft.
    pub depth: u32,
    /// The ply below the root where the tree is cut.
    pub ply: u32,
}

impl Header {
    /// The three header lines that the checksum covers, each ending in `\n`.
    fn lines(&self) -> String {
        format!("root {}\ndepth {}\nply {}\n", self.root, self.depth, self.ply)
    }

    /// A 64-bit checksum of the root, depth and ply (FNV-1a of their lines).
    ///
    /// ```
    /// use bb_movegen::perft::units::Header;
    ///
    /// let start = bb_movegen::STARTPOS_FEN.to_string();
    /// let eight = Header { root: start.clone(), depth: 8, ply: 4 };
    /// let nine = Header { root: start, depth: 9, ply: 4 };
    /// assert_ne!(eight.checksum(), nine.checksum());
    /// ```
    pub fn checksum(&self) -> u64 {
        checksum::fnv1a(self.lines().as_bytes())
    }
}

/// One unit: a position `ply` plies below the root, reached by
/// `multiplicity` move sequences, to be counted to `depth`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// 1, 2, 3, … in the order of the file.
    pub id: u64,
    /// How many move sequences from the root reach this position.
    pub multiplicity: u64,
    /// The remaining depth to count it to.
    pub depth: u32,
    /// The position as FEN. Kept as text so that a file of millions of
    /// units reads quickly; [`position`](Unit::position) parses it.
    pub fen: String,
}

impl Unit {
    /// The unit's position.
    pub fn position(&self) -> Result<Position, FenError> {
        Position::from_fen(&self.fen)
    }
}

/// A units file: its header and its units.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitsFile {
    header: Header,
    units: Vec<Unit>,
}

impl UnitsFile {
    /// What the file is about.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The units, ids 1, 2, 3, … in order.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// The unit with this id, if the file has it.
    pub fn unit(&self, id: u64) -> Option<&Unit> {
        let index = usize::try_from(id.checked_sub(1)?).ok()?;
        self.units.get(index)
    }

    /// The number of move sequences of length `ply` from the root, summed
    /// over the units' multiplicities: perft(`ply`) of the root.
    pub fn paths(&self) -> u128 {
        self.units.iter().map(|unit| u128::from(unit.multiplicity)).sum()
    }
}
