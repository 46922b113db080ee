#!/usr/bin/env python3
"""A tiny UCI engine for the tests: it plays the first legal move.

Options, most of them to misbehave on purpose:
  --white-score CP   report `score cp` so that white is CP centipawns ahead
  --crash-at-ply N   exit without a word when asked to move at ply N or later
  --illegal          answer every `go` with a move that is not legal
  --sleep S          think S seconds before answering
  --spin NAME=DEFAULT,MIN,MAX  also declare this spin option (repeatable)
"""

import argparse
import sys
import time

import chess


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--white-score", type=int, default=0)
    parser.add_argument("--crash-at-ply", type=int)
    parser.add_argument("--illegal", action="store_true")
    parser.add_argument("--sleep", type=float, default=0.0)
    parser.add_argument("--spin", action="append", default=[])
    args = parser.parse_args()
    board = chess.Board()

    def say(line: str) -> None:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command = words[0]
        if command == "uci":
            say("id name fake_uci")
            say("option name Hash type spin default 16 min 1 max 1024")
            say("option name Threads type spin default 1 min 1 max 1")
            for spin in args.spin:
                name, _, numbers = spin.partition("=")
                default, low, high = numbers.split(",")
                say(f"option name {name} type spin default {default} min {low} max {high}")
            say("uciok")
        elif command == "isready":
            say("readyok")
        elif command == "position":
            if words[1] == "startpos":
                board = chess.Board()
                rest = words[2:]
            else:
                board = chess.Board(" ".join(words[2:8]))
                rest = words[8:]
            for move in rest[1:] if rest and rest[0] == "moves" else []:
                board.push_uci(move)
        elif command == "go":
            if args.crash_at_ply is not None and board.ply() >= args.crash_at_ply:
                sys.exit(3)
            time.sleep(args.sleep)
            own_view = args.white_score if board.turn == chess.WHITE else -args.white_score
            say(f"info depth 1 score cp {own_view} nodes 1")
            if args.illegal:
                say("bestmove a1a1")
            else:
                say(f"bestmove {next(iter(board.legal_moves)).uci()}")
        elif command == "quit":
            return


if __name__ == "__main__":
    main()
