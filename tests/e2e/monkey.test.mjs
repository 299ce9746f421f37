// A monkey test: seeded random actions over every visible control, at a desktop's and a
// phone's width: clicks, keys (with and without modifiers), left and right drags on the
// board, real and broken records typed into the text fields, damaged permalinks, the
// analysis, the trainer, the editor. It fails on any page error (a wasm panic shows as one),
// any error on the console, a board that stops drawing, or a worker that stops answering
// (probed every PROBE_EVERY actions and at the end), and then prints the seed and the last
// actions, so that the run can be replayed exactly:
//
//   MONKEY_SEED=7 MONKEY_ACTIONS=20000 BASE_URL=… node --test tests/e2e/monkey.test.mjs
//
// scripts/test.sh runs a short version (MONKEY_ACTIONS, default 250 a width).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { launchBrowser, openApp, countWorkers, ROOT } from './helpers.mjs';

const ACTIONS = Number(process.env.MONKEY_ACTIONS ?? 250);
const SEED = Number(process.env.MONKEY_SEED ?? 20261127);
// Actions between two probes of the workers (and one at the end).
const PROBE_EVERY = 50;
// A long run says how far it is every this many actions (on stderr, which the test runner
// passes on as it comes), so that an hour's run is not silent.
const PROGRESS_EVERY = 1000;
// A run's time limit: a long run takes about half a second an action.
const TIMEOUT = Math.max(30, ACTIONS / 10) * 60_000;

/** A small seeded generator (mulberry32). */
function generator(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, below: (n) => Math.floor(next() * n), pick: (xs) => xs[Math.floor(next() * xs.length)] };
}

const RECORDS = [
  readFileSync(path.join(ROOT, 'tests/data/direction-game-1.md'), 'utf8'),
  readFileSync(path.join(ROOT, 'tests/data/game-100.uhp'), 'utf8'),
  'Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-',
  '[GameType "Base"]\n\n1. wS1\n2. bS1 wS1- {a comment [%cal Gm0n1]}\n3. wQ -wS1\n',
  // Broken ones.
  'Base;InProgress;White[9];wS1;bS1 wS1-;wQ wQ',
  '1. wA1 2. bQ ??? 3.',
  '(;FF[4]GM[Hive];P0[id "x"]',
  '\u0000\u{1F41D}'.repeat(40),
  'wQ @m0 bQ @n0; White to move',
  '[White "' + 'A'.repeat(3000) + '"]\n\n1. wS1\n',
];
const TYPED = ['wA1 -wS1', 'bQ wS1/', 'Qs', 'A2×Qs', 'wA m n2', 'pass', 'xx', '', 'wS1', 'Ⓠ', '1.'];
const KEYS = ['ArrowLeft', 'ArrowRight', 'Home', 'End', 'Escape', 'Enter', 'Tab', 'Delete', 'a', 'x', 'z', 'y', 'n', ']', '['];
const MODIFIERS = ['', 'Shift+', 'Control+', 'Alt+', 'Control+Shift+'];
// Controls whose clicks leave the page or wait on the user: downloads, file choosers.
const SKIP = 'input[type="file"], #download-svg, #download-export, #save-index, a[href^="http"], a[download]';

/** Damaged versions of the page's address: cut, changed bytes, a bad query. */
function damaged(url, rng) {
  const u = new URL(url);
  const hash = u.hash.slice(1);
  switch (rng.below(4)) {
    case 0:
      u.hash = hash.slice(0, rng.below(hash.length + 1));
      break;
    case 1: {
      const chars = [...hash];
      for (let i = 0; i < 3 && chars.length; i++) chars[rng.below(chars.length)] = rng.pick(['A', '_', '-', '%', '~', 'z']);
      u.hash = chars.join('');
      break;
    }
    case 2:
      u.search = rng.pick(['?embed', '?puzzles&puzzle=zzzz', '?book=nowhere/', '?embed&move=999&theme=%zz']);
      break;
    default:
      u.hash = `${hash}&analyse=${rng.pick(['1', '99', '-3', 'x'])}`;
  }
  return u.href;
}

/**
 * Whether the workers still answer, asked through the page as a player would: the live
 * analysis on, a move away from the one shown, and a depth for the position it steps to (a
 * worker that hangs or died in silence never gives one); then, where a review can be
 * started, its first row (unless the address asks for a depth that takes minutes a
 * position). A search that says it waits (for a review, or while the position is edited) or
 * that the game is over is an answer, and so is a practice game's, which searches only for
 * the engine's moves. Returns false where the page shows no analysis (a puzzle, an
 * embed), so that the test can count the probes that asked.
 */
async function workersAnswer(page) {
  const analyse = page.locator('#analyse');
  if (!(await analyse.isVisible()) || !(await analyse.isEnabled())) return false;
  await page.evaluate(() => document.activeElement?.blur?.());
  if ((await analyse.getAttribute('aria-pressed')) !== 'true') await analyse.click();
  // The pointer off the notation: a row it rests on is shown on the board (a preview, not
  // the move chosen, which is what the analysis searches), and the notation scrolled by the
  // step below would put another row under it.
  await page.mouse.move(1, 1);
  await page.waitForSelector('#analyse[aria-pressed="true"]', { timeout: 10_000 });
  // A position other than the one last searched: the start, or the end when the start is shown.
  const before = await page.getAttribute('svg#board', 'data-ply');
  await page.keyboard.press(before === '0' ? 'End' : 'Home');
  const ply = await page.getAttribute('svg#board', 'data-ply');
  const fresh = ply !== before;
  // In a practice game the engine searches only for its own moves (`data-seed`: one runs).
  const practising = (await page.$('#practice-panel[data-seed]')) !== null;
  const answer = await page.waitForFunction(
    ([ply, fresh, practising]) => {
      // A search that waits (for a review, or while the position is edited) says so.
      const status = document.querySelector('.analysis-status')?.textContent ?? '';
      if (/waits/.test(status)) return 'waits';
      // A finished game has nothing to search, and says so.
      if (/game is over/.test(status)) return 'over';
      const e = document.querySelector('#eval');
      if (practising && e?.dataset.done === 'true') return 'practice';
      const depth = Number(e?.dataset.depth ?? 0);
      // With no move made the eval may be the one from before; it must still be done.
      return e && e.dataset.ply === ply && (depth > 0 || (!fresh && e.dataset.done === "true")) && 'searched';
    },
    [ply, fresh, practising],
    { timeout: 30_000 },
  ).then((h) => h.jsonValue()).catch(async (e) => {
    const evaluation = () => page.$eval('#eval', (el) => JSON.stringify(el.dataset)).catch(() => 'no #eval');
    const shown = await evaluation();
    const said = await state(page);
    // Whether the panel still follows the board: one more step, and what #eval says then.
    await page.keyboard.press('ArrowRight').catch(() => {});
    await page.waitForTimeout(3000);
    const then = await evaluation();
    throw new Error(`the live analysis gave no depth for ply ${ply} in 30 s (${shown}; ${said}; 3 s after one more step: ${then}, board ply ${await page.getAttribute('svg#board', 'data-ply').catch(() => '-')}): ${e.message}`);
  });
  // A damaged address may ask for a review to a fixed depth (`&analyse=99` asks for 40, the
  // most): its first row then takes as long as that depth takes, not a second. The first
  // `analyse=` is the one the app reads, and a value that is not a number asks for none.
  const value = /&analyse=([^&]*)/.exec(new URL(page.url()).hash)?.[1] ?? '';
  const asked = /^\d+$/.test(value) ? Number(value) : 0;
  const review = page.locator('#review');
  if (answer === 'searched' && asked <= 6 && (await review.isVisible()) && (await review.isEnabled())) {
    // A puzzle page shows its puzzle once its set has come, and another game shown ends a
    // review: the review is of the puzzle, not of the game before it.
    if (await page.$('#puzzle-trainer:not([data-puzzle-id])')) {
      await page.waitForSelector('#puzzle-trainer[data-puzzle-id]', { timeout: 10_000 }).catch(() => {});
    }
    await review.click();
    await page.waitForFunction(
      () => document.querySelector('#eval-graph [data-ply]') || document.querySelector('#keep-review:not([hidden])') ||
        /nothing to review/.test(document.querySelector('.analysis-status')?.textContent ?? ''),
      null,
      { timeout: 30_000 },
    ).catch(async (e) => {
      throw new Error(`the review's worker gave no row in 30 s (${await state(page)}): ${e.message}`);
    });
    const stop = page.locator('#stop-review');
    // A short review may end between the look and the click: nothing is left to stop.
    if (await stop.isVisible()) await stop.click({ timeout: 2_000 }).catch(() => {});
  }
  return true;
}

/** What a failed probe prints of the page: its address and what the analysis says. */
async function state(page) {
  const text = (sel) => page.$eval(sel, (el) => el.textContent.trim()).catch(() => '-');
  const workers = await page.evaluate(() => {
    const w = window.__workers;
    return w ? `${w.started} started, ${w.stopped} terminated, ${w.answered} answered, the last message ${Date.now() - w.last} ms ago` : '-';
  }).catch(() => '-');
  // The move chosen (the notation's current row; none at the start) beside the board's ply,
  // which shows a row hovered or the editor's position instead.
  const board = await page.evaluate(() => {
    const at = (sel, attr) => document.querySelector(sel)?.getAttribute(attr) ?? '-';
    return `board ply ${at('svg#board', 'data-ply')}, chosen row ${at('#notation tr[aria-current]', 'data-ply')}, editing ${at('#edit-position', 'aria-pressed')}, analysis ${at('#analyse', 'aria-pressed')}, puzzle ${at('#puzzle-trainer', 'data-puzzle-id')}`;
  }).catch(() => '-');
  return `address ${page.url()}, status "${await text('.analysis-status')}", review "${await text('.review-progress')}" "${await text('.review-summary')}", ${board}, workers: ${workers}`;
}

let browser;
before(async () => {
  browser = await launchBrowser({ viewport: { width: 1280, height: 900 } });
  // The page's workers, counted for a failure's message.
  await countWorkers(browser.context);
});
after(async () => {
  await browser?.close();
});

async function monkey(width, height, seed, name) {
  const rng = generator(seed);
  // The command that plays this run again (the phone's seed is one past MONKEY_SEED).
  const replay = (at) => `replay: MONKEY_SEED=${SEED} MONKEY_ACTIONS=${at} scripts/monkey.sh --test-name-pattern=${name}`;
  const { page, errors } = await openApp(browser.context);
  await page.setViewportSize({ width, height });
  // Errors the page reports that are the server's, not the app's: a damaged address may ask
  // for a book or a puzzle set that is not there.
  const fine = (e) => /Failed to load resource/.test(e);
  page.on('dialog', (d) => d.dismiss().catch(() => {}));
  const done = [];
  let probes = 0;
  const probe = async (at) => {
    done.push(`probe the workers (after action ${at})`);
    try {
      if (await workersAnswer(page)) probes += 1;
    } catch (e) {
      assert.fail(`seed ${seed}, width ${width}, after action ${at}: ${e.message}\nlast actions:\n${done.slice(-15).join('\n')}\n${replay(at)}`);
    }
  };
  const act = async (what, f) => {
    done.push(what);
    await f().catch((e) => {
      // A control that vanished between choosing and acting is no failure of the app.
      if (!/Target closed|detached|not visible|not attached|outside of the viewport|Timeout|intercepts pointer|Element is not|waiting for/.test(e.message)) throw e;
    });
  };
  for (let i = 0; i < ACTIONS; i++) {
    const kind = rng.below(100);
    if (kind < 45) {
      const controls = await page.$$(`#app button:not([disabled]), #app select, #app [data-ply], #app input:not([type="file"]), #app textarea, #app a[href]`);
      const visible = [];
      for (const c of controls) if ((await c.isVisible()) && !(await c.evaluate((el, skip) => el.matches(skip), SKIP))) visible.push(c);
      if (!visible.length) continue;
      const c = rng.pick(visible);
      const label = await c.evaluate((el) => `${el.tagName.toLowerCase()}#${el.id || ''}.${(el.className?.baseVal ?? el.className ?? '').toString().split(' ')[0]}`);
      const tag = label.split('#')[0];
      if (tag === 'select') {
        const options = await c.evaluate((el) => [...el.options].map((o) => o.value));
        const v = rng.pick(options);
        await act(`select ${label} = ${v}`, () => c.selectOption(v, { timeout: 500 }));
      } else if (tag === 'textarea' || tag === 'input') {
        const text = tag === 'textarea' ? rng.pick(RECORDS) : rng.pick(TYPED);
        await act(`fill ${label} with ${JSON.stringify(text.slice(0, 30))}`, async () => {
          await c.fill(text, { timeout: 500 });
          if (rng.below(2)) await c.press('Enter', { timeout: 500 });
        });
      } else {
        await act(`click ${label}`, () => c.click({ timeout: 500, button: rng.below(6) ? 'left' : 'right' }));
      }
    } else if (kind < 70) {
      const key = rng.pick(MODIFIERS) + rng.pick(KEYS);
      await act(`key ${key}`, () => page.keyboard.press(key));
    } else if (kind < 88) {
      const box = await page.$eval('svg#board', (el) => {
        const r = el.getBoundingClientRect();
        return { x: r.x, y: r.y, w: r.width, h: r.height };
      }).catch(() => null);
      if (!box || box.w < 10) continue;
      const p = () => ({ x: box.x + rng.next() * box.w, y: box.y + rng.next() * box.h });
      const [a, b] = [p(), p()];
      const button = rng.below(3) ? 'left' : 'right';
      // Sometimes released off the board.
      const end = rng.below(5) ? b : { x: 2, y: 2 };
      await act(`drag ${button} ${a.x | 0},${a.y | 0} → ${end.x | 0},${end.y | 0}`, async () => {
        await page.mouse.move(a.x, a.y);
        await page.mouse.down({ button });
        await page.mouse.move(end.x, end.y, { steps: 3 });
        await page.mouse.up({ button });
      });
    } else if (kind < 94) {
      const url = damaged(page.url(), rng);
      await act(`go to ${url.slice(-60)}`, async () => {
        await page.goto(url);
        await page.waitForSelector('[data-ready="true"]', { timeout: 15_000 });
      });
    } else {
      await act('wait', () => page.waitForTimeout(50 + rng.below(300)));
    }
    const bad = errors.filter((e) => !fine(e));
    if (bad.length) {
      assert.fail(`seed ${seed}, width ${width}, action ${i + 1}: ${bad.join('\n')}\nlast actions:\n${done.slice(-15).join('\n')}\n${replay(i + 1)}`);
    }
    if ((i + 1) % PROBE_EVERY === 0) await probe(i + 1);
    if ((i + 1) % PROGRESS_EVERY === 0) {
      process.stderr.write(`# seed ${seed}, width ${width}: ${i + 1} of ${ACTIONS} actions, ${probes} probes answered, at ${new URL(page.url()).search || '/'}\n`);
    }
  }
  await probe(ACTIONS);
  // The probes must have asked at least once: the page at the end may show no analysis (a
  // puzzle, the editor), and then the first screen's does.
  if (!probes) {
    await page.goto(new URL('./', page.url()).href);
    await page.waitForSelector('[data-ready="true"]', { timeout: 15_000 });
    await probe('a fresh page');
  }
  assert.ok(probes > 0, `seed ${seed}: no probe of the workers asked anything`);
  // Workers the last page started (the count a failure's message gives).
  const started = await page.evaluate(() => window.__workers?.started ?? 0);
  // The board still draws: a step redraws it.
  await page.goto(new URL('./', page.url()).href);
  await page.waitForSelector('[data-ready="true"]', { timeout: 15_000 });
  await page.waitForSelector('svg#board g[data-piece]', { timeout: 10_000 });
  assert.deepEqual(errors.filter((e) => !fine(e)), [], `seed ${seed}: errors at the end`);
  await page.close();
  return { acted: done.length, probes, started };
}

test(`${ACTIONS} random actions at a desktop's width break nothing (seed ${SEED})`, { timeout: TIMEOUT }, async (t) => {
  const { acted, probes, started } = await monkey(1280, 900, SEED, 'desktop');
  t.diagnostic(`${acted} actions, ${probes} probes of the workers answered; ${started} workers started on the last page probed`);
  assert.ok(acted >= ACTIONS / 2, `${acted} of ${ACTIONS} actions acted`);
});

test(`${ACTIONS} random actions at a phone's width break nothing (seed ${SEED + 1})`, { timeout: TIMEOUT }, async (t) => {
  const { acted, probes, started } = await monkey(390, 844, SEED + 1, 'phone');
  t.diagnostic(`${acted} actions, ${probes} probes of the workers answered; ${started} workers started on the last page probed`);
  assert.ok(acted >= ACTIONS / 2, `${acted} of ${ACTIONS} actions acted`);
});
