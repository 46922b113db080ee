//! The engine between commands: the position, the options, the search
//! state, and carrying out every command that is not answered on arrival.
//!
//! [`session`](super::session) decides *when* a command is carried out
//! (at once, or after the running search); this module says *what* it does.
//! A command that cannot be carried out (a bad FEN, an illegal move, an
//! option that does not exist, a table the system cannot give) is answered
//! with one `info string` line and changes nothing.

use super::book::{BookPick, EngineBook};
use super::command::{shorten, Command, GoParams, StartPosition};
use super::go::search_limits;
use super::options::{declarations, parse_change, OptionChange, Options};
use super::output::{emit, lock, SharedOutput};
use super::search_thread::{RunningSearch, SearchJob};
use super::session::Event;
use crate::nnue::Network;
use crate::search::{SearchRequest, SearchSignals, SearchState};
use bb_movegen::Position;
use std::sync::atomic::Ordering;
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The engine between commands.
pub(super) struct Engine {
    output: SharedOutput,
    /// Handed to each search, which reports its end on it.
    events: Sender<Event>,
    position: Position,
    /// Keys of the positions before `position` in the current game.
    history: Vec<u64>,
    options: Options,
    state: Arc<Mutex<SearchState>>,
    /// The opening book of `BookFile`, used when `OwnBook` is on.
    book: EngineBook,
    /// The network of `EvalFile` (the embedded one by default), which
    /// evaluates when `Use NNUE` is on.
    network: Arc<Network>,
    running: Option<RunningSearch>,
    /// `go`s started so far: numbers each search, so that a late
    /// [`Event::SearchDone`] is never taken for the current search's.
    searches: u64,
    /// No more input will come: a search that only `stop` could end is
    /// stopped (it still completes its first iteration).
    input_closed: bool,
}

impl Engine {
    pub fn new(output: SharedOutput, events: Sender<Event>) -> Engine {
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
            output,
            events,
            position: Position::startpos(),
            history: Vec::new(),
            options,
            state: Arc::new(Mutex::new(state)),
            book: EngineBook::new(),
            network: crate::nnue::embedded(),
            running: None,
            searches: 0,
            input_closed: false,
        }
    }

    pub fn say(&self, line: &str) {
        emit(&self.output, line);
    }

    pub fn info_string(&self, message: &str) {
        self.say(&format!("info string {message}"));
    }

    /// True from `go` until the search thread has been joined.
    pub fn is_searching(&self) -> bool {
        self.running.is_some()
    }

    /// Carries out a command that needs the engine idle (everything but
    /// `isready`, `stop`, `ponderhit` and `quit`, which the session
    /// handles itself, and `go`, which is [`Engine::go`]).
    pub fn execute(&mut self, command: Command) {
        match command {
            Command::Uci => {
                self.say(&format!("id name bb {}", env!("CARGO_PKG_VERSION")));
                self.say("id author The bb developers");
                for line in declarations() {
                    self.say(&line);
                }
                self.say("uciok");
            }
            Command::Debug(_) | Command::Register => {}
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::UciNewGame => lock(&self.state).clear(),
            Command::Position { start, moves } => self.set_position(&start, &moves),
            Command::Go(params) => self.go(&params, false),
            Command::Display => {
                let mut board = String::new();
                let _ = self.position.write_board(&mut board);
                for text in board.lines() {
                    self.say(text);
                }
                self.say(&format!("Fen: {}", self.position));
            }
            Command::Eval => {
                let state = lock(&self.state);
                let (score, by) = match state.network() {
                    Some(network) => {
                        let accumulator = crate::nnue::Accumulator::new(network, &self.position);
                        (network.evaluate(&accumulator, &self.position), "network")
                    }
                    None => (crate::eval::evaluate(&self.position), "hand-written"),
                };
                drop(state);
                self.info_string(&format!("static evaluation {score} cp (side to move, {by})"));
            }
            Command::IsReady => self.say("readyok"),
            Command::Stop => self.stop(),
            Command::PonderHit => self.ponderhit(),
            Command::Quit => {}
        }
    }

    /// `stop`: ends the running search (it answers `bestmove` promptly).
    pub fn stop(&self) {
        if let Some(running) = &self.running {
            running.stop();
        }
    }

    /// `ponderhit`: the running search stops pondering; its clock starts.
    pub fn ponderhit(&self) {
        if let Some(running) = &self.running {
            running.ponderhit();
        }
    }

    /// Joins the thread of search `number` once it has said `bestmove`.
    pub fn search_ended(&mut self, number: u64) {
        if self.running.as_ref().is_some_and(|running| running.number == number) {
            if let Some(running) = self.running.take() {
                let _ = running.handle.join();
            }
        }
    }

    /// The end of the input: from now on, a search that only `stop` could
    /// end is stopped, the running one included.
    pub fn end_of_input(&mut self) {
        self.input_closed = true;
        if self.running.as_ref().is_some_and(RunningSearch::waits_for_stop) {
            self.stop();
        }
    }

    /// `quit`: stops the search and gives its thread `patience` to finish;
    /// past that it is left behind (the process is about to end).
    pub fn quit(&mut self, patience: Duration) {
        if let Some(running) = self.running.take() {
            running.stop();
            running.join_within(patience);
        }
    }

    /// `setoption`. A new table is allocated before the old one goes, so a
    /// size the system refuses leaves the old table in place.
    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let change = match parse_change(name, value) {
            Ok(change) => change,
            Err(error) => return self.info_string(&error.to_string()),
        };
        match change {
            OptionChange::Hash(megabytes) => match crate::tt::TranspositionTable::new(megabytes) {
                Ok(table) => {
                    // The old table is dropped here: a big one is freed on
                    // a thread of its own (see `tt`).
                    lock(&self.state).tt = table;
                    self.options.hash_mb = megabytes;
                }
                Err(error) => {
                    self.info_string(&format!("{error}; keeping the {} MB table", self.options.hash_mb))
                }
            },
            OptionChange::Threads(threads) => lock(&self.state).set_threads(threads),
            OptionChange::MoveOverhead(millis) => self.options.move_overhead_ms = millis,
            OptionChange::ClearHash => lock(&self.state).clear(),
            OptionChange::MultiPv(lines) => self.options.multi_pv = lines,
            OptionChange::Ponder(on) => self.options.ponder = on,
            OptionChange::Chess960(on) => self.options.chess960 = on,
            OptionChange::LimitStrength(on) => {
                self.options.limit_strength = on;
                self.apply_evaluation();
            }
            OptionChange::Elo(elo) => self.options.elo = elo,
            OptionChange::OwnBook(on) => self.options.own_book = on,
            OptionChange::UseNnue(on) => {
                self.options.use_nnue = on;
                self.apply_evaluation();
            }
            OptionChange::EvalFile(path) => self.set_eval_file(path),
            #[cfg(any(test, feature = "tune"))]
            OptionChange::SearchParam(name, value) => {
                if let Err(error) = crate::search::params::set(name, value) {
                    self.info_string(&format!("option '{name}': {error}"));
                }
            }
            OptionChange::BookFile(path) => {
                if let Err(error) = self.book.set_file(path.as_deref()) {
                    let kept = match self.book.path() {
                        Some(old) => format!("keeping the book '{}'", shorten(old)),
                        None => "no book loaded".to_string(),
                    };
                    let path = path.as_deref().unwrap_or_default();
                    self.info_string(&format!("BookFile '{}': {error}; {kept}", shorten(path)));
                }
            }
        }
    }

    /// `EvalFile`: the network in `path`, or the embedded one without a
    /// path, is the network from the next search on. A file that cannot be
    /// read or is not a network changes nothing.
    fn set_eval_file(&mut self, path: Option<String>) {
        let Some(path) = path else {
            self.network = crate::nnue::embedded();
            return self.apply_evaluation();
        };
        match Network::read(std::path::Path::new(&path)) {
            Ok(network) => {
                self.network = Arc::new(network);
                self.apply_evaluation();
            }
            Err(error) => {
                self.info_string(&format!("EvalFile '{}': {error}; keeping the network", shorten(&path)))
            }
        }
    }

    /// Gives the search the evaluation `Use NNUE` and `EvalFile` ask for.
    /// With `UCI_LimitStrength` on, the hand-written evaluation plays: the
    /// node budgets of `UCI_Elo` were calibrated on the ladder with it.
    fn apply_evaluation(&mut self) {
        let with_network = self.options.use_nnue && !self.options.limit_strength;
        let network = with_network.then(|| self.network.clone());
        lock(&self.state).set_network(network);
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
                        "position ignored: move {} '{}' in {position}: {error}",
                        index + 1,
                        shorten(text)
                    ))
                }
            }
        }
        self.position = position;
        self.history = history;
    }

    /// `go`: starts the search on its own thread. With `stop_at_once` (a
    /// `stop` came while this `go` waited) the search is stopped as it
    /// starts, and so is one that only `stop` could end once the input is
    /// closed: either still completes its first iteration and answers.
    pub fn go(&mut self, params: &GoParams, stop_at_once: bool) {
        debug_assert!(self.running.is_none(), "the session starts one search at a time");
        if !params.ignored.is_empty() {
            let words = params.ignored.join(" ");
            self.info_string(&format!("go: ignored unknown words: {}", shorten(&words)));
        }
        let mut search_moves = Vec::new();
        for text in &params.searchmoves {
            match self.position.parse_uci_move(text) {
                Ok(mv) => search_moves.push(mv),
                Err(error) => self.info_string(&format!("searchmoves: '{}' skipped: {error}", shorten(text))),
            }
        }
        let move_overhead = Duration::from_millis(self.options.move_overhead_ms);
        let mut limits = search_limits(params, self.position.side_to_move(), move_overhead);
        // Analysis (`go infinite`, or `go` with no limit) is not play: it
        // runs at full strength.
        if self.options.limit_strength && !limits.ends_only_on_stop() {
            let budget = crate::strength::node_budget(self.options.elo);
            limits.nodes = Some(limits.nodes.map_or(budget, |nodes| nodes.min(budget)));
        }
        let ends_only_on_stop = limits.ends_only_on_stop();
        if let Some(pick) = self.book_move(params, ends_only_on_stop) {
            // Answered here, on the session thread, before the next
            // command is taken: the same order as a search's `bestmove`.
            let mv = pick.mv.uci(self.options.chess960);
            self.info_string(&format!("book move {mv} (weight {} of {})", pick.weight, pick.total));
            return self.say(&format!("bestmove {mv}"));
        }
        let signals = Arc::new(SearchSignals::default());
        signals.pondering.store(params.ponder, Ordering::Release);
        let request = SearchRequest {
            position: self.position,
            history: self.history.clone(),
            limits,
            search_moves,
            multi_pv: self.options.multi_pv,
        };
        self.searches += 1;
        let job = SearchJob {
            request,
            chess960: self.options.chess960,
            signals: Arc::clone(&signals),
            state: Arc::clone(&self.state),
            output: Arc::clone(&self.output),
            events: self.events.clone(),
            number: self.searches,
        };
        let waits_for_stop = ends_only_on_stop || params.ponder;
        if stop_at_once || (self.input_closed && waits_for_stop) {
            signals.pondering.store(false, Ordering::Release);
            signals.stop.store(true, Ordering::Release);
        }
        match job.spawn() {
            Ok(handle) => {
                self.running =
                    Some(RunningSearch { number: self.searches, handle, signals, ends_only_on_stop })
            }
            Err(error) => {
                // No thread: search here, so that a move still comes back.
                self.info_string(&format!("could not start a search thread ({error}); searching inline"));
                if waits_for_stop {
                    signals.stop.store(true, Ordering::Release);
                }
                job.run();
            }
        }
    }

    /// The book move `go` answers with, if `OwnBook` is on and the book
    /// has one. Only for a `go` that would end by itself: `go infinite`,
    /// `go ponder` and `go` alone must not answer before `stop` (or
    /// `ponderhit`), so they search; nor with `searchmoves`, which the
    /// book knows nothing of. A book that fails to read is reported and
    /// the engine searches.
    fn book_move(&mut self, params: &GoParams, ends_only_on_stop: bool) -> Option<BookPick> {
        if !self.options.own_book || params.ponder || ends_only_on_stop || !params.searchmoves.is_empty() {
            return None;
        }
        match self.book.pick(&self.position) {
            Ok(pick) => pick,
            Err(error) => {
                let path = self.book.path().unwrap_or_default().to_string();
                self.info_string(&format!("book '{}': {error}; searching", shorten(&path)));
                None
            }
        }
    }
}
