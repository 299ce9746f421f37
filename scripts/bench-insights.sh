#!/usr/bin/env bash
# How fast and how lean `beeline insights` is (docs/INSIGHTS.md, "Speed and agreement"):
#
# 1. speed: 1,000 real games at the quick setting on JOBS threads (the budget: at most 10
#    minutes on two cores). The games are the real BoardSpace games of ../shared/fixtures,
#    each used about fifty times with an opponent of its own name (the review of a game is
#    the same work each time), one side of each named "Bench player";
# 2. scale: 10,000 random legal games (`beeline generate`) of one player at depth 1, for
#    the peak memory (the budget: under 500 MB), which the number of games barely moves.
#
#   scripts/bench-insights.sh          # JOBS=2 GAMES=1000 SCALE=10000 by default
set -euo pipefail
cd "$(dirname "$0")/.."
JOBS="${JOBS:-2}"
GAMES="${GAMES:-1000}"
SCALE="${SCALE:-10000}"
cargo build --profile ci --quiet
mkdir -p target/insights
bin=target/ci/beeline

run() {
    local label="$1"; shift
    local t0 t1
    t0=$(date +%s.%N)
    /usr/bin/time -f "%M %U" -o target/insights/rss.txt \
        "$bin" insights "$@" --player "Bench player" --jobs "$JOBS" --json > target/insights/bench-out.json
    t1=$(date +%s.%N)
    python3 - "$label" "$t0" "$t1" "$(tail -1 target/insights/rss.txt)" "$JOBS" <<'PY'
import json, sys
label, t0, t1, usage, jobs = sys.argv[1:6]
rss, user = usage.split()
secs = float(t1) - float(t0)
r = json.load(open("target/insights/bench-out.json"))
games = r["games"]
print(f"{label}: {games} games in {secs:.0f} s ({secs / 60:.1f} min; {games * 60 / secs:.0f} games a "
      f"minute on {jobs} threads, {float(user) / max(games, 1):.2f} CPU-s a game), peak "
      f"{int(rss) // 1024} MiB; accuracy {r['accuracy']}, {len(r['missed_wins'])} missed wins, "
      f"{len(r['allowed_losses'])} allowed losses")
PY
}

if [[ -d ../shared/fixtures/mzinga-recordings ]]; then
    real="target/insights/real-$GAMES.pgn"
    python3 - "$GAMES" "$real" ../shared/fixtures/mzinga-recordings/*.pgn <<'PY'
import re, sys
games, out, paths = int(sys.argv[1]), sys.argv[2], sorted(sys.argv[3:])
texts = [re.sub(r'^\[(White|Black) "[^"]*"\]\n', "", open(p).read(), flags=re.M).strip() for p in paths]
with open(out, "w") as f:
    for i in range(games):
        me, other = "Bench player", f"Opponent {i + 1}"
        white, black = (me, other) if i % 2 == 0 else (other, me)
        f.write(f'[White "{white}"]\n[Black "{black}"]\n{texts[i % len(texts)]}\n\n')
PY
    run "speed, quick setting" "$real"
else
    echo "speed: not run (../shared/fixtures is not beside the repository)"
fi

random="target/insights/random-$SCALE.pgn"
if [[ ! -s "$random" ]]; then
    "$bin" generate --games "$SCALE" --seed 57 --pgn "$random.tmp"
    sed 's/^\[White "[^"]*"\]/[White "Bench player"]/' "$random.tmp" > "$random"
    rm -f "$random.tmp"
fi
run "scale, depth 1" "$random" --depth 1
