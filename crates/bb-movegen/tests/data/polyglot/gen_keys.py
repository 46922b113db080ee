#!/usr/bin/env python3
"""Writes keys.txt: positions from random playouts and their Polyglot keys,
as computed by python-chess (an independent implementation, used here as an
oracle only; bb does not depend on it). Run once from this directory:

    python3 gen_keys.py > keys.txt

Each line is `<FEN>;<key as 16 hex digits>`. The FEN always carries the
en-passant square after a double push (en_passant="fen"), even when no pawn
can take, so the tests also cover positions whose key must leave it out.
The seed is fixed, so the file is reproducible with the same python-chess.
"""
import random

import chess
import chess.polyglot

rng = random.Random(20261123)
seen = set()
lines = []


def adjacent_en_passant(board):
    """True when a pawn of the side to move stands beside the pawn that
    just advanced two squares (the case where the key has the file)."""
    return board.has_pseudo_legal_en_passant()


# 400 playouts, then 60 more that stop only where an en-passant capture is
# (pseudo-legally) possible: random play reaches those rarely.
while len(lines) < 460:
    want_en_passant = len(lines) >= 400
    board = chess.Board()
    for _ in range(rng.randrange(1, 120)):
        moves = list(board.legal_moves)
        if not moves:
            break
        # Favour pawn double pushes a little: they make en-passant cases.
        doubles = [m for m in moves if board.piece_type_at(m.from_square) == chess.PAWN
                   and abs(m.to_square - m.from_square) == 16]
        board.push(rng.choice(doubles) if doubles and rng.random() < 0.3 else rng.choice(moves))
        if want_en_passant and adjacent_en_passant(board):
            break
    if want_en_passant and not adjacent_en_passant(board):
        continue
    fen = board.fen(en_passant="fen")
    if fen not in seen:
        seen.add(fen)
        lines.append("%s;%016x" % (fen, chess.polyglot.zobrist_hash(board)))
print("\n".join(lines))
