#!/usr/bin/env bash
# A match of Beeline's UHP engine against any other UHP engine: ten openings of four plies
# from real games, each played with both colours, `bestmove time 00:00:01` a move, a game
# still going at ply 160 a draw. Prints each game and a result table.
#
#   scripts/match.sh "/path/to/nokamute uhp --num-threads=1"
#   MATCH_JOBS=2 scripts/match.sh "..."   # two games at a time (two idle cores)
#
# BEELINE overrides Beeline's command (default: the release build's `beeline uhp`).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -ne 1 ]; then
    echo "usage: scripts/match.sh OTHER_ENGINE_COMMAND" >&2
    exit 2
fi
if [ -z "${BEELINE:-}" ]; then
    cargo build --release --quiet
    BEELINE="$PWD/target/release/beeline uhp"
fi
exec python3 scripts/match.py "$BEELINE" "$1" \
    --time "${MATCH_TIME:-00:00:01}" \
    --max-plies "${MATCH_PLIES:-160}" \
    --jobs "${MATCH_JOBS:-1}" \
    --openings "${MATCH_OPENINGS:-10}"
