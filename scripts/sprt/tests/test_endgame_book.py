"""The endgame book cut from played games."""

import io
import os
import sys
import tempfile
import unittest
from contextlib import redirect_stderr, redirect_stdout

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import chess.pgn  # noqa: E402

from endgame_book import book, first_position, main  # noqa: E402


def game(fen: str, moves: str) -> chess.pgn.Game:
    text = f'[FEN "{fen}"]\n[SetUp "1"]\n[Result "*"]\n\n{moves} *\n'
    return chess.pgn.read_game(io.StringIO(text))


# White: king, bishop and a pawn on the a-file; Black: a bare king. 4 men.
ROOK_PAWN = "4k3/8/8/8/8/8/P7/2B1K3 w - - 0 1"
AFTER_A3 = "4k3/8/8/8/8/P7/8/2B1K3 b - -"
AFTER_KD7 = "8/3k4/8/8/8/P7/8/2B1K3 w - -"
# The same with colours swapped: Black has the bishop and the h-pawn.
BLACK_ROOK_PAWN = "2b1k3/7p/8/8/8/8/8/4K3 b - - 0 1"


class FirstPosition(unittest.TestCase):
    def test_the_first_scored_position_within_the_limits_either_way(self):
        self.assertEqual(first_position(game(ROOK_PAWN, "1. a3 { +2.50 0.010s }"), 10, 3.0), AFTER_A3)
        self.assertEqual(first_position(game(ROOK_PAWN, "1. a3 { -2.50 0.010s }"), 10, 3.0), AFTER_A3)
        # The ladder's comments carry the depth after the score.
        self.assertEqual(first_position(game(ROOK_PAWN, "1. a3 { +2.50/19 0.386s }"), 10, 3.0), AFTER_A3)
        # Both limits are inclusive.
        self.assertEqual(first_position(game(ROOK_PAWN, "1. a3 { +3.00 0.010s }"), 4, 3.0), AFTER_A3)

    def test_black_may_hold_the_bishop_and_pawn(self):
        found = first_position(game(BLACK_ROOK_PAWN, "1... h6 { +0.50 0.010s }"), 10, 3.0)
        self.assertEqual(found, "2b1k3/8/7p/8/8/8/8/4K3 w - -")

    def test_moves_beyond_the_score_or_without_a_score_in_pawns_are_passed_over(self):
        for first in ["+3.50 0.010s", "-3.01 0.010s", "book", "+M3 0.010s", "0.020s"]:
            moves = f"1. a3 {{ {first} }} 1... Kd7 {{ -2.40 0.020s }}"
            self.assertEqual(first_position(game(ROOK_PAWN, moves), 10, 3.0), AFTER_KD7, first)

    def test_too_many_men_check_or_no_rook_pawn_beside_a_bishop_gives_nothing(self):
        self.assertIsNone(first_position(game(ROOK_PAWN, "1. a3 { +2.50 0.010s }"), 3, 3.0))
        knight_pawn = "4k3/8/8/8/8/8/1P6/2B1K3 w - - 0 1"
        self.assertIsNone(first_position(game(knight_pawn, "1. b3 { +2.50 0.010s }"), 10, 3.0))
        no_bishop = "4k3/8/8/8/8/8/P7/2N1K3 w - - 0 1"
        self.assertIsNone(first_position(game(no_bishop, "1. a3 { +2.50 0.010s }"), 10, 3.0))

    def test_a_position_in_check_is_passed_over(self):
        bishop_d3 = "4k3/8/8/8/8/3B4/P7/4K3 w - - 0 1"
        moves = "1. Bb5+ { +2.50 0.010s } 1... Kd8 { -2.40 0.020s }"
        self.assertEqual(first_position(game(bishop_d3, moves), 10, 3.0), "3k4/8/8/1B6/8/8/P7/4K3 w - -")

    def test_a_game_whose_start_cannot_be_read_gives_nothing(self):
        self.assertIsNone(first_position(game("not a position", "1. a3 { +2.50 0.010s }"), 10, 3.0))


class Book(unittest.TestCase):
    EPDS = [f"4k3/8/8/8/8/8/P7/{rank} w - -" for rank in ("2B1K3", "1B2K3", "B3K3", "3BK3", "4K1B1")]

    def test_each_position_once_with_numbered_ids(self):
        lines = book(self.EPDS + self.EPDS[:2], seed=7)
        self.assertEqual([line.split(' id "')[1] for line in lines], [f'eg-00{n}";' for n in range(1, 6)])
        self.assertEqual(sorted(line.split(" id ")[0] for line in lines), sorted(self.EPDS))

    def test_the_seed_fixes_the_order(self):
        orders = {tuple(line.split(" id ")[0] for line in book(self.EPDS, seed)) for seed in range(8)}
        self.assertGreater(len(orders), 1)
        self.assertEqual(book(list(reversed(self.EPDS)), seed=7), book(self.EPDS, seed=7))


class Command(unittest.TestCase):
    @staticmethod
    def run_main(argv):
        out, err = io.StringIO(), io.StringIO()
        with redirect_stdout(out), redirect_stderr(err):
            status = main(argv)
        return status, out.getvalue(), err.getvalue()

    def run_on(self, pgn: str):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "games.pgn")
            with open(path, "w", encoding="utf-8") as file:
                file.write(pgn)
            return self.run_main([path])

    def test_prints_the_book_and_counts(self):
        pgn = f'[FEN "{ROOK_PAWN}"]\n[SetUp "1"]\n\n1. a3 {{ +2.50 0.010s }} *\n'
        status, out, err = self.run_on(pgn)
        self.assertEqual(status, 0)
        self.assertEqual(out, f'{AFTER_A3} id "eg-001";\n')
        self.assertIn("1 positions from 1 games", err)

    def test_no_position_is_an_error_not_an_empty_book(self):
        status, out, err = self.run_on("1. e4 { +0.20 0.010s } *\n")
        self.assertEqual((status, out), (1, ""))
        self.assertIn("no position qualifies in 1 games", err)

    def test_a_missing_file_is_a_one_line_error(self):
        status, out, err = self.run_main(["/nonexistent/games.pgn"])
        self.assertEqual((status, out), (2, ""))
        self.assertEqual(err.count("\n"), 1)
        self.assertIn("/nonexistent/games.pgn", err)


if __name__ == "__main__":
    unittest.main()
