//! Perft suites in EPD form: `FEN ;D1 20 ;D2 400 ...`, one position a line.
//!
//! Accepted variants: any spacing around `;` and inside `D1 20`, a trailing
//! `;`, 4-field EPD positions (no move counters), the counts written as EPD
//! operations straight after the four fields (`... KQkq - D1 20; D2 400;`),
//! Windows line ends. Blank lines and `#` comments are skipped. The FEN text
//! is returned as written; the caller parses it (Shredder-FEN castling
//! letters included).

/// One position of a suite and its expected counts.
#[derive(Debug, PartialEq, Eq)]
pub struct EpdRecord {
    /// The 1-based line number in the file.
    pub line: usize,
    /// The FEN as written (4 or 6 fields).
    pub fen: String,
    /// (depth, expected count) pairs in the order written.
    pub counts: Vec<(u32, u128)>,
}

/// Parses a whole suite. The error names the line and what is wrong with it.
pub fn parse_suite(text: &str) -> Result<Vec<EpdRecord>, String> {
    let mut records = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let content = raw.trim();
        if content.is_empty() || content.starts_with('#') {
            continue;
        }
        let (fen, counts) = parse_line(content).map_err(|reason| format!("line {line}: {reason}"))?;
        records.push(EpdRecord { line, fen, counts });
    }
    Ok(records)
}

/// Splits one non-empty line into its FEN and its counts.
fn parse_line(content: &str) -> Result<(String, Vec<(u32, u128)>), String> {
    let mut segments = content.split(';');
    let first = segments.next().unwrap_or_default();
    let words: Vec<&str> = first.split_whitespace().collect();
    let mut counts = Vec::new();
    // EPD operations may follow the four position fields directly.
    let fen_words = match words.get(4) {
        Some(word) if is_depth_word(word) => {
            counts.push(parse_count(&words[4..].join(" "))?);
            &words[..4]
        }
        _ => &words[..],
    };
    if fen_words.is_empty() {
        return Err(String::from("no FEN before the first ';'"));
    }
    for segment in segments {
        if !segment.trim().is_empty() {
            counts.push(parse_count(segment)?);
        }
    }
    Ok((fen_words.join(" "), counts))
}

/// `D` or `d` followed by digits.
fn is_depth_word(word: &str) -> bool {
    let digits = word.strip_prefix(['D', 'd']).unwrap_or_default();
    !digits.is_empty() && digits.bytes().all(|byte| byte.is_ascii_digit())
}

/// Parses `D3 8902` (spacing free).
fn parse_count(segment: &str) -> Result<(u32, u128), String> {
    let bad = || format!("expected 'D<depth> <count>' such as 'D3 8902', found '{}'", segment.trim());
    let words: Vec<&str> = segment.split_whitespace().collect();
    let [depth_word, count_word] = words[..] else { return Err(bad()) };
    if !is_depth_word(depth_word) || !count_word.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(bad());
    }
    let depth =
        depth_word[1..].parse::<u32>().ok().filter(|depth| *depth <= crate::args::MAX_DEPTH).ok_or_else(
            || format!("depth '{depth_word}' is out of range (0 to {})", crate::args::MAX_DEPTH),
        )?;
    let count = count_word.parse::<u128>().map_err(|_| format!("count '{count_word}' is too large"))?;
    Ok((depth, count))
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    fn one(line: &str) -> Result<(String, Vec<(u32, u128)>), String> {
        parse_line(line)
    }

    #[test]
    fn the_spacing_variants_agree() {
        let expected = Ok((START.to_string(), vec![(1, 20), (2, 400)]));
        assert_eq!(one(&format!("{START} ;D1 20 ;D2 400")), expected);
        assert_eq!(one(&format!("{START}; D1 20; D2 400;")), expected);
        assert_eq!(one(&format!("{START};D1 20;D2 400 ; ")), expected);
        assert_eq!(one(&format!("{START}  ;  d1   20\t;D2 400")), expected);
    }

    #[test]
    fn four_field_positions_with_and_without_separators() {
        let four = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
        let expected = Ok((four.to_string(), vec![(1, 20), (2, 400)]));
        assert_eq!(one(&format!("{four} ;D1 20 ;D2 400")), expected);
        assert_eq!(one(&format!("{four} D1 20; D2 400;")), expected);
        assert_eq!(one(four), Ok((four.to_string(), vec![])));
    }

    #[test]
    fn comments_blank_lines_and_line_numbers() {
        let text = format!("# suite\n\n{START} ;D1 20\r\n   \n{START} ;D2 400\n");
        let records = parse_suite(&text).unwrap();
        assert_eq!(records.len(), 2);
        assert_eq!((records[0].line, records[1].line), (3, 5));
        assert_eq!(records[1].counts, vec![(2, 400)]);
    }

    #[test]
    fn malformed_counts_are_named_with_their_line() {
        for (bad, reason) in [
            ("D1 x20", "found 'D1 x20'"),
            ("D1", "found 'D1'"),
            ("E1 20", "found 'E1 20'"),
            ("D1 20 30", "found 'D1 20 30'"),
            ("D99 1", "out of range"),
            ("D1 -5", "found 'D1 -5'"),
            ("D1 999999999999999999999999999999999999999999", "too large"),
        ] {
            let error = parse_suite(&format!("# x\n{START} ;{bad}")).unwrap_err();
            assert!(error.starts_with("line 2: "), "{error}");
            assert!(error.contains(reason), "{bad}: {error}");
        }
        assert!(parse_suite(";D1 20").unwrap_err().contains("no FEN"));
    }
}
