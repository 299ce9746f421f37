#!/usr/bin/env bash
# Install what is missing, then build the app and serve it on http://127.0.0.1:8080,
# rebuilding on changes. Extra arguments go to `trunk serve`.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

bash scripts/setup.sh
# shellcheck source=/dev/null
source target/beeline-env.sh
beeline_web_env

echo "[serve] building, then serving on http://127.0.0.1:8080/ (Ctrl-C stops)"
exec trunk serve --release "$@"
