//! Putting results back together: every unit must have exactly one result,
//! and every result must belong to this units file, before the total
//! (the sum of multiplicity × count) is given.

use super::{UnitResult, UnitsFile};
use std::fmt;

/// Something wrong with the results, named by unit id or by line.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ResultProblem {
    /// A line that is not a whole result line (typically the last line of a
    /// worker killed while writing it). It is ignored: its unit counts as
    /// missing unless another line has its result. Only a warning.
    Damaged {
        /// Where the line is (a file name, say).
        source: String,
        /// Its line number, from 1.
        line: u64,
    },
    /// A result made from another units file (another root, depth or ply).
    Foreign {
        /// Where the line is.
        source: String,
        /// Its line number.
        line: u64,
        /// The header checksum the line carries.
        header: u64,
    },
    /// A result for an id the units file does not have.
    UnknownId {
        /// Where the line is.
        source: String,
        /// Its line number.
        line: u64,
        /// The id.
        id: u64,
    },
    /// A second result for a unit, with the same count.
    Duplicate {
        /// The unit.
        id: u64,
    },
    /// A count so large that multiplicity × count, or the total, does not
    /// fit in a `u128`: no perft is that large, so the line was made up.
    Overflow {
        /// The unit.
        id: u64,
        /// The count.
        count: u128,
    },
    /// Two different counts for one unit.
    Conflict {
        /// The unit.
        id: u64,
        /// The count seen first.
        first: u128,
        /// The other count.
        second: u128,
    },
}

impl ResultProblem {
    /// Whether the problem stops the merge (everything but a damaged line).
    pub fn is_fatal(&self) -> bool {
        !matches!(self, ResultProblem::Damaged { .. })
    }
}

impl fmt::Display for ResultProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResultProblem::Damaged { source, line } => {
                write!(f, "{source}, line {line}: not a whole result line, ignored")
            }
            ResultProblem::Foreign { source, line, header } => write!(
                f,
                "{source}, line {line}: a result of another units file (header {header:016x}): \
                 other root, depth or ply"
            ),
            ResultProblem::UnknownId { source, line, id } => {
                write!(f, "{source}, line {line}: the units file has no unit {id}")
            }
            ResultProblem::Duplicate { id } => write!(f, "unit {id}: more than one result"),
            ResultProblem::Overflow { id, count } => {
                write!(f, "unit {id}: the count {count} is beyond any perft (the total would overflow)")
            }
            ResultProblem::Conflict { id, first, second } => {
                write!(f, "unit {id}: two different counts, {first} and {second}")
            }
        }
    }
}

/// The results gathered so far for one units file.
///
/// ```
/// use bb_movegen::perft::units::{Merge, ResultProblem, UnitResult, UnitsFile};
/// use bb_movegen::Position;
///
/// let units = UnitsFile::split(&Position::startpos(), 2, 1)?;
/// let mut merge = Merge::new(&units);
/// for id in 1..=19 {
///     merge.add_line("results.txt", &UnitResult::new(&units, id, 20).to_line());
/// }
/// assert_eq!(merge.missing(), [20]);
/// assert_eq!(merge.total(), None);
/// merge.add_line("rerun.txt", &UnitResult::new(&units, 20, 20).to_line());
/// assert_eq!(merge.total(), Some(400));
/// merge.add_line("rerun.txt", &UnitResult::new(&units, 20, 21).to_line());
/// assert_eq!(merge.problems(), [ResultProblem::Conflict { id: 20, first: 20, second: 21 }]);
/// assert_eq!(merge.total(), None);
/// # Ok::<(), bb_movegen::perft::units::UnitsError>(())
/// ```
pub struct Merge<'a> {
    units: &'a UnitsFile,
    header: u64,
    counts: Vec<Option<u128>>,
    problems: Vec<ResultProblem>,
    /// The largest multiplicity × count one unit may have: the total of
    /// all units must fit in a `u128`.
    limit: u128,
    /// Lines read per source, for line numbers.
    lines: u64,
    source: String,
}

impl<'a> Merge<'a> {
    /// No results yet.
    pub fn new(units: &'a UnitsFile) -> Merge<'a> {
        let counts = vec![None; units.units().len()];
        // With every unit below this, their sum cannot overflow either.
        let limit = u128::MAX / (counts.len() as u128).max(1);
        let header = units.header().checksum();
        Merge { units, header, counts, problems: Vec::new(), limit, lines: 0, source: String::new() }
    }

    /// Reads one line of `source` (lines are numbered per source in the
    /// order given). Blank lines and lines starting with `#` are skipped.
    pub fn add_line(&mut self, source: &str, text: &str) {
        if source != self.source {
            self.source = source.to_string();
            self.lines = 0;
        }
        self.lines += 1;
        let line = self.lines;
        let text = text.trim();
        if text.is_empty() || text.starts_with('#') {
            return;
        }
        let source = source.to_string();
        let Some(result) = UnitResult::parse(text) else {
            self.problems.push(ResultProblem::Damaged { source, line });
            return;
        };
        if result.header != self.header {
            self.problems.push(ResultProblem::Foreign { source, line, header: result.header });
            return;
        }
        let slot = usize::try_from(result.id).ok().and_then(|id| id.checked_sub(1));
        let Some(slot) = slot.and_then(|index| self.counts.get_mut(index)) else {
            self.problems.push(ResultProblem::UnknownId { source, line, id: result.id });
            return;
        };
        let multiplicity = self.units.unit(result.id).map_or(1, |unit| u128::from(unit.multiplicity));
        if result.count.checked_mul(multiplicity).is_none_or(|product| product > self.limit) {
            self.problems.push(ResultProblem::Overflow { id: result.id, count: result.count });
            return;
        }
        match *slot {
            None => *slot = Some(result.count),
            Some(first) if first == result.count => {
                self.problems.push(ResultProblem::Duplicate { id: result.id })
            }
            Some(first) => {
                self.problems.push(ResultProblem::Conflict { id: result.id, first, second: result.count })
            }
        }
    }

    /// The ids that have no result yet, in order.
    pub fn missing(&self) -> Vec<u64> {
        self.counts.iter().zip(1..).filter(|(count, _)| count.is_none()).map(|(_, id)| id).collect()
    }

    /// The ids that have a result.
    pub fn done(&self) -> usize {
        self.counts.iter().filter(|count| count.is_some()).count()
    }

    /// Everything found wrong so far, in the order found.
    pub fn problems(&self) -> &[ResultProblem] {
        &self.problems
    }

    /// The perft count: Σ multiplicity × count, when every unit has exactly
    /// one result and no fatal problem was found; `None` otherwise.
    pub fn total(&self) -> Option<u128> {
        if self.problems.iter().any(ResultProblem::is_fatal) {
            return None;
        }
        let multiplicities = self.units.units().iter().map(|unit| u128::from(unit.multiplicity));
        self.counts
            .iter()
            .zip(multiplicities)
            .map(|(count, multiplicity)| Some(count.as_ref()? * multiplicity))
            .sum()
    }
}

/// Merges the lines of one source (see [`Merge`]).
pub fn merge<'a, S: AsRef<str>>(units: &'a UnitsFile, lines: impl IntoIterator<Item = S>) -> Merge<'a> {
    let mut merge = Merge::new(units);
    for line in lines {
        merge.add_line("results", line.as_ref());
    }
    merge
}
