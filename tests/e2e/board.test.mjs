// The board: pieces of the example game, highlights of the direction notation, zoom, pan,
// orientation, tile shape and the SVG download.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { launchBrowser, openApp } from './helpers.mjs';

let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

const viewBox = async (page) =>
  (await page.locator('svg#board').getAttribute('viewBox')).split(/\s+/).map(Number);

/** Steps the board to `ply` through the move-number field of the controls. */
async function goTo(page, ply) {
  await page.fill('#move-number', String(ply));
  await page.press('#move-number', 'Enter');
  await page.waitForSelector(`svg#board[data-ply="${ply}"]`);
}

/** The centre of a piece's tile in board units: its hexagon's corners (drawn about the
 *  origin) moved by its group's `translate`. */
async function tileCentre(page, piece) {
  const group = page.locator(`svg#board g[data-piece="${piece}"]`);
  const pts = await group.locator('polygon.tile').getAttribute('points');
  const [dx, dy] = (await group.getAttribute('transform')).match(/-?[\d.]+/g).map(Number);
  const xy = pts.split(/\s+/).map((p) => p.split(',').map(Number));
  return xy.reduce(([sx, sy], [x, y]) => [sx + (x + dx) / xy.length, sy + (y + dy) / xy.length], [0, 0]);
}

test('the example game ends with every stack drawn once, stacks counted', async () => {
  const { page, errors } = await openApp(browser.context);
  await page.locator('body').click({ position: { x: 2, y: 2 } });
  await page.keyboard.press('End');
  await page.waitForSelector('svg#board[data-ply="56"]');
  // After its 56 moves the example game has 23 pieces in 21 stacks: wB1 on bB1 on wP.
  const groups = page.locator('svg#board g[data-piece]');
  assert.equal(await groups.count(), 21);
  const names = await groups.evaluateAll((gs) => gs.map((g) => g.dataset.piece));
  assert.equal(new Set(names).size, names.length, 'each top piece once');
  const heights = await groups.evaluateAll((gs) =>
    gs.map((g) => Number(g.dataset.height ?? 1)),
  );
  assert.equal(heights.reduce((a, b) => a + b, 0), 23);
  // A stack says what it holds, on hover (<title>) and to screen readers.
  const tall = page.locator('svg#board g[data-height]');
  assert.equal(await tall.count(), 1);
  assert.equal(await tall.getAttribute('data-piece'), 'wB1');
  assert.equal(await tall.getAttribute('data-height'), '3');
  const stack = /stack of 3: above black Beetle 1 \(bB1\), then white Pillbug \(wP\)/;
  assert.match(await tall.getAttribute('aria-label'), stack);
  assert.match(await tall.locator('title').textContent(), stack);
  // Focusing it opens the popover with the same words.
  await tall.focus();
  assert.match(await page.locator('.board-popover').textContent(), stack);
  // The last move is marked once.
  assert.equal(await page.locator('svg#board g[data-last="true"]').count(), 1);
  assert.deepEqual(errors, [], 'no page or console errors');
  await page.close();
});

test('A2×Qs highlights the white Queen and draws the arrow and the compass', async () => {
  const { page, errors } = await openApp(browser.context);
  // Ply 18 is black's ninth turn, A2×Qs (bA3 -> sunset of the white Queen).
  await goTo(page, 18);
  const reference = page.locator('svg#board g[data-reference="true"]');
  assert.equal(await reference.count(), 1);
  assert.equal(await reference.getAttribute('data-piece'), 'wQ');
  assert.equal(
    await page.locator('svg#board g[data-last="true"]').getAttribute('data-piece'),
    'bA3',
  );
  assert.equal(await page.locator('svg#board .arrow').count(), 1);
  const labels = await page.locator('svg#board .compass text').allTextContents();
  assert.deepEqual(labels.sort(), ['a', 'f', 'm', 'n', 'r', 's']);
  // Sunset is down and to the right with noon up: the Ant lies there from the Queen.
  const [qx, qy] = await tileCentre(page, 'wQ');
  const [ax, ay] = await tileCentre(page, 'bA3');
  assert.ok(ax > qx && ay > qy, `bA3 (${ax},${ay}) sunset of wQ (${qx},${qy})`);
  // Before the handedness is fixed the compass shows noon and midnight only.
  await goTo(page, 2);
  const early = await page.locator('svg#board .compass text').allTextContents();
  assert.deepEqual(early.sort(), ['m', 'n']);
  // The first piece names no direction: no compass yet.
  await goTo(page, 1);
  assert.equal(await page.locator('svg#board .compass').count(), 0);
  assert.deepEqual(errors, [], 'no page or console errors');
  await page.close();
});

test('a step redraws only the tiles it changed; the empty board shows a cell', async () => {
  const { page, errors } = await openApp(browser.context);
  await goTo(page, 30);
  const before = await page.locator('svg#board g[data-piece]').evaluateAll((gs) => {
    for (const g of gs) g.beelineMark = true;
    return gs.length;
  });
  await goTo(page, 31);
  const kept = await page
    .locator('svg#board g[data-piece]')
    .evaluateAll((gs) => gs.filter((g) => g.beelineMark).length);
  // Only the moved piece's group is new (a climb also redraws the stack it lands on); the
  // last-move and reference marks move in place.
  assert.ok(kept >= before - 2, `kept ${kept} of ${before} tile nodes`);
  assert.equal(await page.locator('svg#board g[data-last="true"]').count(), 1);
  // Each tile holds the marks' shapes; the one of the last move shows, on that piece only.
  assert.equal(await page.locator('svg#board g[data-piece] > polygon.last-to:visible').count(), 1);
  assert.equal(await page.locator('svg#board g[data-last="true"] > polygon.last-to:visible').count(), 1);
  assert.equal(await page.locator('svg#board g[data-reference="true"] > polygon.reference:visible').count(),
    await page.locator('svg#board g[data-piece] > polygon.reference:visible').count());
  const titles = await page.locator('svg#board g[data-last="true"] > title').allTextContents();
  assert.match(titles[0], /moved last/);
  assert.equal(await page.locator('svg#board g:not([data-last]) > title', { hasText: 'moved last' }).count(), 0);
  await goTo(page, 0);
  assert.equal(await page.locator('svg#board g[data-piece]').count(), 0);
  assert.equal(await page.locator('svg#board polygon.hex').count(), 1);
  assert.deepEqual(errors, [], 'no page or console errors');
  await page.close();
});

test('zoom buttons, fit and dragging change the view box', async () => {
  const { page, errors } = await openApp(browser.context);
  await goTo(page, 30);
  const fitted = await viewBox(page);
  await page.click('#zoom-in');
  const zin = await viewBox(page);
  assert.ok(zin[2] < fitted[2] && zin[3] < fitted[3], `zoom in: ${fitted} -> ${zin}`);
  await page.click('#zoom-out');
  await page.click('#zoom-out');
  const zout = await viewBox(page);
  assert.ok(zout[2] > fitted[2], `zoom out: ${fitted} -> ${zout}`);
  // A step that keeps every piece in view keeps the user's view.
  await goTo(page, 31);
  assert.deepEqual(await viewBox(page), zout);
  await goTo(page, 30);
  // Drag with the pointer: the view moves the other way.
  const box = await page.locator('svg#board').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 30, { steps: 5 });
  await page.mouse.up();
  const panned = await viewBox(page);
  assert.ok(panned[0] < zout[0] && panned[1] < zout[1], `pan: ${zout} -> ${panned}`);
  assert.equal(panned[2], zout[2], 'panning keeps the zoom');
  // Ctrl + wheel zooms too.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -100);
  await page.keyboard.up('Control');
  const wheeled = await viewBox(page);
  assert.ok(wheeled[2] < panned[2], `ctrl+wheel: ${panned} -> ${wheeled}`);
  // ... about the pointer: the piece under it stays under it.
  await page.click('#fit-board');
  const tile = page.locator('svg#board g[data-piece] polygon.tile').first();
  const q = await tile.boundingBox();
  const [cx, cy] = [q.x + q.width / 2, q.y + q.height / 2];
  await page.mouse.move(cx, cy);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -100);
  await page.keyboard.up('Control');
  const q2 = await tile.boundingBox();
  assert.ok(q2.width > q.width, 'the piece grew');
  assert.ok(
    Math.abs(q2.x + q2.width / 2 - cx) < 2 && Math.abs(q2.y + q2.height / 2 - cy) < 2,
    `the piece stayed under the pointer: ${cx},${cy} -> ${q2.x + q2.width / 2},${q2.y + q2.height / 2}`,
  );
  await page.click('#fit-board');
  assert.deepEqual(await viewBox(page), fitted);
  // Zoomed in far, a step that brings pieces outside the view fits the board again.
  for (let i = 0; i < 6; i++) await page.click('#zoom-in');
  await goTo(page, 56);
  const all = await viewBox(page);
  for (const piece of ['wQ', 'bQ']) {
    const [x, y] = await tileCentre(page, piece);
    assert.ok(x > all[0] && x < all[0] + all[2] && y > all[1] && y < all[1] + all[3], piece);
  }
  assert.deepEqual(errors, [], 'no page or console errors');
  await page.close();
});

test('orientation and tile shape redraw the pieces', async () => {
  const { page, errors } = await openApp(browser.context);
  await goTo(page, 20);
  const count = await page.locator('svg#board g[data-piece]').count();
  const noon = await tileCentre(page, 'bQ');
  const noonPoints = await page.locator('g[data-piece="wQ"] polygon.tile').getAttribute('points');
  await page.click('#orientation');
  assert.equal(await page.locator('#orientation').getAttribute('aria-pressed'), 'false');
  const played = await tileCentre(page, 'bQ');
  assert.notDeepEqual(played, noon, 'the black Queen moved on screen');
  assert.equal(await page.locator('svg#board g[data-piece]').count(), count);
  await page.click('#orientation');
  assert.deepEqual(await tileCentre(page, 'bQ'), noon);
  await page.click('#tile-shape');
  const pointy = await page.locator('g[data-piece="wQ"] polygon.tile').getAttribute('points');
  assert.notEqual(pointy, noonPoints, 'pointy tiles have other corners');
  assert.deepEqual(errors, [], 'no page or console errors');
  await page.close();
});

test('download-svg saves the board as an SVG image', async () => {
  const { page, errors } = await openApp(browser.context);
  await goTo(page, 18);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.click('#download-svg'),
  ]);
  assert.match(download.suggestedFilename(), /\.svg$/);
  const text = await readFile(await download.path(), 'utf8');
  assert.ok(text.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), text.slice(0, 80));
  const onBoard = await page.locator('svg#board g[data-piece]').count();
  assert.equal(text.match(/data-piece="/g).length, onBoard);
  assert.match(text, /data-piece="wQ" data-reference="true"/);
  assert.ok(text.trimEnd().endsWith('</svg>'));
  assert.deepEqual(errors, [], 'no page or console errors');
  await page.close();
});

test('on a phone the board fits the screen, pinches and pans by touch', async () => {
  const phone = await launchBrowser({ viewport: { width: 390, height: 780 } });
  try {
    const { page, errors } = await openApp(phone.context);
    await goTo(page, 40);
    const box = await page.locator('svg#board').boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `board ${box.x}+${box.width} fits 390px`);
    const toolbar = await page.locator('.board-toolbar').boundingBox();
    assert.ok(toolbar.x + toolbar.width <= 390, 'toolbar fits');
    assert.equal(await page.locator('svg#board g[data-piece]').count(), 20);
    // Touch: two fingers spread apart zoom in about the point between them; one finger pans.
    const cdp = await phone.context.newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
    const touch = (type, pts) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: pts.map(([x, y], id) => ({ x, y, id })),
      });
    // Touch points are whole pixels: pinch about the whole pixel nearest the centre.
    const [cx, cy] = [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)];
    // The board point under a screen point, for a view box drawn centred ('meet') in the box.
    const boardAt = (v, [x, y]) => {
      const s = Math.min(box.width / v[2], box.height / v[3]);
      const ox = box.x + (box.width - v[2] * s) / 2;
      const oy = box.y + (box.height - v[3] * s) / 2;
      return [v[0] + (x - ox) / s, v[1] + (y - oy) / s];
    };
    const fitted = await viewBox(page);
    await touch('touchStart', [[cx - 30, cy], [cx + 30, cy]]);
    for (let i = 1; i <= 5; i++) await touch('touchMove', [[cx - 30 - 10 * i, cy], [cx + 30 + 10 * i, cy]]);
    await touch('touchEnd', []);
    const pinched = await viewBox(page);
    assert.ok(Math.abs(fitted[2] / pinched[2] - 160 / 60) < 0.05, `pinch: ${fitted} -> ${pinched}`);
    const before = boardAt(fitted, [cx, cy]);
    const after = boardAt(pinched, [cx, cy]);
    assert.ok(
      after.every((c, i) => Math.abs(c - before[i]) < 0.01),
      `the point between the fingers stays: ${before} -> ${after}`,
    );
    await touch('touchStart', [[cx, cy]]);
    for (let i = 1; i <= 5; i++) await touch('touchMove', [[cx + 10 * i, cy + 5 * i]]);
    await touch('touchEnd', []);
    const panned = await viewBox(page);
    assert.ok(panned[0] < pinched[0] && panned[1] < pinched[1], `touch pan: ${pinched} -> ${panned}`);
    assert.deepEqual(errors, [], 'no page or console errors');
    await page.close();
  } finally {
    await phone.close();
  }
});
