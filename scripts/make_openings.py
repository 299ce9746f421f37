#!/usr/bin/env python3
"""Regenerates scripts/openings.txt, the openings scripts/match.py plays by default.

Every opening is a Base+MLP move list of 4 to 6 plies, and no two are the same line: none
reaches the position of another, or a position on another's way, under the board's
symmetries (rotations and reflections) or by transposition. `beeline explore` decides, as
its index keys positions that way (colours swapped with the player to move included):

* a candidate whose last position is reached, within 6 plies, by an opening kept so far is
  refused (the same opening, or a prefix of a kept one);
* a candidate whose first k plies (k = 4, 5, shorter than the candidate) reach the position
  of a kept opening of k plies is refused (a kept opening is a prefix of it).

Each opening must also be balanced: `beeline uhp` searches its last position (`bestmove
depth 8`, about 0.3-0.5 s, with `Verbose` on, which prints the score of the side to move in
hundredths); the score is turned to White's view and to White's expected score by the
project's win probability, 1 / (1 + exp(-score / SCALE)) with SCALE read from
src/search/game_review.rs (1295). An opening is kept when that expectation is within
50 % +- BAND (default 10 points: 40-60 %, |score| <= 525).

The openings come from two sources, in this order in the file:

1. Real games: the BoardSpace games of ../shared/fixtures/mzinga-recordings/*.pgn (Mzinga's
   conversions, kept outside the repository: only the extracted move lists are in it), read
   with `beeline convert FILE --to uhp`; games of Base and Base+P count too, as their moves
   are legal Base+MLP openings. One opening per game. First the ten openings of the earlier
   match.sh, unchanged (four plies of ten of these games, so that `--pairs 10` plays the
   match the README reports); they are kept whatever the checks say, which only report
   them. Then, for each other game (by file name), its first 6 plies, else 5, else 4: the
   longest that passes both checks.

2. The engine's own choices, until the file holds COUNT openings (default 60) or WALKS walks
   (default 400) are spent. A walk draws its length from 4, 5 and 6, then plays from the
   empty board: at each ply every legal move (`validmoves`) is scored by searching the
   position it leads to (`bestmove depth 6`, the table cleared by a `newgame` before each
   search, so that a score does not depend on what was searched before), and one of the
   moves within MARGIN (default 200 hundredths, about 4 points of expectation) of the best
   for the side that moves is drawn. The draws come from Python's random.Random(SEED)
   (default seed 1), moves sorted by score then text. A walk that repeats an earlier one's
   moves is skipped; the others are checked as above.

Fixed depths and a fixed seed, not times: the file comes out the same on any machine, and
rerunning the script rewrites it byte for byte (about 2 minutes on one core). The file's
header says the counts: games and their openings, walks, refusals by reason, kept.

    python3 scripts/make_openings.py                 # writes scripts/openings.txt
    python3 scripts/make_openings.py --list          # every candidate with its verdict
"""

import argparse
import glob
import json
import math
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import textwrap
import time

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

# Why a candidate is refused (the header's counts list them in this order).
REPEATED = "repeating an earlier walk"
SAME = "ending on a kept opening's position or on its way"
EXTENDS = "passing through a kept opening's position"
ILLEGAL = "refused by the engine or ending the game"
UNBALANCED = "out of the band"
REASONS = (REPEATED, SAME, EXTENDS, ILLEGAL, UNBALANCED)


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


def uhp(beeline, commands):
    """Runs `commands` (then `exit`) through one `beeline uhp`: the answer of each command
    (its lines before `ok`) and the search logs (`depth ...` lines) in order."""
    run = subprocess.run(
        [beeline, "uhp"], input="\n".join(commands + ["exit"]) + "\n",
        capture_output=True, text=True, check=True,
    )
    answers, block = [], []
    for line in run.stdout.splitlines():
        if line == "ok":
            answers.append(block)
            block = []
        else:
            block.append(line)
    logs = [l.split() for l in run.stderr.splitlines() if l.startswith("depth ")]
    return answers[1:], logs  # answers[0]: the greeting


def refused(answer):
    return any(l.startswith(("err", "invalidmove")) for l in answer)


def evaluate(beeline, moves, depth):
    """White's score (hundredths) of the position after `moves` in Base+MLP, searched to
    `depth` by `beeline uhp`; None when a move is refused or the game is over."""
    commands = ["options set Verbose True", "newgame Base+MLP"]
    commands += [f"play {m}" for m in moves]
    commands += [f"bestmove depth {depth}"]
    answers, logs = uhp(beeline, commands)
    if any(refused(a) for a in answers):
        return None
    game_strings = [l for a in answers for l in a if l.startswith("Base+MLP;")]
    if not game_strings or game_strings[-1].split(";")[1] != "InProgress":
        return None
    score = int(logs[-1][logs[-1].index("score") + 1])
    return score if len(moves) % 2 == 0 else -score


def scored_moves(beeline, moves, depth):
    """Every legal move after `moves`, with its score for the side that plays it: the
    position it leads to searched to `depth` (a `newgame` before each search, so that the
    table is empty), negated. Sorted by score, best first, then by text."""
    answers, _ = uhp(beeline, ["newgame Base+MLP"] + [f"play {m}" for m in moves] + ["validmoves"])
    if any(refused(a) for a in answers) or not answers[-1] or not answers[-1][0]:
        return []
    legal = answers[-1][0].split(";")
    commands = ["options set Verbose True"]
    for move in legal:
        commands += ["newgame Base+MLP"] + [f"play {m}" for m in moves + [move]]
        commands.append(f"bestmove depth {depth}")
    answers, logs = uhp(beeline, commands)
    # The bestmove answers, one per legal move; one whose game is over answers `err`
    # and writes no log.
    searches = [a for a, c in zip(answers[1:], commands[1:]) if c.startswith("bestmove")]
    scored, next_log = [], iter(logs)
    for move, answer in zip(legal, searches):
        if refused(answer):
            continue
        log = next(next_log)
        scored.append((-int(log[log.index("score") + 1]), move))
    scored.sort(key=lambda s: (-s[0], s[1]))
    return scored


def reached(beeline, lines, line, plies):
    """Whether the position after `line` is reached, within `plies` plies, by one of the
    move `lines` (symmetries and transpositions included: explore's keys)."""
    if not lines:
        return False
    with tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False) as f:
        for moves in lines:
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


def conflict(beeline, kept, moves):
    """Why `moves` is not a new line beside the `kept` move lists (SAME or EXTENDS), or
    None."""
    if reached(beeline, kept, moves, max(LENGTHS)):
        return SAME
    for k in range(min(LENGTHS), len(moves)):
        if reached(beeline, [m for m in kept if len(m) == k], moves[:k], k):
            return EXTENDS
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--source", default=SOURCE, help="folder of .pgn game records")
    ap.add_argument("--beeline", default=BEELINE)
    ap.add_argument("--depth", type=int, default=8, help="search depth of the balance check")
    ap.add_argument("--band", type=float, default=10.0,
                    help="largest distance of White's expected score from 50 %% kept (points)")
    ap.add_argument("--count", type=int, default=60, help="openings wanted in all")
    ap.add_argument("--walks", type=int, default=400, help="most engine walks tried")
    ap.add_argument("--seed", type=int, default=1, help="seed of the engine walks' draws")
    ap.add_argument("--choice-depth", type=int, default=6,
                    help="search depth scoring each legal move of a walk")
    ap.add_argument("--margin", type=int, default=200,
                    help="moves drawn: those within this many hundredths of the best")
    ap.add_argument("--output", default=OUTPUT)
    ap.add_argument("--list", action="store_true", help="print every candidate, write nothing")
    args = ap.parse_args()
    started = time.time()
    scale = win_scale()
    limit = scale * math.log((50 + args.band) / (50 - args.band))

    paths = sorted(glob.glob(os.path.join(args.source, "*.pgn")))
    if not paths:
        sys.exit(f"no .pgn files in {args.source}")
    games = []  # (source name, game type, moves)
    for path in paths:
        game_type, moves = game_moves(args.beeline, path)
        games.append((os.path.splitext(os.path.basename(path))[0], game_type, moves))

    kept = []  # (moves, source, score)
    refusals = {r: 0 for r in REASONS}

    def report(verdict, moves, source, score=None):
        if args.list:
            e = "" if score is None else f", {score:+d} = {100 * expectation(score, scale):.1f} %"
            print(f"{verdict:10} {';'.join(moves)}  ({source}{e})", flush=True)

    def consider(moves, source):
        """Checks a candidate and keeps it: whether it was kept."""
        reason = conflict(args.beeline, [k[0] for k in kept], moves)
        score = None
        if reason is None:
            score = evaluate(args.beeline, moves, args.depth)
            if score is None:
                reason = ILLEGAL
            elif abs(score) > limit:
                reason = UNBALANCED
        if reason is not None:
            refusals[reason] += 1
            report("refused", moves, f"{source}: {reason}", score)
            return False
        kept.append((moves, source, score))
        report("kept", moves, source, score)
        return True

    # 1. Real games: the ten of match.sh, then one opening per other game.
    first_games = set()
    for text in FIRST:
        moves = text.split(";")
        source = next((f"{n} ({t})" for n, t, m in games if m[:len(moves)] == moves), "match.sh")
        first_games.update(n for n, t, m in games if m[:len(moves)] == moves)
        reason = conflict(args.beeline, [k[0] for k in kept], moves)
        score = evaluate(args.beeline, moves, args.depth)
        if reason or score is None or abs(score) > limit:
            print(f"warning: {text}, one of the first ten, kept though "
                  f"{reason or (ILLEGAL if score is None else UNBALANCED)}", file=sys.stderr)
        kept.append((moves, source, score))
        report("kept", moves, source, score)
    game_candidates = game_refusals = 0
    for name, game_type, moves in games:
        if name in first_games:
            continue
        for n in sorted(LENGTHS, reverse=True):
            if len(moves) < n or "pass" in moves[:n]:
                continue
            game_candidates += 1
            if consider(moves[:n], f"{name} ({game_type})"):
                break
            game_refusals += 1
    real = len(kept)

    # 2. The engine's choices.
    rng = random.Random(args.seed)
    choices = {}  # move list (tuple) -> the moves within the margin of the best
    walked = set()
    walks = 0
    while len(kept) < args.count and walks < args.walks:
        walks += 1
        moves = []
        for _ in range(rng.choice(LENGTHS)):
            key = tuple(moves)
            if key not in choices:
                scored = scored_moves(args.beeline, moves, args.choice_depth)
                best = scored[0][0] if scored else 0
                choices[key] = [m for s, m in scored if s >= best - args.margin]
            if not choices[key]:
                break
            moves.append(choices[key][rng.randrange(len(choices[key]))])
        source = f"engine walk {walks}"
        if len(moves) < min(LENGTHS):
            refusals[ILLEGAL] += 1
            report("refused", moves, f"{source}: {ILLEGAL}")
        elif tuple(moves) in walked:
            refusals[REPEATED] += 1
            report("refused", moves, f"{source}: {REPEATED}")
        else:
            walked.add(tuple(moves))
            consider(moves, source)
    engine = len(kept) - real
    wall = time.time() - started
    cpu = sum(
        u.ru_utime + u.ru_stime
        for u in (resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN))
    )
    summary = (
        f"{len(kept)} openings: {real} from {len(games)} real games ({len(FIRST)} of match.sh, "
        f"{real - len(FIRST)} of {game_candidates} candidates from the other games), {engine} "
        f"from {walks} engine walks; refused: "
        + ", ".join(f"{refusals[r]} {r}" for r in REASONS)
    )
    if len(kept) < args.count:
        print(f"warning: only {len(kept)} openings after {walks} walks", file=sys.stderr)
    if args.list:
        print(f"{summary} ({wall:.0f} s, {cpu:.0f} s of CPU)")
        return 0

    paragraphs = [
        "Openings for scripts/match.py: one UHP move list a line (Base+MLP), `;` between "
        "moves, `#` comments. Written by scripts/make_openings.py; rerun it to regenerate "
        "(the same file: fixed depths and seed).",
        "Distinct: no opening reaches the position of another, or one on another's way, "
        "under the board's symmetries or by transposition (`beeline explore`'s position "
        f"keys). Balance: White's score after the opening by `beeline uhp` at `bestmove "
        f"depth {args.depth}`, as White's expected score 1 / (1 + exp(-score / {scale:g})), "
        f"within {50 - args.band:g}-{50 + args.band:g} % (|score| <= {limit:.0f}).",
        f"Real games, one opening each ({real}): the {len(games)} BoardSpace games of "
        "../shared/fixtures/mzinga-recordings/*.pgn (Mzinga's conversions; Base and Base+P "
        f"games too, their moves being legal Base+MLP openings). First the {len(FIRST)} "
        "openings of the earlier scripts/match.sh (four plies of as many games, unchanged), "
        "then each other game's first 6 plies, else 5, else 4: the longest distinct and "
        f"balanced ({game_candidates} candidates).",
        f"The engine's choices ({engine}): {walks} walks from the empty board, each of 4, 5 "
        "or 6 plies; at each ply every legal move is scored at `bestmove depth "
        f"{args.choice_depth}` and one drawn among those within {args.margin} hundredths of "
        f"the best (Python's random.Random({args.seed})).",
        f"Counts: {len(kept)} kept; refused: "
        + ", ".join(f"{refusals[r]} {r}" for r in REASONS) + ".",
        "Each line's comment: the source, White's score and expectation.",
    ]
    header = []
    for paragraph in paragraphs:
        if header:
            header.append("#")
        header += textwrap.wrap(paragraph, 90, initial_indent="# ", subsequent_indent="# ",
                                break_on_hyphens=False)
    header.append("")
    width = max(len(";".join(m)) for m, *_ in kept)
    body = [
        f"{';'.join(m):<{width}}  # {source}, "
        + ("no score" if s is None else f"{s:+d} = {100 * expectation(s, scale):.1f} %")
        for m, source, s in kept
    ]
    with open(args.output, "w", encoding="utf-8") as f:
        f.write("\n".join(header + body) + "\n")
    print(f"{args.output}: {summary} ({wall:.0f} s, {cpu:.0f} s of CPU)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
