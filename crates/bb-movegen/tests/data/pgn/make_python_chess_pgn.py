#!/usr/bin/env python3
"""How python_chess.pgn and python_chess.expected were made (run once by
hand; no test runs this).

python-chess writes random games as PGN, the way it exports them: tags
(its values are not escaped), Chess960 set-ups with FEN and Variant tags,
one-move alternatives as variations with comments, comments and NAGs on
moves. python_chess.expected has, per game, the final position's FEN and
the number of moves in the main line, for bb to reach the same.

    python3 make_python_chess_pgn.py
"""
import random

import chess
import chess.pgn

random.seed(7)
with open("python_chess.pgn", "w") as pgn, open("python_chess.expected", "w") as expected:
    for number in range(60):
        if number % 3 == 0:
            game = chess.pgn.Game.from_board(chess.Board.from_chess960_pos(random.randrange(960)))
            game.headers["Variant"] = "Chess960"
        else:
            game = chess.pgn.Game()
        game.headers["Event"] = 'Random "%d" \\ game' % number
        node, board = game, game.board()
        for ply in range(random.randrange(0, 160)):
            moves = list(board.legal_moves)
            if not moves:
                break
            move = random.choice(moves)
            if random.random() < 0.1 and len(moves) > 1:
                alternative = node.add_variation(random.choice([other for other in moves if other != move]))
                alternative.comment = "instead"
            node = node.add_main_variation(move)
            if random.random() < 0.1:
                node.comment = "ply %d" % ply
            if random.random() < 0.1:
                node.nags.add(random.choice([1, 2, 3, 4, 5, 6, 14, 146]))
            board.push(move)
        game.headers["Result"] = board.result() if board.is_game_over() else "*"
        print(game, file=pgn, end="\n\n")
        expected.write("%s\t%d\n" % (board.fen(), len(board.move_stack)))
