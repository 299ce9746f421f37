// The app opens with the built-in example game at its first move, with a hint of how to
// load another, and no errors.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, openApp, boardPieces, boardPly, currentRow, rowCount } from './helpers.mjs';

let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

test('the app opens on the example game at its first move', async () => {
  const { page, errors } = await openApp(browser.context);

  assert.equal(await page.title(), 'Beeline');
  assert.equal((await page.locator('h1').textContent()).trim(), 'Beeline');
  const hint = await page.locator('.hint').first().textContent();
  assert.match(hint, /paste|drop|permalink/i, 'the hint says how to load a game');

  const board = page.locator('svg#board');
  assert.equal(await board.count(), 1, 'exactly one svg#board');
  assert.ok(await board.isVisible(), 'the board is visible');
  // Direction notation's example game 1: 28 turns of each player, opened with the Ladybug.
  assert.equal(await rowCount(page), 56);
  assert.equal(await boardPly(page), 1);
  assert.equal(await currentRow(page), 1);
  assert.deepEqual(await boardPieces(page), ['wL']);
  assert.equal((await page.locator('#notation tr[data-ply="1"] td.direction').textContent()).trim(), 'L');
  assert.match(await page.locator('#record-format').textContent(), /direction/);
  assert.equal(await page.locator('#record-error').count(), 0, 'no error for the example');

  assert.deepEqual(errors, [], 'no page or console errors');
  await page.close();
});

test('a phone-width screen shows everything in one column', async () => {
  const phone = await launchBrowser({ viewport: { width: 390, height: 844 } });
  try {
    const { page, errors } = await openApp(phone.context);
    const board = await page.locator('svg#board').boundingBox();
    const table = await page.locator('#notation').boundingBox();
    assert.ok(board.width <= 390 && board.width > 300, `board fits the width (${board.width})`);
    assert.ok(table.y > board.y + board.height - 1, 'the notation comes below the board');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no sideways scrolling (${overflow}px)`);
    assert.deepEqual(errors, []);
  } finally {
    await phone.close();
  }
});
