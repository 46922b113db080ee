//! Drives the UCI loop as a GUI would: commands are sent one line at a time
//! through a channel (so the engine sees them arrive while it searches) and
//! the answers are read back from a shared buffer.

use bb_movegen::Position;
use proptest::prelude::*;
use std::io::{BufReader, Read, Write};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Input that yields the lines sent on a channel; end of input when the sender is dropped.
struct ChannelInput {
    lines: Receiver<String>,
    pending: Vec<u8>,
}

impl Read for ChannelInput {
    fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
        if self.pending.is_empty() {
            match self.lines.recv() {
                Ok(line) => self.pending = format!("{line}\n").into_bytes(),
                Err(_) => return Ok(0),
            }
        }
        let count = buffer.len().min(self.pending.len());
        buffer[..count].copy_from_slice(&self.pending[..count]);
        self.pending.drain(..count);
        Ok(count)
    }
}

#[derive(Clone, Default)]
struct SharedOutput(Arc<Mutex<Vec<u8>>>);

impl Write for SharedOutput {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

struct Session {
    input: Option<Sender<String>>,
    output: SharedOutput,
    engine: Option<JoinHandle<()>>,
}

/// Generous bound for things that should take milliseconds; only a hang fails.
const PATIENCE: Duration = Duration::from_secs(20);

impl Session {
    fn start() -> Session {
        let (sender, receiver) = channel();
        let output = SharedOutput::default();
        let writer = output.clone();
        let engine = std::thread::spawn(move || {
            let input = BufReader::new(ChannelInput { lines: receiver, pending: Vec::new() });
            bb_search::run_uci(input, writer);
        });
        Session { input: Some(sender), output, engine: Some(engine) }
    }

    fn send(&self, line: &str) {
        self.input.as_ref().unwrap().send(line.to_string()).unwrap();
    }

    fn lines(&self) -> Vec<String> {
        String::from_utf8_lossy(&self.output.0.lock().unwrap()).lines().map(str::to_string).collect()
    }

    /// Waits until `count` lines satisfy `wanted` and returns all lines by then.
    fn wait_for(&self, count: usize, wanted: impl Fn(&str) -> bool) -> Vec<String> {
        let start = Instant::now();
        loop {
            let lines = self.lines();
            if lines.iter().filter(|line| wanted(line)).count() >= count {
                return lines;
            }
            assert!(start.elapsed() < PATIENCE, "timed out; output so far:\n{}", lines.join("\n"));
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    /// Sends `isready` and waits for its `readyok`: every earlier command has been handled.
    fn sync(&self) -> Vec<String> {
        let before = self.lines().iter().filter(|line| *line == "readyok").count();
        self.send("isready");
        self.wait_for(before + 1, |line| line == "readyok")
    }

    fn bestmoves(&self) -> Vec<String> {
        self.lines().into_iter().filter(|line| line.starts_with("bestmove")).collect()
    }

    /// Closes the input and waits for the loop to end.
    fn finish(mut self) -> Vec<String> {
        self.input.take();
        self.engine.take().unwrap().join().expect("the UCI loop does not panic");
        self.lines()
    }
}

fn bestmove_text(line: &str) -> &str {
    line.split_whitespace().nth(1).unwrap()
}

#[test]
fn handshake_lists_the_options() {
    let session = Session::start();
    session.send("uci");
    let lines = session.wait_for(1, |line| line == "uciok");
    assert!(lines[0].starts_with("id name bb"));
    assert!(lines.iter().any(|line| line.starts_with("id author")));
    for option in ["Hash", "Threads", "Move Overhead", "Clear Hash"] {
        assert!(lines.iter().any(|line| line.starts_with(&format!("option name {option} type"))), "{option}");
    }
    session.finish();
}

#[test]
fn fixed_depth_search_plays_a_legal_move() {
    let session = Session::start();
    session.send("ucinewgame");
    session.send("position startpos moves e2e4 c7c5 g1f3");
    session.send("go depth 5");
    let lines = session.wait_for(1, |line| line.starts_with("bestmove"));
    let best = lines.iter().find(|line| line.starts_with("bestmove")).unwrap();
    let mut position = Position::startpos();
    for text in ["e2e4", "c7c5", "g1f3"] {
        position = position.play(position.parse_uci_move(text).unwrap());
    }
    assert!(position.parse_uci_move(bestmove_text(best)).is_ok(), "{best}");
    assert!(lines.iter().any(|line| line.starts_with("info depth 5 ")));
    session.finish();
}

#[test]
fn stop_ends_an_infinite_search_and_isready_is_answered_meanwhile() {
    let session = Session::start();
    session.send("position startpos");
    session.send("go infinite");
    session.wait_for(1, |line| line.starts_with("info depth 2 "));
    let lines = session.sync();
    assert!(!lines.iter().any(|line| line.starts_with("bestmove")), "no bestmove before stop in go infinite");
    let sent = Instant::now();
    session.send("stop");
    let lines = session.wait_for(1, |line| line.starts_with("bestmove"));
    // The real requirement (50 ms) is measured by hand; this only catches a hang.
    assert!(sent.elapsed() < Duration::from_secs(5));
    let best = lines.iter().find(|line| line.starts_with("bestmove")).unwrap();
    assert!(Position::startpos().parse_uci_move(bestmove_text(best)).is_ok(), "{best}");
    assert_eq!(session.finish().iter().filter(|line| line.starts_with("bestmove")).count(), 1);
}

#[test]
fn bad_commands_answer_info_string_and_change_nothing() {
    let session = Session::start();
    session.send("position startpos moves e2e4");
    session.send("position startpos moves e2e4 e7e4");
    session.send("position fen not/a/fen w - - 0 1");
    session.send("position startpos moves");
    session.send("position");
    session.send("flibbertigibbet");
    session.send("go depth x");
    session.send("setoption name Hash value -1");
    session.send("setoption name NoSuchOption value 1");
    let lines = session.sync();
    let infos: Vec<&String> = lines.iter().filter(|line| line.starts_with("info string ")).collect();
    assert_eq!(infos.len(), 7, "{lines:#?}");
    assert!(infos[0].contains("e7e4"));
    assert!(infos[1].contains("FEN"));
    assert!(infos[3].contains("flibbertigibbet"));
    // `position startpos moves` was valid: the position is the start position again.
    session.send("go depth 2");
    let lines = session.wait_for(1, |line| line.starts_with("bestmove"));
    let best = lines.iter().find(|line| line.starts_with("bestmove")).unwrap();
    assert!(Position::startpos().parse_uci_move(bestmove_text(best)).is_ok(), "{best}");
    session.finish();
}

#[test]
fn an_illegal_move_keeps_the_previous_position() {
    let session = Session::start();
    session.send("position startpos moves e2e4");
    session.send("position startpos moves d2d4 d7d5 e1e3");
    session.send("go depth 2");
    let lines = session.wait_for(1, |line| line.starts_with("bestmove"));
    let best = lines.iter().find(|line| line.starts_with("bestmove")).unwrap();
    let after_e4 = Position::startpos().play(Position::startpos().parse_uci_move("e2e4").unwrap());
    assert!(after_e4.parse_uci_move(bestmove_text(best)).is_ok(), "Black must move: {best}");
    session.finish();
}

#[test]
fn go_right_after_bestmove_is_never_refused() {
    // A GUI sends the next `go` as soon as it reads `bestmove`, possibly
    // before the search thread has exited.
    let session = Session::start();
    for round in 1..=60 {
        session.send("position startpos moves e2e4");
        session.send("go depth 1");
        session.wait_for(round, |line| line.starts_with("bestmove"));
    }
    let lines = session.finish();
    assert!(!lines.iter().any(|line| line.contains("a search is running")), "{lines:#?}");
}

#[test]
fn no_legal_move_gives_bestmove_0000() {
    let session = Session::start();
    session.send("position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    session.send("go wtime 1000 btime 1000");
    let lines = session.wait_for(1, |line| line.starts_with("bestmove"));
    assert!(lines.contains(&"bestmove 0000".to_string()), "{lines:#?}");
    assert!(lines.iter().any(|line| line.contains("score mate 0")));
    session.finish();
}

#[test]
fn go_mate_finds_the_mate() {
    let session = Session::start();
    session.send("position fen r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 8");
    session.send("go mate 2");
    let lines = session.wait_for(1, |line| line.starts_with("bestmove"));
    assert!(lines.iter().any(|line| line.contains("score mate 2")), "{lines:#?}");
    assert!(lines.iter().any(|line| line.starts_with("bestmove d5f6")), "{lines:#?}");
    session.finish();
}

#[test]
fn clock_and_node_limits_end_the_search() {
    let session = Session::start();
    session.send("position startpos moves d2d4");
    session.send("go wtime 500 btime 500 winc 10 binc 10");
    session.wait_for(1, |line| line.starts_with("bestmove"));
    session.send("go nodes 2000");
    session.wait_for(2, |line| line.starts_with("bestmove"));
    session.send("go movetime 60");
    session.wait_for(3, |line| line.starts_with("bestmove"));
    session.finish();
}

#[test]
fn ponder_waits_for_ponderhit() {
    let session = Session::start();
    session.send("setoption name Ponder value true");
    session.send("position startpos moves e2e4");
    session.send("go ponder wtime 1000 btime 1000");
    session.wait_for(1, |line| line.starts_with("info depth 3 "));
    session.sync();
    assert!(session.bestmoves().is_empty(), "no bestmove while pondering");
    session.send("ponderhit");
    session.wait_for(1, |line| line.starts_with("bestmove"));
    session.finish();
}

#[test]
fn commands_that_need_the_engine_idle_are_refused_during_a_search() {
    let session = Session::start();
    session.send("go infinite");
    session.send("go depth 1");
    session.send("setoption name Hash value 1");
    session.send("ucinewgame");
    let lines = session.sync();
    assert_eq!(lines.iter().filter(|line| line.contains("a search is running")).count(), 3, "{lines:#?}");
    session.send("stop");
    session.wait_for(1, |line| line.starts_with("bestmove"));
    // Now idle: the same commands work.
    session.send("setoption name Hash value 1");
    session.send("ucinewgame");
    let lines = session.sync();
    assert_eq!(lines.iter().filter(|line| line.contains("a search is running")).count(), 3);
    session.finish();
}

#[test]
fn quit_and_end_of_input_stop_a_running_search() {
    let session = Session::start();
    session.send("go infinite");
    session.wait_for(1, |line| line.starts_with("info depth 1 "));
    session.send("quit");
    let lines = session.finish();
    assert_eq!(lines.iter().filter(|line| line.starts_with("bestmove")).count(), 1);

    let session = Session::start();
    session.send("go infinite");
    let lines = session.finish();
    assert_eq!(lines.iter().filter(|line| line.starts_with("bestmove")).count(), 1);
}

#[test]
fn chess960_castling_is_written_king_takes_rook() {
    let session = Session::start();
    session.send("setoption name UCI_Chess960 value true");
    session.send("position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    session.send("go depth 1 searchmoves e1h1");
    let lines = session.wait_for(1, |line| line.starts_with("bestmove"));
    assert!(lines.iter().any(|line| line.starts_with("bestmove e1h1")), "{lines:#?}");
    session.finish();
}

const WORDS: [&str; 24] = [
    "uci",
    "isready",
    "go",
    "depth",
    "1",
    "2",
    "stop",
    "position",
    "startpos",
    "fen",
    "moves",
    "e2e4",
    "e7e5",
    "setoption",
    "name",
    "Hash",
    "value",
    "ucinewgame",
    "ponderhit",
    "nodes",
    "-3",
    "8/8",
    "w",
    "searchmoves",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Any jumble of protocol words keeps the engine serving: it never
    /// panics and still answers `isready`.
    #[test]
    fn garbage_never_breaks_the_loop(lines in prop::collection::vec(prop::collection::vec(0..WORDS.len(), 0..8), 1..12)) {
        let session = Session::start();
        for words in &lines {
            let line: Vec<&str> = words.iter().map(|&index| WORDS[index]).collect();
            session.send(&line.join(" "));
        }
        session.send("stop");
        session.sync();
        session.finish();
    }
}
