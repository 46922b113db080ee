"""sprt.py end to end with tests/fake_uci.py (no bb binary needed), and its
stopping rule, adjudication and game-end rules without processes."""

import contextlib
import io
import os
import re
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import chess  # noqa: E402

import sprt  # noqa: E402
import sprt_math  # noqa: E402
from games import GameRecord, Settings, resign_result, rules_result  # noqa: E402

SCRIPT = os.path.join(os.path.dirname(HERE), "sprt.py")
FAKE = f"{sys.executable} {os.path.join(HERE, 'fake_uci.py')}"
PROGRESS = re.compile(r"^games (\d+)  W-D-L (\d+)-(\d+)-(\d+)  penta \[(\d+), (\d+), (\d+), (\d+), (\d+)\]  "
                      r"elo \S+ ± \S+  LLR (-?[\d.]+) \[-2\.94, 2\.94\]$")


def run_sprt(*args, timeout=60):
    return subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True, timeout=timeout)


class Smoke(unittest.TestCase):
    def progress(self, stdout):
        return [PROGRESS.match(line).groups() for line in stdout.splitlines() if line.startswith("games ")]

    def test_two_pairs_add_up(self):
        with tempfile.TemporaryDirectory() as tmp:
            pgn = os.path.join(tmp, "games.pgn")
            run = run_sprt("--base", FAKE, "--test", FAKE, "--nodes", "1", "--max-games", "4", "--pgn", pgn)
            self.assertEqual(run.returncode, 0, run.stderr)
            with open(pgn, encoding="utf-8") as file:
                self.assertEqual(file.read().count("[Event "), 4)
        lines = self.progress(run.stdout)
        self.assertEqual(len(lines), 2, run.stdout)
        for pairs, numbers in enumerate(lines, 1):
            games, wins, draws, losses = map(int, numbers[:4])
            penta = list(map(int, numbers[4:9]))
            self.assertEqual(games, 2 * pairs)
            self.assertEqual(wins + draws + losses, games)
            self.assertEqual(sum(penta), pairs)
            # The pentanomial counts hold the same points as W-D-L.
            self.assertEqual(sum(count * index for index, count in enumerate(penta)), 2 * wins + draws)
        self.assertIn("inconclusive", run.stdout)
        self.assertRegex(run.stdout.splitlines()[-1],
                         r"^SPRT \[0, 5\] tc nodes 1: games 4, W-D-L \d+-\d+-\d+, LLR \S+ \(-2\.94, 2\.94\), "
                         r"Elo \S+ ± \S+ → inconclusive$")

    def test_a_crashing_engine_loses_and_is_restarted(self):
        run = run_sprt("--base", FAKE, "--test", f"{FAKE} --crash-at-ply 12", "--nodes", "1", "--max-games", "4")
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertEqual(self.progress(run.stdout)[-1][:9], ("4", "0", "0", "4", "2", "0", "0", "0", "0"))
        crashes = [line for line in run.stderr.splitlines() if "test" in line and "crashed" in line]
        self.assertEqual(len(crashes), 4, run.stderr)
        self.assertTrue(all(" fen " in line for line in crashes))

    def test_illegal_moves_lose(self):
        run = run_sprt("--base", f"{FAKE} --illegal", "--test", FAKE, "--nodes", "1", "--max-games", "2")
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertEqual(self.progress(run.stdout)[-1][:4], ("2", "2", "0", "0"))
        illegal = [line for line in run.stderr.splitlines() if "base (" in line and "illegal" in line]
        self.assertEqual(len(illegal), 2, run.stderr)

    def test_a_slow_engine_loses_on_time(self):
        run = run_sprt("--base", FAKE, "--test", f"{FAKE} --sleep 0.4", "--tc", "0.25+0", "--max-games", "2")
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertEqual(self.progress(run.stdout)[-1][:4], ("2", "0", "0", "2"))
        self.assertEqual(run.stderr.count("lost on time"), 2, run.stderr)

    def test_configuration_errors_exit_2_with_one_line(self):
        for args in (["--elo0", "5", "--elo1", "0"], ["--tc", "1+0", "--nodes", "5"], ["--tc", "fast"],
                     ["--option", "Hash"], ["--max-games", "1"], ["--frobnicate"],
                     ["--resume", "games 4"], ["--resume", "games 4  W-D-L 2-1-1  penta [0, 0, 2, 0, 0]"]):
            with self.subTest(args=args):
                run = run_sprt("--base", FAKE, "--test", FAKE, *args)
                self.assertEqual(run.returncode, 2, run.stdout)
                self.assertEqual(len(run.stderr.strip().splitlines()), 1, run.stderr)
        run = run_sprt("--base", "/nonexistent/engine", "--test", FAKE, "--nodes", "1")
        self.assertEqual(run.returncode, 2, run.stdout)
        self.assertIn("cannot start the base engine", run.stderr)
        run = run_sprt("--base", FAKE, "--test", FAKE, "--nodes", "1", "--option", "NoSuchOption=1")
        self.assertEqual(run.returncode, 2, run.stdout)


def record(result, test_is_white):
    white, black = ("test", "base") if test_is_white else ("base", "test")
    return GameRecord(white, black, result, "normal", "", 0, "")


class StoppingRule(unittest.TestCase):
    def make(self, *args):
        args = sprt.parse_args(["--base", "b", "--test", "t", *args])
        return sprt.Sprt(args, sprt.settings_from(args), openings=[None])

    def feed_until_verdict(self, run, pairs):
        finished = 0
        with contextlib.redirect_stdout(io.StringIO()):
            while run.verdict is None and finished < 10_000:
                run.finish_pair(pairs[finished % len(pairs)])
                finished += 1
        return finished

    def test_stops_at_the_first_pair_past_the_upper_bound(self):
        run = self.make()
        win_win = [record("0-1", False), record("1-0", True)]
        win_loss = [record("0-1", False), record("0-1", True)]
        draw_draw = [record("1/2-1/2", False), record("1/2-1/2", True)]
        finished = self.feed_until_verdict(run, [win_win, win_loss, draw_draw])
        self.assertEqual(run.verdict, "H1")
        self.assertTrue(run.stopping)
        self.assertIsNone(run.next_pair())
        upper = sprt_math.bounds(0.05, 0.05)[1]
        self.assertGreaterEqual(run.llr(), upper)
        # One pair fewer had not crossed it yet.
        self.assertLess(sprt_math.llr(self.penta_after(finished - 1), 0, 5), upper)
        self.assertEqual(run.tally.games, 2 * finished)
        self.assertIn("→ H1 accepted", run.summary_line())

    def penta_after(self, pairs):
        # The cycle win-win, win-loss, draw-draw: counts at index 4, 2, 2.
        penta = [0] * 5
        for index in range(pairs):
            penta[(4, 2, 2)[index % 3]] += 1
        return penta

    def test_losses_accept_h0(self):
        run = self.make("--elo0", "-5", "--elo1", "0")
        loss_loss = [record("1-0", False), record("0-1", True)]
        draw_draw = [record("1/2-1/2", False), record("1/2-1/2", True)]
        self.feed_until_verdict(run, [loss_loss, draw_draw])
        self.assertEqual(run.verdict, "H0")
        self.assertEqual(run.tally.wins, 0)

    def test_a_resumed_run_goes_on_from_its_counts_and_openings(self):
        line = "games 8  W-D-L 3-4-1  penta [0, 1, 0, 3, 0]  elo 44.0 ± 99.0  LLR 0.11 [-2.94, 2.94]"
        openings = list(range(50))
        fresh_args = sprt.parse_args(["--base", "b", "--test", "t"])
        fresh = sprt.Sprt(fresh_args, sprt.settings_from(fresh_args), openings)
        args = sprt.parse_args(["--base", "b", "--test", "t", "--resume", line])
        resumed = sprt.Sprt(args, sprt.settings_from(args), openings)
        self.assertEqual((resumed.tally.wins, resumed.tally.draws, resumed.tally.losses), (3, 4, 1))
        self.assertEqual(resumed.tally.penta, [0, 1, 0, 3, 0])
        self.assertIsNone(resumed.verdict)
        # The next pair is the fifth, with the opening a fresh run gives its fifth pair.
        expected = [fresh.next_pair() for _ in range(5)][-1]
        self.assertEqual(resumed.next_pair(), expected)
        with contextlib.redirect_stdout(io.StringIO()):
            resumed.finish_pair([record("1/2-1/2", False), record("1/2-1/2", True)])
        self.assertEqual(resumed.tally.games, 10)
        self.assertEqual(resumed.tally.penta, [0, 1, 1, 3, 0])

    def test_the_progress_line_is_what_resume_reads(self):
        # One format, written by progress_line and read by --resume.
        run = self.make()
        with contextlib.redirect_stdout(io.StringIO()):
            run.finish_pair([record("0-1", False), record("1/2-1/2", True)])
            run.finish_pair([record("1-0", False), record("1-0", True)])
        read = sprt.Tally.from_progress_line(run.progress_line())
        self.assertEqual(read, run.tally)

    def test_a_resumed_run_past_a_bound_plays_no_more(self):
        line = "games 400  W-D-L 200-0-200  penta [0, 0, 0, 0, 200]"
        with self.assertRaises(sprt.ConfigError):
            self.make("--resume", line)  # 400 won games cannot be 200 won pairs
        run = self.make("--resume", "games 880  W-D-L 360-320-200  penta [20, 40, 200, 120, 60]")
        self.assertEqual(run.verdict, "H1")
        self.assertIsNone(run.next_pair())
        self.assertIn("→ H1 accepted", run.summary_line())

    def test_a_bad_resume_line_leaves_the_pgn_as_it_was(self):
        with tempfile.TemporaryDirectory() as folder:
            pgn = os.path.join(folder, "games.pgn")
            with open(pgn, "w", encoding="utf-8") as file:
                file.write("[Event \"earlier\"]\n")
            with self.assertRaises(sprt.ConfigError):
                self.make("--pgn", pgn, "--resume", "games 400  W-D-L 200-0-200  penta [0, 0, 0, 0, 200]")
            with open(pgn, encoding="utf-8") as file:
                self.assertEqual(file.read(), "[Event \"earlier\"]\n")

    def test_a_good_resume_line_adds_to_the_pgn_and_a_new_run_starts_it_afresh(self):
        with tempfile.TemporaryDirectory() as folder:
            pgn = os.path.join(folder, "games.pgn")
            with open(pgn, "w", encoding="utf-8") as file:
                file.write("[Event \"earlier\"]\n")
            resumed = self.make("--pgn", pgn, "--resume", "games 4  W-D-L 2-1-1  penta [0, 0, 1, 1, 0]")
            resumed.pgn.write("[Event \"later\"]\n")
            resumed.pgn.close()
            with open(pgn, encoding="utf-8") as file:
                self.assertEqual(file.read(), "[Event \"earlier\"]\n[Event \"later\"]\n")
            fresh = self.make("--pgn", pgn)
            fresh.pgn.close()
            with open(pgn, encoding="utf-8") as file:
                self.assertEqual(file.read(), "")

    def test_max_games_limits_the_pairs_started(self):
        run = self.make("--max-games", "5")
        started = [run.next_pair() for _ in range(4)]
        # Whole pairs only, and never more games than --max-games.
        self.assertEqual([job is not None for job in started], [True, True, False, False])


class GameEnd(unittest.TestCase):
    def test_rules(self):
        self.assertIsNone(rules_result(chess.Board()))
        fools_mate = chess.Board()
        for move in ("f2f3", "e7e5", "g2g4", "d8h4"):
            fools_mate.push_uci(move)
        self.assertEqual(rules_result(fools_mate), ("0-1", "checkmate"))
        self.assertEqual(rules_result(chess.Board("8/8/8/8/8/8/8/K1k5 w - - 0 1"))[0], "1/2-1/2")
        self.assertEqual(rules_result(chess.Board("4k3/8/8/8/8/8/4R3/4K3 w - - 100 80")),
                         ("1/2-1/2", "50-move rule"))
        shuffle = chess.Board()
        for move in ("g1f3", "g8f6", "f3g1", "f6g8") * 2:
            shuffle.push_uci(move)
        self.assertEqual(rules_result(shuffle), ("1/2-1/2", "threefold repetition"))

    def test_resignation_needs_both_engines_for_n_moves(self):
        settings = Settings(resign_score=1000, resign_moves=3)
        self.assertEqual(resign_result({True: [1200, 1500, 1000], False: [1100, 1001, 2000]}, settings), "1-0")
        self.assertEqual(resign_result({True: [-1200] * 3, False: [-1000] * 4}, settings), "0-1")
        self.assertIsNone(resign_result({True: [1200, 1500, 999], False: [1100] * 3}, settings))
        self.assertIsNone(resign_result({True: [1200] * 3, False: [1100] * 2}, settings))
        self.assertIsNone(resign_result({True: [1200] * 3, False: [-1100] * 3}, settings))
        self.assertIsNone(resign_result({True: [1200, None, 1200], False: [1100] * 3}, settings))
        self.assertIsNone(resign_result({True: [5000] * 9, False: [5000] * 9}, Settings(resign_moves=0)))


if __name__ == "__main__":
    unittest.main()
