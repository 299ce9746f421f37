// How quick a player's insights are in the browser (not a test file; scripts/bench-web.sh
// runs it): 100 games of one player reviewed in the engine's workers from Run to the report
// (target: at most 3 minutes on a two-core machine), the board stepped meanwhile, key press
// to board redrawn (target: under 16 ms), and a second run over the same games, served from
// the reviews the browser keeps. The games are the real BoardSpace games of
// ../shared/fixtures, each used several times with an opponent of its own, as
// scripts/bench-insights.sh uses them; random legal games where the fixtures are missing.
//   BASE_URL=http://127.0.0.1:8080/ node tests/e2e/bench-insights.mjs

import { existsSync, readdirSync, readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchBrowser, openApp, beeline, ROOT } from './helpers.mjs';

const GAMES = Number(process.env.GAMES ?? 100);
const FIXTURES = path.resolve(ROOT, '../shared/fixtures/mzinga-recordings');
const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))];
const fmt = (x) => (x === undefined ? '–' : x.toFixed(1));

/** GAMES games of "Bench player", as one PGN text, and what they are. */
function games() {
  if (existsSync(FIXTURES)) {
    const texts = readdirSync(FIXTURES).filter((f) => f.endsWith('.pgn')).sort()
      .map((f) => readFileSync(path.join(FIXTURES, f), 'utf8').replace(/^\[(White|Black) "[^"]*"\]\n/gm, '').trim());
    const out = [];
    for (let i = 0; i < GAMES; i++) {
      const [w, b] = i % 2 === 0 ? ['Bench player', `Opponent ${i + 1}`] : [`Opponent ${i + 1}`, 'Bench player'];
      out.push(`[White "${w}"]\n[Black "${b}"]\n${texts[i % texts.length]}\n`);
    }
    return { text: out.join('\n'), what: `${GAMES} real games (the fixtures' ${texts.length}, repeated)` };
  }
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'beeline-bench-')), 'random.pgn');
  beeline(['generate', '--games', String(GAMES), '--seed', '5', '--pgn', file]);
  const text = readFileSync(file, 'utf8').replace(/^\[White "[^"]*"\]/gm, '[White "Bench player"]');
  return { text, what: `${GAMES} random legal games` };
}

const browser = await launchBrowser({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
try {
  const { text, what } = games();
  const { page, errors } = await openApp(browser.context, '#');
  await page.setInputFiles('#collection-input', [{ name: 'bench.pgn', mimeType: 'text/plain', buffer: Buffer.from(text) }]);
  await page.waitForSelector('#insights:not([hidden])');
  // A game on the board to step through meanwhile.
  await page.click('#game-list tr[data-game] .open-game');
  await page.click('#insights');
  await page.waitForFunction(() => [...document.querySelectorAll('#insights-player option')].some((o) => o.value === 'Bench player'));
  await page.selectOption('#insights-player', 'Bench player');
  const timed = async () => page.evaluate(async () => {
    const t0 = performance.now();
    document.querySelector('#insights-run').click();
    const key = (k) => window.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
    const board = () => document.querySelector('svg#board');
    const steps = [];
    const running = () => document.querySelector('#insights-run').hidden;
    await new Promise((r) => setTimeout(r, 50));
    while (running()) {
      await new Promise((r) => setTimeout(r, 200));
      const ply = Number(board().getAttribute('data-ply'));
      const next = ply > 0 ? ply - 1 : 1;
      const s0 = performance.now();
      key(ply > 0 ? 'ArrowLeft' : 'ArrowRight');
      await new Promise((resolve) => {
        const obs = new MutationObserver(() => {
          if (board().getAttribute('data-ply') === String(next)) { obs.disconnect(); resolve(); }
        });
        obs.observe(document, { subtree: true, attributes: true });
      });
      steps.push(performance.now() - s0);
      if (performance.now() - t0 > 600_000) break;
    }
    return { total: performance.now() - t0, games: Number(document.querySelector('#insights-summary').dataset.games), steps };
  });
  const first = await timed();
  console.log(`[bench-insights] ${what}: ${first.games} reviewed in ${fmt(first.total / 1000)} s (target: 100 in at most 180 s); steps meanwhile (${first.steps.length}): median ${fmt(quantile(first.steps, 0.5))} ms, p90 ${fmt(quantile(first.steps, 0.9))} ms, slowest ${fmt(Math.max(...first.steps))} ms (target under 16 ms)`);
  const second = await timed();
  console.log(`[bench-insights] the same run again, from the reviews kept: ${fmt(second.total)} ms`);
  if (errors.length) console.log(`[bench-insights] page errors: ${errors.join('; ')}`);
} finally {
  await browser.close();
}
