//! `OwnBook` and `BookFile`: `go` answers from a Polyglot book the test
//! writes to a temporary file, in order with the other commands; without
//! `OwnBook`, or out of book, the engine searches; a bad `BookFile` is one
//! `info string` and the engine keeps serving with the book it had.

mod common;

use bb_movegen::polyglot::BookWriter;
use bb_movegen::Position;
use common::{after, is_legal_bestmove, run_script};
use std::path::{Path, PathBuf};

/// Where the test's files go: cargo's scratch directory for integration
/// tests, which every target can reach (wasm32-wasip1 has no temp_dir,
/// and no process id to make names unique: each test names its own file).
fn scratch_dir() -> std::path::PathBuf {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    // Cargo does not always create it before a cross-compiled test runs.
    std::fs::create_dir_all(&dir).expect("the scratch directory can be created");
    dir
}

/// A book whose moves no search would choose, so a book answer cannot be
/// mistaken for a searched one: 1. Na3 from the start, and after
/// 1. e4 e5 the bishop offered on a6.
fn write_book(name: &str) -> PathBuf {
    let start = Position::startpos();
    let open = after(&start, &["e2e4".to_string(), "e7e5".to_string()]);
    let mut writer = BookWriter::new();
    writer.add(&start, start.parse_uci_move("b1a3").unwrap(), 5);
    writer.add(&open, open.parse_uci_move("f1a6").unwrap(), 2);
    let path = scratch_dir().join(format!("bb-uci-book-{name}.bin"));
    writer.write_to(std::fs::File::create(&path).unwrap()).unwrap();
    path
}

fn set_book(path: &Path) -> String {
    format!("setoption name BookFile value {}", path.display())
}

fn bestmoves(lines: &[String]) -> Vec<&str> {
    lines.iter().filter_map(|line| line.strip_prefix("bestmove ")).collect()
}

fn book_lines(lines: &[String]) -> Vec<&String> {
    lines.iter().filter(|line| line.starts_with("info string book move")).collect()
}

#[test]
fn the_options_are_declared() {
    let lines = run_script(&["uci"]);
    assert!(lines.iter().any(|line| line == "option name OwnBook type check default false"), "{lines:#?}");
    assert!(
        lines.iter().any(|line| line == "option name BookFile type string default <empty>"),
        "{lines:#?}"
    );
}

#[test]
fn go_answers_the_book_move_in_order() {
    let path = write_book("in-order");
    let lines = run_script(&[
        &set_book(&path),
        "setoption name OwnBook value true",
        "position startpos",
        "go depth 3",
        "isready",
        "position startpos moves e2e4 e7e5",
        "go wtime 10000 btime 10000",
        "position startpos moves d2d4",
        "go depth 2",
    ]);
    let _ = std::fs::remove_file(&path);
    assert_eq!(bestmoves(&lines)[..2], ["b1a3", "f1a6"], "{lines:#?}");
    assert_eq!(
        book_lines(&lines),
        ["info string book move b1a3 (weight 5 of 5)", "info string book move f1a6 (weight 2 of 2)"]
    );
    // The book's `bestmove` comes before the `isready` that followed the
    // `go`: it is answered in the order of the commands.
    let first = lines.iter().position(|line| line == "bestmove b1a3").unwrap();
    let ready = lines.iter().position(|line| line == "readyok").unwrap();
    assert!(first < ready, "{lines:#?}");
    // Out of book, the engine searches.
    let d4 = after(&Position::startpos(), &["d2d4".to_string()]);
    assert_eq!(bestmoves(&lines).len(), 3);
    assert!(is_legal_bestmove(&d4, lines.iter().rfind(|line| line.starts_with("bestmove")).unwrap()));
}

#[test]
fn without_own_book_the_book_is_ignored() {
    let path = write_book("ignored");
    let lines = run_script(&[
        &set_book(&path),
        "position startpos moves e2e4 e7e5",
        "go depth 3",
        "setoption name OwnBook value true",
        "setoption name OwnBook value false",
        "go depth 3",
    ]);
    let _ = std::fs::remove_file(&path);
    assert!(book_lines(&lines).is_empty(), "{lines:#?}");
    let moves = bestmoves(&lines);
    assert_eq!(moves.len(), 2, "{lines:#?}");
    assert!(moves.iter().all(|mv| !mv.starts_with("f1a6")), "{lines:#?}");
}

#[test]
fn searches_that_wait_for_stop_or_restrict_moves_do_not_use_the_book() {
    let path = write_book("waiting");
    let lines = run_script(&[
        &set_book(&path),
        "setoption name OwnBook value true",
        "position startpos",
        "go depth 2 searchmoves e2e4",
        "go infinite",
        "stop",
        "go ponder",
        "stop",
    ]);
    let _ = std::fs::remove_file(&path);
    assert!(book_lines(&lines).is_empty(), "{lines:#?}");
    assert_eq!(bestmoves(&lines).len(), 3, "{lines:#?}");
    assert!(bestmoves(&lines)[0].starts_with("e2e4"), "{lines:#?}");
}

#[test]
fn a_bad_book_file_is_one_info_string_and_the_old_book_stays() {
    let path = write_book("kept");
    let truncated = scratch_dir().join("bb-uci-book-truncated.bin");
    std::fs::write(&truncated, [0u8; 17]).unwrap();
    let lines = run_script(&[
        "setoption name BookFile value /nonexistent/bb/no book.bin",
        "setoption name OwnBook value true",
        &set_book(&path),
        &set_book(&truncated),
        "isready",
        "position startpos",
        "go depth 3",
    ]);
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_file(&truncated);
    let errors: Vec<&String> = lines.iter().filter(|line| line.starts_with("info string BookFile")).collect();
    assert_eq!(errors.len(), 2, "{lines:#?}");
    assert!(
        errors[0].starts_with("info string BookFile '/nonexistent/bb/no book.bin': cannot read the book: ")
    );
    assert!(errors[0].ends_with("; no book loaded"), "{}", errors[0]);
    assert!(errors[1].contains("17 bytes, is not a multiple of 16"), "{}", errors[1]);
    // Long paths are cut in info strings (to 64 characters, with `…`).
    let kept: String = path.display().to_string().chars().take(40).collect();
    assert!(errors[1].contains(&format!("; keeping the book '{kept}")), "{}", errors[1]);
    assert_eq!(lines.iter().filter(|line| *line == "readyok").count(), 1, "{lines:#?}");
    assert_eq!(bestmoves(&lines), ["b1a3"], "{lines:#?}");
}

#[test]
fn an_empty_book_file_unloads_the_book() {
    let path = write_book("unloaded");
    let lines = run_script(&[
        &set_book(&path),
        "setoption name OwnBook value true",
        "setoption name BookFile value <empty>",
        "position startpos",
        "go depth 2",
        &set_book(&path),
        "setoption name BookFile",
        "go depth 2",
    ]);
    let _ = std::fs::remove_file(&path);
    assert!(book_lines(&lines).is_empty(), "{lines:#?}");
    assert!(!lines.iter().any(|line| line.starts_with("info string BookFile")), "{lines:#?}");
    assert_eq!(bestmoves(&lines).len(), 2, "{lines:#?}");
}
