#!/usr/bin/env python3
"""How san_corpus.txt was made (run once by hand; no test runs this).

python-chess is the oracle: it walks random games from the standard start,
from Chess960 starts and from set-ups rich in promotions, en passant,
castling and pieces that need disambiguating, and writes lines

    FEN <TAB> move as UCI, castling as king takes rook <TAB> SAN

Moves are picked with a bias towards the rare kinds (castling, promotion,
en passant, disambiguated, mate) so that each is well covered.
The seed is fixed, so running it again writes the same file.

    python3 make_san_corpus.py > san_corpus.txt
"""
import random
import sys

import chess

random.seed(11)

# Set-ups with many pieces of one kind, pawns about to promote, and
# castling with pieces in the way, plus a few middlegames from the suites.
SETUPS = [
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1",
    "k7/2PPPPPP/8/8/8/8/pppppp2/7K w - - 0 1",
    "7k/8/2N1N3/1N3N2/8/1N3N2/2N1N3/K7 w - - 0 1",
    "Q6Q/8/3k4/8/8/8/8/Q1K4Q w - - 0 1",
    "1k6/8/3R1R2/8/3R1R2/8/8/1K6 w - - 0 1",
    "2b1kb2/8/8/8/8/8/8/B1B1K1B1 w - - 0 1",
    "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
    "rn2k1nr/ppp2ppp/8/3pP3/8/8/PPPP1PPP/RN2K1NR w KQkq d6 0 5",
    "1r2k2r/8/8/8/8/8/8/R3K1R1 w Qk - 0 1",
]


def special(board, move):
    """True for the kinds of move the corpus wants many of."""
    if board.is_castling(move) or move.promotion or board.is_en_passant(move):
        return True
    san = board.san(move)
    if san[0] in "NBRQ" and len(san.rstrip("+#").replace("x", "")) > 3:
        return True  # disambiguated
    return san.endswith("#")


def walk(board, plies, out, keep):
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            return
        rare = [move for move in moves if special(board, move)]
        for move in random.sample(rare, min(3, len(rare))):
            out.append(line(board, move))
        if random.random() < keep:
            out.append(line(board, random.choice(moves)))
        if rare and random.random() < 0.5:
            move = random.choice(rare)
        else:
            move = random.choice(moves)
        board.push(move)


def line(board, move):
    return "%s\t%s\t%s" % (board.fen(), board.uci(move, chess960=True), board.san(move))


def main():
    out = []
    for _ in range(40):
        walk(chess.Board(), 100, out, 0.05)
    for _ in range(40):
        walk(chess.Board.from_chess960_pos(random.randrange(960)), 100, out, 0.05)
    for fen in SETUPS:
        for _ in range(6):
            board = chess.Board(fen, chess960=True)
            assert board.is_valid(), fen
            walk(board, 50, out, 0.05)
    seen = set()
    for text in out:
        if text not in seen:
            seen.add(text)
            print(text)
    print("%d lines" % len(seen), file=sys.stderr)


main()
