#!/usr/bin/env bash
# Long-session benchmark (not a test): one page driven through a long session, its memory
# measured after each stage (tests/e2e/bench-soak.mjs tells the stages and the budgets).
# Builds dist/ if it is not there and serves it like scripts/test.sh.
#
#   scripts/bench-soak.sh               # 10,000 steps, 200 toggles, 5 reviews, 3 collections
#   STEPS=2000 TOGGLES=50 REVIEWS=2 COLLECTIONS=2 scripts/bench-soak.sh   # a shorter one
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ "${BEELINE_SETUP_DONE:-}" != 1 ]]; then bash scripts/setup.sh >/dev/null; fi
# shellcheck source=/dev/null
source target/beeline-env.sh
[[ -f dist/index.html ]] || bash scripts/build-web.sh
cargo build --release --quiet --bin beeline
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
python3 -m http.server --bind 127.0.0.1 --directory dist "$port" >/dev/null 2>&1 &
server=$!
trap 'kill $server' EXIT
sleep 1
BASE_URL="http://127.0.0.1:$port/" node tests/e2e/bench-soak.mjs
