// The parts of the app that the first screen does not need are chunks fetched on first use
// (src/app/lazy.rs, scripts/split-wasm.sh): the record readers, the typed moves' reader, the
// export writers, the panels' actions (the node tools' edits, the share panel's texts,
// the export panel's buttons) and the permalink's encoder (the address after a step). A first visit fetches none of them; each arrives when its feature is
// first used; one that cannot be fetched is an error in words that keeps the game shown, and
// the next try fetches it again.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, launchBrowser, openApp, pasteRecord, waitForPly, rowCount, boardPly, sharedText } from './helpers.mjs';

const UHP = 'Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1';

let browser;
before(async () => {
  // Without a service worker every fetch is the page's own, seen by `request` and routes.
  browser = await launchBrowser({ serviceWorkers: 'block' });
});
after(async () => {
  await browser?.close();
});

/** The names of the chunks the page has asked for so far (`records`, `typing`, ...). */
function chunkLog(page) {
  const names = [];
  page.on('request', (request) => {
    const m = /\/beeline-chunk-([a-z]+[0-9]*)-[0-9a-f]{16}\.wasm$/.exec(new URL(request.url()).pathname);
    if (m) names.push(m[1]);
  });
  return names;
}

test('a first visit fetches no chunk; a paste, a typed move and an export fetch theirs', async () => {
  const page = await browser.context.newPage();
  const fetched = chunkLog(page);
  const errors = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(BASE_URL);
  await page.waitForSelector('[data-ready="true"]', { timeout: 30_000 });
  // The example game is drawn and can be stepped through without any chunk; once the board
  // rests, the address follows the move with the permalink's encoder, a chunk of its own.
  await page.waitForTimeout(300);
  assert.deepEqual(fetched, [], 'no chunk on a first visit');
  const before = await page.evaluate(() => location.hash);
  await page.keyboard.press('End');
  await page.waitForFunction(() => Number(document.querySelector('svg#board').dataset.ply) > 0);
  await page.waitForFunction((h) => location.hash !== h, before);
  assert.ok(fetched.includes('address'), `the encoder after a step: ${fetched}`);
  assert.ok(fetched.every((n) => n === 'address' || n.startsWith('shared')), `only the encoder (with the code it shares): ${fetched}`);

  await pasteRecord(page, UHP);
  await waitForPly(page, 1);
  assert.equal(await rowCount(page), 3);
  assert.ok(fetched.includes('records'), `the readers' chunk after a paste: ${fetched}`);
  assert.ok(!fetched.includes('typing') && !fetched.includes('export'), `only what a paste needs: ${fetched}`);

  await page.keyboard.press('End');
  await waitForPly(page, 3);
  await page.fill('#move-input', 'bQ bS1-');
  await page.press('#move-input', 'Enter');
  await waitForPly(page, 4);
  assert.match(await page.textContent('#move-candidate'), /^Played bQ bS1- /);
  assert.ok(fetched.includes('typing'), `the typed moves' chunk: ${fetched}`);

  assert.ok(!fetched.includes('panels') && !fetched.includes('export'), `no panel action yet: ${fetched}`);
  await page.selectOption('#export-format', 'uhp');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-export')]);
  const chunks = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk);
  assert.match(Buffer.concat(chunks).toString('utf8'), /;wQ -wS1;bQ bS1-/);
  assert.ok(fetched.includes('export'), `the export chunk: ${fetched}`);
  assert.ok(fetched.includes('panels'), `the panels' chunk with it: ${fetched}`);

  // More of the panels' actions: a comment on the move shown, then a link copied.
  await page.fill('#comment-input', 'a note');
  await page.press('#comment-input', 'Tab');
  await page.locator('#notation tr.comment').waitFor();
  assert.match(await page.locator('#notation tr.comment').textContent(), /a note/);
  assert.ok((await sharedText(page, '#copy-link', '#share-url')).includes('#'));
  // Each chunk is fetched once.
  assert.equal(new Set(fetched).size, fetched.length, `fetched twice: ${fetched}`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a chunk that cannot be fetched says so, keeps the game, and is fetched on the next try', async () => {
  const { page } = await openApp(browser.context);
  const before = await rowCount(page);
  const refuse = (route) => route.abort('internetdisconnected');
  await page.route(/beeline-chunk-/, refuse);

  await pasteRecord(page, UHP);
  assert.match(await page.locator('#record-error').textContent(), /could not be loaded \(is the network off\?\)/);
  assert.equal(await rowCount(page), before, 'the game shown stays');

  const ply = await boardPly(page);
  await page.fill('#move-input', 'wA1');
  await page.press('#move-input', 'Enter');
  await page.waitForFunction(() => document.querySelector('#move-error').textContent !== '');
  assert.match(await page.textContent('#move-error'), /^Could not read the move: .*could not be loaded/);
  assert.equal(await page.getAttribute('#move-input', 'aria-invalid'), 'true');
  assert.equal(await boardPly(page), ply, 'nothing was played');

  // The network is back: the same actions fetch the chunks and work.
  await page.unroute(/beeline-chunk-/, refuse);
  await pasteRecord(page, UHP);
  await waitForPly(page, 1);
  assert.equal(await rowCount(page), 3);
  assert.equal(await page.locator('#record-error').count(), 0);
  await page.keyboard.press('End');
  await waitForPly(page, 3);
  await page.fill('#move-input', 'bQ bS1-');
  await page.press('#move-input', 'Enter');
  await waitForPly(page, 4);
  await page.close();
});
