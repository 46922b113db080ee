"""The statistics of a self-play SPRT on game pairs: logistic Elo, the
pentanomial GSPRT's log-likelihood ratio and its stopping bounds.

A pair is two games from the same opening with colours swapped. Its score
for the engine under test is 0, 0.5, 1, 1.5 or 2, and the run is summed
up by the five counts of those scores, the pentanomial vector
[LL, LD, DD+WL, WD, WW]. Pairs, not games, are the independent samples:
the two games of a pair share an opening and so are correlated, which the
pentanomial variance takes into account and a W-D-L (trinomial) one would
not.

The LLR is the normal approximation of the generalized SPRT used by
fishtest and fastchess ("GSPRT"): with N pairs whose per-game score has
sample mean m and variance v per pair, and s0, s1 the expected per-game
scores at elo0 and elo1,

    LLR = N * (s1 - s0) * (2m - s0 - s1) / (2v)

which is the log-likelihood ratio of two normal distributions of the pair
scores, with means s0 and s1 and the observed variance. Scores are taken
per game (pair score / 2); the ratio does not depend on that scale.

The stopping bounds are Wald's: lower = ln(beta / (1 - alpha)),
upper = ln((1 - beta) / alpha).
"""

from __future__ import annotations

import math
from typing import Optional, Sequence, Tuple

# The per-game score of each pentanomial outcome, in the order of the
# counts: LL, LD, DD or WL, WD, WW.
PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)

# Two-sided 95 % quantile of the normal distribution.
Z_95 = 1.959963984540054


def elo_to_score(elo: float) -> float:
    """The expected score of a game at a logistic Elo difference."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def score_to_elo(score: float) -> float:
    """The logistic Elo difference of an expected score (inf at 0 and 1)."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return 400.0 * math.log10(score / (1.0 - score))


def bounds(alpha: float, beta: float) -> Tuple[float, float]:
    """Wald's stopping bounds of the LLR for error rates alpha and beta."""
    return math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)


def pair_stats(penta: Sequence[int]) -> Tuple[int, float, float]:
    """The number of pairs and the mean and variance (population form, as
    the GSPRT uses) of the per-game score of one pair."""
    if len(penta) != 5 or any(count < 0 for count in penta):
        raise ValueError(f"a pentanomial vector is five counts >= 0, not {list(penta)}")
    pairs = sum(penta)
    if pairs == 0:
        return 0, 0.0, 0.0
    mean = sum(count * score for count, score in zip(penta, PAIR_SCORES)) / pairs
    variance = sum(count * (score - mean) ** 2 for count, score in zip(penta, PAIR_SCORES)) / pairs
    return pairs, mean, variance


def llr(penta: Sequence[int], elo0: float, elo1: float) -> float:
    """The GSPRT log-likelihood ratio of H1 (elo1) against H0 (elo0).

    It is 0 while the pair scores have no spread (no pairs, or all pairs
    alike): the normal model needs a variance, and fastchess does the same.
    """
    pairs, mean, variance = pair_stats(penta)
    if pairs == 0 or variance <= 0.0:
        return 0.0
    s0, s1 = elo_to_score(elo0), elo_to_score(elo1)
    return pairs * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)


def elo_estimate(penta: Sequence[int]) -> Tuple[float, float]:
    """The Elo difference measured by the pairs and the half-width of its
    95 % interval (from the pentanomial variance of the mean score).

    The half-width is inf with fewer than two pairs, and when the interval
    reaches a score of 0 or 1 (an Elo of minus or plus infinity).
    """
    pairs, mean, variance = pair_stats(penta)
    if pairs == 0:
        return 0.0, math.inf
    elo = score_to_elo(mean)
    if pairs < 2:
        return elo, math.inf
    margin = Z_95 * math.sqrt(variance / pairs)
    low, high = score_to_elo(mean - margin), score_to_elo(mean + margin)
    if math.isinf(low) or math.isinf(high):
        return elo, math.inf
    return elo, (high - low) / 2.0


def decision(value: float, lower: float, upper: float) -> Optional[str]:
    """`H1` when the LLR reached the upper bound, `H0` at the lower, else None."""
    if value >= upper:
        return "H1"
    if value <= lower:
        return "H0"
    return None
