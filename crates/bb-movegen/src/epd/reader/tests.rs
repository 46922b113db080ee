use super::*;
use std::io::{BufReader, Read};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Everything a reader of `text` yields, read through a buffer of
/// `capacity` bytes (small ones split lines and line breaks across reads).
fn read_all(text: &[u8], capacity: usize) -> Vec<(usize, Result<EpdRecord, EpdError>)> {
    EpdReader::new(BufReader::with_capacity(capacity, text)).collect()
}

fn record(fen: &str, counts: &[(u32, u128)]) -> EpdRecord {
    EpdRecord { fen: fen.to_string(), counts: counts.to_vec() }
}

#[test]
fn written_records_read_back() {
    let records = [
        record(START, &[(1, 20), (2, 400), (3, 8902)]),
        record("8/8/8/8/8/8/8/K6k w - -", &[]),
        record("bbr2krn/ppppp1p1/5p1p/5q2/3nN3/1PN2PQP/PBPPP1P1/1BR2K1R b Cgc - 7 11", &[(64, u128::MAX)]),
    ];
    let text: String = records.iter().map(|record| format!("{record}\n")).collect();
    for capacity in [1, 2, 7, 4096] {
        let read: Vec<_> = read_all(text.as_bytes(), capacity);
        let expected: Vec<_> = (1..).zip(records.iter().cloned().map(Ok)).collect();
        assert_eq!(read, expected, "buffer of {capacity} bytes");
    }
}

#[test]
fn crlf_and_cr_only_line_ends() {
    for break_text in ["\n", "\r\n", "\r"] {
        let text =
            ["# suite", "", &format!("{START} ;D1 20"), "  ", &format!("{START} ;D2 400")].join(break_text);
        for capacity in [1, 3, 4096] {
            let read = read_all(text.as_bytes(), capacity);
            let numbers: Vec<usize> = read.iter().map(|(number, _)| *number).collect();
            assert_eq!(numbers, [3, 5], "{break_text:?}, buffer of {capacity} bytes");
            assert_eq!(read[1].1, Ok(record(START, &[(2, 400)])));
        }
    }
    // Mixed, and a line break at the very end.
    let read = read_all(format!("{START} ;D1 20\r\r\n{START} ;D2 400\r").as_bytes(), 2);
    assert_eq!(read.iter().map(|(number, _)| *number).collect::<Vec<_>>(), [1, 3]);
}

#[test]
fn bad_lines_are_errors_that_name_them_and_reading_goes_on() {
    let mut text = format!("{START} ;D1 x\n;D1 20\n{START} ;D1 20\n").into_bytes();
    text.extend_from_slice(b"8/8/8/8/8/8/8/K6k w - - ;id \"\xff\"\n");
    text.extend_from_slice(format!("{START} ;D99 1\n").as_bytes());
    let read = read_all(&text, 4096);
    let outcome: Vec<(usize, Result<EpdRecord, EpdErrorKind>)> =
        read.iter().map(|(number, result)| (*number, result.clone().map_err(|error| error.kind()))).collect();
    assert_eq!(
        outcome,
        [
            (1, Err(EpdErrorKind::BadCount)),
            (2, Err(EpdErrorKind::MissingFen)),
            (3, Ok(record(START, &[(1, 20)]))),
            (4, Err(EpdErrorKind::NotUtf8)),
            (5, Err(EpdErrorKind::DepthOutOfRange)),
        ]
    );
    for (number, result) in &read {
        if let Err(error) = result {
            let message = error.to_string();
            assert!(message.starts_with(&format!("line {number}: ")), "{message}");
            assert!(!message.contains('\n'), "{message}");
        }
    }
}

#[test]
fn a_line_too_long_is_an_error_not_an_allocation() {
    let long = format!("{START} ;D1 20{}\n{START} ;D2 400\n", " ".repeat(10_000));
    let read: Vec<_> =
        EpdReader::new(BufReader::with_capacity(64, long.as_bytes())).max_line_bytes(100).collect();
    assert_eq!(read.len(), 2);
    let error = read[0].1.clone().unwrap_err();
    assert_eq!(error.to_string(), "line 1: longer than 100 bytes");
    assert_eq!(read[1], (2, Ok(record(START, &[(2, 400)]))));

    // An endless line without a break: the reader holds at most the limit.
    let mut reader =
        EpdReader::new(BufReader::new(std::io::repeat(b'x').take(10_000_000))).max_line_bytes(1000);
    let (number, result) = reader.next().unwrap();
    assert_eq!(
        (number, result.map_err(|error| error.kind())),
        (1, Err(EpdErrorKind::TooLong { max_bytes: 1000 }))
    );
    assert!(reader.lines.buffer_capacity() <= 2 * 1000 + 8192, "{}", reader.lines.buffer_capacity());
    assert!(reader.next().is_none());
}

#[test]
fn a_read_error_ends_the_records() {
    struct Broken;
    impl Read for Broken {
        fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
            Err(std::io::Error::new(std::io::ErrorKind::PermissionDenied, "no"))
        }
    }
    let mut reader = EpdReader::new(BufReader::new(Broken));
    let (number, result) = reader.next().unwrap();
    let error = result.unwrap_err();
    assert_eq!((number, error.kind()), (1, EpdErrorKind::Read(std::io::ErrorKind::PermissionDenied)));
    assert_eq!(error.to_string(), "line 1: cannot read: permission denied");
    assert!(reader.next().is_none());
}

#[test]
fn records_give_their_positions() {
    let record = record("8/8/8/8/8/8/8/K6k  w - -", &[]);
    assert_eq!(
        record.position().map(|position| position.to_string()),
        Ok("8/8/8/8/8/8/8/K6k w - - 0 1".to_string())
    );
    let bad = EpdReader::new(format!("{START} x ;D1 20").as_bytes()).next().unwrap().1.unwrap();
    assert!(bad.position().is_err());
}

#[test]
fn an_endless_line_is_reported_as_soon_as_it_passes_the_limit() {
    // Like /dev/zero: no line break ever comes, so the error cannot wait
    // for the end of the line.
    let endless = std::io::BufReader::new(std::io::repeat(b'0'));
    let (line, result) = EpdReader::new(endless).max_line_bytes(1000).next().expect("an item");
    assert_eq!(line, 1);
    assert_eq!(result.unwrap_err().kind(), EpdErrorKind::TooLong { max_bytes: 1000 });
}

#[test]
fn lines_with_bad_positions_are_reported_with_their_numbers_and_reading_goes_on() {
    let text = format!(
        "{START} ;D1 20\n\
         B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1 ;D3 1829\n\
         # a comment\n\
         4k2R/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 1\n\
         {START} ;D2 400\n"
    );
    let outcome = |validation: crate::Validation| -> Vec<(usize, Result<String, String>)> {
        read_all(text.as_bytes(), 16)
            .into_iter()
            .map(|(number, record)| {
                let position = record.unwrap().position_with(validation);
                (number, position.map(|position| position.to_string()).map_err(|error| error.to_string()))
            })
            .collect()
    };
    let strict = outcome(crate::Validation::STRICT);
    let numbers: Vec<usize> = strict.iter().map(|(number, _)| *number).collect();
    assert_eq!(numbers, [1, 2, 4, 5]);
    let errors: Vec<usize> = strict.iter().filter(|(_, result)| result.is_err()).map(|(n, _)| *n).collect();
    assert_eq!(errors, [2, 4]);
    assert_eq!(strict[1].1, Err("invalid FEN (position): no legal move can give this check".to_string()));
    let lenient = outcome(crate::Validation::PLAYABLE);
    let errors: Vec<usize> = lenient.iter().filter(|(_, result)| result.is_err()).map(|(n, _)| *n).collect();
    assert_eq!(errors, [4], "the side not to move in check stays refused");
    assert_eq!(lenient[1].1, Ok("B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1".to_string()));
    assert_eq!(lenient[3].1, Ok(START.to_string()));
}
