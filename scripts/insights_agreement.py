#!/usr/bin/env python3
"""How far the quick review of `beeline insights` can be trusted: each game is reviewed at
the quick setting and at a setting about ten times longer, and each player's accuracy and
marked moves are compared.

    python3 scripts/insights_agreement.py FILES...      # QUICK=4 LONG=6 JOBS=2 by default

Each record is written again as PGN with its players named `White player` and `Black
player`, then `beeline insights` runs for each of them at both depths. Prints, over all the
games: the mean and largest difference of a player's accuracy between the two reviews; of
the moves the long review marks a mistake or a blunder, the share the quick one marks so too,
and of those the quick one marks, the share the long one confirms; the same for
inaccuracies and worse; how many marked moves get the very same judgement; and the time each
review took.
"""

import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
BEELINE = os.environ.get("BEELINE") or os.path.join(HERE, "..", "target", "release", "beeline")
BAD = ("mistake", "blunder")
ANY = ("inaccuracy", "mistake", "blunder")
NAMES = ("White player", "Black player")


def named_pgn(path, folder):
    """The record as a PGN file whose players are NAMES."""
    pgn = subprocess.run([BEELINE, "convert", path, "--to", "pgn"],
                         capture_output=True, text=True, check=True).stdout
    pgn = re.sub(r'^\[(White|Black) "[^"]*"\]\n', "", pgn, flags=re.M)
    pgn = f'[White "{NAMES[0]}"]\n[Black "{NAMES[1]}"]\n' + pgn
    out = os.path.join(folder, os.path.basename(path) + ".pgn")
    with open(out, "w") as f:
        f.write(pgn)
    return out


def review(path, depth):
    """Per player: (accuracy, {ply: judgement}) and the seconds it took."""
    out = {}
    t0 = time.monotonic()
    for name in NAMES:
        r = json.loads(subprocess.run(
            [BEELINE, "insights", path, "--player", name, "--depth", str(depth), "--json",
             "--jobs", "1"],
            capture_output=True, text=True, check=True).stdout)
        g = r["games_list"][0]
        out[name] = (g["accuracy"], {m["ply"]: m["judgement"] for m in g["marked"]})
    return out, time.monotonic() - t0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--quick", type=int, default=int(os.environ.get("QUICK", 4)))
    ap.add_argument("--long", type=int, default=int(os.environ.get("LONG", 6)))
    ap.add_argument("--jobs", type=int, default=int(os.environ.get("JOBS", 2)))
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        paths = [named_pgn(p, folder) for p in args.files]
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            quick = list(pool.map(lambda p: review(p, args.quick), paths))
            long_ = list(pool.map(lambda p: review(p, args.long), paths))
    diffs = []
    counts = {k: 0 for k in ("long_bad", "long_bad_found", "quick_bad", "quick_bad_confirmed",
                             "long_any", "long_any_found", "quick_any", "quick_any_confirmed",
                             "same", "either")}
    for (q, _), (l, _) in zip(quick, long_):
        for name in NAMES:
            (qa, qm), (la, lm) = q[name], l[name]
            if qa is not None and la is not None:
                diffs.append(abs(qa - la))
            for kind, marks in (("bad", BAD), ("any", ANY)):
                lset = {p for p, j in lm.items() if j in marks}
                qset = {p for p, j in qm.items() if j in marks}
                counts[f"long_{kind}"] += len(lset)
                counts[f"long_{kind}_found"] += len(lset & qset)
                counts[f"quick_{kind}"] += len(qset)
                counts[f"quick_{kind}_confirmed"] += len(lset & qset)
            plies = set(qm) | set(lm)
            counts["either"] += len(plies)
            counts["same"] += sum(1 for p in plies if qm.get(p) == lm.get(p))

    def share(a, b):
        return f"{counts[a]} of {counts[b]} ({100 * counts[a] / max(counts[b], 1):.0f} %)"

    qt = sum(t for _, t in quick)
    lt = sum(t for _, t in long_)
    print(f"{len(paths)} games, {len(diffs)} players' accuracies; quick depth {args.quick}, "
          f"long depth {args.long}")
    print(f"accuracy difference: mean {sum(diffs) / max(len(diffs), 1):.1f}, "
          f"largest {max(diffs, default=0):.1f}, within 5 points "
          f"{sum(d <= 5 for d in diffs)} of {len(diffs)}")
    print(f"mistakes and blunders: the long review's found by the quick one "
          f"{share('long_bad_found', 'long_bad')}; the quick one's confirmed "
          f"{share('quick_bad_confirmed', 'quick_bad')}")
    print(f"inaccuracies and worse: found {share('long_any_found', 'long_any')}; confirmed "
          f"{share('quick_any_confirmed', 'quick_any')}")
    print(f"the very same judgement: {share('same', 'either')} of the moves either marks")
    print(f"review time: quick {qt:.0f} s, long {lt:.0f} s ({lt / max(qt, 1e-3):.1f} times)")


if __name__ == "__main__":
    main()
