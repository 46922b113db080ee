//! `bb show [--fen FEN] [--moves ...] [--bitboards]`: the board, and on
//! request the bitboards move generation works with, as labelled grids.

use crate::args::ShowArgs;
use crate::failure::{CommandResult, Failure};
use bb_core::{Bitboard, Color};
use bb_movegen::Position;
use std::fmt::Write as _;
use std::io::Write;

/// Runs `bb show`.
pub fn run(options: ShowArgs) -> CommandResult {
    let position = options.position.resolve()?;
    let text = render(&position, options.bitboards).map_err(|_| Failure::input("cannot format the board"))?;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}

/// The board, then (with `bitboards`) each labelled grid after a blank line.
fn render(position: &Position, bitboards: bool) -> Result<String, std::fmt::Error> {
    let mut text = String::new();
    position.write_board(&mut text)?;
    if bitboards {
        let grids: [(&str, Bitboard); 7] = [
            ("white pieces", position.by_color(Color::White)),
            ("black pieces", position.by_color(Color::Black)),
            ("all pieces", position.occupied()),
            ("checkers (giving check to the side to move)", position.checkers()),
            ("pinned (pieces of the side to move)", position.pinned()),
            ("attacked by white", position.attacked_by(Color::White)),
            ("attacked by black", position.attacked_by(Color::Black)),
        ];
        for (label, grid) in grids {
            write!(text, "\n{label}:\n{grid}")?;
        }
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bitboards_are_labelled_grids() {
        // Black's e-pawn is pinned by the rook on e1; the bishop on b5 checks.
        let position = Position::from_fen("4k3/8/4p3/1B6/8/8/8/4RK2 b - - 0 1").unwrap();
        let text = render(&position, true).unwrap();
        let after = |label: &str| -> Vec<String> {
            let start = text.find(&format!("{label}:\n")).unwrap() + label.len() + 2;
            text[start..].lines().take(9).map(str::to_string).collect()
        };
        assert_eq!(after("checkers (giving check to the side to move)")[3], "5 . X . . . . . .");
        assert_eq!(after("pinned (pieces of the side to move)")[2], "6 . . . . X . . .");
        assert_eq!(after("all pieces")[8], "  a b c d e f g h");
        assert!(text.starts_with("8 . . . . k . . ."), "{text}");
    }
}
