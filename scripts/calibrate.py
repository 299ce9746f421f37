#!/usr/bin/env python3
"""Calibrates the win probability of Beeline's evaluation on finished games.

Reads the games that scripts/match.py prints (lines `  GameType;State;Turn;moves`, or
`GameType;State;moves` from older logs), has `beeline analyse --depth N --json` evaluate
every position of each, and fits the scale s of P(White wins) = 1 / (1 + exp(-eval / s))
(eval in hundredths, White's view) to the games' outcomes by maximum likelihood (a game
drawn or cut off at the ply cap counts half a win). Prints the fit and a table of predicted
against observed results by evaluation bucket.

    python3 scripts/calibrate.py --depth 3 /tmp/match-*.log
"""

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
BEELINE = os.path.join(HERE, "..", "target", "release", "beeline")


def games(paths):
    for path in paths:
        for line in open(path):
            line = line.strip()
            if not line.startswith("Base"):
                continue
            parts = line.split(";")
            state = parts[1]
            if len(parts) > 2 and ("[" in parts[2] and parts[2].endswith("]")):
                moves = parts[3:]
            else:
                moves = parts[2:]
            n = len(moves)
            turn = f"{'White' if n % 2 == 0 else 'Black'}[{n // 2 + 1}]"
            yield f"{parts[0]};{state};{turn};" + ";".join(moves), state


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("logs", nargs="+")
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--skip", type=int, default=8, help="opening plies left out")
    ap.add_argument("--decided", action="store_true",
                    help="only games won by one side (human records that stop unfinished "
                         "were resigned or abandoned: their outcome is not known)")
    ap.add_argument("--scale", type=int, default=1295,
                    help="the scale in use (search::game_review::SCALE), for the Brier score")
    args = ap.parse_args()
    points = []
    count = 0
    for gs, state in games(args.logs):
        if args.decided and state not in ("WhiteWins", "BlackWins"):
            continue
        outcome = {"WhiteWins": 1.0, "BlackWins": 0.0}.get(state, 0.5)
        with tempfile.NamedTemporaryFile("w", suffix=".uhp", delete=False) as f:
            f.write(gs + "\n")
            name = f.name
        try:
            out = subprocess.run(
                [BEELINE, "analyse", name, "--depth", str(args.depth), "--json"],
                capture_output=True, text=True, check=True,
            ).stdout
        finally:
            os.unlink(name)
        count += 1
        for row in json.loads(out)[args.skip:]:
            if row.get("win_in") is not None:
                continue
            points.append((row["eval"] * 100.0, outcome))
    if not points:
        sys.exit("no positions")

    def loglik(s):
        total = 0.0
        for e, y in points:
            p = 1.0 / (1.0 + math.exp(-e / s))
            p = min(max(p, 1e-9), 1 - 1e-9)
            total += y * math.log(p) + (1 - y) * math.log(1 - p)
        return total

    def brier(s):
        return sum((1.0 / (1.0 + math.exp(-e / s)) - y) ** 2 for e, y in points) / len(points)

    best = max(range(20, 3001, 5), key=loglik)
    mean = sum(y for _, y in points) / len(points)
    base = sum((mean - y) ** 2 for _, y in points) / len(points)
    print(f"{count} games, {len(points)} positions (depth {args.depth}, first {args.skip} plies left out)")
    print(f"best scale s = {best} (log-likelihood {loglik(best):.1f}; s=180: {loglik(180):.1f}; s={args.scale}: {loglik(args.scale):.1f})")
    # The Brier score: the mean squared gap between the predicted and the real result (0 is
    # perfect; always saying the positions' average result scores `base`).
    print(f"Brier score at s = {args.scale}: {brier(args.scale):.4f}; at the best scale: {brier(best):.4f}; "
          f"always the average result ({mean:.2f}): {base:.4f}; always 0.5: "
          f"{sum((0.5 - y) ** 2 for _, y in points) / len(points):.4f}")
    print()
    print(f"| White's eval | positions | predicted White score (s = {args.scale}) | observed White score |")
    print("|---|---|---|---|")
    edges = [-10**9, -300, -150, -50, 50, 150, 300, 10**9]
    for lo, hi in zip(edges, edges[1:]):
        bucket = [(e, y) for e, y in points if lo <= e < hi]
        if not bucket:
            continue
        pred = sum(1 / (1 + math.exp(-e / args.scale)) for e, _ in bucket) / len(bucket)
        obs = sum(y for _, y in bucket) / len(bucket)
        lo_s = "" if lo < -10**8 else f"{lo / 100:+.1f}"
        hi_s = "" if hi > 10**8 else f"{hi / 100:+.1f}"
        print(f"| {lo_s} .. {hi_s} | {len(bucket)} | {pred:.2f} | {obs:.2f} |")


if __name__ == "__main__":
    main()
