"""Tests of the match harness (scripts/match.py and scripts/match_stats.py).

Run from the repository's root:

    python3 -m unittest discover -s tests/harness -v

The statistics are checked against figures worked out by hand (or, for the likelihood
ratios, by a brute-force maximisation independent of the harness's root finding); the
harness itself plays the toy game of fake_uhp.py, whose every result is known in advance,
so that wrong pairing, a lost forfeit or a miscounted game shows as a wrong number.
"""

import contextlib
import io
import json
import math
import os
import re
import shlex
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "scripts"))
sys.path.insert(0, HERE)

import fake_uhp  # noqa: E402
import match  # noqa: E402
import match_stats as stats  # noqa: E402

# -I -S: a Python that starts in a few tens of milliseconds, ignoring the user's site.
FAKE = f"{shlex.quote(sys.executable)} -I -S {shlex.quote(os.path.join(HERE, 'fake_uhp.py'))}"
# The command-line tool to play real games with: $BEELINE_BIN (scripts/test.sh points it at
# the build its native tests made), else the release build.
BEELINE = os.environ.get("BEELINE_BIN") or os.path.join(REPO, "target", "release", "beeline")


def fake(*flags):
    return " ".join([FAKE] + [shlex.quote(f) for f in flags])


# Toy openings (fake_uhp's game: 10 plies, a/b/c worth 2/1/0). With a strong engine
# (always `a`) against one that always plays `b`, six plies remain after each opening:
# three moves a side, +6 for the strong side and +3 for the other.
#   a0;c1;a2;c3  White +4: strong White wins (+7), strong Black loses (+4 + 3 - 6 = +1)
#   b0;b1;b2;b3  even: the strong side wins with either colour (+3 / -3)
#   a0;c1;b2;c3  White +3: strong White wins, strong Black draws (3 + 3 - 6 = 0)
#   c0;a1;c2;a3  Black +4: strong White loses (-4 + 6 - 3 = -1), strong Black wins
TOY_OPENINGS = """\
# toy openings for the tests
a0;c1;a2;c3   # White ahead: one win each
b0;b1;b2;b3   # even

a0;c1;b2;c3   # White a little ahead: a win and a draw
c0;a1;c2;a3   # Black ahead: one win each
"""


class MatchRun:
    """Runs match.main in-process with a temporary openings file, PGN and JSON log, and
    reads the logs back."""

    def __init__(self, args, openings=TOY_OPENINGS, referee_factory=fake_uhp.ToyReferee):
        self.dir = tempfile.TemporaryDirectory()
        d = self.dir.name
        self.openings = os.path.join(d, "openings.txt")
        with open(self.openings, "w") as f:
            f.write(openings)
        self.pgn = os.path.join(d, "games.pgn")
        self.json = os.path.join(d, "games.jsonl")
        out = io.StringIO()
        argv = list(args) + [
            "--openings", self.openings, "--pgn", self.pgn, "--json", self.json,
        ]
        if "--time" not in args and "--depth" not in args:
            argv += ["--depth", "1"]
        with contextlib.redirect_stderr(io.StringIO()) as err:
            self.status = match.main(argv, out=out, referee_factory=referee_factory)
        self.stdout = out.getvalue()
        self.stderr = err.getvalue()
        self.records = []
        if os.path.exists(self.json):
            with open(self.json) as f:
                self.records = [json.loads(line) for line in f]
        self.pgn_text = ""
        if os.path.exists(self.pgn):
            with open(self.pgn) as f:
                self.pgn_text = f.read()
        self.dir.cleanup()

    def of_type(self, kind):
        return [r for r in self.records if r["type"] == kind]

    @property
    def summary(self):
        summaries = self.of_type("summary")
        return summaries[-1] if summaries else None


def parse_pgn(text):
    """A strict reader of the harness's PGN: for each game its tags (in order) and its
    numbered plies, checking the layout on the way."""
    games = []
    for block in re.split(r"\n\n(?=\[)", text.strip()):
        head, _, body = block.partition("\n\n")
        tags = []
        for line in head.splitlines():
            m = re.fullmatch(r'\[(\w+) "((?:[^"\\]|\\.)*)"\]', line)
            if not m:
                raise AssertionError(f"not a tag pair: {line!r}")
            tags.append((m.group(1), re.sub(r"\\(.)", r"\1", m.group(2))))
        lines = [l for l in body.splitlines() if l.strip()]
        result = lines.pop()
        moves = []
        for i, line in enumerate(lines, start=1):
            m = re.fullmatch(r"(\d+)\. (\S.*)", line)
            if not m or int(m.group(1)) != i:
                raise AssertionError(f"ply {i} is not numbered in order: {line!r}")
            moves.append(m.group(2))
        games.append({"tags": tags, "tag": dict(tags), "moves": moves, "result": result})
    return games


class StatsTest(unittest.TestCase):
    """Elo, intervals and the SPRT against hand-worked figures."""

    def test_elo_of_scores(self):
        self.assertEqual(stats.elo_from_score(0.5), 0.0)
        # 400 log10(0.75 / 0.25) = 400 log10(3)
        self.assertAlmostEqual(stats.elo_from_score(0.75), 190.8485, places=4)
        self.assertAlmostEqual(stats.elo_from_score(0.25), -190.8485, places=4)
        self.assertEqual(stats.elo_from_score(1.0), math.inf)
        self.assertEqual(stats.elo_from_score(0.0), -math.inf)
        self.assertAlmostEqual(stats.score_from_elo(stats.elo_from_score(0.3)), 0.3)

    def test_trinomial_interval(self):
        # 30 wins, 40 draws, 30 losses: score 0.5, variance per game
        # (0.3 x 0.25 + 0.4 x 0 + 0.3 x 0.25) = 0.15, standard error sqrt(0.15 / 100)
        # = 0.0387298; 0.5 +- 1.959964 x 0.0387298 = [0.424090, 0.575910];
        # 400 log10(0.575910 / 0.424090) = 53.16.
        e = stats.trinomial_estimate(30, 40, 30)
        self.assertAlmostEqual(e.score, 0.5)
        self.assertAlmostEqual(e.stderr, 0.0387298, places=6)
        self.assertAlmostEqual(e.score_low, 0.424090, places=5)
        self.assertAlmostEqual(e.score_high, 0.575910, places=5)
        self.assertEqual(e.elo, 0.0)
        self.assertAlmostEqual(e.elo_high, 53.16, places=2)
        self.assertAlmostEqual(e.elo_low, -53.16, places=2)
        self.assertIn("Elo +0.0", e.describe())

    def test_pentanomial_interval(self):
        # 300 pairs [10, 60, 140, 70, 20] at 0, 1/4, 1/2, 3/4, 1 a game:
        # mean (15 + 70 + 52.5 + 20) / 300 = 0.525; variance
        # (10 x 0.275625 + 60 x 0.075625 + 140 x 0.000625 + 70 x 0.050625 + 20 x 0.225625)
        # / 300 = 0.0514583; standard error sqrt(0.0514583 / 300) = 0.0130969;
        # Elo 400 log10(0.525 / 0.475) = 17.39, interval [0.499331, 0.550669] ->
        # [-0.47, +35.33].
        e = stats.pentanomial_estimate([10, 60, 140, 70, 20])
        self.assertAlmostEqual(e.score, 0.525)
        self.assertAlmostEqual(e.stderr, 0.0130969, places=6)
        self.assertAlmostEqual(e.elo, 17.39, places=2)
        self.assertAlmostEqual(e.elo_low, -0.47, places=2)
        self.assertAlmostEqual(e.elo_high, 35.33, places=2)
        self.assertEqual(e.samples, 300)

    def test_pairs_see_through_lopsided_openings(self):
        # Ten pairs each won once by each side: as pairs there is no doubt the engines are
        # even; as twenty independent games the interval is wide.
        penta = stats.pentanomial_estimate([0, 0, 10, 0, 0])
        tri = stats.trinomial_estimate(10, 0, 10)
        self.assertEqual(penta.stderr, 0.0)
        self.assertAlmostEqual(tri.stderr, math.sqrt(0.25 / 20))
        self.assertIsNone(stats.pentanomial_estimate([0, 0, 0, 0, 0]))
        self.assertIsNone(stats.trinomial_estimate(0, 0, 0))

    def test_pair_outcome(self):
        self.assertEqual(stats.pair_outcome(0, 0), 0)
        self.assertEqual(stats.pair_outcome(0, 0.5), 1)
        self.assertEqual(stats.pair_outcome(1, 0), 2)
        self.assertEqual(stats.pair_outcome(0.5, 0.5), 2)
        self.assertEqual(stats.pair_outcome(0.5, 1), 3)
        self.assertEqual(stats.pair_outcome(1, 1), 4)
        with self.assertRaises(ValueError):
            stats.pair_outcome(1, 1.25)

    def test_bounds(self):
        lower, upper = stats.sprt_bounds(0.05, 0.05)
        self.assertAlmostEqual(lower, math.log(0.05 / 0.95))  # -2.944439
        self.assertAlmostEqual(upper, 2.944439, places=6)
        lower, upper = stats.sprt_bounds(0.1, 0.2)
        self.assertAlmostEqual(lower, math.log(0.2 / 0.9))  # -1.504077
        self.assertAlmostEqual(upper, math.log(0.8 / 0.1))  # 2.079442

    def test_llr_of_two_outcomes_in_closed_form(self):
        # With two possible outcomes (0 and 1) a mean fixes the distribution: (1 - s, s),
        # so the ratio per sample is 0.4 ln((1 - s1)/(1 - s0)) + 0.6 ln(s1 / s0).
        s0, s1 = stats.score_from_elo(0), stats.score_from_elo(10)
        self.assertAlmostEqual(s1, 0.5143871841659986)
        expected = 0.4 * math.log((1 - s1) / (1 - s0)) + 0.6 * math.log(s1 / s0)
        got = stats.llr_per_sample([(0.0, 0.4), (1.0, 0.6)], s0, s1)
        self.assertAlmostEqual(got, expected, places=12)
        self.assertAlmostEqual(got, 0.0053423091, places=9)

    def test_llr_of_pentanomial_counts(self):
        # Reference values from a brute-force maximisation of the likelihood over the
        # distributions of each mean (coordinate search, independent of the bisection).
        self.assertAlmostEqual(stats.sprt_llr([10, 60, 140, 70, 20], 0, 10), 1.4922900566, places=8)
        self.assertAlmostEqual(stats.sprt_llr([0, 0, 0, 0, 7], 0, 200), 2.9291618949, places=8)
        self.assertAlmostEqual(stats.sprt_llr([0, 0, 0, 0, 8], 0, 200), 3.3475393504, places=8)
        self.assertAlmostEqual(stats.sprt_llr([5, 0, 0, 0, 0], 0, 200), -3.6663560678, places=8)
        self.assertEqual(stats.sprt_llr([0, 0, 0, 0, 0], 0, 10), 0.0)
        # The normal approximation agrees closely where it should (small Elo bounds).
        for penta in ([10, 60, 140, 70, 20], [30, 200, 500, 180, 25]):
            exact = stats.sprt_llr(penta, 0, 10)
            approx = stats.sprt_llr_normal(penta, 0, 10)
            self.assertAlmostEqual(exact / approx, 1.0, delta=0.01)

    def test_sprt_decisions_along_a_sequence(self):
        # Pairs won twice, one after another, H0 = 0 against H1 = 200 Elo: the ratio
        # crosses 2.944 at the eighth pair (2.929 after seven); lost pairs cross -2.944
        # at the fifth (-2.933 after four).
        bounds = stats.sprt_bounds(0.05, 0.05)
        decisions = [stats.sprt_decision(stats.sprt_llr([0, 0, 0, 0, n], 0, 200), bounds)
                     for n in range(1, 10)]
        self.assertEqual(decisions, [None] * 7 + ["H1", "H1"])
        decisions = [stats.sprt_decision(stats.sprt_llr([n, 0, 0, 0, 0], 0, 200), bounds)
                     for n in range(1, 7)]
        self.assertEqual(decisions, [None] * 4 + ["H0", "H0"])
        # Even results between the bounds decide nothing for long.
        self.assertIsNone(stats.sprt_decision(stats.sprt_llr([1, 2, 4, 2, 1], -5, 5), bounds))


class HarnessPartsTest(unittest.TestCase):
    """The openings reader, the schedule and the PGN writer."""

    def test_openings_file(self):
        openings = match.parse_openings(TOY_OPENINGS)
        self.assertEqual([o.number for o in openings], [1, 2, 3, 4])
        self.assertEqual(openings[0].moves, ["a0", "c1", "a2", "c3"])
        self.assertEqual(openings[0].comment, "White ahead: one win each")
        self.assertEqual(openings[3].text, "c0;a1;c2;a3")
        with self.assertRaises(ValueError):
            match.parse_openings("wS1;;bS1 -wS1\n")
        with self.assertRaises(ValueError):
            match.parse_openings("# nothing\n\n")

    def test_schedule_pairs_each_opening_with_colours_swapped(self):
        cfg = match.Config(
            ours=match.EngineSpec("x"),
            opponents=[match.EngineSpec("y"), match.EngineSpec("z")],
            openings=match.parse_openings(TOY_OPENINGS),
            bestmove="bestmove depth 1",
            move_timeout=1,
        )
        tasks = list(match.make_tasks(cfg, 6, None))
        self.assertEqual(len(tasks), 6 * 2 * 2)
        self.assertEqual([t.number for t in tasks], list(range(1, 25)))
        for first, second in zip(tasks[::2], tasks[1::2]):
            self.assertEqual(first.pair, second.pair)
            self.assertEqual(first.opening.number, second.opening.number)
            self.assertEqual(first.opponent, second.opponent)
            self.assertEqual((first.ours_white, second.ours_white), (True, False))
        # Opponents take turns within a round; the openings start again after the fourth.
        self.assertEqual([t.opponent for t in tasks[:8]], [0, 0, 1, 1, 0, 0, 1, 1])
        self.assertEqual([t.opening.number for t in tasks[::4]], [1, 2, 3, 4, 1, 2])
        # A cap on games keeps whole pairs.
        self.assertEqual(len(list(match.make_tasks(cfg, 6, 7))), 6)

    def test_pgn_layout(self):
        task = match.Task(3, 2, 0, match.Opening(5, ["wS1", "bS1 /wS1"]), False)
        game = match.GameResult(
            task=task, white="Other", black='Beeline "new"', moves=["wS1", "bS1 /wS1", "wA1 \\wS1"],
            book_plies=2, state="InProgress", result="1-0", ending="forfeit",
            termination="forfeit: Black played 'wQ \\bS1', not a legal move", slowest={"w": 0, "b": 0},
        )
        cfg = match.Config(ours=match.EngineSpec("x"), opponents=[match.EngineSpec("y")],
                           openings=[task.opening], bestmove="bestmove time 00:00:01", move_timeout=8)
        [parsed] = parse_pgn(match.pgn_text(game, cfg, "Test", "2024.01.02"))
        names = [name for name, _ in parsed["tags"]]
        self.assertEqual(names[:3], ["GameType", "Event", "Date"])
        self.assertLess(names.index("White"), names.index("Black"))
        self.assertLess(names.index("Black"), names.index("Result"))
        self.assertEqual(parsed["tag"]["Black"], 'Beeline "new"')
        self.assertEqual(parsed["tag"]["Termination"], "forfeit: Black played 'wQ \\bS1', not a legal move")
        self.assertEqual(parsed["tag"]["Round"], "3")
        self.assertEqual(parsed["moves"], ["wS1", "bS1 /wS1", "wA1 \\wS1"])
        self.assertEqual(parsed["result"], "1-0")


class MatchTest(unittest.TestCase):
    """Whole runs against fake engines."""

    def check_pgn_matches_json(self, run):
        games = parse_pgn(run.pgn_text)
        records = run.of_type("game")
        self.assertEqual(len(games), len(records))
        by_round = {int(g["tag"]["Round"]): g for g in games}
        for r in records:
            g = by_round[r["game"]]
            self.assertEqual(g["tag"]["GameType"], "Base+MLP")
            self.assertEqual(g["tag"]["White"], r["white"])
            self.assertEqual(g["tag"]["Black"], r["black"])
            self.assertEqual(g["tag"]["Result"], r["result"])
            self.assertEqual(g["result"], r["result"])
            self.assertEqual(g["tag"]["Termination"], r["termination"])
            self.assertEqual(g["moves"], r["moves"])
            self.assertEqual(g["moves"][: r["book_plies"]], r["opening_moves"].split(";"))

    def test_pairs_are_formed_when_games_end_out_of_order(self):
        # The first game (the first opening, our engine White) is slow: with two games at
        # a time the second pair finishes before the first, and the pentanomial must still
        # pair each game with its own opening's other game.
        slow = ["--slow-first-move", "a0", "--slow-colour", "w", "--slow", "0.15"]
        run = MatchRun([fake("--name", "Strong", *slow), fake("--name", "Steady", "--style", "b"),
                        "--jobs", "2"])
        self.assertEqual(run.status, 0, run.stderr)
        order = [r["game"] for r in run.of_type("game")]
        self.assertEqual(sorted(order), list(range(1, 9)))
        self.assertGreater(order.index(1), order.index(4), "the first game should end late")
        for pair in run.of_type("pair"):
            first, second = pair["games"]
            self.assertEqual(second, first + 1)
            self.assertEqual(pair["opening"], (pair["pair"]))
        points = {p["pair"]: p["points"] for p in run.of_type("pair")}
        self.assertEqual(points, {1: 1.0, 2: 2.0, 3: 1.5, 4: 1.0})
        total = run.summary["total"]
        self.assertEqual(total["pentanomial"], [0, 0, 2, 1, 1])
        self.assertEqual((total["wins"], total["draws"], total["losses"]), (5, 1, 2))
        self.assertEqual(total["forfeits"], 0)
        # score 5.5 / 8 from the pairs' mean: (2 x 0.5 + 0.75 + 1) / 4 = 0.6875, Elo
        # 400 log10(0.6875 / 0.3125) = 400 log10(2.2) = 136.97
        self.assertAlmostEqual(total["pentanomial_estimate"]["score"], 0.6875)
        self.assertAlmostEqual(total["pentanomial_estimate"]["elo"], 136.97, places=2)
        self.assertIn("| 1 | `a0;c1;a2;c3` | White | 1-0 | 10 | 1 |", run.stdout)
        self.assertIn("| 1 | `a0;c1;a2;c3` | Black | 1-0 | 10 | 0 |", run.stdout)
        self.assertIn("Strong: 5 wins, 1 draws, 2 losses: 5.5/8 = 69%", run.stdout)
        self.check_pgn_matches_json(run)

    def test_failing_engines_lose_and_the_run_goes_on(self):
        # A gauntlet against engines that fail at their first move from ply 5 on, each in
        # its own way, and one that writes its moves in another spelling (legal).
        failing = ["crash", "illegal", "hang", "err", "exit", "empty"]
        opponents = [fake("--name", mode.capitalize(), "--style", "c", "--fail", mode, "--fail-at", "5")
                     for mode in failing]
        opponents.append(fake("--name", "Upper", "--style", "upper"))
        run = MatchRun([fake("--name", "Strong"), *opponents, "--pairs", "1", "--jobs", "2",
                        "--timeout", "2"])
        self.assertEqual(run.status, 0, run.stderr)
        games = run.of_type("game")
        self.assertEqual(len(games), 2 * len(opponents))
        reasons = {
            "Crash": r"exited with code 101 \(standard error: 'thread 'main' panicked",
            "Illegal": r"played 'z\d+', not a legal move",
            "Hang": r"gave no answer to 'bestmove depth 1' within 2 s",
            "Err": r"answered 'bestmove depth 1' with 'err the fake engine fails on purpose'",
            "Exit": r"exited with code 0 while answering 'bestmove depth 1'",
            "Empty": r"answered 'bestmove depth 1' with no move",
        }
        for g in games:
            if g["opponent"] == "Upper":
                continue
            self.assertEqual(g["points"], 1.0, g)
            self.assertEqual(g["ending"], "forfeit")
            self.assertEqual(g["forfeit"]["engine"], g["opponent"])
            self.assertRegex(g["forfeit"]["reason"], reasons[g["opponent"]])
            self.assertEqual(g["termination"].split(":")[0], "forfeit")
            # The forfeit comes at the failing engine's first move from ply 5.
            self.assertEqual(g["plies"], 4 if g["ours_white"] is False else 5)
        # The other spelling is legal: full games, recorded in the referee's spelling.
        upper = [g for g in games if g["opponent"] == "Upper"]
        self.assertEqual([g["ending"] for g in upper], ["rules", "rules"])
        for g in upper:
            self.assertTrue(all(m == m.lower() for m in g["moves"]), g["moves"])
            self.assertTrue(g["notes"] and "'A" in g["notes"][0], g["notes"])
        total = run.summary["total"]
        self.assertEqual(total["forfeits"], 2 * len(failing))
        self.assertIn("(forfeit)", run.stdout)
        self.check_pgn_matches_json(run)

    def test_our_engine_forfeits_too(self):
        run = MatchRun([fake("--name", "Broken", "--fail", "illegal", "--fail-at", "7"),
                        fake("--name", "Weak", "--style", "c"), "--pairs", "1"])
        games = run.of_type("game")
        self.assertEqual([g["points"] for g in games], [0.0, 0.0])
        self.assertEqual([g["forfeit"]["engine"] for g in games], ["Broken", "Broken"])
        self.assertEqual(run.summary["total"]["pentanomial"], [1, 0, 0, 0, 0])

    def test_subprocess_referee_and_ply_cap(self):
        # The referee as a process (the path real runs take), and a cap below the toy
        # game's length: every game is a draw at the cap.
        run = MatchRun([fake("--name", "Strong"), fake("--name", "Weak", "--style", "c"),
                        "--referee", fake("--name", "Referee"), "--max-plies", "8",
                        "--max-games", "2"], referee_factory=None)
        self.assertEqual(run.status, 0, run.stderr)
        games = run.of_type("game")
        self.assertEqual([(g["result"], g["ending"], g["plies"]) for g in games],
                         [("1/2-1/2", "ply cap", 8)] * 2)
        self.assertEqual(run.summary["total"]["pentanomial"], [0, 0, 1, 0, 0])
        self.check_pgn_matches_json(run)

    def test_sprt_accepts_h1_and_stops(self):
        # The same command twice, told apart by options: the new one plays `a`, the base
        # one `c`, so every pair is won twice; with alpha = beta = 0.2 the bounds are
        # +-1.386 and H1 (200 Elo) is accepted at the fourth pair (1.256 after three).
        run = MatchRun([fake(), fake(), "--option-new", "Style=a", "--option-base", "Style=c",
                        "--sprt", "0", "200", "--alpha", "0.2", "--beta", "0.2",
                        "--max-games", "40"])
        self.assertEqual(run.status, 0, run.stderr)
        sprt = run.summary["sprt"]
        self.assertEqual(sprt["decision"], "H1")
        self.assertEqual(sprt["decided_after_pairs"], 4)
        self.assertAlmostEqual(sprt["llr"], stats.sprt_llr([0, 0, 0, 0, 4], 0, 200), places=5)
        self.assertAlmostEqual(sprt["upper"], math.log(0.8 / 0.2), places=5)
        self.assertEqual(len(run.of_type("game")), 8)
        llrs = [p["llr"] for p in run.of_type("pair")]
        self.assertEqual(len(llrs), 4)
        self.assertTrue(all(a < b for a, b in zip(llrs, llrs[1:])), llrs)
        self.assertIn("SPRT: H1 accepted (Elo 200) after 4 pairs", run.stdout)
        self.assertIn("LLR 1.26 [-1.39, 1.39]", run.stdout)
        names = {run.summary["engine"], run.summary["opponents"][0]["name"]}
        self.assertEqual(names, {"Fake [Style=a]", "Fake [Style=c]"})

    def test_sprt_accepts_h0(self):
        # The weaker engine under test: every pair lost, H0 accepted at the second pair
        # (-1.468 <= -1.386; -0.735 after one).
        run = MatchRun([fake("--style", "c"), fake("--style", "a"), "--sprt", "0", "200",
                        "--alpha", "0.2", "--beta", "0.2", "--max-games", "40"])
        sprt = run.summary["sprt"]
        self.assertEqual((sprt["decision"], sprt["decided_after_pairs"]), ("H0", 2))
        self.assertEqual(len(run.of_type("game")), 4)
        self.assertEqual(run.summary["opponents"][0]["name"], "Fake (base)")

    def test_a_bad_option_stops_before_any_game(self):
        run = MatchRun([fake(), fake(), "--option-base", "Bogus=1"])
        self.assertEqual(run.status, 2)
        self.assertIn("unknown option", run.stderr)
        self.assertEqual(run.records, [])


@unittest.skipUnless(os.access(BEELINE, os.X_OK), "needs $BEELINE_BIN or target/release/beeline (cargo build --release)")
class BeelineTest(unittest.TestCase):
    """A short real game pair: Beeline against itself at depth 1, refereed by Beeline, and
    its PGN read back by Beeline's own reader."""

    def test_real_games_and_their_pgn(self):
        engine = f"{shlex.quote(BEELINE)} uhp"
        openings = "wS1;bS1 /wS1;wA1 \\wS1;bS2 -bS1\n"
        run = MatchRun([engine, engine, "--referee", engine, "--max-plies", "16"],
                       openings=openings, referee_factory=None)
        self.assertEqual(run.status, 0, run.stderr)
        games = run.of_type("game")
        self.assertEqual(len(games), 2)
        self.assertTrue(all(g["forfeit"] is None for g in games))
        for block in re.split(r"\n\n(?=\[)", run.pgn_text.strip()):
            out = subprocess.run([BEELINE, "convert", "-", "--from", "pgn", "--to", "uhp"],
                                 input=block, capture_output=True, text=True, check=True).stdout
            moves = out.strip().split(";")[3:]
            self.assertEqual(len(moves), 16)
            self.assertEqual(moves[:4], ["wS1", "bS1 /wS1", "wA1 \\wS1", "bS2 -bS1"])


if __name__ == "__main__":
    unittest.main()
