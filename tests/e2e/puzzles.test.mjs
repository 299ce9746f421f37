// The puzzle trainer over the built-in set: a puzzle solved (the streak grows and survives a
// reload), one failed (a wrong move ends the streak) with a hint, a second solving first move
// accepted, the theme chosen, the progress reset, a damaged set named, and the panel checked
// by axe at a desktop's and a phone's width; a small set kept offline; the rating, the
// history, the Storm, the day's puzzle and the dashboard. Moves are typed in the direction
// notation the command line writes for the puzzle's game.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { launchBrowser, openApp, waitForPly, beeline, audit, forward, listenLocal, BASE_URL, WIDTHS } from './helpers.mjs';

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

test("a puzzle's answer never lands on the next one, however soon it is asked for", async () => {
  // An only move with the engine's answer, which the board shows a moment after the move.
  const puzzle = PUZZLES.find((p) => p.theme === 'only-move' && p.solution.length === 2);
  assert.ok(puzzle, 'an only-move puzzle with an answer');
  const { page, errors } = await openPuzzle(puzzle.id);
  await typeMove(page, directions(puzzle, puzzle.solution)[0]);
  await page.waitForSelector('.app[data-puzzle="solved"]');
  await page.click('#puzzle-next');
  await page.waitForFunction(
    (id) => document.querySelector('#puzzle-trainer').dataset.puzzleId !== id,
    puzzle.id,
  );
  const nextId = await page.getAttribute('#puzzle-trainer', 'data-puzzle-id');
  const next = PUZZLES.find((p) => p.id === nextId);
  // Past the answer's delay, the new puzzle is still at its start, and its solution is taken.
  await page.waitForTimeout(1_000);
  assert.equal(await page.getAttribute('svg#board', 'data-ply'), '0');
  await typeMove(page, directions(next, next.solution)[0]);
  await waitForPly(page, 1);
  assert.equal(await page.textContent('#move-error'), '');
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

/**
 * A set of the built-in set's first `n` shards, as the test's own server gives it at
 * `/small/` (with the app from BASE_URL beside it: the same origin, so that the service
 * worker keeps the set's files): the trainer fetches every file of a set that small.
 */
async function smallSet(n) {
  const base = new URL('puzzles/', BASE_URL);
  const lines = (await (await fetch(new URL('puzzles.txt', base))).text()).split('\n');
  const shards = lines.filter((l) => l.startsWith('shard ')).slice(0, n);
  const count = shards.reduce((sum, l) => sum + Number(l.split(' ')[3]), 0);
  const manifest = [lines[0], `puzzles ${count}`, 'about The first shards of the built-in set', ...shards, ''].join('\n');
  const files = { 'puzzles.txt': manifest };
  for (const l of shards) {
    const name = l.split(' ')[1];
    files[name] = await (await fetch(new URL(name, base))).text();
  }
  const srv = http.createServer(async (req, res) => {
    const file = new URL(req.url, 'http://x').pathname.match(/^\/small\/([\w.-]+)$/);
    if (file && files[file[1]] !== undefined) {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(files[file[1]]);
      return;
    }
    await forward(req, res);
  });
  return { ...(await listenLocal(srv)), files };
}

test('once a small set has been opened, the trainer works offline', async () => {
  // A browser of its own: its service worker and caches start empty.
  const own = await launchBrowser();
  const set = await smallSet(3);
  try {
    const { page, errors } = await openApp(own.context, `${set.url}?puzzles=small/`);
    await page.waitForSelector('#puzzle-trainer[data-puzzle-id]');
    const kept = Object.keys(set.files).length;
    // The service worker takes the page over, then the trainer has every file of the set
    // kept: the manifest and each shard.
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 15_000 });
    const inCache = () =>
      page.evaluate(async () => {
        const cache = await caches.open('beeline-books');
        return (await cache.keys()).filter((r) => r.url.includes('/small/')).length;
      });
    const end = Date.now() + 60_000;
    while ((await inCache()) < kept) {
      assert.ok(Date.now() < end, `the set's files kept: ${await inCache()} of ${kept}`);
      await page.waitForTimeout(250);
    }
    // Offline, a puzzle of the last shard (never shown online) opens.
    const shards = Object.entries(set.files).filter(([name]) => name !== 'puzzles.txt');
    const last = shards[shards.length - 1][1].trim().split('\n').pop().split('\t')[0];
    const failed = [];
    page.on('requestfailed', (r) => failed.push(r.url()));
    await own.context.setOffline(true);
    await page.goto(`${set.url}?puzzles=small/&puzzle=${last}`);
    await page
      .waitForSelector(`#puzzle-trainer[data-puzzle-id="${last}"]`, { timeout: 15_000 })
      .catch(async (e) => {
        throw new Error(`${e.message}\nthe trainer says: ${await page.textContent('#puzzle-note').catch(() => '(none)')}\nfailed: ${failed.join(' ')}\n${errors.join('\n')}`);
      });
    await page.waitForSelector('.app[data-puzzle="open"]');
    assert.deepEqual(errors, []);
  } finally {
    await own.close();
    await set.close();
  }
});

// --- The rating, the history, the Storm, the day's puzzle and the dashboard ---
// Each test has a browser of its own: its progress starts empty. The puzzles are read from
// the page (the one shown) and the set (`beeline puzzles --builtin --json`), never named.

const puzzleOf = (id) => {
  const p = PUZZLES.find((q) => q.id === id);
  assert.ok(p, `puzzle ${id} is in the built-in set`);
  return p;
};
const shownId = (page) => page.getAttribute('#puzzle-trainer', 'data-puzzle-id');

/** Waits for a puzzle other than `before` to be posed, and returns it. */
async function nextShown(page, before) {
  await page.waitForFunction(
    (id) => {
      const t = document.querySelector('#puzzle-trainer');
      return t?.dataset.puzzleId && t.dataset.puzzleId !== id && document.querySelector('.app[data-puzzle="open"]');
    },
    before ?? null,
  );
  return puzzleOf(await shownId(page));
}

/** Plays the main line of the puzzle shown (the solver's moves; the defence answers those
 * that do not end it: the answer to the last, if any, is only shown). */
async function solveShown(page) {
  const puzzle = puzzleOf(await shownId(page));
  const moves = directions(puzzle, puzzle.solution);
  for (let i = 0; i < moves.length; i += 2) {
    await typeMove(page, moves[i]);
    if (i + 2 < moves.length) await waitForPly(page, i + 2);
  }
  return puzzle;
}

/** Plays a legal move that does not solve the puzzle shown (and waits for the status to say
 * so, unless a Storm moves on at once). */
async function missShown(page, { storm = false } = {}) {
  const puzzle = puzzleOf(await shownId(page));
  const legal = beeline(['validmoves', puzzle.position]).trim().split('\n');
  const wrong = legal.find((m) => !puzzle.first_moves.includes(m));
  assert.ok(wrong, `puzzle ${puzzle.id} has a move that does not solve it`);
  await typeMove(page, directions(puzzle, [wrong])[0]);
  if (!storm) {
    await page.waitForFunction(() => document.querySelector('#puzzle-status').textContent.startsWith('Not this one.'));
  }
  return puzzle;
}

const ratingOf = async (page) => Number(await page.getAttribute('#puzzle-rating', 'data-rating'));

/** Opens the trainer in a browser of its own. */
async function ownTrainer(path = '?puzzles', { clock = false } = {}) {
  const own = await launchBrowser({ viewport: { width: 1280, height: 900 } });
  let app;
  if (clock) {
    // The fake clock must be there before the app reads the time.
    const page = await own.context.newPage();
    await page.clock.install();
    const errors = [];
    page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(`console.error: ${msg.text()}`);
    });
    await page.goto(new URL(path, BASE_URL).href);
    await page.waitForSelector('[data-ready="true"]', { timeout: 30_000 });
    app = { page, errors };
  } else {
    app = await openApp(own.context, path);
  }
  await nextShown(app.page);
  return { own, ...app };
}

test('a try moves the rating, up when solved and down when missed; the history links each try and a reload keeps them', async () => {
  const { own, page, errors } = await ownTrainer();
  try {
    const r0 = await ratingOf(page);
    assert.match(await page.textContent('#puzzle-rating'), new RegExp(`^Rating ${r0}\\?$`));
    const solved = await solveShown(page);
    await page.waitForSelector('.app[data-puzzle="solved"]');
    await page.waitForFunction((r) => Number(document.querySelector('#puzzle-rating').dataset.rating) > r, r0);
    const r1 = await ratingOf(page);
    assert.match(await page.textContent('#puzzle-rating'), new RegExp(`^Rating ${r1}\\?? \\+${r1 - r0}$`));

    await page.click('#puzzle-next');
    const missed = await nextShown(page, solved.id);
    await missShown(page);
    await page.waitForFunction((r) => Number(document.querySelector('#puzzle-rating').dataset.rating) < r, r1);
    const r2 = await ratingOf(page);
    assert.match(await page.textContent('#puzzle-rating'), new RegExp(`^Rating ${r2}\\?? −${r1 - r2}$`));

    // The history, newest first: each try's result, its puzzle linked, its change.
    const rows = () =>
      page.$$eval('#puzzle-history li', (lis) =>
        lis.map((li) => ({ result: li.dataset.result, href: li.querySelector('a')?.href, text: li.textContent })),
      );
    const history = await rows();
    assert.deepEqual(
      history.map((r) => r.result),
      ['failed', 'solved'],
    );
    assert.ok(history[0].href.endsWith(`?puzzles&puzzle=${missed.id}`), history[0].href);
    assert.ok(history[1].href.endsWith(`?puzzles&puzzle=${solved.id}`), history[1].href);
    assert.ok(history[0].text.includes(`Puzzle ${missed.id}`) && history[0].text.endsWith(`−${r1 - r2}`), history[0].text);
    assert.ok(history[1].text.endsWith(`+${r1 - r0}`), history[1].text);
    // The history's link opens its puzzle.
    const linked = await openApp(own.context, history[1].href);
    await linked.page.waitForSelector(`#puzzle-trainer[data-puzzle-id="${solved.id}"]`);
    await linked.page.close();

    // A reload keeps the rating and the history.
    await page.reload();
    await page.waitForSelector('#puzzle-trainer[data-puzzle-id]');
    assert.equal(await ratingOf(page), r2);
    assert.match(await page.textContent('#puzzle-rating'), new RegExp(`^Rating ${r2}\\??$`));
    assert.deepEqual(await rows(), history);
    assert.deepEqual(errors, []);
  } finally {
    await own.close();
  }
});

test('a Storm: three minutes rising from the easiest, a wrong move costs 10 s and moves on, the best is kept', async () => {
  const { own, page, errors } = await ownTrainer('?puzzles', { clock: true });
  try {
    const rating = await ratingOf(page);
    assert.equal(await page.textContent('#storm-best'), '0');
    await page.click('#storm');
    await page.waitForSelector('#puzzle-trainer[data-storm="running"]');
    assert.equal(await page.textContent('#storm-clock'), '3:00');
    assert.equal(await page.textContent('#storm'), 'Stop the Storm');
    assert.ok(await page.isDisabled('#puzzle-hint'));
    // The easiest puzzle of the set first (the first id among equals).
    const easiest = [...PUZZLES].sort((p, q) => p.rating - q.rating || (p.id < q.id ? -1 : 1))[0];
    await page.waitForSelector(`#puzzle-trainer[data-puzzle-id="${easiest.id}"]`);
    await page.waitForSelector('.app[data-puzzle="open"]');
    const first = await solveShown(page);
    const second = await nextShown(page, first.id);
    assert.equal(await page.textContent('#storm-score'), '1');
    assert.ok(second.rating >= first.rating + 40, `rising: ${first.rating} then ${second.rating}`);

    // A wrong move: 10 seconds less and the next puzzle at once.
    const seconds = async () => {
      const [m, s] = (await page.textContent('#storm-clock')).split(':').map(Number);
      return m * 60 + s;
    };
    const left = await seconds();
    await missShown(page, { storm: true });
    const third = await nextShown(page, second.id);
    const dropped = left - (await seconds());
    assert.ok(dropped >= 10 && dropped <= 13, `the clock dropped ${dropped} s`);
    assert.ok(third.rating >= second.rating, `rising: ${second.rating} then ${third.rating}`);
    assert.equal(await page.textContent('#storm-score'), '1');

    // Time up: the run ends, says its score and the best, and the rating never moved.
    await page.clock.fastForward(200_000);
    await page.waitForSelector('#puzzle-trainer[data-storm="over"]');
    assert.equal(await page.textContent('#storm-clock'), '0:00');
    assert.match(await page.textContent('#puzzle-note'), /^Time! The Storm is over: 1 puzzle solved\. Best: 1\.$/);
    assert.equal(await page.textContent('#storm-best'), '1');
    assert.equal(await page.textContent('#storm'), 'Storm');
    assert.equal(await ratingOf(page), rating);
    assert.equal(await page.locator('#puzzle-history li').count(), 0);
    await page.reload();
    await page.waitForSelector('#puzzle-trainer[data-puzzle-id]');
    assert.equal(await page.textContent('#storm-best'), '1');
    assert.deepEqual(errors, []);
  } finally {
    await own.close();
  }
});

test("the day's puzzle is the same for two visits, and its link opens it", async () => {
  const visit = async () => {
    const { own, page, errors } = await ownTrainer();
    await page.waitForSelector('#daily-puzzle:not([hidden])');
    const seen = {
      href: await page.getAttribute('#daily-puzzle', 'href'),
      id: await page.getAttribute('#daily-puzzle', 'data-puzzle-id'),
      name: await page.textContent('#daily-puzzle'),
    };
    return { own, page, errors, seen };
  };
  const a = await visit();
  const b = await visit();
  try {
    assert.deepEqual(a.seen, b.seen);
    const today = new Date();
    const month = today.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
    assert.equal(a.seen.name, `Puzzle of ${today.getUTCDate()} ${month}`);
    assert.ok(a.seen.href.endsWith(`?puzzles&puzzle=${a.seen.id}`), a.seen.href);
    puzzleOf(a.seen.id);
    // Clicked, it is shown; opened from its address, too.
    await a.page.click('#daily-puzzle');
    await a.page.waitForSelector(`#puzzle-trainer[data-puzzle-id="${a.seen.id}"]`);
    const opened = await openApp(b.own.context, a.seen.href);
    await opened.page.waitForSelector(`#puzzle-trainer[data-puzzle-id="${a.seen.id}"]`);
    assert.deepEqual([...a.errors, ...b.errors, ...opened.errors], []);
  } finally {
    await a.own.close();
    await b.own.close();
  }
});

/** Chooses a theme and waits for a puzzle of it. */
async function chooseTheme(page, theme) {
  const before = await shownId(page);
  await page.selectOption('#puzzle-theme', theme);
  await page.waitForSelector(`#puzzle-trainer[data-theme="${theme}"]`);
  return before;
}

test('the dashboard counts tries by theme and difficulty, and trains the weakest theme', async () => {
  const { own, page, errors } = await ownTrainer();
  try {
    await page.click('.trainer-more:has(#puzzle-dashboard) summary');
    assert.match(await page.textContent('#puzzle-dashboard'), /^No tries yet/);
    await chooseTheme(page, 'surround-1');
    const solved = await solveShown(page);
    await page.waitForSelector('.app[data-puzzle="solved"]');
    await chooseTheme(page, 'defence');
    const missed = [await missShown(page)];
    const row = (selector) =>
      page.$eval(selector, (tr) => ({
        tries: tr.dataset.tries,
        solved: tr.dataset.solved,
        cells: [...tr.children].map((c) => c.textContent),
      }));
    await page.waitForSelector('#puzzle-dashboard tr[data-theme="defence"]');
    assert.deepEqual(await row('#puzzle-dashboard tr[data-theme="surround-1"]'), {
      tries: '1',
      solved: '1',
      cells: ['Surround in 1', '1', '1', '100 %'],
    });
    assert.deepEqual((await row('#puzzle-dashboard tr[data-theme="defence"]')).cells.slice(1), ['1', '0', '0 %']);
    const byDifficulty = {};
    for (const [p, won] of [[solved, 1], [missed[0], 0]]) {
      const d = (byDifficulty[p.difficulty] ??= { tries: 0, solved: 0 });
      d.tries += 1;
      d.solved += won;
    }
    for (const [d, c] of Object.entries(byDifficulty)) {
      const r = await row(`#puzzle-dashboard tr[data-difficulty="${d}"]`);
      assert.deepEqual([r.tries, r.solved], [String(c.tries), String(c.solved)], `difficulty ${d}`);
    }
    assert.ok(await page.isHidden('#puzzle-train-weakest'), 'no weakest theme before 3 tries');

    // Two more defences missed: the weakest theme is named, and its button trains it.
    for (let i = 0; i < 2; i++) {
      const was = missed[missed.length - 1].id;
      await page.click('#puzzle-next');
      await nextShown(page, was);
      missed.push(await missShown(page));
    }
    await page.waitForSelector('#puzzle-dashboard tr[data-theme="defence"][data-tries="3"][data-solved="0"]');
    assert.match(await page.textContent('#puzzle-dashboard'), /Weakest theme: Defence \(0 of 3 solved, 0 %\)/);
    await chooseTheme(page, 'surround-1');
    await page.click('#puzzle-train-weakest');
    await page.waitForSelector('#puzzle-trainer[data-theme="defence"]');
    assert.equal(await page.inputValue('#puzzle-theme'), 'defence');
    assert.equal(puzzleOf(await shownId(page)).theme, 'defence');
    assert.deepEqual(errors, []);
  } finally {
    await own.close();
  }
});

test('the history, the dashboard and a Storm pass axe at a desktop and a phone width', async () => {
  const { own, page, errors } = await ownTrainer();
  try {
    await solveShown(page);
    await page.waitForSelector('.app[data-puzzle="solved"]');
    const was = await shownId(page);
    await page.click('#puzzle-next');
    await nextShown(page, was);
    await missShown(page);
    await page.waitForSelector('#puzzle-history li[data-result="failed"]', { state: 'attached' });
    for (const d of await page.$$('.trainer-more summary')) await d.click();
    await page.waitForSelector('#puzzle-dashboard table');
    await page.click('#storm');
    await page.waitForSelector('#puzzle-trainer[data-storm="running"]');
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await audit(page, `the trainer's history, dashboard and Storm at ${size.width} px`);
      const width = await page.$eval('#puzzle-trainer', (el) => el.getBoundingClientRect().width);
      assert.ok(width <= size.width, `the panel fits (${width} px)`);
    }
    // Keyboard: the Storm stops from its button.
    await page.focus('#storm');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#puzzle-trainer[data-storm="over"]');
    assert.match(await page.textContent('#puzzle-note'), /^Stopped\. The Storm is over/);
    assert.deepEqual(errors, []);
  } finally {
    await own.close();
  }
});
