// Loading games: pasted UHP, PGN and direction-notation lists, a chosen file, a dropped
// file, a broken record (the valid prefix stays viewable) and input that is too large.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launchBrowser, openApp, pasteRecord, boardPieces, boardPly, currentRow, rowCount, waitForPly,
} from './helpers.mjs';

// Both Beetles climb onto the Queens: the Queens are hidden under them.
const UHP = 'Base;InProgress;White[5];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wB1 wQ\\;bB1 bQ/;wB1 wQ;bB1 bQ';
const PGN = `[GameType "Base+M"]
[Date "2024.05.01"]
[Event "Club night"]
[White "Ann"]
[Black "Bo"]
[Result "InProgress"]

1. wG1
2. bG1 wG1-
3. wQ -wG1
4. bQ bG1-
5. wM wQ\\
6. bM bQ/
`;
// The direction notation names no colours: the first player is White.
const DIRECTION = '1. L P\n2. M+Lm A+Pn\n3. Q+Ls Q+Pa\n';
// The fourth move lands on White's Queen's cell's neighbour that is taken (bS1's cell).
const BROKEN = 'Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ wQ-;wA1 -wQ';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** Loads `text`, then goes to the last move; returns the page. */
async function loadAndEnd(text) {
  const { page, errors } = await openApp(browser.context);
  await pasteRecord(page, text);
  await waitForPly(page, 1);
  await page.click('#last');
  return { page, errors };
}

test('a pasted UHP game string', async () => {
  const { page, errors } = await loadAndEnd(UHP);
  assert.equal(await rowCount(page), 8);
  await waitForPly(page, 8);
  assert.deepEqual(await boardPieces(page), ['bB1', 'bS1', 'wB1', 'wS1']);
  assert.equal(await currentRow(page), 8);
  assert.equal((await page.locator('#notation tr[data-ply="8"] td.standard').textContent()).trim(), 'bB1 bQ');
  assert.match(await page.locator('#record-format').textContent(), /UHP/);
  assert.equal(await page.locator('#record-error').count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a pasted PGN shows its players, date and event', async () => {
  const { page, errors } = await loadAndEnd(PGN);
  assert.equal(await rowCount(page), 6);
  await waitForPly(page, 6);
  assert.deepEqual(await boardPieces(page), ['bG1', 'bM', 'bQ', 'wG1', 'wM', 'wQ']);
  const meta = await page.locator('#game-meta').textContent();
  for (const s of ['Ann', 'Bo', '2024.05.01', 'Club night', 'in progress']) assert.ok(meta.includes(s), `${s} in ${meta}`);
  assert.match(await page.locator('#record-format').textContent(), /PGN/);
  assert.match(await page.locator('#game-type').textContent(), /Base\+M/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a pasted direction-notation list', async () => {
  const { page, errors } = await loadAndEnd(DIRECTION);
  assert.equal(await rowCount(page), 6);
  await waitForPly(page, 6);
  assert.deepEqual(await boardPieces(page), ['bA1', 'bP', 'bQ', 'wL', 'wM', 'wQ']);
  assert.equal((await page.locator('#notation tr[data-ply="6"] td.direction').textContent()).trim(), 'Q+Pa');
  // Its standard notation is written in the canonical frame.
  assert.equal((await page.locator('#notation tr[data-ply="2"] td.standard').textContent()).trim(), 'bP wL-');
  assert.match(await page.locator('#record-format').textContent(), /direction/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a broken record names the move that failed and keeps the moves before it', async () => {
  const { page, errors } = await openApp(browser.context);
  await pasteRecord(page, BROKEN);
  const error = (await page.locator('#record-error').textContent()).trim();
  assert.match(error, /^Move 4 \(turn 2, player 2\)/, error);
  assert.ok(error.includes('bQ wQ-'), error);
  assert.match(error, /occupied/, error);
  assert.equal(await rowCount(page), 3);
  await page.keyboard.press('End');
  await waitForPly(page, 3);
  assert.deepEqual(await boardPieces(page), ['bS1', 'wQ', 'wS1']);
  assert.deepEqual(errors, []);
  await page.close();
});

test('unreadable or oversized input says why and keeps the game shown', async () => {
  const { page, errors } = await openApp(browser.context);
  await pasteRecord(page, '{}');
  assert.match(await page.locator('#record-error').textContent(), /not recognised/);
  assert.equal(await rowCount(page), 56, 'the example game stays');
  // Text read as a move list whose first move is unreadable: nothing to show, the game stays.
  await pasteRecord(page, 'hello');
  assert.match(await page.locator('#record-error').textContent(), /^Move 1 .*'hello'/);
  assert.equal(await rowCount(page), 56, 'the example game stays');
  await page.evaluate(() => {
    const t = document.querySelector('#record-input');
    t.value = 'x'.repeat(1_100_000);
  });
  await page.click('#load-record');
  assert.match(await page.locator('#record-error').textContent(), /larger than 1048576 bytes are refused/);
  // A good record clears the error.
  await pasteRecord(page, UHP);
  await waitForPly(page, 1);
  assert.equal(await page.locator('#record-error').count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a chosen file and a dropped file load', async () => {
  const { page, errors } = await openApp(browser.context);
  await page.setInputFiles('#record-file', { name: 'game.pgn', mimeType: 'text/plain', buffer: Buffer.from(PGN) });
  await page.waitForFunction(() => document.querySelectorAll('#notation tr[data-ply]').length === 6);
  assert.match(await page.locator('#game-meta').textContent(), /Ann/);
  assert.equal(await boardPly(page), 1);

  // Dropped near a corner of the window: the viewer covers the page.
  const accepted = await page.evaluate((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], 'game.uhp', { type: 'text/plain' }));
    const at = document.elementFromPoint(window.innerWidth - 3, window.innerHeight - 3);
    const init = { dataTransfer: dt, bubbles: true, cancelable: true };
    const over = at.dispatchEvent(new DragEvent('dragover', init));
    at.dispatchEvent(new DragEvent('drop', init));
    return !over;
  }, UHP);
  assert.ok(accepted, 'dragover is accepted (default prevented), so that the browser lets the file drop');
  await page.waitForFunction(() => document.querySelectorAll('#notation tr[data-ply]').length === 8);
  assert.match(await page.locator('#record-format').textContent(), /UHP/);
  assert.equal(await currentRow(page), 1);
  assert.deepEqual(errors, []);
  await page.close();
});
