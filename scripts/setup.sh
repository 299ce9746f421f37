#!/usr/bin/env bash
# Install what Beeline's web build and browser tests need, then write target/beeline-env.sh.
#
# Safe to re-run: every step checks first and installs only what is missing.
#   - Chromium (Debian package chromium), which the browser tests drive through playwright-core
#   - a Rust toolchain for wasm32-unknown-unknown: Debian's rustc-web, cargo-web, rust-web-src
#     and lld-22, otherwise rustup's target with its rust-src component; either builds std
#     for wasm32 from source (a smaller bundle); rustup's prebuilt std is the last resort
#   - trunk (pinned), wasm-bindgen-cli (the version in Cargo.lock), wasm-split-cli (pinned)
#   - npm packages from package-lock.json: playwright-core, binaryen (wasm-opt), esbuild (minifies
#     the app's scripts)
#
# Environment:
#   BEELINE_WASM_TOOLCHAIN=rustup|debian   skip detection of the wasm32 toolchain
#   CHROMIUM_PATH=/path/to/chromium        use this browser instead of Debian's
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

TRUNK_VERSION="0.21.14"
# The splitter of the app's module (wasm_split_cli_support's wasm-split-cli).
SPLIT_VERSION="0.2.4"
WASM_TARGET="wasm32-unknown-unknown"
DEBIAN_WASM_PKGS=(rustc-web cargo-web rust-web-src lld-22)
ENV_FILE="$ROOT/target/beeline-env.sh"

log() { printf '[setup] %s\n' "$*"; }
die() {
    printf '[setup] error: %s\n' "$*" >&2
    exit 1
}
# Run a timed install step: `timed "what" command args...`
timed() {
    local what="$1" start=$SECONDS
    shift
    log "installing $what ..."
    "$@"
    log "installed $what in $((SECONDS - start))s"
}

SUDO=()
if [[ $(id -u) -ne 0 ]] && command -v sudo >/dev/null; then SUDO=(sudo); fi

# Cargo's bin dir (trunk, wasm-bindgen, rustup's cargo) comes first; /usr/bin/cargo from
# cargo-web must not shadow rustup's for native builds.
if [[ -d "$HOME/.cargo/bin" ]]; then export PATH="$HOME/.cargo/bin:$PATH"; fi

for tool in cargo node npm python3; do
    command -v "$tool" >/dev/null || die "$tool is required but not on PATH"
done
log "cargo: $(cargo --version)"
log "node: $(node --version), npm: $(npm --version 2>/dev/null)"

dpkg_installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'ok installed'; }

APT_PKGS=()

# --- Chromium -----------------------------------------------------------------------------
if [[ -n "${CHROMIUM_PATH:-}" ]]; then
    [[ -x "$CHROMIUM_PATH" ]] || die "CHROMIUM_PATH=$CHROMIUM_PATH is not executable"
    log "chromium: $CHROMIUM_PATH (from CHROMIUM_PATH)"
else
    CHROMIUM_PATH=/usr/bin/chromium
    if [[ -x /usr/bin/chromium ]]; then log "chromium: present"; else APT_PKGS+=(chromium); fi
fi

# --- wasm32 toolchain ---------------------------------------------------------------------
rustup_has_target() {
    command -v rustup >/dev/null && rustup target list --installed 2>/dev/null | grep -qx "$WASM_TARGET"
}
debian_wasm_installed() {
    local p
    for p in "${DEBIAN_WASM_PKGS[@]}"; do dpkg_installed "$p" || return 1; done
}

# Debian's toolchain comes first where apt can install it: it builds std from source, so the
# app's std is built with panic=immediate-abort, which leaves the panic machinery out of the
# bundle (about 27 KB gzipped). rustup's prebuilt std is the fallback.
debian_wasm_available() {
    command -v apt-cache >/dev/null || return 1
    local has='apt-cache policy "${DEBIAN_WASM_PKGS[0]}" 2>/dev/null | grep -q "Candidate: [0-9]"'
    eval "$has" && return 0
    # A fresh machine may not have fetched its package lists yet.
    command -v apt-get >/dev/null || return 1
    "${SUDO[@]}" apt-get update -q >/dev/null 2>&1 || return 1
    eval "$has"
}

WASM_TOOLCHAIN="${BEELINE_WASM_TOOLCHAIN:-auto}"
case "$WASM_TOOLCHAIN" in
auto)
    if command -v dpkg-query >/dev/null && debian_wasm_installed; then
        WASM_TOOLCHAIN=debian
        log "wasm32: Debian toolchain present (${DEBIAN_WASM_PKGS[*]})"
    elif debian_wasm_available; then
        log "wasm32: installing Debian's Rust, which builds std for wasm32 from source"
        WASM_TOOLCHAIN=debian
        APT_PKGS+=("${DEBIAN_WASM_PKGS[@]}")
    elif rustup_has_target; then
        WASM_TOOLCHAIN=rustup
        log "wasm32: rustup target $WASM_TARGET present (no Debian toolchain: a larger bundle)"
    elif command -v rustup >/dev/null && {
        log "wasm32: trying 'rustup target add $WASM_TARGET' (30 s limit) ..."
        timeout 30 rustup target add "$WASM_TARGET" </dev/null
    }; then
        WASM_TOOLCHAIN=rustup
        log "wasm32: rustup target $WASM_TARGET added"
    else
        die "no wasm32 toolchain: neither Debian's ${DEBIAN_WASM_PKGS[*]} nor rustup's $WASM_TARGET"
    fi
    ;;
rustup)
    rustup_has_target || timed "rustup target $WASM_TARGET" rustup target add "$WASM_TARGET"
    ;;
debian)
    if debian_wasm_installed; then
        log "wasm32: Debian toolchain present"
    else
        APT_PKGS+=("${DEBIAN_WASM_PKGS[@]}")
    fi
    ;;
*) die "BEELINE_WASM_TOOLCHAIN must be rustup or debian, not '$WASM_TOOLCHAIN'" ;;
esac

# --- apt ----------------------------------------------------------------------------------
if ((${#APT_PKGS[@]})); then
    command -v apt-get >/dev/null ||
        die "missing: ${APT_PKGS[*]} (no apt-get here: install Chromium and the wasm32 target yourself)"
    apt_install() {
        export DEBIAN_FRONTEND=noninteractive
        "${SUDO[@]}" apt-get update -q
        "${SUDO[@]}" apt-get install -y -q "${APT_PKGS[@]}" </dev/null
    }
    timed "apt packages: ${APT_PKGS[*]}" apt_install
fi

# --- rustfmt and clippy (for scripts/test.sh) ---------------------------------------------
for component in rustfmt clippy; do
    subcommand="${component/rustfmt/fmt}"
    if cargo "$subcommand" --version >/dev/null 2>&1; then
        log "cargo $subcommand: present"
    elif command -v rustup >/dev/null; then
        timed "rustup component $component" timeout 120 rustup component add "$component"
    else
        die "cargo $subcommand is missing and there is no rustup to add it"
    fi
done

# --- std's source for rustup's wasm32 target -----------------------------------------------
# With it the app's std is built from source with panic=immediate-abort, as Debian's is (about
# 20 KB gzipped less); without it rustup's prebuilt std serves, in a larger bundle.
BUILD_STD=0
# The manifest of std's source in rustup's toolchain (where `rustup component add rust-src`
# puts it).
RUSTUP_STD_MANIFEST="$(rustc --print sysroot 2>/dev/null || true)/lib/rustlib/src/rust/library/Cargo.toml"
if [[ "$WASM_TOOLCHAIN" == debian ]]; then
    BUILD_STD=1
elif [[ -f "$RUSTUP_STD_MANIFEST" ]]; then
    BUILD_STD=1
    log "rust-src: present"
elif command -v rustup >/dev/null && {
    log "rust-src: trying 'rustup component add rust-src' (180 s limit) ..."
    timeout 180 rustup component add rust-src </dev/null
}; then
    BUILD_STD=1
    log "rust-src: added"
else
    log "rust-src: not available; the app builds with rustup's prebuilt std (a larger bundle)"
fi

# --- npm packages (playwright-core, binaryen, esbuild) -----------------------------------
npm_in_sync() {
    # Every package in package-lock.json is installed at its locked version.
    node -e '
        const fs = require("fs");
        const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8"));
        for (const [where, meta] of Object.entries(lock.packages || {})) {
            if (!where) continue;
            let installed;
            try { installed = JSON.parse(fs.readFileSync(where + "/package.json", "utf8")).version; }
            catch {
                // A build of a tool for another platform (of esbuild, say) is not installed here.
                if (meta.optional && (meta.os || meta.cpu)) continue;
                process.exit(1);
            }
            if (installed !== meta.version) process.exit(1);
        }
    ' 2>/dev/null
}
[[ -f package-lock.json ]] || die "package-lock.json is missing"
if npm_in_sync; then
    log "npm packages: in sync with package-lock.json"
else
    timed "npm packages (npm ci)" npm ci --no-audit --no-fund --loglevel=error
fi
[[ -x node_modules/.bin/wasm-opt ]] || die "node_modules/.bin/wasm-opt missing after npm ci"
[[ -x node_modules/.bin/esbuild ]] || die "node_modules/.bin/esbuild missing after npm ci"

# --- crates (trunk builds with --offline) -------------------------------------------------
fetch_start=$SECONDS
cargo fetch --quiet
# std's own dependencies, for -Z build-std (resolved from the registry cache offline).
if [[ "$WASM_TOOLCHAIN" == debian ]]; then
    RUSTC_BOOTSTRAP=1 RUSTC=/usr/bin/rustc /usr/bin/cargo fetch --quiet --locked \
        --manifest-path /usr/lib/rustlib/src/rust/library/Cargo.toml
elif ((BUILD_STD)); then
    RUSTC_BOOTSTRAP=1 cargo fetch --quiet --locked \
        --manifest-path "$RUSTUP_STD_MANIFEST"
fi
log "crates: fetched in $((SECONDS - fetch_start))s"

# --- trunk --------------------------------------------------------------------------------
installed_trunk="$(trunk --version 2>/dev/null | awk '{print $2}' || true)"
if [[ "$installed_trunk" == "$TRUNK_VERSION" ]]; then
    log "trunk: $TRUNK_VERSION present"
else
    # --locked: without it 0.21.14 does not compile (dependency drift).
    timed "trunk $TRUNK_VERSION" cargo install --locked trunk --version "$TRUNK_VERSION"
fi

# --- wasm-bindgen-cli (must equal the wasm-bindgen in Cargo.lock) -------------------------
BINDGEN_VERSION="$(awk '
    $0 == "name = \"wasm-bindgen\"" { found = 1; next }
    found && /^version = / { gsub(/"/, "", $3); print $3; exit }
' Cargo.lock)"
[[ -n "$BINDGEN_VERSION" ]] || die "no wasm-bindgen in Cargo.lock"
installed_bindgen="$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)"
if [[ "$installed_bindgen" == "$BINDGEN_VERSION" ]]; then
    log "wasm-bindgen-cli: $BINDGEN_VERSION present"
else
    # No --locked: one of its locked dependency versions is missing from the registry.
    timed "wasm-bindgen-cli $BINDGEN_VERSION" cargo install wasm-bindgen-cli --version "$BINDGEN_VERSION"
fi

# --- wasm-split-cli (scripts/split-wasm.sh; pinned with the wasm_split_helpers in Cargo.lock) --
# It has no --version: cargo's list of installed crates says which one it is.
if command -v wasm-split-cli >/dev/null &&
    cargo install --list 2>/dev/null | grep -qx "wasm_split_cli_support v$SPLIT_VERSION:"; then
    log "wasm-split-cli: $SPLIT_VERSION present"
else
    timed "wasm-split-cli $SPLIT_VERSION" cargo install --locked wasm_split_cli_support \
        --version "$SPLIT_VERSION" --features build-binary
fi

# --- environment for the other scripts ----------------------------------------------------
mkdir -p "$(dirname "$ENV_FILE")"
{
    echo "# Written by scripts/setup.sh; source it, then call beeline_web_env before trunk."
    printf 'export PATH=%q:%q:"$PATH"\n' "$ROOT/node_modules/.bin" "$HOME/.cargo/bin"
    printf 'export CHROMIUM_PATH=%q\n' "$CHROMIUM_PATH"
    printf 'export BEELINE_WASM_TOOLCHAIN=%q\n' "$WASM_TOOLCHAIN"
    printf 'export BEELINE_BUILD_STD=%q\n' "$BUILD_STD"
    echo "# Sets up the current shell for building wasm32 (trunk build / trunk serve)."
    echo "beeline_web_env() {"
    if [[ "$WASM_TOOLCHAIN" == debian ]]; then
        echo "    # Debian's rustc/cargo 1.96 build std for wasm32 from /usr/lib/rustlib/src."
        printf '    export PATH=%q:/usr/bin:"$PATH"\n' "$ROOT/node_modules/.bin"
        echo "    export RUSTC=/usr/bin/rustc"
    fi
    if ((BUILD_STD)); then
        echo "    # std built for wasm32 from its source (rustup's rust-src or Debian's rust-web-src)."
        echo "    export RUSTC_BOOTSTRAP=1 CARGO_UNSTABLE_BUILD_STD=std,panic_abort"
        echo "    # A panic traps at once: no formatting or unwinding code in the bundle."
        echo "    export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS='-Zunstable-options -Cpanic=immediate-abort'"
    else
        echo "    :"
    fi
    echo "}"
} >"$ENV_FILE"

log "wasm32 toolchain: $WASM_TOOLCHAIN; trunk $(trunk --version | awk '{print $2}');" \
    "wasm-bindgen $(wasm-bindgen --version | awk '{print $2}');" \
    "wasm-opt $(node_modules/.bin/wasm-opt --version | awk '{print $3}');" \
    "playwright-core $(node -p 'require("./node_modules/playwright-core/package.json").version')"
log "ready; environment in ${ENV_FILE#"$ROOT"/}"
