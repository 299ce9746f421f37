#!/usr/bin/env bash
# Search speed: nodes per second and depth completed with `bestmove time 00:00:01` on 20
# positions from real games, Beeline's UHP engine against another one (by default nokamute,
# found as $NOKAMUTE or on the PATH; it must print minimax's statistics, hence --verbose).
#
#   scripts/bench-search.sh ["/path/to/nokamute uhp --num-threads=1 --verbose"]
#
# BENCH_TIME changes the time per position. Timing figures depend on the machine's load.
set -euo pipefail
cd "$(dirname "$0")/.."
OTHER="${1:-${NOKAMUTE:-nokamute} uhp --num-threads=1 --verbose}"
cargo build --release --quiet
exec python3 scripts/bench_search.py "$PWD/target/release/beeline uhp" "$OTHER" \
    "${BENCH_TIME:-00:00:01}"
