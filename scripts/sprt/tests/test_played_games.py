"""Reading played games and their move comments."""

import io
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import chess  # noqa: E402
import chess.engine  # noqa: E402

from games import _move_comment  # noqa: E402
from played_games import PgnReadError, comment_pawns, comment_seconds, games_in, read_games  # noqa: E402


class Comments(unittest.TestCase):
    def test_what_the_runner_writes_reads_back(self):
        for centipawns, side in [(31, chess.WHITE), (-245, chess.BLACK), (0, chess.WHITE)]:
            score = chess.engine.PovScore(chess.engine.Cp(centipawns), side)
            comment = _move_comment(score, side, 0.084)
            self.assertEqual(comment_pawns(comment), centipawns / 100, comment)
            self.assertEqual(comment_seconds(comment), 0.084, comment)
        mate = _move_comment(chess.engine.PovScore(chess.engine.Mate(3), chess.WHITE), chess.WHITE, 0.5)
        self.assertEqual((comment_pawns(mate), comment_seconds(mate)), (None, 0.5))
        alone = _move_comment(None, chess.WHITE, 0.02)
        self.assertEqual((comment_pawns(alone), comment_seconds(alone)), (None, 0.02))

    def test_the_ladders_comments_with_a_depth(self):
        self.assertEqual(comment_pawns("+0.22/19 0.386s"), 0.22)
        self.assertEqual(comment_pawns("-1.50/7 0.100s, 50-move rule"), -1.5)
        self.assertEqual(comment_seconds("+0.22/19 0.386s"), 0.386)
        self.assertIsNone(comment_pawns("-M2/124 0.003s"))

    def test_book_moves_and_no_comment_give_nothing(self):
        for comment in ["book", "", None]:
            self.assertEqual((comment_pawns(comment), comment_seconds(comment)), (None, None))


class Files(unittest.TestCase):
    def test_games_of_several_files_in_order(self):
        with tempfile.TemporaryDirectory() as folder:
            paths = []
            for number, opening in enumerate(["1. e4 *", "1. d4 *\n\n1. c4 *"]):
                paths.append(os.path.join(folder, f"{number}.pgn"))
                with open(paths[-1], "w", encoding="utf-8") as file:
                    file.write(opening + "\n")
            moves = [str(game.next().move) for game in games_in(paths)]
        self.assertEqual(moves, ["e2e4", "d2d4", "c2c4"])
        self.assertEqual(len(list(read_games(io.StringIO("1. e4 *\n\n1. d4 *\n")))), 2)

    def test_a_file_that_cannot_be_read_names_itself(self):
        with self.assertRaisesRegex(PgnReadError, "^/nonexistent.pgn: "):
            list(games_in(["/nonexistent.pgn"]))
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "latin1.pgn")
            with open(path, "wb") as file:
                file.write(b'[Event "\xe9"]\n\n1. e4 *\n')
            with self.assertRaisesRegex(PgnReadError, "not UTF-8 text"):
                list(games_in([path]))


if __name__ == "__main__":
    unittest.main()
