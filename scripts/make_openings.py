#!/usr/bin/env python3
"""Regenerates scripts/openings.txt, the openings scripts/match.py plays by default.

Source: the real BoardSpace games of ../shared/fixtures/mzinga-recordings/*.pgn (Mzinga's
conversions, kept outside the repository: only the extracted move lists are in it), read
with `beeline convert FILE --to uhp`. Each game gives three candidates, its first 4, 5 and 6
plies; games of Base and Base+P count too, as their moves are legal Base+MLP openings.

Dedupe: a candidate whose position (after its last ply) equals an earlier candidate's of
the same length under the board's symmetries (rotations and reflections) or by
transposition is dropped. `beeline explore` decides, as its index keys positions that way:
the candidate's line is looked up in a collection of the candidates kept so far.

Balance: `beeline uhp` searches each position (`bestmove depth 8`, about 0.3-0.5 s, with
`Verbose` on, which prints the score of the side to move in hundredths); the score is
turned to White's view and to White's expected score by the project's win probability,
1 / (1 + exp(-score / SCALE)) with SCALE read from src/search/game_review.rs (1295). An
opening is kept when that expectation is within 50 % +- BAND (default 10 points: 40-60 %,
|score| <= 525). A fixed depth, not a time, so that the file comes out the same on any
machine.

Order: the ten openings of the earlier match.sh first (so that `--pairs 10` plays the
match the README reports), then by length and the source game's name. The header of the
file written says the counts: candidates, duplicates, out of the band, kept.

    python3 scripts/make_openings.py                 # writes scripts/openings.txt
    python3 scripts/make_openings.py --list          # every candidate with its score
"""

import argparse
import glob
import json
import math
import os
import re
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = os.path.join(os.path.dirname(REPO), "shared", "fixtures", "mzinga-recordings")
BEELINE = os.path.join(REPO, "target", "release", "beeline")
OUTPUT = os.path.join(REPO, "scripts", "openings.txt")
SCALE_SOURCE = os.path.join(REPO, "src", "search", "game_review.rs")
LENGTHS = (4, 5, 6)

# The ten openings match.sh played before this file existed (four plies of BoardSpace games).
FIRST = [
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


def win_scale():
    """The scale of the engine's win probability, as the Rust source defines it."""
    with open(SCALE_SOURCE, encoding="utf-8") as f:
        m = re.search(r"pub const SCALE: f64 = ([0-9.]+);", f.read())
    if not m:
        sys.exit(f"no `pub const SCALE` in {SCALE_SOURCE}")
    return float(m.group(1))


def expectation(score, scale):
    """White's expected score for White's score in hundredths."""
    return 1.0 / (1.0 + math.exp(-score / scale))


def game_moves(beeline, path):
    """The main line of a record as UHP MoveStrings, and its game type."""
    out = subprocess.run(
        [beeline, "convert", path, "--to", "uhp"], capture_output=True, text=True, check=True
    ).stdout.strip()
    fields = out.split(";")
    return fields[0], fields[3:]


def evaluate(beeline, moves, depth):
    """White's score (hundredths) of the position after `moves` in Base+MLP, searched to
    `depth` by `beeline uhp`; None when a move is refused or the game is over."""
    commands = ["options set Verbose True", "newgame Base+MLP"]
    commands += [f"play {m}" for m in moves]
    commands += [f"bestmove depth {depth}", "exit"]
    run = subprocess.run(
        [beeline, "uhp"], input="\n".join(commands) + "\n", capture_output=True, text=True, check=True
    )
    lines = run.stdout.splitlines()
    if any(l.startswith(("err", "invalidmove")) for l in lines):
        return None
    game_strings = [l for l in lines if l.startswith("Base+MLP;")]
    if not game_strings or game_strings[-1].split(";")[1] != "InProgress":
        return None
    logs = [l.split() for l in run.stderr.splitlines() if l.startswith("depth ")]
    score = int(logs[-1][logs[-1].index("score") + 1])
    return score if len(moves) % 2 == 0 else -score


def seen_before(beeline, kept, line, plies):
    """Whether the position after `line` is reached, within `plies` plies, by one of the
    `kept` move lists (symmetries and transpositions included: explore's keys)."""
    if not kept:
        return False
    with tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False) as f:
        for moves in kept:
            f.write('[GameType "Base+MLP"]\n[Result "InProgress"]\n\n')
            f.write("".join(f"{i}. {m}\n" for i, m in enumerate(moves, start=1)))
            f.write("\n")
        name = f.name
    try:
        out = subprocess.run(
            [beeline, "explore", name, "--depth", str(plies), "--line", ";".join(line), "--json"],
            capture_output=True, text=True, check=True,
        ).stdout
    finally:
        os.unlink(name)
    return json.loads(out)["position"]["games"] > 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--source", default=SOURCE, help="folder of .pgn game records")
    ap.add_argument("--beeline", default=BEELINE)
    ap.add_argument("--depth", type=int, default=8, help="search depth of the balance check")
    ap.add_argument("--band", type=float, default=10.0,
                    help="largest distance of White's expected score from 50 %% kept (points)")
    ap.add_argument("--output", default=OUTPUT)
    ap.add_argument("--list", action="store_true", help="print every candidate, write nothing")
    args = ap.parse_args()
    scale = win_scale()
    limit = scale * math.log((50 + args.band) / (50 - args.band))

    paths = sorted(glob.glob(os.path.join(args.source, "*.pgn")))
    if not paths:
        sys.exit(f"no .pgn files in {args.source}")
    candidates = []  # (moves, source name, game type)
    for path in paths:
        game_type, moves = game_moves(args.beeline, path)
        name = os.path.splitext(os.path.basename(path))[0]
        for n in LENGTHS:
            if len(moves) >= n and "pass" not in moves[:n]:
                candidates.append((moves[:n], name, game_type))
    first = {text: i for i, text in enumerate(FIRST)}
    candidates.sort(key=lambda c: (first.get(";".join(c[0]), len(FIRST)), len(c[0]), c[1]))

    kept, duplicates, refused, unbalanced = [], [], [], []
    by_length = {n: [] for n in LENGTHS}
    for moves, name, game_type in candidates:
        text = ";".join(moves)
        if seen_before(args.beeline, by_length[len(moves)], moves, len(moves)):
            duplicates.append(text)
            if args.list:
                print(f"duplicate  {text}  ({name})")
            continue
        by_length[len(moves)].append(moves)
        score = evaluate(args.beeline, moves, args.depth)
        if score is None:
            refused.append(text)
            verdict = "refused"
        elif abs(score) > limit:
            unbalanced.append((text, score))
            verdict = "unbalanced"
        else:
            kept.append((text, name, game_type, score))
            verdict = "kept"
        if args.list:
            e = "" if score is None else f", {100 * expectation(score, scale):.1f} %"
            print(f"{verdict:10} {text}  ({name}, {game_type}, {score}{e})")
    if args.list:
        return 0

    header = [
        "# Openings for scripts/match.py: one UHP move list a line (Base+MLP), `;` between",
        "# moves, `#` comments. Written by scripts/make_openings.py; rerun it to regenerate.",
        "#",
        f"# Source: the first 4, 5 and 6 plies of the {len(paths)} real BoardSpace games of",
        "# ../shared/fixtures/mzinga-recordings/*.pgn (Mzinga's conversions; Base and Base+P",
        "# games too, their moves being legal Base+MLP openings).",
        f"# Balance: White's score after the opening by `beeline uhp` at `bestmove depth {args.depth}`,",
        f"# as White's expected score 1 / (1 + exp(-score / {scale:g})), within {50 - args.band:g}-"
        f"{50 + args.band:g} % (|score| <= {limit:.0f}).",
        f"# Counts: {len(candidates)} candidates, {len(duplicates)} the same position as an earlier one",
        f"# (symmetries, transpositions), {len(refused)} refused, {len(unbalanced)} out of the band, "
        f"{len(kept)} kept.",
        "# The first ten are the openings of the earlier scripts/match.sh.",
        "# Each line's comment: the source game, its game type, White's score and expectation.",
        "",
    ]
    width = max(len(t) for t, *_ in kept)
    body = [
        f"{t:<{width}}  # {n} ({g}), {s:+d} = {100 * expectation(s, scale):.1f} %"
        for t, n, g, s in kept
    ]
    with open(args.output, "w", encoding="utf-8") as f:
        f.write("\n".join(header + body) + "\n")
    print(
        f"{args.output}: {len(kept)} openings ({len(candidates)} candidates, {len(duplicates)} "
        f"duplicates, {len(refused)} refused, {len(unbalanced)} out of the band: "
        + ", ".join(f"{t} {s:+d}" for t, s in unbalanced)
        + ")"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
