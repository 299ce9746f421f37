// The analysis on the study board: the engine's evaluation, best line and best move for the
// position shown equal the command line's at the same depth (`beeline analyse --depth N`),
// a step stops the search and starts the next position's (in the same worker, which takes it
// between two slices of its search), the best line plays into the study, a review judges the
// same moves as the command line and goes into the PGN export.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { launchBrowser, openApp, waitForPly, beeline, audit, WIDTHS, ROOT } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser({ viewport: WIDTHS[0] });
});
after(async () => {
  await browser?.close();
});

const PLY = 10;

/** `beeline analyse --depth DEPTH --json` on the example game (the app opens with it). */
function cliAnalysis(depth) {
  const file = path.join(ROOT, 'tests/data/direction-game-1.md');
  return JSON.parse(beeline(['analyse', file, '--depth', String(depth), '--json']));
}

/** Waits until the analysis has finished the position after `ply` moves, to its depth. */
async function searched(page, ply, depth) {
  await page.waitForSelector(`#eval[data-ply="${ply}"][data-done="true"][data-depth="${depth}"]`, { timeout: 20_000 });
}

/** The best line's moves in the three notations. */
async function bestLine(page) {
  return page.$$eval('#best-line [data-move]', (bs) =>
    bs.map((b) => ({
      standard: b.querySelector('.standard').textContent,
      direction: b.querySelector('.direction').textContent,
      algebraic: b.querySelector('.algebraic').textContent,
    })),
  );
}

test('the analysis shows the command line’s best move, line and evaluation at the same depth', async () => {
  const { page, errors } = await openApp(browser.context, '#&analyse=4');
  await page.click(`#notation tr[data-ply="${PLY}"]`);
  await waitForPly(page, PLY);
  assert.equal(await page.getAttribute('#analyse', 'aria-pressed'), 'true');
  await searched(page, PLY, 4);
  const rows = cliAnalysis(4);
  const row = rows.find((r) => r.ply === PLY + 1);
  assert.ok(row, 'the CLI analysed the position');
  const line = await bestLine(page);
  assert.deepEqual(line, row.pv, 'the line in three notations');
  assert.equal(Number(await page.getAttribute('#eval', 'data-eval')), row.eval);
  // The best move drawn on the board, named as the line's first move.
  const drawn = await page.getAttribute('svg#board [data-best-move]', 'data-best-move');
  assert.equal(drawn, row.best.standard);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a step stops the search and starts the next position’s; the line plays into the study', async () => {
  const { page, errors } = await openApp(browser.context, '#&analyse');
  await page.click(`#notation tr[data-ply="${PLY}"]`);
  await waitForPly(page, PLY);
  await page.waitForSelector(`#eval[data-ply="${PLY}"]:not([data-depth="0"])`, { timeout: 20_000 });
  await page.keyboard.press('ArrowRight');
  await waitForPly(page, PLY + 1);
  // At once: the old position's answer is gone.
  assert.equal(await page.getAttribute('#eval', 'data-ply'), String(PLY + 1));
  await page.waitForSelector(`#eval[data-ply="${PLY + 1}"]:not([data-depth="0"])`, { timeout: 20_000 });
  const first = (await bestLine(page))[0];
  const rows = await page.locator('#notation tr[data-path]').count();
  await page.click('#best-line [data-move="0"]');
  await waitForPly(page, PLY + 2);
  // A variation with the engine's move (the game went on otherwise) or the game's move.
  assert.ok((await page.locator('#notation tr[data-path]').count()) >= rows);
  const current = await page.$eval('#notation tr[aria-current="true"] td.standard', (td) => td.textContent);
  assert.equal(current, first.standard);
  // The key A turns it off.
  await page.click('svg#board');
  await page.keyboard.press('a');
  assert.equal(await page.getAttribute('#analyse', 'aria-pressed'), 'false');
  assert.ok(await page.locator('#analysis').isHidden());
  assert.deepEqual(errors, []);
  await page.close();
});

test('the live search takes each new position in its worker, mid-search, and goes deeper there', async () => {
  // A browser of its own, whose pages count the workers started and stopped.
  const own = await launchBrowser({ viewport: WIDTHS[0] });
  try {
    await own.context.addInitScript(() => {
      const Base = window.Worker;
      window.__workers = { started: 0, stopped: 0 };
      window.Worker = class extends Base {
        constructor(...args) {
          super(...args);
          window.__workers.started += 1;
        }
        terminate() {
          window.__workers.stopped += 1;
          super.terminate();
        }
      };
    });
    const { page, errors } = await openApp(own.context, '#&analyse');
    await page.click(`#notation tr[data-ply="${PLY}"]`);
    await waitForPly(page, PLY);
    // Each step comes while the search of the position before is under way (a search
    // without a depth goes on for a minute).
    for (let ply = PLY; ply < PLY + 5; ply++) {
      await page.waitForSelector(`#eval[data-ply="${ply}"]:not([data-depth="0"])`, { timeout: 20_000 });
      assert.equal(await page.getAttribute('#eval', 'data-done'), 'false', `ply ${ply} still searched`);
      await page.keyboard.press('ArrowRight');
      await waitForPly(page, ply + 1);
    }
    // The last position is searched deeper and deeper, by the same worker.
    await page.waitForFunction((ply) => {
      const e = document.querySelector('#eval');
      return e.dataset.ply === String(ply) && Number(e.dataset.depth) >= 4;
    }, PLY + 5, { timeout: 20_000 });
    const line = await bestLine(page);
    assert.ok(line.length >= 1 && line.every((m) => m.standard && m.direction && m.algebraic));
    assert.deepEqual(await page.evaluate(() => window.__workers), { started: 1, stopped: 0 });
    // Turned off and on: the same worker again.
    await page.click('#analyse');
    await page.click('#analyse');
    await page.waitForSelector(`#eval[data-ply="${PLY + 5}"]:not([data-depth="0"])`, { timeout: 20_000 });
    assert.deepEqual(await page.evaluate(() => window.__workers), { started: 1, stopped: 0 });
    assert.deepEqual(errors, []);
  } finally {
    await own.close();
  }
});

test('a review judges the moves the command line judges, and goes into the PGN', async () => {
  const { page, errors } = await openApp(browser.context, '#&analyse=2');
  await page.click('#review');
  await page.waitForSelector('#keep-review:not([hidden])', { timeout: 60_000 });
  const rows = cliAnalysis(2);
  const points = await page.locator('#eval-graph [data-ply]').count();
  assert.equal(points, rows.length);
  const judged = await page.$$eval('#notation tr[data-judgement]', (trs) =>
    trs.map((tr) => `${tr.dataset.ply} ${tr.dataset.judgement}`),
  );
  const expected = rows
    .filter((r) => ['inaccuracy', 'mistake', 'blunder'].includes(r.judgement))
    .map((r) => `${r.ply} ${r.judgement}`);
  assert.deepEqual(judged, expected);
  assert.match(await page.textContent('.review-summary'), /^White: \d+ inaccurac/);
  // Another algebraic form writes the notation's rows again: they are marked again.
  await page.selectOption('#algebraic-form', 'long');
  await page.waitForFunction((n) => document.querySelectorAll('#notation tr[data-judgement]').length === n, expected.length);
  assert.deepEqual(await page.$$eval('#notation tr[data-judgement]', (trs) => trs.map((tr) => `${tr.dataset.ply} ${tr.dataset.judgement}`)), expected);
  await page.selectOption('#algebraic-form', 'short');
  // A click on the graph goes to its position, and the graph's line goes there.
  await page.click('#eval-graph [data-ply="5"]');
  await waitForPly(page, 5);
  const shown = async () => page.$eval('#eval-graph .graph-shown', (l) => l.getAttribute('visibility') === 'hidden' ? null : l.getAttribute('x1'));
  await page.waitForFunction(() => document.querySelector('#eval-graph .graph-shown').getAttribute('x1')
    === document.querySelector('#eval-graph [data-ply="5"]').getAttribute('cx'));
  assert.ok(await shown());
  await audit(page, 'analysis and review');
  // Kept: annotations and evaluations in the comments, out in the PGN.
  await page.click('#keep-review');
  await page.waitForSelector('#notation tr.comment');
  // The rows the notation wrote again (with their annotations) are marked again.
  const marks = () => page.$$eval('#notation tr[data-judgement]', (trs) => trs.map((tr) => `${tr.dataset.ply} ${tr.dataset.judgement}`));
  await page.waitForFunction((n) => document.querySelectorAll('#notation tr[data-judgement]').length === n, expected.length);
  assert.deepEqual(await marks(), expected);
  await page.keyboard.press('ArrowRight');
  await waitForPly(page, 6);
  await page.waitForFunction(() => document.querySelector('#eval-graph .graph-shown').getAttribute('x1')
    === document.querySelector('#eval-graph [data-ply="6"]').getAttribute('cx'));
  assert.deepEqual(await marks(), expected);
  const comment = await page.textContent('#notation tr.comment');
  assert.match(comment, /\[%eval -?\d+\.\d\d\]|\[%eval #-?\d+\]/);
  await page.selectOption('#export-format', 'pgn');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-export')]);
  const pgn = readFileSync(await download.path(), 'utf8');
  // Every move but the last has its evaluation; each judged move its annotation.
  assert.equal((pgn.match(/\[%eval /g) ?? []).length, rows.length - 1, pgn);
  // One NAG per judged move ($6 ?!, $2 ?, $4 ??), in the order of the moves.
  const nags = { inaccuracy: '$6', mistake: '$2', blunder: '$4' };
  const judgedMarks = pgn.match(/ \$\d+/g) ?? [];
  assert.deepEqual(judgedMarks.map((m) => m.trim()), rows.filter((r) => nags[r.judgement]).map((r) => nags[r.judgement]), pgn);
  assert.deepEqual(errors, []);
  await page.close();
});
