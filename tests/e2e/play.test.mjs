// Playing on the board: picking a piece (or a kind in a reserve) marks its destinations,
// clicking, pressing Enter on or dragging onto one plays it (following the game, or starting
// a variation), hovering one explains its move, Escape cancels.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, openApp, boardPly, currentRow, rowCount, waitForPly, audit } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** Steps the board to `ply` through the move-number field of the controls. */
async function goTo(page, ply) {
  await page.fill('#move-number', String(ply));
  await page.press('#move-number', 'Enter');
  await waitForPly(page, ply);
}

/**
 * Waits until the board marks what can move at `ply` (a moment after a step, so that
 * stepping stays fast): the player to move's reserve row is framed.
 */
async function settled(page, color) {
  await page.waitForSelector(`.reserve[data-color="${color}"][data-to-move="true"]`);
}

/** Waits until `selector` matches `n` elements. */
const countIs = (page, selector, n) =>
  page.waitForFunction(([s, k]) => document.querySelectorAll(s).length === k, [selector, n]);

const destinations = (page) => page.locator('svg#board [data-destination]');
const moves = (page) => destinations(page).evaluateAll((ds) => ds.map((d) => d.dataset.move));
const standardAt = (page, ply) =>
  page.locator(`#notation tr[data-ply="${ply}"] td.standard`).textContent().then((s) => s.trim());

/** The centre of an element on screen. */
async function centre(locator) {
  const b = await locator.boundingBox();
  return [b.x + b.width / 2, b.y + b.height / 2];
}

/** A destination by its move as written (unique for one piece's moves after the second). */
const destination = (page, move) =>
  page.locator(`svg#board [data-move="${move.replace(/[\\"]/g, (c) => `\\${c}`)}"]`);

/** The centre of a destination's cell on screen (its dot). */
const dotCentre = (locator) => centre(locator.locator('circle.dot'));

/** The reserve item of a kind (`wA`) and its count. */
const reserveCount = (page, code) =>
  page.locator(`[data-reserve="${code}"]`).getAttribute('data-count').then(Number);

// At ply 17 of the example game Black plays bA3 /wQ (A2×Qs); bA3 can go elsewhere too.
const PLY = 17;
const RECORDED = 'bA3 /wQ';

test('a click on a piece marks its destinations; a click on one starts a variation', async () => {
  const { page, errors } = await openApp(browser.context);
  await goTo(page, PLY);
  await settled(page, 'b');
  assert.equal(await destinations(page).count(), 0, 'nothing marked before a pick');
  const rows = await rowCount(page);
  // Only the player to move's pieces can be picked.
  const piece = page.locator('svg#board g[data-piece="bA3"]');
  await page.waitForSelector('svg#board g[data-piece="bA3"][data-movable="true"]');
  assert.equal(await page.locator('svg#board g[data-piece="wQ"]').getAttribute('data-movable'), null);
  assert.match(await piece.getAttribute('aria-label'), /\(bA3\); can move: Enter picks it$/);
  await piece.click();
  assert.equal(await piece.getAttribute('data-selected'), 'true');
  assert.match(await piece.getAttribute('aria-label'), /\(bA3\); picked/);
  await page.waitForSelector('svg#board g.destinations [data-destination]');
  const marked = await moves(page);
  assert.ok(marked.length > 3, `bA3 can go to ${marked.length} cells`);
  assert.ok(marked.every((m) => m.startsWith('bA3')), marked.join(', '));
  assert.ok(marked.includes(RECORDED), `${RECORDED} among ${marked.join(', ')}`);
  const first = destinations(page).first();
  assert.equal(await first.getAttribute('role'), 'button');
  assert.equal(await first.getAttribute('tabindex'), '0');
  assert.equal(await first.getAttribute('aria-label'), `Play ${marked[0]}`);
  // A pick redraws no tile: the destinations are a layer of their own.
  assert.equal(await page.locator('svg#board g.piece').count(), await page.locator('svg#board g[data-piece]').count());

  const other = marked.find((m) => m !== RECORDED);
  await destination(page, other).click();
  await waitForPly(page, PLY + 1);
  assert.equal(await destinations(page).count(), 0, 'the pick is gone after the move');
  assert.equal(await page.locator('svg#board [data-selected]').count(), 0);
  const variation = page.locator('#notation tr[data-variation="true"]');
  assert.equal(await variation.count(), 1);
  assert.equal((await variation.locator('td.standard').textContent()).trim(), other);
  assert.equal(await variation.getAttribute('aria-current'), 'true');
  assert.equal(await rowCount(page), rows, 'the main line keeps its rows');
  // The board shows the new move: bA3 is where it was sent, marked as moved last.
  assert.equal(await page.locator('svg#board g[data-last="true"]').getAttribute('data-piece'), 'bA3');
  // Ctrl+Z takes it back.
  await page.keyboard.press('Control+z');
  await waitForPly(page, PLY);
  assert.equal(await page.locator('#notation tr[data-variation="true"]').count(), 0);
  await page.waitForSelector('svg#board g[data-piece="bA3"][data-movable="true"]');
  assert.deepEqual(errors, [], 'no page or console errors');
  await page.close();
});

test('playing the recorded move follows the game; Enter on a destination plays it', async () => {
  const { page, errors } = await openApp(browser.context);
  await goTo(page, PLY);
  const rows = await rowCount(page);
  await page.locator('svg#board g[data-piece="bA3"]').click();
  await destination(page, RECORDED).click();
  await waitForPly(page, PLY + 1);
  assert.equal(await currentRow(page), PLY + 1);
  assert.equal(await page.locator('#notation tr[data-variation="true"]').count(), 0);
  assert.equal(await rowCount(page), rows);
  // The keyboard: Enter on a piece picks it, Tab reaches its destinations, Enter plays one.
  const next = await standardAt(page, PLY + 2);
  const mover = next.split(' ')[0];
  const piece = page.locator(`svg#board g[data-piece="${mover}"]`);
  await piece.focus();
  await page.keyboard.press('Enter');
  assert.equal(await piece.getAttribute('data-selected'), 'true');
  // The focus goes on to the first destination.
  await page.waitForFunction(() => document.activeElement?.matches('[data-destination="0"]'));
  await destination(page, next).focus();
  await page.keyboard.press('Enter');
  await waitForPly(page, PLY + 2);
  assert.equal(await currentRow(page), PLY + 2);
  assert.equal(await page.locator('#notation tr[data-variation="true"]').count(), 0);
  assert.deepEqual(errors, [], 'no page or console errors');
  await page.close();
});

test('a kind in the reserve is placed by a click and its count goes down', async () => {
  const { page, errors } = await openApp(browser.context);
  // Opened at move 1: Black places its first piece next to White's.
  await waitForPly(page, 1);
  const ant = page.locator('[data-reserve="bA"]');
  assert.equal(await reserveCount(page, 'bA'), 3);
  assert.equal((await ant.textContent()).trim(), '3');
  assert.equal(await ant.getAttribute('aria-label'), 'Black Soldier Ant, 3 left');
  assert.equal(await ant.isEnabled(), true);
  // White is not to move: its pieces are shown, inactive.
  await settled(page, 'b');
  assert.equal(await reserveCount(page, 'wA'), 3);
  assert.equal(await page.locator('[data-reserve="wA"]').isDisabled(), true);
  await ant.click();
  assert.equal(await ant.getAttribute('aria-pressed'), 'true');
  const marked = await moves(page);
  // The six cells around the first piece; the second piece names noon wherever it goes, so
  // the standard notation writes each of them the same.
  assert.deepEqual(marked, Array(6).fill('bA1 wL-'));
  await destinations(page).nth(2).click();
  await waitForPly(page, 2);
  assert.equal(await reserveCount(page, 'bA'), 2);
  assert.equal(await page.locator('svg#board g[data-piece="bA1"]').count(), 1);
  const variation = page.locator('#notation tr[data-variation="true"]');
  assert.equal((await variation.locator('td.standard').textContent()).trim(), 'bA1 wL-');
  // Now White is to move: its reserve is active, Black's is not.
  await settled(page, 'w');
  assert.equal(await page.locator('[data-reserve="wA"]').isEnabled(), true);
  assert.equal(await page.locator('[data-reserve="bA"]').isDisabled(), true);
  // A kind dragged from the reserve with the mouse is placed where it is let go.
  const [rx, ry] = await centre(page.locator('[data-reserve="wG"]'));
  await page.mouse.move(rx, ry);
  await page.mouse.down();
  await page.mouse.move(rx + 10, ry - 10, { steps: 2 });
  await page.waitForSelector('svg#board [data-destination]');
  assert.equal(await page.locator('[data-reserve="wG"]').getAttribute('aria-pressed'), 'true');
  const target = destinations(page).last();
  const placed = await target.getAttribute('data-move');
  const [tx, ty] = await dotCentre(target);
  await page.mouse.move(tx, ty, { steps: 8 });
  await page.waitForSelector('svg#board [data-over]');
  await page.mouse.up();
  await waitForPly(page, 3);
  assert.equal(await reserveCount(page, 'wG'), 2);
  assert.match(placed, /^wG1 /);
  assert.equal(
    (await page.locator('#notation tr[data-variation="true"] td.standard').last().textContent()).trim(),
    placed,
  );
  // While a row is previewed the reserve counts the pieces in hand on the board shown.
  await page.locator('#notation tr[data-ply="1"]').hover();
  await waitForPly(page, 1);
  assert.equal(await reserveCount(page, 'bA'), 3);
  await countIs(page, '[data-reserve]:not([disabled])', 0);
  await page.mouse.move(2, 2);
  await waitForPly(page, 3);
  assert.equal(await reserveCount(page, 'bA'), 2);
  assert.deepEqual(errors, [], 'no page or console errors');
  await page.close();
});

test('dragging a piece onto a destination plays it; the board still pans', async () => {
  const { page, errors } = await openApp(browser.context);
  await goTo(page, PLY);
  const [x0, y0] = await centre(page.locator('svg#board g[data-piece="bA3"] polygon.tile'));
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  await page.mouse.move(x0 + 10, y0 + 10, { steps: 2 });
  // The press picked the piece: its destinations are marked, the piece follows the pointer.
  await destination(page, RECORDED).waitFor();
  assert.equal(await page.locator('svg#board g.ghost g.glyph').count(), 1);
  const [x1, y1] = await dotCentre(destination(page, RECORDED));
  await page.mouse.move(x1, y1, { steps: 6 });
  // The destination under the pointer is marked, and its move explained.
  await page.waitForSelector('svg#board [data-over]');
  assert.equal(await page.locator('svg#board g[data-reference="true"]').getAttribute('data-piece'), 'wQ');
  await page.mouse.up();
  await waitForPly(page, PLY + 1);
  assert.equal(await currentRow(page), PLY + 1);
  assert.equal(await page.locator('svg#board [data-over]').count(), 0);
  assert.equal(await page.locator('svg#board g.ghost g.glyph').count(), 0);
  // Carrying a piece did not pan: the board is still fitted to the (new) position.
  const fitted = await page.locator('svg#board').getAttribute('viewBox');
  await page.click('#fit-board');
  assert.equal(await page.locator('svg#board').getAttribute('viewBox'), fitted, 'carrying a piece does not pan');

  // A drag let go away from any destination plays nothing.
  const mover = (await standardAt(page, PLY + 2)).split(' ')[0];
  const [x2, y2] = await centre(page.locator(`svg#board g[data-piece="${mover}"] polygon.tile`));
  const box = await page.locator('svg#board').boundingBox();
  await page.mouse.move(x2, y2);
  await page.mouse.down();
  await page.mouse.move(box.x + 3, box.y + 3, { steps: 6 });
  await page.mouse.up();
  assert.equal(await boardPly(page), PLY + 1);
  await page.keyboard.press('Escape');
  // A drag on the empty board still pans.
  await page.mouse.move(box.x + 5, box.y + 5);
  await page.mouse.down();
  await page.mouse.move(box.x + 65, box.y + 35, { steps: 5 });
  await page.mouse.up();
  const panned = (await page.locator('svg#board').getAttribute('viewBox')).split(' ').map(Number);
  const before = fitted.split(' ').map(Number);
  assert.ok(panned[0] < before[0] && panned[1] < before[1], `pan: ${before} -> ${panned}`);
  assert.equal(await boardPly(page), PLY + 1);
  assert.deepEqual(errors, [], 'no page or console errors');
  await page.close();
});

test('on a phone, the reserve fits and a finger drags pieces from it and on the board', async () => {
  const phone = await launchBrowser({ viewport: { width: 390, height: 844 } });
  try {
    const { page, errors } = await openApp(phone.context);
    await waitForPly(page, 1);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `no horizontal scrolling: ${width}px`);
    for (const row of await page.locator('.reserve').all()) {
      const b = await row.boundingBox();
      assert.ok(b.x >= 0 && b.x + b.width <= 390, `reserve row ${b.x}+${b.width} fits`);
    }
    const cdp = await phone.context.newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
    const touch = (type, pts) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: pts.map(([x, y], id) => ({ x, y, id })) });
    // A Black Grasshopper from the reserve to a cell next to White's first piece.
    await settled(page, 'b');
    const [bx, by] = await centre(page.locator('[data-reserve="bG"]'));
    await touch('touchStart', [[bx, by]]);
    await touch('touchMove', [[bx + 8, by - 8]]);
    await page.waitForSelector('svg#board [data-destination]');
    const played = await destinations(page).first().getAttribute('data-move');
    const [x1, y1] = await dotCentre(destinations(page).first());
    for (let i = 1; i <= 6; i++) {
      await touch('touchMove', [[bx + ((x1 - bx) * i) / 6, by + ((y1 - by) * i) / 6]]);
    }
    await touch('touchEnd', []);
    await waitForPly(page, 2);
    assert.equal(await reserveCount(page, 'bG'), 2);
    assert.match(played, /^bG1 /);
    const variation = page.locator('#notation tr[data-variation="true"]');
    assert.equal((await variation.locator('td.standard').textContent()).trim(), played);
    // A finger carries a piece on the board too, and a second finger still pinches.
    const { page: board } = await openApp(phone.context);
    await goTo(board, PLY);
    const bcdp = await phone.context.newCDPSession(board);
    await bcdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
    const btouch = (type, pts) =>
      bcdp.send('Input.dispatchTouchEvent', { type, touchPoints: pts.map(([x, y], id) => ({ x, y, id })) });
    const [ax, ay] = await centre(board.locator('svg#board g[data-piece="bA3"] polygon.tile'));
    await btouch('touchStart', [[ax, ay]]);
    await btouch('touchMove', [[ax + 8, ay + 8]]);
    await destination(board, RECORDED).waitFor();
    const [qx, qy] = await dotCentre(destination(board, RECORDED));
    for (let i = 1; i <= 6; i++) {
      await btouch('touchMove', [[ax + ((qx - ax) * i) / 6, ay + ((qy - ay) * i) / 6]]);
    }
    await btouch('touchEnd', []);
    await waitForPly(board, PLY + 1);
    assert.equal(await currentRow(board), PLY + 1);
    await board.close();
    assert.deepEqual(errors, [], 'no page or console errors');
    await page.close();
  } finally {
    await phone.close();
  }
});

test('Escape, a click on the empty board or on the picked piece cancels the pick', async () => {
  const { page, errors } = await openApp(browser.context);
  await goTo(page, PLY);
  const piece = page.locator('svg#board g[data-piece="bA3"]');
  await piece.click();
  assert.ok((await destinations(page).count()) > 0);
  await page.keyboard.press('Escape');
  assert.equal(await destinations(page).count(), 0);
  assert.equal(await piece.getAttribute('data-selected'), null);
  assert.match(await piece.getAttribute('aria-label'), /can move/);
  // With the keyboard: Enter picks, the focus is on a destination, Escape takes it back.
  await piece.focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.matches('[data-destination]'));
  await page.keyboard.press('Tab');
  assert.ok(await page.evaluate(() => document.activeElement.matches('[data-destination="1"]')));
  await page.keyboard.press('Escape');
  assert.equal(await destinations(page).count(), 0);
  assert.equal(await page.evaluate(() => document.activeElement.dataset.piece), 'bA3');
  // Again: a click on the piece picks it, a second click drops it.
  await piece.click();
  assert.ok((await destinations(page).count()) > 0);
  await piece.click();
  assert.equal(await destinations(page).count(), 0);
  // A click on the empty board.
  await piece.click();
  const box = await page.locator('svg#board').boundingBox();
  await page.mouse.click(box.x + 4, box.y + 4);
  assert.equal(await destinations(page).count(), 0);
  // The reserve: a second click drops the pick too.
  const spider = page.locator('[data-reserve="bS"]');
  await spider.click();
  assert.equal(await spider.getAttribute('aria-pressed'), 'true');
  assert.ok((await destinations(page).count()) > 0);
  await spider.click();
  assert.equal(await spider.getAttribute('aria-pressed'), 'false');
  assert.equal(await destinations(page).count(), 0);
  // Nothing was played; nothing can be picked while a row is previewed, or at the end.
  assert.equal(await boardPly(page), PLY);
  await piece.click();
  await page.locator('#notation tr[data-ply="10"]').hover();
  await waitForPly(page, 10);
  await countIs(page, 'svg#board [data-movable]', 0);
  assert.equal(await destinations(page).count(), 0, 'not while a row is previewed');
  await page.mouse.move(2, 2);
  await waitForPly(page, PLY);
  await page.keyboard.press('Escape');
  await page.keyboard.press('End');
  await waitForPly(page, 56);
  // The game is over.
  await countIs(page, 'svg#board [data-movable]', 0);
  await countIs(page, '[data-reserve]:not([disabled])', 0);
  assert.equal(await page.locator('.reserve[data-to-move]').count(), 0);
  assert.deepEqual(errors, [], 'no page or console errors');
  await page.close();
});

test('hovering a destination explains its move on the board; leaving it restores the last one', async () => {
  const { page, errors } = await openApp(browser.context);
  await goTo(page, PLY);
  // Ply 17's own move and its highlight.
  const tipOf = () =>
    page
      .locator('svg#board .arrow polygon')
      .getAttribute('points')
      .then((p) => p.split(' ')[0].split(',').map(Number));
  const dotOf = (move) =>
    destination(page, move)
      .locator('circle.dot')
      .evaluate((c) => [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))]);
  const before = await tipOf();
  const view = await page.locator('svg#board').getAttribute('viewBox');
  const refs = page.locator('svg#board g[data-reference="true"]');
  const refBefore = (await refs.count()) ? await refs.getAttribute('data-piece') : null;
  await page.locator('svg#board g[data-piece="bA3"]').click();
  await destination(page, RECORDED).hover();
  // A2×Qs: the white Queen is the reference, the arrow points at the destination.
  await page.waitForFunction(
    () => document.querySelector('svg#board g[data-reference="true"]')?.dataset.piece === 'wQ',
  );
  const [tx, ty] = await tipOf();
  const [dx, dy] = await dotOf(RECORDED);
  assert.ok(Math.hypot(tx - dx, ty - dy) < 0.6, `arrow tip ${tx},${ty} at destination ${dx},${dy}`);
  assert.equal(await page.locator('svg#board .compass').count(), 1);
  // The board does not move while a destination is hovered.
  assert.equal(await page.locator('svg#board').getAttribute('viewBox'), view);
  // Axe has nothing to say with a pick and a hovered destination.
  await audit(page, 'a piece picked, a destination hovered');
  // Away from it, the board explains ply 17's move again.
  const box = await page.locator('svg#board').boundingBox();
  await page.mouse.move(box.x + 4, box.y + 4);
  await page.waitForFunction(
    (ref) => (document.querySelector('svg#board g[data-reference="true"]')?.dataset.piece ?? null) === ref,
    refBefore,
  );
  assert.deepEqual(await tipOf(), before);
  // Focus explains too.
  await destination(page, RECORDED).focus();
  await page.waitForFunction(
    () => document.querySelector('svg#board g[data-reference="true"]')?.dataset.piece === 'wQ',
  );
  assert.equal(await boardPly(page), PLY);
  assert.deepEqual(errors, [], 'no page or console errors');
  await page.close();
});
