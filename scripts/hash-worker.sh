#!/usr/bin/env bash
# Trunk post_build hook (Trunk.toml): minifies the collection worker's script and names its
# files after their content, as trunk names the app's, and writes the names into index.html's
# <meta name="beeline-worker">: the app starts the worker from `content` (a loader that
# imports the other two), and the service worker (assets/sw.js) caches every file the page
# names, so a new build's worker replaces the old one and an old one is never served stale.
set -euo pipefail
cd "${TRUNK_STAGING_DIR:?run by trunk}"

js=beeline-worker.js
wasm=beeline-worker_bg.wasm
if [[ ! -f $js || ! -f $wasm ]]; then
    echo "[hash-worker] $js and $wasm are missing from $TRUNK_STAGING_DIR" >&2
    exit 1
fi
# Minified first (a classic script: its top-level `wasm_bindgen` keeps its name).
esbuild --minify --target=es2020 --log-level=warning "$js" --outfile="$js.min" && mv "$js.min" "$js" || {
    echo "[hash-worker] esbuild could not minify $js (scripts/setup.sh installs it)" >&2
    exit 1
}
hash="$(cat "$js" "$wasm" | sha256sum | cut -c1-16)"
mv "$js" "beeline-worker-$hash.js"
mv "$wasm" "beeline-worker-${hash}_bg.wasm"
# The worker runs the no-modules build: its script defines `wasm_bindgen`, which loads the
# module (paths relative to the loader). A module that cannot load is thrown again outside
# the promise, so that the page hears of it (the worker's error event) rather than waiting.
# The module's exports are kept as `beelineWasm` (its memory, read by the soak benchmark).
printf 'importScripts("./beeline-worker-%s.js");wasm_bindgen({module_or_path:"./beeline-worker-%s_bg.wasm"}).then(function(w){self.beelineWasm=w},function(e){setTimeout(function(){throw e})});\n' \
    "$hash" "$hash" >"beeline-worker-loader-$hash.js"
sed -i "s|content=\"beeline-worker\"|content=\"./beeline-worker-loader-$hash.js\" data-script=\"./beeline-worker-$hash.js\" data-wasm=\"./beeline-worker-${hash}_bg.wasm\"|" index.html
if ! grep -q "beeline-worker-loader-$hash.js" index.html; then
    echo "[hash-worker] index.html has no <meta name=\"beeline-worker\" content=\"beeline-worker\">" >&2
    exit 1
fi
echo "[hash-worker] beeline-worker-$hash"
