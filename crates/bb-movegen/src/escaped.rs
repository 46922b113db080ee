//! Text from the input shown in an error message: control characters are
//! escaped (`\n`, `\u{1b}`), so a message stays on one line and cannot
//! send terminal escapes, whatever the input held.

use core::fmt;

/// `text`, displayed with its control characters escaped.
pub(crate) struct Escaped<'a>(pub(crate) &'a str);

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.0.chars() {
            if c.is_control() {
                write!(f, "{}", c.escape_default())?;
            } else {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}
