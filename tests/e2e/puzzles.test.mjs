// The puzzle trainer over the built-in set: a puzzle solved (the streak grows and survives a
// reload), one failed (a wrong move ends the streak) with a hint, a second solving first move
// accepted, the theme chosen, the progress reset, a damaged set named, and the panel checked
// by axe at a desktop's and a phone's width. Moves are typed in the direction notation the
// command line writes for the puzzle's game.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, openApp, waitForPly, beeline, audit } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser({ viewport: { width: 1200, height: 900 } });
});
after(async () => {
  await browser?.close();
});

const PUZZLES = beeline(['puzzles', '--builtin', '--json'])
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l));

/** The direction notation of `moves` (UHP MoveStrings) played after the puzzle's position. */
function directions(puzzle, moves) {
  const before = puzzle.position.split(';').slice(3);
  const json = JSON.parse(beeline(['convert', '-', '--from', 'standard', '--to', 'json'], [...before, ...moves].join('\n')));
  return json.moves.slice(before.length).map((m) => m.direction);
}

async function typeMove(page, text) {
  await page.fill('#move-input', text);
  await page.press('#move-input', 'Enter');
}

/** Opens the trainer on a puzzle of the built-in set. */
async function openPuzzle(id) {
  const app = await openApp(browser.context, `?puzzles&puzzle=${id}`);
  await app.page.waitForSelector(`#puzzle-trainer[data-puzzle-id="${id}"]`);
  await app.page.waitForSelector('.app[data-puzzle="open"]');
  return app;
}

const streak = (page) => page.getAttribute('#puzzle-trainer', 'data-streak');

test('a puzzle solved counts in the streak, which a reload keeps', async () => {
  const puzzle = PUZZLES.find((p) => p.theme === 'surround-2');
  const { page, errors } = await openPuzzle(puzzle.id);
  assert.equal(await page.getAttribute('#puzzles', 'aria-pressed'), 'true');
  const side = puzzle.solver === 'white' ? 'White' : 'Black';
  const other = puzzle.solver === 'white' ? 'black' : 'white';
  assert.equal(await page.textContent('#puzzle-status'), `${side} to move: surround the ${other} Queen in 2 moves`);
  assert.equal(await streak(page), '0');

  // The solution's first move; the defence answers; the surround.
  const [first, , last] = directions(puzzle, puzzle.solution);
  await typeMove(page, first);
  await waitForPly(page, 2);
  await typeMove(page, last);
  await page.waitForSelector('.app[data-puzzle="solved"]');
  assert.equal(await page.textContent('#puzzle-status'), 'Solved');
  assert.equal(await streak(page), '1');
  assert.match(await page.textContent('#puzzle-note'), /^Solved! Streak 1/);
  assert.match(await page.textContent('#puzzle-facts'), /1 solved/);

  // The permalink names the puzzle; the streak and the solved puzzle survive a reload.
  const link = await page.getAttribute('#puzzle-permalink', 'href');
  assert.ok(link.includes(`puzzle=${puzzle.id}`), link);
  await page.reload();
  await page.waitForSelector(`#puzzle-trainer[data-puzzle-id="${puzzle.id}"]`);
  assert.equal(await streak(page), '1');
  assert.match(await page.textContent('#puzzle-facts'), /1 solved/);

  // Next: another puzzle, not the one solved.
  await page.click('#puzzle-next');
  await page.waitForFunction((id) => {
    const t = document.querySelector('#puzzle-trainer');
    return t.dataset.puzzleId && t.dataset.puzzleId !== id;
  }, puzzle.id);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the address of a puzzle keeps the analysis asked for, so that a reload searches as before', async () => {
  const puzzle = PUZZLES.find((p) => p.theme === 'surround-2');
  const { page, errors } = await openApp(browser.context, `?puzzles&puzzle=${puzzle.id}#&analyse=3`);
  await page.waitForSelector(`#puzzle-trainer[data-puzzle-id="${puzzle.id}"]`);
  await page.waitForSelector('#analyse[aria-pressed="true"]');
  // The puzzle's address, with the study's permalink once the position has settled, and
  // the depth still searched.
  await page.waitForFunction(() => /^#[^&]+&analyse=3$/.test(location.hash), null, { timeout: 5_000 });
  assert.ok(page.url().includes(`?puzzles&puzzle=${puzzle.id}#`), page.url());
  // The puzzle panel's own link shares the puzzle, not the analysis (which would show the
  // answer).
  assert.ok(!(await page.getAttribute('#puzzle-permalink', 'href')).includes('analyse'));
  await page.reload();
  await page.waitForSelector(`#puzzle-trainer[data-puzzle-id="${puzzle.id}"]`);
  await page.waitForSelector('#eval[data-ply="0"][data-depth="3"][data-done="true"]', { timeout: 20_000 });
  assert.deepEqual(errors, []);
  await page.close();
});

test('a wrong move fails the puzzle and ends the streak; a hint picks the piece', async () => {
  // A surround in one with a single solving move.
  const puzzle = PUZZLES.find((p) => p.theme === 'surround-1' && p.first_moves.length === 1);
  const { page, errors } = await openPuzzle(puzzle.id);
  // A legal move of the solver that does not surround.
  const legal = beeline(['validmoves', puzzle.position]).trim().split('\n');
  const wrong = legal.find((m) => !puzzle.first_moves.includes(m));
  await typeMove(page, directions(puzzle, [wrong])[0]);
  await page.waitForFunction(() => document.querySelector('#puzzle-status').textContent.startsWith('Not this one.'));
  assert.equal(await streak(page), '0');
  assert.match(await page.textContent('#puzzle-note'), /Not this one/);

  await page.click('#puzzle-hint');
  await page.waitForSelector('svg#board .piece[data-selected]');
  assert.match(await page.textContent('#puzzle-note'), /^Hint: move the /);
  await typeMove(page, directions(puzzle, puzzle.solution)[0]);
  await page.waitForSelector('.app[data-puzzle="solved"]');
  assert.equal(await streak(page), '0');
  assert.match(await page.textContent('#puzzle-note'), /with help/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('every solving first move is accepted, and the solution can be shown', async () => {
  const puzzle = PUZZLES.find((p) => p.theme === 'surround-1' && p.first_moves.length >= 2);
  assert.ok(puzzle, 'a surround in one with two solving moves');
  const { page, errors } = await openPuzzle(puzzle.id);
  // The second of the solving moves, not the main line's.
  await typeMove(page, directions(puzzle, [puzzle.first_moves[1]])[0]);
  await page.waitForSelector('.app[data-puzzle="solved"]');
  assert.equal(await page.textContent('#puzzle-status'), 'Solved');

  // A surround in two, its solution shown: the board steps through the whole line.
  const two = PUZZLES.find((p) => p.theme === 'surround-2' && p.id !== puzzle.id);
  await page.goto(new URL(`?puzzles&puzzle=${two.id}`, page.url()).href);
  await page.waitForSelector(`#puzzle-trainer[data-puzzle-id="${two.id}"]`);
  await page.waitForSelector('.app[data-puzzle="open"]');
  await page.click('#puzzle-solution');
  await page.waitForSelector('.app[data-puzzle="solved"]');
  await waitForPly(page, 3);
  assert.equal(await streak(page), '0');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a theme is chosen, the progress reset, and a broken set is named', async () => {
  const { page, errors } = await openApp(browser.context, '?puzzles');
  await page.waitForSelector('#puzzle-trainer[data-puzzle-id]');
  // The menu counts each theme's puzzles.
  const options = await page.$$eval('#puzzle-theme option', (os) => os.map((o) => o.textContent));
  const defences = PUZZLES.filter((p) => p.theme === 'defence').length;
  assert.ok(options.includes(`Defence (${defences})`), options.join(', '));
  await page.selectOption('#puzzle-theme', 'defence');
  await page.waitForFunction(() => document.querySelector('#puzzle-facts').textContent.startsWith('Defence'));
  const id = await page.getAttribute('#puzzle-trainer', 'data-puzzle-id');
  assert.equal(PUZZLES.find((p) => p.id === id)?.theme, 'defence');
  assert.match(await page.textContent('#puzzle-status'), /find the one move that saves the Queen/);
  // A difficulty: the puzzle shown has one in the range.
  await page.selectOption('#puzzle-difficulty', '3-5');
  await page.waitForFunction((before) => document.querySelector('#puzzle-trainer').dataset.puzzleId !== before, id);
  const harder = await page.getAttribute('#puzzle-trainer', 'data-puzzle-id');
  const shown = PUZZLES.find((p) => p.id === harder);
  assert.equal(shown.theme, 'defence');
  assert.ok(shown.difficulty >= 3 && shown.difficulty <= 5, `difficulty ${shown.difficulty}`);
  await page.click('#puzzle-reset');
  await page.waitForFunction(() => document.querySelector('#puzzle-facts').textContent.includes(' 0 solved'));
  await audit(page, 'the trainer at 1200 px');
  await page.setViewportSize({ width: 390, height: 844 });
  await audit(page, 'the trainer at 390 px');
  const panel = await page.$eval('#puzzle-trainer', (el) => el.getBoundingClientRect().width);
  assert.ok(panel <= 390, `the panel fits a phone (${panel} px)`);
  assert.deepEqual(errors, []);

  // A set that is not there: the trainer says so, the board stays usable.
  const broken = await openApp(browser.context, '?puzzles=no-such-set/');
  await broken.page.waitForFunction(() =>
    document.querySelector('#puzzle-note')?.textContent.startsWith('The puzzles could not be read'),
  );
  assert.match(await broken.page.textContent('#puzzle-note'), /no-such-set\/puzzles\.txt/);
  await broken.page.close();
  await page.close();
});

test('once the set has been opened, the trainer works offline', async () => {
  // A browser of its own: its service worker and caches start empty.
  const own = await launchBrowser();
  try {
    const { page, errors } = await openApp(own.context, '?puzzles');
    await page.waitForSelector('#puzzle-trainer[data-puzzle-id]');
    const manifest = await (await page.request.get(new URL('puzzles/puzzles.txt', page.url()).href)).text();
    const shards = manifest.split('\n').filter((l) => l.startsWith('shard ')).length;
    // The service worker takes the page over, then the trainer has every file of the set
    // kept: the manifest and each shard.
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 15_000 });
    const kept = () =>
      page.evaluate(async () => {
        const cache = await caches.open('beeline-books');
        return (await cache.keys()).filter((r) => r.url.includes('/puzzles/')).length;
      });
    const end = Date.now() + 60_000;
    while ((await kept()) < shards + 1) {
      assert.ok(Date.now() < end, `the set's files kept: ${await kept()} of ${shards + 1}`);
      await page.waitForTimeout(250);
    }
    // Offline, a puzzle of the last shard (never shown online) opens.
    const last = PUZZLES[PUZZLES.length - 1];
    const failed = [];
    page.on('requestfailed', (r) => failed.push(r.url()));
    await own.context.setOffline(true);
    await page.goto(new URL(`?puzzles&puzzle=${last.id}`, page.url()).href);
    await page
      .waitForSelector(`#puzzle-trainer[data-puzzle-id="${last.id}"]`, { timeout: 15_000 })
      .catch(async (e) => {
        throw new Error(`${e.message}\nthe trainer says: ${await page.textContent('#puzzle-note').catch(() => '(none)')}\nfailed: ${failed.join(' ')}\n${errors.join('\n')}`);
      });
    await page.waitForSelector('.app[data-puzzle="open"]');
    assert.deepEqual(errors, []);
  } finally {
    await own.close();
  }
});
