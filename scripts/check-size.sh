#!/usr/bin/env bash
# The bundle gate: the app's wasm + JS in dist/, gzipped (level 9), must stay within budget,
# so that the bundle cannot grow unnoticed. Run after scripts/build-web.sh.
#
# The budget assumes std built from source with panic=immediate-abort (scripts/setup.sh);
# rustup's prebuilt std, the last resort, adds about 25 KB, allowed for where it is used.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

# bytes, gzipped: 238.7 KB before set-up positions, + 15 KB for them (246.3 KB with them,
# 245.5 KB after later cuts); collections and the explorer were allowed 20 KB more and take
# 11 KB (256.5 KB): their code is in the collection worker, loaded on demand. Without the
# float printer and the neighbour table: 243.9 KB. With the record readers and the export
# writers in chunks loaded on first use (scripts/split-wasm.sh): 218.6 KB with Debian's
# Rust, 222.9 KB with rustup's (std from rust-src); the typed moves' reader a chunk too:
# 202.4 KB; the node tools as static markup, boxed memos and `Var` for `RwSignal`: 190.1 KB;
# fewer node reference types: 189.5 KB; marks shown by style and no debugString: 188.4 KB;
# later features 191.0 KB; the scripts minified (esbuild): 188.9 KB; without wasm-streams'
# exported classes (patches/wasm-streams): 182.3 KB; one memo type (app::memo): 176.0 KB, its
# reads shared and the board's derived signals memos too: 173.5 KB; one `Var` storage type:
# 172.2 KB; the main module flattened and re-relooped between rounds of -Oz: 171.0 KB; one
# store type for the components' kept values (`Stored`): 169.6 KB; the node tools' edits and
# the share panel's texts a chunk (`panels`): 166.4 KB; the export panel's buttons too:
# 162.0 KB; the collection panel's controls and opening and closing the editor too: 160.9 KB;
# the editor panel's contents: 160.1 KB; the collection panel's: 159.6 KB; the board's SVG
# download: 159.0 KB; later step work (the compass memoised, numbers' digits by hand):
# 159.4 KB.
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
