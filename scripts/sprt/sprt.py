#!/usr/bin/env python3
"""Self-play SPRT between two UCI engines (python-chess).

    python3 scripts/sprt/sprt.py --base "bb-old" --test "bb-new" --tc 5+0.05 \\
        --elo0 0 --elo1 5 --concurrency 1

Games are played in pairs: one opening, each engine white once. After each
pair a line shows the games so far, W-D-L and the pentanomial counts from
the test engine's side, the Elo difference with its 95 % interval and the
log-likelihood ratio with its bounds. The run stops when the LLR crosses a
bound (H1: the test engine is at least elo1 better; H0: at most elo0) or
at --max-games, and ends with a summary line for a commit message.
The statistics are in sprt_math.py, the games in games.py.

A run cut short (the machine is needed, the session ends) is continued
with the same two builds by --resume and its last progress line: the
counts carry over, the test goes on from there with the openings that
follow, and it stops as if it had never been interrupted.

Exit status: 0 when the run ended (accepted or inconclusive), 2 on a
configuration error, 130 on Ctrl-C (after the summary of what was played).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import sys
from dataclasses import dataclass, field
from typing import List, Optional

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import chess  # noqa: E402

import sprt_math  # noqa: E402
from games import Engine, EngineStartError, GameRecord, Settings  # noqa: E402
from openings import DEFAULT_OPENINGS, Opening, chess960_openings, opening_order, read_openings  # noqa: E402
from pair_runner import ConfigError, PairRunner  # noqa: E402


class OneLineParser(argparse.ArgumentParser):
    """argparse with a one-line error message and exit status 2."""

    def error(self, message):
        raise ConfigError(message)


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    """The options for how the games are played and written, which spsa.py
    shares."""
    parser.add_argument("--tc", help="seconds+increment per game and move (default 5+0.05)")
    parser.add_argument("--nodes", type=int, help="`go nodes N` for every move, instead of a clock")
    parser.add_argument("--move-timeout", type=float, default=60.0,
                        help="with --nodes: seconds without an answer that lose the game (default 60)")
    parser.add_argument("--concurrency", type=int, default=1, help="pairs played at once (default 1)")
    parser.add_argument("--hash", type=int, default=16, help="Hash in MB for both engines (default 16)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="setoption for both engines (repeatable)")
    parser.add_argument("--openings", default=DEFAULT_OPENINGS, help="EPD file (default openings.epd here)")
    parser.add_argument("--chess960", action="store_true",
                        help="play from the 960 Chess960 start positions instead of --openings")
    parser.add_argument("--seed", type=int, default=1, help="shuffles the order of the openings (default 1)")
    parser.add_argument("--max-plies", type=int, default=400, help="draw at this many plies (0: never)")
    parser.add_argument("--resign-score", type=int, default=1000, help="centipawns (0: no resignation)")
    parser.add_argument("--resign-moves", type=int, default=5, help="moves of each engine (0: no resignation)")
    parser.add_argument("--pgn", help="write the games to this PGN file")


def parse_args(argv: List[str]) -> argparse.Namespace:
    parser = OneLineParser(prog="sprt.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", required=True, help="command of the reference engine")
    parser.add_argument("--test", required=True, help="command of the engine under test")
    add_game_arguments(parser)
    parser.add_argument("--elo0", type=float, default=0.0)
    parser.add_argument("--elo1", type=float, default=5.0)
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--beta", type=float, default=0.05)
    parser.add_argument("--max-games", type=int, default=20000, help="stop here, inconclusive (default 20000)")
    parser.add_argument("--resume", metavar="LINE",
                        help="continue a run of the same two builds from its last progress line "
                             "('games N  W-D-L w-d-l  penta [a, b, c, d, e] ...')")
    return parser.parse_args(argv)


def settings_from(args: argparse.Namespace) -> Settings:
    """The game settings of an SPRT, or ConfigError for a value that makes
    no sense."""
    if not args.elo0 < args.elo1:
        raise ConfigError(f"--elo0 ({args.elo0:g}) must be below --elo1 ({args.elo1:g})")
    for name in ("alpha", "beta"):
        if not 0.0 < getattr(args, name) < 0.5:
            raise ConfigError(f"--{name} must be between 0 and 0.5")
    if args.max_games < 2:
        raise ConfigError("--max-games must be at least 2")
    return game_settings_from(args)


def game_settings_from(args: argparse.Namespace) -> Settings:
    """The settings from the options of add_game_arguments, or ConfigError
    for a value that makes no sense."""
    if args.tc is not None and args.nodes is not None:
        raise ConfigError("give --tc or --nodes, not both")
    for name, low in (("concurrency", 1), ("hash", 1), ("max_plies", 0), ("resign_score", 0), ("resign_moves", 0)):
        if getattr(args, name) < low:
            raise ConfigError(f"--{name.replace('_', '-')} must be at least {low}")
    settings = Settings(max_plies=args.max_plies, resign_score=args.resign_score,
                        resign_moves=args.resign_moves, move_timeout=args.move_timeout)
    if args.nodes is not None:
        if args.nodes < 1:
            raise ConfigError("--nodes must be at least 1")
        settings.nodes = args.nodes
    else:
        base, _, increment = (args.tc or "5+0.05").partition("+")
        try:
            settings.base_seconds, settings.increment = float(base), float(increment or 0)
        except ValueError:
            raise ConfigError(f"--tc {args.tc}: expected seconds+increment, e.g. 5+0.05") from None
        if settings.base_seconds <= 0 or settings.increment < 0:
            raise ConfigError(f"--tc {args.tc}: the time must be positive")
    settings.options = {"Hash": args.hash, "Threads": 1}
    for text in args.option:
        name, equals, value = text.partition("=")
        if not equals or not name.strip():
            raise ConfigError(f"--option {text}: expected Name=value")
        settings.options[name.strip()] = value.strip()
    return settings


def openings_from(args: argparse.Namespace) -> List[Opening]:
    """The openings --chess960 or --openings names, or ConfigError."""
    try:
        return chess960_openings() if args.chess960 else read_openings(args.openings)
    except (OSError, ValueError) as error:
        raise ConfigError(f"openings: {error}") from None


@dataclass
class Tally:
    """The finished pairs, from the test engine's side."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    penta: List[int] = field(default_factory=lambda: [0] * 5)  # pairs scoring 0, 0.5, 1, 1.5, 2

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def add_pair(self, records: List[GameRecord]) -> None:
        pair_score = 0.0
        for record in records:
            score = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[record.result]
            if record.black == "test":
                score = 1.0 - score
            pair_score += score
            self.wins += score == 1.0
            self.draws += score == 0.5
            self.losses += score == 0.0
        self.penta[round(pair_score * 2)] += 1

    @staticmethod
    def from_progress_line(line: str) -> "Tally":
        """The tally a progress line shows, or ConfigError if it is not one
        or its W-D-L and pentanomial counts disagree."""
        found = RESUME_LINE.search(line)
        if found is None:
            raise ConfigError("--resume: expected a progress line, 'games N  W-D-L w-d-l  penta [a, b, c, d, e] ...'")
        games, wins, draws, losses, *penta = map(int, found.groups())
        tally = Tally(wins, draws, losses, penta)
        points = sum(index * count for index, count in enumerate(penta))
        if tally.games != games or games != 2 * sum(penta) or points != 2 * wins + draws:
            raise ConfigError(f"--resume: W-D-L {wins}-{draws}-{losses} and penta {penta} "
                              f"are not the same {games} games")
        return tally


RESUME_LINE = re.compile(r"games (\d+)\s+W-D-L (\d+)-(\d+)-(\d+)\s+penta \[(\d+), (\d+), (\d+), (\d+), (\d+)\]")


class Sprt(PairRunner):
    """Runs the pairs, keeps the tally and decides when to stop."""

    def __init__(self, args: argparse.Namespace, settings: Settings, openings: List[Opening]):
        self.args, self.settings, self.openings = args, settings, openings
        self.order = opening_order(len(openings), args.seed)
        self.lower, self.upper = sprt_math.bounds(args.alpha, args.beta)
        self.tally = Tally()
        self.pairs_started = 0
        self.verdict: Optional[str] = None  # "H1", "H0" or None
        if args.resume is not None:
            # The resumed pairs have used the first openings of the order.
            self.tally = Tally.from_progress_line(args.resume)
            self.pairs_started = sum(self.tally.penta)
            for _ in range(self.pairs_started):
                next(self.order)
            self.verdict = sprt_math.decision(self.llr(), self.lower, self.upper)
        # The PGN is opened once the resume line is known to be good, so a
        # bad one leaves an existing file as it was.
        super().__init__(args.pgn, resuming=args.resume is not None)
        self.stopping = self.verdict is not None

    def llr(self) -> float:
        return sprt_math.llr(self.tally.penta, self.args.elo0, self.args.elo1)

    def progress_line(self) -> str:
        tally = self.tally
        elo, error = sprt_math.elo_estimate(tally.penta)
        return (f"games {tally.games}  W-D-L {tally.wins}-{tally.draws}-{tally.losses}  "
                f"penta [{', '.join(map(str, tally.penta))}]  elo {elo:.1f} ± {error:.1f}  "
                f"LLR {self.llr():.2f} [{self.lower:.2f}, {self.upper:.2f}]")

    def outcome_text(self) -> str:
        if self.verdict is not None:
            return f"{self.verdict} accepted"
        return "interrupted, inconclusive" if self.interrupted else "inconclusive"

    def summary_line(self) -> str:
        tally, args = self.tally, self.args
        elo, error = sprt_math.elo_estimate(tally.penta)
        return (f"SPRT [{args.elo0:g}, {args.elo1:g}] tc {self.settings.time_control()}: "
                f"games {tally.games}, W-D-L {tally.wins}-{tally.draws}-{tally.losses}, "
                f"LLR {self.llr():.2f} ({self.lower:.2f}, {self.upper:.2f}), "
                f"Elo {elo:.1f} ± {error:.1f} → {self.outcome_text()}")

    def next_pair(self):
        """The next pair's number and opening, or None when no more pairs are to start."""
        if self.stopping or 2 * (self.pairs_started + 1) > self.args.max_games:
            return None
        self.pairs_started += 1
        return self.pairs_started, self.openings[next(self.order)]

    def finish_pair(self, records: List[GameRecord]) -> None:
        # An engine that cannot be started again loses every game from then
        # on: that is a broken set-up, not a result, so the run ends.
        if self.pair_is_void(records):
            return
        self.tally.add_pair(records)
        self.write_games(records)
        print(self.progress_line(), flush=True)
        self.verdict = sprt_math.decision(self.llr(), self.lower, self.upper)
        if self.verdict is not None:
            self.stop()

    async def worker(self, base: Engine, test: Engine) -> None:
        while (job := self.next_pair()) is not None:
            number, opening = job
            # Base white first, then test white.
            self.finish_pair(await self.play_pair(base, test, opening, self.settings, number))

    async def start_workers(self) -> None:
        """Starts each worker's two engines (a failure is a configuration
        error: the engines are not usable) and its task."""
        for _ in range(self.args.concurrency):
            pair = (Engine("base", self.args.base, self.settings.options),
                    Engine("test", self.args.test, self.settings.options))
            self.engines.extend(pair)
            for engine in pair:
                try:
                    await engine.start()
                except EngineStartError as error:
                    raise ConfigError(f"cannot start the {error}") from None
            if self.stopping:  # Ctrl-C while the engines started
                return
            self.add_worker(self.worker, *pair)


async def run_sprt(args: argparse.Namespace, settings: Settings, openings: List[Opening]) -> int:
    sprt = Sprt(args, settings, openings)
    print(f"SPRT {settings.time_control()}, elo0 {args.elo0:g}, elo1 {args.elo1:g}, alpha {args.alpha:g}, "
          f"beta {args.beta:g}: LLR bounds [{sprt.lower:.2f}, {sprt.upper:.2f}], at most {args.max_games} games, "
          f"{len(openings)} openings (seed {args.seed}), concurrency {args.concurrency}", flush=True)
    print(f"  base: {args.base}\n  test: {args.test}", flush=True)
    if args.resume is not None:
        print(f"resumed: {sprt.progress_line()}", flush=True)
    if not hasattr(chess.engine.UciProtocol, "_go"):
        print(f"sprt.py: warning: python-chess {chess.__version__} is not the 1.11.2 this was written for; "
              "move times count from the request, not from `go`", file=sys.stderr)
    try:
        await sprt.run()
    finally:
        await sprt.close()
    if sprt.broken is not None:
        print(f"sprt.py: error: {sprt.broken}; the run is void", file=sys.stderr)
        print(sprt.summary_line(), flush=True)
        return 2
    if sprt.verdict is not None:
        print(f"{sprt.verdict} accepted: LLR {sprt.llr():.2f} crossed the "
              f"{'upper' if sprt.verdict == 'H1' else 'lower'} bound")
    elif sprt.interrupted:
        print("interrupted")
    else:
        print(f"inconclusive: {args.max_games} games without crossing a bound")
    print(sprt.summary_line(), flush=True)
    return 130 if sprt.interrupted else 0


def main(argv: Optional[List[str]] = None) -> int:
    try:
        args = parse_args(sys.argv[1:] if argv is None else argv)
        settings = settings_from(args)
        openings = openings_from(args)
        return asyncio.run(run_sprt(args, settings, openings))
    except ConfigError as error:
        print(f"sprt.py: error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
