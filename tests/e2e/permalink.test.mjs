// Permalinks: a copied link reopens the game, its metadata and the move exactly; the
// address bar follows the move without adding history entries; bad links say so.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { launchBrowser, openApp, pasteRecord, boardPly, boardPieces, currentRow, rowCount, waitForPly, beeline, ROOT, sharedText } from './helpers.mjs';

const PGN = `[GameType "Base+M"]
[Date "2024.05.01"]
[Event "Club night"]
[White "Ann"]
[Black "Bo"]
[Result "InProgress"]

1. wG1
2. bG1 wG1-
3. wQ -wG1
4. bQ bG1-
5. wM wQ\\
6. bM bQ/
`;
// `beeline link --ply 4` of the PGN above (the command-line tool writes the same links).
const CLI_FRAGMENT = 'AQkBAgQDQW5uAkJvCjIwMjQuMDUuMDEKQ2x1YiBuaWdodAAABgIRAAIXF9zfNpg';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

test('copy link, then open it: same game, metadata and move', async () => {
  const { page, errors } = await openApp(browser.context);
  await pasteRecord(page, PGN);
  await waitForPly(page, 1);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await waitForPly(page, 4);
  const historyLength = await page.evaluate(() => history.length);
  const link = await sharedText(page, '#copy-link', '#share-url');
  assert.ok(link.startsWith(new URL(page.url()).origin), link);
  assert.ok(link.includes('#'), link);
  assert.equal(page.url(), link, 'the address bar shows the link');
  assert.equal(await page.evaluate(() => history.length), historyLength, 'no history entries added');
  const pieces = await boardPieces(page);
  const rows = await page.locator('#notation').textContent();

  const { page: other, errors: otherErrors } = await openApp(browser.context, link);
  await waitForPly(other, 4);
  assert.equal(await currentRow(other), 4);
  assert.deepEqual(await boardPieces(other), pieces);
  assert.equal(await other.locator('#notation').textContent(), rows);
  const meta = await other.locator('#game-meta').textContent();
  for (const s of ['Ann', 'Bo', '2024.05.01', 'Club night']) assert.ok(meta.includes(s), `${s} in ${meta}`);
  assert.match(await other.locator('#record-format').textContent(), /PGN/);
  assert.deepEqual(errors, []);
  assert.deepEqual(otherErrors, []);
  await page.close();
  await other.close();
});

test('a link from the command-line tool opens at its move', async () => {
  const { page, errors } = await openApp(browser.context, `#${CLI_FRAGMENT}`);
  await waitForPly(page, 4);
  assert.equal(await rowCount(page), 6);
  assert.equal(await currentRow(page), 4);
  assert.deepEqual(await boardPieces(page), ['bG1', 'bQ', 'wG1', 'wQ']);
  assert.match(await page.locator('#game-meta').textContent(), /Ann/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the address follows the move by replacing, not pushing, history', async () => {
  const { page, errors } = await openApp(browser.context);
  const before = await page.evaluate(() => history.length);
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await waitForPly(page, 6);
  // The example game at ply 6, as the command-line tool links it: the address settles there
  // (an earlier move's link may show first, while the keys are pressed).
  const want = `#${beeline(['link', path.join(ROOT, 'tests/data/direction-game-1.md'), '--ply', '6']).trim()}`;
  await page.waitForFunction((h) => location.hash === h, want);
  const hash = await page.evaluate(() => location.hash);
  assert.equal(await page.evaluate(() => history.length), before);
  // Reloading the address restores the move.
  await page.reload();
  await page.waitForSelector('[data-ready="true"]');
  await waitForPly(page, 6);
  assert.equal(await page.evaluate(() => location.hash), hash);
  assert.equal(await currentRow(page), 6);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a damaged link says so and shows the example game', async () => {
  const { page, errors } = await openApp(browser.context, `#${CLI_FRAGMENT.slice(0, -3)}xyz`);
  assert.match(await page.locator('#record-error').textContent(), /link is damaged/);
  assert.equal(await rowCount(page), 56);
  assert.equal(await boardPly(page), 1);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a link followed back at once, before the address took the move of the one between, loads', async () => {
  const first = `#${beeline(['link', '-', '--ply', '3'], 'Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-').trim()}`;
  const { page, errors } = await openApp(browser.context, first);
  await waitForPly(page, 3);
  const follow = (hash) => page.evaluate((h) => { location.hash = h; }, hash);
  // The example game's link, then straight back to the link the page opened with: the page
  // writes the example game's move into the address only once the move has settled.
  await follow(`#${beeline(['link', path.join(ROOT, 'tests/data/direction-game-1.md'), '--ply', '20']).trim()}`);
  await waitForPly(page, 20);
  await follow(first);
  await waitForPly(page, 3);
  assert.equal(await rowCount(page), 4);
  assert.equal(await currentRow(page), 3);
  // The address settles on the game shown, in the words the command-line tool links it.
  await page.waitForTimeout(500);
  assert.equal(await page.evaluate(() => location.hash), first);
  assert.deepEqual(errors, []);
  await page.close();
});
