// Drawing on the board: a right-button drag draws an arrow and a right click marks a cell,
// the keys held choose the colour, the same again removes it; drawings belong to their move
// (stepping away and back, undo), go into the PGN and come back from it, travel in the
// permalink and the embed and the SVG download; a phone draws with the Draw toggle, in the
// colour its button chooses; a drag shows its arrow as it goes.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launchBrowser, openApp, waitForPly, sharedText, pasteRecord, WIDTHS, MOUNT_TIMEOUT_MS, BASE_URL } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser({ viewport: WIDTHS[0] });
});
after(async () => {
  await browser?.close();
});

const PLY = 10;

/** The centre on screen of the grid's cell named `name`. */
async function cellCentre(page, name) {
  const box = await page.locator(`svg#board [data-cell="${name}"] polygon`).boundingBox();
  assert.ok(box, `no cell ${name}`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Two neighbouring cells of the grid at the ply shown: an occupied one and an empty one. */
async function twoCells(page) {
  // A phone keeps the grid's button behind More.
  if (!(await page.isVisible('#show-grid'))) await page.click('#board-more');
  await page.click('#show-grid');
  await page.waitForSelector('svg#board [data-cell]');
  const from = await page.getAttribute('svg#board [data-cell].occupied', 'data-cell');
  const to = await page.getAttribute('svg#board [data-cell].empty', 'data-cell');
  return { from, to };
}

/** Opens the example at ply 10 with the grid on. */
async function atPly(path = '') {
  const opened = await openApp(browser.context, path);
  await opened.page.click(`#notation tr[data-ply="${PLY}"]`);
  await waitForPly(opened.page, PLY);
  return { ...opened, ...(await twoCells(opened.page)) };
}

/** A right-button drag from one named cell to another, with `keys` held. */
async function rightDrag(page, from, to, keys = []) {
  const a = await cellCentre(page, from);
  const b = await cellCentre(page, to);
  for (const k of keys) await page.keyboard.down(k);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down({ button: 'right' });
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 2 });
  await page.mouse.move(b.x, b.y, { steps: 2 });
  await page.mouse.up({ button: 'right' });
  for (const k of keys.reverse()) await page.keyboard.up(k);
}

/** A right click on a named cell, with `keys` held. */
async function rightClick(page, cell, keys = []) {
  const a = await cellCentre(page, cell);
  for (const k of keys) await page.keyboard.down(k);
  await page.mouse.click(a.x, a.y, { button: 'right' });
  for (const k of keys.reverse()) await page.keyboard.up(k);
}

/** The board's drawing: arrows and marks with their colours. */
async function drawn(page) {
  return page.$$eval('svg#board [data-user-arrow], svg#board [data-user-mark]', (els) =>
    els.map((el) => `${el.dataset.userArrow ? 'arrow' : 'mark'} ${el.dataset.userArrow ?? el.dataset.userMark} ${el.dataset.colour}`).sort());
}

/** Waits until the board's drawing is `expected`. */
async function drawnIs(page, expected) {
  const want = [...expected].sort();
  try {
    await page.waitForFunction((w) => {
      const got = [...document.querySelectorAll('svg#board [data-user-arrow], svg#board [data-user-mark]')]
        .map((el) => `${el.dataset.userArrow ? 'arrow' : 'mark'} ${el.dataset.userArrow ?? el.dataset.userMark} ${el.dataset.colour}`).sort();
      return JSON.stringify(got) === JSON.stringify(w);
    }, want, { timeout: 5_000 });
  } catch {
    assert.deepEqual(await drawn(page), want);
  }
}

test('a right drag draws an arrow, a right click marks; keys recolour, the same again removes', async () => {
  const { page, errors, from, to } = await atPly();
  await rightDrag(page, from, to);
  await drawnIs(page, [`arrow ${from}-${to} green`]);
  // The browser's menu does not open over the board, and no comment row shows the commands.
  assert.equal(await page.locator(`#notation tr.comment[data-comment-for="${PLY}"]`).count(), 0);
  await rightDrag(page, from, to, ['Shift']);
  await drawnIs(page, [`arrow ${from}-${to} red`]);
  await rightClick(page, to, ['Control']);
  await drawnIs(page, [`arrow ${from}-${to} red`, `mark ${to} blue`]);
  await rightClick(page, from, ['Shift', 'Alt']);
  await drawnIs(page, [`arrow ${from}-${to} red`, `mark ${to} blue`, `mark ${from} yellow`]);
  await rightClick(page, to);
  await drawnIs(page, [`arrow ${from}-${to} red`, `mark ${to} green`, `mark ${from} yellow`]);
  // The same again removes it.
  await rightDrag(page, from, to, ['Shift']);
  await rightClick(page, from, ['Shift', 'Alt']);
  await drawnIs(page, [`mark ${to} green`]);
  // Escape and a plain click clear nothing; "Clear drawings" does.
  await page.keyboard.press('Escape');
  const c = await cellCentre(page, to);
  await page.mouse.click(c.x, c.y);
  await drawnIs(page, [`mark ${to} green`]);
  await page.click('#clear-drawings');
  await drawnIs(page, []);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a drawn arrow shows within one frame of the release', async () => {
  const { page, errors, from, to } = await atPly();
  // The first drawing fetches the drawing code; the second is timed.
  await rightClick(page, from);
  await drawnIs(page, [`mark ${from} green`]);
  await page.evaluate((sel) => {
    window.__drawn = new Promise((resolve) => {
      window.addEventListener('pointerup', () => {
        const released = performance.now();
        requestAnimationFrame(() => resolve({ inFrame: !!document.querySelector(sel), released }));
      }, { capture: true, once: true });
    });
    window.__shown = new Promise((resolve) => {
      new MutationObserver((_, o) => {
        if (document.querySelector(sel)) {
          o.disconnect();
          resolve(performance.now());
        }
      }).observe(document.querySelector('svg#board'), { childList: true, subtree: true });
    });
  }, `svg#board [data-user-arrow="${from}-${to}"]`);
  await rightDrag(page, from, to);
  const { inFrame, released } = await page.evaluate(() => window.__drawn);
  const shown = await page.evaluate(() => window.__shown);
  console.log(`release to arrow: ${(shown - released).toFixed(1)} ms`);
  assert.ok(inFrame, 'the arrow was not on the board by the next animation frame');
  assert.deepEqual(errors, []);
  await page.close();
});

test('before the handedness is fixed, a drawing names its cells as the grid does', async () => {
  // At ply 2 the two pieces lie on one line: the cells off it are named only provisionally,
  // and the grid names them as the drawing does, not as the later moves would. The third
  // piece goes to one side of the line in one game and to the other in the other.
  const { page, errors } = await openApp(browser.context);
  for (const third of ['wQ /wS1', 'wQ \\wS1']) {
    await pasteRecord(page, `Base;InProgress;Black[2];wS1;bS1 wS1-;${third};bQ bS1-`);
    await page.waitForSelector('#notation tr[data-ply="4"]');
    for (const ply of [2, 4]) {
      await page.click(`#notation tr[data-ply="${ply}"]`);
      await waitForPly(page, ply);
      if (await page.getAttribute('#show-grid', 'aria-pressed') !== 'true') await page.click('#show-grid');
      await page.waitForSelector('svg#board [data-cell]');
      const from = await page.getAttribute('svg#board [data-cell].occupied', 'data-cell');
      const names = await page.$$eval('svg#board [data-cell].empty', (cs) => cs.map((c) => c.dataset.cell));
      // A cell off the first line (its row is not 0).
      const to = names.find((n) => !/\D0$/.test(n));
      assert.ok(to, names.join(' '));
      await rightDrag(page, from, to);
      await drawnIs(page, [`arrow ${from}-${to} green`]);
    }
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('a drag shows its arrow as it goes; let go off the board it draws nothing', async () => {
  const { page, errors, from, to } = await atPly();
  const a = await cellCentre(page, from);
  const b = await cellCentre(page, to);
  const board = await page.locator('svg#board').boundingBox();
  // Over the cell it would point to, the arrow is shown before the button is let go.
  await page.mouse.move(a.x, a.y);
  await page.mouse.down({ button: 'right', modifiers: [] });
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 2 });
  await page.mouse.move(b.x, b.y, { steps: 2 });
  await drawnIs(page, [`arrow ${from}-${to} green`]);
  // Up, past the board's top edge (the toolbar is there): no cell, no arrow.
  assert.ok(board.y > 20, `the board starts at ${board.y}`);
  await page.mouse.move(a.x, (a.y + board.y) / 2, { steps: 2 });
  await page.mouse.move(a.x, board.y - 10, { steps: 2 });
  await drawnIs(page, []);
  await page.mouse.up({ button: 'right' });
  // The next drawing comes alone: nothing was drawn at the drag's start.
  await rightClick(page, to);
  await drawnIs(page, [`mark ${to} green`]);
  assert.deepEqual(errors, []);
  await page.close();
});

test('drawings belong to their move: stepping away and back, undo', async () => {
  const { page, errors, from, to } = await atPly();
  await rightDrag(page, from, to);
  await drawnIs(page, [`arrow ${from}-${to} green`]);
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('ArrowRight');
  await waitForPly(page, PLY + 1);
  await drawnIs(page, []);
  await page.keyboard.press('ArrowLeft');
  await waitForPly(page, PLY);
  await drawnIs(page, [`arrow ${from}-${to} green`]);
  // Turned and with the other tiles, the same cells.
  await page.click('#orientation');
  await page.click('#tile-shape');
  await drawnIs(page, [`arrow ${from}-${to} green`]);
  const a = await cellCentre(page, from);
  const path = await page.getAttribute(`svg#board [data-user-arrow="${from}-${to}"] path`, 'd');
  const ctm = await page.$eval('svg#board', (svg, d) => {
    const [x, y] = d.slice(1).split('L')[0].split(' ').map(Number);
    const p = svg.createSVGPoint();
    p.x = x;
    p.y = y;
    const s = p.matrixTransform(svg.getScreenCTM());
    return { x: s.x, y: s.y };
  }, path);
  assert.ok(Math.hypot(ctm.x - a.x, ctm.y - a.y) < 3, `arrow starts at ${JSON.stringify(ctm)}, cell at ${JSON.stringify(a)}`);
  // A mark, then undo: the mark goes, the arrow stays; a comment's words keep the drawing.
  await rightClick(page, to);
  await drawnIs(page, [`arrow ${from}-${to} green`, `mark ${to} green`]);
  await page.click('#undo');
  await drawnIs(page, [`arrow ${from}-${to} green`]);
  await page.fill('#comment-input', 'the Ant runs');
  await page.press('#comment-input', 'Tab');
  await page.waitForSelector(`#notation tr.comment[data-comment-for="${PLY}"]`);
  assert.equal((await page.locator(`#notation tr.comment[data-comment-for="${PLY}"]`).textContent()).trim(), 'the Ant runs');
  assert.equal(await page.inputValue('#comment-input'), 'the Ant runs');
  await drawnIs(page, [`arrow ${from}-${to} green`]);
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('Control+z');
  await page.waitForSelector(`#notation tr.comment[data-comment-for="${PLY}"]`, { state: 'detached' });
  await drawnIs(page, [`arrow ${from}-${to} green`]);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the PGN export keeps drawings and reading it back shows them; the SVG has them', async () => {
  const { page, errors, from, to } = await atPly();
  await rightDrag(page, from, to, ['Shift']);
  await rightClick(page, from, ['Control']);
  const want = [`arrow ${from}-${to} red`, `mark ${from} blue`];
  await drawnIs(page, want);
  await page.selectOption('#export-format', 'pgn');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-export')]);
  const text = readFileSync(await download.path(), 'utf8');
  assert.ok(text.includes(`{[%cal R${from}${to}] [%csl B${from}]}`), text);
  const [svg] = await Promise.all([page.waitForEvent('download'), page.click('#download-svg')]);
  const image = readFileSync(await svg.path(), 'utf8');
  assert.ok(image.includes(`data-user-arrow="${from}-${to}" data-colour="red"`), image.slice(-800));
  // Read back, with a malformed command added: that one is named, the rest shows.
  await page.click('#clear-drawings');
  await drawnIs(page, []);
  await pasteRecord(page, text.replace(`[%csl B${from}]`, `[%csl B${from},Qz9] [%cal Gm0]`));
  await page.waitForSelector('#record-notices');
  const notices = await page.textContent('#record-notices');
  assert.ok(notices.includes("'Qz9' is not a marked cell"), notices);
  assert.ok(notices.includes("'Gm0' is not an arrow"), notices);
  await page.click(`#notation tr[data-ply="${PLY}"]`);
  await waitForPly(page, PLY);
  await drawnIs(page, want);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the permalink and the embed carry drawings', async () => {
  const { page, errors, from, to } = await atPly();
  await rightDrag(page, from, to, ['Control', 'Shift']);
  await drawnIs(page, [`arrow ${from}-${to} yellow`]);
  const link = await sharedText(page, '#copy-link', '#share-url');
  const { page: other, errors: otherErrors } = await openApp(browser.context, link);
  await waitForPly(other, PLY);
  await drawnIs(other, [`arrow ${from}-${to} yellow`]);
  assert.equal(await other.locator(`#notation tr.comment[data-comment-for="${PLY}"]`).count(), 0);
  const url = new URL(link, BASE_URL);
  url.search = '?embed';
  const embed = await browser.context.newPage();
  const embedErrors = [];
  embed.on('pageerror', (e) => embedErrors.push(e.message));
  await embed.goto(url.href);
  await embed.waitForSelector('main[data-embed="true"][data-ready="true"]', { timeout: MOUNT_TIMEOUT_MS });
  await waitForPly(embed, PLY);
  await drawnIs(embed, [`arrow ${from}-${to} yellow`]);
  // Its board takes no drawing.
  const box = await embed.locator('svg#board').boundingBox();
  await embed.mouse.click(box.x + box.width / 2, box.y + box.height / 2, { button: 'right' });
  await drawnIs(embed, [`arrow ${from}-${to} yellow`]);
  assert.deepEqual([...errors, ...otherErrors, ...embedErrors], []);
  await Promise.all([page.close(), other.close(), embed.close()]);
});

test('a phone draws with the Draw toggle: a tap marks, a drag draws an arrow', async () => {
  const phone = await launchBrowser({ viewport: WIDTHS[1], hasTouch: true });
  try {
    const page = await phone.context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(BASE_URL);
    await page.waitForSelector('[data-ready="true"]', { timeout: MOUNT_TIMEOUT_MS });
    await page.click(`#notation tr[data-ply="${PLY}"]`);
    await waitForPly(page, PLY);
    const { from, to } = await twoCells(page);
    // Off, a tap draws nothing.
    const a = await cellCentre(page, to);
    await page.touchscreen.tap(a.x, a.y);
    await page.waitForTimeout(300);
    assert.deepEqual(await drawn(page), []);
    await page.click('#draw-mode');
    assert.equal(await page.getAttribute('#draw-mode', 'aria-pressed'), 'true');
    const b = await cellCentre(page, to);
    await page.touchscreen.tap(b.x, b.y);
    await drawnIs(page, [`mark ${to} green`]);
    // A finger's drag, as the touch screen sends it.
    const p = await cellCentre(page, from);
    const cdp = await phone.context.newCDPSession(page);
    const touch = (type, pt) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: pt ? [{ x: pt.x, y: pt.y }] : [] });
    await touch('touchStart', p);
    for (let i = 1; i <= 5; i++) await touch('touchMove', { x: p.x + ((b.x - p.x) * i) / 5, y: p.y + ((b.y - p.y) * i) / 5 });
    await touch('touchEnd');
    await drawnIs(page, [`mark ${to} green`, `arrow ${from}-${to} green`]);
    // No keys to hold: the colour button beside Draw chooses the colour, in turn.
    assert.ok(await page.isVisible('#draw-colour'));
    assert.equal(await page.textContent('#draw-colour'), '● Green');
    await page.click('#draw-colour');
    assert.equal(await page.getAttribute('#draw-colour', 'aria-label'), 'Drawing colour: red. Change');
    const c = await cellCentre(page, from);
    await page.touchscreen.tap(c.x, c.y);
    await drawnIs(page, [`mark ${to} green`, `arrow ${from}-${to} green`, `mark ${from} red`]);
    for (const colour of ['Blue', 'Yellow', 'Green']) {
      await page.click('#draw-colour');
      assert.equal(await page.textContent('#draw-colour'), `● ${colour}`);
    }
    await page.click('#draw-mode');
    assert.equal(await page.getAttribute('#draw-mode', 'aria-pressed'), 'false');
    assert.ok(await page.isHidden('#draw-colour'), 'the colour goes with Draw');
    assert.deepEqual(errors, []);
  } finally {
    await phone.close();
  }
});
