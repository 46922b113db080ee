#!/usr/bin/env python3
"""An opening book of endgames with a bishop and a rook's pawn, cut from
played games, for SPRTs of endgame knowledge.

Few self-play games from the usual openings reach any one kind of ending,
and both builds misjudge it alike, so a change that only knows an ending
better cannot show its worth there (`sprt/endgame-scale`, `sprt/eval-scale`
in docs/sprt/log.md). This takes, from each game, the first position with
at most --max-men men on the board where one side has a bishop and a pawn
on the a- or h-file, no side is in check, and the move that reached it was
scored within --max-score pawns; it prints them as EPD lines, each once,
shuffled by --seed, with ids `eg-001`, `eg-002`, ... At 10 men most of
them are early endgames with rooks or more still on the board; fewer men
come nearer the bare endings.

It reads the scores in the move comments of the runner's and the ladder's
PGNs (`played_games.py`); moves without a score in pawns (book moves, mate
scores, a time alone) are passed over, and so are games whose start
cannot be read.

    python3 scripts/sprt/endgame_book.py games.pgn [more.pgn ...] > book.epd
"""

from __future__ import annotations

import random
import sys
from typing import Iterable, List, Optional

import chess
import chess.pgn

from played_games import PgnReadError, comment_pawns, games_in
from sprt import ConfigError, OneLineParser

ROOK_FILES = chess.BB_FILE_A | chess.BB_FILE_H


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
    """The EPD of the first position of `game` that qualifies, reached by a
    move scored within `max_score` pawns either way; None when there is
    none or the game's start position cannot be read."""
    try:
        board = game.board()
    except ValueError:
        return None
    for node in game.mainline():
        board.push(node.move)
        pawns = comment_pawns(node.comment)
        if pawns is not None and abs(pawns) <= max_score and has_bishop_and_rook_pawn(board, max_men):
            return board.epd()
    return None


def book(positions: Iterable[str], seed: int) -> List[str]:
    """The book's lines: each of `positions` (EPDs) once, shuffled by `seed`."""
    order = sorted(set(positions))
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
    games = 0
    positions = []
    try:
        for game in games_in(args.pgn):
            games += 1
            epd = first_position(game, args.max_men, args.max_score)
            if epd is not None:
                positions.append(epd)
    except PgnReadError as error:
        print(f"endgame_book.py: {error}", file=sys.stderr)
        return 2
    lines = book(positions, args.seed)
    if not lines:
        print(f"endgame_book.py: no position qualifies in {games} games", file=sys.stderr)
        return 1
    print("\n".join(lines))
    print(f"endgame_book.py: {len(lines)} positions from {games} games", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
