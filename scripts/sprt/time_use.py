#!/usr/bin/env python3
"""How each engine spent its clock in a PGN of timed games: the mean
seconds of its first, sixth, eleventh, ... move out of book, and its mean
total per game.

It reads the time in the move comments this runner (`games.py`) and the
ladder's gauntlet write (`played_games.py`); book moves are not counted.
A time-management change is judged by the games it plays, but this shows
where its time went: `sprt/horizon20` spent a third more on its first
moves and lost with 12 ms a move at move 40, where its opponent had 17.

    python3 scripts/sprt/time_use.py games.pgn
"""

from __future__ import annotations

import sys
from collections import defaultdict
from typing import Dict, Iterable, List

import chess.pgn

from played_games import PgnReadError, comment_seconds, games_in
from sprt import ConfigError, OneLineParser

# The move index (from 0, out of book) of each column of the table.
MOVE_INDICES = (0, 5, 10, 20, 30, 40, 60, 80)


def move_times(game: chess.pgn.Game) -> Dict[str, List[float]]:
    """Each player's seconds per move out of book, in order, by name."""
    names = {chess.WHITE: game.headers.get("White", "?"), chess.BLACK: game.headers.get("Black", "?")}
    times: Dict[str, List[float]] = {names[chess.WHITE]: [], names[chess.BLACK]: []}
    for node in game.mainline():
        seconds = comment_seconds(node.comment)
        if seconds is not None:
            # `node.turn()` is the side to move after the move: the mover is the other.
            times[names[not node.turn()]].append(seconds)
    return times


def profile(games: Iterable[chess.pgn.Game]) -> Dict[str, Dict[str, object]]:
    """For each player: games, mean total seconds, and the mean seconds of
    each move index of MOVE_INDICES (None where no game lasted so long)."""
    per_player: Dict[str, List[List[float]]] = defaultdict(list)
    for game in games:
        for name, times in move_times(game).items():
            per_player[name].append(times)
    table = {}
    for name, games_times in sorted(per_player.items()):
        at = {}
        for index in MOVE_INDICES:
            values = [times[index] for times in games_times if len(times) > index]
            at[index] = sum(values) / len(values) if values else None
        total = sum(sum(times) for times in games_times) / len(games_times)
        table[name] = {"games": len(games_times), "total": total, "at": at}
    return table


def main(argv: List[str]) -> int:
    parser = OneLineParser(prog="time_use.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("pgn", help="PGN file of timed games")
    try:
        args = parser.parse_args(argv)
    except ConfigError as error:
        print(f"time_use.py: {error}", file=sys.stderr)
        return 2
    try:
        table = profile(games_in([args.pgn]))
    except PgnReadError as error:
        print(f"time_use.py: {error}", file=sys.stderr)
        return 2
    print("player".ljust(16) + "games  total s" + "".join(f"  move {index:>2}" for index in MOVE_INDICES))
    for name, row in table.items():
        means = [row["at"][index] for index in MOVE_INDICES]
        cells = "".join("        -" if mean is None else f"  {mean:7.3f}" for mean in means)
        print(f"{name[:15]:<16}{row['games']:>5}  {row['total']:7.2f}{cells}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
