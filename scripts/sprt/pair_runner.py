"""What the SPRT (sprt.py) and the SPSA tuner (spsa.py) share: workers
that each play game pairs with two engines of their own, the PGN the
games go to, and the ways a run ends early (Ctrl-C, a worker's failure,
an engine that keeps failing)."""

from __future__ import annotations

import asyncio
import signal
from typing import List, Optional

import chess

from games import Engine, GameRecord, Settings, play_game
from openings import Opening

# Pairs in a row with an engine that crashed or could not be restarted
# before the run is called off: that is a broken set-up, not a result.
MAX_ABANDONED_PAIRS = 3


class ConfigError(Exception):
    """A command-line value or file that makes the run impossible."""


class PairRunner:
    """The workers, engines and PGN of a run. A subclass creates its workers
    in `start_workers` (each a task that plays pairs until `next_pair` says
    stop) and decides what a finished pair means."""

    def __init__(self, pgn_path: Optional[str], resuming: bool):
        self.interrupted = False
        self.stopping = False
        self.abandoned_in_a_row = 0
        self.broken: Optional[str] = None
        self.workers: List[asyncio.Task] = []
        self.engines: List[Engine] = []
        self.pgn = None
        if pgn_path:
            try:
                # A resumed run adds its games to those already written.
                self.pgn = open(pgn_path, "a" if resuming else "w", encoding="utf-8")
            except OSError as error:
                raise ConfigError(f"--pgn: {error}") from None

    async def play_pair(self, first: Engine, second: Engine, opening: Opening, settings: Settings,
                        number: int) -> List[GameRecord]:
        """The pair's two games from `opening`: `first` is white in the
        first, so each engine plays both sides."""
        records = []
        for game, (white, black) in enumerate(((first, second), (second, first)), 1):
            players = {chess.WHITE: white, chess.BLACK: black}
            records.append(await play_game(players, opening, settings, f"{number}.{game}"))
        return records

    def pair_is_void(self, records: List[GameRecord]) -> bool:
        """True when this pair ends the run: the last of MAX_ABANDONED_PAIRS
        in a row in which an engine crashed or could not be restarted."""
        if not any(record.termination == "abandoned" for record in records):
            self.abandoned_in_a_row = 0
            return False
        self.abandoned_in_a_row += 1
        if self.abandoned_in_a_row < MAX_ABANDONED_PAIRS:
            return False
        self.broken = f"{self.abandoned_in_a_row} pairs in a row had an engine that crashed or could not be restarted"
        self.stop()
        return True

    def write_games(self, records: List[GameRecord]) -> None:
        if self.pgn is not None:
            for record in records:
                self.pgn.write(record.pgn + "\n\n")
            self.pgn.flush()

    def stop(self) -> None:
        """Starts no more pairs and abandons the unfinished ones."""
        self.stopping = True
        for task in self.workers:
            if task is not asyncio.current_task():
                task.cancel()

    def on_interrupt(self) -> None:
        self.interrupted = True
        self.stop()

    async def start_workers(self) -> None:
        raise NotImplementedError

    def add_worker(self, work, *engines: Engine) -> None:
        """Runs `work(*engines)` as a worker. If it fails (say a file cannot
        be written), the run ends now, not when the other workers run out
        of pairs."""

        async def guarded():
            try:
                await work(*engines)
            except asyncio.CancelledError:
                raise
            except BaseException:
                self.stop()
                raise

        self.workers.append(asyncio.create_task(guarded()))

    async def run(self) -> None:
        """Starts the workers and waits for them; Ctrl-C stops the run
        after the pairs already finished."""
        loop = asyncio.get_running_loop()
        loop.add_signal_handler(signal.SIGINT, self.on_interrupt)
        try:
            await self.start_workers()
            for outcome in await asyncio.gather(*self.workers, return_exceptions=True):
                if isinstance(outcome, BaseException) and not isinstance(outcome, asyncio.CancelledError):
                    raise outcome
        finally:
            loop.remove_signal_handler(signal.SIGINT)

    async def close(self) -> None:
        for engine in self.engines:
            await engine.close()
        if self.pgn is not None:
            self.pgn.close()
