#!/usr/bin/env python3
"""Search speed against another UHP engine (driven by scripts/bench-search.sh).

Each engine gets `bestmove time <limit>` on the same 20 positions from real games (two
from each of ten BoardSpace games of 2016-2023, at plies 14 and 30) and reports, on its
standard error, the depth it completed and the nodes it searched: Beeline with its
`Verbose` option, nokamute with `--verbose` (minimax's statistics). Prints a table.
"""

import re
import shlex
import subprocess
import sys

POSITIONS = [
    "Base+MLP;InProgress;White[8];wS1;bL /wS1;wA1 \\wS1;bB1 -bL;wQ wS1-;bS1 /bL;wP \\wQ;bQ -bS1;wQ wP/;bP \\bQ;wA1 /bQ;bS2 bP/;wB1 -wA1;bB2 bS2/",
    "Base+MLP;InProgress;White[8];wS1;bS1 /wS1;wA1 \\wS1;bS2 -bS1;wQ wS1-;bG1 bS2\\;wP \\wQ;bQ /bG1;wA1 /bQ;bB1 bG1-;wB1 wA1\\;bB2 bQ-;wB1 wA1;bL bB2-",
    "Base+MLP;InProgress;White[16];wS1;bS1 /wS1;wA1 \\wS1;bS2 -bS1;wQ wS1-;bG1 bS2\\;wP \\wQ;bQ /bG1;wA1 /bQ;bB1 bG1-;wB1 wA1\\;bB2 bQ-;wB1 wA1;bL bB2-;wB1 bQ;bB2 wB1;wG1 wA1\\;bP bB2-;wG1 -bB2;bS2 \\wP;wS2 -wA1;bL /wQ;wS1 \\bB2;bG1 /wA1;wG2 \\wG1;bS2 wQ-;wA2 wP/;bS1 \\wP;wM wG2/;bG2 -bL",
    "Base+MLP;InProgress;White[8];wB1;bP wB1/;wM wB1\\;bM bP/;wS1 -wM;bQ bM\\;wQ -wB1;bA1 -bM;wM /bQ;bP bQ/;wS2 \\wQ;bA1 wS2/;wA1 wM\\;bA2 \\bP",
    "Base+MLP;InProgress;White[16];wB1;bP wB1/;wM wB1\\;bM bP/;wS1 -wM;bQ bM\\;wQ -wB1;bA1 -bM;wM /bQ;bP bQ/;wS2 \\wQ;bA1 wS2/;wA1 wM\\;bA2 \\bP;wA1 -bM;bQ \\bM;wA2 /wM;bA2 wM-;wS1 -wS2;bP bQ-;wA2 bP\\;bA3 bP/;wL /wM;bA3 /wQ;wA3 /wL;bS1 bA2\\;wA3 -bA3;bS1 wA2-;wA3 \\bQ;bG1 bA2-",
    "Base+MLP;InProgress;White[8];wP;bB1 /wP;wB1 wP/;bQ bB1\\;wL wP-;bG1 /bQ;wQ \\wP;bG1 bQ/;wL /bQ;bB1 wP;wB1 bB1;bP bQ-;wS1 wQ-;bA1 bP\\",
    "Base+MLP;InProgress;White[16];wP;bB1 /wP;wB1 wP/;bQ bB1\\;wL wP-;bG1 /bQ;wQ \\wP;bG1 bQ/;wL /bQ;bB1 wP;wB1 bB1;bP bQ-;wS1 wQ-;bA1 bP\\;wS1 bP-;bS1 /bA1;wS1 bS1\\;bB2 bP/;wS2 -wQ;bB2 bG1/;wB2 wQ/;bB2 wB1;wS2 -bQ;bA2 bG1/;wA1 \\wS2;bA2 wB2/;wG1 -wQ;bA3 bG1/;wA1 bA3-;bS2 \\bA2",
    "Base+MLP;InProgress;White[8];wG1;bL /wG1;wM wG1/;bM /bL;wA1 wM\\;bQ bM-;wQ \\wM;bP /bQ;wP /wQ;bA1 -bP;wM bQ\\;bM wA1\\;wB1 wQ\\;bA2 /bP",
    "Base+MLP;InProgress;White[16];wG1;bL /wG1;wM wG1/;bM /bL;wA1 wM\\;bQ bM-;wQ \\wM;bP /bQ;wP /wQ;bA1 -bP;wM bQ\\;bM wA1\\;wB1 wQ\\;bA2 /bP;wB2 wM-;bA1 wB2\\;wB1 wG1;bA2 wQ-;wB1 bL;bB1 bA2/;bP wM\\;bB1 wQ/;wL /wP;bA1 -wL;wG2 -wQ;bA2 -wG2;wG3 wA1/;bM wG3-;wA2 wB2-;bA1 wA2/",
    "Base+MLP;InProgress;White[8];wL;bL /wL;wQ wL/;bQ bL\\;wA1 wQ\\;bM -bQ;wM wQ-;bA1 \\bM;wM bQ\\;bM wM\\;wA2 -wQ;bP -bQ;wA1 -bA1;bS1 /bP",
    "Base+MLP;InProgress;White[16];wL;bL /wL;wQ wL/;bQ bL\\;wA1 wQ\\;bM -bQ;wM wQ-;bA1 \\bM;wM bQ\\;bM wM\\;wA2 -wQ;bP -bQ;wA1 -bA1;bS1 /bP;wA2 bQ-;bA2 bS1\\;wA3 -wQ;bA2 wA2-;wG1 wQ/;bS1 -wA1;wG1 /bP;bS2 bM-;wB1 /wG1;bA2 /wB1;wG2 \\wB1;bS2 -bM;wA3 bM\\;bS2 wA3\\;wB2 wA2/;bS1 \\bL",
    "Base+MLP;InProgress;White[8];wS1;bA1 /wS1;wA1 \\wS1;bG1 -bA1;wQ wS1-;bP -bG1;wP wQ/;bQ bP\\;wA1 bQ\\;bS1 bA1\\;wB1 /wA1;bB1 -bQ;wB1 wA1;bS2 bP/",
    "Base+MLP;InProgress;White[16];wS1;bA1 /wS1;wA1 \\wS1;bG1 -bA1;wQ wS1-;bP -bG1;wP wQ/;bQ bP\\;wA1 bQ\\;bS1 bA1\\;wB1 /wA1;bB1 -bQ;wB1 wA1;bS2 bP/;wB1 bQ;bB1 wB1;wB2 /wA1;bB2 bS2/;wB2 /bB1;bB2 bG1/;wB2 bB1;bB2 wS1;wS2 /wB2;bL bG1/;wB2 bP;bA2 \\bL;wG1 wS2\\;bA2 wG1\\;wL -wG1;bA2 /wL",
    "Base+MLP;InProgress;White[8];wP;bL /wP;wG1 wP/;bM /bL;wQ wP-;bQ \\bM;wA1 wQ/;bP /bQ;wA1 \\bQ;bA1 bM-;wB1 -wA1;bM \\wB1;wM wA1/;bA1 wM/",
    "Base+MLP;InProgress;White[16];wP;bL /wP;wG1 wP/;bM /bL;wQ wP-;bQ \\bM;wA1 wQ/;bP /bQ;wA1 \\bQ;bA1 bM-;wB1 -wA1;bM \\wB1;wM wA1/;bA1 wM/;wA2 wQ/;bB1 bQ\\;wA2 bB1\\;bA2 -bP;wS1 wQ/;bA3 /bP;wG1 /wQ;bA3 wQ-;wS1 bA3\\;bS1 bA1-;wS2 /wA2;bA2 wS2\\;wA3 /wS1;bS1 \\wM;wA3 bA1-;bS2 /bP",
    "Base+MLP;InProgress;White[8];wL;bL /wL;wM wL/;bQ bL\\;wQ \\wL;bM -bQ;wA1 wL-;bP /bQ;wM bQ\\;bQ -bM;wB1 wM\\;bA1 bQ\\;wB1 wM;bA1 wA1/",
    "Base+MLP;InProgress;White[16];wL;bL /wL;wM wL/;bQ bL\\;wQ \\wL;bM -bQ;wA1 wL-;bP /bQ;wM bQ\\;bQ -bM;wB1 wM\\;bA1 bQ\\;wB1 wM;bA1 wA1/;wB1 bP;bA2 bA1-;wA2 /wM;bA2 -wQ;wP wQ/;bB1 bQ/;wA3 /wB1;bS1 \\bQ;wP wQ-;bA1 wA1-;wA3 \\bS1;bS2 bA1/;wM /bQ;bA2 /wM;wA2 -bQ;bB1 bS1/",
    "Base+MLP;InProgress;White[8];wL;bS1 /wL;wQ wL-;bM /bS1;wA1 wQ/;bQ bM\\;wA1 bQ-;bA1 \\bM;wB1 wA1\\;bA1 wB1-;wM wA1/;bP -bQ;wM bQ\\;bB1 \\bP",
    "Base+MLP;InProgress;White[16];wL;bS1 /wL;wQ wL-;bM /bS1;wA1 wQ/;bQ bM\\;wA1 bQ-;bA1 \\bM;wB1 wA1\\;bA1 wB1-;wM wA1/;bP -bQ;wM bQ\\;bB1 \\bP;wM bQ;bP /wM;wA2 wQ/;bB1 bM;wM bP;bA2 \\bB1;wA2 -bA2;bA3 bA1\\;wB2 wA1/;bA3 wB2-;wA3 wM\\;bB1 bQ/;wA3 -bQ;bM wA3;wG1 \\wQ;bB2 -bM",
    "Base+MLP;InProgress;White[8];wL;bG1 /wL;wQ wL-;bL /bG1;wA1 wQ/;bQ -bL;wA2 wA1-;bM bQ/;wS1 \\wQ;bP \\bQ;wS1 bP/;bA1 bL-;wA2 bA1\\;bL \\wQ",
]


def run(command, position, limit, verbose_option):
    script = []
    if verbose_option:
        script.append("options set Verbose True")
    script += [f"newgame {position}", f"bestmove time {limit}", "exit"]
    p = subprocess.run(
        shlex.split(command),
        input="\n".join(script) + "\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    err = p.stderr
    m = re.search(r"depth (\d+) score (-?\d+) nodes (\d+) time (\d+) ms", err)
    if m:
        depth, nodes, ms = int(m.group(1)), int(m.group(3)), int(m.group(4))
        return depth, nodes, nodes * 1000 / max(ms, 1)
    m = re.search(r"Explored (\d+) nodes to depth (\d+)", err)
    if m:
        nodes, depth = int(m.group(1)), int(m.group(2))
        partial = re.search(r"Partial exploration of next depth hit (\d+) nodes", err)
        nps = re.search(r"(\d+) nodes/sec", err)
        if partial:
            nodes += int(partial.group(1))
        return depth, nodes, float(nps.group(1)) if nps else float("nan")
    raise RuntimeError(f"{command}: no search figures on standard error:\n{err}")


def main():
    ours, other, limit = sys.argv[1], sys.argv[2], sys.argv[3]
    print(f"bestmove time {limit}; A = {ours}; B = {other}")
    print()
    print("| position | A depth | B depth | A nodes/s | B nodes/s |")
    print("|---|---|---|---|---|")
    tot = [0, 0, 0.0, 0.0]
    deeper = same = shallower = faster = 0
    for i, pos in enumerate(POSITIONS, 1):
        da, na, sa = run(ours, pos, limit, True)
        db, nb, sb = run(other, pos, limit, False)
        print(f"| {i} | {da} | {db} | {sa:,.0f} | {sb:,.0f} |", flush=True)
        tot[0] += da
        tot[1] += db
        tot[2] += sa
        tot[3] += sb
        deeper += da > db
        same += da == db
        shallower += da < db
        faster += sa >= sb
    n = len(POSITIONS)
    print()
    print(
        f"mean depth A {tot[0] / n:.2f}, B {tot[1] / n:.2f}; A deeper on {deeper}, "
        f"as deep on {same}, shallower on {shallower} positions"
    )
    print(
        f"mean nodes/s A {tot[2] / n:,.0f}, B {tot[3] / n:,.0f}; "
        f"A at least as fast on {faster} of {n} positions"
    )


if __name__ == "__main__":
    main()
