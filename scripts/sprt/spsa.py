#!/usr/bin/env python3
"""SPSA tuning of an engine's search parameters by self-play (python-chess).

    python3 scripts/sprt/spsa.py --engine target/release/bb --state spsa.json \\
        --tc 10+0.1 --concurrency 2 --pairs 2000

The engine is a build of bb with the `tune` feature, whose tunable numbers
are UCI spin options with lowercase snake_case names. Each pair of games
tries one random direction, as Stockfish's fishtest does: every parameter
is moved by its perturbation c_k one way in the "plus" engine and the other
way in the "minus" engine, the two play an opening with each colour, and
the parameters move towards the side that scored more. The gains shrink
over --total-pairs so that at the last pair c is a twentieth of a range.

The --state JSON file (pairs done, values, the schedule's inputs, the
seed) is written after every pair; a run with an existing file goes on
from it, with the same --seed, appending its games to --pgn.
Exit status: 0 when the pairs were played, 2 on a configuration error or a
broken set-up, 130 on Ctrl-C (after the values so far).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import sys
from dataclasses import dataclass
from typing import Dict, List, Mapping, Optional

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import chess.engine  # noqa: E402

from games import START_TIMEOUT, Engine, EngineStartError, GameRecord, Settings  # noqa: E402
from openings import Opening, opening_order  # noqa: E402
from pair_runner import ConfigError, PairRunner  # noqa: E402
from spsa_math import (DEFAULT_R_END, DEFAULT_TOTAL_PAIRS, Param, Schedule, engine_values, signs,  # noqa: E402
                       updated_theta)
from sprt import OneLineParser, add_game_arguments, game_settings_from, openings_from  # noqa: E402

# The tune build's parameters; the standard options all have a capital.
TUNABLE_NAME = re.compile(r"[a-z][a-z0-9_]*")


def is_tunable(option: chess.engine.Option) -> bool:
    """A spin option with a snake_case name and a default and a range."""
    return (option.type == "spin" and TUNABLE_NAME.fullmatch(option.name) is not None
            and None not in (option.default, option.min, option.max))


def select_params(options: Mapping[str, chess.engine.Option], wanted: Optional[List[str]]) -> List[Param]:
    """The tunables among the engine's options, in its order; only those in
    `wanted` when given. ConfigError for a name that is not a tunable."""
    tunables = [Param.from_option(option) for option in options.values() if is_tunable(option)]
    if not tunables:
        raise ConfigError("the engine declares no lowercase snake_case spin options: is it built with `tune`?")
    if wanted is None:
        return tunables
    names = [param.name for param in tunables]
    unknown = [name for name in wanted if name not in names]
    if unknown:
        raise ConfigError(f"--params: not a tunable of the engine: {', '.join(unknown)} "
                          f"(it has {', '.join(names)})")
    return [param for param in tunables if param.name in wanted]


def plus_scores(records: List[GameRecord]) -> List[float]:
    """The plus engine's score in each game: 1, 0.5 or 0."""
    white_scores = [{"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[record.result] for record in records]
    return [score if record.white == "plus" else 1.0 - score for score, record in zip(white_scores, records)]


@dataclass
class State:
    """What a run resumes from: the pairs applied (k), the values, the
    schedule's inputs, and the games so far from the plus engine's side."""

    schedule: Schedule
    params: List[Param]
    theta: Dict[str, float]
    k: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    seed: int = 1  # --seed: the openings' order and the directions

    def to_json(self) -> dict:
        return {"k": self.k, "total_pairs": self.schedule.total_pairs, "r_end": self.schedule.r_end,
                "seed": self.seed, "wdl": [self.wins, self.draws, self.losses],
                "params": {param.name: {"theta": self.theta[param.name], "default": param.default,
                                        "min": param.low, "max": param.high, "c_end": param.c_end}
                           for param in self.params}}

    @staticmethod
    def from_json(data: dict) -> "State":
        params = [Param(name, int(entry["default"]), int(entry["min"]), int(entry["max"]), float(entry["c_end"]))
                  for name, entry in data["params"].items()]
        theta = {name: float(entry["theta"]) for name, entry in data["params"].items()}
        return State(Schedule(int(data["total_pairs"]), float(data["r_end"])), params, theta,
                     int(data["k"]), *map(int, data["wdl"]), seed=int(data["seed"]))


def write_state(path: str, state: State) -> None:
    # Through a temporary file: a run killed while writing leaves the
    # previous state, not half of a new one.
    temporary = f"{path}.tmp"
    with open(temporary, "w", encoding="utf-8") as file:
        json.dump(state.to_json(), file, indent=1)
        file.write("\n")
    os.replace(temporary, path)


def read_state(path: str) -> State:
    try:
        with open(path, encoding="utf-8") as file:
            return State.from_json(json.load(file))
    except OSError as error:
        raise ConfigError(f"--state {path}: {error}") from None
    except (KeyError, TypeError, ValueError, AttributeError):
        raise ConfigError(f"--state {path}: not a state file of spsa.py") from None


def check_resumable(state: State, params: List[Param], args: argparse.Namespace) -> None:
    """ConfigError unless the saved run tunes the same parameters over the
    same ranges as the engine offers now, and with the schedule asked for."""
    saved = sorted(param.name for param in state.params)
    offered = sorted(param.name for param in params)
    if saved != offered:
        raise ConfigError(f"--state {args.state}: its parameters ({', '.join(saved)}) "
                          f"are not the engine's ({', '.join(offered)})")
    ranges = {param.name: (param.low, param.high) for param in params}
    changed = [param.name for param in state.params if (param.low, param.high) != ranges[param.name]]
    if changed:
        raise ConfigError(f"--state {args.state}: the engine has other ranges for {', '.join(changed)}")
    if args.seed != state.seed:
        raise ConfigError(f"--seed {args.seed}: the run in --state {args.state} was played with --seed {state.seed}")
    for option, saved_value in (("total_pairs", state.schedule.total_pairs), ("r_end", state.schedule.r_end)):
        asked = getattr(args, option)
        if asked is not None and asked != saved_value:
            raise ConfigError(f"--{option.replace('_', '-')} {asked:g}: the run in --state {args.state} "
                              f"was planned with {saved_value:g}")


def load_or_start(args: argparse.Namespace, params: List[Param]) -> State:
    """The state in --state when the file exists, else a new run from the defaults."""
    if os.path.exists(args.state):
        state = read_state(args.state)
        check_resumable(state, params, args)
        return state
    schedule = Schedule(args.total_pairs or DEFAULT_TOTAL_PAIRS, args.r_end or DEFAULT_R_END)
    return State(schedule, params, {param.name: float(param.default) for param in params}, seed=args.seed)


def report_lines(state: State) -> List[str]:
    width = max(len(param.name) for param in state.params)
    return [f"{param.name:<{width}}  theta {state.theta[param.name]:.1f}  "
            f"(default {param.default}, range {param.low}..{param.high})" for param in state.params]


async def set_values(engine: Engine, values: Dict[str, int]) -> None:
    """Gives the engine a pair's values: in its options, which a restart by
    play_game uses, and by `setoption` when it runs. A process that does not
    take them is ended, so that play_game starts it afresh with them."""
    engine.options = {**engine.options, **values}
    if not engine.alive:
        return
    try:
        await asyncio.wait_for(engine.protocol.configure(values), START_TIMEOUT)
        await asyncio.wait_for(engine.protocol.ping(), START_TIMEOUT)
    except (asyncio.TimeoutError, chess.engine.EngineError, chess.engine.EngineTerminatedError):
        await engine.close()


@dataclass
class PairJob:
    """A pair to play and the values its two engines get."""

    number: int  # 1-based, over the whole run
    k: int  # its step in the schedule: the pairs applied when it started
    opening: Opening
    delta: Dict[str, int]
    plus: Dict[str, int]
    minus: Dict[str, int]


class Tuner(PairRunner):
    """Hands out the pairs, applies their results and decides when to stop.
    Results are applied as pairs finish, as in fishtest: with several
    workers, two pairs may start at the same step."""

    def __init__(self, args: argparse.Namespace, settings: Settings, openings: List[Opening], state: State):
        super().__init__(args.pgn, resuming=state.k > 0)
        self.args, self.settings, self.openings, self.state = args, settings, openings, state
        self.order = opening_order(len(openings), args.seed)
        for _ in range(state.k):  # the resumed pairs used the first openings of the order
            next(self.order)
        self.started = state.k
        planned = state.schedule.total_pairs
        self.last = planned if args.pairs is None else min(planned, state.k + args.pairs)
        self.reported_k: Optional[int] = None  # the k of the last values printed

    def next_pair(self) -> Optional[PairJob]:
        """The next pair, or None when no more pairs are to start."""
        if self.stopping or self.started >= self.last:
            return None
        state, k = self.state, self.state.k
        delta = signs(self.args.seed, self.started, state.params)
        self.started += 1
        return PairJob(self.started, k, self.openings[next(self.order)], delta,
                       engine_values(state.params, state.theta, state.schedule, k, delta, +1),
                       engine_values(state.params, state.theta, state.schedule, k, delta, -1))

    def finish_pair(self, job: PairJob, records: List[GameRecord]) -> None:
        # A crash loses a game like any other result, but an engine that
        # keeps failing is a broken set-up: the run ends, as sprt.py's does.
        if self.pair_is_void(records):
            return
        state = self.state
        scores = plus_scores(records)
        result = round(sum(2 * score - 1 for score in scores))  # plus points - minus points
        state.theta = updated_theta(state.params, state.theta, state.schedule, job.k, job.delta, result)
        state.k += 1
        state.wins += scores.count(1.0)
        state.draws += scores.count(0.5)
        state.losses += scores.count(0.0)
        write_state(self.args.state, state)
        self.write_games(records)
        print(f"pair {state.k}  result {result:+d}  W-D-L {state.wins}-{state.draws}-{state.losses}", flush=True)
        if state.k % self.args.report_every == 0:
            self.report()

    def report(self) -> None:
        print("\n".join(report_lines(self.state)), flush=True)
        self.reported_k = self.state.k

    async def worker(self, plus: Engine, minus: Engine) -> None:
        while (job := self.next_pair()) is not None:
            await set_values(plus, job.plus)
            await set_values(minus, job.minus)
            self.finish_pair(job, await self.play_pair(plus, minus, job.opening, self.settings, job.number))

    async def start_workers(self) -> None:
        for _ in range(self.args.concurrency):
            # Started by play_game, with the values of their first pair.
            pair = (Engine("plus", self.args.engine, dict(self.settings.options)),
                    Engine("minus", self.args.engine, dict(self.settings.options)))
            self.engines.extend(pair)
            self.add_worker(self.worker, *pair)


async def declared_options(command: str, settings: Settings) -> Mapping[str, chess.engine.Option]:
    """The options in the engine's `uci` answer, from a process started for it."""
    engine = Engine("tuned", command, settings.options)
    try:
        await engine.start()
        return engine.protocol.options
    except EngineStartError as error:
        raise ConfigError(f"cannot start the {error}") from None
    finally:
        await engine.close()


async def run_spsa(args: argparse.Namespace, settings: Settings, openings: List[Opening]) -> int:
    wanted = None if args.params is None else [name.strip() for name in args.params.split(",") if name.strip()]
    params = select_params(await declared_options(args.engine, settings), wanted)
    resumed = os.path.exists(args.state)
    state = load_or_start(args, params)
    tuner = Tuner(args, settings, openings, state)  # opens --pgn first: a bad path leaves no state behind
    try:
        write_state(args.state, state)  # a path that cannot be written fails now, not after a pair
    except OSError as error:
        await tuner.close()
        raise ConfigError(f"--state {args.state}: {error}") from None
    print(f"SPSA tc {settings.time_control()}, {len(params)} params, N {state.schedule.total_pairs}, "
          f"k {state.k} at start: r_end {state.schedule.r_end:g}, {len(openings)} openings (seed {args.seed}), "
          f"concurrency {args.concurrency}", flush=True)
    print(f"  engine: {args.engine}\n  state: {args.state} ({'resumed' if resumed else 'new'})", flush=True)
    try:
        await tuner.run()
    finally:
        await tuner.close()
    if tuner.reported_k != state.k:
        tuner.report()
    if tuner.broken is not None:
        print(f"spsa.py: error: {tuner.broken}; the run stopped", file=sys.stderr)
        return 2
    if tuner.interrupted:
        print(f"interrupted at k {state.k}", flush=True)
        return 130
    return 0


def parse_args(argv: List[str]) -> argparse.Namespace:
    parser = OneLineParser(prog="spsa.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", required=True, help="command of the engine built with the `tune` feature")
    parser.add_argument("--state", required=True, help="JSON file of the run, read if it exists")
    parser.add_argument("--params", help="comma-separated names to tune (default: every tunable)")
    parser.add_argument("--total-pairs", type=int,
                        help=f"pairs the schedule is planned over (default {DEFAULT_TOTAL_PAIRS})")
    parser.add_argument("--r-end", type=float, help=f"a / c^2 at the last pair (default {DEFAULT_R_END:g})")
    parser.add_argument("--pairs", type=int, help="pairs to play in this run (default: the rest of the schedule)")
    parser.add_argument("--report-every", type=int, default=50, help="pairs between the values (default 50)")
    add_game_arguments(parser)  # --seed also draws the directions
    args = parser.parse_args(argv)
    for name in ("total_pairs", "pairs", "report_every"):
        if getattr(args, name) is not None and getattr(args, name) < 1:
            raise ConfigError(f"--{name.replace('_', '-')} must be at least 1")
    if args.r_end is not None and not args.r_end > 0:
        raise ConfigError("--r-end must be positive")
    return args


def main(argv: Optional[List[str]] = None) -> int:
    try:
        args = parse_args(sys.argv[1:] if argv is None else argv)
        settings = game_settings_from(args)
        openings = openings_from(args)
        return asyncio.run(run_spsa(args, settings, openings))
    except ConfigError as error:
        print(f"spsa.py: error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
