//! One unit's result as a line of text: `id count header check`.
//!
//! `header` is the units file's header checksum, so results can never be
//! merged into another run's units; `check` is a checksum of the three
//! fields before it, so a line cut short when a worker was killed (or
//! mangled on its way back) is recognised as damaged instead of being read
//! as a smaller count.

use super::checksum::Fnv1a;
use super::UnitsFile;
use std::fmt;

/// The count of one unit of one units file.
///
/// ```
/// use bb_movegen::perft::units::{UnitResult, UnitsFile};
/// use bb_movegen::Position;
///
/// let units = UnitsFile::split(&Position::startpos(), 3, 1)?;
/// let result = UnitResult::new(&units, 1, 380);
/// let line = result.to_line();
/// assert!(line.starts_with("1 380 "));
/// assert_eq!(UnitResult::parse(&line), Some(result));
/// assert_eq!(UnitResult::parse(&line[..line.len() - 1]), None); // cut short
/// # Ok::<(), bb_movegen::perft::units::UnitsError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnitResult {
    /// The unit's id.
    pub id: u64,
    /// The perft count of the unit's position at its depth (not yet
    /// multiplied by its multiplicity).
    pub count: u128,
    /// The header checksum of the units file it belongs to.
    pub header: u64,
}

impl UnitResult {
    /// The result `count` for unit `id` of `units`.
    pub fn new(units: &UnitsFile, id: u64, count: u128) -> UnitResult {
        UnitResult { id, count, header: units.header().checksum() }
    }

    /// The line's check: a checksum of its first three fields.
    fn check(&self) -> u32 {
        let fields = format!("{} {} {:016x}", self.id, self.count, self.header);
        let hash = Fnv1a::new().update(fields.as_bytes()).finish();
        (hash ^ (hash >> 32)) as u32
    }

    /// The result as a line, without a line end.
    pub fn to_line(&self) -> String {
        self.to_string()
    }

    /// Reads a line written by [`to_line`](Self::to_line) (a line end and
    /// surrounding blanks are ignored); `None` if it is damaged in any way.
    pub fn parse(line: &str) -> Option<UnitResult> {
        let fields: Vec<&str> = line.split_ascii_whitespace().collect();
        let [id, count, header, check] = fields[..] else { return None };
        let digits = |text: &str| !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit());
        let hex =
            |text: &str, width| text.len() == width && text.bytes().all(|byte| byte.is_ascii_hexdigit());
        if !(digits(id) && digits(count) && hex(header, 16) && hex(check, 8)) {
            return None;
        }
        let result = UnitResult {
            id: id.parse().ok()?,
            count: count.parse().ok()?,
            header: u64::from_str_radix(header, 16).ok()?,
        };
        (u32::from_str_radix(check, 16).ok()? == result.check()).then_some(result)
    }
}

impl fmt::Display for UnitResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {:016x} {:08x}", self.id, self.count, self.header, self.check())
    }
}
