// Collections and the opening explorer: a pasted text of several games, the Mzinga
// recordings as many files and as one zip (deflated entries, inflated by the collection
// worker), the game list (sort, filter, open) and the explorer's counts, checked against
// `beeline explore`; a collection of more than 16 MiB, indexed as it is read, whose games
// are read again from their files to open; a collection worker that cannot load says so,
// and its files are read again with one click.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { isDeepStrictEqual } from 'node:util';
import { launchBrowser, openApp, waitForPly, boardPly, beeline, audit, ROOT } from './helpers.mjs';

const FIXTURES = path.resolve(ROOT, '../shared/fixtures/mzinga-recordings');
const HAVE_FIXTURES = existsSync(FIXTURES);

const THREE = [
  '[GameType "Base"]\n[White "Ann"]\n[Black "Bo"]\n[Date "2024.01.02"]\n[Result "WhiteWins"]\n\n1. wS1\n2. bS1 wS1-\n3. wQ -wS1\n',
  '[GameType "Base"]\n[White "Cy"]\n[Black "Ann"]\n[Date "2023.05.06"]\n[Result "BlackWins"]\n\n1. wS1\n2. bS1 -wS1\n',
  '[GameType "Base+M"]\n[White "Bo"]\n[Black "Cy"]\n[Result "Draw"]\n\n1. wA1\n2. bM wA1-\n3. wQ -wA1\n4. bQ bM-\n',
].join('\n');

let browser;
before(async () => {
  browser = await launchBrowser({ viewport: { width: 1280, height: 1000 } });
});
after(async () => {
  await browser?.close();
});

/**
 * Asserts that `get()` comes to deep-equal `expected`: the list and the explorer are the
 * collection worker's answers, which arrive a moment after the click or step that asked.
 */
async function eventually(get, expected) {
  const end = Date.now() + 5000;
  let value = await get();
  while (!isDeepStrictEqual(value, expected) && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await get();
  }
  assert.deepEqual(value, expected);
}

/** The explorer's rows: direction → [games, wins, draws, losses]. */
async function explorerRows(page) {
  return page.$$eval('#explorer tr[data-explorer-move]', (trs) =>
    Object.fromEntries(trs.map((tr) => [tr.dataset.explorerMove,
      [tr.dataset.games, tr.dataset.wins, tr.dataset.draws, tr.dataset.losses].map(Number)])));
}

/** The command-line explorer's moves in the same shape. */
function cliRows(files, line) {
  const args = ['explore', ...files, '--json'];
  if (line) args.push('--line', line);
  const json = JSON.parse(beeline(args));
  return {
    games: json.games,
    moves: Object.fromEntries(json.moves.map((m) => [m.direction,
      [m.games, m.to_move_wins, m.draws, m.to_move_losses]])),
  };
}

/** A zip of deflated entries, written as the format asks (local headers, directory, end). */
function zipOf(files) {
  const locals = [];
  const central = [];
  let offset = 0;
  for (const [name, data] of files) {
    const deflated = zlib.deflateRawSync(data);
    const crc = zlib.crc32(data);
    const n = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0); local.writeUInt16LE(20, 4); local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14); local.writeUInt32LE(deflated.length, 18); local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(n.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0); dir.writeUInt16LE(20, 4); dir.writeUInt16LE(20, 6); dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(crc, 16); dir.writeUInt32LE(deflated.length, 20); dir.writeUInt32LE(data.length, 24);
    dir.writeUInt16LE(n.length, 28); dir.writeUInt32LE(offset, 42);
    locals.push(local, n, deflated);
    central.push(dir, n);
    offset += 30 + n.length + deflated.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(files.length, 8); end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(dirBytes.length, 12); end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dirBytes, end]);
}

test('a pasted text of several games opens as a list with an explorer', async () => {
  const { page, errors } = await openApp(browser.context);
  await page.fill('#record-input', THREE);
  await page.click('#load-record');
  await page.waitForSelector('#game-list tr[data-game]');
  assert.equal(await page.locator('#game-list tr[data-game]').count(), 3);
  // Sorted by date at first (no date first); by plies on a click, descending on another.
  const order = () => page.$$eval('#game-list tr[data-game]', (trs) => trs.map((tr) => Number(tr.dataset.game)));
  await eventually(order, [2, 1, 0]);
  await page.click('#game-list [data-sort="plies"]');
  await eventually(order, [1, 0, 2]);
  await page.click('#game-list [data-sort="plies"]');
  await eventually(order, [2, 0, 1]);
  assert.equal(await page.getAttribute('#game-list th:has([data-sort="plies"])', 'aria-sort'), 'descending');
  // The explorer on the empty board, as the command line counts the same games.
  await page.keyboard.press('Home');
  await waitForPly(page, 0);
  const dir = mkdtempSync(path.join(tmpdir(), 'beeline-collection-'));
  const file = path.join(dir, 'three.pgn');
  writeFileSync(file, THREE);
  const cli = cliRows([file]);
  await eventually(() => explorerRows(page), cli.moves);
  assert.deepEqual(cli.moves.S, [2, 1, 0, 1]);
  // Playing the explorer's move shows the position after it, matched as a position.
  await page.click('#explorer tr[data-explorer-move="S"] .play-move');
  await waitForPly(page, 1);
  await eventually(() => explorerRows(page), cliRows([file], 'S').moves);
  // Filtering by player narrows the list and the explorer.
  await page.fill('#game-filter', 'cy');
  await page.waitForFunction(() => document.querySelectorAll('#game-list tr[data-game]').length === 2);
  await page.keyboard.press('Home');
  await page.waitForFunction(() => document.querySelector('#explorer tr[data-explorer-move="S"]')?.dataset.games === '1');
  // A game opens on the board, the list stays; ] opens the next one.
  await page.click('#game-list tr[data-game="2"] .open-game');
  await page.waitForSelector('#game-list tr[data-game="2"][aria-current="true"]');
  assert.equal(await page.locator('#notation tbody tr[data-ply]').count(), 4);
  await audit(page, 'a collection and its explorer');
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press(']');
  await page.waitForSelector('#game-list tr[aria-current="true"]:not([data-game="2"])');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the explorer\'s index saves as a file that opens again without its games, here and in the command line', async () => {
  const { page, errors } = await openApp(browser.context);
  await page.fill('#record-input', THREE);
  await page.click('#load-record');
  await page.waitForSelector('#game-list tr[data-game]');
  const dir = mkdtempSync(path.join(tmpdir(), 'beeline-index-'));
  const games = path.join(dir, 'three.pgn');
  writeFileSync(games, THREE);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-index')]);
  assert.equal(download.suggestedFilename(), 'collection.blnindex');
  const saved = path.join(dir, 'collection.blnindex');
  await download.saveAs(saved);
  // The command line answers from the saved file as from the games.
  assert.deepEqual(cliRows(['--index', saved]), cliRows([games]));
  assert.deepEqual(cliRows(['--index', saved], 'S').moves, cliRows([games], 'S').moves);

  // Opened in another page: no games listed, the explorer answers from it.
  const again = await openApp(browser.context);
  await again.page.setInputFiles('#collection-input', saved);
  await again.page.waitForFunction(() => /^A saved explorer index of 3 games/.test(document.querySelector('.collection-status').textContent));
  // It answers from the file while it is read; then it says it is read and checked.
  await again.page.waitForFunction(() => /^A saved explorer index of 3 games: the explorer answers from it;/.test(document.querySelector('.collection-status').textContent));
  assert.equal(await again.page.locator('#game-list tr[data-game]').count(), 0);
  await again.page.keyboard.press('Home');
  await waitForPly(again.page, 0);
  await eventually(() => explorerRows(again.page), cliRows([games]).moves);
  await again.page.click('#explorer tr[data-explorer-move="S"] .play-move');
  await waitForPly(again.page, 1);
  await eventually(() => explorerRows(again.page), cliRows([games], 'S').moves);
  // Its filter was chosen when it was built: another one is refused by name.
  await again.page.selectOption('#filter-game-type', 'Base');
  await again.page.waitForFunction(() => /^The saved index holds every game/.test(document.querySelector('.explorer-summary').textContent));
  // A damaged index is named as such, and nothing else breaks.
  const bytes = readFileSync(saved);
  bytes[bytes.length - 9] ^= 0xff;
  const damaged = path.join(dir, 'damaged.blnindex');
  writeFileSync(damaged, bytes);
  const third = await openApp(browser.context);
  await third.page.setInputFiles('#collection-input', damaged);
  await third.page.waitForSelector('#game-list tr.failed');
  assert.match(await third.page.textContent('#game-list tr.failed'), /^damaged\.blnindex: /);
  for (const p of [{ page, errors }, again, third]) {
    assert.deepEqual(p.errors, []);
    await p.page.close();
  }
});

test('the Mzinga recordings as many files and as one zip, against beeline explore',
  { skip: HAVE_FIXTURES ? false : 'needs ../shared/fixtures' }, async () => {
    const names = readdirSync(FIXTURES).filter((n) => /\.(pgn|sgf)$/.test(n)).sort();
    const files = names.map((n) => path.join(FIXTURES, n));
    const cli = cliRows(files);
    const { page, errors } = await openApp(browser.context);
    await page.setInputFiles('#collection-input', files);
    await page.waitForFunction((n) => document.querySelectorAll('#game-list tr[data-game]').length === n, cli.games);
    await page.keyboard.press('Home');
    await waitForPly(page, 0);
    await eventually(() => explorerRows(page), cli.moves);
    // Two moves on: the most played, twice, matched against the command line's line.
    const first = await page.getAttribute('#explorer tr[data-explorer-move]', 'data-explorer-move');
    await page.click('#explorer tr[data-explorer-move] .play-move');
    await waitForPly(page, 1);
    await eventually(() => explorerRows(page), cliRows(files, first).moves);
    const second = await page.getAttribute('#explorer tr[data-explorer-move]', 'data-explorer-move');
    await page.click('#explorer tr[data-explorer-move] .play-move');
    await waitForPly(page, 2);
    await eventually(() => explorerRows(page), cliRows(files, `${first} ${second}`).moves);
    // A player's games only.
    const player = await page.$eval('#game-list tr[data-game] .open-game', (b) => b.textContent.split(' – ')[0]);
    await page.fill('#game-filter', player);
    await page.waitForFunction((p) => [...document.querySelectorAll('#game-list tr[data-game] .open-game')]
      .every((b) => b.textContent.toLowerCase().includes(p.toLowerCase())), player);
    // The same games from one zip of deflated entries.
    const zip = zipOf(names.map((n) => [n, readFileSync(path.join(FIXTURES, n))]));
    const again = await openApp(browser.context);
    await again.page.setInputFiles('#collection-input', [{ name: 'recordings.zip', mimeType: 'application/zip', buffer: zip }]);
    await again.page.waitForFunction((n) => document.querySelectorAll('#game-list tr[data-game]').length === n, cli.games);
    await again.page.keyboard.press('Home');
    await waitForPly(again.page, 0);
    await eventually(() => explorerRows(again.page), cli.moves);
    // Opening a game shows it on the board.
    await again.page.click('#game-list tr[data-game] .open-game');
    await again.page.waitForSelector('#game-list tr[aria-current="true"]');
    assert.ok((await boardPly(again.page)) >= 0);
    assert.deepEqual(errors, []);
    assert.deepEqual(again.errors, []);
    await page.close();
    await again.page.close();
  });

test('a collection of more than 16 MiB keeps each game\'s opening and reads a game again from its file to open it', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'beeline-large-'));
  const big = path.join(dir, 'big.pgn');
  beeline(['generate', '--games', '21500', '--seed', '5', '--pgn', big]);
  const few = path.join(dir, 'few.pgn');
  beeline(['generate', '--games', '2', '--seed', '9', '--pgn', few]);
  const [a, b] = readFileSync(few, 'utf8').split(/\n(?=\[GameType)/);
  const named = (rec, name) => rec.replace(/\[White "[^"]*"\]/, `[White "${name}"]`);
  // One game at the very end of the big file, one in a zip chosen with it.
  writeFileSync(big, readFileSync(big, 'utf8') + '\n' + named(a, 'Plain End'));
  const zipped = path.join(dir, 'one.zip');
  writeFileSync(zipped, zipOf([['one.pgn', Buffer.from(named(b, 'Zip Zara'))]]));
  const files = [big, zipped];
  const cli = cliRows(files);
  assert.equal(cli.games, 21502);
  const { page, errors } = await openApp(browser.context);
  await page.setInputFiles('#collection-input', files);
  await page.waitForFunction(() => /^21502 of 21502 games/.test(document.querySelector('.collection-status')?.textContent ?? ''), null, { timeout: 120000 });
  await page.keyboard.press('Home');
  await waitForPly(page, 0);
  await eventually(() => explorerRows(page), cli.moves);
  // Each game is listed with its opening and opens whole, read again from its file.
  for (const [name, rec] of [['Plain End', a], ['Zip Zara', b]]) {
    await page.fill('#game-filter', name);
    await page.waitForFunction((n) => {
      const rows = document.querySelectorAll('#game-list tr[data-game]');
      return rows.length === 1 && rows[0].querySelector('.open-game').textContent.includes(n);
    }, name);
    const plies = rec.split('\n').filter((l) => /^\d+\. /.test(l)).length;
    assert.ok(plies > 8, `${plies}`);
    assert.equal(Number(await page.textContent('#game-list tr[data-game] td.plies')), plies);
    assert.ok((await page.textContent('#game-list tr[data-game] td.opening')).trim().length > 0);
    await page.click('#game-list tr[data-game] .open-game');
    await page.waitForSelector('#game-list tr[aria-current="true"]');
    await page.waitForSelector(`#notation tr[data-ply="${plies}"]`, { state: 'attached' });
    assert.equal(await page.locator(`#notation tr[data-ply="${plies + 1}"]`).count(), 0);
  }
  // Its games' moves are not kept, so another filter cannot index them again: said.
  await page.selectOption('#filter-game-type', 'Base');
  await page.waitForFunction(() => /open them again/.test(document.querySelector('.explorer-summary').textContent));
  assert.deepEqual(errors, []);
  await page.close();
});

test('a collection worker that cannot load says so; its files are read again in a new one', async () => {
  const own = await launchBrowser({ viewport: { width: 1280, height: 1000 }, serviceWorkers: 'block' });
  const { context } = own;
  try {
    const { page, errors } = await openApp(context);
    const broken = /beeline-worker-loader-[0-9a-f]+\.js$/;
    await context.route(broken, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.fill('#record-input', THREE);
    await page.click('#load-record');
    await page.waitForFunction(() => /collection reader stopped/.test(document.querySelector('.collection-status').textContent));
    assert.ok(await page.locator('.collection-progress').isHidden(), 'no progress bar left');
    assert.ok(await page.locator('#game-list').isHidden());
    // The collection's files are kept: one click reads them again, in a new worker.
    assert.ok(await page.locator('#collection-reopen').isVisible(), 'the files can be read again');
    await context.unroute(broken);
    await page.click('#collection-reopen');
    await page.waitForSelector('#game-list tr[data-game]');
    assert.equal(await page.locator('#game-list tr[data-game]').count(), 3);
    assert.match(await page.textContent('.collection-status'), /^3 of 3 games/);
    assert.ok(await page.locator('#collection-reopen').isHidden());
    // The failed load is the browser's console error; nothing else went wrong.
    assert.ok(errors.every((e) => /404|Failed to load|beeline-worker/i.test(e)), errors.join('\n'));
  } finally {
    await own.close();
  }
});
