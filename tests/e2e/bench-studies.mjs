// How quick studies are (not a test file; scripts/bench-web.sh runs it):
//   - a 50-chapter study of 100-ply games pasted: Load clicked to its chapter list and board
//     drawn (target: under 300 ms), the first time (the studies' code fetched) and again;
//   - a chapter switched: the click to the board drawing the other game (under 50 ms);
//   - the library of 200 studies listed: *Studies* pressed to its 200 rows drawn (under
//     100 ms), on a page opened afresh and again in the same page.
//   BASE_URL=http://127.0.0.1:8080/ node tests/e2e/bench-studies.mjs

import path from 'node:path';
import { launchBrowser, openApp, beeline, ROOT } from './helpers.mjs';

// The 100-ply game as PGN, each chapter this game under its study's tags.
const GAME = beeline(['convert', path.join(ROOT, 'tests/data/game-100.uhp'), '--to', 'pgn']).trim();
const study = (title, n) =>
  Array.from({ length: n }, (_, i) => `[StudyName "${title}"]\n[ChapterName "Chapter ${i + 1}"]\n${GAME}\n`).join('\n');

const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))];
const say = (what, xs) =>
  console.log(`[bench-studies] ${what}: median ${quantile(xs, 0.5).toFixed(1)} ms, slowest ${Math.max(...xs).toFixed(1)} ms (${xs.length} runs)`);

/** Milliseconds from `act` (run in the page) to `done()` being true, then the next frame. */
async function timed(page, act, done) {
  return page.evaluate(
    ([act, done]) =>
      new Promise((resolve) => {
        const check = new Function(`return (${done})();`);
        const t0 = performance.now();
        const seen = new MutationObserver(() => {
          if (check()) {
            seen.disconnect();
            requestAnimationFrame(() => resolve(performance.now() - t0));
          }
        });
        seen.observe(document.body, { attributes: true, childList: true, subtree: true });
        new Function(act)();
      }),
    [act, done.toString()],
  );
}

const browser = await launchBrowser({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
try {
  const { page, errors } = await openApp(browser.context);
  // A study of 50 chapters, pasted: the first time (its code fetched), then five more.
  const opens = [];
  for (let run = 0; run < 6; run++) {
    const text = study(`Fifty ${run}`, 50);
    // (Set, not typed: a long text typed takes the test's time, not the app's.)
    await page.evaluate((t) => { document.querySelector('#record-input').value = t; }, text);
    const ms = await timed(
      page,
      "document.querySelector('#load-record').click();",
      () => {
        const last = document.querySelector('#chapters li[data-chapter="49"][data-mode]');
        const first = document.querySelector('#chapters li[data-chapter="0"][aria-current="true"]');
        return last && first && document.querySelector('svg#board')?.dataset.ply === '1';
      },
    );
    opens.push(ms);
  }
  console.log(`[bench-studies] a 50-chapter study opened, the first time (its code fetched): ${opens[0].toFixed(1)} ms`);
  say('a 50-chapter study opened again', opens.slice(1));

  // Chapters switched back and forth: each to a chapter last shown at its first move.
  const switches = [];
  for (let i = 1; i <= 20; i++) {
    const to = i % 50;
    const ms = await timed(
      page,
      `document.querySelector('#chapters li[data-chapter="${to}"] .open-chapter').click();`,
      new Function(
        `return () => document.querySelector('#chapters li[data-chapter="${to}"][aria-current="true"]') && document.querySelector('svg#board').dataset.ply === '1';`,
      )(),
    );
    switches.push(ms);
  }
  say('a chapter switched', switches);

  // The library of 200 studies: the entries written straight into the browser's database.
  await page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('beeline');
        open.onsuccess = () => {
          const tx = open.result.transaction('studies', 'readwrite');
          const s = tx.objectStore('studies');
          for (let i = 0; i < 200; i++) {
            s.put(`1\tStudy number ${i}\t12\t${1764338700000 + i * 60000}\t1\tbench\t\t`, `m:bench${i}`);
            s.put('[StudyName "x"]\n\n1. wS1\n', `t:bench${i}`);
          }
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
        open.onerror = () => reject(open.error);
      }),
  );
  const lists = [];
  for (let run = 0; run < 7; run++) {
    // A page opened afresh (its code cached), the library listed from the database.
    await page.goto(process.env.BASE_URL ?? 'http://127.0.0.1:8080/');
    await page.waitForSelector('[data-ready="true"]');
    const ms = await timed(
      page,
      "document.querySelector('#library-open').click();",
      () => document.querySelectorAll('#library-list li[data-study^="bench"]').length === 200 && !document.querySelector('#library').hidden,
    );
    lists.push(ms);
  }
  say('the library of 200 studies listed, on a page opened afresh (the studies\' code fetched from the cache and compiled)', lists);
  // And again in the same page: closed, a study added meanwhile (as another tab would), opened.
  const again = [];
  for (let run = 0; run < 7; run++) {
    await page.click('#library-open');
    await page.waitForSelector('#library', { state: 'hidden' });
    await page.evaluate(
      (run) =>
        new Promise((resolve) => {
          const open = indexedDB.open('beeline');
          open.onsuccess = () => {
            const tx = open.result.transaction('studies', 'readwrite');
            tx.objectStore('studies').put(`1\tAdded ${run}\t1\t${Date.now()}\t1\tbench\t\t`, `m:added${run}`);
            tx.oncomplete = () => {
              open.result.close();
              resolve();
            };
          };
        }),
      run,
    );
    const ms = await timed(
      page,
      "document.querySelector('#library-open').click();",
      new Function(`return () => document.querySelector('#library-list li[data-study="added${run}"]') && !document.querySelector('#library').hidden;`)(),
    );
    again.push(ms);
  }
  say('the library of 200 studies listed again in the same page', again);
  if (errors.length) console.log(`[bench-studies] page errors: ${errors.join('; ')}`);
} finally {
  await browser.close();
}
