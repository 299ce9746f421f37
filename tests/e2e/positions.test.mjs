// Positions: build one in the editor and play from it, the algebraic grid over a game, and a
// puzzle opened from its link (a wrong move, a hint, then the right moves). Notation and
// cell names are checked against the command-line tool.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { launchBrowser, openApp, waitForPly, boardPly, boardPieces, beeline, audit, ROOT, sharedText } from './helpers.mjs';

const EXAMPLE = path.join(ROOT, 'tests/data/direction-game-1.md');

let browser;
before(async () => {
  browser = await launchBrowser({ viewport: { width: 1200, height: 900 } });
});
after(async () => {
  await browser?.close();
});

async function typeMove(page, text) {
  await page.fill('#move-input', text);
  await page.press('#move-input', 'Enter');
}

/** Choose a palette piece (unless it is chosen already: it stays chosen), then a cell. */
async function place(page, piece, cell) {
  if ((await page.getAttribute(`[data-palette="${piece}"]`, 'aria-pressed')) !== 'true') {
    await page.click(`[data-palette="${piece}"]`);
  }
  await page.click(`svg#board [data-cell="${cell}"]`);
  await page.waitForSelector(`svg#board [data-cell="${cell}"].occupied`);
}

const count = (page, piece) => page.getAttribute(`[data-palette="${piece}"]`, 'data-count');

test('a position built in the editor is checked, then studied from', async () => {
  const { page, errors } = await openApp(browser.context);
  await page.click('#edit-position');
  await page.waitForSelector('#position-editor:not([hidden])');
  assert.equal(await page.getAttribute('#edit-position', 'aria-pressed'), 'true');
  // The editor opens on the position shown (the example at ply 1: one white Ladybug).
  assert.equal(await count(page, 'wL'), '0');
  await page.click('#clear-position');
  assert.equal(await count(page, 'wL'), '1');
  assert.equal(await page.locator('svg#board [data-cell]').count(), 1, 'the empty board has its first cell');
  assert.equal(await count(page, 'wQ'), '1');
  await place(page, 'wQ', 'm0');
  assert.equal(await count(page, 'wQ'), '0');
  assert.equal(await page.isDisabled('[data-palette="wQ"]'), true);
  await place(page, 'bQ', 'n0');
  await place(page, 'wA', 'l1');
  // An Ant cannot climb: the cell keeps its Queen and the editor says why.
  await page.click('[data-palette="bA"]');
  await page.click('svg#board [data-cell="n0"]');
  assert.match(await page.textContent('#edit-error'), /only Beetles and Mosquitoes climb/);
  assert.equal(await count(page, 'bA'), '3');
  await page.click('[data-palette="bB"]');
  await page.click('svg#board [data-cell="n0"]');
  assert.equal(await count(page, 'bB'), '1');
  assert.equal(await page.textContent('#edit-error'), '');
  // A piece placed by mistake is dragged elsewhere, another taken off with a right click.
  await place(page, 'wG', 'l0');
  const box = async (cell) => {
    const b = await page.locator(`svg#board [data-cell="${cell}"]`).boundingBox();
    return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  };
  const from = await box('l0');
  const to = await box('k1');
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2);
  await page.mouse.move(to.x, to.y);
  await page.mouse.up();
  await page.waitForSelector('svg#board [data-cell="k1"].occupied');
  assert.equal(await page.locator('svg#board [data-cell="l0"].occupied').count(), 0);
  await page.click('svg#board [data-cell="k1"]', { button: 'right' });
  await page.waitForSelector('svg#board [data-cell="k1"].empty');
  assert.equal(await count(page, 'wG'), '3');
  await page.selectOption('#side-to-move', 'b');
  await audit(page, 'the position editor');

  // Done: a study starts from the position, Black to move, and a typed move is played.
  await page.click('#edit-position');
  await page.waitForSelector('#position-editor', { state: 'hidden' });
  await waitForPly(page, 0);
  assert.deepEqual(await boardPieces(page), ['bB1', 'wA1', 'wQ']);
  const position = 'wQ @m0 bQ @n0 bB @n0 wA @l1; Black to move';
  const expected = JSON.parse(
    beeline(['convert', '-', '--from', 'algebraic', '--to', 'json'], `Position: ${position}\n\n1. bA @o0\n`),
  ).moves[0];
  await typeMove(page, 'bA @o0');
  await waitForPly(page, 1);
  const row = page.locator('#notation tr[data-ply="1"]');
  assert.equal((await row.locator('td.standard').textContent()).trim(), expected.standard);
  assert.equal((await row.locator('td.direction').textContent()).trim(), expected.direction);
  assert.equal((await row.locator('td.algebraic').textContent()).trim(), expected.algebraic_short);
  // The study's PGN carries the start position.
  await page.selectOption('#export-format', 'pgn');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-export')]);
  const pgn = await (await import('node:fs/promises')).readFile(await download.path(), 'utf8');
  assert.match(pgn, /\[Position "wQ @m0 bQ @n0 bB @n0 wA @l1; Black to move"\]/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a position that cannot stand keeps the editor open with the reason', async () => {
  const { page, errors } = await openApp(browser.context);
  await page.click('#edit-position');
  await page.click('#clear-position');
  // Both Queens surrounded: the game would be over already.
  await place(page, 'wQ', 'm0');
  await place(page, 'bQ', 'n0');
  for (const [piece, cell] of [
    ['wA', 'l0'], ['wA', 'm-1'], ['wA', 'l1'], ['wS', 'm1'],
    ['bA', 'n-1'], ['bA', 'o-1'], ['bA', 'o0'], ['bS', 'n1'],
  ]) {
    await place(page, piece, cell);
  }
  await page.click('#edit-position');
  assert.match(await page.textContent('#edit-error'), /both Queens are surrounded/);
  assert.equal(await page.isHidden('#position-editor'), false);
  // Taking one piece off lets it stand: White has lost, and the study shows it.
  await page.click('svg#board [data-cell="n1"]', { button: 'right' });
  await page.click('#edit-position');
  await page.waitForSelector('#position-editor', { state: 'hidden' });
  assert.equal(await boardPly(page), 0);
  assert.equal((await boardPieces(page)).length, 9);
  // An empty board is a new game, with the side to move chosen.
  await page.click('#edit-position');
  await page.click('#clear-position');
  await page.selectOption('#side-to-move', 'b');
  await page.click('#edit-position');
  await page.waitForSelector('#position-editor', { state: 'hidden' });
  await typeMove(page, 'bG1');
  await waitForPly(page, 1);
  assert.deepEqual(await boardPieces(page), ['bG1']);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the grid names the cells of a game as its algebraic notation does', async () => {
  const { page, errors } = await openApp(browser.context);
  assert.equal(await page.locator('svg#board [data-cell]').count(), 0);
  await page.click('#show-grid');
  assert.equal(await page.getAttribute('#show-grid', 'aria-pressed'), 'true');
  await page.keyboard.press('End');
  await waitForPly(page, 56);
  // The occupied cells are the squares of the final position as the tool writes it.
  const written = beeline(['convert', EXAMPLE, '--to', 'position']);
  const squares = [...new Set([...written.matchAll(/@([a-z]+-?\d+)/g)].map((m) => m[1]))].sort();
  const occupied = (await page.$$eval('svg#board [data-cell].occupied', (gs) => gs.map((g) => g.dataset.cell))).sort();
  assert.deepEqual(occupied, squares);
  // And the ring of empty cells around them is named too.
  assert.ok((await page.locator('svg#board [data-cell].empty').count()) > squares.length / 2);
  await page.click('#show-grid');
  assert.equal(await page.locator('svg#board [data-cell]').count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a puzzle link poses the position: a wrong move is refused, then the line solves it', async () => {
  const maker = await openApp(browser.context);
  await maker.page.click('#notation tr[data-ply="52"]');
  await waitForPly(maker.page, 52);
  const link = await sharedText(maker.page, '#make-puzzle', '#puzzle-link');
  assert.ok(link.includes('#'), link);
  await maker.page.close();

  const { page, errors } = await openApp(browser.context, link);
  await page.waitForSelector('#puzzle-status:not([hidden])');
  assert.equal(await page.textContent('#puzzle-status'), 'White to move');
  assert.equal(await page.getAttribute('.app', 'data-puzzle'), 'open');
  assert.equal(await page.isVisible('#notation'), false, 'the solution is hidden');
  assert.equal(await boardPly(page), 0);

  // The game's moves 53 to 56, and a legal White move that is not 53.
  const moves = JSON.parse(beeline(['convert', EXAMPLE, '--to', 'json'])).moves;
  const uhp = beeline(['convert', EXAMPLE, '--to', 'uhp']).trim().split(';').slice(3);
  const gs = `Base+MLP;InProgress;White[27];${uhp.slice(0, 52).join(';')}`;
  const wrong = beeline(['validmoves', gs]).trim().split('\n').find((m) => m !== uhp[52]);
  const wrongDirection = JSON.parse(
    beeline(['convert', '-', '--from', 'standard', '--to', 'json'], [...uhp.slice(0, 52), wrong].join('\n')),
  ).moves[52].direction;

  await typeMove(page, wrongDirection);
  await page.waitForFunction(() => document.querySelector('#puzzle-status').textContent.startsWith('Not this one.'));
  assert.equal(await page.textContent('#puzzle-status'), 'Not this one. White to move');
  assert.equal(await boardPly(page), 0, 'the wrong move is taken back');
  assert.equal(await page.getAttribute('#puzzle-status', 'data-hint'), null);
  await typeMove(page, wrongDirection);
  await page.waitForSelector('#puzzle-status[data-hint]');
  const hint = await page.getAttribute('#puzzle-status', 'data-hint');
  assert.match(hint, /^wB[12]?$/, 'the hint marks a white Beetle, the piece of move 53');
  assert.ok((await page.locator('svg#board .piece[data-selected]').count()) === 1, 'the hinted piece is picked');

  await typeMove(page, moves[52].direction);
  await waitForPly(page, 2);
  assert.equal(await page.textContent('#puzzle-status'), 'White to move');
  await typeMove(page, moves[54].direction);
  await waitForPly(page, 4);
  await page.waitForSelector('.app[data-puzzle="solved"]');
  assert.equal(await page.textContent('#puzzle-status'), 'Solved');
  // Solved: the line in all three notations, as the game wrote it.
  assert.equal(await page.isVisible('#notation'), true);
  const rows = page.locator('#notation tbody tr[data-ply]');
  assert.equal(await rows.count(), 4);
  for (let i = 0; i < 4; i++) {
    const row = rows.nth(i);
    assert.equal((await row.locator('td.direction').textContent()).trim(), moves[52 + i].direction);
    assert.equal((await row.locator('td.algebraic').textContent()).trim() !== '', true);
  }
  assert.equal((await rows.nth(0).locator('td.standard').textContent()).trim().split(' ')[0], hint);
  assert.deepEqual(errors, []);
  await page.close();
});
