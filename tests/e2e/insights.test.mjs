// A player's insights in the browser: a collection's *Insights* panel run for a player in the
// engine's workers, its figures checked against `beeline insights` at the same depth (the
// same facts, game by game); a run stopped and run again, served from the reviews the
// browser keeps; a missed win opened at its ply; axe and screenshots at a desktop's and a
// phone's width.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchBrowser, openApp, waitForPly, beeline, audit, ROOT, WIDTHS } from './helpers.mjs';

const DATA = path.join(ROOT, 'tests/data/insights');
const FILES = [path.join(DATA, 'ann.pgn'), path.join(DATA, 'missed-win.pgn')];
const SHOTS = path.join(ROOT, 'target/screenshots');

let browser;
before(async () => {
  browser = await launchBrowser({ viewport: { width: 1280, height: 1000 }, serviceWorkers: 'block' });
});
after(async () => {
  await browser?.close();
});

/** The files as the file chooser takes them. */
function chosen(paths) {
  return paths.map((p) => ({ name: path.basename(p), mimeType: 'text/plain', buffer: readFileSync(p) }));
}

/** Opens the app with a collection of `files`, then its insights panel. */
async function openInsights(files) {
  const { page, errors } = await openApp(browser.context);
  await page.setInputFiles('#collection-input', files);
  await page.waitForSelector('#insights:not([hidden])');
  await page.click('#insights');
  await page.waitForSelector('#insights-panel:not([hidden])');
  await page.waitForFunction(() => document.querySelectorAll('#insights-player option[value]:not([value=""])').length > 0);
  return { page, errors };
}

/** Runs the insights for `player` and waits for the report. */
async function run(page, player) {
  await page.selectOption('#insights-player', player);
  await page.click('#insights-run');
  await page.waitForSelector('#insights-run:not([hidden])', { timeout: 120_000 });
  await page.waitForSelector('#insights-summary[data-games]');
}

async function summary(page) {
  return page.$eval('#insights-summary', (s) => ['games', 'wins', 'draws', 'losses'].map((k) => Number(s.dataset[k])));
}

test('the players are listed most games first, and a run gives the command line\'s report', async () => {
  const { page, errors } = await openInsights(chosen(FILES));
  const options = await page.$$eval('#insights-player option', (os) => os.map((o) => o.value));
  assert.deepEqual(options.slice(0, 2), ['Ann', 'Bob']);
  await run(page, 'Ann');
  const cli = JSON.parse(beeline(['insights', ...FILES, '--player', 'Ann', '--json']));
  assert.deepEqual(await summary(page), [cli.games, cli.wins, cli.draws, cli.losses]);
  assert.equal(cli.games, 7);
  // The same facts, so the same accuracy and the same missed win.
  const text = await page.textContent('#insights-summary');
  assert.ok(text.includes(cli.accuracy.toFixed(1)), `${cli.accuracy} in ${text}`);
  assert.ok(text.includes(`Best openingas White ${cli.best_openings.white.direction} (2 games, 75%)`), text);
  const missed = await page.$$eval('#insights-missed [data-game][data-ply]', (bs) => bs.map((b) => Number(b.dataset.ply)));
  assert.deepEqual(missed, cli.missed_wins.map((m) => m.ply));
  assert.ok(missed.length >= 1);
  // The charts are drawn.
  assert.ok((await page.$$('#insights-charts figure svg')).length >= 3);
  // A missed win opens its game at its ply.
  const game = await page.getAttribute('#insights-missed [data-game][data-ply]', 'data-game');
  await page.click('#insights-missed [data-game][data-ply]');
  await waitForPly(page, missed[0]);
  // The missed-win game is the collection's eighth (after ann.pgn's eight).
  assert.equal(game, '8');
  await page.waitForSelector(`#game-list tr[data-game="${game}"][aria-current="true"]`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('Train these opens the missed wins in the puzzle trainer, as `beeline insights --puzzles` makes them', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'beeline-insights-set-'));
  beeline(['insights', ...FILES, '--player', 'Ann', '--puzzles', dir]);
  const shards = readdirSync(dir).filter((f) => f !== 'puzzles.txt');
  const ids = shards.flatMap((f) => readFileSync(path.join(dir, f), 'utf8').split('\n').filter((l) => l.split('\t').length >= 9).map((l) => l.split('\t')[0]));
  assert.equal(ids.length, 1);
  const { page, errors } = await openInsights(chosen(FILES));
  await run(page, 'Ann');
  await page.click('#insights-train');
  await page.waitForSelector('#puzzle-trainer:not([hidden])', { timeout: 60_000 });
  await page.waitForFunction((id) => document.querySelector('#puzzle-trainer')?.dataset.puzzleId === id, ids[0], { timeout: 60_000 });
  assert.match(await page.textContent('#insights-status'), /1 puzzles of the missed wins/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a run stopped covers the games reviewed, and a second run takes them from the browser', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'beeline-insights-'));
  const random = path.join(dir, 'random.pgn');
  beeline(['generate', '--games', '60', '--seed', '5', '--pgn', random]);
  const { page, errors } = await openInsights(chosen([random]));
  const player = await page.$eval('#insights-player', (s) => s.options[0].value);
  await page.selectOption('#insights-player', player);
  await page.click('#insights-run');
  await page.waitForFunction(() => Number(document.querySelector('#insights-progress')?.getAttribute('value')) >= 2, null, { timeout: 60_000 });
  await page.click('#insights-stop');
  await page.waitForSelector('#insights-summary[data-games]');
  const total = Number(await page.$eval('#insights-progress', (p) => p.getAttribute('max')));
  const [reviewed] = await summary(page);
  assert.ok(reviewed >= 2 && reviewed < total, `${reviewed} of ${total}`);
  assert.match(await page.textContent('#insights-status'), /Stopped/);
  // Again: the games reviewed come from the browser's keeping at once, the rest are reviewed.
  await page.click('#insights-run');
  await page.waitForFunction((n) => Number(document.querySelector('#insights-progress').getAttribute('value')) >= n, reviewed, { timeout: 10_000 });
  await page.waitForSelector('#insights-run:not([hidden])', { timeout: 120_000 });
  assert.equal((await summary(page))[0], total);
  // A third run reviews nothing.
  const t0 = Date.now();
  await page.click('#insights-run');
  await page.waitForSelector('#insights-run:not([hidden])');
  await page.waitForFunction(() => /every review kept from an earlier run/.test(document.querySelector('#insights-status').textContent));
  assert.ok(Date.now() - t0 < 3000, `${Date.now() - t0} ms`);
  assert.equal((await summary(page))[0], total);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the panel passes axe at a desktop\'s and a phone\'s width, and is looked at', async () => {
  mkdirSync(SHOTS, { recursive: true });
  for (const { width, height } of WIDTHS) {
    const name = `${width}px`;
    const { page, errors } = await openInsights(chosen(FILES));
    await page.setViewportSize({ width, height });
    await run(page, 'Ann');
    await audit(page, `insights at ${name}`);
    const panel = await page.$('#insights-panel');
    await panel.screenshot({ path: path.join(SHOTS, `insights-${name}.png`) });
    // Nothing of the panel runs past the screen's right edge.
    const over = await page.$eval('#insights-panel', (p) => p.scrollWidth - p.clientWidth);
    assert.ok(over <= 1, `${name}: the panel is ${over} px wider than its box`);
    assert.deepEqual(errors, []);
    await page.close();
  }
});
