// The study board: moves typed in every notation, variations (rows, keys, promote, main
// line, delete, undo), comments and annotations, PGN export and the permalink of a tree.
// New rows are checked against the command-line tool's conversion of the same line.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { launchBrowser, openApp, boardPly, waitForPly, beeline, ROOT, sharedText } from './helpers.mjs';
const EXAMPLE = path.join(ROOT, 'tests/data/direction-game-1.md');

/** The example game's first `n` moves in UHP (the app's own coordinates). */
function uhpPrefix(n) {
  const parts = beeline(['convert', EXAMPLE, '--to', 'uhp']).trim().split(';');
  return { moves: parts.slice(3, 3 + n) };
}

/** Legal moves after a UHP move list of the example game. */
function legalAfter(moves) {
  const gs = `Base+MLP;InProgress;${moves.length % 2 ? 'Black' : 'White'}[${Math.floor(moves.length / 2) + 1}];${moves.join(';')}`;
  return beeline(['validmoves', gs]).trim().split('\n');
}

/** The three notations of a line's last move, as the command-line tool writes them. */
function cliLastRow(directionMoves) {
  const json = JSON.parse(beeline(['convert', '-', '--from', 'direction', '--to', 'json'], directionMoves.join('\n')));
  return json.moves[json.moves.length - 1];
}

const rowCells = async (row) => ({
  standard: (await row.locator('td.standard').textContent()).trim(),
  direction: (await row.locator('td.direction').textContent()).trim(),
  algebraic: (await row.locator('td.algebraic').textContent()).trim(),
});

const currentPath = (page) => page.getAttribute('#notation tr[aria-current="true"]', 'data-path');

/** Type a move and press Enter. */
async function typeMove(page, text) {
  await page.fill('#move-input', text);
  await page.press('#move-input', 'Enter');
}

/** Give the viewer the focus without choosing anything (keys then act on it). */
async function focusViewer(page) {
  await page.evaluate(() => document.activeElement?.blur());
}

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** The example game at ply 17 with a two-move variation replacing ply 18, typed in UHP. */
async function withVariation() {
  const opened = await openApp(browser.context);
  const { page } = opened;
  await page.click('#notation tr[data-ply="17"]');
  await waitForPly(page, 17);
  const { moves } = uhpPrefix(18);
  const recorded = moves[17];
  const alt = legalAfter(moves.slice(0, 17)).find((m) => m !== recorded && !m.startsWith('bA3'));
  await typeMove(page, alt);
  await waitForPly(page, 18);
  const reply = legalAfter([...moves.slice(0, 17), alt])[0];
  await typeMove(page, reply);
  await waitForPly(page, 19);
  return { ...opened, alt, reply, moves };
}

test('a typed move follows the game or starts a variation, named as the tool names it', async () => {
  const { page, errors, alt } = await withVariation();
  const variation = page.locator('#notation tr[data-variation="true"]');
  assert.equal(await variation.count(), 2);
  assert.deepEqual(
    await variation.evaluateAll((trs) => trs.map((tr) => tr.dataset.path)),
    ['18.1.1', '18.1.2'],
  );
  assert.equal(await currentPath(page), '18.1.2');
  const first = await rowCells(variation.first());
  assert.equal(first.standard, alt, 'the standard column writes the move as typed in UHP');
  // The command-line tool writes the same line's last move the same way in all three.
  const main = JSON.parse(beeline(['convert', EXAMPLE, '--to', 'json'])).moves.slice(0, 17).map((m) => m.direction);
  const cli = cliLastRow([...main, first.direction]);
  assert.deepEqual(first, { standard: cli.standard, direction: cli.direction, algebraic: cli.algebraic_short });

  // The recorded move typed in the direction notation follows the game: no new row.
  await page.click('#notation tr[data-ply="17"]');
  await typeMove(page, 'A2×Qs');
  await waitForPly(page, 18);
  assert.equal(await currentPath(page), '18');
  assert.equal(await page.locator('#notation tr[data-variation="true"]').count(), 2);
  // The variation's move typed in the algebraic notation follows the variation.
  await page.click('#notation tr[data-ply="17"]');
  await typeMove(page, first.algebraic);
  assert.equal(await currentPath(page), '18.1.1');
  await page.click('#notation tr[data-ply="17"]');
  await typeMove(page, first.direction);
  assert.equal(await currentPath(page), '18.1.1');
  assert.equal(await page.locator('#notation tr[data-variation="true"]').count(), 2);
  assert.deepEqual(errors, []);
  await page.close();
});

test('unreadable and ambiguous typed moves say why under the field', async () => {
  const { page, errors } = await openApp(browser.context);
  await page.click('#notation tr[data-ply="17"]');
  // (A typed move is read by code fetched on first use: its answer comes a moment later.)
  await typeMove(page, 'xyz');
  await page.waitForFunction(() => /xyz/.test(document.querySelector('#move-error').textContent));
  assert.equal(await boardPly(page), 17);
  await typeMove(page, 'A×Qs');
  await page.waitForFunction(() => /A3×Qs/.test(document.querySelector('#move-error').textContent));
  const msg = await page.textContent('#move-error');
  assert.ok(msg.includes('A3×Qs') && msg.includes('A2×Qs'), msg);
  assert.equal(await page.getAttribute('#move-input', 'aria-invalid'), 'true');
  assert.equal(await boardPly(page), 17);
  assert.deepEqual(errors, []);
  await page.close();
});

test('arrow keys follow the line you are in and switch variations', async () => {
  const { page, errors } = await withVariation();
  await focusViewer(page);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await waitForPly(page, 17);
  await page.keyboard.press('ArrowRight');
  assert.equal(await currentPath(page), '18.1.1', 'forward again follows the variation');
  await page.keyboard.press('ArrowUp');
  assert.equal(await currentPath(page), '18', 'up: the main line move it replaces');
  await page.keyboard.press('ArrowRight');
  assert.equal(await currentPath(page), '19');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowDown');
  assert.equal(await currentPath(page), '18.1.1');
  await page.keyboard.press('ArrowDown');
  assert.equal(await currentPath(page), '18.1.1', 'no further sibling');
  assert.deepEqual(errors, []);
  await page.close();
});

test('comments, annotations, main line, delete and undo', async () => {
  const { page, errors } = await withVariation();
  await page.click('#notation tr[data-path="18.1.1"]');
  await page.fill('#comment-input', 'a quieter idea');
  await page.press('#comment-input', 'Tab');
  const comment = page.locator('#notation tr.comment[data-comment-for="18.1.1"]');
  assert.equal((await comment.textContent()).trim(), 'a quieter idea');
  await page.selectOption('#annotation', '!?');
  const row = page.locator('#notation tr[data-path="18.1.1"]');
  await page.waitForFunction(() => document.querySelector('#notation tr[data-path="18.1.1"] td.direction').textContent.trim().endsWith('!?'));
  for (const cls of ['standard', 'direction', 'algebraic']) {
    assert.ok((await row.locator(`td.${cls}`).textContent()).trim().endsWith('!?'), cls);
  }
  // Ctrl+Z takes back the annotation, then the comment.
  await focusViewer(page);
  await page.keyboard.press('Control+z');
  assert.ok(!(await row.locator('td.direction').textContent()).includes('!?'));
  assert.equal(await comment.count(), 1);
  await page.keyboard.press('Control+z');
  assert.equal(await comment.count(), 0);
  // Redo makes them again, in turn: Ctrl+Y, then Ctrl+Shift+Z; the button once nothing is
  // left to redo is disabled.
  assert.ok(await page.isEnabled('#redo'));
  await page.keyboard.press('Control+y');
  await comment.waitFor();
  assert.ok(!(await row.locator('td.direction').textContent()).includes('!?'));
  await page.keyboard.press('Control+Shift+Z');
  await page.waitForFunction(() => document.querySelector('#notation tr[data-path="18.1.1"] td.direction').textContent.trim().endsWith('!?'));
  assert.ok(await page.isDisabled('#redo'));
  // Undone by the button, made again by the button; a new change forgets what was undone.
  await page.click('#undo');
  await page.click('#redo');
  await page.waitForFunction(() => document.querySelector('#notation tr[data-path="18.1.1"] td.direction').textContent.trim().endsWith('!?'));
  await page.click('#undo');
  assert.ok(await page.isEnabled('#redo'));
  await page.selectOption('#annotation', '?!');
  await page.waitForFunction(() => document.querySelector('#redo').disabled);
  await focusViewer(page);
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  assert.equal(await comment.count(), 0);

  // Make the variation the main line: its moves become plies 18 and 19.
  await page.click('#notation tr[data-path="18.1.1"]');
  const variationMove = (await rowCells(row)).standard;
  await page.click('#make-main-line');
  assert.equal(await currentPath(page), '18');
  assert.equal((await rowCells(page.locator('#notation tr[data-path="18"]'))).standard, variationMove);
  assert.equal(await page.locator('#notation tr[data-ply]').count(), 19);
  assert.equal(await page.locator('#notation tr[data-variation="true"]').count(), 39);
  await page.click('#undo');
  assert.equal(await page.locator('#notation tr[data-ply]').count(), 56);

  // Delete the variation from its first move.
  await page.click('#notation tr[data-path="18.1.1"]');
  await page.click('#delete-from');
  assert.equal(await page.locator('#notation tr[data-variation="true"]').count(), 0);
  assert.equal(await currentPath(page), '17');
  await focusViewer(page);
  await page.keyboard.press('Control+z');
  assert.equal(await page.locator('#notation tr[data-variation="true"]').count(), 2);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the PGN export keeps variations, comments and annotations', async () => {
  const { page, errors, alt } = await withVariation();
  await page.click('#notation tr[data-path="18.1.1"]');
  await page.fill('#comment-input', 'worth a look');
  await page.press('#comment-input', 'Tab');
  await page.selectOption('#annotation', '?!');
  await page.selectOption('#export-format', 'pgn');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-export')]);
  const text = readFileSync(await download.path(), 'utf8');
  assert.ok(text.includes(`(18. ${alt} $6 {worth a look}`), text);
  // The tool reads it back with the variation's path, comment and NAG.
  const json = JSON.parse(beeline(['convert', '-', '--to', 'json'], text));
  const node = json.moves.find((m) => m.path === '18.1.1');
  assert.ok(node, JSON.stringify(json.moves.map((m) => m.path)));
  assert.equal(node.comment, 'worth a look');
  assert.equal(node.nag, 6);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the permalink carries the tree, comments, annotations and the move shown', async () => {
  const { page, errors } = await withVariation();
  await page.click('#notation tr[data-path="18.1.1"]');
  await page.fill('#comment-input', 'seen in the link');
  await page.press('#comment-input', 'Tab');
  await page.selectOption('#annotation', '!!');
  await page.click('#notation tr[data-path="18.1.2"]');
  const link = await sharedText(page, '#copy-link', '#share-url');
  const paths = (p) => p.$$eval('#notation tr[data-path]', (trs) => trs.map((tr) => tr.dataset.path));
  const before = await paths(page);

  const { page: other, errors: otherErrors } = await openApp(browser.context, link);
  assert.deepEqual(await paths(other), before);
  assert.equal(await currentPath(other), '18.1.2');
  assert.equal(await boardPly(other), 19);
  assert.equal((await other.locator('#notation tr.comment[data-comment-for="18.1.1"]').textContent()).trim(), 'seen in the link');
  assert.ok((await other.locator('#notation tr[data-path="18.1.1"] td.direction').textContent()).trim().endsWith('!!'));
  // Stepping back and forward stays on the variation.
  await focusViewer(other);
  await other.keyboard.press('ArrowLeft');
  await other.keyboard.press('ArrowRight');
  assert.equal(await currentPath(other), '18.1.2');
  assert.deepEqual(errors, []);
  assert.deepEqual(otherErrors, []);
  await page.close();
  await other.close();
});
