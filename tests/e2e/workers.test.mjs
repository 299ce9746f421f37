// Workers that fail: the live analysis's, the review's and the collection reader's worker are
// each killed in the middle of their task (an error thrown in the worker, as a panic or an
// allocation that fails throws, which the page hears as the worker's error event), and one
// whose module cannot load. Each time the page says so in words, keeps the game, and the
// next use starts a new worker that does the task.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchBrowser, openApp, waitForPly, beeline } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser({ viewport: { width: 1280, height: 1000 }, serviceWorkers: 'block' });
});
after(async () => {
  await browser?.close();
});

/**
 * Throws an error in `worker` that nothing in it catches: from its clock, which a search
 * reads in the middle of its work (the error unwinds through the module as a panic does),
 * and from its event loop, for a worker that is waiting.
 */
async function kill(worker) {
  // A moment later, so that the evaluation has answered before the page ends the worker.
  await worker.evaluate(() => {
    const from = Date.now();
    const now = performance.now.bind(performance);
    performance.now = () => {
      if (Date.now() - from > 50) throw new Error('killed by the test');
      return now();
    };
    setTimeout(() => {
      throw new Error('killed by the test');
    }, 50);
  }).catch((e) => {
    if (!/closed/.test(e.message)) throw e;
  });
}

/** Polls `f` until it is truthy (`waitForFunction` cannot await the page's promises). */
async function until(f, what, ms = 30_000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The killed worker's error is the only one the page may report. */
function onlyKills(errors) {
  const other = errors.filter((e) => !/killed by the test/.test(e));
  assert.deepEqual(other, []);
}

/** What the notation and the board show: the game kept. */
async function gameShown(page) {
  return {
    rows: await page.locator('#notation tr[data-ply]').count(),
    ply: await page.getAttribute('svg#board', 'data-ply'),
  };
}

test('the live search’s worker killed mid-search: said, the game kept, the next position searched in a new worker', async () => {
  const { page, errors } = await openApp(browser.context, '#&analyse');
  await page.click('#notation tr[data-ply="8"]');
  await waitForPly(page, 8);
  // Searching: a depth shown, not done.
  await page.waitForSelector('#eval[data-ply="8"][data-depth]:not([data-depth="0"])', { timeout: 30_000 });
  assert.equal(page.workers().length, 1);
  const before = await gameShown(page);
  const [live] = page.workers();
  const closed = new Promise((resolve) => live.once('close', resolve));
  await kill(live);
  await page.waitForFunction(() => /engine stopped/.test(document.querySelector('.analysis-status')?.textContent ?? ''));
  await closed;
  assert.match(await page.textContent('.analysis-status'), /game is kept/);
  assert.deepEqual(await gameShown(page), before);
  // The next position is searched by a new worker.
  await page.keyboard.press('ArrowRight');
  await waitForPly(page, 9);
  await page.waitForSelector('#eval[data-ply="9"][data-depth]:not([data-depth="0"])', { timeout: 30_000 });
  assert.equal(page.workers().length, 1);
  assert.doesNotMatch(await page.textContent('.analysis-status'), /stopped/);
  onlyKills(errors);
  await page.close();
});

test('the review’s worker killed mid-review: said, the rows so far kept, a new review runs to the end', async () => {
  // At the browser's pace (about half a second a position): the review takes a while.
  const { page, errors } = await openApp(browser.context, '#&analyse');
  await page.waitForSelector('#eval[data-depth]:not([data-depth="0"])', { timeout: 30_000 });
  const live = page.workers();
  await page.click('#review');
  await until(async () => (await page.locator('#eval-graph [data-ply]').count()) >= 3, 'three reviewed rows');
  // The review's worker is the one it started.
  const review = page.workers().find((w) => !live.includes(w));
  assert.ok(review, 'the review has a worker of its own');
  const closed = new Promise((resolve) => review.once('close', resolve));
  await kill(review);
  await page.waitForFunction(() => /review stopped/.test(document.querySelector('.review-summary')?.textContent ?? ''))
    .catch(async (e) => assert.fail(`${e.message}: the summary reads ${await page.textContent('.review-summary')}`));
  assert.match(await page.textContent('.review-summary'), /rows reviewed so far are kept/);
  await closed;
  const kept = await page.locator('#eval-graph [data-ply]').count();
  assert.ok(kept >= 3, `${kept} rows kept`);
  assert.ok(await page.isEnabled('#review'), 'the review can be started again');
  await page.click('#review');
  await page.waitForSelector('#keep-review:not([hidden])', { timeout: 120_000 });
  assert.match(await page.textContent('.review-summary'), /^White: \d+ inaccurac/);
  assert.ok(await page.locator('#eval-graph [data-ply]').count() > kept);
  onlyKills(errors);
  await page.close();
});

test('the collection reader killed mid-read: said, its files read again in a new worker', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'beeline-workers-'));
  const big = path.join(dir, 'big.pgn');
  beeline(['generate', '--games', '20000', '--seed', '11', '--pgn', big]);
  const { page, errors } = await openApp(browser.context);
  const before = await gameShown(page);
  await page.setInputFiles('#collection-input', big);
  // Reading: some games read, not all.
  await page.waitForFunction(() => /^[1-9]\d* games read/.test(document.querySelector('.collection-progress:not([hidden]) .count')?.textContent ?? ''), null, { timeout: 60_000, polling: 10 });
  const [reader] = page.workers();
  await kill(reader);
  await page.waitForFunction(() => /collection reader stopped/.test(document.querySelector('.collection-status')?.textContent ?? ''));
  assert.deepEqual(await gameShown(page), before);
  assert.ok(await page.locator('#collection-reopen').isVisible(), 'the files can be read again');
  await page.click('#collection-reopen');
  await page.waitForFunction(() => /^20000 of 20000 games/.test(document.querySelector('.collection-status')?.textContent ?? ''), null, { timeout: 120_000 });
  assert.ok(await page.locator('#collection-reopen').isHidden());
  onlyKills(errors);
  await page.close();
});

test('an engine whose module cannot load says so; the next search loads it', async () => {
  const { context } = browser;
  const wasm = /beeline-worker-[0-9a-f]+_bg\.wasm$/;
  await context.route(wasm, (route) => route.fulfill({ status: 404, body: 'gone' }));
  try {
    const { page, errors } = await openApp(context, '#&analyse');
    await page.waitForFunction(() => /engine stopped/.test(document.querySelector('.analysis-status')?.textContent ?? ''), null, { timeout: 30_000 });
    await context.unroute(wasm);
    await page.keyboard.press('ArrowLeft');
    await page.waitForSelector('#eval[data-depth]:not([data-depth="0"])', { timeout: 30_000 });
    assert.doesNotMatch(await page.textContent('.analysis-status'), /stopped/);
    // The failed fetch and the module's error are the browser's console errors.
    assert.ok(errors.every((e) => /404|Failed to load|WebAssembly|wasm|magic/i.test(e)), errors.join('\n'));
    await page.close();
  } finally {
    await context.unroute(wasm).catch(() => {});
  }
});
