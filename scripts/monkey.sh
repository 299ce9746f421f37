#!/usr/bin/env bash
# The long monkey test, before a release: 20,000 random actions at each width (a short run
# of 250 is part of scripts/test.sh). Builds and serves dist/ like the test script does.
#
#   scripts/monkey.sh                    # MONKEY_ACTIONS=20000, the default seed
#   MONKEY_SEED=7 scripts/monkey.sh      # replays a failure the test printed
#   scripts/monkey.sh --test-name-pattern=phone   # one width only
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=/dev/null
source target/beeline-env.sh
[[ -f dist/index.html ]] || bash scripts/build-web.sh
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
python3 -m http.server --bind 127.0.0.1 --directory dist "$port" >/dev/null 2>&1 &
server=$!
trap 'kill $server' EXIT
sleep 1
MONKEY_ACTIONS="${MONKEY_ACTIONS:-20000}" BASE_URL="http://127.0.0.1:$port/" \
    node --test --test-reporter=spec "$@" tests/e2e/monkey.test.mjs
