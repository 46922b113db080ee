//! EPD suite text: every line `EpdLine::parse` accepts must write back to
//! a line that parses to the same FEN and counts, and the streaming
//! `EpdReader` must read a text exactly as `epd::lines` reads it (same
//! line numbers, records and errors), so the two entry points keep one
//! grammar.
#![no_main]

use bb_movegen::epd::{self, EpdLine, EpdReader, EpdRecord};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The reader takes any bytes, UTF-8 or not, and with a small line limit
    // takes its too-long path often.
    for (_, result) in EpdReader::new(data).max_line_bytes(64) {
        if let Err(error) = result {
            assert!(!error.to_string().contains(['\n', '\r']), "{error}");
        }
    }
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for (_, result) in epd::lines(text) {
        if let Ok(line) = result {
            check_written_back(&line);
        }
    }
    let streamed: Vec<_> =
        EpdReader::new(data).map(|(number, result)| (number, result.map_err(|e| e.to_string()))).collect();
    let whole: Vec<_> = epd::lines(text)
        .map(|(number, result)| (number, result.map(EpdRecord::from).map_err(|e| e.to_string())))
        .collect();
    assert_eq!(streamed, whole);
});

/// The line as written by its `Display` parses back to the same FEN (its
/// fields joined by one space) and the same counts.
fn check_written_back(line: &EpdLine<'_>) {
    let written = line.to_string();
    let again = match EpdLine::parse(&written) {
        Ok(Some(again)) => again,
        other => panic!("{written:?} from {line:?} reads back as {other:?}"),
    };
    let fen: Vec<&str> = line.fen().split_whitespace().collect();
    assert_eq!(again.fen(), fen.join(" "), "{written:?}");
    assert!(again.counts().eq(line.counts()), "{written:?}");
}
