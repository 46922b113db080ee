use super::*;

#[test]
fn results_spell_and_read_back() {
    for result in [GameResult::WhiteWins, GameResult::BlackWins, GameResult::Draw, GameResult::Unknown] {
        assert_eq!(GameResult::from_text(result.as_str()), Some(result));
        assert_eq!(result.to_string(), result.as_str());
    }
    assert_eq!(GameResult::from_text("1/2"), None);
}

#[test]
fn tags_are_set_in_place_or_added() {
    let mut game = Game::new(Position::startpos());
    game.set_tag("White", "A");
    game.set_tag("Black", "B");
    game.set_tag("White", "C");
    assert_eq!(game.tags, [("White".to_string(), "C".to_string()), ("Black".to_string(), "B".to_string())]);
    assert_eq!(game.tag("Black"), Some("B"));
    assert_eq!(game.tag("Event"), None);
    assert_eq!(game.final_position(), Position::startpos());
}
