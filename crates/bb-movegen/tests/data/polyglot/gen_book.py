#!/usr/bin/env python3
"""Builds lines-book.bin from book-lines.txt, independently of bb, and
writes probes.txt: what python-chess's book reader (an oracle only; bb does
not depend on it) finds in that book for every position of the lines.
Run once from this directory:

    python3 gen_book.py

tests/polyglot_book.rs checks that bb's BookWriter makes the same bytes
from the same lines and that bb's Book reads the same moves and weights.

probes.txt lines are `<FEN>;<move>:<weight> <move>:<weight> ...` in book
order, moves in standard UCI (castling e1g1).
"""
import struct

import chess
import chess.polyglot


def polyglot_code(board, move):
    to = move.to_square
    if board.is_castling(move):
        # Polyglot writes castling as the king taking its own rook.
        rook_file = 7 if chess.square_file(to) > chess.square_file(move.from_square) else 0
        to = chess.square(rook_file, chess.square_rank(to))
    promotion = move.promotion - 1 if move.promotion else 0
    return promotion << 12 | move.from_square << 6 | to


weights = {}
positions = []
for line in open("book-lines.txt"):
    line = line.strip()
    if not line or line.startswith("#"):
        continue
    fen, moves, weight = line.split(";")
    board = chess.Board(fen)
    for text in moves.split():
        if board.fen() not in positions:
            positions.append(board.fen())
        move = chess.Move.from_uci(text)
        assert board.is_legal(move), (board.fen(), text)
        key = (chess.polyglot.zobrist_hash(board), polyglot_code(board, move))
        weights[key] = min(weights.get(key, 0) + int(weight), 65535)
        board.push(move)
    if board.fen() not in positions:
        positions.append(board.fen())

# Sorted by key, then weight (best first), then move code: bb's order.
entries = sorted(weights.items(), key=lambda item: (item[0][0], -item[1], item[0][1]))
with open("lines-book.bin", "wb") as out:
    for (key, code), weight in entries:
        out.write(struct.pack(">QHHI", key, code, weight, 0))

with chess.polyglot.open_reader("lines-book.bin") as reader, open("probes.txt", "w") as out:
    for fen in positions:
        board = chess.Board(fen)
        found = " ".join("%s:%d" % (entry.move.uci(), entry.weight) for entry in reader.find_all(board))
        out.write("%s;%s\n" % (fen, found))
