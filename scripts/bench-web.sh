#!/usr/bin/env bash
# Browser benchmark (not a test): builds the release app, serves it, and with headless
# Chromium measures
#   - wasm + JS transferred on a first visit, gzipped (target: at most 160 KB),
#   - navigation to a 100-ply permalinked game fully drawn (target: under 200 ms in a fresh
#     browser),
#   - one step forward/back, key press to board redrawn (target: median under 1 ms, 90th
#     percentile under 2 ms), once the step's code is warm (the first 20 steps after the
#     page opens, while the browser compiles it for speed, are reported apart),
#   - study board: picking a piece from the reserve to its destinations marked (target: median
#     under 4 ms), playing a destination to the board and panel redrawn (under 8 ms), and a
#     500-move tree (tests/data/tree-500.pgn) loaded to its panel drawn (under 20 ms),
#   - the embed page (`?embed`) with the 100-ply game, in a fresh browser: navigation to drawn
#     (target: under 150 ms),
#   - the analysis: turned on (its code and worker cached) to the first best move shown
#     (target: under 300 ms); a step while it searches (target: median under 4 ms); the depth
#     its worker completes in a second on the 20 positions of scripts/bench-search.sh against
#     `beeline uhp`'s `bestmove time 00:00:01` (target: at most one ply below); a review of
#     the 100-ply game at half a second a position, with the page's steps meanwhile (target:
#     a 60-ply game in about 30 s), three lines against one in the worker (target: at most
#     one ply less) and a practice level's move at levels 1 to 4 (target: under 300 ms),
#   - studies (tests/e2e/bench-studies.mjs): a 50-chapter study opened (target: under
#     300 ms), a chapter switched (under 50 ms), the library of 200 studies listed (under
#     100 ms);
#   - the notation trainer (tests/e2e/bench-learn.mjs): an answer to the next question
#     drawn, in each notation (target: under 50 ms);
#   - a player's insights (tests/e2e/bench-insights.mjs): 100 games reviewed (target: at
#     most 3 minutes), the board stepped meanwhile (target: under 16 ms a step), and the same
#     run again from the reviews kept.
# Prints the figures. DIST=<dir> builds there instead of dist/; RUNS=<n> repeats (default 7).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
DIST="${DIST:-$ROOT/dist}"
RUNS="${RUNS:-7}"

if [[ "${BEELINE_SETUP_DONE:-}" != 1 ]]; then bash scripts/setup.sh; fi
# shellcheck source=/dev/null
source target/beeline-env.sh
beeline_web_env

echo "[bench-web] building the app into $DIST"
trunk build --release --dist "$DIST" >"$ROOT/target/bench-web-build.log" 2>&1 || { cat "$ROOT/target/bench-web-build.log"; exit 1; }
cargo build --release --quiet --bin beeline
FRAGMENT="$(target/release/beeline link tests/data/game-100.uhp)"
# The search benchmark's positions, and the depth the native engine completes in a second
# on each (its Verbose line), one position per line: "depth<TAB>GameString".
POSITIONS="$(python3 -c 'import sys; sys.path.insert(0, "scripts"); import bench_search; print("\n".join(bench_search.POSITIONS))')"
# ("depth<TAB>depth with three lines<TAB>GameString")
NATIVE_DEPTHS=""
native_depth() {
    printf 'options set Verbose True\noptions set Lines %s\nnewgame %s\nbestmove time 00:00:01\nexit\n' "$1" "$2" |
        target/release/beeline uhp 2>&1 >/dev/null | sed -n 's/^depth \([0-9]*\) .*/\1/p' | tail -1
}
while IFS= read -r gs; do
    d1="$(native_depth 1 "$gs")"
    d3="$(native_depth 3 "$gs")"
    NATIVE_DEPTHS+="${d1:-0}"$'\t'"${d3:-0}"$'\t'"$gs"$'\n'
done <<<"$POSITIONS"
export NATIVE_DEPTHS
TREE_500="$(cat tests/data/tree-500.pgn)"
export TREE_500

gz() { gzip -9 -c "$1" | wc -c; }
wasm=0 js=0 css=0 worker=0 chunks=0
shopt -s nullglob
# The first visit's files (the app's module and script, and the chunks' loader it imports);
# the chunks (beeline-chunk-*) load on first use, the collection worker's files
# (beeline-worker-*) when a collection is opened.
for f in "$DIST"/beeline-app-*.wasm; do wasm=$((wasm + $(gz "$f"))); done
for f in "$DIST"/beeline-worker-*; do worker=$((worker + $(gz "$f"))); done
for f in "$DIST"/beeline-chunk-*; do chunks=$((chunks + $(gz "$f"))); done
for f in "$DIST"/beeline-app-*.js "$DIST"/beeline-split-*.js; do js=$((js + $(gz "$f"))); done
for f in "$DIST"/*.css; do css=$((css + $(gz "$f"))); done

PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
python3 -m http.server --bind 127.0.0.1 --directory "$DIST" "$PORT" >/dev/null 2>&1 &
SERVER_PID=$!
trap 'kill "$SERVER_PID" 2>/dev/null || true' EXIT
python3 - "http://127.0.0.1:$PORT/" <<'PY'
import sys, time, urllib.request
for _ in range(100):
    try:
        urllib.request.urlopen(sys.argv[1], timeout=1).close()
        sys.exit(0)
    except OSError:
        time.sleep(0.1)
sys.exit("the static server did not start")
PY

printf '[bench-web] transferred, gzipped: wasm %.1f KB + JS %.1f KB = %.1f KB (target ≤ 160 KB; gated by scripts/check-size.sh); CSS %.1f KB; on first use, the chunks %.1f KB; on demand, the collection worker %.1f KB\n' \
    "$(echo "$wasm / 1000" | bc -l)" "$(echo "$js / 1000" | bc -l)" "$(echo "($wasm + $js) / 1000" | bc -l)" \
    "$(echo "$css / 1000" | bc -l)" "$(echo "$chunks / 1000" | bc -l)" "$(echo "$worker / 1000" | bc -l)"

BASE_URL="http://127.0.0.1:$PORT/" FRAGMENT="$FRAGMENT" RUNS="$RUNS" node --input-type=module - <<'JS'
import { launchBrowser } from './tests/e2e/helpers.mjs';

const base = process.env.BASE_URL;
const runs = Number(process.env.RUNS);
const url = `${base}#${process.env.FRAGMENT}`;
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const fmt = (x) => x.toFixed(1);

// Records (in the page) when the 100th move is on the board and in the table, and when
// that frame has been painted (the next animation frame).
const watch = () => {
  const done = () => document.querySelector('svg#board[data-ply="100"] g[data-piece]')
    && document.querySelector('#notation tr[data-ply="100"][aria-current="true"]');
  const obs = new MutationObserver(() => {
    if (window.__drawn || !done()) return;
    window.__drawn = performance.now();
    requestAnimationFrame(() => { window.__painted = performance.now(); });
    obs.disconnect();
  });
  obs.observe(document, { subtree: true, childList: true, attributes: true });
};

const browser = await launchBrowser({ viewport: { width: 1280, height: 800 } });
const errors = [];
try {
  const page = await browser.context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.addInitScript(watch);
  const loads = [];
  for (let i = 0; i <= runs; i++) {
    if (i === 0) await page.goto(url); else await page.reload();
    await page.waitForFunction(() => window.__painted, null, { timeout: 30_000 });
    const t = await page.evaluate(() => ({ drawn: window.__drawn, painted: window.__painted }));
    loads.push(t);
  }
  const cold = loads[0];
  const warm = loads.slice(1);
  console.log(`[bench-web] 100-ply permalink, navigation to drawn: first load ${fmt(cold.drawn)} ms (painted ${fmt(cold.painted)} ms); cached, median of ${warm.length}: ${fmt(median(warm.map((t) => t.drawn)))} ms (painted ${fmt(median(warm.map((t) => t.painted)))} ms) (target < 200 ms in a fresh browser)`);

  // Steps: key press to the board showing the new ply, with layout done.
  const stepping = await page.evaluate(async (n) => {
    const board = () => document.querySelector('svg#board');
    const key = (k) => window.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
    const until = (ply) => new Promise((resolve) => {
      if (board().getAttribute('data-ply') === String(ply)) return resolve();
      const obs = new MutationObserver(() => {
        if (board().getAttribute('data-ply') === String(ply)) { obs.disconnect(); resolve(); }
      });
      obs.observe(document, { subtree: true, attributes: true, childList: true });
    });
    key('Home');
    for (let i = 0; i < 50; i++) key('ArrowRight');
    await until(50);
    await new Promise((r) => setTimeout(r, 300));
    const times = [];
    let ply = 50;
    // The first steps after the page opens run the step's code for the first times, before
    // the browser has compiled it for speed: timed apart (`warm` of them), then `n` steps.
    const warm = 20;
    for (let i = 0; i < warm + n; i++) {
      const forward = i % 2 === 0 ? (ply < 100) : (ply === 0);
      const k = forward ? 'ArrowRight' : 'ArrowLeft';
      ply += forward ? 1 : -1;
      const t0 = performance.now();
      key(k);
      await until(ply);
      board().getBoundingClientRect();
      times.push(performance.now() - t0);
      await new Promise((r) => requestAnimationFrame(() => r()));
    }
    return { first: times.slice(0, warm), steps: times.slice(warm) };
  }, 200);
  const { first, steps } = stepping;
  const sorted = [...steps].sort((a, b) => a - b);
  console.log(`[bench-web] step forward/back (${steps.length}, after ${first.length} first steps): median ${fmt(median(steps))} ms, p90 ${fmt(sorted[Math.floor(sorted.length * 0.9)])} ms, max ${fmt(sorted[sorted.length - 1])} ms (target median < 1 ms, p90 < 2 ms); the first ${first.length} steps after opening: median ${fmt(median(first))} ms, max ${fmt(Math.max(...first))} ms`);

  // The study board at ply 50: pick a kind from the reserve of the player to move until its
  // destinations are on the board, then play the first one until the board shows ply 51 and
  // the new row is current; undo and again.
  const study = await page.evaluate(async (n) => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
    const until = (test) => new Promise((resolve) => {
      if (test()) return resolve();
      const obs = new MutationObserver(() => { if (test()) { obs.disconnect(); resolve(); } });
      obs.observe(document, { subtree: true, attributes: true, childList: true });
    });
    const key = (k, ctrl = false) => window.dispatchEvent(new KeyboardEvent('keydown', { key: k, ctrlKey: ctrl, bubbles: true }));
    key('Home');
    for (let i = 0; i < 50; i++) key('ArrowRight');
    await until(() => document.querySelector('svg#board').getAttribute('data-ply') === '50');
    await new Promise((r) => setTimeout(r, 300));
    const picks = [];
    const plays = [];
    for (let i = 0; i < n; i++) {
      const reserve = document.querySelector('[data-reserve]:not([disabled]):not([aria-disabled="true"])');
      if (!reserve) throw new Error('no placeable reserve piece');
      let t0 = performance.now();
      reserve.click();
      await until(() => document.querySelector('[data-destination]'));
      document.querySelector('svg#board').getBoundingClientRect();
      picks.push(performance.now() - t0);
      await frame();
      const dest = document.querySelector('[data-destination]');
      t0 = performance.now();
      dest.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      await until(() => document.querySelector('svg#board').getAttribute('data-ply') === '51'
        && document.querySelector('#notation tr[aria-current="true"][data-variation="true"]'));
      document.querySelector('svg#board').getBoundingClientRect();
      plays.push(performance.now() - t0);
      await frame();
      key('z', true);
      await until(() => document.querySelector('svg#board').getAttribute('data-ply') === '50'
        && !document.querySelector('#notation tr[data-variation="true"]'));
      await frame();
    }
    return { picks, plays };
  }, 40);
  console.log(`[bench-web] study: pick to destinations marked, median ${fmt(median(study.picks))} ms (target < 4 ms); play to board and panel redrawn, median ${fmt(median(study.plays))} ms (target < 8 ms)`);

  // A 500-move tree: Load pressed to its panel drawn (import, notation of every node, rows).
  const trees = [];
  for (let i = 0; i < 5; i++) {
    trees.push(await page.evaluate(async (text) => {
      const input = document.querySelector('#record-input');
      // As a person pastes: the box gets the focus first, which fetches the readers' chunk
      // ahead (src/app/load_panel.rs); a paste and a press on Load take longer than that.
      input.focus();
      await new Promise((r) => setTimeout(r, 300));
      input.value = text;
      input.dispatchEvent(new Event('input', { bubbles: true }));
      // The pasted text is laid out and painted when it is pasted, before Load is pressed:
      // that layout (of 20 KB of PGN in the text box) is not the panel's.
      input.getBoundingClientRect();
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      const t0 = performance.now();
      document.querySelector('#load-record').click();
      const until = (done) => new Promise((resolve) => {
        if (done()) return resolve();
        const obs = new MutationObserver(() => { if (done()) { obs.disconnect(); resolve(); } });
        obs.observe(document, { subtree: true, childList: true, attributes: true });
      });
      const rows = () => document.querySelectorAll('#notation tr[data-path]').length;
      // The panel drawn: the study's (its event shown; reading is asynchronous, the readers
      // being a chunk fetched on first use), the rows that fill it and more (the first 64),
      // the current one marked, laid out.
      const study = () => document.querySelector('[data-fact="event"] dd')?.textContent === 'A 500-move study';
      await until(() => study() && rows() >= 64 && document.querySelector('#notation tr[aria-current="true"]'));
      document.querySelector('#notation').getBoundingClientRect();
      const panel = performance.now() - t0;
      // Every row in the document (those out of view follow in the next task).
      await until(() => rows() >= 490);
      document.querySelector('#notation').getBoundingClientRect();
      return { panel, all: performance.now() - t0 };
    }, process.env.TREE_500));
    // Back to the 100-ply game for the next round (the address now holds the tree).
    await page.goto('about:blank');
    await page.goto(url);
    await page.waitForFunction(() => window.__painted, null, { timeout: 30_000 });
  }
  console.log(`[bench-web] 500-move tree, Load to panel drawn: median ${fmt(median(trees.map((t) => t.panel)))} ms (runs ${trees.map((t) => fmt(t.panel)).join(", ")}) (target < 20 ms); all 550 rows in the document: median ${fmt(median(trees.map((t) => t.all)))} ms`);

  // The analysis. Turned on once (its chunk and worker fetched and cached) and off; then on
  // to the first best move shown, several times at ply 50.
  const toggle = () => page.evaluate(() => document.querySelector('#analyse').click());
  await page.evaluate(() => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true })));
  await toggle();
  await page.waitForSelector('#best-line [data-move]', { timeout: 30_000 });
  await toggle();
  const ons = [];
  for (let i = 0; i < runs; i++) {
    ons.push(await page.evaluate(async () => {
      const t0 = performance.now();
      document.querySelector('#analyse').click();
      await new Promise((resolve) => {
        const obs = new MutationObserver(() => {
          if (document.querySelector('#best-line [data-move]')) { obs.disconnect(); resolve(); }
        });
        obs.observe(document, { subtree: true, childList: true, attributes: true });
      });
      const t = performance.now() - t0;
      document.querySelector('#analyse').click();
      return t;
    }));
    await page.waitForTimeout(200);
  }
  console.log(`[bench-web] analysis on (worker cached) to the first best move shown: median ${fmt(median(ons))} ms (runs ${ons.map(fmt).join(', ')}) (target < 300 ms)`);

  // Steps while the engine searches (as the steps above, the analysis on).
  await toggle();
  const busySteps = await page.evaluate(async (n) => {
    const board = () => document.querySelector('svg#board');
    const key = (k) => window.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
    const until = (ply) => new Promise((resolve) => {
      if (board().getAttribute('data-ply') === String(ply)) return resolve();
      const obs = new MutationObserver(() => {
        if (board().getAttribute('data-ply') === String(ply)) { obs.disconnect(); resolve(); }
      });
      obs.observe(document, { subtree: true, attributes: true, childList: true });
    });
    key('Home');
    for (let i = 0; i < 50; i++) key('ArrowRight');
    await until(50);
    await new Promise((r) => setTimeout(r, 500));
    const times = [];
    let ply = 50;
    for (let i = 0; i < n; i++) {
      const k = i % 2 === 0 ? 'ArrowRight' : 'ArrowLeft';
      ply += i % 2 === 0 ? 1 : -1;
      const t0 = performance.now();
      key(k);
      await until(ply);
      board().getBoundingClientRect();
      times.push(performance.now() - t0);
      // A pause now and then lets the searches start between the steps.
      await new Promise((r) => setTimeout(r, i % 10 === 0 ? 300 : 16));
    }
    return times;
  }, 100);
  const busySorted = [...busySteps].sort((a, b) => a - b);
  console.log(`[bench-web] step while analysing (${busySteps.length}): median ${fmt(median(busySteps))} ms, p90 ${fmt(busySorted[Math.floor(busySorted.length * 0.9)])} ms (target median < 4 ms)`);

  // The depth the worker completes in a second against the native engine's, per position,
  // with one line and with three.
  const rows = process.env.NATIVE_DEPTHS.trim().split('\n').map((l) => l.split('\t'));
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const workerDepths = {};
  for (const lines of ['1', '3']) {
    await page.selectOption('#engine-line-count', lines);
    const depths = [];
    for (const [native1, native3, gs] of rows) {
      await page.fill('#record-input', gs);
      await page.click('#load-record');
      const plies = gs.split(';').length - 3;
      await page.evaluate(() => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true })));
      await page.waitForSelector(`#eval[data-ply="${plies}"]`, { timeout: 10_000 });
      // The search starts at once (a position more than 250 ms after the last), or 150 ms later.
      await page.waitForTimeout(1060);
      const reached = Number(await page.getAttribute('#eval', 'data-depth'));
      depths.push({ native: Number(lines === '1' ? native1 : native3), worker: reached });
    }
    workerDepths[lines] = depths.map((d) => d.worker);
    const worst = Math.min(...depths.map((d) => d.worker - d.native));
    console.log(`[bench-web] analysis depth in 1 s on ${depths.length} positions, ${lines} line(s): worker mean ${fmt(mean(depths.map((d) => d.worker)))} against native ${fmt(mean(depths.map((d) => d.native)))}; worst ${worst} plies (target ≥ −1); per position ${depths.map((d) => `${d.worker}/${d.native}`).join(' ')}`);
  }
  const cost = workerDepths['1'].map((d, i) => d - workerDepths['3'][i]);
  console.log(`[bench-web] three lines against one in the worker: ${fmt(mean(cost))} plies less on average, at most ${Math.max(...cost)} (target ≤ 1)`);

  // A practice level's move, from the click that starts a game with the engine to move to
  // the board's next ply, at levels 1 to 4.
  const answers = [];
  for (const level of ['1', '2', '3', '4']) {
    for (let i = 0; i < 3; i++) {
      if ((await page.getAttribute('#practice', 'aria-expanded')) !== 'true') await page.click('#practice');
      const ply = Number(await page.getAttribute('svg#board', 'data-ply'));
      const engineColour = ply % 2 === 0 ? 'black' : 'white';
      await page.selectOption('#practice-level', level);
      await page.selectOption('#practice-colour', engineColour);
      answers.push({ level, ms: await page.evaluate(async (next) => {
        const t0 = performance.now();
        document.querySelector('#practice-start').click();
        await new Promise((resolve) => {
          const obs = new MutationObserver(() => {
            if (document.querySelector('svg#board').getAttribute('data-ply') === String(next)) { obs.disconnect(); resolve(); }
          });
          obs.observe(document, { subtree: true, attributes: true, childList: true });
        });
        return performance.now() - t0;
      }, ply + 1) });
      await page.click('#practice');
      await page.evaluate(() => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true })));
      await page.waitForSelector(`svg#board[data-ply="${ply}"]`);
    }
  }
  console.log(`[bench-web] a practice level's move (levels 1-4, 3 each): median ${fmt(median(answers.map((a) => a.ms)))} ms, slowest ${fmt(Math.max(...answers.map((a) => a.ms)))} ms (target < 300 ms); ${['1', '2', '3', '4'].map((l) => `level ${l} ${fmt(median(answers.filter((a) => a.level === l).map((a) => a.ms)))}`).join(', ')}`);

  // A review of the 100-ply game at half a second a position, with steps meanwhile.
  await page.goto('about:blank');
  await page.goto(url);
  await page.waitForFunction(() => window.__painted, null, { timeout: 30_000 });
  if ((await page.getAttribute('#analyse', 'aria-pressed')) !== 'true') await toggle();
  // The panel is built once the analysis's chunk has loaded (asynchronously, even cached).
  await page.waitForSelector('#review', { timeout: 30_000 });
  const review = await page.evaluate(async () => {
    const t0 = performance.now();
    document.querySelector('#review').click();
    const key = (k) => window.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
    const board = () => document.querySelector('svg#board');
    const steps = [];
    while (document.querySelector('#keep-review')?.hidden !== false) {
      await new Promise((r) => setTimeout(r, 250));
      const ply = Number(board().getAttribute('data-ply'));
      const next = ply > 0 ? ply - 1 : 1;
      const s0 = performance.now();
      key(ply > 0 ? 'ArrowLeft' : 'ArrowRight');
      await new Promise((resolve) => {
        const obs = new MutationObserver(() => {
          if (board().getAttribute('data-ply') === String(next)) { obs.disconnect(); resolve(); }
        });
        obs.observe(document, { subtree: true, attributes: true });
      });
      steps.push(performance.now() - s0);
      if (performance.now() - t0 > 180_000) break;
    }
    return { total: performance.now() - t0, points: document.querySelectorAll('#eval-graph [data-ply]').length, steps };
  });
  const perPosition = review.total / review.points;
  console.log(`[bench-web] review of the 100-ply game, 0.5 s a position: ${fmt(review.total / 1000)} s for ${review.points} positions (${fmt(perPosition)} ms each: a 60-ply game in about ${fmt(perPosition * 61 / 1000)} s; target about 30 s); steps meanwhile: median ${fmt(median(review.steps))} ms over ${review.steps.length}`);
} finally {
  await browser.close();
}

// The embed page (`?embed`) with the 100-ply game: navigation to the board and its one-line
// move drawn, in a fresh browser each time (nothing cached).
const embedWatch = () => {
  const done = () => document.querySelector('svg#board[data-ply="100"] g[data-piece]')
    && document.querySelector('.embed-move .direction');
  const obs = new MutationObserver(() => {
    if (window.__drawn || !done()) return;
    window.__drawn = performance.now();
    obs.disconnect();
  });
  obs.observe(document, { subtree: true, childList: true, attributes: true });
};
const embeds = [];
// Five fresh browsers: a fresh browser's start varies by tens of milliseconds, the median
// of five steadies the figure.
for (let i = 0; i < 5; i++) {
  const fresh = await launchBrowser({ viewport: { width: 420, height: 520 } });
  try {
    const page = await fresh.context.newPage();
    await page.addInitScript(embedWatch);
    await page.goto(`${base}?embed#${process.env.FRAGMENT}`);
    await page.waitForFunction(() => window.__drawn, null, { timeout: 30_000 });
    embeds.push(await page.evaluate(() => window.__drawn));
  } finally {
    await fresh.close();
  }
}
console.log(`[bench-web] embed page, 100-ply game, fresh browser, navigation to drawn: median ${fmt(median(embeds))} ms (runs ${embeds.map(fmt).join(', ')}) (target < 150 ms)`);
if (errors.length) {
  console.log(`[bench-web] page errors:\n${errors.join('\n')}`);
  process.exit(1);
}
JS
# Studies: a 50-chapter study opened, a chapter switched, the library of 200 studies listed
# (tests/e2e/bench-studies.mjs says what each times).
BASE_URL="http://127.0.0.1:$PORT/" node tests/e2e/bench-studies.mjs

# The notation trainer: an answer to the next question drawn (tests/e2e/bench-learn.mjs).
BASE_URL="http://127.0.0.1:$PORT/" node tests/e2e/bench-learn.mjs

# A player's insights: 100 games reviewed in the workers, steps meanwhile
# (tests/e2e/bench-insights.mjs).
BASE_URL="http://127.0.0.1:$PORT/" node tests/e2e/bench-insights.mjs
