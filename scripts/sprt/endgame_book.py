#!/usr/bin/env python3
"""An opening book of endings with a bishop and a rook's pawn, cut from
played games, for SPRTs of endgame knowledge.

Self-play from the usual openings reaches such endings in few games, and
both builds misjudge them alike, so a change that only knows them better
cannot show its worth there (`sprt/endgame-scale`, `sprt/eval-scale` in
docs/sprt/log.md). This takes, from each game, the first position after a
move with at most --max-men men on the board, where one side has a bishop
and a pawn on the a- or h-file, no side is in check and the mover's score
is within --max-score pawns; it prints them as EPD lines, each once,
shuffled by --seed, with ids `eg-001`, `eg-002`, ...

It reads the move comments that this runner (`games.py`) and the ladder's
gauntlet write, `+0.31 0.084s` or `+0.22/19 0.386s`; moves without a score
(book moves, mate scores) are passed over.

    python3 scripts/sprt/endgame_book.py games.pgn [more.pgn ...] > book.epd
"""

from __future__ import annotations

import random
import re
import sys
from typing import Iterable, List, Optional

import chess
import chess.pgn

from sprt import ConfigError, OneLineParser
from time_use import read_games

ROOK_FILES = chess.BB_FILE_A | chess.BB_FILE_H

# A score in pawns from the mover's view, optionally with its depth.
_SCORE = re.compile(r"^\s*([+-]?\d+(?:\.\d+)?)(?:/\d+)?\s")


def has_bishop_and_rook_pawn(board: chess.Board, max_men: int) -> bool:
    """True when `board` has at most `max_men` men, is not in check or over,
    and one side has a bishop and a pawn on a rook's file."""
    if chess.popcount(board.occupied) > max_men or board.is_check() or board.is_game_over():
        return False
    return any(
        board.pieces_mask(chess.BISHOP, color) and board.pieces_mask(chess.PAWN, color) & ROOK_FILES
        for color in chess.COLORS
    )


def first_position(game: chess.pgn.Game, max_men: int, max_score: float) -> Optional[str]:
    """The EPD of the first position of `game` that qualifies, after a move
    whose score is within `max_score` pawns; None when there is none."""
    board = game.board()
    for node in game.mainline():
        board.push(node.move)
        found = _SCORE.search(node.comment or "")
        if found and abs(float(found.group(1))) <= max_score and has_bishop_and_rook_pawn(board, max_men):
            return board.epd()
    return None


def book(games: Iterable[chess.pgn.Game], max_men: int, max_score: float, seed: int) -> List[str]:
    """The book's lines: each qualifying position once, shuffled by `seed`."""
    positions = {epd for game in games if (epd := first_position(game, max_men, max_score)) is not None}
    order = sorted(positions)
    random.Random(seed).shuffle(order)
    return [f'{epd} id "eg-{number:03d}";' for number, epd in enumerate(order, 1)]


def main(argv: List[str]) -> int:
    parser = OneLineParser(prog="endgame_book.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("pgn", nargs="+", help="PGN files of played games with scored moves")
    parser.add_argument("--max-men", type=int, default=10, help="men on the board at most (default 10)")
    parser.add_argument("--max-score", type=float, default=3.0, help="pawns either way at most (default 3)")
    parser.add_argument("--seed", type=int, default=7, help="shuffles the book's order (default 7)")
    try:
        args = parser.parse_args(argv)
    except ConfigError as error:
        print(f"endgame_book.py: {error}", file=sys.stderr)
        return 2
    games = []
    for path in args.pgn:
        try:
            with open(path, encoding="utf-8") as file:
                games.extend(read_games(file))
        except (OSError, UnicodeDecodeError) as error:
            reason = error.strerror if isinstance(error, OSError) else "not UTF-8 text"
            print(f"endgame_book.py: {path}: {reason}", file=sys.stderr)
            return 2
    lines = book(games, args.max_men, args.max_score, args.seed)
    print("\n".join(lines))
    print(f"endgame_book.py: {len(lines)} positions from {len(games)} games", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
