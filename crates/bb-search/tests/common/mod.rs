//! A GUI's side of the UCI loop, in process: commands go to `run_uci`
//! through a channel (so the engine sees them arrive while it searches) and
//! the answers are read back from a shared buffer. Also a small seeded
//! random number generator and random games, for the pipelining tests and
//! the chaos soak.

#![allow(dead_code)] // each test file uses a different part

use bb_movegen::{Move, Position};
use std::io::{BufReader, Read, Write};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Input that yields the lines sent on a channel; end of input when the sender is dropped.
pub struct ChannelInput {
    lines: Receiver<String>,
    pending: Vec<u8>,
}

impl ChannelInput {
    pub fn new(lines: Receiver<String>) -> ChannelInput {
        ChannelInput { lines, pending: Vec::new() }
    }
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
pub struct SharedOutput(pub Arc<Mutex<Vec<u8>>>);

impl Write for SharedOutput {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

pub struct Session {
    input: Option<Sender<String>>,
    output: SharedOutput,
    engine: Option<JoinHandle<()>>,
}

/// Generous bound for things that should take milliseconds; only a hang fails.
pub const PATIENCE: Duration = Duration::from_secs(20);

impl Session {
    pub fn start() -> Session {
        let (sender, receiver) = channel();
        let output = SharedOutput::default();
        let writer = output.clone();
        let engine = std::thread::spawn(move || {
            let input = BufReader::new(ChannelInput { lines: receiver, pending: Vec::new() });
            bb_search::run_uci(input, writer);
        });
        Session { input: Some(sender), output, engine: Some(engine) }
    }

    pub fn send(&self, line: &str) {
        self.input.as_ref().unwrap().send(line.to_string()).unwrap();
    }

    pub fn lines(&self) -> Vec<String> {
        String::from_utf8_lossy(&self.output.0.lock().unwrap()).lines().map(str::to_string).collect()
    }

    /// Waits until `count` lines satisfy `wanted` and returns all lines by then.
    pub fn wait_for(&self, count: usize, wanted: impl Fn(&str) -> bool) -> Vec<String> {
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
    pub fn sync(&self) -> Vec<String> {
        let before = self.lines().iter().filter(|line| *line == "readyok").count();
        self.send("isready");
        self.wait_for(before + 1, |line| line == "readyok")
    }

    pub fn bestmoves(&self) -> Vec<String> {
        self.lines().into_iter().filter(|line| line.starts_with("bestmove")).collect()
    }

    /// Closes the input and waits for the loop to end.
    pub fn finish(mut self) -> Vec<String> {
        self.input.take();
        self.engine.take().unwrap().join().expect("the UCI loop does not panic");
        self.lines()
    }
}

/// The move of a `bestmove` line.
pub fn bestmove_text(line: &str) -> &str {
    line.split_whitespace().nth(1).unwrap()
}

/// The position after `moves` (UCI text) from `start`.
pub fn after(start: &Position, moves: &[String]) -> Position {
    moves.iter().fold(*start, |position, text| position.play(position.parse_uci_move(text).expect("legal")))
}

/// True when `line` is `bestmove <m> [ponder <r>]` with `m` legal in
/// `position` (`0000` exactly when there is no legal move) and `r` legal
/// after it.
pub fn is_legal_bestmove(position: &Position, line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first() != Some(&"bestmove") || !(words.len() == 2 || words.len() == 4) {
        return false;
    }
    if position.legal_moves().is_empty() {
        return words == ["bestmove", "0000"];
    }
    let Ok(best) = position.parse_uci_move(words[1]) else { return false };
    match words.get(2..) {
        Some([ponder, reply]) => *ponder == "ponder" && position.play(best).parse_uci_move(reply).is_ok(),
        _ => true,
    }
}

/// The environment variable by which `cargo xtask ci` shrinks the heaviest
/// randomized tests where they run under an emulator (their count of games,
/// pairs or cases is divided by it): every check still runs there, on fewer
/// random inputs, while the host targets run them whole.
pub const SCALE_DOWN_VARIABLE: &str = "BB_TEST_SCALE_DOWN";

/// `full`, divided by [`SCALE_DOWN_VARIABLE`] when it is set; at least 1.
pub fn scaled(full: u64) -> u64 {
    (full / env_number(SCALE_DOWN_VARIABLE, 1).max(1)).max(1)
}

/// The number in the environment variable `name`, or `default`.
pub fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|text| text.parse().ok()).unwrap_or(default)
}

/// A xorshift64* generator: the soak's moments and choices, reproducible
/// from a seed.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..bound`.
    pub fn below(&mut self, bound: u64) -> u64 {
        self.next() % bound.max(1)
    }

    /// True with probability `percent`/100.
    pub fn percent(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

/// A random legal move of `position`, if it has one.
pub fn random_move(rng: &mut Rng, position: &Position) -> Option<Move> {
    let moves = position.legal_moves();
    let list = moves.as_slice();
    (!list.is_empty()).then(|| list[rng.below(list.len() as u64) as usize])
}

/// Up to `plies` random moves from the start position (fewer when a game ends), as UCI text.
pub fn random_game(rng: &mut Rng, plies: usize) -> Vec<String> {
    let mut position = Position::startpos();
    let mut moves = Vec::new();
    while moves.len() < plies {
        let Some(mv) = random_move(rng, &position) else { break };
        moves.push(mv.uci(false).to_string());
        position = position.play(mv);
    }
    moves
}

/// Runs the UCI loop on the calling thread over the whole `script` at once
/// (as `bb < file` does) and returns what it wrote. Needs no thread of the
/// test's own, so it also runs where none can be started (wasm32-wasip1).
pub fn run_script(script: &[&str]) -> Vec<String> {
    let output = SharedOutput::default();
    let input = script.iter().map(|line| format!("{line}\n")).collect::<String>();
    bb_search::run_uci(std::io::Cursor::new(input.into_bytes()), output.clone());
    let bytes = output.0.lock().unwrap().clone();
    String::from_utf8_lossy(&bytes).lines().map(str::to_string).collect()
}
