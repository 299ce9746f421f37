#!/usr/bin/env bash
# Where the first visit's bytes go (not a test): builds the app's module as the web build
# does, cuts it at its split points like scripts/split-wasm.sh, keeps the function names,
# optimises it, and prints the largest items (twiggy) and the raw bytes by module of the
# app or by crate. Needs twiggy (`cargo install --locked twiggy`).
# Usage: scripts/size-profile.sh [N]   (N: how many items and modules to list, default 40;
# KEEP_CSV=<file> keeps twiggy's full list of items there)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
N="${1:-40}"
command -v twiggy >/dev/null || {
    echo "[size-profile] twiggy is missing: cargo install --locked twiggy" >&2
    exit 1
}
# shellcheck source=/dev/null
source target/beeline-env.sh
beeline_web_env
cargo build --quiet --profile wasm-release --target wasm32-unknown-unknown \
    --no-default-features --features web --bin beeline-app
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
wasm-split-cli target/wasm32-unknown-unknown/wasm-release/beeline-app.wasm "$work/split" \
    --out-name app >/dev/null
wasm-bindgen --target web --no-typescript --keep-lld-exports --keep-debug \
    --out-dir "$work/bound" --out-name app "$work/split/app.wasm"
wasm-opt -Oz --flatten --rereloop -Oz -Oz --debuginfo --enable-bulk-memory --enable-nontrapping-float-to-int \
    --enable-sign-ext --enable-mutable-globals --enable-reference-types \
    "$work/bound/app_bg.wasm" -o "$work/named.wasm"
wasm-opt -Oz --strip-debug --enable-bulk-memory --enable-nontrapping-float-to-int \
    --enable-sign-ext --enable-mutable-globals --enable-reference-types \
    "$work/named.wasm" -o "$work/plain.wasm"
echo "[size-profile] the first visit's module: $(wc -c <"$work/plain.wasm") bytes," \
    "$(gzip -9 -c "$work/plain.wasm" | wc -c) gzipped; chunks:"
for f in "$work/split"/split_*.wasm "$work/split"/chunk_*.wasm; do
    echo "  $(basename "$f"): $(wc -c <"$f") bytes before wasm-opt"
done
twiggy top -n "$N" "$work/named.wasm" | cut -c1-150
twiggy top -n 1000000 -f csv "$work/named.wasm" >"$work/top.csv"
[[ -n "${KEEP_CSV:-}" ]] && cp "$work/top.csv" "$KEEP_CSV"
python3 - "$work/top.csv" "$N" <<'PY'
import collections, csv, re, sys
by = collections.Counter()
for row in csv.DictReader(open(sys.argv[1])):
    name = re.sub(r"\[[0-9a-f]{16}\]", "", row["Name"])
    if "function names" in name:
        continue
    if name.startswith("data segment"):
        key = "(data)"
    elif m := re.search(r"beeline::(\w+::\w+)", name):
        key = m.group(1)
    elif name.startswith("beeline_app"):
        key = "beeline_app (the mount)"
    else:
        m = re.match(r"<*&?(?:mut )?(\w+)", name)
        key = m.group(1) if m else name[:40]
    by[key] += int(row["ShallowSize"])
print(f"\nraw bytes by module, {sum(by.values())} in all:")
for key, size in by.most_common(int(sys.argv[2])):
    print(f"{size:8d}  {key}")
PY
