//! `bb pgn FILE [--uci]`: checks every game of a PGN file with bb-movegen's
//! streaming reader. Each game with an error gets one line naming the game,
//! the line and the first move that cannot be played; the other games are
//! still read. A summary line ends the output; the exit code is 1 when a
//! game is wrong, 2 when the file cannot be read as PGN at all (it cannot
//! be opened, is binary, or has a line or a game beyond the limits).

use crate::args::PgnArgs;
use crate::failure::{CommandResult, Failure};
use bb_movegen::pgn::Game as PgnGame;
use bb_movegen::pgn::{PgnErrorKind, PgnReader};
use std::fs::File;
use std::io::{BufRead, BufReader, Write};

/// Runs `bb pgn`.
pub fn run(options: PgnArgs) -> CommandResult {
    let path = options.file.as_str();
    let input: Box<dyn BufRead> = if path == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        let file = File::open(path)
            .map_err(|error| Failure::input(format!("cannot read PGN file '{path}': {error}")))?;
        Box::new(BufReader::new(file))
    };
    let mut out = std::io::stdout().lock();
    let (mut games, mut wrong, mut moves) = (0usize, 0usize, 0usize);
    for result in PgnReader::new(input) {
        games += 1;
        match result {
            Ok(game) => {
                moves += game.moves.len();
                if options.uci {
                    writeln!(out, "{}", uci_line(&game))?;
                }
            }
            // Errors that say the input is not PGN text end the run: going
            // on would read a binary or endless file to its end.
            Err(error)
                if matches!(
                    error.kind(),
                    PgnErrorKind::Read(_)
                        | PgnErrorKind::NotUtf8
                        | PgnErrorKind::LineTooLong { .. }
                        | PgnErrorKind::GameTooLong { .. }
                ) =>
            {
                out.flush()?;
                return Err(Failure::input(format!("{path}: {error}")));
            }
            Err(error) => {
                wrong += 1;
                writeln!(out, "{path}: {error}")?;
            }
        }
    }
    writeln!(out, "{games} games, {wrong} with errors, {moves} moves in the good ones")?;
    out.flush()?;
    if wrong > 0 {
        Err(Failure::Mismatch)
    } else {
        Ok(())
    }
}

/// The main line of `game` as UCI moves on one line (Chess960 castling as
/// king takes rook when the game starts from a Chess960 position).
fn uci_line(game: &PgnGame) -> String {
    let chess960 = game.start.is_chess960();
    let words: Vec<String> =
        game.moves.iter().map(|pgn_move| pgn_move.mv.uci(chess960).to_string()).collect();
    words.join(" ")
}
