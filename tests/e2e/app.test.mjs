// The app loads, mounts, and shows its title and the board.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, openApp } from './helpers.mjs';

let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

test('the app mounts and shows the title, a hint and the board', async () => {
  const { page, errors } = await openApp(browser.context);

  assert.equal(await page.title(), 'Beeline');
  assert.equal((await page.locator('h1').textContent()).trim(), 'Beeline');
  assert.ok((await page.locator('.hint').textContent()).trim().length > 0, 'a hint is shown');

  const board = page.locator('svg#board');
  assert.equal(await board.count(), 1, 'exactly one svg#board');
  assert.ok(await board.isVisible(), 'the board is visible');
  assert.ok((await board.locator('polygon.hex').count()) >= 1, 'the board draws hex cells');

  assert.deepEqual(errors, [], 'no page or console errors');
  await page.close();
});
