// What a reader sees at a desktop's and a phone's width: turn numbers of three digits whole
// in their column and the moves within their panel (a 1,000-ply game), the explorer's table
// within its panel with long players' names, and the game's facts broken between words.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launchBrowser, openApp, pasteRecord, waitForPly, layOutEveryRow, clippedText, pastTheRightEdge, splitWords, none, fixture, WIDTHS,
} from './helpers.mjs';

const LONG_GAME = fixture('long-game.pgn');
const LONG_NAMES = fixture('long-names.pgn');

for (const viewport of WIDTHS) {
  describe(`at ${viewport.width} px`, () => {
    let browser;
    before(async () => {
      browser = await launchBrowser({ viewport });
    });
    after(async () => {
      await browser?.close();
    });

    test('a 1,000-ply game: every turn number and move whole, every row within the panel', async () => {
      const { page, errors } = await openApp(browser.context);
      await pasteRecord(page, LONG_GAME);
      await page.waitForSelector('#notation tr[data-ply="1000"]', { state: 'attached' });
      await page.keyboard.press('End');
      await waitForPly(page, 1000);
      await layOutEveryRow(page);
      assert.equal(await page.textContent('#notation tr[data-ply="1000"] td.turn'), '500.');
      none(await clippedText(page, '#notation tr[data-ply] td.turn'), 'turn numbers cut');
      // Nor are the standard and direction notations; the algebraic column takes the rest,
      // and its long forms (a throw names the piece thrown and its cell) wrap between words,
      // in each form.
      none(await clippedText(page, '#notation tr[data-ply] :is(td.standard, td.direction)'), 'moves cut');
      for (const form of ['short', 'long', 'compressed']) {
        await page.selectOption('#algebraic-form', form);
        await layOutEveryRow(page);
        none(await clippedText(page, '#notation tr[data-ply] td.algebraic'), `${form} algebraic forms cut`);
        // (A coordinate such as `r-1` is one word here: no line may end at its hyphen.)
        none(await page.$$eval('#notation tr[data-ply] td.algebraic', (tds) => tds.flatMap((td) => {
          const split = [];
          const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (const m of node.data.matchAll(/\S+/g)) {
              const range = document.createRange();
              range.setStart(node, m.index);
              range.setEnd(node, m.index + m[0].length);
              const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
              if (lines.size > 1) split.push(`"${m[0]}" of "${td.textContent}"`);
            }
          }
          return split;
        })), `${form} algebraic forms split in a word`);
      }
      await page.selectOption('#algebraic-form', 'short');
      // The rows fit the scrolling list, which fits the panel: nothing scrolls sideways.
      none(await pastTheRightEdge(page, '.notation-scroll', 'tr, td'), 'rows and cells past the list\'s edge');
      none(await pastTheRightEdge(page, '.notation-panel', '.notation-scroll, table'), 'past the panel\'s edge');
      assert.deepEqual(errors, []);
      await page.close();
    });

    test('a row at the window\'s bottom edge is chosen by a click, and by a tap', async () => {
      const touch = await launchBrowser({ viewport, hasTouch: true });
      try {
        for (const [how, context] of [['click', browser.context], ['tap', touch.context]]) {
          const { page, errors } = await openApp(context);
          for (const ply of [18, 19]) {
            // The row cut by the window's bottom edge, then pressed at once (as a tap is).
            await page.$eval(`#notation tr[data-ply="${ply}"]`, (r) => r.scrollIntoView({ block: 'end' }));
            const box = await page.locator(`#notation tr[data-ply="${ply}"]`).boundingBox();
            const y = box.y + box.height / 2;
            assert.ok(y < viewport.height, `row ${ply} at ${y}`);
            if (how === 'tap') await page.touchscreen.tap(box.x + 40, y);
            else await page.mouse.click(box.x + 40, y);
            await waitForPly(page, ply);
          }
          assert.deepEqual(errors, []);
          await page.close();
        }
      } finally {
        await touch.close();
      }
    });

    test('the explorer\'s table stays within its panel with long players\' names', async () => {
      const { page, errors } = await openApp(browser.context);
      await pasteRecord(page, LONG_NAMES);
      await page.waitForSelector('#game-list tr[data-game]');
      await page.evaluate(() => document.activeElement?.blur());
      await page.keyboard.press('Home');
      await waitForPly(page, 0);
      await page.waitForFunction(() => document.querySelectorAll('#explorer tr[data-explorer-move]').length === 3);
      const names = await page.$$eval('#explorer .open-game', (bs) => bs.map((b) => b.textContent));
      assert.ok(names.some((n) => n.includes('Dumbot_Frederick_Augustus_Longname_Smithson')), names.join('\n'));
      none(await pastTheRightEdge(page, '#explorer', 'table, th, td, button'), 'past the explorer\'s edge');
      // Names with spaces wrap between their words.
      none(await splitWords(page, '#explorer tr:not(:has(.open-game[data-open-game="1"])) .open-game'), 'words split');
      assert.deepEqual(errors, []);
      await page.close();
    });

    test('the game\'s facts wrap between words', async () => {
      const { page, errors } = await openApp(browser.context);
      await pasteRecord(page, LONG_GAME);
      await page.waitForFunction(() => document.querySelector('[data-fact="event"] dd')?.textContent.includes('BoardSpace.net'));
      none(await splitWords(page, '#game-meta dt, #game-meta dd'), 'words split');
      none(await pastTheRightEdge(page, '.game-info', '.fact, dt, dd'), 'past the panel\'s edge');
      assert.deepEqual(errors, []);
      await page.close();
    });
  });
}
