#!/usr/bin/env bash
# Trunk post_build hook (Trunk.toml): cuts the app's module into the part the first screen
# needs and chunks loaded on first use, at the functions marked `#[wasm_split]`
# (src/app/lazy.rs; docs/SPEED.md says why and what goes where).
#
# Trunk has already built, bound and optimised the whole module. This hook starts again from
# cargo's output (linked with --emit-relocs by build.rs):
#   1. wasm-split-cli: the main module, one .wasm per chunk, and the JS that loads them;
#   2. wasm-bindgen on the main module, keeping the function table the chunks link against;
#   3. wasm-opt on the main module (see below) and -Oz on each chunk;
#   4. esbuild --minify on the app's script and the chunks' loader (about 2 KB gzipped less);
# then replaces trunk's two files of the app under their names (trunk's hash of the same
# cargo output), names the chunks and their loader after their content, fixes the
# integrity hashes in index.html, preloads the loader there and names the chunks in
# <meta name="beeline-chunk"> tags, so that the service worker (assets/sw.js) caches them
# for offline use.
set -euo pipefail
STAGING="${TRUNK_STAGING_DIR:?run by trunk}"
ROOT="${TRUNK_SOURCE_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"
say() { printf '[split-wasm] %s\n' "$*"; }
die() {
    printf '[split-wasm] error: %s\n' "$*" >&2
    exit 1
}

case "${TRUNK_PROFILE:-release}" in
    release) profile=wasm-release ;;
    *) profile=debug ;;
esac
raw="${CARGO_TARGET_DIR:-$ROOT/target}/wasm32-unknown-unknown/$profile/beeline-app.wasm"
[[ -f $raw ]] || die "cargo's output $raw is missing"

shopt -s nullglob
bound=("$STAGING"/beeline-app-*_bg.wasm)
[[ ${#bound[@]} -eq 1 ]] || die "expected one beeline-app-*_bg.wasm in $STAGING, found ${#bound[@]}"
stem="$(basename "${bound[0]}" _bg.wasm)"
[[ -f "$STAGING/$stem.js" ]] || die "$stem.js is missing from $STAGING"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
features=(--enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext
    --enable-mutable-globals --enable-reference-types)
# BEELINE_KEEP_NAMES=1 keeps the function names in the main module, for a CPU profile in the
# browser (docs/SPEED.md); never for a build that ships.
names_bind=() names_opt=()
if [[ "${BEELINE_KEEP_NAMES:-}" == 1 ]]; then names_bind=(--keep-debug) names_opt=(--debuginfo); fi

wasm-split-cli "$raw" "$work/split" --out-name "$stem" >"$work/split.log" 2>&1 ||
    { cat "$work/split.log" >&2; die "wasm-split-cli failed"; }
[[ -f "$work/split/__wasm_split.js" ]] || die "wasm-split-cli wrote no loader"
wasm-bindgen --target web --no-typescript --keep-lld-exports "${names_bind[@]}" --out-dir "$work/bound" \
    --out-name "$stem" "$work/split/$stem.wasm"
# The main module is flattened and its control flow rebuilt (--flatten --rereloop) between
# rounds of -Oz: 1.3 KB gzipped less than -Oz alone. The same again on the result, then -Oz
# once more, each a run of its own (one run with all the passes saves less): about 0.6 KB
# less again, for twelve seconds of the build.
wasm-opt -Oz --flatten --rereloop -Oz -Oz "${names_opt[@]}" "${features[@]}" \
    "$work/bound/${stem}_bg.wasm" -o "$work/opt1.wasm"
wasm-opt --flatten --rereloop -Oz -Oz "${names_opt[@]}" "${features[@]}" \
    "$work/opt1.wasm" -o "$work/opt2.wasm"
wasm-opt -Oz "${names_opt[@]}" "${features[@]}" "$work/opt2.wasm" -o "$STAGING/${stem}_bg.wasm"

hash16() { sha256sum "$@" | cut -c1-16; }
# Scripts minified in place: names and whitespace only, as ES modules (wasm-bindgen's
# `import.meta.url` and the exports the page imports are kept). wasm-bindgen's import object
# names the loader once per import of it, all the same module: esbuild's warning about the
# repeated key says nothing here.
minify() {
    esbuild --minify --format=esm --target=es2020 --log-level=warning \
        --log-override:duplicate-object-key=silent "$1" --outfile="$1.min" &&
        mv "$1.min" "$1"
}
command -v esbuild >/dev/null || die "esbuild is missing (scripts/setup.sh installs it)"
loader="$work/split/__wasm_split.js"
new_files=()
# split_<name>.wasm: the code behind one #[wasm_split(name)]; chunk_<n>.wasm: code that
# several of them share, loaded before the first of them.
for chunk in "$work/split"/split_*.wasm "$work/split"/chunk_*.wasm; do
    name="$(basename "$chunk" .wasm)"
    wasm-opt -Oz "${features[@]}" "$chunk" -o "$work/opt.wasm"
    label="${name#split_}"
    label="${label/chunk_/shared}"
    hashed="beeline-chunk-$label-$(hash16 "$work/opt.wasm").wasm"
    mv "$work/opt.wasm" "$STAGING/$hashed"
    grep -q "\"./$name.wasm\"" "$loader" || die "the loader does not name $name.wasm"
    sed -i "s|\"./$name.wasm\"|\"./$hashed\"|" "$loader"
    new_files+=("$hashed")
done
[[ ${#new_files[@]} -gt 0 ]] || die "no chunks: is build.rs's --emit-relocs missing?"
minify "$loader" || die "esbuild could not minify the chunks' loader"
split_js="beeline-split-$(hash16 "$loader").js"
cp "$loader" "$STAGING/$split_js"
new_files=("$split_js" "${new_files[@]}")
# Only the JS imports are renamed: the keys of the import object stay the module's own name.
grep -q 'from "./__wasm_split.js"' "$work/bound/$stem.js" || die "$stem.js does not import the loader"
sed "s|from \"./__wasm_split.js\"|from \"./$split_js\"|g" "$work/bound/$stem.js" >"$STAGING/$stem.js"
minify "$STAGING/$stem.js" || die "esbuild could not minify $stem.js"

# index.html: the new integrity hashes of the app's two files, and the chunks' names.
python3 - "$STAGING" "$stem" "${new_files[@]}" <<'PY'
import base64, hashlib, re, sys
staging, stem, files = sys.argv[1], sys.argv[2], sys.argv[3:]
path = f"{staging}/index.html"
html = open(path, encoding="utf-8").read()
for name in (f"{stem}.js", f"{stem}_bg.wasm"):
    digest = base64.b64encode(hashlib.sha384(open(f"{staging}/{name}", "rb").read()).digest()).decode()
    html, n = re.subn(r'(href="[^"]*' + re.escape(name) + r'"[^>]*integrity=")sha384-[^"]*"', rf'\g<1>sha384-{digest}"', html)
    if n == 0 and "integrity=" in html:
        sys.exit(f"[split-wasm] error: no integrity attribute for {name} in index.html")
# The loader is imported by the app's script: fetch it alongside. The chunks are only named.
loader, chunks = files[0], files[1:]
metas = f'<link rel="modulepreload" href="./{loader}">' + "".join(
    f'<meta name="beeline-chunk" content="./{f}">' for f in chunks
)
if "</head>" not in html:
    sys.exit("[split-wasm] error: index.html has no </head>")
html = html.replace("</head>", metas + "</head>", 1)
open(path, "w", encoding="utf-8").write(html)
PY

gz() { gzip -9 -c "$1" | wc -c; }
say "$stem: main $(($(gz "$STAGING/${stem}_bg.wasm") / 1000)) KB gzipped; chunks: ${new_files[*]}"
