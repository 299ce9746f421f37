// What players report missing in other Hive tools, checked on Beeline's screens: the dark
// theme (following the system, a choice kept), the marks' contrast in both themes, a
// Pillbug's throw marked and named, the players' colours beside their names, figurines in
// the move list, and the board's toolbar in two rows on a phone.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, openApp, pasteRecord, waitForPly } from './helpers.mjs';

/** A game whose last move is the white Pillbug throwing its own Queen round to the far side. */
const THROW = 'Base+P;InProgress;Black[3];wP;bS1 wP-;wQ -wP;bQ bS1-;wQ wP/';

/** The page's ground colour, as the body paints it. */
const ground = (page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** Relative luminance of a CSS `rgb(…)` colour, and the contrast of two (WCAG 2). */
function luminance(rgb) {
  const [r, g, b] = rgb.match(/[\d.]+/g).slice(0, 3).map(Number).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a, b) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};
/** `rgb` painted at `alpha` over `under`: what the eye sees of a translucent mark. */
function over(rgb, alpha, under) {
  const c = rgb.match(/[\d.]+/g).map(Number);
  const u = under.match(/[\d.]+/g).map(Number);
  const a = alpha * (c.length > 3 ? c[3] : 1);
  return `rgb(${[0, 1, 2].map((i) => Math.round(a * c[i] + (1 - a) * u[i])).join(', ')})`;
}

/** In the page: a mark's paint (its stroke, else its fill) and its opacity, its groups'
 * included, as `{ colour, alpha }`. */
function paintOf(el, what = 'stroke') {
  const c = getComputedStyle(el);
  let alpha = Number(what === 'stroke' ? c.strokeOpacity : c.fillOpacity);
  for (let e = el; e && e.tagName !== 'svg'; e = e.parentElement) alpha *= Number(getComputedStyle(e).opacity);
  return { colour: what === 'stroke' ? c.stroke : c.fill, alpha };
}

describe('the dark theme', () => {
  let browser;
  before(async () => {
    browser = await launchBrowser({ viewport: { width: 1280, height: 900 } });
  });
  after(async () => {
    await browser?.close();
  });

  test('follows the system until the reader chooses, and keeps the choice', async () => {
    const { page, errors } = await openApp(browser.context);
    await page.emulateMedia({ colorScheme: 'dark' });
    assert.equal(await page.getAttribute('html', 'data-theme'), null);
    const dark = await ground(page);
    assert.ok(luminance(dark) < 0.05, `a dark system gives a dark page: ${dark}`);
    assert.equal(await page.locator('#theme').innerText(), '☀ Light');
    await page.emulateMedia({ colorScheme: 'light' });
    const light = await ground(page);
    assert.ok(luminance(light) > 0.8, `a light system gives a light page: ${light}`);
    assert.equal(await page.locator('#theme').innerText(), '☾ Dark');

    // Chosen against the system: kept across a reload.
    await page.click('#theme');
    assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
    assert.equal(await ground(page), dark);
    await page.reload();
    await page.waitForSelector('[data-ready="true"]');
    assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
    assert.equal(await ground(page), dark);
    assert.equal(await page.locator('#theme').innerText(), '☀ Light');
    // Chosen back to the system's: no choice is kept, and the page follows the system again.
    await page.click('#theme');
    assert.equal(await page.getAttribute('html', 'data-theme'), null);
    assert.equal(await page.evaluate(() => localStorage.getItem('beeline-theme')), null);
    await page.emulateMedia({ colorScheme: 'dark' });
    assert.equal(await ground(page), dark);
    assert.deepEqual(errors, []);
    await page.close();
  });

  for (const scheme of ['light', 'dark']) {
    test(`every mark stands 3:1 against the tiles and the board (${scheme})`, async () => {
      const { page, errors } = await openApp(browser.context);
      await page.emulateMedia({ colorScheme: scheme });
      // A drawing in each colour, on the first move, and the throw's game for its mark.
      await pasteRecord(
        page,
        '[GameType "Base+MLP"]\n\n1. wL {[%cal Gm0n0,Rm0m-1,Bm0l0,Ym0l1]}\n2. bP wL-\n3. wP -wL\n4. bQ bP-\n5. wQ \\wL\n6. bA1 bQ\\\n7. wP /wL\n',
      );
      // A record opens at its first move.
      await waitForPly(page, 1);
      await page.waitForSelector('svg#board .drawings .user-arrow');
      await page.addScriptTag({ content: paintOf.toString() });
      const measured = await page.evaluate(() => {
        const board = document.querySelector('svg#board');
        const out = { ground: getComputedStyle(board).backgroundColor, tiles: [], marks: {} };
        for (const el of board.querySelectorAll('.drawings .user-arrow path, .drawings .user-mark')) {
          out.marks[`drawing ${el.closest('[data-colour]').dataset.colour}`] = paintOf(el);
        }
        const last = board.querySelector('.piece[data-last="true"] > .last-to');
        if (last) out.marks['last move'] = paintOf(last);
        return out;
      });
      assert.equal(Object.keys(measured.marks).filter((k) => k.startsWith('drawing')).length, 4, JSON.stringify(measured.marks));

      // The reference and its arrow and compass: a move with a reference, clicked.
      await page.click('#notation tr[data-ply="6"]');
      await waitForPly(page, 6);
      Object.assign(measured.marks, await page.evaluate(() => {
        const board = document.querySelector('svg#board');
        const m = {};
        const ref = board.querySelector('.piece[data-reference="true"] > .reference');
        if (ref) m.reference = paintOf(ref);
        const arrow = board.querySelectorAll('.arrow path');
        if (arrow.length) m['direction arrow'] = paintOf(arrow[arrow.length - 1]);
        const compass = board.querySelector('.compass line');
        if (compass) m.compass = paintOf(compass);
        return m;
      }));
      // The legal targets: a piece picked at the last move.
      await page.click('#notation tr[data-ply="7"]');
      await waitForPly(page, 7);
      measured.marks['cell left'] = await page.$eval('svg#board .last-from', (t) => paintOf(t));
      // The tiles of both colours: the ivory and the charcoal one.
      const tiles = [...new Set(await page.$$eval('svg#board .piece > .tile', (ts) => ts.map((t) => getComputedStyle(t).fill)))];
      assert.equal(tiles.length, 2, `both tile colours are on the board: ${tiles}`);
      await page.click('svg#board .piece[data-movable="true"]');
      await page.waitForSelector('svg#board .destination .target');
      measured.marks['legal target'] = await page.$eval('svg#board .destination .target', (t) => paintOf(t));
      // The thrower's mark.
      await pasteRecord(page, THROW);
      await page.click('#notation tr[data-ply="5"]');
      await waitForPly(page, 5);
      await page.addScriptTag({ content: paintOf.toString() });
      measured.marks.thrower = await page.$eval('svg#board .piece[data-thrower="true"] > .thrower', (t) => paintOf(t));

      for (const name of ['last move', 'cell left', 'reference', 'direction arrow', 'compass', 'legal target', 'thrower']) {
        assert.ok(measured.marks[name], `${name} was found on the board`);
      }
      const figures = [];
      for (const [name, { colour, alpha }] of Object.entries(measured.marks)) {
        for (const against of [measured.ground, ...tiles]) {
          const ratio = contrast(over(colour, alpha, against), against);
          figures.push(`${name} on ${against}: ${ratio.toFixed(2)}`);
          assert.ok(ratio >= 3, `${scheme}: ${name} (${colour} at ${alpha}) on ${against} is ${ratio.toFixed(2)}:1`);
        }
      }
      console.log(`${scheme}: the board's ground ${measured.ground}\n  ${figures.join('\n  ')}`);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
});

describe('the board', () => {
  let browser;
  before(async () => {
    browser = await launchBrowser({ viewport: { width: 1280, height: 900 } });
  });
  after(async () => {
    await browser?.close();
  });

  test("a Pillbug's throw marks the thrower and the explanation names it", async () => {
    const { page, errors } = await openApp(browser.context);
    await pasteRecord(page, THROW);
    await page.click('#notation tr[data-ply="5"]');
    await waitForPly(page, 5);
    const thrower = page.locator('svg#board .piece[data-thrower="true"]');
    assert.equal(await thrower.count(), 1);
    assert.equal(await thrower.getAttribute('data-piece'), 'wP');
    assert.match(await thrower.locator('title').textContent(), /threw the piece moved/);
    // Only for that move: a step back clears it.
    await page.click('#notation tr[data-ply="4"]');
    await waitForPly(page, 4);
    assert.equal(await page.locator('svg#board .piece[data-thrower]').count(), 0);
    // The direction cell's explanation, on the row hovered.
    await page.hover('#notation tr[data-ply="5"] td.direction');
    await page.waitForFunction(() => document.querySelector('#notation tr[data-ply="5"] td.direction')?.title);
    const why = await page.getAttribute('#notation tr[data-ply="5"] td.direction', 'title');
    assert.match(why, /^The white Pillbug \(wP\) throws it\. /);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("the players' colours show beside their names, with pieces in hand or none", async () => {
    const { page, errors } = await openApp(browser.context);
    const names = () => page.$$eval('.reserve', (rows) => rows.map((r) => [r.dataset.color, r.dataset.player, getComputedStyle(r, '::after').content]));
    assert.deepEqual(await names(), [
      ['w', 'Frank Chen', '"Frank Chen"'],
      ['b', 'Joe Schultz', '"Joe Schultz"'],
    ]);
    // The game info's names carry their swatches too.
    const swatch = await page.$eval('.game-info [data-fact="white"] dd', (dd) => getComputedStyle(dd, '::before').backgroundImage);
    assert.match(swatch, /radial-gradient/);
    // A game with no names: the colours' own.
    await pasteRecord(page, 'Base;InProgress;White[2];wS1;bS1 wS1-');
    await page.waitForFunction(() => document.querySelector('.reserve')?.dataset.player === 'White');
    assert.deepEqual((await names()).map((n) => n[1]), ['White', 'Black']);
    // All pieces placed: the row still names its player, and the player to move is marked.
    const all = 'Base;InProgress;White[12];wQ;bQ wQ-;wS1 -wQ;bS1 bQ-;wS2 -wS1;bS2 bS1-;wB1 \\wQ;bB1 bQ/;wB2 \\wS1;bB2 bS1/;wG1 /wQ;bG1 bQ\\;wG2 /wS1;bG2 bS1\\;wG3 /wS2;bG3 bS2\\;wA1 \\wS2;bA1 bS2/;wA2 -wS2;bA2 bS2-;wA3 /wG3;bA3 bG3\\';
    await pasteRecord(page, all);
    await page.keyboard.press('End');
    await waitForPly(page, 22);
    assert.equal(await page.locator('.reserve-item').count(), 0);
    assert.deepEqual((await names()).map((n) => n[1]), ['White', 'Black']);
    assert.equal(await page.getAttribute('.reserve[data-color="w"]', 'data-to-move'), 'true');
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('figurines', () => {
  let browser;
  before(async () => {
    browser = await launchBrowser({ viewport: { width: 1280, height: 900 } });
  });
  after(async () => {
    await browser?.close();
  });

  test("draw the pieces as the board's icons, kept, and a copied row is still text", async () => {
    const { page, errors } = await openApp(browser.context);
    const first = '#notation tr[data-ply="3"]';
    const figure = () => page.$eval(`${first} td.standard .fig`, (f) => {
      const c = getComputedStyle(f);
      return { image: c.backgroundImage, color: c.color, width: f.getBoundingClientRect().width };
    });
    assert.equal((await figure()).image, 'none');
    await page.check('#figurines');
    assert.equal(await page.getAttribute('html', 'data-figurines'), '');
    const on = await figure();
    assert.match(on.image, /icons\/figurines\/wM\.svg/);
    assert.equal(on.color, 'rgba(0, 0, 0, 0)');
    // The icons are files of the app, fetched as they show.
    const url = on.image.match(/url\("(.*)"\)/)[1];
    assert.equal((await page.request.get(url)).status(), 200);
    assert.match(await page.$eval(`${first} td.algebraic .fig`, (f) => getComputedStyle(f).backgroundImage), /wM\.svg/);
    // The direction column keeps its letters.
    assert.equal(await page.locator(`${first} td.direction .fig`).count(), 0);
    // Selecting a row copies its text.
    const copied = await page.evaluate((sel) => {
      const range = document.createRange();
      range.selectNodeContents(document.querySelector(sel));
      const s = getSelection();
      s.removeAllRanges();
      s.addRange(range);
      return s.toString();
    }, first);
    assert.match(copied, /wM -wL/);
    await page.reload();
    await page.waitForSelector('[data-ready="true"]');
    assert.equal(await page.isChecked('#figurines'), true);
    assert.match((await figure()).image, /wM\.svg/);
    await page.uncheck('#figurines');
    assert.equal((await figure()).image, 'none');
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('the toolbar on a phone', () => {
  let browser;
  before(async () => {
    browser = await launchBrowser({ viewport: { width: 390, height: 844 } });
  });
  after(async () => {
    await browser?.close();
  });

  /** The rows the toolbar's shown buttons take. */
  const rows = (page) => page.$$eval('.board-toolbar button', (bs) => new Set(bs.filter((b) => b.offsetParent).map((b) => b.offsetTop)).size);

  test('takes two rows, the rest behind More', async () => {
    const { page, errors } = await openApp(browser.context);
    assert.equal(await rows(page), 2);
    assert.equal(await page.isVisible('#show-grid'), false);
    await page.click('#board-more');
    assert.equal(await page.getAttribute('#board-more', 'aria-expanded'), 'true');
    for (const id of ['#tile-shape', '#download-svg', '#show-grid', '#clear-drawings', '#edit-position']) {
      assert.equal(await page.isVisible(id), true, id);
    }
    await page.click('#show-grid');
    await page.waitForSelector('svg#board [data-cell]');
    await page.click('#board-more');
    assert.equal(await page.isVisible('#show-grid'), false);
    assert.equal(await rows(page), 2);
    // The board starts right under it.
    const gap = await page.evaluate(() => document.querySelector('svg#board').getBoundingClientRect().top
      - document.querySelector('.board-toolbar').getBoundingClientRect().bottom);
    assert.ok(gap < 12, `the board starts ${gap}px under the toolbar`);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('on a wide screen every tool shows and More does not', async () => {
    const { page, errors } = await openApp(browser.context);
    await page.setViewportSize({ width: 1280, height: 900 });
    assert.equal(await page.isVisible('#board-more'), false);
    assert.equal(await page.isVisible('#show-grid'), true);
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('clocks', () => {
  let browser;
  before(async () => {
    browser = await launchBrowser({ viewport: { width: 1280, height: 900 } });
  });
  after(async () => {
    await browser?.close();
  });

  test("each move shows the mover's time left, the time graph its clocks, and a timeout its end", async () => {
    const { page, errors } = await openApp(browser.context);
    await pasteRecord(
      page,
      '[GameType "Base"]\n[White "Ann"]\n[Black "Bo"]\n[Result "0-1"]\n[TimeControl "180+2"]\n[Termination "Time forfeit"]\n\n'
        + '1. wS1 {[%clk 0:03:00]}\n2. bS1 wS1- {good [%clk 0:02:55]}\n3. wQ -wS1 {[%clk 0:00:00]}\n\n0-1\n',
    );
    await page.waitForSelector('#notation tr[data-ply="3"][data-clock]');
    const clocks = await page.$$eval('#notation tr[data-ply]', (rows) => rows.map((r) => [r.dataset.clock, r.querySelector('.clock')?.textContent]));
    assert.deepEqual(clocks, [['3:00', '3:00'], ['2:55', '2:55'], ['0:00', '0:00']]);
    // The comment's words only: the clock is not shown as words.
    assert.equal(await page.textContent('#notation tr[data-comment-for="2"]'), 'good');
    // The time graph: a point a move, the move shown marked, a click going to a move.
    await page.waitForSelector('#time-graph svg circle[data-ply]');
    assert.deepEqual(await page.$$eval('#time-graph circle[data-ply]', (cs) => cs.map((c) => [c.dataset.ply, c.classList[1]])), [
      ['1', 'white'], ['3', 'white'], ['2', 'black'],
    ]);
    await page.click('#time-graph circle[data-ply="2"]');
    await waitForPly(page, 2);
    await page.waitForFunction(() => document.querySelector('#time-graph .time-shown')?.getAttribute('x1') === '300');
    // The timeout: under the last move's row and in the graph's caption, with both clocks.
    const timeout = await page.getAttribute('#notation tr[data-ply="3"]', 'data-timeout');
    assert.match(timeout, /^White lost on time \(White 0:00, Black 2:5\d\)$/);
    assert.match(await page.textContent('#time-graph .time-out'), /^White lost on time/);
    assert.equal(await page.$eval('#notation tr[data-ply="3"]', (r) => getComputedStyle(r, '::after').content), JSON.stringify(timeout));
    // The graph is the board column's last part.
    assert.equal(await page.$eval('#time-graph', (g) => g.parentElement.lastElementChild === g), true);
    // A game without times has none.
    await pasteRecord(page, 'Base;InProgress;White[2];wS1;bS1 wS1-');
    await page.waitForSelector('#time-graph', { state: 'detached' });
    assert.deepEqual(errors, []);
    await page.close();
  });
});
