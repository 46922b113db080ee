//! The UCI protocol loop: when each command is carried out.
//!
//! Three threads. The caller's thread only reads: it parses each line and
//! sends it on a channel, so input is always taken in, however busy the
//! engine is. The session thread takes events off that channel in order
//! and owns the [`Engine`]. Each `go` searches on a thread of its own,
//! which writes its `info` lines and `bestmove` and then sends
//! [`Event::SearchDone`].
//!
//! The rules it follows (what waits, what acts at once, `quit`, the end of
//! input) are documented on the [`uci`](super) module.

use super::command::{parse_line, shorten, Command, CommandError, GoParams, ParsedLine};
use super::engine::Engine;
use super::output::SharedOutput;
use super::reader::{read_line, skip_line, Line, MAX_LINE_BYTES};
use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long `quit` waits for the stopped search thread before returning
/// without it.
pub const QUIT_PATIENCE: Duration = Duration::from_millis(20);

/// What the session thread reacts to.
pub(super) enum Event {
    /// One input line, parsed by the reader.
    Input(Result<Option<ParsedLine>, CommandError>),
    /// The input has ended (or could not be read any more).
    EndOfInput,
    /// The search with this number (see [`Engine::go`]) has written
    /// `bestmove`; its thread is about to exit.
    SearchDone(u64),
}

/// Runs the UCI protocol: reads commands from `input` until `quit` or the
/// end of input, and writes answers to `output`; see the
/// [`uci`](crate::uci) module for what happens when. Returns within
/// milliseconds of `quit`. Never panics on any input.
///
/// ```
/// # use std::io::Write;
/// # use std::sync::{Arc, Mutex};
/// # #[derive(Clone, Default)]
/// # struct Shared(Arc<Mutex<Vec<u8>>>);
/// # impl Write for Shared {
/// #     fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
/// #         self.0.lock().unwrap().write(bytes)
/// #     }
/// #     fn flush(&mut self) -> std::io::Result<()> {
/// #         Ok(())
/// #     }
/// # }
/// // `output` must be `'static`, so the `Vec<u8>` it fills is shared with
/// // the caller through an `Arc<Mutex<_>>` (see the hidden lines).
/// let output = Shared::default();
/// bb_search::run_uci(&b"uci\nisready\nquit\n"[..], output.clone());
/// let text = String::from_utf8(output.0.lock().unwrap().clone()).unwrap();
/// assert!(text.contains("uciok"));
/// assert!(text.contains("readyok"));
/// ```
pub fn run_uci<R: BufRead, W: Write + Send + 'static>(input: R, output: W) {
    let output: SharedOutput = Arc::new(Mutex::new(Box::new(output)));
    let (events, receiver) = channel();
    let session_output = Arc::clone(&output);
    let session_events = events.clone();
    std::thread::scope(|scope| {
        let session = std::thread::Builder::new()
            .name("bb-uci".into())
            .spawn_scoped(scope, move || Session::new(session_output, session_events).run(&receiver));
        match session {
            Ok(handle) => {
                read_input(input, &events);
                // Joined, not left to the scope: the scope only waits for
                // the closure to return, so the thread could still be
                // exiting (freeing its thread-locals) after `run_uci`
                // returned, which LeakSanitizer in the `uci_session` fuzz
                // target once reported as a leak.
                let _ = handle.join();
            }
            Err(_) => {
                // No thread for the session: take the whole input first,
                // then serve it here. Piped input still works.
                let (events, receiver) = channel();
                read_input(input, &events);
                Session::new(output, events).run(&receiver);
            }
        }
    });
}

/// Reads lines until `quit` or the end of input, sending each parsed; a
/// line longer than [`MAX_LINE_BYTES`] is answered with one error as soon
/// as it passes the limit (an endless line would otherwise never be), and
/// then skipped.
fn read_input<R: BufRead>(mut input: R, events: &Sender<Event>) {
    let mut buffer = Vec::new();
    loop {
        let line = read_line(&mut input, &mut buffer, MAX_LINE_BYTES);
        let parsed = match line {
            Line::End => break,
            Line::Complete => parse_line(&String::from_utf8_lossy(&buffer)),
            Line::TooLong => Err(CommandError::LineTooLong { limit: MAX_LINE_BYTES }),
        };
        let quit = matches!(&parsed, Ok(Some(ParsedLine { command: Command::Quit, .. })));
        if events.send(Event::Input(parsed)).is_err() || quit {
            return;
        }
        if line == Line::TooLong && !skip_line(&mut input) {
            break;
        }
    }
    let _ = events.send(Event::EndOfInput);
}

/// A command waiting for the running search to end.
enum Waiting {
    /// A `go`; `stop` is set when a `stop` came after it.
    Go { params: GoParams, stop: bool },
    /// Anything else that needs the engine idle.
    Other(Command),
}

/// The session thread's state.
struct Session {
    engine: Engine,
    /// Commands that came during the search, in order.
    waiting: VecDeque<Waiting>,
    input_closed: bool,
}

impl Session {
    fn new(output: SharedOutput, events: Sender<Event>) -> Session {
        Session { engine: Engine::new(output, events), waiting: VecDeque::new(), input_closed: false }
    }

    /// Handles events until `quit`, or until the input has ended and
    /// everything is done.
    fn run(mut self, events: &Receiver<Event>) {
        while let Ok(event) = events.recv() {
            match event {
                Event::Input(parsed) => {
                    if !self.on_input(parsed) {
                        self.waiting.clear();
                        self.engine.quit(QUIT_PATIENCE);
                        return;
                    }
                }
                Event::SearchDone(number) => self.engine.search_ended(number),
                Event::EndOfInput => {
                    self.input_closed = true;
                    self.engine.end_of_input();
                }
            }
            self.carry_out_waiting();
            if self.input_closed && !self.engine.is_searching() && self.waiting.is_empty() {
                return;
            }
        }
    }

    /// Handles one parsed line; false on `quit`.
    fn on_input(&mut self, parsed: Result<Option<ParsedLine>, CommandError>) -> bool {
        let parsed = match parsed {
            Ok(Some(parsed)) => parsed,
            Ok(None) => return true,
            Err(error) => {
                self.engine.info_string(&error.to_string());
                return true;
            }
        };
        if !parsed.skipped.is_empty() {
            let words = parsed.skipped.join(" ");
            self.engine.info_string(&format!("ignored unknown words: {}", shorten(&words)));
        }
        match parsed.command {
            Command::Quit => return false,
            Command::IsReady => self.engine.say("readyok"),
            Command::Stop => {
                self.engine.stop();
                for waiting in &mut self.waiting {
                    if let Waiting::Go { stop, .. } = waiting {
                        *stop = true;
                    }
                }
            }
            Command::PonderHit => {
                self.engine.ponderhit();
                for waiting in &mut self.waiting {
                    if let Waiting::Go { params, .. } = waiting {
                        params.ponder = false;
                    }
                }
            }
            Command::Go(params) => self.waiting.push_back(Waiting::Go { params, stop: false }),
            other => self.waiting.push_back(Waiting::Other(other)),
        }
        true
    }

    /// Carries out waiting commands in order until one starts a search.
    fn carry_out_waiting(&mut self) {
        while !self.engine.is_searching() {
            match self.waiting.pop_front() {
                Some(Waiting::Go { params, stop }) => self.engine.go(&params, stop),
                Some(Waiting::Other(command)) => self.engine.execute(command),
                None => return,
            }
        }
    }
}
