#!/usr/bin/env python3
"""A fake Universal Hive Protocol engine for the match harness's tests: it speaks UHP but
plays a toy game, so that the tests need neither Hive's rules nor the Beeline binary. The
same program serves as referee (it lists the toy game's legal moves and follows a game),
and ToyReferee is the same referee in-process, for tests that save a process per game.

The toy game: at ply k (0-based) the legal moves are `a<k>`, `b<k>` and `c<k>`, worth 2, 1
and 0 to the side that plays them; after LENGTH plies White wins if its moves are worth
more than Black's, Black if less, and otherwise it is a draw. So a strong fake (always `a`)
beats a weaker one (`b` or `c`) with either colour, and an opening can tilt the game: the
tests know every result in advance. A move written in capitals (`A5`) is the same move,
which the referee spells `a5`, as Beeline accepts a move written with another neighbour as
its reference and spells it its own way.

Command-line flags choose how the engine plays and how it fails:

    --name NAME          its `id`
    --style a|b|c|upper  the move it answers (`upper`: `a<k>` written `A<k>`); the UHP
                         option `Style` changes it
    --fail MODE          at its first `bestmove` from ply --fail-at on (1-based): crash
                         (a panic message, exit code 101), exit (code 0, silently), hang,
                         err (answers `err`), illegal (answers a move not in the game),
                         empty (answers nothing but `ok`)
    --slow-first-move M, --slow-colour w|b, --slow SECONDS
                         sleeps before each `bestmove` answer in games whose first move is
                         M when it plays that colour (to make games end out of order)
"""

import argparse
import os
import sys
import time

LENGTH = 10
VALUE = {"a": 2, "b": 1, "c": 0}
FINISHED = ("WhiteWins", "BlackWins", "Draw")


class ToyGame:
    """A toy game in progress: its moves and what follows from them."""

    def __init__(self, game_type="Base+MLP"):
        self.game_type = game_type
        self.moves = []

    def state(self):
        if not self.moves:
            return "NotStarted"
        if len(self.moves) < LENGTH:
            return "InProgress"
        diff = sum(VALUE[m[0]] * (1 if i % 2 == 0 else -1) for i, m in enumerate(self.moves))
        return "WhiteWins" if diff > 0 else "BlackWins" if diff < 0 else "Draw"

    def legal(self):
        if self.state() in FINISHED:
            return []
        k = len(self.moves)
        return [f"{letter}{k}" for letter in "abc"]

    def read(self, text):
        """The legal move `text` stands for (any case), or None."""
        move = text.strip().lower()
        return move if move in self.legal() else None

    def game_string(self):
        n = len(self.moves)
        turn = f"{'White' if n % 2 == 0 else 'Black'}[{n // 2 + 1}]"
        return ";".join([self.game_type, self.state(), turn] + self.moves)


class ToyReferee:
    """The toy game's referee in-process, with the interface of match.Referee."""

    def __init__(self):
        self.game = None

    def newgame(self, game_type):
        self.game = ToyGame(game_type)
        return self.game.state()

    def valid_moves(self):
        return self.game.legal()

    def play(self, text):
        move = self.game.read(text)
        if move is None:
            return None, None, f"invalidmove '{text}' is not legal here"
        self.game.moves.append(move)
        return self.game.state(), move, None

    def close(self):
        pass


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--name", default="Fake")
    ap.add_argument("--style", default="a", choices=["a", "b", "c", "upper"])
    ap.add_argument("--fail", choices=["crash", "exit", "hang", "err", "illegal", "empty"])
    ap.add_argument("--fail-at", type=int, default=1)
    ap.add_argument("--slow-first-move")
    ap.add_argument("--slow-colour", default="w")
    ap.add_argument("--slow", type=float, default=0.0)
    args = ap.parse_args()
    style = args.style
    game = None

    def say(*lines):
        for line in lines:
            sys.stdout.write(line + "\n")
        sys.stdout.write("ok\n")
        sys.stdout.flush()

    say(f"id {args.name}")
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        cmd, rest = words[0], line.strip()[len(words[0]):].strip()
        if cmd == "exit":
            return 0
        if cmd == "info":
            say(f"id {args.name}")
        elif cmd == "newgame":
            game = ToyGame(rest.split(";")[0] or "Base")
            say(game.game_string())
        elif cmd == "play":
            move = game.read(rest) if game else None
            if move is None:
                say(f"invalidmove '{rest}' is not legal here")
            else:
                game.moves.append(move)
                say(game.game_string())
        elif cmd == "validmoves":
            legal = game.legal() if game else []
            say(*([";".join(legal)] if legal else []))
        elif cmd == "options":
            if words[1:3] == ["set", "Style"] and len(words) == 4 and words[3] in ("a", "b", "c", "upper"):
                style = words[3]
                say(f"Style;enum;{style};a;a;b;c;upper")
            elif len(words) == 1:
                say(f"Style;enum;{style};a;a;b;c;upper")
            else:
                say(f"err options: unknown option or value '{rest}'")
        elif cmd == "bestmove":
            if game is None or game.state() in FINISHED:
                say("err bestmove: no game in progress")
                continue
            ply = len(game.moves) + 1
            colour = "w" if ply % 2 == 1 else "b"
            if (
                args.slow
                and game.moves
                and game.moves[0] == args.slow_first_move
                and colour == args.slow_colour
            ):
                time.sleep(args.slow)
            if args.fail and ply >= args.fail_at:
                if args.fail == "crash":
                    sys.stderr.write("thread 'main' panicked at 'fake crash'\n")
                    sys.stderr.flush()
                    os._exit(101)
                if args.fail == "exit":
                    os._exit(0)
                if args.fail == "hang":
                    time.sleep(3600)
                if args.fail == "err":
                    say("err the fake engine fails on purpose")
                    continue
                if args.fail == "illegal":
                    say(f"z{ply}")
                    continue
                if args.fail == "empty":
                    say()
                    continue
            k = len(game.moves)
            say(f"A{k}" if style == "upper" else f"{style}{k}")
        else:
            say(f"err unknown command '{cmd}'")
    return 0


if __name__ == "__main__":
    sys.exit(main())
