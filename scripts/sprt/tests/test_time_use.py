"""The time-use profile of a PGN of timed games."""

import io
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from played_games import read_games  # noqa: E402
from time_use import move_times, profile  # noqa: E402

# Two short games between the same players, colours swapped; book moves,
# a mate score and a move without a score, as games.py writes them.
PGN = """[White "fast"]
[Black "slow"]
[Result "*"]

1. e4 { book } 1... e5 { book } 2. Nf3 { +0.31 0.100s } 2... Nc6 { -0.20 0.400s }
3. Bb5 { +M3 0.200s } 3... a6 { 0.600s } *

[White "slow"]
[Black "fast"]
[Result "*"]

1. d4 { +0.10 0.800s } 1... d5 { -0.05 0.300s } *
"""


class TimeUse(unittest.TestCase):
    def games(self):
        return list(read_games(io.StringIO(PGN)))

    def test_each_movers_time_out_of_book_in_order(self):
        first, second = self.games()
        self.assertEqual(move_times(first), {"fast": [0.1, 0.2], "slow": [0.4, 0.6]})
        self.assertEqual(move_times(second), {"slow": [0.8], "fast": [0.3]})

    def test_means_by_move_index_and_per_game(self):
        table = profile(self.games())
        self.assertEqual(table["fast"]["games"], 2)
        self.assertAlmostEqual(table["fast"]["total"], (0.3 + 0.3) / 2)
        self.assertAlmostEqual(table["slow"]["total"], (1.0 + 0.8) / 2)
        self.assertAlmostEqual(table["fast"]["at"][0], (0.1 + 0.3) / 2)
        self.assertAlmostEqual(table["slow"]["at"][0], (0.4 + 0.8) / 2)
        # No game has a sixth move out of book: no mean.
        self.assertIsNone(table["slow"]["at"][5])


if __name__ == "__main__":
    unittest.main()
