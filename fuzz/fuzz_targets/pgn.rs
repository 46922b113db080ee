//! PGN bytes: `PgnReader` reads any input (with small line and game limits
//! too, and with variations skipped or kept) without panicking and ends;
//! errors are one line and name a game and line; every game read has legal
//! moves, and written back it reads back to the same moves and result.
#![no_main]

use bb_movegen::pgn::{write_game, PgnReader};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for keep in [false, true] {
        for (max_line, max_game) in [(1 << 16, 1 << 24), (64, 512)] {
            let reader =
                PgnReader::new(data).keep_variations(keep).max_line_bytes(max_line).max_game_bytes(max_game);
            let mut last_game = 0;
            for result in reader {
                match result {
                    Ok(game) => {
                        assert!(game.number > last_game);
                        last_game = game.number;
                        let mut position = game.start;
                        for pgn_move in &game.moves {
                            assert!(
                                position.legal_moves().contains(pgn_move.mv),
                                "{position} {:?}",
                                pgn_move.mv
                            );
                            position = position.play(pgn_move.mv);
                        }
                        let mut text = String::new();
                        write_game(&mut text, &game).unwrap();
                        assert!(
                            text.lines().all(|line| line.chars().count() <= 80
                                || line.starts_with('[')
                                || line.contains(';')
                                || !line.contains(' ')),
                            "{text}"
                        );
                        let again: Vec<_> = PgnReader::new(text.as_bytes()).keep_variations(keep).collect();
                        assert_eq!(again.len(), 1, "{text}");
                        let again = again[0].as_ref().unwrap_or_else(|error| panic!("{error}\n{text}"));
                        assert_eq!(again.moves, game.moves, "{text}");
                        assert_eq!(again.result, game.result, "{text}");
                    }
                    Err(error) => {
                        assert!(error.game() >= 1 && error.line() >= 1, "{error}");
                        assert!(!error.to_string().contains(['\n', '\r']), "{error}");
                        last_game = error.game();
                    }
                }
            }
        }
    }
});
