// The notation table: three notations per move, toggles, a click jumps to a move and the
// board highlights what its direction notation refers to; hovering previews a move.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { launchBrowser, openApp, beeline, boardPly, currentRow, ROOT, waitForPly } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const cell = (page, ply, cls) => page.locator(`#notation tr[data-ply="${ply}"] td.${cls}`).textContent().then((s) => s.trim());

test('rows carry the turn, player and three notations', async () => {
  const { page, errors } = await openApp(browser.context);
  // Example game 1, turn 9 of player 2 (ply 18).
  assert.equal(await cell(page, 18, 'turn'), '9.');
  assert.equal(await cell(page, 18, 'direction'), 'A2×Qs');
  assert.match(await cell(page, 18, 'player'), /player 2/);
  // The direction notation numbers uncovered pieces (A2); UHP names keep placement order (bA3).
  assert.equal(await cell(page, 18, 'standard'), 'bA3 /wQ');
  const short = await cell(page, 18, 'algebraic');
  await page.selectOption('#algebraic-form', 'long');
  const long = await cell(page, 18, 'algebraic');
  assert.notEqual(long, short, 'long and short forms differ');
  assert.match(long, /^bA /);
  // Turn 13 of player 2 is `G✳︎Qm`; ASCII writes `G*Qm`.
  const star = await cell(page, 26, 'direction');
  assert.ok(star.includes('✳'), star);
  await page.check('#direction-ascii');
  assert.equal(await cell(page, 26, 'direction'), 'G*Qm');
  assert.equal(await cell(page, 18, 'direction'), 'A2xQs');
  assert.deepEqual(errors, []);
  await page.close();
});

test('clicking a move jumps to it and highlights its reference piece', async () => {
  const { page, errors } = await openApp(browser.context);
  // `A2×Qs`: the second player's second Ant moves next to the first player's Queen, who
  // moves first and is therefore White: the reference is wQ.
  await page.click('#notation tr[data-ply="18"]');
  await waitForPly(page, 18);
  assert.equal(await currentRow(page), 18);
  const refs = await page.$$eval('svg#board g[data-reference="true"]', (gs) => gs.map((g) => g.dataset.piece));
  assert.deepEqual(refs, ['wQ']);
  // `B+A2m` (turn 10 of player 2) refers to the second player's own second uncovered Ant,
  // the one that moved at turn 9: its UHP name is in that row's standard notation (bA3).
  const movedAt18 = (await cell(page, 18, 'standard')).split(' ')[0];
  assert.equal(movedAt18, 'bA3');
  await page.click('#notation tr[data-ply="20"]');
  await waitForPly(page, 20);
  const refs20 = await page.$$eval('svg#board g[data-reference="true"]', (gs) => gs.map((g) => g.dataset.piece));
  assert.deepEqual(refs20, [movedAt18]);
  // The first move has no reference.
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await waitForPly(page, 1);
  assert.equal(await page.locator('svg#board g[data-reference="true"]').count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('hovering a move previews it; leaving restores the chosen move', async () => {
  const { page, errors } = await openApp(browser.context);
  await page.hover('#notation tr[data-ply="18"]');
  await waitForPly(page, 18);
  assert.equal(await currentRow(page), 1, 'hovering does not choose the move');
  assert.deepEqual(
    await page.$$eval('svg#board g[data-reference="true"]', (gs) => gs.map((g) => g.dataset.piece)),
    ['wQ'],
  );
  await page.mouse.move(5, 5);
  await waitForPly(page, 1);
  assert.equal(await boardPly(page), 1);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a pointer that leaves the notation before the preview lands previews nothing', async () => {
  const { page, errors } = await openApp(browser.context);
  const box = await page.locator('#notation tr[data-ply="6"]').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.move(5, 5);
  await page.waitForTimeout(400);
  assert.equal(await boardPly(page), 1);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a preview still waiting when another game loads shows nothing of the game before', async () => {
  // The example game at move 20, and a short game at its third move, as links.
  const long = `#${beeline(['link', path.join(ROOT, 'tests/data/direction-game-1.md'), '--ply', '20']).trim()}`;
  const short = `#${beeline(['link', '-', '--ply', '3'], 'Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-').trim()}`;
  const { page, errors } = await openApp(browser.context, short);
  await waitForPly(page, 3);
  const follow = (hash) => page.evaluate((h) => { location.hash = h; }, hash);
  // The long example game again, its move 18 under a resting pointer; before the preview
  // lands (it waits for the pointer to rest), a link brings the short game back.
  await follow(long);
  await waitForPly(page, 20);
  // Where the row is, found first: the move onto it and the link then follow each other at
  // once.
  const box = await page.locator('#notation tr[data-ply="18"]').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await follow(short);
  await page.waitForTimeout(400);
  // The pointer now rests on no row of the short game: the board shows its chosen move,
  // not a node of the long game's numbering.
  assert.equal(await currentRow(page), 3);
  assert.equal(await boardPly(page), 3);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a row is reachable with Tab and chosen with Enter', async () => {
  const { page, errors } = await openApp(browser.context);
  await page.focus('#notation tr[data-ply="7"]');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset?.ply), '8');
  await page.keyboard.press('Enter');
  await waitForPly(page, 8);
  assert.equal(await currentRow(page), 8);
  assert.equal(await boardPly(page), 8);
  assert.deepEqual(errors, []);
  await page.close();
});
