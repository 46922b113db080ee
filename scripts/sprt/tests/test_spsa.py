"""spsa.py: its schedule and update step against values worked out from
the formulas, the choice of parameters, the state file, and two runs
end to end against tests/fake_uci.py."""

import contextlib
import io
import json
import os
import re
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from chess.engine import Option  # noqa: E402

import spsa  # noqa: E402
from games import GameRecord  # noqa: E402
from sprt import ConfigError  # noqa: E402

SCRIPT = os.path.join(os.path.dirname(HERE), "spsa.py")
FAKE = f"{sys.executable} {os.path.join(HERE, 'fake_uci.py')}"
TUNABLE_FAKE = f"{FAKE} --spin fake_margin=50,0,100 --spin fake_depth=3,1,9"

# A parameter with the range 40..140: c_end = 100 / 20 = 5, and with
# r_end = 0.002, a_end = 0.002 * 5^2 = 0.05.
RFP = spsa.Param("rfp_margin", 80, 40, 140, 5.0)


def run_spsa(*args, timeout=120):
    return subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True, timeout=timeout)


def spin(name, default, low, high):
    return Option(name, "spin", default, low, high, [])


class ScheduleMath(unittest.TestCase):
    def test_end_perturbation_is_a_twentieth_of_the_range_and_at_least_one(self):
        self.assertEqual(spsa.Param.from_option(spin("rfp_margin", 80, 40, 140)), RFP)
        self.assertEqual(spsa.Param.from_option(spin("lmr_depth", 3, 0, 10)).c_end, 1.0)  # 10 / 20 = 0.5
        self.assertEqual(spsa.Param.from_option(spin("history_div", 8000, 0, 16000)).c_end, 800.0)

    def test_gains_at_the_first_pair(self):
        # N = 1000, A = 100: c_0 = 5 * 1000^0.101 = 10.045464,
        # a_0 = 0.05 * 1100^0.602 / 101^0.602 = 0.210517.
        schedule = spsa.Schedule(1000, 0.002)
        self.assertAlmostEqual(schedule.perturbation(RFP, 0), 10.045464, places=5)
        self.assertAlmostEqual(schedule.step(RFP, 0), 0.210517, places=5)
        self.assertAlmostEqual(schedule.learning_rate(RFP, 0), 0.210517 / 10.045464 ** 2, places=6)

    def test_gains_at_the_last_pair_are_the_end_values(self):
        # k = N - 1: c_k = c_end * (N / N)^0.101 and a_k = a_end * ((A + N) / (A + N))^0.602.
        schedule = spsa.Schedule(1000, 0.002)
        self.assertAlmostEqual(schedule.perturbation(RFP, 999), 5.0, places=9)
        self.assertAlmostEqual(schedule.step(RFP, 999), 0.05, places=9)
        self.assertAlmostEqual(schedule.learning_rate(RFP, 999), 0.002, places=9)

    def test_a_small_range_with_another_plan(self):
        # c_end = 1, N = 100, A = 10: c_0 = 100^0.101 = 1.592209,
        # a_0 = 0.002 * (110 / 11)^0.602 = 0.007999.
        small = spsa.Param("lmr_depth", 3, 0, 10, 1.0)
        schedule = spsa.Schedule(100, 0.002)
        self.assertAlmostEqual(schedule.perturbation(small, 0), 1.592209, places=5)
        self.assertAlmostEqual(schedule.step(small, 0), 0.007999, places=5)
        self.assertLess(schedule.perturbation(small, 50), schedule.perturbation(small, 0))


class UpdateStep(unittest.TestCase):
    def setUp(self):
        self.other = spsa.Param("lmr_base", 100, 50, 150, 5.0)
        self.params = [RFP, self.other]

    def test_a_result_moves_theta_along_delta(self):
        # At the last step R_k * c_k = a_end / c_end = 0.05 / 5 = 0.01 per point.
        schedule = spsa.Schedule(1000, 0.002)
        theta = {"rfp_margin": 80.0, "lmr_base": 100.0}
        delta = {"rfp_margin": 1, "lmr_base": -1}
        moved = spsa.updated_theta(self.params, theta, schedule, 999, delta, 2)
        self.assertAlmostEqual(moved["rfp_margin"], 80.02, places=9)
        self.assertAlmostEqual(moved["lmr_base"], 99.98, places=9)
        lost = spsa.updated_theta(self.params, theta, schedule, 999, delta, -1)
        self.assertAlmostEqual(lost["rfp_margin"], 79.99, places=9)
        self.assertAlmostEqual(lost["lmr_base"], 100.01, places=9)
        self.assertEqual(spsa.updated_theta(self.params, theta, schedule, 999, delta, 0), theta)

    def test_first_step_is_a0_over_c0_per_point(self):
        schedule = spsa.Schedule(1000, 0.002)
        moved = spsa.updated_theta([RFP], {"rfp_margin": 80.0}, schedule, 0, {"rfp_margin": 1}, 1)
        self.assertAlmostEqual(moved["rfp_margin"], 80 + 0.210517 / 10.045464, places=5)

    def test_theta_stays_in_range(self):
        # r_end = 100: R_k * c_k = 100 * 25 / 5 = 500 per point at the last step.
        schedule = spsa.Schedule(1000, 100.0)
        theta = {"rfp_margin": 80.0, "lmr_base": 100.0}
        moved = spsa.updated_theta(self.params, theta, schedule, 999, {"rfp_margin": 1, "lmr_base": -1}, 1)
        self.assertEqual(moved, {"rfp_margin": 140.0, "lmr_base": 50.0})

    def test_engine_values_are_theta_plus_and_minus_c_rounded_and_clamped(self):
        schedule = spsa.Schedule(1000, 0.002)  # c = 5 at k = 999
        theta = {"rfp_margin": 82.6, "lmr_base": 148.0}
        delta = {"rfp_margin": -1, "lmr_base": 1}
        self.assertEqual(spsa.engine_values(self.params, theta, schedule, 999, delta, +1),
                         {"rfp_margin": 78, "lmr_base": 150})
        self.assertEqual(spsa.engine_values(self.params, theta, schedule, 999, delta, -1),
                         {"rfp_margin": 88, "lmr_base": 143})

    def test_signs_are_plus_or_minus_one_and_reproducible(self):
        params = [spsa.Param(f"p{index}", 0, -10, 10, 1.0) for index in range(64)]
        first = spsa.signs(1, 7, params)
        self.assertEqual(first, spsa.signs(1, 7, params))
        self.assertEqual(set(first.values()), {-1, 1})
        self.assertNotEqual(first, spsa.signs(1, 8, params))
        self.assertNotEqual(first, spsa.signs(2, 7, params))

    def test_the_result_is_from_the_plus_engines_side(self):
        records = [GameRecord("plus", "minus", "1-0", "normal", "", 0, ""),
                   GameRecord("minus", "plus", "1/2-1/2", "normal", "", 0, "")]
        self.assertEqual(spsa.plus_scores(records), [1.0, 0.5])
        records[1] = GameRecord("minus", "plus", "1-0", "normal", "", 0, "")
        self.assertEqual(spsa.plus_scores(records), [1.0, 0.0])


class ParameterChoice(unittest.TestCase):
    OPTIONS = {option.name: option for option in (
        spin("Hash", 16, 1, 1024), spin("Threads", 1, 1, 64), spin("Move Overhead", 10, 0, 5000),
        spin("MultiPV", 1, 1, 256), spin("UCI_Elo", 1500, 1320, 3190),
        Option("UCI_LimitStrength", "check", False, None, None, []),
        spin("rfp_margin", 80, 40, 140), Option("use_probcut", "check", True, None, None, []),
        spin("Lmr_base", 1, 0, 2), spin("lmr_base", 100, 50, 150), spin("see_quiet2", -60, -120, 0))}

    def test_snake_case_spin_options_only(self):
        names = [param.name for param in spsa.select_params(self.OPTIONS, None)]
        self.assertEqual(names, ["rfp_margin", "lmr_base", "see_quiet2"])

    def test_params_filter_keeps_the_engines_order(self):
        chosen = spsa.select_params(self.OPTIONS, ["see_quiet2", "rfp_margin"])
        self.assertEqual([param.name for param in chosen], ["rfp_margin", "see_quiet2"])
        self.assertEqual(chosen[1], spsa.Param("see_quiet2", -60, -120, 0, 6.0))

    def test_unknown_or_standard_names_are_errors(self):
        for wanted in (["rfp_margn"], ["Hash"], ["use_probcut"], ["rfp_margin", "nope"]):
            with self.subTest(wanted=wanted), self.assertRaises(ConfigError) as raised:
                spsa.select_params(self.OPTIONS, wanted)
            self.assertNotIn("\n", str(raised.exception))

    def test_an_engine_without_tunables_is_an_error(self):
        with self.assertRaises(ConfigError):
            spsa.select_params({"Hash": spin("Hash", 16, 1, 1024)}, None)


class StateFile(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.tmp.name, "state.json")
        self.params = [RFP, spsa.Param("lmr_base", 100, 50, 150, 5.0)]

    def tearDown(self):
        self.tmp.cleanup()

    def args(self, *extra):
        return spsa.parse_args(["--engine", "bb", "--state", self.path, *extra])

    def test_round_trip(self):
        state = spsa.State(spsa.Schedule(5000, 0.003), self.params, {"rfp_margin": 83.41, "lmr_base": 97.125},
                           k=17, wins=9, draws=20, losses=5, seed=7)
        spsa.write_state(self.path, state)
        self.assertEqual(os.listdir(self.tmp.name), ["state.json"])  # no temporary file left
        self.assertEqual(spsa.read_state(self.path), state)
        with open(self.path, encoding="utf-8") as file:
            self.assertEqual(json.load(file)["params"]["rfp_margin"],
                             {"theta": 83.41, "default": 80, "min": 40, "max": 140, "c_end": 5.0})

    def test_a_new_run_starts_from_the_defaults(self):
        state = spsa.load_or_start(self.args("--total-pairs", "300"), self.params)
        self.assertEqual((state.k, state.schedule), (0, spsa.Schedule(300, 0.002)))
        self.assertEqual(state.theta, {"rfp_margin": 80.0, "lmr_base": 100.0})

    def test_resume_reads_the_saved_run(self):
        saved = spsa.State(spsa.Schedule(300, 0.002), list(reversed(self.params)),
                           {"rfp_margin": 91.5, "lmr_base": 60.25}, k=42)
        spsa.write_state(self.path, saved)
        self.assertEqual(spsa.load_or_start(self.args(), self.params), saved)
        self.assertEqual(spsa.load_or_start(self.args("--total-pairs", "300"), self.params), saved)

    def test_resume_refuses_another_set_up(self):
        spsa.write_state(self.path, spsa.State(spsa.Schedule(300, 0.002), self.params,
                                               {"rfp_margin": 91.5, "lmr_base": 60.25}, k=42))
        other_range = [RFP, spsa.Param("lmr_base", 100, 50, 200, 7.5)]
        for args, params in ((self.args(), self.params[:1]), (self.args(), other_range),
                             (self.args("--total-pairs", "20000"), self.params),
                             (self.args("--r-end", "0.01"), self.params),
                             (self.args("--seed", "2"), self.params)):
            with self.subTest(args=args, params=params), self.assertRaises(ConfigError) as raised:
                spsa.load_or_start(args, params)
            self.assertNotIn("\n", str(raised.exception))

    def test_a_new_run_keeps_its_seed_and_a_resume_needs_the_same(self):
        spsa.write_state(self.path, spsa.load_or_start(self.args("--seed", "5"), self.params))
        self.assertEqual(spsa.read_state(self.path).seed, 5)
        self.assertEqual(spsa.load_or_start(self.args("--seed", "5"), self.params).seed, 5)
        with self.assertRaises(ConfigError):
            spsa.load_or_start(self.args(), self.params)  # the default seed, 1

    def test_a_file_that_is_not_a_state_is_an_error(self):
        with open(self.path, "w", encoding="utf-8") as file:
            file.write('{"k": 3}')
        with self.assertRaises(ConfigError):
            spsa.read_state(self.path)


def record(result, plus_is_white, termination="normal"):
    white, black = ("plus", "minus") if plus_is_white else ("minus", "plus")
    return GameRecord(white, black, result, termination, "", 0, "")


class Pairs(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.tmp.name, "state.json")

    def tearDown(self):
        self.tmp.cleanup()

    def tuner(self, k=0, *extra):
        args = spsa.parse_args(["--engine", "bb", "--state", self.path, *extra])
        state = spsa.State(spsa.Schedule(1000, 0.002), [RFP], {"rfp_margin": 80.0}, k=k)
        return spsa.Tuner(args, None, list(range(50)), state)

    def test_a_finished_pair_moves_theta_and_is_saved(self):
        tuner = self.tuner(999)
        job = tuner.next_pair()
        self.assertEqual((job.number, job.k), (1000, 999))
        step = 0.01 * job.delta["rfp_margin"]  # R_k * c_k at the last step, per point
        self.assertEqual(job.plus["rfp_margin"], 80 + 5 * job.delta["rfp_margin"])
        with contextlib.redirect_stdout(io.StringIO()) as out:
            tuner.finish_pair(job, [record("1-0", True), record("1/2-1/2", False)])  # plus +1.5 - 0.5
        self.assertEqual(out.getvalue().splitlines()[0], "pair 1000  result +1  W-D-L 1-1-0")
        self.assertAlmostEqual(tuner.state.theta["rfp_margin"], 80 + step, places=9)
        saved = spsa.read_state(self.path)
        self.assertEqual(saved.k, 1000)
        self.assertAlmostEqual(saved.theta["rfp_margin"], 80 + step, places=9)
        self.assertIsNone(tuner.next_pair())  # the schedule's 1000 pairs are done

    def test_a_resumed_run_goes_on_with_the_same_openings_and_signs(self):
        fresh = self.tuner(0)
        expected = [fresh.next_pair() for _ in range(4)][-1]
        resumed = self.tuner(3).next_pair()
        self.assertEqual((resumed.number, resumed.opening, resumed.delta), (4, expected.opening, expected.delta))

    def test_pairs_limits_this_run(self):
        tuner = self.tuner(10, "--pairs", "2")
        self.assertEqual([tuner.next_pair() is not None for _ in range(3)], [True, True, False])

    def test_three_abandoned_pairs_in_a_row_stop_the_run(self):
        tuner = self.tuner(0)
        crashed = [record("0-1", True, "abandoned"), record("1-0", False)]
        with contextlib.redirect_stdout(io.StringIO()):
            for _ in range(3):
                tuner.finish_pair(tuner.next_pair(), crashed)
        # The first two are results; the third shows a broken set-up.
        self.assertEqual(tuner.state.k, 2)
        self.assertEqual(tuner.state.losses, 4)
        self.assertIsNotNone(tuner.broken)
        self.assertIsNone(tuner.next_pair())


PAIR_LINE = re.compile(r"^pair (\d+)  result [+-][012]  W-D-L (\d+)-(\d+)-(\d+)$")


class EndToEnd(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.state = os.path.join(self.tmp.name, "state.json")

    def tearDown(self):
        self.tmp.cleanup()

    def read_state(self):
        with open(self.state, encoding="utf-8") as file:
            return json.load(file)

    def test_two_pairs_then_one_more(self):
        pgn = os.path.join(self.tmp.name, "games.pgn")
        run = run_spsa("--engine", TUNABLE_FAKE, "--state", self.state, "--nodes", "1", "--max-plies", "60",
                       "--pairs", "2", "--total-pairs", "100", "--pgn", pgn)
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertRegex(run.stdout.splitlines()[0], r"^SPSA tc nodes 1, 2 params, N 100, k 0 at start")
        pairs = [PAIR_LINE.match(line) for line in run.stdout.splitlines() if line.startswith("pair ")]
        self.assertEqual([int(match.group(1)) for match in pairs], [1, 2], run.stdout)
        self.assertEqual(sum(map(int, pairs[-1].groups()[1:])), 4)
        self.assertIn("fake_margin  theta 50.0  (default 50, range 0..100)", run.stdout)
        self.assertIn("fake_depth   theta 3.0  (default 3, range 1..9)", run.stdout)
        with open(pgn, encoding="utf-8") as file:
            self.assertEqual(file.read().count("[Event "), 4)
        state = self.read_state()
        self.assertEqual(state["k"], 2)
        self.assertEqual((state["total_pairs"], state["r_end"]), (100, 0.002))
        self.assertEqual(sorted(state["params"]), ["fake_depth", "fake_margin"])
        # Both engines play the first legal move, so each opening's two games
        # end alike and the pair is even: theta has not moved.
        self.assertEqual(state["params"]["fake_margin"]["theta"], 50.0)
        self.assertEqual(state["wdl"][0], state["wdl"][2])

        run = run_spsa("--engine", TUNABLE_FAKE, "--state", self.state, "--nodes", "1", "--max-plies", "60",
                       "--pairs", "1", "--pgn", pgn)
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertRegex(run.stdout.splitlines()[0], r"^SPSA tc nodes 1, 2 params, N 100, k 2 at start")
        self.assertIn("pair 3  ", run.stdout)
        self.assertEqual(self.read_state()["k"], 3)
        with open(pgn, encoding="utf-8") as file:
            self.assertEqual(file.read().count("[Event "), 6, "the resumed run appends its games")

    def test_params_restricts_and_a_changed_set_is_refused(self):
        run = run_spsa("--engine", TUNABLE_FAKE, "--state", self.state, "--nodes", "1", "--max-plies", "20",
                       "--pairs", "1", "--params", "fake_depth")
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertEqual(list(self.read_state()["params"]), ["fake_depth"])
        run = run_spsa("--engine", TUNABLE_FAKE, "--state", self.state, "--nodes", "1", "--pairs", "1")
        self.assertEqual(run.returncode, 2, run.stdout)
        self.assertEqual(len(run.stderr.strip().splitlines()), 1, run.stderr)
        self.assertIn("are not the engine's", run.stderr)

    def test_configuration_errors_exit_2_with_one_line(self):
        for engine, args in ((TUNABLE_FAKE, ["--params", "fake_margin,nope"]), (FAKE, []),
                             (TUNABLE_FAKE, ["--pairs", "0"]), (TUNABLE_FAKE, ["--tc", "1+0"]),
                             ("/nonexistent/engine", []),
                             (TUNABLE_FAKE, ["--pgn", os.path.join(self.tmp.name, "no", "such", "dir.pgn")])):
            with self.subTest(engine=engine, args=args):
                run = run_spsa("--engine", engine, "--state", self.state, "--nodes", "1", *args)
                self.assertEqual(run.returncode, 2, run.stdout)
                self.assertEqual(len(run.stderr.strip().splitlines()), 1, run.stderr)
                self.assertFalse(os.path.exists(self.state))


if __name__ == "__main__":
    unittest.main()
