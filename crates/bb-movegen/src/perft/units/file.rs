//! Writing and reading the units file (its format is in the module's doc).
//! Reading checks everything it can without counting: the header's
//! checksum, ids in order, every line's header field, the number of units
//! and the `end` checksum, so a damaged file is refused before any work.

use super::checksum::Fnv1a;
use super::{Header, Unit, UnitsFile, MAGIC, MAX_PLY};
use crate::perft::MAX_DEPTH;
use std::fmt;
use std::io::{self, BufRead, Write};

/// Why a units file cannot be made or read: the line (1-based, 0 when no
/// line is to blame) and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct UnitsError {
    /// The line of the file, or 0.
    pub line: u64,
    /// What is wrong.
    pub message: String,
}

impl UnitsError {
    pub(super) fn new(line: u64, message: impl Into<String>) -> UnitsError {
        UnitsError { line, message: message.into() }
    }
}

impl fmt::Display for UnitsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            0 => write!(f, "{}", self.message),
            line => write!(f, "line {line}: {}", self.message),
        }
    }
}

impl std::error::Error for UnitsError {}

/// One unit's line, without its newline.
fn unit_line(unit: &Unit, header: u64) -> String {
    format!("{} {} {} {header:016x} {}", unit.id, unit.multiplicity, unit.depth, unit.fen)
}

impl UnitsFile {
    /// Writes the file in its text format.
    pub fn write_to(&self, out: &mut impl Write) -> io::Result<()> {
        let header = self.header.checksum();
        write!(out, "{MAGIC}\n{}header {header:016x}\nunits {}\n", self.header.lines(), self.units.len())?;
        let mut body = Fnv1a::new();
        for unit in &self.units {
            let line = unit_line(unit, header) + "\n";
            body = body.update(line.as_bytes());
            out.write_all(line.as_bytes())?;
        }
        writeln!(out, "end {:016x}", body.finish())
    }

    /// Reads a file written by [`write_to`](Self::write_to), checking it
    /// whole. The FENs are checked when a unit is counted
    /// ([`Unit::position`]), not here.
    pub fn read_from(input: impl BufRead) -> Result<UnitsFile, UnitsError> {
        let mut lines = Lines { input, number: 0 };
        let magic = lines.next_line()?;
        if magic != MAGIC {
            return Err(UnitsError::new(1, format!("not a units file: expected '{MAGIC}'")));
        }
        let root = lines.field("root")?;
        let depth: u32 = parse(&lines.field("depth")?, "depth", lines.number)?;
        let ply: u32 = parse(&lines.field("ply")?, "ply", lines.number)?;
        if depth > MAX_DEPTH || ply > depth.min(MAX_PLY) {
            return Err(UnitsError::new(
                lines.number,
                format!("depth {depth} and ply {ply} are out of range"),
            ));
        }
        let header = Header { root, depth, ply };
        let checksum = header.checksum();
        if lines.field("header")? != format!("{checksum:016x}") {
            return Err(UnitsError::new(
                lines.number,
                "the header checksum does not match root, depth and ply",
            ));
        }
        let count: u64 = parse(&lines.field("units")?, "units", lines.number)?;
        let mut units = Vec::new();
        let mut body = Fnv1a::new();
        for id in 1..=count {
            let line = lines.next_line()?;
            body = body.update(line.as_bytes()).update(b"\n");
            let unit = parse_unit(&line, lines.number, checksum)?;
            if unit.id != id {
                return Err(UnitsError::new(
                    lines.number,
                    format!("expected unit {id}, found unit {}", unit.id),
                ));
            }
            if unit.depth != depth - ply {
                return Err(UnitsError::new(lines.number, format!("unit {id} has depth {}", unit.depth)));
            }
            units.push(unit);
        }
        if lines.field("end")? != format!("{:016x}", body.finish()) {
            return Err(UnitsError::new(lines.number, "the units do not match the end checksum"));
        }
        if !lines.next_line_or_end()?.is_empty() {
            return Err(UnitsError::new(lines.number, "text after the end line"));
        }
        Ok(UnitsFile { header, units })
    }
}

/// `id multiplicity depth header FEN`.
fn parse_unit(line: &str, number: u64, header: u64) -> Result<Unit, UnitsError> {
    let mut fields = line.splitn(5, ' ');
    let mut next = |what| fields.next().filter(|field| !field.is_empty()).ok_or(what);
    let parsed = (|| {
        let id = next("an id")?;
        let multiplicity = next("a multiplicity")?;
        let depth = next("a depth")?;
        let line_header = next("a header checksum")?;
        let fen = next("a FEN")?;
        Ok::<_, &str>((id, multiplicity, depth, line_header, fen))
    })();
    let (id, multiplicity, depth, line_header, fen) =
        parsed.map_err(|what| UnitsError::new(number, format!("a unit line needs {what}")))?;
    if line_header != format!("{header:016x}") {
        return Err(UnitsError::new(number, "the unit's header checksum is not the file's"));
    }
    Ok(Unit {
        id: parse(id, "id", number)?,
        multiplicity: parse(multiplicity, "multiplicity", number)?,
        depth: parse(depth, "depth", number)?,
        fen: fen.to_string(),
    })
}

/// A whole number, digits only.
fn parse<T: std::str::FromStr>(text: &str, what: &str, line: u64) -> Result<T, UnitsError> {
    let digits = !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit());
    digits
        .then(|| text.parse().ok())
        .flatten()
        .ok_or_else(|| UnitsError::new(line, format!("bad {what} '{text}'")))
}

/// The lines of the file, numbered, without their line ends.
struct Lines<R> {
    input: R,
    number: u64,
}

impl<R: BufRead> Lines<R> {
    /// The next line, or "" at the end of the input.
    fn next_line_or_end(&mut self) -> Result<String, UnitsError> {
        let mut line = String::new();
        self.number += 1;
        self.input
            .read_line(&mut line)
            .map_err(|error| UnitsError::new(self.number, format!("cannot read: {error}")))?;
        let trimmed = line.trim_end_matches(['\n', '\r']).len();
        line.truncate(trimmed);
        Ok(line)
    }

    fn next_line(&mut self) -> Result<String, UnitsError> {
        let line = self.next_line_or_end()?;
        if line.is_empty() {
            return Err(UnitsError::new(self.number, "the file ends too early"));
        }
        Ok(line)
    }

    /// The value of a `name value` line.
    fn field(&mut self, name: &str) -> Result<String, UnitsError> {
        let line = self.next_line()?;
        match line.strip_prefix(name).and_then(|rest| rest.strip_prefix(' ')) {
            Some(value) => Ok(value.to_string()),
            None => Err(UnitsError::new(self.number, format!("expected '{name} ...'"))),
        }
    }
}
