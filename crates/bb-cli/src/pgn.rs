//! `bb pgn FILE`: checks every game of a PGN file.

use crate::args::PgnArgs;
use crate::failure::{CommandResult, Failure};

/// Runs `bb pgn`.
pub fn run(options: PgnArgs) -> CommandResult {
    Err(Failure::input(format!("cannot check '{}': PGN reading is not built yet", options.file)))
}
