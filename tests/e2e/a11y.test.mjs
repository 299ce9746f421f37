// An axe-core audit of the main screens: the page as it opens, a later move with its row
// current (and hovered), a load error, a stack's popover, and a phone-width screen. Every
// rule axe runs by default must pass.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, openApp, pasteRecord, waitForPly, audit } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

test('the page as it opens, and at a later move with its row current', async () => {
  const { page, errors } = await openApp(browser.context);
  await audit(page, 'opened at move 1');
  // Clicking a row leaves the pointer on it: the current row, hovered.
  await page.click('#notation tr[data-ply="18"]');
  await waitForPly(page, 18);
  await audit(page, 'move 18, its row clicked and hovered');
  await page.mouse.move(1, 1);
  await page.keyboard.press('End');
  await waitForPly(page, 56);
  await audit(page, 'last move');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a load error and a stack popover', async () => {
  const { page, errors } = await openApp(browser.context);
  await pasteRecord(page, 'hello');
  await page.waitForSelector('#record-error');
  await audit(page, 'load error shown');
  await page.keyboard.press('End');
  await waitForPly(page, 56);
  await page.locator('svg#board g[data-height]').focus();
  await page.waitForSelector('.board-popover');
  await audit(page, 'stack popover open');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a phone-width screen', async () => {
  const phone = await launchBrowser({ viewport: { width: 390, height: 844 } });
  try {
    const { page, errors } = await openApp(phone.context);
    await audit(page, 'phone width');
    assert.deepEqual(errors, []);
  } finally {
    await phone.close();
  }
});
