"""One game between two UCI engines, and the engine processes that play it.

The clocks are kept here, not by the engines: a move is timed by wall
clock from the moment `go` is sent to the moment its `bestmove` is read,
so `ucinewgame` and `isready` (which python-chess sends before the first
`go` of a game) are never on a clock. A side whose clock falls below
-GRACE seconds loses on time. An engine that crashes, plays an illegal
move, or gives no answer loses the game; the event goes to stderr with the
position, and the engine is started afresh for its next game.
"""

from __future__ import annotations

import asyncio
import datetime
import os
import shlex
import sys
import time
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Tuple

import chess
import chess.engine
import chess.pgn

from openings import Opening

# Seconds a clock may go below zero before its side loses on time.
GRACE = 0.050
# Seconds an engine has to start and answer `uci` and `isready`.
START_TIMEOUT = 15.0
# Seconds past its clock (and GRACE) before an engine that does not answer
# is given up on. It covers `ucinewgame` and `isready`, which come before
# `go` and are off the clock, and the scheduling of a busy machine.
NO_ANSWER_MARGIN = 1.0
# A mate score counts as this many centipawns for resignation.
MATE_CP = 100_000


@dataclass
class Settings:
    """How the games are played (from the command line)."""

    base_seconds: float = 5.0  # time control, when nodes is None
    increment: float = 0.05
    nodes: Optional[int] = None  # `go nodes N` instead of a clock
    move_timeout: float = 60.0  # seconds for a `go nodes` answer
    max_plies: int = 400  # draw at this many plies (0: never)
    resign_score: int = 1000  # centipawns (0: no resignation)
    resign_moves: int = 5
    options: Dict[str, object] = field(default_factory=dict)  # setoption for both engines

    def time_control(self) -> str:
        """`5+0.05` or `nodes 2000`, for the output and the PGN."""
        if self.nodes is not None:
            return f"nodes {self.nodes}"
        return f"{self.base_seconds:g}+{self.increment:g}"


class EngineStartError(Exception):
    """An engine did not start, or refused an option."""


class TimedUciProtocol(chess.engine.UciProtocol):
    """python-chess's UCI protocol, noting when each `go` is sent so that a
    move's time starts there (python-chess 1.11.2 sends `go` from `_go`)."""

    go_sent_at = 0.0

    def _go(self, limit, **kwargs):
        self.go_sent_at = time.perf_counter()
        super()._go(limit, **kwargs)


def command_line(command: str) -> List[str]:
    """The argv of an engine command: the path of an executable as it is
    (it may hold spaces or quotes, as a checkout's path can), otherwise the
    words of a shell-like command line."""
    return [command] if os.path.isfile(command) else shlex.split(command)


class Engine:
    """One engine process, started again after it failed."""

    def __init__(self, name: str, command: str, options: Dict[str, object]):
        self.name = name
        self.command = command
        self.options = options
        self.transport: Optional[asyncio.SubprocessTransport] = None
        self.protocol: Optional[TimedUciProtocol] = None

    @property
    def alive(self) -> bool:
        return self.protocol is not None and not self.protocol.returncode.done()

    async def start(self) -> None:
        """Starts the process and sets its options; EngineStartError if any
        step fails. Hash and Threads are set only when the engine has them;
        an option given on the command line must exist."""
        await self.close()
        try:
            # Its own process group: Ctrl-C reaches this program only, which
            # then prints its summary and ends the engines itself.
            self.transport, self.protocol = await asyncio.wait_for(
                TimedUciProtocol.popen(command_line(self.command), setpgrp=True), START_TIMEOUT)
            await asyncio.wait_for(self.protocol.initialize(), START_TIMEOUT)
            declared = {name.lower() for name in self.protocol.options}
            wanted = {name: value for name, value in self.options.items()
                      if name.lower() in declared or name not in ("Hash", "Threads")}
            await asyncio.wait_for(self.protocol.configure(wanted), START_TIMEOUT)
            await asyncio.wait_for(self.protocol.ping(), START_TIMEOUT)
        except (OSError, asyncio.TimeoutError, chess.engine.EngineError) as error:
            await self.close()
            reason = "no answer" if isinstance(error, asyncio.TimeoutError) else str(error)
            raise EngineStartError(f"{self.name} engine `{self.command}`: {reason}") from None

    async def close(self) -> None:
        """Ends the process: `quit`, then a kill if it is still there."""
        protocol, transport = self.protocol, self.transport
        self.protocol = self.transport = None
        if protocol is not None and not protocol.returncode.done():
            try:
                await asyncio.wait_for(protocol.quit(), 1.0)
            except (asyncio.TimeoutError, chess.engine.EngineError, chess.engine.EngineTerminatedError):
                pass
        if transport is not None:
            try:
                transport.kill()
            except ProcessLookupError:
                pass
            transport.close()


@dataclass
class GameRecord:
    """A finished game. `result` is the PGN result (white's view)."""

    white: str
    black: str
    result: str
    termination: str  # PGN Termination: normal, adjudication, time forfeit, ...
    reason: str
    plies: int
    pgn: str


def _loss_for(color: chess.Color) -> str:
    return "0-1" if color == chess.WHITE else "1-0"


def rules_result(board: chess.Board) -> Optional[Tuple[str, str]]:
    """The result and reason when the rules end the game at `board`:
    checkmate, stalemate, insufficient material, the 50-move rule (100
    plies without a capture or pawn move) or a threefold repetition."""
    outcome = board.outcome()  # checkmate, stalemate, insufficient material
    if outcome is not None:
        return outcome.result(), outcome.termination.name.lower().replace("_", " ")
    if board.halfmove_clock >= 100:
        return "1/2-1/2", "50-move rule"
    if board.is_repetition(3):
        return "1/2-1/2", "threefold repetition"
    return None


def resign_result(scores: Dict[chess.Color, List[Optional[int]]], settings: Settings) -> Optional[str]:
    """The result when both engines' last `resign_moves` scores (white's
    view, centipawns) all give the same side at least `resign_score`."""
    needed, threshold = settings.resign_moves, settings.resign_score
    if needed <= 0 or threshold <= 0:
        return None
    recent = [scores[color][-needed:] for color in (chess.WHITE, chess.BLACK)]
    if any(len(last) < needed or None in last for last in recent):
        return None
    if all(score >= threshold for last in recent for score in last):
        return "1-0"
    if all(score <= -threshold for last in recent for score in last):
        return "0-1"
    return None


async def play_game(players: Dict[chess.Color, Engine], opening: Opening, settings: Settings,
                    round_label: str, log: Callable[[str], None] = lambda line: print(line, file=sys.stderr)
                    ) -> GameRecord:
    """Plays one game from `opening`; `players` maps each colour to its
    engine. Failures are logged through `log` and lose the game."""
    board = opening.board.copy()
    book_plies = len(board.move_stack)
    clocks = {chess.WHITE: settings.base_seconds, chess.BLACK: settings.base_seconds}
    scores: Dict[chess.Color, List[Optional[int]]] = {chess.WHITE: [], chess.BLACK: []}
    comments: List[str] = []
    game_token = object()  # python-chess sends `ucinewgame` when this changes
    ending: Optional[Tuple[str, str, str]] = None  # result, termination, reason

    def failure(side: chess.Color, termination: str, what: str) -> Tuple[str, str, str]:
        engine = players[side]
        log(f"sprt: game {round_label}: {engine.name} ({chess.COLOR_NAMES[side]}) {what}; fen {board.fen()}")
        return _loss_for(side), termination, f"{engine.name} {what}"

    for side in (chess.WHITE, chess.BLACK):
        if ending is None and not players[side].alive:
            try:
                await players[side].start()
            except EngineStartError as error:
                ending = failure(side, "abandoned", f"could not be restarted: {error}")

    while ending is None:
        ruled = rules_result(board)
        if ruled is not None:
            ending = (ruled[0], "normal", ruled[1])
            break
        if settings.max_plies and board.ply() >= settings.max_plies:
            ending = ("1/2-1/2", "adjudication", f"draw at {settings.max_plies} plies")
            break
        side = board.turn
        engine = players[side]
        if settings.nodes is not None:
            limit = chess.engine.Limit(nodes=settings.nodes)
            timeout = settings.move_timeout
        else:
            limit = chess.engine.Limit(
                white_clock=max(clocks[chess.WHITE], 0.001), black_clock=max(clocks[chess.BLACK], 0.001),
                white_inc=settings.increment, black_inc=settings.increment)
            timeout = max(clocks[side], 0.0) + GRACE + NO_ANSWER_MARGIN
        asked_at = time.perf_counter()
        try:
            played = await asyncio.wait_for(
                engine.protocol.play(board, limit, game=game_token, info=chess.engine.INFO_SCORE), timeout)
        except asyncio.TimeoutError:
            ending = failure(side, "time forfeit", f"gave no move within {timeout:.2f} s")
            await engine.close()  # it may still be searching: start afresh
            break
        except chess.engine.EngineTerminatedError as error:
            ending = failure(side, "abandoned", f"crashed ({error})")
            await engine.close()
            break
        except chess.engine.EngineError as error:
            # python-chess raises this for an illegal or unparsable bestmove.
            ending = failure(side, "rules infraction", f"sent an illegal move or bad output ({error})")
            await engine.close()
            break
        elapsed = time.perf_counter() - max(asked_at, engine.protocol.go_sent_at)
        move = played.move
        if move is None or move not in board.legal_moves:
            ending = failure(side, "rules infraction", f"gave no legal move ({played.move})")
            await engine.close()
            break
        if settings.nodes is None:
            clocks[side] -= elapsed
            if clocks[side] < -GRACE:
                ending = failure(side, "time forfeit", f"lost on time (clock {clocks[side]:+.3f} s)")
                break
            clocks[side] += settings.increment
        score = played.info.get("score")
        scores[side].append(None if score is None else score.white().score(mate_score=MATE_CP))
        board.push(move)
        comments.append(_move_comment(score, side, elapsed))
        resigned = resign_result(scores, settings)
        if resigned is not None:
            ending = (resigned, "adjudication", "both engines see a decisive score")

    result, termination, reason = ending
    return GameRecord(players[chess.WHITE].name, players[chess.BLACK].name, result, termination, reason,
                      board.ply(), _pgn(board, book_plies, comments, players, opening, settings, round_label,
                                        result, termination, reason))


def _move_comment(score: Optional[chess.engine.PovScore], side: chess.Color, elapsed: float) -> str:
    """`+0.31 0.084s`: the mover's score in pawns (or `+M3`) and its time."""
    if score is None:
        return f"{elapsed:.3f}s"
    own = score.pov(side)
    text = f"{'+' if own.mate() > 0 else '-'}M{abs(own.mate())}" if own.is_mate() else f"{own.score() / 100:+.2f}"
    return f"{text} {elapsed:.3f}s"


def _pgn(board: chess.Board, book_plies: int, comments: List[str], players: Dict[chess.Color, Engine],
         opening: Opening, settings: Settings, round_label: str, result: str, termination: str,
         reason: str) -> str:
    game = chess.pgn.Game()
    game.headers["Event"] = "bb SPRT"
    game.headers["Date"] = datetime.date.today().strftime("%Y.%m.%d")
    game.headers["Round"] = round_label
    game.headers["White"] = players[chess.WHITE].name
    game.headers["Black"] = players[chess.BLACK].name
    game.headers["Result"] = result
    game.headers["TimeControl"] = settings.time_control()
    game.headers["Opening"] = opening.ident
    game.headers["Termination"] = termination
    root = board.root()
    if root.chess960:
        game.headers["Variant"] = "Chess960"
    if root.fen() != chess.STARTING_FEN:
        game.setup(root)
    node = game
    for ply, move in enumerate(board.move_stack):
        node = node.add_variation(move, comment="book" if ply < book_plies else comments[ply - book_plies])
    node.comment = (node.comment + " " if node.comment else "") + reason
    return str(game)
