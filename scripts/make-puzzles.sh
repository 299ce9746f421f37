#!/usr/bin/env bash
# The built-in puzzle set (assets/puzzles/), mined from Beeline's own self-play games, and
# the list of its files in src/puzzles/builtin.rs. The games are reproducible from their
# seed; the set is the same on every run with the same games (docs/PUZZLES.md).
#
#   scripts/make-puzzles.sh                 # 400 games of seed 2026
#   GAMES=800 SEED=7 scripts/make-puzzles.sh
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES="${GAMES:-400}"
SEED="${SEED:-2026}"
LEVELS="${LEVELS:-2-6}"
cargo build --profile ci --quiet
mkdir -p target/puzzles
games="target/puzzles/selfplay-$SEED-$GAMES-$LEVELS.pgn"
if [[ ! -s "$games" ]]; then
    target/ci/beeline selfplay --games "$GAMES" --seed "$SEED" --levels "$LEVELS" --out "$games"
fi
target/ci/beeline puzzles "$games" --out assets/puzzles \
    --about "Mined by beeline puzzles from $GAMES games of Beeline's self-play (beeline selfplay --games $GAMES --seed $SEED --levels $LEVELS)"
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
cargo fmt
echo "assets/puzzles/ and src/puzzles/builtin.rs written"
