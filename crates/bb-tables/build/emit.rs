//! Writes tables as Rust source for the crate to `include!`.
//!
//! Small tables become `static`s of bb-core types built by `const fn`s
//! (`Bitboard::from_u64(0x…)`, `U64::from_u64(0x…)`), so each backend lays
//! out the same constants its own way. The three big slider tables are
//! plain `u64` literal arrays: rustc reads 131,072 integer literals in a
//! fraction of a second, while the same number of `const fn` calls takes
//! several seconds; the lookup wraps each entry with `Bitboard::from_u64`,
//! which costs nothing on either backend.

use crate::entries::write_bitboard;
use bb_core::Bitboard;
use std::fmt::{self, Write};

/// Generated source text, one item after another.
#[derive(Default)]
pub struct Source {
    text: String,
}

impl Source {
    /// A `pub(crate) static` array of `Bitboard`s.
    pub fn bitboards(&mut self, doc: &str, name: &str, values: &[Bitboard]) {
        self.array(doc, name, "Bitboard", values.len(), |text| {
            values.iter().for_each(|&value| push_bitboard(text, "    ", value))
        });
    }

    /// A `pub(crate) static` array of arrays of `Bitboard`s.
    pub fn bitboard_rows(&mut self, doc: &str, name: &str, rows: &[Vec<Bitboard>]) {
        let row_type = format!("[Bitboard; {}]", rows[0].len());
        self.array(doc, name, &row_type, rows.len(), |text| {
            for row in rows {
                text.push_str("    [\n");
                row.iter().for_each(|&value| push_bitboard(text, "        ", value));
                text.push_str("    ],\n");
            }
        });
    }

    /// A `pub(crate) static` array of `U64` words.
    pub fn words(&mut self, doc: &str, name: &str, values: &[u64]) {
        self.array(doc, name, "U64", values.len(), |text| {
            values.iter().for_each(|&value| writeln!(text, "    U64::from_u64({value:#018x}),").unwrap())
        });
    }

    /// A `pub(crate) static` array of arrays of `U64` words.
    pub fn word_rows(&mut self, doc: &str, name: &str, rows: &[Vec<u64>]) {
        let row_type = format!("[U64; {}]", rows[0].len());
        self.array(doc, name, &row_type, rows.len(), |text| {
            for row in rows {
                text.push_str("    [\n");
                for &value in row {
                    writeln!(text, "        U64::from_u64({value:#018x}),").unwrap();
                }
                text.push_str("    ],\n");
            }
        });
    }

    /// A `pub(crate) static` array of arrays of bytes, sixteen to a line.
    pub fn byte_rows(&mut self, doc: &str, name: &str, rows: &[Vec<u8>]) {
        let row_type = format!("[u8; {}]", rows[0].len());
        self.array(doc, name, &row_type, rows.len(), |text| {
            for row in rows {
                text.push_str("    [\n");
                for chunk in row.chunks(16) {
                    text.push_str("       ");
                    chunk.iter().for_each(|value| write!(text, " {value:#04x},").unwrap());
                    text.push('\n');
                }
                text.push_str("    ],\n");
            }
        });
    }

    /// A single `U64` word, as a `const` so that it can be an immediate.
    pub fn word(&mut self, doc: &str, name: &str, value: u64) {
        writeln!(self.text, "/// {doc}\npub(crate) const {name}: U64 = U64::from_u64({value:#018x});\n")
            .unwrap();
    }

    /// A public `u64` constant.
    pub fn public_u64(&mut self, doc: &str, name: &str, value: u64) {
        writeln!(self.text, "/// {doc}\npub const {name}: u64 = {value:#018x};\n").unwrap();
    }

    /// A `pub(crate) static` array of plain `u64` literals, eight to a line:
    /// the bits of `values`.
    pub fn raw_words(&mut self, doc: &str, name: &str, values: &[Bitboard]) {
        self.array(doc, name, "u64", values.len(), |text| {
            for chunk in values.chunks(8) {
                text.push_str("   ");
                chunk.iter().for_each(|value| write!(text, " {:#x},", value.to_u64()).unwrap());
                text.push('\n');
            }
        });
    }

    /// A `pub(crate) static` array of struct literals, one per line, each
    /// written by `entry` (the struct's own `write_literal`).
    pub fn structs<T>(
        &mut self,
        doc: &str,
        name: &str,
        type_name: &str,
        values: &[T],
        entry: impl Fn(&T, &mut dyn Write) -> fmt::Result,
    ) {
        self.array(doc, name, type_name, values.len(), |text| {
            for value in values {
                text.push_str("    ");
                entry(value, text).unwrap();
                text.push_str(",\n");
            }
        });
    }

    fn array(&mut self, doc: &str, name: &str, element: &str, len: usize, body: impl FnOnce(&mut String)) {
        writeln!(self.text, "/// {doc}\npub(crate) static {name}: [{element}; {len}] = [").unwrap();
        body(&mut self.text);
        self.text.push_str("];\n\n");
    }

    /// The finished text, with a header saying where it came from.
    pub fn into_text(self) -> String {
        format!("// Generated by bb-tables' build script (build/main.rs). Do not edit.\n\n{}", self.text)
    }
}

/// One element line of a bitboard array: `indent`, the literal, a comma.
fn push_bitboard(text: &mut String, indent: &str, value: Bitboard) {
    text.push_str(indent);
    write_bitboard(text, value).unwrap();
    text.push_str(",\n");
}
