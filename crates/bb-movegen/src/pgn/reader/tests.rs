use super::*;
use crate::pgn::GameResult;

fn read(text: &str) -> Vec<Result<Game, PgnError>> {
    PgnReader::new(text.as_bytes()).collect()
}

#[test]
fn several_games_on_a_line_and_tags_on_a_line() {
    let games = read("[White \"A\"] [Black \"B\"]\n1. e4 1-0 1. d4 0-1 [Event \"x\"] 1. c4 *\n");
    assert_eq!(games.len(), 3, "{games:?}");
    let first = games[0].as_ref().unwrap();
    assert_eq!((first.tag("White"), first.tag("Black")), (Some("A"), Some("B")));
    assert_eq!(games[1].as_ref().unwrap().moves.len(), 1);
    assert_eq!(games[2].as_ref().unwrap().tag("Event"), Some("x"));
    assert_eq!(games.iter().map(|game| game.as_ref().unwrap().line).collect::<Vec<_>>(), [1, 2, 2]);
}

#[test]
fn tags_after_movetext_start_the_next_game() {
    let games = read("[Result \"1-0\"]\n1. e4\n[Event \"two\"]\n1. d4\n");
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].as_ref().unwrap().result, GameResult::WhiteWins);
    assert_eq!(games[1].as_ref().unwrap().result, GameResult::Unknown);
    assert_eq!(games[1].as_ref().unwrap().number, 2);
}

#[test]
fn blank_input_and_escape_lines_have_no_game() {
    assert!(read("").is_empty());
    assert!(read("\n \r\n% nothing\n\t\n").is_empty());
}

#[test]
fn move_numbers_in_every_spelling() {
    let games = read("1.e4 1...e5 2 . Nf3 2... Nc6 3.Bb5 *");
    assert_eq!(games[0].as_ref().unwrap().moves.len(), 5);
}

#[test]
fn en_passant_marks_are_skipped() {
    let games = read("1. e4 a6 2. e5 d5 3. exd6 e.p. exd6 *");
    assert_eq!(games[0].as_ref().unwrap().moves.len(), 6);
    assert!(games[0].as_ref().unwrap().moves[4].mv.is_en_passant());
}

/// A line too long hides the result on it: the game goes on to the next
/// game's tags. An earlier error of the game is the one reported.
#[test]
fn a_bad_move_is_reported_before_a_later_line_limit() {
    let text = format!("1. e4 e4 {{{}}} *\n[Event \"2\"]\n1. d4 *\n", "x".repeat(200));
    let games: Vec<_> = PgnReader::new(text.as_bytes()).max_line_bytes(100).collect();
    assert_eq!(games.len(), 2, "{games:?}");
    assert!(matches!(games[0].as_ref().unwrap_err().kind(), PgnErrorKind::LineTooLong { .. }));
    let text = format!("1. e4 e4\n{{{}}} *\n[Event \"2\"]\n1. d4 *\n", "x".repeat(200));
    let games: Vec<_> = PgnReader::new(text.as_bytes()).max_line_bytes(100).collect();
    assert_eq!(games.len(), 2, "{games:?}");
    assert!(matches!(games[0].as_ref().unwrap_err().kind(), PgnErrorKind::BadMove { .. }));
}
