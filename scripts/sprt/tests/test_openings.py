"""The opening reader on the real openings.epd, and its order."""

import itertools
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import chess  # noqa: E402

from openings import DEFAULT_OPENINGS, chess960_openings, opening_order, read_openings  # noqa: E402


class RealFile(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.openings = read_openings(DEFAULT_OPENINGS)

    def test_two_hundred_distinct_openings(self):
        self.assertEqual(len(self.openings), 200)
        self.assertEqual(len({opening.ident for opening in self.openings}), 200)
        self.assertEqual(self.openings[0].ident, "ladder-001")

    def test_played_from_the_start_position(self):
        with open(DEFAULT_OPENINGS, encoding="utf-8") as file:
            lines = [line.strip() for line in file if line.strip()]
        wrong = []
        for opening, line in zip(self.openings, lines):
            board = opening.board
            # The engines get `position startpos moves ...` with 8 plies of
            # history, leading to the position of the line's FEN field.
            if (board.root().fen() != chess.STARTING_FEN or len(board.move_stack) != 8
                    or not line.startswith(board.epd() + " ") or board.is_game_over()):
                wrong.append(opening.ident)
        self.assertEqual(wrong, [])

class Chess960(unittest.TestCase):
    def test_every_start_position_once_in_chess960_mode(self):
        openings = chess960_openings()
        self.assertEqual(len(openings), 960)
        self.assertEqual(len({opening.board.epd() for opening in openings}), 960)
        self.assertTrue(all(opening.board.chess960 and not opening.board.move_stack for opening in openings))
        # Number 518 is the classical arrangement.
        self.assertEqual(openings[518].board.board_fen(), chess.Board().board_fen())
        # Castling in Chess960 mode is king-takes-rook: from 518, e1h1 once the way is clear.
        board = openings[518].board.copy()
        for text in ["g1f3", "g8f6", "e2e3", "e7e6", "f1e2", "f8e7"]:
            board.push_uci(text)
        self.assertIn(chess.Move.from_uci("e1h1"), board.legal_moves)


class BadFiles(unittest.TestCase):
    def read(self, text):
        with tempfile.NamedTemporaryFile("w", suffix=".epd", delete=False) as file:
            file.write(text)
        try:
            return read_openings(file.name)
        finally:
            os.unlink(file.name)

    def test_moves_that_do_not_lead_to_the_position(self):
        with self.assertRaisesRegex(ValueError, r":2: the `moves` do not lead"):
            self.read("# comment\n"
                      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - moves \"d2d4\";\n")

    def test_empty_file(self):
        with self.assertRaisesRegex(ValueError, "no openings"):
            self.read("\n# nothing\n")

    def test_fen_only_line(self):
        (opening,) = self.read("4k3/8/8/8/8/8/4P3/4K3 w - - id \"pawn\";\n")
        self.assertEqual(opening.ident, "pawn")
        self.assertEqual(opening.board.move_stack, [])
        self.assertEqual(opening.board.epd(), "4k3/8/8/8/8/8/4P3/4K3 w - -")


class Order(unittest.TestCase):
    def test_each_pass_is_a_permutation(self):
        order = list(itertools.islice(opening_order(5, seed=7), 15))
        for start in (0, 5, 10):
            self.assertEqual(sorted(order[start:start + 5]), [0, 1, 2, 3, 4])

    def test_seeded(self):
        first = list(itertools.islice(opening_order(200, seed=1), 50))
        self.assertEqual(first, list(itertools.islice(opening_order(200, seed=1), 50)))
        self.assertNotEqual(first, list(itertools.islice(opening_order(200, seed=2), 50)))
        self.assertNotEqual(first, list(range(50)))


if __name__ == "__main__":
    unittest.main()
