"""Tests of scripts/openings.txt, the openings scripts/match.py plays by default (written by
scripts/make_openings.py).

Run from the repository's root:

    python3 -m unittest discover -s tests/harness -v

The file alone: enough openings, each a list of 4 to 6 well-formed UHP moves, the first ten
those of the README's match, none equal to or a prefix of another. With $BEELINE_BIN or
target/release/beeline (a second or so): every opening is legal in Base+MLP and leaves the
game going, and no two are the same line under the board's symmetries or by transposition
(`beeline explore`'s position keys), as make_openings.py promises.
"""

import json
import os
import re
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "scripts"))

import make_openings  # noqa: E402
import match  # noqa: E402

BEELINE = os.environ.get("BEELINE_BIN") or os.path.join(REPO, "target", "release", "beeline")

# A Base+MLP MoveString: a piece, then (but on the first ply) the piece it goes next to or
# on top of, with the side as `-`, `/` or `\` before or after it.
PIECE = r"[wb](?:Q|[SB][12]|[GA][123]|M|L|P)"
FIRST_MOVE = re.compile(rf"^{PIECE}$")
MOVE = re.compile(rf"^{PIECE} (?:[-/\\]?{PIECE}|{PIECE}[-/\\])$")


def openings():
    return match.load_openings(match.DEFAULT_OPENINGS)


class OpeningsFileTest(unittest.TestCase):
    def test_count_and_lengths(self):
        found = openings()
        self.assertGreaterEqual(len(found), 50)
        for o in found:
            self.assertTrue(4 <= len(o.moves) <= 6, o.text)

    def test_moves_parse(self):
        for o in openings():
            self.assertRegex(o.moves[0], FIRST_MOVE, o.text)
            for i, move in enumerate(o.moves):
                if i:
                    self.assertRegex(move, MOVE, o.text)
                self.assertEqual(move[0], "wb"[i % 2], f"{o.text}: ply {i + 1} of the wrong colour")

    def test_first_ten_are_the_readme_match(self):
        self.assertEqual([o.text for o in openings()[:10]], make_openings.FIRST)

    def test_no_opening_is_a_prefix_of_another(self):
        found = openings()
        for a in found:
            for b in found:
                if a.number != b.number:
                    self.assertNotEqual(
                        b.moves[: len(a.moves)], a.moves,
                        f"opening {a.number} ({a.text}) is a prefix of or equal to "
                        f"{b.number} ({b.text})",
                    )


@unittest.skipUnless(os.access(BEELINE, os.X_OK), "needs $BEELINE_BIN or target/release/beeline (cargo build --release)")
class OpeningsOnTheBoardTest(unittest.TestCase):
    def test_openings_are_legal_and_leave_the_game_going(self):
        found = openings()
        commands = []
        for o in found:
            commands += ["newgame Base+MLP"] + [f"play {m}" for m in o.moves]
        out = subprocess.run([BEELINE, "uhp"], input="\n".join(commands + ["exit"]) + "\n",
                             capture_output=True, text=True, check=True, timeout=60).stdout
        # One answer per command, each ending with `ok`; the first is the engine's greeting.
        answers, block = [], []
        for line in out.splitlines():
            if line == "ok":
                answers.append(block)
                block = []
            else:
                block.append(line)
        answers = answers[1:]
        self.assertEqual(len(answers), len(commands))
        self.assertFalse([a for a in answers if a[0].startswith(("err", "invalidmove"))])
        at = 0
        for o in found:
            at += 1 + len(o.moves)
            fields = answers[at - 1][0].split(";")  # the GameString after the last move
            self.assertEqual(fields[:2], ["Base+MLP", "InProgress"], o.text)
            self.assertEqual(fields[3:], o.moves, o.text)

    def test_no_two_openings_are_the_same_line_on_the_board(self):
        # Every opening is a game of a collection; the position after each is reached (in
        # 6 plies, symmetries and transpositions included) by that game alone: none ends
        # on another's position or one on its way.
        found = openings()
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "openings.pgn")
            with open(path, "w") as f:
                for o in found:
                    f.write('[GameType "Base+MLP"]\n[Result "InProgress"]\n\n')
                    f.write("".join(f"{i}. {m}\n" for i, m in enumerate(o.moves, start=1)))
                    f.write("\n")
            for o in found:
                out = subprocess.run(
                    [BEELINE, "explore", path, "--depth", "6", "--line", o.text, "--json"],
                    capture_output=True, text=True, check=True, timeout=60,
                ).stdout
                self.assertEqual(json.loads(out)["position"]["games"], 1,
                                 f"opening {o.number} ({o.text}) is reached by another")


if __name__ == "__main__":
    unittest.main()
