// The long-session benchmark (scripts/bench-soak.sh; not part of the test suite): one page
// of the app, a desktop's width, through
//   1. STEPS steps (the arrow keys, back and forth through the example game, End and Home),
//   2. TOGGLES times the analysis turned on and off (each time a search starts and stops),
//   3. REVIEWS whole-game reviews at the browser's pace, one after the other,
//   4. COLLECTIONS collections of 5,000 generated games opened in turn, each replacing the
//      one before (a collection is closed so), and the example game loaded again.
// After each stage, garbage collected first, it prints the page's JS heap, the page's wasm
// memory and each worker's wasm memory, and at the end checks them against the budgets:
// the JS heap within HEAP_MB (and within 2 MB of its size after the first stage's first
// quarter: no growth that does not come back down), the page's wasm memory within
// PAGE_WASM_MB, each worker's within WORKER_WASM_MB. A wasm memory never shrinks (the
// browser cannot give it back), so its growth must stop: the last collection's worker no
// larger than after the second (which replaced the first), the live engine's no larger
// after the toggles than after the first tenth of them.

import { launchBrowser, openApp, beeline } from './helpers.mjs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const STEPS = Number(process.env.STEPS ?? 10000);
const TOGGLES = Number(process.env.TOGGLES ?? 200);
const REVIEWS = Number(process.env.REVIEWS ?? 5);
const COLLECTIONS = Number(process.env.COLLECTIONS ?? 3);
const HEAP_MB = 24;
const PAGE_WASM_MB = 48;
const WORKER_WASM_MB = 160;

const mb = (b) => Math.round((b / 1048576) * 10) / 10;

const b = await launchBrowser({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
await b.context.addInitScript(() => addEventListener('TrunkApplicationStarted', (e) => { window.__wasm = e.detail.wasm; }));
const { page, errors } = await openApp(b.context);
const cdp = await b.context.newCDPSession(page);
await cdp.send('Performance.enable');
await cdp.send('HeapProfiler.enable');

/** The page's heap after a collection, its wasm memory and each live worker's. */
async function memory() {
  await cdp.send('HeapProfiler.collectGarbage');
  const metrics = (await cdp.send('Performance.getMetrics')).metrics;
  const heap = metrics.find((m) => m.name === 'JSHeapUsedSize').value;
  const wasm = await page.evaluate(() => window.__wasm?.memory?.buffer?.byteLength ?? 0);
  const workers = [];
  for (const w of page.workers()) {
    workers.push(await w.evaluate(() => self.beelineWasm?.memory?.buffer?.byteLength ?? 0).catch(() => 0));
  }
  return { heap, wasm, workers };
}

const table = [];
async function note(stage) {
  const m = await memory();
  table.push({ stage, ...m });
  console.log(`[bench-soak] ${stage}: JS heap ${mb(m.heap)} MB, page wasm ${mb(m.wasm)} MB, workers' wasm ${m.workers.map((w) => mb(w) + ' MB').join(', ') || 'none'}`);
  return m;
}

await note('opened');
const rows = await page.locator('#notation tr[data-ply]').count();

// 1. Steps: the keys, as a player holds them, back and forth.
let early;
let t0 = Date.now();
for (let i = 0; i < STEPS; i++) {
  const lap = Math.floor(i / rows);
  if (i % 500 === 499) await page.keyboard.press(i % 1000 === 999 ? 'Home' : 'End');
  else await page.keyboard.press(lap % 2 === 0 ? 'ArrowRight' : 'ArrowLeft');
  if (i + 1 === Math.floor(STEPS / 4)) early = await note(`${i + 1} steps`);
}
await note(`${STEPS} steps (${Math.round((Date.now() - t0) / 1000)} s)`);

// 2. The analysis turned on and off, at a position each time.
await page.keyboard.press('Home');
let firstTenth;
t0 = Date.now();
for (let i = 0; i < TOGGLES; i++) {
  await page.click('#analyse');
  await page.waitForTimeout(i % 2 === 0 ? 120 : 30);
  if (i % 2 === 1) await page.keyboard.press('ArrowRight');
  if (i + 1 === Math.max(2, Math.floor(TOGGLES / 10))) firstTenth = await note(`${i + 1} analysis toggles`);
}
const toggled = await note(`${TOGGLES} analysis toggles (${Math.round((Date.now() - t0) / 1000)} s)`);

// 3. Reviews, one after the other (the analysis on, as a review needs).
if (await page.getAttribute('#analyse', 'aria-pressed') !== 'true') await page.click('#analyse');
for (let i = 0; i < REVIEWS; i++) {
  t0 = Date.now();
  await page.click('#review');
  await page.waitForSelector('#keep-review', { state: 'hidden' });
  await page.waitForSelector('#keep-review:not([hidden])', { timeout: 300_000 });
  await note(`review ${i + 1} (${Math.round((Date.now() - t0) / 1000)} s)`);
}
await page.click('#analyse');

// 4. Collections opened in turn.
const dir = mkdtempSync(path.join(tmpdir(), 'beeline-soak-'));
for (let i = 0; i < COLLECTIONS; i++) {
  const file = path.join(dir, `games-${i}.pgn`);
  beeline(['generate', '--games', '5000', '--seed', String(100 + i), '--pgn', file]);
  t0 = Date.now();
  await page.setInputFiles('#collection-input', file);
  await page.waitForFunction(() => /^5000 of 5000 games/.test(document.querySelector('.collection-status')?.textContent ?? ''), null, { timeout: 120_000 });
  await note(`collection ${i + 1} (${Math.round((Date.now() - t0) / 1000)} s)`);
}
const last = await note('the end');

// Budgets.
const problems = [];
for (const m of table) {
  if (m.heap > HEAP_MB * 1048576) problems.push(`${m.stage}: JS heap ${mb(m.heap)} MB over ${HEAP_MB} MB`);
  if (m.wasm > PAGE_WASM_MB * 1048576) problems.push(`${m.stage}: page wasm ${mb(m.wasm)} MB over ${PAGE_WASM_MB} MB`);
  for (const w of m.workers) if (w > WORKER_WASM_MB * 1048576) problems.push(`${m.stage}: a worker's wasm ${mb(w)} MB over ${WORKER_WASM_MB} MB`);
}
const after = table.find((m) => m.stage.startsWith(`${STEPS} steps`));
if (early && after.heap > early.heap + 2 * 1048576) problems.push(`the JS heap grew over the steps: ${mb(early.heap)} → ${mb(after.heap)} MB`);
if (early && last.heap > early.heap + 2 * 1048576) problems.push(`the JS heap did not come back down: ${mb(early.heap)} → ${mb(last.heap)} MB`);
if (firstTenth && Math.max(...toggled.workers) > Math.max(...firstTenth.workers)) problems.push(`the engine's memory grew with the toggles: ${firstTenth.workers.map(mb)} → ${toggled.workers.map(mb)} MB`);
// The reader's memory settles once a collection has replaced another (the allocator's
// high-water mark: the new file's text beside the index being built).
const second = table.find((m) => m.stage.startsWith('collection 2'));
if (second && Math.max(...last.workers) > Math.max(...second.workers)) problems.push(`the collection reader's memory grew: ${second.workers.map(mb)} → ${last.workers.map(mb)} MB`);
if (errors.length) problems.push(`page errors: ${errors.join('; ')}`);
await b.close();
if (problems.length) {
  console.log('[bench-soak] OVER BUDGET:\n  ' + problems.join('\n  '));
  process.exit(1);
}
console.log(`[bench-soak] within budget: JS heap ≤ ${HEAP_MB} MB and back down, page wasm ≤ ${PAGE_WASM_MB} MB, each worker ≤ ${WORKER_WASM_MB} MB, no wasm growth after the first toggles or the second collection`);
