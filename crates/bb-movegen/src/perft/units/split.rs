//! Cutting a perft into units: the distinct positions at a ply, level by
//! level, transpositions merged at every level so that each level is
//! generated from distinct positions only.

use super::{Header, Unit, UnitsError, UnitsFile, MAX_PLY};
use crate::perft::identity::Identity;
use crate::Position;
use std::collections::HashMap;

/// The distinct positions of one level, in order of first appearance, each
/// with the number of move sequences that reach it.
struct Level {
    positions: Vec<(Position, u64)>,
    index_of: HashMap<Identity, usize>,
}

impl Level {
    fn new() -> Level {
        Level { positions: Vec::new(), index_of: HashMap::new() }
    }

    fn add(&mut self, position: Position, paths: u64) -> Result<(), UnitsError> {
        let identity = Identity::of(&position)
            .ok_or_else(|| UnitsError::new(0, format!("{position}: too many pieces to split")))?;
        match self.index_of.get(&identity) {
            Some(&index) => self.positions[index].1 += paths,
            None => {
                self.index_of.insert(identity, self.positions.len());
                self.positions.push((position, paths));
            }
        }
        Ok(())
    }
}

impl UnitsFile {
    /// Cuts perft(`depth`) of `root` at `ply` (0 ≤ `ply` ≤ `depth`, at most
    /// [`MAX_PLY`]): one unit per distinct position `ply` plies below the
    /// root, in the order the move generator first reaches them. Positions
    /// count as the same when perft cannot tell them apart (the move
    /// counters and an en-passant square no pawn can use do not matter).
    ///
    /// ```
    /// use bb_movegen::perft::units::UnitsFile;
    /// use bb_movegen::Position;
    ///
    /// // 1.e3 e6 2.d3 and 1.d3 e6 2.e3 meet: 8,902 paths, 5,362 positions.
    /// let units = UnitsFile::split(&Position::startpos(), 5, 3)?;
    /// assert_eq!((units.paths(), units.units().len()), (8_902, 5_362));
    /// assert!(units.units().iter().all(|unit| unit.depth == 2));
    /// # Ok::<(), bb_movegen::perft::units::UnitsError>(())
    /// ```
    pub fn split(root: &Position, depth: u32, ply: u32) -> Result<UnitsFile, UnitsError> {
        if ply > depth || ply > MAX_PLY {
            return Err(UnitsError::new(
                0,
                format!("the ply of the cut must be from 0 to the depth and at most {MAX_PLY}, not {ply}"),
            ));
        }
        let mut level = Level::new();
        level.add(*root, 1)?;
        for _ in 0..ply {
            let mut next = Level::new();
            for (position, paths) in &level.positions {
                for mv in position.legal_moves().iter() {
                    next.add(position.play(*mv), *paths)?;
                }
            }
            level = next;
        }
        let header = Header { root: root.to_string(), depth, ply };
        let units = level
            .positions
            .into_iter()
            .zip(1..)
            .map(|((position, multiplicity), id)| Unit {
                id,
                multiplicity,
                depth: depth - ply,
                fen: position.to_string(),
            })
            .collect();
        Ok(UnitsFile { header, units })
    }
}
