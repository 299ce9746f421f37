#!/usr/bin/env bash
# Everything CI checks: formatting, lints (native and with the `web` feature), the native
# test suites (release), the web release build and its size, and the browser end-to-end tests.
# Installs what is missing first (scripts/setup.sh). Every stage runs even when an earlier
# one failed (the browser tests need the web build); the exit status is non-zero if any failed.
# Logs: target/test-logs/.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
LOG_DIR="$ROOT/target/test-logs"
TOTAL_START=$SECONDS

bash scripts/setup.sh
export BEELINE_SETUP_DONE=1
# shellcheck source=/dev/null
source target/beeline-env.sh
mkdir -p "$LOG_DIR"

SUMMARY=()
FAILED=0

# stage NAME COMMAND...: run it, show and log its output, record the result.
stage() {
    local name="$1" start=$SECONDS status=0
    shift
    printf '\n==== %s: %s\n' "$name" "$*"
    "$@" 2>&1 | tee "$LOG_DIR/$name.log" || status=$?
    local took=$((SECONDS - start))
    if ((status == 0)); then
        SUMMARY+=("$(printf 'PASS  %-10s %5ss' "$name" "$took")")
    else
        SUMMARY+=("$(printf 'FAIL  %-10s %5ss  (exit %s, log: target/test-logs/%s.log)' "$name" "$took" "$status" "$name")")
        FAILED=1
    fi
    return "$status"
}

skip() {
    printf '\n==== %s: skipped (%s)\n' "$1" "$2"
    SUMMARY+=("$(printf 'SKIP  %-10s        (%s)' "$1" "$2")")
    FAILED=1
}

SERVER_PID=""
stop_server() {
    if [[ -n "$SERVER_PID" ]]; then
        kill "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
        SERVER_PID=""
    fi
}
trap stop_server EXIT

# Serve dist/ on a free loopback port and run the browser tests against it.
# (Runs in the subshell of `stage`'s pipeline, hence its own trap.)
e2e() {
    trap stop_server EXIT
    local port
    port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
    python3 -m http.server --bind 127.0.0.1 --directory "$ROOT/dist" "$port" \
        >"$LOG_DIR/http-server.log" 2>&1 &
    SERVER_PID=$!
    local url="http://127.0.0.1:$port/"
    python3 - "$url" <<'PY' || { echo "static server did not start on $url"; return 1; }
import sys, time, urllib.request
for _ in range(100):
    try:
        urllib.request.urlopen(sys.argv[1], timeout=1).close()
        sys.exit(0)
    except OSError:
        time.sleep(0.1)
sys.exit(1)
PY
    echo "serving dist/ on $url"
    local status=0
    BASE_URL="$url" node --test --test-reporter=spec tests/e2e/*.test.mjs || status=$?
    stop_server
    return "$status"
}

stage fmt cargo fmt --all -- --check || true
stage clippy cargo clippy --all-targets -- -D warnings || true
stage clippy-web cargo clippy --all-targets --features web,worker -- -D warnings || true
stage test cargo test --profile ci --features web,worker || true
# Tests that need the peers' recordings beside the repository are #[ignore]d; run them where
# the folder is, so that a missing folder shows as "ignored", never as a pass.
if [[ -d "$ROOT/../shared/fixtures" ]]; then
    stage fixtures cargo test --profile ci --features web,worker -- --ignored || true
else
    # Not a failure: those tests stay counted as ignored.
    printf '\n==== fixtures: not run (../shared/fixtures is not beside the repository)\n'
    SUMMARY+=("$(printf 'NOTE  %-10s        (../shared/fixtures missing: tests ignored)' fixtures)")
fi
# The match harness's own tests (statistics, pairing, forfeits), with real games played by
# the tool the native tests built.
stage harness env BEELINE_BIN="$ROOT/target/ci/beeline" python3 -m unittest discover -s tests/harness -v || true
if stage web-build bash scripts/build-web.sh; then
    stage size bash scripts/check-size.sh || true
    stage e2e e2e || true
else
    skip e2e "the web build failed"
fi

printf '\n==== summary (%ss in all)\n' "$((SECONDS - TOTAL_START))"
printf '  %s\n' "${SUMMARY[@]}"
for log in test fixtures; do
    if [[ -f "$LOG_DIR/$log.log" ]]; then
        awk -v name="$log" '/^test result:/ { suites++; p += $4; f += $6; i += $8 }
             END { printf "  cargo %s: %d suites, %d passed, %d failed, %d ignored\n", name, suites, p, f, i }' \
            "$LOG_DIR/$log.log"
    fi
done
if [[ -f "$LOG_DIR/e2e.log" ]]; then
    grep -E '(tests|pass|fail) [0-9]+$' "$LOG_DIR/e2e.log" | sed 's/^[^a-z]*/  browser tests: /' || true
fi

# One closing line over every runner: native test suites and browser tests.
passed=0
failed=0
for log in test fixtures; do
    if [[ -f "$LOG_DIR/$log.log" ]]; then
        read -r p f < <(awk '/^test result:/ { p += $4; f += $6 } END { print p + 0, f + 0 }' "$LOG_DIR/$log.log")
        passed=$((passed + p)); failed=$((failed + f))
    fi
done
if [[ -f "$LOG_DIR/harness.log" ]]; then
    # unittest's last lines: "Ran N tests", then "OK" or "FAILED (failures=F, errors=E)".
    read -r p f < <(awk '/^Ran [0-9]+ tests/ { n = $2 } /^FAILED/ { gsub(/[^0-9,]/, ""); split($0, a, ","); for (k in a) f += a[k] } END { print n - f, f + 0 }' "$LOG_DIR/harness.log")
    echo "  harness tests: $p passed, $f failed"
    passed=$((passed + p)); failed=$((failed + f))
fi
if [[ -f "$LOG_DIR/e2e.log" ]]; then
    read -r p f < <(awk 'NF == 3 && $2 == "pass" { p = $3 } NF == 3 && $2 == "fail" { f = $3 } END { print p + 0, f + 0 }' "$LOG_DIR/e2e.log")
    passed=$((passed + p)); failed=$((failed + f))
fi
echo "$passed passed, $failed failed"

if ((FAILED)); then
    echo "FAILED"
    exit 1
fi
echo "ALL PASSED"
