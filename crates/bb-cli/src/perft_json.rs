//! `bb perft --json`: the machine-readable output of `bb perft`, one JSON
//! object a line, for programs such as `cargo xtask compare`.
//!
//! One position: `{"fen":"<FEN counted>","depth":5,"nodes":4865609,"seconds":0.0213}`,
//! with `"divide":[{"move":"a2a3","nodes":181046},...]` after `--divide`,
//! and `"key_sum":"0x…"` (the whole and per move) after `--hash-leaves`.
//! A suite: one object per count checked, with the suite's `"line"` and
//! `"expected"` count too; the exit code says whether all agreed.

use serde::Serialize;
use std::io::Write;

/// One perft count.
#[derive(Debug, Serialize)]
pub struct PerftJson<'a> {
    /// The 1-based line of the suite file (suites only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// The position counted, as FEN (after `--moves`).
    pub fen: &'a str,
    /// The perft depth.
    pub depth: u32,
    /// The leaf count.
    pub nodes: u128,
    /// The count the suite expects (suites only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<u128>,
    /// Seconds the count took, start-up and parsing left out.
    pub seconds: f64,
    /// With `--hash-leaves`: the sum of the leaves' Zobrist keys, in hex.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub key_sum: Option<String>,
    /// The count of each root move (`--divide` only), in generation order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub divide: Option<Vec<MoveJson>>,
}

/// The count of one root move.
#[derive(Debug, Serialize)]
pub struct MoveJson {
    /// The move in UCI notation.
    #[serde(rename = "move")]
    pub uci: String,
    /// The leaves below it.
    pub nodes: u128,
    /// With `--hash-leaves`: the sum of their Zobrist keys, in hex.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub key_sum: Option<String>,
}

impl PerftJson<'_> {
    /// Writes the object and a line break.
    pub fn write_line(&self, out: &mut impl Write) -> std::io::Result<()> {
        serde_json::to_writer(&mut *out, self)?;
        writeln!(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn objects_are_single_lines_with_optional_fields_left_out() {
        let mut plain = PerftJson {
            line: None,
            fen: "8/8/8/8/8/8/8/K6k w - - 0 1",
            depth: 2,
            nodes: u128::from(u64::MAX) + 1,
            expected: None,
            seconds: 0.5,
            key_sum: None,
            divide: None,
        };
        let mut out = Vec::new();
        plain.write_line(&mut out).unwrap();
        let expected = "{\"fen\":\"8/8/8/8/8/8/8/K6k w - - 0 1\",\"depth\":2,\
                        \"nodes\":18446744073709551616,\"seconds\":0.5}\n";
        assert_eq!(String::from_utf8(out).unwrap(), expected);

        plain.line = Some(3);
        plain.expected = Some(9);
        plain.divide = Some(vec![MoveJson { uci: "a1b1".into(), nodes: 3, key_sum: None }]);
        let mut out = Vec::new();
        plain.write_line(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with("{\"line\":3,"), "{text}");
        assert!(
            text.contains("\"expected\":9,")
                && text.ends_with("\"divide\":[{\"move\":\"a1b1\",\"nodes\":3}]}\n")
        );
        assert_eq!(text.lines().count(), 1);

        plain.key_sum = Some("0x00000000000000ff".into());
        plain.divide = Some(vec![MoveJson { uci: "a1b1".into(), nodes: 3, key_sum: Some("0x01".into()) }]);
        let mut out = Vec::new();
        plain.write_line(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("\"seconds\":0.5,\"key_sum\":\"0x00000000000000ff\","), "{text}");
        assert!(text.contains("{\"move\":\"a1b1\",\"nodes\":3,\"key_sum\":\"0x01\"}"), "{text}");
    }
}
