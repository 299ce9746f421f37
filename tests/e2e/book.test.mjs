// Books in the explorer: a book written by `beeline book` and read from the folder beside the
// app (`?book`) or from another site (`?book=URL`, served with CORS). Its moves are the
// command line's (`beeline explore --book`), one small shard is fetched a position, the
// book answers offline after one visit, it shows beside an open collection's moves, and a
// missing or damaged book is said.
//
// The app is reached through a small server of the test's own in front of BASE_URL, which
// serves the book's folder at /book/ and logs what it sends.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { mkdtempSync, readFileSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { launchBrowser, openApp, beeline, audit, forward, listenLocal } from './helpers.mjs';

/** The most a position may fetch of a book (the budget of one answer). */
const MAX_FETCHED = 64 * 1024;

const THREE = [
  '[GameType "Base"]\n[White "Ann"]\n[Black "Bo"]\n[Result "WhiteWins"]\n\n1. wS1\n2. bS1 wS1-\n3. wQ -wS1\n',
  '[GameType "Base"]\n[White "Cy"]\n[Black "Ann"]\n[Result "BlackWins"]\n\n1. wS1\n2. bS1 -wS1\n',
  '[GameType "Base"]\n[White "Bo"]\n[Black "Cy"]\n[Result "Draw"]\n\n1. wG1\n2. bA1 wG1-\n',
].join('\n');

let dir;
let book;
before(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'beeline-book-'));
  const games = path.join(dir, 'games.pgn');
  beeline(['generate', '--games', '1200', '--seed', '3', '--pgn', games]);
  book = path.join(dir, 'book');
  beeline(['book', games, '--out', book]);
});
after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/**
 * A server on a free loopback port: `/book/…` from the book's folder (`/broken/…` the same
 * book with damaged shards), with CORS when `cors`; anything else from BASE_URL when `app`.
 * `log` lists [path, bytes sent] for the book's files.
 */
async function server({ app = true, cors = false } = {}) {
  const log = [];
  const srv = http.createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    const headers = cors ? { 'access-control-allow-origin': '*' } : {};
    const file = url.pathname.match(/^\/(book|broken)\/([\w./]+)$/);
    if (file && !file[2].includes('..')) {
      const at = path.join(book, file[2]);
      if (!existsSync(at)) {
        res.writeHead(404, headers);
        res.end('no such file');
        return;
      }
      let body = readFileSync(at);
      if (file[1] === 'broken' && at.endsWith('.bin')) body = Buffer.concat([body.subarray(0, 12), Buffer.alloc(body.length - 12, 7)]);
      log.push([url.pathname, body.length]);
      res.writeHead(200, { ...headers, 'content-type': at.endsWith('.txt') ? 'text/plain' : 'application/octet-stream' });
      res.end(body);
      return;
    }
    if (!app) {
      res.writeHead(404, headers);
      res.end();
      return;
    }
    await forward(req, res);
  });
  return { ...(await listenLocal(srv)), log };
}

/** Rows of one of the explorer's tables: direction → [games, wins, draws, losses]. */
async function rows(page, table) {
  return page.$$eval(`#explorer ${table} tr[data-explorer-move]`, (trs) =>
    Object.fromEntries(trs.map((tr) => [tr.dataset.explorerMove,
      [tr.dataset.games, tr.dataset.wins, tr.dataset.draws, tr.dataset.losses].map(Number)])));
}

/** The command line's answer from `--book` (or from record files) in the same shape. */
function cli(args, line) {
  const all = ['explore', ...args, '--json'];
  if (line) all.push('--line', line);
  const json = JSON.parse(beeline(all));
  return Object.fromEntries(json.moves.map((m) => [m.direction,
    [m.games, m.to_move_wins, m.draws, m.to_move_losses]]));
}

/** Waits until `get()` deep-equals `expected` (the worker answers a moment later). */
async function eventually(get, expected) {
  const end = Date.now() + 10_000;
  let value = await get();
  while (!isDeepStrictEqual(value, expected) && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    value = await get();
  }
  assert.deepEqual(value, expected);
}

/** Shows the empty board (the app opens on its example game). */
async function toStart(page) {
  await page.keyboard.press('Home');
  await page.waitForFunction(() => document.querySelector('svg#board')?.getAttribute('data-ply') === '0');
}

/** Bytes of the book's shards in `log` from entry `from` on. */
function shardBytes(log, from = 0) {
  return log.slice(from).filter(([p]) => p.endsWith('.bin')).reduce((sum, [, n]) => sum + n, 0);
}

test('the book beside the app answers as the command line, a shard a position, and offline', async () => {
  const srv = await server();
  const browser = await launchBrowser();
  try {
    const { page, errors } = await openApp(browser.context, `${srv.url}?book`);
    await toStart(page);
    const start = cli(['--book', book]);
    await eventually(() => rows(page, '.book-table'), start);
    assert.match(await page.textContent('.explorer-summary'), /^Book: 1,200 games of 1,200 reached this position/);
    assert.equal(await page.textContent('#explorer .book-table caption'), 'Book: 1,200 games, their first 20 plies');
    // No collection is open: the book's table alone, without a game column.
    assert.equal(await page.locator('#explorer table').count(), 1);
    assert.equal(await page.locator('#explorer .book-table .open-game').count(), 0);
    assert.deepEqual(srv.log.map(([p]) => p).filter((p) => p.endsWith('.txt')), ['/book/book.txt']);
    // A shard for the example game's position the app opened on, and one for the empty board.
    assert.ok(srv.log.filter(([p]) => p.endsWith('.bin')).length <= 2, 'a shard a position');
    assert.ok(shardBytes(srv.log) <= 2 * MAX_FETCHED, `${shardBytes(srv.log)} bytes fetched`);

    // Playing the book's most played move: the book's answer after it, one shard more.
    const first = Object.keys(start)[0];
    const before = srv.log.length;
    await page.click(`#explorer .book-table tr[data-explorer-move="${first}"] .play-move`);
    const after = cli(['--book', book], first);
    await eventually(() => rows(page, '.book-table'), after);
    assert.ok(srv.log.length - before <= 1, 'at most one more shard');
    assert.ok(shardBytes(srv.log, before) <= MAX_FETCHED);
    assert.deepEqual(errors, []);

    // Offline: once the service worker controls the page, what the explorer fetched is kept.
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 15_000 });
    await page.reload();
    await page.waitForSelector('[data-ready="true"]');
    await toStart(page);
    await eventually(() => rows(page, '.book-table'), start);
    await page.click(`#explorer .book-table tr[data-explorer-move="${first}"] .play-move`);
    await eventually(() => rows(page, '.book-table'), after);
    await browser.context.setOffline(true);
    const online = srv.log.length;
    await page.reload();
    await page.waitForSelector('[data-ready="true"]');
    await toStart(page);
    await eventually(() => rows(page, '.book-table'), start);
    await page.click(`#explorer .book-table tr[data-explorer-move="${first}"] .play-move`);
    await eventually(() => rows(page, '.book-table'), after);
    assert.equal(srv.log.length, online, 'nothing reached the server offline');
  } finally {
    await browser.close();
    await srv.close();
  }
});

test('a book on another site shows beside the open collection\'s moves', async () => {
  const site = await server({ app: false, cors: true });
  const browser = await launchBrowser({ viewport: { width: 1280, height: 1000 } });
  try {
    const { page, errors } = await openApp(browser.context, `?book=${encodeURIComponent(`${site.url}book/`)}`);
    await toStart(page);
    await eventually(() => rows(page, '.book-table'), cli(['--book', book]));
    await page.fill('#record-input', THREE);
    await page.click('#load-record');
    await page.waitForSelector('#game-list tr[data-game]');
    await page.keyboard.press('Home');
    const file = path.join(dir, 'three.pgn');
    writeFileSync(file, THREE);
    await eventually(() => rows(page, '.explorer-table:not(.book-table)'), cli([file]));
    await eventually(() => rows(page, '.book-table'), cli(['--book', book]));
    assert.deepEqual(await page.$$eval('#explorer caption', (cs) => cs.map((c) => c.textContent)),
      ['Open collection', 'Book: 1,200 games, their first 20 plies']);
    assert.match(await page.textContent('.explorer-summary'), /^3 games of 3 reached this position.* Book: 1,200 games of 1,200/);
    // A move of the collection that the book also knows: both tables answer after it.
    await page.click('#explorer .explorer-table:not(.book-table) tr[data-explorer-move="S"] .play-move');
    await eventually(() => rows(page, '.book-table'), cli(['--book', book], 'S'));
    await eventually(() => rows(page, '.explorer-table:not(.book-table)'), cli([file], 'S'));
    await audit(page, 'a collection and a book in the explorer');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await site.close();
  }
});

test('a missing or damaged book is said, and the board goes on', async () => {
  const site = await server({ app: false, cors: true });
  const browser = await launchBrowser({ serviceWorkers: 'block' });
  try {
    const missing = await openApp(browser.context, `?book=${encodeURIComponent(`${site.url}nothing/`)}`);
    await missing.page.waitForFunction(() => /^The book cannot answer: .*book\.txt could not be fetched \(HTTP 404\)/
      .test(document.querySelector('.explorer-summary').textContent));
    assert.equal(await missing.page.locator('#explorer table').count(), 0);
    const broken = await openApp(browser.context, `?book=${encodeURIComponent(`${site.url}broken/`)}`);
    await broken.page.waitForFunction(() => /^The book cannot answer: shards\/\w+\.bin: the shard is damaged/
      .test(document.querySelector('.explorer-summary').textContent));
    // The viewer itself is untouched: a pasted game still plays.
    await broken.page.fill('#record-input', 'Base;InProgress;White[2];wS1;bS1 wS1-');
    await broken.page.click('#load-record');
    await broken.page.waitForSelector('svg#board [data-piece]');
    for (const { errors } of [missing, broken]) {
      // The failed requests are the browser's console errors; nothing else went wrong.
      assert.ok(errors.every((e) => /404|Failed to load/i.test(e)), errors.join('\n'));
    }
  } finally {
    await browser.close();
    await site.close();
  }
});
