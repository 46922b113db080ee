"""The SPRT statistics against values worked out by hand and by another route."""

import math
import os
import statistics
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import sprt_math  # noqa: E402


def llr_by_normal_densities(penta, elo0, elo1):
    """The GSPRT's LLR as the sum over pairs of log N(x; 2*s1, var) -
    log N(x; 2*s0, var): pair scores 0..2 each written out, and the
    variance taken by the statistics module. This is how the formula in
    sprt_math is derived, computed the long way round."""
    pair_scores = [score for score, count in zip((0, 0.5, 1, 1.5, 2), penta) for _ in range(count)]
    variance = statistics.pvariance(pair_scores)
    mean0, mean1 = (2 / (1 + 10 ** (-elo / 400)) for elo in (elo0, elo1))

    def log_density(x, mean):
        return -((x - mean) ** 2) / (2 * variance) - 0.5 * math.log(2 * math.pi * variance)

    return sum(log_density(x, mean1) - log_density(x, mean0) for x in pair_scores)


class EloAndScore(unittest.TestCase):
    def test_known_points(self):
        self.assertEqual(sprt_math.elo_to_score(0), 0.5)
        # A score of 3/4 is odds of 3 to 1: 400 * log10(3) Elo.
        self.assertAlmostEqual(sprt_math.score_to_elo(0.75), 400 * math.log10(3), places=9)
        self.assertAlmostEqual(sprt_math.score_to_elo(0.25), -400 * math.log10(3), places=9)
        self.assertAlmostEqual(sprt_math.elo_to_score(400), 10 / 11, places=12)
        self.assertEqual(sprt_math.score_to_elo(0.0), -math.inf)
        self.assertEqual(sprt_math.score_to_elo(1.0), math.inf)

    def test_round_trip(self):
        for elo in (-350, -5, 0, 0.5, 5, 120):
            self.assertAlmostEqual(sprt_math.score_to_elo(sprt_math.elo_to_score(elo)), elo, places=9)


class Bounds(unittest.TestCase):
    def test_symmetric_at_equal_error_rates(self):
        lower, upper = sprt_math.bounds(0.05, 0.05)
        self.assertAlmostEqual(upper, math.log(19), places=12)  # 0.95 / 0.05
        self.assertAlmostEqual(lower, -math.log(19), places=12)
        self.assertAlmostEqual(upper, 2.944438979, places=9)

    def test_unequal_error_rates(self):
        lower, upper = sprt_math.bounds(0.05, 0.10)
        self.assertAlmostEqual(lower, math.log(0.10 / 0.95), places=12)  # -2.2513
        self.assertAlmostEqual(upper, math.log(18), places=12)  # 0.90 / 0.05

    def test_decision(self):
        self.assertEqual(sprt_math.decision(2.95, -2.94, 2.94), "H1")
        self.assertEqual(sprt_math.decision(-3.0, -2.94, 2.94), "H0")
        self.assertIsNone(sprt_math.decision(0.0, -2.94, 2.94))


class Llr(unittest.TestCase):
    def test_zero_games(self):
        self.assertEqual(sprt_math.llr([0, 0, 0, 0, 0], 0, 5), 0.0)
        self.assertEqual(sprt_math.elo_estimate([0, 0, 0, 0, 0]), (0.0, math.inf))

    def test_all_draws_at_elo0_zero(self):
        # No spread in the pair scores: the normal model has no variance and
        # the LLR stays 0; the Elo is exactly 0.
        self.assertEqual(sprt_math.llr([0, 0, 50, 0, 0], 0, 5), 0.0)
        self.assertEqual(sprt_math.elo_estimate([0, 0, 50, 0, 0]), (0.0, 0.0))

    def test_worked_by_hand(self):
        # penta [1, 2, 3, 2, 2]: 10 pairs, per-game scores summing to 5.5,
        # mean 0.55; squared deviations .3025 + 2*.09 + 3*.0025 + 2*.04 +
        # 2*.2025 = .975, variance .0975. elo0 = 0 and elo1 = 400 log10(3)
        # give s0 = 1/2 and s1 = 3/4, so
        # LLR = 10 * 0.25 * (1.1 - 1.25) / (2 * 0.0975) = -25/13.
        penta = [1, 2, 3, 2, 2]
        self.assertEqual(sprt_math.pair_stats(penta)[0], 10)
        self.assertAlmostEqual(sprt_math.pair_stats(penta)[1], 0.55, places=12)
        self.assertAlmostEqual(sprt_math.pair_stats(penta)[2], 0.0975, places=12)
        self.assertAlmostEqual(sprt_math.llr(penta, 0, 400 * math.log10(3)), -25 / 13, places=9)
        elo, error = sprt_math.elo_estimate(penta)
        self.assertAlmostEqual(elo, 400 * math.log10(11 / 9), places=9)
        # 0.55 -/+ 1.96 * sqrt(.0975 / 10) = 0.3565 .. 0.7435, i.e. -102.6 .. +184.9 Elo.
        self.assertAlmostEqual(error, (184.9 + 102.6) / 2, delta=0.2)

    def test_against_normal_densities(self):
        for penta, elo0, elo1 in (([30, 120, 300, 150, 40], 0, 5), ([12, 80, 410, 70, 9], -5, 0),
                                  ([0, 1, 0, 3, 0], 0, 10), ([200, 0, 0, 0, 201], 0, 5)):
            with self.subTest(penta=penta):
                self.assertAlmostEqual(sprt_math.llr(penta, elo0, elo1),
                                       llr_by_normal_densities(penta, elo0, elo1), places=9)

    def test_direction(self):
        # Better results for the test engine move the LLR up, worse down.
        self.assertGreater(sprt_math.llr([10, 40, 100, 60, 20], 0, 5), 0)
        self.assertLess(sprt_math.llr([20, 60, 100, 40, 10], 0, 5), 0)
        # A run exactly at elo0 = 0 is evidence for H0.
        self.assertLess(sprt_math.llr([10, 40, 100, 40, 10], 0, 5), 0)

    def test_bad_vectors(self):
        with self.assertRaises(ValueError):
            sprt_math.llr([1, 2, 3], 0, 5)
        with self.assertRaises(ValueError):
            sprt_math.llr([1, -1, 0, 0, 0], 0, 5)


if __name__ == "__main__":
    unittest.main()
