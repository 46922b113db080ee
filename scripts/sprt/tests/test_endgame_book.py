"""The endgame book cut from played games."""

import io
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import chess.pgn  # noqa: E402

from endgame_book import book, first_position  # noqa: E402


def game(fen: str, moves: str) -> chess.pgn.Game:
    text = f'[FEN "{fen}"]\n[SetUp "1"]\n[Result "*"]\n\n{moves} *\n'
    return chess.pgn.read_game(io.StringIO(text))


# White: king, bishop and a pawn on the a-file; Black: a bare king.
ROOK_PAWN = "4k3/8/8/8/8/8/P7/2B1K3 w - - 0 1"
AFTER_A3 = "4k3/8/8/8/8/P7/8/2B1K3 b - -"
AFTER_KD7 = "8/3k4/8/8/8/P7/8/2B1K3 w - -"


class EndgameBook(unittest.TestCase):
    def test_the_first_scored_position_within_the_limits(self):
        found = first_position(game(ROOK_PAWN, "1. a3 { +2.50 0.010s } 1... Kd7 { -2.40 0.020s }"), 10, 3.0)
        self.assertEqual(found, AFTER_A3)
        # The ladder's comments carry the depth after the score.
        found = first_position(game(ROOK_PAWN, "1. a3 { +2.50/19 0.386s }"), 10, 3.0)
        self.assertEqual(found, AFTER_A3)

    def test_moves_out_of_the_score_limit_or_without_a_score_are_passed_over(self):
        moves = "1. a3 { +3.50 0.010s } 1... Kd7 { -2.40 0.020s }"
        self.assertEqual(first_position(game(ROOK_PAWN, moves), 10, 3.0), AFTER_KD7)
        self.assertIsNone(first_position(game(ROOK_PAWN, "1. a3 { book } 1... Kd7 { +M3 0.020s }"), 10, 3.0))

    def test_too_many_men_or_no_rook_pawn_beside_a_bishop_gives_nothing(self):
        moves = "1. a3 { +2.50 0.010s } 1... Kd7 { -2.40 0.020s }"
        self.assertIsNone(first_position(game(ROOK_PAWN, moves), 3, 3.0))
        knight_pawn = "4k3/8/8/8/8/8/1P6/2B1K3 w - - 0 1"
        self.assertIsNone(first_position(game(knight_pawn, "1. b3 { +2.50 0.010s }"), 10, 3.0))
        no_bishop = "4k3/8/8/8/8/8/P7/2N1K3 w - - 0 1"
        self.assertIsNone(first_position(game(no_bishop, "1. a3 { +2.50 0.010s }"), 10, 3.0))

    def test_each_position_once_with_numbered_ids(self):
        games = [
            game(ROOK_PAWN, "1. a3 { +2.50 0.010s }"),
            game(ROOK_PAWN, "1. a3 { +1.00 0.030s }"),
            game(ROOK_PAWN, "1. a4 { +2.00 0.010s }"),
            game("4k3/8/8/8/8/8/1P6/2B1K3 w - - 0 1", "1. b3 { +2.50 0.010s }"),
        ]
        lines = book(games, 10, 3.0, seed=7)
        self.assertEqual(len(lines), 2)
        self.assertEqual([line.split(' id "')[1] for line in lines], ['eg-001";', 'eg-002";'])
        self.assertEqual({line.split(" id ")[0] for line in lines}, {AFTER_A3, "4k3/8/8/8/P7/8/8/2B1K3 b - -"})
        # The same games and seed give the same book.
        self.assertEqual(book(games, 10, 3.0, seed=7), lines)


if __name__ == "__main__":
    unittest.main()
