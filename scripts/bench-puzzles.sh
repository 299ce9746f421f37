#!/usr/bin/env bash
# How fast `beeline puzzles` mines at its default settings, in games a minute (the budget:
# at least 1,000 on a 2-core machine), on two kinds of games: Beeline's self-play (dense with
# tactics, the slowest) and, where ../shared/fixtures is beside the repository, real
# BoardSpace games (each file read five times: the mining is the same work each time).
# Also the CPU time (games a CPU-minute, and what that makes on THREADS idle cores: the
# figure to trust on a busy machine) and the peak memory, which does not grow with the
# number of games.
#
#   scripts/bench-puzzles.sh            # THREADS=2 GAMES=300 by default
#   BEELINE=old/beeline scripts/bench-puzzles.sh   # another build, to compare
set -euo pipefail
cd "$(dirname "$0")/.."
THREADS="${THREADS:-2}"
GAMES="${GAMES:-300}"
if [[ -z "${BEELINE:-}" ]]; then
    cargo build --profile ci --quiet
    BEELINE=target/ci/beeline
fi
mkdir -p target/puzzles
selfplay="target/puzzles/bench-selfplay-$GAMES.pgn"
[[ -s "$selfplay" ]] || "$BEELINE" selfplay --games "$GAMES" --seed 99 --out "$selfplay" 2>/dev/null
run() {
    local label="$1"; shift
    local t0 t1
    t0=$(date +%s.%N)
    /usr/bin/time -f "%M %U" -o target/puzzles/rss.txt \
        "$BEELINE" puzzles "$@" --threads "$THREADS" > target/puzzles/bench-out.txt 2> target/puzzles/bench-err.txt
    t1=$(date +%s.%N)
    local games
    games=$(tr '\r' '\n' < target/puzzles/bench-err.txt | grep -o '[0-9]* games,' | tail -1 | cut -d' ' -f1)
    python3 - "$label" "$games" "$t0" "$t1" "$(tail -1 target/puzzles/rss.txt)" "$(cat target/puzzles/bench-out.txt)" "$THREADS" <<'PY'
import sys
label, games, t0, t1, usage, out, threads = sys.argv[1:8]
rss, user = usage.split()
secs = float(t1) - float(t0)
per_cpu = int(games) * 60 / max(float(user), 1e-3)
print(f"{label}: {games} games in {secs:.1f} s = {int(games) * 60 / secs:.0f} games a minute "
      f"({per_cpu:.0f} a CPU-minute: {per_cpu * int(threads):.0f} a minute on {threads} idle cores), "
      f"peak {int(rss) // 1024} MiB; {out}")
PY
}
run "self-play" "$selfplay"
if [[ -d ../shared/fixtures/mzinga-recordings ]]; then
    real=()
    for _ in 1 2 3 4 5; do real+=(../shared/fixtures/mzinga-recordings/*.pgn); done
    run "BoardSpace games x5" "${real[@]}"
fi
