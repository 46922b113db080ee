//! The Universal Chess Interface: command parsing, options and the protocol loop.
//!
//! - [`command`]: lines to typed commands; [`options`]: the options and
//!   `setoption`; [`go`]: `go` to the search's limits; [`report`]: `info`
//!   and `bestmove` text.
//! - `session`: the loop, [`run_uci`]: what is carried out when (commands
//!   during a search wait, `stop`/`ponderhit`/`isready`/`quit` act at once;
//!   `quit` and the end of input); `engine`: what each command does;
//!   `search_thread`: one `go` on its own thread; `output`: the shared,
//!   line-at-a-time output; `reader`: lines read with bounded memory;
//!   `book`: the Polyglot opening book of `BookFile`.
//!
//! # Opening book
//!
//! With `OwnBook` on and a Polyglot book loaded by `BookFile`, a `go` in
//! a book position answers `info string book move <move> (weight <w> of
//! <total>)` and `bestmove <move>` at once, without searching, picking
//! among the book moves at random by weight. It is answered on the session
//! thread when the `go` is carried out, so it keeps its place among the
//! other commands like any `bestmove`. `go infinite`, `go ponder`, `go`
//! alone and `go searchmoves ...` always search (the first three must not
//! answer before `stop`). `BookFile` opens the book at once: a path that
//! fails is one `info string` naming it and the error, and the book loaded
//! before stays; an empty value (or `<empty>`) unloads the book.
//!
//! # Hostile input
//!
//! Words are split by the FEN rule ([`bb_movegen::split_fields`]: runs of
//! ASCII spaces and tabs), so UCI and the CLI accept the same FENs. A line
//! longer than [`MAX_LINE_BYTES`] (4 MiB) is refused with one
//! `info string` as soon as it passes the limit (so an endless line such
//! as `/dev/zero` is answered at once) and skipped to its newline without
//! being stored. Text
//! echoed back in an `info string` is cut to [`command::ECHO_CHARS`]
//! characters followed by `…`.
//!
//! # Commands during a search, `quit` and the end of input
//!
//! **No command is lost.** While a search runs:
//! - `isready` is answered `readyok` at once;
//! - `stop` stops the running search at once, and also every `go` still
//!   waiting (each is stopped as it starts, completes its first iteration
//!   and answers a legal `bestmove`): a `stop` ends every search asked
//!   for before it;
//! - `ponderhit` applies at once to the running search and to every
//!   waiting `go ponder` (which then starts as a normal search);
//! - `quit` acts at once (below);
//! - every other command (`go`, `position`, `ucinewgame`, `setoption`,
//!   `uci`, ...) waits until the running search has ended, by its own
//!   limits or on `stop`, and is then carried out, in the order the
//!   commands came. A `go` during `go infinite` or `go ponder` therefore
//!   waits for the `stop` (or `ponderhit`) that UCI says must come first.
//!   A line that does not parse is answered with `info string` on arrival.
//!
//! **`quit`** stops the running search, forgets the commands still
//! waiting and returns within [`QUIT_PATIENCE`] plus a few milliseconds:
//! the search thread is joined if it ends in that time (it polls its stop
//! signal every thousand nodes, so it does), and is otherwise left behind.
//!
//! **End of input** counts as a `quit` that first lets everything finish:
//! the waiting commands are carried out, a search with limits runs to them
//! and prints its `bestmove`, and a search that only `stop` could end
//! (`go infinite`, `go ponder` without a `ponderhit`, `go` alone) is
//! stopped, completes its first iteration and prints its `bestmove`. So
//! `printf 'position startpos\ngo depth 5\n' | bb` prints one `bestmove`.

mod book;
pub mod command;
mod engine;
pub mod go;
pub mod options;
mod output;
mod reader;
pub mod report;
mod search_thread;
mod session;

pub use reader::MAX_LINE_BYTES;
pub use session::{run_uci, QUIT_PATIENCE};
