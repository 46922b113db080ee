//! Game state: repetition counted by `same_position` (counters ignored,
//! en passant only when legal), the fifty- and seventy-five-move rules,
//! and the outcomes that end a game.
#![cfg(feature = "std")]

use bb_core::Color;
use bb_movegen::{DrawClaim, Game, IllegalReason, Move, Outcome, Position};

fn play(game: &mut Game, moves: &str) {
    for text in moves.split_whitespace() {
        let mv = game.position().parse_uci_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        game.play(mv).unwrap();
    }
}

fn game(fen: &str) -> Game {
    Game::new(Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}")))
}

#[test]
fn knight_shuffles_repeat_three_then_five_times() {
    let mut game = Game::default();
    let shuffle = "g1f3 g8f6 f3g1 f6g8";
    let mut counts = Vec::new();
    for _ in 0..4 {
        for text in shuffle.split_whitespace() {
            play(&mut game, text);
            counts.push(game.repetitions());
        }
    }
    // The start position comes back every fourth ply; the others repeat
    // one cycle behind it.
    assert_eq!(counts, [1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5]);
    assert!(game.is_fivefold_repetition() && game.is_repetition(5) && !game.is_repetition(6));
    assert_eq!(game.outcome(), Some(Outcome::FivefoldRepetition));
    assert_eq!(game.claimable_draw(), Some(DrawClaim::ThreefoldRepetition));
    game.undo();
    assert_eq!(game.outcome(), None);
    assert!(game.is_threefold_repetition() && !game.is_fivefold_repetition());
    assert_eq!(game.moves().len(), 15);
    assert_eq!(game.positions().len(), 16);
    assert_eq!(game.start(), &Position::startpos());
}

#[test]
fn a_different_route_to_the_same_squares_repeats_and_an_irreversible_move_resets() {
    let mut game = Game::default();
    play(&mut game, "g1f3 g8f6 b1c3 b8c6 c3b1 c6b8 f3g1 f6g8");
    assert_eq!(game.repetitions(), 2);
    play(&mut game, "e2e3 e7e6 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
    assert_eq!(game.repetitions(), 3, "counted from after the pawn moves");
    assert!(!Game::default().is_threefold_repetition());
}

#[test]
fn lost_castling_rights_make_a_different_position() {
    let mut game = game("r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1");
    play(&mut game, "h1h2 a8a7 h2h1 a7a8");
    // The rooks are back, the rights are gone: not a repetition of the start.
    assert_eq!(game.repetitions(), 1);
    play(&mut game, "h1h2 a8a7 h2h1 a7a8");
    assert_eq!(game.repetitions(), 2);
}

/// White's c-pawn double-pushes; Black's d4 pawn could take en passant
/// but for the rook pinning it along the fourth rank with its king.
const PINNED_EN_PASSANT: &str = "8/8/8/8/k2p3R/8/2P5/4K3 w - - 0 1";
/// The same without the pinning rook: the capture is legal.
const LEGAL_EN_PASSANT: &str = "8/8/8/8/k2p4/8/2P5/4K2R w - - 0 1";

#[test]
fn an_en_passant_square_that_cannot_be_used_does_not_break_repetition() {
    let mut pinned = game(PINNED_EN_PASSANT);
    play(&mut pinned, "c2c4");
    let after_push = *pinned.position();
    assert_eq!(after_push.en_passant(), "c3".parse().ok());
    assert_eq!(after_push.legal_en_passant(), None);
    play(&mut pinned, "a4a3 e1e2 a3a4 e2e1");
    assert_eq!(pinned.position().en_passant(), None);
    assert!(pinned.position().same_position(&after_push));
    // The key counts the square a pawn attacks, legal or not; repetition does not.
    assert_ne!(pinned.position().zobrist_key(), after_push.zobrist_key());
    assert_eq!(pinned.repetitions(), 2);
    play(&mut pinned, "a4a3 e1e2 a3a4 e2e1");
    assert!(pinned.is_threefold_repetition());

    let mut legal = game(LEGAL_EN_PASSANT);
    play(&mut legal, "c2c4");
    assert_eq!(legal.position().legal_en_passant(), "c3".parse().ok());
    play(&mut legal, "a4a3 e1e2 a3a4 e2e1 a4a3 e1e2 a3a4 e2e1");
    assert_eq!(legal.repetitions(), 2, "the first time the capture was possible");
}

#[test]
fn the_fifty_and_seventy_five_move_rules() {
    let mut game = game("7k/8/6K1/8/8/8/8/1Q6 w - - 98 100");
    play(&mut game, "b1c1 h8g8");
    assert_eq!(game.position().halfmove_clock(), 100);
    assert!(game.is_fifty_move_rule() && !game.is_seventy_five_move_rule());
    assert_eq!(game.claimable_draw(), Some(DrawClaim::FiftyMoves));
    assert_eq!(game.outcome(), None);

    let mut quiet = self::game("7k/8/6K1/8/8/8/8/1Q6 w - - 149 100");
    play(&mut quiet, "b1c1");
    assert!(quiet.is_seventy_five_move_rule());
    assert_eq!(quiet.outcome(), Some(Outcome::SeventyFiveMoves));
    assert_eq!(quiet.position().outcome(), Some(Outcome::SeventyFiveMoves));

    let mut mate = self::game("7k/8/6K1/8/8/8/8/1Q6 w - - 149 100");
    play(&mut mate, "b1b8");
    assert_eq!(mate.position().halfmove_clock(), 150);
    assert!(!mate.is_seventy_five_move_rule() && !mate.is_fifty_move_rule());
    assert_eq!(mate.outcome(), Some(Outcome::Checkmate { winner: Color::White }));
    assert_eq!(mate.claimable_draw(), None);
}

#[test]
fn outcomes_that_end_the_game() {
    let mut fools = Game::default();
    play(&mut fools, "f2f3 e7e5 g2g4 d8h4");
    let outcome = fools.outcome().unwrap();
    assert_eq!(
        (outcome, outcome.winner()),
        (Outcome::Checkmate { winner: Color::Black }, Some(Color::Black))
    );
    assert_eq!(outcome.to_string(), "0-1 (checkmate)");
    assert_eq!(game("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").outcome(), Some(Outcome::Stalemate));
    let mut bare = game("8/8/4k3/8/8/2K5/3r4/8 w - - 0 1");
    play(&mut bare, "c3d2");
    assert_eq!(bare.outcome(), Some(Outcome::InsufficientMaterial));
    assert_eq!(Outcome::InsufficientMaterial.winner(), None);
}

#[test]
fn illegal_moves_leave_the_game_unchanged() {
    let mut game = Game::default();
    let error = game.play(Move::NULL).unwrap_err();
    assert_eq!(error.reason(), IllegalReason::CannotMoveThere);
    assert!(game.moves().is_empty());
    assert_eq!(game.undo(), None);
}
