"""Reading the PGN files of played games that this runner (`games.py`) and
the ladder's gauntlet write: the games one at a time, and what each move's
comment says, `+0.31 0.084s` here or `+0.22/19 0.386s` from the ladder
(the score of the move just played from its mover's view, in pawns or as
`+M3`, with the depth on the ladder, then the seconds it took), `0.084s`
when the engine gave no score, `book` for an opening move."""

from __future__ import annotations

import re
from typing import Iterable, Iterator, Optional, TextIO

import chess.pgn

_SECONDS = re.compile(r"(\d+(?:\.\d+)?)s\b")
# A score in pawns at the start of the comment, optionally with a depth.
_PAWNS = re.compile(r"^\s*([+-]\d+(?:\.\d+)?)(?:/\d+)?\s")


class PgnReadError(Exception):
    """A PGN file that cannot be read; the message names it and why."""


def read_games(file: TextIO) -> Iterator[chess.pgn.Game]:
    """The games of an open PGN file, one at a time."""
    while (game := chess.pgn.read_game(file)) is not None:
        yield game


def games_in(paths: Iterable[str]) -> Iterator[chess.pgn.Game]:
    """The games of the PGN files at `paths`, file after file, one at a
    time; PgnReadError when a file cannot be opened or is not UTF-8 text."""
    for path in paths:
        try:
            with open(path, encoding="utf-8") as file:
                yield from read_games(file)
        except (OSError, UnicodeDecodeError) as error:
            reason = error.strerror if isinstance(error, OSError) else "not UTF-8 text"
            raise PgnReadError(f"{path}: {reason}") from None


def comment_seconds(comment: Optional[str]) -> Optional[float]:
    """The seconds a move took, from its comment; None when not given."""
    found = _SECONDS.search(comment or "")
    return float(found.group(1)) if found else None


def comment_pawns(comment: Optional[str]) -> Optional[float]:
    """The move's score in pawns from its mover's view, from its comment;
    None for a mate score, a book move or a move without a score."""
    found = _PAWNS.search(comment or "")
    return float(found.group(1)) if found else None
