"""The arithmetic of SPSA as Stockfish's fishtest runs it: each parameter's
perturbation and gain over a planned number of pairs, the random
directions, the two engines' values and the step after a pair. No games
and no files here: `spsa.py` plays the pairs and keeps the state."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Dict, List

import chess.engine

# Spall's exponents, as in fishtest: the step decays as (A + k)^-ALPHA, the
# perturbation as k^-GAMMA. A, a tenth of the planned pairs, keeps the first
# steps from being much larger than the later ones.
ALPHA, GAMMA, STABILITY_FRACTION = 0.602, 0.101, 0.1
# The end perturbation is this fraction of a parameter's range (at least 1,
# or the rounded plus and minus values would often be the same).
END_PERTURBATION_FRACTION = 1 / 20
DEFAULT_TOTAL_PAIRS, DEFAULT_R_END = 20000, 0.002


@dataclass
class Param:
    """One tunable option: its range, the engine's default and its end perturbation."""

    name: str
    default: int
    low: int
    high: int
    c_end: float

    @staticmethod
    def from_option(option: chess.engine.Option) -> "Param":
        spread = (option.max - option.min) * END_PERTURBATION_FRACTION
        return Param(option.name, option.default, option.min, option.max, max(1.0, spread))

    def clamp(self, value: float) -> float:
        return min(max(value, self.low), self.high)


@dataclass
class Schedule:
    """Fishtest's SPSA gains over `total_pairs` planned pairs, set so that at
    the last pair the perturbation is c_end and the ratio a / c^2 is r_end."""

    total_pairs: int
    r_end: float

    def perturbation(self, param: Param, k: int) -> float:
        """c_k: how far the plus and minus engines are from theta at step k."""
        return param.c_end * self.total_pairs ** GAMMA / (k + 1) ** GAMMA

    def step(self, param: Param, k: int) -> float:
        """a_k: the gain of the gradient estimate at step k."""
        stability = STABILITY_FRACTION * self.total_pairs
        a_end = self.r_end * param.c_end ** 2
        return a_end * (stability + self.total_pairs) ** ALPHA / (stability + k + 1) ** ALPHA

    def learning_rate(self, param: Param, k: int) -> float:
        """R_k = a_k / c_k^2, which turns a pair's result into a move of theta."""
        return self.step(param, k) / self.perturbation(param, k) ** 2


def signs(seed: int, number: int, params: List[Param]) -> Dict[str, int]:
    """The direction of the `number`th pair, +1 or -1 per parameter: from the
    seed and number only, so a resumed run draws what an unbroken one would."""
    rng = random.Random(f"spsa {seed} {number}")
    return {param.name: rng.choice((-1, 1)) for param in params}


def engine_values(params: List[Param], theta: Dict[str, float], schedule: Schedule, k: int,
                  delta: Dict[str, int], side: int) -> Dict[str, int]:
    """The values of the plus (side +1) or minus (side -1) engine at step k:
    theta moved c_k along delta, kept in range, rounded (spins are integers)."""
    return {param.name: round(param.clamp(theta[param.name] + side * schedule.perturbation(param, k)
                                          * delta[param.name])) for param in params}


def updated_theta(params: List[Param], theta: Dict[str, float], schedule: Schedule, k: int,
                  delta: Dict[str, int], result: int) -> Dict[str, float]:
    """theta after a pair started at step k whose plus engine scored `result`
    points more than the minus engine: a move towards the winner, kept in range."""
    return {param.name: param.clamp(theta[param.name] + schedule.learning_rate(param, k)
                                    * schedule.perturbation(param, k) * result * delta[param.name])
            for param in params}
