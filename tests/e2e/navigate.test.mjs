// Stepping through a game with keys, buttons, the slider, the move field and autoplay:
// the current row and the board's ply follow.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, openApp, boardPly, currentRow, waitForPly } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

async function expectAt(page, ply) {
  await waitForPly(page, ply);
  assert.equal(await boardPly(page), ply);
  assert.equal(await currentRow(page), ply === 0 ? null : ply);
  assert.equal(await page.inputValue('#move-number'), String(ply));
  assert.equal(await page.inputValue('#ply-slider'), String(ply));
}

test('arrow keys, Home and End step through the game', async () => {
  const { page, errors } = await openApp(browser.context);
  await expectAt(page, 1);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expectAt(page, 3);
  await page.keyboard.press('ArrowLeft');
  await expectAt(page, 2);
  await page.keyboard.press('End');
  await expectAt(page, 56);
  await page.keyboard.press('ArrowRight');
  await expectAt(page, 56);
  await page.keyboard.press('Home');
  await expectAt(page, 0);
  await page.keyboard.press('ArrowLeft');
  await expectAt(page, 0);
  // Not while typing in the record box.
  await page.focus('#record-input');
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowRight');
  await expectAt(page, 0);
  // With the focus on no element (the page's <body>) the page's viewer still takes the keys.
  await page.evaluate(() => document.activeElement.blur());
  await page.keyboard.press('End');
  await expectAt(page, 56);
  // And with the focus on a control inside it.
  await page.focus('#copy-link');
  await page.keyboard.press('Home');
  await expectAt(page, 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('buttons, slider and move field', async () => {
  const { page, errors } = await openApp(browser.context);
  await page.click('#next');
  await expectAt(page, 2);
  await page.click('#last');
  await expectAt(page, 56);
  assert.ok(await page.locator('#next').isDisabled(), 'no next move at the end');
  await page.click('#prev');
  await expectAt(page, 55);
  await page.click('#first');
  await expectAt(page, 0);
  assert.ok(await page.locator('#prev').isDisabled());
  await page.fill('#move-number', '17');
  await page.press('#move-number', 'Enter');
  await expectAt(page, 17);
  await page.fill('#move-number', '999');
  await page.press('#move-number', 'Enter');
  await expectAt(page, 56);
  await page.locator('#ply-slider').fill('30');
  await expectAt(page, 30);
  // The current row is scrolled into view inside the table.
  const visible = await page.evaluate(() => {
    const box = document.querySelector('.notation-scroll').getBoundingClientRect();
    const row = document.querySelector('#notation tr[aria-current="true"]').getBoundingClientRect();
    return row.top >= box.top && row.bottom <= box.bottom + 1;
  });
  assert.ok(visible, 'the current row is in view');
  assert.deepEqual(errors, []);
  await page.close();
});

test('autoplay advances and stops at the end', async () => {
  const { page, errors } = await openApp(browser.context);
  await page.selectOption('#autoplay-speed', '250');
  await page.fill('#move-number', '53');
  await page.press('#move-number', 'Enter');
  await page.click('#autoplay');
  assert.equal(await page.getAttribute('#autoplay', 'aria-pressed'), 'true');
  await waitForPly(page, 56);
  await page.waitForFunction(() => document.querySelector('#autoplay').getAttribute('aria-pressed') === 'false', null, { timeout: 3000 });
  await expectAt(page, 56);
  assert.deepEqual(errors, []);
  await page.close();
});
