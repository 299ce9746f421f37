#!/usr/bin/env bash
# The bundle gate: the app's wasm + JS in dist/, gzipped (level 9), must stay within budget,
# so that the bundle cannot grow unnoticed. Run after scripts/build-web.sh.
#
# The budget assumes std built from source with panic=immediate-abort (scripts/setup.sh);
# rustup's prebuilt std, the last resort, adds about 25 KB, allowed for where it is used.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

# bytes, gzipped: the first visit's target, since all of it is downloaded and compiled before
# the board shows. docs/SPEED.md ("Keeping it under the target") tells how the bundle came
# down to it and what is left when a feature needs room.
BUDGET=160000
RUSTUP_ALLOWANCE=28000

shopt -s nullglob
# The initial page's files: the app's module, its script and the chunks' loader, which the
# script imports. The chunks (beeline-chunk-*) load on first use and the collection worker's
# files (beeline-worker-*) when a collection is opened; they are reported, not gated.
wasm=(dist/beeline-app-*_bg.wasm)
js=(dist/beeline-app-*.js)
loader=(dist/beeline-split-*.js)
if ((${#wasm[@]} != 1 || ${#js[@]} != 1 || ${#loader[@]} != 1)); then
    echo "[size] expected one app .wasm, one app .js and one beeline-split-*.js in dist/ (build it with scripts/build-web.sh)" >&2
    exit 1
fi
for f in dist/beeline-chunk-* dist/beeline-worker-*; do
    printf '[size] on demand: %s, %d bytes gzipped\n' "$f" "$(gzip -9 -c "$f" | wc -c)"
done
w=$(gzip -9 -c "${wasm[0]}" | wc -c)
j=$(($(gzip -9 -c "${js[0]}" | wc -c) + $(gzip -9 -c "${loader[0]}" | wc -c)))
total=$((w + j))
budget=$BUDGET
# shellcheck source=/dev/null
if [[ -f target/beeline-env.sh ]] && source target/beeline-env.sh && [[ "${BEELINE_BUILD_STD:-1}" == 0 ]]; then
    budget=$((BUDGET + RUSTUP_ALLOWANCE))
    echo "[size] prebuilt std (no immediate-abort): budget raised to $budget bytes"
fi
printf '[size] wasm %d + js %d = %d bytes gzipped (budget %d, %s)\n' "$w" "$j" "$total" "$budget" \
    "$( ((total <= budget)) && echo "$((budget - total)) to spare" || echo "$((total - budget)) over")"
((total <= budget))
