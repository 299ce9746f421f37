#!/usr/bin/env bash
# Build the browser app (release, size-optimised) into dist/.
# Extra arguments go to `trunk build`.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

# scripts/test.sh has already run the setup.
if [[ "${BEELINE_SETUP_DONE:-}" != 1 ]]; then bash scripts/setup.sh; fi
# shellcheck source=/dev/null
source target/beeline-env.sh
beeline_web_env

start=$SECONDS
trunk build --release "$@"

shopt -s nullglob
for wasm in dist/*.wasm; do
    raw=$(stat -c %s "$wasm")
    gz=$(gzip -9 -c "$wasm" | wc -c)
    printf '[build-web] %s: %d KiB (%d KiB gzipped)\n' "$wasm" $(((raw + 1023) / 1024)) $(((gz + 1023) / 1024))
done
echo "[build-web] built dist/ in $((SECONDS - start))s"
