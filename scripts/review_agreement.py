#!/usr/bin/env python3
"""How far a quick review can be trusted: reviews each game twice with `beeline analyse`,
at the browser's pace (0.4 s of search a position, as the app's review) and ten times
longer, and counts how often the quick one marks the same moves as mistakes and blunders.

    python3 scripts/review_agreement.py ../shared/fixtures/mzinga-recordings/*.pgn

Prints, over all the games: of the moves the long review calls a mistake or a blunder, the
share the quick one also marks (as either), and of those the quick one marks, the share the
long one confirms; the same for inaccuracies and worse; and how many marked moves get the
very same judgement. Games run two at a time (one search thread each).
"""

import argparse
import concurrent.futures
import json
import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
BEELINE = os.environ.get("BEELINE") or os.path.join(HERE, "..", "target", "release", "beeline")
BAD = ("mistake", "blunder")
ANY = ("inaccuracy", "mistake", "blunder")


def review(path, seconds, cache=None):
    """The judgements of a review at `seconds` a position: {ply: judgement}. With `cache`, a
    folder, the long review's JSON is kept there and read again on the next run (clear it
    when the engine changes)."""
    saved = cache and os.path.join(cache, f"{os.path.basename(path)}.{seconds}.json")
    if saved and os.path.exists(saved):
        with open(saved) as f:
            out = f.read()
    else:
        out = subprocess.run(
            [BEELINE, "analyse", path, "--time", str(seconds), "--json"],
            capture_output=True, text=True, check=True,
        ).stdout
        if saved:
            os.makedirs(cache, exist_ok=True)
            with open(saved, "w") as f:
                f.write(out)
    return {row["ply"]: row.get("judgement") for row in json.loads(out)}


def both(path, quick, long, cache):
    return path, review(path, quick), review(path, long, cache)


def share(a, b):
    return f"{len(a & b)}/{len(a)} = {100 * len(a & b) / len(a):.0f} %" if a else "-"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--quick", type=float, default=0.4)
    ap.add_argument("--long", type=float, default=None, help="default: ten times --quick")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--cache", help="a folder to keep the long reviews in, to compare quick ones")
    args = ap.parse_args()
    long = args.long or args.quick * 10
    marked = {k: (set(), set()) for k in ("bad", "any")}
    same = total = plies = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for path, q, l in pool.map(lambda p: both(p, args.quick, long, args.cache), args.files):
            name = os.path.basename(path)
            plies += len(l)
            for ply in l:
                key = (name, ply)
                for k, kinds in (("bad", BAD), ("any", ANY)):
                    if q.get(ply) in kinds:
                        marked[k][0].add(key)
                    if l.get(ply) in kinds:
                        marked[k][1].add(key)
                if l.get(ply) in ANY or q.get(ply) in ANY:
                    total += 1
                    same += q.get(ply) == l.get(ply)
            print(f"{name}: {len(l)} plies; quick marks {sorted(p for p in q if q[p] in ANY)}, "
                  f"long marks {sorted(p for p in l if l[p] in ANY)}", flush=True)
    print(f"\n{len(args.files)} games, {plies} positions, quick {args.quick} s against long {long} s a position")
    for k, what in (("bad", "mistakes and blunders"), ("any", "inaccuracies, mistakes and blunders")):
        quick, longs = marked[k]
        print(f"{what}: the long review's found by the quick one {share(longs, quick)}; "
              f"the quick one's confirmed by the long one {share(quick, longs)}")
    print(f"moves either marks, judged the same by both: {same}/{total}")


if __name__ == "__main__":
    main()
