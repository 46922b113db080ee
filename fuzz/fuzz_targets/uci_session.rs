//! A UCI session: the input's lines are played to a real engine
//! (`run_uci`), where each `go` must be answered by exactly one `bestmove`
//! ("no command is lost"), whatever comes before, between and after.
//! `uci_line` fuzzes the parsing alone, far faster.
//!
//! So that one input runs in milliseconds, the session sees each `go` as
//! `go depth 1` (keeping `ponder` and `searchmoves`: a ponder search ends
//! at the end of input, search moves are checked against the position),
//! no `setoption name Hash` (a huge table would be cleared by the next
//! `ucinewgame`), and nothing after `quit`.
#![no_main]

use bb_search::uci::command::{parse_line, Command};
use libfuzzer_sys::fuzz_target;
use std::io::{Cursor, Write};
use std::sync::{Arc, Mutex};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut session = String::new();
    let mut searches = 0;
    for line in text.split('\n') {
        match parse_line(line).ok().flatten().map(|parsed| parsed.command) {
            Some(Command::Quit) => break,
            Some(Command::Go(params)) => {
                searches += 1;
                session.push_str("go depth 1");
                if params.ponder {
                    session.push_str(" ponder");
                }
                if !params.searchmoves.is_empty() {
                    session.push_str(" searchmoves ");
                    session.push_str(&params.searchmoves.join(" "));
                }
                session.push('\n');
            }
            Some(Command::SetOption { name, .. }) if name.eq_ignore_ascii_case("hash") => {}
            // Lines that do not parse go through too: the engine answers them.
            _ => {
                session.push_str(line);
                session.push('\n');
            }
        }
    }
    let output = Output::default();
    bb_search::run_uci(Cursor::new(session.clone().into_bytes()), output.clone());
    let written = output.0.lock().unwrap().clone();
    let written = String::from_utf8(written).expect("the engine writes UTF-8");
    let bestmoves = written.lines().filter(|line| line.starts_with("bestmove ")).count();
    assert_eq!(bestmoves, searches, "session:\n{session}\noutput:\n{written}");
});

/// The engine's output, kept for the checks.
#[derive(Clone, Default)]
struct Output(Arc<Mutex<Vec<u8>>>);

impl Write for Output {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
