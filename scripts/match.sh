#!/usr/bin/env bash
# A match of Beeline's UHP engine against one or more other UHP engines (scripts/match.py):
# the first ten openings of scripts/openings.txt (four plies of real BoardSpace games), each
# played with both colours, `bestmove time 00:00:01` a move, a game still going at ply 160 a
# draw, every move checked by a `beeline uhp` referee. Prints each game, each pair with the
# running Elo and its interval, and a result table.
#
#   scripts/match.sh "/path/to/nokamute uhp --num-threads=1"
#   scripts/match.sh "/path/to/nokamute uhp" "/path/to/mzinga-engine"   # a gauntlet
#   MATCH_JOBS=2 scripts/match.sh "..."   # two games at a time (two idle cores)
#
# Environment: BEELINE overrides Beeline's command (default: the release build's
# `beeline uhp`, built first), REFEREE the referee's (default: the release build's);
# MATCH_TIME (hh:mm:ss), MATCH_PLIES (ply cap), MATCH_JOBS, MATCH_PAIRS (pairs per opponent,
# the openings taken in order), MATCH_OPENINGS (an openings file). Any further option of
# scripts/match.py goes in MATCH_ARGS, e.g. MATCH_ARGS="--pgn games.pgn --json games.jsonl".
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 1 ]; then
    echo "usage: scripts/match.sh OTHER_ENGINE_COMMAND [MORE_ENGINE_COMMANDS...]" >&2
    exit 2
fi
if [ -z "${BEELINE:-}" ] || [ -z "${REFEREE:-}" ]; then
    cargo build --release --quiet
fi
BEELINE="${BEELINE:-$PWD/target/release/beeline uhp}"
REFEREE="${REFEREE:-$PWD/target/release/beeline uhp}"
# shellcheck disable=SC2086 # MATCH_ARGS is a list of options
exec python3 scripts/match.py "$BEELINE" "$@" \
    --referee "$REFEREE" \
    --time "${MATCH_TIME:-00:00:01}" \
    --max-plies "${MATCH_PLIES:-160}" \
    --jobs "${MATCH_JOBS:-1}" \
    --pairs "${MATCH_PAIRS:-10}" \
    --openings "${MATCH_OPENINGS:-scripts/openings.txt}" \
    ${MATCH_ARGS:-}
