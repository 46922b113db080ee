//! The UCI protocol loop.
//!
//! The input is read on the caller's thread; each `go` runs the search on a
//! thread of its own, so `stop`, `ponderhit` and `isready` are answered
//! while it thinks. Both threads write whole lines to the shared output
//! under a lock. A command that cannot be carried out (bad syntax, a bad
//! FEN, an illegal move, an option that does not exist, `go` during a
//! search) is answered with one `info string` line and changes nothing.

use super::command::{parse_line, Command, GoParams, StartPosition};
use super::go::search_limits;
use super::options::{declarations, parse_change, OptionChange, Options};
use super::report::{bestmove_line, info_line};
use crate::search::{search, SearchRequest, SearchSignals, SearchState};
use bb_movegen::Position;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Duration;

/// Stack for the search thread: recursion is bounded by the maximum ply,
/// but each frame holds a position and a move list.
const SEARCH_STACK_BYTES: usize = 64 * 1024 * 1024;

type SharedOutput = Arc<Mutex<Box<dyn Write + Send>>>;

/// Locks a mutex, recovering the data if a thread panicked while holding it.
fn lock<T: ?Sized>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Writes one line and flushes (GUIs wait for whole lines).
fn emit(output: &SharedOutput, line: &str) {
    let mut writer = lock(output);
    let _ = writeln!(writer, "{line}");
    let _ = writer.flush();
}

struct RunningSearch {
    handle: JoinHandle<()>,
    signals: Arc<SearchSignals>,
    /// Set by the search thread just before it prints `bestmove`: from then
    /// on it only has to exit, so the next command may wait for it. (Thread
    /// exit itself comes a moment after the GUI has seen `bestmove` and may
    /// already have sent the next `go`.)
    done: Arc<AtomicBool>,
    /// The search only ends on `stop` (infinite, ponder, or no limit at all).
    unbounded: bool,
}

/// The engine between commands.
struct Engine {
    output: SharedOutput,
    position: Position,
    /// Keys of the positions before `position` in the current game.
    history: Vec<u64>,
    options: Options,
    state: Arc<Mutex<SearchState>>,
    running: Option<RunningSearch>,
}

/// Runs the UCI protocol: reads commands from `input` until `quit` or the
/// end of input, and writes answers to `output`. At the end of input a
/// search with limits is allowed to finish; one without is stopped. Never
/// panics on any input.
pub fn run_uci<R: BufRead, W: Write + Send + 'static>(mut input: R, output: W) {
    let mut engine = Engine::new(Box::new(output));
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        match input.read_until(b'\n', &mut buffer) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let line = String::from_utf8_lossy(&buffer);
        if !engine.handle_line(&line) {
            break;
        }
    }
    engine.finish_search(false);
}

impl Engine {
    fn new(output: Box<dyn Write + Send>) -> Engine {
        let options = Options::default();
        // The default size is small; if even that fails, fall back to the
        // smallest table rather than give up.
        let state = SearchState::new(options.hash_mb)
            .or_else(|_| SearchState::new(1))
            .or_else(|_| SearchState::new(0));
        let state = match state {
            Ok(state) => state,
            Err(_) => std::process::abort(),
        };
        Engine {
            output: Arc::new(Mutex::new(output)),
            position: Position::startpos(),
            history: Vec::new(),
            options,
            state: Arc::new(Mutex::new(state)),
            running: None,
        }
    }

    fn say(&self, line: &str) {
        emit(&self.output, line);
    }

    fn info_string(&self, message: &str) {
        self.say(&format!("info string {message}"));
    }

    /// Carries out one input line; false when the loop should end.
    fn handle_line(&mut self, line: &str) -> bool {
        self.reap_finished_search();
        let parsed = match parse_line(line) {
            Ok(Some(parsed)) => parsed,
            Ok(None) => return true,
            Err(error) => {
                self.info_string(&error.to_string());
                return true;
            }
        };
        if !parsed.skipped.is_empty() {
            self.info_string(&format!("ignored unknown words: {}", parsed.skipped.join(" ")));
        }
        match parsed.command {
            Command::Uci => {
                self.say(&format!("id name bb {}", env!("CARGO_PKG_VERSION")));
                self.say("id author The bb developers");
                for line in declarations() {
                    self.say(&line);
                }
                self.say("uciok");
            }
            Command::Debug(_) | Command::Register => {}
            Command::IsReady => self.say("readyok"),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::UciNewGame => {
                if self.refuse_while_searching("ucinewgame") {
                    return true;
                }
                lock(&self.state).clear();
            }
            Command::Position { start, moves } => self.set_position(&start, &moves),
            Command::Go(params) => self.go(&params),
            Command::Stop => self.finish_search(true),
            Command::PonderHit => {
                if let Some(running) = &self.running {
                    running.signals.pondering.store(false, Ordering::Release);
                }
            }
            Command::Quit => return false,
            Command::Display => {
                let mut board = String::new();
                let _ = self.position.write_board(&mut board);
                for text in board.lines() {
                    self.say(text);
                }
                self.say(&format!("Fen: {}", self.position));
            }
            Command::Eval => {
                let score = crate::eval::evaluate(&self.position);
                self.info_string(&format!("static evaluation {score} cp (side to move)"));
            }
        }
        true
    }

    /// Joins a search thread that has finished searching.
    fn reap_finished_search(&mut self) {
        if self.running.as_ref().is_some_and(|running| running.done.load(Ordering::Acquire)) {
            self.finish_search(false);
        }
    }

    /// Waits for the running search, if any; with `stop` (or when it has no
    /// limit) tells it to stop first.
    fn finish_search(&mut self, stop: bool) {
        if let Some(running) = self.running.take() {
            if stop || running.unbounded {
                running.signals.pondering.store(false, Ordering::Release);
                running.signals.stop.store(true, Ordering::Release);
            }
            let _ = running.handle.join();
        }
    }

    /// True (after saying why) when a search is running.
    fn refuse_while_searching(&self, what: &str) -> bool {
        if self.running.is_some() {
            self.info_string(&format!("'{what}' ignored: a search is running (send 'stop' first)"));
            return true;
        }
        false
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let change = match parse_change(name, value) {
            Ok(change) => change,
            Err(error) => return self.info_string(&error.to_string()),
        };
        if self.refuse_while_searching("setoption") {
            return;
        }
        match change {
            OptionChange::Hash(megabytes) => {
                let mut state = lock(&self.state);
                match crate::tt::TranspositionTable::new(megabytes) {
                    Ok(table) => {
                        state.tt = table;
                        self.options.hash_mb = megabytes;
                    }
                    Err(error) => {
                        drop(state);
                        self.info_string(&error.to_string());
                    }
                }
            }
            OptionChange::Threads => {}
            OptionChange::MoveOverhead(millis) => self.options.move_overhead_ms = millis,
            OptionChange::ClearHash => lock(&self.state).clear(),
            OptionChange::Ponder(on) => self.options.ponder = on,
            OptionChange::Chess960(on) => self.options.chess960 = on,
        }
    }

    /// `position`: builds the new position and history on the side and only
    /// adopts them when the FEN and every move are valid.
    fn set_position(&mut self, start: &StartPosition, moves: &[String]) {
        let mut position = match start {
            StartPosition::StartPos => Position::startpos(),
            StartPosition::Fen(fen) => match Position::from_fen(fen) {
                Ok(position) => position,
                Err(error) => return self.info_string(&format!("position ignored: {error}")),
            },
        };
        let mut history = Vec::with_capacity(moves.len());
        for (index, text) in moves.iter().enumerate() {
            match position.parse_uci_move(text) {
                Ok(mv) => {
                    history.push(position.zobrist_key());
                    position = position.play(mv);
                }
                Err(error) => {
                    return self.info_string(&format!(
                        "position ignored: move {} '{text}' in {position}: {error}",
                        index + 1
                    ))
                }
            }
        }
        self.position = position;
        self.history = history;
    }

    fn go(&mut self, params: &GoParams) {
        if self.refuse_while_searching("go") {
            return;
        }
        if !params.ignored.is_empty() {
            self.info_string(&format!("go: ignored unknown words: {}", params.ignored.join(" ")));
        }
        let mut search_moves = Vec::new();
        for text in &params.searchmoves {
            match self.position.parse_uci_move(text) {
                Ok(mv) => search_moves.push(mv),
                Err(error) => self.info_string(&format!("searchmoves: '{text}' skipped: {error}")),
            }
        }
        let move_overhead = Duration::from_millis(self.options.move_overhead_ms);
        let limits = search_limits(params, self.position.side_to_move(), move_overhead);
        let unbounded = params.ponder || limits.ends_only_on_stop();
        let signals = Arc::new(SearchSignals::default());
        signals.pondering.store(params.ponder, Ordering::Release);
        let request =
            SearchRequest { position: self.position, history: self.history.clone(), limits, search_moves };
        let done = Arc::new(AtomicBool::new(false));
        let job = SearchJob {
            request,
            chess960: self.options.chess960,
            signals: Arc::clone(&signals),
            done: Arc::clone(&done),
            state: Arc::clone(&self.state),
            output: Arc::clone(&self.output),
        };
        let thread_job = job.clone();
        let spawned = std::thread::Builder::new()
            .name("bb-search".into())
            .stack_size(SEARCH_STACK_BYTES)
            .spawn(move || thread_job.run());
        match spawned {
            Ok(handle) => self.running = Some(RunningSearch { handle, signals, done, unbounded }),
            Err(error) => {
                // No thread: search here, so that a move still comes back.
                self.info_string(&format!("could not start a search thread ({error}); searching inline"));
                if unbounded {
                    signals.stop.store(true, Ordering::Release);
                }
                job.run();
            }
        }
    }
}

/// The work of one `go`, for the search thread.
#[derive(Clone)]
struct SearchJob {
    request: SearchRequest,
    /// `UCI_Chess960` when the search started: how castling is written.
    chess960: bool,
    signals: Arc<SearchSignals>,
    /// See [`RunningSearch::done`].
    done: Arc<AtomicBool>,
    state: Arc<Mutex<SearchState>>,
    output: SharedOutput,
}

impl SearchJob {
    /// Searches, writing an `info` line per report, then `bestmove`.
    fn run(self) {
        let mut state = lock(&self.state);
        let outcome = search(&mut state, &self.request, &self.signals, &mut |progress| {
            emit(&self.output, &info_line(progress, self.chess960))
        });
        drop(state);
        let answer = bestmove_line(&outcome, self.chess960);
        self.done.store(true, Ordering::Release);
        emit(&self.output, &answer);
    }
}
