// Embedded games: a page with three iframes of different games, sizes and options. Each shows
// its own game at its own move (its one-line notation checked against the command-line tool),
// stepping one leaves the others, keys act on the focused frame only, and the top page's
// address and history never change. The full app's "Copy embed code" gives a snippet that
// opens the same game at the same move.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { launchBrowser, openApp, boardPly, waitForPly, beeline, audit, ROOT, BASE_URL, MOUNT_TIMEOUT_MS, sharedText } from './helpers.mjs';

const GAMES = {
  one: path.join(ROOT, 'tests/data/direction-game-1.md'),
  two: path.join(ROOT, 'tests/data/direction-game-2.md'),
  hundred: path.join(ROOT, 'tests/data/game-100.uhp'),
};

/** The main line's moves of a record as the tool writes them. */
function movesOf(file) {
  return JSON.parse(beeline(['convert', file, '--to', 'json'])).moves;
}

/** The permalink fragment of a record at a ply. */
function linkOf(file, ply) {
  return beeline(['link', file, '--ply', String(ply)]).trim();
}

const FRAMES = [
  { id: 'a', file: GAMES.one, ply: 10, query: '?embed', width: 320, height: 320 },
  { id: 'b', file: GAMES.two, ply: 5, query: '?embed&notations=standard,algebraic', width: 480, height: 560 },
  { id: 'c', file: GAMES.hundred, ply: 40, query: '?embed&theme=dark&orientation=played', width: 720, height: 420 },
];

const TEST_PAGE = new URL('__embed-test.html', BASE_URL).href;

let browser;
before(async () => {
  browser = await launchBrowser({ viewport: { width: 1300, height: 1000 } });
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Embeds</title></head><body>
    <h1>An article with three games</h1>
    ${FRAMES.map((f) => `<iframe id="${f.id}" title="Game ${f.id}" width="${f.width}" height="${f.height}"
      src="${new URL(f.query, BASE_URL).href}#${linkOf(f.file, f.ply)}"></iframe>`).join('\n')}
  </body></html>`;
  await browser.context.route(TEST_PAGE, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: html }));
});
after(async () => {
  await browser?.close();
});

/** The frame of an iframe on the test page, once its embed has mounted. */
async function embedFrame(page, id) {
  const handle = await page.waitForSelector(`iframe#${id}`);
  const frame = await handle.contentFrame();
  await frame.waitForSelector('[data-embed="true"][data-ready="true"]', { timeout: MOUNT_TIMEOUT_MS });
  return frame;
}

test('three embeds show their own games at their own moves; stepping one leaves the others', async () => {
  const page = await browser.context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(TEST_PAGE);
  const historyBefore = await page.evaluate(() => history.length);
  const frames = {};
  for (const f of FRAMES) frames[f.id] = await embedFrame(page, f.id);

  for (const f of FRAMES) {
    const frame = frames[f.id];
    assert.equal(await boardPly(frame), f.ply, `frame ${f.id}`);
    assert.ok(await frame.locator('svg#board g[data-piece]').count() > 0);
    // The one-line move in the chosen notations, as the tool writes them.
    const row = movesOf(f.file)[f.ply - 1];
    const shown = f.query.includes('notations=') ? ['standard', 'algebraic'] : ['direction', 'standard', 'algebraic'];
    for (const n of ['direction', 'standard', 'algebraic']) {
      const cell = frame.locator(`.embed-move .${n}`);
      if (shown.includes(n)) {
        const want = n === 'algebraic' ? row.algebraic_short : row[n];
        assert.equal((await cell.textContent()).trim(), want, `frame ${f.id}, ${n}`);
      } else {
        assert.equal(await cell.count(), 0, `frame ${f.id} hides ${n}`);
      }
    }
    // The board stays inside its frame, nearly square where the frame allows, and the
    // step buttons are on screen (boxes measured inside the frame).
    const { board, next, inner } = await frame.evaluate(() => {
      const r = (sel) => document.querySelector(sel).getBoundingClientRect().toJSON();
      return { board: r('svg#board'), next: r('#next'), inner: { width: innerWidth, height: innerHeight } };
    });
    assert.ok(board.right <= inner.width && board.bottom <= inner.height, `frame ${f.id}: ${JSON.stringify(board)}`);
    assert.ok(board.height > inner.height * 0.4, `frame ${f.id}: the board takes the height`);
    assert.ok(next.bottom <= inner.height && next.right <= inner.width, `frame ${f.id}: #next visible`);
  }
  // Options: the dark theme and the board as played.
  assert.equal(await frames.c.evaluate(() => document.documentElement.dataset.theme), 'dark');
  assert.equal(await frames.a.evaluate(() => document.documentElement.dataset.theme), 'auto');

  // A click on one frame's step button moves that frame only.
  await frames.a.click('#next');
  await waitForPly(frames.a, 11);
  assert.equal(await boardPly(frames.b), 5);
  assert.equal(await boardPly(frames.c), 40);

  // Keys act on the frame with the focus.
  await frames.b.locator('svg#board').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('ArrowRight');
  await waitForPly(frames.b, 6);
  await page.keyboard.press('ArrowRight');
  await waitForPly(frames.b, 7);
  assert.equal(await boardPly(frames.a), 11);
  assert.equal(await boardPly(frames.c), 40);
  await frames.c.click('#prev');
  await waitForPly(frames.c, 39);

  // The top page's address and history never change, even after the links' delay.
  await page.waitForTimeout(600);
  assert.equal(page.url(), TEST_PAGE);
  assert.equal(await page.evaluate(() => history.length), historyBefore);
  for (const f of FRAMES) {
    // (One joint session history: a frame that pushed an entry would lengthen it.)
    assert.equal(await frames[f.id].evaluate(() => history.length), historyBefore, `frame ${f.id} history`);
  }

  // "Open in Beeline" opens the full viewer at the frame's move.
  const href = await frames.a.getAttribute('.embed-open', 'href');
  assert.ok(href.startsWith(BASE_URL) && href.includes('#') && !href.includes('embed'), href);
  const { page: full } = await openApp(browser.context, href);
  await waitForPly(full, 11);
  await full.close();
  assert.deepEqual(errors, []);
  await page.close();
});

test('embeds pass the accessibility audit, light and dark', async () => {
  for (const query of ['?embed&theme=light', '?embed&theme=dark']) {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 400, height: 480 });
    await page.goto(`${new URL(query, BASE_URL).href}#${linkOf(GAMES.one, 12)}`);
    await page.waitForSelector('[data-embed="true"][data-ready="true"]', { timeout: MOUNT_TIMEOUT_MS });
    await waitForPly(page, 12);
    await audit(page, `embed ${query}`);
    await page.close();
  }
});

test('"Copy embed code" gives an iframe that opens the game at the same move', async () => {
  const { page } = await openApp(browser.context, `#${linkOf(GAMES.two, 9)}`);
  await waitForPly(page, 9);
  const code = await sharedText(page, '#copy-embed', '#embed-code');
  assert.equal(await page.getAttribute('#embed-code', 'readonly'), '');
  const m = code.match(/^<iframe src="([^"]+)" title="([^"]+)" width="\d+" height="\d+"[^>]*><\/iframe>$/);
  assert.ok(m, code);
  const [, src, title] = m;
  assert.match(title, /^Hive game: .+ \(Beeline\)$/);
  assert.ok(src.startsWith(new URL('?embed#', BASE_URL).href), src);
  const embed = await browser.context.newPage();
  await embed.goto(src.replaceAll('&amp;', '&'));
  await embed.waitForSelector('[data-embed="true"][data-ready="true"]', { timeout: MOUNT_TIMEOUT_MS });
  assert.equal(await boardPly(embed), 9);
  await embed.close();
  await page.close();
});

test('the move and autoplay options: starts at the move asked and plays on', async () => {
  const page = await browser.context.newPage();
  await page.goto(`${new URL('?embed&move=3&autoplay=1', BASE_URL).href}#${linkOf(GAMES.hundred, 40)}`);
  await page.waitForSelector('[data-embed="true"][data-ready="true"]', { timeout: MOUNT_TIMEOUT_MS });
  const first = await boardPly(page);
  assert.ok(first >= 3 && first < 6, `started at ${first}`);
  await waitForPly(page, first + 1);
  assert.equal(await page.getAttribute('#autoplay', 'aria-pressed'), 'true');
  await page.close();
});
