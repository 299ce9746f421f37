#!/usr/bin/env bash
# The built-in puzzle set (assets/puzzles/), and the list of its files in
# src/puzzles/builtin.rs, from one command: the project's own game records of tests/data
# (mined first, so that a position they share with a self-play game keeps its real game),
# then Beeline's self-play games of two seeds. The games are reproducible from their seeds;
# the set is the same on every run with the same games (docs/PUZZLES.md).
#
#   scripts/make-puzzles.sh                         # seeds 2026 to 2029: 2,400 games
#   RUNS="7:800" LEVELS=3-6 scripts/make-puzzles.sh  # other self-play: SEED:GAMES ...
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${RUNS:-2026:400 2027:900 2028:200 2029:900}"
LEVELS="${LEVELS:-2-6}"
cargo build --profile ci --quiet
mkdir -p target/puzzles
# Real games the repository owns (the direction-notation examples, the records and the
# collection of the tests); the fixtures beside the repository are not to be copied in.
sources=(tests/data/direction-game-1.md tests/data/direction-game-2.md tests/data/records
    tests/data/collection)
runs=()
for run in $RUNS; do
    seed="${run%%:*}"
    games="${run##*:}"
    file="target/puzzles/selfplay-$seed-$games-$LEVELS.pgn"
    if [[ ! -s "$file" ]]; then
        target/ci/beeline selfplay --games "$games" --seed "$seed" --levels "$LEVELS" --out "$file"
    fi
    sources+=("$file")
    runs+=("beeline selfplay --games $games --seed $seed --levels $LEVELS")
done
about="Mined by beeline puzzles from the game records of Beeline's tests and Beeline's self-play ($(IFS=';'; echo "${runs[*]}" | sed 's/;/; /g'))"
target/ci/beeline puzzles "${sources[@]}" --out assets/puzzles --about "$about"
python3 - <<'PY'
import pathlib, re
names = [l.split()[1] for l in pathlib.Path("assets/puzzles/puzzles.txt").read_text().splitlines()
         if l.startswith("shard ")]
lines = ['    ("puzzles.txt", include_str!("../../assets/puzzles/puzzles.txt")),']
lines += [f'    ("{n}", include_str!("../../assets/puzzles/{n}")),' for n in names]
p = pathlib.Path("src/puzzles/builtin.rs")
text = p.read_text()
text = re.sub(r"(// generated: start\n).*?(\s*// generated: end)",
              lambda m: m.group(1) + "\n".join(lines) + m.group(2), text, flags=re.S)
p.write_text(text)
PY
rustfmt --edition 2021 src/puzzles/builtin.rs
echo "assets/puzzles/ and src/puzzles/builtin.rs written"
