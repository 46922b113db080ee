"""The openings of an SPRT: EPD lines, played from the start position.

openings.epd beside this file holds 200 balanced 8-ply openings (made with
Stockfish for the project's engine ladder, copied here so that a fresh
clone has them). Each line keeps the opening's moves from the start
position in a `moves` opcode; a game is played from the start position
with those moves, so the engines see the game's history (repetitions
included) and not just a FEN. A line without `moves` starts from its FEN.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass
from typing import Iterator, List

import chess

DEFAULT_OPENINGS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "openings.epd")


@dataclass
class Opening:
    """One opening: its EPD id (or file:line) and the board to play from,
    with the opening moves on its move stack."""

    ident: str
    board: chess.Board


def read_openings(path: str) -> List[Opening]:
    """The openings of the EPD file at `path`, in file order. Blank lines and
    lines starting with `#` are skipped; a `moves` opcode that does not lead
    to the line's position is an error (ValueError naming the line)."""
    openings = []
    with open(path, encoding="utf-8") as file:
        for number, line in enumerate(file, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            where = f"{path}:{number}"
            try:
                board, operations = chess.Board.from_epd(line)
            except ValueError as error:
                raise ValueError(f"{where}: not an EPD line ({error})") from None
            moves = operations.get("moves")
            if isinstance(moves, str) and moves.strip():
                played = chess.Board()
                try:
                    for text in moves.split():
                        played.push_uci(text)
                except ValueError as error:
                    raise ValueError(f"{where}: bad move in `moves` ({error})") from None
                if played.epd() != board.epd():
                    raise ValueError(f"{where}: the `moves` do not lead to the line's position")
                board = played
            openings.append(Opening(str(operations.get("id", where)), board))
    if not openings:
        raise ValueError(f"{path}: no openings")
    return openings


def chess960_openings() -> List[Opening]:
    """The 960 start positions of Chess960 (Fischer random), numbered as
    Scharnagl numbered them; boards in Chess960 mode, so python-chess sends
    `UCI_Chess960` to engines that offer it and castling as king-takes-rook."""
    return [Opening(f"chess960-{number:03d}", chess.Board.from_chess960_pos(number)) for number in range(960)]


def opening_order(count: int, seed: int) -> Iterator[int]:
    """Opening indices for successive pairs: all `count` openings in an order
    shuffled by `seed`, then again in a new shuffled order, and so on. The
    same seed gives the same sequence, so two runs see the same openings."""
    rng = random.Random(seed)
    while True:
        order = list(range(count))
        rng.shuffle(order)
        yield from order
