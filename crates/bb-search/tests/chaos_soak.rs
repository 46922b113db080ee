//! The chaos soak (issue #17, point 7): a client plays many fast games
//! against the UCI loop and, at random moments, interleaves `stop`,
//! `isready`, `position`, `ucinewgame`, `setoption name Hash`, pipelined
//! `go`s, `go infinite` / `go ponder` with their `stop` / `ponderhit`, and
//! sudden `quit`s (after which a new engine takes over the game).
//!
//! Checked: every `go` gets exactly one `bestmove`, in order, legal in the
//! position it was sent for (`0000` exactly when there is none); every
//! `isready` gets a `readyok`; no other line than `info` (never `info
//! string`: the client sends nothing wrong), `bestmove` and `readyok`; no
//! hang (every wait has a watchdog); `quit` ends the loop promptly.
//!
//! `BB_SOAK_GAMES` (default 20, about five seconds; under an emulator in
//! `cargo xtask ci`, 20 scaled down by `BB_TEST_SCALE_DOWN`) and
//! `BB_SOAK_SEED` set the length and the randomness; the figures are
//! printed (`--nocapture`).

// These tests talk to a running engine from a second thread; wasm32-wasip1
// has no threads, and `uci_script.rs` drives the engine there.
#![cfg(not(target_family = "wasm"))]

mod common;

use bb_movegen::Position;
use common::{after, env_number, is_legal_bestmove, random_move, scaled, Rng};
use std::collections::VecDeque;
use std::io::{BufReader, Write};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Watchdog: no answer may take this long, however loaded the machine.
const WATCHDOG: Duration = Duration::from_secs(60);
/// `quit` must end the loop within 50 ms; this bound only catches a hang
/// or a search run to its limits on a loaded machine.
const QUIT_BOUND: Duration = Duration::from_secs(2);

/// Output that sends each complete line on a channel.
struct LineSender {
    lines: Sender<String>,
    partial: Vec<u8>,
}

impl Write for LineSender {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        for &byte in bytes {
            if byte == b'\n' {
                let line = String::from_utf8_lossy(&self.partial).into_owned();
                self.partial.clear();
                let _ = self.lines.send(line);
            } else {
                self.partial.push(byte);
            }
        }
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// One `run_uci` in process, and what the client still expects of it.
struct Engine {
    input: Option<Sender<String>>,
    output: Receiver<String>,
    ended: Receiver<()>,
    thread: Option<JoinHandle<()>>,
    /// Positions of the `go`s not answered yet, oldest first.
    pending_gos: VecDeque<Position>,
    pending_readyoks: usize,
}

impl Engine {
    fn start() -> Engine {
        let (input, receiver) = channel::<String>();
        let (lines, output) = channel();
        let (done, ended) = channel();
        let thread = std::thread::spawn(move || {
            let reader = BufReader::new(common::ChannelInput::new(receiver));
            bb_search::run_uci(reader, LineSender { lines, partial: Vec::new() });
            let _ = done.send(());
        });
        Engine {
            input: Some(input),
            output,
            ended,
            thread: Some(thread),
            pending_gos: VecDeque::new(),
            pending_readyoks: 0,
        }
    }
}

/// The soak's counts.
#[derive(Debug, Default)]
struct Figures {
    games: u64,
    plies: u64,
    commands: u64,
    gos: u64,
    bestmoves: u64,
    readyoks: u64,
    stops: u64,
    quits: u64,
    /// `go`s sent just before a `quit`, whose answer no longer matters.
    abandoned: u64,
    max_quit: Duration,
}

struct Client {
    rng: Rng,
    engine: Engine,
    figures: Figures,
    /// The last commands sent, for the failure message.
    recent: VecDeque<String>,
}

impl Client {
    fn send(&mut self, line: &str) {
        if let Some(input) = &self.engine.input {
            input.send(line.to_string()).expect("the loop reads its input until quit");
        }
        self.figures.commands += 1;
        if self.recent.len() == 40 {
            self.recent.pop_front();
        }
        self.recent.push_back(line.to_string());
    }

    fn fail(&self, what: &str) -> ! {
        panic!(
            "{what}\nlast commands:\n{}\nfigures: {:?}",
            Vec::from(self.recent.clone()).join("\n"),
            self.figures
        );
    }

    fn go(&mut self, position: &Position, command: &str) {
        self.send(command);
        self.engine.pending_gos.push_back(*position);
        self.figures.gos += 1;
    }

    fn isready(&mut self) {
        self.send("isready");
        self.engine.pending_readyoks += 1;
    }

    /// Reads one line and checks it; returns the `bestmove` line, if it was one.
    fn read_line(&mut self) -> Option<String> {
        let line = match self.engine.output.recv_timeout(WATCHDOG) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => self.fail("hang: no answer within the watchdog"),
            Err(RecvTimeoutError::Disconnected) => self.fail("the engine closed its output"),
        };
        if line.starts_with("bestmove") {
            let Some(position) = self.engine.pending_gos.pop_front() else {
                self.fail(&format!("a bestmove no go asked for: {line}"))
            };
            if !is_legal_bestmove(&position, &line) {
                self.fail(&format!("illegal or malformed '{line}' in {position}"));
            }
            self.figures.bestmoves += 1;
            return Some(line);
        }
        if line == "readyok" {
            if self.engine.pending_readyoks == 0 {
                self.fail("a readyok no isready asked for");
            }
            self.engine.pending_readyoks -= 1;
            self.figures.readyoks += 1;
        } else if !line.starts_with("info ") || line.starts_with("info string") {
            self.fail(&format!("protocol error: '{line}'"));
        }
        None
    }

    /// Reads until every `go` and `isready` sent has been answered; returns
    /// the `bestmove` lines in order.
    fn settle(&mut self) -> Vec<String> {
        let mut answers = Vec::new();
        while !self.engine.pending_gos.is_empty() || self.engine.pending_readyoks > 0 {
            answers.extend(self.read_line());
        }
        answers
    }

    /// A sudden `quit`: the loop must end promptly; a new engine takes over.
    fn quit_and_restart(&mut self) {
        self.send("quit");
        let sent = Instant::now();
        match self.engine.ended.recv_timeout(QUIT_BOUND) {
            Ok(()) => {}
            Err(_) => self.fail("quit did not end the loop"),
        }
        self.figures.max_quit = self.figures.max_quit.max(sent.elapsed());
        self.figures.quits += 1;
        self.figures.abandoned += self.engine.pending_gos.len() as u64;
        if let Some(thread) = self.engine.thread.take() {
            thread.join().expect("the loop does not panic");
        }
        // Whatever the old engine said after `quit` no longer matters.
        self.engine = Engine::start();
    }

    fn sleep_a_little(&mut self) {
        std::thread::sleep(Duration::from_micros(self.rng.below(3000)));
    }

    /// A `go` with random limits, all of which end by themselves quickly.
    fn bounded_go(&mut self) -> String {
        match self.rng.below(10) {
            0..=2 => format!("go movetime {}", 1 + self.rng.below(5)),
            3..=5 => format!("go depth {}", 1 + self.rng.below(3)),
            6..=8 => format!("go nodes {}", 100 + self.rng.below(3000)),
            _ => {
                let time = 60 + self.rng.below(400);
                format!("go wtime {time} btime {time} winc 5 binc 5")
            }
        }
    }

    /// One move of the game: returns the move chosen, or `None` at its end.
    fn ply(&mut self, moves: &[String]) -> Option<String> {
        let position = after(&Position::startpos(), moves);
        let command = format!("position startpos moves {}", moves.join(" "));
        self.send(&command);
        let style = self.rng.below(100);
        if style < 2 {
            // A sudden quit during a search; the new engine plays the move.
            let go = self.bounded_go();
            self.go(&position, &go);
            self.sleep_a_little();
            self.quit_and_restart();
            return random_move(&mut self.rng, &position).map(|mv| mv.uci(false).to_string());
        }
        if style < 12 {
            // A search that only stop (or ponderhit) ends.
            let go =
                ["go infinite", "go ponder", "go ponder wtime 300 btime 300"][self.rng.below(3) as usize];
            self.go(&position, go);
            self.sleep_a_little();
            if self.rng.percent(50) {
                self.isready();
            }
            let ender = if go.contains("wtime") && self.rng.percent(50) { "ponderhit" } else { "stop" };
            self.send(ender);
            self.figures.stops += u64::from(ender == "stop");
        } else {
            let go = self.bounded_go();
            self.go(&position, &go);
            self.interleave(moves);
        }
        let answers = self.settle();
        let best = answers.first().expect("the ply's own go was answered first");
        let mv = best.split_whitespace().nth(1).expect("a move");
        (mv != "0000").then(|| mv.to_string())
    }

    /// Random commands while the ply's search runs.
    fn interleave(&mut self, moves: &[String]) {
        for _ in 0..self.rng.below(4) {
            match self.rng.below(7) {
                0 => self.isready(),
                1 => {
                    self.sleep_a_little();
                    self.send("stop");
                    self.figures.stops += 1;
                }
                2 => {
                    let megabytes = 1 << self.rng.below(6);
                    self.send(&format!("setoption name Hash value {megabytes}"));
                }
                3 => self.send("ucinewgame"),
                _ => {
                    // A pipelined search of an earlier position of the game,
                    // then the game's position again.
                    let earlier = &moves[..self.rng.below(moves.len() as u64 + 1) as usize];
                    let position = after(&Position::startpos(), earlier);
                    self.send(&format!("position startpos moves {}", earlier.join(" ")));
                    let go = self.bounded_go();
                    self.go(&position, &go);
                    self.send(&format!("position startpos moves {}", moves.join(" ")));
                }
            }
        }
    }

    fn game(&mut self) {
        if self.rng.percent(70) {
            self.send("ucinewgame");
        }
        self.isready();
        self.settle();
        let length = 10 + self.rng.below(70) as usize;
        let mut moves: Vec<String> = Vec::new();
        while moves.len() < length {
            let Some(mv) = self.ply(&moves) else { break };
            moves.push(mv);
            self.figures.plies += 1;
        }
        self.figures.games += 1;
    }
}

#[test]
fn chaos_soak() {
    let games = env_number("BB_SOAK_GAMES", scaled(20));
    let seed = env_number("BB_SOAK_SEED", 17);
    let mut client = Client {
        rng: Rng::new(seed),
        engine: Engine::start(),
        figures: Figures::default(),
        recent: VecDeque::new(),
    };
    let start = Instant::now();
    for _ in 0..games {
        client.game();
    }
    client.quit_and_restart();
    let figures = &client.figures;
    eprintln!("chaos soak, seed {seed}: {figures:?}, {:.1} s", start.elapsed().as_secs_f64());
    assert_eq!(figures.games, games);
    assert_eq!(
        figures.bestmoves + figures.abandoned,
        figures.gos,
        "every go answered or abandoned to a quit"
    );
}
