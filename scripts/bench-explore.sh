#!/usr/bin/env bash
# Collection benchmark (not a test): generates 10,000 random legal games (`beeline generate`:
# moves drawn uniformly from the legal ones, 40 to 80 plies, about 60 on average; legal but
# not realistic play, which is fine for timing), writes them as one multi-game PGN file and
# as a zip of one deflated PGN file per game, and times `beeline explore` on each (release
# build): loading, indexing and the report on the empty board, as a user runs it.
# Target: under 1 s and at most 300 MB each.
# Then the saved index (`explore --save`, reopened with `--index`) and the book (`beeline
# book`, one query with `explore --book`): their sizes and the time of one answer.
# With GAMES over 100,000 the games are written as files of 100,000 (seeds SEED, SEED+1, …):
# a folder of PGN files and a folder of zips, as an archive of many files is read; targets
# at 1,000,000: indexed in under 60 s with a peak under 1 GB (the folder, and the same games
# as one file: text files are read a block at a time), a saved index reopened and
# answering in under 2 s (from the file; `--verify` reads it whole first), a book answer from
# one shard of at most 64 KB. The browser run is left out there (BROWSER=1 asks for it: the
# saved index, to its first answer, its answers while it is read and once it is, and the book
# in Chromium; not the folders of games).
# `explore` plays only the indexed plies of records that state their result (docs/EXPLORER.md,
# "Reading only the opening"); CHECK_ALL=1 also times `explore --check-all`, every move of
# every game played, once.
# Prints wall time, CPU time and peak memory (with /usr/bin/time -v when present; else wall
# time only). The load average is printed first: other work on the machine slows the runs.
# GAMES=<n> SEED=<s> RUNS=<r> change the defaults (10000, 1, 3); OUT=<dir> keeps the files.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
GAMES="${GAMES:-10000}"
SEED="${SEED:-1}"
RUNS="${RUNS:-3}"
OUT="${OUT:-$ROOT/target/bench-explore}"
mkdir -p "$OUT"

cargo build --release --quiet --bin beeline
BIN="$ROOT/target/release/beeline"

PER_FILE=100000
if (( GAMES > PER_FILE )); then
  # Files of 100,000 games, two generated at a time.
  PGN="$OUT/pgn-$GAMES-$SEED"
  ZIP="$OUT/zip-$GAMES-$SEED"
  mkdir -p "$PGN" "$ZIP"
  FILES=$(( (GAMES + PER_FILE - 1) / PER_FILE ))
  for i in $(seq 0 $((FILES - 1))); do
    n=$(( GAMES - i * PER_FILE < PER_FILE ? GAMES - i * PER_FILE : PER_FILE ))
    name="$(printf 'games-%03d' "$i")"
    if [[ ! -s "$PGN/$name.pgn" || ! -s "$ZIP/$name.zip" ]]; then
      echo "[bench-explore] generating $n random legal games (seed $((SEED + i)))"
      "$BIN" generate --games "$n" --seed "$((SEED + i))" --pgn "$PGN/$name.pgn" --zip "$ZIP/$name.zip" &
      if (( i % 2 == 1 )); then wait; fi
    fi
  done
  wait
  BROWSER="${BROWSER:-0}"
else
  PGN="$OUT/games-$GAMES-$SEED.pgn"
  ZIP="$OUT/games-$GAMES-$SEED.zip"
  if [[ ! -s "$PGN" || ! -s "$ZIP" ]]; then
    echo "[bench-explore] generating $GAMES random legal games (seed $SEED)"
    "$BIN" generate --games "$GAMES" --seed "$SEED" --pgn "$PGN" --zip "$ZIP"
  fi
fi
echo "[bench-explore] $(du -sh "$PGN" | cut -f1) PGN, $(du -sh "$ZIP" | cut -f1) zip; $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"

measure() {
  local label="$1"; shift
  for run in $(seq "$RUNS"); do
    if [[ -x /usr/bin/time ]] && /usr/bin/time -v true >/dev/null 2>&1; then
      /usr/bin/time -v "$@" >/dev/null 2>"$OUT/time.txt"
      local wall peak user sys
      wall="$(grep 'Elapsed (wall clock)' "$OUT/time.txt" | awk '{print $NF}')"
      peak="$(grep 'Maximum resident set size' "$OUT/time.txt" | awk '{print $NF}')"
      user="$(grep 'User time' "$OUT/time.txt" | awk '{print $NF}')"
      sys="$(grep 'System time' "$OUT/time.txt" | awk '{print $NF}')"
      echo "[bench-explore] $label, run $run: wall ${wall} (m:ss), CPU ${user} s user + ${sys} s system, peak memory $((peak / 1024)) MB"
    else
      local start end
      start="$(date +%s.%N)"
      "$@" >/dev/null
      end="$(date +%s.%N)"
      echo "[bench-explore] $label, run $run: wall $(echo "$end - $start" | bc) s (no /usr/bin/time -v: memory not measured)"
    fi
  done
}

# The saved index is written by the PGN's runs (a second at a million games), then reopened
# for the answers after.
INDEX="$OUT/games-$GAMES-$SEED.idx"
measure "explore the PGN (and save the index)" "$BIN" explore "$PGN" --save "$INDEX"
measure "explore the zip" "$BIN" explore "$ZIP"
if (( GAMES > PER_FILE )); then
  # The same games as one file: read a block at a time, the peak is the index's.
  ONE="$OUT/one-$GAMES-$SEED.pgn"
  [[ -s "$ONE" ]] || cat "$PGN"/*.pgn >"$ONE"
  echo "[bench-explore] one file of $(du -sh "$ONE" | cut -f1)"
  measure "explore the games as one PGN file" "$BIN" explore "$ONE"
fi
if [[ "${CHECK_ALL:-0}" == 1 ]]; then
  RUNS=1 measure "explore the PGN, every move played (--check-all)" "$BIN" explore "$PGN" --check-all
fi
"$BIN" explore --index "$INDEX" | head -4
echo "[bench-explore] saved index: $(stat -c %s "$INDEX") bytes, $(( $(stat -c %s "$INDEX") / GAMES )) bytes a game"
measure "answer from the saved index after a line, JSON" "$BIN" explore --index "$INDEX" --line "wA1;bP wA1\\" --json
measure "reopen the saved index whole (--verify) and answer after a line, JSON" "$BIN" explore --index "$INDEX" --verify --line "wA1;bP wA1\\" --json
# The book: written from the saved index, then one answer reading one shard.
BOOK="$OUT/book-$GAMES-$SEED"
rm -rf "$BOOK"
start="$(date +%s.%N)"
"$BIN" book --index "$INDEX" --out "$BOOK"
echo "[bench-explore] book written in $(echo "$(date +%s.%N) - $start" | bc) s: $(find "$BOOK" -name '*.bin' | wc -l) shards, $(find "$BOOK" -name '*.bin' -printf '%s\n' | sort -n | tail -1) bytes the largest, $(du -s --apparent-size --block-size=1 "$BOOK" | cut -f1) bytes in all"
measure "a book answer (one shard read)" "$BIN" explore --book "$BOOK" --line "wA1;bP wA1\\"

# The same collection in headless Chromium (release build of the app): the PGN file, then the
# zip (over 100,000 games: the folder's PGN files, chosen together), chosen in
# `#collection-input`, timed from the choice to the list and the explorer shown (every game
# read and indexed by the collection worker, the first explorer answer drawn); then the
# worker's wasm memory, the page's, and the page's JavaScript heap. The worker's own start
# (loading its module) is in the time, as a user meets it. While the worker reads, the board
# is stepped every half second: the page's step times say whether it stays responsive.
if [[ "${BROWSER:-1}" == 1 ]]; then
  if [[ "${BEELINE_SETUP_DONE:-}" != 1 ]]; then bash scripts/setup.sh >/dev/null; fi
  # shellcheck source=/dev/null
  source target/beeline-env.sh
  beeline_web_env
  DIST="$OUT/dist"
  trunk build --release --dist "$DIST" >"$OUT/web-build.log" 2>&1 || { cat "$OUT/web-build.log"; exit 1; }
  PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  python3 -m http.server --bind 127.0.0.1 --directory "$DIST" "$PORT" >/dev/null 2>&1 &
  SERVER_PID=$!
  trap 'kill $SERVER_PID 2>/dev/null || true' EXIT
  sleep 1
  BASE_URL="http://127.0.0.1:$PORT/" GAMES="$GAMES" RUNS="$RUNS" PGN="$PGN" ZIP="$ZIP" node --input-type=module -e "
import { launchBrowser, openApp } from './tests/e2e/helpers.mjs';
import { readdirSync } from 'node:fs';
// At more than 100,000 games the games are folders of files: the PGN files are chosen together.
const folder = (d) => readdirSync(d).filter((n) => n.endsWith('.pgn')).sort().map((n) => d + '/' + n);
const files = Number(process.env.GAMES) > 100000 ? [['PGN files', folder(process.env.PGN)]] : [['PGN', process.env.PGN], ['zip', process.env.ZIP]];
for (const [label, file] of files) {
  for (let run = 1; run <= Number(process.env.RUNS); run++) {
    const b = await launchBrowser({ viewport: { width: 1280, height: 900 } });
    // The wasm module's memory, as the loader announces it.
    await b.context.addInitScript(() => addEventListener('TrunkApplicationStarted', (e) => { window.__wasm = e.detail.wasm; }));
    const { page } = await openApp(b.context);
    const cdp = await b.context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const input = await page.\$('#collection-input');
    const t0 = Date.now();
    await input.setInputFiles(file);
    // Steps of the board while the worker reads: the ms from a key to the board redrawn.
    const steps = page.evaluate((n) => new Promise((resolve) => {
      const times = [];
      const ply = () => Number(document.querySelector('svg#board')?.getAttribute('data-ply'));
      const tick = () => {
        if (document.querySelector('.collection-status')?.textContent.startsWith(n + ' of ')) return resolve(times);
        // The keys go to the board, not the file input that has the focus.
        document.activeElement?.blur();
        const want = ply() > 0 ? ply() - 1 : ply() + 1;
        const t = performance.now();
        const next = () => { seen.disconnect(); clearTimeout(late); setTimeout(tick, 500); };
        const seen = new MutationObserver(() => {
          if (ply() !== want) return;
          document.querySelector('svg#board').getBoundingClientRect();
          times.push(performance.now() - t);
          next();
        });
        // A key that moved nothing is not a step.
        const late = setTimeout(next, 2000);
        seen.observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ply'] });
        window.dispatchEvent(new KeyboardEvent('keydown', { key: want < ply() ? 'ArrowLeft' : 'ArrowRight', bubbles: true }));
      };
      tick();
    }), Number(process.env.GAMES).toString());
    await page.waitForFunction((n) => {
      const s = document.querySelector('.collection-status');
      const ex = document.querySelector('#explorer');
      return s && s.textContent.startsWith(n + ' of ' + n + ' games') && !ex.hidden && ex.querySelector('.explorer-summary').textContent !== '';
    }, Number(process.env.GAMES).toString(), { timeout: 600000, polling: 20 });
    const ms = Date.now() - t0;
    const stepped = (await steps).sort((a, b) => a - b);
    const at = (q) => stepped.length ? stepped[Math.min(stepped.length - 1, Math.floor(q * stepped.length))].toFixed(1) : '-';
    const metrics = (await cdp.send('Performance.getMetrics')).metrics;
    const heap = metrics.find((m) => m.name === 'JSHeapUsedSize').value;
    const wasm = await page.evaluate(() => window.__wasm?.memory?.buffer?.byteLength ?? 0);
    const worker = Number(await page.getAttribute('.collection-panel', 'data-memory'));
    const mb = (b) => Math.round(b / 1048576);
    console.log('[bench-explore] Chromium, the ' + label + ', run ' + run + ': chosen to listed and indexed ' + ms + ' ms; wasm memory ' + mb(worker) + ' MB in the worker + ' + mb(wasm) + ' MB in the page, page JS heap ' + mb(heap) + ' MB; ' + stepped.length + ' steps of the board meanwhile, median ' + at(0.5) + ' ms, slowest ' + at(1) + ' ms');
    await b.close();
  }
}
"
fi

# The saved index and the book in Chromium: the index the PGN's run saved, chosen in
# `#collection-input` (timed to the explorer's first answer, then a move's answer), and the
# book from `?book` (served beside the app), from a cold cache: the time from a move to the
# book's answer and the bytes fetched for it.
if [[ "${BROWSER:-1}" == 1 ]]; then
  ln -sfn "$BOOK" "$DIST/book"
  BASE_URL="http://127.0.0.1:$PORT/" GAMES="$GAMES" RUNS="$RUNS" INDEX="$INDEX" node --input-type=module -e "
import { launchBrowser, openApp } from './tests/e2e/helpers.mjs';
/** Plays the explorer's first move in table \`table\`: the ms, in the page, from the click to
 *  the explorer's tables changing (the move played, the worker asked and its answer drawn). */
function step(page, table) {
  return page.evaluate((table) => new Promise((resolve) => {
    const box = document.querySelector('.explorer-tables');
    const t0 = performance.now();
    const seen = new MutationObserver(() => { seen.disconnect(); resolve(Math.round(performance.now() - t0)); });
    seen.observe(box, { childList: true, subtree: true, characterData: true });
    document.querySelector('#explorer ' + table + ' tr[data-explorer-move] .play-move').click();
  }), table);
}
for (let run = 1; run <= Number(process.env.RUNS); run++) {
  const b = await launchBrowser({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  const { page } = await openApp(b.context);
  await page.keyboard.press('Home');
  const t0 = Date.now();
  await page.setInputFiles('#collection-input', process.env.INDEX);
  await page.waitForFunction(() => /^A saved explorer index/.test(document.querySelector('.collection-status')?.textContent ?? '')
    && /reached this position/.test(document.querySelector('.explorer-summary')?.textContent ?? ''), null, { timeout: 300000, polling: 20 });
  const open = Date.now() - t0;
  // Answers from the file while the rest is read a slice per task, then from memory once the
  // status says the index is read and checked.
  const early = [];
  for (let k = 0; k < 6; k++) early.push(await step(page, '.explorer-table'));
  await page.waitForFunction(() => /^A saved explorer index of [0-9,]+ games: /.test(document.querySelector('.collection-status')?.textContent ?? ''), null, { timeout: 300000, polling: 20 });
  const read = Date.now() - t0;
  const worker = Number(await page.getAttribute('.collection-panel', 'data-memory'));
  await page.keyboard.press('Home');
  const moves = [];
  for (let k = 0; k < 6; k++) moves.push(await step(page, '.explorer-table'));
  console.log('[bench-explore] Chromium, the saved index, run ' + run + ': chosen to the first answer ' + open + ' ms; a move to its answer from the file ' + early.join(', ') + ' ms; read whole and checked ' + read + ' ms, wasm memory ' + Math.round(worker / 1048576) + ' MB in the worker; then a move to its answer ' + moves.join(', ') + ' ms');
  await b.close();

  const c = await launchBrowser({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  const bytes = [];
  const opened = await c.context.newPage();
  opened.on('response', async (r) => { if (/\/book\//.test(r.url())) bytes.push([r.url(), (await r.body()).length]); });
  await opened.goto(process.env.BASE_URL + '?book');
  await opened.waitForSelector('[data-ready=\"true\"]');
  await opened.keyboard.press('Home');
  await opened.waitForSelector('#explorer .book-table tr[data-explorer-move]', { timeout: 60000 });
  const times = [];
  const fetched = [];
  for (let k = 0; k < 4; k++) {
    const from = bytes.length;
    times.push(await step(opened, '.book-table'));
    fetched.push(bytes.slice(from).reduce((s, [, n]) => s + n, 0));
  }
  console.log('[bench-explore] Chromium, the book (cold cache), run ' + run + ': a move to the book\'s answer ' + times.join(', ') + ' ms, fetching ' + fetched.join(', ') + ' bytes');
  await c.close();
}
"
  rm -f "$DIST/book"
fi
