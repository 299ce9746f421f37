// An axe-core audit of the screens, at a desktop's and a phone's width: the page as it
// opens (in the light and the dark theme), a later move with its row current (and hovered), a load error, a stack's popover,
// the grid shown, the list of moves scrolled, a 1,000-ply game, and a collection with its
// explorer. Every rule axe runs by default must pass in each.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, openApp, pasteRecord, waitForPly, audit, fixture, WIDTHS } from './helpers.mjs';

/** Scrolls the list of moves to `where` (0 the top, 1 the bottom) and waits for a frame. */
async function scrollMoves(page, where) {
  await page.evaluate((w) => {
    const s = document.querySelector('.notation-scroll');
    s.scrollTop = (s.scrollHeight - s.clientHeight) * w;
  }, where);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve())));
}

for (const viewport of WIDTHS) {
  describe(`at ${viewport.width} px`, () => {
    let browser;
    before(async () => {
      browser = await launchBrowser({ viewport });
    });
    after(async () => {
      await browser?.close();
    });
    const at = (state) => `${state} (${viewport.width} px)`;

    test('the page as it opens, and at a later move with its row current', async () => {
      const { page, errors } = await openApp(browser.context);
      await audit(page, at('opened at move 1'));
      // Clicking a row leaves the pointer on it: the current row, hovered (in the middle of
      // the window, so that the audit sees the rows around it).
      await page.$eval('#notation tr[data-ply="18"]', (row) => row.scrollIntoView({ block: 'center' }));
      await page.click('#notation tr[data-ply="18"]');
      await waitForPly(page, 18);
      await audit(page, at('move 18, its row clicked and hovered'));
      await page.mouse.move(1, 1);
      await page.keyboard.press('End');
      await waitForPly(page, 56);
      await audit(page, at('last move'));
      assert.deepEqual(errors, []);
      await page.close();
    });

    test('the dark theme: opened, a later move, the grid, figurines, a throw', async () => {
      const { page, errors } = await openApp(browser.context);
      await page.emulateMedia({ colorScheme: 'dark' });
      await audit(page, at('dark, opened at move 1'));
      await page.click('#notation tr[data-ply="18"]');
      await waitForPly(page, 18);
      await audit(page, at('dark, move 18 current'));
      if (viewport.width <= 600) await page.click('#board-more');
      await page.click('#show-grid');
      await page.waitForSelector('svg#board [data-cell]');
      await page.check('#figurines');
      await audit(page, at('dark, grid and figurines shown'));
      await pasteRecord(page, 'Base+P;InProgress;Black[3];wP;bS1 wP-;wQ -wP;bQ bS1-;wQ wP/');
      await page.click('#notation tr[data-ply="5"]');
      await waitForPly(page, 5);
      await audit(page, at('dark, a throw shown'));
      await page.uncheck('#figurines');
      assert.deepEqual(errors, []);
      await page.close();
    });

    test('a load error and a stack popover', async () => {
      const { page, errors } = await openApp(browser.context);
      await pasteRecord(page, 'hello');
      await page.waitForSelector('#record-error');
      await audit(page, at('load error shown'));
      await page.keyboard.press('End');
      await waitForPly(page, 56);
      await page.locator('svg#board g[data-height]').focus();
      await page.waitForSelector('.board-popover');
      await audit(page, at('stack popover open'));
      assert.deepEqual(errors, []);
      await page.close();
    });

    test('the grid shown, the moves scrolled, and a 1,000-ply game', async () => {
      const { page, errors } = await openApp(browser.context);
      // A phone keeps the grid's button behind More.
      if (viewport.width <= 600) await page.click('#board-more');
      await page.click('#show-grid');
      await page.waitForSelector('svg#board [data-cell]');
      await audit(page, at('grid shown'));
      await scrollMoves(page, 0.5);
      await audit(page, at('grid shown, moves scrolled halfway'));
      await page.click('#show-grid');
      await scrollMoves(page, 1);
      await audit(page, at('moves scrolled to the end'));
      await pasteRecord(page, fixture('long-game.pgn'));
      await page.waitForSelector('#notation tr[data-ply="1000"]', { state: 'attached' });
      await audit(page, at('a 1,000-ply game opened'));
      await page.evaluate(() => document.activeElement?.blur());
      await page.keyboard.press('End');
      await waitForPly(page, 1000);
      await audit(page, at('a 1,000-ply game at its last move'));
      await scrollMoves(page, 0.3);
      await audit(page, at('a 1,000-ply game, its moves scrolled'));
      assert.deepEqual(errors, []);
      await page.close();
    });

    test('a collection with long players\' names, and its explorer', async () => {
      const { page, errors } = await openApp(browser.context);
      await pasteRecord(page, fixture('long-names.pgn'));
      await page.waitForSelector('#game-list tr[data-game]');
      await page.evaluate(() => document.activeElement?.blur());
      await page.keyboard.press('Home');
      await waitForPly(page, 0);
      await page.waitForSelector('#explorer tr[data-explorer-move]');
      await audit(page, at('a collection and its explorer'));
      assert.deepEqual(errors, []);
      await page.close();
    });
  });
}
