#!/usr/bin/env python3
"""A match between two Universal Hive Protocol engines (driven by scripts/match.sh).

Each opening (four plies from real games) is played twice, each engine taking White once.
Both engines follow the game through `play`; the side to move answers
`bestmove time <limit>`. A game still going at the ply cap counts as a draw. Prints every
game as it ends, then a result table (markdown) for the README.
"""

import argparse
import concurrent.futures
import shlex
import subprocess
import sys
import time

# Ten openings of four plies (Base+MLP), from BoardSpace games of 2016-2023.
OPENINGS = [
    "wS1;bS1 /wS1;wA1 \\wS1;bS2 -bS1",
    "wS1;bL /wS1;wA1 \\wS1;bB1 -bL",
    "wS1;bA1 /wS1;wA1 \\wS1;bG1 -bA1",
    "wP;bL /wP;wG1 wP/;bM /bL",
    "wP;bB1 /wP;wB1 wP/;bQ bB1\\",
    "wL;bS1 /wL;wQ wL-;bM /bS1",
    "wL;bL /wL;wQ wL/;bQ bL\\",
    "wG1;bL /wG1;wM wG1/;bM /bL",
    "wB1;bG1 -wB1;wQ wB1\\;bL -bG1",
    "wA1;bP wA1-;wM -wA1;bA1 bP\\",
]


class Engine:
    def __init__(self, command):
        self.command = command
        self.proc = subprocess.Popen(
            shlex.split(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.name = "?"
        for line in self.read():
            if line.startswith("id "):
                self.name = line[3:]

    def read(self):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if line == "":
                raise RuntimeError(f"{self.command}: engine exited")
            line = line.strip()
            if line == "ok":
                return lines
            lines.append(line)

    def send(self, command):
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = self.read()
        for line in lines:
            if line.startswith("err") or line.startswith("invalidmove"):
                raise RuntimeError(f"{self.name}: '{command}' -> {line}")
        return lines

    def close(self):
        try:
            self.proc.stdin.write("exit\n")
            self.proc.stdin.flush()
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()


def played(engines, mv):
    """Plays `mv` on both engines; the game's state as the first that calls it over says
    (an engine may know a rule the other does not, such as the draw by repetition)."""
    states = [e.send(f"play {mv}")[-1].split(";")[1] for e in engines.values()]
    return next((s for s in states if s not in ("InProgress", "NotStarted")), states[0])


def play_game(white_cmd, black_cmd, opening, limit, max_plies, game_type):
    engines = {"w": Engine(white_cmd), "b": Engine(black_cmd)}
    try:
        state = "InProgress"
        for e in engines.values():
            e.send(f"newgame {game_type}")
        plies = 0
        moves = []
        for mv in opening.split(";"):
            state = played(engines, mv)
            moves.append(mv)
            plies += 1
        slowest = {"w": 0.0, "b": 0.0}
        while state in ("InProgress", "NotStarted") and plies < max_plies:
            side = "w" if plies % 2 == 0 else "b"
            t0 = time.monotonic()
            mv = engines[side].send(f"bestmove time {limit}")[-1]
            slowest[side] = max(slowest[side], time.monotonic() - t0)
            state = played(engines, mv)
            moves.append(mv)
            plies += 1
        if state == "WhiteWins":
            result = "1-0"
        elif state == "BlackWins":
            result = "0-1"
        else:
            result = "1/2-1/2"
        return result, plies, state, slowest, ";".join(moves)
    finally:
        for e in engines.values():
            e.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("engine", help="our engine's command")
    ap.add_argument("other", help="the opponent's command")
    ap.add_argument("--time", default="00:00:01", help="bestmove time (hh:mm:ss)")
    ap.add_argument("--max-plies", type=int, default=160)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--openings", type=int, default=len(OPENINGS))
    ap.add_argument("--game-type", default="Base+MLP")
    args = ap.parse_args()

    names = [Engine(args.engine), Engine(args.other)]
    ours, theirs = names[0].name, names[1].name
    for e in names:
        e.close()

    games = []
    for i, opening in enumerate(OPENINGS[: args.openings]):
        games.append((i + 1, opening, True))
        games.append((i + 1, opening, False))

    def run(g):
        n, opening, ours_white = g
        w, b = (args.engine, args.other) if ours_white else (args.other, args.engine)
        return g, play_game(w, b, opening, args.time, args.max_plies, args.game_type)

    score = 0.0
    rows = []
    wins = draws = losses = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for g, (result, plies, state, slowest, moves) in pool.map(run, games):
            n, opening, ours_white = g
            if result == "1/2-1/2":
                points = 0.5
                draws += 1
            elif (result == "1-0") == ours_white:
                points = 1.0
                wins += 1
            else:
                points = 0.0
                losses += 1
            score += points
            colour = "White" if ours_white else "Black"
            ours_slowest = slowest["w" if ours_white else "b"]
            theirs_slowest = slowest["b" if ours_white else "w"]
            rows.append((n, opening, colour, result, plies, points))
            print(
                f"game opening {n} ({opening}), {ours} as {colour}: {result} "
                f"after {plies} plies ({state}); slowest answers: {ours} "
                f"{ours_slowest:.3f} s, {theirs} {theirs_slowest:.3f} s",
                flush=True,
            )
            n_moves = plies
            turn = f"{'White' if n_moves % 2 == 0 else 'Black'}[{n_moves // 2 + 1}]"
            print(f"  {args.game_type};{state};{turn};{moves}", flush=True)

    print()
    print(f"{ours} vs {theirs}, bestmove time {args.time}, cap {args.max_plies} plies")
    print()
    print("| opening | first four plies | Beeline as | result | plies | Beeline's points |")
    print("|---|---|---|---|---|---|")
    for n, opening, colour, result, plies, points in sorted(rows):
        print(f"| {n} | `{opening}` | {colour} | {result} | {plies} | {points:g} |")
    total = len(rows)
    print()
    print(
        f"Beeline: {wins} wins, {draws} draws, {losses} losses: "
        f"{score:g}/{total} = {100 * score / max(total, 1):.0f}%"
    )


if __name__ == "__main__":
    sys.exit(main())
