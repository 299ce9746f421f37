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
    args = ap.parse_args()
    points = []
    count = 0
    for gs, state in games(args.logs):
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

    best = max(range(20, 3001, 5), key=loglik)
    print(f"{count} games, {len(points)} positions (depth {args.depth}, first {args.skip} plies left out)")
    print(f"best scale s = {best} (log-likelihood {loglik(best):.1f}; s=180: {loglik(180):.1f})")
    print()
    print("| White's eval | positions | predicted White score | observed White score |")
    print("|---|---|---|---|")
    edges = [-10**9, -300, -150, -50, 50, 150, 300, 10**9]
    for lo, hi in zip(edges, edges[1:]):
        bucket = [(e, y) for e, y in points if lo <= e < hi]
        if not bucket:
            continue
        pred = sum(1 / (1 + math.exp(-e / best)) for e, _ in bucket) / len(bucket)
        obs = sum(y for _, y in bucket) / len(bucket)
        lo_s = "" if lo < -10**8 else f"{lo / 100:+.1f}"
        hi_s = "" if hi > 10**8 else f"{hi / 100:+.1f}"
        print(f"| {lo_s} .. {hi_s} | {len(bucket)} | {pred:.2f} | {obs:.2f} |")


if __name__ == "__main__":
    main()
