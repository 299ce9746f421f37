// The analysis on the study board: the engine's evaluation, lines and their first moves for
// the position shown equal the command line's at the same depth (`beeline analyse --depth N
// --lines 3`), a step stops the search and starts the next position's (in the same worker,
// which takes it between two slices of its search), a line plays into the study, the number
// of lines is a choice (one on a phone), threat mode shows what the opponent would play, a
// review judges the same moves as the command line and goes into the PGN export; the panel
// says why the engine waits (a position being edited, in a practice game too) or why there is
// nothing to review, another game shown ends the review of the one before, and a link followed
// in the open page sets the analysis's depth as opening it would.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { launchBrowser, openApp, waitForPly, pasteRecord, countWorkers, beeline, audit, WIDTHS, ROOT } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser({ viewport: WIDTHS[0] });
});
after(async () => {
  await browser?.close();
});

const PLY = 10;

/** `beeline analyse --depth DEPTH --lines LINES --json` on the example game (the app opens with it). */
function cliAnalysis(depth, lines = 1) {
  const file = path.join(ROOT, 'tests/data/direction-game-1.md');
  return JSON.parse(beeline(['analyse', file, '--depth', String(depth), '--lines', String(lines), '--json']));
}

/** Waits until the analysis has finished the position after `ply` moves, to its depth. */
async function searched(page, ply, depth) {
  await page.waitForSelector(`#eval[data-ply="${ply}"][data-done="true"][data-depth="${depth}"]`, { timeout: 20_000 });
}

/** The best line's moves in the three notations (or another list's, by its selector). */
async function bestLine(page, list = '#best-line') {
  return page.$$eval(`${list} [data-move]`, (bs) =>
    bs.map((b) => ({
      standard: b.querySelector('.standard').textContent,
      direction: b.querySelector('.direction').textContent,
      algebraic: b.querySelector('.algebraic').textContent,
    })),
  );
}

/** Every line shown: its rank, evaluation, depth and moves. */
async function engineLines(page) {
  const lines = await page.$$eval('#engine-lines [data-line]:not([data-move])', (ls) =>
    ls.map((l) => ({ rank: Number(l.dataset.line), eval: Number(l.dataset.eval), depth: Number(l.dataset.depth) })));
  for (const l of lines) {
    l.pv = await bestLine(page, `#engine-lines .engine-line[data-line="${l.rank}"]`);
  }
  return lines;
}

test('the analysis shows the command line’s lines, best moves and evaluations at the same depth', async () => {
  const { page, errors } = await openApp(browser.context, '#&analyse=4');
  await page.click(`#notation tr[data-ply="${PLY}"]`);
  await waitForPly(page, PLY);
  // On as soon as its code has come.
  await page.waitForSelector('#analyse[aria-pressed="true"]');
  // Three lines on a desktop's screen.
  assert.equal(await page.inputValue('#engine-line-count'), '3');
  await searched(page, PLY, 4);
  const rows = cliAnalysis(4, 3);
  const row = rows.find((r) => r.ply === PLY + 1);
  assert.ok(row, 'the CLI analysed the position');
  assert.equal(row.lines.length, 3);
  const line = await bestLine(page);
  assert.deepEqual(line, row.pv, 'the line in three notations');
  assert.equal(Number(await page.getAttribute('#eval', 'data-eval')), row.eval);
  // Every line as the command line found it, in its order.
  const shown = await engineLines(page);
  assert.deepEqual(shown.map((l) => l.rank), [1, 2, 3]);
  assert.deepEqual(shown.map((l) => l.eval), row.lines.map((l) => l.eval));
  assert.deepEqual(shown.map((l) => l.depth), [4, 4, 4]);
  assert.deepEqual(shown.map((l) => l.pv), row.lines.map((l) => l.pv));
  // Each line's first move drawn on the board, ranked, named as the line's first move.
  for (const [k, l] of row.lines.entries()) {
    const drawn = await page.getAttribute(`svg#board [data-best-move][data-rank="${k + 1}"]`, 'data-best-move');
    assert.equal(drawn, l.pv[0].standard, `line ${k + 1}`);
  }
  assert.equal(await page.locator('svg#board [data-best-move]').count(), 3);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the number of lines is a choice, one on a phone; a second line plays into the study', async () => {
  const { page, errors } = await openApp(browser.context, '#&analyse=3');
  await page.click(`#notation tr[data-ply="${PLY}"]`);
  await waitForPly(page, PLY);
  await searched(page, PLY, 3);
  await page.selectOption('#engine-line-count', '1');
  await page.waitForFunction(() => document.querySelectorAll('#engine-lines [data-line]:not([data-move])').length === 1
    && document.querySelector('#eval').dataset.done === 'true');
  assert.equal(await page.locator('svg#board [data-best-move]').count(), 1);
  await page.selectOption('#engine-line-count', '5');
  await page.waitForFunction(() => document.querySelectorAll('#engine-lines [data-line]:not([data-move])').length === 5
    && document.querySelector('#eval').dataset.done === 'true');
  const lines = await engineLines(page);
  const evals = lines.map((l) => l.eval);
  // Best first for the player to move (White after an even number of plies: the highest).
  const mover = PLY % 2 === 0 ? 1 : -1;
  assert.deepEqual(evals, [...evals].sort((a, b) => mover * (b - a)), `${evals}`);
  assert.equal(new Set(lines.map((l) => l.pv[0].standard)).size, 5, 'five different first moves');
  const second = lines[1].pv[0];
  await page.click('#engine-lines .engine-line[data-line="2"] [data-move="0"]');
  await waitForPly(page, PLY + 1);
  const current = await page.$eval('#notation tr[aria-current="true"] td.standard', (td) => td.textContent);
  assert.equal(current, second.standard);
  assert.deepEqual(errors, []);
  await page.close();

  const phone = await launchBrowser({ viewport: WIDTHS[1] });
  try {
    const { page, errors } = await openApp(phone.context, '#&analyse=2');
    await page.waitForSelector('#eval[data-done="true"][data-depth="2"]', { timeout: 20_000 });
    assert.equal(await page.inputValue('#engine-line-count'), '1');
    assert.equal(await page.locator('#engine-lines [data-line]:not([data-move])').count(), 1);
    await audit(page, 'one engine line at a phone’s width');
    await page.keyboard.press('x');
    await page.waitForSelector('#threat-line [data-move]', { timeout: 20_000 });
    await audit(page, 'the threat at a phone’s width');
    assert.deepEqual(errors, []);
  } finally {
    await phone.close();
  }
});

test('threat mode shows what the opponent would play if it were their move', async () => {
  const { page, errors } = await openApp(browser.context, '#&analyse=2');
  // Two plies before the end: White to move, Black threatens to surround the Queen.
  const end = await page.locator('#notation tr[data-ply]').count();
  await page.keyboard.press('End');
  await waitForPly(page, end);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await waitForPly(page, end - 2);
  await searched(page, end - 2, 2);
  assert.ok(await page.locator('#threat-line').isHidden());
  await page.click('#threat');
  assert.equal(await page.getAttribute('#threat', 'aria-pressed'), 'true');
  await page.waitForSelector('#eval[data-done="true"]');
  await page.waitForSelector('#threat-line [data-move]');
  // Black wins at once: the threat's evaluation, its line of one move, its arrow.
  assert.equal(await page.getAttribute('#eval', 'data-eval'), '-100.00');
  assert.ok(await page.locator('#engine-lines').isHidden());
  const threat = await bestLine(page, '#threat-line');
  assert.equal(threat.length, 1);
  assert.equal(await page.getAttribute('svg#board [data-threat-move]', 'data-threat-move'), threat[0].standard);
  assert.equal(await page.locator('svg#board [data-best-move]').count(), 0);
  await audit(page, 'the threat');
  // X turns it off: the lines come back.
  await page.click('svg#board');
  await page.keyboard.press('x');
  assert.equal(await page.getAttribute('#threat', 'aria-pressed'), 'false');
  await page.waitForSelector('#engine-lines .engine-line');
  assert.ok(await page.locator('#threat-line').isHidden());
  assert.equal(await page.locator('svg#board [data-threat-move]').count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a step stops the search and starts the next position’s; the line plays into the study', async () => {
  const { page, errors } = await openApp(browser.context, '#&analyse');
  await page.click(`#notation tr[data-ply="${PLY}"]`);
  await waitForPly(page, PLY);
  await page.waitForSelector(`#eval[data-ply="${PLY}"]:not([data-depth="0"])`, { timeout: 20_000 });
  await page.keyboard.press('ArrowRight');
  await waitForPly(page, PLY + 1);
  // At once: the old position's answer is gone.
  assert.equal(await page.getAttribute('#eval', 'data-ply'), String(PLY + 1));
  await page.waitForSelector(`#eval[data-ply="${PLY + 1}"]:not([data-depth="0"])`, { timeout: 20_000 });
  await bestLine(page);
  const rows = await page.locator('#notation tr[data-path]').count();
  // The move read and clicked in one go: the search goes on deepening, and its line may change
  // between a read and a click.
  const first = await page.evaluate(() => {
    const b = document.querySelector('#best-line [data-move="0"]');
    const standard = b.querySelector('.standard').textContent;
    b.click();
    return { standard };
  });
  await waitForPly(page, PLY + 2);
  // A variation with the engine's move (the game went on otherwise) or the game's move.
  assert.ok((await page.locator('#notation tr[data-path]').count()) >= rows);
  const current = await page.$eval('#notation tr[aria-current="true"] td.standard', (td) => td.textContent);
  assert.equal(current, first.standard);
  // The key A turns it off.
  await page.click('svg#board');
  await page.keyboard.press('a');
  assert.equal(await page.getAttribute('#analyse', 'aria-pressed'), 'false');
  assert.ok(await page.locator('#analysis').isHidden());
  assert.deepEqual(errors, []);
  await page.close();
});

test('the search says that it waits while the position is edited, and goes on after', async () => {
  const { page, errors } = await openApp(browser.context, '#&analyse');
  await page.waitForSelector('#eval:not([data-depth="0"])', { timeout: 20_000 });
  await page.click('#edit-position');
  await page.waitForSelector('#position-editor:not([hidden])');
  // The live search does not run on a position being built; the panel says so, or it looks hung.
  await page.waitForFunction(() => /waits while the position is edited/.test(document.querySelector('.analysis-status')?.textContent ?? ''), null, { timeout: 5_000 });
  await page.click('#edit-position');
  await page.waitForSelector('#position-editor', { state: 'hidden' });
  const ply = await page.getAttribute('svg#board', 'data-ply');
  await page.waitForSelector(`#eval[data-ply="${ply}"]:not([data-depth="0"])`, { timeout: 20_000 });
  assert.doesNotMatch(await page.textContent('.analysis-status'), /waits/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a practice game says that the engine waits while the position is edited', async () => {
  const { page, errors } = await openApp(browser.context, '#&analyse');
  await page.keyboard.press('Home');
  await waitForPly(page, 0);
  await page.click('#practice');
  await page.selectOption('#practice-colour', 'black');
  await page.click('#practice-start');
  await page.waitForFunction(() => document.querySelector('#practice-status').textContent.startsWith('Your move (Black)'));
  await page.click('#edit-position');
  await page.waitForSelector('#position-editor:not([hidden])');
  // Without a word the engine would look hung.
  await page.waitForFunction(() => /engine waits while the position is edited/.test(document.querySelector('.analysis-status')?.textContent ?? ''), null, { timeout: 5_000 });
  await page.click('#edit-position');
  await page.waitForSelector('#position-editor', { state: 'hidden' });
  await page.waitForFunction(() => !/waits/.test(document.querySelector('.analysis-status')?.textContent ?? ''), null, { timeout: 5_000 });
  assert.deepEqual(errors, []);
  await page.close();
});

test('a game over before any move has nothing to review, and says so', async () => {
  const { page, errors } = await openApp(browser.context, '#&analyse');
  // White's Queen is surrounded in the position given: Black has won, no move is left.
  await pasteRecord(page, 'Position: wQ @m0 bQ @n0 wA @l0 wA @m-1 wA @l1 wS @m1 bA @n-1; Black to move\n\n');
  await page.waitForFunction(() => document.querySelectorAll('#notation tbody tr[data-ply]').length === 0);
  await page.waitForFunction(() => /game is over/.test(document.querySelector('.analysis-status')?.textContent ?? ''), null, { timeout: 5_000 });
  await page.click('#review');
  await page.waitForFunction(() => /nothing to review: the game is over before any move/.test(document.querySelector('.analysis-status')?.textContent ?? ''), null, { timeout: 5_000 });
  assert.ok(await page.locator('.review-progress').isHidden());
  assert.deepEqual(errors, []);
  await page.close();
});

test('another game loaded ends the review of the one before, and the search takes the new game', async () => {
  const { page, errors } = await openApp(browser.context, '#&analyse');
  await page.waitForSelector('#review');
  await page.click('#review');
  // The review of the example game (56 moves, about half a second each) is under way.
  await page.waitForSelector('#eval-graph [data-ply]', { timeout: 20_000 });
  assert.ok(await page.locator('.review-progress').isVisible());
  await pasteRecord(page, 'Base;InProgress;White[3];wS1;bG1 -wS1;wA1 wS1/');
  await page.waitForFunction(() => document.querySelectorAll('#notation tbody tr[data-ply]').length === 3);
  // Its rows could never be shown on this game: it ends, and the engine is the new game's.
  await page.waitForSelector('.review-progress', { state: 'hidden', timeout: 5_000 });
  const ply = await page.getAttribute('svg#board', 'data-ply');
  await page.waitForSelector(`#eval[data-ply="${ply}"]:not([data-depth="0"])`, { timeout: 20_000 });
  assert.doesNotMatch(await page.textContent('.analysis-status'), /waits/);
  assert.ok(await page.locator('#eval-graph').isHidden());
  assert.deepEqual(errors, []);
  await page.close();
});

test('a link followed in the open page sets the analysis as opening it would: its depth, or none', async () => {
  // `&analyse=99` asks for the deepest search, 40 plies: a review's first row would take hours.
  const { page, errors } = await openApp(browser.context, '#&analyse=99');
  await page.waitForSelector('#analyse[aria-pressed="true"]');
  // The address carries the move shown once a step has settled.
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => /^#[^&]+&analyse=40$/.test(location.hash), null, { timeout: 5_000 });
  const fragment = await page.evaluate(() => location.hash.split('&')[0]);
  const follow = (hash) => page.evaluate((h) => { location.hash = h; }, hash);
  // A link without a depth: the analysis stays on, at no depth, and the address says so.
  await follow(fragment);
  await page.waitForFunction((f) => location.hash === `${f}&analyse`, fragment, { timeout: 5_000 });
  assert.equal(await page.getAttribute('#analyse', 'aria-pressed'), 'true');
  // A review then runs at the browser's pace (half a second a position), not at depth 40.
  await page.click('#review');
  await page.waitForSelector('#eval-graph [data-ply]', { timeout: 20_000 });
  // A link with a depth: the search goes to it; the review at the pace of before stops.
  await follow(`${fragment}&analyse=2`);
  const ply = await page.getAttribute('svg#board', 'data-ply');
  await searched(page, ply, 2);
  await page.waitForSelector('.review-progress', { state: 'hidden', timeout: 5_000 });
  assert.equal(await page.evaluate(() => location.hash.split('&').slice(1).join('&')), 'analyse=2');
  // Off, then a link that asks for the analysis: it is turned on, as the link opened would.
  await page.click('#analyse');
  await page.waitForFunction(() => !location.hash.includes('analyse'), null, { timeout: 5_000 });
  await follow(`${fragment}&analyse`);
  await page.waitForSelector('#analyse[aria-pressed="true"]', { timeout: 5_000 });
  await page.waitForSelector(`#eval[data-ply="${ply}"]:not([data-depth="0"])`, { timeout: 20_000 });
  assert.deepEqual(errors, []);
  await page.close();
});

test('the live search takes each new position in its worker, mid-search, and goes deeper there', async () => {
  // A browser of its own, whose pages count the workers started and stopped (`countWorkers`).
  const own = await launchBrowser({ viewport: WIDTHS[0] });
  try {
    await countWorkers(own.context);
    const { page, errors } = await openApp(own.context, '#&analyse');
    await page.click(`#notation tr[data-ply="${PLY}"]`);
    await waitForPly(page, PLY);
    // Each step comes while the search of the position before is under way (a search
    // without a depth goes on for a minute).
    for (let ply = PLY; ply < PLY + 5; ply++) {
      await page.waitForSelector(`#eval[data-ply="${ply}"]:not([data-depth="0"])`, { timeout: 20_000 });
      assert.equal(await page.getAttribute('#eval', 'data-done'), 'false', `ply ${ply} still searched`);
      await page.keyboard.press('ArrowRight');
      await waitForPly(page, ply + 1);
    }
    // The last position is searched deeper and deeper, by the same worker.
    await page.waitForFunction((ply) => {
      const e = document.querySelector('#eval');
      return e.dataset.ply === String(ply) && Number(e.dataset.depth) >= 4;
    }, PLY + 5, { timeout: 20_000 });
    const line = await bestLine(page);
    assert.ok(line.length >= 1 && line.every((m) => m.standard && m.direction && m.algebraic));
    assert.deepEqual(await page.evaluate(() => ({ started: window.__workers.started, stopped: window.__workers.stopped })), { started: 1, stopped: 0 });
    // Turned off and on: the same worker again.
    await page.click('#analyse');
    await page.click('#analyse');
    await page.waitForSelector(`#eval[data-ply="${PLY + 5}"]:not([data-depth="0"])`, { timeout: 20_000 });
    assert.deepEqual(await page.evaluate(() => ({ started: window.__workers.started, stopped: window.__workers.stopped })), { started: 1, stopped: 0 });
    assert.deepEqual(errors, []);
  } finally {
    await own.close();
  }
});

test('a review judges the moves the command line judges, and goes into the PGN', async () => {
  const { page, errors } = await openApp(browser.context, '#&analyse=2');
  await page.click('#review');
  await page.waitForSelector('#keep-review:not([hidden])', { timeout: 60_000 });
  const rows = cliAnalysis(2);
  const points = await page.locator('#eval-graph [data-ply]').count();
  assert.equal(points, rows.length);
  const judged = await page.$$eval('#notation tr[data-judgement]', (trs) =>
    trs.map((tr) => `${tr.dataset.ply} ${tr.dataset.judgement}`),
  );
  const expected = rows
    .filter((r) => ['inaccuracy', 'mistake', 'blunder'].includes(r.judgement))
    .map((r) => `${r.ply} ${r.judgement}`);
  assert.deepEqual(judged, expected);
  assert.match(await page.textContent('.review-summary'), /^White: \d+ inaccurac/);
  // Another algebraic form writes the notation's rows again: they are marked again.
  await page.selectOption('#algebraic-form', 'long');
  await page.waitForFunction((n) => document.querySelectorAll('#notation tr[data-judgement]').length === n, expected.length);
  assert.deepEqual(await page.$$eval('#notation tr[data-judgement]', (trs) => trs.map((tr) => `${tr.dataset.ply} ${tr.dataset.judgement}`)), expected);
  await page.selectOption('#algebraic-form', 'short');
  // A click on the graph goes to its position, and the graph's line goes there.
  await page.click('#eval-graph [data-ply="5"]');
  await waitForPly(page, 5);
  const shown = async () => page.$eval('#eval-graph .graph-shown', (l) => l.getAttribute('visibility') === 'hidden' ? null : l.getAttribute('x1'));
  await page.waitForFunction(() => document.querySelector('#eval-graph .graph-shown').getAttribute('x1')
    === document.querySelector('#eval-graph [data-ply="5"]').getAttribute('cx'));
  assert.ok(await shown());
  await audit(page, 'analysis and review');
  // Kept: annotations and evaluations in the comments, out in the PGN.
  await page.click('#keep-review');
  await page.waitForSelector('#notation tr.comment');
  // The rows the notation wrote again (with their annotations) are marked again.
  const marks = () => page.$$eval('#notation tr[data-judgement]', (trs) => trs.map((tr) => `${tr.dataset.ply} ${tr.dataset.judgement}`));
  await page.waitForFunction((n) => document.querySelectorAll('#notation tr[data-judgement]').length === n, expected.length);
  assert.deepEqual(await marks(), expected);
  await page.keyboard.press('ArrowRight');
  await waitForPly(page, 6);
  await page.waitForFunction(() => document.querySelector('#eval-graph .graph-shown').getAttribute('x1')
    === document.querySelector('#eval-graph [data-ply="6"]').getAttribute('cx'));
  assert.deepEqual(await marks(), expected);
  const comment = await page.textContent('#notation tr.comment');
  assert.match(comment, /\[%eval -?\d+\.\d\d\]|\[%eval #-?\d+\]/);
  await page.selectOption('#export-format', 'pgn');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-export')]);
  const pgn = readFileSync(await download.path(), 'utf8');
  // Every move but the last has its evaluation; each judged move its annotation.
  assert.equal((pgn.match(/\[%eval /g) ?? []).length, rows.length - 1, pgn);
  // One NAG per judged move ($6 ?!, $2 ?, $4 ??), in the order of the moves.
  const nags = { inaccuracy: '$6', mistake: '$2', blunder: '$4' };
  const judgedMarks = pgn.match(/ \$\d+/g) ?? [];
  assert.deepEqual(judgedMarks.map((m) => m.trim()), rows.filter((r) => nags[r.judgement]).map((r) => nags[r.judgement]), pgn);
  assert.deepEqual(errors, []);
  await page.close();
});

test('practice against the engine from the move shown: it answers, takes back, and shows no lines', async () => {
  const { page, errors } = await openApp(browser.context, '#&analyse');
  await page.keyboard.press('Home');
  await waitForPly(page, 0);
  await page.click('#practice');
  assert.equal(await page.getAttribute('#practice', 'aria-expanded'), 'true');
  assert.ok(await page.locator('#practice-panel').isVisible());
  // The side to move plays by default: White on the empty board.
  assert.equal(await page.inputValue('#practice-colour'), 'white');
  await page.selectOption('#practice-level', '1');
  await page.selectOption('#practice-colour', 'black');
  await page.click('#practice-start');
  assert.match(await page.getAttribute('#practice-panel', 'data-seed'), /^\d+$/);
  // The engine, White, moves first; then it is the player's turn.
  await waitForPly(page, 1);
  await page.waitForFunction(() => document.querySelector('#practice-status').textContent.startsWith('Your move (Black)'));
  assert.ok(await page.isDisabled('#practice-takeback'));
  // While practising, no lines and no best move.
  assert.equal(await page.locator('#engine-lines [data-line]').count(), 0);
  assert.equal(await page.locator('svg#board [data-best-move]').count(), 0);
  await audit(page, 'practice at a desktop’s width');
  const first = await page.$eval('#notation tr[aria-current="true"] td.standard', (td) => td.textContent);
  await page.fill('#move-input', `bS1 ${first.split(' ')[0]}-`);
  await page.press('#move-input', 'Enter');
  // The player's move, then the engine's answer.
  await waitForPly(page, 3);
  await page.waitForFunction(() => document.querySelector('#practice-status').textContent.startsWith('Your move (Black)'));
  assert.ok(await page.isEnabled('#practice-takeback'));
  await page.click('#practice-takeback');
  await waitForPly(page, 1);
  // Closing the panel ends the game: the lines come back.
  await page.click('#practice');
  assert.ok(await page.locator('#practice-panel').isHidden());
  await page.waitForSelector('#engine-lines .engine-line', { timeout: 20_000 });
  assert.deepEqual(errors, []);
  await page.close();

  const phone = await launchBrowser({ viewport: WIDTHS[1] });
  try {
    const { page, errors } = await openApp(phone.context, '#&analyse');
    await page.click('#practice');
    await page.click('#practice-start');
    await page.waitForFunction(() => document.querySelector('#practice-status').textContent.startsWith('Your move'));
    await audit(page, 'practice at a phone’s width');
    assert.deepEqual(errors, []);
  } finally {
    await phone.close();
  }
});

test('keep searching lifts the minute’s limit; the panel counts the nodes', async () => {
  const { page, errors } = await openApp(browser.context, '#&analyse');
  await page.waitForSelector('#eval:not([data-depth="0"])', { timeout: 20_000 });
  assert.equal(await page.getAttribute('#keep-searching', 'aria-pressed'), 'false');
  await page.click('#keep-searching');
  assert.equal(await page.getAttribute('#keep-searching', 'aria-pressed'), 'true');
  await page.waitForFunction(() => Number(document.querySelector('#eval').dataset.depth) >= 3, null, { timeout: 20_000 });
  assert.match(await page.textContent('#eval .eval-depth'), /^depth \d+… · [\d.]+[kM]? nodes · \d+k nodes\/s$/);
  assert.notEqual(await page.getAttribute('#eval', 'data-done'), 'true');
  await audit(page, 'keep searching');
  await page.click('#keep-searching');
  assert.equal(await page.getAttribute('#keep-searching', 'aria-pressed'), 'false');
  assert.deepEqual(errors, []);
  await page.close();
});

test('learning from the mistakes: the best move is accepted, the mistake refuted, the solution shown', async () => {
  const file = path.join(ROOT, 'tests/data/direction-game-1.md');
  const exercises = JSON.parse(beeline(['analyse', file, '--depth', '2', '--learn', '--player', 'black', '--json']));
  assert.ok(exercises.length >= 2);
  const { page, errors } = await openApp(browser.context, '#&analyse=2');
  await page.click('#review');
  await page.waitForSelector('#keep-review:not([hidden])', { timeout: 60_000 });
  await page.click('#learn');
  assert.equal(await page.getAttribute('#learn', 'aria-expanded'), 'true');
  await page.selectOption('#learn-player', 'black');
  await page.click('#learn-start');
  // The first mistake: the position before it, its lines hidden.
  const [first, second] = exercises;
  await waitForPly(page, first.ply - 1);
  assert.match(await page.textContent('#learn-status'), new RegExp(`^1 of ${exercises.length}: at move \\d+, Black played .+\\. Find a better move\\.$`));
  assert.equal(await page.getAttribute('#learn-status', 'data-verdict'), null);
  await page.waitForSelector('#eval[data-done="true"]');
  assert.equal(await page.locator('#engine-lines [data-line]').count(), 0);
  assert.equal(await page.locator('svg#board [data-best-move]').count(), 0);
  await audit(page, 'learning from the mistakes');
  // The best move: accepted.
  await page.fill('#move-input', first.best.standard);
  await page.press('#move-input', 'Enter');
  await page.waitForSelector('#learn-status[data-verdict="accepted"]', { timeout: 20_000 });
  assert.equal(await page.textContent('#learn-skip'), 'Next');
  await page.click('#learn-skip');
  // The next one: the move played is refuted, the engine's answer named.
  await waitForPly(page, second.ply - 1);
  await page.fill('#move-input', second.played.standard);
  await page.press('#move-input', 'Enter');
  await page.waitForSelector('#learn-status[data-verdict="refuted"]', { timeout: 20_000 });
  assert.match(await page.textContent('#learn-status'), /not better: the engine answers \S.*\. Step back and try again\.$/);
  // The solution: the best move played from the position.
  await page.click('#learn-solution');
  await page.waitForSelector('#learn-status[data-verdict="shown"]');
  const current = await page.$eval('#notation tr[aria-current="true"] td.standard', (td) => td.textContent);
  assert.equal(current, second.best.standard);
  // Skipping the rest ends with a summary.
  for (let i = 2; i <= exercises.length; i++) await page.click('#learn-skip');
  assert.equal(await page.textContent('#learn-status'), `Done: 1 found, 1 shown, ${exercises.length - 2} skipped, of ${exercises.length}.`);
  assert.ok(await page.isDisabled('#learn-skip'));
  assert.deepEqual(errors, []);
  await page.close();

  const phone = await launchBrowser({ viewport: WIDTHS[1] });
  try {
    const { page, errors } = await openApp(phone.context, '#&analyse=2');
    await page.click('#review');
    await page.waitForSelector('#keep-review:not([hidden])', { timeout: 60_000 });
    await page.click('#learn');
    await page.click('#learn-start');
    await page.waitForFunction(() => document.querySelector('#learn-status').textContent.includes('Find a better move'));
    await audit(page, 'learning from the mistakes at a phone’s width');
    // Another game shown ends the run: its exercises are positions of the game before.
    await pasteRecord(page, 'Base;InProgress;White[3];wS1;bG1 -wS1;wA1 wS1/');
    await page.waitForFunction(() => document.querySelector('#learn-status').textContent.startsWith('Choose the player'));
    assert.deepEqual(errors, []);
  } finally {
    await phone.close();
  }
});

test('a review marks the notation row by row: no row is written again, only the judged rows change', async () => {
  const { page, errors } = await openApp(browser.context, '#&analyse=2');
  await page.waitForSelector('#review');
  const rows = await page.locator('#notation tr[data-ply]').count();
  // Every change the review makes to the notation, from its first row to its last.
  await page.evaluate(() => {
    window.__notation = { rows: 0, attributes: new Set() };
    new MutationObserver((ms) => {
      for (const m of ms) {
        if (m.type === 'childList') window.__notation.rows += m.addedNodes.length + m.removedNodes.length;
        else window.__notation.attributes.add(`${m.target.dataset.ply} ${m.attributeName}`);
      }
    }).observe(document.querySelector('#notation'), { subtree: true, childList: true, attributes: true, attributeFilter: ['data-judgement', 'title'] });
  });
  await page.click('#review');
  await page.waitForSelector('#keep-review:not([hidden])', { timeout: 60_000 });
  const seen = await page.evaluate(() => ({ rows: window.__notation.rows, attributes: [...window.__notation.attributes] }));
  const judged = await page.$$eval('#notation tr[data-judgement]', (trs) => trs.map((tr) => tr.dataset.ply));
  assert.ok(judged.length > 0, 'the review judged some moves');
  assert.equal(seen.rows, 0, 'no row written again');
  // Only the judged rows were touched, each for its mark and its title.
  assert.deepEqual([...new Set(seen.attributes.map((a) => a.split(' ')[0]))].sort(), [...judged].sort());
  assert.equal(await page.locator('#notation tr[data-ply]').count(), rows);
  assert.match(await page.getAttribute(`#notation tr[data-ply="${judged[0]}"]`, 'title'), /^(inaccuracy|mistake|blunder) \((\?!|\?|\?\?)\)$/);
  assert.deepEqual(errors, []);
  await page.close();
});
