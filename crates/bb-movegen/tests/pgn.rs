//! PGN fixtures read as python-chess reads them (the final positions
//! below are python-chess's, from `chess.pgn.read_game` on the same files),
//! errors that name game, line and move, reading that goes on after a bad
//! game, bounded memory, and write-then-read round trips.
//!
//! PGN needs the `std` feature; without it this file has no test.
#![cfg(feature = "std")]

use bb_movegen::pgn::{write_game, Game, GameResult, PgnError, PgnErrorKind, PgnMove, PgnReader};
use bb_movegen::{Position, SanError};
use proptest::prelude::*;
use std::io::{self, BufReader, Read};

const ANNOTATED: &str = include_str!("data/pgn/annotated.pgn");
const CRLF: &str = include_str!("data/pgn/crlf.pgn");
/// 60 random games exported by python-chess, and per game its final FEN
/// and main-line length (`data/pgn/make_python_chess_pgn.py`).
const PYTHON_CHESS: &str = include_str!("data/pgn/python_chess.pgn");
const PYTHON_CHESS_EXPECTED: &str = include_str!("data/pgn/python_chess.expected");

fn read(text: &str, keep_variations: bool) -> Vec<Result<Game, PgnError>> {
    PgnReader::new(text.as_bytes()).keep_variations(keep_variations).collect()
}

/// The 1-based number of the first line of `text` containing `needle`.
fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|line| line.contains(needle)).expect(needle) + 1
}

#[test]
fn fixture_games_end_where_python_chess_ends_them() {
    // (event, moves, final FEN) from python-chess; None for games it
    // reports errors in.
    let expected = [
        Some(("F/S Return Match", 85, "8/8/4R1p1/2k3p1/1p4P1/1P1b1P2/3K1n2/8 b - - 2 43")),
        Some(("Annotations", 14, "r1b1kbnr/pppp1Npp/8/8/4q3/5n2/PPPPBP1P/RNBQKR2 w Qkq - 2 8")),
        Some(("Set-up position with promotions and en passant", 9, "8/2k5/8/1Q6/8/8/4K3/8 b - - 0 44")),
        Some(("Chess960", 4, "2kr1r2/pppppppp/8/8/8/8/PPPPPPPP/R3R1K1 w - - 4 3")),
        Some(("", 6, "rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 2 4")),
        None,
        None,
        Some(("After the bad games", 8, "rnbq1rk1/ppppppbp/5np1/8/8/5NP1/PPPPPPBP/RNBQ1RK1 w - - 4 5")),
    ];
    for keep in [false, true] {
        let games = read(ANNOTATED, keep);
        assert_eq!(games.len(), expected.len());
        for (index, (game, expected)) in games.iter().zip(&expected).enumerate() {
            let Some((event, moves, fen)) = expected else {
                assert!(game.is_err(), "game {}: {game:?}", index + 1);
                continue;
            };
            let game = game.as_ref().unwrap_or_else(|error| panic!("{error}"));
            assert_eq!(game.number, index + 1);
            assert_eq!(game.tag("Event").unwrap_or(""), *event);
            assert_eq!(game.moves.len(), *moves, "{event}");
            assert_eq!(game.final_position().to_string(), *fen, "{event}");
            assert_eq!(game.positions().count(), moves + 1);
        }
    }
}

#[test]
fn python_chess_exports_read_to_its_final_positions() {
    for keep in [false, true] {
        let games = read(PYTHON_CHESS, keep);
        let expected: Vec<(&str, &str)> =
            PYTHON_CHESS_EXPECTED.lines().map(|line| line.split_once('\t').unwrap()).collect();
        assert_eq!(games.len(), 60);
        assert_eq!(games.len(), expected.len());
        for (game, (fen, moves)) in games.iter().zip(expected) {
            let game = game.as_ref().unwrap_or_else(|error| panic!("{error}"));
            let last = game.final_position();
            // python-chess writes X-FEN castling (`KQkq` for the outermost
            // rooks), bb Shredder-FEN in Chess960: compare what they mean.
            let oracle = Position::from_fen(fen).unwrap();
            assert_eq!(last.to_string().split(' ').next(), fen.split(' ').next(), "game {}", game.number);
            assert_eq!(last.side_to_move(), oracle.side_to_move(), "game {}", game.number);
            assert_eq!(
                last.castling_rights(),
                oracle.castling_rights(),
                "game {}: {fen} {last}",
                game.number
            );
            assert_eq!(game.moves.len().to_string(), moves, "game {}", game.number);
            // Its tag values are not escaped; they are read as written.
            assert_eq!(game.tag("Event"), Some(format!("Random \"{}\" \\ game", game.number - 1).as_str()));
        }
        let variations: usize =
            games.iter().flatten().flat_map(|game| &game.moves).map(|m| m.variations.len()).sum();
        assert_eq!(variations > 0, keep);
    }
}

#[test]
fn tags_results_comments_and_nags() {
    let games = read(ANNOTATED, false);
    let fischer = games[0].as_ref().unwrap();
    assert_eq!(fischer.tags.len(), 8);
    assert_eq!(fischer.tags[0], ("Event".to_string(), "F/S Return Match".to_string()));
    assert_eq!(fischer.tag("Annotator"), Some("A \"quoted\" name with a back\\slash"));
    assert_eq!(fischer.result, GameResult::Draw);
    assert_eq!(fischer.line, line_of(ANNOTATED, "[Event \"F/S"));
    assert_eq!(fischer.moves[4].comments, ["This opening is called the Ruy Lopez."]);

    let annotated = games[1].as_ref().unwrap();
    assert_eq!(annotated.comments, ["A comment before the first move."]);
    let nags: Vec<&[u8]> = annotated.moves.iter().map(|pgn_move| pgn_move.nags.as_slice()).collect();
    assert_eq!(nags[..7], [&[1][..], &[6], &[3], &[], &[], &[4], &[]]);
    assert_eq!(annotated.moves[3].comments, ["rest-of-line comment"]);
    assert_eq!(annotated.moves[13].comments, ["Not quite: Black mates."]);
    assert!(annotated.moves.iter().all(|pgn_move| pgn_move.variations.is_empty()));
    assert_eq!(annotated.result, GameResult::WhiteWins);

    assert_eq!(games[2].as_ref().unwrap().start.to_string(), "4k3/1P6/8/8/3p4/8/4P3/4K3 w - - 0 40");
    assert!(games[3].as_ref().unwrap().start.is_chess960());
    let untagged = games[4].as_ref().unwrap();
    assert!(untagged.tags.is_empty());
    assert_eq!(untagged.moves[5].comments, ["a game without tags"]);
    // No result token: the Result tag's; none at all: `*`.
    assert_eq!(games[7].as_ref().unwrap().result, GameResult::Draw);
}

#[test]
fn kept_variations_hang_on_their_moves() {
    let games = read(ANNOTATED, true);
    let annotated = games[1].as_ref().unwrap();
    let knight = &annotated.moves[2];
    assert_eq!(knight.variations.len(), 1);
    let gambit = &knight.variations[0];
    assert_eq!(gambit.moves.len(), 3);
    assert_eq!(gambit.moves[0].comments, ["the King's Gambit, a comment over three lines"]);
    assert_eq!(gambit.moves[1].variations[0].moves.len(), 2);
    assert_eq!(gambit.moves[2].nags, [14]);
    let before = annotated.positions().nth(2).unwrap();
    assert_eq!(before.san(gambit.moves[0].mv).as_str(), "f4");
}

#[test]
fn errors_name_game_line_and_move_and_reading_goes_on() {
    for keep in [false, true] {
        let games = read(ANNOTATED, keep);
        let illegal = games[5].as_ref().unwrap_err();
        assert_eq!((illegal.game(), illegal.line()), (6, line_of(ANNOTATED, "10. Kxh1")));
        let PgnErrorKind::BadMove { number, san, error, .. } = illegal.kind() else { panic!("{illegal}") };
        assert_eq!((*number, san.as_str()), (10, "Kxh1"));
        assert!(matches!(error, SanError::Illegal(_)));
        assert_eq!(
            illegal.to_string(),
            format!("game 6, line {}: move 10. Kxh1: no legal move matches 'Kxh1'", illegal.line())
        );
        let unclosed = games[6].as_ref().unwrap_err();
        assert_eq!(unclosed.game(), 7);
        assert_eq!(unclosed.kind(), &PgnErrorKind::ResultInVariation("*".to_string()));
        assert_eq!(games[7].as_ref().unwrap().tag("White"), Some("Last"));
    }
}

#[test]
fn crlf_reads_as_lf() {
    for keep in [false, true] {
        let crlf = read(CRLF, keep);
        assert_eq!(crlf, read(&CRLF.replace("\r\n", "\n"), keep));
        assert_eq!(crlf, read(&CRLF.replace("\r\n", "\r"), keep));
        let mate = crlf[0].as_ref().unwrap();
        assert!(mate.final_position().is_checkmate());
        assert_eq!(mate.moves[2].comments, ["a comment over two lines"]);
        assert_eq!(crlf[1].as_ref().unwrap().moves.len(), 3);
    }
}

type KindCheck = fn(&PgnErrorKind) -> bool;

/// Each way movetext can be wrong, one game each, with the good game after
/// it still read.
#[test]
fn every_error_kind_is_reported_per_game() {
    let cases: [(&str, KindCheck); 9] = [
        ("[Event \"no end\"\n1. e4 *", |kind| matches!(kind, PgnErrorKind::BadTag(_))),
        ("[FEN \"8/8/8 w\"]\n1. e4 *", |kind| matches!(kind, PgnErrorKind::BadFen { .. })),
        ("1. e4 e5 2. Nf6 *", |kind| matches!(kind, PgnErrorKind::BadMove { number: 2, .. })),
        ("1. e4 <x> *", |kind| kind == &PgnErrorKind::Unexpected("<".to_string())),
        ("1. e4 ) e5 *", |kind| kind == &PgnErrorKind::UnmatchedParenthesis),
        ("( 1. d4 ) 1. e4 *", |kind| kind == &PgnErrorKind::VariationBeforeMove),
        ("1. e4 (1. d4 (1. c4) *", |kind| matches!(kind, PgnErrorKind::ResultInVariation(_))),
        ("1. e4 $999 *", |kind| kind == &PgnErrorKind::Unexpected("$999".to_string())),
        ("1. e4 e5!!! *", |kind| kind == &PgnErrorKind::Unexpected("!!!".to_string())),
    ];
    for (text, check) in cases {
        for keep in [false, true] {
            let games = read(&format!("{text}\n\n[Event \"next\"]\n1. d4 *\n"), keep);
            assert_eq!(games.len(), 2, "{text}: {games:?}");
            let error = games[0].as_ref().unwrap_err();
            assert!(check(error.kind()), "{text}: {error}");
            assert_eq!(error.game(), 1);
            assert_eq!(games[1].as_ref().unwrap().tag("Event"), Some("next"), "{text}");
        }
    }
    // Cut off: inside a comment or a variation at the end of the input.
    let comment = read("1. e4 {never closed\n", false);
    assert_eq!(comment[0].as_ref().unwrap_err().kind(), &PgnErrorKind::UnclosedComment);
    let variation = read("1. e4 (1. d4", true);
    assert_eq!(variation[0].as_ref().unwrap_err().kind(), &PgnErrorKind::UnclosedVariation);
    // A line that cannot be read hides its result: the game goes on to the
    // next game's tags.
    let bytes = b"1. e4 {\xff} *\n1. e5 *\n[Event \"next\"]\n1. d4 *\n";
    let games: Vec<_> = PgnReader::new(&bytes[..]).collect();
    assert_eq!(games[0].as_ref().unwrap_err().kind(), &PgnErrorKind::NotUtf8);
    assert!(games.len() == 2 && games[1].is_ok(), "{games:?}");
}

#[test]
fn a_huge_line_is_reported_at_once_with_bounded_memory() {
    // A gigabyte without a line break: the error comes after the first
    // 64 KiB, not after reading it all.
    let mut reader = PgnReader::new(BufReader::new(io::repeat(b'a').take(1 << 30)));
    let error = reader.next().unwrap().unwrap_err();
    assert_eq!(
        error.kind(),
        &PgnErrorKind::LineTooLong { max_bytes: bb_movegen::pgn::DEFAULT_MAX_LINE_BYTES }
    );
    assert_eq!((error.game(), error.line()), (1, 1));

    let long = format!("[Event \"{}\"]\n1. e4 *\n[Event \"short\"]\n1. d4 *\n", "x".repeat(200));
    let games: Vec<_> = PgnReader::new(long.as_bytes()).max_line_bytes(100).collect();
    assert_eq!(games.len(), 2, "{games:?}");
    assert!(matches!(games[0].as_ref().unwrap_err().kind(), PgnErrorKind::LineTooLong { max_bytes: 100 }));
    assert_eq!(games[1].as_ref().unwrap().tag("Event"), Some("short"));

    let games: Vec<_> = PgnReader::new(ANNOTATED.as_bytes()).max_game_bytes(400).collect();
    let too_long = games[0].as_ref().unwrap_err();
    assert_eq!(too_long.kind(), &PgnErrorKind::GameTooLong { max_bytes: 400 });
    assert_eq!(games.len(), 8, "{games:?}");
    assert!(games[4].is_ok());
}

#[test]
fn a_read_error_ends_the_games() {
    struct Failing;
    impl Read for Failing {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            Err(io::Error::other("disk on fire"))
        }
    }
    let input = io::Cursor::new(b"1. e4 *\n1. d4".to_vec()).chain(Failing);
    let games: Vec<_> = PgnReader::new(BufReader::new(input)).collect();
    assert_eq!(games.len(), 2, "{games:?}");
    assert!(games[0].is_ok());
    let error = games[1].as_ref().unwrap_err();
    assert_eq!(error.kind(), &PgnErrorKind::Read(io::ErrorKind::Other));
    assert_eq!(error.game(), 2);
}

/// A game as read, without where it was read from.
fn content(game: &Game) -> Game {
    Game { number: 0, line: 0, ..game.clone() }
}

fn written(game: &Game) -> String {
    let mut text = String::new();
    write_game(&mut text, game).unwrap();
    text
}

/// Writes the annotated fixture game with its variations, for a look:
/// `cargo test -p bb-movegen --features std --test pgn -- --nocapture show`.
#[test]
fn show_a_written_game() {
    let games = read(ANNOTATED, true);
    let text = written(games[1].as_ref().unwrap());
    eprintln!("{text}");
    let flat = text.replace('\n', " ");
    assert!(
        flat.contains("2. Nf3 $3 (2. f4 {the King's Gambit, a comment over three lines} 2... exf4 (2... d5"),
        "{text}"
    );
}

#[test]
fn written_games_read_back_the_same() {
    for keep in [false, true] {
        let mut games: Vec<Game> = read(ANNOTATED, keep).into_iter().filter_map(Result::ok).collect();
        games.extend(read(CRLF, keep).into_iter().filter_map(Result::ok));
        games.extend(read(PYTHON_CHESS, keep).into_iter().filter_map(Result::ok));
        assert_eq!(games.len(), 68);
        for game in &games {
            let text = written(game);
            assert!(text.lines().all(|line| line.len() <= 80), "{text}");
            let again = read(&text, keep);
            assert_eq!(again.len(), 1, "{text}");
            let again = again[0].as_ref().unwrap_or_else(|error| panic!("{error}\n{text}"));
            // The Seven Tag Roster is written in full and first.
            assert_eq!(
                &again.tags[..7].iter().map(|(name, _)| name.as_str()).collect::<Vec<_>>(),
                &["Event", "Site", "Date", "Round", "White", "Black", "Result"]
            );
            let mut expected = content(game);
            expected.tags = again.tags.clone();
            assert_eq!(content(again), expected, "{text}");
            for (name, value) in game.tags.iter().filter(|(name, _)| name != "Result") {
                assert_eq!(again.tag(name), Some(value.as_str()), "{text}");
            }
            assert_eq!(again.tag("Result"), Some(game.result.as_str()));
            assert_eq!(written(again), text, "writing is stable");
        }
    }
}

#[test]
fn black_to_move_and_comments_get_move_numbers() {
    let start = Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 b - - 0 12").unwrap();
    let mut game = Game::new(start);
    let mut position = start;
    for san in ["Kd7", "e4", "Kc6", "e5"] {
        let mv = position.parse_san(san).unwrap();
        game.moves.push(PgnMove::new(mv));
        position = position.play(mv);
    }
    game.moves[1].comments.push("push".to_string());
    let text = written(&game);
    assert!(text.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 12\"]\n"), "{text}");
    assert!(text.ends_with("\n12... Kd7 13. e4 {push} 13... Kc6 14. e5 *\n\n"), "{text}");
    assert_eq!(content(read(&text, false)[0].as_ref().unwrap()).moves, game.moves);
}

const STARTS: [&str; 4] = [
    bb_movegen::STARTPOS_FEN,
    "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "7k/8/2N1N3/1N3N2/8/1N3N2/2N1N3/K7 b - - 0 30",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random games, with random NAGs, comments and one-move variations,
    /// written and read back.
    #[test]
    fn random_games_round_trip(start in 0..STARTS.len(), picks in prop::collection::vec((any::<u16>(), 0u8..8), 0..120)) {
        let start = Position::from_fen(STARTS[start]).unwrap();
        let mut game = Game::new(start);
        let mut position = start;
        for (pick, extra) in picks {
            let legal = position.legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = legal[usize::from(pick) % legal.len()];
            let mut pgn_move = PgnMove::new(mv);
            match extra {
                1 => pgn_move.nags.push(extra),
                2 => pgn_move.comments.push(format!("comment {pick} with several words in it")),
                3 if legal.len() > 1 => {
                    let other = legal[(usize::from(pick) + 1) % legal.len()];
                    let mut variation = bb_movegen::pgn::Variation::default();
                    variation.moves.push(PgnMove::new(other));
                    pgn_move.variations.push(variation);
                }
                _ => {}
            }
            game.moves.push(pgn_move);
            position = position.play(mv);
        }
        game.result = [GameResult::WhiteWins, GameResult::BlackWins, GameResult::Draw, GameResult::Unknown][game.moves.len() % 4];
        let text = written(&game);
        prop_assert!(text.lines().all(|line| line.len() <= 80), "{}", text);
        let again = read(&text, true);
        prop_assert_eq!(again.len(), 1);
        let again = again[0].clone().map_err(|error| TestCaseError::fail(format!("{error}\n{text}")))?;
        prop_assert_eq!(&again.moves, &game.moves, "{}", text);
        prop_assert_eq!(again.start, game.start);
        prop_assert_eq!(again.result, game.result);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400), pgnish in "([\\[\\]\"{}();$!?*%.0-9a-hNBRQKOx=+# \n\r-]|1\\. e4 |e5 |Nf3 |\\{c\\} |\\(|\\) |1-0|\\[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"\\]\n){0,60}") {
        for keep in [false, true] {
            for input in [&bytes[..], pgnish.as_bytes()] {
                for game in PgnReader::new(input).keep_variations(keep).max_line_bytes(64).flatten() {
                    // What was read writes back to text that reads back the same.
                    let text = written(&game);
                    let again = read(&text, keep);
                    prop_assert_eq!(again.len(), 1, "{}", text);
                    let again = again[0].clone().map_err(|error| TestCaseError::fail(format!("{error}\n{text}")))?;
                    prop_assert_eq!(&again.moves, &game.moves, "{}", text);
                    prop_assert_eq!(again.result, game.result);
                }
            }
        }
    }
}

/// Found by fuzzing SAN: input text shown in an error has its control
/// characters escaped, so a PGN error is one line without terminal escapes.
#[test]
fn errors_escape_control_characters() {
    let pgn = "[Event \u{1b}[2J]\n\n1. e4 *\n\n1. e4 Q\u{7}h5 *\n";
    let errors: Vec<String> =
        PgnReader::new(pgn.as_bytes()).filter_map(|game| game.err()).map(|error| error.to_string()).collect();
    assert_eq!(errors.len(), 2, "{errors:?}");
    for error in &errors {
        assert!(!error.contains(['\u{1b}', '\u{7}']), "{error:?}");
    }
    assert!(errors[0].contains("\\u{1b}"), "{}", errors[0]);
    // Movetext splits at control characters, so the move named is `Q`.
    assert!(errors[1].contains("move 1... Q:"), "{}", errors[1]);
}
