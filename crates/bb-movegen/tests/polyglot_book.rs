//! Polyglot books: bb's writer against a book built independently by
//! tests/data/polyglot/gen_book.py, bb's reader against what python-chess
//! reads from it (probes.txt), and bad books.
#![cfg(feature = "std")]

use bb_movegen::polyglot::{Book, BookError, BookWriter};
use bb_movegen::{Move, Position};
use std::io::{Read, Seek, SeekFrom};

/// Where the test's files go: cargo's scratch directory for integration
/// tests, which every target can reach (wasm32-wasip1 has no temp_dir,
/// and no process id to make names unique: each test names its own file).
fn scratch_dir() -> std::path::PathBuf {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    // Cargo does not always create it before a cross-compiled test runs.
    std::fs::create_dir_all(&dir).expect("the scratch directory can be created");
    dir
}

const LINES: &str = include_str!("data/polyglot/book-lines.txt");
const PYTHON_BOOK: &[u8] = include_bytes!("data/polyglot/lines-book.bin");
const PROBES: &str = include_str!("data/polyglot/probes.txt");

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

fn uci(position: &Position, text: &str) -> Move {
    position.parse_uci_move(text).unwrap_or_else(|error| panic!("{text}: {error}"))
}

/// The book of book-lines.txt, as bb's writer makes it.
fn lines_book() -> BookWriter {
    let mut writer = BookWriter::new();
    for line in LINES.lines().filter(|line| !line.starts_with('#') && !line.trim().is_empty()) {
        let fields: Vec<&str> = line.split(';').collect();
        let weight: u16 = fields[2].parse().expect("weight");
        let mut current = position(fields[0]);
        for text in fields[1].split_whitespace() {
            let mv = uci(&current, text);
            writer.add(&current, mv, weight);
            current = current.play(mv);
        }
    }
    writer
}

#[test]
fn writer_makes_the_same_bytes_as_the_independent_script() {
    let writer = lines_book();
    assert_eq!(writer.len(), PYTHON_BOOK.len() / 16);
    assert!(writer.to_bytes() == PYTHON_BOOK, "bb's book differs from lines-book.bin");
    let mut written = Vec::new();
    writer.write_to(&mut written).unwrap();
    assert!(written == PYTHON_BOOK);
}

#[test]
fn reader_finds_what_python_chess_finds() {
    let mut book = Book::from_bytes(PYTHON_BOOK.to_vec()).unwrap();
    book.check_sorted().unwrap();
    let mut probed = 0;
    for line in PROBES.lines() {
        let (fen, expected) = line.split_once(';').unwrap();
        let found: Vec<String> = book
            .entries(&position(fen))
            .unwrap()
            .iter()
            .map(|entry| format!("{}:{}", entry.mv, entry.weight))
            .collect();
        assert_eq!(found.join(" "), expected, "{fen}");
        probed += 1;
    }
    assert_eq!(probed, 33);
}

#[test]
fn book_from_a_file_reads_the_same() {
    let path = scratch_dir().join("bb-polyglot-test.bin");
    lines_book().write_to(std::fs::File::create(&path).unwrap()).unwrap();
    let mut book = Book::open(&path).unwrap();
    let start = Position::startpos();
    let entries = book.entries(&start).unwrap();
    let _ = std::fs::remove_file(&path);
    let moves: Vec<String> = entries.iter().map(|entry| format!("{}:{}", entry.mv, entry.weight)).collect();
    assert_eq!(moves, ["e2e4:19", "d2d4:5", "a2a4:1"]);
}

#[test]
fn best_and_weighted_choice() {
    let mut book = Book::from_bytes(PYTHON_BOOK.to_vec()).unwrap();
    let start = Position::startpos();
    assert_eq!(book.best(&start).unwrap(), Some(uci(&start, "e2e4")));
    // Weights 19, 5 and 1 of 25: sweeping the random range evenly picks
    // each move in proportion.
    let mut counts = [0; 3];
    let names = ["e2e4", "d2d4", "a2a4"];
    for step in 0..2500u64 {
        // Just above step / 2500 of the range, so rounding cannot drop
        // a pick into the previous move's share.
        let random = ((u128::from(step) << 64) / 2500) as u64 + 1;
        let mv = book.choose(&start, random).unwrap().unwrap();
        counts[names.iter().position(|&name| name == mv.to_string()).unwrap()] += 1;
    }
    assert_eq!(counts, [1900, 500, 100]);
    assert_eq!(book.choose(&start, 0).unwrap(), Some(uci(&start, "e2e4")));
    assert_eq!(book.choose(&start, u64::MAX).unwrap(), Some(uci(&start, "a2a4")));
    // Castling and promotion come back as bb's moves.
    let castle = position("r3k2r/pppq1ppp/2n1bn2/3pp3/3PP3/2N1BN2/PPPQ1PPP/R3K2R b KQkq - 0 9");
    assert!(book.best(&castle).unwrap().unwrap().is_castling());
    let promote = position("8/4P1k1/8/8/8/8/5K2/8 w - - 0 1");
    assert_eq!(book.best(&promote).unwrap(), Some(uci(&promote, "e7e8q")));
    // Out of book.
    let out = start.play(uci(&start, "g2g4"));
    assert_eq!(book.entries(&out).unwrap(), []);
    assert_eq!(book.best(&out).unwrap(), None);
    assert_eq!(book.choose(&out, 12345).unwrap(), None);
}

#[test]
fn weight_zero_is_never_played() {
    let start = Position::startpos();
    let mut writer = BookWriter::new();
    writer.add(&start, uci(&start, "e2e4"), 0);
    let mut book = Book::from_bytes(writer.to_bytes()).unwrap();
    assert_eq!(book.entries(&start).unwrap().len(), 1);
    assert_eq!(book.best(&start).unwrap(), None);
    assert_eq!(book.choose(&start, 0).unwrap(), None);
}

/// 16 raw bytes of an entry.
fn raw(key: u64, code: u16, weight: u16) -> Vec<u8> {
    let mut bytes = key.to_be_bytes().to_vec();
    bytes.extend(code.to_be_bytes());
    bytes.extend(weight.to_be_bytes());
    bytes.extend(7u32.to_be_bytes());
    bytes
}

#[test]
fn illegal_entries_are_dropped() {
    let start = Position::startpos();
    let key = start.polyglot_key();
    let e2e4 = uci(&start, "e2e4").to_polyglot();
    let e2e5 = (1 << 9) | (4 << 6) | (4 << 3) | 4;
    let mut bytes = raw(key, e2e5, 50);
    bytes.extend(raw(key, 0xffff, 40));
    bytes.extend(raw(key, e2e4, 1));
    let mut book = Book::from_bytes(bytes).unwrap();
    let entries = book.entries(&start).unwrap();
    assert_eq!(entries.len(), 1);
    assert_eq!((entries[0].mv, entries[0].weight, entries[0].learn), (uci(&start, "e2e4"), 1, 7));
    assert_eq!(book.best(&start).unwrap(), Some(uci(&start, "e2e4")));
}

#[test]
fn binary_search_finds_every_position_of_a_large_book() {
    // One entry per position of a long line of legal moves: ~2000 keys
    // spread over the whole key range, each found by its own probe.
    let mut writer = BookWriter::new();
    let mut positions = Vec::new();
    let mut current = Position::startpos();
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    for _ in 0..2000 {
        let moves = current.legal_moves();
        if moves.is_empty() || current.halfmove_clock() >= 100 {
            current = Position::startpos();
            continue;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let mv = moves.as_slice()[(state % moves.len() as u64) as usize];
        writer.add(&current, mv, 1);
        positions.push((current, mv));
        current = current.play(mv);
    }
    let mut book = Book::from_bytes(writer.to_bytes()).unwrap();
    book.check_sorted().unwrap();
    for (position, mv) in positions {
        let entries = book.entries(&position).unwrap();
        assert!(entries.iter().any(|entry| entry.mv == mv), "{position}: {mv}");
    }
}

#[test]
fn bad_books_are_errors_not_panics() {
    let error = Book::from_bytes(vec![0; 33]).err().unwrap();
    assert!(matches!(error, BookError::BadLength { bytes: 33 }));
    assert_eq!(error.to_string(), "not a Polyglot book: its length, 33 bytes, is not a multiple of 16");

    let missing = Book::open("/nonexistent/bb/book.bin").err().unwrap();
    assert!(matches!(missing, BookError::Io(_)), "{missing}");
    assert!(missing.to_string().starts_with("cannot read the book: "), "{missing}");

    // Linux opens a directory and the book refuses it as not a regular
    // file; WASI may refuse to open it at all. Either way, one error.
    let directory = Book::open(scratch_dir()).err().unwrap();
    assert!(directory.to_string().starts_with("cannot read the book: "), "{directory}");
    if cfg!(target_os = "linux") {
        assert_eq!(directory.to_string(), "cannot read the book: not a regular file");
    }

    let empty = &mut Book::from_bytes(Vec::new()).unwrap();
    assert!(empty.is_empty());
    assert_eq!(empty.entries(&Position::startpos()).unwrap(), []);

    // Unsorted keys: found by `check_sorted`, and probing still answers.
    let mut bytes = raw(u64::MAX, 0, 1);
    bytes.extend(raw(Position::startpos().polyglot_key(), 0, 1));
    let mut unsorted = Book::from_bytes(bytes).unwrap();
    assert!(matches!(unsorted.check_sorted(), Err(BookError::Unsorted { entry: 1 })));
    assert!(unsorted.entries(&Position::startpos()).is_ok());

    // Random bytes decode to whatever moves they name, never a panic.
    let mut state = 88172645463325252u64;
    let noise: Vec<u8> = (0..16 * 512)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state as u8
        })
        .collect();
    let mut noisy = Book::from_bytes(noise).unwrap();
    assert!(noisy.entries(&Position::startpos()).is_ok());
}

/// A source that reports a length but fails to read, like a file that
/// shrinks or a disk that fails after opening.
struct FailingSource;

impl Read for FailingSource {
    fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
        Err(std::io::Error::other("disk on fire"))
    }
}

impl Seek for FailingSource {
    fn seek(&mut self, _: SeekFrom) -> std::io::Result<u64> {
        Ok(160)
    }
}

#[test]
fn read_failures_after_opening_are_errors() {
    let mut book = Book::from_reader(FailingSource).unwrap();
    assert_eq!(book.len(), 10);
    let error = book.entries(&Position::startpos()).unwrap_err();
    assert_eq!(error.to_string(), "cannot read the book: disk on fire");
    assert!(book.best(&Position::startpos()).is_err());
    assert!(book.check_sorted().is_err());
}
