//! Why a command did not succeed, and the exit code each reason maps to.

use std::fmt;
use std::io;

/// The ways a `bb` command can end other than with success.
#[derive(Debug)]
pub enum Failure {
    /// Bad input (arguments, FEN, moves, files) or an environment problem:
    /// one line on stderr, exit code 2.
    Input(String),
    /// Perft counts disagreed with the expected ones. The mismatches were
    /// already printed on stdout; exit code 1.
    Mismatch,
    /// Whoever read our stdout went away (`bb perft 6 --divide | head`):
    /// nothing more to say, exit quietly.
    OutputClosed,
}

impl Failure {
    /// A bad-input failure with the given message.
    pub fn input(message: impl fmt::Display) -> Failure {
        Failure::Input(message.to_string())
    }
}

impl From<io::Error> for Failure {
    /// Errors writing the output: a closed pipe is the reader's choice, any
    /// other error is reported.
    fn from(error: io::Error) -> Failure {
        if error.kind() == io::ErrorKind::BrokenPipe {
            Failure::OutputClosed
        } else {
            Failure::Input(format!("cannot write the output: {error}"))
        }
    }
}

/// Result of a command.
pub type CommandResult = Result<(), Failure>;
